"""Startup benchmark: the app's time to ready, saved board painted, first answer and bytes,
against a hello-world PyScript page and a bare Pyodide page.

    .venv/bin/python bench/startup.py [--runs 5] [--throttle 4] [--against SITE]
    (after .venv/bin/python tools/build.py)

All pages use the same vendored Pyodide and the same kind of service worker: the app
(index.html), "hello" (bench/hello/: PyScript running one line of Python) and "bare"
(bench/bare/: Pyodide's own loadPyodide, then one line). For each run, each page gets a
browser with a new profile (empty HTTP cache and storage) and is timed three ways:
  cold     first visit, everything from the server
  warm     reload once the service worker has precached the site (the app: body
           [data-offline=ready]) and, for the app, once the solver's worker has stored its
           Pyodide memory snapshot (Cache Storage "klondike-snapshot"), after one click on
           the stock so that a saved game is restored
  offline  the same reload with the context offline
Times are milliseconds from navigation start (a mark's startTime):
  ready    the page interactive: "klondike-ready" (app), "hello-ready", "bare-ready"
  painted  the app's board drawn before Python ("klondike-painted": the saved game's, or on
           a cold visit the first visit's deal; n/a where the mark does not exist: a cold
           visit before 7df7527): the frame's callbacks, before its style, layout and paint
  shown    that frame presented: the Element Timing of a face-up card's rank that
           static/paint.js marks (elementtiming="klondike-board"; n/a before 2026-12-07
           evening). At 4x the cards came up to 700 ms after "painted" on a warm visit
  answer   the winnability indicator's first answer from the worker, minus ready
           ("klondike-first-answer" - "klondike-ready"; n/a after 30 s without it)
  boot     how the page's and the worker's Pyodide started: "snapshot", "plain", "fallback"
           (globalThis.klondikeBoot.path and the "solver-ready" mark's detail)
  longest  the app's longest task on the page's thread that began before ready (a long-task
           observer): input waits for it (on a first visit, until 2026-12-07, Pyodide's
           plain boot on the page's thread, about 7 s at 4x)
  bytes    response bodies downloaded on the cold visit by the page, its Web Worker and its
           service worker's precache, from the first navigation until the service worker is
           active (what a first visit costs), as counted by the bench's server: 304s carry
           none, and what the service worker or a cache answers never reaches it. (Playwright's
           request.sizes() agreed within 1% but said 0 for worker scripts.)
Pages alternate order between runs, after one uncounted warm-up visit of each.

    --throttle N   slows the CPU N times (CDP Emulation.setCPUThrottlingRate on each page,
                   set before its first navigation; it holds across reloads). Chromium
                   throttles the page's main thread only: a dedicated Web Worker (the
                   solver's: its boot and its first answer) and the service worker run at
                   full speed, and CDP refuses the setting on a worker target ("Operation is
                   only supported for pages, not workers"). At 4x the page's Python is slowed
                   as a phone's would be; the worker's is not.
    --link MBITS   sends every response body over one link of MBITS Mbit/s that all
                   connections share (the server paces what it writes; no compression, as
                   the bench's server has none): what the bytes cost a first visit over a
                   phone's connection. Warm and offline visits read from the service
                   worker's cache and do not cross it.
    --against SITE also times the app of another commit, built into SITE, in the same runs
                   ("before"; one with no snapshot has no boot path, painted or answer
                   marks: n/a), e.g.
        git worktree add /tmp/base <commit> && ln -s $PWD/node_modules $PWD/.venv /tmp/base/
        (cd /tmp/base && .venv/bin/python tools/build.py --site /tmp/base-site)

Targets (issue: instant start), each a ratio or a delay within the same run: warm ready at
most 0.5x the hello-world page (at desktop speed and at 4x), cold at most 0.8x; the saved
board shown within 300 ms of navigation on a warm visit at 4x; the first answer within
1.5 s of ready on a warm visit.
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "e2e"))
# isort: off
import build  # noqa: E402
from harness import CHROMIUM, CHROMIUM_ARGS, again_if_crashed  # noqa: E402
from machine import MachineSpeed  # noqa: E402  (bench/machine.py)
from serve import QuietHandler, SiteServer  # noqa: E402
# isort: on

TIMEOUT_MS = 120_000
ANSWER_TIMEOUT_MS = 30_000
SNAPSHOT_TIMEOUT_S = 120
PHASES = ("cold", "warm", "offline")
SNAPSHOT_CACHE = "klondike-snapshot"
GAME_KEY = "klondike.game"
SAVE_WAIT_MS = 300  # the page writes its store on the next frame; this is plenty
# Every long task (over 50 ms) on the page's thread, from its first script on: [start, ms].
LONG_TASKS = """window.__longTasks = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
  }).observe({type: "longtask", buffered: true});
} catch (error) { /* no long-task timing here */ }
// When the board is on screen: the Element Timing of the rank static/paint.js marks
// (elementtiming="klondike-board"), the frame presented.
window.__shown = null;
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.identifier === "klondike-board" && window.__shown === null) {
        window.__shown = e.renderTime || e.loadTime;
      }
    }
  }).observe({type: "element", buffered: true});
} catch (error) { /* no element timing here */ }"""


@dataclass(frozen=True)
class Page:
    path: str  # under the server's base URL
    mark: str  # its ready mark
    app: bool = False  # the app: a saved game before the warm visit, its own marks
    snapshot: bool = False  # the warm visit waits for the worker's stored snapshot


PAGES = {
    "app": Page("", "klondike-ready", app=True, snapshot=True),
    "hello": Page("bench/hello/", "hello-ready"),
    "bare": Page("bench/bare/", "bare-ready"),
}
BEFORE = Page("", "klondike-ready", app=True)  # --against: another commit, its own server
ORDER = ("app", "before", "hello", "bare")  # the table's columns
TARGETS = {"warm": 0.5, "cold": 0.8}  # app / hello, ready
PAINT_TARGET_MS = 300  # warm, at 4x
ANSWER_TARGET_MS = 1500  # warm, after ready


def mark_time(page, mark: str, timeout_ms: int = TIMEOUT_MS) -> float | None:
    """The mark's startTime; None if it does not come within the timeout."""
    try:
        page.wait_for_function(
            f"performance.getEntriesByName({mark!r}, 'mark').length > 0", timeout=timeout_ms)
    except PlaywrightTimeout:
        return None
    return page.evaluate(f"performance.getEntriesByName({mark!r}, 'mark')[0].startTime")


