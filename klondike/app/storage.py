"""What the app keeps in localStorage (SPEC R9), as text in and text out.

The browser glue only reads and writes the strings; everything that can go wrong with a
stored value (truncated, edited by hand, written by another app or an older version) is
caught here, so a bad value gives a clear message and never a broken page.

>>> from klondike import Game
>>> text = save_game(Game.from_code("KL1-D1N-AAAAAAG"), elapsed=12.5)
>>> game, elapsed = load_game(text)
>>> game.code, elapsed
('KL1-D1N-AAAAAAG', 12.5)
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields
from itertools import pairwise

from .. import jsontext
from ..game import BadSave, Game
from ..i18n import _
from ..moves import IllegalMove, Move
from ..scoring import SCORINGS, standard_step
from .stats import MAX_GAME_SECONDS
from .stored import DAILY_VERSION, SETTINGS_VERSION

ANIMATIONS = ("normal", "fast", "off")
BACKS = ("lattice", "dots", "waves")  # the card backs, drawn in static/site.css
TABLES = ("green", "blue", "dark")  # the table's colours (dark: a dark theme)
#: How large cards may grow: "normal" up to a comfortable size, "large" as large as the
#: window allows (klondike/app/view.py's CARD_MAX_PX).
CARD_SIZES = ("normal", "large")


#: At most this many positions of a saved game are kept as "not sure" (see save_game):
#: each cost the worker minutes, and a game has few.
MOST_UNSURE = 32


def save_game(game: Game, elapsed: float, checked: bool = False,
              redo: Sequence[Move] = (), dealt: str = "", solved: bool = False,
              unsure: Sequence[int] = (), steps: Sequence[int] | None = None) -> str:
    """The game in progress: its save (code and moves), the clock in seconds, whether
    "Winnable deals only" dealt it (``checked``), the moves Redo would play again, the
    next one first (``redo``), and ``dealt``, a token of this dealing of the deal: the
    same deal won again with the same moves is another game (see :func:`dealt_of`),
    whether Play it for me played a move of it (``solved``: it counts apart), and
    ``unsure``: the positions (after so many of its moves) whose search ended "not sure",
    at the worker's memory cap or its budget, so a reload does not search them again
    from scratch (:func:`unsure_of`), and ``steps``: the time step at which each move
    was made, kept where the clock takes points (:func:`steps_of`)."""
    data = game.save_record()
    data["elapsed"] = round(min(max(0.0, elapsed), MAX_GAME_SECONDS), 1)
    if checked:
        data["checked"] = True
    if redo:
        data["redo"] = " ".join(map(str, redo))
    if dealt:
        data["dealt"] = dealt
    if solved:
        data["solved"] = True
    if unsure:
        data["unsure"] = sorted(set(unsure))[-MOST_UNSURE:]
    if steps is not None and game.scoring.timed:
        data["steps"] = list(steps)
    return json.dumps(data, separators=(",", ":"))


def steps_of(text: str, game: Game, elapsed: float) -> list[int] | None:
    """:func:`save_game`'s ``steps`` for ``game`` and its clock ``elapsed`` (loaded from
    the same text): the time step (:func:`~klondike.scoring.standard_step`) of each of
    its moves, in order. None where the scoring's clock takes points and they are not
    known: a save from before they were kept, or a damaged list (the game itself is
    kept, and its score takes the time penalty at once, as it did then).

    >>> game = Game.from_code("KL1-D1S-AAAAAAG"); _ = game.play("S")
    >>> steps_of(save_game(game, 12, steps=[0]), game, 12), steps_of('{}', game, 12)
    ([0], None)
    """
    try:
        data = jsontext.loads(text)
    except ValueError:
        return None
    steps = data.get("steps") if isinstance(data, dict) else None
    if steps is None:
        return [] if not game.moves_made else None
    if not isinstance(steps, list) or len(steps) != game.moves_made or not all(
            type(s) is int and s >= 0 for s in steps):
        return None
    if any(a > b for a, b in pairwise(steps)) or (
            steps and steps[-1] > standard_step(elapsed)):
        return None  # out of order, or later than the clock: not what was played
    return steps


def unsure_of(text: str, game: Game) -> list[int]:
    """:func:`save_game`'s ``unsure`` for ``game`` (loaded from the same text): the move
    counts of its positions whose search ended "not sure"; none if the value is damaged
    (the game itself is kept), and only counts of ``game``'s own positions.

    >>> game = Game.from_code("KL1-D1N-AAAAAAG")
    >>> unsure_of(save_game(game, 0, unsure=[0, 0]), game), unsure_of('{"unsure": [1]}', game)
    ([0], [])
    """
    try:
        counts = jsontext.loads(text).get("unsure", [])
    except (ValueError, AttributeError):
        return []
    if not isinstance(counts, list) or len(counts) > MOST_UNSURE or not all(
            type(n) is int and 0 <= n <= game.moves_made for n in counts):
        return []
    return sorted(set(counts))


def new_dealt() -> str:
    """A fresh token for :func:`save_game`'s ``dealt``."""
    return os.urandom(6).hex()


def dealt_of(text: str) -> str:
    """:func:`save_game`'s ``dealt`` token ("" in a save from before it, or if damaged)."""
    try:
        data = jsontext.loads(text)
    except ValueError:
        return ""
    token = data.get("dealt") if isinstance(data, dict) else None
    return token if isinstance(token, str) and re.fullmatch(r"[0-9a-f]{1,32}", token) else ""


