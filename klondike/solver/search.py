"""One search of the portfolio (rules 4, 5, 8 and 14 of :mod:`klondike.solver`):
depth-first (:meth:`Searcher.steps`), best-first (:meth:`Searcher.best_first`) or a beam
(:meth:`Searcher.beam`), a position at a time, over the moves of :mod:`.moves` from a
board of :mod:`.board`, known by the keys of :mod:`.keys`, skipping the dead positions of
:mod:`.dead`.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator
from functools import partial, wraps
from heapq import heappop, heappush
from random import Random
from typing import Any

from ..game import Game
from ..solution import LOST, UNKNOWN, WON, Solution
from .board import COLUMN_TO_COLUMN, TALON_CARD, TALON_TO_COLUMN, BoardMove, Played, move_texts
from .dead import ALIVE, DeadEnds
from .moves import Moves

#: How far rule 10 may shuffle a child's distance (rule 5): a face-down card counts 4.
NOISE = 10


def _lets_go(
    method: Callable[..., Iterator[Solution | None]],
) -> Callable[..., Iterator[Solution | None]]:
    """A search's steps, after which (ended, or dropped unfinished) what the search
    kept is let go, as its own frame's would be."""

    @wraps(method)
    def steps(search: Searcher, *args: object, **options: object) -> Iterator[Solution | None]:
        try:
            yield from method(search, *args, **options)
        finally:
            search.kept.clear()

    return steps


