"""The statistics file (issue 42) in a real browser: Save to a file downloads the
statistics, settings and history; Read a file in another browser merges them in, each
game once; a damaged file changes nothing and says why; axe clean, by keyboard."""

from __future__ import annotations

import json

import pytest
from harness import open_app
from player import click_stock, start, wait_for_moves
from test_features import axe_violations, open_dialog

pytestmark = pytest.mark.usefixtures("no_errors")


def stats_row(page, label: str) -> str:
    return page.evaluate("""(label) => [...document.querySelectorAll('#stats-rows tr')]
        .find((row) => row.cells[0].textContent === label).cells[1].textContent""", label)


def note(page, text: str) -> None:
    page.wait_for_function("(text) => document.getElementById('stats-file-note')"
                           ".textContent.includes(text)", arg=text)


def test_a_file_saved_here_is_read_in_another_browser_once(page, fresh_context, site_url,
                                                           tmp_path):
    start(page, "KL1-D1N-AAAAAAC")
    click_stock(page)
    wait_for_moves(page, 1)
    start(page, "KL1-D1N-AAAAAAG")  # the game left counts: abandoned, and in the history
    open_dialog(page, "stats", "stats-dialog")
    played = stats_row(page, "Played")
    with page.expect_download() as info:
        page.locator("[data-action=stats-export]").focus()
        page.keyboard.press("Enter")  # keyboard operable
    download = info.value
    assert download.suggested_filename.startswith("klondike-statistics-")
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["kind"] == "klondike statistics" and data["stats"]["id"]
    note(page, "Saved as klondike-statistics-")
    assert axe_violations(page, "#stats-dialog") == []

    other = open_app(fresh_context, site_url)  # another browser: its own storage
    open_dialog(other, "stats", "stats-dialog")
    damaged = tmp_path / "damaged.json"
    damaged.write_text(saved.read_text(encoding="utf-8").replace('"v": 5', '"v": "five"'),
                       encoding="utf-8")
    other.set_input_files("#stats-file", str(damaged))
    note(other, "This statistics file is damaged: nothing was changed")
    assert stats_row(other, "Played") == "0"
    other.set_input_files("#stats-file", str(saved))
    note(other, "Games added: 1 to the statistics, 1 to the history")
    other.wait_for_function("document.querySelector('#stats-rows tr td:last-child')"
                            f".textContent === {played!r}")
    other.set_input_files("#stats-file", str(saved))  # again: nothing counted twice
    note(other, "Games added: 0 to the statistics, 0 to the history")
    assert stats_row(other, "Played") == played
    stored = json.loads(other.evaluate("localStorage.getItem('klondike.stats')"))
    assert list(stored["others"]) == [data["stats"]["id"]]
    assert other.watch.problems() == []
