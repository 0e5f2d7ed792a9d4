"""Game codes (SPEC R7) such as ``KL1-D1N-AAAAAAG``: deal, draw mode and scoring.

>>> code = GameCode.parse("  kl1-d3v-aaaaaag ")
>>> code
GameCode(deal=6, draw=3, scoring='V')
>>> str(code)
'KL1-D3V-AAAAAAG'
>>> GameCode.parse("KL1-D1Q-AAAAAAG")
Traceback (most recent call last):
...
klondike.codes.BadCode: unknown scoring letter 'Q' (use N, S, V or X)
"""

from __future__ import annotations

from dataclasses import dataclass

from .deal import DEALS

VERSION = "KL1"
SCORING_LETTERS = "NSVX"
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class BadCode(ValueError):
    """A game code that does not match R7; the message names the faulty part."""


@dataclass(frozen=True, slots=True)
class GameCode:
    deal: int
    draw: int = 1
    scoring: str = "N"

    def __post_init__(self) -> None:
        if not 0 <= self.deal < DEALS:
            raise BadCode(f"deal number must be in 0..{DEALS - 1}")
        if self.draw not in (1, 3):
            raise BadCode("draw must be 1 or 3")
        if self.scoring not in SCORING_LETTERS:
            raise BadCode(f"unknown scoring letter {self.scoring!r} (use N, S, V or X)")

    def __str__(self) -> str:
        letters = []
        n = self.deal
        for _ in range(7):
            n, digit = divmod(n, 26)
            letters.append(_LETTERS[digit])
        return f"{VERSION}-D{self.draw}{self.scoring}-{''.join(reversed(letters))}"

    @classmethod
    def parse(cls, text: str) -> GameCode:
        """Parse a code, case-insensitively and ignoring surrounding spaces (R7)."""
        if not isinstance(text, str):
            raise BadCode("a game code must be text such as KL1-D1N-AAAAAAG")
        parts = text.strip().upper().split("-")
        if len(parts) != 3:
            raise BadCode("a game code has three parts, like KL1-D1N-AAAAAAG")
        version, mode, deal_part = parts
        if version != VERSION:
            raise BadCode(f"unknown code version {version!r} (this game reads {VERSION})")
        if len(mode) != 3 or mode[0] != "D" or mode[1] not in "13":
            raise BadCode(f"mode part {mode!r} must be D1 or D3 and a scoring letter, like D1N")
        if mode[2] not in SCORING_LETTERS:
            raise BadCode(f"unknown scoring letter {mode[2]!r} (use N, S, V or X)")
        if len(deal_part) != 7 or not all(ch in _LETTERS for ch in deal_part):
            raise BadCode("deal part must be 7 letters A-Z")
        number = 0
        for ch in deal_part:
            number = number * 26 + _LETTERS.index(ch)
        return cls(deal=number, draw=int(mode[1]), scoring=mode[2])
