"""klondike/app/keeping.py: the stored values and who may write them (R9): damage kept
aside and said once, a newer version's values never written over, the statistics merged
into what another tab stored, and no saving once another tab plays the game."""

from klondike.app.keeping import Keeping
from klondike.app.stats import Statistics
from klondike.app.storage import Settings
from klondike.app.stored import DAILY_KEY, GAME_KEY, HISTORY_KEY, SETTINGS_KEY, STATS_KEY, aside

NEWER = '{"v": 999}'


def won(stats: Statistics, key: str = "a") -> None:
    stats.record_win("D1N", 60.0, 90, 500, game_key=key)


def test_R9_nothing_stored_is_nothing_to_write_or_tell():
    keeping = Keeping(None, None, None)
    assert keeping.take_writes() == [] and keeping.problems() == []
    assert not keeping.pending and keeping.settings == Settings()


def test_R9_writes_are_given_once_each_key_its_last_value():
    keeping = Keeping(None, None, None)
    keeping.save_game("one")
    keeping.save_game("two")
    keeping.save_settings(Settings(draw=3))
    keeping.save_daily("2026-12-05", "KL1-D1N-AAAAAAA")
    assert keeping.pending
    writes = dict(keeping.take_writes())
    assert writes[GAME_KEY] == "two" and Settings.from_json(writes[SETTINGS_KEY]).draw == 3
    assert keeping.daily == ["2026-12-05", "KL1-D1N-AAAAAAA"] and DAILY_KEY in writes
    assert keeping.take_writes() == [] and not keeping.pending


def test_R9_the_statistics_are_merged_into_what_another_tab_stored():
    keeping = Keeping(None, None, None)
    keeping.record(won)
    assert keeping.stats.record("D1N").won == 1  # shown at once
    other = Statistics()
    other.record_win("D1N", 30.0, 80, 600, game_key="b")  # the other tab's win
    (key, text), = keeping.take_writes(read=lambda key: other.to_json())
    merged = Statistics.from_json(text)
    assert key == STATS_KEY and merged.record("D1N").won == 2
    assert keeping.stats.record("D1N").won == 2  # this page shows both now


def test_R9_statistics_cleared_meanwhile_are_written_again_from_memory():
    keeping = Keeping(None, None, None)
    keeping.record(won)
    keeping.take_writes(read=lambda key: None)
    keeping.record(lambda stats: won(stats, "another game"))
    (_key, text), = keeping.take_writes(read=lambda key: None)
    assert Statistics.from_json(text).record("D1N").won == 2


def test_R9_a_newer_versions_values_are_read_as_defaults_and_never_written():
    keeping = Keeping(NEWER, NEWER, NEWER)
    assert keeping.held == {SETTINGS_KEY, STATS_KEY, DAILY_KEY}
    keeping.save_settings(Settings(draw=3))
    keeping.record(won)
    assert keeping.take_writes() == []
    assert any("newer version" in problem for problem in keeping.problems())


def test_R9_statistics_a_newer_tab_writes_meanwhile_are_held_from_then_on():
    keeping = Keeping(None, None, None)
    keeping.record(won)
    assert keeping.take_writes(read=lambda key: '{"v": 999}') == []
    assert STATS_KEY in keeping.held


def test_R9_damage_is_kept_aside_and_told_once():
    keeping = Keeping('{"v": 1, "draw": 3, "back": "nonsense"}', "{broken", "[1, 2]")
    writes = dict(keeping.take_writes())
    assert writes[aside(SETTINGS_KEY)].startswith('{"v": 1')
    assert writes[aside(STATS_KEY)] == "{broken" and writes[aside(DAILY_KEY)] == "[1, 2]"
    assert writes[DAILY_KEY] is None and keeping.settings.draw == 3
    problems = keeping.problems()
    assert len(problems) == 3 and keeping.problems() == []  # each told once (a game taken
    # over resumes again): the damaged statistics are replaced by what this page knows.
    assert STATS_KEY in dict(keeping.take_writes())


