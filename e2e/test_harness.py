"""The harness itself: a page whose renderer crashes while it boots is opened again."""

from __future__ import annotations

from contextlib import suppress

import pytest
from harness import RendererCrash, again_if_crashed, open_app
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
