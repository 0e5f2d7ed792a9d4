"""Storage shared by every tab and able to fail (R9): statistics merged, never written
over; the game in progress owned by one tab; values of earlier and newer versions."""

from __future__ import annotations

import json
from datetime import date

from klondike import GameCode, Move
from klondike.app.session import Session
from klondike.app.stats import Statistics, key_of_game
from klondike.app.storage import Settings, read_daily
from klondike.app.stored import (
    DAILY_KEY,
    GAME_KEY,
    HISTORY_KEY,
    HISTORY_VERSION,
    SETTINGS_KEY,
    STATS_KEY,
    STATS_VERSION,
)

from .lines import DEAL_2_DRAW_1


class Browser:
    """localStorage of one site, and its tabs: a write in one tab reaches the others as
    the storage event does."""

    def __init__(self) -> None:
        self.stored: dict[str, str] = {}
        self.tabs: list[Session] = []

    def open(self) -> Session:
        s = self.stored
        tab = Session(now=lambda: 0.0, settings=s.get(SETTINGS_KEY), stats=s.get(STATS_KEY),
                      daily=s.get(DAILY_KEY))
        tab.resume(s.get(GAME_KEY))
        self.tabs.append(tab)
        self.flush(tab)
        return tab

    def flush(self, tab: Session, notify: bool = True) -> list[str | None]:
        """Store what ``tab`` asks to; the other tabs hear of it unless not ``notify``
        (a tab asleep in the background hears later, or after its own writes)."""
        seen: list[str | None] = []
        for key, text in tab.take_writes(self.stored.get):
            self.stored[key] = text
            if notify:
                replies = [other.stored_changed(key, text) for other in self.tabs
                           if other is not tab]
                seen += ["game" if r.elsewhere else "stats" if r.stats else None
                         for r in replies]
        return seen

    def stats(self) -> Statistics:
        return Statistics.from_json(self.stored[STATS_KEY])


WIN_CODE = "KL1-D1N-AAAAAAC"


def win(tab: Session) -> None:
    tab.new_game(code=GameCode.parse(WIN_CODE))
    for text in DEAL_2_DRAW_1:
        tab.play(Move.from_text(text))
    assert tab.game.is_won


def test_R9_a_win_in_one_tab_and_a_new_game_in_another_count_once_each() -> None:
    browser = Browser()
    a, b = browser.open(), browser.open()
    win(a)
    assert "game" in browser.flush(a)  # B learns that the game goes on in A
    assert b.elsewhere and b.tap("stock", 0, None).said == "This game continues in another tab"
    assert b.new_game().changed is False  # B's New game would replace A's game: refused
    b.set_hidden(True)  # nor does B save its old game when the player leaves it
    assert browser.flush(b) == [] and json.loads(browser.stored[GAME_KEY])["code"] == WIN_CODE
    outcome = b.take_over(browser.stored[GAME_KEY])
    assert outcome.said == "The game continues here" and b.game.is_won and not b.elsewhere
    b.new_game()  # the won game is not counted again
    browser.flush(b)
    record = browser.stats().record("D1N")
    assert (record.played, record.won, record.streak) == (1, 1, 1)
    # Reloaded, each tab shows what is stored, every event counted once.
    assert browser.open().stats.record("D1N").won == 1


def test_R9_new_game_in_the_tab_that_lost_the_game_takes_it_over_and_leaves_it() -> None:
    browser = Browser()
    a, b = browser.open(), browser.open()
    a.new_game(code=GameCode.parse("KL1-D1N-AAAAAAA"))
    a.tap("stock", 0, None)
    assert "game" in browser.flush(a) and b.elsewhere
    stored = browser.stored[GAME_KEY]
    # The dialog says what B's New game would do to A's game, and B's own is not asked.
    assert b.leaving_said(stored) == a.leaving_said() != ""
    assert b.leaving_said("{damaged") == ""
    assert b.new_game_typed(1, "N", "KL1-D1N-BAD!", stored).error  # nothing taken over
    assert b.elsewhere
    outcome = b.new_game_typed(3, "V", "", stored)
    assert outcome.changed and not b.elsewhere and b.game.draw == 3
    assert "game" in browser.flush(b) and a.elsewhere  # now A's is the old copy
    assert browser.stats().record("D1N").abandoned == 1  # A's game, left once


