"""The session's side of the talk with the solver's Web Worker (the worker's side is
:mod:`klondike.app.solving`): the requests waiting to go, what is awaited, and the
watchdog that takes a silent worker for dead. What an answer means for the game is the
session's to decide (:meth:`klondike.app.session.Session.solver_heard`).

>>> t = [0.0]
>>> link = WorkerLink(now=lambda: t[0])
>>> link.want_position("KL1-D1N-AAAAAAD|S", budget=1_000)
>>> link.take()
['{"kind":"position","key":"KL1-D1N-AAAAAAD|S","code":"KL1-D1N-AAAAAAD","moves":"S","budget":1000,"memory":268435456}']
>>> t[0] = BOOT_SECONDS + 1  # never heard from: it did not boot
>>> link.is_dead(hidden=False)
True
"""

from __future__ import annotations

from collections.abc import Callable

from . import protocol
from .protocol import DailyWanted, DealWanted, Pause, Position, Resume, Stop, StopDeal

#: The worker is taken for dead when it says nothing for this long while it has work
#: (a search says it is alive every second), or before its first word...
SILENCE_SECONDS = 10.0
#: ...for this long after the first request: it boots its own Pyodide first.
BOOT_SECONDS = 60.0
#: A worker whose memory grew past this (a long search: about 300,000 nodes; it boots
#: with 30 MiB) is restarted once it is idle, as wasm memory never shrinks.
RESTART_HEAP = 128 * 2**20
#: A position's search never grows the worker's wasm memory past this ("not sure" there,
#: as when the budget runs out): about 600 MB is as much as iOS Safari gives wasm
#: (emscripten #24078), and running out kills the tab without a word (emscripten #11106).
MEMORY_CAP = 256 * 2**20
#: Smaller caps for small devices, by ``navigator.deviceMemory`` (GiB, rounded down to a
#: power of two; Chromium only): (at most so many GiB, the cap).
SMALL_DEVICES = ((1, 96 * 2**20), (2, 128 * 2**20))


def memory_cap(device_gib: float | None) -> int:
    """The cap of a search's memory (bytes) on a device with ``device_gib`` GiB
    (``navigator.deviceMemory``; None where the browser does not say).

    >>> [memory_cap(gib) // 2**20 for gib in (None, 0.5, 1, 2, 4, 8)]
    [256, 96, 96, 128, 256, 256]
    """
    if device_gib is not None and device_gib > 0:  # 0 or less: not a size, ignored
        for most, cap in SMALL_DEVICES:
            if device_gib <= most:
                return cap
    return MEMORY_CAP


class WorkerLink:
    def __init__(self, now: Callable[[], float], memory: int = MEMORY_CAP) -> None:
        """``memory``: the cap of a search's memory, bytes (:func:`memory_cap`)."""
        self.now = now
        self.memory = memory
        self.asked: str | None = None  # the key of the position it searches
        self.daily: tuple[str, int] | None = None  # the daily deal asked for: (day, draw)
        self.deal: int | None = None  # the id of the winnable deal asked for
        self._deals = 0  # ids of the deals asked for
        self.paused = False  # the page is hidden: the position's search waits
        self._outbox: list[str] = []
        self._heard: float | None = None  # when it was last heard (None: never)
        self._waited_since: float | None = None  # it has had work since then

    @property
    def waiting(self) -> bool:
        """Whether an answer is awaited."""
        return self.asked is not None or self.daily is not None or self.deal is not None

    def _ask(self, request: protocol.Message) -> None:
        if self._waited_since is None:
            self._waited_since = self.now()
        self._send(request)

    def _send(self, request: protocol.Message) -> None:
        self._outbox.append(protocol.text(request))

    def want_position(self, key: str | None, budget: int) -> None:
        """The position to search (its key: the code, "|" and the moves), or None for
        none; said only when it changes."""
        if key == self.asked:
            return
        if key is None:
            self._send(Stop())
        else:
            code, _bar, moves = key.partition("|")
            self._ask(Position(key=key, code=code, moves=moves, budget=budget,
                               memory=self.memory))
        self.asked = key

    def want_daily(self, day: str, draw: int) -> None:
        self.daily = (day, draw)
        self._ask(DailyWanted(day=day, draw=draw))

    def want_deal(self, draw: int, scoring: str, seed: int, seconds: float) -> None:
        """A random deal the solver proves winnable ("Winnable deals only")."""
        self._deals += 1
        self.deal = self._deals
        self._ask(DealWanted(id=self.deal, draw=draw, scoring=scoring, seed=seed,
                             seconds=seconds))

    def stop_looking(self) -> None:
        """No deal looked for any more, neither a winnable one nor the daily deal."""
        if self.deal is not None:
            self.deal = None
            self._send(StopDeal())
        self.daily = None

    def set_hidden(self, hidden: bool) -> None:
        """Whether the page is hidden: the position's search waits meanwhile, where it
        got to (said once per change); shown again, the silence counts from then."""
        if hidden == self.paused:
            return
        self.paused = hidden
        self._send(Pause() if hidden else Resume())
        if not hidden and self._waited_since is not None:
            self._waited_since = self.now()

    def take(self) -> list[str]:
        """The requests to send now (JSON texts), in order."""
        if not self.waiting:
            self._waited_since = None
        requests, self._outbox = self._outbox, []
        return requests

    def heard(self, text: str) -> protocol.Message | None:
        """A message of the worker: it is alive; the message, if it can be read."""
        self._heard = self.now()
        if self.waiting:
            self._waited_since = self._heard
        try:
            return protocol.read(text)
        except protocol.BadMessage:
            return None

    def answered(self, key: str) -> None:
        if key == self.asked:
            self.asked = None

    def restarts(self, heap: int) -> bool:
        """An idle worker's memory (``heap``, bytes): whether a new worker should take
        its place (a tab should not keep hundreds of MiB for a search that is over). The
        new one boots before it answers, under the watchdog's boot time."""
        if heap <= RESTART_HEAP or self.waiting:
            return False
        self._heard = None
        self.paused = False  # as the new worker is: it hears the page is hidden, if it is
        return True

    def failed(self) -> tuple[bool, bool]:
        """The worker is gone: nothing is asked or awaited any more. Whether the daily
        deal, and a winnable deal, were awaited."""
        awaited = self.daily is not None, self.deal is not None
        self.asked = self.daily = self.deal = None
        self._outbox.clear()
        return awaited

    def is_dead(self, hidden: bool) -> bool:
        """The watchdog, once a second: silent for too long while it has work (or never
        heard from at all, :data:`BOOT_SECONDS` after the first request). Not while the
        page is hidden, where the position's search waits (:meth:`set_hidden`)."""
        since = self._waited_since
        if since is None or not self.waiting or hidden:
            return False
        limit = BOOT_SECONDS if self._heard is None else SILENCE_SECONDS
        return self.now() - since > limit
