"""Redo, Restart this deal and shared links through :class:`Session` (issue 25), without
a browser: what each does to the game, to what is stored and to the statistics."""

from __future__ import annotations

import json

from klondike import CARDS, GameCode, Move
from klondike.app.cascade import FRAME_SECONDS, LONGEST_SECONDS, flights
from klondike.app.session import Session
from klondike.app.stats import Statistics
from klondike.app.storage import BACKS, TABLES, Settings
from klondike.app.stored import GAME_KEY, STATS_KEY
from klondike.app.view import CARD_H, TABLE_W, slots

from .lines import DEAL_2_DRAW_1
from .test_session import Time, fresh

CODE = "KL1-D1N-AAAAAAC"  # deal 2, draw 1: DEAL_2_DRAW_1 wins it


def playing(moves: int = 4) -> Session:
    session = fresh(Time())
    session.new_game(code=GameCode.parse(CODE))
    for text in DEAL_2_DRAW_1[:moves]:
        assert session.play(Move.from_text(text)).changed
    session.take_writes()
    return session


def stored_game(session: Session) -> dict:
    return json.loads(dict(session.take_writes())[GAME_KEY])


# --- Redo ----------------------------------------------------------------------------------
def test_redo_plays_again_what_undo_took_back_in_order() -> None:
    session = playing(4)
    position = session.game.position()
    for _ in range(3):
        session.undo()
    assert session.toolbar().can_redo
    outcome = session.redo()
    assert outcome.changed and outcome.said.startswith("Redone: ")
    assert session.game.history == tuple(map(Move.from_text, DEAL_2_DRAW_1[:2]))
    session.redo()
    session.redo()
    assert session.game.position() == position  # score, moves and stock as they were
    assert not session.toolbar().can_redo
    nothing = session.redo()
    assert not nothing.changed and nothing.said == "There is nothing to redo"


def test_a_new_move_ends_redo_but_the_move_redo_would_play_keeps_it() -> None:
    session = playing(6)  # four turns of the stock, then W>T1 and one more
    session.undo()
    session.undo()
    session.play(Move.from_text(DEAL_2_DRAW_1[4]))  # the very move Redo would play
    assert session.toolbar().can_redo  # one more to redo
    session.undo()
    other = next(m for m in session.game.legal_moves() if str(m) != DEAL_2_DRAW_1[4])
    session.play(other)
    assert not session.toolbar().can_redo


def test_redo_survives_a_reload_and_a_hand_edited_redo_is_dropped() -> None:
    session = playing(4)
    session.undo()
    session.undo()
    saved = stored_game(session)
    assert saved["redo"] == " ".join(DEAL_2_DRAW_1[2:4])  # the next move first
    again = Session(now=Time())
    again.resume(json.dumps(saved))
    assert again.toolbar().can_redo
    again.redo()
    again.redo()
    assert again.game.history == tuple(map(Move.from_text, DEAL_2_DRAW_1[:4]))

    saved["redo"] = "T1>T1 nonsense"  # cannot be played from there: the game stands
    edited = Session(now=Time())
    outcome = edited.resume(json.dumps(saved))
    assert outcome.changed and not edited.toolbar().can_redo
    assert edited.game.moves_made == 2


def test_a_new_deal_ends_redo() -> None:
    session = playing(4)
    session.undo()
    session.new_game(code=GameCode.parse("KL1-D3N-AAAAAAB"))
    assert not session.toolbar().can_redo
    assert "redo" not in stored_game(session)


# --- Restart this deal -----------------------------------------------------------------
def test_restart_deals_the_same_code_again_and_counts_the_game_so_far_as_not_won() -> None:
    session = playing(4)
    outcome = session.restart()
    assert outcome.changed and session.game.code == CODE and session.game.moves_made == 0
    assert outcome.said == ("Deal KL1-D1N-AAAAAAC restarted. The game so far counts as a "
                            "game not won in the statistics.")
    writes = dict(session.take_writes())
    record = Statistics.from_json(writes[STATS_KEY]).records["D1N"]
    assert (record.won, record.lost + record.abandoned) == (0, 1)
    assert json.loads(writes[GAME_KEY])["moves"] == ""
    again = session.restart()  # at its start already: nothing to do
    assert not again.changed and again.said == "The deal is at its start already"


