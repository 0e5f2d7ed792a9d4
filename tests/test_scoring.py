"""R3 Scoring: every line of the four tables, the floors, and the seed scenarios."""

import re

import pytest

from klondike import BadPosition, Game
from klondike.codes import BadCode, GameCode
from klondike.scoring import (
    SCORINGS,
    clock_text,
    standard_running,
    standard_step,
    standard_time_bonus,
    standard_time_penalty,
    standard_total,
    unknown_letter,
    vegas_text,
)

from .lines import DEAL_2_DRAW_1, DEAL_3_DRAW_1
from .positions import position


def play_all(game: Game, moves) -> Game:
    for move in moves:
        game.play(move)
    return game


# --- R3.1 Normal ---------------------------------------------------------------------
def test_R3_1_card_to_foundation_scores_10_from_column_and_waste():
    game = position(["Ah"], waste="As")
    game.play("T1>F")
    game.play("W>F")
    assert game.score == 20


def test_R3_1_waste_to_column_scores_5():
    game = position(["8s"], waste="7h")
    game.play("W>T1")
    assert game.score == 5


def test_R3_1_turned_up_card_scores_5_on_top_of_the_move():
    game = position(["4c | Ah", "Js | Th", "Kc | 9c"])
    game.play("T1>F")
    assert game.score == 15  # 10 for the foundation + 5 for the 4c turned up
    game.play("T3>T2")
    assert game.score == 20  # column to column 0 + 5 for the Kc


def test_R3_1_column_to_column_and_foundation_take_back_score_0():
    game = position(["Js", "Th", "8s"], foundations="7h")
    game.play("T2>T1")
    game.play("Fh>T3")
    assert game.score == 0


def test_R3_1_recycle_costs_100_and_never_below_0():
    game = position(stock="2c", foundations="Ks Kh", score=250)
    scores = []
    for _ in range(4):
        game.play("S")
        game.play("S")  # recycle
        scores.append(game.score)
    assert scores == [150, 50, 0, 0] and game.recycles == 4


def test_R3_1_seed_early_recycle_stops_at_0_and_undo_restores_exact_score():
    game = Game.from_code("KL1-D1N-AAAAAAA")
    game.play("T7>F")  # Ah: +10 and a card turned up: +5
    assert game.score == 15
    for _ in range(24):
        game.play("S")
    game.play("S")  # recycle: -100, stopped at 0
    assert game.score == 0 and game.recycles == 1
    game.undo()
    assert game.score == 15 and game.recycles == 0 and len(game.waste) == 24


def test_R3_1_seed_normal_win_scores_625_plus_waste_to_column():
    game = play_all(Game.from_code("KL1-D1N-AAAAAAC"), DEAL_2_DRAW_1)
    waste_to_column = sum(1 for m in DEAL_2_DRAW_1 if m.startswith("W>T"))
    assert game.is_won and game.recycles == 0
    assert game.score == 625 + 5 * waste_to_column == 700


def test_R3_1_seed_normal_win_less_recycle_penalties():
    game = play_all(Game.from_code("KL1-D1N-AAAAAAD"), DEAL_3_DRAW_1)
    waste_to_column = sum(1 for m in DEAL_3_DRAW_1 if m.startswith("W>T"))
    assert game.is_won and game.recycles == 2
    assert game.score == 625 + 5 * waste_to_column - 100 * 2 == 495


# --- R3.2 Standard (Windows) -----------------------------------------------------------
def test_R3_2_standard_move_points():
    game = position(["8s", "4c | Ah", "Tc", "Js", "Kd | Th"], waste="9d 7h", scoring="S")
    game.play("W>T1")  # waste to column +5
    assert game.score == 5
    game.play("T2>F")  # to foundation +10, 4c turned up +5
    assert game.score == 20
    game.play("W>T3")
    assert game.score == 25
    game.play("T5>T4")  # column to column 0, Kd turned up +5
    assert game.score == 30


def test_R3_2_standard_foundation_to_column_costs_15_with_floor():
    game = position(["8s", "As", "8c"], foundations="7h 7d", scoring="S")
    game.play("T2>F")
    assert game.score == 10
    game.play("Fh>T1")  # 10 - 15, stopped at 0
    assert game.score == 0
    game.undo()
    assert game.score == 10


