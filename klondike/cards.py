"""Cards (SPEC R1): 52 values with a two-letter text form such as ``Ts``.

A :class:`Card` is an ``int`` from 0 to 51 (suit * 13 + rank - 1, suits in the order
spades, hearts, diamonds, clubs), so cards index tables and compare at int speed, while
``str()`` and :meth:`Card.from_text` give the text form of SPEC R1 and R10.

>>> Card.from_text("Ts")
Card('Ts')
>>> c = Card.from_text("qh"); (c.rank, c.suit, c.is_red, c.name)
(12, 'h', True, 'queen of hearts')
"""

from __future__ import annotations

RANKS = "A23456789TJQK"
SUITS = "shdc"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
SUIT_SYMBOLS = ("\u2660", "\u2665", "\u2666", "\u2663")
RANK_NAMES = (
    "ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king",
)
KING = 13


class Card(int):
    """One of the 52 cards. Use :data:`CARDS` or :meth:`from_text`; never construct."""

    __slots__ = ()

    @property
    def rank(self) -> int:
        """1 (Ace) to 13 (King)."""
        return self % 13 + 1

    @property
    def suit(self) -> str:
        """One of ``s h d c``."""
        return SUITS[self // 13]

    @property
    def suit_index(self) -> int:
        """0 spades, 1 hearts, 2 diamonds, 3 clubs: the fixed foundation order (R2.5)."""
        return self // 13

    @property
    def is_red(self) -> bool:
        return 13 <= self < 39

    @property
    def name(self) -> str:
        """The English name, e.g. ``"7 of hearts"`` (used for accessible names)."""
        return f"{RANK_NAMES[self % 13]} of {SUIT_NAMES[self // 13]}"

    @property
    def symbol(self) -> str:
        """Rank and suit symbol, e.g. ``"10♥"``."""
        rank = "10" if self % 13 == 9 else RANKS[self % 13]
        return rank + SUIT_SYMBOLS[self // 13]

    def __str__(self) -> str:
        return RANKS[self % 13] + SUITS[self // 13]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @classmethod
    def from_text(cls, text: str) -> Card:
        """Parse ``Ts``/``ts``/``10s``; raise ``ValueError`` naming the bad text."""
        t = text.strip()
        if t[:2] == "10":
            t = "T" + t[2:]
        if len(t) != 2 or t[0].upper() not in RANKS or t[1].lower() not in SUITS:
            raise ValueError(f"not a card: {text!r} (expected rank A23456789TJQK + suit shdc)")
        return CARDS[SUITS.index(t[1].lower()) * 13 + RANKS.index(t[0].upper())]


CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(52))

# Lookup tables indexed by card, for the hot paths of move generation and the solver.
RANK_OF: tuple[int, ...] = tuple(i % 13 + 1 for i in range(52))
SUIT_OF: tuple[int, ...] = tuple(i // 13 for i in range(52))
RED: tuple[bool, ...] = tuple(13 <= i < 39 for i in range(52))
