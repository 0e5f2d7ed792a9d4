"""Where the page's thread spends a move, part by part, in headless Chromium (a benchmark,
not a test).

Plays bench/moves.py's frozen winning lines by real pointer input with timers put around
the glue's handlers and the session's and the board's methods (a copy of the built site
whose ``static/main.py`` wraps them before the page starts), and prints, per part, its
calls and its milliseconds per move. The timers are ``performance.now()``, which Chromium
rounds to 0.1 ms without cross-origin isolation: one call's time is rough, a sum over
hundreds is not. A part's time includes the parts it calls (indented under it).

    python3 tools/build.py && .venv/bin/python bench/page_work.py [--against SITE]
        [--runs 2] [--throttle 4] [--games 2]

``--against SITE``: another commit's built site (see bench/startup.py), played in the same
runs, the two in turn (the order reversed every other run); a part either site lacks is
timed where it exists. ``--throttle N``: the page's CPU N times slower once it is ready
(CDP, as bench/moves.py). ``--games 1``: the first line only (130 moves).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "e2e"), str(ROOT / "tools")]

import build  # noqa: E402
from harness import CHROMIUM, CHROMIUM_ARGS, boot  # noqa: E402
from machine import MachineSpeed  # noqa: E402  (bench/machine.py)
from moves import LINES  # noqa: E402  (bench/moves.py)
from new_game import in_turn  # noqa: E402
from player import pointer_play, settle, start  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from serve import start_server  # noqa: E402

from klondike import Game  # noqa: E402

# (module, owner in it or "", method, name printed): what is timed, outermost first. The
# indented names run inside the one above them.
PARTS = (
    ("page.pointer", "Pointer", "on_pointerdown", "pointerdown"),
    ("page.pointer", "Pointer", "on_pointermove", "pointermove"),
    ("page.board", "Board", "follow", "  the dragged cards moved"),
    ("klondike.app.session", "Session", "drop_pile", "  the drop's outline"),
    ("page.pointer", "Pointer", "on_pointerup", "pointerup"),
    ("klondike.app.session", "Session", "tap", "  Session.tap"),
    ("klondike.app.session", "Session", "drop", "  Session.drop"),
    ("klondike.app.session", "Session", "toolbar", "    Session.toolbar"),
    ("page.board", "Board", "render", "  the board's render"),
    ("page.board", "", "layout", "    view.layout"),
    ("page.board", "Board", "patch", "    cards patched"),
    ("page.toolbar", "", "show_toolbar", "  the toolbar"),
    ("page.toolbar", "", "show_winnable", "  the winnable mark"),
    ("page.store", "Saving", "write", "after the frame: the write"),
    ("klondike.app.session", "Session", "take_writes", "  Session.take_writes"),
    ("page.board", "Board", "painting", "  the paint record"),
    ("page.store", "Store", "write", "  localStorage"),
    ("page.solver", "SolverWorker", "message", "a solver's answer"),
    ("klondike.app.session", "Session", "solver_heard", "  Session.solver_heard"),
)

# Put into the copy's static/main.py before its App: each part wrapped in a timer that
# adds up its calls and milliseconds; window.__pageWork() gives them and starts again.
TIMERS = '''
def _bench_timers():
    import functools
    import importlib
    import inspect
    import json as _json

    from js import performance, window
    from pyodide.ffi import create_proxy

    sums = {}

    def wrap(owner, method, name):
        inner = getattr(owner, method)
        static = isinstance(inspect.getattr_static(owner, method), staticmethod)

        @functools.wraps(inner)
        def timed(*args, **kwargs):
            began = performance.now()
            try:
                return inner(*args, **kwargs)
            finally:
                part = sums.setdefault(name, [0, 0.0])
                part[0] += 1
                part[1] += performance.now() - began

        setattr(owner, method, staticmethod(timed) if static else timed)

    for module, owner, method, name in _json.loads(%r):
        where = importlib.import_module(module)
        where = getattr(where, owner, None) if owner else where
        if where is not None and hasattr(where, method):
            wrap(where, method, name)
    def taken(*_args):
        text = _json.dumps(sums)
        sums.clear()
        return text

    window.__pageWork = create_proxy(taken)


_bench_timers()
'''


def timed_copy(site: Path, into: Path) -> Path:
    """A copy of the built ``site`` whose main.py times :data:`PARTS`."""
    shutil.copytree(site, into)
    main = into / "static" / "main.py"
    text = main.read_text(encoding="utf-8")
    marker = "\nclass App:"
    if marker not in text:
        sys.exit(f"{site}: static/main.py has no App class to time")
    timers = TIMERS % json.dumps([list(part) for part in PARTS])
    main.write_text(text.replace(marker, timers + "\n" + marker, 1), encoding="utf-8")
    return into


def visit(browser, url: str, lines, throttle: float) -> tuple[int, dict[str, list[float]]]:
    """One page: the games of ``lines`` played; the moves and each part's [calls, ms]."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.set_default_timeout(60_000)
        page.goto(url)
        boot(page)
        page.wait_for_function("window.__pageWork !== undefined")
        if throttle != 1:
            cdp = page.context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        sums: dict[str, list[float]] = {}
        moves = 0
        for code, line in lines:
            start(page, code)
            page.evaluate("window.__pageWork()")  # the new game's dialog: not a move
            game = Game.from_code(code)
            for text in line:
                pointer_play(page, game, text)
                moves += 1
            page.wait_for_timeout(500)  # the last write, after its frame
            for name, (calls, ms) in json.loads(page.evaluate("window.__pageWork()")).items():
                part = sums.setdefault(name, [0, 0.0])
                part[0] += calls
                part[1] += ms
            page.keyboard.press("Escape")  # the win's dialog
            settle(page)
        return moves, sums
    finally:
        page.close()


