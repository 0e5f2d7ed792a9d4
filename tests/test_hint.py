"""R8 Hint: the solver's move when it has one, else a sensible move, else none."""

import random
import re

from klondike import Game, Move
from klondike.app.gestures import describe_hint
from klondike.app.hint import hint, sensible_move
from klondike.solver import WON, solve

from .positions import position


def test_R8_hint_follows_the_winning_line():
    game = Game.from_code("KL1-D1N-AAAAAAD")
    solution = solve(game, budget=5_000)
    assert solution.result == WON
    assert hint(game, solution.moves) == Move.from_text(solution.moves[0])


def test_R8_sensible_move_turns_a_card_up_first():
    game = position(["4c | 8h", "9s", "Ah"], waste="")
    assert sensible_move(game) == Move.from_text("T1>T2")  # turns the 4c up


def test_R8_sensible_move_then_a_card_home_then_the_waste():
    game = position(["9s", "Ah"], waste="8h")
    assert sensible_move(game) == Move.from_text("T2>F")
    game = position(["9s"], waste="8h")
    assert sensible_move(game) == Move.from_text("W>T1")


def test_R8_sensible_move_draws_when_the_stock_holds_something_useful():
    game = position(["Ks", "Kh"], stock="5d Ac")
    assert sensible_move(game) == Move.from_text("S")


def test_R8_no_hint_when_no_useful_move_exists():
    game = position(["Kh", "Ks", "2c | 5d"], stock="9c 9d")
    assert sensible_move(game) is None
    assert hint(game, None) is None


def test_search_in_slices_gives_the_same_answer_and_nodes_as_solve():
    from klondike.solver import Search

    for number in range(12):
        game = Game.new(number, 1 + 2 * (number % 2))
        whole = solve(game, budget=3_000)
        search = Search(game.copy(), budget=3_000)
        answer = None
        while answer is None:
            answer = search.advance(97)
        assert answer == whole
        clock = iter(range(10**6)).__next__  # a slice cut short after 5 nodes by the clock
        search, slices = Search(game.copy(), budget=3_000), 0
        while (answer := search.advance(97, until=clock() + 5, clock=clock)) is None:
            slices += 1
        assert answer == whole and slices >= whole.nodes // 5


def test_R8_a_hint_names_no_card_the_player_cannot_see():
    """The hint says the move, not what it would show: the stock's next card, or the card a
    column's move turns up (it named them: "Hint: ace of spades to its foundation; 2 of
    hearts turned up" with the 2 of hearts face down)."""
    rng = random.Random(8)
    said = set()
    for deal in range(40):
        game = Game.from_code(f"KL1-D{1 + deal % 2 * 2}N-AAAAA{'ABCDEFGHIJ'[deal % 10]}"
                              f"{'ABCD'[deal // 10]}")
        for _ in range(60):
            moves = game.legal_moves()
            if not moves:
                break
            hidden = [*game.stock, *(card for column in game.tableau for card in column.down)]
            for move in moves:
                text = describe_hint(game, move)
                said.add(text)
                for card in hidden:
                    assert not re.search(rf"\b{card.name}\b", text), (game.position(), text)
            game.play(rng.choice(moves))
    assert {"turn a card over from the stock", "turn cards over from the stock",
            "turn the waste back into the stock"} <= said
    assert any(text.endswith("to its foundation") for text in said)
    assert any(re.search(r"to column \d$", text) for text in said)