def test_restarting_a_won_deal_counts_nothing_more() -> None:
    session = fresh(Time())
    session.new_game(code=GameCode.parse(CODE))
    for text in DEAL_2_DRAW_1:
        session.play(Move.from_text(text))
    assert session.game.is_won
    outcome = session.restart()
    assert outcome.said == "Deal KL1-D1N-AAAAAAC restarted."
    record = Statistics.from_json(dict(session.take_writes())[STATS_KEY]).records["D1N"]
    assert (record.won, record.lost, record.abandoned) == (1, 0, 0)


# --- shared links ------------------------------------------------------------------------
def test_the_link_is_the_page_address_with_the_code_as_its_fragment() -> None:
    session = playing(0)
    assert session.link("https://x.github.io/klondike/?game=KL1-D3N-AAAAAAB#old") == \
        "https://x.github.io/klondike/#KL1-D1N-AAAAAAC"


def test_a_link_deals_its_code_at_once_when_no_game_is_in_progress() -> None:
    session = playing(0)
    outcome, ask = session.follow_link("#kl1-d3v-aaaaaag")
    assert ask is None and outcome.changed and session.game.code == "KL1-D3V-AAAAAAG"
    outcome, ask = session.follow_link("", "?game=KL1-D1S-AAAAAAB")  # the query form too
    assert ask is None and session.game.code == "KL1-D1S-AAAAAAB"
    outcome, ask = session.follow_link("#KL1%2DD3N%2DAAAAAAE")  # percent-encoded
    assert ask is None and session.game.code == "KL1-D3N-AAAAAAE"


def test_a_link_asks_before_leaving_a_game_in_progress() -> None:
    session = playing(3)
    outcome, ask = session.follow_link("#KL1-D3V-AAAAAAG")
    assert not outcome.changed and ask == GameCode.parse("KL1-D3V-AAAAAAG")
    assert session.game.code == CODE and session.game.moves_made == 3  # nothing yet
    session.new_game(code=ask)  # the player said yes
    assert session.game.code == "KL1-D3V-AAAAAAG"


def test_a_malformed_link_says_why_as_a_typed_code_does_and_changes_nothing() -> None:
    session = playing(3)
    outcome, ask = session.follow_link("#KL1-D4N-AAAAAAG")
    typed, message = session.new_game_typed(1, "N", "KL1-D4N-AAAAAAG")
    assert typed is None and outcome.said == message and message.startswith("Game code: ")
    assert ask is None and not outcome.changed
    assert session.game.code == CODE and session.game.moves_made == 3
    assert session.take_writes() == []
    # The deal on the table already, or no code at all: nothing to do.
    assert session.follow_link("#" + CODE) == (session.follow_link("")[0], None)
    assert session.game.moves_made == 3


# --- the win's cascade ---------------------------------------------------------------
def test_the_cascade_sends_every_card_off_its_foundation_kings_first_and_above_the_floor(
        ) -> None:
    where = slots()
    paths = list(flights(where, floor=7.5, seed=3))
    assert sorted(p.card for p in paths) == sorted(str(c) for c in CARDS)
    assert [p.card[0] for p in paths[:4]] == ["K"] * 4 and paths[-1].card[0] == "A"
    assert [p.delay for p in paths] == sorted(p.delay for p in paths)
    for path in paths:
        x0, y0 = where["F" + path.card[1]]
        assert path.frames[0] == (0.0, 0.0)
        assert all(y0 + dy <= 7.5 - CARD_H + 1e-9 for _, dy in path.frames)
        x_end = x0 + path.frames[-1][0]
        assert not -1.0 < x_end < TABLE_W or path.duration >= LONGEST_SECONDS - FRAME_SECONDS
    assert list(flights(where, 7.5, seed=3)) == paths  # the same seed, the same cascade
    assert list(flights(where, 7.5, seed=4)) != paths
    lazy = flights(where, 7.5, seed=3)
    assert next(lazy) == paths[0]  # one card's path at a time, as each card starts


# --- looks ---------------------------------------------------------------------------
def test_the_looks_are_settings_and_a_foreign_value_falls_back_to_the_default() -> None:
    chosen = Settings(back="waves", table="dark", large_index=True)
    assert Settings.from_json(chosen.to_json()) == chosen
    foreign = json.loads(chosen.to_json()) | {"back": "<img src=x>", "table": 3,
                                                "large_index": "yes"}
    read = Settings.from_json(json.dumps(foreign))
    assert (read.back, read.table, read.large_index) == ("lattice", "green", False)
    assert set(BACKS) == {"lattice", "dots", "waves"} and "dark" in TABLES
