"""The history of games (issue 42) in a real browser: a game left for another is listed,
newest first; Play again deals it anew, and Replay steps through a finished game over the
table, read-only, while the game in progress waits; by pointer and keyboard, axe clean."""

from __future__ import annotations

import pytest
from player import choose, click_stock, moves, settle, start, wait_for_moves
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
    # On a phone the code stays on one line (it broke at a hyphen: "KL1-D3V-" / "AAAAAAG").
    page.set_viewport_size({"width": 320, "height": 640})
    try:
        code = first.locator(".game .code-text")
        assert code.text_content() == "KL1-D3V-AAAAAAG"
        assert code.evaluate("(el) => el.getClientRects().length") == 1
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})
    assert axe_violations(page, "#history-dialog") == []
    first.locator("[data-action=history-play]").focus()
    page.keyboard.press("Enter")  # keyboard operable
    page.wait_for_selector("#history-dialog", state="hidden")
    page.wait_for_function("document.getElementById('code').textContent === 'KL1-D3V-AAAAAAG'")
    wait_for_moves(page, 0)


def waste_cards(page) -> int:
    return page.locator('#table .card[data-pile="waste"]').count()


def test_a_finished_game_is_replayed_read_only_and_the_game_waits(page):
    start(page, "KL1-D1N-AAAAAAC")
    for n in range(1, 4):
        click_stock(page)
        wait_for_moves(page, n)
    start(page, "KL1-D3V-AAAAAAG")  # the game of three turns is left: into the history
    click_stock(page)
    wait_for_moves(page, 1)  # the game in progress: one turn of three cards
    choose(page, "history")
    page.wait_for_selector("#history-dialog[open]")
    page.locator("#history-rows li").first.locator("[data-action=history-replay]").focus()
    page.keyboard.press("Enter")  # keyboard operable
    page.wait_for_selector("#replay-bar:not([hidden])")
    assert "KL1-D1N-AAAAAAC" in page.text_content("#replay-title")
    assert page.text_content("#replay-title .code-text") == "KL1-D1N-AAAAAAC"
    assert page.text_content("#replay-status") == "Move 0 of 3"
    assert page.locator("#table.replaying").count() == 1 and waste_cards(page) == 0
    assert axe_violations(page, "#replay-bar") == []
    # Its steps are drawn, named by their labels: no character a font may lack (the page
    # showed ⏮ and ⏭ as empty boxes with Debian's fonts).
    steps = page.locator("#replay-bar .step")
    assert steps.count() == 4 and page.locator("#replay-bar .step svg").count() == 4
    assert [t.strip() for t in steps.all_text_contents()] == ["", "", "", ""]
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.getElementById('replay-status').textContent"
                           " === 'Move 1 of 3'")
    assert waste_cards(page) == 1 and "Move 1 of 3: " in page.text_content("#status")
    page.keyboard.press("End")
    page.wait_for_function("document.getElementById('replay-status').textContent"
                           " === 'Move 3 of 3'")
    assert waste_cards(page) == 3
    assert page.locator("[data-action=replay-forward]").is_disabled()
    settle(page)
    click_stock(page)  # read-only: the press says why, and nothing moves
    assert page.text_content("#status").startswith("This is a replay")
    assert waste_cards(page) == 3 and moves(page) == ["S"]
    page.click("[data-action=replay-start]")
    page.wait_for_function("document.getElementById('replay-status').textContent"
                           " === 'Move 0 of 3'")
    page.keyboard.press("Escape")
    page.wait_for_selector("#replay-bar", state="hidden")
    settle(page)
    assert page.locator("#table.replaying").count() == 0
    assert page.text_content("#code") == "KL1-D3V-AAAAAAG" and waste_cards(page) == 3
    click_stock(page)  # the game plays on
    wait_for_moves(page, 2)
