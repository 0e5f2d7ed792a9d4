"""The harness itself: a page whose renderer crashes while it boots is opened again; a
worker that never says it is ready fails a test with what the page knows of it."""

from __future__ import annotations

from contextlib import suppress

import pytest
from harness import RendererCrash, again_if_crashed, open_app, wait_for_solver, watch_page
from playwright.sync_api import Error as PlaywrightError


def test_a_renderer_crash_at_boot_opens_the_page_again(fresh_context, site_url):
    crashed = []

    def crash_the_first(page):
        if crashed:
            return
        crashed.append(page)
        session = fresh_context.new_cdp_session(page)

        def crash(_frame):
            with suppress(PlaywrightError):  # the target is gone before it can answer
                session.send("Page.crash")

        page.once("domcontentloaded", crash)

    fresh_context.on("page", crash_the_first)
    with pytest.warns(RendererCrash, match="crashed in the boot of"):
        page = open_app(fresh_context, site_url)
    assert len(crashed) == 1 and page is not crashed[0]
    assert page.locator('#table .card[data-pile^="T"]').count() == 28  # the deal, drawn


def test_a_benchmark_step_whose_renderer_crashed_runs_once_more(capsys):
    calls = []

    def visit():
        calls.append(len(calls))
        if len(calls) == 1:
            raise PlaywrightError("Page.goto: Target crashed")
        return "timed"

    assert again_if_crashed(visit, "run 1, app") == "timed" and calls == [0, 1]
    assert "crashed in run 1, app: once more" in capsys.readouterr().err

    def times_out():
        raise PlaywrightError("Timeout 100ms exceeded")

    with pytest.raises(PlaywrightError, match="Timeout"):  # only a crash is run again
        again_if_crashed(times_out, "run 1, app")


def test_a_solver_that_never_gets_ready_fails_saying_how_its_worker_booted(fresh_context):
    # No Pyodide here: a blank page, a worker that never says "ready", a console line.
    page = fresh_context.new_page()
    watch_page(page)
    page.evaluate("""() => {
        const source = "globalThis.klondikeBoot = {path: null}; postMessage(0)";
        const worker = new Worker(URL.createObjectURL(new Blob([source])));
        return new Promise((heard) => { worker.onmessage = heard; })
            .then(() => console.log("solver unavailable: it never booted"));
    }""")
    with pytest.raises(AssertionError) as failure:
        wait_for_solver(page, timeout_ms=300)
    said = str(failure.value)
    assert "workers booted ['{\"path\":null}']" in said
    assert "log: solver unavailable: it never booted" in said
    page.close()
