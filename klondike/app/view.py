"""The pure view: where every card goes and how it looks, decided without the DOM.

The browser glue keeps 52 persistent card elements and patches each from its
:class:`Place`; nothing here knows about HTML. Distances are in card widths (a card is
1 wide and :data:`CARD_H` high), so the glue needs only one number, the card width in
pixels, to draw the table at any size, from a 360 px phone to a desktop.

>>> from klondike import Game
>>> places = layout(Game.from_code("KL1-D1N-AAAAAAG")).places
>>> p = places[Card.from_text("Ah")]
>>> (p.pile, p.index, p.face_up, p.draggable, p.label)
('T7', 6, True, True, 'ace of hearts')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from ..cards import CARDS, SUITS, Card
from ..game import Game
from ..i18n import N_

CARD_H = 1.4  # card height in card widths (the 5:7 of a playing card)
GAP = 0.14  # between columns
MARGIN = 0.1
PITCH = 1 + GAP
TABLE_W = 2 * MARGIN + 7 + 6 * GAP
TOP_Y = 0.1
TABLEAU_Y = TOP_Y + CARD_H + 0.3
DOWN_STEP = 0.16  # face-down cards: just enough to count them
UP_STEP = 0.38  # face-up cards: the rank and suit index stays readable
#: Where the window leaves room (a phone held upright), face-up cards are spread further,
#: up to this, so that each card's strip is a target a finger can hit (TARGET_PX high).
MAX_UP_STEP = 0.62
TARGET_PX = 24  # WCAG 2.2, 2.5.8: a target at least 24 by 24 CSS px
MIN_DOWN_STEP = 0.06
#: The least face-up offset of a squeezed column: the index (static/site.css draws the
#: rank's box 0.3 card widths high, 3% of the card's height, 0.042 widths, below the
#: card's 1 px border) stays whole down to 36 px cards, so a J never reads as an I; with
#: large card corners (0.4 high) a larger one.
MIN_UP_STEP = 0.37
MIN_UP_STEP_LARGE = 0.47
FAN_STEP = 0.4  # draw-3 waste fan (R2.8): a covered card shows its rank and suit ("10" too)
FAN_STEP_LARGE = 0.5  # with large card corners
#: The table's height the card size is chosen for (static/site.css's --table-h, written by
#: tools/build.py): a fresh deal's tallest column with two more cards on it. Taller columns
#: are squeezed to the room the window leaves (:func:`column_steps`), and where even the
#: least offsets do not fit, the cards get smaller (:func:`table_height`).
FIT_H = round(TABLEAU_Y + 6 * DOWN_STEP + 2 * UP_STEP + CARD_H + MARGIN, 4)

# --- the table in the window (CSS px) -----------------------------------------------------
# static/site.css draws the table before Python is ready with the same sizes (a formula of
# these numbers, written there by tools/build.py); once Python runs, the page asks
# :func:`fit` and writes the card width it decides. e2e/test_fit.py fails on drift.
#: A card is never wider than this, by the card size setting: "normal" stops where cards
#: stop being comfortable on a desktop monitor, "large" fills any window (low vision).
CARD_MAX_PX = {"normal": 180, "large": 400}
#: Nor narrower than this where the window is wide enough for it: a table fitted below a
#: toolbar and a status line of large text (the browser's text size at 200%, WCAG 1.4.4)
#: on a phone would leave cards a pixel wide. 24 px is the least target size of WCAG
#: 2.5.8; the page then scrolls to what is below the table. (The smallest card without
#: large text: 27 px, the tallest column with large corners in a 568 x 320 window.)
CARD_MIN_PX = 24
#: Below the table in the layout with the tools above it: the status line (two lines on a
#: phone) and the page's padding.
STATUS_ROOM_PX = 64
#: The side layout, for a window much wider than high (a phone held sideways): the tools
#: and the status line in a column of this width beside the table, which then has the
#: window's whole height. Chosen from the window's shape alone: its width over its height
#: at least SIDE_ASPECT, and a height of at most SIDE_MAX_H (taller windows have room for
#: the toolbar above the table).
SIDE_W_PX = 196
SIDE_ASPECT = (3, 2)
SIDE_MAX_H_PX = 560
FOUNDATION_PILES = tuple(f"F{s}" for s in SUITS)  # the fixed order s h d c (R2.5)
COLUMN_PILES = tuple(f"T{i}" for i in range(1, 8))
PILES = ("stock", "waste", *FOUNDATION_PILES, *COLUMN_PILES)

# Stacking: a card's z-index is its pile's base plus its index in the pile, so a move changes
# the z-index of the cards that moved and of no other (a number across the whole table made
# one move renumber every card after it). A pile of 52 fits between two bases.
PILE_Z = {pile: 64 * (k + 1) for k, pile in enumerate(PILES)}
ABOVE_PILES_Z = PILE_Z[PILES[-1]] + 64  # over every card at rest: the win's cascade
# Added to a card's z-index while it is dragged or glides to another pile, so that it passes
# over every card at rest and the cascade (and, at most 1000 + 1000, stays under the
# toolbar's menu: z-index 2000 in site.css).
RAISED_Z = 1000


class Place(NamedTuple):
    card: Card
    pile: str  # "stock", "waste", "Fs".."Fc", "T1".."T7"
    index: int  # type: ignore[assignment]  # from the bottom of the pile (not tuple.index)
    face_up: bool
    x: float  # left edge, card widths from the table's left
    y: float  # top edge
    z: int  # stacking order within the table: PILE_Z[pile] + index
    draggable: bool
    label: str  # the accessible name as a message: "7 of hearts"; show it as _(label)


class Layout(NamedTuple):
    places: tuple[Place, ...]  # indexed by card (0..51)
    slots: dict[str, tuple[float, float]]  # the empty-pile outline of each pile
    height: float  # of the whole table, in card widths


def slots(left_handed: bool = False) -> dict[str, tuple[float, float]]:
    """Where each pile sits. Left-handed puts the stock on the right, mirrored."""

    def col_x(i: int) -> float:
        return round(MARGIN + (6 - i if left_handed else i) * PITCH, 4)

    out = {"stock": (col_x(0), TOP_Y), "waste": (col_x(1), TOP_Y)}
    for k, pile in enumerate(FOUNDATION_PILES):
        out[pile] = (col_x(3 + k), TOP_Y)
    for i, pile in enumerate(COLUMN_PILES):
        out[pile] = (col_x(i), round(TABLEAU_Y, 4))
    return out


def column_steps(down: int, up: int, room: float | None, min_up: float = MIN_UP_STEP,
                 up_step: float = UP_STEP) -> tuple[float, float]:
    """Offsets for face-down and face-up cards (``up_step`` where there is room),
    compressed so the column fits ``room`` (the height below the column's top, in card
    widths): the face-down cards first, as they show nothing, then the face-up ones, never
    below ``min_up`` (:data:`MIN_UP_STEP`, or :data:`MIN_UP_STEP_LARGE` with large
    corners), which leaves every index whole."""
    ups = max(up - 1, 0)
    if room is None or down * DOWN_STEP + ups * up_step + CARD_H <= room:
        return DOWN_STEP, up_step
    spare = room - CARD_H - ups * up_step  # for the face-down cards, if up keeps its step
    if down and spare >= down * MIN_DOWN_STEP:
        return spare / down, up_step
    if not ups:
        return MIN_DOWN_STEP, up_step
    return MIN_DOWN_STEP, max((room - CARD_H - down * MIN_DOWN_STEP) / ups, min_up)


def table_height(game: Game, large_index: bool = False) -> float:
    """The table's height, in card widths, that the card size is chosen for: :data:`FIT_H`,
    or more where a column is so long that it needs more even at the least offsets (6
    face-down cards under 13 face-up ones: 8.1, or 9.3 with large corners)."""
    min_up = MIN_UP_STEP_LARGE if large_index else MIN_UP_STEP
    longest = max(len(c.down) * MIN_DOWN_STEP + max(len(c.up) - 1, 0) * min_up
                  for c in game.tableau)
    return max(FIT_H, round(TABLEAU_Y + longest + CARD_H + MARGIN, 4))


def pad(width: float) -> float:
    """The page's padding at a window ``width`` wide (static/site.css's --pad)."""
    return min(max(6.0, 0.015 * width), 16.0)


def side_layout(width: float, height: float) -> bool:
    """Whether a window of this size (CSS px) puts the tools beside the table."""
    wide, high = SIDE_ASPECT
    return width * high >= height * wide and height <= SIDE_MAX_H_PX


class Fit(NamedTuple):
    card_px: float  # the card width
    side: bool  # the tools beside the table (:func:`side_layout`)
    chrome_px: int  # of the window's height, what is not the table's
    room: float  # the table's height in card widths: columns are squeezed to fit it
    up_step: float  # the face-up cards' offset where a column has room (TARGET_PX high)


def fit(width: float, height: float, top: float, table_h: float = FIT_H,
        size: str = "normal", below: float = 0.0) -> Fit:
    """The card size in a window ``width`` by ``height`` CSS px whose table starts
    ``top`` px from the window's top, for a table ``table_h`` card widths high
    (:func:`table_height`) and the card size setting ``size``: the table fills the width
    or the height, whichever binds, up to :data:`CARD_MAX_PX`. The page never scrolls,
    unless the height would make cards narrower than :data:`CARD_MIN_PX` (large text
    in a small window): then they are that wide (or as wide as the window lets them be), the
    table keeps its height in card widths, and the page scrolls.
    ``below``: how much more than :data:`STATUS_ROOM_PX` the page takes below the table:
    a status line of three lines, or a banner shown below it (no useful move left, the
    game in another tab, Play it for me, a replay), which must stay in the window too,
    as their buttons are the way on. In the side layout they are in the tools' column,
    which scrolls by itself, and take nothing from the table."""
    side = side_layout(width, height)
    edge = pad(width)
    # Whole px: the paint record keeps it.
    chrome = math.ceil(top + (edge if side else STATUS_ROOM_PX + below))
    across = width - 2 * edge - (SIDE_W_PX + edge if side else 0)
    wide = across / TABLE_W  # as wide as the window lets them be
    card = max(min(wide, (height - chrome) / table_h,
                   CARD_MAX_PX.get(size, CARD_MAX_PX["normal"])), min(wide, CARD_MIN_PX))
    card = max(round(card, 2), 1.0)
    up_step = min(max(UP_STEP, TARGET_PX / card), MAX_UP_STEP)
    return Fit(card, side, chrome, max((height - chrome) / card, table_h), round(up_step, 4))


def layout(game: Game, height: float | None = None, left_handed: bool = False,
           large_index: bool = False, up_step: float = UP_STEP) -> Layout:
    """Every card's :class:`Place`. ``height`` is the room for the whole table in card
    widths; long columns are compressed to fit it, down to offsets that leave every
    card's index whole (larger with ``large_index``: large card corners). ``up_step``:
    the face-up offset in a column with room (:attr:`Fit.up_step`)."""
    where = slots(left_handed)
    places: list[Place | None] = [None] * 52
    # Made after every move on the page's thread: tuples made directly (as Place's own
    # __new__ does, without its call), the slots' places as they are (rounded already).
    new, face_down = tuple.__new__, N_("face-down card")

    x, y = where["stock"]
    z = PILE_Z["stock"]
    for index, card in enumerate(reversed(game.stock)):  # the next card on top
        places[card] = new(Place, (card, "stock", index, False, x, y, z + index, False,
                                   face_down))

    x, y = where["waste"]
    z = PILE_Z["waste"]
    waste = game.waste
    fan = game.waste_fan
    direction = -1 if left_handed else 1
    fan_step = FAN_STEP_LARGE if large_index else FAN_STEP
    last = len(waste) - 1
    for index, card in enumerate(waste):
        shift = max(0, index - (len(waste) - fan)) * fan_step * direction
        places[card] = new(Place, (card, "waste", index, True, round(x + shift, 4), y,
                                   z + index, index == last, card.name))

    foundations = game.foundations
    for s, pile in enumerate(FOUNDATION_PILES):
        x, y = where[pile]
        z = PILE_Z[pile]
        last = foundations[SUITS[s]] - 1
        for index in range(last + 1):
            card = CARDS[s * 13 + index]
            places[card] = new(Place, (card, pile, index, True, x, y, z + index,
                                       index == last, card.name))

    bottom = TABLEAU_Y + CARD_H
    min_up = MIN_UP_STEP_LARGE if large_index else MIN_UP_STEP
    up_step = max(up_step, min_up)  # large corners need more than the usual offset
    room = None if height is None else height - TABLEAU_Y - MARGIN
    for pile, column in zip(COLUMN_PILES, game.tableau, strict=True):
        x, top = where[pile]
        z = PILE_Z[pile]
        down, up = column
        # Each column's own steps: a long column compressed leaves the others as they are.
        down_step, column_up_step = column_steps(len(down), len(up), room, min_up, up_step)
        for index, card in enumerate(down):
            places[card] = new(Place, (card, pile, index, False, x,
                                       round(top + index * down_step, 4), z + index, False,
                                       face_down))
        y = top + len(down) * down_step
        for k, card in enumerate(up, len(down)):
            places[card] = new(Place, (card, pile, k, True, x, round(y, 4), z + k, True,
                                       card.name))
            y += column_up_step
        if up:
            y -= column_up_step
        bottom = max(bottom, y + CARD_H)
    return Layout(tuple(places), where, max(bottom + MARGIN, height or 0))  # type: ignore[arg-type]


def drawn_z(before: Sequence[Place | None], after: Sequence[Place]) -> list[int]:
    """The z-index of each card as the board goes from ``before`` (the places last drawn,
    None for a card never drawn) to ``after``. A card that arrives in a pile (from another
    pile, or at another index after a jump such as a new game) rides raised while it glides,
    as it would otherwise pass under the pile it leaves or a pile on its way (a card going
    home from column 5 crosses its column; one coming down to column 1 may cross columns 2
    and 3), and so does every card over it in that pile, which stays over it. The others
    keep their place's own z, which the page writes for all at its first render (or
    drag) after the glides are over."""
    lowest: dict[str, int] = {}  # pile -> the lowest index a card arrived at
    for old, new in zip(before, after, strict=True):
        if old is not None and (old.pile, old.index) != (new.pile, new.index):
            lowest[new.pile] = min(lowest.get(new.pile, 52), new.index)
    if not lowest:
        return [new.z for new in after]
    return [new.z + RAISED_Z if new.index >= lowest.get(new.pile, 52) else new.z
            for new in after]


def pile_at(layout_: Layout, x: float, y: float) -> str | None:
    """The pile a dragged card with its top-left corner at (x, y) is dropped on: the
    column or foundation it overlaps most (a column is its width and half the gaps beside
    it, down to the bottom of the table, as static/site.css draws its target for taps).
    Any foundation means ``"F"`` (R2.5: a card dropped anywhere on the foundation row goes
    to its own suit's slot)."""
    best, best_area = None, 0.0
    for pile in (*FOUNDATION_PILES, *COLUMN_PILES):
        sx, sy = layout_.slots[pile]
        left, right, top, bottom = sx, sx + 1, sy, sy + CARD_H
        if pile[0] == "T":  # a column reaches all the way down, and half way to the next
            left, right, bottom = sx - GAP / 2, sx + 1 + GAP / 2, float("inf")
        w = min(x + 1, right) - max(x, left)
        h = min(y + CARD_H, bottom) - max(y, top)
        if w > 0 and h > 0 and w * h > best_area:
            best, best_area = pile, w * h
    if best and best[0] == "F":
        return "F"
    return best
