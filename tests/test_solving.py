"""The solver's worker (klondike/app/solving.py) and the session's side of it, without a
browser: requests in, answers out, a newer position replacing the older, the daily deal,
"Winnable deals only", the watchdog and a worker that fails (issue 23, R8)."""

from __future__ import annotations

import json
import weakref

import pytest

from klondike import Game, GameCode
from klondike.app.analysis import BUDGET, BUSY, position_key
from klondike.app.deals import DEAL_SECONDS
from klondike.app.reply import Reply
from klondike.app.session import Session
from klondike.app.solver_client import PROGRESS_NODES
from klondike.app.solving import Solving, grown
from klondike.app.stats import Statistics
from klondike.app.storage import Settings
from klondike.app.worker_link import BOOT_SECONDS, MEMORY_CAP, RESTART_HEAP, SILENCE_SECONDS
from klondike.daily import daily_code
from klondike.solver import UNKNOWN, WON, Search, Solution, solve

from .worker import Worker


class Ticks:
    """A clock that moves on by one second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1
        return self.now


def position(key: str, code: str, moves: str = "", budget: int = BUDGET,
             memory: int = MEMORY_CAP) -> str:
    return json.dumps({"kind": "position", "key": key, "code": code, "moves": moves,
                       "budget": budget, "memory": memory})


def answers(solving: Solving) -> list[dict]:
    out = []
    while solving.busy:
        out += [json.loads(text) for text in solving.work()]
    return out


def test_a_position_is_answered_as_solve_answers_it_however_it_is_sliced() -> None:
    solving = Solving(clock=Ticks())  # a node a tick: slices of 0.1 s are one node each
    solving.ask(position("k", "KL1-D3N-AAAAAAE", "S S"))
    game = Game.from_code("KL1-D3N-AAAAAAE")
    game.play("S")
    game.play("S")
    answer = [a for a in answers(solving) if a["kind"] == "answer"]
    expected = solve(game, BUDGET)
    assert answer == [{"kind": "answer", "key": "k", "result": expected.result,
                       "nodes": expected.nodes, "line": expected.moves}]


def test_a_newer_position_replaces_the_search_and_stop_ends_it() -> None:
    solving = Solving()
    solving.ask(position("old", "KL1-D3N-AAAAAAB"))  # long to decide
    solving.work(0.01)
    solving.ask(position("new", "KL1-D1N-AAAAAAD"))
    keys = [a["key"] for a in answers(solving) if a["kind"] == "answer"]
    assert keys == ["new"]
    solving.ask(position("old", "KL1-D3N-AAAAAAB"))
    solving.work(0.01)
    solving.ask('{"kind": "stop"}')
    assert [a for a in answers(solving) if a["kind"] == "answer"] == []
    assert not solving.busy  # the search left behind is dropped once nothing waits


def test_a_request_that_cannot_be_read_is_answered_with_an_error() -> None:
    solving = Solving()
    for text in ("{not json", '{"kind": "position", "code": "KL9"}', '{"kind": "dance"}',
                 '{"kind": "deal", "id": 1, "draw": 2, "scoring": "N", "seed": 1, '
                 '"seconds": 1}'):
        solving.ask(text)
        assert [json.loads(out)["kind"] for out in solving.work()] == ["error", "idle"]
    assert not solving.busy


def test_R8_the_worker_works_out_the_daily_deal() -> None:
    solving = Solving()
    solving.ask('{"kind": "daily", "day": "2024-03-05", "draw": 3}')
    assert answers(solving) == [{"kind": "daily", "day": "2024-03-05", "draw": 3,
                                 "code": "KL1-D3N-PZLKYGM"}, {"kind": "idle", "heap": 0}]


def test_a_winnable_deal_is_one_the_solver_proves_won_under_its_rules() -> None:
    solving = Solving()
    solving.ask('{"kind": "deal", "id": 7, "draw": 1, "scoring": "V", "seed": 3, '
                '"seconds": 20}')
    (deal,) = [a for a in answers(solving) if a["kind"] == "deal"]
    assert deal["id"] == 7 and deal["code"].startswith("KL1-D1V-") and deal["tried"] >= 1
    game = Game.from_code(deal["code"])
    for move in deal["line"]:  # the proof: the line wins the deal under Vegas's one pass
        game.play(move)
    assert game.is_won


class Time:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def session_at(time: Time, **settings) -> Session:
    session = Session(now=time, settings=Settings(**settings).to_json())
    session.resume(None)
    session.take_writes()
    return session


def test_the_session_asks_about_each_position_once_and_only_when_wanted() -> None:
    session = session_at(Time())
    (request,) = session.new_game(code=GameCode.parse("KL1-D1N-AAAAAAD")).requests
    assert json.loads(request)["key"] == position_key(session.game)
    assert session.tap("T1", 0, None).requests == ()  # asked already
    reply = session.change_settings(Settings(indicator=False))
    assert reply.requests == ('{"kind":"stop"}',)  # nothing wanted: stop


def test_winnable_deals_only_through_the_session_and_counted_apart() -> None:
    time = Time()
    session = session_at(time, winnable_only=True, draw=3)
    outcome = session.new_game()
    assert not outcome.changed and outcome.said == "Looking for a winnable deal…"
    heard = [h for h in Worker(session).pump(outcome) if h.changed]
    assert "The solver proved it winnable" in heard[0].said
    assert heard[0].winnable.state == WON  # known with the deal
    assert json.loads(dict(session.take_writes())["klondike.game"])["checked"] is True
    session.tap("stock", 0, None)
    session.change_settings(Settings(winnable_only=False, draw=3))
    session.new_game()  # the checked game, left: counted in its rule set and apart
    writes = dict(session.take_writes())
    stats = Statistics.from_json(writes["klondike.stats"])
    assert stats.checked_games("D3N") == (1, 0) and stats.record("D3N").played == 1
    assert ("Of them, dealt by Winnable deals only", "0 won of 1") in stats.summary_rows("D3N")
    assert not json.loads(writes["klondike.game"]).get("checked")


def test_a_worker_that_fails_leaves_the_game_playing_and_answers_what_waited() -> None:
    time = Time()
    session = session_at(time, winnable_only=True)
    session.new_game(code=GameCode.parse("KL1-D3N-AAAAAAB"))
    assert session.ask_hint().hint == (None, "Thinking…")
    session.new_game()  # looks for a winnable deal
    session.ask_hint()
    heard = session.solver_failed()
    assert heard.changed and "not checked" in heard.said  # dealt anyway
    assert heard.worker == "stop" and heard.hint is None  # the hint was for the old deal
    assert heard.winnable.text == "Unavailable" and heard.requests == ()
    assert session.ask_hint().hint.said.startswith("Hint")  # at once: nothing waits
    assert session.start_daily(__import__("datetime").date(2026, 12, 2)).said.startswith(
        "The daily deal cannot be prepared")
    assert session.tap("stock", 0, None).changed  # the game plays on
    # With a move played, nothing is asked first: the daily deal could not come.
    again = session.start_daily(__import__("datetime").date(2026, 12, 2))
    assert not again.ask_daily and again.said.startswith("The daily deal cannot be prepared")


def test_the_watchdog_takes_a_silent_worker_for_dead() -> None:
    time = Time()
    session = session_at(time)
    session.new_game(code=GameCode.parse("KL1-D3N-AAAAAAB"))
    time.now += BOOT_SECONDS - 1
    assert session.tick() == Reply()  # still booting
    session.solver_heard('{"kind":"ready","ms":2000,"heap":0}')
    time.now += SILENCE_SECONDS - 1
    assert session.tick() == Reply()
    session.solver_heard('{"kind":"working","key":"x"}')
    time.now += SILENCE_SECONDS - 1
    assert session.tick() == Reply()
    time.now += 2
    assert session.tick().worker == "stop" and session.winnable().text == "Unavailable"


def test_a_hidden_page_pauses_the_search_which_goes_on_where_it_was_when_shown() -> None:
    solving = Solving(clock=Ticks())  # a node a tick: slices of 0.1 s are one node each
    solving.ask(position("k", "KL1-D3N-AAAAAAE", budget=2_000))
    early = [json.loads(t)["kind"] for _ in range(50) for t in solving.work()]
    assert "answer" not in early  # still searching
    solving.ask('{"kind": "pause"}')
    assert [json.loads(t)["kind"] for t in solving.work()] == ["idle"]
    assert not solving.busy  # the worker's script stops calling work()
    solving.ask('{"kind": "resume"}')
    answer = [a for a in answers(solving) if a["kind"] == "answer"]
    expected = solve(Game.from_code("KL1-D3N-AAAAAAE"), 2_000)
    assert [(a["result"], a["nodes"], a["line"]) for a in answer] == [
        (expected.result, expected.nodes, expected.moves)]


def test_the_session_pauses_the_search_while_hidden_and_the_watchdog_waits() -> None:
    time = Time()
    session = session_at(time)
    session.new_game(code=GameCode.parse("KL1-D3N-AAAAAAB"))
    session.solver_heard('{"kind":"ready","ms":2000,"heap":0}')
    assert session.set_hidden(True).requests == ('{"kind":"pause"}',)
    assert session.set_hidden(True).requests == ()  # said once
    time.now += 10 * SILENCE_SECONDS  # a paused worker says nothing
    assert session.tick() == Reply()
    assert session.set_hidden(False).requests == ('{"kind":"resume"}',)
    time.now += SILENCE_SECONDS - 1  # the silence counts from the page's return
    assert session.tick() == Reply()
    time.now += 2
    assert session.tick().worker == "stop" and session.winnable().text == "Unavailable"


def test_a_page_opened_hidden_asks_its_first_position_paused_as_a_new_worker_is() -> None:
    session = Session(now=Time())
    reply = session.resume(None, hidden=True)  # a background tab
    assert [json.loads(r)["kind"] for r in reply.requests] == ["pause", "position"]
    session.new_game(code=GameCode.parse("KL1-D1N-AAAAAAD"))
    solution = solve(session.game, BUDGET)
    session.solver_heard(json.dumps({"kind": "answer", "key": position_key(session.game),
                                     "result": solution.result, "nodes": solution.nodes,
                                     "line": solution.moves}))
    restart = session.solver_heard(idle(2 * RESTART_HEAP))
    assert restart.worker == "restart"  # the page starts a new worker, then posts to it:
    assert restart.requests == ('{"kind":"pause"}',)  # it hears the page is hidden
    kinds = [json.loads(r)["kind"] for r in session.tap("stock", 0, None).requests]
    assert kinds == ["position"]


def test_a_long_search_says_in_the_indicators_title_how_much_of_its_budget_it_used() -> None:
    solving = Solving(clock=Ticks())  # each reading a second on: a sign of life each slice
    solving.ask(position("k", "KL1-D3N-AAAAAAB"))
    assert json.loads(solving.work()[-1]) == {"kind": "working", "key": "k", "nodes": 1}
    session = session_at(Time())
    key = json.loads(session.new_game(code=GameCode.parse("KL1-D3N-AAAAAAB")).requests[0])["key"]
    title = session.winnable().title
    session.solver_heard(working(key, PROGRESS_NODES - 1))  # too soon to say
    session.solver_heard(working("an older position", BUDGET // 2))
    assert session.winnable().title == title == "Checking if this game can be won…"
    session.solver_heard(working(key, BUDGET // 4))
    assert session.winnable() == (True, BUSY, "Checking…", "Checking if this game can be "
                                  "won… (search budget used: 25%)", False)
    session.tap("stock", 0, None)  # a newer position: its own search, from nothing
    assert session.winnable().title == title


def working(key: str, nodes: int) -> str:
    return json.dumps({"kind": "working", "key": key, "nodes": nodes})


def test_an_idle_worker_is_not_taken_for_dead() -> None:
    time = Time()
    session = session_at(time)
    Worker(session).pump(session.new_game(code=GameCode.parse("KL1-D1N-AAAAAAD")))
    assert session.winnable().state == WON
    time.now += 10 * BOOT_SECONDS
    assert session.tick() == Reply() and session.winnable().state == WON
    assert DEAL_SECONDS > 0


def test_the_worker_says_how_big_it_is_once_its_work_is_done() -> None:
    size = [40 * 2**20]
    solving = Solving(heap=lambda: size[0])
    solving.ask(position("a", "KL1-D1N-AAAAAAD"))
    said = answers(solving)
    assert [a["kind"] for a in said][-2:] == ["answer", "idle"]
    assert said[-1]["heap"] == 40 * 2**20
    assert [a["kind"] for a in said].count("idle") == 1  # not while it works
    size[0] = 300 * 2**20
    solving.ask('{"kind": "stop"}')  # the worker's script works once after each request
    assert [json.loads(t) for t in solving.work()] == [{"kind": "idle", "heap": 300 * 2**20}]


def test_a_search_the_device_has_no_memory_for_is_not_sure_and_the_worker_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Deep into a big budget a phone may refuse the worker's memory more room: Python's
    # MemoryError, mid-search. The answer is "not sure" with the nodes it got to, the
    # worker says it is idle (so the page can restart it) and answers the next position.
    advance = Search.advance

    def short_of_memory(search: Search, nodes: int, *args: object) -> Solution | None:
        if search.budget == 5_000 and search.nodes >= 300:
            raise MemoryError
        return advance(search, nodes, *args)

    monkeypatch.setattr(Search, "advance", short_of_memory)
    solving = Solving(clock=Ticks())  # a node a tick: slices of 0.1 s are one node each
    solving.ask(position("deep", "KL1-D3N-AAAAAAB", budget=5_000))
    said = answers(solving)
    assert said[-2:] == [{"kind": "answer", "key": "deep", "result": UNKNOWN, "nodes": 300,
                          "line": []}, {"kind": "idle", "heap": 0}]
    solving.ask(position("next", "KL1-D1N-AAAAAAD"))
    assert [a["result"] for a in answers(solving) if a["kind"] == "answer"] == [WON]


def idle(heap: int) -> str:
    return json.dumps({"kind": "idle", "heap": heap})


def test_an_idle_worker_grown_big_is_restarted_and_boots_under_the_boot_watchdog() -> None:
    time = Time()
    session = session_at(time)
    Worker(session).pump(session.new_game(code=GameCode.parse("KL1-D1N-AAAAAAD")))
    assert session.solver_heard(idle(RESTART_HEAP)).worker is None  # not big enough
    assert session.solver_heard(idle(RESTART_HEAP + 1)).worker == "restart"
    new = Worker(session)
    new.send(session.tap("stock", 0, None))
    assert len(new.sent) == 1  # the next position goes to the new worker...
    time.now += SILENCE_SECONDS + 1
    assert session.tick().worker is None  # ...which has the boot's time to answer
    new.pump()
    assert session.winnable().state == WON


def test_a_big_worker_is_not_restarted_while_something_waits_for_it() -> None:
    session = session_at(Time())
    session.new_game(code=GameCode.parse("KL1-D3N-AAAAAAB"))  # asked, not answered
    assert session.solver_heard(idle(10 * RESTART_HEAP)).worker is None
    session.solver_failed()
    assert session.solver_heard(idle(10 * RESTART_HEAP)).worker is None  # none to restart
    assert session.solver_heard('{"kind": "idle", "heap": "big"}').worker is None


def test_R8_the_daily_deal_waits_for_the_worker_and_a_new_game_cancels_it() -> None:
    session = session_at(Time())
    worker = Worker(session)
    worker.send(session.start_daily(__import__("datetime").date(2026, 12, 2)))
    worker.pump(session.new_game(code=GameCode.parse("KL1-D1N-AAAAAAA")))
    assert session.game.code == "KL1-D1N-AAAAAAA"  # the late daily answer changes nothing
    assert daily_code(__import__("datetime").date(2026, 12, 2), 1) != session.game.code


MiB = 2**20


class Memory:
    """A worker's wasm memory as emscripten grows it: each slice of search takes
    ``per_slice`` more, and each live search of its own holds ``per_search``."""

    def __init__(self, per_slice: int = MiB, per_search: int = 0) -> None:
        self.heap, self.taken, self.most = 30 * MiB, 24 * MiB, 30 * MiB
        self.per_slice, self.per_search, self.searches = per_slice, per_search, 0

    def used(self) -> int:  # read between slices: what the last one took
        self.taken += self.per_slice
        used = self.taken + self.searches * self.per_search
        if used > self.heap:
            self.heap = grown(self.heap, used)
            self.most = max(self.most, self.heap)
        return used


def test_a_search_stops_not_sure_before_the_worker_s_memory_grows_past_its_cap() -> None:
    memory = Memory()
    solving = Solving(clock=Ticks(), heap=lambda: memory.heap, used=memory.used)
    solving.ask(position("deep", "KL1-D3N-AAAAAAB", budget=5_000, memory=64 * MiB))
    said = answers(solving)
    answer = next(a for a in said if a["kind"] == "answer")
    # A MiB a slice of one node: "not sure" some 30 nodes on, as a spent budget says it.
    assert answer["result"] == UNKNOWN and answer["line"] == [] and 10 < answer["nodes"] < 40
    assert memory.most <= 64 * MiB < grown(memory.most, memory.most + 1)  # as far as it could
    assert said[-1] == {"kind": "idle", "heap": memory.heap}
    # A cap the search does not reach changes nothing: the same answer as solve().
    memory = Memory(per_slice=MiB // 16)
    solving = Solving(clock=Ticks(), heap=lambda: memory.heap, used=memory.used)
    solving.ask(position("k", "KL1-D3N-AAAAAAE", "S S", budget=2_000, memory=MEMORY_CAP))
    game = Game.from_code("KL1-D3N-AAAAAAE")
    game.play("S")
    game.play("S")
    (answer,) = [a for a in answers(solving) if a["kind"] == "answer"]
    assert (answer["result"], answer["nodes"]) == solve(game, 2_000)[:2]


def test_a_search_that_grows_fast_stops_sooner_judging_by_its_growth() -> None:
    # A slice that takes more than SLACK (8 MiB): twice its growth is kept free instead.
    for per_slice in (MiB // 4, 12 * MiB, 20 * MiB):
        memory = Memory(per_slice)
        solving = Solving(clock=Ticks(), heap=lambda m=memory: m.heap, used=memory.used)
        solving.ask(position("deep", "KL1-D3N-AAAAAAB", budget=5_000, memory=128 * MiB))
        (answer,) = [a for a in answers(solving) if a["kind"] == "answer"]
        assert answer["result"] == UNKNOWN and memory.most <= 128 * MiB


def test_a_search_no_longer_wanted_is_freed_before_the_cap_stops_the_new_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Each search holds 100 MiB; the cap, 256 MiB, has room for one, not two. The player
    # moves on in the middle of a long search: the new position is searched, not
    # answered "not sure" at once because the old search's memory is not free yet.
    memory = Memory(per_slice=0, per_search=100 * MiB)

    class Held(Search):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            memory.searches += 1
            weakref.finalize(self, setattr, memory, "searches", memory.searches - 1)

    monkeypatch.setattr("klondike.app.solving.Search", Held)
    solving = Solving(clock=Ticks(), heap=lambda: memory.heap, used=memory.used)
    solving.ask(position("old", "KL1-D3N-AAAAAAB", budget=5_000, memory=256 * MiB))
    for _ in range(20):
        solving.work()
    solving.ask(position("new", "KL1-D1N-AAAAAAD", budget=5_000, memory=256 * MiB))
    (answer,) = [a for a in answers(solving) if a["kind"] == "answer"]
    assert answer["key"] == "new" and answer["result"] == WON
    assert memory.most <= 256 * MiB


def test_a_not_sure_answer_is_kept_with_the_saved_game_and_not_searched_after_a_reload(
) -> None:
    time = Time()
    session = session_at(time)
    worker = Worker(session)
    worker.solving = Solving(heap=lambda: 250 * MiB, used=lambda: 249 * MiB)  # at its cap
    worker.pump(session.new_game(code=GameCode.parse("KL1-D3N-AAAAAAB")))
    assert session.winnable().state == UNKNOWN
    (saved,) = [text for key, text in session.take_writes() if key == "klondike.game"]
    # The page is loaded again: the position is "not sure" at once, and not asked.
    again = Session(now=time)
    reply = again.resume(saved)
    assert again.winnable().state == UNKNOWN and again.winnable().text == "Not sure"
    assert not [r for r in reply.requests if '"position"' in r]
    # A move on is a new position, searched as ever; undone, "not sure" without a search.
    moved = again.tap("stock", 0, "")
    assert [r for r in moved.requests if '"position"' in r]
    assert '"not sure"' not in saved and json.loads(saved)["unsure"] == [0]


def test_the_memory_in_use_is_read_only_when_the_break_nears_the_cap() -> None:
    # The allocator's break (top) is read at once; the memory in use walks the allocator
    # (10 ms or more): read only when the break says the next slice could grow the heap.
    reads = []

    def used() -> int:
        reads.append(1)
        return 40 * MiB  # what a search freed before is room again, below the break

    for top, read in ((60 * MiB, False), (250 * MiB, True)):
        reads.clear()
        solving = Solving(clock=Ticks(), heap=lambda: 250 * MiB, used=used, top=lambda t=top: t)
        solving.ask(position("k", "KL1-D3N-AAAAAAE", "S S", budget=300, memory=256 * MiB))
        (answer,) = [a for a in answers(solving) if a["kind"] == "answer"]
        assert answer["nodes"] == 300 and bool(reads) == read  # the whole budget, uncapped
