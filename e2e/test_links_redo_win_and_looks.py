"""Links to a deal, Redo and Restart this deal, the win's cascade and the looks (card
backs, table colours) in a real browser (issue 25)."""

from __future__ import annotations

import json

from harness import boot, new_site_context, open_app, wait_offline_ready
from player import (
    after_frame,
    choose,
    click_stock,
    drop_point,
    first_deal,
    grab_point,
    lead_card,
    legal,
    moves,
    pointer_play,
    settle,
    start,
    wait_for_moves,
    wait_page_time,
)

from klondike import Game, Move
from klondike.app.cascade import GAP_SECONDS
from klondike.app.storage import save_game
from tests.lines import DEAL_2_DRAW_1

SHARED = "KL1-D3V-AAAAAAG"


def code(page) -> str:
    return page.text_content("#code")


def status(page) -> str:
    return page.text_content("#status")


def set_fragment(page, fragment: str) -> None:
    """The player edits the address's fragment (a hashchange, no reload)."""
    page.evaluate("(f) => { location.hash = f; }", fragment)


def wait_address(page, href: str) -> None:
    """The address becomes ``href`` (written once the frame after the deal is drawn)."""
    page.wait_for_function("(href) => location.href === href", arg=href)


def test_a_link_deals_its_deal_and_the_address_is_the_link_of_the_deal_on_the_table(
        fresh_context, site_url):
    page = open_app(fresh_context, site_url + "#" + SHARED.lower())
    assert code(page) == SHARED
    wait_address(page, site_url + "#" + SHARED)  # under /<repo>/
    start(page, "KL1-D1N-AAAAAAD")
    wait_address(page, site_url + "#KL1-D1N-AAAAAAD")  # the address follows
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


def test_the_address_follows_a_new_deal_after_its_frame_or_at_once_when_hidden(
        fresh_context, site_url):
    page = open_app(fresh_context, site_url)
    new_game = """(code) => {
        document.querySelector('[data-action=new-game]').click();
        document.getElementById('code-input').value = code;
        document.querySelector('#new-dialog form').requestSubmit();  // the whole New game
        return [document.getElementById('code').textContent, location.hash];
    }"""
    dealt, address = page.evaluate(new_game, "KL1-D1N-AAAAAAD")
    assert dealt == "KL1-D1N-AAAAAAD" and address != "#KL1-D1N-AAAAAAD"  # not in its task
    wait_address(page, site_url + "#KL1-D1N-AAAAAAD")  # after its frame
    page.evaluate("Object.defineProperty(document, 'hidden', {get: () => true})")
    assert page.evaluate(new_game, "KL1-D1N-AAAAAAC") == ["KL1-D1N-AAAAAAC", "#KL1-D1N-AAAAAAC"]
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
    # The address goes back to the game's link a frame later; a fragment typed before
    # that would be written over by it (the player cannot type that fast).
    wait_address(page, site_url + "#KL1-D1N-AAAAAAD")

    set_fragment(page, SHARED)
    page.wait_for_selector("#link-dialog[open]")
    assert SHARED in page.text_content("#link-message")
    assert page.text_content("#link-title") == "A shared deal"
    page.click("[data-action=link-keep]")
    assert code(page) == "KL1-D1N-AAAAAAD" and moves(page) == ["S"]
    wait_address(page, site_url + "#KL1-D1N-AAAAAAD")

    # Escape keeps playing too, and the address is the game's link again at once (it
    # kept the refused deal's until the next move, and a reload asked again).
    set_fragment(page, SHARED)
    page.wait_for_selector("#link-dialog[open]")
    page.keyboard.press("Escape")
    wait_address(page, site_url + "#KL1-D1N-AAAAAAD")
    assert code(page) == "KL1-D1N-AAAAAAD" and moves(page) == ["S"]

    set_fragment(page, SHARED)
    page.wait_for_selector("#link-dialog[open]")
    page.click("[data-action=link-start]")
    page.wait_for_function("(c) => document.getElementById('code').textContent === c",
                           arg=SHARED)
    after_frame(page)  # the new game is saved after the frame
    assert moves(page) == []
    assert page.watch.problems() == []


