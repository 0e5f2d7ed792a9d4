"""A solver for "thoughtful" Klondike, the game with every card visible (SPEC R8).

:func:`solve` searches from a game's position under that game's rules (draw 1 or 3,
the Vegas single pass of R2.9, foundation take-backs of R2.6) and answers

- ``won``: ``moves`` lists R10 move texts that :meth:`Game.play` replays to a win;
- ``lost``: no position reachable by the moves below wins;
- ``unknown``: the budget ran out first.

Budgets count positions expanded ("nodes"), never seconds, nothing depends on hash
order, and rule 10's shuffles come from generators seeded with fixed numbers, so every
device gets the same answer after the same node count.

>>> from klondike import Game
>>> solution = solve(Game.from_code("KL1-D1N-AAAAAAD"), budget=1_000)
>>> solution.result, solution.nodes, solution.moves[:3]
('won', 27, ['T1>F', 'T2>F', 'S'])

The method is the one of the published thoughtful-Klondike solvers, depth-first search
over macro moves with dominance pruning and a transposition table:

- C. Blake and I. P. Gent, "The Winnability of Klondike Solitaire and Many Other
  Patience Games" (arXiv:1906.12314, 2019), whose solver Solvitaire measured 90.45% of
  draw-1 and 81.94% of draw-3 deals winnable; safe foundation moves, column-order-free
  state keys;
- R. Bjarnason, P. Tadepalli and A. Fern, "Searching Solitaire in Real Time" (ICGA
  Journal 30(3), 2007) and R. Bjarnason, A. Fern and P. Tadepalli, "Lower Bounding
  Klondike Solitaire with Monte-Carlo Planning" (ICAPS 2009): stock and waste as one
  "talon" of cards reachable by drawing; turning face-down cards up first.

1. **Talon moves.** The waste (bottom first) followed by the stock (next card first) is
   one list, the talon, with the waste's length as its position. A talon move plays any
   card that drawing can bring to the waste top (R2.8: in draw 3 every third card and
   the last; R2.9: again from the start after a recycle, while the rules allow one) and
   expands to that many ``S`` tokens plus ``W>F`` or ``W>Tn``. Draws commute with every
   other move, so they are never searched on their own.
2. **Safe foundation moves** are made at once, without branching: a card of rank <= 2,
   or one whose two opposite-colour cards of rank - 1 and whose same-colour card of
   rank - 2 are home. Nothing can then need it on the tableau, take-backs included:
   whatever could be put on it there is home. From the talon this is done only where it
   cannot change which cards the draws reach: for the waste top in draw 1 or once no
   recycle is left, for any talon card in draw 1 with unlimited passes.
3. **Moves that can wait are not generated.** Each rule below keeps a winning line if
   there is one: such a move, made early in a winning line, can be made instead at the
   moment the rule names, with the moves in between unchanged, because nothing in
   between uses what it changes.

   - A King's run goes to an empty column only to turn a card up, and only to the
     first empty column (columns are interchangeable).
   - Part of a column's face-up run moves only if the card it uncovers can go home, or
     a card that fits there would come (see below). A whole face-up run that empties a
     column moves only if more Kings would come than there are empty columns.
   - A foundation card of rank >= 3 comes back only if a card would come onto it, or
     the next card down could then come back too, onto a card that is not face down
     (an Ace or a 2 never needs to).
   - In draw 1 with unlimited passes every talon card stays in reach, so it goes to the
     tableau only for a card that would come onto it (a column's run comes in the same
     move), and home only once the next card of its suit is face up in a column (or
     is in the talon too, and so on up): then that card can follow it home, or be
     uncovered to go home by the partial-run rule above, which needs this one home
     first. (Waiting for that card to be a column's top, as this rule did before,
     deadlocked with the partial-run rule: deal 198 in draw 1 was called lost, though
     it is won.)
   - **Talon chains.** There, too, a talon card goes to the tableau only together with
     what comes onto it: a column's run, the top card of a foundation, or another
     talon card with what comes onto that in turn, all in one move. Until something
     is put on it, a talon card on the tableau only covers the card under it, and
     what it could do itself (go home, or onto another card) it can do straight from
     the talon. The depth-first search proves deal 600 in draw 1 lost in 882 nodes
     with it, 5,960 without. The first depth-first search and the non-eager
     best-first search of rule 8 go without it: a talon card goes out alone when the
     card to come onto it is in the talon or on a foundation. They win some deals
     sooner that way.

   A card "would come" if it turns a card up by moving, or its own move passes these
   rules; a card anywhere in a foundation counts, as it can come back once the cards
   above it are off. A chain of reasons that loops back is no reason, and past a few
   links the answer is yes, which only searches more. ``tests/test_solver.py`` checks
   the rules against a search of every legal move on small endgames.
4. **State keys.** The seven columns, face-down cards included, are sorted, so that
   positions differing only in column order are one; then the talon and its position
   (in draw 1 with unlimited passes just the set of talon cards; in draw 3 with
   unlimited passes a waste of 3, 6... cards, or of them all, as an empty one, as the
   same cards are in reach). Foundations follow from the rest. A key is remembered
   once generated; at most :data:`TABLE_LIMIT` of them, past which the search goes on
   without remembering (slower, never unsound).

   **Dominance** (draw 3, unlimited passes, the depth-first search). A waste of p cards
   reaches every card that a waste of q cards of the same talon reaches when p <= q
   and p - q is a multiple of 3: the draws from p pass through each waste length from
   q on, and both go on from an empty waste after the recycle, which any waste
   reaches. The waste length changes nothing else, so a line from the position with q
   plays the same from p, with as many moves, and the position with q is skipped if
   one that differs from it only so was seen (an empty waste, or one of a multiple of
   3 cards, is reached from any). Deal 0 in draw 3 is proved lost in 7,048 nodes
   instead of 8,078.
5. **Order.** Children are tried by a distance to the win: four per face-down card, one
   per card not home and one per talon card; ties go to moves that turn a card up.
6. **Dead positions.** A relaxation of the game, where every move that could ever happen
   is taken to happen and no card or space is ever used up: a column card can move if it
   is face up (its run comes along) or could be a top, and one of the two cards it fits
   on could be a top, a space could appear (a King), or the card could go home; a column
   card could be a top once the card on it can move (a run moved away with it on top
   does not uncover it), a foundation card, or a talon card the draws can bring up, once
   it could be put on the tableau, on one of the two cards it fits on (a King: into a
   space); a space appears once a column's bottom card can move; a card can go home if
   it could be a top or the draws can bring it up, and the card below it in its suit can
   go home. The draws can bring up the talon cards they reach now (rule 1), and any
   other once the one just after it can leave the talon (go home or be put out), or,
   while a recycle is left, once as many cards before it can as move it to a place
   that a pass from an empty waste brings up (one or two in draw 3). For a pass
   brings up the cards at the places it reaches from its start, whatever leaves the
   talon during it, and a card moves a place only when one before it leaves; else it
   comes up only when the card on it leaves the waste, and that is the one just after
   it. Of Jc 5s Tc Qc 4s 6s, say, the draws reach the Tc and the 6s; with the Tc
   home and the others stuck, the 4s is fourth of five, where no pass reaches it.
   Growing these sets until nothing changes, a card that still cannot go home makes the
   position lost: in any winning line each of these events has, at the first moment it
   happens, the reasons counted here. This catches, for one, a 7 on both red 8s and its
   own 5, a 7s and a 7c each lying on the red 8 the other needs, an 8c on both black 10s
   whose red 9s are in the talon, and in draw 3 a 6s the draws bring up over the 4s and
   5s it needs home. The searches ask it at every position they expand, not only at
   the start (not in the daily deal's frozen rules): a move can lock a position, and the
   depth-first search would otherwise have to visit every position after it. Deal 37 in
   draw 1 was undecided after 100,000 nodes; it is won in 32. The answer is remembered
   for all the searches of one solve, as the best-first searches meet positions the
   others met, and in draw 1 with unlimited passes, where the draws reach every talon
   card and the cards off the tableau are all alike to it, per tableau alone: over deals
   0-199 at 20,000 nodes, 23% of the questions are answered from memory in draw 3, and
   20% in draw 1.
7. **Won early.** With every tableau card face up and every talon card always in reach
   (or none left), the lowest card not home is always a column's top or in the talon,
   so playing cards home wins.
8. **A portfolio of searches.** Depth-first search (rule 5's order, a child at a
   time) finds most wins in a few hundred nodes, but after an early wrong turn it must
   exhaust the whole subtree below it. So after its first :data:`SOLO` nodes (in draw
   1 with unlimited passes it then starts again, with talon chains) best-first
   searches, always expanding the most promising position seen yet, share the budget
   with it a node each in turn. They look only for wins: they know a position by a
   looser key, with face-up column cards by colour and rank alone, so that twins (8h
   and 8d, say) placed the other way round count as one position. That is unsound for
   proving a loss (which 8 lies on which face-down cards matters once it should go
   home), but the lines they find are real, and they find them in far fewer nodes
   (``bench/solver.py``, figures in the README). One of them, for the same reason,
   sends every card home as soon as it can, not only the safe ones of rule 2: a card
   sent home too early can mostly come back (R2.6), and what it cuts off the others
   still cover. A second, with only rule 2's safe moves, runs for at most
   :data:`BRIEF` nodes: the wins it finds first it finds early. When the talon is not
   one set (draw 3, or limited passes), two more join, the same two but also sending
   home at once every talon card the draws reach that they would send home from the
   waste, though that changes which cards later draws reach: each finds wins the
   others find later. There the one of the first two that sends every card home at
   once joins only after :data:`LATE` turns, as its twin with talon cards finds most
   of its wins sooner, and the others take two turns each to the depth-first
   search's one. Unless the position looks lost: if in its first :data:`SOLO` nodes
   the depth-first search came no more than the share :data:`HOPELESS` of the way to
   a win (by rule 5's distance), only the eager best-first search with talon cards
   joins it. A best-first search that runs out of positions stops and the
   others go on: only the depth-first searches prove a loss (this one and rule 9's).
9. **A relaxed game** (when the talon is not one set). Played as in draw 1 with
   unlimited passes, the same position is a game with more moves and no fewer: every
   card the draws could ever bring up is in reach there at any time, and all else is
   the same, so any line of the game, its draws left out, is a line of the relaxed
   one. A loss of the relaxed game is a loss of the game, and its search (rule 8's in
   draw 1, with talon chains) is far smaller. From :data:`SOLO` nodes on, its
   depth-first search takes a turn in the round with the others, with rule 6's
   answers of its own. A win there proves nothing, and there it stops, mostly within
   a few hundred nodes: deal 0 in draw 3, lost, is won relaxed in 72. Deal 3005 in
   draw 3 is lost relaxed in 37 nodes; the depth-first search alone takes 14,838 to
   prove it.
10. **Restarts** (when the talon is not one set, unless the position looks lost).
    Rule 5's order is often right, and where it is wrong near the start, the
    depth-first search stays in the wrong subtree for the rest of the budget, while the
    best-first searches go for the positions that look closest, which may be the same
    wrong ones. So from :data:`SOLO` nodes on, two turns of each round go to
    depth-first searches that start again from the position, each with a table of its
    own and each child's distance raised by a random share of :data:`NOISE` (the
    generator seeded with the search's number, so the same everywhere), for short
    budgets that grow by Luby's sequence from :data:`RESTART` nodes (M. Luby, A.
    Sinclair and D. Zuckerman, "Optimal Speedup of Las Vegas Algorithms", 1993; C.
    Gomes, B. Selman and H. Kautz, "Boosting Combinatorial Search Through
    Randomization", AAAI 1998), each trying another order from the start. Each
    is a depth-first search with exact keys, so one that runs out of moves proves
    the loss too. Deals 65, 128 and 137 in draw 3, undecided within 40,000 nodes
    without them, are won in 26,581, 8,289 and 2,379.
11. **The long haul** (when the talon is not one set). Past :data:`LONG_HAUL` nodes
    the deals left are mostly lost ones (12 of the 17 of deals 0-999 in draw 3
    decided between 100,000 and 1,000,000 nodes), and only the depth-first searches
    prove a loss. From there on, for each turn of a search that looks only for wins,
    the depth-first search takes three and the relaxed search (rule 9) one: the wins
    of the others come later, the losses far sooner (deal 219 in draw 3 in 155,435
    nodes against 224,728).
"""

