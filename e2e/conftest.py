"""Browser test harness: Debian's Chromium, the built site on 127.0.0.1, booted pages.

Chromium + Pyodide cost ~250 MiB and 2-5 s a page, so tests share what they can:

- `site_url` (session): base URL of the built site (a snapshot made by tools/build.py's
  copy_site), served in a thread of this process by tools/serve.py's handler, under a
  sub-path like GitHub Pages (http://127.0.0.1:PORT/klondike-site/).
- `booted_page` (module): one page of the app, booted once per test module and shared by
  its tests (state carries over between them: use `reboot(page)` for a clean start).
  `booted_page.watch` records console errors, page errors and requests that tried to leave
  127.0.0.1; every guarded page has one.
- `fresh_context` (function): a new, empty, guarded browser context (no cache, no service
  worker, no localStorage) for first-visit and offline tests; `open_app(context, url)`
  opens and boots a page in it.
- `boot` (fixture), the same as harness.boot(page): wait until the app is interactive.

Helpers in e2e/harness.py (`from harness import ...` in a test): `boot(page)` waits for the
performance mark "klondike-ready"; `open_app(context, url)`; `reboot(page)`;
`wait_offline_ready(page)` waits until the service worker has precached the app;
`wait_for_solver(page)` until the solver's worker said it is ready (failing, it says how
the worker booted and what the page's console said);
`new_site_context(browser)`; `PageWatch`. A page whose renderer crashes while it boots is
opened once more by `open_app`, with a `RendererCrash` warning (e2e/test_harness.py).

Every context made here routes requests: anything not on 127.0.0.1 is aborted and recorded
(`watch.outside`), so no test can reach the network by accident.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from harness import BROWSER_LOG, CHROMIUM, CHROMIUM_ARGS, boot, new_site_context, open_app

ROOT = Path(__file__).resolve().parent.parent

# Keep what Chromium prints (Playwright's driver writes it to DEBUG_FILE), for the warning
# of a renderer crash (harness.open_app). Set before pytest-playwright starts the driver.
os.environ.setdefault("DEBUG", "pw:browser")
os.environ.setdefault("DEBUG_FILE", str(BROWSER_LOG))
sys.path.insert(0, str(ROOT / "tools"))
# isort: off
import build  # noqa: E402
from serve import start_server  # noqa: E402
# isort: on


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """pytest-playwright's launch options, pointed at Debian's Chromium."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def site_url(tmp_path_factory):
    """The deployable site (tools/build.py --site), snapshot into a temporary directory so
    edits in the work tree during the run cannot break the service worker's hashes."""
    if not (ROOT / "static" / "vendor" / "pyodide").is_dir():
        pytest.fail("the site is not built: run `python3 tools/build.py` (make test does)")
    # Served under a sub-path, as GitHub Pages serves a project at /<repo>/.
    www = tmp_path_factory.mktemp("www")
    build.copy_site(www / "klondike-site")
    server, url = start_server(root=www)
    yield url + "klondike-site/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session", autouse=True)
def _browser_log():
    """Removes the browser's log at the end, when it is the one set above."""
    yield
    if os.environ.get("DEBUG_FILE") == str(BROWSER_LOG):
        BROWSER_LOG.unlink(missing_ok=True)


@pytest.fixture(scope="module")
def site_context(browser):
    context = new_site_context(browser)
    yield context
    context.close()


@pytest.fixture(scope="module")
def booted_page(site_context, site_url):
    # Record PyScript's loading stages from the very start (tests of the progress bar).
    site_context.add_init_script(
        "window.__progress = []; window.__bar = [];"
        "addEventListener('py:progress', (e) => { const stages = window.__progress;"
        # The bar as static/boot.js's listener (which runs after this one) left it at the
        # stage before: [that stage, whether the bar had a value].
        " if (stages.length) window.__bar.push([stages.at(-1),"
        " document.getElementById('progress').hasAttribute('value')]);"
        " stages.push(e.detail); });"
    )
    return open_app(site_context, site_url)


@pytest.fixture
def fresh_context(browser):
    context = new_site_context(browser)
    yield context
    context.close()


@pytest.fixture(name="boot")
def boot_fixture():
    """`boot(page)` as a fixture, for tests that prefer not to import from conftest."""
    return boot


@pytest.fixture
def page(booted_page):
    """The module's shared booted page of the app (instead of pytest-playwright's fresh,
    empty page per test: booting Pyodide costs seconds and ~250 MiB)."""
    return booted_page


@pytest.fixture
def no_errors(booted_page):
    """Fails the test if it left a console error, a page error or an outside request."""
    yield
    assert booted_page.watch.problems() == []
