"""Moves and their text (SPEC R10): one token per action.

``S`` turns the stock (or recycles the waste when the stock is empty); ``W>T3`` and
``W>F`` play the waste's top card; ``T2>F`` and ``T2>T5`` play from a column (the run
that fits, R2.2); ``Fh>T4`` takes a foundation's top card back (R2.6).

Moves are interned: there are 86 of them, so ``Move.from_text`` is a dictionary lookup
and ``is`` / ``==`` compare identities.

>>> Move.from_text("t2>t5")
Move('T2>T5')
>>> str(Move.from_text("FH>t4"))
'Fh>T4'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from .cards import SUITS
from .i18n import _

DRAW = 0  # S: turn the stock, or recycle the waste when the stock is empty
WASTE_TO_FOUNDATION = 1  # W>F
WASTE_TO_COLUMN = 2  # W>Tn
COLUMN_TO_FOUNDATION = 3  # Tn>F
COLUMN_TO_COLUMN = 4  # Tm>Tn
FOUNDATION_TO_COLUMN = 5  # Fs>Tn


class IllegalMove(ValueError):
    """A move the rules do not allow now, with a reason a player understands."""


class Move:
    """One action. ``source``/``target`` are 0-based column or suit indices, or -1."""

    __slots__ = ("kind", "source", "target", "text", "index")

    kind: int
    source: int
    target: int
    text: str
    index: int

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Move({self.text!r})"

    # Keep identity across pickling (e.g. multiprocessing): one Move object per move.
    def __reduce__(self) -> tuple[Callable[[str], Move], tuple[str]]:
        return (Move.from_text, (self.text,))

    @staticmethod
    def from_text(text: str) -> Move:
        """Parse move text case-insensitively; raise :class:`IllegalMove` if it is none."""
        key = text.strip().upper() if isinstance(text, str) else None
        move = _BY_TEXT.get(key) if key is not None else None
        if move is not None:
            return move
        if key and key[0] == "F" and key.endswith(">F"):
            raise IllegalMove(_("A card cannot go from one foundation to another"))
        if key and len(key) == 5 and key[0] == "T" and key[1:2] == key[4:5]:
            raise IllegalMove(_("A column cannot move onto itself"))
        raise IllegalMove(
            _("Not a move: {text} (moves look like S, W>T3, W>F, T2>F, T2>T5, Fh>T4)")
            .format(text=repr(text))
        )


def _make(kind: int, source: int, target: int, text: str) -> Move:
    move = object.__new__(Move)
    move.kind, move.source, move.target, move.text = kind, source, target, text
    move.index = len(ALL_MOVES)
    ALL_MOVES.append(move)
    return move


ALL_MOVES: list[Move] = []
STOCK = _make(DRAW, -1, -1, "S")
WASTE_TO_F = _make(WASTE_TO_FOUNDATION, -1, -1, "W>F")
WASTE_TO_T = tuple(_make(WASTE_TO_COLUMN, -1, j, f"W>T{j + 1}") for j in range(7))
COLUMN_TO_F = tuple(_make(COLUMN_TO_FOUNDATION, i, -1, f"T{i + 1}>F") for i in range(7))
# COLUMN_TO_T[i][j] for i != j: a column never moves onto itself, so the diagonal holds
# None, and as nothing reads it, the type says what every read gets.
COLUMN_TO_T = cast(tuple[tuple[Move, ...], ...], tuple(
    tuple(
        _make(COLUMN_TO_COLUMN, i, j, f"T{i + 1}>T{j + 1}") if i != j else None
        for j in range(7)
    )
    for i in range(7)
))
FOUNDATION_TO_T = tuple(
    tuple(_make(FOUNDATION_TO_COLUMN, s, j, f"F{SUITS[s]}>T{j + 1}") for j in range(7))
    for s in range(4)
)
_BY_TEXT = {m.text.upper(): m for m in ALL_MOVES}
