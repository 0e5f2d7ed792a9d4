"""Statistics, settings, languages, rules help and accessibility (issue 6) in a real
browser; axe-core (npm, used only here) checks the main screen and every dialog."""

from __future__ import annotations

from pathlib import Path

import pytest
from harness import boot, open_app
from player import (
    after_frame,
    choose,
    click_stock,
    pointer_play,
    settle,
    start,
    wait_for_moves,
)

from klondike import Game
from tests.lines import DEAL_2_DRAW_1

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def axe_violations(page, selector: str | None = None) -> list[str]:
    """Serious and critical axe-core violations on the page (or inside ``selector``)."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async (selector) => {
            const result = await axe.run(selector ? document.querySelector(selector) : document,
                {resultTypes: ['violations']});
            return result.violations
                .filter(v => v.impact === 'serious' || v.impact === 'critical')
                .map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3)
                    .map(n => n.target.join(' ')).join(', ')}`);
        }""",
        selector,
    )
    return found


pytestmark = pytest.mark.usefixtures("no_errors")


def open_dialog(page, action: str, dialog: str) -> None:
    if page.locator("dialog[open]").count():
        page.keyboard.press("Escape")
    choose(page, action)
    page.wait_for_selector(f"#{dialog}[open]")


def test_main_screen_has_no_serious_accessibility_violations(page):
    start(page, "KL1-D1N-AAAAAAG")
    click_stock(page)
    wait_for_moves(page, 1)
    assert axe_violations(page) == []


FOCUSED = """() => { const el = document.activeElement;
    return [el.tagName, el.dataset.action ?? null, !!el.closest('dialog')]; }"""


def test_after_the_start_nothing_is_focused_and_tab_reaches_the_toolbar(fresh_context, site_url):
    # The start opens and closes the win's dialog once (dialogs.prime); the focus its
    # showModal gave the dialog's button must not stay on that hidden button.
    page = open_app(fresh_context, site_url)
    assert page.evaluate(FOCUSED) == ["BODY", None, False]
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED) == ["BUTTON", "new-game", False]
    assert page.watch.problems() == []


def test_a_dialog_gives_the_focus_back_to_what_opened_it_the_menu_for_its_items(page):
    # An item of the More menu is hidden once chosen: its dialog gives the focus back to
    # the menu's button, so the keyboard goes on from where it was.
    if page.locator("dialog[open]").count():
        page.keyboard.press("Escape")
    for action, dialog in (("stats", "stats-dialog"), ("help", "help-dialog")):
        page.focus("#menu > summary")
        page.keyboard.press("Enter")  # the menu opens
        page.focus(f"#menu [data-action={action}]")
        page.keyboard.press("Enter")
        page.wait_for_selector(f"#{dialog}[open]")
        page.keyboard.press("Escape")
        page.wait_for_selector(f"#{dialog}:not([open])", state="attached")
        assert page.evaluate("document.activeElement === document.querySelector('#menu > summary')")
    page.focus("[data-action=new-game] >> nth=0")  # a toolbar button's dialog: back to it
    page.keyboard.press("Enter")
    page.wait_for_selector("#new-dialog[open]")
    page.keyboard.press("Escape")
    page.wait_for_selector("#new-dialog:not([open])", state="attached")
    assert page.evaluate(FOCUSED) == ["BUTTON", "new-game", False]


IN_TOOLBAR = "document.activeElement.closest('.toolbar') !== null"


def test_new_game_says_when_the_game_left_would_count_as_not_won(page):
    """New game's dialog says so before the player confirms, as Restart and a link do
    (in the status line after it, the text took a second line and shrank the cards)."""
    if page.locator("dialog[open]").count():
        page.keyboard.press("Escape")
    start(page, "KL1-D1N-AAAAAAC")
    note = page.locator("#new-note")
    for moved in (False, True):
        page.click("[data-action=new-game] >> nth=0")
        page.wait_for_selector("#new-dialog[open]")
        assert note.is_visible() == moved
        if moved:
            assert note.text_content() == ("A new game would count the game in progress as "
                                           "a game not won in the statistics.")
            assert page.evaluate("document.getElementById('new-dialog')"
                                 ".getAttribute('aria-describedby')") == "new-note"
        page.keyboard.press("Escape")
        page.wait_for_selector("#new-dialog:not([open])", state="attached")
        if not moved:
            click_stock(page)
            wait_for_moves(page, 1)


