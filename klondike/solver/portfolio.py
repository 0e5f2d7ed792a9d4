"""The portfolio of searches (rules 8 to 14 of :mod:`klondike.solver`) and the solver's
public calls: :func:`solve`, a :class:`Search` a slice at a time, :func:`best_move` and
the daily deal's :func:`wins_for_the_daily_deal`. The budgets and the schedule's figures
are here.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from random import Random
from time import perf_counter

from ..game import Game
from ..solution import LOST, UNKNOWN, WON, Solution
from .quotient import PrunedQuotient, Quotient
from .search import Searcher

DEFAULT_BUDGET = 200_000
#: The daily deal (:mod:`klondike.daily`) is proved winnable within this many nodes:
#: a tenth of a second or so in CPython. Part of the daily deal's frozen definition.
DAILY_BUDGET = 2_000
#: The depth-first search runs alone for this many nodes (rule 8), as it wins most deals
#: within a few hundred. Starting the others at 500 or 0 nodes instead moved the share
#: of deals 0-199 decided within 10k nodes by at most a point (a simulation from each
#: search's own node counts). Where the talon is one set, these are turns: one of every
#: three the first search's, two the prover's (rule 13's search with talon chains), which
#: goes on after them. Before, the prover started from the position at SOLO, so a lost
#: deal's first 2,300 nodes proved nothing. Now deals 30000-30299 in draw 1 take 219,486
#: nodes on the 299 decided, against 255,559 before (30216 lost after 1,829 against
#: 5,358; 30 deals, all decided within 1,176 nodes, take up to 584 more); the held-out
#: deals 40000-40299 291,570 against 314,672 (docs/solver-history.md).
SOLO = 2_000
#: The best-first search that sends home only safe cards runs for at most this many
#: nodes (rule 8). Alone on the 83 deals of 0-999 in draw 1 left undecided within
#: 20,000 nodes, it won 7 within 943 nodes, and the next only after 9,278.
BRIEF = 3_000
#: When the talon is not one set, the best-first search that sends every card home
#: at once but no talon card joins only after this many turns (rule 8): the one that
#: also sends talon cards home finds most of its wins sooner. On the 790 deals of
#: 0-4875 in draw 3 that took over 2,000 nodes, replaying each search's own node
#: counts, joining late rather than at SOLO put 583 of them within an estimated second
#: instead of 559 (286 instead of 273 of the 390 from deal 2500 on, which did not
#: decide the choice of 12,000).
LATE = 12_000
#: When the talon is not one set, a position looks lost (rule 8) if the depth-first
#: search's first :data:`SOLO` nodes came no more than this share of the way to a win,
#: by rule 5's distance: 45 of the 160 at the deal. In draw 3, of the 790 deals of
#: 0-4875 that took over 2,000 nodes, 122 are lost and 666 won; 71% of the lost ones
#: came no more than 45 closer, 8% of the won ones. Replaying each search's own node
#: counts, the schedule that follows puts 600 of them within an estimated second
#: instead of 583.
HOPELESS = 45 / 160
#: Rule 10's restarts: the first runs for this many nodes, the others for multiples of it
#: (Luby's sequence: 1, 1, 2, 1, 1, 2, 4, ...). With each child's distance shuffled by
#: up to :data:`~.search.NOISE`, on the 264 deals of 5000-5999 in draw 3 that took over
#: :data:`SOLO` nodes, replaying each search's own node counts, 500 and 10 put 910 of the
#: 1,000 deals within 12,000 nodes, against 892 without restarts; 1,000 and 20, 3,000
#: and 100, and 1,000 and 6 put 905 to 908 there (docs/solver-history.md).
RESTART = 500
#: When the talon is not one set, rule 9's search of the relaxed game (rule 13's search)
#: runs alone for this many nodes from :data:`SOLO` on, until it proves a loss or wins
#: the relaxed game. On deals 30000-30299 in draw 3, 278 were decided within 12,000 nodes
#: instead of 275 (30083 lost in 3,290 nodes against 25,974, 30221 in 4,566 against 45,944,
#: 30232 in 9,535 against 70,148), and 30085 won in 10,808 nodes against 2,808, its
#: relaxed game undecided within 20,000; with 3,000 or 5,000, 277.
BURST = 8_000
#: From this many nodes on, the searches that can prove a loss take most turns (rule 11).
LONG_HAUL = 100_000
#: Rule 14's beams, one after another at :data:`SOLO` where the talon is not one set and
#: the deal does not look lost: (eager, from_talon) of each (as
#: :meth:`~.search.Searcher.best_first`'s), each :data:`BEAM_WIDTH` positions wide; most
#: are stuck within a few hundred nodes. On the 52 deals of 30000-30299 in draw 3 that
#: take over 2,000 nodes, replaying each search's own node counts: 23 decided within
#: 4,000 nodes instead of 20, 33 within 12,000 instead of 30 (30150 won after 2,221
#: nodes instead of 112,605). Widths from 3 to 20 did a deal or two better or worse,
#: with no trend; beams 10 wide as well, or shuffled (rule 10's noise), no better.
BEAMS = ((False, False), (True, True), (True, False))
BEAM_WIDTH = 5
#: Where the talon is one set, rule 12's search runs alone for this many nodes first: it
#: wins many deals within a few dozen. On deals 30000-30299 in draw 1 (200,000 nodes),
#: 277 are decided within 2,000 nodes instead of 265, 291 within 20,000 instead of 289;
#: deals 30026, 30150 and 30214 are won in 88, 43 and 45 nodes instead of 34,816, 5,995
#: and not at all.
QUICK = 300


def solve(game: Game, budget: int = DEFAULT_BUDGET) -> Solution:
    """Search ``game``'s position for a win, expanding at most ``budget`` positions."""
    with _no_cycle_collection():
        for solution in _portfolio(game, budget):
            if solution is not None:
                return solution
    raise AssertionError("the search ended without an answer")  # pragma: no cover


