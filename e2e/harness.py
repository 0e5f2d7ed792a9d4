"""Helpers of the browser tests (fixtures are in conftest.py): import them in a test as
`from harness import boot, open_app, reboot, wait_offline_ready`.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import count
from pathlib import Path
from typing import TypeVar
from urllib.parse import urlsplit

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

CHROMIUM = "/usr/bin/chromium"  # Debian's; Playwright's own browser download does not work
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
BOOT_TIMEOUT_MS = 60_000  # generous: a noisy 2-core machine can take 10x the usual 2-5 s
READY_MARK = "klondike-ready"
LOG_LINES = 40  # console messages a PageWatch keeps, for a failure to quote
LOCAL_HOSTS = {"127.0.0.1"}
LOCAL_SCHEMES = {"data", "blob", "about"}
#: What Chromium prints goes to this file (Playwright's DEBUG_FILE, set by conftest.py
#: before the browser starts), so that a renderer crash can say what Chromium said of it.
BROWSER_LOG = Path(tempfile.gettempdir()) / f"klondike-e2e-browser-{os.getpid()}.log"
#: Lines of BROWSER_LOG worth showing beside a crash.
CRASH_WORDS = re.compile(r"FATAL|Check failed|Received signal|[Oo]ut of memory|\bOOM\b|crashed")


T = TypeVar("T")


class RendererCrash(UserWarning):
    """Chromium's renderer crashed while a page booted, and the page was opened again."""


@dataclass
class PageWatch:
    """What went wrong on a page: console errors, uncaught errors, escaped requests."""

    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)  # every console message, the last LOG_LINES

    def problems(self) -> list[str]:
        return ([f"console error: {m}" for m in self.console_errors]
                + [f"page error: {e}" for e in self.page_errors]
                + [f"request left 127.0.0.1: {u}" for u in self.outside])


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in LOCAL_SCHEMES or parts.hostname in LOCAL_HOSTS


def guard_context(context) -> PageWatch:
    """Abort and record every request not for 127.0.0.1; returns the context's watch."""
    watch = PageWatch()

    def abort_outside(route):
        url = route.request.url
        if url not in watch.outside:
            watch.outside.append(url)
        route.abort()

    def on_request(request):
        watch.requests.append(request.url)
        if not is_local(request.url) and request.url not in watch.outside:
            watch.outside.append(request.url)

    # Only outside URLs are intercepted: local traffic (service worker precaching included)
    # flows untouched, as in a real browser.
    context.route(lambda url: not is_local(url), abort_outside)
    context.on("request", on_request)
    context.watch = watch
    return watch


def watch_page(page) -> PageWatch:
    """Record the page's console errors and uncaught errors into its context's watch."""
    watch = page.context.watch
    def heard(msg) -> None:
        if msg.type == "error":
            watch.console_errors.append(msg.text)
        watch.log.append(f"{msg.type}: {msg.text}")
        del watch.log[:-LOG_LINES]

    page.on("console", heard)
    page.on("pageerror", lambda error: watch.page_errors.append(str(error)))
    page.watch = watch
    return watch


def new_site_context(browser, **options):
    context = browser.new_context(**options)
    context.set_default_timeout(BOOT_TIMEOUT_MS)
    guard_context(context)
    return context


