"""R9 What the app stores: the game in progress with its clock, and the settings."""

import json

import pytest

from klondike import BadSave, Game
from klondike.app.storage import (
    BACKS,
    MOST_UNSURE,
    TABLES,
    Settings,
    load_game,
    save_game,
    steps_of,
    unsure_of,
)


def test_R9_game_and_clock_round_trip_with_undo_history():
    game = Game.from_code("KL1-D3S-AAAAAAG")
    for move in ("S", "T7>F", "S"):
        game.play(move)
    restored, elapsed = load_game(save_game(game, 95.04))
    assert elapsed == 95.0
    assert restored.state() == game.state() and restored.history == game.history
    restored.undo()
    assert restored.moves_made == 2


def test_R3_2_the_moves_time_steps_are_kept_where_the_clock_takes_points():
    game = Game.from_code("KL1-D1S-AAAAAAG")
    for move in ("S", "S", "S"):
        game.play(move)
    text = save_game(game, 95.0, steps=[0, 3, 9])
    assert json.loads(text)["steps"] == [0, 3, 9] and steps_of(text, game, 95.0) == [0, 3, 9]
    normal = Game.from_code("KL1-D1N-AAAAAAG")
    normal.play("S")
    assert "steps" not in json.loads(save_game(normal, 95.0, steps=[0]))  # no use there


@pytest.mark.parametrize("steps", [
    "[0, 3]",  # one short
    "[0, 3, 9, 9]",  # one too many
    "[3, 0, 9]",  # out of order
    "[0, 3, 10]",  # later than the clock (95 s: step 9)
    "[0, -1, 9]",
    "[0, true, 9]",
    "[0, 3.5, 9]",
    '"0 3 9"',
    "{}",
])
def test_R3_2_damaged_time_steps_are_unknown_and_the_game_is_kept(steps):
    game = Game.from_code("KL1-D1S-AAAAAAG")
    for move in ("S", "S", "S"):
        game.play(move)
    text = save_game(game, 95.0)[:-1] + f',"steps":{steps}}}'
    assert load_game(text)[0].history == game.history
    assert steps_of(text, game, 95.0) is None


def test_R3_2_a_save_from_before_the_steps_were_kept():
    game = Game.from_code("KL1-D1S-AAAAAAG")
    assert steps_of(save_game(game, 0), game, 0) == []  # no move yet: nothing unknown
    game.play("S")
    assert steps_of(save_game(game, 20), game, 20) is None
    assert steps_of("not json", game, 20) is None


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ('{"v":1,"code":"KL1-D1N-AAAAAAG","moves":"","elapsed":"soon"}', "clock is not a number"),
        ('{"v":1,"code":"KL1-D1N-AAAAAAG","moves":"","elapsed":-3}', "out of range"),
        ('{"v":1,"code":"KL1-D1N-AAAAAAG","moves":"","elapsed":true}', "not a number"),
        ('{"v":1,"code":"KL1-D1N-AAAAAAG","moves":"","elapsed":1e999}', "out of range"),
        ('{"v":1,"code":"KL1-D1N-AAAA', "damaged"),
        ('"a string"', "not a Klondike game"),
    ],
)
def test_R9_corrupt_game_values_raise_a_clear_error(value, message):
    with pytest.raises(BadSave, match=message):
        load_game(value)


def test_R9_settings_round_trip_and_fall_back_field_by_field():
    settings = Settings(draw=3, scoring="V", left_handed=True, animation="off")
    assert Settings.from_json(settings.to_json()) == settings
    assert Settings.from_json(None) == Settings()
    assert Settings.from_json("{broken") == Settings()
    assert Settings.from_json("[3]") == Settings()
    mixed = json.dumps({"draw": 2, "scoring": "V", "left_handed": "yes", "animation": "off"})
    assert Settings.from_json(mixed) == Settings(scoring="V", animation="off")


def test_the_looks_are_settings_and_a_foreign_value_falls_back_to_the_default() -> None:
    chosen = Settings(back="waves", table="dark", large_index=True)
    assert Settings.from_json(chosen.to_json()) == chosen
    foreign = json.loads(chosen.to_json()) | {"back": "<img src=x>", "table": 3,
                                                "large_index": "yes"}
    read = Settings.from_json(json.dumps(foreign))
    assert (read.back, read.table, read.large_index) == ("lattice", "green", False)
    assert set(BACKS) == {"lattice", "dots", "waves"} and "dark" in TABLES


def test_a_game_play_it_for_me_played_in_is_saved_so():
    from klondike.app.storage import is_checked, is_solved

    game = Game.from_code("KL1-D1N-AAAAAAC")
    text = save_game(game, 3.0, solved=True)
    assert is_solved(text) and not is_checked(text)
    assert not is_solved(save_game(game, 3.0))


def test_R9_the_positions_the_solver_was_not_sure_of_are_saved_and_a_damaged_list_dropped():
    game = Game.from_code("KL1-D3N-AAAAAAB")
    game.play("S")
    text = save_game(game, 3.0, unsure=[1, 0, 1])
    assert unsure_of(text, load_game(text)[0]) == [0, 1]
    assert "unsure" not in json.loads(save_game(game, 3.0))
    data = json.loads(text)
    for damaged in ([2], [-1], [True], ["0"], [0.0], "0", {"0": 1}, [0] * (MOST_UNSURE + 1)):
        data["unsure"] = damaged
        value = json.dumps(data)
        assert load_game(value)[0].to_json() == game.to_json()  # the game itself is kept
        assert unsure_of(value, game) == []
    assert unsure_of("{not json", game) == [] and unsure_of("[]", game) == []
