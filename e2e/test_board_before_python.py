"""Issue 38: the saved game's cards are on screen before Python is ready, where and as the
Python view last drew them (static/paint.js draws the stored record of
klondike/app/paint.py), and a tap or a key meanwhile is refused visibly, never lost
silently; Python then takes the same elements over. A first visit draws one of a few fresh
deals, which Python then deals."""

from __future__ import annotations

import json

from harness import boot, new_site_context, open_app, watch_page
from player import GAME_KEY, after_frame, choose, saved, settle, start

from klondike.app.paint import FIRST_DEALS
from klondike.app.storage import Settings
from klondike.app.stored import SETTINGS_KEY

PAINT_KEY = "klondike.paint"
CODE = "KL1-D1N-AAAAAAG"
LINKED = "KL1-D3V-AAAAAAG"

# Each card's place as drawn: its text, --x, --y, face down, accessible name. (Not its
# z-index: Python's keeps a card that just glided raised until the next move.)
CARDS = """() => [...document.querySelectorAll('#table .card')].map((el) => [
    el.dataset.card, parseFloat(el.style.getPropertyValue('--x')),
    parseFloat(el.style.getPropertyValue('--y')), el.classList.contains('down'),
    el.getAttribute('aria-label')])"""


# What the page says before Python is ready: its language, a button, a pile's name, and
# every text and label paint.js translates early (static/page/dialogs.py's translate_page
# translates them later, and the whole page).
TOOLBAR = """() => ({lang: document.documentElement.lang,
    new: document.querySelector('[data-action=new-game]').textContent,
    stock: document.querySelector('[data-pile=stock]').getAttribute('aria-label'),
    texts: [...document.querySelectorAll(
        '.toolbar [data-i18n], #table[data-i18n], #table [data-i18n]')].map(
        (el) => el.textContent.trim()),
    labels: [...document.querySelectorAll(
        '.toolbar [aria-label], #table[aria-label], #table .slot[aria-label]')].map(
        (el) => el.getAttribute('aria-label'))})"""


def same_places(drawn, painted) -> bool:
    want = {c[0]: c for c in drawn}
    got = {c[0]: c for c in painted}
    return want.keys() == got.keys() and all(
        abs(want[k][1] - got[k][1]) < 1e-3 and abs(want[k][2] - got[k][2]) < 1e-3
        and want[k][3:] == got[k][3:] for k in want)


def test_saved_board_is_drawn_before_python_and_early_input_is_refused(browser, site_url):
    # One visit plays a little and leaves; the next one is held before PyScript starts
    # (no service worker here: it would serve PyScript past the test's hold).
    context = new_site_context(browser, service_workers="block")
    try:
        page = open_app(context, site_url)
        choose(page, "settings")  # looks the record must carry: a dark table
        page.wait_for_selector("#settings-dialog[open]")
        page.select_option("#table-colour", "dark")
        page.click("#settings-dialog [type=submit]")
        start(page, CODE)
        page.click(".slot.stock", force=True)  # a move: the stock turns
        settle(page)
        page.wait_for_function(f"localStorage.getItem({PAINT_KEY!r})?.includes('\"table-dark\"')")
        page.wait_for_function(
            f"JSON.parse(localStorage.getItem({GAME_KEY!r})).moves === 'S'")
        drawn = page.evaluate(CARDS)
        moves = saved(page)["moves"]
        page.close()

        held = []
        context.route("**/static/vendor/pyscript/core.js", lambda route: held.append(route))
        page = context.new_page()
        watch_page(page)
        page.goto(site_url, wait_until="commit")  # PyScript holds DOMContentLoaded
        page.wait_for_function("performance.getEntriesByName('klondike-painted').length > 0")
        assert held, "PyScript was not held back"
        assert not page.evaluate("document.body.classList.contains('ready')")
        assert same_places(drawn, page.evaluate(CARDS))
        assert page.evaluate("document.documentElement.classList.contains('table-dark')")
        assert page.locator("#c-Kh").get_attribute("role") == "img"

        # Before Python: a tap on the stock and a key are answered, and nothing moves.
        page.locator(".slot.stock").click(force=True)
        message = page.locator("#status").inner_text()
        assert message == "Still loading: try again in a moment."
        page.evaluate("document.getElementById('status').textContent = ''")
        page.keyboard.press("Enter")
        assert page.locator("#status").inner_text() == message
        assert same_places(drawn, page.evaluate(CARDS))

        for route in held:
            route.continue_()
        boot(page)
        settle(page)
        assert same_places(drawn, page.evaluate(CARDS))  # the same elements, unmoved
        assert page.locator("#table .card").count() == 52
        assert saved(page)["moves"] == moves  # the refused tap was not played
        assert page.locator("#status").inner_text() != message
        page.click(".slot.stock", force=True)  # and now the game plays
        page.wait_for_function(
            f"JSON.parse(localStorage.getItem({GAME_KEY!r})).moves === 'S S'")
        assert page.watch.problems() == []
    finally:
        context.close()


