"""The history of games (issue 42) in a real browser: a game left for another is listed,
newest first, and Play again deals it anew; by pointer and keyboard, axe clean."""

from __future__ import annotations

import pytest
from player import choose, click_stock, start, wait_for_moves
from test_features import axe_violations

pytestmark = pytest.mark.usefixtures("no_errors")


def test_a_game_left_is_listed_and_played_again(page):
    start(page, "KL1-D3V-AAAAAAG")
    click_stock(page)
    wait_for_moves(page, 1)
    start(page, "KL1-D1N-AAAAAAC")  # the Vegas game is left: into the history
    choose(page, "history")
    page.wait_for_selector("#history-dialog[open]")
    assert page.locator("#history-empty").is_hidden()
    first = page.locator("#history-rows li").first
    assert "KL1-D3V-AAAAAAG" in first.text_content()
    assert "Left for another game" in first.text_content()
    assert axe_violations(page, "#history-dialog") == []
    first.locator("[data-action=history-play]").focus()
    page.keyboard.press("Enter")  # keyboard operable
    page.wait_for_selector("#history-dialog", state="hidden")
    page.wait_for_function("document.getElementById('code').textContent === 'KL1-D3V-AAAAAAG'")
    wait_for_moves(page, 0)
