"""R2 Moves and R10 move text: every rule as a scenario on a made-up position."""

import pytest

from klondike import Card, Game, IllegalMove, Move
from klondike.moves import ALL_MOVES

from .positions import position


def up(game: Game, column: int) -> str:
    return " ".join(map(str, game.tableau[column - 1].up))


def test_R2_1_build_down_in_alternate_colours():
    game = position(["8s", "7h", "7c", "8h"])
    legal = {str(m) for m in game.legal_moves()}
    assert {"T2>T1", "T3>T4"} <= legal
    assert "T3>T1" not in legal  # same colour
    with pytest.raises(IllegalMove, match="7 of clubs can go only on a red 8"):
        game.play("T3>T1")
    game.play("T2>T1")
    assert up(game, 1) == "8s 7h"


def test_R2_1_rank_must_be_exactly_one_lower():
    game = position(["9s", "7h"])
    with pytest.raises(IllegalMove, match="needs a red 8"):
        game.play("T2>T1")


def test_R2_2_a_run_moves_with_every_card_on_it():
    game = position(["Js | 9h 8s 7d 6c", "Tc"])
    game.play("T1>T2")
    assert up(game, 2) == "Tc 9h 8s 7d 6c"
    assert up(game, 1) == "Js"  # turned up (R2.7)


def test_R2_2_R10_the_part_of_the_run_that_fits_moves():
    game = position(["9h 8s 7d 6c", "8c"])
    game.play("T1>T2")  # only 7d fits on 8c
    assert up(game, 1) == "9h 8s" and up(game, 2) == "8c 7d 6c"


def test_R2_3_empty_column_takes_only_a_king():
    game = position(["", "Ks | Qh", "Kd | Kh Qs Jh"])
    with pytest.raises(IllegalMove, match="Only a King can go to an empty column"):
        game.play("T2>T1")
    game.play("T3>T1")
    assert up(game, 1) == "Kh Qs Jh" and up(game, 3) == "Kd"


def test_R2_3_empty_column_refuses_a_queen_even_to_uncover_a_card():
    game = position(["", "5c 4d | Qh"], waste="Jc")
    legal = {str(m) for m in game.legal_moves()}
    assert "T2>T1" not in legal and "W>T1" not in legal
    with pytest.raises(IllegalMove, match="Only a King"):
        game.play("W>T1")


def test_R2_4_only_the_waste_top_plays():
    game = position(["8s", "5c"], waste="7h 4h")
    assert "W>T1" not in {str(m) for m in game.legal_moves()}
    game.play("W>T2")
    game.play("W>T1")
    assert up(game, 1) == "8s 7h" and game.waste == ()


def test_R2_5_foundations_build_up_by_suit_from_the_ace():
    game = position(["2h", "Ah"], waste="As")
    with pytest.raises(IllegalMove, match="hearts needs the ace next"):
        game.play("T1>F")
    game.play("T2>F")
    game.play("T1>F")
    game.play("W>F")
    assert game.foundations == {"s": 1, "h": 2, "d": 0, "c": 0}
    assert str(game.foundation_top("h")) == "2h"


def test_R2_5_one_card_at_a_time_only_the_top_card():
    game = position(["3s 2h"], foundations="Ah")
    game.play("T1>F")
    assert up(game, 1) == "3s" and game.foundations["h"] == 2


def test_R2_6_foundation_top_card_goes_back_where_it_fits():
    game = position(["8c", "", "4d"], foundations="7h 3c Ks")
    legal = {str(m) for m in game.legal_moves()}
    assert {"Fh>T1", "Fc>T3", "Fs>T2"} <= legal
    assert "Fh>T3" not in legal
    game.play("Fh>T1")
    assert up(game, 1) == "8c 7h" and game.foundations["h"] == 6


def test_R2_6_foundation_to_foundation_is_impossible():
    game = position([], foundations="Ah")
    with pytest.raises(IllegalMove, match="from one foundation to another"):
        game.play("Fh>F")


def test_R2_6_empty_foundation_cannot_give_a_card():
    game = position(["8s"])
    with pytest.raises(IllegalMove, match="hearts foundation is empty"):
        game.play("Fh>T1")