from __future__ import annotations

import gc
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache, lru_cache, partial, wraps
from heapq import heappop, heappush
from random import Random
from time import perf_counter
from typing import Any

from .cards import KING, RANK_OF, RED, SUIT_OF
from .game import Game
from .moves import COLUMN_TO_F, COLUMN_TO_T, FOUNDATION_TO_T, STOCK, WASTE_TO_F, WASTE_TO_T
from .solution import LOST as LOST
from .solution import UNKNOWN as UNKNOWN
from .solution import WON as WON
from .solution import Solution as Solution

DEFAULT_BUDGET = 200_000
#: The daily deal (:mod:`klondike.daily`) is proved winnable within this many nodes:
#: a tenth of a second or so in CPython. Part of the daily deal's frozen definition.
DAILY_BUDGET = 2_000
#: The depth-first search runs alone for this many nodes (rule 8), as it wins most deals
#: within a few hundred. Starting the others at 500 or 0 nodes instead moved the share
#: of deals 0-199 decided within 10k nodes by at most a point (a simulation from each
#: search's own node counts).
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
#: up to :data:`NOISE`, on the 264 deals of 5000-5999 in draw 3 that took over
#: :data:`SOLO` nodes, replaying each search's own node counts, 500 and 10 put 910 of the
#: 1,000 deals within 12,000 nodes, against 892 without restarts; 1,000 and 20, 3,000
#: and 100, and 1,000 and 6 put 905 to 908 there (docs/solver-history.md).
RESTART = 500
#: How far rule 10 may shuffle a child's distance (rule 5): a face-down card counts 4.
NOISE = 10
#: From this many nodes on, the searches that can prove a loss take most turns (rule 11).
LONG_HAUL = 100_000
#: At most this many positions are remembered; past it the search still runs, unpruned.
TABLE_LIMIT = 3_000_000


# For the type checker: an internal move (kind, a, b, presses, recycled); the moves played,
# each with what _Search._undo needs to take it back.
_Move = tuple[int, int, int, int, int]
_Played = list[tuple[_Move, int]]


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
    """Rule 8: the first depth-first search alone for :data:`SOLO` nodes, then the
    others a node each in turn, until one of them wins or the depth-first search
    proves the position lost. A best-first search that runs out of positions or of its
    own budget leaves the others to go on. None after each node, as
    :meth:`_Search.steps`."""
    dead: dict[bytes, bool] = {}  # rule 6's answers, for all the searches
    first = _Search(game, chains=False, dead=dead)
    first.watch = True
    searches = [first.steps(budget)]
    new = partial(_Search, game, dead=dead)
    start = first.closest  # the distance before any move
    nodes = turn = 0
    late = -1 if first.talon_is_set else LATE  # when the eager one joins (rule 8)
    relaxed: Iterator[Solution | None] | None = None  # rule 9's search, once it runs
    hauled = False  # whether rule 11's round has begun
    while True:
        if turn == SOLO:  # once, as turn only grows
            first.watch = False
            if first.talon_is_set:  # the depth-first search again, with talon chains
                searches[0] = new().steps(budget)
                searches.append(new().best_first(budget))
                searches.append(new(chains=False).best_first(BRIEF, eager=False))
            else:
                # Rule 9: the relaxed game's depth-first search, for losses only, its
                # rule 6 answers its own (they hold for the relaxed game).
                relaxed_dead: dict[bytes, bool] = {}
                relaxed = _losses_only(new(dead=relaxed_dead, relaxed=True).steps(budget))
                searches.append(relaxed)
                if start - first.closest <= HOPELESS * start:  # it looks lost
                    searches.append(new().best_first(budget, from_talon=True))
                    late = -1
                else:  # two turns each to the depth-first search's one
                    brief = new(chains=False).best_first(BRIEF, eager=False)
                    talon = new().best_first(budget, from_talon=True)
                    brief_talon = new().best_first(BRIEF, eager=False, from_talon=True)
                    restarts = _restarts(new, budget)  # rule 10
                    searches += [brief, brief, talon, talon, brief_talon, brief_talon]
                    searches += [restarts, restarts]
        if turn == late:
            searches.append(new().best_first(budget))
        if nodes == LONG_HAUL and not hauled and not first.talon_is_set:  # once
            hauled = True
            searches = _long_haul(searches, relaxed)
        search = searches[turn % len(searches)]
        turn += 1
        step = next(search, _RAN_OUT)
        if step is _RAN_OUT or (step and step.result == UNKNOWN and search is not searches[0]):
            # A best-first search ran out, or its budget did.
            searches = [other for other in searches if other is not search]
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


def _long_haul(
    searches: list[Iterator[Solution | None]], relaxed: Iterator[Solution | None] | None
) -> list[Iterator[Solution | None]]:
    """Rule 11's round: for each turn of a search that only looks for wins, three of
    the depth-first search's (the first of ``searches``) and one of the ``relaxed``
    search's, if it still runs."""
    first = searches[0]
    provers = [first] * 3 + [search for search in searches if search is relaxed][:1]
    others = [search for search in searches if search is not first and search is not relaxed]
    return [search for other in others for search in (*provers, other)] or provers


