"""Issue 39: a stored value cannot stop the page from booting, and a drag always ends.

- Every key seeded with a value nested 10,000 levels deep: the page boots, plays, and
  boots again (once, such a value in any key left "Loaded Pyodide..." forever).
- A storm of touches (taps, double taps, drags released anywhere, cancelled touches, a
  second finger during a drag): afterwards no card is left lifted, offset or marked, every
  card is where the saved game puts it, and the saved moves replay.
- A storm of everything else (mouse taps, double clicks and drags, legal moves dragged,
  keys, toolbar buttons, the More menu, window resizes between phone and desktop sizes),
  with the same checks and no console error.
"""

from __future__ import annotations

import random

from harness import boot, new_site_context, open_app
from player import (
    GAME_KEY,
    after_frame,
    click_stock,
    drop_point,
    grab_point,
    lead_card,
    mouse_drag,
    saved,
    settle,
    start,
)

from klondike import Game, Move
from klondike.app.view import layout

KEYS = ("klondike.game", "klondike.settings", "klondike.stats", "klondike.daily",
        "klondike.paint")
DEEP = "'['.repeat(10000) + ']'.repeat(10000)"
# Resolves once the element's box stayed the same for three frames.
STILL = """(selector) => new Promise((done) => {
    let last = '', same = 0;
    const look = () => {
        const box = JSON.stringify(document.querySelector(selector).getBoundingClientRect());
        same = box === last ? same + 1 : 0;
        last = box;
        if (same >= 3) done(true); else requestAnimationFrame(look);
    };
    look();
})"""

# What the page shows of each card: its pile, its index there, whether face up, and
# whether anything of a gesture is left on it (a class or an offset).
SHOWN = """() => Object.fromEntries([...document.querySelectorAll('#table .card')].map((el) => [
    el.dataset.card, [el.dataset.pile, +el.dataset.index, !el.classList.contains('down'),
    el.classList.contains('dragging') || el.classList.contains('drop-ok')
      || el.style.getPropertyValue('--dx') !== '' || el.style.getPropertyValue('--dy') !== '']
]))"""


# Whether the stored table (klondike.paint, written with the game by the page's last write)
# is the table on screen: every card's place and face as its element has them.
STORED_AS_SHOWN = """() => {
    let record;
    try { record = JSON.parse(localStorage.getItem('klondike.paint')); } catch { return false; }
    return Array.isArray(record?.cards) && record.cards.every(([id, , , , , x, y, , up]) => {
        const el = document.getElementById(`c-${id}`);
        return Math.abs(+el.style.getPropertyValue('--x') - x) < 1e-3
            && Math.abs(+el.style.getPropertyValue('--y') - y) < 1e-3
            && el.classList.contains('down') === !up;
    });
}"""


def board_matches_the_saved_game(page) -> None:
    game = Game.from_json(page.evaluate("localStorage.getItem('klondike.game')"))
    shown = page.evaluate(SHOWN)
    want = {str(p.card): [p.pile, p.index, p.face_up, False] for p in layout(game).places}
    assert shown == want
    assert page.locator(".drop-ok, .dragging").count() == 0


def the_board_is_the_saved_game(page) -> None:
    """After a storm: every card where the saved game puts it, nothing of a gesture left on
    any, and the saved moves replay from the saved game's own deal (a storm may deal anew:
    the Daily deal, say)."""
    board_matches_the_saved_game(page)
    stored = saved(page)
    game = Game.from_code(stored["code"])
    for move in stored["moves"].split():
        game.play(move)


def test_a_deep_value_in_every_key_cannot_stop_the_boot(browser, site_url):
    context = new_site_context(browser)
    try:
        page = open_app(context, site_url)
        for key in KEYS:
            page.evaluate(f"localStorage.setItem({key!r}, {DEEP})")
        for _ in range(2):  # the boot that reads them, then the one after it
            page.reload()
            boot(page)
            assert page.locator("#table .card").count() == 52
            page.wait_for_function(  # the damaged game is replaced by a new one, saved
                "(() => { try { return typeof JSON.parse("
                "localStorage.getItem('klondike.game')).moves === 'string'; }"
                " catch { return false; } })()")
            before = len(saved(page)["moves"].split())
            # With no paint record the first render may resize the cards once (the
            # toolbar's height, measured): tap where the stock is, once it stays.
            page.wait_for_function(STILL, arg=".slot.stock")
            settle(page)  # and no card of the first render glides over it: a tap on a
            # card gliding past the stock is a tap on that card (face down: nothing)
            page.click(".slot.stock", force=True)  # and it plays
            page.wait_for_function(
                "(n) => JSON.parse(localStorage.getItem('klondike.game'))"
                ".moves.split(' ').filter(Boolean).length === n + 1", arg=before)
        assert page.locator(".py-error").count() == 0
        assert page.watch.problems() == []
    finally:
        context.close()


