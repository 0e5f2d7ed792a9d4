"""Issue 39, item 1: no stored text (nor message of the worker) can stop the page, however
deep it nests: every reader refuses a value nested too deep as damaged, without recursion
(under Pyodide, json.loads of 10,000 levels overflowed the JavaScript stack and the page
never booted)."""

from __future__ import annotations

import json
import sys

import pytest

from klondike import BadSave, Game, jsontext
from klondike.app.session import Session
from klondike.app.solving import Solving
from klondike.app.stats import Statistics
from klondike.app.storage import Settings, is_checked, is_newer, load_game, read_daily, redo_of
from klondike.app.worker_link import WorkerLink

DEEP = 10_000
VALUES = {
    "array": "[" * DEEP + "]" * DEEP,
    "object": '{"a":' * DEEP + "1" + "}" * DEEP,
    "inside a game": '{"v": 1, "code": "KL1-D1N-AAAAAAG", "moves": "", "x": '
                     + "[" * DEEP + "]" * DEEP + "}",
    "unclosed": "[" * DEEP,
}


@pytest.fixture(autouse=True)
def low_recursion_limit():
    """As deep a stack as a small one: nothing here may recurse per level."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200)
    yield
    sys.setrecursionlimit(limit)


@pytest.mark.parametrize("text", VALUES.values(), ids=VALUES.keys())
def test_every_reader_refuses_a_deep_value_as_damaged(text):
    with pytest.raises(ValueError):
        jsontext.loads(text)
    with pytest.raises(BadSave):
        Game.from_json(text)
    with pytest.raises(BadSave):
        load_game(text)
    assert not is_checked(text)
    assert redo_of(text, Game.from_code("KL1-D1N-AAAAAAG")) == []
    assert Settings.from_json(text) == Settings()
    assert not is_newer(text, 1)
    assert read_daily(text) is None
    stats = Statistics.from_json(text)
    assert stats.problem and not stats.newer


@pytest.mark.parametrize("text", VALUES.values(), ids=VALUES.keys())
def test_a_session_resumes_from_deep_values_with_a_message(text):
    session = Session(now=lambda: 0.0, settings=text, stats=text, daily=text)
    outcome = session.resume(text)
    assert outcome.said  # the damaged game is said, and a new deal is on the table
    assert session.game.moves_made == 0


@pytest.mark.parametrize("text", VALUES.values(), ids=VALUES.keys())
def test_the_worker_and_the_page_refuse_deep_messages(text):
    solving = Solving()
    solving.ask(text)
    answers = [json.loads(answer) for answer in solving.work()]
    assert [answer["kind"] for answer in answers][0] == "error"
    link = WorkerLink(now=lambda: 0.0)
    assert link.heard(text) is None


def test_values_this_game_writes_are_well_within_the_bound():
    game = Game.from_code("KL1-D3V-AAAAAAG")
    assert jsontext.depth(game.to_json()) == 1
    assert jsontext.depth(Statistics().to_json()) <= 4
    assert jsontext.depth('"[[[" ["\\"[", {"k": "]"}]') == 2