def test_R9_another_tabs_game_stops_this_ones_saving_and_its_statistics_are_shown():
    keeping = Keeping(None, None, None)
    assert keeping.stored_changed(GAME_KEY, "theirs", is_other=lambda text: False) is None
    assert keeping.stored_changed(GAME_KEY, "theirs", is_other=lambda text: True) == "game"
    assert keeping.elsewhere
    keeping.save_game("ours")
    assert keeping.take_writes() == []  # the other tab's game is not written over
    other = Statistics()
    other.record_win("D3V", 30.0, 80, 600, game_key="b")
    assert keeping.stored_changed(STATS_KEY, other.to_json(), lambda text: True) == "stats"
    assert keeping.stats.record("D3V").won == 1
    assert keeping.stored_changed(STATS_KEY, "{damaged", lambda text: True) is None


def test_the_history_is_merged_into_what_another_tab_stored_each_game_once():
    from klondike.app.history import Entry, History

    def game(key: str) -> Entry:
        return Entry(key, "KL1-D1N-AAAAAAC", "2026-12-05", "won", "S", 1.0, 5)

    keeping = Keeping(None, None, None)
    keeping.record_game(game("ours"))
    theirs = History()
    theirs.add(game("theirs"))
    theirs.add(game("ours"))  # the same game, seen there too (a reload in another tab)
    writes = dict(keeping.take_writes(read=lambda key: theirs.to_json()))
    merged = History.from_json(writes[HISTORY_KEY])
    assert [e.key for e in merged.entries] == ["theirs", "ours"]
    damaged = Keeping(None, None, None, history='{"v": 1, "games": [{"key": 1}]}')
    writes = dict(damaged.take_writes())
    assert writes[aside(HISTORY_KEY)].startswith('{"v": 1')
    assert History.from_json(writes[HISTORY_KEY]).entries == []
    assert any("history could not be read" in p for p in damaged.problems())
    # Another tab stored a game: shown here at once, unless this page's wait to be merged.
    theirs.add(game("later"))
    assert keeping.stored_changed(HISTORY_KEY, theirs.to_json(), lambda t: True) == "history"
    assert [e.key for e in keeping.history.entries] == ["theirs", "ours", "later"]
    keeping.record_game(game("mine"))
    assert keeping.stored_changed(HISTORY_KEY, theirs.to_json(), lambda t: True) is None
    assert keeping.stored_changed(HISTORY_KEY, "{damaged", lambda t: True) is None


def test_a_full_storage_makes_room_with_the_oldest_games_of_the_stored_history():
    from klondike.app.history import Entry, History

    def game(n: int) -> Entry:
        return Entry(f"k{n}", "KL1-D1N-AAAAAAC", "2026-12-05", "won", "S", 1.0, 5)

    stored = History()
    for n in range(7):
        stored.add(game(n))
    keeping = Keeping(None, None, None, stored.to_json())
    keeping.record_game(game(7))
    keeping.record(won)
    writes = dict(keeping.take_writes(lambda key: stored.to_json() if key == HISTORY_KEY
                                      else None))
    assert HISTORY_KEY in writes and STATS_KEY in writes
    # The history could not be written: the storage is full. Its oldest games make room.
    said = keeping.unwritten([HISTORY_KEY], full=True)
    assert said == ("The browser's storage is full: the oldest 2 games of the history were "
                    "left out to make room")
    assert [e.key for e in keeping.history.entries] == [f"k{n}" for n in range(2, 8)]
    # Another tab stored a game meanwhile: the room is made in what is stored, and the
    # game that could not be written is merged again.
    stored.add(game(8))
    writes = dict(keeping.take_writes(lambda key: stored.to_json() if key == HISTORY_KEY
                                      else None))
    kept = History.from_json(writes[HISTORY_KEY]).entries
    assert sorted(e.key for e in kept) == sorted(f"k{n}" for n in range(2, 9))
    assert STATS_KEY not in writes  # the statistics were written the first time
    made = 0
    while keeping.unwritten([HISTORY_KEY], full=True) is not None:  # one at a time now
        made += 1
    assert made == 7 and keeping.history.entries == []  # then there is no room to make


def test_a_refused_write_is_merged_again_at_the_next_and_makes_no_room():
    keeping = Keeping(None, None, None)
    keeping.record(won)
    keeping.take_writes()
    assert keeping.unwritten([STATS_KEY], full=False) is None and keeping.pending
    stats = Statistics.from_json(dict(keeping.take_writes())[STATS_KEY])
    assert stats.record("D1N").won == 1  # the win that was not written, once
    assert keeping.unwritten([], full=True) is None