class Fingers:
    """Touches through Chromium's input (CDP), so the page gets real pointer events."""

    def __init__(self, page) -> None:
        self.cdp = page.context.new_cdp_session(page)
        self.page = page

    def send(self, kind: str, points: dict[int, tuple[float, float]]) -> None:
        touch = [{"x": x, "y": y, "id": i} for i, (x, y) in points.items()]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": touch})

    def slide(self, i: int, down: dict, start, end, steps: int) -> None:
        for k in range(1, steps + 1):
            t = k / steps
            down[i] = (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
            self.send("touchMove", down)


def storm(page, rng: random.Random, actions: int) -> dict[str, int]:
    fingers = Fingers(page)
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    done: dict[str, int] = {}

    def somewhere():
        boxes = page.evaluate("""() => [...document.querySelectorAll(
            '#table .card:not(.down), #table .slot')].map((el) => {
            const r = el.getBoundingClientRect();
            return [r.x + r.width * 0.4, r.y + Math.min(r.height, r.width) * 0.2]; })""")
        return tuple(rng.choice(boxes))

    for _ in range(actions):
        kind = rng.choice(["tap", "double", "drag", "outside", "cancel", "second"])
        done[kind] = done.get(kind, 0) + 1
        start = somewhere()
        if kind in ("tap", "double"):
            for _ in range(2 if kind == "double" else 1):
                fingers.send("touchStart", {0: start})
                fingers.send("touchEnd", {})
        else:
            down = {0: start}
            fingers.send("touchStart", down)
            if kind == "outside":  # released off the table, or off the page's edge
                end = rng.choice([(width - 2, height - 2), (start[0], 5), (2, height / 2)])
            elif kind == "second":
                end = (start[0] + 30, start[1] + 40)
            else:
                end = somewhere()
            fingers.slide(0, down, start, end, rng.randint(2, 6))
            if kind == "cancel":
                fingers.send("touchCancel", {})
                continue
            if kind == "second":  # a second finger taps elsewhere; both lift
                down[1] = somewhere()
                fingers.send("touchStart", down)
                del down[1]
                fingers.send("touchEnd", down)
            fingers.send("touchEnd", {})
        # The storm's own pacing, part of its input (quick and slow taps alike): a pause
        # between two touches, not a wait for anything.
        page.wait_for_timeout(rng.choice([0, 20, 60, 150, 400]))
    return done


def test_a_storm_of_touches_leaves_no_card_lifted_and_the_board_as_the_game(browser, site_url):
    context = new_site_context(browser, has_touch=True, viewport={"width": 390, "height": 844})
    try:
        page = open_app(context, site_url)
        for seed, code in ((1, "KL1-D1N-AAAAAAG"), (2, "KL1-D3N-AAAAABA")):
            start(page, code)
            done = storm(page, random.Random(seed), 120)
            assert done.get("second", 0) >= 5 and done.get("cancel", 0) >= 5
            page.keyboard.press("Escape")  # a dialog a double tap may have opened (a win)
            settle(page)
            page.wait_for_function(STORED_AS_SHOWN)  # the last write, after its frame
            the_board_is_the_saved_game(page)
        assert page.watch.problems() == []
    finally:
        context.close()


def test_damage_loses_only_what_is_damaged_and_is_said(browser, site_url):
    """Issue 39, item 5: one bad field keeps the rest of its value, and the damaged value
    is kept aside and said."""
    context = new_site_context(browser)
    try:
        page = open_app(context, site_url)
        settings = '{"v": 1, "draw": 3, "table": "blue", "back": 5}'
        stats = ('{"v": 3, "sets": {"D1N": {"won": "5"}}, "daily": {"1": ["2026-12-01"]},'
                 ' "recent": [], "checked": {}}')
        page.evaluate("([s, t]) => { localStorage.setItem('klondike.settings', s);"
                      " localStorage.setItem('klondike.stats', t); }", [settings, stats])
        page.reload()
        boot(page)
        said = page.locator("#status").inner_text()
        assert "settings could not all be read" in said
        assert "Some of the statistics could not be read" in said
        assert page.evaluate("document.documentElement.classList.contains('table-blue')")
        page.wait_for_function("localStorage.getItem('klondike.stats.unreadable') !== null")
        kept = page.evaluate("[localStorage.getItem('klondike.settings.unreadable'),"
                             " localStorage.getItem('klondike.stats.unreadable')]")
        assert kept == [settings, stats]
        page.reload()  # said once: what is stored now reads
        boot(page)
        assert "could not" not in page.locator("#status").inner_text()
        assert page.watch.problems() == []
    finally:
        context.close()


KEYS_PRESSED = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", " ", "Escape",
                "Tab", "Shift+Tab", "Control+z", "Control+y", "Control+Shift+Z")