def mark_if_any(page, mark: str) -> float | None:
    """The mark's startTime if it was made, else None (no wait)."""
    return page.evaluate(
        f"performance.getEntriesByName({mark!r}, 'mark')[0]?.startTime ?? null")


def boot_paths(page) -> str:
    """"page/worker": how each Pyodide started ("n/a" where the build does not say)."""
    own = page.evaluate("globalThis.klondikeBoot?.path ?? null")
    worker = None
    detail = page.evaluate(
        "performance.getEntriesByName('solver-ready', 'mark')[0]?.detail ?? null")
    if isinstance(detail, str):
        try:
            worker = json.loads(detail).get("boot")
        except ValueError:
            worker = None
    return f"{own or 'n/a'}/{worker or 'n/a'}"


def wait_service_worker(page) -> None:
    """Until a service worker is activated for the page (its precache is complete)."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    script = ("navigator.serviceWorker.getRegistration()"
              ".then(r => r?.active?.state === 'activated')")
    while not page.evaluate(script):
        if time.monotonic() > deadline:
            raise TimeoutError("service worker never activated")
        page.wait_for_timeout(100)


def wait_snapshot(page) -> bool:
    """Until the solver's worker has stored its memory snapshot (False: not in time)."""
    deadline = time.monotonic() + SNAPSHOT_TIMEOUT_S
    script = f"caches.open({SNAPSHOT_CACHE!r}).then((c) => c.keys()).then((k) => k.length)"
    while not page.evaluate(script):
        if time.monotonic() > deadline:
            return False
        page.wait_for_timeout(200)
    return True


