"""klondike/app/view.py: where every card goes and in what order it stacks, without a browser."""

import re
from pathlib import Path

import pytest

from klondike import Card, Game
from klondike.app.view import (
    ABOVE_PILES_Z,
    CARD_H,
    MIN_UP_STEP,
    PILE_Z,
    PILES,
    TABLE_W,
    TABLEAU_Y,
    UP_STEP,
    drawn_z,
    layout,
    pile_at,
    slots,
)

from .lines import DEAL_2_DRAW_1, DEAL_3_DRAW_1
from .positions import position


def place(game, text, **kw):
    return layout(game, **kw).places[Card.from_text(text)]


def test_every_card_has_one_place_and_a_distinct_stacking_order():
    places = layout(Game.from_code("KL1-D1N-AAAAAAG")).places
    assert [p.card for p in places] == list(range(52))
    assert len({p.z for p in places}) == 52


def positions_of(code, line):
    """(layout before, the move, layout after) along a game."""
    game = Game.from_code(code)
    before = layout(game)
    for move in line:
        game.play(move)
        after = layout(game)
        yield before, move, after
        before = after


def test_a_card_stacks_by_its_pile_and_index_and_piles_never_share_a_number():
    for _, _, after in positions_of("KL1-D1N-AAAAAAD", DEAL_3_DRAW_1):
        by_pile = {pile: sorted((p for p in after.places if p.pile == pile),
                                key=lambda p: p.index) for pile in PILES}
        ranges = [(pile[0].z, pile[-1].z) for pile in by_pile.values() if pile]
        for pile in filter(None, by_pile.values()):  # each card over the one under it
            assert [p.z for p in pile] == list(range(pile[0].z, pile[0].z + len(pile)))
        assert ranges == sorted(ranges)  # stock, waste, foundations, columns: never mixed
        assert all(low > high for (_, high), (low, _) in zip(ranges, ranges[1:], strict=False))
        assert max(p.z for p in after.places) < ABOVE_PILES_Z
    bases = [PILE_Z[pile] for pile in PILES]  # a pile of 52 fits below the next one's base
    assert all(low + 51 < high for low, high in zip(bases, bases[1:], strict=False))
    assert bases[-1] + 51 < ABOVE_PILES_Z


def test_moved_cards_glide_above_every_card_at_rest_and_the_cascade_under_the_menu():
    site_css = (Path(__file__).parent.parent / "static" / "site.css").read_text()
    menu_z = int(re.search(r"\.menu-items \{[^}]*z-index: (\d+)", site_css).group(1))
    top_at_rest = ABOVE_PILES_Z + 51  # the last card of the win's cascade
    for before, move, after in positions_of("KL1-D1N-AAAAAAC", DEAL_2_DRAW_1):
        for old, new, z in zip(before.places, after.places, drawn_z(before.places, after.places),
                               strict=True):
            if old.pile != new.pile:
                assert top_at_rest < z < menu_z, move
            else:  # a move lands on top of a pile: nothing else rises
                assert z == new.z, move
    places = layout(Game.from_code("KL1-D1N-AAAAAAG")).places
    assert drawn_z([None] * 52, places) == [p.z for p in places]  # the first drawing


def test_after_a_jump_each_pile_keeps_its_order_while_its_cards_glide():
    # A new deal over another: some cards stay in their pile at another index, under cards
    # that arrive from elsewhere (deals 0 and 1: the stock and column 5).
    before = layout(Game.new(0, 1, "N")).places
    after = layout(Game.new(1, 1, "N")).places
    zs = drawn_z(before, after)
    assert max(zs) > ABOVE_PILES_Z  # some cards glide raised
    for pile in PILES:
        order = [zs[p.card] for p in sorted(after, key=lambda p: p.index) if p.pile == pile]
        assert order == sorted(order) and len(set(order)) == len(order), pile


def test_a_move_changes_the_stacking_of_the_cards_that_moved_only():
    recycles = 0
    for before, move, after in positions_of("KL1-D1N-AAAAAAD", DEAL_3_DRAW_1):
        moved = {new.card for old, new in zip(before.places, after.places, strict=True)
                 if (old.pile, old.index) != (new.pile, new.index)}
        restacked = {new.card for old, new in zip(before.places, after.places, strict=True)
                     if old.z != new.z}
        assert restacked == moved, move
        if move == "S" and not [p for p in before.places if p.pile == "stock"]:
            recycles += 1  # the waste turned over: each of its cards moved
            assert len(moved) == len([p for p in before.places if p.pile == "waste"])
        else:
            assert 1 <= len(moved) <= 13, move
            assert len(moved) == 1 or move[0] == "T" and move[-1] != "F", move
    assert recycles == 2