def _portfolio(
    game: Game, budget: int
) -> Iterator[Solution | None]:
    """Rule 8: the first depth-first search (rule 12's where the talon is not one set;
    else rule 13's without talon chains, after rule 12's alone for :data:`QUICK` nodes,
    with a turn of three, the prover, rule 13's with them, the other two) for
    :data:`SOLO` turns, then (where the talon is not one set) rule 14's beams and rule
    9's search alone, then the others a node each in turn, until one of them wins or a
    depth-first search proves the position lost. A best-first search or beam that runs
    out of positions or of its own budget leaves the others to go on. None after each
    node, as :meth:`Searcher.steps`."""
    dead: dict[bytes, bool] = {}  # rule 6's answers, for all the searches
    first: Searcher = Quotient(game, chains=False, dead=dead)
    nodes = turn = 0
    if first.talon_is_set:  # rule 12's search alone for QUICK nodes, then rule 13's
        for step in first.steps(min(QUICK, budget)):
            if step is not None:
                if step.result != UNKNOWN:
                    yield step._replace(nodes=nodes)
                    return
                break
            nodes += 1
            yield None
        first = PrunedQuotient(game, chains=False, dead=dead)
    first.watch = True
    searches = [first.steps(budget)]
    if first.talon_is_set:  # the prover from the start, two turns to the first search's
        # one (see SOLO): slow losses come up to 3,000 nodes sooner, some quick answers a
        # few hundred later.
        prover = PrunedQuotient(game, dead=dead).steps(budget)
        searches += [prover, prover]
    new = partial(Searcher, game, dead=dead)
    # The best-first searches: on rule 13's moves, knowing positions by class (rule 8).
    wins = partial(PrunedQuotient, game, dead=dead)
    start = first.closest  # the distance before any move
    late = -1 if first.talon_is_set else LATE  # when the eager one joins (rule 8)
    relaxed: Iterator[Solution | None] | None = None  # rule 9's search, once it runs
    hauled = False  # whether rule 11's round has begun
    burst = 0  # until which turn rule 9's search runs alone
    ladder: Iterator[Solution | None] | None = None  # rule 14's beams, while they run
    while True:
        if turn == SOLO:  # once, as turn only grows
            first.watch = False
            if first.talon_is_set:  # the prover goes on; the first search ends
                searches = [prover]
                searches.append(wins().best_first(budget))
                searches.append(wins(chains=False).best_first(BRIEF, eager=False))
            else:
                # Rule 9: the relaxed game's depth-first search, for losses only, its
                # rule 6 answers its own (they hold for the relaxed game).
                relaxed_dead: dict[bytes, bool] = {}
                relaxed = _losses_only(
                    PrunedQuotient(game, dead=relaxed_dead, relaxed=True).steps(budget)
                )
                others = [relaxed]
                if start - first.closest <= HOPELESS * start:  # it looks lost
                    others.append(wins().best_first(budget, from_talon=True))
                    late = -1
                    burst = turn + BURST  # rule 9's search alone first, as after the beams
                else:  # two turns each to the relaxed search's one
                    brief = wins(chains=False).best_first(BRIEF, eager=False)
                    talon = wins().best_first(budget, from_talon=True)
                    brief_talon = wins().best_first(BRIEF, eager=False, from_talon=True)
                    restarted = restarts(new, budget)  # rule 10
                    ladder = beams(new)  # rule 14's beams alone first, for quick wins
                    others += [brief, brief, talon, talon, brief_talon, brief_talon]
                    others += [restarted, restarted]
                # Rule 12's search (the first) goes on, with every other turn.
                quotient = searches[0]
                searches = [quotient] + [s for other in others for s in (other, quotient)][:-1]
        if turn == late:
            searches.append(wins().best_first(budget))
        if nodes == LONG_HAUL and not hauled and not first.talon_is_set:  # once
            hauled = True
            searches = long_haul(searches, relaxed)
        if ladder:
            search = ladder
        elif turn < burst and relaxed:
            search = relaxed
        else:
            search = searches[turn % len(searches)]
        turn += 1
        step = next(search, _RAN_OUT)
        if step is _RAN_OUT and search is ladder:  # the beams are all stuck
            ladder = None
            # Rule 9's search alone next, for its losses: it wins the relaxed game of
            # most won deals within a few hundred nodes, and there it stops.
            burst = turn + BURST
            continue
        if step is _RAN_OUT or (step and step.result == UNKNOWN and search is not searches[0]):
            # A best-first search ran out, or its budget did; or rule 9's search won the
            # relaxed game, which also ends its time alone.
            searches = [other for other in searches if other is not search]
            burst = 0
            continue
        if step is not None:
            yield step._replace(nodes=nodes)
            return
        if nodes == budget:
            yield Solution(UNKNOWN, nodes, [])
            return
        nodes += 1
        yield None