def _restarts(new: Callable[[], _Search], budget: int) -> Iterator[Solution | None]:
    """Rule 10: depth-first searches from the start, each with its children's order
    shuffled by a generator of its own, seeded with its number, for Luby's sequence of
    :data:`RESTART` nodes each, up to ``budget`` nodes in all; None after each node, as
    :meth:`_Search.steps`, and the first win or loss."""
    left = budget
    number = 2  # the first restart, after the unshuffled search (Luby's 1 and 1 again)
    while left:
        for step in new().steps(min(RESTART * _luby(number), left), Random(number)):
            if step is None:
                left -= 1
                yield None
            elif step.result != UNKNOWN:  # else this one's nodes are spent
                yield step
                return
        number += 1
    yield Solution(UNKNOWN, budget, [])


def _luby(i: int) -> int:
    """Luby, Sinclair and Zuckerman's restart sequence, from i = 1: 1, 1, 2, 1, 1, 2, 4.

    >>> [_luby(i) for i in range(1, 16)]
    [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    """
    k = i.bit_length()
    if i == (1 << k) - 1:
        return 1 << (k - 1)
    return _luby(i - (1 << (k - 1)) + 1)


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
    :meth:`_Search._next_home_waits`), wins within :data:`DAILY_BUDGET` nodes."""
    with _no_cycle_collection():
        for step in _Search(game, daily=True).steps(DAILY_BUDGET):
            if step is not None:
                return step.result == WON
    raise AssertionError("the search ended without an answer")  # pragma: no cover


def best_move(game: Game, budget: int = DEFAULT_BUDGET) -> str | None:
    """The first move of a winning line (the hint of R8), or None if none was found."""
    solution = solve(game, budget)
    return solution.moves[0] if solution.result == WON and solution.moves else None


# Internal moves: (kind, a, b, presses, recycled). A talon move plays talon[a] after
# ``presses`` S tokens, ``recycled`` of them a recycle of the waste.
_COLUMN_HOME = 0  # a = column
_COLUMN_TO_COLUMN = 1  # a = source column, b = target column
_TALON_HOME = 2  # a = talon index
_TALON_TO_COLUMN = 3  # a = talon index, b = target column
_FOUNDATION_TO_COLUMN = 4  # a = suit, b = target column
# Only inside a talon chain (rule 3), after its first card: a = card, b = target column;
# _Search._children finds the card's talon index and presses when it plays it.
_TALON_CARD = 5

# Where a card waits to be brought onto a tableau card (see _Search._waiting): first
# face-up card of a column, on face-down cards or at the bottom; face up on another
# face-up card; in reach on the talon; on a foundation (rank >= 3: it can come back
# once the cards above it are off).
_TURNS_UP, _BOTTOM, _ON_FACE_UP, _IN_REACH, _ON_FOUNDATION = 1, 2, 3, 4, 5
_ON_FOUNDATION_BYTE = bytes([_ON_FOUNDATION])
_KING_COMES = (_TURNS_UP, _IN_REACH, _ON_FOUNDATION)
_NO, _YES = 1, 2
_CHAIN = 6  # how many links of "a card would come onto it" _Search._arrives follows

# Move order (higher first); a move that turns a card up adds the face-down count.
_TURNS_CARD_UP = 100
_TALON_HOME_FIRST = 60
_COLUMN_HOME_FIRST = 50
_TALON_TO_COLUMN_FIRST = 40
_EMPTIES_COLUMN = 30
_PARTIAL_RUN = 20
_TAKE_BACK = 0


def _cards_of(rank: int, suits: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(s * 13 + rank - 1 for s in suits) if 1 <= rank <= KING else ()


def _other_colour(card: int) -> tuple[int, int]:
    return (0, 3) if RED[card] else (1, 2)


# Per card: the cards that can be built on it (R2.1), the cards it can be built on, and
# its twin, the other card of the same colour and rank.
_FITTING_ON = tuple(_cards_of(RANK_OF[c] - 1, _other_colour(c)) for c in range(52))
_TARGETS = tuple(_cards_of(RANK_OF[c] + 1, _other_colour(c)) for c in range(52))
_KINGS = (12, 25, 38, 51)
_TWIN = tuple((3 - SUIT_OF[c]) * 13 + RANK_OF[c] - 1 for c in range(52))
# For the best-first search's keys (rule 8): a face-up card as its colour and rank only,
# so that twins (8h and 8d, 7s and 7c...) placed the other way round give the same key.
_LOOSE = bytes([128 + 13 * RED[c] + RANK_OF[c] for c in range(52)] + list(range(52, 256)))


# Rule 6's sets of cards as ints, a bit per card, 13 bits per suit, Ace first: the black
# suits (spades, then clubs) in the low 26 bits, the red ones (hearts, then diamonds) in
# the high 26. The check works on each colour's half, an int below 2**30: one "digit" of
# CPython's ints, which take the interpreter's fast paths. A 52-bit int takes two, and
# its slower general code costs far more under Pyodide's WebAssembly (measured: rule 6's
# check 0.8 times the time in Pyodide with halves, the same in CPython).
_PLACE = tuple((0, 2, 3, 1)[SUIT_OF[card]] * 13 + RANK_OF[card] - 1 for card in range(52))
_BIT = tuple(1 << place for place in _PLACE)
_HALF = (1 << 26) - 1  # all the cards of one colour
_SUIT = (1 << 13) - 1
_ACES = 1 | 1 << 13  # of one colour's half, and so on
_KING_BITS = 1 << 12 | 1 << 25
_NO_KINGS = _HALF & ~_KING_BITS
# Per set of one suit's free cards (13 bits), the cards of the other colour that fit on
# one of them: one rank down, in both suits of the other colour's half.
_FITTING = tuple((free >> 1) * (1 | 1 << 13) for free in range(1 << 13))
_LOWEST = tuple((1 << n) - 1 for n in range(14))  # a suit's n lowest cards
# Per card: whether it is red, its bit in its colour's half; per bit_length() of a set of
# both halves (the red half above the black), the card.
_IS_RED = tuple(place >= 26 for place in _PLACE)
_HALF_BIT = tuple(1 << place % 26 for place in _PLACE)
_CARD_AT = (-1, *sorted(range(52), key=_PLACE.__getitem__))
_NO_CARD = 52  # nothing under a card (see _below)
_NONE_SEEN = 256 | 256 << 9 | 256 << 18  # _new_or_better: no waste length seen yet
_NEXT_COLUMN = bytes((_NO_CARD,))
# A column key's first byte per face-down count, after which come its cards.
_DOWN = tuple(bytes((64 + down,)) for down in range(53))


def _column_key(column: list[int], down: int) -> bytes:
    """A column's part of :meth:`_Search._key`: its face-down count, then its cards."""
    return _DOWN[down] + bytes(column)


def _in_a_row(columns: list[list[int]]) -> bytes:
    """The columns one after another, each after a byte :data:`_NO_CARD`."""
    return _NEXT_COLUMN + _NEXT_COLUMN.join(map(bytes, columns))


def _below(in_a_row: bytes) -> bytearray:
    """Per column card, the card under it, or :data:`_NO_CARD` at the bottom of its
    column: the byte before it in :func:`_in_a_row`'s columns (a table of 256, made
    by one call)."""
    return bytearray(bytes.maketrans(in_a_row[1:], in_a_row[:-1]))


def _face_down(columns: list[list[int]], down: list[int]) -> int:
    """The face-down column cards as a set of rule 6 (an int, bit ``card`` per card)."""
    return sum([_BIT[card] for col, d in zip(columns, down, strict=True) for card in col[:d]])


@cache
def _draws_reach(n: int, p: int, draw: int, can_recycle: bool) -> tuple[tuple[int, int, int], ...]:
    """:meth:`_Search._reach` for a talon of ``n`` cards with a waste of ``p``: it
    depends on nothing else, and is asked at every position."""
    reach = [(p - 1, 0, 0)] if p else []
    # Draws from the stock, R2.8: the waste's length after each, every draw-th card and
    # the last.
    draws = [*range(p + draw, n, draw), n] if p < n else []
    reach += [(i - 1, presses, 0) for presses, i in enumerate(draws, 1)]
    if p and can_recycle:  # the next pass, R2.9
        reached = {p, *draws}  # the waste's lengths so far
        recycle = len(draws) + 1  # presses up to and including the recycle
        reach += [
            (i - 1, recycle + presses, 1)
            for presses, i in enumerate([*range(draw, n, draw), n], 1)
            if i not in reached
        ]
    return tuple(reach)