def test_R2_8_draw_3_waste_fan_lies_each_card_over_the_one_before():
    game = Game.from_code("KL1-D3N-AAAAAAG")
    game.play("S")
    game.play("S")
    waste = sorted((p for p in layout(game).places if p.pile == "waste"),
                   key=lambda p: (p.x, p.z))
    assert len(waste) == 6 and len({p.x for p in waste[-3:]}) == 3
    assert [p.index for p in waste] == list(range(6))  # the fan goes right, each on the last
    assert [p.z for p in waste[-3:]] == sorted(p.z for p in waste[-3:])  # the right one on top
    assert waste[-1].z == max(p.z for p in waste) and waste[-1].draggable


def test_R1_deal_face_down_cards_are_unnamed_and_not_draggable():
    game = Game.from_code("KL1-D1N-AAAAAAG")
    places = layout(game).places
    down = [p for p in places if not p.face_up]
    assert len(down) == 21 + 24
    assert all(p.label == "face-down card" and not p.draggable for p in down)
    assert place(game, "Ah").label == "ace of hearts"


def test_face_up_cards_are_spaced_more_than_face_down_ones():
    game = position(["5c 4d 9s | Kh Qs Jh"])
    column = sorted((p for p in layout(game).places if p and p.pile == "T1"), key=lambda p: p.z)
    ys = [p.y for p in column]
    steps = [b - a for a, b in zip(ys, ys[1:], strict=False)]
    assert steps[:3] == pytest.approx(steps[0:1] * 3)
    assert steps[3] > steps[0]  # face-up offsets leave the index readable


def test_long_columns_compress_to_fit_the_height_but_stay_readable():
    game = position(["5c 4d 9s 2c 3c 4c | Kh Qs Jh Tc 9h 8s 7h 6s 5h 4s 3h 2s"])
    free = layout(game)
    fit = layout(game, height=7.8)
    assert free.height > 7.8
    last_free = max(p.y for p in free.places if p and p.pile == "T1")
    last_fit = max(p.y for p in fit.places if p and p.pile == "T1")
    assert last_fit + CARD_H <= 7.8 + 1e-9 < last_free + CARD_H
    ys = sorted(p.y for p in fit.places if p and p.pile == "T1" and p.face_up)
    assert min(b - a for a, b in zip(ys, ys[1:], strict=False)) >= MIN_UP_STEP - 1e-9
    assert max(b - a for a, b in zip(ys, ys[1:], strict=False)) < UP_STEP


def test_a_long_column_compressed_leaves_the_next_columns_their_own_spacing():
    game = position(["5c 4d 9s 2c 3c 4c | Kh Qs Jh Tc 9h 8s 7h 6s 5h 4s 3h 2s", "| Kd Qc Jd"])
    fit = layout(game, height=6.0, up_step=0.6)
    ys = {pile: sorted(p.y for p in fit.places if p and p.pile == pile and p.face_up)
          for pile in ("T1", "T2")}
    assert ys["T1"][1] - ys["T1"][0] < 0.6  # squeezed to fit
    assert [b - a for a, b in zip(ys["T2"], ys["T2"][1:], strict=False)] == \
        pytest.approx([0.6, 0.6])  # room enough: the full offset, not the first column's


def test_R2_8_draw_3_waste_fans_the_last_turn_and_only_the_top_drags():
    game = Game.from_code("KL1-D3N-AAAAAAG")
    game.play("S")
    waste = [place(game, t) for t in ("Qh", "Jh", "As")]
    assert [p.x for p in waste] == sorted(p.x for p in waste) and waste[0].x < waste[2].x
    assert [p.draggable for p in waste] == [False, False, True]


def test_left_handed_layout_puts_the_stock_on_the_right():
    right, left = slots(), slots(left_handed=True)
    assert right["stock"][0] < right["Fc"][0]
    assert left["stock"][0] > left["Fc"][0]
    assert left["stock"][0] + 1 <= TABLE_W


def test_R2_5_a_drop_anywhere_on_the_foundation_row_is_a_foundation_drop():
    lay = layout(Game())
    for pile in ("Fs", "Fh", "Fd", "Fc"):
        x, y = lay.slots[pile]
        assert pile_at(lay, x + 0.2, y + 0.1) == "F"
    x, y = lay.slots["T3"]
    assert pile_at(lay, x + 0.3, y + 3) == "T3"
    assert pile_at(lay, -5, 0) is None


def test_tableau_starts_below_the_top_row():
    assert TABLEAU_Y > CARD_H
