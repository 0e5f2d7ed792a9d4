"""The table: 52 persistent card elements patched from :func:`klondike.app.view.layout`,
the 13 pile outlines, and the marks on them (hint, drop target, keyboard cursor and pick).
"""

import math
from time import monotonic
from typing import NamedTuple

from js import Object, ResizeObserver, document, window
from pyodide.ffi import create_proxy, to_js

from klondike import CARDS
from klondike.app.paint import (
    FAILED,
    LOADING,
    RETRY,
    SLOW,
    WAITING,
    card_class,
    card_marks,
    painting,
)
from klondike.app.stored import PAINT_KEY
from klondike.app.view import (
    PILES,
    RAISED_Z,
    STATUS_ROOM_PX,
    drawn_z,
    fit,
    layout,
    pile_at,
    slots,
    table_height,
)
from klondike.i18n import _

from .dom import BOARD, TABLE, nullable

GLIDE_S = 0.25  # a little more than the CSS --move-time: a glide is over after it
ROOT_STYLE = document.documentElement.style
STATUS = document.getElementById("status")
# Below the status line: no useful move left (R6), the game in another tab (R9), Play it
# for me and a replay (issue 42). Their buttons are the way on, so they stay in the window.
BANNERS = [document.getElementById(name) for name in ("stuck", "elsewhere", "demo-bar",
                                                      "replay-bar")]
STUCK = BANNERS[0]  # the one a resumed game shows again
NEAREST = to_js({"block": "nearest"}, dict_converter=Object.fromEntries)
CARDS_BY_TEXT = {str(c): c for c in CARDS}


class Parts(NamedTuple):
    """What a move writes of a card's element, each fetched once: every fetch from Python
    makes a new proxy (a method too), and a move patches a dozen cards or more."""

    style: object
    set_style: object  # style.setProperty
    remove_style: object  # style.removeProperty
    toggle: object  # classList.toggle
    set_attribute: object
    dataset: object