def test_R2_7_uncovered_card_turns_up_and_plays():
    game = position(["4c 2d | Ah"])
    game.play("T1>F")
    assert game.tableau[0].down == (Card.from_text("4c"),)
    assert up(game, 1) == "2d"
    assert "T1>F" not in {str(m) for m in game.legal_moves()}


def test_R2_7_face_down_cards_never_move():
    # The 9c could go on the 10h, but it is face down under the 5d.
    game = position(["9c | 5d", "Th"])
    with pytest.raises(IllegalMove, match="No card of column 1 fits"):
        game.play("T1>T2")


def test_R2_8_draw_1_turns_one_card():
    game = position(stock="2c 3c 4c")
    game.play("S")
    assert [str(c) for c in game.waste] == ["2c"]
    assert [str(c) for c in game.stock] == ["3c", "4c"]


def test_R2_8_draw_3_turns_three_and_only_the_last_plays():
    game = position(["5s"], stock="2c 3c 4h 5c", draw=3)
    game.play("S")
    assert [str(c) for c in game.waste] == ["2c", "3c", "4h"]
    assert {str(m) for m in game.legal_moves()} == {"S", "W>T1"}
    game.play("W>T1")  # the 3c is freed
    assert str(game.waste[-1]) == "3c"
    game.play("S")  # fewer than three remain
    assert [str(c) for c in game.waste] == ["2c", "3c", "5c"] and game.stock == ()


def test_R2_9_recycle_keeps_the_order():
    game = position(stock="2c 3c 4c 5c 6c", draw=3)
    game.play("S")
    game.play("S")
    assert game.stock == ()
    game.play("S")  # recycle
    assert [str(c) for c in game.stock] == ["2c", "3c", "4c", "5c", "6c"]
    assert game.waste == () and game.recycles == 1
    game.play("S")
    assert [str(c) for c in game.waste] == ["2c", "3c", "4c"]


def test_R2_9_nothing_to_turn_when_stock_and_waste_are_empty():
    game = position(["5s"])
    assert "S" not in {str(m) for m in game.legal_moves()}
    with pytest.raises(IllegalMove, match="both empty"):
        game.play("S")


@pytest.mark.parametrize("draw", [1, 3])
def test_R2_9_vegas_allows_one_pass_only(draw):
    game = position(stock="2c 3c", draw=draw, scoring="V")
    while game.stock:
        game.play("S")
    assert not game.can_recycle
    assert "S" not in {str(m) for m in game.legal_moves()}
    with pytest.raises(IllegalMove, match="In Vegas the stock can be gone through only once"):
        game.play("S")


@pytest.mark.parametrize("scoring", ["N", "S", "X"])
def test_R2_9_other_scorings_recycle_without_limit(scoring):
    game = position(stock="2c", scoring=scoring)
    for _ in range(5):
        game.play("S")
        game.play("S")
    assert game.recycles == 5


def test_legal_moves_are_exactly_what_play_accepts():
    game = Game.from_code("KL1-D1N-AAAAAAC")
    for _ in range(40):
        legal = game.legal_moves()
        assert len(legal) == len(set(legal))
        for move in ALL_MOVES:
            try:
                game.play(move)
            except IllegalMove:
                assert move not in legal
            else:
                assert move in legal
                game.undo()
        game.play(legal[-1] if legal[-1] is not Move.from_text("S") else legal[0])


def test_illegal_move_changes_nothing():
    game = Game.from_code("KL1-D1N-AAAAAAG")
    game.play("S")
    before = game.state()
    for text in ("T1>T2", "W>T1", "Fh>T3", "T2>F", "W>F"):
        with pytest.raises(IllegalMove):
            game.play(text)
    assert game.state() == before and game.moves_made == 1


def test_R2_8_draw_3_fan_shows_what_is_left_of_the_last_turn():
    game = position(["5s", "6d"], stock="2c 3c 4h 9c Tc 5c 5h", draw=3)
    assert game.waste_fan == 0
    game.play("S")
    assert game.waste_fan == 3
    game.play("W>T1")
    assert game.waste_fan == 2
    game.play("S")
    game.play("W>T2")  # the 5c onto the 6d
    game.play("S")  # only one card was left: 5h
    assert game.waste_fan == 1
    game.undo()
    game.undo()
    assert game.waste_fan == 3
    draw_1 = position(stock="2c 3c")
    draw_1.play("S")
    draw_1.play("S")
    assert draw_1.waste_fan == 1
