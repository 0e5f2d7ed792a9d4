"""The deal (SPEC R1): a frozen, portable function of the deal number.

It does not use :mod:`random`, whose algorithms may change between Python versions;
every step is spelled out in SPEC R1 so that other programs can reproduce our deals.

>>> d = deal(0)
>>> " ".join(map(str, d.columns[6]))
'6c 9d 2s 6s 5h 8h Ah'
>>> " ".join(map(str, d.stock[:4]))
'Qd Tc Qs Jh'
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import CARDS, Card

DEALS = 26**7
_MASK = (1 << 64) - 1


class SplitMix64:
    """The PRNG of R1.2: 64-bit outputs, all arithmetic mod 2^64."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """An unbiased draw in ``range(bound)`` by rejection sampling (R1.3)."""
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            x = self.next()
            if x < limit:
                return x % bound


class Deal(NamedTuple):
    """Seven columns (bottom to top; only the last card face up) and the stock."""

    columns: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]  # stock[0] is the first card turned onto the waste


def shuffled_deck(number: int) -> list[Card]:
    """The deck of deal ``number`` after the Fisher-Yates shuffle of R1.4."""
    if not 0 <= number < DEALS:
        raise ValueError(f"deal number must be in 0..{DEALS - 1}, not {number}")
    deck = list(CARDS)
    rng = SplitMix64(number)
    for i in range(51, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal(number: int) -> Deal:
    """Deal like a person (R1.5): row by row, from deck[0] upward."""
    deck = shuffled_deck(number)
    columns: list[list[Card]] = [[] for _ in range(7)]
    k = 0
    for row in range(7):
        for column in range(row, 7):
            columns[column].append(deck[k])
            k += 1
    return Deal(tuple(map(tuple, columns)), tuple(deck[28:]))