def test_a_link_opened_over_a_stuck_game_at_its_start_says_only_the_new_deal(
        fresh_context, site_url):
    """The saved game, stuck from its start (no move: left without a question), said "No
    useful move is left" at the resume; the link's deal replaced it at once, and the
    status line read "No useful move is left New game KL1-D1N-AAAAAAE: ...", of a game
    no longer on the table."""
    stuck = save_game(Game.from_code("KL1-D3V-AAAAAAC"), 0.0)  # R6, from the start
    fresh_context.add_init_script(f"localStorage.setItem('klondike.game', {json.dumps(stuck)});")
    page = open_app(fresh_context, site_url + "#KL1-D1N-AAAAAAE")
    assert code(page) == "KL1-D1N-AAAAAAE"
    assert status(page).startswith("New game KL1-D1N-AAAAAAE: draw 1"), status(page)
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


# --- the win's cascade -----------------------------------------------------------------
def one_move_from_the_win(context, settings: dict | None = None) -> Game:
    """A context whose saved game is deal 2 in draw 1 one move before its win."""
    game = Game.from_code("KL1-D1N-AAAAAAC")
    for text in DEAL_2_DRAW_1[:-1]:
        game.play(Move.from_text(text))
    script = f"localStorage.setItem('klondike.game', {json.dumps(save_game(game, 60.0))});"
    if settings:
        script += f"localStorage.setItem('klondike.settings', {json.dumps(json.dumps(settings))});"
    context.add_init_script(f"if (!sessionStorage.getItem('seeded')) {{ {script} "
                            "sessionStorage.setItem('seeded', '1'); }")
    return game


def cascading(page) -> int:
    return page.evaluate("document.getAnimations().filter(a => a.id === 'cascade').length")


def test_the_win_cascades_the_cards_and_a_key_ends_it(fresh_context, site_url):
    game = one_move_from_the_win(fresh_context)
    page = open_app(fresh_context, site_url)
    settle(page)  # the deal's cards in place before the drag
    pointer_play(page, game, DEAL_2_DRAW_1[-1])
    page.wait_for_selector("#win-dialog[open]")  # at once, over the cascade
    page.wait_for_function("document.getAnimations().filter(a => a.id === 'cascade')"
                           ".length >= 3")  # one card after another
    moved = page.evaluate("""() => { const r = document.getElementById('c-Ks')
        .getBoundingClientRect(); const f = document.querySelector('[data-pile=Fs]')
        .getBoundingClientRect(); return Math.abs(r.x - f.x) + Math.abs(r.y - f.y); }""")
    assert moved > 5  # the king of spades, first away, has left its foundation
    page.keyboard.press("Shift")
    assert cascading(page) == 0
    settle(page)
    home = page.evaluate("""() => { const r = document.getElementById('c-Ks')
        .getBoundingClientRect(); const f = document.querySelector('[data-pile=Fs]')
        .getBoundingClientRect(); return Math.abs(r.x - f.x) + Math.abs(r.y - f.y); }""")
    assert home < 1  # back on its foundation
    assert page.locator("#win-dialog[open]").count() == 1
    # Once more, ended by a tap around the win dialog this time.
    page.keyboard.press("Escape")
    page.keyboard.press("Control+z")
    game.undo()
    wait_for_moves(page, game.moves_made)
    pointer_play(page, game, DEAL_2_DRAW_1[-1])
    page.wait_for_function("document.getAnimations().filter(a => a.id === 'cascade')"
                           ".length >= 3")
    # On a phone, cards that fly past the window's side do not make the page wider (a
    # wheel slid the whole page sideways).
    page.set_viewport_size({"width": 360, "height": 740})
    widest = page.evaluate("""() => new Promise((done) => {
        let widest = 0, frames = 0;
        const look = () => {
            widest = Math.max(widest, document.documentElement.scrollWidth);
            if (++frames < 60) requestAnimationFrame(look); else done(widest);
        };
        look();
    })""")
    assert widest <= 360
    page.mouse.click(4, 4)  # on the dialog's backdrop
    assert cascading(page) == 0
    assert page.evaluate("document.documentElement.classList.contains('cascade')") is False
    assert page.watch.problems() == []


