"""klondike/solution.py: what the solver answers (SPEC R8), readable without loading the
search: the three results and the Solution that carries one."""

import subprocess
import sys
from pathlib import Path

import pytest

from klondike import Game, Move, solver
from klondike.solution import LOST, UNKNOWN, WON, Solution

from .positions import position

ROOT = Path(__file__).resolve().parent.parent


def test_reading_answers_does_not_load_the_search():
    # The search took about 30 ms to import in the browser; the page only reads answers.
    script = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); "
              "from klondike.solution import LOST, UNKNOWN, WON, Solution; "
              "print([m for m in sys.modules if m.startswith('klondike.solver')], "
              "'klondike.solution' in sys.modules)")
    loaded = subprocess.run([sys.executable, "-I", "-S", "-c", script], capture_output=True,
                            text=True, check=True).stdout.split()
    assert loaded == ["[]", "True"]  # no part of the solver package


def test_R8_the_three_results_are_the_texts_the_worker_sends():
    # The worker's answers carry them as text (klondike.app.protocol.Answer.result).
    assert (WON, LOST, UNKNOWN) == ("won", "lost", "unknown")


def test_the_search_answers_with_these_very_names():
    assert solver.Solution is Solution
    assert (solver.WON, solver.LOST, solver.UNKNOWN) == (WON, LOST, UNKNOWN)
    answer = solver.solve(Game.from_code("KL1-D1N-AAAAAAG"), budget=10)
    assert type(answer) is Solution


def test_a_solution_is_result_nodes_and_moves_in_that_order_and_does_not_change():
    # Readers build it by position (the session from a worker's answer).
    answer = Solution(WON, 12, ["T1>F", "S"])
    assert Solution._fields == ("result", "nodes", "moves")
    result, nodes, moves = answer
    assert (result, nodes, moves) == (answer.result, answer.nodes, answer.moves)
    assert (result, nodes, moves) == (WON, 12, ["T1>F", "S"])
    with pytest.raises(AttributeError):
        answer.result = LOST


def test_R10_a_won_answer_lists_the_move_texts_from_the_given_position_to_the_win():
    game = position(["Kh Qs"], stock="Ks", foundations="Js Qh Kd Kc")
    game.play("T1>F")  # a game in progress: the line starts from here
    answer = solver.solve(game)
    assert answer.result == WON and answer.nodes >= 0
    assert answer.moves == ["T1>F", "S", "W>F"]  # from the start, 4 moves (test_solver.py)
    assert all(isinstance(m, str) and str(Move.from_text(m)) == m for m in answer.moves)
    for move in answer.moves:
        game.play(move)
    assert game.is_won


def test_R8_a_lost_or_undecided_answer_has_no_moves():
    # The 7s needs the 6s under the 7c, which needs the 6c under the 7s.
    locked = position(
        ["6s | 7c", "6c | 7s", "8s 9s | Ks", "8c 9c | Kc", "Ts | Js", "Tc | Jc", "Qs | Qc"],
        foundations="5s Kh Kd 5c",
    )
    lost = solver.solve(locked)
    assert lost.result == LOST and lost.moves == [] and lost.nodes > 0
    undecided = solver.solve(Game.new(25, 1), budget=10)
    assert undecided == Solution(UNKNOWN, 10, [])  # the nodes it spent, nothing proved