class Board:
    def __init__(self, on_resized) -> None:
        self.cards = {}  # card -> element
        self.parts = {}  # card -> Parts of its element
        self.marked = {}  # mark (class) -> the elements it is on, so unmark queries nothing
        self.height = ""  # the table's height last written, in card widths
        self.slots = {pile: TABLE.querySelector(f'[data-pile="{pile}"]') for pile in PILES}
        self.shown = {}  # card -> Place last written to its element
        self.z = {}  # card -> the z-index last written: RAISED_Z or more while it glides
        self.layout = None
        self.painted = None  # the record of painting() last returned
        # The page's language and its texts on screen before Python (the record's)
        self.page_texts: tuple[str, dict[str, str]] = ("en", {})
        self.sizes = {}  # the root's CSS variables last written by fit_table()
        self.card_px = 1.0
        self.raised_at = 0.0  # monotonic() when the last card raised began to glide
        for card in CARDS:
            el = self.cards[card] = self.make_card(card)
            self.parts[card] = Parts(el.style, el.style.setProperty, el.style.removeProperty,
                                     el.classList.toggle,
                                     el.setAttribute, el.dataset)
        # measure()'s, measured when they may have changed (not at every move: reading
        # them forces a layout in the middle of the move's work).
        self.metrics = None
        self.side = False  # the tools beside the table (klondike.app.view.side_layout)
        self.on_resized = on_resized  # draws the table again

        # The toolbar wraps to another height (a language, the code, the winnable mark):
        # the table's top moves. A status line of three lines or more, or a banner shown
        # or hidden below it: the table makes room for them. The window's own resizing
        # comes as the resize event.
        self.observer = ResizeObserver.new(create_proxy(self.refit))
        for element in (document.querySelector(".toolbar"), STATUS, *BANNERS):
            self.observer.observe(element)

    @staticmethod
    def make_card(card):
        """The card's element: the one static/paint.js drew before Python was ready, if
        any (kept where it is, face up or down, until the first render), else a new one.
        paint.js draws it from this build's record (klondike/app/paint.py) as below, so
        an element with this class and these marks is kept as it is: rebuilding 52 cards
        took about 20 ms of a warm start at desktop speed, and restyling them more."""
        el = nullable(document.getElementById(f"c-{card}"))
        cls = "" if el is None else el.className
        down = cls.endswith(" down")
        kind = card_class(card)
        marks = card_marks(card)
        if (el is not None and cls == kind + (" down" if down else "")
                and el.textContent == "".join(marks) and el.childElementCount == 3):
            return el
        if el is None:
            el = document.createElement("div")
            TABLE.appendChild(el)
        el.className = kind + (" down" if down else "")
        el.id = f"c-{card}"
        el.dataset.card = str(card)
        el.setAttribute("role", "img")
        el.replaceChildren()
        for part, text in zip(("rank", "suit", "pip"), marks, strict=True):
            span = document.createElement("span")
            span.className = part
            span.setAttribute("aria-hidden", "true")
            span.textContent = text
            el.appendChild(span)
        return el

    # --- drawing ------------------------------------------------------------------------
    def refit(self, *_args) -> None:
        """Measure the window, the table's top and what stands below the table again
        (:func:`measure`), and draw the table to fit if any of it changed. In the side
        layout the tools' column scrolls by itself: it shows the status line whole (a
        long message, in Polish on a phone held sideways, ran past the window's foot),
        and a banner at its foot before it. So does the page where the cards are as small
        as they go (large text in a small window) when a banner came."""
        if self.layout is None:  # not drawn yet (the game is not resumed yet): the first
            return  # drawing measures (the loading bar below the table is gone by then)
        metrics = measure()
        changed, self.metrics = metrics != self.metrics, metrics
        if changed:  # not when the status line's second line came or went, say
            self.on_resized()
        if self.side:
            STATUS.scrollIntoView(NEAREST)
        if self.side or changed:
            for banner in BANNERS:
                if not banner.hidden:
                    banner.scrollIntoView(NEAREST)

    def render(self, game, settings, animated: bool = True) -> None:
        """Patch every card whose place changed, at the size :func:`klondike.app.view.fit`
        decides for the window and the game's longest column. ``animated``: cards glide
        to their places (and ride above the others meanwhile)."""
        if self.metrics is None:
            self.metrics = measure()
        width, height, top, below = self.metrics
        table_h = table_height(game, settings.large_index)
        sized = fit(width, height, top, table_h, settings.card_size, below)
        self.side = sized.side
        self.fit_table(sized, table_h)
        self.layout = layout(game, sized.room, settings.left_handed, settings.large_index,
                             sized.up_step)
        shown, z = self.shown, self.z
        places = self.layout.places
        if animated:
            zs = drawn_z([shown.get(card) for card in CARDS], places)
        else:
            zs = [place.z for place in places]
        # Cards raised by earlier glides stay raised while the last of those glides is on
        # its way, all together, so a card raised later (on top of one raised earlier) is
        # never under it; once they are over, this move's own writes lower them. A timer
        # lowering them at the glide's end made a frame of its own, which a quick next tap
        # waited behind (busy stock taps, pointerup -> DOM median 6.7 ms against 3.7 for
        # cd1baf4). At rest no two piles overlap: a card left raised covers nothing.
        now = monotonic()
        keep_raised = now - self.raised_at < GLIDE_S
        for place in places:
            card = place.card
            if shown.get(card) != place:
                self.patch(place)
            want = zs[card]
            if want != place.z:
                self.raised_at = now
            elif keep_raised and z.get(card, 0) >= RAISED_Z:
                want += RAISED_Z
            if z.get(card) != want:
                self.parts[card].style.zIndex = str(want)
                z[card] = want
        height = f"{self.layout.height:.4f}"  # card widths: the columns' targets reach it
        if height != self.height:
            TABLE.style.setProperty("--table-rows", height)
            self.height = height
        self.unmark("hint")

    def fit_table(self, sized, table_h: float) -> None:
        """Write the card width decided (--card-w, which the stylesheet's formula stood
        for until now), and what that formula needs, kept in the paint record so the
        next visit's first frame draws the cards this size: the height of the window not
        the table's (--chrome-h) and the table's height in card widths (--table-h)."""
        self.card_px = sized.card_px
        for name, value in (("--card-w", f"{sized.card_px:g}px"),
                            ("--chrome-h", f"{sized.chrome_px}px"), ("--table-h", f"{table_h:g}")):
            if self.sizes.get(name) != value:
                ROOT_STYLE.setProperty(name, value)
                self.sizes[name] = value

    def painting(self, settings) -> list[tuple[str, str]]:
        """The write of the table as last drawn (:func:`klondike.app.paint.painting`),
        if it changed since the last call."""
        if self.layout is None:
            return []
        language, texts = self.page_texts
        chrome, table_h = self.sizes["--chrome-h"], float(self.sizes["--table-h"])
        width, height, top, below = self.metrics
        if below and STUCK.hidden:
            # The room below the table is a status line of three lines or more, or a
            # banner but the stuck one (which shows again): the next visit starts without
            # them, and draws the cards the size they then fit (with a status line of four
            # lines, they were drawn 11% smaller and grew at ready).
            chrome = f"{fit(width, height, top, table_h, settings.card_size).chrome_px}px"
        text = painting(self.layout, settings, _(WAITING),
                        labels=_, chrome=chrome, table_h=table_h, loading=_(LOADING),
                        language=language, texts=texts, failed=_(FAILED), retry=_(RETRY),
                        slow=_(SLOW))
        if text == self.painted:
            return []
        self.painted = text
        return [(PAINT_KEY, text)]

    def patch(self, place) -> None:
        """Write what changed of the card's place (its z-index: see render)."""
        old = self.shown.get(place.card)
        parts = self.parts[place.card]
        if old is None or old.x != place.x:
            parts.set_style("--x", str(place.x))
        if old is None or old.y != place.y:
            parts.set_style("--y", str(place.y))
        if old is None or old.face_up != place.face_up:
            parts.toggle("down", not place.face_up)
            parts.set_attribute("aria-label", _(place.label))  # the label is its msgid
        if old is None or old.pile != place.pile:
            parts.dataset.pile = place.pile
        if old is None or old.index != place.index:
            parts.dataset.index = str(place.index)
        if old is None or old.draggable != place.draggable:
            parts.toggle("draggable", place.draggable)
        self.shown[place.card] = place

    def restack(self) -> None:
        """Every card in its own stacking order again (after the win's cascade)."""
        for card, place in self.shown.items():
            self.parts[card].style.zIndex = str(place.z)
            self.z[card] = place.z

    def relabel(self) -> None:
        """Every card's accessible name again, in the language just installed."""
        for place in self.layout.places if self.layout else ():
            self.cards[place.card].setAttribute("aria-label", _(place.label))

    @staticmethod
    def position_slots(left_handed: bool) -> None:
        for pile, (x, y) in slots(left_handed).items():
            el = TABLE.querySelector(f'[data-pile="{pile}"]')
            el.style.setProperty("--x", str(round(x, 4)))
            el.style.setProperty("--y", str(round(y, 4)))

    # --- reading the layout ---------------------------------------------------------------
    def place_at(self, pile: str, index: int):
        for place in self.layout.places:
            if place.pile == pile and place.index == index:
                return place
        return None

    def place_of(self, card: str | None):
        """The place of the card named ``card`` in the table as last drawn (None: not a
        card, or nothing drawn yet)."""
        if card is None or self.layout is None:
            return None
        return self.layout.places[CARDS_BY_TEXT[card]]

    def run_cards(self, pile: str, index: int) -> list:
        """The card ``index`` of ``pile`` and, in a column, the cards on it."""
        places = [p for p in self.layout.places if p.pile == pile and p.index >= index]
        if pile[0] != "T":
            places = [p for p in places if p.index == index]
        return [p.card for p in places]

    def drop_target(self, card: str, dx: float, dy: float) -> str | None:
        """The pile under the dragged card named ``card``, moved by (dx, dy) pixels."""
        lead = self.place_of(card)
        return pile_at(self.layout, lead.x + dx / self.card_px, lead.y + dy / self.card_px)

    # --- marks ------------------------------------------------------------------------------
    # Marks are only set through mark(), which keeps where each is: unmark() runs at every
    # move, and usually finds nothing to take off without asking the DOM.
    def mark(self, cls: str, el) -> None:
        el.classList.add(cls)
        self.marked.setdefault(cls, []).append(el)

    def unmark(self, cls: str) -> None:
        for el in self.marked.pop(cls, ()):
            el.classList.remove(cls)

    def mark_run(self, cls: str, pile: str, index: int) -> None:
        for card in self.run_cards(pile, index):
            self.mark(cls, self.cards[card])

    def mark_pile(self, cls: str, pile: str) -> None:
        """The pile's outline, and the card on top of it, which covers the outline."""
        self.mark(cls, self.slots[pile])
        tops = [p for p in self.layout.places if p.pile == pile]
        if tops:
            self.mark(cls, self.cards[max(tops, key=lambda p: p.index).card])

    def mark_card(self, cls: str, pile: str, index: int) -> None:
        place = self.place_at(pile, index)
        if place is not None:
            self.mark(cls, self.cards[place.card])

    # --- dragging -----------------------------------------------------------------------------
    def lift(self, cards) -> None:
        """Dragged cards ride above everything, in their own order."""
        if monotonic() - self.raised_at >= GLIDE_S:
            self.settle()  # no card left raised from a glide over the dragged ones
        for card in cards:
            parts = self.parts[card]
            parts.toggle("dragging", True)
            self.z[card] = self.shown[card].z + RAISED_Z
            parts.style.zIndex = str(self.z[card])

    def follow(self, cards, dx: float, dy: float) -> None:
        """The dragged cards moved by (dx, dy) px: a pointermove's work, through the
        method proxies fetched once (Parts)."""
        x, y = f"{dx}px", f"{dy}px"
        for card in cards:
            set_style = self.parts[card].set_style
            set_style("--dx", x)
            set_style("--dy", y)

    def release(self, cards) -> None:
        """Let go: the cards glide to their place (the new one or back), still above the
        others until the glide ends."""
        for card in cards:
            parts = self.parts[card]
            parts.toggle("dragging", False)
            parts.remove_style("--dx")
            parts.remove_style("--dy")
        self.raised_at = monotonic()  # raised since lift(), until the glide is over

    def settle(self) -> None:
        """The raised cards at their places' own z-index, now (otherwise the first render
        after the last glide lowers them)."""
        for card, z in self.z.items():
            if z >= RAISED_Z:
                self.parts[card].style.zIndex = str(self.shown[card].z)
                self.z[card] = self.shown[card].z


def measure() -> tuple[float, float, float, float]:
    """What :func:`klondike.app.view.fit` needs of the page: the window's width and
    height, the table's top in the page (scrolled too), and how much more than
    :data:`~klondike.app.view.STATUS_ROOM_PX` the page takes below the table: a status
    line of three lines (two on a desktop, with its padding) or a banner, which then
    stay in the window too. Whole px, so that the same page measures the same."""
    table = TABLE.getBoundingClientRect()
    below = BOARD.getBoundingClientRect().bottom - table.bottom  # what follows the table
    return (window.innerWidth, window.innerHeight, table.top + window.scrollY,
            float(max(0, math.ceil(below - STATUS_ROOM_PX))))
