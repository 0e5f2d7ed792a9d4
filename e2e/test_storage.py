"""Storage shared by tabs and able to fail, in a real browser (R9): two tabs of one
context, a full quota, storage refused, and hostile stored values."""

from __future__ import annotations

import json

import pytest
from harness import open_app
from player import after_frame, choose, click_stock, settle

from klondike import Game
from tests.lines import DEAL_2_DRAW_1

GAME_KEY, STATS_KEY = "klondike.game", "klondike.stats"
WIN_CODE = "KL1-D1N-AAAAAAC"


def near_win() -> tuple[str, str]:
    """A save one move short of a win, and the card that move sends home."""
    game = Game.from_code(WIN_CODE)
    for move in DEAL_2_DRAW_1[:-1]:
        game.play(move)
    last = DEAL_2_DRAW_1[-1]
    assert last == "T7>F"
    column = game.tableau[6]
    return json.dumps({"v": 1, "code": WIN_CODE, "moves": " ".join(DEAL_2_DRAW_1[:-1]),
                       "elapsed": 60}), str((column.down + column.up)[-1])


def seed(context, values: dict[str, str]) -> None:
    """Store ``values`` before the app of each new page of ``context`` reads them (once
    per page: its reload finds what it saved itself)."""
    context.add_init_script(
        "(() => { if (sessionStorage.getItem('seeded')) return;"
        " sessionStorage.setItem('seeded', '1');"
        f" const values = {json.dumps(values)};"
        " for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v); })()")


def leave_a_game(page) -> None:
    """One move, then a new random deal: the game is left, into the history."""
    settle(page)
    click_stock(page)
    page.wait_for_function("document.getElementById('score').textContent.includes('Moves 1')")
    settle(page)
    page.click("[data-action=new-game] >> nth=0")
    page.press("#code-input", "Enter")


def test_R9_a_win_in_one_tab_and_a_new_game_in_another_count_once_each(fresh_context,
                                                                          site_url):
    save, last_card = near_win()
    seed(fresh_context, {GAME_KEY: save})
    a = open_app(fresh_context, site_url)
    b = open_app(fresh_context, site_url)  # opened before the win, on the same game
    assert b.locator("#elsewhere").is_hidden()
    a.click(f"#c-{last_card}")  # one tap: home, and the game is won
    a.wait_for_selector("#win-dialog[open]")
    b.wait_for_selector("#elsewhere:not([hidden])")
    b.click("[data-action=new-game] >> nth=0")  # New game in B takes A's game over...
    assert b.locator("#new-dialog[open]").count() == 1
    assert b.locator("#new-note").is_hidden()  # A's game is won: it counts as won
    b.press("#code-input", "Enter")  # ...and leaves it for a new deal
    b.wait_for_function(f"document.getElementById('code').textContent !== {WIN_CODE!r}")
    assert b.locator("#elsewhere").is_hidden()
    a.wait_for_selector("#elsewhere:not([hidden])")  # A's game is B's new one now
    for page in (a, b):
        page.reload()
        page.wait_for_function("performance.getEntriesByName('klondike-ready').length > 0")
    stats = json.loads(a.evaluate(f"localStorage.getItem({STATS_KEY!r})"))
    record = stats["sets"]["D1N"]
    assert (record["won"], record["lost"], record["abandoned"]) == (1, 0, 0)
    assert a.watch.problems() == [] and b.watch.problems() == []


# Every text the status line shows, in order (window.__said).
SAID = """window.__said = [];
addEventListener("DOMContentLoaded", () => {
  const line = document.getElementById("status");
  new MutationObserver(() => window.__said.push(line.textContent))
    .observe(line, { childList: true, characterData: true, subtree: true });
});"""


FAILING_STORAGE = {
    # A full quota: every write throws.
    "quota": "Storage.prototype.setItem = function () {"
             " throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };",
    # Some privacy modes: reading window.localStorage itself throws.
    "refused": "Object.defineProperty(window, 'localStorage', { get() {"
               " throw new DOMException('The operation is insecure.', 'SecurityError'); } });",
}


@pytest.mark.parametrize("failure", FAILING_STORAGE)
def test_R9_failing_storage_keeps_the_game_playing_and_says_so_once(fresh_context, site_url,
                                                                     failure):
    fresh_context.add_init_script(FAILING_STORAGE[failure])
    fresh_context.add_init_script(SAID)
    page = open_app(fresh_context, site_url)
    settle(page)  # the cards have flown to their places: a tap aims at the stock
    # The new game's first save failed. (Read from every text the status line showed:
    # the indicator may say next that this random deal cannot be won.)
    page.wait_for_function("window.__said.some((text) => text.includes('cannot be saved'))")
    for moves in (1, 2):
        click_stock(page)
        page.wait_for_function("(n) => document.getElementById('score').textContent"
                               ".includes('Moves ' + n)", arg=moves)
        settle(page)  # the turned card has flown off the stock
    told = page.evaluate("window.__said.filter((text) => text.includes('cannot be saved'))")
    assert len(told) == 1  # told once; the game goes on
    assert page.locator(".py-error").count() == 0 and page.watch.problems() == []


