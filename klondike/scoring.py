"""The four scorings of SPEC R3 as data, plus the pure time parts of Standard.

Every move's points come from one :class:`Scoring` row; the game applies them and the
floor, so undo can restore the score before the move exactly (R4).

>>> vegas_text(208), vegas_text(0), vegas_text(-52)
('+$208', '$0', '-$52')
>>> standard_time_penalty(59), standard_time_bonus(100)
(-10, 7000)
"""

from __future__ import annotations

from dataclasses import dataclass

from .i18n import N_


@dataclass(frozen=True, slots=True)
class Scoring:
    letter: str
    name: str  # English; show it as _(name)
    start: int
    to_foundation: int  # a card onto a foundation, from a column or the waste
    waste_to_column: int
    flip: int  # a face-down card turned up
    from_foundation: int  # a foundation's top card back to a column
    floor: int | None  # the score never goes below this; None: no floor
    passes: int | None  # passes through the stock; None: unlimited (R2.9)
    shows_points: bool = True

    def recycle_points(self, draw: int, recycle_number: int) -> int:
        """Points for the ``recycle_number``-th (1-based) recycle of the waste."""
        if self.letter == "N":
            return -100  # R3.1
        if self.letter == "S":  # R3.2: draw 3 recycles 1-3 are free
            if draw == 1:
                return -100
            return 0 if recycle_number <= STANDARD_FREE_RECYCLES else -20
        return 0


NORMAL = Scoring("N", N_("Normal"), 0, 10, 5, 5, 0, floor=0, passes=None)
STANDARD = Scoring("S", N_("Standard"), 0, 10, 5, 5, -15, floor=0, passes=None)
VEGAS = Scoring("V", N_("Vegas"), -52, 5, 0, 0, 0, floor=None, passes=1)
NO_SCORE = Scoring("X", N_("None"), 0, 0, 0, 0, 0, floor=None, passes=None,
                   shows_points=False)

# R3.2, Standard's time rules and its free draw-3 recycles (also shown in the help).
STANDARD_FREE_RECYCLES = 3
STANDARD_TIME_STEP = 10  # seconds
STANDARD_TIME_POINTS = -2  # for every full step
STANDARD_BONUS = 700000  # divided by the elapsed seconds, on a win
STANDARD_BONUS_AFTER = 30  # seconds: no bonus for a win this fast or faster

SCORINGS = {s.letter: s for s in (NORMAL, STANDARD, VEGAS, NO_SCORE)}


def standard_time_penalty(seconds: float) -> int:
    """R3.2: -2 points for every full 10 seconds of play."""
    return STANDARD_TIME_POINTS * (int(seconds) // STANDARD_TIME_STEP)


def standard_time_bonus(seconds: float) -> int:
    """R3.2: on a win, 700000 / elapsed seconds if the game took more than 30 seconds."""
    s = int(seconds)
    return STANDARD_BONUS // s if s > STANDARD_BONUS_AFTER else 0


def standard_total(move_points: int, seconds: float, won: bool) -> int:
    """The Standard score shown at ``seconds``: move points less the time penalty,
    never below 0, plus the time bonus once the game is won."""
    total = max(0, move_points + standard_time_penalty(seconds))
    return total + (standard_time_bonus(seconds) if won else 0)


def vegas_text(dollars: int) -> str:
    """R3.3: dollars as the app shows them."""
    if dollars > 0:
        return f"+${dollars}"
    if dollars < 0:
        return f"-${-dollars}"
    return "$0"


def clock_text(seconds: float) -> str:
    """``m:ss`` (or ``h:mm:ss``) for the X scoring's time (R3.4)."""
    s = max(0, int(seconds))
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"