def test_R9_events_of_two_tabs_are_merged_not_written_over() -> None:
    browser = Browser()
    a, b = browser.open(), browser.open()
    a.new_game(code=GameCode.parse("KL1-D1N-AAAAAAA"))
    a.tap("stock", 0, None)
    a.new_game()  # abandoned in A
    browser.flush(a, notify=False)  # B, asleep, has not heard of it: its statistics are old
    assert b.stats.record("D1N").abandoned == 0 and not b.elsewhere
    b.new_game(code=GameCode.parse("KL1-D3V-AAAAAAA"))
    b.tap("stock", 0, None)
    b.new_game()  # ...but only B's own event is added to what is stored
    browser.flush(b)
    stats = browser.stats()
    assert stats.record("D1N").abandoned == 1 and stats.record("D3V").abandoned == 1
    assert b.stats.record("D1N").abandoned == 1  # B now shows both


def test_R9_another_tabs_statistics_are_shown_when_they_change() -> None:
    browser = Browser()
    a, b = browser.open(), browser.open()
    win(a)
    assert "stats" in browser.flush(a)
    assert b.stats.record("D1N").won == 1


def test_R9_the_same_game_saved_by_another_tab_is_no_conflict() -> None:
    browser = Browser()
    a, b = browser.open(), browser.open()
    assert not a.elsewhere and not b.elsewhere  # B saved the same game A shows


def test_R9_statistics_cleared_by_the_browser_are_written_again_from_memory() -> None:
    browser = Browser()
    a = browser.open()
    win(a)
    browser.flush(a)
    del browser.stored[STATS_KEY]
    a.new_game()
    a.tap("stock", 0, None)
    a.new_game()
    browser.flush(a)
    record = browser.stats().record("D1N")
    assert (record.won, record.abandoned) == (1, 1)


# --- versions -----------------------------------------------------------------------------
# Values as earlier versions of the game stored them (kept as they were written).
STATS_V1 = ('{"v":1,"sets":{"D1N":{"won":1,"lost":0,"abandoned":0,"streak":1,"best_streak":1,'
            '"best_time":100.0,"total_time":100.0,"fewest_moves":90,"best_score":700,'
            '"bank":0}},"daily":{"1":["2026-12-01"],"3":[]},'
            '"last":"{\\"v\\":1,\\"code\\":\\"KL1-D1N-AAAAAAC\\",\\"moves\\":\\"S\\"}"}')
SETTINGS_V0 = '{"draw":3,"scoring":"V","left_handed":true,"four_colour":false,' \
              '"animation":"fast","indicator":false,"language":"cs"}'
DAILY_V0 = "2026-12-01 KL1-D1N-AAAAHRQ"


def test_R9_values_of_earlier_versions_are_read() -> None:
    stats = Statistics.from_json(STATS_V1)
    assert stats.problem is None and stats.record("D1N").won == 1
    assert stats.recent == [key_of_game('{"v":1,"code":"KL1-D1N-AAAAAAC","moves":"S"}')]
    assert json.loads(stats.to_json())["v"] == STATS_VERSION
    settings = Settings.from_json(SETTINGS_V0)
    assert (settings.draw, settings.scoring, settings.language, settings.indicator) == (
        3, "V", "cs", False)
    assert json.loads(settings.to_json())["v"] == 1
    assert read_daily(DAILY_V0) == ("2026-12-01", "KL1-D1N-AAAAHRQ")


def test_R9_values_of_a_newer_version_are_refused_and_left_untouched() -> None:
    browser = Browser()
    newer = {
        STATS_KEY: f'{{"v":{STATS_VERSION + 1},"sets":{{}},"whatever":1}}',
        SETTINGS_KEY: '{"v":2,"draw":3}',
        DAILY_KEY: '{"v":2,"when":"today"}',
        GAME_KEY: '{"v":2,"code":"KL1-D1N-AAAAAAC","moves":[]}',
        HISTORY_KEY: f'{{"v":{HISTORY_VERSION + 1},"games":"elsewhere"}}',
    }
    browser.stored.update(newer)
    tab = Session(now=lambda: 0.0, settings=newer[SETTINGS_KEY], stats=newer[STATS_KEY],
                  daily=newer[DAILY_KEY], history=newer[HISTORY_KEY])
    said = tab.resume(newer[GAME_KEY]).said
    assert "statistics were saved by a newer version" in said
    assert "saved game was saved by a newer version" in said
    assert "settings were saved by a newer version" in said
    assert "history of games was saved by a newer version" in said
    browser.tabs.append(tab)
    tab.tap("stock", 0, None)
    tab.new_game()
    tab.start_daily(date(2026, 12, 2))
    tab.change_settings(Settings(draw=1))
    browser.flush(tab)
    assert browser.stored == newer  # nothing written over
    assert tab.game.moves_made == 0  # the game plays on from memory
