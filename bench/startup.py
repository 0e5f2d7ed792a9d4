"""Startup benchmark: time to "klondike-ready" against a bare hello-world PyScript page.

    .venv/bin/python bench/startup.py [--runs 5]      (after python3 tools/build.py)

Both pages use the same vendored Pyodide and the same kind of service worker. For each run,
each page gets a new browser context (empty HTTP cache and storage) and is timed three ways:
  cold     first visit, everything from the server
  warm     reload once the service worker has precached the page
  offline  the same reload with the context offline
The figure is the mark's startTime: milliseconds from navigation start to Python having run
the page (app: "klondike-ready" after static/main.py; hello: "hello-ready"). Pages
alternate order between runs, after one uncounted warm-up visit of each.
Target: the app at most 1.15x the hello-world page.

    .venv/bin/python bench/startup.py --against SITE

also times the app of another commit, built into SITE, in the same runs ("before"), e.g.
    git worktree add /tmp/base <commit> && ln -s $PWD/node_modules /tmp/base/
    (cd /tmp/base && python3 tools/build.py --site /tmp/base-site)
"""

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "e2e"))
# isort: off
import build  # noqa: E402
from harness import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from serve import start_server  # noqa: E402
# isort: on

TIMEOUT_MS = 120_000
PHASES = ("cold", "warm", "offline")
PAGES = {"app": ("", "klondike-ready"), "hello": ("bench/hello/", "hello-ready")}
BEFORE = ("", "klondike-ready")  # --against: the other commit's app, on a server of its own
TARGET = 1.15


def mark_time(page, mark: str) -> float:
    page.wait_for_function(
        f"performance.getEntriesByName({mark!r}, 'mark').length > 0", timeout=TIMEOUT_MS
    )
    return page.evaluate(f"performance.getEntriesByName({mark!r}, 'mark')[0].startTime")


def wait_service_worker(page) -> None:
    """Until a service worker is activated for the page (its precache is complete)."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    script = ("navigator.serviceWorker.getRegistration()"
              ".then(r => r?.active?.state === 'activated')")
    while not page.evaluate(script):
        if time.monotonic() > deadline:
            raise TimeoutError("service worker never activated")
        page.wait_for_timeout(100)


def time_page(browser, url: str, mark: str) -> dict[str, float]:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url)
        times = {"cold": mark_time(page, mark)}
        wait_service_worker(page)
        page.reload()
        times["warm"] = mark_time(page, mark)
        context.set_offline(True)
        page.reload()
        times["offline"] = mark_time(page, mark)
        return times
    finally:
        context.close()


def snapshot(www: Path) -> None:
    """The deployable site plus the hello page, so edits meanwhile change nothing."""
    build.copy_site(www)
    for path in (ROOT / "bench" / "hello").iterdir():
        (www / "bench" / "hello").mkdir(parents=True, exist_ok=True)
        (www / "bench" / "hello" / path.name).write_bytes(path.read_bytes())


def table(results: dict[str, dict[str, list[float]]], runs: int) -> str:
    before = "before" in results
    lines = [
        f"Time to ready, median of {runs} runs (ms from navigation start)",
        "",
        "| phase | app (klondike-ready) | hello world (hello-ready) | ratio |"
        + (" before (--against) | app / before |" if before else ""),
        "|---|---:|---:|---:|" + ("---:|---:|" if before else ""),
    ]
    for phase in PHASES:
        app = statistics.median(results["app"][phase])
        hello = statistics.median(results["hello"][phase])
        line = f"| {phase} | {app:.0f} | {hello:.0f} | {app / hello:.2f}x |"
        if before:
            then = statistics.median(results["before"][phase])
            line += f" {then:.0f} | {app / then:.2f}x |"
        lines.append(line)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--against", type=Path, metavar="SITE",
                        help="a built site of another commit, timed too (\"before\")")
    args = parser.parse_args(argv)
    if not (ROOT / "static" / "vendor" / "pyodide").is_dir():
        sys.exit("build the site first: python3 tools/build.py")
    if args.against and not (args.against / "index.html").is_file():
        sys.exit(f"no built site at {args.against}")

    with tempfile.TemporaryDirectory() as tmp:
        snapshot(Path(tmp))
        server, base = start_server(root=Path(tmp))
        bases = dict.fromkeys(PAGES, base)
        pages = dict(PAGES)
        if args.against:
            other, bases["before"] = start_server(root=args.against)
            pages["before"] = BEFORE
        results = {name: {phase: [] for phase in PHASES} for name in pages}
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                                     args=CHROMIUM_ARGS)
                for name, (path, mark) in pages.items():  # warm-up, not counted
                    time_page(browser, bases[name] + path, mark)
                for run in range(args.runs):
                    order = list(pages) if run % 2 == 0 else list(reversed(pages))
                    for name in order:
                        path, mark = pages[name]
                        times = time_page(browser, bases[name] + path, mark)
                        for phase in PHASES:
                            results[name][phase].append(times[phase])
                        print(f"run {run + 1} {name:6}: " +
                              "  ".join(f"{p} {times[p]:6.0f}" for p in PHASES), flush=True)
                browser.close()
        finally:
            for running in (server, other) if args.against else (server,):
                running.shutdown()
                running.server_close()

    print()
    print(table(results, args.runs))
    worst = max(statistics.median(results["app"][p]) / statistics.median(results["hello"][p])
                for p in PHASES)
    print(f"\nworst ratio {worst:.2f}x (target at most {TARGET}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
