"""The solver's Web Worker in a real browser (issue 23): its answers reach the page; when
it cannot start or dies, the game plays on and the indicator says the solver is
unavailable; "Winnable deals only" deals what it proves winnable."""

from __future__ import annotations

import json

from harness import boot, open_app, wait_for_solver, wait_in_worker
from player import click_stock, settle, start, wait_for_moves

from klondike import Game
from klondike.app.hint import sensible_move
from klondike.app.solving import ALIVE_SECONDS
from klondike.app.worker_link import memory_cap
from klondike.moves import STOCK


def state(page) -> str:
    return page.get_attribute("#winnable", "data-state")


def wait_state(page, wanted: str, timeout: int = 30_000) -> None:
    page.wait_for_function(
        "(s) => document.getElementById('winnable').dataset.state === s", arg=wanted,
        timeout=timeout)


def test_a_worker_that_cannot_load_leaves_the_game_playing_and_says_unavailable(
        fresh_context, site_url):
    fresh_context.route("**/solver-worker.js", lambda route: route.abort())
    page = open_app(fresh_context, site_url)
    wait_state(page, "unavailable")
    assert page.text_content("#winnable") == "Unavailable"
    start(page, "KL1-D3N-AAAAAAB")
    assert state(page) == "unavailable"
    click_stock(page)  # the game plays on
    wait_for_moves(page, 1)
    # The hint comes at once, the sensible move (R8): nothing waits for the solver.
    page.click("[data-action=hint]")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('Hint')",
                           timeout=1_000)
    game = Game.from_code("KL1-D3N-AAAAAAB")
    game.play(STOCK)
    assert page.text_content("#status").startswith("Hint")
    assert sensible_move(game) is not None
    # The daily deal needs the solver: a clear message, and the game is left as it was.
    page.click("#menu > summary")
    page.click("#menu [data-action=daily]")
    page.wait_for_function("document.getElementById('status').textContent"
                           ".startsWith('The daily deal cannot be prepared')")
    assert page.text_content("#code") == "KL1-D3N-AAAAAAB"
    assert page.watch.page_errors == []


def test_a_worker_that_dies_is_noticed_and_the_game_plays_on(fresh_context, site_url):
    page = open_app(fresh_context, site_url)
    start(page, "KL1-D1N-AAAAAAD")
    wait_state(page, "won")
    worker = next(w for w in page.workers if w.url.endswith("/solver-worker.js"))
    worker.evaluate("setTimeout(() => { throw new Error('test: the solver dies'); })")
    start(page, "KL1-D3N-AAAAAAB")
    wait_state(page, "unavailable", timeout=15_000)
    click_stock(page)
    wait_for_moves(page, 1)
    assert page.watch.page_errors == []


def test_a_worker_grown_big_is_replaced_once_idle_and_the_new_one_answers(
        fresh_context, site_url):
    page = open_app(fresh_context, site_url)
    start(page, "KL1-D1N-AAAAAAD")
    wait_state(page, "won")
    old = next(w for w in page.workers if w.url.endswith("/solver-worker.js"))
    closed = []
    old.on("close", lambda worker: closed.append(worker))
    old.evaluate("self.klondikeHeap = () => 2 ** 30")  # far past RESTART_HEAP
    click_stock(page)  # a position to answer; then it is idle, and big
    wait_for_solver(page, "length === 2")  # a new worker booted
    assert closed == [old]
    start(page, "KL1-D1N-AAAAAAC")
    wait_state(page, "won")  # answered by the new worker
    (new,) = [w for w in page.workers if w.url.endswith("/solver-worker.js")]
    assert new is not old and new.evaluate("self.klondikeHeap()") < 2 ** 30
    assert page.watch.page_errors == []


def test_winnable_deals_only_deals_a_deal_the_solver_proved(fresh_context, site_url):
    fresh_context.add_init_script(
        "if (!localStorage.getItem('klondike.settings')) localStorage.setItem("
        "'klondike.settings', JSON.stringify({v: 1, draw: 3, winnable_only: true}))")
    page = open_app(fresh_context, site_url)
    before = page.text_content("#code")
    page.click("[data-action=new-game] >> nth=0")
    page.press("#code-input", "Enter")  # a blank code: a random deal
    page.wait_for_function("(before) => document.getElementById('code').textContent !== before",
                           arg=before, timeout=30_000)
    settle(page)
    status = page.text_content("#status")
    assert "The solver proved it winnable" in status, status
    assert state(page) == "won"  # known at once: the worker's proof came with the deal
    assert page.text_content("#code").startswith("KL1-D3")
    saved = json.loads(page.evaluate("localStorage.getItem('klondike.game')"))
    assert saved["checked"] is True


