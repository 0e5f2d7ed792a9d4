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
    BIT,
    COLUMN_HOME,
    COLUMN_TO_COLUMN,
    FOUNDATION_TO_COLUMN,
    TALON_HOME,
    TALON_TO_COLUMN,
    BoardMove,
)
from .moves import (  # per card: the two it is built on (R2.1); its twin; move orders
    _COLUMN_HOME_FIRST,
    _TARGETS,
    _TWIN,
    Moves,
)
from .search import Searcher

# Per card at the bottom of a column with no face-down card: 1 if it is the column's own
# (any card but a King, R2.3), 0 for a King, which may have come from elsewhere.
_OWN_BOTTOM = bytes(0 if RANK_OF[c] == KING else 1 for c in range(52))

# Per suit and count of its cards home, the bits (BIT) of those cards.
_HOME_BITS = tuple(
    tuple(sum(BIT[suit * 13 + rank] for rank in range(n)) for n in range(14)) for suit in range(4)
)

# Move order (rule 5's ties, higher first).
_REVEALS, _COLUMN_HOME, _TALON_HOME, _TALON_TO_COLUMN, _TAKE_BACK = 4, 3, 2, 1, 0


class Quotient(Searcher):
    """Rule 12's search: a depth-first search whose positions are the classes of
    positions that differ only in where the face-up cards that lie on other face-up
    cards lie."""

    column_parts_used = False  # its key is made from counts, not the columns' parts

    def key(self) -> bytes:
        """The foundations, per column the count of its own cards still on it below and
        at its first face-up card (0 for a space or a King's run moved into one), and
        rule 4's talon part. The face-up cards are the others."""
        locked = [
            d + 1 if d else _OWN_BOTTOM[col[0]] if col else 0
            for col, d in zip(self.columns, self.down, strict=True)
        ]
        return bytes(self.found + locked) + (self.talon_part or self.talon_key())

    def dead_key(self, key: bytes) -> bytes:
        """All of the key: it has no columns' part to cut at a 0xff byte, and in draw 1
        with unlimited passes its talon set can hold one (eight talon cards next to each
        other in its order of cards, suit by suit): cut there, two classes would share
        rule 6's answer."""
        return key

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

        def place_for(card: int) -> int:
            """The column to put ``card`` onto (R2.1, R2.3), or -1."""
            if RANK_OF[card] == KING:
                return space
            for parent in _TARGETS[card]:
                if top_of[parent] >= 0:
                    return top_of[parent]
            return -1

        found_moves: list[tuple[int, tuple[BoardMove, ...]]] = []
        add = found_moves.append
        for i, col in enumerate(columns):  # a column's first face-up card moves, its run too
            if col:
                d = down[i]
                card = col[d]
                if d or RANK_OF[card] != KING:
                    j = place_for(card)
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
            j = place_for(card)
            if j >= 0:
                add((_TALON_TO_COLUMN, ((TALON_TO_COLUMN, index, j, presses, recycled),)))
        for suit in range(4):  # back from a foundation (R2.6), not a card safe home
            n = found[suit]
            if n >= 3:
                card = suit * 13 + n - 1
                if not self._is_safe_home(card):
                    j = place_for(card)
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

    column_parts_used = False
    partial_runs = False
    key = Quotient.key

    def dead_key(self, key: bytes) -> bytes:
        """In draw 1 with unlimited passes, where rule 6 tells a position by its tableau
        alone (:meth:`~.dead.DeadEnds.dead_key`), the class's part of the tableau: per
        column the count of its own cards (the key's), and the 52 bits of the cards off
        the tableau, home or in the talon (the others are face up). Else all the key."""
        if not self.talon_is_set:
            return key
        # The key (Quotient.key): 4 foundation counts, 7 column counts, the talon's bits.
        off = int.from_bytes(key[11:], "little")
        for suit in range(4):
            off |= _HOME_BITS[suit][key[suit]]
        return key[4:11] + off.to_bytes(7, "little")

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
