"""From pointerup to the DOM being updated, in headless Chromium (a benchmark, not a test).

Plays two frozen winning lines (259 moves: stock taps and drags, by real pointer input)
and times every pointerup: from the event's own time stamp (when the input arrived, so time
spent waiting behind other work, such as a slice of the winnability search, counts) to a
bubbling listener on document, which runs after the game's handler, when the cards'
elements are patched; and to the next animation frame. A baseline in the same run: taps
on a face-down card, which reach the same handler and change nothing; and the same taps while
the winnability search runs on a deal it does not decide (before the solver moved to its
worker, each waited behind a slice).

    python3 tools/build.py && .venv/bin/python bench/moves.py [--viewport 1280x800]
    .venv/bin/python bench/moves.py --against SITE [--runs 2] [--throttle 4]

``--against SITE``: another commit's built site (see bench/startup.py), played in the same
runs, the two sites in turn (the order reversed every other run), each in a new page; the
taps and the two games only, not the 3-minute wait for the busy search's answer.

``--throttle N``: slows the page's CPU N times (CDP Emulation.setCPUThrottlingRate, as in
bench/startup.py: the page's main thread only, not the solver's worker), set on each page
once it is ready, before the timed taps and moves.

Target (issue 4): p95 of pointerup -> DOM updated at most 16 ms (one frame).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "e2e"), str(ROOT / "tools")]

from harness import CHROMIUM, CHROMIUM_ARGS, boot  # noqa: E402
from machine import MachineSpeed  # noqa: E402  (bench/machine.py)
from new_game import in_turn, served_sites  # noqa: E402
from player import pointer_play, settle, start  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from klondike import Game  # noqa: E402
from tests.lines import DEAL_2_DRAW_1, DEAL_3_DRAW_1  # noqa: E402

LINES = (("KL1-D1N-AAAAAAC", DEAL_2_DRAW_1), ("KL1-D1N-AAAAAAD", DEAL_3_DRAW_1))
BUSY_CODE, BUSY_CARD = "KL1-D3N-AAAAAAB", "Jh"  # deal 1, draw 3; Jh face down in column 7

PROBE = """
window.__times = [];
addEventListener('pointerup', (e) => { window.__t0 = e.timeStamp; }, true);
document.addEventListener('pointerup', () => {
  const t0 = window.__t0, t1 = performance.now();
  requestAnimationFrame(() => window.__times.push([t1 - t0, performance.now() - t0]));
});
"""


def play_won_games(page) -> list[list[float]]:
    """The two winning lines by pointer input: each move's PROBE times (ms)."""
    moves = []
    for code, line in LINES:
        start(page, code)
        page.evaluate("window.__times.splice(0)")  # the dialog's clicks
        game = Game.from_code(code)
        for text in line:
            pointer_play(page, game, text)
        assert game.is_won
        moves += page.evaluate("window.__times.splice(0)")
        page.keyboard.press("Escape")  # the win dialog (and its cascade)
        settle(page)
    return moves


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def summary(name: str, values: list[float], baseline: float | None = None) -> str:
    median = statistics.median(values)
    text = (f"  {name:34s} n={len(values):4d}  median {median:6.2f} ms"
            f"  p95 {percentile(values, 0.95):6.2f} ms  max {max(values):6.2f} ms")
    if baseline:
        text += f"  ({median / baseline:4.1f}x baseline median)"
    return text


def taps(page, code: str, card: str, count: int) -> list[list[float]]:
    """``count`` taps on the face-down ``card`` of ``code``'s deal, apart (no double taps):
    each goes through the same handler and the core's tap rules (R5) and changes nothing."""
    box = page.locator(f"#c-{card}").bounding_box()
    page.evaluate("window.__times.splice(0)")
    for _ in range(count):
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + 3)
        page.wait_for_timeout(450)
    page.wait_for_function(f"window.__times.length >= {count}")
    return page.evaluate("window.__times.splice(0)")


def new_page(browser, url: str, width: int, height: int, throttle: float = 1):
    page = browser.new_page(viewport={"width": width, "height": height})
    page.set_default_timeout(60_000)
    page.add_init_script(PROBE)
    page.goto(url)
    boot(page)
    if throttle != 1:  # after the boot, so only the timed part is slowed
        cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    return page


