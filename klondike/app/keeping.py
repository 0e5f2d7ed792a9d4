"""What is stored, and who may write it (SPEC R9): the settings, the statistics, the
record of the daily deal and the saved game, shared by every tab of the site.

:class:`Keeping` reads the stored texts once, keeps aside what does not read (and says so
once), never writes over a value a newer version of the game wrote, merges the statistics
into what is stored when it writes them, and stops saving the game once another tab
plays it. The page writes what :meth:`Keeping.take_writes` gives.

>>> keeping = Keeping(settings='{"version": 1, "draw": 3}', stats=None, daily="[1, 2]")
>>> keeping.settings.draw, keeping.daily
(3, [])
>>> keeping.take_writes() == [(aside(DAILY_KEY), "[1, 2]"), (DAILY_KEY, None)]
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from ..i18n import _, ngettext
from .backup import Backup
from .history import Entry, History
from .stats import Statistics, new_id
from .storage import Settings, daily_text, is_newer, read_daily
from .stored import (
    DAILY_KEY,
    DAILY_VERSION,
    GAME_KEY,
    HISTORY_KEY,
    SETTINGS_KEY,
    SETTINGS_VERSION,
    STATS_KEY,
    aside,
)


class Keeping:
    def __init__(self, settings: str | None, stats: str | None, daily: str | None,
                 history: str | None = None) -> None:
        """``settings``, ``stats``, ``daily`` and ``history`` are the stored texts (None:
        nothing stored)."""
        # None: the key is to be removed; a function: the text is made when taken
        self._writes: dict[str, str | None | Callable[[], str]] = {}
        self.settings = Settings.from_json(settings)
        self.stats = Statistics.from_json(stats)
        self.daily = list(read_daily(daily) or ())  # [day, code] of the last daily deal
        # Keys whose stored value a newer version of the game wrote: never written over.
        self.held: set[str] = {key for key, text, version in (
            (SETTINGS_KEY, settings, SETTINGS_VERSION), (DAILY_KEY, daily, DAILY_VERSION))
            if is_newer(text, version)}
        if self.stats.newer:
            self.held.add(STATS_KEY)
        # Damage loses only what is damaged: a value that does not read wholly is kept
        # aside (as a damaged game is, under "<key>.unreadable"), what reads is used, and
        # the player is told once (:meth:`problems`).
        self._told: list[str] = []
        if Settings.damaged(settings) and isinstance(settings, str):
            self.keep_aside(SETTINGS_KEY, settings)
            self._writes[SETTINGS_KEY] = self.settings.to_json()
            self._told.append(_("Your settings could not all be read: the damaged value is "
                                "kept aside, and the defaults stand in for what was lost"))
        if isinstance(daily, str) and not self.daily and DAILY_KEY not in self.held:
            self.keep_aside(DAILY_KEY, daily)
            self._writes[DAILY_KEY] = None
            self._told.append(_("The record of the last daily deal could not be read: it "
                                "is kept aside"))
        if self.stats.problem and not self.stats.newer and isinstance(stats, str):
            self.keep_aside(STATS_KEY, stats)  # what reads is written anew
        self.history = History.from_json(history)
        # Games ended here (and room made), to merge into the stored history.
        self._history_events: list[Callable[[History], object]] = []
        if self.history.newer:
            self.held.add(HISTORY_KEY)
            self._told.append(self.history.problem or "")
        elif self.history.problem and isinstance(history, str):
            self.keep_aside(HISTORY_KEY, history)
            self._writes[HISTORY_KEY] = self.history.to_json()  # what reads, written anew
            self._told.append(self.history.problem)
        # The game went on in another tab (it saved another game): this tab neither
        # plays nor saves until the player takes the game over.
        self.elsewhere = False
        self._stats_events: list[Callable[[Statistics], object]] = []
        self._taken: dict[str, list[Any]] = {}  # the events merged into the last writes

    @property
    def pending(self) -> bool:
        """Whether :meth:`take_writes` has something to give."""
        return bool(self._writes or self._stats_events or self._history_events)

    def problems(self) -> list[str]:
        """What the player is to be told of the stored values, once: what was kept aside,
        and what a newer version of the game wrote."""
        problems, self._told = self._told, []
        if self.stats.problem:
            problems.append(self.stats.problem)
            if not self.stats.newer:
                self.record(lambda stats: None)  # from zero, replacing the damaged value
                self.stats.problem = None  # told once (a game taken over resumes again)
        if SETTINGS_KEY in self.held or DAILY_KEY in self.held:
            problems.append(_("Your settings were saved by a newer version of the game: "
                              "they are kept as they are, and this page uses its own"))
        return problems

    # --- writing ----------------------------------------------------------------------------
    def keep_aside(self, key: str, text: str) -> None:
        """Keep ``text``, the damaged value of ``key``, under ``aside(key)``."""
        self._writes[aside(key)] = text

    def hold(self, key: str) -> None:
        """Never write ``key``: a newer version of the game wrote it."""
        self.held.add(key)

    def save_game(self, text: str | Callable[[], str]) -> None:
        """The game to store: its text, or what makes it when the writes are taken (once
        the move is on screen, not while the player waits for it)."""
        self._writes[GAME_KEY] = text

    def save_settings(self, settings: Settings) -> None:
        self.settings = settings
        self._writes[SETTINGS_KEY] = settings.to_json()

    def save_daily(self, day: str, code: str) -> None:
        self.daily = [day, code]
        self._writes[DAILY_KEY] = daily_text(day, code)

    def record(self, event: Callable[[Statistics], object]) -> None:
        """A change to the statistics: shown at once, merged into the stored ones. The
        first change gives the statistics this browser's id, the same in every copy."""
        if self.stats.id is None and not self.stats.newer:
            adopt = functools.partial(Statistics.adopt, id=new_id())
            adopt(self.stats)
            self._stats_events.append(adopt)
        event(self.stats)
        self._stats_events.append(event)

    def take_in(self, backup: Backup) -> tuple[int, int]:
        """A statistics file read (:mod:`klondike.app.backup`): its counts and games
        merged in as changes of this page (so into what other tabs stored too), its
        settings taken. The games it added to the statistics and to the history."""
        before = self.stats.games
        self.record(functools.partial(Statistics.absorb, other=backup.stats))
        games = functools.partial(History.absorb, other=backup.history)
        added = games(self.history)
        self._history_events.append(games)
        self.save_settings(backup.settings)
        return self.stats.games - before, added

    def record_game(self, entry: Entry) -> None:
        """A game that ended, for the history: shown at once, merged into the stored one."""
        self.history.add(entry)
        self._history_events.append(functools.partial(History.add, entry=entry))

    def unwritten(self, keys: list[str], full: bool) -> str | None:
        """The storage refused to write ``keys`` (``full``: for want of room). What this
        page merged into them is merged again at the next write, so no game and no event
        is lost. If the storage is full, the oldest games of the history, the least of
        what is stored, make room; what to tell the player then (None: no room made)."""
        if STATS_KEY in keys:
            self._stats_events[:0] = self._taken.get(STATS_KEY, [])
        if HISTORY_KEY in keys:
            self._history_events[:0] = self._taken.get(HISTORY_KEY, [])
        self._taken = {}
        if not full or not keys or not self.history.entries or HISTORY_KEY in self.held:
            return None
        dropped = self.history.make_room()
        self._history_events.append(History.make_room)
        return ngettext("The browser's storage is full: the oldest game of the history was "
                        "left out to make room",
                        "The browser's storage is full: the oldest {games} games of the "
                        "history were left out to make room", dropped).format(games=dropped)

    def take_writes(self, read: Callable[[str], str | None] = lambda key: None,
                    ) -> list[tuple[str, str | None]]:
        """The (key, text) pairs to store since the last call, each key once. Storage is
        shared by every tab: the statistics and the history are merged, never written
        over, so ``read`` gives what is stored now and only this page's events are added
        to it."""
        writes = {key: text() if callable(text) else text for key, text in self._writes.items()}
        self._writes, self._taken = {}, {}
        if self._stats_events:
            events, self._stats_events = self._stats_events, []
            self._taken[STATS_KEY] = events
            stats = _merged(read(STATS_KEY), Statistics.from_json, self.stats, events)
            if stats is None:
                self.held.add(STATS_KEY)  # another tab of a newer version wrote them
            else:
                self.stats = stats
                writes[STATS_KEY] = stats.to_json()
        if self._history_events:
            changes, self._history_events = self._history_events, []
            self._taken[HISTORY_KEY] = changes
            history = _merged(read(HISTORY_KEY), History.from_json, self.history, changes)
            if history is None:
                self.held.add(HISTORY_KEY)
            else:
                self.history = history
                writes[HISTORY_KEY] = history.to_json()
        if self.elsewhere:
            writes.pop(GAME_KEY, None)
        return [(key, text) for key, text in writes.items() if key not in self.held]

    # --- other tabs ---------------------------------------------------------------------
    def stored_changed(self, key: str, text: str | None,
                       is_other: Callable[[str], bool]) -> str | None:
        """Another tab stored ``text`` under ``key`` (the storage event); ``is_other``
        tells whether a saved game is another than this page's. What changed here:
        "stats", "history", "game" (the game continues in the other tab) or None."""
        if key == STATS_KEY and text is not None and not self._stats_events:
            stats = Statistics.from_json(text)
            if not stats.problem:
                self.stats = stats
                return "stats"
        elif key == HISTORY_KEY and text is not None and not self._history_events:
            history = History.from_json(text)
            if not history.problem:
                self.history = history
                return "history"
        elif key == GAME_KEY and text is not None and not self.elsewhere \
                and is_other(text):
            self.elsewhere = True
            return "game"
        return None


_Merged = TypeVar("_Merged", Statistics, History)


def _merged(text: str | None, read: Callable[[str | None], _Merged], mine: _Merged,
            events: Sequence[Callable[[_Merged], object]]) -> _Merged | None:
    """A value shared by every tab, to write now: the one stored (``text``, just read) with
    this page's ``events`` added; this page's own (``mine``, its events in it) when
    nothing readable is stored (cleared, or damaged: what this page knows is all there
    is); None when a newer version of the game wrote it (never written over)."""
    stored = read(text)
    if stored.newer:
        return None
    if text is None or stored.problem is not None:
        return mine
    for event in events:
        event(stored)
    return stored


__all__ = ["Keeping"]
