"""klondike/app/backup.py and the statistics of other browsers (issue 42, item 4): a
statistics file exported and imported in any order, any number of times, in any browser,
never counts a game twice; a damaged, foreign or newer file is refused whole."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from klondike.app.backup import BadFile, export_text, file_name, read_file
from klondike.app.history import WON, Entry, History
from klondike.app.stats import Statistics, new_id
from klondike.app.storage import Settings


class Browser:
    """One browser's statistics and history, as its page keeps them."""

    def __init__(self) -> None:
        self.stats = Statistics()
        self.stats.adopt(new_id())
        self.history = History()
        self.settings = Settings()
        self.played = 0

    def play(self, won: bool = True) -> None:
        self.played += 1
        key = f"{self.stats.id}-{self.played}"
        if won:
            self.stats.record_win("D1N", 100.0 + self.played, 90, 600, game_key=key)
        else:
            self.stats.record_end("D3V", stuck=True, score=-40, game_key=key)
        self.history.add(Entry(key, "KL1-D1N-AAAAAAC", f"2026-12-{self.played % 28 + 1:02}",
                               WON, "S", 10.0, None))

    def export(self) -> str:
        return export_text(self.stats, self.settings, self.history, "2026-12-05")

    def read(self, text: str) -> int:
        backup = read_file(text)
        self.history.absorb(backup.history)
        return self.stats.absorb(backup.stats)


def test_a_file_read_twice_counts_its_games_once_and_its_own_browsers_never():
    a, b = Browser(), Browser()
    for won in (True, True, False):
        a.play(won)
    b.play()
    file_a = a.export()
    assert b.read(file_a) == 3 and b.stats.games == 4
    assert b.read(file_a) == 0 and b.stats.games == 4  # the same file again
    record = b.stats.record("D1N")
    assert (record.won, record.best_streak, record.best_time) == (3, 2, 101.0)
    assert record.streak == 1  # the current streak is this browser's own
    assert a.read(b.export()) == 1 and a.stats.games == 4  # a's own block comes back: not read
    assert a.read(file_a) == 0  # its own file


def test_a_newer_file_of_a_browser_replaces_its_older_counts():
    a, b = Browser(), Browser()
    a.play()
    old = a.export()
    a.play()
    a.play(won=False)
    b.read(a.export())
    assert b.stats.games == 3 and b.read(old) == 0 and b.stats.games == 3  # older: kept
    c = Browser()
    c.read(old)
    assert c.read(b.export()) == 2 and c.stats.games == 3  # a's newer block, through b


def test_after_a_reset_no_file_brings_the_counts_back():
    a, b = Browser(), Browser()
    a.play()
    b.play()
    file_a, file_b = a.export(), b.export()
    b.read(file_a)
    b.stats.reset()
    b.stats.adopt(new_id())
    assert b.stats.games == 0 and b.read(file_a) == 0 and b.read(file_b) == 0
    b.play()
    assert b.stats.games == 1 and b.stats.record("D1N").won == 1


def test_the_history_takes_each_game_once_in_the_order_of_their_days():
    a, b = Browser(), Browser()
    for _ in range(3):
        a.play()
    b.play()
    b.read(a.export())
    assert len(b.history.entries) == 4
    days = [e.day for e in b.history.entries]
    assert days == sorted(days) and b.read(a.export()) == 0 and len(b.history.entries) == 4


def block_games(stats: Statistics) -> int:
    """The games of one browser's own block (not the blocks it holds)."""
    return sum(r.played for r in stats.records.values()) + sum(stats.solver.values())


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["play", "lose", "send", "reset"]),
                          st.integers(0, 2), st.integers(0, 2)), max_size=40))
def test_no_order_of_games_files_and_resets_counts_a_game_twice(steps):
    browsers = [Browser() for _ in range(3)]
    played: dict[str, int] = {}  # games played under each id (a browser until its reset)
    files: list[str] = []
    for action, i, j in steps:
        browser = browsers[i]
        if action in ("play", "lose"):
            browser.play(won=action == "play")
            played[browser.stats.id] = played.get(browser.stats.id, 0) + 1
        elif action == "send":
            files.append(browser.export())
            browsers[j].read(random.Random(len(files)).choice(files))
        else:
            browser.stats.reset()
            browser.stats.adopt(new_id())  # as the page's next change or file does
            browser.played += 1000  # its next games are new games
    for browser in browsers:
        # Each block is one browser's between resets, counted at most once: never more
        # games than were played there, and so never more than were played in all.
        blocks = {browser.stats.id: browser.stats, **browser.stats.others}
        for id_, block in blocks.items():
            assert block_games(block) <= played.get(id_, 0)
        assert browser.stats.games == sum(map(block_games, blocks.values()))
        assert browser.stats.games <= sum(played.values())


def test_when_every_browser_has_read_every_file_all_count_the_same_games():
    browsers = [Browser() for _ in range(3)]
    for n, browser in enumerate(browsers):
        for _ in range(n + 1):
            browser.play()
    for _ in range(2):  # twice round: what one read reaches the others
        for sender in browsers:
            for reader in browsers:
                reader.read(sender.export())
    assert [b.stats.games for b in browsers] == [6, 6, 6]


@pytest.mark.parametrize("text", [
    "", "not json", "[]", '{"kind": "klondike statistics"}',
    '{"kind": "something else", "v": 1}',
    '{"kind": "klondike statistics", "v": true, "stats": {}, "settings": {}, "history": {}}',
])
def test_a_file_that_is_not_ours_or_is_damaged_is_refused(text):
    with pytest.raises(BadFile, match="nothing was changed"):
        read_file(text)


def damaged(change) -> str:
    a = Browser()
    a.play()
    data = json.loads(a.export())
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize("change", [
    lambda d: d["stats"]["sets"]["D1N"].update(won=-1),
    lambda d: d["stats"].update(id=None),
    lambda d: d["stats"]["others"].update({"x y": {}}),
    lambda d: d["stats"].update(forgotten=["a1b2", 5]),
    lambda d: d["history"]["games"][0].update(moves="Z9>F"),
    lambda d: d["settings"].update(draw=7),
    lambda d: d.pop("history"),
])
def test_a_damaged_part_refuses_the_whole_file(change):
    with pytest.raises(BadFile, match="damaged: nothing was changed"):
        read_file(damaged(change))


def test_a_newer_file_is_refused_and_so_is_one_too_large():
    with pytest.raises(BadFile, match="newer version"):
        read_file(damaged(lambda d: d.update(v=2)))
    with pytest.raises(BadFile, match="newer version"):
        read_file(damaged(lambda d: d["stats"].update(v=99)))
    with pytest.raises(BadFile, match="too large"):
        read_file(" " * 4_000_001)
    assert file_name("2026-12-05") == "klondike-statistics-2026-12-05.json"
