"""The history of games (issue 42): the last :data:`LIMIT` games that ended (won, lost,
left, or played to the win by Play it for me), each with its game code, the day it ended,
its moves, time and score, and the move that turned a winnable game into a lost one when
the solver had decided both positions. Stored like the statistics: versioned, merged
across tabs (a game once, by its key), bounded, and what does not read is left out rather
than losing the rest.

>>> history = History()
>>> history.add(Entry("k1", "KL1-D1N-AAAAAAC", "2026-12-05", WON, "S T7>F", 42.0, 15))
>>> [entry.code for entry in History.from_json(history.to_json()).entries]
['KL1-D1N-AAAAAAC']
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from datetime import date as Date
from typing import Any, NamedTuple

from .. import jsontext
from ..codes import BadCode, GameCode
from ..i18n import _, ngettext
from ..moves import Move
from ..scoring import SCORINGS, clock_text
from .stats import rule_set_label
from .stored import HISTORY_VERSION

LIMIT = 100  # games kept, the newest
MAX_CHARS = 200_000  # the stored text's length at most: the oldest games make room
MAX_MOVES = 5_000  # a game's moves kept (a game of this many is far beyond any real one)

WON = "won"
LOST = "lost"  # stuck: no useful move was left
LEFT = "left"  # abandoned for another game with moves made
SOLVED = "solved"  # Play it for me played it to the win
RESULTS = (WON, LOST, LEFT, SOLVED)


class Newer(ValueError):
    """History of a newer format than this version reads: never written over."""


@dataclass(frozen=True)
class Entry:
    key: str  # the statistics' key of the game (klondike.app.stats.key_of_game)
    code: str  # its game code: the deal, draw and scoring
    day: str  # the ISO date it ended, on the player's calendar
    result: str  # one of RESULTS
    moves: str  # its moves' text (R10), space-separated, in order
    seconds: float  # its clock
    score: int | None  # its final score (None: no points in its scoring)
    turned: int | None = None  # the move (1 is the first) that lost a winnable game

    @property
    def move_count(self) -> int:
        return len(self.moves.split())


class History:
    def __init__(self) -> None:
        self.entries: list[Entry] = []  # oldest first
        self.problem: str | None = None
        self.newer = False

    def add(self, entry: Entry) -> None:
        """A game that ended; one already here (the same key: a reload, another tab) is
        not added again. Only the newest :data:`LIMIT` stay."""
        if any(e.key == entry.key for e in self.entries):
            return
        self.entries = [*self.entries, entry]
        self._bound()

    def absorb(self, other: History) -> int:
        """The games of ``other`` (a statistics file) that are not here, each game once
        by its key, all in the order of their days; the newest stay. How many came."""
        keys = {e.key for e in self.entries}
        new = [e for e in other.entries if e.key not in keys]
        self.entries = sorted([*self.entries, *new], key=lambda e: e.day)  # stable
        self._bound()
        kept = {e.key for e in self.entries}
        return sum(e.key in kept for e in new)

    def _bound(self) -> None:
        """Only the newest :data:`LIMIT` games stay, in :data:`MAX_CHARS` at most."""
        del self.entries[:-LIMIT]
        while len(self.entries) > 1 and len(self.to_json()) > MAX_CHARS:
            del self.entries[0]

    def make_room(self) -> int:
        """The storage is full: the oldest quarter of the games (one at least) are left
        out, so the newest and everything else still fit. How many were left out."""
        dropped = min(len(self.entries), max(1, len(self.entries) // 4))
        del self.entries[:dropped]
        return dropped

    def to_json(self) -> str:
        return json.dumps({"v": HISTORY_VERSION, "games": [asdict(e) for e in self.entries]},
                          separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | None) -> History:
        """Never raises: nothing stored gives an empty history; what does not read is
        left out, and :attr:`problem` says so."""
        history = cls()
        if text is None:
            return history
        try:
            data = jsontext.loads(text) if isinstance(text, str) else None
            whole = _read(history, data)
        except Newer:
            history = cls()
            history.newer = True
            history.problem = _("The history of games was saved by a newer version of the "
                                "game: it is kept as it is, and this page does not save "
                                "over it")
        except ValueError:
            history = cls()
            history.problem = _("The history of games could not be read and starts again")
        else:
            if not whole:
                history.problem = _("Some games of the history could not be read: the "
                                    "damaged value is kept aside, and the rest is kept")
        return history


class Row(NamedTuple):
    """A game of the History dialog, as the player reads it."""

    code: str
    heading: str  # the day, the game code and the rules
    summary: str  # the result, the moves, the time and the score
    key: str  # the game's, for its replay
    can_replay: bool  # it has moves to replay


def rows(history: History) -> list[Row]:
    """The History dialog's games, newest first, in the player's language."""
    names = {WON: _("Won"), LOST: _("Lost (stuck)"), LEFT: _("Left for another game"),
             SOLVED: _("Won by Play it for me")}
    shown = []
    for entry in reversed(history.entries):
        code = GameCode.parse(entry.code)
        rules = rule_set_label(f"D{code.draw}{code.scoring}")
        parts = [names[entry.result]]
        if entry.turned is not None:
            parts.append(_("no longer winnable after move {move}").format(
                move=entry.turned))
        parts.append(ngettext("{moves} move", "{moves} moves", entry.move_count).format(
            moves=entry.move_count))
        parts.append(clock_text(entry.seconds))
        score = SCORINGS[code.scoring].value_text(entry.score)
        if score:
            parts.append(_("Score: {score}").format(score=score))
        shown.append(Row(entry.code, f"{entry.day} · {entry.code} · {rules}",
                         " · ".join(parts), entry.key, entry.move_count > 0))
    return shown


def _read(history: History, data: Any) -> bool:
    version = data.get("v") if isinstance(data, dict) else None
    if isinstance(version, int) and not isinstance(version, bool) \
            and version > HISTORY_VERSION:
        raise Newer(version)
    if version != HISTORY_VERSION or not isinstance(data.get("games"), list):
        raise ValueError("not a history of games")
    whole = True
    for value in data["games"]:
        entry = _entry(value)
        if entry is None:
            whole = False
        else:
            history.add(entry)
    return whole


def _entry(value: object) -> Entry | None:
    """The entry ``value`` describes, or None if any of it does not read."""
    names = {f.name for f in fields(Entry)}
    if not isinstance(value, dict) or set(value) != names:
        return None
    entry = Entry(**value)
    try:
        GameCode.parse(entry.code)
        Date.fromisoformat(entry.day)
        moves = [Move.from_text(m) for m in entry.moves.split()] \
            if isinstance(entry.moves, str) else None
    except (BadCode, ValueError, TypeError, AttributeError):
        return None
    ok = (isinstance(entry.key, str) and 0 < len(entry.key) <= 64
          and entry.result in RESULTS and moves is not None and len(moves) <= MAX_MOVES
          and isinstance(entry.seconds, int | float) and not isinstance(entry.seconds, bool)
          and 0 <= entry.seconds <= 1e9
          and (entry.score is None or _is_int(entry.score))
          and (entry.turned is None or _is_int(entry.turned)
               and 1 <= entry.turned <= len(moves)))
    return entry if ok else None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


__all__ = ["Entry", "History", "LEFT", "LIMIT", "LOST", "MAX_CHARS", "RESULTS", "Row",
           "SOLVED", "WON", "rows"]