def redo_of(text: str, game: Game) -> list[Move]:
    """The moves of :func:`save_game`'s ``redo`` for ``game`` (loaded from the same
    text), the next one first; none if they are missing or do not play from there in
    turn (a value edited by hand: the game itself is kept)."""
    try:
        data = jsontext.loads(text)
        moves = [Move.from_text(m) for m in data.get("redo", "").split()]
        copy = game.copy()
        for move in moves:
            copy.play(move)
    except (ValueError, AttributeError, TypeError, IllegalMove):
        return []
    return moves


def is_checked(text: str) -> bool:
    """Whether :func:`save_game`'s value says "Winnable deals only" dealt the game."""
    return _flag(text, "checked")


def is_solved(text: str) -> bool:
    """Whether :func:`save_game`'s value says Play it for me played in the game."""
    return _flag(text, "solved")


def _flag(text: str, name: str) -> bool:
    try:
        data = jsontext.loads(text)
    except ValueError:
        return False
    return isinstance(data, dict) and data.get(name) is True


def load_game(text: str) -> tuple[Game, float]:
    """Restore :func:`save_game`'s value; raise :class:`BadSave` saying what is wrong."""
    game = Game.from_json(text)  # validates everything but the clock
    elapsed = jsontext.loads(text).get("elapsed", 0)
    if isinstance(elapsed, bool) or not isinstance(elapsed, int | float):
        raise BadSave(_("The saved game's clock is not a number"))
    if not math.isfinite(elapsed) or elapsed < 0:
        raise BadSave(_("The saved game's clock is out of range"))
    return game, min(float(elapsed), MAX_GAME_SECONDS)


@dataclass
class Settings:
    """The player's choices. Unknown or ill-typed fields fall back to their default."""

    draw: int = 1
    scoring: str = "N"
    left_handed: bool = False
    four_colour: bool = False
    animation: str = "normal"
    indicator: bool = True
    language: str = ""  # "" follows the browser
    winnable_only: bool = False  # a random new game is a deal the solver proves winnable
    back: str = "lattice"  # the card back, one of BACKS
    table: str = "green"  # the table's colour, one of TABLES
    large_index: bool = False  # larger rank and suit in the cards' corners (small screens)
    card_size: str = "normal"  # one of CARD_SIZES: how large cards may grow (view.CARD_MAX_PX)
    auto_home: bool = False  # safe cards go home by themselves (klondike.app.autohome)
    sounds: bool = False  # a card turned, a card laid down, a refused drop, the win

    def to_json(self) -> str:
        return json.dumps({"v": SETTINGS_VERSION, **asdict(self)}, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | None) -> Settings:
        """Read settings (of any version up to this one; :func:`is_newer` tells a newer
        one apart); anything unreadable gives the defaults (never an error)."""
        try:
            data = jsontext.loads(text) if isinstance(text, str) else None
        except ValueError:
            data = None
        settings = cls()
        if not isinstance(data, dict):
            return settings
        for field in fields(cls):
            value = data.get(field.name)
            if _readable(field.name, value, getattr(settings, field.name)):
                setattr(settings, field.name, value)
        return settings

    @classmethod
    def damaged(cls, text: str | None) -> bool:
        """Whether stored settings are there but not all readable (what does read is
        used, and the rest is the default: the player is told, and the value kept aside).
        A newer version's settings are not damaged (:func:`is_newer`)."""
        if text is None or is_newer(text, SETTINGS_VERSION):
            return False
        try:
            data = jsontext.loads(text)
        except ValueError:
            return True
        if not isinstance(data, dict):
            return True
        return not all(_readable(f.name, data[f.name], f.default)
                       for f in fields(cls) if f.name in data)


def _readable(name: str, value: object, default: object) -> bool:
    return (isinstance(value, type(default))
            and isinstance(value, bool) == isinstance(default, bool) and _valid(name, value))


def _valid(name: str, value: object) -> bool:
    if name == "draw":
        return value in (1, 3)
    if name == "scoring":
        return isinstance(value, str) and len(value) == 1 and value in SCORINGS
    if name == "animation":
        return value in ANIMATIONS
    if name == "back":
        return value in BACKS
    if name == "table":
        return value in TABLES
    if name == "card_size":
        return value in CARD_SIZES
    if name == "language":
        return isinstance(value, str) and len(value) <= 8
    return True


def is_newer(text: str | None, version: int) -> bool:
    """Whether a stored value was written by a newer version of the game than one that
    writes ``version``: such a value is left as it is, never written over."""
    try:
        data = jsontext.loads(text) if isinstance(text, str) else None
    except ValueError:
        return False
    v = data.get("v") if isinstance(data, dict) else None
    return isinstance(v, int) and not isinstance(v, bool) and v > version


def daily_text(day: str, code: str) -> str:
    """The daily deal last started: its date and game code (R8)."""
    return json.dumps({"v": DAILY_VERSION, "day": day, "code": code}, separators=(",", ":"))


def read_daily(text: str | None) -> tuple[str, str] | None:
    """(day, code) of :func:`daily_text`, or of version 0's ``"YYYY-MM-DD CODE"``; None
    for nothing stored or anything else."""
    if not isinstance(text, str):
        return None
    try:
        data = jsontext.loads(text)
    except ValueError:
        data = dict(zip(("day", "code"), text.split(), strict=False))  # version 0
    if not isinstance(data, dict):
        return None
    day, code = data.get("day"), data.get("code")
    if not (isinstance(day, str) and isinstance(code, str) and len(day) == 10
            and len(code) < 32):
        return None
    return day, code