def test_a_win_taken_back_before_its_frame_opens_no_dialog_and_no_cascade(
        fresh_context, site_url):
    """The win's dialog and cascade wait for the winning move's frame (a task of their
    own); an undo before it, in the same task as the move here, takes the win back."""
    game = one_move_from_the_win(fresh_context)
    page = open_app(fresh_context, site_url)
    settle(page)
    last = Move.from_text(DEAL_2_DRAW_1[-1])
    page.evaluate("""(id) => {
        const el = document.getElementById(id), box = el.getBoundingClientRect();
        const at = {bubbles: true, pointerId: 1, isPrimary: true, button: 0,
                    clientX: box.x + 4, clientY: box.y + 4};
        el.dispatchEvent(new PointerEvent('pointerdown', at));  // a tap sends it home
        el.dispatchEvent(new PointerEvent('pointerup', at));
        document.body.dispatchEvent(new KeyboardEvent('keydown', {key: 'z', ctrlKey: true,
                                                           bubbles: true}));
    }""", f"c-{lead_card(game, last)}")
    page.wait_for_function("!document.querySelector('[data-action=redo]').disabled")
    after_frame(page)  # the winning move's frame, and the task after it that opens the dialog
    assert page.locator("#win-dialog[open]").count() == 0
    assert cascading(page) == 0
    assert moves(page) == DEAL_2_DRAW_1[:-1]  # won, then taken back
    page.keyboard.press("Control+y")  # the same win, redone, is shown
    page.wait_for_selector("#win-dialog[open]")
    assert page.watch.problems() == []


def test_no_cascade_with_the_animations_off_or_reduced_motion(browser, site_url):
    for settings, media in (({"v": 1, "animation": "off"}, "no-preference"), (None, "reduce")):
        context = new_site_context(browser, reduced_motion=media)
        try:
            game = one_move_from_the_win(context, settings)
            page = open_app(context, site_url)
            settle(page)
            pointer_play(page, game, DEAL_2_DRAW_1[-1])
            page.wait_for_selector("#win-dialog[open]")
            wait_page_time(page, GAP_SECONDS)  # a cascade's next card would have left by now
            assert cascading(page) == 0, (settings, media)
        finally:
            context.close()


# --- looks ------------------------------------------------------------------------------
def test_every_card_back_and_table_colour_is_remembered_and_stays_accessible(
        fresh_context, site_url):
    from test_features import axe_violations  # the same axe-core run as the other screens

    page = open_app(fresh_context, site_url)
    start(page, "KL1-D1N-AAAAAAG")  # face-down cards and a king (court card) face up
    assert page.evaluate("document.getElementById('c-Kd').classList.contains('court')")
    # The indicator answered (won, in 27 nodes): its green is checked on every table too
    # (with the dark table's ink it had 4.3:1, under AA's 4.5; axe saw it only when the
    # answer came before the check).
    page.wait_for_function("document.getElementById('winnable').dataset.state === 'won'")
    for back, table, large in (("dots", "dark", True), ("waves", "blue", False),
                               ("lattice", "green", True)):
        choose(page, "settings")
        page.wait_for_selector("#settings-dialog[open]")
        page.select_option("#back", back)
        page.select_option("#table-colour", table)
        page.set_checked("#settings-dialog input[name=large_index]", large)
        page.click("#settings-dialog button[type=submit]")
        page.wait_for_function(
            "([b, t]) => document.body.classList.contains('back-' + b)"
            " && document.documentElement.classList.contains('table-' + t)", arg=[back, table])
        assert page.evaluate("document.body.classList.contains('large-index')") == large
        settle(page)
        assert axe_violations(page) == [], (back, table, large)
    page.reload()  # remembered
    boot(page)
    assert page.evaluate("document.body.classList.contains('back-lattice')"
                         " && document.documentElement.classList.contains('table-green')")
    assert page.watch.problems() == []


