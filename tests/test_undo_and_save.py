"""R4 Undo and R9 saving (to_json / from_json)."""

import json

import pytest

from klondike import BadSave, Game, IllegalMove

from .lines import DEAL_3_DRAW_1


def test_R4_undo_reaches_back_to_the_start_and_restores_everything():
    game = Game.from_code("KL1-D1N-AAAAAAD")
    states = [game.state()]
    for move in DEAL_3_DRAW_1:
        game.play(move)
        states.append(game.state())
    assert game.is_won
    while game.moves_made:
        game.undo()
        assert game.state() == states[game.moves_made]
    assert game.state() == Game.from_code("KL1-D1N-AAAAAAD").state()


def test_R4_undo_of_a_recycle_restores_stock_waste_and_count():
    game = Game.from_code("KL1-D3S-AAAAAAB")
    for _ in range(8):
        game.play("S")
    before = game.state()
    game.play("S")
    assert game.recycles == 1 and game.waste == ()
    game.undo()
    assert game.state() == before


def test_R4_nothing_to_undo_at_the_start():
    with pytest.raises(IllegalMove, match="nothing to undo"):
        Game().undo()


def test_R9_save_round_trips_mid_game():
    game = Game.from_code("KL1-D1V-AAAAAAD")
    for move in DEAL_3_DRAW_1[:40]:
        game.play(move)
    saved = game.to_json()
    assert json.loads(saved) == {
        "v": 1, "code": "KL1-D1V-AAAAAAD", "moves": " ".join(DEAL_3_DRAW_1[:40]),
    }
    restored = Game.from_json(saved)
    assert restored.state() == game.state() and restored.history == game.history
    restored.undo()
    game.undo()
    assert restored.state() == game.state()


def _saved(moves: str, code: str = "KL1-D1N-AAAAAAD") -> str:
    return json.dumps({"v": 1, "code": code, "moves": moves})


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ('{"v":1,"code":"KL1-D1N-AAAAAAD","mov', "damaged"),
        ("", "damaged"),
        ("null", "not a Klondike game"),
        ("[1, 2]", "not a Klondike game"),
        ('{"theme": "dark"}', "not a Klondike game"),
        ('{"v": 2, "code": "KL1-D1N-AAAAAAD", "moves": ""}', "unknown format version"),
        ('{"v": 1, "code": "KL1-D1N-AAAAAAD"}', "lacks its code or its moves"),
        ('{"v": 1, "code": 7, "moves": ""}', "lacks its code or its moves"),
        (_saved("", "KL1-D9N-AAAAAAD"), "bad code: mode part"),
        (_saved("S S W>T9"), r"move 3 \(W>T9\) is not legal"),
        (_saved("T1>T2"), r"move 1 \(T1>T2\) is not legal"),
    ],
)
def test_R9_truncated_edited_or_foreign_saves_are_refused_clearly(value, message):
    with pytest.raises(BadSave, match=message):
        Game.from_json(value)


def test_R9_bad_save_is_a_value_error_and_non_text_is_refused():
    assert issubclass(BadSave, ValueError)
    with pytest.raises(BadSave):
        Game.from_json(None)
