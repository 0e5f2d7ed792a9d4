"""The solver worker's messages, each a typed value with its JSON text: the one place
both ends read and write them. The page's session asks (:mod:`klondike.app.worker_link`),
the worker answers (:mod:`klondike.app.solving`, in the worker's own Pyodide); the
JavaScript between them (``static/page/solver.py``'s worker, ``static/solver-worker.js``)
forwards the texts as they are.

Requests, page to worker:

- :class:`Position`: "can this still be won?" for the position of ``code`` after ``moves``
  (R10 texts, space separated), searched up to ``budget`` nodes, with the winning line
  (the hint, Finish game, "Undo to the last winnable position"), and never past ``memory``
  bytes of the worker's wasm memory (the page's cap: "not sure" there, as when the budget
  runs out); a newer position replaces the one searched. :class:`Stop`: no position is
  wanted (the game is won, the indicator is off).
- :class:`Pause` and :class:`Resume`: the page was hidden, and shown again: the position's
  search waits meanwhile, where it got to, rather than spend a hidden tab's battery.
- :class:`DailyWanted`: the daily deal of ``day`` (ISO date) and ``draw`` (R8).
- :class:`DealWanted`: a random deal under ``draw`` and ``scoring`` that the solver proves
  winnable within ``seconds`` ("Winnable deals only"), drawn from ``seed``;
  :class:`StopDeal` drops it.

Answers, worker to page: :class:`Answer` (a position decided or not), :class:`Daily`,
:class:`Dealt` (``code`` None when the time ran out), :class:`Hunting` (a deal's
progress), :class:`Working` (a search's sign of life, and how far it got), :class:`Idle`
(all done, and the worker's memory in bytes: the page restarts a worker grown big) and
:class:`Error` (a request that could not be read). The worker's loader adds two of its own,
written in JavaScript: :class:`Ready` (booted) and :class:`Failed` (it cannot go on).

>>> text(Position(key="KL1-D1N-AAAAAAD|S", code="KL1-D1N-AAAAAAD", moves="S", budget=1000,
...               memory=2**28))
'{"kind":"position","key":"KL1-D1N-AAAAAAD|S","code":"KL1-D1N-AAAAAAD","moves":"S","budget":1000,"memory":268435456}'
>>> read('{"kind":"idle","heap":0}')
Idle(heap=0)
>>> read('{"kind":"idle","heap":"big"}')
Traceback (most recent call last):
...
klondike.app.protocol.BadMessage: idle: heap is not an int
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar, get_type_hints

from .. import jsontext


class BadMessage(ValueError):
    """A text that is not one of the messages, field for field."""


@dataclass(frozen=True, slots=True)
class Message:
    kind: ClassVar[str] = ""


# --- requests -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Position(Message):
    kind: ClassVar[str] = "position"
    key: str  # the code, "|" and the moves: how the page knows the answer's position
    code: str
    moves: str
    budget: int
    memory: int  # bytes: the search stops ("not sure") before the wasm memory grows past it


@dataclass(frozen=True, slots=True)
class Stop(Message):
    kind: ClassVar[str] = "stop"


@dataclass(frozen=True, slots=True)
class Pause(Message):
    kind: ClassVar[str] = "pause"


@dataclass(frozen=True, slots=True)
class Resume(Message):
    kind: ClassVar[str] = "resume"


@dataclass(frozen=True, slots=True)
class DailyWanted(Message):
    kind: ClassVar[str] = "daily"
    day: str
    draw: int


@dataclass(frozen=True, slots=True)
class DealWanted(Message):
    kind: ClassVar[str] = "deal"
    id: int
    draw: int
    scoring: str
    seed: int
    seconds: float


@dataclass(frozen=True, slots=True)
class StopDeal(Message):
    kind: ClassVar[str] = "stop-deal"


# --- answers ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Answer(Message):
    kind: ClassVar[str] = "answer"
    key: str
    result: str  # klondike.solver's WON, LOST or UNKNOWN
    nodes: int
    line: list[str]  # the winning moves (R10 texts), if won


@dataclass(frozen=True, slots=True)
class Daily(Message):
    kind: ClassVar[str] = "daily"
    day: str
    draw: int
    code: str


@dataclass(frozen=True, slots=True)
class Dealt(Message):
    kind: ClassVar[str] = "deal"
    id: int
    code: str | None  # None: no deal was proved winnable in the time given
    line: list[str]
    tried: int


@dataclass(frozen=True, slots=True)
class Hunting(Message):
    kind: ClassVar[str] = "hunting"
    id: int
    tried: int


@dataclass(frozen=True, slots=True)
class Working(Message):
    kind: ClassVar[str] = "working"
    key: str
    nodes: int


@dataclass(frozen=True, slots=True)
class Idle(Message):
    kind: ClassVar[str] = "idle"
    heap: int  # bytes of wasm memory (it never shrinks)


@dataclass(frozen=True, slots=True)
class Error(Message):
    kind: ClassVar[str] = "error"
    message: str
    request: str  # the start of the request that could not be read


# --- the loader's (static/solver-worker.js writes them) ----------------------------------------
@dataclass(frozen=True, slots=True)
class Ready(Message):
    kind: ClassVar[str] = "ready"
    ms: int  # the boot's time in the worker
    heap: int
    boot: str  # static/runtime.mjs's path: snapshot, plain or fallback
    snapshotMs: float | None  # noqa: N815 (the JSON's name) making the snapshot, if it did


@dataclass(frozen=True, slots=True)
class Failed(Message):
    kind: ClassVar[str] = "failed"
    reason: str


REQUESTS = (Position, Stop, Pause, Resume, DailyWanted, DealWanted, StopDeal)
ANSWERS = (Answer, Daily, Dealt, Hunting, Working, Idle, Error, Ready, Failed)
_REQUESTS = {cls.kind: cls for cls in REQUESTS}
_ANSWERS = {cls.kind: cls for cls in ANSWERS}
_HINTS = {cls: get_type_hints(cls) for cls in (*REQUESTS, *ANSWERS)}


def text(message: Message) -> str:
    """The message as the JSON text that goes between the page and the worker."""
    return json.dumps({"kind": message.kind, **asdict(message)}, separators=(",", ":"))


def read(text_: str, *, request: bool = False) -> Message:
    """The answer (or, with ``request``, the request) a text is; :class:`BadMessage` for
    anything else: not JSON, an unknown kind, a field missing or of another type."""
    try:
        data = jsontext.loads(text_)
    except ValueError:
        raise BadMessage("not JSON") from None
    kinds = _REQUESTS if request else _ANSWERS
    kind = data.get("kind") if isinstance(data, dict) else None
    cls = kinds.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise BadMessage(f"unknown {'request' if request else 'answer'} {kind!r}")
    values: dict[str, Any] = {}
    for field in fields(cls):
        if field.name not in data:
            raise BadMessage(f"{kind}: {field.name} is missing")
        value = data[field.name]
        hint = _HINTS[cls][field.name]
        if not _fits(value, hint):
            raise BadMessage(f"{kind}: {field.name} is not {_name(hint)}")
        values[field.name] = float(value) if hint is float else value
    return cls(**values)


def _fits(value: Any, hint: Any) -> bool:
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    if hint == list[str]:
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    if hint == str | None:
        return value is None or isinstance(value, str)
    if hint == float | None:
        return value is None or _fits(value, float)
    raise TypeError(f"no reader for {hint!r}")  # a new field's type: teach _fits


def _name(hint: Any) -> str:
    if hint is int:
        return "an int"
    return f"a {hint.__name__}" if isinstance(hint, type) else f"a {hint}"