def test_a_hostile_paint_record_draws_nothing_and_the_game_boots(browser, site_url):
    context = new_site_context(browser)
    try:
        page = open_app(context, site_url)
        hostile = [
            "{", "null", "[]", '{"v": 2}', '"x"' * 1000,
            '{"v":1,"cards":[["As","<img src=x onerror=alert(1)>","A","s","s",0,0,1,true,"x"]],'
            '"height":1,"body":[],"root":[],"slots":{}}',
        ]
        for text in hostile:
            page.evaluate(f"localStorage.setItem({PAINT_KEY!r}, {text!r})")
            page.reload()
            boot(page)
            assert page.locator("#table .card").count() == 52
            assert page.locator("img").count() == 0
        # The deep nesting that once stopped a page from booting (issue 39).
        page.evaluate(f"localStorage.setItem({PAINT_KEY!r}, '['.repeat(20000) + ']'.repeat(20000))")
        page.reload()
        boot(page)
        assert page.locator("#table .card").count() == 52
        assert page.watch.problems() == []
    finally:
        context.close()


def test_a_first_visit_draws_a_fresh_deal_before_python_and_python_deals_it(browser, site_url):
    # A Polish browser's first visit (nothing stored), held before PyScript starts.
    context = new_site_context(browser, service_workers="block", locale="pl-PL")
    try:
        held = []
        context.route("**/static/vendor/pyscript/core.js", lambda route: held.append(route))
        page = context.new_page()
        watch_page(page)
        page.goto(site_url, wait_until="commit")
        page.wait_for_function("performance.getEntriesByName('klondike-painted').length > 0")
        assert held, "PyScript was not held back"
        first = page.get_attribute("#table", "data-first")
        assert first in FIRST_DEALS
        painted = page.evaluate(CARDS)
        assert len(painted) == 52 and sum(not down for *_, down, _label in painted) == 7
        page.locator(".slot.stock").click(force=True)
        waiting = page.locator("#status").inner_text()
        assert waiting and waiting != "Still loading: try again in a moment."  # in Polish
        page.wait_for_function("document.getElementById('progress-label').textContent "
                               "=== 'Wczytywanie…'")  # static/boot.js, from the record
        toolbar = page.evaluate(TOOLBAR)
        assert toolbar["lang"] == "pl" and toolbar["new"] != "New game"

        for route in held:
            route.continue_()
        boot(page)
        settle(page)
        after_frame(page)  # the first save waits for the frame after ready
        assert saved(page)["code"] == first and saved(page)["moves"] == ""
        # The same elements, unmoved, named as Python names them (in Polish).
        assert same_places(painted, page.evaluate(CARDS))
        assert page.locator("#c-As").get_attribute("aria-label") != "face-down card"
        assert page.evaluate(TOOLBAR) == toolbar  # Python's texts, as paint.js put them
        assert page.get_attribute("[data-action=new-game]", "data-i18n") == "New game"

        # The next visit: the toolbar in Polish again before Python, from the saved record.
        held.clear()
        page.reload(wait_until="commit")
        page.wait_for_function("performance.getEntriesByName('klondike-painted').length > 0")
        assert held and page.evaluate(TOOLBAR) == toolbar
        for route in held:
            route.continue_()
        boot(page)

        # Settings stored and no game (another visit chose them): nothing is drawn before
        # Python, which deals as the settings say.
        assert page.watch.problems() == []
        page.close()  # (it saves its game as it goes)
        held.clear()
        page = context.new_page()
        watch_page(page)
        page.add_init_script(f"""if (location.search === "?settings-only") {{
            localStorage.clear();
            localStorage.setItem({SETTINGS_KEY!r}, {Settings(draw=3).to_json()!r}); }}""")
        page.goto(site_url + "?settings-only", wait_until="commit")
        page.wait_for_selector("#status", state="attached")
        assert held and page.locator("#table .card").count() == 0
        assert page.get_attribute("#table", "data-first") is None
        for route in held:
            route.continue_()
        boot(page)
        after_frame(page)
        assert saved(page)["code"][4:7] == "D3N"
        assert page.watch.problems() == []
        page.close()

        # A first visit by a link to a deal: the link's deal, and no other drawn first.
        held.clear()
        page = context.new_page()
        watch_page(page)
        page.add_init_script("localStorage.clear();")
        page.goto(site_url + "#" + LINKED, wait_until="commit")
        page.wait_for_selector("#status", state="attached")
        assert held and page.locator("#table .card").count() == 0
        for route in held:
            route.continue_()
        boot(page)
        after_frame(page)
        assert saved(page)["code"] == LINKED
        # Said once: the link's deal is the visit's first, no random one before it (this
        # context speaks Polish: "Nowa gra" is "New game").
        status = page.text_content("#status")
        assert status.startswith(f"Nowa gra {LINKED}: ") and status.count("Nowa gra") == 1
        assert page.watch.problems() == []
    finally:
        context.close()


