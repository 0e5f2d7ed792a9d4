"""klondike/app/protocol.py: the solver worker's messages, typed, with their JSON texts
(issue 41, item 2). Both ends read and write them through this module only."""

import json

import pytest

from klondike.app import protocol
from klondike.app.protocol import (
    ANSWERS,
    REQUESTS,
    Answer,
    BadMessage,
    Daily,
    DailyWanted,
    Dealt,
    DealWanted,
    Error,
    Failed,
    Hunting,
    Idle,
    Pause,
    Position,
    Ready,
    Resume,
    Stop,
    StopDeal,
    Working,
)
from klondike.app.solving import Solving
from klondike.app.worker_link import WorkerLink

EXAMPLES = [
    Position(key="KL1-D1N-AAAAAAD|S", code="KL1-D1N-AAAAAAD", moves="S", budget=1000,
             memory=2**28),
    Stop(), Pause(), Resume(), DailyWanted(day="2026-12-04", draw=3),
    DealWanted(id=7, draw=1, scoring="V", seed=3, seconds=20.0), StopDeal(),
    Answer(key="k", result="won", nodes=12, line=["T1>F", "S"]),
    Daily(day="2026-12-04", draw=3, code="KL1-D3N-PZLKYGM"),
    Dealt(id=7, code=None, line=[], tried=40), Dealt(id=7, code="KL1-D1V-AAAAAAG",
                                                     line=["S"], tried=2),
    Hunting(id=7, tried=12), Working(key="k", nodes=5000), Idle(heap=2**27),
    Error(message="ValueError: no", request="{"),
    Ready(ms=2100, heap=2**25, boot="snapshot", snapshotMs=None), Failed(reason="gone"),
]


def test_every_message_has_an_example_and_its_own_kind():
    assert {type(m) for m in EXAMPLES} == {*REQUESTS, *ANSWERS}
    assert len({cls.kind for cls in REQUESTS}) == len(REQUESTS)
    assert len({cls.kind for cls in ANSWERS}) == len(ANSWERS)


@pytest.mark.parametrize("message", EXAMPLES, ids=lambda m: type(m).__name__)
def test_each_message_reads_back_from_its_text(message):
    text = protocol.text(message)
    assert json.loads(text)["kind"] == message.kind
    assert protocol.read(text, request=isinstance(message, REQUESTS)) == message


@pytest.mark.parametrize(("text", "why"), [
    ("{not json", "not JSON"),
    ("[]", "unknown answer None"),
    ('{"kind": "dance"}', "unknown answer 'dance'"),
    ('{"kind": "position", "key": "k"}', "unknown answer 'position'"),  # a request
    ('{"kind": "idle"}', "idle: heap is missing"),
    ('{"kind": "idle", "heap": true}', "idle: heap is not an int"),
    ('{"kind": "idle", "heap": 1.5}', "idle: heap is not an int"),
    ('{"kind": "answer", "key": "k", "result": "won", "nodes": 1, "line": ["S", 3]}',
     "answer: line is not a list[str]"),
    ('{"kind": "deal", "id": 1, "code": 5, "line": [], "tried": 1}', "deal: code is not"),
    ("[" * 5000 + "]" * 5000, "not JSON"),  # too deep to read: refused, not a crash
])
def test_anything_else_is_refused_saying_why(text, why):
    with pytest.raises(BadMessage, match=why.replace("[", r"\[").replace("]", r"\]")):
        protocol.read(text)


def test_a_request_is_read_only_as_a_request():
    text = protocol.text(DailyWanted(day="2026-12-04", draw=1))
    assert protocol.read(text, request=True) == DailyWanted(day="2026-12-04", draw=1)
    with pytest.raises(BadMessage, match="daily: code is missing"):
        protocol.read(text)  # the answer of the same kind carries the code
    assert protocol.read('{"kind": "deal", "id": 1, "draw": 1, "scoring": "N", "seed": 2,'
                         ' "seconds": 20}', request=True).seconds == 20.0  # an int is a float


@pytest.mark.parametrize(("memory", "why"), [
    (None, "position: memory is missing"),
    ('"256 MiB"', "position: memory is not an int"),
    ("2.5e8", "position: memory is not an int"),
    ("true", "position: memory is not an int"),
])
def test_a_position_without_its_memory_cap_is_refused(memory, why):
    text = '{"kind":"position","key":"k","code":"KL1-D1N-AAAAAAD","moves":"","budget":10'
    text += "}" if memory is None else f',"memory":{memory}}}'
    with pytest.raises(BadMessage, match=why):
        protocol.read(text, request=True)


def test_the_page_s_memory_cap_reaches_the_worker_s_search():
    link = WorkerLink(now=lambda: 0.0, memory=96 * 2**20)
    link.want_position("KL1-D1N-AAAAAAD|", budget=1000)
    (request,) = [protocol.read(text, request=True) for text in link.take()]
    assert isinstance(request, Position) and request.memory == 96 * 2**20


def test_the_page_and_the_worker_talk_through_it():
    """WorkerLink writes what Solving reads; Solving writes what WorkerLink reads."""
    link, solving = WorkerLink(now=lambda: 0.0), Solving()
    link.want_position("KL1-D1N-AAAAAAD|", budget=1000)
    link.want_daily("2024-03-05", 3)
    for text in link.take():
        solving.ask(text)
    heard = []
    while solving.busy:
        heard += [link.heard(text) for text in solving.work()]
    assert Daily(day="2024-03-05", draw=3, code="KL1-D3N-PZLKYGM") in heard
    (answer,) = [m for m in heard if isinstance(m, Answer)]
    assert answer.key == "KL1-D1N-AAAAAAD|" and answer.result == "won" and answer.line
    assert isinstance(heard[-1], Idle)
    assert link.heard("{not json") is None  # heard (it is alive), but nothing to read