def test_R9_hostile_stored_values_inject_nothing(fresh_context, site_url):
    evil = '<img src=x onerror="window.__pwned = 1">'
    values = {
        GAME_KEY: json.dumps({"v": 1, "code": evil, "moves": evil, "elapsed": 0}),
        STATS_KEY: json.dumps({"v": 2, "sets": {evil: evil}, "daily": {"1": [evil]},
                               "recent": [evil]}),
        "klondike.settings": json.dumps({"v": 1, "language": evil, "scoring": evil,
                                         "animation": evil}),
        "klondike.daily": json.dumps({"v": 1, "day": evil, "code": evil}),
    }
    seed(fresh_context, values)
    fresh_context.add_init_script(SAID)
    page = open_app(fresh_context, site_url)
    # From every text the status line showed: the new deal is a random one, and the
    # solver's indicator may say that it cannot be won, in its place.
    page.wait_for_function("window.__said.some((text) => text.includes('could not be read'))")
    settle(page)
    assert page.evaluate("window.__pwned") is None
    assert page.locator("img").count() == 0
    assert page.locator("#code").text_content().startswith("KL1-")
    click_stock(page)
    page.wait_for_function("document.getElementById('score').textContent.includes('Moves 1')")
    assert page.watch.problems() == []


SAVED_AT_POINTERUP = """() => {
    window.__saved = 'not yet';
    document.addEventListener('pointerup', () => {  // after the game's handler
        window.__saved = localStorage.getItem('klondike.game');
    }, {once: true});
}"""


def saved_moves(page) -> str:
    return json.loads(page.evaluate(f"localStorage.getItem({GAME_KEY!r})"))["moves"]


def test_R9_a_move_is_saved_after_its_frame_and_kept_when_the_page_is_left_at_once(
        fresh_context, site_url):
    # The write waits for the move's frame (the player sees the move first); a page
    # left before that frame still writes it (visibilitychange).
    page = open_app(fresh_context, site_url)
    settle(page)
    after_frame(page)  # the first save is done
    before = page.evaluate(f"localStorage.getItem({GAME_KEY!r})")
    page.evaluate(SAVED_AT_POINTERUP)
    click_stock(page)
    page.wait_for_function(f"JSON.parse(localStorage.getItem({GAME_KEY!r})).moves === 'S'")
    assert page.evaluate("window.__saved") == before  # not written in the handler
    settle(page)
    page.evaluate("""() => {  // the next move, and the page left in the same task
        const box = document.querySelector('.slot[data-pile="stock"]').getBoundingClientRect();
        const at = {clientX: box.x + box.width / 2, clientY: box.y + box.height / 2,
                    bubbles: true, isPrimary: true, pointerId: 1, button: 0};
        const el = document.elementFromPoint(at.clientX, at.clientY);
        el.dispatchEvent(new PointerEvent('pointerdown', at));
        el.dispatchEvent(new PointerEvent('pointerup', at));
        sessionStorage.setItem('moves when left',
                               JSON.parse(localStorage.getItem('klondike.game')).moves);
        location.reload();
    }""")
    page.wait_for_function("document.body.classList.contains('ready')")
    assert page.evaluate("sessionStorage.getItem('moves when left')") == "S"  # not yet
    assert saved_moves(page) == "S S"  # written as the page was left


def test_a_full_storage_makes_room_with_the_oldest_games_of_the_history(fresh_context,
                                                                        site_url):
    """Issue 42: the history of games is the least of what is stored; when the quota is
    full, its oldest games make room, the game in progress is saved, and the player is
    told."""
    from klondike.app.history import LIMIT, WON, Entry, History

    history = History()
    for n in range(LIMIT - 1):  # room for one more game, but not in the quota
        history.add(Entry(f"k{n}", WIN_CODE, "2026-12-05", WON, " ".join(DEAL_2_DRAW_1),
                          60.0, 500))
    full = history.to_json()
    seed(fresh_context, {"klondike.history": full})
    # The quota: the history may not grow past what is stored now.
    fresh_context.add_init_script(
        "(() => { const set = Storage.prototype.setItem;"
        f" Storage.prototype.setItem = function (k, v) {{"
        f"  if (k === 'klondike.history' && v.length > {len(full)})"
        "    throw new DOMException('full', 'QuotaExceededError');"
        "  return set.call(this, k, v); }; })()")
    page = open_app(fresh_context, site_url)
    leave_a_game(page)
    # Read as it comes: the indicator may say next that the new deal cannot be won.
    said = page.wait_for_function("(() => { const text = document.getElementById('status')"
                                  ".textContent; return text.includes('storage is full')"
                                  " && text; })()").json_value()
    assert "the oldest 25 games of the history were left out" in said
    page.wait_for_function("JSON.parse(localStorage.getItem('klondike.history'))"
                           ".games.length === 75")
    games = json.loads(page.evaluate("localStorage.getItem('klondike.history')"))["games"]
    assert games[0]["key"] == "k25" and games[-1]["result"] == "left"
    assert json.loads(page.evaluate(f"localStorage.getItem({GAME_KEY!r})"))["moves"] == ""
    assert page.locator(".py-error").count() == 0 and page.watch.problems() == []


def test_a_game_ended_in_one_tab_shows_in_the_history_open_in_another(fresh_context,
                                                                       site_url):
    a = open_app(fresh_context, site_url)
    b = open_app(fresh_context, site_url)
    choose(b, "history")
    b.wait_for_selector("#history-dialog[open]")
    assert b.locator("#history-rows li").count() == 0
    leave_a_game(a)
    b.wait_for_function("document.querySelectorAll('#history-rows li').length === 1")
    assert "Left for another game" in b.text_content("#history-rows li")
    assert a.watch.problems() == [] and b.watch.problems() == []
