"""klondike/app/solver_client.py: the page's side of the solver (R8): what is asked, which
answers are taken and which handed to the session, the hint's wait, and the indicator."""

import json

from klondike import Game
from klondike.app.analysis import BUDGET, position_key
from klondike.app.protocol import Daily, Dealt, Hunting, text
from klondike.app.solver_client import HINT_WAIT_SECONDS, PROGRESS_NODES, SolverClient
from klondike.solution import LOST, WON
from klondike.solver import solve

DEAL = "KL1-D1N-AAAAAAD"  # won by the solver in a few hundred nodes


class Time:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def answer(game: Game, result: str | None = None) -> str:
    solution = solve(game, BUDGET)
    return json.dumps({"kind": "answer", "key": position_key(game),
                       "result": result or solution.result, "nodes": solution.nodes,
                       "line": solution.moves if result is None else []})


def test_R8_a_position_is_asked_once_a_stop_when_none_is_wanted_and_a_pause_when_hidden():
    client, game = SolverClient(Time()), Game.from_code(DEAL)
    (asked,) = client.requests(game, hidden=False)
    assert json.loads(asked)["key"] == position_key(game)
    assert client.requests(game, hidden=False) == []
    assert client.requests(None, hidden=False) == ['{"kind":"stop"}']
    assert client.requests(None, hidden=True) == ['{"kind":"pause"}']


def test_R8_an_answer_is_known_and_said_to_be_about_the_table_or_an_older_position():
    client, game = SolverClient(Time()), Game.from_code(DEAL)
    client.requests(game, hidden=False)
    assert client.winnable(game, shown=True).text == "Checking…"
    assert client.heard(answer(game), game) == (None, True)
    assert client.winnable(game, shown=True)[:3] == (True, WON, "Winnable")
    line = client.winning_line(game)
    assert line and client.hint(game).said.startswith("Hint: ")
    other = Game.from_code("KL1-D1N-AAAAAAE")
    assert client.heard(answer(game), other) == (None, False)  # about another position
    assert client.winnable(game, shown=False).shown is False
    assert client.heard("nonsense", game) == (None, False)


def test_R8_a_move_on_the_winning_line_keeps_the_rest_of_it():
    client, game = SolverClient(Time()), Game.from_code(DEAL)
    client.heard(answer(game), game)
    line = client.winning_line(game)
    client.play(game, line[0])
    assert client.winning_line(game) == line[1:]


def test_R8_undo_to_the_last_winnable_position_is_offered_once_a_position_is_lost():
    client, game = SolverClient(Time()), Game.from_code(DEAL)
    client.heard(answer(game), game)
    client.play(game, client.winning_line(game)[0])
    client.heard(answer(game, LOST), game)  # (told it is lost, for the test)
    assert client.winnable(game, shown=True).can_go_back
    assert client.last_winnable(game) == 0


def test_R8_the_hint_waits_its_time_then_is_due_once_and_an_answer_ends_the_wait():
    time = Time()
    client, game = SolverClient(time), Game.from_code(DEAL)
    assert not client.has_answer(game)
    client.wait_hint()
    assert client.hint_waits and not client.hint_due()
    time.now += HINT_WAIT_SECONDS
    assert client.hint_due() and not client.hint_due()  # once
    client.wait_hint()
    assert client.hint_answered() and not client.hint_answered() and not client.hint_waits
    client.wait_hint()
    client.forget()  # a new deal: no hint waits for it
    assert not client.hint_waits


def test_R8_daily_and_dealt_answers_reach_the_session_only_when_still_wanted():
    client, game = SolverClient(Time()), Game.from_code(DEAL)
    daily = text(Daily(day="2026-12-05", draw=1, code="KL1-D1N-AAAAAAG"))
    assert client.heard(daily, game) == (None, False)  # never asked
    client.want_daily("2026-12-05", 1)
    assert isinstance(client.heard(daily, game)[0], Daily)
    assert client.heard(daily, game) == (None, False)  # once
    client.want_deal(3, "N", seed=1, seconds=20)
    hunting = text(Hunting(id=1, tried=5))
    dealt = text(Dealt(id=1, code="KL1-D3N-AAAAAAG", line=[], tried=6))
    assert isinstance(client.heard(hunting, game)[0], Hunting)
    client.stop_looking()  # another deal was dealt meanwhile
    assert client.heard(dealt, game) == (None, False)
    client.want_deal(3, "N", seed=1, seconds=20)
    assert client.heard(dealt, game) == (None, False)  # id 1: the deal no longer wanted
    found = client.heard(text(Dealt(id=2, code="KL1-D3N-AAAAAAG", line=[], tried=6)), game)
    assert isinstance(found[0], Dealt) and found[0].code == "KL1-D3N-AAAAAAG"


def test_R8_a_long_search_says_how_much_of_its_budget_it_used():
    client, game = SolverClient(Time()), Game.from_code(DEAL)
    client.requests(game, hidden=False)
    key = position_key(game)
    working = '{"kind":"working","key":"%s","nodes":%d}'
    client.heard(working % (key, PROGRESS_NODES - 1), game)
    assert client.winnable(game, shown=True).title == "Checking if this game can be won…"
    client.heard(working % (key, BUDGET // 2), game)
    assert "(search budget used: 50%)" in client.winnable(game, shown=True).title


def test_R8_a_failed_worker_answers_what_waited_and_leaves_the_game_without_it():
    client, game = SolverClient(Time()), Game.from_code(DEAL)
    client.want_daily("2026-12-05", 1)
    assert client.fail() == (True, False)
    assert client.down and client.has_answer(game)  # a hint at once: nothing will come
    assert client.requests(game, hidden=False) == []
    assert client.winnable(game, shown=True).text == "Unavailable"
    assert not client.is_dead(hidden=False) and not client.restarts(10**12)