# The marks' styles as drawn: box shadows (dropped by a contrast theme) and outlines.
MARK_STYLES = """(cls) => [...document.querySelectorAll('.' + cls)].map((el) => {
    const s = getComputedStyle(el);
    return [el.id || el.dataset.pile, s.boxShadow, s.outlineStyle, parseFloat(s.outlineWidth)];
})"""


def test_a_contrast_theme_still_shows_the_picked_card_the_hint_and_the_drop_target(
        browser, site_url):
    """Windows' contrast themes (forced colours) drop every box shadow, the rings that
    mark a picked card, a hint and a drop target among them: each is an outline there, of
    a style of its own."""
    game = first_deal(lambda g: any(m.startswith("T") and ">T" in m for m in legal(g)))
    text = next(m for m in sorted(legal(game)) if m.startswith("T") and ">T" in m)
    lead = lead_card(game, Move.from_text(text))
    context = new_site_context(browser, forced_colors="active")
    try:
        page = open_app(context, site_url)
        start(page, game.code)
        styles = {}
        page.focus(f'.slot[data-pile="{text.split(">")[0]}"]')
        page.keyboard.press("Enter")  # the keyboard's pick (its cursor is on it too)
        page.wait_for_function("document.querySelector('.card.selected') !== null")
        styles["selected"] = page.evaluate(MARK_STYLES, "selected")
        page.keyboard.press("Escape")  # put back
        page.wait_for_function("document.querySelector('.card.selected') === null")

        page.click("[data-action=hint]")
        page.wait_for_function("document.querySelector('.hint') !== null")
        styles["hint"] = page.evaluate(MARK_STYLES, "hint")

        page.mouse.move(*grab_point(page, lead))  # a drag held over its target
        page.mouse.down()
        page.mouse.move(*drop_point(page, game, text.split(">")[1], lead), steps=6)
        page.wait_for_function("document.querySelector('.drop-ok') !== null")
        styles["drop-ok"] = page.evaluate(MARK_STYLES, "drop-ok")
        page.mouse.up()
        wait_for_moves(page, 1)
        assert moves(page) == [text]

        for mark, shown in styles.items():
            assert shown, mark
            for name, shadow, style, width in shown:
                assert shadow == "none", (mark, name, shadow)  # the theme is on
                assert style != "none" and width >= 3, (mark, name, style, width)
        kinds = {mark: {style for _, _, style, _ in shown} for mark, shown in styles.items()}
        assert len(set.union(*kinds.values())) == 3, kinds  # told apart without colour
        assert page.watch.problems() == []
    finally:
        context.close()


# Each native control of the open dialog: its kind, its colour scheme and its background.
CONTROLS = """(id) => [...document.querySelectorAll(
        `#${id} select, #${id} input`)].filter((el) => el.getClientRects().length)
    .map((el) => { const s = getComputedStyle(el);
                   return [el.type, s.colorScheme, s.backgroundColor]; })"""


def test_the_dialogs_controls_are_drawn_light_as_the_dialogs_are(page):
    """The page's scheme is dark (the felt); the dialogs are light. Their radio buttons
    were drawn in the dark scheme, as dark discs that looked chosen beside the one that
    was, and their lists dark on the light dialog."""
    for action, dialog in (("settings", "settings-dialog"), ("new-game", "new-dialog")):
        choose(page, action)
        page.wait_for_selector(f"#{dialog}[open]")
        controls = page.evaluate(CONTROLS, dialog)
        page.keyboard.press("Escape")
        kinds = {kind for kind, _, _ in controls}
        assert {"radio", "checkbox"} & kinds, (dialog, kinds)
        for kind, scheme, background in controls:
            assert scheme == "light", (dialog, kind, scheme)
            if kind in ("select-one", "text"):  # a light field: each channel over 200
                channels = [int(c) for c in background[background.index("(") + 1:
                                                        -1].split(",")[:3]]
                assert min(channels) > 200, (dialog, kind, background)
    assert page.watch.problems() == []