@pytest.mark.parametrize(
    ("draw", "expected"),
    [(1, [0, 0, 0, 0, 0]), (3, [100, 100, 100, 80, 60])],
)
def test_R3_2_standard_recycle_points_by_draw_mode(draw, expected):
    # Start from 100 points (ten cards home), then recycle five times.
    game = position(stock="2c", foundations="Ks", draw=draw, scoring="S", score=100)
    scores = []
    for _ in range(5):
        game.play("S")
        game.play("S")
        scores.append(game.score)
    assert scores == expected


def test_R3_2_standard_time_parts_are_pure_functions_of_seconds():
    assert [standard_time_penalty(s) for s in (0, 9, 10, 59, 600)] == [0, 0, -2, -10, -120]
    assert standard_time_bonus(30) == 0
    assert standard_time_bonus(31) == 700000 // 31
    assert standard_total(50, 100, won=False) == 30
    assert standard_total(10, 100, won=False) == 0  # never below 0
    assert standard_total(700, 100, won=True) == 680 + 7000


def test_R3_2_standard_score_runs_and_the_clock_takes_it_no_lower_than_0():
    # As Windows keeps it (ReactOS solitaire: the score is floored at each 10 s tick and
    # at each move): a long think at 0 leaves no debt for the next points to pay off.
    assert standard_running(0, [(0, 10), (20, 10)], 200, won=False) == 10
    assert standard_total(20, 200, won=False) == 0  # the penalty taken at once, floor after
    # Each tick floors: 10 points, 100 s at 0, then a card home and a card turned up.
    assert standard_running(0, [(0, 10), (10, 15)], 100, won=False) == 15
    # Above 0 all along, it is the same score as the penalty taken at once.
    assert standard_running(0, [(0, 100), (5, 10)], 200, won=False) == \
        standard_total(110, 200, won=False) == 70
    assert standard_running(0, [(0, 700)], 100, won=True) == 680 + 7000
    assert [standard_step(s) for s in (0, 9.9, 10, 125, -1)] == [0, 0, 1, 12, 0]


def test_R3_2_a_move_made_at_0_is_floored_before_the_clock_takes_more():
    # 30 points, then 20 steps (-40) bring it to 0; a recycle then costs nothing more
    # (floored), and the next card home shows 10.
    timed = [(0, 30), (20, -100), (20, 10)]
    assert standard_running(0, timed, 205, won=False) == 10


@pytest.mark.parametrize(("letter", "line"), [
    *((letter, DEAL_2_DRAW_1) for letter in sorted(SCORINGS)),
    *((letter, DEAL_3_DRAW_1) for letter in sorted(SCORINGS) if letter != "V"),  # recycles
])
def test_R3_move_points_replay_the_score_with_its_floor(letter, line):
    # Each action's points by the table, floored in turn, give the game's own score
    # (deal 3's line goes through recycles and the floor).
    code = "KL1-D1{}-AAAAAA{}".format(letter, "C" if line is DEAL_2_DRAW_1 else "D")
    game = Game.from_code(code)
    scoring = SCORINGS[letter]
    for n, move in enumerate(line, 1):
        game.play(move)
        if n % 17 == 0 or n == len(line):
            points = game.move_points()
            assert len(points) == n
            running = scoring.running_total(scoring.start, ((0, p) for p in points), 0,
                                            game.is_won)
            assert running == game.score_at(0) == game.score_at(0, [0] * n), (letter, n)


def test_R3_2_move_points_are_before_the_floor_and_the_run_floors_them_in_turn():
    game = position(["Kc"], foundations="Qh", scoring="S")  # 0 points
    game.play("Fh>T1")  # -15, floored at 0
    game.play("T1>F")  # +10
    assert game.move_points() == [-15, 10] and game.score == 10
    assert game.score_at(0, [0, 0]) == 10  # not 0: the floor took the 15 at the time


def test_R3_2_score_at_runs_with_the_moves_steps_and_falls_back_without_them():
    game = position(["Ah", "2h"], scoring="S")
    game.play("T1>F")  # +10 at step 0
    game.play("T2>F")  # +10 after 300 s at 0
    assert game.score_at(305, [0, 30]) == 10 - 2 * 0  # the ticks took the first 10 only
    assert game.score_at(305, None) == 0  # steps unknown: the whole penalty at once
    assert game.score_at(305, [0]) == 0  # not one a move: the same
    assert game.score_at(320, [0, 30]) == 6
    normal = position(["Ah"], scoring="N")
    normal.play("T1>F")
    assert normal.score_at(500, [0]) == 10