def report(results: dict[str, tuple[int, dict[str, list[float]]]]) -> None:
    names = list(results)
    head = "".join(f"  {name[:22]:>22s}" for name in names)
    ratio = "  ratio" if len(names) == 2 else ""
    print(f"  {'ms per move (calls per move)':34s}{head}{ratio}")
    for _module, _owner, _method, part in PARTS:
        cells, per = [], []
        for name in names:
            moves, sums = results[name]
            calls, ms = sums.get(part, (0, 0.0))
            per.append(ms / moves)
            cells.append(f"  {ms / moves:8.3f} ({calls / moves:5.2f}) " if calls
                         else f"  {'-':>8s} {'':7s} ")
        if not any(cell.strip() != "-" for cell in cells):
            continue
        tail = f"  {per[0] / per[1]:5.2f}" if len(per) == 2 and per[1] > 0 else ""
        print(f"  {part:34s}{''.join(cells)}{tail}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--against", type=Path, metavar="SITE")
    p.add_argument("--runs", type=int, default=1, help="visits of each site")
    p.add_argument("--throttle", type=float, default=1, metavar="N")
    p.add_argument("--games", type=int, choices=(1, 2), default=2)
    args = p.parse_args()
    if args.throttle < 1:
        sys.exit("--throttle: 1 or more")
    if args.against and not (args.against / "index.html").is_file():
        sys.exit(f"no built site at {args.against}")
    lines = LINES[:args.games]
    machine = MachineSpeed(sample_every=None)
    with tempfile.TemporaryDirectory() as tmp:
        built = Path(tmp) / "built"
        build.copy_site(built)
        sites = {"this checkout": timed_copy(built, Path(tmp) / "this")}
        if args.against:
            sites["against"] = timed_copy(args.against, Path(tmp) / "against")
        servers = {name: start_server(root=root) for name, root in sites.items()}
        results: dict[str, tuple[int, dict[str, list[float]]]] = {}
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                version = browser.version
                for run in range(args.runs):
                    for name in in_turn(servers, run):
                        moves, sums = visit(browser, servers[name][1], lines, args.throttle)
                        total, parts = results.get(name, (0, {}))
                        for part, (calls, ms) in sums.items():
                            kept = parts.setdefault(part, [0, 0.0])
                            kept[0] += calls
                            kept[1] += ms
                        results[name] = (total + moves, parts)
                browser.close()
        finally:
            for server, _url in servers.values():
                server.shutdown()
                server.server_close()
    moves = results["this checkout"][0] // args.runs
    speed = "" if args.throttle == 1 else f", CPU throttled {args.throttle:g}x (page thread)"
    print(f"Chromium {version} headless, viewport 1280x800{speed}, {moves} moves of "
          f"{args.games} won game{'s' if args.games > 1 else ''} by pointer input, "
          f"{args.runs} run{'s' if args.runs > 1 else ''} of each site"
          + (" in turn" if args.against else ""))
    report(results)
    print(machine.line())


if __name__ == "__main__":
    main()
