"""Two settings from the peers, both off by default (issue 42). Move safe cards home: with
it on, a safe card goes home by itself after the player's move, animated, a move of its
own that Undo takes back alone; with it off, nothing moves by itself (R5). Sounds: a card
turned, a card laid down, a refused drop, synthesized with the Web Audio API."""

from __future__ import annotations

import pytest
from harness import boot
from player import (
    GLIDE_S,
    click_stock,
    drop_point,
    grab_point,
    mouse_drag,
    moves,
    settle,
    start,
    wait_for_moves,
    wait_page_time,
)
from test_features import open_dialog

from klondike import Game

pytestmark = pytest.mark.usefixtures("no_errors")

DEAL = "KL1-D1N-AAAAAAA"  # column 7 shows the ace of hearts


def set_option(page, name: str, on: bool) -> None:
    open_dialog(page, "settings", "settings-dialog")
    box = page.locator(f"#settings-dialog input[name={name}]")
    box.check() if on else box.uncheck()
    page.click("#settings-dialog button[type=submit]")
    page.wait_for_selector("#settings-dialog:not([open])", state="attached")


def test_off_by_default_nothing_moves_by_itself(page):
    start(page, DEAL)
    click_stock(page)
    wait_for_moves(page, 1)
    wait_page_time(page, 3 * GLIDE_S)
    assert moves(page) == ["S"]


def test_a_safe_card_goes_home_after_the_move_and_undo_takes_it_back_alone(page):
    set_option(page, "auto_home", True)
    start(page, DEAL)
    click_stock(page)
    wait_for_moves(page, 2)  # the stock turned, then the ace went home by itself
    assert moves(page) == ["S", "T7>F"]
    assert page.locator('.card[data-card="Ah"]').get_attribute("data-pile") == "Fh"
    status = page.text_content("#status")
    assert status.startswith("ace of hearts to its foundation")  # announced
    page.keyboard.press("Control+z")
    wait_for_moves(page, 1)
    wait_page_time(page, 3 * GLIDE_S)
    assert moves(page) == ["S"]  # undone, it stays undone
    # The setting is remembered.
    page.reload()
    boot(page)
    open_dialog(page, "settings", "settings-dialog")
    assert page.locator("#settings-dialog input[name=auto_home]").is_checked()
    page.keyboard.press("Escape")
    set_option(page, "auto_home", False)
    settle(page)


TONES = """() => {
    window.__tones = [];
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args) {
        window.__tones.push(this.frequency.value);
        return start.apply(this, args);
    };
}"""


def tones(page) -> list[float]:
    return page.evaluate("window.__tones.splice(0)")


def test_sounds_when_set_a_turn_a_card_laid_down_and_a_refused_drop(page):
    page.evaluate(TONES)
    start(page, DEAL)
    click_stock(page)
    wait_for_moves(page, 1)
    assert tones(page) == []  # off by default
    set_option(page, "sounds", True)
    click_stock(page)
    wait_for_moves(page, 2)
    page.wait_for_function("window.__tones.length > 0")
    assert tones(page) == [1400]  # the turn's tick
    page.keyboard.press("Control+z")
    wait_for_moves(page, 1)
    page.wait_for_function("window.__tones.length > 0")
    assert tones(page) == [190]  # Undo lays the cards down
    # A card dropped where it cannot go: the refusal's two low notes, and nothing moves.
    game = Game.from_code(DEAL)
    lead = str(game.tableau[0].up[-1])
    mouse_drag(page, grab_point(page, lead), drop_point(page, game, "T2", lead))
    page.wait_for_function("window.__tones.length >= 2")
    assert tones(page) == [240, 180] and moves(page) == ["S"]
    settle(page)
    set_option(page, "sounds", False)
    click_stock(page)
    wait_for_moves(page, 2)
    wait_page_time(page, 3 * GLIDE_S)
    assert tones(page) == []
