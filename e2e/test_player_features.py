"""Links to a deal, Redo and Restart this deal in a real browser (issue 25)."""

from __future__ import annotations

from harness import boot, open_app, wait_offline_ready
from player import choose, click_stock, moves, settle, start, wait_for_moves

SHARED = "KL1-D3V-AAAAAAG"


def code(page) -> str:
    return page.text_content("#code")


def status(page) -> str:
    return page.text_content("#status")


def set_fragment(page, fragment: str) -> None:
    """The player edits the address's fragment (a hashchange, no reload)."""
    page.evaluate("(f) => { location.hash = f; }", fragment)


def test_a_link_deals_its_deal_and_the_address_is_the_link_of_the_deal_on_the_table(
        fresh_context, site_url):
    page = open_app(fresh_context, site_url + "#" + SHARED.lower())
    assert code(page) == SHARED
    assert page.evaluate("location.href") == site_url + "#" + SHARED  # under /<repo>/
    start(page, "KL1-D1N-AAAAAAD")
    assert page.evaluate("location.hash") == "#KL1-D1N-AAAAAAD"  # the address follows
    fresh_context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.click("[data-action=copy-link]")
    page.wait_for_function("document.getElementById('status').textContent"
                           " === 'Link to this deal copied'")
    assert page.evaluate("navigator.clipboard.readText()") == site_url + "#KL1-D1N-AAAAAAD"
    page.reload()  # the same deal: resumed, nothing asked
    boot(page)
    assert code(page) == "KL1-D1N-AAAAAAD"
    assert not page.locator("#link-dialog").evaluate("d => d.open")
    assert page.watch.problems() == []


def test_a_link_opened_during_a_game_asks_first_and_a_malformed_one_changes_nothing(
        fresh_context, site_url):
    page = open_app(fresh_context, site_url)
    start(page, "KL1-D1N-AAAAAAD")
    click_stock(page)
    wait_for_moves(page, 1)

    set_fragment(page, "KL1-D4N-AAAAAAG")  # no such draw: the typed code's message
    page.wait_for_function("document.getElementById('status').textContent"
                           ".startsWith('Game code: ')")
    assert code(page) == "KL1-D1N-AAAAAAD" and moves(page) == ["S"]

    set_fragment(page, SHARED)
    page.wait_for_selector("#link-dialog[open]")
    assert SHARED in page.text_content("#link-message")
    page.click("[data-action=link-keep]")
    assert code(page) == "KL1-D1N-AAAAAAD" and moves(page) == ["S"]
    assert page.evaluate("location.hash") == "#KL1-D1N-AAAAAAD"

    set_fragment(page, SHARED)
    page.wait_for_selector("#link-dialog[open]")
    page.click("[data-action=link-start]")
    page.wait_for_function("(c) => document.getElementById('code').textContent === c",
                           arg=SHARED)
    assert moves(page) == []
    assert page.watch.problems() == []


def test_a_link_works_offline(fresh_context, site_url):
    page = open_app(fresh_context, site_url)
    wait_offline_ready(page)
    fresh_context.set_offline(True)
    try:
        linked = fresh_context.new_page()  # a page loaded from the link, not a hash change
        linked.goto(site_url + "#" + SHARED)
        boot(linked)
        assert code(linked) == SHARED
    finally:
        fresh_context.set_offline(False)


def test_redo_by_keys_and_button_survives_a_reload_and_restart_deals_again(
        fresh_context, site_url):
    page = open_app(fresh_context, site_url)
    start(page, "KL1-D1N-AAAAAAD")
    redo = page.locator("[data-action=redo]")
    assert redo.is_disabled()
    for count in (1, 2, 3):
        click_stock(page)
        wait_for_moves(page, count)
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+z")
    wait_for_moves(page, 1)
    assert redo.is_enabled()
    page.keyboard.press("Control+y")
    wait_for_moves(page, 2)
    assert status(page).startswith("Redone: ")
    page.reload()  # redo survives it
    boot(page)
    assert redo.is_enabled()
    redo.click()
    wait_for_moves(page, 3)
    assert redo.is_disabled()
    page.keyboard.press("Control+Shift+z")
    assert status(page) == "There is nothing to redo"

    choose(page, "restart")
    wait_for_moves(page, 0)
    settle(page)
    assert code(page) == "KL1-D1N-AAAAAAD"
    assert status(page) == ("Deal KL1-D1N-AAAAAAD restarted. The game so far counts as a "
                            "game not won in the statistics.")
    assert page.watch.problems() == []
