"""Play it for me (issue 42): the solver's winning line, played card by card at the
animation's speed, with pause, one step and stop. kpat and PySolFC call it Demo.

The session plays each move (:meth:`klondike.app.session.Session.demo_step`); this part
keeps whether it plays or waits, how long a step takes, and what is said when there is no
line to play. A game in which it played a move is counted apart in the statistics, not as
the player's win.

>>> demo = Demo()
>>> demo.start(); demo.playing, demo.step_seconds("fast")
(True, 0.3)
>>> demo.pause(); demo.playing, demo.active
(False, True)
>>> demo.stop(); demo.active
False
"""

from __future__ import annotations

from ..i18n import _
from ..solution import LOST, UNKNOWN
from .analysis import BUSY, UNAVAILABLE

#: Seconds from one move of the line to the next, by the animation setting: the glide
#: (static/site.css's --move-time) and a pause to follow it.
STEP_SECONDS = {"normal": 0.6, "fast": 0.3, "off": 0.15}

PLAYING = "playing"
PAUSED = "paused"


class Demo:
    def __init__(self) -> None:
        self.state: str | None = None  # PLAYING, PAUSED, or None: not playing

    @property
    def active(self) -> bool:
        """Playing or paused: the controls are shown."""
        return self.state is not None

    @property
    def playing(self) -> bool:
        return self.state == PLAYING

    def start(self) -> None:
        self.state = PLAYING

    def pause(self) -> None:
        if self.state is not None:
            self.state = PAUSED

    def resume(self) -> None:
        if self.state is not None:
            self.state = PLAYING

    def stop(self) -> None:
        self.state = None

    @staticmethod
    def step_seconds(animation: str) -> float:
        return STEP_SECONDS.get(animation, STEP_SECONDS["normal"])


def no_line_said(state: str) -> str:
    """Why there is nothing to play, by the indicator's ``state`` of the position."""
    if state == LOST:
        return _("Play it for me: this game can no longer be won. Undo to the last winnable "
                 "position first.")
    if state == UNKNOWN:
        return _("Play it for me: the solver is not sure this game can be won, so it has no "
                 "line to play")
    if state == BUSY:
        return _("Play it for me: the solver is still working out how to win this game. Try "
                 "again in a moment.")
    if state == UNAVAILABLE:
        return _("Play it for me: the solver is unavailable in this browser")
    return _("Play it for me: no winning line is known for this position")


__all__ = ["Demo", "PAUSED", "PLAYING", "STEP_SECONDS", "no_line_said"]
