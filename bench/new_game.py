"""New game from its dialog, in headless Chromium: how long the page's thread is busy (a
benchmark, not a test).

A player opens the New game dialog, types a code and presses Enter, ``--games`` times per
visit. The Event Timing API gives each event's handler time (processingEnd -
processingStart) and its time to the next paint (``duration``, rounded by the browser
to 8 ms; events painted within 16 ms are not reported); the Long Tasks API the tasks
over 50 ms. Enter's ``keypress`` runs the whole
New game (the form's submit: the new deal, the 52 cards patched, the statistics and game
stored, the worker asked); ``click`` is mostly the New game button opening the dialog.

    python3 tools/build.py && .venv/bin/python bench/new_game.py [--runs 4] [--against SITE]

``--against SITE``: another commit's built site (see bench/startup.py), timed in the
same runs, alternating. Target: no long task, and Enter's handler within a frame (16 ms).
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "e2e"), str(ROOT / "tools")]

import build  # noqa: E402
from harness import CHROMIUM, CHROMIUM_ARGS, boot  # noqa: E402
from player import start  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from serve import start_server  # noqa: E402

from klondike import Game  # noqa: E402

PROBE = """
window.__events = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries())
    window.__events.push([e.name, e.processingEnd - e.processingStart, e.duration]);
}).observe({type: 'event', durationThreshold: 16, buffered: true});
window.__long = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__long.push(e.duration);
}).observe({type: 'longtask', buffered: true});
"""
EVENTS = ("keypress", "click")


@contextlib.contextmanager
def served_sites(against: Path | None) -> Iterator[dict[str, str]]:
    """A snapshot of this checkout's built site, and ``against`` if given, each on a server
    of its own: name ("this checkout", "against") -> URL."""
    if against and not (against / "index.html").is_file():
        sys.exit(f"no built site at {against}")
    with tempfile.TemporaryDirectory() as tmp:
        build.copy_site(Path(tmp))
        roots = {"this checkout": Path(tmp)}
        if against:
            roots["against"] = against
        servers = {name: start_server(root=root) for name, root in roots.items()}
        try:
            yield {name: url for name, (_server, url) in servers.items()}
        finally:
            for server, _url in servers.values():
                server.shutdown()
                server.server_close()


def in_turn(names, run: int) -> list[str]:
    """The sites in the order of ``run``: reversed every other run."""
    return list(names) if run % 2 == 0 else list(reversed(names))


def visit(browser, url: str, games: int, first_deal: int) -> dict[str, list[float]]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.set_default_timeout(120_000)
        page.add_init_script(PROBE)
        page.goto(url)
        boot(page)
        page.wait_for_function("performance.getEntriesByName('solver-ready').length > 0")
        page.wait_for_timeout(1_000)
        page.evaluate("window.__events = []; window.__long = []")
        for number in range(first_deal, first_deal + games):
            start(page, str(Game.new(number, 1).code))
            page.wait_for_timeout(200)
        figures: dict[str, list[float]] = {"long": page.evaluate("window.__long")}
        for name, handler, paint in page.evaluate("window.__events"):
            if name in EVENTS:
                figures.setdefault(name, []).append(handler)
                figures.setdefault(name + " paint", []).append(paint)
        return figures
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=4, help="visits of each site")
    parser.add_argument("--games", type=int, default=10, help="New games a visit")
    parser.add_argument("--against", type=Path, metavar="SITE")
    args = parser.parse_args(argv)
    results: dict[str, dict[str, list[float]]] = {}
    with served_sites(args.against) as urls, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        print(f"Chromium {browser.version} headless, 1280x800")
        for run in range(args.runs):
            for name in in_turn(urls, run):
                figures = visit(browser, urls[name], args.games, 10 + run * args.games)
                for key, values in figures.items():
                    results.setdefault(name, {}).setdefault(key, []).extend(values)
        browser.close()
    for name, figures in results.items():
        long = figures.get("long", [])
        print(f"{name}: {args.runs * args.games} New games, long tasks {len(long)}"
              + (f" (longest {max(long):.0f} ms)" if long else ""))
        for key in (k for e in EVENTS for k in (e, e + " paint")):
            values = figures.get(key, [])
            if values:
                print(f"    {key:15s} n={len(values):3d}  median {statistics.median(values):5.1f}"
                      f" ms  max {max(values):5.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