@cache
def _reached_in_order(n: int, p: int, draw: int, can_recycle: bool) -> tuple[int, ...]:
    """The talon indices of :func:`_draws_reach`, in order."""
    return tuple(sorted([index for index, _, _ in _draws_reach(n, p, draw, can_recycle)]))


# A solve of 20,000 nodes in draw 3 meets about 1,500 talons (deals 65, 204 and 395),
# each asked about 5 to 10 times; an entry takes some 340 bytes (1.4 MB when full).
@lru_cache(maxsize=1 << 12)
def _talon_sets(
    talon_key: bytes, draw: int, unlimited: bool
) -> tuple[int, int, int, int, tuple[tuple[int, int, int, int, int], ...]]:
    """Rule 6's view of a talon, from its :meth:`_Search._talon_key` (not the set of
    draw 1 with unlimited passes): its cards and those the draws bring up now, each in
    two halves (black, red), and for each of the others (the card in the two halves,
    the cards before it, how many of those must leave first, the card just after it, as
    whole sets): the draws bring it up once that many cards before it, or the one just
    after it, can leave the talon. Without a recycle left, only the card after
    it lets it come up. A waste the key counts as empty reaches the same cards
    (rule 4)."""
    talon, p, recycles_left = talon_key[:-2], talon_key[-2], talon_key[-1]
    can_recycle = unlimited or recycles_left > 0
    reach = _draws_reach(len(talon), p, draw, can_recycle)
    in_reach = sum({_BIT[talon[index]] for index, _, _ in reach})
    before = 0  # the cards before the one at hand
    out_of_reach = []
    for i, card in enumerate(talon):
        bit = _BIT[card]
        if not in_reach & bit:
            after = _BIT[talon[i + 1]] if i + 1 < len(talon) else 0
            if can_recycle:
                # A pass from an empty waste brings up the talon's cards draw - 1,
                # 2 * draw - 1... (R2.8), counted once the cards taken out before them
                # are gone: this many must go to shift the card to such a place (0 only
                # for a card in reach already, which is not here).
                need = (i - draw + 1) % draw
                out_of_reach.append((bit & _HALF, bit >> 26, before, need, after))
            else:
                out_of_reach.append((bit & _HALF, bit >> 26, 0, 1, after))
        before |= bit
    return before & _HALF, before >> 26, in_reach & _HALF, in_reach >> 26, tuple(out_of_reach)


def _lets_go(
    method: Callable[..., Iterator[Solution | None]],
) -> Callable[..., Iterator[Solution | None]]:
    """A search's steps, after which (ended, or dropped unfinished) what the search
    kept is let go, as its own frame's would be."""

    @wraps(method)
    def steps(search: _Search, *args: object, **options: object) -> Iterator[Solution | None]:
        try:
            yield from method(search, *args, **options)
        finally:
            search.kept.clear()

    return steps