# Browser language lists, most preferred first, as navigator.languages gives them.
LANGUAGE_LISTS = (["pl-PL"], ["de-DE", "cs"], ["en-US", "pl"], ["vi_VN"], [" CS-cz "],
                  ["fr", "de"], [], ["zh-Hant-TW", "vi", "pl"])


def test_a_first_visit_before_python_picks_the_language_python_picks(browser, site_url):
    # static/paint.js chooses the first visit's language before Python can
    # (klondike.i18n.choose_language): the two must agree on every list of the browser's.
    from klondike.i18n import LANGUAGES, choose_language

    context = new_site_context(browser, service_workers="block")
    try:
        context.route("**/static/vendor/pyscript/core.js", lambda route: None)  # held
        page = context.new_page()
        page.add_init_script("""{
            const tags = sessionStorage.getItem('test-languages');
            if (tags !== null) Object.defineProperty(navigator, 'languages',
                {get: () => JSON.parse(tags)});
            localStorage.clear(); }""")
        page.goto(site_url, wait_until="commit")
        spoken = page.evaluate(
            "Object.keys(JSON.parse(document.getElementById('first-visit').textContent)"
            ".languages)")
        assert sorted(spoken) == sorted(set(LANGUAGES) - {"en"})  # English is the page's own
        for tags in LANGUAGE_LISTS:
            page.evaluate(f"sessionStorage.setItem('test-languages', {json.dumps(tags)!r})")
            page.goto(site_url, wait_until="commit")
            page.wait_for_function(
                "performance.getEntriesByName('klondike-painted').length > 0")
            assert page.evaluate("navigator.languages") == tags
            lang = page.evaluate("document.documentElement.lang")
            assert lang == choose_language(tags), tags
            new_game = page.text_content("[data-action=new-game]")
            assert (new_game == "New game") == (lang == "en"), (tags, new_game)
        page.close()
    finally:
        context.close()
