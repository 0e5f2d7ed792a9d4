"""A statistics file (issue 42): the statistics, the settings and the history of games in
one JSON file, to keep them when the browser changes. Written for download, read from
the file picker: validated and versioned, merged into what is there (never counting a
game twice: :meth:`klondike.app.stats.Statistics.absorb`), and a damaged or foreign file
refused whole, with a clear message and nothing changed.

>>> stats = Statistics(); stats.adopt("a1b2")
>>> text = export_text(stats, Settings(draw=3), History(), "2026-12-05")
>>> read_file(text).settings.draw
3
>>> read_file('{"kind": "a shopping list"}')
Traceback (most recent call last):
...
klondike.app.backup.BadFile: This is not a statistics file of this game: nothing was changed
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from .. import jsontext
from ..i18n import _
from .history import History
from .stats import Statistics
from .storage import Settings, is_newer
from .stored import SETTINGS_VERSION

KIND = "klondike statistics"  # what a file says it is
VERSION = 1
MAX_BYTES = 4_000_000  # a file larger than this is not ours (the history is bounded)


class BadFile(ValueError):
    """A file that is not read: the message says why, for the player."""


class Backup(NamedTuple):
    """What a statistics file holds, read and checked."""

    stats: Statistics
    settings: Settings
    history: History


def file_name(day: str) -> str:
    """The name a file is saved under: ``klondike-statistics-2026-12-05.json``."""
    return f"klondike-statistics-{day}.json"


def export_text(stats: Statistics, settings: Settings, history: History, day: str) -> str:
    """The file of ``stats``, ``settings`` and ``history``, made on ``day`` (ISO). The
    statistics carry this browser's id (:meth:`Statistics.adopt`), so that reading the
    file again, here or in another browser, never counts a game twice."""
    return json.dumps({
        "kind": KIND, "v": VERSION, "made": day,
        "stats": stats.to_data(),
        "settings": json.loads(settings.to_json()),
        "history": json.loads(history.to_json()),
    }, ensure_ascii=False, indent=1)


def read_file(text: str | bytes) -> Backup:
    """The file ``text`` read and checked whole; :class:`BadFile` if any of it does not
    read, so that nothing is taken from a damaged file."""
    if len(text) > MAX_BYTES:
        raise BadFile(_("This file is too large to be a statistics file of this game: "
                        "nothing was changed"))
    try:
        data = jsontext.loads(text.decode() if isinstance(text, bytes) else text)
    except (ValueError, UnicodeDecodeError):
        data = None
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise BadFile(_("This is not a statistics file of this game: nothing was changed"))
    version = data.get("v")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise BadFile(_("This statistics file is damaged: nothing was changed"))
    if version > VERSION:
        raise BadFile(_("This statistics file was made by a newer version of the game: "
                        "nothing was changed"))
    if not all(isinstance(data.get(part), dict) for part in ("stats", "settings", "history")):
        raise BadFile(_("This statistics file is damaged: nothing was changed"))
    stats = Statistics.from_json(_text(data.get("stats")))
    history = History.from_json(_text(data.get("history")))
    settings_text = _text(data.get("settings"))
    if stats.newer or history.newer or is_newer(settings_text, SETTINGS_VERSION):
        raise BadFile(_("This statistics file was made by a newer version of the game: "
                        "nothing was changed"))
    if stats.problem or history.problem or stats.id is None \
            or Settings.damaged(settings_text):
        raise BadFile(_("This statistics file is damaged: nothing was changed"))
    return Backup(stats, Settings.from_json(settings_text), history)


def _text(value: Any) -> str | None:
    """A part of the file as the text its reader reads (None: the part is missing)."""
    return None if value is None else json.dumps(value)


__all__ = ["KIND", "MAX_BYTES", "VERSION", "Backup", "BadFile", "export_text", "file_name",
           "read_file"]