def test_a_hidden_page_pauses_the_search_and_shown_again_it_goes_on(fresh_context, site_url):
    page = open_app(fresh_context, site_url)
    start(page, "KL1-D3N-AAAAAAB")  # undecided for a minute or more (lost after 1,023,161 nodes)
    wait_for_solver(page, "length === 1")
    worker = next(w for w in page.workers if w.url.endswith("/solver-worker.js"))
    worker.evaluate("""() => {
        self.said = [];  // what the worker says, and when
        const post = self.postMessage.bind(self);
        self.postMessage = (text) => {
            self.said.push([performance.now(), JSON.parse(text).kind]);
            post(text);
        };
        self.since = (kind, after) => self.said.filter(([at, k]) => k === kind && at > after);
        self.heard = (kind, after) => new Promise((done, fail) => {
            const until = performance.now() + 15000;
            const wait = () => self.since(kind, after).length ? done()
                : performance.now() > until ? fail(new Error(`no ${kind} heard`))
                : setTimeout(wait, 50);
            wait();
        });
    }""")
    worker.evaluate("() => self.heard('working', 0)")  # the search runs
    visible = "(hidden) => { Object.defineProperty(document, 'hidden', {configurable: true, " \
              "get: () => hidden}); document.dispatchEvent(new Event('visibilitychange')); }"
    page.evaluate(visible, True)
    worker.evaluate("() => self.heard('idle', 0)")  # paused
    paused_at = worker.evaluate("() => self.since('idle', 0).at(-1)[0]")
    # More than two of the search's signs of life (one every ALIVE_SECONDS), on its clock.
    wait_in_worker(worker, "(until) => performance.now() >= until",
                   paused_at + 2.5 * ALIVE_SECONDS * 1000)
    assert worker.evaluate("(t) => self.since('working', t).length", paused_at) == 0
    assert state(page) == "busy"
    page.evaluate(visible, False)
    worker.evaluate("(t) => self.heard('working', t)", paused_at)  # it goes on
    assert page.watch.page_errors == []


def test_a_long_search_says_in_the_title_how_much_of_its_budget_it_used(
        fresh_context, site_url):
    page = open_app(fresh_context, site_url)
    start(page, "KL1-D3N-AAAAAAB")  # undecided for a minute or more; 100,000 nodes: 15 s
    page.wait_for_function("document.getElementById('winnable').title"
                           ".startsWith('Checking if this game can be won… (search budget used: ')",
                           timeout=120_000)
    assert state(page) == "busy" and page.text_content("#winnable") == "Checking…"
    assert page.watch.page_errors == []


# The page's side of the worker: every request it posts, as text (window.__posted).
POSTED = """
window.__posted = [];
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (text) {
  if (typeof text === 'string' && !text.includes('"boot"')) window.__posted.push(text);
  return post.call(this, text);
};
"""


def positions_posted(page) -> list[dict]:
    return [m for m in map(json.loads, page.evaluate("window.__posted"))
            if m["kind"] == "position"]


CAPPED = "KL1-D3N-AAACHIL"  # deal 40103 in draw 3


def test_a_small_device_s_search_stops_at_its_memory_cap_and_is_not_searched_after_a_reload(
        fresh_context, site_url):
    # A device that says it has 1 GiB (navigator.deviceMemory): a cap of 96 MiB.
    fresh_context.add_init_script(
        "Object.defineProperty(Navigator.prototype, 'deviceMemory', {get: () => 1});" + POSTED)
    page = open_app(fresh_context, site_url)
    # Deal 40103 in draw 3: undecided within 3,000,000 nodes, so the cap comes first (deal
    # 1, used before, is proved lost since rule 12 of the solver, within the cap).
    start(page, CAPPED)
    page.wait_for_function("window.__posted.some((t) => t.includes('" + CAPPED + "|'))")
    (asked,) = [m for m in positions_posted(page) if m["key"] == CAPPED + "|"]
    assert asked["memory"] == memory_cap(1) == 96 * 2**20
    wait_state(page, "unknown", timeout=480_000)  # some 1,060,000 nodes: 100 s or so
    worker = next(w for w in page.workers if w.url.endswith("/solver-worker.js"))
    assert worker.evaluate("self.klondikeHeap()") <= 96 * 2**20
    assert page.text_content("#winnable") == "Not sure"
    page.wait_for_function("JSON.parse(localStorage.getItem('klondike.game')).unsure?.[0] === 0")
    # Loaded again: "not sure" at once, and the worker is not asked to search it again.
    page.reload()
    boot(page)
    assert state(page) == "unknown" and page.text_content("#code") == CAPPED
    wait_for_solver(page, "length === 1")
    click_stock(page)  # a new position is searched as ever...
    wait_for_moves(page, 1)
    page.wait_for_function("window.__posted.some((t) => t.includes('\"position\"'))")
    assert [m["key"] for m in positions_posted(page)] == [CAPPED + "|S"]
    page.click("[data-action=undo] >> nth=0")  # ...the one before is "not sure" unsearched
    wait_state(page, "unknown", timeout=5_000)
    assert [m["key"] for m in positions_posted(page)] == [CAPPED + "|S"]
    assert page.watch.page_errors == []
