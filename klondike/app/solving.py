"""The solver's side of the page: what runs in the solver's Web Worker
(``static/solver-worker.js``), in its own Pyodide, so the page's thread only plays.

The page sends requests as JSON texts and receives answers the same way, each a message
of :mod:`klondike.app.protocol` (which says what each asks and answers); both sides are
plain Python, tested in CPython. The worker's JavaScript hands each request to
:meth:`Solving.ask` and calls :meth:`Solving.work` while :attr:`Solving.busy`, a slice of
:data:`SLICE_SECONDS` at a time, so that a request that arrives meanwhile (a newer
position) is seen within one slice.

Between slices a position's search looks at the worker's memory: wasm memory never
shrinks, and a phone's tab dies without a word when it runs out, so the search stops
("not sure", as when its budget runs out) before the next slice could grow the memory past
the page's cap (the request's ``memory``). See :func:`grows_past`.

>>> solving = Solving()
>>> solving.ask(protocol.text(Position(key="k", code="KL1-D1N-AAAAAAD", moves="",
...                                    budget=1000, memory=2**28)))
>>> answers = []
>>> while solving.busy:
...     answers += solving.work()
>>> answer, idle = map(protocol.read, answers[-2:])
>>> answer.key, answer.result, answer.line[:3]
('k', 'won', ['T1>F', 'T2>F', 'S'])
>>> idle
Idle(heap=0)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import date
from time import perf_counter

from ..codes import GameCode
from ..daily import daily_code
from ..deal import DEALS
from ..game import Game
from ..moves import Move
from ..solver import UNKNOWN, WON, Search, Solution
from . import protocol
from .protocol import (
    Answer,
    Daily,
    DailyWanted,
    Dealt,
    DealWanted,
    Error,
    Hunting,
    Idle,
    Pause,
    Position,
    Resume,
    Stop,
    StopDeal,
    Working,
)

#: How long one :meth:`Solving.work` runs before the worker looks at its messages again.
SLICE_SECONDS = 0.1
#: A search says it is alive this often (the page's watchdog, see Session.tick).
ALIVE_SECONDS = 1.0
#: Each candidate of "Winnable deals only" gets this many nodes to be proved won: 89% of
#: draw-3 deals are decided within 10,000 (docs/benchmarks.md).
DEAL_BUDGET = 20_000
#: emscripten grows the wasm memory when an allocation does not fit: to the size needed
#: or a fifth more than the memory's size, whichever is more, but at most 96 MiB more than
#: needed, in pages of 64 KiB (Pyodide's pyodide.asm.mjs, emscripten_resize_heap).
GROWTH = 1.2
OVERGROWTH = 96 * 2**20
PAGE = 64 * 2**10
#: The least room a search keeps for its next slice, and for the worker's own needs
#: once it stops (its answer, the daily deal, a winnable deal's candidates of
#: DEAL_BUDGET nodes); the search's own growth in one slice, twice over, if more.
SLACK = 8 * 2**20


def _game_of(code: str, moves: str) -> Game:
    game = Game.from_code(code)
    for text in moves.split():
        game.play(Move.from_text(text))
    return game


class _Hunt:
    """A random deal proved winnable: candidates one after another (see ``deal``)."""

    def __init__(self, request: DealWanted, started: float) -> None:
        self.id = request.id
        self.draw, self.scoring = request.draw, request.scoring
        GameCode(0, self.draw, self.scoring)  # checks the rules (ValueError)
        self.rng = random.Random(request.seed)
        self.until = started + request.seconds
        self.tried = 0
        self.code: GameCode | None = None
        self.search: Search | None = None

    def next(self) -> None:
        self.tried += 1
        self.code = GameCode(self.rng.randrange(DEALS), self.draw, self.scoring)
        self.search = Search(Game(self.code), DEAL_BUDGET)


def grown(heap: int, needed: int) -> int:
    """The size the wasm memory grows to from ``heap`` bytes when ``needed`` bytes are
    wanted in it (more than it holds).

    >>> grown(100 * 2**20, 101 * 2**20) // 2**20, grown(100 * 2**20, 200 * 2**20) // 2**20
    (120, 200)
    """
    size = max(needed, min(int(heap * GROWTH), needed + OVERGROWTH))
    return -(-size // PAGE) * PAGE


def grows_past(cap: int, heap: int, used: int, more: int) -> bool:
    """Whether ``more`` bytes taken in a wasm memory of ``heap`` bytes, of which ``used``
    are in use, would grow it past ``cap`` bytes.

    >>> MiB = 2**20
    >>> grows_past(256 * MiB, heap=200 * MiB, used=150 * MiB, more=8 * MiB)  # room left
    False
    >>> grows_past(256 * MiB, heap=200 * MiB, used=195 * MiB, more=8 * MiB)  # to 240 MiB
    False
    >>> grows_past(256 * MiB, heap=240 * MiB, used=235 * MiB, more=8 * MiB)  # to 288 MiB
    True
    """
    return used + more > heap and grown(heap, used + more) > cap


class _Position:
    """The position searched: its key, its search, its memory's cap and how fast the
    search's memory grew."""

    def __init__(self, request: Position) -> None:
        self.key = request.key
        self.search = Search(_game_of(request.code, request.moves), request.budget)
        self.cap = request.memory
        # The last reading of each measure (Solving's top and used), after the last slice:
        # a measure's growth from one slice to the next is the search's own.
        self.last: dict[str, int | None] = {"top": None, "used": None}
        self.rise = 0  # the most a measure grew in one slice

    def reading(self, measure: str, value: int) -> int:
        """``value``, read of ``measure`` after a slice: kept, with its growth since
        the slice before."""
        last = self.last[measure]
        if last is not None:
            self.rise = max(self.rise, value - last)
        self.last[measure] = value
        return value

    def margin(self) -> int:
        """What the next slice may take: twice the most it grew in one, or SLACK."""
        return max(SLACK, 2 * self.rise)


