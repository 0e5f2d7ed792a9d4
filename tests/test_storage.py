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
