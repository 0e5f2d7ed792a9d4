"""Every key the site keeps in localStorage (SPEC R9) and the format version of each
value: one place, so a new value cannot take a key in use, and a new format is one line.

Every tab of the site shares these keys (:mod:`klondike.app.session` merges, never
overwrites blindly); a value that cannot be read is kept aside under :func:`aside`.

>>> aside(GAME_KEY)
'klondike.game.unreadable'
"""

from __future__ import annotations

from ..game import SAVE_VERSION

GAME_KEY = "klondike.game"  # the game in progress (klondike.app.storage.save_game)
SETTINGS_KEY = "klondike.settings"  # the player's choices (storage.Settings)
STATS_KEY = "klondike.stats"  # the statistics of every rule set (klondike.app.stats)
DAILY_KEY = "klondike.daily"  # the daily deal last started (storage.daily_text)
PAINT_KEY = "klondike.paint"  # the table as last drawn, for the next visit (app.paint)
HISTORY_KEY = "klondike.history"  # the last games that ended (klondike.app.history)
KEYS = (GAME_KEY, SETTINGS_KEY, STATS_KEY, DAILY_KEY, PAINT_KEY, HISTORY_KEY)

GAME_VERSION = SAVE_VERSION  # the library's save (klondike.game), with the app's fields
SETTINGS_VERSION = 1  # 0: the fields alone, with no "v"
STATS_VERSION = 5  # 2: the keys of the recent games, not only the last; 3: checked games;
# 4: the games Play it for me won (an older version would write them away: it must not);
# 5: the counts of other browsers, kept apart, from a statistics file (klondike.app.backup)
DAILY_VERSION = 1  # 0: the text "YYYY-MM-DD CODE"
HISTORY_VERSION = 1
PAINT_VERSION = 1  # static/paint.js draws only this version and ignores any other


def aside(key: str) -> str:
    """Where a value of ``key`` that could not be read is kept, rather than lost."""
    return f"{key}.unreadable"