class Solving:
    def __init__(self, clock: Callable[[], float] = perf_counter,
                 heap: Callable[[], int] = lambda: 0,
                 used: Callable[[], int] = lambda: 0,
                 top: Callable[[], int] | None = None) -> None:
        """``heap``: the size of the memory the worker's Pyodide holds, in bytes; ``used``:
        how much of it is in use (what its allocator has not freed), in bytes; ``top``:
        the allocator's break, as much as is in use at most, read at once where ``used``
        takes a while (``used`` itself if not given)."""
        self.clock = clock
        self.heap = heap
        self.used = used
        self.top = top or used
        self._position: _Position | None = None
        self._paused = False  # the page is hidden: the position's search waits
        self._dailies: list[tuple[str, int]] = []
        self._hunt: _Hunt | None = None
        self._retired: list[Search] = []  # searches no longer wanted, dropped when idle
        self._out: list[str] = []
        self._alive = 0.0  # when the last sign of life went out

    @property
    def busy(self) -> bool:
        """Whether :meth:`work` has something to do."""
        return self._working or bool(self._out)

    @property
    def _working(self) -> bool:
        """Whether anything is left to work out (answers to send aside)."""
        return bool(self._position and not self._paused or self._dailies or self._hunt
                    or self._retired)

    def ask(self, text: str) -> None:
        """A request of the page; one that cannot be read is answered with an error."""
        try:
            request = protocol.read(text, request=True)
            if isinstance(request, Position):
                self._retire()
                self._position = _Position(request)
            elif isinstance(request, Stop):
                self._retire()
            elif isinstance(request, Pause | Resume):
                self._paused = isinstance(request, Pause)
            elif isinstance(request, DailyWanted):
                day = date.fromisoformat(request.day).isoformat()
                self._dailies.append((day, request.draw))
            elif isinstance(request, DealWanted):
                self._drop_hunt()
                self._hunt = _Hunt(request, self.clock())
            elif isinstance(request, StopDeal):
                self._drop_hunt()
        except (ValueError, TypeError, KeyError, AttributeError) as e:
            self._say(Error(message=f"{type(e).__name__}: {e}", request=text[:200]))

    def work(self, seconds: float = SLICE_SECONDS) -> list[str]:
        """Up to ``seconds`` of work, the most awaited first: the daily deal, then a
        winnable deal, then the position; the answers (JSON texts) to send back."""
        until = self.clock() + seconds
        if self._dailies:
            day, draw = self._dailies.pop(0)
            code = daily_code(date.fromisoformat(day), draw)  # a few candidates of 2,000 nodes
            self._say(Daily(day=day, draw=draw, code=code))
        elif self._hunt is not None:
            self._work_hunt(until)
        elif self._position is not None and not self._paused:
            position = self._position
            key, search = position.key, position.search
            if self._at_cap(position):
                if self._retired:  # a search no longer wanted holds memory: free it first
                    del self._retired[0]
                    position.last = dict.fromkeys(position.last)  # it fell: not the search's
                    solution = None
                else:  # "not sure", as when the budget runs out
                    solution = Solution(UNKNOWN, search.nodes, [])
            else:
                try:
                    solution = search.advance(search_nodes(search), until, self.clock)
                except MemoryError:
                    # The device gives the worker no more memory (a phone, deep into the
                    # budget): "not sure", as when the budget runs out. The search is over
                    # and its memory free; the page restarts a worker grown big once idle.
                    solution = Solution(UNKNOWN, search.nodes, [])
            if solution is not None:
                self._position = None
                self._retired.append(search)
                self._answer(key, solution)
            elif self.clock() - self._alive >= ALIVE_SECONDS:
                self._alive = self.clock()
                self._say(Working(key=key, nodes=search.nodes))
        elif self._retired:
            del self._retired[0]  # nobody waits now: freeing a big search takes a while
        if not self._working:
            # All done. Wasm memory never shrinks: the page hears how big it has grown.
            self._say(Idle(heap=self.heap()))
        out, self._out = self._out, []
        return out

    def _work_hunt(self, until: float) -> None:
        hunt = self._hunt
        assert hunt is not None
        while self.clock() < until:
            if self.clock() >= hunt.until:  # bounded, even in the middle of a candidate
                self._say(Dealt(id=hunt.id, code=None, line=[], tried=hunt.tried))
                self._hunt = None
                return
            if hunt.search is None:
                hunt.next()
            assert hunt.search is not None  # next() starts one
            solution = hunt.search.advance(DEAL_BUDGET, until, self.clock)
            if solution is None:
                continue
            if solution.result == WON:
                self._say(Dealt(id=hunt.id, code=str(hunt.code), line=solution.moves,
                                tried=hunt.tried))
                self._hunt = None
                return
            hunt.search = None
        self._say(Hunting(id=hunt.id, tried=hunt.tried))

    def _at_cap(self, position: _Position) -> bool:
        """Whether the next slice of ``position``'s search could grow the wasm memory
        past its cap: by what it grew in a slice so far, twice over, or :data:`SLACK`.
        The break first (at once); the memory in use (its allocator's free space walked,
        10 ms or more in a big worker) only when the break is that near."""
        heap = self.heap()
        top = position.reading("top", self.top())
        if not grows_past(position.cap, heap, top, position.margin()):
            position.last["used"] = None  # not read at this slice: no growth to measure
            return False
        used = position.reading("used", self.used())
        return grows_past(position.cap, heap, used, position.margin())

    def _answer(self, key: str, solution: Solution) -> None:
        self._say(Answer(key=key, result=solution.result, nodes=solution.nodes,
                         line=list(solution.moves)))

    def _retire(self) -> None:
        if self._position is not None:
            self._retired.append(self._position.search)
            self._position = None
        del self._retired[:-1]  # keep one at most: the memory of two big searches is too much

    def _drop_hunt(self) -> None:
        self._hunt = None

    def _say(self, answer: protocol.Message) -> None:
        self._out.append(protocol.text(answer))


def search_nodes(search: Search) -> int:
    """Nodes a slice may take: the search's whole budget, as the clock ends the slice."""
    return search.budget