_RAN_OUT = Solution(UNKNOWN, -1, [])  # what the best-first search ends with (rule 8)


def beams(new: Callable[[], Searcher]) -> Iterator[Solution | None]:
    """Rule 14: a beam search of each kind of :data:`BEAMS` in turn, from the start,
    until one wins; None after each node, as :meth:`Searcher.steps`, and the win. It
    ends without an answer once every beam is stuck."""
    for eager, from_talon in BEAMS:
        for step in new().beam(BEAM_WIDTH, eager, from_talon):
            yield step
            if step is not None:
                return


def long_haul(
    searches: list[Iterator[Solution | None]], relaxed: Iterator[Solution | None] | None
) -> list[Iterator[Solution | None]]:
    """Rule 11's round: for each turn of a search that only looks for wins, three of
    the depth-first search's (the first of ``searches``) and one of the ``relaxed``
    search's, if it still runs."""
    first = searches[0]
    provers = [first] * 3 + [search for search in searches if search is relaxed][:1]
    others = [search for search in searches if search is not first and search is not relaxed]
    return [search for other in others for search in (*provers, other)] or provers


def restarts(new: Callable[[], Searcher], budget: int) -> Iterator[Solution | None]:
    """Rule 10: depth-first searches from the start, each with its children's order
    shuffled by a generator of its own, seeded with its number, for Luby's sequence of
    :data:`RESTART` nodes each, up to ``budget`` nodes in all; None after each node, as
    :meth:`Searcher.steps`, and the first win or loss."""
    left = budget
    number = 2  # the first restart, after the unshuffled search (Luby's 1 and 1 again)
    while left:
        for step in new().steps(min(RESTART * luby(number), left), Random(number)):
            if step is None:
                left -= 1
                yield None
            elif step.result != UNKNOWN:  # else this one's nodes are spent
                yield step
                return
        number += 1
    yield Solution(UNKNOWN, budget, [])


