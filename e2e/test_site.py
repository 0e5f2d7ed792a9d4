"""The static site in a real browser (SPEC R9): boots cleanly, stays on 127.0.0.1, shows the
table before Python is ready, plays offline after one visit, and takes a new deploy whole."""

import sys
from pathlib import Path

from harness import boot, new_site_context, open_app, wait_for_value, wait_offline_ready
from player import start

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
# isort: off
import build  # noqa: E402
from serve import start_server  # noqa: E402
# isort: on

NEW_GAME = "[data-action=new-game]"


def new_game_responds(page) -> None:
    """The game responds: a click on New game changes the page (a new deal, a dialog:
    whatever the glue does), with no error."""
    page.evaluate("""() => {
        window.__pageChanges = 0;
        new MutationObserver((records) => { window.__pageChanges += records.length; })
            .observe(document.body,
                     {subtree: true, childList: true, characterData: true, attributes: true});
    }""")
    page.locator(NEW_GAME).first.click()
    page.wait_for_function("window.__pageChanges > 0")
    page.keyboard.press("Escape")  # closes the New game dialog, if the glue opened one
    assert page.locator(".py-error").count() == 0
    assert page.watch.page_errors == []


def test_page_boots_without_errors(booted_page):
    watch = booted_page.watch
    assert watch.problems() == []
    assert booted_page.locator(".py-error").count() == 0
    assert booted_page.title() == "Klondike Solitaire"


def test_new_game_button_responds(booted_page):
    new_game_responds(booted_page)
    new_game_responds(booted_page)
    assert booted_page.watch.problems() == []


def test_progress_bar_follows_pyscript_then_hides(booted_page):
    stages = booted_page.evaluate("window.__progress")
    assert "Loaded interpreter" in stages, stages
    # The interpreter's stage (a first visit's download of the runtime) has the bar
    # indeterminate: no count says how far it is. The stages before and after count.
    bar = dict(booted_page.evaluate("window.__bar"))
    assert bar["Loading interpreter"] is False
    assert bar["Loading Pyodide"] is True and bar["Loaded interpreter"] is True
    assert booted_page.locator("#loading").is_hidden()
    assert booted_page.get_attribute("#board", "aria-busy") == "false"


def test_no_request_leaves_localhost(booted_page):
    watch = booted_page.watch
    assert watch.requests, "the request recorder saw nothing"
    assert any(url.endswith(".wasm") for url in watch.requests)
    assert watch.outside == []


def test_request_guard_catches_outside_requests(fresh_context, site_url):
    # The guard above must be able to fail: an outside fetch is recorded and aborted.
    page = fresh_context.new_page()
    page.goto(site_url + "static/icons/icon.svg")
    result = page.evaluate(
        "fetch('https://example.com/x').then(() => 'reached', () => 'blocked')"
    )
    assert result == "blocked"
    assert fresh_context.watch.outside == ["https://example.com/x"]


def test_table_is_drawn_before_python(browser, site_url):
    # Without JavaScript nothing of Python ever runs: what shows is the page before boot.
    context = new_site_context(browser, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(site_url)
        assert page.locator(".slot").count() == 13  # stock, waste, 4 foundations, 7 columns
        for pile in ("stock", "waste", "Fs", "Fh", "Fd", "Fc", "T1", "T7"):
            assert page.locator(f"[data-pile={pile}]").is_visible()
        assert page.locator("#progress").is_visible()
        felt = page.evaluate("getComputedStyle(document.body).backgroundImage")
        assert "gradient" in felt
    finally:
        context.close()


def test_wasm_is_served_and_cached_as_application_wasm(booted_page, site_url):
    wasm = site_url + "static/vendor/pyodide/pyodide.asm.wasm"
    response = booted_page.request.get(wasm)
    assert response.headers["content-type"] == "application/wasm"
    wait_offline_ready(booted_page)
    cached = booted_page.evaluate(
        "async (url) => (await caches.match(url))?.headers.get('content-type')", wasm
    )
    assert cached == "application/wasm"


def test_service_worker_scope_is_the_site_directory(booted_page, site_url):
    # The site is served under a sub-path, as on GitHub Pages: the worker must stay in it.
    assert site_url.endswith("/klondike-site/")
    wait_offline_ready(booted_page)
    scope = booted_page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
    assert scope == site_url


def test_reload_offline_still_plays(fresh_context, site_url):
    page = open_app(fresh_context, site_url)
    wait_offline_ready(page)
    # A deal the solver decides at once (a random one can take it minutes: "not sure"
    # comes only after the indicator's whole budget).
    start(page, "KL1-D1N-AAAAAAD")
    fresh_context.set_offline(True)
    try:
        page.reload()
        boot(page)
        new_game_responds(page)
        # The solver's worker boots offline too: its script and Pyodide are precached.
        page.wait_for_function("document.getElementById('winnable').dataset.state "
                               "=== 'won'")
        worker = next(w for w in page.workers if w.url.endswith("/solver-worker.js"))
        assert worker.evaluate("self.klondikeHeap()") > 0
        assert page.locator(".py-error").count() == 0
        assert page.watch.page_errors == []
    finally:
        fresh_context.set_offline(False)


# The service worker's caches (not the memory snapshot's, static/runtime.mjs), in the page.
CACHE_NAMES = "() => caches.keys().then((k) => k.filter((name) => name !== 'klondike-snapshot'))"


def cache_names(page) -> list[str]:
    return page.evaluate(CACHE_NAMES)


def wait_for_caches(page, expected: list[str], timeout_s: float = 60) -> None:
    """Wait until the service worker's caches are ``expected``."""
    wait_for_value(page, CACHE_NAMES, expected, timeout_ms=round(timeout_s * 1000))


def test_new_deploy_is_taken_whole_on_next_visit(browser, tmp_path):
    # A copy of the site that we can redeploy: build it, visit it, change a file, rebuild the
    # precache manifest, and watch the service worker move from one whole build to the next.
    site = tmp_path / "site"
    build.copy_site(site)
    server, url = start_server(root=site)
    context = new_site_context(browser)
    try:
        page = open_app(context, url)
        wait_offline_ready(page)
        old = build.precache_manifest(site)["version"]
        assert cache_names(page) == [f"klondike-{old}"]

        index = site / "index.html"
        index.write_text(index.read_text().replace(
            "<title>Klondike Solitaire</title>", "<title>Klondike Solitaire 2</title>"))
        build.write_precache(build.precache_manifest(site), site / "static/vendor/precache.js")
        new = build.precache_manifest(site)["version"]
        assert new != old

        # The next visit still runs the old build, whole, from the old cache, while the new
        # one installs; once that page is loaded the new worker takes over.
        page.reload()
        boot(page)
        assert page.title() == "Klondike Solitaire"
        wait_for_caches(page, [f"klondike-{new}"])

        page.reload()
        boot(page)
        assert page.title() == "Klondike Solitaire 2"
        new_game_responds(page)
        assert page.watch.problems() == []
    finally:
        context.close()
        server.shutdown()
        server.server_close()
