"""Issue 40: the table in the window, decided by klondike/app/view.py without a browser.

The card width follows the window's width or its height, whichever binds, up to the card
size setting's cap; a window much wider than high (a phone held sideways) puts the tools
beside the table; a long column squeezes, never below offsets that keep each index whole,
and where even those do not fit the cards get smaller. e2e/test_fit.py checks the same
numbers in Chromium, and that the stylesheet's formula agrees with them.
"""

import json

import pytest

from klondike import Game
from klondike.app.storage import CARD_SIZES, Settings
from klondike.app.view import (
    CARD_H,
    CARD_MAX_PX,
    CARD_MIN_PX,
    FIT_H,
    MAX_UP_STEP,
    MIN_DOWN_STEP,
    MIN_UP_STEP,
    MIN_UP_STEP_LARGE,
    SIDE_W_PX,
    STATUS_ROOM_PX,
    TABLE_W,
    TARGET_PX,
    UP_STEP,
    column_steps,
    fit,
    layout,
    pad,
    side_layout,
    table_height,
)

from .lines import TALL_DRAW1_CODE, TALL_DRAW1_MOVES, TALL_DRAW3_CODE, TALL_DRAW3_MOVES

# From a small phone to a large desktop, both orientations (the viewports).
VIEWPORTS = [(320, 568), (360, 740), (390, 844), (740, 360), (844, 390), (568, 320),
             (1024, 768), (1280, 800), (1366, 768), (1920, 1080), (2560, 1440)]
TOOLBAR_PX = 56  # the table's top under a toolbar of one row (two rows: 104)


def tall(draw: int = 1) -> Game:
    code, moves = ((TALL_DRAW1_CODE, TALL_DRAW1_MOVES) if draw == 1
                   else (TALL_DRAW3_CODE, TALL_DRAW3_MOVES))
    return Game.from_json(json.dumps({"v": 1, "code": code, "moves": moves}))


def top_of(width: int, height: int) -> float:
    return pad(width) if side_layout(width, height) else TOOLBAR_PX


def test_the_tallest_column_lines_reach_six_down_under_thirteen_up():
    for draw in (1, 3):
        column = tall(draw).tableau[6]
        assert (len(column.down), len(column.up)) == (6, 13)
    assert tall(3).waste_fan == 3


@pytest.mark.parametrize(("width", "height"), VIEWPORTS)
def test_the_table_fills_the_width_or_the_height_and_never_more(width, height):
    for table_h in (FIT_H, table_height(tall())):
        for size in CARD_SIZES:
            sized = fit(width, height, top_of(width, height), table_h, size)
            across = width - 2 * pad(width) - (SIDE_W_PX + pad(width) if sized.side else 0)
            down = height - sized.chrome_px
            assert sized.card_px * TABLE_W <= across + 0.05
            assert sized.card_px * table_h <= down + 0.05
            # One of the three bounds holds it: the width, the height or the cap.
            assert min(across / TABLE_W, down / table_h, CARD_MAX_PX[size]) == pytest.approx(
                sized.card_px, abs=0.01)
            assert sized.room * sized.card_px <= down + 0.05 and sized.room >= table_h


def test_desktops_get_large_cards_and_the_large_setting_fills_the_window():
    normal = fit(1920, 1080, TOOLBAR_PX).card_px
    large = fit(1920, 1080, TOOLBAR_PX, size="large").card_px
    assert normal == CARD_MAX_PX["normal"] and normal > 150  # the cap was 104 px
    assert large > normal  # as large as the height allows
    assert fit(2560, 1440, TOOLBAR_PX, size="large").card_px > large
    # A phone upright: the width binds, so the setting changes nothing there.
    assert fit(390, 844, TOOLBAR_PX).card_px == fit(390, 844, TOOLBAR_PX, size="large").card_px
    assert set(CARD_MAX_PX) == set(CARD_SIZES) and Settings().card_size == "normal"


def test_a_phone_held_sideways_puts_the_tools_beside_the_table():
    for width, height in ((740, 360), (844, 390), (568, 320), (932, 430)):
        assert side_layout(width, height)
        beside = fit(width, height, pad(width)).card_px
        # The same window with the toolbar above: the height left over would bind.
        above = min((width - 2 * pad(width)) / TABLE_W,
                    (height - TOOLBAR_PX - STATUS_ROOM_PX) / FIT_H)
        assert beside > above * 1.05, (width, height, beside, above)
    # Upright phones, tablets and desktops keep the toolbar above the table.
    for width, height in ((320, 568), (390, 844), (1024, 768), (1280, 800), (1920, 1080),
                          (600, 500)):
        assert not side_layout(width, height)


def test_the_shape_decides_not_the_device():
    """The same window size always gets the same layout, whatever made it."""
    assert side_layout(900, 560) and not side_layout(900, 561)
    assert side_layout(840, 560) and not side_layout(839, 560)


def test_a_fresh_deal_is_fitted_to_FIT_H_and_the_tallest_column_to_its_least_offsets():
    assert table_height(Game.from_code("KL1-D1N-AAAAAAG")) == FIT_H
    column_need = 6 * MIN_DOWN_STEP + 12 * MIN_UP_STEP + CARD_H
    assert table_height(tall()) == pytest.approx(1.8 + column_need + 0.1)
    assert table_height(tall(), large_index=True) == pytest.approx(
        table_height(tall()) + 12 * (MIN_UP_STEP_LARGE - MIN_UP_STEP))