class _Search:
    """One search: a private copy of the position, played and taken back in place."""

    def __init__(
        self,
        game: Game,
        daily: bool = False,
        chains: bool = True,
        dead: dict[bytes, bool] | None = None,
        relaxed: bool = False,
    ) -> None:
        self.daily = daily  # the daily deal's frozen rules (wins_for_the_daily_deal)
        # From the game's public view: cards bottom first, foundations in suit order.
        # Relaxed (rule 9): the same cards played as in draw 1 with unlimited passes.
        self.draw = 1 if relaxed else game.draw
        self.columns: list[list[int]] = [[*col.down, *col.up] for col in game.tableau]
        self.down: list[int] = [len(col.down) for col in game.tableau]
        self.found: list[int] = list(game.foundations.values())
        # Each column's part of _key or _loose_key (see _column_keys), None once a move
        # changed the column (see _play, _undo and _restore).
        self.column_keys: list[bytes | None] = [None] * 7
        self.loose_column_keys = False  # whether column_keys holds _loose_key's parts
        # With loose_column_keys, each column's part of _key too, made with its loose part
        # and good where that is not None (for _is_dead_remembered).
        self.exact_column_keys: list[bytes | None] = [None] * 7
        self.talon: list[int] = [*game.waste, *game.stock]  # waste bottom first, then stock
        self.p = len(game.waste)
        self.talon_key: bytes | None = None  # _talon_key's, None once a talon move is made
        passes = game.scoring.passes
        self.unlimited = passes is None or relaxed
        self.recycles_left = (  # passes is None only where unlimited
            0 if self.unlimited else max(0, passes - 1 - game.recycles)  # type: ignore[operator]
        )
        # Draw 1 with unlimited passes: every talon card is always in reach.
        self.talon_is_set = self.draw == 1 and self.unlimited
        # Rule 3's talon chains; without them a talon card goes out alone when the card
        # to come onto it is in the talon or on a foundation (the daily deal's rules).
        self.chains = chains and self.talon_is_set and not daily
        # Rule 4's dominance of one waste length over another, when it matters (not in
        # draw 1, where the talon is one set) and no pass is ever the last.
        self.dominance = self.unlimited and not self.talon_is_set and not daily
        # Set by _moves for the rules that look around: column tops (-1 for a space),
        # where each card waits and the column of each face-up card (_waiting).
        self.tops: list[int] = []
        self.where = bytearray(52)
        self.column_of = [-1] * 52
        # Per column card, the card under it (see _below), kept by _play and _undo.
        self.below = _below(_in_a_row(self.columns))
        self.face_down = _face_down(self.columns, self.down)  # kept by _play and _undo
        self.asked = bytearray(52)  # the cards _arrives is asking about, to stop loops
        self.known = bytearray(52)  # _arrives's answers here: 0 (not known), _NO, _YES
        self.kings = -1  # _kings_to_come's answer here, -1 until asked
        self.eager = False  # every card home at once, not just safe ones (rule 8)
        self.eager_talon = False  # the same for every talon card the draws reach
        # The lists, sets and dicts that grow as it searches, let go when its steps end
        # (_lets_go).
        self.kept: list[object] = []
        # _is_dead's answers, shared by the searches of one solve.
        self.dead: dict[bytes, bool] = {} if dead is None else dead
        # The least distance (rule 5) of the positions expanded that are not dead, kept
        # while ``watch`` is set (by _portfolio, for its first search's first nodes).
        self.closest = self._distance()
        self.watch = False
        self.key = b""  # the key _new or _new_or_better made last

    # --- the talon --------------------------------------------------------------------
    def _can_recycle(self) -> bool:
        return self.unlimited or self.recycles_left > 0

    def _reach(self) -> tuple[tuple[int, int, int], ...]:
        """(talon index, presses, recycled) for every card the draws bring to the top."""
        return _draws_reach(len(self.talon), self.p, self.draw, self._can_recycle())

    def _presses(self, index: int) -> tuple[int, int]:
        """(presses, recycled) to bring talon[index], a card in reach, to the waste top."""
        for i, presses, recycled in self._reach():
            if i == index:
                return presses, recycled
        raise AssertionError(f"talon card {index} is out of reach")

    # --- playing and taking back ------------------------------------------------------
    def _play(self, move: tuple[int, int, int, int, int]) -> int:
        """Play an internal move; return what :meth:`_undo` needs to take it back."""
        kind, a, b, _, recycled = move
        columns, down, keys = self.columns, self.down, self.column_keys
        if kind == _COLUMN_TO_COLUMN:
            keys[a] = keys[b] = None
            src, dst = columns[a], columns[b]
            d = down[a]
            # R10: onto a card, the run whose first card fits; onto a space, the King's run.
            k = d + RANK_OF[src[d]] - RANK_OF[dst[-1]] + 1 if dst else d
            self.below[src[k]] = dst[-1] if dst else _NO_CARD
            dst.extend(src[k:])
            count = len(src) - k
            del src[k:]
            if d and k == d:  # R2.7: the card below turns up
                down[a] = d - 1
                self.face_down ^= _BIT[src[-1]]
                return count << 1 | 1
            return count << 1
        if kind == _COLUMN_HOME:
            keys[a] = None
            col = columns[a]
            card = col.pop()
            self.found[SUIT_OF[card]] += 1
            d = down[a]
            if d and len(col) == d:
                down[a] = d - 1
                self.face_down ^= _BIT[col[-1]]
                return card << 1 | 1
            return card << 1
        if kind == _FOUNDATION_TO_COLUMN:  # R2.6
            keys[b] = None
            self.found[a] -= 1
            self._put(a * 13 + self.found[a], columns[b])
            return 0
        # A talon move: afterwards the cards before ``a`` are the waste.
        self.talon_key = None
        card = self.talon.pop(a)
        before = self.p
        self.p = a
        if recycled and not self.unlimited:
            self.recycles_left -= 1
        if kind == _TALON_HOME:
            self.found[SUIT_OF[card]] += 1
        else:
            keys[b] = None
            self._put(card, columns[b])
        return card << 6 | before

    def _put(self, card: int, column: list[int]) -> None:
        """Put ``card`` on ``column``, keeping :attr:`below`."""
        self.below[card] = column[-1] if column else _NO_CARD
        column.append(card)

    def _undo(self, move: tuple[int, int, int, int, int], info: int) -> None:
        kind, a, b, _, recycled = move
        columns, keys = self.columns, self.column_keys
        if kind == _COLUMN_TO_COLUMN:
            keys[a] = keys[b] = None
            src, dst = columns[a], columns[b]
            count = info >> 1
            run = dst[-count:]
            self.below[run[0]] = src[-1] if src else _NO_CARD
            if info & 1:  # the card it uncovered turns face down again
                self.down[a] += 1
                self.face_down ^= _BIT[src[-1]]
            src.extend(run)
            del dst[-count:]
        elif kind == _COLUMN_HOME:
            keys[a] = None
            card = info >> 1
            if info & 1:
                self.down[a] += 1
                self.face_down ^= _BIT[columns[a][-1]]
            self._put(card, columns[a])
            self.found[SUIT_OF[card]] -= 1
        elif kind == _FOUNDATION_TO_COLUMN:
            keys[b] = None
            columns[b].pop()
            self.found[a] += 1
        else:
            card = info >> 6
            if kind == _TALON_HOME:
                self.found[SUIT_OF[card]] -= 1
            else:
                keys[b] = None
                columns[b].pop()
            self.talon_key = None
            self.talon.insert(a, card)
            self.p = info & 63
            if recycled and not self.unlimited:
                self.recycles_left += 1

    # --- forced moves -----------------------------------------------------------------
    def _is_safe_home(self, card: int) -> bool:
        """Whether sending ``card`` home now can never hurt (rule 2 of the docstring),
        or for the best-first search, whether it may go home at all (rule 8)."""
        rank = RANK_OF[card]
        if rank <= 2 or self.eager:
            return True
        found = self.found
        if RED[card]:
            opposite = found[0] if found[0] < found[3] else found[3]
        else:
            opposite = found[1] if found[1] < found[2] else found[2]
        return opposite >= rank - 1 and found[3 - SUIT_OF[card]] >= rank - 2

    def _goes_home(self, i: int) -> bool:
        """Whether column ``i``'s top is next on its foundation and safe to send home.
        After a column move, only the top it uncovered may be: here no move was safe
        (:meth:`_play_safe_moves` was done), and the foundations and talon are as
        they were."""
        col = self.columns[i]
        if not col:
            return False
        card = col[-1]
        return self.found[SUIT_OF[card]] == RANK_OF[card] - 1 and self._is_safe_home(card)

    def _play_safe_moves(self, played: _Played) -> None:
        """Make every safe foundation move, appending (move, undo info) to ``played``."""
        columns, found, talon = self.columns, self.found, self.talon
        progress = True
        while progress:
            progress = False
            candidates: Sequence[int]
            for i in range(7):
                col = columns[i]
                if col:
                    card = col[-1]
                    if found[SUIT_OF[card]] == RANK_OF[card] - 1 and self._is_safe_home(card):
                        move = (_COLUMN_HOME, i, -1, 0, 0)
                        played.append((move, self._play(move)))
                        progress = True
            if self.talon_is_set:  # the talon cards next on their foundations, in order
                following = [s * 13 + n for s, n in enumerate(found) if n < 13]
                candidates = sorted([talon.index(c) for c in following if c in talon])
            elif self.eager_talon:
                candidates = _reached_in_order(
                    len(talon), self.p, self.draw, self._can_recycle()
                )
            elif self.p and (self.draw == 1 or not self._can_recycle()):
                candidates = (self.p - 1,)
            else:
                continue
            for index in candidates:
                card = talon[index]
                if found[SUIT_OF[card]] == RANK_OF[card] - 1 and self._is_safe_home(card):
                    presses, recycled = self._presses(index)
                    move = (_TALON_HOME, index, -1, presses, recycled)
                    played.append((move, self._play(move)))
                    progress = True
                    break  # talon indices have shifted

    def _finish(self, played: _Played) -> bool:
        """Rule 7: with nothing face down and the whole talon in reach, play home."""
        if any(self.down) or (self.talon and not self.talon_is_set):
            return False
        columns, found, talon = self.columns, self.found, self.talon
        while sum(found) < 52:
            for i in range(7):
                col = columns[i]
                if col and found[SUIT_OF[col[-1]]] == RANK_OF[col[-1]] - 1:
                    move = (_COLUMN_HOME, i, -1, 0, 0)
                    break
            else:
                index = next(
                    i for i, c in enumerate(talon) if found[SUIT_OF[c]] == RANK_OF[c] - 1
                )
                presses, recycled = self._presses(index)
                move = (_TALON_HOME, index, -1, presses, recycled)
            played.append((move, self._play(move)))
        return True

    # --- positions --------------------------------------------------------------------
    def _key(self) -> bytes:
        """Rule 4: the position up to the order of the columns."""
        return b"".join(sorted(self._column_keys(loose=False))) + b"\xff" + self._talon_key()

    def _loose_key(self) -> bytes:
        """Rule 8's key for the best-first search: face-up column cards by colour and
        rank alone (twins placed the other way round are one position to it), so the
        foundations are spelled out."""
        columns = sorted(self._column_keys(loose=True))
        return b"".join(columns) + b"\xff" + bytes(self.found) + self._talon_key()

    def _column_keys(self, loose: bool) -> list[bytes]:
        """Each column's part of :meth:`_key` (or with ``loose``, of :meth:`_loose_key`),
        made again only for the columns a move changed since it was last asked."""
        keys = self.column_keys
        if loose != self.loose_column_keys:
            keys[:] = [None] * 7
            self.loose_column_keys = loose
        if None not in keys:
            return keys  # type: ignore[return-value]  # no None in it
        down, columns, exact = self.down, self.columns, self.exact_column_keys
        for i, key in enumerate(keys):
            if key is None:
                col, d = columns[i], down[i]
                if loose:
                    cards = bytes(col)
                    keys[i] = _DOWN[d] + cards[:d] + cards[d:].translate(_LOOSE)
                    exact[i] = _DOWN[d] + cards
                else:
                    keys[i] = _column_key(col, d)
        return keys  # type: ignore[return-value]  # no None left

    def _talon_key(self) -> bytes:
        """Rule 4's talon part: in draw 1 with unlimited passes the set of its cards;
        otherwise its cards, position and recycles left, where in draw 3 with unlimited
        passes a waste whose length is a multiple of 3, or the whole talon, counts as
        empty: the same cards are in reach, and each talon move leaves the same
        position (not in the daily deal's frozen rules)."""
        if self.talon_key is None:
            if self.talon_is_set:
                self.talon_key = bytes(sorted(self.talon))
            else:
                p, n = self.p, len(self.talon)
                if self.unlimited and not self.daily and (p % self.draw == 0 or p == n):
                    p = 0
                self.talon_key = bytes((*self.talon, p, self.recycles_left))
        return self.talon_key

    def _snapshot(self) -> bytes:
        """The whole position, columns in their own order, for :meth:`_restore`."""
        talon = self.talon
        head = bytes((*self.down, *self.found, self.p, self.recycles_left, len(talon), *talon))
        return head + _in_a_row(self.columns)

    def _restore(self, position: bytes) -> None:
        """Put a :meth:`_snapshot`'s position on the board; what was worked out from the
        position before (column and talon keys) is worked out again when asked."""
        self.down = list(position[:7])
        self.found = list(position[7:11])
        self.p, self.recycles_left, n = position[11:14]
        self.talon = list(position[14 : 14 + n])
        in_a_row = position[14 + n :]
        self.columns = [list(col) for col in in_a_row[1:].split(_NEXT_COLUMN)]
        self.column_keys = [None] * 7
        self.exact_column_keys = [None] * 7
        self.talon_key = None
        self.below = _below(in_a_row)
        self.face_down = _face_down(self.columns, self.down)

    def _is_dead_remembered(self, key: bytes | None = None) -> bool:
        """:meth:`_is_dead`, remembered per position for all the searches of one solve
        (the best-first searches meet many positions the others met): by its exact key
        (:meth:`_key`, if the caller has it), or in draw 1 with unlimited passes by the
        tableau alone, as the talon and foundation cards are all alike to it there."""
        if key is not None:
            position = key.partition(b"\xff")[0] if self.talon_is_set else key
        else:
            columns: list[bytes]
            if self.loose_column_keys:  # the best-first search's, made with the loose ones
                self._column_keys(loose=True)  # which makes every exact key too
                columns = self.exact_column_keys  # type: ignore[assignment]
            else:
                columns = self._column_keys(loose=False)
            position = b"".join(sorted(columns))
            if not self.talon_is_set:
                position += b"\xff" + self._talon_key()
        dead = self.dead.get(position)
        if dead is None:
            dead = self._is_dead()
            if len(self.dead) < TABLE_LIMIT:
                self.dead[position] = dead
        return dead

    def _is_dead(self) -> bool:
        """Rule 6: some card can never go home, even if every move that could ever
        happen did happen (a relaxation of the game, where no card or space is ever
        used up).

        Sets of cards are ints (see :data:`_BIT`), each colour's half apart (``_a``
        black, ``_b`` red), so that a round over all 52 cards is a few operations on
        whole sets."""
        spades, hearts, diamonds, clubs = self.found
        # Home, or a talon card the draws can bring to the waste top.
        drawn_a = _LOWEST[spades] | _LOWEST[clubs] << 13
        drawn_b = _LOWEST[hearts] | _LOWEST[diamonds] << 13
        out_of_reach: Sequence[tuple[int, int, int, int, int]] = ()  # see _talon_sets
        if self.talon_is_set:
            in_talon = sum(map(_BIT.__getitem__, self.talon))
            talon_a, talon_b = in_talon & _HALF, in_talon >> 26
            drawn_a |= talon_a
            drawn_b |= talon_b
        else:
            talon_a, talon_b, reach_a, reach_b, out_of_reach = _talon_sets(
                self._talon_key(), self.draw, self.unlimited
            )
            drawn_a |= reach_a
            drawn_b |= reach_b
        # In a column (the rest), and of those face up.
        column_a, column_b = _HALF ^ (drawn_a | talon_a), _HALF ^ (drawn_b | talon_b)
        face_up_a = column_a ^ self.face_down & _HALF
        face_up_b = column_b ^ self.face_down >> 26
        tops = sum([_BIT[col[-1]] for col in self.columns if col])
        free_a, free_b = tops & _HALF, tops >> 26  # can be a column's top
        space = 0 in map(len, self.columns)  # a column can be empty
        below = self.below
        moved_a = moved_b = 0  # can move from its place in its column, at the head of a run
        leaving = 0
        while True:
            ready_a, ready_b = free_a | drawn_a, free_b | drawn_b
            if ready_a == _HALF == ready_b:
                return False
            # The cards one of whose two targets can be a top: each colour's free cards
            # one rank down, in both suits of the other colour; Kings, once a space can
            # be.
            fits_b = _FITTING[(free_a | free_a >> 13) & _SUIT]
            fits_a = _FITTING[(free_b | free_b >> 13) & _SUIT]
            if space:
                fits_a |= _KING_BITS
                fits_b |= _KING_BITS
            # Per suit, the cards that can go home in order: its lowest ones that are
            # ready, up to the first that is not (adding one per suit carries through
            # them; without the Kings, no carry crosses into the next suit). Then the
            # cards that can go home once those are: they and the next of each suit.
            low = ready_a & _NO_KINGS
            home_a = low & (_HALF ^ (low + _ACES))
            home_a |= ready_a & home_a << 1 & _KING_BITS
            low = ready_b & _NO_KINGS
            home_b = low & (_HALF ^ (low + _ACES))
            home_b |= ready_b & home_b << 1 & _KING_BITS
            homeable_a = (home_a << 1 | _ACES) & _HALF
            homeable_b = (home_b << 1 | _ACES) & _HALF
            # A column card moves if it is face up or can be a top, and it fits on a
            # card that can be a top, or it can be a top and go home. The card under
            # it can then be a top, and may move at once in turn.
            changed = False
            movers_a = (face_up_a | free_a & column_a) & (fits_a | free_a & homeable_a)
            movers_b = (face_up_b | free_b & column_b) & (fits_b | free_b & homeable_b)
            movers_a &= ~moved_a
            movers_b &= ~moved_b
            if movers_a or movers_b:
                moved_a |= movers_a
                moved_b |= movers_b
                changed = True
                can_a = (fits_a | homeable_a) & ~moved_a
                can_b = (fits_b | homeable_b) & ~moved_b
                for movers, offset in ((movers_a, 0), (movers_b, 26)):
                    while movers:
                        low = movers & -movers
                        movers ^= low
                        under = below[_CARD_AT[low.bit_length() + offset]]
                        while under != _NO_CARD:
                            bit = _HALF_BIT[under]
                            if _IS_RED[under]:
                                free_b |= bit
                                if not can_b & bit:
                                    break
                                can_b ^= bit
                                moved_b |= bit
                            else:
                                free_a |= bit
                                if not can_a & bit:
                                    break
                                can_a ^= bit
                                moved_a |= bit
                            under = below[under]
                        else:
                            space = True
            # A talon or foundation card can be a top once it can be put on one.
            placed_a = drawn_a & fits_a & ~free_a
            placed_b = drawn_b & fits_b & ~free_b
            if placed_a or placed_b:
                free_a |= placed_a
                free_b |= placed_b
                changed = True
            # A talon card out of reach is drawn once enough cards before it, or the
            # one after it, can leave the talon (see _talon_sets).
            if out_of_reach:
                now = drawn_a & (free_a | home_a) | (drawn_b & (free_b | home_b)) << 26
                if now != leaving:
                    leaving = now
                    still = []
                    for talon_card in out_of_reach:
                        card_a, card_b, before, need, after = talon_card
                        if now & after or (now & before).bit_count() >= need:
                            drawn_a |= card_a
                            drawn_b |= card_b
                            changed = True
                        else:
                            still.append(talon_card)
                    out_of_reach = still
            if not changed:
                return True

    # --- moves ------------------------------------------------------------------------
    def _moves(self) -> list[tuple[int, tuple[tuple[int, int, int, int, int], ...]]]:
        """The moves worth trying here (rule 3), each a tuple of internal moves (two
        or more for a talon card and what comes onto it) with its place in the move
        order (rule 5)."""
        columns, down, found, talon = self.columns, self.down, self.found, self.talon
        tops = [col[-1] if col else -1 for col in columns]
        space = tops.index(-1) if -1 in tops else -1
        reach = self._reach()
        self.tops, self.where = tops, self._waiting(reach)  # for _arrives and its kin
        self.known = bytearray(52)
        self.kings = -1
        where, column_of = self.where, self.column_of
        # Per card, the columns it can go onto, in order: a top it fits on (R2.1), and
        # for a King the first space (R2.3). Per column, the same for its face-up run:
        # where a card of the run fits, or the first space for a King's run that turns
        # a card up (R2.3, rule 3).
        onto: list[tuple[int, ...]] = [()] * 52
        runs_onto: list[tuple[int, ...]] = [()] * 7
        for j, top in enumerate(tops):
            if top >= 0:
                for card in _FITTING_ON[top]:
                    onto[card] += (j,)
                    if 0 < where[card] < _IN_REACH:  # face up in a column
                        runs_onto[column_of[card]] += (j,)
            elif j == space:
                for king in _KINGS:
                    onto[king] = (space,)
                    if where[king] == _TURNS_UP:
                        runs_onto[column_of[king]] += (space,)
        scored: list[tuple[int, tuple[tuple[int, int, int, int, int], ...]]] = []
        add = scored.append

        for index, presses, recycled in reach:
            card = talon[index]
            rank = RANK_OF[card]
            if found[SUIT_OF[card]] == rank - 1 and (
                not self.talon_is_set or self._next_home_waits(card)
            ):
                add((_TALON_HOME_FIRST, ((_TALON_HOME, index, -1, presses, recycled),)))
            targets = onto[card]
            if not targets:
                continue
            if not self.talon_is_set:
                for j in targets:
                    move = (_TALON_TO_COLUMN, index, j, presses, recycled)
                    add((_TALON_TO_COLUMN_FIRST, (move,)))
                continue
            # The card stays in reach, so it comes out only for a card that would come
            # onto it: with talon chains only together with it (rule 3); without, alone
            # too when that card is not in a column.
            alone = not self.chains and any(
                [where[fit] >= _IN_REACH for fit in _FITTING_ON[card] if self._arrives(fit)]
            )
            for j in targets:
                move = (_TALON_TO_COLUMN, index, j, presses, recycled)
                if alone:
                    add((_TALON_TO_COLUMN_FIRST, (move,)))
                for order, follow in self._comes_onto(card, j, self.chains):
                    add((order, (move, *follow)))

        for i in range(7):
            col = columns[i]
            if not col:
                continue
            d, top = down[i], col[-1]
            if found[SUIT_OF[top]] == RANK_OF[top] - 1:
                order = _TURNS_CARD_UP + d if d and len(col) == d + 1 else _COLUMN_HOME_FIRST
                add((order, ((_COLUMN_HOME, i, -1, 0, 0),)))
            head_rank = RANK_OF[col[d]]
            for j in runs_onto[i]:
                target = tops[j]
                if target < 0:  # a King's run to the first space
                    add((_TURNS_CARD_UP + d, ((_COLUMN_TO_COLUMN, i, j, 0, 0),)))
                    continue
                k = d + head_rank - RANK_OF[target] + 1  # the card that fits on it
                run = ((_COLUMN_TO_COLUMN, i, j, 0, 0),)
                if k == d and d:
                    add((_TURNS_CARD_UP + d, run))
                    continue
                if k == d:  # empties the column: worth it only for a King to come
                    if self._kings_to_come() > tops.count(-1):
                        add((_EMPTIES_COLUMN, run))
                    continue
                uncovered = col[k - 1]
                if found[SUIT_OF[uncovered]] == RANK_OF[uncovered] - 1 or self._arrives(
                    _TWIN[col[k]]
                ):
                    add((_PARTIAL_RUN, run))

        for s in range(4):
            n = found[s]
            if n < 3:  # an Ace or a 2 on the tableau never helps
                continue
            card = s * 13 + n - 1
            targets = onto[card]
            if targets and self._arrives(card):
                for j in targets:
                    add((_TAKE_BACK, ((_FOUNDATION_TO_COLUMN, s, j, 0, 0),)))

        return scored

    def _comes_onto(self, card: int, j: int, chains: bool) -> list[tuple[int, tuple[_Move, ...]]]:
        """(order, moves) for each way a card that would come onto ``card``, a talon
        card put on column ``j``, comes at once: a column's run (ordered as that move),
        and with rule 3's talon chains also the top card of a foundation, or a talon
        card with what comes onto it in turn. A foundation card under others waits for
        them."""
        where, column_of, found = self.where, self.column_of, self.found
        ways: list[tuple[int, tuple[_Move, ...]]] = []
        for fit in _FITTING_ON[card]:
            if not self._arrives(fit):
                continue
            if where[fit] < _IN_REACH:  # face up in a column
                i = column_of[fit]
                turns_up = _TURNS_CARD_UP + self.down[i] if where[fit] == _TURNS_UP else 0
                run = (_COLUMN_TO_COLUMN, i, j, 0, 0)
                ways.append((max(turns_up, _TALON_TO_COLUMN_FIRST), (run,)))
            elif not chains:
                continue
            elif where[fit] == _ON_FOUNDATION:
                suit = SUIT_OF[fit]
                if found[suit] == RANK_OF[fit]:
                    back = (_FOUNDATION_TO_COLUMN, suit, j, 0, 0)
                    ways.append((_TALON_TO_COLUMN_FIRST, (back,)))
            else:
                for order, follow in self._comes_onto(fit, j, chains):
                    ways.append((order, ((_TALON_CARD, fit, j, 0, 0), *follow)))
        return ways

    def _waiting(self, reach: tuple[tuple[int, int, int], ...]) -> bytearray:
        """Per card, where it waits to be brought onto a tableau card: one of the
        ``_TURNS_UP ... _ON_FOUNDATION`` codes, 0 if nowhere (face down, or an Ace or
        a 2 on its foundation)."""
        waiting = bytearray(52)
        column_of = self.column_of
        for i, (col, d) in enumerate(zip(self.columns, self.down, strict=True)):
            if col:
                head = col[d]
                waiting[head] = _TURNS_UP if d else _BOTTOM
                column_of[head] = i
                for card in col[d + 1 :]:
                    waiting[card] = _ON_FACE_UP
                    column_of[card] = i
        talon = self.talon
        for index, _, _ in reach:
            waiting[talon[index]] = _IN_REACH
        for s, n in enumerate(self.found):
            if n > 2:  # ranks 3 to n, each after the cards above it, R2.6
                waiting[s * 13 + 2 : s * 13 + n] = _ON_FOUNDATION_BYTE * (n - 2)
        return waiting

    def _arrives(self, card: int, depth: int = 0) -> bool:
        """Whether the rules would bring ``card`` onto a tableau card (a King: into a
        space) now, from where :meth:`_waiting` found it. A card that is free to wait (a
        talon card that stays in reach, a foundation card) comes only if something
        would come onto it in turn. A reason that comes back to a card already being
        asked about is none; past :data:`_CHAIN` links the answer is yes, which errs on
        the side of searching more."""
        known = self.known
        if known[card] == _YES or depth > _CHAIN:
            return True
        if known[card] == _NO and not depth:
            return False
        where = self.where[card]
        if not where:  # face down (or an Ace or a 2 home): it never comes
            return False
        asked = self.asked
        if asked[card]:
            return False
        asked[card] = 1
        if where == _TURNS_UP:
            answer = True
        elif where == _ON_FACE_UP:  # the partial-run rule: what it uncovers must be used
            uncovered = self.below[card]
            answer = self.found[SUIT_OF[uncovered]] == RANK_OF[uncovered] - 1 or (
                self._arrives(_TWIN[card], depth + 1)
            )
        elif where == _BOTTOM:  # its move empties a column, which only a King can use
            answer = RANK_OF[card] != KING and self._kings_to_come() > self.tops.count(-1)
        elif where == _IN_REACH:
            answer = not self.talon_is_set or self._holds(card, depth)
        else:  # on a foundation
            answer = self._holds(card, depth) or self._frees(card - 1, depth)
        asked[card] = 0
        if answer:
            known[card] = _YES
        elif not depth:  # a no deeper down may come from stopping a loop
            known[card] = _NO
        return answer

    def _holds(self, card: int, depth: int = 0) -> bool:
        """Whether a card would come onto ``card`` (see :meth:`_arrives`, whose quick
        answers are repeated here to save calls)."""
        fits = _FITTING_ON[card]
        if not fits:
            return False
        if depth >= _CHAIN:
            return True
        known, asked, where = self.known, self.asked, self.where
        for fit in fits:
            if known[fit] == _YES:
                return True
            if where[fit] and not asked[fit] and self._arrives(fit, depth + 1):
                return True
        return False

    def _frees(self, card: int, depth: int = 0) -> bool:
        """Whether ``card``, next down on its foundation, would come back (R2.6) once
        the card above it is off: ranks 1 and 2 never need to; otherwise a card it fits
        on must be up or able to come (not face down)."""
        if RANK_OF[card] < 3 or not any(self.where[target] for target in _TARGETS[card]):
            return False
        return self._holds(card, depth) or self._frees(card - 1, depth + 1)

    def _kings_to_come(self) -> int:
        """How many Kings would go into a space: from face-down cards, or as above.
        Counted once per position; a question about it asked while counting gets the
        count of every King that could move at all, which errs on the side of yes."""
        if self.kings < 0:
            where = self.where
            self.kings = sum(where[king] in _KING_COMES for king in _KINGS)
            self.kings = sum(
                where[king] == _TURNS_UP or (where[king] != _BOTTOM and self._arrives(king))
                for king in _KINGS
            )
        return self.kings

    def _next_home_waits(self, card: int) -> bool:
        """For a talon that stays in reach: whether the next card of ``card``'s suit is
        face up in a column, or in the talon and the same holds for the one after it.
        The daily deal's frozen rules ask for a column's top instead of any face-up
        card: they miss some wins (rule 3), never make a false one."""
        where, tops = self.where, self.tops
        for following in range(card + 1, card - RANK_OF[card] + 14):
            face_up = following in tops if self.daily else 0 < where[following] < _IN_REACH
            if face_up:
                return True
            if where[following] != _IN_REACH:
                return False
        return False

    # --- the search -------------------------------------------------------------------
    def _distance(self) -> int:
        """Rule 5: how far the position looks from a win (face-down cards count most)."""
        return 4 * sum(self.down) + 52 - sum(self.found) + len(self.talon)

    def _start(self, entered: _Played) -> Solution | None:
        """Before any search: the safe moves, then won early (rule 7) or dead (rule 6)."""
        self._play_safe_moves(entered)
        if sum(self.found) == 52 or self._finish(entered):
            return Solution(WON, 0, _texts(move for move, _ in entered))
        if self._is_dead_remembered():  # remembered: the root's expansion asks again
            return Solution(LOST, 0, [])
        return None

    def _new(self, seen: set[bytes], key: Callable[[], bytes]) -> bool:
        """Rule 4: whether the position's ``key()`` is new to ``seen``, which it joins
        (while ``seen`` holds fewer than :data:`TABLE_LIMIT` keys)."""
        self.key = position = key()
        if position in seen:
            return False
        if len(seen) < TABLE_LIMIT:
            seen.add(position)
        return True

    def _new_or_better(self, lowest: dict[bytes, int]) -> bool:
        """Rule 4's dominance (draw 3 with unlimited passes, depth-first search):
        whether no position seen before differs from this one only in a waste that
        reaches every card this one reaches. ``lowest`` maps a key without its waste
        length to the least waste length seen for each remainder modulo the draw, 9 bits
        each in one number (:data:`_NONE_SEEN` where none was). With a list each, the
        depth-first search alone on deal 1 in draw 3 peaked at 335 MiB at 1,000,000
        nodes; so, at 292 MiB."""
        self.key = key = self._key()
        base, p = key[:-2], key[-2]  # _talon_key ends with the waste length, recycles
        shift = 9 * (p % self.draw)
        least = lowest.get(base)
        if least is None:
            if len(lowest) < TABLE_LIMIT:
                lowest[base] = _NONE_SEEN & ~(511 << shift) | p << shift
            return True
        if not p or least >> shift & 511 <= p:
            return False
        lowest[base] = least & ~(511 << shift) | p << shift
        return True

    def _children(
        self, is_new: Callable[[], bool], key: bytes | None = None
    ) -> Iterator[tuple[int, _Played, bool]]:
        """Play each move of rule 3 in turn (none in a dead position, rule 6), with
        the safe moves after it, and yield (its order, all moves played, whether that
        won) when it won or ``is_new()`` says its position is new (see :meth:`_new`).
        The position is on the board while yielded and taken back when the caller
        goes on. ``key``: the position's :meth:`_key`, if the caller has it."""
        if not self.daily and self._is_dead_remembered(key):  # rule 6, at every position
            return
        if self.watch:
            self.closest = min(self.closest, self._distance())
        # The columns' keys here, for each child's to be made again only where it moved.
        keys = self._column_keys(self.loose_column_keys)[:]
        # The exact ones made with the loose ones (the best-first search's only).
        exact = self.exact_column_keys[:] if self.loose_column_keys else None
        for order, moves in self._moves():
            played: _Played = []
            for move in moves:
                if move[0] == _TALON_CARD:
                    index = self.talon.index(move[1])
                    move = (_TALON_TO_COLUMN, index, move[2], *self._presses(index))
                played.append((move, self._play(move)))
            if moves[0][0] != _COLUMN_TO_COLUMN or self._goes_home(moves[0][1]):
                self._play_safe_moves(played)
            # Won, or won early (rule 7): either way no card is face down.
            if not self.face_down and (sum(self.found) == 52 or self._finish(played)):
                yield order, played, True
            elif is_new():
                yield order, played, False
            for move, info in reversed(played):
                self._undo(move, info)
            self.column_keys[:] = keys
            if exact:
                self.exact_column_keys[:] = exact

    @_lets_go
    def steps(self, budget: int, shuffle: Random | None = None) -> Iterator[Solution | None]:
        """Depth-first search over the moves of rule 3, children ordered by rule 5, with
        a transposition table, one position at a time: None before each position it
        expands, then the :class:`Solution` (at most ``budget`` positions). With
        ``shuffle``, each child's distance gains a draw of it up to :data:`NOISE`
        (rule 10)."""
        entered: _Played = []  # the moves that led to the current position
        if solution := self._start(entered):
            yield solution
            return
        seen: dict[bytes, int] | set[bytes]
        if self.dominance:
            seen = {}
            is_new = partial(self._new_or_better, seen)
        else:
            seen = set()
            is_new = partial(self._new, seen, self._key)
        is_new()  # the start
        key = self.key
        # One frame per position on the current line: [children, next child, entered].
        stack: list[list[Any]] = []
        self.kept += (seen, stack)
        nodes = 0
        while True:
            if nodes == budget:
                yield Solution(UNKNOWN, nodes, [])
                return
            nodes += 1
            yield None
            children: list[tuple[float, int, int, _Played, bytes]] = []
            for order, played, won in self._children(is_new, key):
                if won:
                    line = [frame[2] for frame in stack] + [entered, played]
                    yield Solution(WON, nodes, _texts(move for moves in line for move, _ in moves))
                    return
                distance: float = self._distance()
                if shuffle is not None:
                    distance += NOISE * shuffle.random()
                children.append((distance, -order, len(children), played, self.key))
            children.sort()
            stack.append([children, 0, entered])
            while stack:  # enter the next child, backing up past exhausted positions
                frame = stack[-1]
                children, i = frame[0], frame[1]
                if i < len(children):
                    frame[1] = i + 1
                    # The child's moves and the safe moves after them, as _children
                    # played them from this same position.
                    *_, played, key = children[i]
                    entered = [(move, self._play(move)) for move, _ in played]
                    break
                stack.pop()
                for move, info in reversed(frame[2]):
                    self._undo(move, info)
            else:
                yield Solution(LOST, nodes, [])
                return

    @_lets_go
    def best_first(
        self, budget: int, eager: bool = True, from_talon: bool = False
    ) -> Iterator[Solution | None]:
        """Like :meth:`steps`, but always expanding the most promising position seen
        so far (rule 5's distance, then its move order, then the newest), not the next
        child on the current line: it goes straight for wins that start with a move the
        depth-first search would only come back to after exhausting a large subtree.
        It knows positions by :meth:`_loose_key` and, with ``eager``, sends every card
        home as soon as it can (with ``from_talon``, talon cards the draws reach too),
        so it only looks for wins: having run out of positions, it stops without an
        answer (rule 8)."""
        self.eager = eager
        self.eager_talon = from_talon
        entered: _Played = []
        if solution := self._start(entered):
            if solution.result == WON:  # a loss after eager moves home proves nothing
                yield solution
            return
        seen: set[bytes] = set()
        is_new = partial(self._new, seen, self._loose_key)
        is_new()  # the start
        # Per position put on the heap, by its number: the position it came from, the
        # moves played from there (_packed) and, until taken from the heap, its
        # _snapshot. The heap holds numbers of _rank. With a tuple, a list of moves and
        # the column keys each, the portfolio on deal 104 in draw 3 peaked at 423 MiB
        # at 1,000,000 nodes; so, at 279 MiB.
        came_from = array("l", [-1])
        moves_of = [_packed(entered)]
        snapshots: list[bytes | None] = [self._snapshot()]
        heap = [_rank(0, 0, 0)]
        self.kept += (seen, came_from, moves_of, snapshots, heap)
        nodes = 0
        on_board = 0  # the position on the board
        while heap:
            if nodes == budget:
                yield Solution(UNKNOWN, nodes, [])
                return
            nodes += 1
            yield None
            here = _RANK_NUMBER - (heappop(heap) & _RANK_NUMBER)
            snapshot, snapshots[here] = snapshots[here], None
            assert snapshot is not None  # each number is on the heap once
            if came_from[here] == on_board:
                # A child of the position on the board (half of the positions taken
                # from the heap): playing its moves again is cheaper than restoring.
                for move in _unpacked(moves_of[here]):
                    self._play(move)
            else:
                self._restore(snapshot)
            on_board = here
            for order, played, won in self._children(is_new):
                if won:
                    line = [move for move, _ in played][::-1]
                    at = here
                    while at >= 0:
                        line += _unpacked(moves_of[at])[::-1]
                        at = came_from[at]
                    yield Solution(WON, nodes, _texts(line[::-1]))
                    return
                came_from.append(here)
                moves_of.append(_packed(played))
                snapshots.append(self._snapshot())
                heappush(heap, _rank(self._distance(), order, len(snapshots) - 1))