class Searcher(Moves, DeadEnds):
    """One search of the portfolio on its own board: the moves of :class:`Moves`, the
    keys of :class:`~klondike.solver.keys.Keys` and the check of :class:`DeadEnds`, put
    together by :meth:`steps` (depth-first) or :meth:`best_first`."""

    # Whether its key is its position's class (rule 12's class_key, made from counts);
    # if not, its keys are made from the columns' parts (Keys.column_keys).
    by_class = False

    def __init__(
        self,
        game: Game,
        daily: bool = False,
        chains: bool = True,
        dead: dict[bytes, bool] | None = None,
        relaxed: bool = False,
    ) -> None:
        super().__init__(game, daily, relaxed)
        # Talon chains only where the talon is one set, and not in the daily deal's rules.
        self.chains = chains and self.talon_is_set and not daily
        # Rule 4's dominance of one waste length over another, when it matters (not in
        # draw 1, where the talon is one set) and no pass is ever the last.
        self.dominance = self.unlimited and not self.talon_is_set and not daily
        self.tops = []
        self.where = bytearray(52)
        self.column_of = [-1] * 52
        self.asked = bytearray(52)
        self.known = bytearray(52)
        self.kings = -1
        self.dead = {} if dead is None else dead
        self.last_key = b""
        # The lists, sets and dicts that grow as it searches, let go when its steps end
        # (_lets_go).
        self.kept: list[object] = []
        # The least distance (rule 5) of the positions expanded that are not dead, kept
        # while ``watch`` is set (by the portfolio, for its first search's first nodes).
        self.closest = self.distance()
        self.watch = False

    def _start(self, entered: Played) -> Solution | None:
        """Before any search: the safe moves, then won early (rule 7) or dead (rule 6)."""
        self.play_safe_moves(entered)
        if sum(self.found) == 52 or self.finish(entered):
            return Solution(WON, 0, move_texts(move for move, _ in entered))
        if self.is_dead_remembered():  # remembered: the root's expansion asks again
            return Solution(LOST, 0, [])
        return None

    def _children(
        self, is_new: Callable[[], bool], key: bytes | None = None, entered: Played | None = None
    ) -> Iterator[tuple[int, Played, bool]]:
        """Play each move of rule 3 in turn (none in a dead position, rule 6), with
        the safe moves after it, and yield (its order, all moves played, whether that
        won) when it won or ``is_new()`` says its position is new (see :meth:`is_new`).
        The position is on the board while yielded and taken back when the caller
        goes on. ``key``: the position's :meth:`key`, if the caller has it (rule 6 is
        asked by it where it is the class's, :attr:`by_class`);
        ``entered``: the moves that led to it (after those of :data:`~.dead.ALIVE`,
        rule 6 is not asked)."""
        alive = self.daily or (entered and entered[0][0][0] in ALIVE)
        if not alive and self.is_dead_remembered(key if self.by_class else None):  # rule 6
            return
        if self.watch:
            self.closest = min(self.closest, self.distance())
        # The columns' keys here, for each child's to be made again only where it moved
        # (a play or undo forgets a changed column's part, so without this none is wrong).
        keys = None if self.by_class else self.column_keys(self.loose_parts)[:]
        talon = self.talon_part or self.talon_key()  # the same again once taken back
        # Bound once: these lists are changed in place while the children are played.
        play, undo, column_parts = self.play, self.undo, self.column_parts
        play_safe_moves = self.play_safe_moves
        for order, moves in self.moves():
            first = moves[0]  # never a TALON_CARD, which only follows a talon move
            played: Played = [(first, play(first))]
            if len(moves) > 1:  # a talon chain (rule 3)
                for move in moves[1:]:
                    if move[0] == TALON_CARD:
                        index = self.talon.index(move[1])
                        move = (TALON_TO_COLUMN, index, move[2], *self.presses(index))
                    played.append((move, play(move)))
            if first[0] != COLUMN_TO_COLUMN or self.goes_home(first[1]):
                play_safe_moves(played)
            # Won, or won early (rule 7): either way no card is face down.
            if not self.face_down and (sum(self.found) == 52 or self.finish(played)):
                yield order, played, True
            elif is_new():
                yield order, played, False
            for move, info in reversed(played):
                undo(move, info)
            if keys is not None:
                column_parts[:] = keys
            self.talon_part = talon

    def _for_wins(
        self, eager: bool, from_talon: bool
    ) -> tuple[Solution | None, Callable[[], bool], _Tree]:
        """The start of a search that only looks for wins (:meth:`best_first`,
        :meth:`beam`): the cards it sends home (``eager``, ``from_talon``), what
        :meth:`_start` finds (a loss after eager moves home proves nothing, so the
        caller gives only a win), its table of positions known by
        :meth:`~.keys.Keys.is_new_by_digest` of its :meth:`loose_key` (or where its key
        is the class's, :attr:`by_class`, of its :meth:`class_key`), the start in it, and
        its tree of positions."""
        self.eager = eager
        self.eager_talon = from_talon
        entered: Played = []
        solution = self._start(entered)
        seen: set[int] = set()
        key = self.class_key if self.by_class else self.loose_key
        is_new = partial(self.is_new_by_digest, seen, key)
        is_new()  # the start
        tree = _Tree(entered)
        self.kept += (seen, tree)
        return solution, is_new, tree

    @_lets_go
    def steps(self, budget: int, shuffle: Random | None = None) -> Iterator[Solution | None]:
        """Depth-first search over the moves of rule 3, children ordered by rule 5, with
        a transposition table, one position at a time: None before each position it
        expands, then the :class:`Solution` (at most ``budget`` positions). With
        ``shuffle``, each child's distance gains a draw of it up to :data:`NOISE`
        (rule 10)."""
        entered: Played = []  # the moves that led to the current position
        if solution := self._start(entered):
            yield solution
            return
        seen: dict[bytes, int] | set[bytes]
        if self.dominance:
            seen = {}
            is_new = partial(self.is_new_or_better, seen)
        else:
            seen = set()
            is_new = partial(self.is_new, seen)
        is_new()  # the start
        key = self.last_key
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
            children: list[tuple[float, int, int, Played, bytes]] = []
            for order, played, won in self._children(is_new, key, entered):
                if won:
                    line = [frame[2] for frame in stack] + [entered, played]
                    texts = move_texts(move for moves in line for move, _ in moves)
                    yield Solution(WON, nodes, texts)
                    return
                distance: float = self.distance()
                if shuffle is not None:
                    distance += NOISE * shuffle.random()
                children.append((distance, -order, len(children), played, self.last_key))
            children.sort()
            stack.append([children, 0, entered])
            while stack:  # enter the next child, backing up past exhausted positions
                frame = stack[-1]
                children, i = frame[0], frame[1]
                if i < len(children):
                    frame[1] = i + 1
                    # The child's moves and the safe moves after them, as _children
                    # played them from this same position.
                    played, key = children[i][3:]
                    entered = [(move, self.play(move)) for move, _ in played]
                    break
                stack.pop()
                for move, info in reversed(frame[2]):
                    self.undo(move, info)
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
        It knows positions as :meth:`_for_wins` says and, with ``eager``, sends every card
        home as soon as it can (with ``from_talon``, talon cards the draws reach too),
        so it only looks for wins: having run out of positions, it stops without an
        answer (rule 8)."""
        solution, is_new, tree = self._for_wins(eager, from_talon)
        if solution:
            if solution.result == WON:
                yield solution
            return
        # Per position put on the heap, by its number: where it came from (tree) and,
        # until taken from the heap, its snapshot. The heap holds numbers of _rank. With
        # a tuple, a list of moves and the column keys each, the portfolio on deal 104 in
        # draw 3 peaked at 423 MiB at 1,000,000 nodes; so, at 279 MiB.
        snapshots: list[bytes | None] = [self.snapshot()]
        heap = [_rank(0, 0, 0)]
        self.kept += (snapshots, heap)
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
            if tree.came_from[here] == on_board:
                # A child of the position on the board (half of the positions taken
                # from the heap): playing its moves again is cheaper than restoring.
                for move in tree.moves(here):
                    self.play(move)
            else:
                self.restore(snapshot)
            on_board = here
            for order, played, won in self._children(is_new):
                if won:
                    yield Solution(WON, nodes, tree.line(played, here))
                    return
                snapshots.append(self.snapshot())
                heappush(heap, _rank(self.distance(), order, tree.add(here, played)))

    @_lets_go
    def beam(
        self, width: int, eager: bool = True, from_talon: bool = False
    ) -> Iterator[Solution | None]:
        """Rule 14: a beam search, a layer at a time: every position of the layer is
        expanded, and only the ``width`` most promising of their children (rule 5's
        distance, then the highest move order, then the first made) make the next
        layer. It knows positions as :meth:`best_first` does (``eager`` and
        ``from_talon`` as there) and, like it, only looks for wins: None before each
        position it expands, the win if it finds one, and it stops without an answer
        once a layer has no new position."""
        solution, is_new, tree = self._for_wins(eager, from_talon)
        if solution:
            if solution.result == WON:
                yield solution
            return
        layer = [(0, self.snapshot())]  # (number, snapshot) of each position
        nodes = 0
        while layer:
            children: list[tuple[int, int, int, bytes]] = []
            for here, snapshot in layer:
                nodes += 1
                yield None
                self.restore(snapshot)
                for order, played, won in self._children(is_new):
                    if won:
                        yield Solution(WON, nodes, tree.line(played, here))
                        return
                    number = tree.add(here, played)
                    children.append((self.distance(), -order, number, self.snapshot()))
            children.sort()  # the numbers differ, so no two snapshots are compared
            layer = [(number, snapshot) for _, _, number, snapshot in children[:width]]


class _Tree:
    """The positions a search that keeps them (best-first, beam) has made, by number from
    0 (the start): the one each came from, and the moves played from there."""

    __slots__ = ("came_from", "packed", "starts")

    def __init__(self, entered: Played) -> None:
        self.came_from = array("l", [-1])
        # The moves of position n are packed[starts[n]:starts[n + 1]] (_packed): one
        # bytearray, not a bytes object each, which took 33 bytes more a position.
        self.packed = bytearray(_packed(entered))
        self.starts = array("l", [0, len(self.packed)])

    def add(self, came_from: int, played: Played) -> int:
        """A position made by ``played`` from position ``came_from``; its number."""
        self.came_from.append(came_from)
        self.packed += _packed(played)
        self.starts.append(len(self.packed))
        return len(self.came_from) - 1

    def moves(self, number: int) -> list[BoardMove]:
        """The moves played to make position ``number`` from the one it came from."""
        return _unpacked(self.packed, self.starts[number], self.starts[number + 1])

    def line(self, played: Played, here: int) -> list[str]:
        """The move texts of a win: the moves from the start to position ``here``,
        then ``played``."""
        line = [move for move, _ in played][::-1]
        while here >= 0:
            line += self.moves(here)[::-1]
            here = self.came_from[here]
        return move_texts(line[::-1])


_RANK_NUMBER = (1 << 32) - 1


def _rank(distance: int, order: int, number: int) -> int:
    """The best-first search's heap entry for position ``number``: one int, least for
    the least distance (rule 5), then the highest move order, then the newest."""
    return (distance << 10 | 1023 - order) << 32 | _RANK_NUMBER - number


def _packed(played: Played) -> bytes:
    """The moves of ``played``, five bytes each (:func:`_unpacked` reads them)."""
    return bytes([n for (kind, a, b, presses, recycled), _ in played
                  for n in (kind, a, b + 1, presses, recycled)])


def _unpacked(packed: bytearray, start: int, end: int) -> list[BoardMove]:
    """The moves :func:`_packed` put in ``packed[start:end]``."""
    return [(packed[i], packed[i + 1], packed[i + 2] - 1, packed[i + 3], packed[i + 4])
            for i in range(start, end, 5)]
