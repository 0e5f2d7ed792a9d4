"""The solver under Pyodide in headless Chromium against CPython, on the same searches (a
benchmark, not a test).

``node bench/solver_pyodide.mjs --cpython`` measures issue 43's "under Pyodide at most 1.8
times CPython's time for the same search" with Pyodide in Node.js 20. Players run it in a
browser: this runs the same searches in the vendored Pyodide in a module Web Worker of
Debian's Chromium, as the app's solver runs (``static/solver-worker.js``), and in each
CPython given, taking turns round by round.

    python3 tools/build.py && .venv/bin/python bench/solver_browser.py \\
        [--cpython PYTHON[,PYTHON...]] [--rounds 8] [--warmup 2] [--first 40000] \\
        [deals=20] [budget=20000] [draw=3]

Each round searches deals ``--first`` to ``--first + deals - 1`` of one draw mode with
``budget`` nodes each: in the worker, with the klondike/ modules imported afresh (no cache
of an earlier round's searches kept), and in a fresh CPython process; each side's own
clock (``time.perf_counter``) around the searches alone. Wall time on both sides: a
worker has no CPU clock of its own. Printed: each side's nodes (which must agree), best
and median time, and the ratio of Pyodide's time to each CPython's, best against best,
median against median, and round by round (the two runs of a round were next to each
other, so a machine that changes speed between rounds weighs on both alike). Pyodide's
``--warmup`` rounds come first, not counted. The machine's speed and load follow.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "e2e"), str(ROOT / "tools")]

from harness import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from machine import MachineSpeed  # noqa: E402  (bench/machine.py)
from memory import files  # noqa: E402  (bench/memory.py: klondike/'s modules)
from playwright.sync_api import sync_playwright  # noqa: E402
from serve import start_server  # noqa: E402

# The searches timed on both sides, with the checkout at `home`: its klondike/ imported
# afresh, so that no round gains from the caches of the one before.
SEARCHES = """
import sys, time
for name in [name for name in sys.modules if name.split(".")[0] == "klondike"]:
    del sys.modules[name]
sys.path.insert(0, {home!r})
from klondike import Game
from klondike.solver import solve
sys.path.remove({home!r})
nodes, start = 0, time.perf_counter()
for number in range({first}, {end}):
    nodes += solve(Game.new(number, {draw}), {budget}).nodes
result = f"{{nodes}} {{time.perf_counter() - start}} {{sys.version.split()[0]}}"
"""

# A module worker of the page's origin: the vendored Pyodide, the klondike/ files written
# into its file system, then each message's Python run and its `result` posted back.
WORKER = """
import { loadPyodide } from "%(site)sstatic/vendor/pyodide/pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: "%(site)sstatic/vendor/pyodide/" });
onmessage = ({ data }) => {
  try {
    for (const [path, text] of Object.entries(data.files ?? {})) {
      pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      pyodide.FS.writeFile(path, text);
    }
    postMessage({ result: data.code ? String(pyodide.runPython(data.code + "\\nresult")) : "" });
  } catch (error) {
    postMessage({ error: String(error) });
  }
};
postMessage({ result: "loaded" });
"""
START = """(source) => {
  const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })),
                            { type: "module" });
  let answer = null;
  worker.onmessage = ({ data }) => answer(data);
  worker.onerror = (event) => answer({ error: event.message || "the worker failed to load" });
  window.__ask = (message) => new Promise((resolve) => {
    answer = resolve;
    if (message) worker.postMessage(message);
  });
  return window.__ask(null);
}"""
HOME = "/home/pyodide/checkout"  # the checkout's place in the worker's file system


def answered(reply: dict) -> str:
    if "error" in reply:
        raise RuntimeError(f"the worker: {reply['error']}")
    return reply["result"]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--cpython", default=sys.executable, help="interpreters, comma-separated")
    p.add_argument("--rounds", type=int, default=8)
    p.add_argument("--warmup", type=int, default=2, help="Pyodide rounds first, not counted")
    p.add_argument("--first", type=int, default=40_000, help="the first deal's number")
    p.add_argument("deals", type=int, nargs="?", default=20)
    p.add_argument("budget", type=int, nargs="?", default=20_000)
    p.add_argument("draw", type=int, nargs="?", default=3, choices=(1, 3))
    args = p.parse_args()
    interpreters = args.cpython.split(",")
    search = dict(first=args.first, end=args.first + args.deals, draw=args.draw,
                  budget=args.budget)
    machine = MachineSpeed(sample_every=None)  # timed before and after, not during
    runs: dict[str, list[tuple[int, float]]] = {"Pyodide": [], **{p: [] for p in interpreters}}
    versions: dict[str, str] = {}
    server, site = start_server(root=ROOT)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.set_default_timeout(600_000)
            # A blank page of the site's origin: the worker is its own.
            page.route(site + "solver.html", lambda route: route.fulfill(
                body="<!doctype html><title>solver</title>", content_type="text/html"))
            page.goto(site + "solver.html")
            answered(page.evaluate(START, WORKER % {"site": site}))
            answered(page.evaluate("(files) => window.__ask({ files })",
                                  {f"{HOME}/{path}": text for path, text in files().items()}))

            def run(side: str) -> tuple[int, float]:
                if side == "Pyodide":
                    code = SEARCHES.format(home=HOME, **search)
                    out = answered(page.evaluate("(code) => window.__ask({ code })", code))
                else:
                    code = SEARCHES.format(home=str(ROOT), **search) + "\nprint(result)"
                    out = subprocess.run([side, "-c", code], capture_output=True, text=True,
                                         check=True).stdout
                nodes, seconds, versions[side] = out.split()
                return int(nodes), float(seconds)

            warmed = [run("Pyodide")[1] for _ in range(args.warmup)]
            sides = ["Pyodide", *interpreters]
            for round_ in range(args.rounds):
                for side in sides if round_ % 2 == 0 else sides[::-1]:
                    runs[side].append(run(side))
            print(f"Deals {args.first}-{args.first + args.deals - 1} in draw {args.draw}, "
                  f"{args.budget:,} nodes each, {args.rounds} rounds taking turns; "
                  f"Chromium {browser.version} headless, Pyodide in a module worker")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    if warmed:
        print(f"  Pyodide's warm-up first, not counted: {', '.join(f'{s:.1f}' for s in warmed)} s")
    nodes = runs["Pyodide"][0][0]
    for side in sides:
        if any(n != nodes for n, _ in runs[side]):
            raise SystemExit(f"{side}: not the same node counts as Pyodide's {nodes:,}")
        seconds = [s for _, s in runs[side]]
        label = (f"Pyodide (Python {versions[side]})" if side == "Pyodide"
                 else f"CPython {versions[side]} ({side})")
        print(f"  {label}: {nodes:,} nodes, best {min(seconds):.2f} s, median "
              f"{statistics.median(seconds):.2f} s, {nodes / min(seconds):,.0f} nodes/s")
    ours = [s for _, s in runs["Pyodide"]]
    for python in interpreters:
        theirs = [s for _, s in runs[python]]
        paired = [a / b for a, b in zip(ours, theirs, strict=True)]
        print(f"  Pyodide's time / CPython {versions[python]}'s: best "
              f"{min(ours) / min(theirs):.3f}, median "
              f"{statistics.median(ours) / statistics.median(theirs):.3f}; round by round "
              f"{statistics.median(paired):.3f} at the median "
              f"({min(paired):.3f}-{max(paired):.3f})")
    print(machine.line())


if __name__ == "__main__":
    main()
