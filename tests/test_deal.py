"""R1 The deal: frozen vectors, the layout, and purity of the deal function."""

import pytest

from klondike import DEALS, Game, deal
from klondike.deal import SplitMix64, shuffled_deck


def text(cards) -> str:
    return " ".join(map(str, cards))


def test_R1_vector_deal_0():
    d = deal(0)
    assert [text(c) for c in d.columns] == [
        "8c", "Jd Ts", "9s 3h 8s", "2c As Qc 3d", "2h Js Kd 5s 4c",
        "Qh 7s 5d Ad Th 8d", "6c 9d 2s 6s 5h 8h Ah",
    ]
    assert text(d.stock).startswith("Qd Tc Qs Jh")
    assert text(d.stock).endswith("4d Ks Td")


def test_R1_vector_deal_6_AAAAAAG():
    game = Game.from_code("KL1-D1N-AAAAAAG")
    columns = game.tableau
    assert text(columns[0].up) == "Ad" and columns[0].down == ()
    assert text(columns[6].down + columns[6].up) == "9h 3c Qd 7s Qs 4d Ah"
    assert text(game.stock).startswith("Qh Jh As Qc")


# Computed once with this implementation and frozen: any change to the algorithm breaks
# every saved game and every shared code, so these must never change.
FROZEN_DECKS = {
    1: "7h 9s 4h 8d 8h 5c Jh 6h 9c Js 5h Kh 3s 2h Jd 5d 7d 4d 2s Ah 6c Ks Kd Td Tc Jc "
       "Th 8c Qs 4c 6s 7s Ac 5s Ad Kc 6d Qc Qd Qh 9h 3h 3c As 4s 2d 8s Ts 3d 2c 9d 7c",
    7: "4h 5s Jd 3c 4d Td Kc 6h 4c 7d 9h 2s Kh Jc Ts 2d 7s 4s 7c 2c Tc 9c 3s Qd 2h 8h "
       "6c As 9s Jh 6d 3h 3d 8d Ad Kd 6s Ac 7h 5d 9d 5c Qc Ah Ks Th 8s Js 5h 8c Qh Qs",
    123456: "Jc 7s 4h 5s Tc 6d 9c 2h Jd 5h Ah Qd 4d 5d 9s 6c 8s 8c 7d Td 8d As 4c Ts 3h "
            "2c 3d Qh Ks Jh 4s Js Kd Ad 2d 3c 6h 5c Qc 9d 3s Qs Th 2s Kh 8h 9h Ac 7h 7c "
            "Kc 6s",
    26**6: "Jc Qh 7s 4c 9d 2c Qs Jh Js 8h 2d 5s 5h 6c Td Kc 9s 5d 7d 2h Kh 7c 8d 8s 9h 3c "
           "Ad 6d 3s 9c 4h Jd 6h Kd As Ts Tc Ac 8c 2s 6s 4d 3d 4s Qd Ah Ks Th 7h 5c Qc 3h",
    5_000_000_000: "Jh 9c 8c As 9d 8h Js 9h Jd 2c 4s 3d 8s Ac 2s Qs 9s 4h 5h 6d 4d 6s 2h "
                   "6h Td 4c 7c Qc 5c 7d Ks Jc Th Kd 3s Qd 5d 7h Ah 6c 3c Qh Tc 8d Kh 7s "
                   "2d Kc 3h Ad Ts 5s",
    DEALS - 1: "6c 5c Jd 4h 4c 2c As 7h 9s Ts Ad Kc 3s 6d 8d Td Jc 6h 2d Qs 2h 8c 8h 8s "
               "9h 6s Js 9c Kd 4s 5d 9d 3c Kh 2s Ks Qd 7c 5s 4d Jh 3h Ac Qc Ah 7s Tc Th "
               "7d 5h Qh 3d",
}


@pytest.mark.parametrize("number", sorted(FROZEN_DECKS))
def test_R1_frozen_decks(number):
    assert text(shuffled_deck(number)) == FROZEN_DECKS[number]


def test_R1_splitmix64_first_outputs_of_seed_0():
    # Published reference outputs of SplitMix64 seeded with 0.
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F,
    ]


@pytest.mark.parametrize("number", [0, 6, 99, DEALS - 1])
def test_R1_layout_28_in_columns_21_face_down_24_in_stock(number):
    game = Game.new(number)
    columns = game.tableau
    assert [len(c.down) + len(c.up) for c in columns] == [1, 2, 3, 4, 5, 6, 7]
    assert all(len(c.up) == 1 for c in columns)
    assert sum(len(c.down) for c in columns) == 21
    assert len(game.stock) == 24 and game.waste == ()
    assert game.foundations == {"s": 0, "h": 0, "d": 0, "c": 0}
    everything = [c for col in columns for c in col.down + col.up] + list(game.stock)
    assert sorted(everything) == list(range(52))


def test_R1_deal_stock_order_first_card_turned_is_deck_28():
    deck = shuffled_deck(42)
    game = Game.new(42)
    game.play("S")
    assert game.waste == (deck[28],)


@pytest.mark.parametrize("number", [-1, DEALS])
def test_R1_deal_number_out_of_range_is_refused(number):
    with pytest.raises(ValueError):
        deal(number)
