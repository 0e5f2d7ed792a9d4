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
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..cards import CARDS, RANKS, SUIT_SYMBOLS, Card
from ..game import Game
from ..i18n import N_, SOURCE_LANGUAGE
from .storage import BACKS, CARD_SIZES, TABLES, Settings
from .stored import PAINT_VERSION
from .view import Layout, layout

#: What a tap or a key before Python is ready is answered with (static/paint.js).
WAITING = N_("Still loading: try again in a moment.")
#: The loading bar's label before Python is ready (static/boot.js).
LOADING = N_("Loading…")
#: What static/boot.js says where the game could not start (a runtime file that did not
#: arrive), and its button's text, which loads the page again.
FAILED = N_("The game could not start. Check your connection, then try again.")
RETRY = N_("Try again")
#: What static/boot.js adds under the loading bar where a first visit's download takes a
#: while (the runtime is most of it: 12 MiB).
SLOW = N_("The first visit downloads the game. From then on it starts in a moment, "
          "offline too.")
#: What the page says before Python is ready, by the record's key for it.
BOOT_TEXTS = {"waiting": WAITING, "loading": LOADING, "failed": FAILED, "retry": RETRY,
              "slow": SLOW}

#: A first visit's deals, one of which static/paint.js draws before Python is ready when
#: nothing is stored yet: draw 1 and Normal scoring, the settings' defaults. Each is won
#: (tests/test_paint.py solves them), so a new player's first game can be won.
FIRST_DEALS = ("KL1-D1N-NHPIFBM", "KL1-D1N-KYZDLIR", "KL1-D1N-CAGVOBQ", "KL1-D1N-IZRRVNH")

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
             table_h: float | None = None, loading: str = LOADING,
             language: str = SOURCE_LANGUAGE, texts: Mapping[str, str] | None = None,
             failed: str = FAILED, retry: str = RETRY, slow: str = SLOW) -> str:
    """The record of a table drawn as ``drawn``, as JSON text: for each card (in the
    order of ``CARDS``) its text, class, marks, place, stacking order, whether it is face
    up and its accessible name (``labels`` translates a place's label); the piles'
    outlines; the table's height; the looks; and ``waiting``, what a tap or a key before
    Python is ready is answered with, ``loading``, the loading bar's label, ``slow``,
    what it adds where a first visit's download takes a while, and ``failed`` and
    ``retry``, what the page says and offers where the game cannot start, in the
    player's language (``language``), with ``texts``, the page's own texts on screen
    before Python is ready, translated (by :func:`text_key`); ``chrome``, the height
    the page left to the toolbar and the status line (a CSS length such as "112px"), and
    ``table_h``, the table's height in card widths the size was chosen for
    (:func:`klondike.app.view.table_height`), so that the cards come out the size they
    were."""
    record = _record(drawn, settings, waiting, labels, chrome, table_h, loading)
    record.update(failed=failed, retry=retry, slow=slow, lang=language,
                  texts=dict(texts or {}))
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def text_key(msgid: str, context: str | None = None) -> str:
    """How a record's ``texts`` know a text of the page: its msgid, after its context and
    gettext's separator if it has one (``data-i18n-context``)."""
    return f"{context}\x04{msgid}" if context else msgid


def _record(drawn: Layout, settings: Settings, waiting: str,
            labels: Callable[[str], str] = str, chrome: str | None = None,
            table_h: float | None = None, loading: str = LOADING) -> dict[str, Any]:
    body, root = looks(settings)
    # Places and slots are rounded already (view.layout, view.slots): this is made after
    # every move, on the page's thread.
    cards = [[*_LOOKS[p.card], p.x, p.y, p.z, p.face_up, labels(p.label)]
             for p in drawn.places]
    slots = {pile: [x, y] for pile, (x, y) in drawn.slots.items()}
    return {"v": PAINT_VERSION, "cards": cards, "slots": slots,
            "height": round(drawn.height, 4), "body": body, "root": root,
            "waiting": waiting, "loading": loading, "chrome": chrome, "tableH": table_h}


def first_visit(translations: Mapping[str, Callable[[str, str | None], str]],
                page: Iterable[tuple[str, str | None]] = ()) -> str:
    """What ``index.html`` carries for a first visit, as JSON text: ``deals``, the record
    (as :func:`painting` makes it, with the default settings and the texts in English)
    of each of :data:`FIRST_DEALS`, fresh, with its ``code``; ``languages``, per language
    of ``translations`` (its ``gettext`` of a msgid and its context), :data:`WAITING`,
    :data:`LOADING`, :data:`FAILED`, :data:`RETRY`, :data:`SLOW`, the cards' names
    those records hold and the page's own texts on screen before Python (``page``:
    msgid and context), translated. The script draws a deal at random in the browser's
    language (the settings follow the browser's language until the player chooses)."""
    deals = [{"code": code, **_record(layout(Game.from_code(code)), Settings(), WAITING)}
             for code in FIRST_DEALS]
    names = sorted({card[-1] for deal in deals for card in deal["cards"]})
    texts = sorted(set(page), key=lambda text: text_key(*text))
    languages = {language: {
        **{key: gettext(msgid, None) for key, msgid in BOOT_TEXTS.items()},
        "labels": {name: gettext(name, None) for name in names},
        "texts": {text_key(msgid, context): gettext(msgid, context) for msgid, context in texts},
    } for language, gettext in sorted(translations.items())}
    return json.dumps({"v": PAINT_VERSION, "deals": deals, "languages": languages},
                      ensure_ascii=False, separators=(",", ":"))