BUTTONS = ("undo", "redo", "hint", "finish", "undo-to-winnable")
SIZES = ((1280, 800), (390, 844), (844, 390), (700, 500))


def mixed_storm(page, rng: random.Random, actions: int) -> dict[str, int]:
    """Mouse taps, double clicks and drags anywhere, legal moves dragged, keys, toolbar
    buttons, the More menu and window resizes, in a random order and pace."""
    done: dict[str, int] = {}
    for _ in range(actions):
        kind = rng.choice(["tap", "double", "drag", "legal", "legal", "key", "key",
                           "button", "menu", "resize"])
        done[kind] = done.get(kind, 0) + 1
        spots = page.evaluate("""() => [...document.querySelectorAll(
            '#table .card:not(.down), #table .slot')].map((el) => {
            const r = el.getBoundingClientRect();
            return [r.x + r.width * 0.4, r.y + Math.min(r.height, r.width) * 0.2]; })""")
        if kind == "tap":
            page.mouse.click(*rng.choice(spots))
        elif kind == "double":
            page.mouse.dblclick(*rng.choice(spots))
        elif kind == "drag":
            mouse_drag(page, rng.choice(spots), rng.choice(spots), rng.randint(1, 8))
        elif kind == "legal":  # a move the saved game allows, dragged (or the stock tapped)
            after_frame(page)
            game = Game.from_json(page.evaluate(f"localStorage.getItem({GAME_KEY!r})"))
            text = rng.choice(sorted(str(m) for m in game.legal_moves()) or ["S"])
            if text == "S":
                click_stock(page)
            else:
                lead = lead_card(game, Move.from_text(text))
                target = "F" if text.endswith(">F") else text.split(">")[1]
                mouse_drag(page, grab_point(page, lead), drop_point(page, game, target, lead))
        elif kind == "key":
            if rng.random() < 0.3:
                page.locator("#table .slot").nth(rng.randrange(13)).focus()
            page.keyboard.press(rng.choice(KEYS_PRESSED))
        elif kind == "button":
            button = page.locator(f"[data-action={rng.choice(BUTTONS)}] >> nth=0")
            if button.is_visible() and button.is_enabled():
                button.click()
        elif kind == "menu":
            page.click("#menu > summary")
            page.keyboard.press("Escape")
        else:
            width, height = rng.choice(SIZES)
            page.set_viewport_size({"width": width, "height": height})
        if page.locator("dialog[open]").count():  # a win, a menu item's dialog
            page.keyboard.press("Escape")
        page.wait_for_timeout(rng.choice([0, 0, 30, 100, 300]))  # the storm's own pace
    return done


def test_a_storm_of_mouse_keys_buttons_and_resizes_leaves_the_board_as_the_game(
        browser, site_url):
    context = new_site_context(browser, viewport={"width": 1280, "height": 800})
    try:
        page = open_app(context, site_url)
        for seed, code in ((3, "KL1-D1N-AAAAAAC"), (4, "KL1-D3V-AAAAAAG")):
            start(page, code)
            done = mixed_storm(page, random.Random(seed), 100)
            assert done.get("legal", 0) >= 10 and done.get("resize", 0) >= 5
            page.keyboard.press("Escape")  # a dialog, a pick, Play it for me
            settle(page)
            after_frame(page)  # the last write, after its frame
            the_board_is_the_saved_game(page)
        assert page.watch.problems() == []
    finally:
        context.close()
