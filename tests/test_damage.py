"""Issue 39, item 5: damage loses only what is damaged. A damaged value of any key is kept
aside under "<key>.unreadable" (as a damaged game always was), the player is told, and
what still reads is used and written back."""

from __future__ import annotations

import json

import pytest

from klondike.app.session import Session
from klondike.app.stats import Statistics
from klondike.app.storage import Settings
from klondike.app.stored import DAILY_KEY, GAME_KEY, SETTINGS_KEY, STATS_KEY


def booted(**stored) -> tuple[Session, str, dict]:
    session = Session(now=lambda: 0.0, **stored)
    said = session.resume(None).said
    return session, said, dict(session.take_writes())


@pytest.mark.parametrize("text", [
    '{"v": 1, "draw": 3, "table": "blue", "back": "nonsense"}',
    '{"v": 1, "draw": 3, "table": "blue", "animation": 5}',
    '{"v": 1, "draw": 3, "table": "blue", "left_handed": "yes"}',
])
def test_damaged_settings_keep_what_reads_and_say_so(text):
    """Draw 3 and the blue table were silently dropped with one bad field."""
    session, said, writes = booted(settings=text)
    assert (session.settings.draw, session.settings.table) == (3, "blue")
    assert "Your settings could not all be read" in said
    assert writes[SETTINGS_KEY + ".unreadable"] == text
    assert Settings.from_json(writes[SETTINGS_KEY]) == session.settings
    again, said, writes = booted(settings=writes[SETTINGS_KEY])
    assert said == "" or "settings" not in said  # told once: what is stored now reads
    assert SETTINGS_KEY + ".unreadable" not in writes


@pytest.mark.parametrize("text", ["{", "[1, 2]", '"text"', '{"v": 1, "draw": true}'])
def test_unreadable_settings_are_kept_aside_too(text):
    session, said, writes = booted(settings=text)
    assert session.settings == Settings()
    assert "Your settings could not all be read" in said
    assert writes[SETTINGS_KEY + ".unreadable"] == text


def test_good_or_newer_settings_are_not_damaged():
    for text in (Settings(draw=3).to_json(), '{"v": 9, "draw": "x"}', None):
        _session, said, writes = booted(settings=text)
        assert SETTINGS_KEY + ".unreadable" not in writes and "could not" not in said


def test_a_damaged_daily_value_is_kept_aside_removed_and_said():
    _session, said, writes = booted(daily='{"v": 1, "day": 5}')
    assert "daily deal could not be read" in said
    assert writes[DAILY_KEY + ".unreadable"] == '{"v": 1, "day": 5}'
    assert writes[DAILY_KEY] is None  # removed: the next boot has nothing to say


def test_damaged_statistics_are_kept_aside_and_what_reads_is_written_back():
    stats = Statistics()
    stats.record_win("D1N", 300, 120, 700, game_key="a")
    stats.record_win("D3V", 200, 150, 30, game_key="b")
    data = json.loads(stats.to_json())
    data["sets"]["D3V"]["won"] = "5"
    text = json.dumps(data)
    _session, said, writes = booted(stats=text)
    assert "Some of the statistics could not be read" in said
    assert writes[STATS_KEY + ".unreadable"] == text
    written = Statistics.from_json(writes[STATS_KEY])
    assert written.problem is None and set(written.records) == {"D1N"}
    assert written.records["D1N"] == stats.records["D1N"]


def test_nothing_is_kept_aside_when_nothing_is_damaged():
    _session, said, writes = booted(settings=Settings().to_json(),
                                    stats=Statistics().to_json())
    assert not [key for key in writes if key.endswith(".unreadable")]
    assert GAME_KEY in writes
