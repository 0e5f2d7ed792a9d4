"""Renders static/icons/icon.svg to the PNG icons of the web app manifest (192 and 512 px).

The PNGs are committed; run this again after changing the SVG:
    python3 tools/make_icons.py
It uses headless Chromium (no image library needed): the SVG is drawn full-window on a
transparent background and screenshotted at each size.
"""

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "static" / "icons"
SIZES = (192, 512)


def render(svg: Path, size: int, out: Path, chromium: str = "/usr/bin/chromium") -> None:
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "icon.html"
        page.write_text(
            '<!doctype html><body style="margin:0;background:transparent">'
            f'<img src="{svg.as_uri()}" style="width:100vw;height:100vh;display:block">'
        )
        subprocess.run(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--default-background-color=00000000", f"--window-size={size},{size}",
             f"--screenshot={out}", page.as_uri()],
            check=True, capture_output=True, timeout=120,
        )


def main() -> int:
    for size in SIZES:
        out = ICONS / f"icon-{size}.png"
        render(ICONS / "icon.svg", size, out)
        print(f"wrote {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
