"""klondike/app/cascade.py: the win's celebration (issue 25): every card's path off its
foundation, kings first, bouncing on the table's floor until it leaves the table's side."""

import pytest

from klondike import CARDS
from klondike.app.cascade import FRAME_SECONDS, GAP_SECONDS, LONGEST_SECONDS, Flight, flights
from klondike.app.view import CARD_H, TABLE_W, slots

FLOOR = 6.0


def absolute(where, flight: Flight) -> list[tuple[float, float]]:
    """The flight's frames as places on the table (they are offsets from its foundation)."""
    x0, y0 = where["F" + flight.card[1]]
    return [(x0 + dx, y0 + dy) for dx, dy in flight.frames]


def test_the_cards_leave_kings_first_the_suits_in_turn_one_every_gap():
    paths = list(flights(slots(), FLOOR, seed=1))
    assert [p.card for p in paths] == [r + s for r in "KQJT98765432A" for s in "shdc"]
    assert [p.delay for p in paths] == [round(n * GAP_SECONDS, 3) for n in range(52)]
    assert paths[0].delay == 0.0 and paths[-1].delay == pytest.approx(51 * GAP_SECONDS)


@pytest.mark.parametrize("left_handed", [False, True])
@pytest.mark.parametrize("seed", range(6))
def test_every_card_starts_on_its_place_and_ends_off_the_side_of_the_table(left_handed, seed):
    where = slots(left_handed)
    for flight in flights(where, FLOOR, seed):
        assert flight.frames[0] == (0.0, 0.0)
        path = absolute(where, flight)
        # On the table until the last frame, which is off it (frames are rounded to 1/1000).
        assert all(-1.0 - 1e-3 < x < TABLE_W + 1e-3 for x, _ in path[:-1]), flight.card
        x_end = path[-1][0]
        assert (x_end <= -1.0 + 1e-3 or x_end >= TABLE_W - 1e-3
                or flight.duration >= LONGEST_SECONDS - 1e-9), flight.card  # or ended there
        assert len(flight.frames) > 2


def test_each_card_flies_from_its_own_suit_s_foundation():
    where = slots()
    moved = dict(where, Fh=(where["Fh"][0] + 0.5, where["Fh"][1]))
    before = {p.card: p for p in flights(where, FLOOR, seed=2)}
    after = {p.card: p for p in flights(moved, FLOOR, seed=2)}
    changed = {card[1] for card in before if before[card] != after[card]}
    assert changed == {"h"}  # only the hearts, which now end their flights elsewhere


@pytest.mark.parametrize("floor", [4.0, FLOOR, 9.0])
def test_cards_bounce_on_the_floor_and_never_go_below_it(floor):
    where, bottom = slots(), floor - CARD_H
    bounces = 0
    for seed in range(3):
        for flight in flights(where, floor, seed):
            ys = [y for _, y in absolute(where, flight)]
            assert max(ys) <= bottom + 1e-3, flight.card  # frames are rounded to 1/1000
            for k in range(1, len(ys) - 1):
                if ys[k] >= ys[k - 1] and ys[k + 1] < ys[k]:  # falling, then rising
                    assert bottom - ys[k] < 0.5, (flight.card, k)  # only on the floor
                    bounces += 1
    assert bounces > 100  # every card but the quickest off the side bounces


def test_the_same_seed_replays_the_same_cascade_and_another_does_not():
    where = slots()
    assert list(flights(where, FLOOR, seed=7)) == list(flights(where, FLOOR, seed=7))
    assert list(flights(where, FLOOR, seed=7)) != list(flights(where, FLOOR, seed=8))


def test_each_path_is_worked_out_only_when_asked_for():
    lazy = flights({"Fs": slots()["Fs"]}, FLOOR, seed=1)  # only the spades' place
    assert next(lazy).card == "Ks"
    with pytest.raises(KeyError, match="Fh"):  # the king of hearts' place, asked for now
        next(lazy)


def test_a_flight_lasts_its_frames_frame_seconds_apart():
    for flight in flights(slots(), FLOOR, seed=3):
        assert flight.duration == pytest.approx((len(flight.frames) - 1) * FRAME_SECONDS)
        assert 0 < flight.duration <= LONGEST_SECONDS + FRAME_SECONDS
    assert pytest.approx(1 / 30) == FRAME_SECONDS


def test_a_card_whose_place_is_off_the_table_has_nowhere_to_fly():
    where = dict(slots(), Fs=(TABLE_W + 1.0, 0.1))
    kings = list(flights(where, FLOOR, seed=1))[:2]
    assert kings[0] == Flight("Ks", 0.0, ((0.0, 0.0),)) and kings[0].duration == 0.0
    assert len(kings[1].frames) > 2  # the others fly as before


def test_the_cascade_sends_every_card_off_its_foundation_kings_first_and_above_the_floor(
        ) -> None:
    where = slots()
    paths = list(flights(where, floor=7.5, seed=3))
    assert sorted(p.card for p in paths) == sorted(str(c) for c in CARDS)
    assert [p.card[0] for p in paths[:4]] == ["K"] * 4 and paths[-1].card[0] == "A"
    assert [p.delay for p in paths] == sorted(p.delay for p in paths)
    for path in paths:
        x0, y0 = where["F" + path.card[1]]
        assert path.frames[0] == (0.0, 0.0)
        assert all(y0 + dy <= 7.5 - CARD_H + 1e-9 for _, dy in path.frames)
        x_end = x0 + path.frames[-1][0]
        assert not -1.0 < x_end < TABLE_W or path.duration >= LONGEST_SECONDS - FRAME_SECONDS
    assert list(flights(where, 7.5, seed=3)) == paths  # the same seed, the same cascade
    assert list(flights(where, 7.5, seed=4)) != paths
    lazy = flights(where, 7.5, seed=3)
    assert next(lazy) == paths[0]  # one card's path at a time, as each card starts
