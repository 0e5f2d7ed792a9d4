"""klondike/app/ending.py: "Finish game" and telling a player they are stuck (R6)."""

from klondike import Game
from klondike.app.ending import finish_line, is_stuck, is_useful
from klondike.moves import Move

from .lines import DEAL_2_DRAW_1
from .positions import position


def test_R6_finish_line_plays_everything_home_once_all_cards_are_face_up():
    game = Game.from_code("KL1-D1N-AAAAAAC")
    moves = iter(DEAL_2_DRAW_1)
    while not game.all_face_up:
        assert finish_line(game) is None
        game.play(next(moves))
    line = finish_line(game)
    assert line is not None
    for move in line:
        game.play(move)
    assert game.is_won


def test_R6_finish_line_is_none_when_vegas_left_cards_behind():
    # Every card is face up; the 3h lies on the 2h in the waste and the stock is spent.
    # With recycles the draws bring the 2h up again; in Vegas (one pass, R2.9) never.
    hearts = "Qh Jh Th 9h 8h 7h 6h 5h 4h 2h 3h"
    normal = position(["Kh"], waste=hearts, foundations="Ah Ks Kd Kc", scoring="N")
    line = finish_line(normal)
    assert line is not None and "S" in map(str, line)
    for move in line:
        normal.play(move)
    assert normal.is_won
    vegas = position(["Kh"], waste=hearts, foundations="Ah Ks Kd Kc", scoring="V")
    assert finish_line(vegas) is None
    game = position(["Kh Qh"], foundations="Jh Ks Kd Kc", scoring="V")
    assert finish_line(game) == [Move.from_text("T1>F")] * 2


def test_R6_stuck_when_no_useful_move_is_left():
    game = position(["Kh", "Ks", "2c | 5d"], stock="9c 9d")
    assert is_stuck(game)
    game = position(["Kh", "Ks", "2c | 5d"], stock="9c 4c")
    assert not is_stuck(game)  # the 4c plays on the 5d after one turn
    game = position(["Ac"])
    assert not is_stuck(game)


def test_shuffling_a_king_between_empty_columns_is_not_useful():
    game = position(["Kh Qs", ""])
    assert not is_useful(game, Move.from_text("T1>T2"))
    game = position(["4c | Kh Qs", ""])
    assert is_useful(game, Move.from_text("T1>T2"))