def test_R3_2_score_at_applies_the_clock_only_in_standard():
    standard = position(["Ah"], scoring="S")
    standard.play("T1>F")
    assert standard.score == 10 and standard.score_at(25) == 6
    normal = position(["Ah"], scoring="N")
    normal.play("T1>F")
    assert normal.score_at(25) == 10


# --- R3.3 Vegas --------------------------------------------------------------------------
def test_R3_3_vegas_starts_at_minus_52_and_pays_5_a_card_home():
    game = position(["8s", "Ah", "Js | 9c"], waste="7h", scoring="V")
    assert game.score == -52
    game.play("W>T1")  # waste to column: 0
    game.play("T2>F")
    assert game.score == -47


def test_R3_3_seed_vegas_win_is_plus_208_and_crosses_zero_at_the_11th_card():
    game = Game.from_code("KL1-D1V-AAAAAAC")
    seen = {}
    for move in DEAL_2_DRAW_1:
        game.play(move)
        seen[sum(game.foundations.values())] = game.score
    assert game.is_won and game.score == 208
    assert seen[10] == -2 and seen[11] == 3
    assert (vegas_text(seen[10]), vegas_text(seen[11]), vegas_text(208)) == ("-$2", "+$3", "+$208")


def test_R3_3_vegas_text():
    assert [vegas_text(d) for d in (208, 0, -52)] == ["+$208", "$0", "-$52"]


# --- R3.4 None ---------------------------------------------------------------------------
def test_R3_4_no_points_but_moves_count_stock_turns():
    game = Game.from_code("KL1-D1X-AAAAAAA")
    game.play("S")
    game.play("T7>F")
    assert game.score is None and game.score_at(100) is None and game.moves_made == 2
    assert clock_text(0) == "0:00" and clock_text(75) == "1:15" and clock_text(3725) == "1:02:05"


# --- Scorings as variants: one class each, mapped from the code letter in one place ------
def test_a_new_scoring_is_one_class_and_its_entry(monkeypatch):
    """A made-up fifth scoring (double points, no recycle allowed after two) reaches the
    game code, the game's points, the score line, the help table and the statistics
    without a change anywhere else."""
    from dataclasses import dataclass

    from klondike import GameCode
    from klondike.app.help import scoring_section
    from klondike.app.stats import Statistics
    from klondike.scoring import SCORINGS, Normal

    @dataclass(frozen=True, slots=True)
    class Double(Normal):
        letter: str = "D"
        name: str = "Double"
        to_foundation: int = 20
        passes: int | None = 3

    monkeypatch.setitem(SCORINGS, "D", Double())
    game = Game(GameCode.parse("KL1-D1D-AAAAAAA"))
    game.play("T7>F")
    assert game.score == 25 and game.score_at(100) == 25  # 20 home + 5 turned up
    assert game.scoring.score_line(25, 100, 1) == "Score 25  Moves 1"
    section = scoring_section("D")
    assert ("Card onto a foundation", "+20") in section.table
    stats = Statistics()
    stats.record_end("D1D", stuck=False, score=25)
    assert ("Best score", "25") in stats.summary_rows("D1D")


def test_R3_each_scoring_reads_its_own_score():
    from klondike.scoring import SCORINGS

    assert [SCORINGS[k].value_text(-52) for k in "NSVX"] == ["-52", "-52", "-$52", ""]
    assert SCORINGS["V"].score_line(-47, 12, 3) == "Vegas -$47"
    assert SCORINGS["X"].score_line(None, 75, 3) == "Time 1:15  Moves 3"
    assert SCORINGS["S"].score_line(30, 75, 3) == "Score 30  Moves 3"
    assert SCORINGS["S"].total(50, 100, won=False) == 30  # R3.2: -2 every 10 s
    assert SCORINGS["N"].total(50, 100, won=False) == 50
    assert SCORINGS["X"].total(50, 100, won=False) is None


def test_the_unknown_letter_message_names_every_scoring_in_one_place():
    """A code's or a position's unknown scoring letter gets one message (issue 41): a new
    scoring fails here until that message names its letter too."""
    text = unknown_letter("'Q'")
    assert all(f" {letter}" in text for letter in SCORINGS), text
    with pytest.raises(BadCode, match=re.escape(text)):
        GameCode.parse("KL1-D1Q-AAAAAAG")
    with pytest.raises(BadPosition, match=re.escape(unknown_letter("'Q'"))):
        Game.from_position("D1Q -/-/-/-/-/-/Kh - - 13,12,13,13 0 0")
