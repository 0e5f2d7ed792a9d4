"""What the page shows from the solver: "Can this still be won?", undo to the last
winnable position, the winning line kept along (issue 5, R8)."""

from __future__ import annotations

from klondike import Game
from klondike.app.analysis import BUDGET, BUSY, Analysis, position_key
from klondike.moves import Move
from klondike.solver import LOST, UNKNOWN, WON, Solution, solve

from .positions import position


def answered(analysis: Analysis, game: Game) -> int:
    """Slices until the position on the board is answered."""
    slices = 1
    while analysis.advance(game) is None:
        slices += 1
    return slices


class Ticks:
    """A clock that moves on by one second each time it is read."""

    def __init__(self) -> None:
        self.now = 0

    def __call__(self) -> int:
        self.now += 1
        return self.now


def test_the_search_runs_a_slice_of_time_at_a_time_and_the_answer_is_kept() -> None:
    # The clock is read once a node, so a slice of 100 "seconds" is 100 nodes here; the
    # answer and its node count are those of one solve, however the search was cut up.
    game = Game.new(4, 3)  # won after a few thousand nodes
    analysis = Analysis(slice_seconds=100, clock=Ticks())
    assert analysis.state(game) == BUSY
    slices = answered(analysis, game)
    solution = analysis.answer(game)
    assert solution == solve(game, BUDGET) and analysis.state(game) == WON
    assert solution.nodes > 1_000 and solution.nodes // 100 <= slices <= solution.nodes // 100 + 1
    assert analysis.advance(game) is solution  # kept: no new search


def test_searches_done_with_are_freed_in_later_slices() -> None:
    # Dropped at once, a search of 60,000 nodes took about 80 ms to free in Pyodide: a
    # long task. The board moving on retires the search in progress, and an answer
    # retires its own search; later slices free them before searching (or without it).
    game = Game.new(1, 3)  # not decided within the budget
    analysis = Analysis(budget=2_000, slice_seconds=100, clock=Ticks())
    for _ in range(5):
        analysis.advance(game)
    analysis.play(game, game.legal_moves()[0])
    assert analysis.advance(game) is None and analysis.tidying
    while analysis.tidying:
        assert analysis.advance(game, search=False) is None
    assert answered(analysis, game) > 1 and analysis.state(game) == UNKNOWN
    assert analysis.tidying  # the answer's own search
    while analysis.tidying:
        assert analysis.advance(game).result == UNKNOWN


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
    analysis = Analysis(budget=50)
    answered(analysis, game)
    assert analysis.state(game) in (WON, UNKNOWN)
    analysis.forget()
    assert analysis.known == {} and analysis.state(game) == BUSY


def test_a_won_game_is_not_searched() -> None:
    game = position(foundations="Ks Kh Kd Kc")
    analysis = Analysis()
    assert game.is_won and analysis.advance(game) is None