def boot(page, timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    """Wait until Python has set up the page: the "klondike-ready" performance mark."""
    page.wait_for_function(
        f"performance.getEntriesByName({READY_MARK!r}, 'mark').length > 0", timeout=timeout_ms
    )


def open_app(context, url: str):
    """A new watched page in `context`, navigated to the app and booted.

    Now and then (a few times in many hundreds of boots on these machines, never twice in
    a row, the cause not found) Chromium's renderer crashes while a page boots: Playwright
    then fails with "Target crashed". Such a page is opened once more, with a
    RendererCrash warning in pytest's summary that quotes what Chromium printed; a second
    crash fails the test."""

    def attempt():
        page = context.new_page()
        watch_page(page)
        try:
            page.goto(url)
            boot(page)
        except PlaywrightError:
            page.close()
            raise
        return page

    def warn(message: str) -> None:
        warnings.warn(RendererCrash(message), stacklevel=4)  # the caller of open_app

    return again_if_crashed(attempt, f"the boot of {url}", warn)


def again_if_crashed(action: Callable[[], T], what: str,
                     say: Callable[[str], None] | None = None) -> T:
    """``action()``, and once more if Chromium's renderer crashed in it (see open_app),
    saying so, quoting what Chromium printed: by ``say``, else on standard error (for the
    benchmarks, whose runs stop at an error)."""
    try:
        return action()
    except PlaywrightError as error:
        if "crashed" not in str(error):
            raise
        said = crash_lines()
        message = (f"Chromium's renderer crashed in {what}: once more."
                   + (f" Chromium said: {said}" if said else ""))
        if say is None:
            print(message, file=sys.stderr, flush=True)
        else:
            say(message)
        return action()


def crash_lines(limit: int = 12) -> str:
    """The last lines of BROWSER_LOG that speak of a crash or fatal error."""
    try:
        lines = BROWSER_LOG.read_text(errors="replace").splitlines()
    except OSError:
        return ""
    return " | ".join([line.strip() for line in lines if CRASH_WORDS.search(line)][-limit:])


def reboot(page) -> None:
    """Start the page afresh: forget saved state (localStorage) and reload."""
    page.evaluate("localStorage.clear()")
    page.reload()
    boot(page)


def wait_offline_ready(page, timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    """Wait until the service worker is active with everything precached (static/boot.js
    sets data-offline="ready" on the body)."""
    page.wait_for_selector("body[data-offline=ready]", state="attached", timeout=timeout_ms)


_looks = count()


def wait_for_value(page, function: str, expected, timeout_ms: int = BOOT_TIMEOUT_MS,
                   polling_ms: int = 100) -> None:
    """Wait until the promise of ``function`` (JavaScript source of an async function, run
    in the page) resolves to ``expected`` (compared as JSON); on time out, fail saying the
    last value seen. page.wait_for_function cannot wait on a promise: it takes the promise
    itself for a truthy answer."""
    slot = f"__look{next(_looks)}"
    try:
        page.wait_for_function(f"""(expected) => {{
            const look = window[{json.dumps(slot)}] ??= {{value: undefined, busy: false}};
            if (!look.busy) {{
                look.busy = true;
                Promise.resolve().then({function})
                    .then((v) => {{ look.value = JSON.stringify(v); }},
                          (e) => {{ look.value = `error: ${{e}}`; }})
                    .finally(() => {{ look.busy = false; }});
            }}
            return look.value === JSON.stringify(expected);
        }}""", arg=expected, timeout=timeout_ms, polling=polling_ms)
    except PlaywrightTimeoutError:
        last = page.evaluate(f"window[{json.dumps(slot)}]?.value")
        raise AssertionError(f"{function} is {last}, want {json.dumps(expected)}") from None


def wait_for_solver(page, expression: str = "length > 0",
                    timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    """Wait until ``performance.getEntriesByName('solver-ready').<expression>`` (the
    solver's worker said it is ready); on time out, fail saying how each of the page's
    workers booted (runtime.mjs's klondikeBoot there) and the page's last console
    messages, where the page says why the solver is unavailable."""
    try:
        page.wait_for_function(f"performance.getEntriesByName('solver-ready').{expression}",
                               timeout=timeout_ms)
    except PlaywrightTimeoutError:
        booted = []
        for worker in page.workers:
            try:
                booted.append(worker.evaluate("JSON.stringify(globalThis.klondikeBoot ?? null)"))
            except PlaywrightError as e:
                booted.append(f"not asked: {e}")
        log = "\n".join(page.watch.log) if hasattr(page, "watch") else "(not watched)"
        raise AssertionError(f"the solver's worker is not ready: workers booted {booted}; "
                             f"the page's console:\n{log}") from None


def wait_in_worker(worker, predicate: str, arg=None, timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    """page.wait_for_function in a Web Worker (Playwright has none there): wait until the
    function ``predicate`` (JavaScript source) of ``arg`` is truthy in ``worker``, looked at
    every 20 ms; fails after ``timeout_ms``."""
    worker.evaluate(f"""([arg, timeout]) => new Promise((done, fail) => {{
        const predicate = {predicate};
        const until = Date.now() + timeout;
        const look = () => {{
            try {{
                if (predicate(arg)) return done();
            }} catch (error) {{
                return fail(error);
            }}
            if (Date.now() > until) return fail(new Error('timed out: ' + {json.dumps(predicate)}));
            setTimeout(look, 20);
        }};
        look();
    }})""", [arg, timeout_ms])
