"""klondike/app/gestures.py: what a tap, a double tap or a drop means (R5), the words
of a refusal, and what the live region says of a move."""

from klondike import Game
from klondike.app.gestures import (
    DOUBLE_TAP_SECONDS,
    Taps,
    describe_move,
    double_tap_move,
    drag_move,
    refusal,
    stock_refusal,
    tap_move,
)
from klondike.moves import Move

from .positions import position


def test_R5_tap_sends_a_top_card_home_and_taps_the_stock():
    game = Game.from_code("KL1-D1N-AAAAAAG")
    assert tap_move(game, "T7", 6) == Move.from_text("T7>F")
    assert tap_move(game, "T2", 1) is None  # the jack of clubs cannot go home
    assert tap_move(game, "stock", 23) == Move.from_text("S")


def test_R5_double_tap_prefers_the_longest_column_then_an_empty_one_for_a_king():
    game = position(["9s", "8h", "4c 3d 2s | 9c", "", "Kd"])
    assert double_tap_move(game, "T2", 0) == Move.from_text("T2>T3")  # longest first
    assert double_tap_move(game, "T5", 0) == Move.from_text("T5>T4")  # King to empty
    assert double_tap_move(game, "T1", 0) is None


def test_R2_2_dragging_must_take_the_card_that_fits():
    game = position(["9h 8s 7d 6c", "8c"])
    assert drag_move(game, "T1", 2, "T2") == Move.from_text("T1>T2")
    assert drag_move(game, "T1", 1, "T2") is None  # the 8s does not fit on the 8c
    assert drag_move(game, "T1", 3, "F") is None


def test_R2_4_R2_6_drags_from_waste_and_foundation_tops_only():
    game = position(["8s", "4c"], waste="3h 7h", foundations="3d")
    assert drag_move(game, "waste", 1, "T1") == Move.from_text("W>T1")
    assert drag_move(game, "waste", 0, "T2") is None
    assert drag_move(game, "Fd", 2, "T2") == Move.from_text("Fd>T2")
    assert drag_move(game, "Fd", 1, "T2") is None
    assert drag_move(game, "Fd", 2, "F") is None  # foundation to foundation (R2.6)


def test_R5_an_illegal_drop_is_explained_and_changes_nothing():
    game = position(["9h 8s 7d 6c", "8c", "Qs"], waste="5d")
    before = game.state()
    assert refusal(game, "T1", 1, "T2") == (
        "Drag the card that fits there; the cards on it move along"
    )
    assert refusal(game, "T1", 3, "T3") == (
        "No card of column 1 fits on the queen of spades: it needs a red jack"
    )
    assert refusal(game, "waste", 0, "T4") == "Only a King can go to an empty column"
    assert refusal(game, "T1", 0, "stock") == "That card cannot go there"
    assert game.state() == before


def test_moves_are_described_for_the_live_region():
    game = Game.from_code("KL1-D3N-AAAAAAG")
    assert describe_move(game, Move.from_text("S")) == (
        "3 cards turned from the stock, ace of spades on top"
    )
    game = position(["4c | Ah", "Js | Th", "Jc"], waste="9c", foundations="3s")
    assert describe_move(game, Move.from_text("T1>F")) == (
        "ace of hearts to its foundation; 4 of clubs turned up"
    )
    assert describe_move(game, Move.from_text("T2>T3")) == (
        "10 of hearts to column 3; jack of spades turned up"
    )
    assert describe_move(game, Move.from_text("W>T2")) == "9 of clubs to column 2"
    assert describe_move(position(["4c"], foundations="3h"), Move.from_text("Fh>T1")) == (
        "3 of hearts to column 1"
    )
    assert describe_move(position(waste="2c 3c"), Move.from_text("S")) == (
        "waste turned over into the stock"
    )
    assert describe_move(position(stock="2c 3c"), Move.from_text("S")) == (
        "2 of clubs turned from the stock"
    )


def test_R2_9_a_refused_stock_tap_gives_the_games_own_reason():
    """One message per refusal, the game's (issue 41: Vegas's was written twice)."""
    vegas = Game.from_code("KL1-D1V-AAAAAAG")
    for _turn in range(len(vegas.stock)):
        vegas.play("S")
    assert tap_move(vegas, "stock", 0) is None
    assert stock_refusal(vegas) == "In Vegas the stock can be gone through only once"
    empty = position(["Kh"], stock="", foundations="Ks Qh Kd Kc")
    assert stock_refusal(empty) == "The stock and the waste are both empty"
    assert stock_refusal(Game.from_code("KL1-D1N-AAAAAAG")) == ""  # it is not refused


def test_R5_a_double_tap_is_two_taps_on_one_card_in_time_with_nothing_played_between():
    taps = Taps()
    taps.missed("Kh", now=1.0)
    assert not taps.is_double("Qs", now=1.1)  # another card
    taps.missed("Kh", now=2.0)
    assert not taps.is_double("Kh", now=2.01 + DOUBLE_TAP_SECONDS)  # too late
    taps.missed("Kh", now=3.0)
    taps.forget()  # a move was played between the two
    assert not taps.is_double("Kh", now=3.1)
    taps.missed("Kh", now=4.0)
    assert taps.is_double("Kh", now=4.2) and not taps.is_double("Kh", now=4.3)