def save_a_game(page) -> None:
    """One click on the stock, so that localStorage holds a game in progress."""
    box = page.locator('.slot[data-pile="stock"]').bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function(
        "(key) => (JSON.parse(localStorage.getItem(key) || 'null')?.moves ?? '').trim()",
        arg=GAME_KEY, timeout=10_000)
    page.wait_for_timeout(SAVE_WAIT_MS)


class CountingServer(SiteServer):
    """The site's server, counting the response body bytes it sends: what came over the
    network, whoever asked (page, Web Worker, service worker). 304s carry none, and what a
    service worker or a cache answers never reaches it."""

    def __init__(self, root: Path, link_mbits: float = 0) -> None:
        super().__init__(("127.0.0.1", 0), functools.partial(CountingHandler,
                                                             directory=str(root)))
        self.sent = 0
        self.lock = threading.Lock()
        self.link_bytes_s = link_mbits * 1e6 / 8  # 0: as fast as the machine goes
        self.link_free = 0.0  # when the link has sent what it was given (monotonic s)

    def pace(self, size: int) -> None:
        """Wait until ``size`` more bytes would have crossed the link, which every
        connection shares in turn (--link)."""
        if not self.link_bytes_s:
            return
        with self.lock:
            self.link_free = max(time.monotonic(), self.link_free) + size / self.link_bytes_s
            until = self.link_free
        time.sleep(max(0.0, until - time.monotonic()))

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/"


class CountingHandler(QuietHandler):
    CHUNK = 16 * 1024

    def copyfile(self, source, outputfile) -> None:
        server = self.server
        assert isinstance(server, CountingServer)
        start = source.tell()
        try:
            while chunk := source.read(self.CHUNK):
                server.pace(len(chunk))
                outputfile.write(chunk)
        finally:
            with server.lock:
                server.sent += source.tell() - start


def serve(root: Path, link_mbits: float = 0) -> CountingServer:
    server = CountingServer(root, link_mbits)
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    return server


