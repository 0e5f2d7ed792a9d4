"""klondike/app/replay.py: a finished game of the history replayed move by move (issue
42): forward, back, to the start and the end, the losing move marked, and a damaged
game refused."""

import pytest

from klondike import Game, GameCode, Move
from klondike.app.history import LOST, WON, Entry
from klondike.app.replay import BACK, END, FORWARD, LOSING, START, BadReplay, Replay

from .lines import DEAL_2_DRAW_1


def entry(moves: list[str], turned: int | None = None, result: str = WON) -> Entry:
    return Entry("k1", "KL1-D1N-AAAAAAC", "2026-12-05", result, " ".join(moves), 60.0, 100,
                 turned)


def test_it_steps_through_the_game_and_each_position_is_the_games_own():
    replay = Replay(entry(DEAL_2_DRAW_1))
    total = len(DEAL_2_DRAW_1)
    assert replay.at == 0 and replay.bar().at_start and not replay.bar().at_end
    played = Game(GameCode.parse("KL1-D1N-AAAAAAC"))
    for n, text in enumerate(DEAL_2_DRAW_1[:5], start=1):
        said = replay.go(FORWARD)
        played.play(Move.from_text(text))
        assert said.startswith(f"Move {n} of {total}: ")
        assert replay.game.to_json() == played.to_json()
    assert replay.go(BACK).startswith(f"Move 4 of {total}: ") and replay.at == 4
    assert replay.go(END).startswith(f"Move {total} of {total}: ") and replay.game.is_won
    assert replay.bar().at_end and replay.go(FORWARD) == "This is the end of the game"
    assert replay.at == total  # nothing moved
    assert replay.go(START) == "The deal as it was dealt" and replay.at == 0
    assert replay.go(BACK) == "This is the start of the game" and replay.at == 0


def test_a_move_is_said_as_it_was_played_also_when_stepping_back():
    replay = Replay(entry(DEAL_2_DRAW_1))
    forward = [replay.go(FORWARD) for _ in range(3)]
    replay.go(FORWARD)
    assert replay.go(BACK) == forward[2]  # back to the position after move 3, said alike


def test_the_losing_move_is_marked_before_and_after_it_is_played():
    replay = Replay(entry(DEAL_2_DRAW_1[:10], turned=6, result=LOST))
    said = replay.go(LOSING)
    assert replay.at == 5 and "The next move lost the game" in said
    bar, hint = replay.bar(), replay.hint()
    assert bar.marked and bar.losing and bar.status.endswith("the next move lost the game")
    assert hint is not None and hint.marks is not None  # shown as a hint shows a move
    assert "This move lost the game" in replay.go(FORWARD) and replay.hint() is None
    assert replay.bar().status.endswith("this move lost the game")
    replay.go(FORWARD)
    assert not replay.bar().marked and replay.hint() is None


def test_a_game_without_a_losing_move_has_nothing_to_mark():
    replay = Replay(entry(DEAL_2_DRAW_1[:4]))
    assert not replay.bar().losing and replay.hint() is None
    assert replay.go(LOSING) == "No move of this game is known to have lost it"
    assert replay.at == 0 and not replay.bar().marked


@pytest.mark.parametrize("moves", [["T1>T2"], ["S", "Z9>F"], ["T7>F", "T7>F"]])
def test_moves_that_do_not_play_on_the_deal_are_refused(moves):
    with pytest.raises(BadReplay):
        Replay(entry(moves))
