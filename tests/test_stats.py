"""Statistics (R9: kept in localStorage by the glue): counts per rule set, streaks, best
and average results, the Vegas bank (R3.3), daily deals won (R8), and lenient reading."""

import json

import pytest

from klondike import Game
from klondike.app.ending import is_stuck
from klondike.app.stats import (
    RULE_SETS,
    Record,
    Statistics,
    counts_as_played,
    rule_set_label,
    rule_set_of,
)


def test_a_new_player_has_empty_statistics_for_every_rule_set():
    stats = Statistics.from_json(None)
    assert stats.problem is None
    assert len(RULE_SETS) == 8 and "D1N" in RULE_SETS and "D3X" in RULE_SETS
    for key in RULE_SETS:
        r = stats.record(key)
        assert (r.played, r.won, r.win_rate, r.best_time, r.average_time) == (0, 0, None, None,
                                                                               None)


def test_won_lost_and_abandoned_are_counted_apart_and_add_up_to_played():
    stats = Statistics()
    stats.record_win("D1N", 300, 120, 700)
    stats.record_end("D1N", stuck=True, score=100)
    stats.record_end("D1N", stuck=False, score=50)
    stats.record_end("D1N", stuck=False, score=20)
    r = stats.record("D1N")
    assert (r.won, r.lost, r.abandoned, r.played) == (1, 1, 2, 4)
    assert r.win_rate == 0.25
    assert stats.record("D3N").played == 0  # another rule set is untouched


def test_streaks_grow_with_wins_and_any_other_ending_breaks_the_current_one():
    stats = Statistics()
    for _ in range(3):
        stats.record_win("D3S", 100, 100, 1000)
    stats.record_end("D3S", stuck=False, score=0)  # abandoning is not a way to keep it
    stats.record_win("D3S", 100, 100, 1000)
    r = stats.record("D3S")
    assert (r.streak, r.best_streak) == (1, 3)
    stats.record_end("D3S", stuck=True, score=0)
    assert stats.record("D3S").streak == 0


def test_best_and_average_time_and_fewest_moves_come_from_wins_only():
    stats = Statistics()
    stats.record_win("D1X", 200.0, 150, None)
    stats.record_win("D1X", 100.04, 170, None)
    stats.record_end("D1X", stuck=False, score=None)
    r = stats.record("D1X")
    assert r.best_time == 100.0
    assert r.average_time == pytest.approx(150.0)
    assert r.fewest_moves == 150
    assert r.best_score is None  # R3.4: no points in X


def test_best_score_is_the_highest_of_any_game_played():
    stats = Statistics()
    stats.record_end("D1S", stuck=True, score=400)
    stats.record_win("D1S", 500, 130, 350)
    assert stats.record("D1S").best_score == 400


def test_vegas_bank_adds_the_dollars_of_every_game_won_lost_or_abandoned():
    # R3.3: -$52 to start, +$5 a card home; the bank carries the result over.
    stats = Statistics()
    stats.record_win("D3V", 400, 150, 208)
    stats.record_end("D3V", stuck=True, score=-37)
    stats.record_end("D3V", stuck=False, score=-52)
    r = stats.record("D3V")
    assert r.bank == 208 - 37 - 52
    assert r.best_score == 208
    rows = dict(stats.summary_rows("D3V"))
    assert rows["Vegas bank"] == "+$119"
    assert rows["Best result"] == "+$208"
    assert stats.record("D1V").bank == 0  # one bank per rule set


def test_a_game_shown_again_after_a_reload_is_not_counted_twice():
    stats = Statistics()
    stats.record_win("D1N", 300, 120, 700, game_key="game A")
    stats.record_win("D1N", 300, 120, 700, game_key="game A")
    assert stats.record("D1N").won == 1
    stats.record_end("D1N", stuck=False, score=0, game_key="game B")
    stats.record_end("D1N", stuck=False, score=0, game_key="game B")
    assert stats.record("D1N").played == 2


def test_counts_as_played_once_a_game_has_a_move_and_is_not_won():
    game = Game.from_code("KL1-D3V-AAAAAAG")
    assert rule_set_of(game) == "D3V"
    assert not counts_as_played(game)  # left without a move: not a game played
    game.play("S")
    assert counts_as_played(game)
    assert not is_stuck(game)  # so leaving it now is abandoning it


