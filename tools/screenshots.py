"""Screenshots of the game for the README: in each language (issue 6) and on a phone held
upright, a phone held sideways and a desktop monitor (issue 40).

    python3 tools/build.py && .venv/bin/python tools/screenshots.py [--out DIR]

Opens the built site in headless Chromium with the browser's language set to each of the
game's languages, plays a few moves of one deal (the same in every picture) and writes
docs/screenshots/<language>.png; then, in English, the same position in a 390x844 and an
844x390 touch screen and a 1920x1080 window: docs/screenshots/<screen>.png.
"""

from __future__ import annotations

import argparse
import sys
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "e2e"), str(ROOT / "tools")]

from harness import CHROMIUM, CHROMIUM_ARGS, again_if_crashed, boot  # noqa: E402
from player import pointer_play, settle, start  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from serve import start_server  # noqa: E402

from klondike import Game  # noqa: E402
from klondike.i18n import LANGUAGES  # noqa: E402
from tests.lines import DEAL_2_DRAW_1  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
LOCALES = {"en": "en-GB", "pl": "pl-PL", "vi": "vi-VN", "cs": "cs-CZ"}
CODE = "KL1-D1N-AAAAAAC"
MOVES = 20
SCREENS = {"phone": ((390, 844), True), "sideways": ((844, 390), True),
           "desktop": ((1920, 1080), False)}


def shoot(browser, url: str, path: Path, size: tuple[int, int], touch: bool,
          locale: str) -> None:
    """One screenshot: the deal and its first moves in a new context of that screen and
    language, written to ``path``."""
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height},
                                  locale=locale, has_touch=touch, is_mobile=touch)
    try:
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.goto(url)
        boot(page)
        start(page, CODE)
        game = Game.from_code(CODE)
        for text in DEAL_2_DRAW_1[:MOVES]:
            pointer_play(page, game, text)
        page.mouse.move(0, 0)
        page.wait_for_function("document.getElementById('winnable').dataset.state !== 'busy'")
        settle(page)
        page.screenshot(path=str(path))
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="the folder of the pictures")
    out = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    server, url = start_server(root=ROOT)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            shots = [(language, (960, 720), False, LOCALES[language]) for language in LANGUAGES]
            shots += [(name, size, touch, "en-GB") for name, (size, touch) in SCREENS.items()]
            for name, size, touch, locale in shots:
                path = out / f"{name}.png"
                # Chromium's renderer crashes now and then while a page boots: that
                # picture is taken again (harness.again_if_crashed).
                again_if_crashed(partial(shoot, browser, url, path, size, touch, locale), name)
                print(f"wrote {path}")
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
