"""What the page shows from the solver: "Can this still be won?", undo to the last
winnable position, the winning line kept along (issue 5, R8)."""

from __future__ import annotations

from klondike import Column, Game
from klondike.app.analysis import BUDGET, BUSY, UNAVAILABLE, Analysis, position_key
from klondike.moves import Move
from klondike.solver import LOST, UNKNOWN, WON, Solution, solve

from .lines import DEAL_3_DRAW_1
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


def test_position_key_follows_every_move_undo_redo_and_other_game() -> None:
    def joined(game: Game, moves: int | None = None) -> str:  # what the key is made of
        return game.code + "|" + " ".join(m.text for m in game.history[:moves])

    def check(game: Game) -> None:
        for moves in (None, 0, 1, game.moves_made // 2, -1, game.moves_made + 5):
            assert position_key(game, moves) == joined(game, moves)

    game = Game.from_code("KL1-D1N-AAAAAAD")
    for text in DEAL_3_DRAW_1[:40]:
        game.play(text)
        check(game)
    game.undo()
    game.undo()
    check(game)  # undone
    game.play(DEAL_3_DRAW_1[38])
    check(game)  # redone
    other = next(m for m in game.legal_moves() if m.text != DEAL_3_DRAW_1[39])
    game.play(other)
    check(game)  # another move at the same length
    assert position_key(game).endswith(other.text)
    copy = game.copy()
    copy.undo()
    check(copy)
    check(game)  # two games of one deal, in turn
    new = Game.from_code("KL1-D3N-AAAAAAD")
    check(new)  # a new game
    new.play("S")
    check(new)
    restarted = Game.from_code(game.code)
    check(restarted)  # the deal again, from its start
    check(game)


def test_a_games_history_is_the_same_tuple_until_a_move_or_an_undo() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAD")
    assert game.history == ()
    game.play("T1>F")
    first = game.history
    assert game.history is first and first == (Move.from_text("T1>F"),)
    game.play("T2>F")
    assert game.history == (*first, Move.from_text("T2>F"))
    game.undo()
    assert game.history == first
    game.play("S")  # the same length, another move
    assert [m.text for m in game.history] == ["T1>F", "S"]
    copy = game.copy()
    copy.undo()
    assert [m.text for m in copy.history] == ["T1>F"]
    assert [m.text for m in game.history] == ["T1>F", "S"]


def test_a_games_tableau_is_the_same_tuple_until_a_move_or_an_undo() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAD")

    def made() -> tuple[Column, ...]:  # the tableau made afresh from the position's text
        return Game.from_position(game.position()).tableau

    start = game.tableau
    assert game.tableau is start and start == made()
    game.play("T1>F")
    assert game.tableau != start and game.tableau == made()
    game.undo()
    game.play("S")  # the same length as after T1>F (not asked in between), another position
    assert game.tableau == start == made()
    game.play("T1>F")
    after = game.tableau
    copy = game.copy()
    copy.undo()
    assert copy.tableau == start and game.tableau is after


def test_the_positions_answered_not_sure_are_those_of_the_game_kept_for_its_save() -> None:
    game = Game.from_code("KL1-D3N-AAAAAAB")
    analysis = Analysis()
    analysis.receive(position_key(game), Solution(UNKNOWN, 1_000_000, []))  # at the deal
    game.play(Move.from_text("S"))
    analysis.receive(position_key(game), Solution(WON, 10, ["T1>F"]))
    game.play(Move.from_text("S"))
    analysis.receive(position_key(game), Solution(UNKNOWN, 3_000_000, []))
    assert analysis.unsure(game) == [0, 2]
    game.undo()  # the position after two moves is no longer the game's
    assert analysis.unsure(game) == [0]
    # Loaded again from the save, they are "not sure" without a search; the rest is asked.
    again = Analysis()
    game.play(Move.from_text("S"))
    again.recall_unsure(game, [0, 2])
    assert again.state(game) == UNKNOWN and again.to_ask(game) is None
    game.undo()
    assert again.state(game) == BUSY and again.to_ask(game) == position_key(game)
    assert analysis.unsure(Game.from_code("KL1-D3N-AAAAAAC")) == []  # another deal
