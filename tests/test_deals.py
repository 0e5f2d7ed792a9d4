"""klondike/app/deals.py: which deal comes next (R1, R8): random, typed, linked, the daily
deal remembered, and what is said of each."""

import random

import pytest

from klondike.app import deals
from klondike.codes import BadCode, GameCode
from klondike.deal import DEALS


def test_R1_a_random_deal_is_one_of_all_deals_with_the_draw_and_scoring_asked():
    codes = {deals.random_code(random.Random(seed), 3, "V") for seed in range(20)}
    assert len(codes) == 20
    assert all(c.draw == 3 and c.scoring == "V" and 0 <= c.deal < DEALS for c in codes)
    assert deals.random_code(random.Random(7), 1, "N") == deals.random_code(
        random.Random(7), 1, "N")  # the generator decides, nothing else


def test_a_typed_code_reads_a_blank_is_random_and_a_malformed_one_says_why():
    assert deals.typed_code("  ") is None
    assert deals.typed_code(" kl1-d3v-aaaaaag ") == GameCode.parse("KL1-D3V-AAAAAAG")
    with pytest.raises(BadCode) as error:
        deals.typed_code("KL1-D4N-AAAAAAA")
    assert deals.code_error(error.value).startswith("Game code: mode part 'D4N'")


def test_a_links_code_is_read_from_its_fragment_or_its_query_and_decoded():
    assert deals.linked_text("#KL1-D3V-AAAAAAG") == "KL1-D3V-AAAAAAG"
    assert deals.linked_text("#KL1%2DD3N%2DAAAAAAE") == "KL1-D3N-AAAAAAE"
    assert deals.linked_text("", "?game=KL1-D1S-AAAAAAB&x=1") == "KL1-D1S-AAAAAAB"
    assert deals.linked_text("#  ", "") == "" and deals.linked_text("", "?other=1") == ""


def test_a_link_is_the_address_without_its_fragment_or_query_and_the_code():
    assert deals.link("https://x.org/k/?game=A#B", "KL1-D1N-AAAAAAA") == \
        "https://x.org/k/#KL1-D1N-AAAAAAA"
    assert deals.link("file:///k/index.html", "C") == "file:///k/index.html#C"


def test_R8_the_daily_deal_started_last_is_known_for_its_day_and_draw_only():
    daily = ["2026-12-05", "KL1-D3N-AAAAAAG"]
    assert deals.known_daily(daily, "2026-12-05", 3) == "KL1-D3N-AAAAAAG"
    assert deals.known_daily(daily, "2026-12-05", 1) is None  # the other draw: worked out
    assert deals.known_daily(daily, "2026-12-06", 3) is None  # a new day
    assert deals.known_daily([], "2026-12-05", 3) is None
    assert deals.known_daily(["2026-12-05", "damaged"], "2026-12-05", 3) is None


def test_what_is_said_of_a_deal():
    code = GameCode.parse("KL1-D3V-AAAAAAG")
    assert deals.dealt_said(code, "Vegas") == "New game KL1-D3V-AAAAAAG: draw 3, Vegas scoring."
    untimed = GameCode.parse("KL1-D3X-AAAAAAG")  # R3.4: it was "None scoring"
    assert deals.dealt_said(untimed, "None") == \
        "New game KL1-D3X-AAAAAAG: draw 3, no score, time and moves."
    assert deals.daily_said("2026-12-05", 1, won=True) == \
        "Daily deal of 2026-12-05, draw 1 (won already)"
    said = deals.not_found_said(123)
    assert f"{deals.DEAL_SECONDS} seconds (123 deals tried)" in said
    assert "not checked" in deals.unchecked_said()
