"""The solver worker's wasm memory, and its cap, in headless Chromium (a benchmark, not a
test): bare workers (static/solver-worker.js) talked to through klondike.app.protocol, as
the page talks to them, with the memory cap of the page's choosing or any other.

- **idle**: a booted worker's wasm memory (heap) and how much of it is in use;
- **long**: one position (``--code``, by default deal 40103 in draw 3: not decided
  within 3,000,000 nodes; deal 1, the default before, is proved lost after 1,023,161
  since rule 12 of the solver) searched to its answer with each ``--caps`` (MiB;
  0: none), the heap and the memory in use sampled every ``--every`` seconds: the
  answer, its nodes and time, the heap at the end;
- **deals**: ``--count`` deals from ``--first`` in ``--draw``, each searched from the deal
  with the page's budget and the cap ``--cap``, on ``--workers`` workers side by side (a
  worker idle past the page's RESTART_HEAP is started anew, as the page does): how many
  are won, lost and "not sure", and the most heap a worker reached.

    python3 tools/build.py && .venv/bin/python bench/memory.py idle
    .venv/bin/python bench/memory.py long --caps 256 0
    .venv/bin/python bench/memory.py deals --first 40000 --count 200 --cap 256
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "e2e"), str(ROOT / "tools")]

from harness import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from machine import MachineSpeed  # noqa: E402  (bench/machine.py)
from playwright.sync_api import sync_playwright  # noqa: E402
from serve import start_server  # noqa: E402

from klondike import Game  # noqa: E402
from klondike.app import protocol  # noqa: E402
from klondike.app.analysis import BUDGET  # noqa: E402
from klondike.app.protocol import Answer, Idle, Position, Ready  # noqa: E402
from klondike.app.worker_link import RESTART_HEAP  # noqa: E402

MiB = 2**20
NO_CAP = 2**32  # more than wasm32 can address: no cap at all

# Workers of the page's own, each with its messages kept: window.__workers[i].
WORKERS = """
window.__workers = [];
window.__start = () => {
  const worker = new Worker(new URL("static/solver-worker.js", location.href),
                            {type: "module"});
  const entry = {worker, heard: []};
  worker.onmessage = ({data}) => entry.heard.push(data);
  worker.postMessage(JSON.stringify({kind: "boot"}));
  window.__workers.push(entry);
  return window.__workers.length - 1;
};
window.__heard = (i) => window.__workers[i].heard.splice(0);
window.__post = (i, text) => window.__workers[i].worker.postMessage(text);
window.__stop = (i) => window.__workers[i].worker.terminate();
true;  // not a function: Playwright would call it
"""


def files() -> dict[str, str]:
    """The klondike/ modules, {path: text}, as the solver's worker has them (unpacked from
    the build's static/vendor/klondike.zip), for bench/solver_browser.py's own worker."""
    return {path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8")
            for path in sorted((ROOT / "klondike").rglob("*.py"))}


class Bench:
    def __init__(self, page) -> None:
        self.page = page
        self.handles: dict[int, object] = {}  # each worker's Playwright handle

    def start(self) -> int:
        known = list(self.page.workers)
        number = self.page.evaluate("() => window.__start()")
        self.wait(number, Ready, 300)  # a busy machine boots slowly
        (self.handles[number],) = [w for w in self.page.workers if w not in known]
        return number

    def worker(self, number: int):
        """The Playwright handle of worker ``number``."""
        return self.handles[number]

    def memory(self, number: int) -> tuple[int, int]:
        """Worker ``number``'s heap and the memory in use in it, bytes."""
        return tuple(self.worker(number).evaluate("[self.klondikeHeap(), self.klondikeUsed()]"))

    def heard(self, number: int) -> list[protocol.Message]:
        return [protocol.read(text) for text in self.page.evaluate(
            "(i) => window.__heard(i)", number)]

    def post(self, number: int, message: protocol.Message) -> None:
        self.page.evaluate("([i, text]) => window.__post(i, text)",
                           [number, protocol.text(message)])

    def wait(self, number: int, kind: type, seconds: float) -> protocol.Message:
        until = time.monotonic() + seconds
        while time.monotonic() < until:
            for message in self.heard(number):
                if isinstance(message, kind):
                    return message
            time.sleep(0.05)
        raise TimeoutError(f"no {kind.__name__} within {seconds} s")


def position(key: str, code: str, cap_mib: int) -> Position:
    memory = cap_mib * MiB if cap_mib else NO_CAP
    return Position(key=key, code=code, moves="", budget=BUDGET, memory=memory)


