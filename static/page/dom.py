"""The page's elements, found once, and the helpers every glue module needs."""

import re

from js import document

try:  # Pyodide 0.28+ turns JavaScript's null into jsnull, not None
    from pyodide.ffi import jsnull
except ImportError:  # pragma: no cover - older Pyodide
    jsnull = None

BOARD = document.getElementById("board")
TABLE = document.getElementById("table")
STATUS = document.getElementById("status")


def nullable(value):
    """A JavaScript value, with null as None."""
    return None if value is None or value is jsnull else value


def by_action(name: str):
    """The toolbar's button of ``data-action="name"``."""
    return BOARD.querySelector(f'[data-action="{name}"]')


def focus_fell() -> bool:
    """Whether the focus fell to the page itself: the element that had it was hidden,
    or its dialog closed (a keyboard's next Tab would start from the page's top)."""
    active = nullable(document.activeElement)
    return active is None or active.tagName == "BODY"


def focus_after(hidden_with_focus: bool) -> None:
    """Where the focus goes when what had it is gone: Undo, where it can, else New game
    (the ways on after a banner's button, Finish game, the win)."""
    if hidden_with_focus or focus_fell():
        undo = by_action("undo")
        (by_action("new-game") if undo.disabled else undo).focus()


def say(text: str) -> None:
    """The status line, a live region: screen readers announce every move."""
    STATUS.textContent = text


CODE = re.compile(r"\bKL\d-[A-Z0-9]{3}-[A-Z]{7}\b")  # a game code (R7), as the game writes it


def text_with_codes(el, text: str) -> None:
    """``el``'s text, with each game code in it kept on one line (a line broke at its
    hyphens: "KL1-D1N-" / "CAGVOBQ")."""
    el.replaceChildren()
    at = 0
    for found in CODE.finditer(text):
        code = document.createElement("span")
        code.className = "code-text"
        code.textContent = found.group()
        el.append(text[at:found.start()], code)
        at = found.end()
    el.append(text[at:])