@pytest.mark.parametrize(("width", "height"), VIEWPORTS)
@pytest.mark.parametrize("large_index", [False, True])
def test_the_tallest_column_stays_on_screen_and_every_index_stays_whole(
        width, height, large_index):
    game = tall()
    sized = fit(width, height, top_of(width, height), table_height(game, large_index))
    drawn = layout(game, sized.room, large_index=large_index, up_step=sized.up_step)
    column = sorted((p for p in drawn.places if p.pile == "T7"), key=lambda p: p.index)
    assert column[-1].y + CARD_H <= sized.room + 1e-3
    ups = [b.y - a.y for a, b in zip(column[6:], column[7:], strict=False)]
    least = MIN_UP_STEP_LARGE if large_index else MIN_UP_STEP
    assert len(ups) == 12 and min(ups) >= least - 1e-4
    assert drawn.height * sized.card_px <= height - sized.chrome_px + 0.5


def test_face_down_cards_are_squeezed_before_face_up_ones():
    down, up = column_steps(6, 13, room=1.4 + 6 * 0.1 + 12 * UP_STEP)
    assert up == UP_STEP and down == pytest.approx(0.1)
    between = (MIN_UP_STEP + UP_STEP) / 2
    down, up = column_steps(6, 13, room=1.4 + 6 * MIN_DOWN_STEP + 12 * between)
    assert down == MIN_DOWN_STEP and up == pytest.approx(between)
    assert column_steps(6, 13, room=2.0) == (MIN_DOWN_STEP, MIN_UP_STEP)


def test_a_phone_upright_spreads_the_fan_to_finger_sized_strips():
    phone = fit(390, 844, TOOLBAR_PX)
    assert phone.up_step * phone.card_px >= TARGET_PX - 0.01
    assert fit(320, 568, TOOLBAR_PX).up_step == MAX_UP_STEP
    assert fit(1920, 1080, TOOLBAR_PX).up_step == UP_STEP  # large cards need no spreading
    drawn = layout(tall(), phone.room, up_step=phone.up_step)  # room for the whole fan
    column = sorted((p for p in drawn.places if p.pile == "T7"), key=lambda p: p.index)
    assert column[7].y - column[6].y == pytest.approx(phone.up_step, abs=1e-3)


@pytest.mark.parametrize(("width", "height"), VIEWPORTS)
def test_a_banner_below_the_status_line_takes_its_height_from_the_table(width, height):
    # The banners' buttons (take the game back, stop Play it for me...) stay in the window.
    top = top_of(width, height)
    for table_h in (FIT_H, table_height(tall())):
        plain = fit(width, height, top, table_h)
        banner = fit(width, height, top, table_h, below=83)
        if plain.side:  # the banners are in the tools' column, beside the table
            assert banner == plain
            continue
        assert banner.chrome_px == plain.chrome_px + 83
        assert banner.card_px * table_h <= height - banner.chrome_px + 0.05
        assert banner.room * banner.card_px <= height - banner.chrome_px + 0.05


def test_large_text_in_a_small_window_leaves_the_cards_a_target_and_the_page_scrolls():
    """The browser's text at 200% (WCAG 1.4.4) on a phone: a toolbar of three rows, a
    damaged save's message of seven lines and a banner left the table a pixel high
    (cards 1 px wide at 360 x 740). They keep the least target size of WCAG 2.5.8, the
    table keeps its height in card widths, and the page scrolls to the rest."""
    sized = fit(360, 740, 290, FIT_H, below=420)
    assert (740 - sized.chrome_px) / FIT_H < 1  # what the height alone would leave
    assert sized.card_px == CARD_MIN_PX == 24 and sized.room == FIT_H
    assert sized.chrome_px + sized.room * sized.card_px > 740  # so the page scrolls
    # Where the width allows less, the width binds: nothing runs off the side.
    narrow = fit(150, 740, 290, FIT_H, below=420)
    assert narrow.card_px < 24
    assert narrow.card_px == pytest.approx((150 - 2 * pad(150)) / TABLE_W, abs=0.01)
    # Large text on a desktop: the height still binds, as without it.
    assert fit(1280, 800, 200, FIT_H, below=60).card_px == pytest.approx(
        (800 - 200 - STATUS_ROOM_PX - 60) / FIT_H, abs=0.01)


@pytest.mark.parametrize(("width", "height"), VIEWPORTS)
def test_without_large_text_the_cards_never_come_to_their_least_size(width, height):
    """The floor binds only where the text is large: the tallest column, large corners
    and a banner, in the smallest windows, leave cards wider than it."""
    for large in (False, True):
        table_h = table_height(tall(), large_index=large)
        for below in (0.0, 83.0):
            sized = fit(width, height, top_of(width, height), table_h, below=below)
            assert sized.card_px > CARD_MIN_PX, (width, height, large, below)
            assert sized.card_px * sized.room <= height - sized.chrome_px + 0.05