def test_the_focus_goes_on_where_what_had_it_is_gone(page):
    """WCAG 2.4.3: a banner's button hidden by its own press, a dialog closed whose
    opener is gone: the focus fell to the page, and the next Tab started from its top. It
    goes to Undo, or to New game where nothing can be undone."""
    if page.locator("dialog[open]").count():
        page.keyboard.press("Escape")
    start(page, "KL1-D3V-AAAAAAC")  # R6: stuck from the start (draw 3, Vegas: one pass)
    click_stock(page)
    wait_for_moves(page, 1)
    page.focus("#stuck [data-action=undo]")
    page.keyboard.press("Enter")
    wait_for_moves(page, 0)  # still stuck: the banner stays, its Undo goes
    assert page.locator("#stuck [data-action=undo]").is_hidden()
    assert page.evaluate(FOCUSED) == ["BUTTON", "new-game", False]
    assert page.evaluate(IN_TOOLBAR)
    # The win's New game, then the New game dialog's Enter: its opener closed with the win.
    start(page, "KL1-D1N-AAAAAAC")
    game = Game.from_code("KL1-D1N-AAAAAAC")
    for text in DEAL_2_DRAW_1:
        pointer_play(page, game, text)
    page.wait_for_selector("#win-dialog[open]")
    page.focus("#win-dialog [data-action=new-game]")
    page.keyboard.press("Enter")
    page.wait_for_selector("#new-dialog[open]")
    page.keyboard.press("Enter")  # the dialog's own button: a new deal
    page.wait_for_selector("#new-dialog:not([open])", state="attached")
    page.wait_for_function(IN_TOOLBAR)
    assert page.evaluate(FOCUSED) == ["BUTTON", "new-game", False]


@pytest.mark.parametrize(
    ("action", "dialog"),
    [("new-game", "new-dialog"), ("settings", "settings-dialog"), ("stats", "stats-dialog"),
     ("help", "help-dialog")],
)
def test_every_dialog_has_no_serious_accessibility_violations(page, action, dialog):
    open_dialog(page, action, dialog)
    assert axe_violations(page, f"#{dialog}") == []
    page.keyboard.press("Escape")


def stats_rows(page) -> dict[str, str]:
    return dict(
        (r.split("\t")[0], r.split("\t")[1])
        for r in page.locator("#stats-rows tr").evaluate_all(
            "rows => rows.map(r => r.cells[0].textContent + '\\t' + r.cells[1].textContent)")
    )


def reset_stats(page) -> None:
    open_dialog(page, "stats", "stats-dialog")
    page.click("[data-action=stats-reset]")
    page.click("[data-action=stats-reset-confirm]")
    page.keyboard.press("Escape")


def test_win_dialog_and_statistics_count_the_win(page):
    start(page, "KL1-D1N-AAAAAAC")
    reset_stats(page)
    game = Game.from_code("KL1-D1N-AAAAAAC")
    for text in DEAL_2_DRAW_1:
        pointer_play(page, game, text)
    page.wait_for_selector("#win-dialog[open]")
    assert axe_violations(page, "#win-dialog") == []
    open_dialog(page, "stats", "stats-dialog")
    rows = stats_rows(page)
    assert rows["Played"] == "1" and rows["Won"] == "1" and rows["Win rate"] == "100%"
    assert rows["Fewest moves"] == str(len(DEAL_2_DRAW_1))
    assert rows["Best score"] == "700"
    page.keyboard.press("Escape")


def test_abandoned_game_is_counted_and_reset_asks_first(page):
    start(page, "KL1-D1N-AAAAAAA")
    reset_stats(page)
    click_stock(page)
    wait_for_moves(page, 1)
    start(page, "KL1-D1N-AAAAAAB")  # leaves the first game
    open_dialog(page, "stats", "stats-dialog")
    abandoned = page.locator("#stats-rows tr", has_text="Abandoned").locator("td")
    assert abandoned.text_content() == "1"
    page.click("[data-action=stats-reset]")
    assert page.locator("[data-action=stats-reset-confirm]").is_visible()
    page.click("[data-action=stats-reset-confirm]")
    assert page.locator("#stats-rows tr", has_text="Played").locator("td").text_content() == "0"
    page.keyboard.press("Escape")


def test_settings_four_colours_left_handed_and_no_animation(page):
    open_dialog(page, "settings", "settings-dialog")
    page.check("#settings-dialog input[name=faces][value=four]")
    page.check("#settings-dialog input[name=left_handed]")
    page.check("#settings-dialog input[name=animation][value=off]")
    page.click("#settings-dialog button[type=submit]")
    page.wait_for_function("document.body.classList.contains('four-colour')")
    settle(page)
    stock = page.locator('.slot[data-pile="stock"]').bounding_box()
    clubs = page.locator('.slot[data-pile="Fc"]').bounding_box()
    assert stock["x"] > clubs["x"]  # the stock is on the right
    assert page.evaluate("document.body.classList.contains('animation-off')")
    # The settings survive a reload.
    page.reload()
    boot(page)
    assert page.evaluate("document.body.classList.contains('four-colour')")
    open_dialog(page, "settings", "settings-dialog")
    page.check("#settings-dialog input[name=faces][value=classic]")
    page.uncheck("#settings-dialog input[name=left_handed]")
    page.check("#settings-dialog input[name=animation][value=normal]")
    page.click("#settings-dialog button[type=submit]")
    page.wait_for_function("!document.body.classList.contains('four-colour')")