def test_daily_deals_won_are_kept_per_draw_mode_as_iso_dates():
    stats = Statistics()
    stats.record_daily_win("2026-12-01", 1)
    stats.record_daily_win("2026-11-30", 1)
    stats.record_daily_win("2026-12-01", 1)
    stats.record_daily_win("2026-12-01", 3)
    assert stats.daily_wins(1) == ["2026-11-30", "2026-12-01"]
    assert stats.won_daily("2026-12-01", 3) and not stats.won_daily("2026-11-30", 3)
    with pytest.raises(ValueError):
        stats.record_daily_win("yesterday", 1)
    with pytest.raises(ValueError):
        stats.record_daily_win("2026-12-01", 2)


def test_statistics_survive_a_round_trip_through_json():
    stats = Statistics()
    stats.record_end("D3V", stuck=True, score=-12)
    stats.record_win("D1N", 300.5, 120, 700, game_key="k")
    stats.record_daily_win("2026-12-01", 3)
    again = Statistics.from_json(stats.to_json())
    assert again.problem is None
    assert again.records == stats.records
    assert again.daily == stats.daily
    assert again.recent == ["k"]
    assert again.to_json() == stats.to_json()


@pytest.mark.parametrize("text", [
    "", "{", "null", "[]", "42", '"text"', '{"v": 0, "sets": {}, "daily": {}}',
])
def test_a_value_that_is_no_statistics_gives_empty_statistics_and_a_message(text):
    stats = Statistics.from_json(text)
    assert stats.records == {} and stats.daily == {1: set(), 3: set()}
    assert stats.problem == "The statistics could not be read and start again from zero"


PARTLY = "Some of the statistics could not be read: the damaged value is kept aside, and " \
    "everything else is kept"


@pytest.mark.parametrize("text", [
    '{"v": 2, "sets": {}, "daily": {}}',  # no recent keys
    '{"v": 1}', '{"v": 1, "sets": [], "daily": {}}',
    '{"v": 1, "sets": {"D2N": {}}, "daily": {}}',
    '{"v": 1, "sets": {}, "daily": {"1": ["not a date"]}}',
    '{"v": 1, "sets": {}, "daily": {"2": []}}',
    '{"v": 1, "sets": {}, "daily": {}, "last": 5}',
])
def test_damaged_statistics_say_so_and_invent_nothing(text):
    stats = Statistics.from_json(text)
    assert stats.records == {} and stats.daily == {1: set(), 3: set()}
    assert stats.problem == PARTLY


@pytest.mark.parametrize("damage", [
    {"won": 1.0}, {"won": "5"}, {"streak": 99}, {"total_time": 2e12}, {"extra": 1},
])
def test_one_damaged_record_loses_only_itself(damage):
    """Issue 39, item 5: one bad field once wiped every rule set's record."""
    stats = Statistics()
    stats.record_win("D1N", 300, 120, 700, game_key="a")
    stats.record_win("D3V", 200, 150, 30, game_key="b")
    stats.record_end("D3N", stuck=True, score=-40, game_key="c")
    stats.record_daily_win("2026-12-01", 3)
    data = json.loads(stats.to_json())
    data["sets"]["D3V"].update(damage)
    data["daily"]["1"] = ["2026-12-02", "not a date"]
    again = Statistics.from_json(json.dumps(data))
    assert again.problem == PARTLY
    assert set(again.records) == {"D1N", "D3N"}
    assert again.records["D1N"] == stats.records["D1N"]
    assert again.daily == {1: {"2026-12-02"}, 3: {"2026-12-01"}}
    assert again.recent == ["a", "b", "c"]


@pytest.mark.parametrize("change", [
    {"won": -1}, {"won": True}, {"won": "3"}, {"lost": 1.5}, {"streak": 5},
    {"best_time": None}, {"best_time": float("nan")}, {"fewest_moves": None},
    {"best_score": "700"}, {"bank": None}, {"extra": 1},
])
def test_a_record_with_an_impossible_field_is_refused(change):
    good = json.loads(Statistics().to_json())
    record = {**vars(Record(won=2, streak=1, best_streak=2, best_time=90.0, total_time=200.0,
                            fewest_moves=100, best_score=700))}
    good["sets"]["D1N"] = record
    assert Statistics.from_json(json.dumps(good)).problem is None
    good["sets"]["D1N"] = {**record, **change}
    assert Statistics.from_json(json.dumps(good)).problem is not None


