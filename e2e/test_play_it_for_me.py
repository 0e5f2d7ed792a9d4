"""Play it for me (issue 42) in a real browser: asked first, it plays the solver's line
card by card; Pause, One step and Stop work by pointer and keyboard; any key stops it,
and a game it won is counted apart in the statistics."""

from __future__ import annotations

import pytest
from player import choose, moves, settle, start, wait_page_time
from test_features import axe_violations, open_dialog

pytestmark = pytest.mark.usefixtures("no_errors")

DEAL = "KL1-D1N-AAAAAAC"  # deal 2: the solver wins it in a moment


def count(page) -> int:
    return len(moves(page))


def wait_count(page, predicate: str, arg) -> None:
    page.wait_for_function(
        f"(n) => JSON.parse(localStorage.getItem('klondike.game')).moves.split(' ')"
        f".filter(Boolean).length {predicate} n", arg=arg)


def test_it_asks_first_plays_pauses_steps_and_any_key_stops_it(page):
    open_dialog(page, "settings", "settings-dialog")
    page.check("#settings-dialog input[name=animation][value=off]")  # a brisk pace
    page.click("#settings-dialog button[type=submit]")
    start(page, DEAL)
    page.wait_for_function("document.getElementById('winnable').dataset.state === 'won'")
    choose(page, "demo")
    page.wait_for_selector("#demo-dialog[open]")
    assert axe_violations(page, "#demo-dialog") == []
    page.click("[data-action=demo-start]")
    page.wait_for_selector("#demo-bar:not([hidden])")
    wait_count(page, ">=", 2)
    page.click("[data-action=demo-pause]")  # by pointer
    assert page.text_content("[data-action=demo-pause]") == "Go on"
    settle(page)
    paused = count(page)
    wait_page_time(page, 1.0)
    assert count(page) == paused  # it waits
    page.focus("[data-action=demo-step]")
    page.keyboard.press("Enter")  # One step, by keyboard: the bar's keys do not stop it
    wait_count(page, "===", paused + 1)
    page.click("[data-action=demo-pause]")
    wait_count(page, ">", paused + 2)  # it goes on
    page.focus('.slot[data-pile="T1"]')
    page.keyboard.press("ArrowRight")  # any other key stops it, and does nothing else
    page.wait_for_selector("#demo-bar", state="hidden")
    settle(page)
    stopped = count(page)
    wait_page_time(page, 1.0)
    assert count(page) == stopped
    assert page.text_content("#status").startswith("Play it for me stopped")


def test_it_plays_to_the_win_which_counts_apart(page):
    choose(page, "demo")  # the game counts apart already: no question this time
    page.wait_for_selector("#win-dialog[open]", timeout=90_000)
    assert page.text_content("#win-message").startswith("Play it for me won this game")
    page.keyboard.press("Escape")
    open_dialog(page, "stats", "stats-dialog")
    page.select_option("#stats-rules", "D1N")
    row = page.locator("#stats-rows tr", has_text="Play it for me").locator("td")
    assert row.text_content() == "1"
    page.keyboard.press("Escape")
    open_dialog(page, "settings", "settings-dialog")
    page.check("#settings-dialog input[name=animation][value=normal]")
    page.click("#settings-dialog button[type=submit]")
