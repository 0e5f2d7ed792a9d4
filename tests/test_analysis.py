"""What the page shows from the solver: "Can this still be won?", undo to the last
winnable position, the winning line kept along (issue 5, R8)."""

from __future__ import annotations

from klondike import Game
from klondike.app.analysis import BUDGET, BUSY, UNAVAILABLE, Analysis, position_key
from klondike.moves import Move
from klondike.solver import LOST, UNKNOWN, WON, Solution, solve

from .positions import position


def answered(analysis: Analysis, game: Game, budget: int = BUDGET) -> None:
    """The worker's answer about the position on the board, as it would come."""
    assert analysis.to_ask(game) == position_key(game)
    analysis.receive(position_key(game), solve(game, budget))


def test_a_position_is_asked_about_until_it_is_answered_and_the_answer_is_kept() -> None:
    game = Game.new(4, 3)
    analysis = Analysis()
    assert analysis.state(game) == BUSY and analysis.to_ask(game) == game.code + "|"
    answered(analysis, game)
    assert analysis.state(game) == WON and analysis.to_ask(game) is None
    move = game.legal_moves()[0]
    analysis.play(game, move)
    game.undo()  # back where it was answered: known at once
    assert analysis.state(game) == WON and analysis.to_ask(game) is None


def test_once_the_worker_failed_nothing_is_asked_and_the_state_says_so() -> None:
    game = Game.new(0, 1)
    analysis = Analysis()
    analysis.down = True
    assert analysis.to_ask(game) is None and analysis.state(game) == UNAVAILABLE
    analysis.receive(position_key(game), Solution(WON, 5, ["S"]))  # answered before
    assert analysis.state(game) == WON


def test_a_move_on_the_winning_line_keeps_the_rest_of_it() -> None:
    game = Game.new(0, 1)
    analysis = Analysis()
    answered(analysis, game)
    line = analysis.winning_line(game)
    analysis.play(game, Move.from_text(line[0]))
    assert analysis.winning_line(game) == line[1:]
    assert analysis.answer(game).nodes == 0  # known without a search


def test_a_move_off_the_line_must_be_searched_again() -> None:
    game = Game.new(0, 1)
    analysis = Analysis()
    answered(analysis, game)
    line = analysis.winning_line(game)
    other = next(m for m in game.legal_moves() if str(m) != line[0])
    analysis.play(game, other)
    assert analysis.state(game) == BUSY


def test_undo_to_the_last_winnable_position() -> None:
    # R8: the last earlier position answered "won"; not sure, lost or not yet answered
    # positions are passed over, and the position on the board does not count.
    game = Game.new(0, 1)
    analysis = Analysis()
    for _ in range(4):
        analysis.play(game, game.legal_moves()[0])
    won, unknown, lost = (Solution(result, 1, []) for result in (WON, UNKNOWN, LOST))
    for moves, answer in enumerate([won, won, unknown, None, lost]):
        if answer is not None:
            analysis.known[position_key(game, moves)] = answer
    assert analysis.state(game) == LOST and analysis.last_winnable(game) == 1
    analysis.known[position_key(game, 3)] = won
    assert analysis.last_winnable(game) == 3
    analysis.known[position_key(game)] = won
    assert analysis.last_winnable(game) == 3
    assert analysis.last_winnable(Game.new(0, 1)) is None  # no move made


def test_a_new_deal_forgets_the_old_answers() -> None:
    game = Game.new(0, 1)
    analysis = Analysis()
    answered(analysis, game, budget=50)
    assert analysis.state(game) in (WON, UNKNOWN)
    analysis.forget()
    assert analysis.known == {} and analysis.state(game) == BUSY


def test_a_won_game_is_not_searched() -> None:
    game = position(foundations="Ks Kh Kd Kc")
    analysis = Analysis()
    assert game.is_won and analysis.to_ask(game) is None
