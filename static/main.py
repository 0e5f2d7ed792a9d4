"""Browser glue (placeholder): proves the rules core loads and the page responds.

The game UI issue replaces this file. What stays: one delegated listener per event type on
the board root, text set with textContent only, and performance.mark("klondike-ready")
once the page is interactive (tests and bench/startup.py wait for it). Mind import costs:
each stdlib module is loaded from a zip in the browser (`platform` alone costs ~60 ms).
"""

import sys

from js import document, performance
from pyodide.ffi import create_proxy

import klondike

BOARD = document.getElementById("board")
STATUS = document.getElementById("status")
games_started = 0


def new_game() -> None:
    global games_started
    games_started += 1
    core = (klondike.__doc__ or "klondike").strip().splitlines()[0]
    STATUS.textContent = f"New game {games_started}: {core} (Python {sys.version.split()[0]})"


ACTIONS = {"new-game": new_game}


def on_click(event) -> None:
    target = event.target.closest("[data-action]")
    if target is not None and target.dataset.action in ACTIONS:
        ACTIONS[target.dataset.action]()


BOARD.addEventListener("click", create_proxy(on_click))
for button in BOARD.querySelectorAll("[data-action]"):
    button.disabled = False
performance.mark("klondike-ready")
