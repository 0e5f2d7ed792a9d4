"""The playable game in a real browser (SPEC R2-R7, R9), driven by real pointer, touch and
keyboard input. One booted page per module; each test starts its own deal by game code."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from harness import boot
from player import (
    GAME_KEY,
    GLIDE_S,
    after_frame,
    card,
    click_stock,
    drop_point,
    first_deal,
    grab_point,
    lead_card,
    legal,
    mouse_drag,
    moves,
    pointer_play,
    saved,
    settle,
    start,
    touch_drag,
    wait_for_moves,
    wait_page_time,
)

from klondike import Game, Move
from klondike.app.gestures import DOUBLE_TAP_SECONDS
from tests.lines import DEAL_2_DRAW_1

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.usefixtures("no_errors")


# --- the tests -------------------------------------------------------------------------
def test_R5_mouse_drag_between_columns(page):
    game = first_deal(lambda g: any(m.startswith("T") and ">T" in m for m in legal(g)))
    start(page, game.code)
    text = next(m for m in sorted(legal(game)) if m.startswith("T") and ">T" in m)
    pointer_play(page, game, text)
    assert moves(page) == [text]
    lead = lead_card(Game.from_code(game.code), Move.from_text(text))
    assert card(page, lead)["pile"] == text.split(">")[1]


def test_R5_touch_drag_between_columns(page):
    game = first_deal(lambda g: any(m.startswith("T") and ">T" in m for m in legal(g)))
    start(page, game.code)
    text = next(m for m in sorted(legal(game)) if m.startswith("T") and ">T" in m)
    pointer_play(page, game, text, drag=touch_drag)
    assert moves(page) == [text]


def test_R5_tap_sends_to_foundation_and_double_tap_to_a_column(page):
    game = first_deal(lambda g: any(m.endswith(">F") for m in legal(g))
                      and any(m.startswith("T") and ">T" in m for m in legal(g)))
    start(page, game.code)
    home = next(m for m in sorted(legal(game)) if m.endswith(">F"))
    ace = lead_card(game, Move.from_text(home))
    page.mouse.click(*grab_point(page, ace))
    wait_for_moves(page, 1)
    assert card(page, ace)["pile"] == f"F{ace[1]}"
    game.play(home)
    column_move = next(m for m in sorted(legal(game)) if m.startswith("T") and ">T" in m)
    lead = lead_card(game, Move.from_text(column_move))
    wait_page_time(page, DOUBLE_TAP_SECONDS)  # not a double tap with the first one
    page.mouse.dblclick(*grab_point(page, lead))
    wait_for_moves(page, 2)
    assert moves(page)[0] == home
    assert moves(page)[1].startswith(column_move.split(">")[0])


def test_R5_illegal_drop_glides_back_and_changes_nothing(page):
    game = first_deal(lambda g: True)
    start(page, game.code)
    # The top card of column 1 onto column 2's top: illegal unless it happens to fit.
    columns = game.tableau
    target = next(j for j in range(1, 7)
                  if f"T1>T{j + 1}" not in legal(game))
    lead = str(columns[0].up[-1])
    before = card(page, lead)
    mouse_drag(page, grab_point(page, lead),
               drop_point(page, game, f"T{target + 1}", lead))
    page.wait_for_function("document.getElementById('status').textContent !== ''")
    settle(page)  # the glide back
    after = card(page, lead)
    assert (after["pile"], after["index"]) == (before["pile"], before["index"])
    assert abs(after["x"] - before["x"]) < 1 and abs(after["y"] - before["y"]) < 1
    assert moves(page) == []
    assert page.text_content("#status")


STACK_AT_POINTERUP = """(id) => {
    window.__stack = null;
    document.addEventListener('pointerup', () => {  // after the game's handler
        const z = (el) => +getComputedStyle(el).zIndex;
        const lead = document.getElementById(id);
        const rest = [...document.querySelectorAll('.card')].filter((el) =>
            el.dataset.pile !== lead.dataset.pile || +el.dataset.index < +lead.dataset.index);
        window.__stack = {lead: z(lead), rest: Math.max(...rest.map(z))};
    }, {once: true});
}"""


def on_top_at(page, x: float, y: float) -> str | None:
    return page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('.card')?.id",
                         [x, y])


def stacked_by_pile_and_index(page) -> bool:
    """At rest, each card is over the cards under it in its pile."""
    return page.evaluate("""() => {
        const piles = {};
        for (const el of document.querySelectorAll('.card')) {
            (piles[el.dataset.pile] ??= []).push([+el.dataset.index, +getComputedStyle(el).zIndex]);
        }
        return Object.values(piles).every((cards) => cards.sort((a, b) => a[0] - b[0])
            .every(([, z], k) => k === 0 || z > cards[k - 1][1]));
    }""")


def test_dragged_and_gliding_cards_pass_over_every_pile(page):
    # From a column to one on its left: the piles on the right stack over those on the left.
    game = first_deal(lambda g: any(m[0] == "T" and m[3] == "T" and m[4] < m[1] for m in legal(g)))
    start(page, game.code)
    wait_page_time(page, GLIDE_S)  # the deal's glides over: the next move lowers its cards
    text = next(m for m in sorted(legal(game)) if m[0] == "T" and m[3] == "T" and m[4] < m[1])
    lead = lead_card(game, Move.from_text(text))
    end = drop_point(page, game, text.split(">")[1], lead)
    page.mouse.move(*grab_point(page, lead))
    page.mouse.down()
    page.mouse.move(*end, steps=6)
    assert on_top_at(page, *end) == f"c-{lead}"  # over the column it is dropped on
    page.evaluate(STACK_AT_POINTERUP, f"c-{lead}")
    page.mouse.up()
    wait_for_moves(page, 1)
    stack = page.evaluate("window.__stack")
    assert stack["lead"] > stack["rest"]  # still over them while it glides into place
    settle(page)  # the glide is over
    assert stacked_by_pile_and_index(page)
    box = card(page, lead)
    assert on_top_at(page, box["x"] + 2, box["y"] + 2) == f"c-{lead}"


def test_a_card_going_home_passes_over_the_column_it_leaves(page):
    # Foundations stack under columns at rest; a card flying from a column to them does not.
    game = first_deal(lambda g: any(m[0] == "T" and m.endswith(">F") and
                                    len(g.tableau[int(m[1]) - 1].down) for m in legal(g)))
    start(page, game.code)
    wait_page_time(page, GLIDE_S)  # the deal's glides over: the next move lowers its cards
    home = next(m for m in sorted(legal(game)) if m[0] == "T" and m.endswith(">F")
                and len(game.tableau[int(m[1]) - 1].down))
    ace = lead_card(game, Move.from_text(home))
    page.evaluate(STACK_AT_POINTERUP, f"c-{ace}")
    page.mouse.click(*grab_point(page, ace))
    wait_for_moves(page, 1)
    stack = page.evaluate("window.__stack")
    assert stack["lead"] > stack["rest"]
    settle(page)  # the glide is over
    assert stacked_by_pile_and_index(page)


RAISED_AT_POINTERUP = """() => {
    window.__raised = null;
    document.addEventListener('pointerup', () => {  // after the game's handler
        window.__raised = [...document.querySelectorAll('.card')]
            .filter((el) => +el.style.zIndex >= 1000).map((el) => el.id).sort();
    }, {once: true});
}"""


def test_cards_raised_by_a_glide_are_lowered_by_the_next_move(page):
    # A new deal raises every card while it glides into place; no timer lowers them (its
    # frame delayed quick taps): the next move does, in its own writes, and raises only
    # the cards it moves.
    start(page, "KL1-D3N-AAAAAAB")
    wait_page_time(page, GLIDE_S)  # the deal's glides over, as the board measures them
    page.evaluate(RAISED_AT_POINTERUP)
    click_stock(page)
    wait_for_moves(page, 1)
    game = Game.from_code("KL1-D3N-AAAAAAB")
    game.play("S")
    drawn = sorted(f"c-{c}" for c in game.waste)
    assert page.evaluate("window.__raised") == drawn
    assert stacked_by_pile_and_index(page)


def test_R2_8_draw_3_fans_three_and_only_the_top_plays(page):
    game = Game.new(6, 3, "N")
    start(page, game.code)
    click_stock(page)
    wait_for_moves(page, 1)
    fan = [card(page, t) for t in ("Qh", "Jh", "As")]
    assert [c["draggable"] for c in fan] == [False, False, True]
    assert fan[0]["x"] < fan[1]["x"] < fan[2]["x"]
    assert all(not c["down"] for c in fan)


def test_R2_9_vegas_stock_goes_through_once(page):
    start(page, "KL1-D1V-AAAAAAG")
    for n in range(1, 25):
        click_stock(page)
        wait_for_moves(page, n)
    click_stock(page)
    page.wait_for_function("document.getElementById('status').textContent.includes('Vegas')")
    assert len(moves(page)) == 24
    assert "-$52" in page.text_content("#score")


def test_R4_undo_by_button_and_by_ctrl_z(page):
    start(page, "KL1-D1N-AAAAAAA")
    for n in (1, 2):
        click_stock(page)
        wait_for_moves(page, n)
    page.click("[data-action=undo] >> nth=0")
    wait_for_moves(page, 1)
    page.keyboard.press("Control+z")
    wait_for_moves(page, 0)
    assert card(page, "Qd")["pile"] == "stock"
    assert page.locator("[data-action=undo] >> nth=0").is_disabled()


def test_R7_typed_code_gives_exactly_that_deal(page):
    code = "KL1-D3S-BCDEFGH"
    start(page, " kl1-d3s-bcdefgh ".strip().lower())
    result = subprocess.run([sys.executable, "-m", "klondike", "deal", code, "--json"],
                            capture_output=True, text=True, check=True, cwd=ROOT)
    state = json.loads(result.stdout)
    for n, column in enumerate(state["tableau"], 1):
        for i, text in enumerate(column["down"] + column["up"]):
            shown = card(page, text)
            assert (shown["pile"], shown["index"], shown["down"]) == (
                f"T{n}", i, i < len(column["down"]))
    for text in state["stock"]:
        assert card(page, text)["pile"] == "stock"
    assert page.text_content("#code") == code


def test_R7_malformed_code_is_refused_beside_the_field(page):
    start(page, "KL1-D1N-AAAAAAG")
    page.click("[data-action=new-game]")
    page.fill("#code-input", "KL1-D1Q-AAAAAAG")
    page.press("#code-input", "Enter")
    assert "unknown scoring letter 'Q'" in page.text_content("#code-error")
    assert page.locator("#new-dialog").is_visible()
    page.click("#new-dialog [data-action=close-dialog]")
    assert page.text_content("#code") == "KL1-D1N-AAAAAAG"


def test_R9_reload_resumes_with_undo_history(page):
    start(page, "KL1-D1N-AAAAAAA")
    game = Game.from_code("KL1-D1N-AAAAAAA")
    for text in ("T7>F", "S", "S"):
        pointer_play(page, game, text)
    page.reload()
    boot(page)
    assert moves(page) == ["T7>F", "S", "S"]
    assert card(page, "Ah")["pile"] == "Fh"
    assert card(page, "Tc")["pile"] == "waste"
    page.keyboard.press("Control+z")
    wait_for_moves(page, 2)
    assert moves(page) == ["T7>F", "S"]


def test_R9_corrupt_saved_game_starts_cleanly_and_says_so(page):
    # Leaving the page saves the game, so the damage is done as the next page loads.
    page.add_init_script(
        "if (!sessionStorage.getItem('damaged')) { sessionStorage.setItem('damaged', '1');"
        f" localStorage.setItem({GAME_KEY!r}, '{{\"v\":1,\"code\":\"KL1-D1N-AAA'); }}"
    )
    page.reload()
    boot(page)
    assert "could not be read" in page.text_content("#status")
    after_frame(page)  # the fresh game is saved after the frame
    assert saved(page)["moves"] == ""
    assert page.locator(".py-error").count() == 0


def test_keyboard_pick_a_card_and_a_target(page):
    game = first_deal(lambda g: any(m.startswith("T") and ">T" in m for m in legal(g)))
    start(page, game.code)
    text = next(m for m in sorted(legal(game)) if m.startswith("T") and ">T" in m)
    source, target = text.split(">")
    page.focus(f'.slot[data-pile="{source}"]')
    page.keyboard.press("Enter")
    assert "selected" in page.text_content("#status")
    page.focus(f'.slot[data-pile="{target}"]')
    page.keyboard.press("Enter")
    wait_for_moves(page, 1)
    assert moves(page) == [text]


def test_a_pile_the_keyboard_reaches_is_described_empty_ones_too(page):
    """The status line (a live region) says what a sighted player sees at a glance: the
    face-down cards of a column, the stock's size, an empty pile (the last text stayed,
    "face-down card" over an empty foundation)."""
    start(page, "KL1-D1N-AAAAAAG")
    said = "document.getElementById('status').textContent"
    for pile, text in (("stock", "24 cards in the stock"), ("Fs", "empty"),
                       ("T7", "ace of hearts; 6 face-down cards in this column"),
                       ("waste", "empty")):
        page.focus(f'.slot[data-pile="{pile}"]')
        assert page.evaluate(said) == text, pile


def test_every_card_has_an_accessible_name(page):
    start(page, "KL1-D1N-AAAAAAG")
    assert card(page, "Ah")["label"] == "ace of hearts"
    assert card(page, "9h")["label"] == "face-down card"


def test_a_whole_won_game_by_pointer_input_scores_as_the_core(page):
    code = "KL1-D1N-AAAAAAC"
    start(page, code)
    game = Game.from_code(code)
    for text in DEAL_2_DRAW_1:
        pointer_play(page, game, text)
    assert game.is_won
    page.wait_for_selector("#win-dialog[open]")
    message = page.text_content("#win-message")
    assert f"{len(DEAL_2_DRAW_1)} moves" in message
    assert f"Score: {game.score}" in message
    assert moves(page) == DEAL_2_DRAW_1
