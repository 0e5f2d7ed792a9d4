"""The win's cascade in headless Chromium: its frame rate (a benchmark, not a test).

Wins deal 2 in draw 1 by its last move (the rest of the game is loaded as a saved game),
then counts the page's animation frames while the 52 cards fly (requestAnimationFrame
timestamps, from the win until the last card's flight ends) and the long tasks on the
page's thread meanwhile (the Long Tasks API: over 50 ms). A baseline in the same run: the
same frames counted for as long with nothing moving.

The winning move itself: its pointerup's listeners (from a capturing listener on the
window to a bubbling one, so the page's own handler in between), and the longest gap
between frames in the second after it, which holds the win's dialog and the cascade's
start. ``--against DIR`` measures another built checkout too, taking turns, in the same
run.

    python3 tools/build.py && .venv/bin/python bench/cascade.py [--viewport 1280x800] \
        [--runs 3] [--against DIR]

Targets: the cascade smooth, so about 60 frames a second and no long task (issue 25);
the winning move within a frame, like every other (the page's thread is the player's).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "e2e"), str(ROOT / "tools")]

from harness import CHROMIUM, CHROMIUM_ARGS, boot  # noqa: E402
from player import pointer_play, settle  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from serve import start_server  # noqa: E402

from klondike import Game, Move  # noqa: E402
from klondike.app.storage import save_game  # noqa: E402
from tests.lines import DEAL_2_DRAW_1  # noqa: E402

PROBE = """
window.__long = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__long.push(e.duration);
}).observe({type: 'longtask', buffered: true});
window.__win = [];
addEventListener('pointerup', () => { window.__down = performance.now(); }, true);
addEventListener('pointerup', () => {
  window.__win.push([window.__down, performance.now() - window.__down]); });
window.__ticks = [];
const tick = (t) => { window.__ticks.push(t); requestAnimationFrame(tick); };
requestAnimationFrame(tick);
window.__frames = (ms) => new Promise((done) => {
  const times = [];
  const end = performance.now() + ms;
  const tick = (t) => {
    times.push(t);
    if (t < end) requestAnimationFrame(tick); else done(times);
  };
  requestAnimationFrame(tick);
});
"""
CASCADING = "document.getAnimations().filter(a => a.id === 'cascade').length"


def frames(page, ms: float) -> dict:
    times = page.evaluate(f"window.__frames({ms})")
    gaps = sorted(b - a for a, b in zip(times, times[1:], strict=False))
    seconds = (times[-1] - times[0]) / 1000
    return {"fps": (len(times) - 1) / seconds, "p95": gaps[int(0.95 * (len(gaps) - 1))],
            "most": gaps[-1], "over 33 ms": sum(g > 33.4 for g in gaps), "seconds": seconds}


def run(browser, url: str, viewport: tuple[int, int]) -> tuple[dict, dict, int, int, dict]:
    game = Game.from_code("KL1-D1N-AAAAAAC")
    for text in DEAL_2_DRAW_1[:-1]:
        game.play(Move.from_text(text))
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    context.add_init_script(PROBE + f"if (!localStorage.getItem('klondike.game')) "
                            f"localStorage.setItem('klondike.game', "
                            f"{json.dumps(save_game(game, 60.0))});")
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(url)
    boot(page)
    settle(page)
    page.wait_for_timeout(1_000)
    still = frames(page, 2_000)  # the baseline: nothing moves
    before = len(page.evaluate("window.__long"))
    pointer_play(page, game, DEAL_2_DRAW_1[-1])
    page.wait_for_function(f"{CASCADING} > 0")
    # The last card starts 51 gaps after the first; each flight lasts up to 4 s.
    flying = frames(page, 8_000)
    still_flying = page.evaluate(CASCADING)
    long = len(page.evaluate("window.__long")) - before
    win = page.evaluate("""() => { const [at, handler] = window.__win[window.__win.length - 1];
        const t = window.__ticks.filter((x) => x >= at - 17 && x <= at + 1000);
        let gap = 0; for (let i = 1; i < t.length; i++) gap = Math.max(gap, t[i] - t[i - 1]);
        return {handler, gap}; }""")
    context.close()
    return still, flying, long, still_flying, win


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--viewport", default="1280x800")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--against", type=Path, help="another built checkout, measured in turn")
    args = p.parse_args()
    viewport = tuple(map(int, args.viewport.split("x")))
    sites = {"this": ROOT} | ({"against": args.against.resolve()} if args.against else {})
    servers = {name: start_server(root=root) for name, root in sites.items()}
    results: dict[str, list] = {name: [] for name in sites}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            print(f"Chromium {browser.version} headless, viewport {args.viewport}")
            for _ in range(args.runs):
                for name, (_server, url) in servers.items():
                    results[name].append(run(browser, url, viewport))
            browser.close()
    finally:
        for server, _url in servers.values():
            server.shutdown()
            server.server_close()
    for name, runs in results.items():
        print(f"{name} ({sites[name]}):")
        report(runs)


def report(results: list) -> None:
    for n, (still, flying, long, left, _win) in enumerate(results, 1):
        print(f"  run {n}: cascade {flying['fps']:.1f} frames/s over {flying['seconds']:.1f} s,"
              f" frame p95 {flying['p95']:.1f} ms, longest {flying['most']:.1f} ms,"
              f" {flying['over 33 ms']} frames over 33 ms, {long} long tasks"
              f" ({left} flights still running at the end);"
              f" still table {still['fps']:.1f} frames/s, longest {still['most']:.1f} ms")
    fps = statistics.median(r[1]["fps"] for r in results)
    print(f"  median {fps:.1f} frames/s during the cascade")
    handlers = ", ".join(f"{r[4]['handler']:.1f}" for r in results)
    gaps = ", ".join(f"{r[4]['gap']:.1f}" for r in results)
    print(f"  the winning move: pointerup handled in {handlers} ms;"
          f" the longest frame gap in the second after it {gaps} ms")


if __name__ == "__main__":
    main()
