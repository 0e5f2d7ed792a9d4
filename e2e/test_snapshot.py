"""Issue 38: the page and the solver's worker restore Pyodide from a memory snapshot of this
build (static/runtime.mjs), made by the worker on a visit that had none, which the page then
restores too rather than booting a Pyodide of its own on its thread; any failure boots the
plain way with the same game; online and offline, under a sub-path."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from harness import boot, open_app, wait_for_solver, wait_for_value, wait_offline_ready
from player import start

from klondike.app.storage import Settings
from klondike.app.stored import SETTINGS_KEY

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
# isort: off
import build  # noqa: E402
# isort: on

CACHE = "klondike-snapshot"
DECIDED_AT_ONCE = "KL1-D1N-AAAAAAD"  # the solver proves it won within a few nodes


def page_boot(page) -> str:
    """How the page's Pyodide started: "snapshot" (stored), "worker" (the one the worker
    made on this visit), "plain" or "fallback"."""
    return page.evaluate("globalThis.klondikeBoot.path")


def worker_boot(page) -> str:
    """How the solver's worker's Pyodide started (its "ready" message says)."""
    wait_for_solver(page)
    detail = page.evaluate("performance.getEntriesByName('solver-ready')[0].detail")
    return json.loads(detail)["boot"]


# The addresses of the snapshots stored, in the page.
STORED = f"() => caches.open({CACHE!r}).then((c) => c.keys()).then((k) => k.map((r) => r.url))"


def wait_stored(page, url: str, timeout_s: float = 60) -> None:
    """Wait until the snapshot stored is the one at ``url``, and only it."""
    wait_for_value(page, STORED, [url], timeout_ms=round(timeout_s * 1000))


def put(page, url: str, script: str) -> None:
    """Store under `url` the bytes `script` makes of `bytes`, the snapshot stored now."""
    page.evaluate(f"""async (url) => {{
        const cache = await caches.open({CACHE!r});
        const stored = await cache.match((await cache.keys())[0]);
        const bytes = new Uint8Array(await stored.arrayBuffer());
        const made = (() => {{ {script} }})();
        await cache.put(url, new Response(made));
    }}""", url)


def code(page) -> str:
    return page.locator("#code").inner_text()


def indicator_says_won(page) -> None:
    page.wait_for_function("document.getElementById('winnable').dataset.state === 'won'")


@pytest.fixture(scope="module")
def visited(browser, site_url):
    """A first visit in a context of its own: the worker's plain boot, and its snapshot."""
    from harness import new_site_context
    context = new_site_context(browser)
    page = open_app(context, site_url)
    url = f"{site_url}static/snapshot/{build.snapshot_key()['key']}.bin"
    yield context, page, url
    context.close()


def test_a_first_visit_boots_in_the_worker_and_the_page_restores_its_snapshot(visited):
    """The worker boots the plain way and makes the snapshot; the page waits for it and
    restores it (a plain boot on the page's thread held it for seconds in one task), and
    then hears the same worker, which went on to answer."""
    _context, page, url = visited
    assert page_boot(page) == "worker"
    assert worker_boot(page) == "plain"
    assert page.evaluate("globalThis.klondikeWorker") is None  # taken over by the page
    start(page, DECIDED_AT_ONCE)
    indicator_says_won(page)
    wait_stored(page, url)  # under a key of this build's inputs, in the site's sub-path
    wait_offline_ready(page)
    assert page.watch.problems() == []


def test_the_next_visit_restores_page_and_worker_and_plays(visited):
    _context, page, url = visited
    wait_stored(page, url)
    page.reload()
    boot(page)
    assert page_boot(page) == "snapshot"
    assert worker_boot(page) == "snapshot"
    start(page, DECIDED_AT_ONCE)
    indicator_says_won(page)  # the restored worker searches
    page.locator("[data-action=hint]").click()
    assert page.locator(".hint").count() > 0
    assert page.watch.problems() == []


def test_two_boots_from_one_snapshot_deal_different_random_games(visited, site_url):
    _context, page, url = visited
    codes = []
    # No saved game (cleared as the page starts, after the app that left wrote its own),
    # no link to a deal in the address: a random deal. (Settings stored: not a first
    # visit, whose deal static/paint.js picks from a few.)
    page.add_init_script("if (location.search === '?fresh') { localStorage.clear(); "
                         f"localStorage.setItem({SETTINGS_KEY!r}, {Settings().to_json()!r}); }}")
    for _ in range(2):
        page.goto(site_url + "?fresh")
        boot(page)
        assert page_boot(page) == "snapshot"
        codes.append(code(page))
    assert codes[0] != codes[1]


def test_offline_the_snapshot_restores_and_a_damaged_one_falls_back_silently(visited):
    context, page, url = visited
    start(page, DECIDED_AT_ONCE)
    context.set_offline(True)
    try:
        page.reload()
        boot(page)
        assert page_boot(page) == "snapshot"
        assert code(page) == DECIDED_AT_ONCE  # the saved game, resumed
        indicator_says_won(page)
        # Another Pyodide build's snapshot (its build id differs): Pyodide refuses it.
        put(page, url, "const copy = bytes.slice(); copy[20] ^= 0xff; return copy;")
        page.reload()
        boot(page)
        assert page_boot(page) == "fallback"
        assert code(page) == DECIDED_AT_ONCE
        assert page.locator("#status").inner_text() == ""  # nothing said to the player
        indicator_says_won(page)  # the worker made a new one, and answers
        wait_stored(page, url)
        # A truncated one.
        put(page, url, "return bytes.slice(0, 4096);")
        page.reload()
        boot(page)
        assert page_boot(page) == "fallback"
        indicator_says_won(page)
        wait_stored(page, url)
        page.reload()
        boot(page)
        assert page_boot(page) == "snapshot"
        assert page.watch.problems() == []
    finally:
        context.set_offline(False)


def test_another_build_s_snapshot_is_never_read_and_is_replaced(visited):
    _context, page, url = visited
    wait_stored(page, url)
    other = url.replace("/snapshot/", "/snapshot/0").replace(".bin", "0.bin")
    put(page, other, "return bytes;")  # a whole, restorable snapshot, of another key
    page.evaluate(f"caches.open({CACHE!r}).then((c) => c.delete({url!r}))")
    page.reload()
    boot(page)
    assert page_boot(page) == "worker"
    assert worker_boot(page) == "plain"
    wait_stored(page, url)  # the other build's is gone
    assert page.watch.problems() == []


def test_a_first_visit_whose_worker_fails_boots_the_page_the_plain_way(browser, site_url):
    """The worker says it failed before any snapshot (its script replaced here): the page
    does not wait any longer, boots the plain way, plays, and says the solver is
    unavailable (static/page/solver.py hears what the worker said before it took it)."""
    from harness import new_site_context
    context = new_site_context(browser)
    try:
        context.route("**/solver-worker.js", lambda route: route.fulfill(
            content_type="text/javascript",
            body='postMessage(JSON.stringify({kind: "failed", reason: "a test"})); close();'))
        page = open_app(context, site_url)
        assert page_boot(page) == "plain"
        page.wait_for_function(
            "document.getElementById('winnable').dataset.state === 'unavailable'")
        start(page, DECIDED_AT_ONCE)
        assert code(page) == DECIDED_AT_ONCE
        assert page.watch.page_errors == []
    finally:
        context.close()