def idle(bench: Bench, args) -> None:
    number = bench.start()
    heap, used = bench.memory(number)
    print(f"  idle booted worker: heap {heap / MiB:.1f} MiB, in use {used / MiB:.1f} MiB")


def long(bench: Bench, args) -> None:
    for cap in args.caps:
        number = bench.start()
        heap0, _ = bench.memory(number)
        began = time.monotonic()
        bench.post(number, position("long", args.code, cap))
        peak = (heap0, 0)
        answer = None
        while answer is None:
            time.sleep(args.every)
            heap, used = bench.memory(number)
            peak = max(peak, (heap, used))
            for message in bench.heard(number):
                if isinstance(message, Answer):
                    answer = message
            if args.trace:
                print(f"    {time.monotonic() - began:7.1f} s  heap {heap / MiB:6.1f} MiB  "
                      f"in use {used / MiB:6.1f} MiB", flush=True)
        seconds = time.monotonic() - began
        heap, used = bench.memory(number)
        print(f"  {args.code}, cap {f'{cap} MiB' if cap else 'none'}: {answer.result} after "
              f"{answer.nodes:,} nodes, {seconds:.0f} s; heap {heap / MiB:.0f} MiB at the "
              f"answer (booted with {heap0 / MiB:.0f}), in use {used / MiB:.0f} MiB",
              flush=True)
        bench.page.evaluate("(i) => window.__stop(i)", number)


def deals(bench: Bench, args) -> None:
    codes = [str(Game.new(n, args.draw).code) for n in range(args.first, args.first + args.count)]
    results: dict[str, list[str]] = {"won": [], "lost": [], "unknown": []}
    most = 0
    workers = [bench.start() for _ in range(args.workers)]
    busy: dict[int, tuple[str, float]] = {}  # worker -> (code, when asked)
    began = time.monotonic()
    while codes or busy:
        for number in workers:
            if number not in busy and codes:
                code = codes.pop(0)
                bench.post(number, position(code, code, args.cap))
                busy[number] = (code, time.monotonic())
        time.sleep(0.05)
        for number in list(busy):
            for message in bench.heard(number):
                if isinstance(message, Answer):
                    code, asked = busy[number]
                    results[message.result].append(code)
                    if message.result == "unknown" or time.monotonic() - asked > 10:
                        print(f"    {code}: {message.result} after {message.nodes:,} nodes, "
                              f"{time.monotonic() - asked:.0f} s", flush=True)
                elif isinstance(message, Idle) and number in busy:
                    most = max(most, message.heap)
                    del busy[number]
                    if message.heap > RESTART_HEAP:  # as the page does
                        bench.page.evaluate("(i) => window.__stop(i)", number)
                        workers[workers.index(number)] = bench.start()
    total = args.count
    unknown = len(results["unknown"])
    print(f"  draw {args.draw}, deals {args.first}-{args.first + total - 1}, cap {args.cap} MiB, "
          f"budget {BUDGET:,}: won {len(results['won'])}, lost {len(results['lost'])}, not sure "
          f"{unknown} ({100 * unknown / total:.1f}%): {' '.join(results['unknown'])}; the most "
          f"heap {most / MiB:.0f} MiB; {time.monotonic() - began:.0f} s on {args.workers} workers")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("mode", choices=("idle", "long", "deals"))
    p.add_argument("--code", default="KL1-D3N-AAACHIL")
    p.add_argument("--caps", type=int, nargs="+", default=[256, 0], help="MiB, 0: none")
    p.add_argument("--every", type=float, default=2.0, help="seconds between samples")
    p.add_argument("--trace", action="store_true", help="print every sample")
    p.add_argument("--first", type=int, default=40_000)
    p.add_argument("--count", type=int, default=200)
    p.add_argument("--draw", type=int, default=3)
    p.add_argument("--cap", type=int, default=256, help="MiB")
    p.add_argument("--workers", type=int, default=2)
    args = p.parse_args()
    machine = MachineSpeed(sample_every=None)  # timed before and after, not during
    server, url = start_server(root=ROOT)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            print(f"Chromium {browser.version} headless", flush=True)
            page = browser.new_page()
            # A blank page of the site's origin: the workers are its own.
            page.route(url + "memory.html", lambda route: route.fulfill(
                body="<!doctype html><title>memory</title>", content_type="text/html"))
            page.goto(url + "memory.html")
            page.evaluate(WORKERS)
            {"idle": idle, "long": long, "deals": deals}[args.mode](Bench(page), args)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    print(machine.line())


if __name__ == "__main__":
    main()
