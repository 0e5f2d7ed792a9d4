"""A start that fails says so, in the player's language, and offers to try again (static/
boot.js), rather than a loading bar that never ends: a runtime file that did not arrive (a
first visit's connection dropped), or the game's own start raising. It changes nothing
stored, and Try again boots the page once the cause is gone. A first visit whose download
takes a while says why."""

from __future__ import annotations

from harness import boot, new_site_context, watch_page
from player import after_frame, click_stock, saved, settle, wait_for_moves

# What the loading area holds: each child's tag and text.
LOADING = """() => [...document.querySelectorAll('#loading > *')].map(
    (el) => [el.tagName, el.textContent])"""
ENGLISH = "The game could not start. Check your connection, then try again."


def test_a_runtime_file_that_did_not_arrive_is_said_and_try_again_boots(browser, site_url):
    # A Polish browser's first visit (nothing stored: paint.js draws a fresh deal), whose
    # standard library does not arrive.
    context = new_site_context(browser, service_workers="block", locale="pl-PL")
    try:
        context.route("**/python_stdlib.zip", lambda route: route.abort())
        page = context.new_page()
        watch_page(page)
        page.goto(site_url)
        page.wait_for_selector("#boot-failed")
        (_, message), (_, reason), (button, retry) = page.evaluate(LOADING)
        assert message != ENGLISH and message.startswith("Nie udało się")  # the record's
        assert reason == "TypeError: Failed to fetch" and button == "BUTTON"
        assert page.evaluate("document.activeElement.textContent") == retry
        assert page.get_attribute("#boot-failed", "role") == "alert"
        assert page.locator("#progress").count() == 0
        assert page.get_attribute("#board", "aria-busy") == "false"
        # The table stays as drawn, and a tap on it no longer says "still loading".
        page.locator(".slot.stock").click(force=True)
        assert page.locator("#status").inner_text() == ""
        assert page.evaluate("localStorage.length") == 0  # nothing stored

        context.unroute("**/python_stdlib.zip")
        page.get_by_role("button", name=retry).click()
        boot(page)
        settle(page)
        assert page.locator("#boot-failed").count() == 0
        assert page.locator("#loading").is_hidden()
        # Nothing went wrong but the missing file (Pyodide's loader leaves its fetches'
        # rejections unhandled).
        assert set(page.watch.page_errors) <= {"Failed to fetch"}
    finally:
        context.close()


def test_the_games_own_start_failing_is_said_and_loses_nothing(browser, site_url):
    # A Czech player's game, one move in; the next visit's main() raises at once.
    context = new_site_context(browser, service_workers="block", locale="cs-CZ")
    try:
        page = context.new_page()
        watch_page(page)
        page.goto(site_url)
        boot(page)
        settle(page)
        click_stock(page)
        wait_for_moves(page, 1)
        after_frame(page)

        def failing(route):
            response = route.fetch()
            text = response.text()
            assert "    app = App()\n" in text
            route.fulfill(response=response,
                          body=text.replace("    app = App()\n", "    raise OSError('boom')\n"))

        context.route("**/static/main.py", failing)
        page.reload()
        page.wait_for_selector("#boot-failed")
        (_, message), (_, reason), (_, retry) = page.evaluate(LOADING)
        assert message.startswith("Hru se nepodařilo spustit")  # the stored record's
        assert reason == "OSError: boom"
        assert page.locator(".py-error").first.is_hidden()  # the traceback: console only
        assert saved(page)["moves"] == "S"  # still stored

        context.unroute("**/static/main.py")
        page.get_by_role("button", name=retry).click()
        boot(page)
        settle(page)
        assert saved(page)["moves"] == "S"  # the game, as it was
        assert page.locator("#loading").is_hidden()
    finally:
        context.close()


def test_a_slow_first_visit_says_why_until_the_game_is_ready(browser, site_url):
    # A Vietnamese browser's first visit, whose standard library is held back (a slow link).
    context = new_site_context(browser, locale="vi-VN")
    try:
        held = []
        context.route("**/python_stdlib.zip", lambda route: held.append(route))
        page = context.new_page()
        watch_page(page)
        page.goto(site_url)
        page.wait_for_selector("#loading-note", timeout=15_000)
        note = page.locator("#loading-note").inner_text()
        assert note.startswith("Lần đầu")  # the first visit's texts, in the browser's language
        assert page.locator("#progress").is_visible()
        for route in held:
            route.continue_()
        context.unroute("**/python_stdlib.zip")
        boot(page)
        assert page.locator("#loading").is_hidden()  # the note with it
        assert page.locator("#boot-failed").count() == 0
    finally:
        context.close()
