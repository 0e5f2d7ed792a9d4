"""What a player does on the page, and what the page shows: helpers shared by the browser
tests (e2e/test_game.py) and the move benchmark (bench/moves.py)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

from klondike import Game, Move
from klondike.app.gestures import run_start

ROOT = Path(__file__).resolve().parent.parent
GAME_KEY = "klondike.game"


def glue_constant(module: str, name: str):
    """A constant of the page's glue, static/page/<module>.py, as its source assigns it
    (CPython cannot import those modules: they import the browser's ``js``)."""
    tree = ast.parse((ROOT / "static" / "page" / f"{module}.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(target, ast.Name) and target.id == name for target in node.targets):
            return ast.literal_eval(node.value)
    raise LookupError(f"no constant {name} in static/page/{module}.py")


#: Seconds after a render that its glides are over, as the board measures them: the cards
#: it raised are lowered by the first render after that (static/page/board.py).
GLIDE_S = glue_constant("board", "GLIDE_S")


# --- helpers: what a player does, and what the page shows --------------------------------
def start(page, code: str) -> None:
    """New game dialog: type the code, press Enter (R7)."""
    if page.locator("dialog[open]").count():
        page.keyboard.press("Escape")
    page.click("[data-action=new-game] >> nth=0")
    page.fill("#code-input", code)
    page.press("#code-input", "Enter")
    page.wait_for_function(
        "(code) => document.getElementById('code').textContent === code",
        arg=code.strip().upper(),
    )
    settle(page)
    after_frame(page)  # the new game saved (the save waits for the frame)


def settle(page) -> None:
    """Wait until no card is gliding (players aim at where cards are, not were); the win's
    cascade does not count (the win dialog is open over it, and a tap or key ends it)."""
    page.wait_for_function(
        "document.getAnimations().filter((a) => a.id !== 'cascade').length === 0")


def wait_page_time(page, seconds: float) -> None:
    """Wait until ``seconds`` have gone by, from now, on the page's own clock
    (``performance.now()``, which the session and the board read): for a timing the page
    keeps itself, such as the double tap's window, where time passed is the condition."""
    since = page.evaluate("performance.now()")
    page.wait_for_function("(until) => performance.now() >= until",
                           arg=since + seconds * 1000)


def after_frame(page) -> None:
    """Wait until the page has drawn its next frame and run the task it queued then: what
    it deferred to a frame before now (requestAnimationFrame, then setTimeout 0, as the glue
    does with the save and the win's dialog) is done, for its callbacks run before ours."""
    page.evaluate("""() => {
        window.__framed = false;
        requestAnimationFrame(() => setTimeout(() => { window.__framed = true; }, 0));
    }""")
    page.wait_for_function("window.__framed === true")


def saved(page) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem({GAME_KEY!r})"))


def moves(page) -> list[str]:
    return saved(page)["moves"].split()


def card(page, text: str) -> dict:
    """What the page shows of a card: its pile, index, face and box."""
    return page.evaluate(
        """(id) => {
            const el = document.getElementById(id);
            const r = el.getBoundingClientRect();
            return {pile: el.dataset.pile, index: +el.dataset.index,
                    down: el.classList.contains('down'),
                    draggable: el.classList.contains('draggable'),
                    x: r.x, y: r.y, w: r.width, h: r.height,
                    label: el.getAttribute('aria-label')};
        }""",
        f"c-{text}",
    )


def grab_point(page, text: str) -> tuple[float, float]:
    """A point on the card's visible index corner (cards overlap in columns)."""
    box = card(page, text)
    return box["x"] + box["w"] * 0.3, box["y"] + box["w"] * 0.15


def drop_point(page, game: Game, target: str, lead: str) -> tuple[float, float]:
    """Where to drop: on the target column's top card or empty slot, or the foundation row."""
    if target == "F":
        pile = "F" + lead[1]
    else:
        pile = target
        column = game.tableau[int(target[1]) - 1]
        if column.up:
            box = card(page, str(column.up[-1]))
            return box["x"] + box["w"] / 2, box["y"] + box["h"] * 0.6
    box = page.locator(f'.slot[data-pile="{pile}"]').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def mouse_drag(page, start_xy, end_xy, steps: int = 6) -> None:
    page.mouse.move(*start_xy)
    page.mouse.down()
    page.mouse.move(*end_xy, steps=steps)
    page.mouse.up()


def touch_drag(page, start_xy, end_xy, steps: int = 6) -> None:
    """A finger drag through Chromium's touch input (pointer events of type touch)."""
    cdp = page.context.new_cdp_session(page)

    def touch(kind, x, y):
        points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", *start_xy)
    for k in range(1, steps + 1):
        t = k / steps
        touch("touchMove", start_xy[0] + (end_xy[0] - start_xy[0]) * t,
              start_xy[1] + (end_xy[1] - start_xy[1]) * t)
    touch("touchEnd", *end_xy)
    cdp.detach()


def lead_card(game: Game, move: Move) -> str:
    """The card a player grabs for ``move``."""
    text = str(move)
    if text.startswith("W"):
        return str(game.waste[-1])
    if text.startswith("F"):
        return str(game.foundation_top(text[1]))
    column = game.tableau[move.source]
    cards = column.down + column.up
    index = run_start(game, move) if move.target >= 0 else len(cards) - 1
    return str(cards[index])


def click_stock(page) -> None:
    """A tap on the stock (on its top card, or on the empty outline)."""
    box = page.locator('.slot[data-pile="stock"]').bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def wait_for_moves(page, count: int) -> None:
    """Wait until the saved game has ``count`` moves and the cards have settled."""
    page.wait_for_function(
        "([key, n]) => JSON.parse(localStorage.getItem(key)).moves.split(' ')"
        ".filter(Boolean).length === n",
        arg=[GAME_KEY, count],
    )
    settle(page)


def pointer_play(page, game: Game, text: str, drag=mouse_drag) -> None:
    """Play one move by real pointer input: a click on the stock, else a drag."""
    move = Move.from_text(text)
    if text == "S":
        click_stock(page)
    else:
        lead = lead_card(game, move)
        target = "F" if text.endswith(">F") else text.split(">")[1]
        drag(page, grab_point(page, lead), drop_point(page, game, target, lead))
    wait_for_moves(page, game.moves_made + 1)
    game.play(move)


def first_deal(predicate, draw: int = 1, scoring: str = "N") -> Game:
    """The first deal whose opening position satisfies ``predicate`` (found, not hand-picked)."""
    for number in range(10_000):
        game = Game.new(number, draw, scoring)
        if predicate(game):
            return game
    raise AssertionError("no such deal in the first 10,000")


def legal(game: Game) -> set[str]:
    return {str(m) for m in game.legal_moves()}


def choose(page, action: str) -> None:
    """Click a toolbar action, opening the "More" menu first when it is in there."""
    button = page.locator(f"[data-action={action}] >> nth=0")
    if page.evaluate(
        "(a) => !!document.querySelector(`#menu [data-action=${a}]`)"
        " && !document.getElementById('menu').open",
        action,
    ):
        page.click("#menu > summary")
    button.click()
