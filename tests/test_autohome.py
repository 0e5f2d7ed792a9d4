"""klondike/app/autohome.py: which cards are safe to send home by themselves (issue 42,
the setting "Move safe cards home"; R5 otherwise moves nothing by itself)."""

from klondike import Game
from klondike.app.autohome import is_safe, safe_move
from klondike.cards import Card
from klondike.moves import COLUMN_TO_FOUNDATION, WASTE_TO_FOUNDATION

from .positions import position


def test_an_ace_is_always_safe_and_a_two_once_both_aces_of_the_other_colour_are_home():
    game = Game.from_code("KL1-D1N-AAAAAAA")
    assert is_safe(game, Card.from_text("Ah")) and is_safe(game, Card.from_text("As"))
    assert not is_safe(game, Card.from_text("2h"))  # the black aces are not home


def test_a_card_is_safe_only_when_both_foundations_of_the_other_colour_are_one_rank_lower():
    # Spades 4 and clubs 3 home: a red 4 is safe (both black threes are home), a red 5
    # is not (the clubs 4 is not); the black cards wait for the red foundations.
    game = position(foundations="4s 2h 2d 3c")
    assert is_safe(game, Card.from_text("4h")) and is_safe(game, Card.from_text("4d"))
    assert not is_safe(game, Card.from_text("5h"))
    assert is_safe(game, Card.from_text("3s")) and not is_safe(game, Card.from_text("4c"))


def test_only_legal_moves_home_of_safe_cards_are_offered():
    game = Game.from_code("KL1-D1N-AAAAAAA")
    move = safe_move(game)
    assert move is not None and move.kind in (COLUMN_TO_FOUNDATION, WASTE_TO_FOUNDATION)
    game.play(move)
    # Through the stock and back, every move it offers is legal and takes a card home.
    offered = 0
    for _ in range(60):
        if (move := safe_move(game)) is None:
            if game.is_legal("S"):
                game.play("S")
            continue
        home = sum(game.foundations.values())
        game.play(move)
        offered += 1
        assert sum(game.foundations.values()) == home + 1
    assert offered >= 1


def test_a_waste_card_is_offered_when_it_is_safe():
    game = position(waste="Ac")
    move = safe_move(game)
    assert move is not None and move.kind == WASTE_TO_FOUNDATION
