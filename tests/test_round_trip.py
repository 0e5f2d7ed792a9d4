"""Issue 39, item 4: what the game writes, it reads back. Every stored value goes through
its reader unchanged, over random games, clocks and statistics, including clocks far out
of any real range (bounded when written, not only refused when read)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from klondike import DEALS, Game, GameCode, IllegalMove
from klondike.app.stats import MAX_GAME_SECONDS, Statistics
from klondike.app.storage import Settings, daily_text, load_game, read_daily, save_game
from klondike.moves import ALL_MOVES

CLOCKS = st.one_of(st.floats(min_value=0, max_value=1e15, allow_nan=False),
                   st.sampled_from([0.0, 0.04, 59.95, 2e12, 1e300, float("inf")]))
RULE_SETS = st.sampled_from([f"D{d}{s}" for d in "13" for s in "NSVX"])


def played(deal: int, draw: int, scoring: str, picks: list[int]) -> Game:
    game = Game(GameCode(deal, draw, scoring))
    for pick in picks:
        legal = game.legal_moves() or [ALL_MOVES[0]]
        try:
            game.play(legal[pick % len(legal)])
        except IllegalMove:
            break
    return game


@settings(max_examples=60, deadline=None)
@given(st.integers(0, DEALS - 1), st.sampled_from([1, 3]), st.sampled_from("NSVX"),
       st.lists(st.integers(0, 1000), max_size=60), CLOCKS)
def test_a_saved_game_reads_back(deal, draw, scoring, picks, clock):
    game = played(deal, draw, scoring, picks)
    text = save_game(game, clock)
    loaded, elapsed = load_game(text)
    assert loaded.to_json() == game.to_json()
    assert elapsed == min(round(min(clock, MAX_GAME_SECONDS), 1), MAX_GAME_SECONDS)
    assert save_game(loaded, elapsed) == text  # and writes the same again


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["win", "end", "daily"]), RULE_SETS, CLOCKS,
                          st.integers(0, 10_000), st.one_of(st.none(), st.integers(-5000, 5000)),
                          st.booleans()), max_size=40))
def test_statistics_read_back(events):
    stats = Statistics()
    for n, (kind, rule_set, clock, moves, score, flag) in enumerate(events):
        if kind == "win":
            stats.record_win(rule_set, clock, moves, score, game_key=f"k{n}", checked=flag)
        elif kind == "end":
            stats.record_end(rule_set, flag, score, game_key=f"k{n}")
        else:
            stats.record_daily_win(f"2026-12-{1 + n % 28:02d}", 1 if flag else 3)
        text = stats.to_json()
        again = Statistics.from_json(text)
        assert again.problem is None, (again.problem, text)
        assert again.to_json() == text


@given(st.builds(Settings, draw=st.sampled_from([1, 3]), scoring=st.sampled_from("NSVX"),
                 left_handed=st.booleans(), four_colour=st.booleans(),
                 animation=st.sampled_from(["normal", "fast", "off"]),
                 indicator=st.booleans(), language=st.sampled_from(["", "en", "pl"]),
                 winnable_only=st.booleans(), back=st.sampled_from(["lattice", "dots"]),
                 table=st.sampled_from(["green", "dark"]), large_index=st.booleans()))
def test_settings_read_back(chosen):
    assert Settings.from_json(chosen.to_json()) == chosen


def test_the_daily_value_reads_back():
    text = daily_text("2026-12-24", "KL1-D3N-AAAAAAG")
    assert read_daily(text) == ("2026-12-24", "KL1-D3N-AAAAAAG")
