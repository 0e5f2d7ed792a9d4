"""The scorings of SPEC R3, one class each: its table, recycle rule, floor, passes, time
rules and how its score reads.

A scoring is an object the game asks (in the spirit of python-chess's variants): the game
applies the points of :class:`Scoring`'s table and its floor, so undo restores the score
before a move exactly (R4); the app shows what :meth:`Scoring.score_line` and
:meth:`Scoring.value_text` say. The code letter maps to the scoring in one place,
:data:`SCORINGS`; adding a scoring is one class here, its messages, and its entry there.

>>> SCORINGS["V"].value_text(208), SCORINGS["V"].value_text(-52), SCORINGS["N"].value_text(730)
('+$208', '-$52', '730')
>>> standard_time_penalty(59), standard_time_bonus(100)
(-10, 7000)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .i18n import N_, NC_, _

# R3.2, Standard's time rules and its free draw-3 recycles (also shown in the help).
STANDARD_FREE_RECYCLES = 3
STANDARD_TIME_STEP = 10  # seconds
STANDARD_TIME_POINTS = -2  # for every full step
STANDARD_BONUS = 700000  # divided by the elapsed seconds, on a win
STANDARD_BONUS_AFTER = 30  # seconds: no bonus for a win this fast or faster


@dataclass(frozen=True, slots=True)
class Scoring:
    """A scoring: the points of each event (R3) and how they read. The base class is
    a table of zeros with no floor and unlimited passes; each scoring sets its own."""

    letter: str = ""  # in the game code (R7)
    #: English; show it as pgettext("scoring", name): "Normal" is also an animation speed,
    #: and a language may name the scoring otherwise (NC_ marks it with that context).
    name: str = ""
    #: Its name where the player chooses a scoring (the New game dialog, the settings),
    #: which tools/build.py writes into index.html from :data:`SCORINGS` (context
    #: "scoring" too).
    choice: str = ""
    start: int = 0
    to_foundation: int = 0  # a card onto a foundation, from a column or the waste
    waste_to_column: int = 0
    flip: int = 0  # a face-down card turned up
    from_foundation: int = 0  # a foundation's top card back to a column
    floor: int | None = None  # the score never goes below this; None: no floor
    passes: int | None = None  # passes through the stock; None: unlimited (R2.9)
    shows_points: bool = True
    #: The clock takes points (R3.2): the score depends on when each move was made.
    timed: bool = False
    unit: str = N_("Points")  # the help table's column of values
    best_label: str = N_("Best score")  # the statistics row of the best game
    bank_label: str | None = None  # the statistics row of a total carried over, if any

    def recycle_points(self, draw: int, recycle_number: int) -> int:
        """Points for the ``recycle_number``-th (1-based) recycle of the waste."""
        return 0

    def total(self, points: int, seconds: float, won: bool) -> int | None:
        """The score shown after ``seconds`` of play with ``points`` from the moves (None
        when the scoring shows no points)."""
        return points if self.shows_points else None

    def running_total(self, start: int, timed_points: Iterable[tuple[int, int]],
                      seconds: float, won: bool) -> int | None:
        """The score shown after ``seconds`` of play, from the score at the start and
        each move's ``(time step, points)`` as played (a :attr:`timed` scoring's: the
        others need no times and are asked :meth:`total`)."""
        points = start
        for _step, p in timed_points:
            points += p
            if self.floor is not None and points < self.floor:
                points = self.floor
        return self.total(points, seconds, won)

    def value_text(self, value: int | None) -> str:
        """A score as the player reads it ("730", "+$208"); "" for no score."""
        return "" if value is None or not self.shows_points else str(value)

    def points_text(self, points: int) -> str:
        """A table entry: "+10", "-100", "0"."""
        return f"{points:+d}" if points else "0"

    def plain_text(self, value: int | None) -> str:
        """The score for the command line (English): "730 points"."""
        return f"{value} points"

    def score_line(self, value: int | None, seconds: float, moves: int) -> str:
        """The toolbar's score line, in the player's language."""
        return _("Score {points}  Moves {moves}").format(points=value, moves=moves)

    def help_notes(self) -> list[str]:
        """The help's sentences about this scoring, above its table."""
        if self.floor is None:
            return []
        return [_("The score starts at {start} and never goes below {floor}.").format(
            start=self.points_text(self.start), floor=self.points_text(self.floor))]

    def time_rows(self) -> list[tuple[str, str]]:
        """The help table's rows for points that depend on time, after the others."""
        return []

    @property
    def banks(self) -> bool:
        """Whether the score of every game adds up to a total kept across games."""
        return self.bank_label is not None


@dataclass(frozen=True, slots=True)
class Normal(Scoring):
    """R3.1, the Polish app's scoring."""

    letter: str = "N"
    name: str = NC_("scoring", "Normal")
    choice: str = NC_("scoring", "Normal")
    to_foundation: int = 10
    waste_to_column: int = 5
    flip: int = 5
    floor: int | None = 0

    def recycle_points(self, draw: int, recycle_number: int) -> int:
        return -100  # R3.1


