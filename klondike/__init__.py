"""Klondike solitaire: the rules core (SPEC R1-R4, R7, R10).

Pure Python, standard library only, no I/O: it runs the same in CPython (tests, the
command line, the solver) and in the browser under Pyodide.

>>> from klondike import Game
>>> game = Game.from_code("KL1-D1N-AAAAAAG")
>>> game.play("S")
Move('S')
>>> [str(c) for c in game.waste]
['Qh']
"""

__version__ = "0.1.0"  # the package's one version (pyproject.toml reads it)

from .cards import CARDS, Card
from .codes import BadCode, GameCode
from .deal import DEALS, deal
from .game import BadPosition, BadSave, Column, Game
from .moves import IllegalMove, Move

__all__ = [
    "CARDS",
    "DEALS",
    "BadCode",
    "BadPosition",
    "BadSave",
    "Card",
    "Column",
    "Game",
    "GameCode",
    "IllegalMove",
    "Move",
    "__version__",
    "deal",
]
