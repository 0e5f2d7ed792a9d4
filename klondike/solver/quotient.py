"""Rule 12 of :mod:`klondike.solver`: the depth-first search that knows a position by what
no rearranging of the tableau's face-up runs can change (lonelybot's state, see the rule).

A :class:`Quotient` is a :class:`~.search.Searcher` with its own :meth:`Quotient.key` and
:meth:`Quotient.moves`; its depth-first search (``steps``), its table, rule 4's waste
dominance and rule 6's check are the searcher's own.
"""

from __future__ import annotations

from ..cards import RANK_OF, RED, SUIT_OF
from .board import (
    COLUMN_HOME,
    COLUMN_TO_COLUMN,
    FOUNDATION_TO_COLUMN,
    TALON_HOME,
    TALON_TO_COLUMN,
    BoardMove,
)
from .search import Searcher

_KING = 13
# Per card: its twin (the other card of its colour and rank), and the two cards it can
# be built on (R2.1), none for a King.
_TWIN = tuple((3 - SUIT_OF[c]) * 13 + RANK_OF[c] - 1 for c in range(52))
_PARENTS = tuple(
    tuple(s * 13 + RANK_OF[c] for s in ((0, 3) if RED[c] else (1, 2))) if RANK_OF[c] < _KING else ()
    for c in range(52)
)# Per card at the bottom of a column with no face-down card: 1 if it is the column's own
# (any card but a King, R2.3), 0 for a King, which may have come from elsewhere.
_OWN_BOTTOM = bytes(0 if RANK_OF[c] == _KING else 1 for c in range(52))

# Move order (rule 5's ties, higher first).
_REVEALS, _COLUMN_HOME, _TALON_HOME, _TALON_TO_COLUMN, _TAKE_BACK = 4, 3, 2, 1, 0


class Quotient(Searcher):
    """Rule 12's search: a depth-first search whose positions are the classes of
    positions that differ only in where the face-up cards that lie on other face-up
    cards lie."""

    def key(self) -> bytes:
        """The foundations, per column the count of its own cards still on it below and
        at its first face-up card (0 for a space or a King's run moved into one), and
        rule 4's talon part. The face-up cards are the others."""
        locked = [
            d + 1 if d else _OWN_BOTTOM[col[0]] if col else 0
            for col, d in zip(self.columns, self.down, strict=True)
        ]
        return bytes(self.found + locked) + (self.talon_part or self.talon_key())

    def moves(self) -> list[tuple[int, tuple[BoardMove, ...]]]:
        """Every move of the class (rule 12), each made from this board, with the
        rearrangement it needs first: a card that is not a top but whose twin is has
        its run moved onto the twin."""
        columns, down, found = self.columns, self.down, self.found
        column_of = [-1] * 52  # face-up cards only
        top_of = [-1] * 52  # the column a top card tops
        space = -1
        for i, col in enumerate(columns):
            if col:
                for card in col[down[i] :]:
                    column_of[card] = i
                top_of[col[-1]] = i
            elif space < 0:
                space = i

        def made_top(card: int) -> tuple[BoardMove, ...] | None:
            """The moves that make face-up ``card`` a top, or None if no move does."""
            if top_of[card] >= 0:
                return ()
            twin_column = top_of[_TWIN[card]]
            if twin_column >= 0:
                return ((COLUMN_TO_COLUMN, column_of[card], twin_column, 0, 0),)
            return None

        def place_for(card: int) -> tuple[tuple[BoardMove, ...], int] | None:
            """(moves first, column) to put ``card`` onto, or None."""
            if RANK_OF[card] == _KING:
                return ((), space) if space >= 0 else None
            for parent in _PARENTS[card]:
                if column_of[parent] >= 0:
                    first = made_top(parent)
                    if first is not None:
                        return first, column_of[parent]
            return None

        found_moves: list[tuple[int, tuple[BoardMove, ...]]] = []
        add = found_moves.append
        for i, col in enumerate(columns):  # a column's first face-up card moves
            if col:
                d = down[i]
                card = col[d]
                if d or RANK_OF[card] != _KING:
                    place = place_for(card)
                    if place is not None and place[1] != i:
                        add((_REVEALS, (*place[0], (COLUMN_TO_COLUMN, i, place[1], 0, 0))))
        for suit in range(4):  # home from a column: each suit's next card, if face up
            n = found[suit]
            if n < 13:
                card = suit * 13 + n
                i = column_of[card]
                if i >= 0:
                    first = made_top(card)
                    if first is not None:
                        add((_COLUMN_HOME, (*first, (COLUMN_HOME, i, -1, 0, 0))))
        talon = self.talon
        for index, presses, recycled in self.reach():  # from the talon
            card = talon[index]
            if found[SUIT_OF[card]] == RANK_OF[card] - 1:
                add((_TALON_HOME, ((TALON_HOME, index, -1, presses, recycled),)))
            place = place_for(card)
            if place is not None:
                move = (TALON_TO_COLUMN, index, place[1], presses, recycled)
                add((_TALON_TO_COLUMN, (*place[0], move)))
        for suit in range(4):  # back from a foundation (R2.6), not a card safe home
            n = found[suit]
            if n >= 3:
                card = suit * 13 + n - 1
                if not self._is_safe_home(card):
                    place = place_for(card)
                    if place is not None:
                        move = (FOUNDATION_TO_COLUMN, suit, place[1], 0, 0)
                        add((_TAKE_BACK, (*place[0], move)))
        return found_moves