@pytest.mark.parametrize(
    ("language", "new_game", "undo"),
    [("pl", "Nowa gra", "Cofnij"), ("cs", None, None), ("vi", None, None)],
)
def test_language_from_the_setting(page, language, new_game, undo):
    open_dialog(page, "settings", "settings-dialog")
    page.select_option("#language", language)
    page.click("#settings-dialog button[type=submit]")
    page.wait_for_function(f"document.documentElement.lang === {language!r}")
    button = page.locator("[data-action=new-game] >> nth=0").text_content()
    assert button != "New game"
    if new_game:
        assert button == new_game
        assert page.locator("[data-action=undo] >> nth=0").text_content() == undo
    label = page.locator("#c-Ah").get_attribute("aria-label")
    assert label and label != "ace of hearts"
    open_dialog(page, "help", "help-dialog")
    assert page.locator("#help-body h3").count() >= 3
    page.keyboard.press("Escape")
    open_dialog(page, "settings", "settings-dialog")
    page.select_option("#language", "en")
    page.click("#settings-dialog button[type=submit]")
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert page.locator("[data-action=new-game] >> nth=0").text_content() == "New game"


def test_language_follows_the_browser(browser, site_url):
    from harness import new_site_context

    context = new_site_context(browser, locale="vi-VN")
    try:
        page = open_app(context, site_url)
        assert page.evaluate("document.documentElement.lang") == "vi"
        assert page.locator("[data-action=new-game] >> nth=0").text_content() != "New game"
        # One English word, two uses: each its own translation, by the message's context.
        scoring, speed = (page.text_content(f"input[name={name}][value={value}] + span")
                          for name, value in (("scoring", "N"), ("animation", "normal")))
        assert (scoring, speed) == ("Thường", "Bình thường")
        assert page.watch.problems() == []
    finally:
        context.close()


def test_rules_help_shows_the_scoring_table_of_the_game(page):
    start(page, "KL1-D1V-AAAAAAA")
    open_dialog(page, "help", "help-dialog")
    text = page.locator("#help-body").text_content()
    assert "$" in text
    page.keyboard.press("Escape")


def test_usable_at_200_percent_text_size(page):
    """WCAG 1.4.4: with text at 200% nothing runs off the side and every control stays
    reachable."""
    size = page.viewport_size
    page.set_viewport_size({"width": 1600, "height": 768})
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    try:
        # More's items, open in a wide window, stay in the window once it narrows (a
        # tablet turned with the menu open): they ran out to 1134 px of 1024.
        settle(page)
        page.click("#menu > summary")
        page.wait_for_selector("#menu[open]")
        page.set_viewport_size({"width": 1024, "height": 768})
        after_frame(page)  # the resize event's handler has run (read at once, it had not,
        settle(page)  # and the items stood where the wide window had them: seen in CI)
        right = page.evaluate("Math.max(...[...document.querySelectorAll("
                              "'#menu .menu-items .button')].map("
                              "(b) => b.getBoundingClientRect().right))")
        assert 0 < right <= 1024
        page.click("#menu > summary")  # closed again
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        for action in ("new-game", "undo", "hint", "daily", "stats", "settings", "help"):
            button = page.locator(f"[data-action={action}] >> nth=0")
            if not button.is_visible():
                page.click("#menu > summary")  # the items behind "More"
            box = button.bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= 1024, action
        page.keyboard.press("Escape")
        open_dialog(page, "settings", "settings-dialog")
        assert page.evaluate(
            "document.getElementById('settings-dialog').getBoundingClientRect().right"
            " <= innerWidth")
        page.keyboard.press("Escape")
        # On a phone no dialog scrolls sideways (WCAG 1.4.10): a fieldset took its list's
        # longest choice as its least width (the settings 556 px wide in 331), and the
        # rules' table of scores scrolls alone.
        page.set_viewport_size({"width": 360, "height": 740})
        for action, dialog in (("settings", "settings-dialog"), ("help", "help-dialog"),
                               ("stats", "stats-dialog"), ("new-game", "new-dialog")):
            open_dialog(page, action, dialog)
            assert page.evaluate("(id) => { const d = document.getElementById(id);"
                                 " return d.scrollWidth <= d.clientWidth"
                                 " && d.getBoundingClientRect().right <= innerWidth; }",
                                 dialog), dialog
            page.keyboard.press("Escape")
    finally:
        page.evaluate("document.documentElement.style.fontSize = ''")
        page.set_viewport_size(size)


def test_keyboard_focus_is_visible_on_piles_and_cards(page):
    start(page, "KL1-D1N-AAAAAAG")
    page.focus('.slot[data-pile="T3"]')
    page.keyboard.press("ArrowRight")  # to column 4, by keyboard: focus-visible applies
    assert page.evaluate("document.activeElement.dataset.pile") == "T4"
    outline = page.evaluate(
        "getComputedStyle(document.querySelector('.card.cursor')).outlineStyle")
    assert outline == "solid"  # the column's card under the cursor shows it
    page.keyboard.press("Tab")
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") == "solid"


def test_prefers_reduced_motion_turns_animation_off(browser, site_url):
    from harness import new_site_context

    context = new_site_context(browser, reduced_motion="reduce")
    try:
        reduced = open_app(context, site_url)
        duration = reduced.evaluate(
            "getComputedStyle(document.querySelector('.card')).transitionDuration")
        assert duration == "0s"
        assert reduced.watch.problems() == []
    finally:
        context.close()