_RANK_NUMBER = (1 << 32) - 1


def _rank(distance: int, order: int, number: int) -> int:
    """The best-first search's heap entry for position ``number``: one int, least for
    the least distance (rule 5), then the highest move order, then the newest."""
    return (distance << 10 | 1023 - order) << 32 | _RANK_NUMBER - number


def _packed(played: _Played) -> bytes:
    """The moves of ``played``, five bytes each (:func:`_unpacked` reads them)."""
    return bytes([n for (kind, a, b, presses, recycled), _ in played
                  for n in (kind, a, b + 1, presses, recycled)])


def _unpacked(packed: bytes) -> list[_Move]:
    return [(packed[i], packed[i + 1], packed[i + 2] - 1, packed[i + 3], packed[i + 4])
            for i in range(0, len(packed), 5)]


def _texts(moves: Iterable[_Move]) -> list[str]:
    """R10 move texts for internal moves, talon macros expanded into their S tokens."""
    texts = []
    for kind, a, b, presses, _ in moves:
        texts.extend([STOCK.text] * presses)
        if kind == _COLUMN_HOME:
            texts.append(COLUMN_TO_F[a].text)
        elif kind == _COLUMN_TO_COLUMN:
            texts.append(COLUMN_TO_T[a][b].text)
        elif kind == _TALON_HOME:
            texts.append(WASTE_TO_F.text)
        elif kind == _TALON_TO_COLUMN:
            texts.append(WASTE_TO_T[b].text)
        else:
            texts.append(FOUNDATION_TO_T[a][b].text)
    return texts
