"""Issue 40, item 5: the More menu and every dialog stay inside the window at every
viewport from a small phone to a large desktop, in both orientations (the menu once
opened past the left edge of a 320 or 360 px screen, its items at x = -104)."""

from __future__ import annotations

from player import choose, settle, start

VIEWPORTS = [(320, 568), (360, 740), (390, 844), (740, 360), (844, 390), (1280, 800),
             (1920, 1080), (2560, 1440)]
DIALOGS = (("new-game", "new-dialog"), ("settings", "settings-dialog"),
           ("stats", "stats-dialog"), ("help", "help-dialog"))
BOX = """(selector) => [...document.querySelectorAll(selector)].map((el) => {
    const r = el.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom]; })"""


def inside(boxes, width: int, height: int) -> bool:
    return bool(boxes) and all(left >= 0 and top >= 0 and right <= width and bottom <= height
                               for left, top, right, bottom in boxes)


def test_the_menu_and_the_dialogs_open_inside_the_window(page):
    try:
        for width, height in VIEWPORTS:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("new Promise((done) => requestAnimationFrame(() => done()))")
            page.click("#menu > summary")
            page.wait_for_selector("#menu[open]")
            items = page.evaluate(BOX, "#menu .menu-items .button")
            assert len(items) == 5 and inside(items, width, height), (width, height, items)
            page.click("#menu > summary")  # closed again
            for action, dialog in DIALOGS:
                choose(page, action)
                page.wait_for_selector(f"#{dialog}[open]")
                box = page.evaluate(BOX, f"#{dialog}")
                assert inside(box, width, height), (width, height, dialog, box)
                page.keyboard.press("Escape")
                page.wait_for_selector(f"#{dialog}:not([open])", state="attached")
        assert page.watch.problems() == []
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})


CARD_BOXES = """() => [...document.querySelectorAll('#table .card')].map((el) => {
    const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })"""


def test_a_deal_fits_every_window_and_the_page_never_scrolls(page):
    """Issue 40, item 1 (for a deal): the cards follow the window's width or its height,
    whichever binds (a phone held sideways cut the columns off; a desktop showed a strip
    of 104 px cards), and the page does not scroll."""
    start(page, "KL1-D1N-AAAAAAG")
    widths = {}
    try:
        for width, height in VIEWPORTS:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(150)  # the resize observer redraws the table
            settle(page)
            cards = page.evaluate(CARD_BOXES)
            assert len(cards) == 52 and inside(cards, width, height), (width, height)
            scroll = page.evaluate("[document.scrollingElement.scrollWidth,"
                                   " document.scrollingElement.scrollHeight]")
            assert scroll == [width, height], (width, height, scroll)
            widths[width, height] = cards[0][2] - cards[0][0]
        assert widths[1920, 1080] > 150  # cards were 104 px at most
        assert widths[2560, 1440] >= widths[1920, 1080] >= widths[1280, 800]
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})
