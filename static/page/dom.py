"""The page's elements, found once, and the two helpers every glue module needs."""

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


def say(text: str) -> None:
    """The status line, a live region: screen readers announce every move."""
    STATUS.textContent = text
