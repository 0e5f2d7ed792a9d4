"""The table as drawn, for the page's next visit: what ``static/paint.js`` puts on screen
before Python is ready (issue 38), and the looks of the cards and the table, which the
glue applies from here too, so the two never differ.

The page stores :func:`painting` of its last render under :data:`PAINT_KEY`. The next
visit draws it at once, before Pyodide starts: the cards where this module and
:func:`klondike.app.view.layout` put them, with the looks of the player's settings. No rule
is read there: the script copies placements, class names and texts. Once Python is
ready the page adopts those card elements and draws the game as usual.

>>> from klondike import Game
>>> from klondike.app.storage import Settings
>>> from klondike.app.view import layout
>>> text = painting(layout(Game.from_code("KL1-D1N-AAAAAAG")), Settings(), "One moment")
>>> record = json.loads(text)
>>> record["v"], len(record["cards"]), record["cards"][0][:2]
(1, 52, ['As', 'card s-s'])
>>> record["body"], record["root"]
(['back-lattice'], ['table-green', 'cards-normal'])
"""

from __future__ import annotations

import json
from collections.abc import Callable

from ..cards import CARDS, RANKS, SUIT_SYMBOLS, Card
from .storage import BACKS, CARD_SIZES, TABLES, Settings
from .stored import PAINT_VERSION
from .view import Layout

#: Every class the settings can put on the page's body (``body``) and root (``root``):
#: the glue removes those not in :func:`looks` and adds the others.
BODY_CLASSES = ("four-colour", "animation-off", "animation-fast", "large-index",
                "left-handed", *(f"back-{back}" for back in BACKS))
ROOT_CLASSES = (*(f"table-{table}" for table in TABLES),
                *(f"cards-{size}" for size in CARD_SIZES))


def card_class(card: Card) -> str:
    """The class of a card's element: its suit, colour and, for a court card, its rank."""
    return (f"card s-{card.suit}" + (" red" if card.is_red else "")
            + (f" court r-{RANKS[card.rank - 1]}" if card.rank > 10 else ""))


def card_marks(card: Card) -> tuple[str, str, str]:
    """The texts of a card's rank, suit and pip spans (in that order)."""
    rank = "10" if card.rank == 10 else RANKS[card.rank - 1]
    symbol = SUIT_SYMBOLS[card.suit_index]
    return rank, symbol, symbol


#: Per card (by its number): its text, class and marks, as painting() writes them.
_LOOKS = tuple((str(card), card_class(card), *card_marks(card)) for card in CARDS)


def looks(settings: Settings) -> tuple[list[str], list[str]]:
    """The classes of :data:`BODY_CLASSES` and :data:`ROOT_CLASSES` the settings turn on."""
    body = [name for name, on in (
        ("four-colour", settings.four_colour),
        ("animation-off", settings.animation == "off"),
        ("animation-fast", settings.animation == "fast"),
        ("large-index", settings.large_index),
        ("left-handed", settings.left_handed),
    ) if on]
    body += [f"back-{back}" for back in BACKS if settings.back == back]
    root = [f"table-{table}" for table in TABLES if settings.table == table]
    root += [f"cards-{size}" for size in CARD_SIZES if settings.card_size == size]
    return body, root


def painting(drawn: Layout, settings: Settings, waiting: str,
             labels: Callable[[str], str] = str, chrome: str | None = None,
             table_h: float | None = None) -> str:
    """The record of a table drawn as ``drawn``, as JSON text: for each card (in the
    order of ``CARDS``) its text, class, marks, place, stacking order, whether it is face
    up and its accessible name (``labels`` translates a place's label); the piles'
    outlines; the table's height; the looks; and ``waiting``, what a tap or a key before
    Python is ready is answered with, in the player's language; ``chrome``, the height
    the page left to the toolbar and the status line (a CSS length such as "112px"), and
    ``table_h``, the table's height in card widths the size was chosen for
    (:func:`klondike.app.view.table_height`), so that the cards come out the size they
    were."""
    body, root = looks(settings)
    # Places and slots are rounded already (view.layout, view.slots): this is made after
    # every move, on the page's thread.
    cards = [[*_LOOKS[p.card], p.x, p.y, p.z, p.face_up, labels(p.label)]
             for p in drawn.places]
    slots = {pile: [x, y] for pile, (x, y) in drawn.slots.items()}
    return json.dumps({"v": PAINT_VERSION, "cards": cards, "slots": slots,
                       "height": round(drawn.height, 4), "body": body, "root": root,
                       "waiting": waiting, "chrome": chrome, "tableH": table_h},
                      ensure_ascii=False,
                      separators=(",", ":"))
