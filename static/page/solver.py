"""The page's side of the solver's Web Worker (static/solver-worker.js): requests out,
answers in, both JSON texts of :mod:`klondike.app.protocol`. The session decides what to
ask and what an answer means; this only carries them, and says when the worker failed.

A request goes out once the page has drawn its next frame: it follows a move, and the
worker woken at once takes the CPU from the move's handler and its frame (on a machine
with few cores, the handler's p95 grew by a millisecond or more)."""

from __future__ import annotations

import json

from js import (
    Object,
    Worker,
    document,
    navigator,
    performance,
    requestAnimationFrame,
    setTimeout,
    window,
)
from pyodide.ffi import create_proxy, to_js

from klondike.app import protocol

from .dom import nullable

WORKER_URL = "./static/solver-worker.js"


def device_gib() -> float | None:
    """``navigator.deviceMemory``: the device's memory in GiB (Chromium only), or None;
    klondike.app.worker_link.memory_cap makes the solver's cap of it."""
    gib = getattr(navigator, "deviceMemory", None)
    return float(gib) if isinstance(gib, int | float) and not isinstance(gib, bool) else None


class SolverWorker:
    def __init__(self, on_message, on_failure) -> None:
        self.on_message = on_message  # called with each answer's text
        self.on_failure = on_failure  # called once if the worker cannot go on
        self.worker = None
        self.waiting: list[str] = []  # requests made before the worker was started
        self.outbox: list[str] = []  # requests waiting for the next frame to be drawn
        self.failed = False
        self.proxies = [create_proxy(self.message), create_proxy(self.error)]
        self.send_proxy = create_proxy(self.send)
        self.after_frame_proxy = create_proxy(
            lambda *_args: setTimeout(self.send_proxy, 0))

    def start(self, *_args) -> None:
        """Start the worker, which runs the build's klondike/ modules, as the page does
        (static/runtime.mjs unpacks them there, off the page's thread). On a first visit
        static/runtime.mjs started it already, to boot Pyodide there: it is taken over,
        with what it said meanwhile."""
        if self.worker is not None or self.failed:
            return
        early = nullable(getattr(window, "klondikeWorker", None))
        if early is not None:
            window.klondikeWorker = None  # once: a restart starts a new one
            self.adopt(early)
            return
        try:
            options = to_js({"type": "module", "name": "solver"},
                            dict_converter=Object.fromEntries)
            worker = Worker.new(WORKER_URL, options)
        except Exception as e:  # no workers here
            self.fail(str(e))
            return
        worker.onmessage, worker.onerror = self.proxies
        worker.onmessageerror = self.proxies[1]
        # The loader's own message (static/solver-worker.js), not the solver's protocol.
        worker.postMessage(json.dumps({"kind": "boot"}))
        self.worker = worker
        for text in self.waiting:
            worker.postMessage(text)
        self.waiting = []

    def adopt(self, early) -> None:
        """The worker static/runtime.mjs started (``{worker, said, failed}``): what it
        said so far is heard now, in order, and what was asked meanwhile is sent."""
        worker = self.worker = early.worker
        worker.onmessage, worker.onerror = self.proxies
        worker.onmessageerror = self.proxies[1]
        for text in list(early.said):
            self.heard(str(text))
        failed = nullable(early.failed)
        if failed is not None:
            self.fail(str(failed))
        if self.failed:
            return
        for text in self.waiting:
            worker.postMessage(text)
        self.waiting = []

    def post(self, text: str) -> None:
        if self.failed:
            return
        hidden = document.hidden  # no frame comes while hidden
        if not self.outbox and not hidden:
            requestAnimationFrame(self.after_frame_proxy)
        self.outbox.append(text)
        if hidden:
            self.send()

    def send(self, *_args) -> None:
        """The requests of :meth:`post`, in order (after the frame, or the page was
        hidden before it came)."""
        outbox, self.outbox = self.outbox, []
        if self.failed:
            return
        if self.worker is None:
            self.waiting += outbox
        else:
            for text in outbox:
                self.worker.postMessage(text)

    def message(self, event) -> None:
        text = event.data
        if isinstance(text, str):
            self.heard(text)

    def heard(self, text: str) -> None:
        if self.failed:
            return
        try:
            kind = protocol.read(text)
        except protocol.BadMessage:
            kind = None  # the session hears it all the same: the worker is alive
        if isinstance(kind, protocol.Failed):
            self.fail(kind.reason)
            return
        if isinstance(kind, protocol.Ready):
            # For the benchmarks and tests: the boot's end, in page time, and how it booted.
            detail = to_js({"detail": text}, dict_converter=Object.fromEntries)
            performance.mark("solver-ready", detail)
        self.on_message(text)

    def error(self, event) -> None:
        """The script could not load, or threw: the worker is of no more use."""
        event.preventDefault()
        self.fail(str(getattr(event, "message", "") or "the solver's worker failed"))

    def fail(self, reason: str) -> None:
        self.stop()
        if not self.failed:
            self.failed = True
            print(f"solver unavailable: {reason}")
            self.on_failure()

    def restart(self) -> None:
        """A new worker in place of this one (the session asks when its memory grew)."""
        self.stop()
        self.start()

    def stop(self) -> None:
        """Let the worker go (failed, or taken for dead by the session's watchdog)."""
        if self.worker is not None:
            self.worker.terminate()
            self.worker = None
        self.waiting = []
        self.outbox = []