def test_reset_clears_everything_or_one_rule_set():
    stats = Statistics()
    stats.record_win("D1N", 300, 120, 700)
    stats.record_win("D3N", 300, 120, 700)
    stats.record_daily_win("2026-12-01", 1)
    stats.reset("D1N")
    assert stats.record("D1N").played == 0 and stats.record("D3N").played == 1
    stats.reset()
    assert stats.records == {} and stats.daily_wins(1) == []


def test_summary_rows_are_label_and_value_text_ready_for_a_dialog():
    stats = Statistics()
    assert dict(stats.summary_rows("D1N"))["Best time"] == "\u2014"
    stats.record_win("D1N", 125, 99, 655)
    stats.record_end("D1N", stuck=False, score=10)
    stats.record_end("D1N", stuck=True, score=10)
    rows = stats.summary_rows("D1N")
    assert all(isinstance(a, str) and isinstance(b, str) for a, b in rows)
    assert rows[:5] == [("Played", "3"), ("Won", "1"), ("Win rate", "33%"),
                        ("Lost (stuck)", "1"), ("Abandoned", "1")]
    table = dict(rows)
    assert table["Best time"] == "2:05" and table["Fewest moves"] == "99"
    assert table["Best score"] == "655"
    assert "Best score" not in dict(stats.summary_rows("D1X"))  # R3.4
    assert rule_set_label("D3V") == "Draw 3, Vegas"


def test_an_unknown_rule_set_is_a_programming_error():
    with pytest.raises(ValueError):
        Statistics().record_win("D2N", 1, 1, 1)


def test_games_play_it_for_me_won_are_counted_apart_kept_and_reset():
    stats = Statistics()
    stats.record_win("D3V", 100, 90, 30, game_key="a", solved=True)
    stats.record_win("D3V", 100, 90, 30, game_key="a", solved=True)  # the same game again
    assert stats.solver_wins("D3V") == 1 and stats.record("D3V").won == 0
    assert stats.record("D3V").played == 0 and stats.record("D3V").streak == 0
    assert ("Played to the win by Play it for me (not counted above)", "1") in \
        stats.summary_rows("D3V")
    again = Statistics.from_json(stats.to_json())
    assert again.solver_wins("D3V") == 1 and again.problem is None
    again.reset("D3V")
    assert again.solver_wins("D3V") == 0


def test_a_damaged_count_of_play_it_for_me_is_dropped_and_said():
    stats = Statistics()
    stats.record_win("D1N", 100, 90, 30, game_key="a", solved=True)
    text = stats.to_json().replace('"solver":{"D1N":1}', '"solver":{"D1N":-1,"D9Q":2}')
    damaged = Statistics.from_json(text)
    assert damaged.solver_wins("D1N") == 0 and damaged.problem is not None


def test_other_browsers_blocks_survive_a_round_trip_and_an_older_value_reads():
    other = Statistics()
    other.adopt("b2")
    other.record_win("D3V", 80.0, 100, 60)
    stats = Statistics()
    stats.adopt("a1")
    stats.record_win("D3V", 90.0, 95, 52)
    assert stats.absorb(other) == 1
    stats.reset("D1N")
    read = Statistics.from_json(stats.to_json())
    assert (read.id, read.changes, list(read.others), read.problem) == ("a1", 2, ["b2"], None)
    r = read.record("D3V")
    assert (r.won, r.best_time, r.fewest_moves, r.best_score, r.bank) == (2, 80.0, 95, 60, 112)
    stats.reset()
    assert stats.forgotten == ["b2", "a1"] and stats.id is None and stats.games == 0
    older = json.loads(read.to_json())
    for name in ("id", "changes", "others", "forgotten"):
        del older[name]
    older["v"] = 4
    v4 = Statistics.from_json(json.dumps(older))
    assert (v4.id, v4.changes, v4.problem, v4.games) == (None, 1, None, 1)