def luby(i: int) -> int:
    """Luby, Sinclair and Zuckerman's restart sequence, from i = 1: 1, 1, 2, 1, 1, 2, 4.

    >>> [luby(i) for i in range(1, 16)]
    [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    """
    k = i.bit_length()
    if i == (1 << k) - 1:
        return 1 << (k - 1)
    return luby(i - (1 << (k - 1)) + 1)


def _losses_only(steps: Iterator[Solution | None]) -> Iterator[Solution | None]:
    """Rule 9: a relaxed search's steps up to a loss, which holds for the game too;
    a win of the relaxed game proves nothing, and there it stops (as a best-first
    search that ran out of positions)."""
    for step in steps:
        if step is not None and step.result != LOST:
            return
        yield step


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Python's cycle collector paused while searching. The searches make no reference
    cycles, so reference counting frees all they drop; but the many lists and tuples
    they make and keep (lines, heaps, move lists) start a collection every few hundred
    nodes, which walks all of them: 2.2% of the CPU time on 12 slow draw-3 deals."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class Search:
    """A :func:`solve` that runs a slice at a time, so that the solver's worker can look
    at its messages between slices (a newer position cancels this one): call
    :meth:`advance` until it returns the :class:`Solution`. Same nodes, same answer.

    >>> from klondike import Game
    >>> search = Search(Game.from_code("KL1-D1N-AAAAAAD"), budget=1_000)
    >>> search.advance(10) is None, search.advance(100).result
    (True, 'won')
    """

    def __init__(self, game: Game, budget: int = DEFAULT_BUDGET) -> None:
        self.budget = budget
        self._steps = _portfolio(game, budget)
        self.solution: Solution | None = None
        self.nodes = 0  # expanded so far

    def advance(
        self, nodes: int, until: float | None = None, clock: Callable[[], float] = perf_counter
    ) -> Solution | None:
        """Expand up to ``nodes`` more positions, and no more once ``clock()`` has reached
        ``until`` (a slice of time: how far a slice gets depends on the device, the
        answer and its node count do not); the answer once there is one."""
        if self.solution is None:
            with _no_cycle_collection():
                for _ in range(nodes + 1):
                    step = next(self._steps)
                    if step is not None:
                        self.solution = step
                        self._steps = None  # type: ignore[assignment]  # freed: never read again
                        break
                    self.nodes += 1
                    if until is not None and clock() >= until:
                        break
        return self.solution


def wins_for_the_daily_deal(game: Game) -> bool:
    """The daily deal's test (:mod:`klondike.daily`), frozen with its definition: the
    depth-first search alone, under the rules as they were then (see
    :meth:`~klondike.solver.moves.Moves._next_home_waits`), wins within
    :data:`DAILY_BUDGET` nodes."""
    with _no_cycle_collection():
        for step in Searcher(game, daily=True).steps(DAILY_BUDGET):
            if step is not None:
                return step.result == WON
    raise AssertionError("the search ended without an answer")  # pragma: no cover


def best_move(game: Game, budget: int = DEFAULT_BUDGET) -> str | None:
    """The first move of a winning line (the hint of R8), or None if none was found."""
    solution = solve(game, budget)
    return solution.moves[0] if solution.result == WON and solution.moves else None
