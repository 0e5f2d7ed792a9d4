"""Rules 12 and 13 of :mod:`klondike.solver`: the depth-first searches that know a position
by what no rearranging of the tableau's face-up runs can change (lonelybot's state, see
rule 12).

A :class:`Quotient` (rule 12) is a :class:`~.search.Searcher` with its own
:meth:`Quotient.key` and :meth:`Quotient.moves`; its depth-first search (``steps``), its
table, rule 4's waste dominance and rule 6's check are the searcher's own. A
:class:`PrunedQuotient` (rule 13) has the same key, and rule 3's moves but one, with rule
12's move home with a run in their place.
"""

from __future__ import annotations

from ..cards import KING, RANK_OF, SUIT_OF
from .board import (
    COLUMN_HOME,
    COLUMN_TO_COLUMN,
    FOUNDATION_TO_COLUMN,
    TALON_HOME,
    TALON_TO_COLUMN,
    BoardMove,
)
from .moves import (  # per card: the two it is built on (R2.1); its twin; move orders
    _COLUMN_HOME_FIRST,
    _FITTING_ON,
    _KINGS,
    _TWIN,
    Moves,
)
from .search import Searcher

# Move order (rule 5's ties, higher first).
_REVEALS, _COLUMN_HOME, _TALON_HOME, _TALON_TO_COLUMN, _TAKE_BACK = 4, 3, 2, 1, 0


class Quotient(Searcher):
    """Rule 12's search: a depth-first search whose positions are the classes of
    positions that differ only in where the face-up cards that lie on other face-up
    cards lie."""

    by_class = True  # its key is made from counts, not the columns' parts
    key = Searcher.class_key

    def moves(self) -> list[tuple[int, tuple[BoardMove, ...]]]:
        """Every move of the class (rule 12), each made from this board. A card goes
        onto a top: the two cards it fits on are twins, so one of them is a top if the
        class has a place for it. A card to go home that is not a top, but whose twin
        is, has the run on it moved onto the twin first."""
        columns, down, found = self.columns, self.down, self.found
        top_of = [-1] * 52  # the column a top card tops
        space = -1
        for i, col in enumerate(columns):
            if col:
                top_of[col[-1]] = i
            elif space < 0:
                space = i
        # The column to put each card onto (R2.1, R2.3), or -1: a King into the first
        # space; another card onto one of the two it fits on that is a top, the first
        # of them if both are (made once here, not asked per card: 0.991x the
        # instructions of two draw-3 solves).
        place = [-1] * 52
        for top in sorted([col[-1] for col in columns if col], reverse=True):
            i = top_of[top]  # the first of two twins comes last, and stays
            for card in _FITTING_ON[top]:
                place[card] = i
        if space >= 0:
            for king in _KINGS:
                place[king] = space

        found_moves: list[tuple[int, tuple[BoardMove, ...]]] = []
        add = found_moves.append
        for i, col in enumerate(columns):  # a column's first face-up card moves, its run too
            if col:
                d = down[i]
                card = col[d]
                if d or RANK_OF[card] != KING:
                    j = place[card]
                    if j >= 0:
                        add((_REVEALS, ((COLUMN_TO_COLUMN, i, j, 0, 0),)))
        for suit in range(4):  # home from a column: each suit's next card, if face up
            n = found[suit]
            if n < 13:
                card = suit * 13 + n
                i = top_of[card]
                if i >= 0:
                    add((_COLUMN_HOME, ((COLUMN_HOME, i, -1, 0, 0),)))
                elif moves := _run_off_to_go_home(card, columns, down, top_of):
                    add((_COLUMN_HOME, moves))
        talon = self.talon
        for index, presses, recycled in self.reach():  # from the talon
            card = talon[index]
            if found[SUIT_OF[card]] == RANK_OF[card] - 1:
                add((_TALON_HOME, ((TALON_HOME, index, -1, presses, recycled),)))
                if self._is_safe_home(card):
                    continue  # onto a column, the safe moves would send it home at once
            j = place[card]
            if j >= 0:
                add((_TALON_TO_COLUMN, ((TALON_TO_COLUMN, index, j, presses, recycled),)))
        for suit in range(4):  # back from a foundation (R2.6), not a card safe home
            n = found[suit]
            if n >= 3:
                card = suit * 13 + n - 1
                if not self._is_safe_home(card):
                    j = place[card]
                    if j >= 0:
                        add((_TAKE_BACK, ((FOUNDATION_TO_COLUMN, suit, j, 0, 0),)))
        return found_moves


def _run_off_to_go_home(
    card: int, columns: list[list[int]], down: list[int], top_of: list[int]
) -> tuple[BoardMove, BoardMove] | None:
    """Rule 12's one move with a rearranging move in it: where ``card``, next home and not
    a top, lies face up under a run and its twin is a top (``top_of``: per card the
    column it tops, or -1), the run onto the twin, then the card home; else None."""
    j = top_of[_TWIN[card]]
    if j < 0:
        return None
    for i, col in enumerate(columns):
        if card in col:
            if col.index(card) >= down[i]:  # face up
                return (COLUMN_TO_COLUMN, i, j, 0, 0), (COLUMN_HOME, i, -1, 0, 0)
            return None
    return None


class PrunedQuotient(Searcher):
    """Rule 13: rule 8's depth-first search, with rule 3's moves and talon chains, that
    knows a position by its class (rule 12's key). A move of rule 3 that leaves the class
    as it is (part of a run onto the twin of the card it lies on) is not tried; where it
    would uncover a card to go home, that card goes home in the same move."""

    by_class = True
    partial_runs = False
    key = Searcher.class_key

    def moves(self) -> list[tuple[int, tuple[BoardMove, ...]]]:
        """Rule 3's moves but those of part of a run (:meth:`Moves.moves`), and rule 12's
        moves that carry a run onto a twin to send the card under it home."""
        found_moves = Moves.moves(self)
        columns, down, found = self.columns, self.down, self.found
        top_of = [-1] * 52
        for i, top in enumerate(self.tops):  # Moves.moves's, per column (-1: a space)
            if top >= 0:
                top_of[top] = i
        for suit in range(4):
            n = found[suit]
            if n < 13 and top_of[suit * 13 + n] < 0 and (
                moves := _run_off_to_go_home(suit * 13 + n, columns, down, top_of)
            ):
                found_moves.append((_COLUMN_HOME_FIRST, moves))
        return found_moves
