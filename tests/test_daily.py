"""klondike/daily.py: the daily deal (SPEC R8), a frozen function of the date and the draw
mode: SplitMix64 candidates, the first one the frozen search proves won."""

from datetime import date
from itertools import islice

import pytest

from klondike import DEALS, Game, GameCode
from klondike import daily as daily_module
from klondike.daily import MAX_CANDIDATES, candidates, daily_code
from klondike.deal import SplitMix64
from klondike.solver import DAILY_BUDGET, WON, solve, wins_for_the_daily_deal


def test_R8_the_daily_deal_keeps_its_frozen_rules() -> None:
    # The solver's talon rule was corrected after the daily deal was defined; these
    # days' deals would have changed had the daily deal followed it.
    assert daily_code(date(2026, 11, 14), 1) == "KL1-D1N-YGJXQDZ"
    assert daily_code(date(2026, 11, 23), 1) == "KL1-D1N-IDJBKJR"


def test_R8_candidates_differ_by_date_and_draw() -> None:
    first = [next(candidates(date(2024, 3, d), draw)) for d in (5, 6) for draw in (1, 3)]
    assert len(set(first)) == 4


def test_R8_candidates_are_splitmix64_draws_seeded_by_yyyymmdd_and_the_draw() -> None:
    # Step 1 and 2 of the definition: seed 202403053 for 2024-03-05 in draw 3 (R1.2),
    # unbiased draws below the number of deals (R1.3).
    rng = SplitMix64(202403053)
    assert list(islice(candidates(date(2024, 3, 5), 3), 5)) == [rng.below(DEALS)
                                                                 for _ in range(5)]
    assert next(candidates(date(2024, 3, 5), 3)) == 4935989928  # its daily deal, PZLKYGM
    leap = SplitMix64(202802291)
    assert next(candidates(date(2028, 2, 29), 1)) == leap.below(DEALS)


def test_R8_there_are_max_candidates_each_a_deal_number() -> None:
    numbers = list(candidates(date(2026, 12, 24), 1))
    assert len(numbers) == MAX_CANDIDATES == 1000
    assert all(0 <= n < DEALS for n in numbers)
    assert len(set(numbers)) > 990  # draws from 26^7 deals: next to no repeats


def test_R8_the_daily_deal_is_the_first_candidate_the_frozen_search_proves_won() -> None:
    # 2026-11-14 in draw 3: the first two candidates are not proved won within the budget.
    day = date(2026, 11, 14)
    first = list(islice(candidates(day, 3), 3))
    assert [wins_for_the_daily_deal(Game(GameCode(n, 3, "N"))) for n in first] == [
        False, False, True]
    assert daily_code(day, 3) == str(GameCode(first[2], 3, "N")) == "KL1-D3N-HZHIFSP"
    # Where the first candidate is proved won, it is the deal.
    assert daily_code(date(2024, 3, 5), 3) == str(GameCode(4935989928, 3, "N"))


@pytest.mark.parametrize("day", [date(2026, 1, 1), date(2028, 2, 29), date(2030, 12, 31)])
@pytest.mark.parametrize("draw", [1, 3])
def test_R8_the_daily_deal_is_normal_scoring_in_its_draw_mode_and_can_be_won(day, draw) -> None:
    code = daily_code(day, draw)
    parsed = GameCode.parse(code)
    assert (parsed.draw, parsed.scoring) == (draw, "N")
    assert parsed.deal in islice(candidates(day, draw), MAX_CANDIDATES)
    game = Game.from_code(code)
    solution = solve(game, DAILY_BUDGET)
    assert solution.result == WON
    for move in solution.moves:
        game.play(move)
    assert game.is_won


def test_R8_one_day_gives_two_deals_and_the_next_day_others() -> None:
    codes = {daily_code(day, draw) for day in (date(2026, 12, 1), date(2026, 12, 2))
             for draw in (1, 3)}
    assert len(codes) == 4


def test_no_candidate_proved_won_is_a_runtime_error(monkeypatch: pytest.MonkeyPatch) -> None:
    tried: list[str] = []

    def never(game: Game) -> bool:
        tried.append(game.code)
        return False

    monkeypatch.setattr(daily_module, "wins_for_the_daily_deal", never)
    with pytest.raises(RuntimeError, match="no candidate for 2024-03-05 in draw 1 was proved won"):
        daily_code(date(2024, 3, 5), 1)
    assert len(tried) == MAX_CANDIDATES
    assert tried == [str(GameCode(n, 1, "N")) for n in candidates(date(2024, 3, 5), 1)]
