"""klondike/app/history.py: the last games that ended (issue 42): each once, the newest
kept, versioned, and what does not read left out without losing the rest."""

import json

from hypothesis import given
from hypothesis import strategies as st

from klondike.app.history import LIMIT, LOST, MAX_CHARS, RESULTS, WON, Entry, History, rows
from klondike.app.stored import HISTORY_VERSION


def entry(n: int = 0, **changes) -> Entry:
    values = dict(key=f"k{n}", code="KL1-D1N-AAAAAAC", day="2026-12-05", result=WON,
                  moves="S T7>F", seconds=42.0, score=15, turned=None)
    return Entry(**(values | changes))


def test_a_game_is_kept_once_and_only_the_newest_games_stay():
    history = History()
    for n in range(LIMIT + 5):
        history.add(entry(n))
    history.add(entry(LIMIT + 4))  # the same game again (a reload, another tab)
    assert len(history.entries) == LIMIT
    assert history.entries[0].key == "k5" and history.entries[-1].key == f"k{LIMIT + 4}"


def test_it_reads_back_what_it_writes():
    history = History()
    history.add(entry(1, result=LOST, score=None, turned=2, seconds=1e9))
    history.add(entry(2, moves=""))
    again = History.from_json(history.to_json())
    assert again.entries == history.entries and again.problem is None
    assert again.entries[0].move_count == 2 and again.entries[1].move_count == 0


def test_nothing_stored_is_an_empty_history_and_a_foreign_value_is_said():
    assert History.from_json(None).entries == [] and History.from_json(None).problem is None
    for text in ("{", "[]", '{"v": 1}', '{"v": 1, "games": {}}', '"x"'):
        history = History.from_json(text)
        assert history.entries == [] and "could not be read" in history.problem


def test_a_newer_versions_history_is_refused_and_marked_newer():
    history = History.from_json(json.dumps({"v": HISTORY_VERSION + 1, "games": []}))
    assert history.newer and "newer version" in history.problem


def test_a_damaged_game_is_left_out_and_the_rest_is_kept():
    good = json.loads(History().to_json())
    good["games"] = [json.loads(json.dumps(entry(n).__dict__)) for n in range(3)]
    for bad in ({"code": "KL9-nonsense"}, {"day": "yesterday"}, {"moves": "T9>F"},
                {"result": "draw"}, {"seconds": -1}, {"seconds": True}, {"score": 1.5},
                {"turned": 3}, {"turned": 0}, {"key": ""}):
        data = json.loads(json.dumps(good))
        data["games"][1] |= bad
        history = History.from_json(json.dumps(data))
        assert [e.key for e in history.entries] == ["k0", "k2"], bad
        assert "Some games of the history could not be read" in history.problem


@given(st.lists(st.tuples(st.integers(0, 200), st.sampled_from(RESULTS),
                          st.floats(0, 1e9), st.none() | st.integers(-10**6, 10**6)),
                max_size=30))
def test_any_games_recorded_read_back_the_same(games):
    history = History()
    for n, result, seconds, score in games:
        history.add(entry(n, result=result, seconds=seconds, score=score))
    again = History.from_json(history.to_json())
    assert again.entries == history.entries and again.problem is None


def test_the_dialogs_rows_are_newest_first_in_the_players_words():
    history = History()
    history.add(entry(1, result=LOST, turned=1, score=None, seconds=75.0))
    history.add(entry(2, code="KL1-D3V-AAAAAAG", moves="S", score=-52))
    history.add(entry(3, code="KL1-D1X-AAAAAAG", moves="", score=None))
    third, second, first = rows(history)
    assert second.heading == "2026-12-05 · KL1-D3V-AAAAAAG · Draw 3, Vegas"
    assert second.summary == "Won · 1 move · 0:42 · Score: -$52"
    assert first.summary == ("Lost (stuck) · no longer winnable after move 1 · "
                             "2 moves · 1:15")
    assert third.summary == "Won · 0 moves · 0:42" and third.code == "KL1-D1X-AAAAAAG"


def test_the_stored_text_is_bounded_by_leaving_out_the_oldest_games():
    history = History()
    long_game = " ".join(["S"] * 4_000)  # far longer than any real game
    for n in range(LIMIT):
        history.add(entry(n, moves=long_game))
    assert len(history.to_json()) <= MAX_CHARS
    assert history.entries[-1].key == f"k{LIMIT - 1}" and len(history.entries) < LIMIT
    kept = len(history.entries)
    assert history.make_room() == kept // 4 and len(history.entries) == kept - kept // 4
    history.entries = history.entries[-2:]
    assert history.make_room() == 1 and history.entries[0].key == f"k{LIMIT - 1}"
