"""Hint, "can this still be won?" and the daily deal (issue 5, SPEC R8) in a real browser.
The answers come from the same solver as the command line (klondike.solver)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from harness import wait_for_solver, wait_in_worker
from player import choose, click_stock, moves, pointer_play, settle, start, wait_for_moves

from klondike import Game
from klondike.app.hint import sensible_move
from klondike.moves import STOCK
from klondike.solver import LOST, WON, solve

ROOT = Path(__file__).resolve().parent.parent


pytestmark = pytest.mark.usefixtures("no_errors")


# In the solver's worker: every answer it posts, kept in ``self.said`` (once).
HEAR_ANSWERS = """() => {
    if (self.said) return;
    self.said = [];
    const post = self.postMessage.bind(self);
    self.postMessage = (text) => { self.said.push(JSON.parse(text)); post(text); };
}"""


def solver_worker(page):
    wait_for_solver(page)
    return next(w for w in page.workers if w.url.endswith("/solver-worker.js"))


def searching(worker, key: str) -> None:
    """Wait until the worker is at work on the position ``key`` (code|moves): it said so
    after a slice of the search (at the first slice, unless the worker said so of another
    search less than ALIVE_SECONDS before: then once that time is over)."""
    wait_in_worker(worker, "(key) => self.said.some((m) => m.kind === 'working' && m.key === key)",
                   key)


def winnable_state(page) -> str:
    page.wait_for_function("document.getElementById('winnable').dataset.state !== 'busy'")
    return page.get_attribute("#winnable", "data-state")


def test_R8_indicator_says_winnable_and_follows_the_line(page):
    start(page, "KL1-D1N-AAAAAAD")
    assert winnable_state(page) == "won"
    assert page.text_content("#winnable") == "Winnable"
    assert page.get_attribute("#winnable", "title") == "This game can be won"
    line = solve(Game.from_code("KL1-D1N-AAAAAAD"), budget=60_000).moves
    game = Game.from_code("KL1-D1N-AAAAAAD")
    pointer_play(page, game, line[0])
    assert winnable_state(page) == "won"  # still on the solver's line


def test_R8_a_search_left_behind_holds_up_neither_moves_nor_the_next_answer(page):
    # Deal 1 in draw 3 keeps the solver busy for many seconds. A move
    # plays at once and leaves that search behind for a new one, which a new deal leaves
    # behind in turn; the new deal is still answered (tests/test_solving.py checks that
    # a newer position replaces the search in the worker).
    worker = solver_worker(page)
    worker.evaluate(HEAR_ANSWERS)
    start(page, "KL1-D3N-AAAAAAB")
    searching(worker, "KL1-D3N-AAAAAAB|")
    click_stock(page)
    wait_for_moves(page, 1)
    searching(worker, "KL1-D3N-AAAAAAB|S")
    assert page.get_attribute("#winnable", "data-state") == "busy"
    start(page, "KL1-D1N-AAAAAAD")
    assert winnable_state(page) == "won"


def test_R8_hint_marks_the_card_and_its_place(page):
    start(page, "KL1-D1N-AAAAAAD")
    winnable_state(page)
    page.click("[data-action=hint]")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('Hint')")
    marked = page.evaluate(
        "[...document.querySelectorAll('.hint')].map(e => e.id || e.dataset.pile)"
    )
    first = solve(Game.from_code("KL1-D1N-AAAAAAD"), budget=60_000).moves[0]
    assert marked, "nothing is highlighted"
    if first == "S":
        assert "stock" in marked
    else:
        assert any(m.startswith("c-") for m in marked)
    # Playing it clears the marks.
    pointer_play(page, Game.from_code("KL1-D1N-AAAAAAD"), first)
    assert page.locator(".hint").count() == 0


def test_R8_a_hint_does_not_wait_for_a_long_search(page):
    # Deal 1 in draw 3 keeps the solver busy for many seconds; the hint comes after a
    # short wait anyway, as the sensible move (R8), while the search goes on.
    start(page, "KL1-D3N-AAAAAAB")
    page.click("[data-action=hint]")
    page.wait_for_function(
        "document.getElementById('status').textContent.startsWith('Hint')", timeout=8_000
    )
    assert page.get_attribute("#winnable", "data-state") == "busy"
    move = sensible_move(Game.from_code("KL1-D3N-AAAAAAB"))
    marked = page.evaluate(
        "[...document.querySelectorAll('.hint')].map(e => e.id || e.dataset.pile)"
    )
    if move.kind == STOCK.kind:
        assert "stock" in marked
    else:
        assert f"c-{Game.from_code('KL1-D3N-AAAAAAB').tableau[move.source].up[-1]}" in marked


def lost_position() -> tuple[str, list[str]]:
    """A deal and a move list that leads from a winnable position to a lost one, found
    with the solver (draw 1, Vegas: one pass)."""
    for number in range(200):
        game = Game.new(number, 1, "V")
        if solve(game, budget=20_000).result != WON:
            continue
        for _ in range(24):  # turn the whole stock over: in Vegas it never comes back
            game.play("S")
        if solve(game, budget=20_000).result == LOST:
            return game.code, [str(m) for m in game.history]
    raise AssertionError("no such deal in the first 200")


def test_R8_indicator_says_lost_and_offers_undo_to_the_last_winnable_position(page):
    code, line = lost_position()
    start(page, code)
    assert winnable_state(page) == "won"
    said = []
    for n in range(1, len(line) + 1):
        click_stock(page)
        wait_for_moves(page, n)
        winnable_state(page)
        said.append(page.text_content("#status"))
    assert winnable_state(page) == "lost"
    # Said too, once, in the status line a screen reader reads: the badge alone is silent.
    assert sum(text.endswith("This game can no longer be won") for text in said) == 1
    back = page.locator("[data-action=undo-to-winnable]")
    assert back.is_visible()
    back.click()
    page.wait_for_function(
        "JSON.parse(localStorage.getItem('klondike.game')).moves.split(' ').length < 24"
    )
    assert winnable_state(page) == "won"
    assert len(moves(page)) < len(line)
    # And the way back is said, as the turn was.
    assert page.text_content("#status").endswith("This game can be won again")


def test_R8_daily_deal_matches_the_command_line_and_is_remembered_when_won(page):
    # A game in progress is left only once the player says so (it was left at once).
    start(page, "KL1-D1N-AAAAAAD")
    click_stock(page)
    wait_for_moves(page, 1)
    choose(page, "daily")
    page.wait_for_selector("#link-dialog[open]")
    assert page.text_content("#link-title") == "The daily deal"
    assert "would count as a game not won" in page.text_content("#link-message")
    page.keyboard.press("Escape")
    assert page.text_content("#code") == "KL1-D1N-AAAAAAD" and moves(page) == ["S"]
    choose(page, "daily")
    page.wait_for_selector("#link-dialog[open]")
    page.click("[data-action=link-start]")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('Daily')")
    settle(page)  # the new deal's cards glide into place; a drag aims at where they end
    day = page.evaluate(
        "(() => { const d = new Date(); return [d.getFullYear(), d.getMonth() + 1, d.getDate()]"
        ".map((n, i) => String(n).padStart(i ? 2 : 4, '0')).join('-'); })()"
    )
    code = page.text_content("#code")
    result = subprocess.run([sys.executable, "-m", "klondike", "daily", day, "--draw", "1"],
                            capture_output=True, text=True, check=True, cwd=ROOT)
    assert code == result.stdout.strip()
    # Chosen again while it is played, it is not dealt again (its moves were lost).
    click_stock(page)
    wait_for_moves(page, 1)
    choose(page, "daily")
    page.wait_for_function("document.getElementById('status').textContent"
                           ".startsWith('This is the daily deal already')")
    assert moves(page) == ["S"]
    page.click("[data-action=undo]")
    wait_for_moves(page, 0)
    settle(page)
    # Win it by pointer along the solver's line; the statistics remember the day.
    line = solve(Game.from_code(code), budget=200_000).moves
    game = Game.from_code(code)
    for text in line:
        pointer_play(page, game, text)
    page.wait_for_selector("#win-dialog[open]")
    stats = json.loads(page.evaluate("localStorage.getItem('klondike.stats')"))
    assert day in stats["daily"]["1"]