def time_page(playwright, server: CountingServer, page_kind: Page, throttle: float) -> dict:
    """One visit cold, warm and offline: {phase: {ready, ...}, "bytes": cold bytes}.

    A browser with a new profile of its own (empty caches and storage) and so a disk HTTP
    cache, as a real browser has: in an incognito context (browser.new_context) the memory
    cache does not keep the 9.6 MB pyodide.asm.wasm, and page, worker and precache each
    download it (34 MB instead of 15 MB)."""
    with tempfile.TemporaryDirectory(prefix="startup-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            context.add_init_script(LONG_TASKS)
            page = context.pages[0] if context.pages else context.new_page()
            if throttle != 1:
                # Holds across reloads (the page's target stays): set once, before navigating.
                cdp = context.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
            times: dict = {}
            sent = server.sent
            page.goto(server.base + page_kind.path)
            times["cold"] = visit(page, page_kind)
            if page_kind.app:
                page.wait_for_selector("body[data-offline=ready]", state="attached",
                                       timeout=TIMEOUT_MS)
            else:
                wait_service_worker(page)
            times["bytes"] = server.sent - sent
            if page_kind.app:
                if page_kind.snapshot and not wait_snapshot(page):
                    print(f"  (no snapshot stored within {SNAPSHOT_TIMEOUT_S} s)", flush=True)
                save_a_game(page)
            page.reload()
            times["warm"] = visit(page, page_kind)
            context.set_offline(True)
            page.reload()
            times["offline"] = visit(page, page_kind)
            return times
        finally:
            context.close()


def visit(page, page_kind: Page) -> dict:
    ready = mark_time(page, page_kind.mark)
    if ready is None:
        raise TimeoutError(f"no {page_kind.mark} within {TIMEOUT_MS} ms")
    if not page_kind.app:
        return {"ready": ready}
    painted = mark_if_any(page, "klondike-painted")  # drawn before Python, or never
    shown = page.evaluate("window.__shown")  # that frame presented (null: none marked)
    longest = page.evaluate("(ready) => Math.max(0, ...(window.__longTasks ?? [])"
                            ".filter(([start]) => start < ready).map(([, ms]) => ms))", ready)
    answer = None
    if page_kind.snapshot:  # "before" has no first-answer mark: no 30 s wait for it
        answered = mark_time(page, "klondike-first-answer", ANSWER_TIMEOUT_MS)
        answer = None if answered is None else answered - ready
    return {"ready": ready, "painted": painted, "shown": shown, "answer": answer,
            "boot": boot_paths(page), "longest": longest}


def snapshot(www: Path) -> None:
    """The deployable site plus the baseline pages, so edits meanwhile change nothing."""
    build.copy_site(www)
    for name in ("hello", "bare"):
        for path in (ROOT / "bench" / name).iterdir():
            (www / "bench" / name).mkdir(parents=True, exist_ok=True)
            (www / "bench" / name / path.name).write_bytes(path.read_bytes())


def median(values: list[float | None]) -> float | None:
    """The median of the measured values (None: not measured in any run)."""
    measured = [v for v in values if v is not None]
    return statistics.median(measured) if measured else None


def cell(values: list[float | None], unit: str = "") -> str:
    """A table cell: the median, "n/a" if never measured, and how many runs had it if not
    all did."""
    middle = median(values)
    if middle is None:
        return "n/a"
    measured = sum(v is not None for v in values)
    text = f"{middle:.0f}{unit}"
    return text if measured == len(values) else f"{text} ({measured} of {len(values)} runs)"


def ratio(top: float | None, bottom: float | None) -> str:
    return "n/a" if top is None or not bottom else f"{top / bottom:.2f}x"


def verdict(value: float | None, limit: float) -> str:
    return "n/a" if value is None else ("yes" if value <= limit else "no")


def table(results: dict[str, dict[str, list]], runs: int, throttle: float = 1) -> str:
    """Markdown: medians per phase and page, the app's painted and answer figures, bytes,
    and the ratios with their targets. `results[page][phase]` lists each run's dict of
    figures; `results[page]["bytes"]` each run's bytes."""
    names = [name for name in ORDER if name in results]
    speed = "desktop speed" if throttle == 1 else f"CPU throttled {throttle:g}x (page thread)"
    lines = [
        f"Median of {runs} runs, ms from navigation start, {speed}",
        "",
        "| figure | " + " | ".join(names) + " |",
        "|---|" + "---:|" * len(names),
    ]

    def figures(name: str, phase: str, key: str) -> list:
        return [run.get(key) for run in results[name][phase]]

    for phase in PHASES:
        lines.append(f"| {phase} ready | "
                     + " | ".join(cell(figures(n, phase, "ready")) for n in names) + " |")
    for key, label in (("painted", "painted"), ("shown", "board shown"),
                       ("answer", "first answer - ready"),
                       ("longest", "longest task until ready")):
        for phase in PHASES:
            row = []
            for name in names:
                values = figures(name, phase, key)
                row.append(cell(values) if name in ("app", "before") else "")
            lines.append(f"| {phase} {label} | " + " | ".join(row) + " |")
    row = []
    for name in names:
        values = results[name].get("bytes", [])
        middle = median(values)
        row.append("n/a" if middle is None else f"{middle / 2**20:.2f} MiB")
    lines.append("| cold bytes downloaded | " + " | ".join(row) + " |")

    def ready(name: str, phase: str) -> float | None:
        return median(figures(name, phase, "ready")) if name in results else None

    lines += ["", "| ratio or delay | measured | target | met |", "|---|---:|---:|---|"]
    for phase in PHASES:
        app, hello = ready("app", phase), ready("hello", phase)
        limit = TARGETS.get(phase)
        measured = ratio(app, hello)
        met = "n/a" if app is None or hello is None or limit is None else verdict(
            app / hello, limit)
        lines.append(f"| {phase} ready, app / hello | {measured} | "
                     + (f"<= {limit}x | {met} |" if limit else "none | |"))
    for other in ("before", "bare"):
        if other in results:
            for phase in PHASES:
                lines.append(f"| {phase} ready, app / {other} | "
                             f"{ratio(ready('app', phase), ready(other, phase))} | none | |")
    shown = median(figures("app", "warm", "shown"))
    at_4x = "" if throttle == 4 else f" (target is at 4x; this run {throttle:g}x)"
    lines.append(f"| warm board shown | {cell(figures('app', 'warm', 'shown'), ' ms')} | "
                 f"<= {PAINT_TARGET_MS} ms at 4x | {verdict(shown, PAINT_TARGET_MS)}{at_4x} |")
    answer = median(figures("app", "warm", "answer"))
    lines.append(f"| warm first answer - ready | {cell(figures('app', 'warm', 'answer'), ' ms')}"
                 f" | <= {ANSWER_TARGET_MS} ms | {verdict(answer, ANSWER_TARGET_MS)} |")
    return "\n".join(lines)


def run_line(run: int, name: str, times: dict) -> str:
    """One run of one page, every figure measured."""
    parts = []
    for phase in PHASES:
        figures = times[phase]
        text = f"{phase} {figures['ready']:6.0f}"
        if "boot" in figures:
            painted, answer = figures["painted"], figures["answer"]
            shown = figures["shown"]
            text += (f" [boot {figures['boot']}, painted "
                     + ("n/a" if painted is None else f"{painted:.0f}")
                     + ", shown " + ("n/a" if shown is None else f"{shown:.0f}")
                     + ", answer " + ("n/a" if answer is None else f"+{answer:.0f}")
                     + f", longest task {figures['longest']:.0f}]")
        parts.append(text)
    parts.append(f"bytes {times['bytes'] / 2**20:.2f} MiB")
    return f"run {run} {name:6}: " + "  ".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--throttle", type=float, default=1, metavar="N",
                        help="slow the page's CPU N times (CDP; not its Web Worker)")
    parser.add_argument("--link", type=float, default=0, metavar="MBITS",
                        help="send every response over one shared link of MBITS Mbit/s")
    parser.add_argument("--against", type=Path, metavar="SITE",
                        help="a built site of another commit, timed too (\"before\")")
    args = parser.parse_args(argv)
    if not (ROOT / "static" / "vendor" / "pyodide").is_dir():
        sys.exit("build the site first: .venv/bin/python tools/build.py")
    if args.against and not (args.against / "index.html").is_file():
        sys.exit(f"no built site at {args.against}")
    if args.throttle < 1:
        sys.exit("--throttle: 1 or more")

    machine = MachineSpeed(sample_every=None)  # timed before and after, not during
    with tempfile.TemporaryDirectory() as tmp:
        snapshot(Path(tmp))
        servers = dict.fromkeys(PAGES, serve(Path(tmp), args.link))
        pages = dict(PAGES)
        if args.against:
            servers["before"] = serve(args.against, args.link)
            # A "before" that makes snapshots too is timed as the app is: its warm visit
            # waits for the snapshot, and its first answer is measured.
            before = PAGES["app"] if (args.against / "static" / "runtime.mjs").is_file() \
                else BEFORE
            pages = {"app": PAGES["app"], "before": before,
                     **{k: v for k, v in PAGES.items() if k != "app"}}
        results: dict[str, dict[str, list]] = {
            name: {**{phase: [] for phase in PHASES}, "bytes": []} for name in pages}
        try:
            with sync_playwright() as playwright:
                for name, kind in pages.items():  # warm-up, not counted
                    warm_up = functools.partial(time_page, playwright, servers[name], kind,
                                                args.throttle)
                    again_if_crashed(warm_up, f"{name}'s warm-up")
                for run in range(args.runs):
                    order = list(pages) if run % 2 == 0 else list(reversed(pages))
                    for name in order:
                        # A visit whose renderer crashed is made again, from a new
                        # profile: Chromium's crash, not the page's time.
                        visit_once = functools.partial(time_page, playwright, servers[name],
                                                       pages[name], args.throttle)
                        times = again_if_crashed(visit_once, f"run {run + 1}, {name}")
                        for phase in PHASES:
                            results[name][phase].append(times[phase])
                        results[name]["bytes"].append(times["bytes"])
                        print(run_line(run + 1, name, times), flush=True)
        finally:
            for running in set(servers.values()):
                running.shutdown()
                running.server_close()

    print()
    print(table(results, args.runs, args.throttle))
    print(machine.line())
    return 0


if __name__ == "__main__":
    sys.exit(main())
