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

A link to a deal, pasted where a code is asked for, is read as its code; what a message
echoes of the text is at most :data:`ECHO_CHARS` characters long:

>>> str(GameCode.parse("https://example.org/klondike/#KL1-D3V-AAAAAAG"))
'KL1-D3V-AAAAAAG'
>>> str(GameCode.parse("http://127.0.0.1:8000/?game=kl1-d1n-aaaaaab&x=1"))
'KL1-D1N-AAAAAAB'
>>> GameCode.parse("X" * 100_000 + "-D1N-AAAAAAG")
Traceback (most recent call last):
...
klondike.codes.BadCode: unknown code version 'XXXXXXXXXXXXXXXXXXXX…' (this game reads KL1)

Spaces inside a code are refused as such (it named the version 'KL1 ' unknown):

>>> GameCode.parse("KL1 - D1N - AAAAAAG")
Traceback (most recent call last):
...
klondike.codes.BadCode: a game code has no spaces inside, like KL1-D1N-AAAAAAG
"""

from __future__ import annotations

from dataclasses import dataclass

from .deal import DEALS
from .i18n import _
from .scoring import SCORINGS, unknown_letter

VERSION = "KL1"
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: The most a message repeats of what a player typed (a code can be pasted at any length).
ECHO_CHARS = 20


def _echo(text: str) -> str:
    """``text`` quoted for a message, cut to :data:`ECHO_CHARS` characters."""
    return repr(text if len(text) <= ECHO_CHARS else text[:ECHO_CHARS] + "…")


def _code_of(text: str) -> str:
    """The code in ``text``: itself, or the one a link to a deal carries, after its ``#``
    or in its ``game=`` parameter (the game's own "Copy link" writes the first)."""
    if "#" in text:
        return text.rsplit("#", 1)[1]
    if "game=" in text:
        return text.rsplit("game=", 1)[1].split("&", 1)[0]
    return text


class BadCode(ValueError):
    """A game code that does not match R7; the message names the faulty part."""


@dataclass(frozen=True, slots=True)
class GameCode:
    deal: int
    draw: int = 1
    scoring: str = "N"

    def __post_init__(self) -> None:
        if not 0 <= self.deal < DEALS:
            raise BadCode(_("deal number must be in 0..{last}").format(last=DEALS - 1))
        if self.draw not in (1, 3):
            raise BadCode(_("draw must be 1 or 3"))
        if self.scoring not in SCORINGS:
            raise BadCode(unknown_letter(repr(self.scoring)))

    def __str__(self) -> str:
        letters = []
        n = self.deal
        for _letter in range(7):
            n, digit = divmod(n, 26)
            letters.append(_LETTERS[digit])
        return f"{VERSION}-D{self.draw}{self.scoring}-{''.join(reversed(letters))}"

    @classmethod
    def parse(cls, text: str) -> GameCode:
        """Parse a code, case-insensitively and ignoring surrounding spaces (R7), or the
        code of a link to a deal."""
        if not isinstance(text, str):
            raise BadCode(_("a game code must be text such as KL1-D1N-AAAAAAG"))
        code = _code_of(text.strip()).strip().upper()
        if any(ch.isspace() for ch in code):  # (R7: only spaces around it are ignored)
            raise BadCode(_("a game code has no spaces inside, like KL1-D1N-AAAAAAG"))
        parts = code.split("-")
        if len(parts) != 3:
            raise BadCode(_("a game code has three parts, like KL1-D1N-AAAAAAG"))
        version, mode, deal_part = parts
        if version != VERSION:
            raise BadCode(_("unknown code version {version} (this game reads {reads})")
                          .format(version=_echo(version), reads=VERSION))
        if len(mode) != 3 or mode[0] != "D" or mode[1] not in "13":
            raise BadCode(_("mode part {mode} must be D1 or D3 and a scoring letter, like D1N")
                          .format(mode=_echo(mode)))
        if mode[2] not in SCORINGS:
            raise BadCode(unknown_letter(_echo(mode[2])))
        if len(deal_part) != 7 or not all(ch in _LETTERS for ch in deal_part):
            raise BadCode(_("deal part must be 7 letters A-Z"))
        number = 0
        for ch in deal_part:
            number = number * 26 + _LETTERS.index(ch)
        return cls(deal=number, draw=int(mode[1]), scoring=mode[2])