@dataclass(frozen=True, slots=True)
class Standard(Normal):
    """R3.2, Windows Solitaire's standard scoring: Normal's table, a card back from a
    foundation costs 15, draw 3's first recycles are free, and time counts."""

    letter: str = "S"
    name: str = NC_("scoring", "Standard")
    choice: str = NC_("scoring", "Standard (Windows)")
    from_foundation: int = -15
    timed: bool = True

    def recycle_points(self, draw: int, recycle_number: int) -> int:
        if draw == 1:
            return -100
        return 0 if recycle_number <= STANDARD_FREE_RECYCLES else -20

    def total(self, points: int, seconds: float, won: bool) -> int | None:
        return standard_total(points, seconds, won)

    def running_total(self, start: int, timed_points: Iterable[tuple[int, int]],
                      seconds: float, won: bool) -> int | None:
        return standard_running(start, timed_points, seconds, won)

    def help_notes(self) -> list[str]:
        return [*Normal.help_notes(self),
                _("The longer you play, the fewer points: see the time rows below.")]

    def time_rows(self) -> list[tuple[str, str]]:
        return [
            (_("Every {seconds} seconds of play").format(seconds=STANDARD_TIME_STEP),
             self.points_text(STANDARD_TIME_POINTS)),
            (_("A win after more than {seconds} seconds").format(seconds=STANDARD_BONUS_AFTER),
             _("+{bonus} / seconds played").format(bonus=STANDARD_BONUS)),
        ]


@dataclass(frozen=True, slots=True)
class Vegas(Scoring):
    """R3.3: dollars, $52 to start, $5 a card home, one pass, the dollars carried over."""

    letter: str = "V"
    name: str = NC_("scoring", "Vegas")
    choice: str = NC_("scoring", "Vegas")
    start: int = -52
    to_foundation: int = 5
    passes: int | None = 1
    unit: str = N_("Dollars")
    best_label: str = N_("Best result")
    bank_label: str | None = N_("Vegas bank")

    def value_text(self, value: int | None) -> str:
        return "" if value is None else vegas_text(value)

    def points_text(self, points: int) -> str:
        return vegas_text(points)

    def plain_text(self, value: int | None) -> str:
        return self.value_text(value)

    def score_line(self, value: int | None, seconds: float, moves: int) -> str:
        return _("Vegas {dollars}").format(dollars=self.value_text(value))

    def help_notes(self) -> list[str]:
        return [_("The score is in dollars and can be negative."), *Scoring.help_notes(self)]


@dataclass(frozen=True, slots=True)
class NoScore(Scoring):
    """R3.4: no points; the time since the first move and the moves."""

    letter: str = "X"
    name: str = NC_("scoring", "None")
    choice: str = NC_("scoring", "None (time and moves)")
    shows_points: bool = False

    def plain_text(self, value: int | None) -> str:
        return "no score"

    def score_line(self, value: int | None, seconds: float, moves: int) -> str:
        return _("Time {time}  Moves {moves}").format(time=clock_text(seconds), moves=moves)


NORMAL = Normal()
STANDARD = Standard()
VEGAS = Vegas()
NO_SCORE = NoScore()

#: The one place a game code's scoring letter (R7) becomes its scoring.
SCORINGS: dict[str, Scoring] = {s.letter: s for s in (NORMAL, STANDARD, VEGAS, NO_SCORE)}


def unknown_letter(letter: str) -> str:
    """What a scoring letter that is none of :data:`SCORINGS`' is told, in a game code
    or a position (``letter`` as it is to be shown). The one message naming them all:
    tests/test_scoring.py fails when a scoring is added and it does not say its letter."""
    return _("unknown scoring letter {letter} (use N, S, V or X)").format(letter=letter)


def standard_time_penalty(seconds: float) -> int:
    """R3.2: -2 points for every full 10 seconds of play."""
    return STANDARD_TIME_POINTS * (int(seconds) // STANDARD_TIME_STEP)


def standard_time_bonus(seconds: float) -> int:
    """R3.2: on a win, 700000 / elapsed seconds if the game took more than 30 seconds."""
    s = int(seconds)
    return STANDARD_BONUS // s if s > STANDARD_BONUS_AFTER else 0


def standard_total(move_points: int, seconds: float, won: bool) -> int:
    """The Standard score shown at ``seconds`` when the moves' times are not known (a
    game saved before they were kept): move points less the whole time penalty, never
    below 0, plus the time bonus once the game is won. :func:`standard_running` is the
    score as Windows keeps it."""
    total = max(0, move_points + standard_time_penalty(seconds))
    return total + (standard_time_bonus(seconds) if won else 0)


def standard_step(seconds: float) -> int:
    """R3.2: the full 10-second steps in ``seconds`` of play, each costing 2 points."""
    return max(0, int(seconds)) // STANDARD_TIME_STEP


def standard_running(start: int, timed_points: Iterable[tuple[int, int]], seconds: float,
                     won: bool) -> int:
    """R3.2 as Windows keeps the score: it runs from ``start``, and every move's points
    and every 10 seconds' -2 take it no lower than 0, in the order they came.
    ``timed_points``: each move's ``(time step, points)`` (:func:`standard_step` of the
    clock when it was made, its points by the table), as played. Points the clock could
    not take at 0 are not owed later: a card home after a long think at 0 shows 10.

    >>> standard_running(0, [(0, 10), (20, 10), (20, 5)], 200, won=False)  # 0 from 10 s
    15
    >>> standard_total(25, 200, won=False)  # the same moves, the penalty taken at once
    0
    """
    score, step = start, 0
    for at, points in timed_points:
        if at > step:
            score = max(0, score + STANDARD_TIME_POINTS * (at - step))
            step = at
        score = max(0, score + points)
    now = standard_step(seconds)
    if now > step:
        score = max(0, score + STANDARD_TIME_POINTS * (now - step))
    return score + (standard_time_bonus(seconds) if won else 0)


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