def busy_taps(page) -> tuple[list[list[float]], str]:
    """The taps while "Can this still be won?" searches (issue 5): deal 1 in draw 3 is not
    decided within 3,000,000 nodes, and the taps change nothing, so the search runs on
    throughout (in the solver's worker since issue 23). Also says when it answered."""
    start(page, BUSY_CODE)
    began = page.evaluate("performance.now()")
    searching = page.locator("#winnable").text_content()  # "Checking…"
    page.wait_for_timeout(1_000)
    busy = taps(page, BUSY_CODE, BUSY_CARD, 30)
    checking = page.locator("#winnable").text_content()
    page.wait_for_function(
        "document.getElementById('winnable').textContent !== " + repr(searching),
        polling=20, timeout=180_000)
    answered = (page.evaluate("performance.now()") - began) / 1000
    answer = page.locator("#winnable").text_content()
    return busy, (f"    {BUSY_CODE}: {answer!r} after {answered:.1f} s "
                  f"({checking!r} after the taps)")


def report(times: dict[str, list[list[float]]], note: str = "") -> None:
    """The figures of one site: ``times`` has "base", "moves" and perhaps "busy"."""
    base, moves = times["base"], times["moves"]
    dom = [t[0] for t in moves]
    frame = [t[1] for t in moves]
    base_dom = statistics.median(t[0] for t in base)
    print(summary("baseline: tap changing nothing", [t[0] for t in base]))
    if "busy" in times:
        print(summary("the same, the solver busy", [t[0] for t in times["busy"]], base_dom))
        print(note)
    print(summary("pointerup -> DOM updated", dom, base_dom))
    print(summary("pointerup -> next animation frame", frame))
    verdict = "met" if percentile(dom, 0.95) <= 16 else "NOT met"
    print(f"  target p95 <= 16 ms for pointerup -> DOM updated: {verdict}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--viewport", default="1280x800")
    p.add_argument("--against", type=Path, metavar="SITE")
    p.add_argument("--runs", type=int, default=2, help="visits of each site (--against)")
    p.add_argument("--throttle", type=float, default=1, metavar="N",
                   help="slow the page's CPU N times once it is ready (CDP)")
    args = p.parse_args()
    if args.throttle < 1:
        sys.exit("--throttle: 1 or more")
    width, height = map(int, args.viewport.split("x"))
    runs = args.runs if args.against else 1
    results: dict[str, dict[str, list[list[float]]]] = {}
    note = ""
    machine = MachineSpeed(sample_every=None)  # timed before and after, not during
    with served_sites(args.against) as urls, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        version = browser.version
        for run in range(runs):
            for name in in_turn(urls, run):
                page = new_page(browser, urls[name], width, height, args.throttle)
                start(page, "KL1-D1N-AAAAAAC")  # Kd face down at the foot of column 7
                times = {"base": taps(page, "KL1-D1N-AAAAAAC", "Kd", 50)}
                if not args.against:
                    times["busy"], note = busy_taps(page)
                times["moves"] = play_won_games(page)
                page.close()
                for key, values in times.items():
                    results.setdefault(name, {}).setdefault(key, []).extend(values)
                if args.against:
                    dom = [t[0] for t in times["moves"]]
                    print(f"run {run + 1} {name:13s}: pointerup -> DOM median "
                          f"{statistics.median(dom):5.2f} p95 {percentile(dom, 0.95):5.2f} ms",
                          flush=True)
        browser.close()
    moves = len(results["this checkout"]["moves"]) // runs
    speed = "" if args.throttle == 1 else f", CPU throttled {args.throttle:g}x (page thread)"
    print(f"Chromium {version} headless, viewport {width}x{height}{speed}, {moves} moves "
          f"of 2 won games by pointer input (stock taps and drags)"
          + (f", {runs} runs of each site in turn" if args.against else ""))
    for name, times in results.items():
        if args.against:
            print(f"{name}:")
        report(times, note)
    print(machine.line())


if __name__ == "__main__":
    main()
