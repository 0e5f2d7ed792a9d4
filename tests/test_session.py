"""The game in progress through :class:`Session`, as the page drives it, without a browser
(R3-R9): every command answers one reply, and what to store is collected. Redo, Restart
this deal and shared links (issue 25) too."""

from __future__ import annotations

import dataclasses
import json
from datetime import date

from klondike import GameCode, Move
from klondike.app.gestures import describe_hint, source_of
from klondike.app.history import History
from klondike.app.paint import FIRST_DEALS
from klondike.app.reply import Reply
from klondike.app.session import HINT_WAIT_SECONDS, Session
from klondike.app.stats import Statistics
from klondike.app.storage import Settings, read_daily
from klondike.app.stored import DAILY_KEY, GAME_KEY, HISTORY_KEY, SETTINGS_KEY, STATS_KEY
from klondike.daily import daily_code
from klondike.moves import DRAW

from .lines import DEAL_2_DRAW_1
from .worker import Worker


class Time:
    """The session's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def fresh(time: Time, **stored) -> Session:
    session = Session(now=time, **stored)
    session.resume(None)
    session.take_writes()
    return session


def test_a_whole_game_is_played_hinted_won_and_counted_once() -> None:
    time = Time()
    session = fresh(time)
    worker = Worker(session)
    outcome = worker.send(session.new_game(code=GameCode.parse("KL1-D1N-AAAAAAC")))
    assert outcome.changed and outcome.said.startswith("New game KL1-D1N-AAAAAAC")

    # R8: the hint waits for the solver, then marks a card and where it goes.
    asked = session.ask_hint()
    assert asked.hint == (None, "Thinking…") and asked.hint_wait == HINT_WAIT_SECONDS
    result = next(h for h in worker.pump(asked) if h.answered)
    hint = result.hint.marks
    assert result.hint.said.startswith("Hint: ") and result.answered
    assert result.winnable.state == "won" and result.winnable.text == "Winnable"
    # The marks name the card of the winning line's first move, and where it goes.
    move = session.solver.winning_line(session.game)[0]
    if move.kind == DRAW:
        assert (hint.pile, hint.target) == ("stock", None)
    else:
        assert (hint.pile, hint.index) == source_of(session.game, move)
        home = move.target < 0
        assert hint.target[0] == "F" if home else hint.target == f"T{move.target + 1}"
    assert result.hint.said == "Hint: " + describe_hint(session.game, move)

    for n, text in enumerate(DEAL_2_DRAW_1, 1):
        time.now += 2
        outcome = session.play(Move.from_text(text))
        assert outcome.changed and outcome.said, text
        assert (outcome.won is not None) == (n == len(DEAL_2_DRAW_1))
    seconds = 2 * (len(DEAL_2_DRAW_1) - 1)  # the clock starts at the first move
    assert outcome.won.startswith(f"You won in {seconds // 60}:{seconds % 60:02d} with "
                                  f"{len(DEAL_2_DRAW_1)} moves. Score: ")
    writes = dict(session.take_writes())
    stats = Statistics.from_json(writes[STATS_KEY])
    record = stats.record("D1N")
    assert (record.played, record.won, record.streak, record.fewest_moves) == (
        1, 1, 1, len(DEAL_2_DRAW_1))
    assert session.toolbar().can_undo  # a won game can still be undone
    assert session.leaving_said() == ""  # a new game leaves nothing not won
    assert session.winnable().shown is False  # nothing to tell of a won game

    # A reload shows the won game again, and the win is not counted twice.
    again = Session(now=time, stats=writes[STATS_KEY])
    outcome = again.resume(writes[GAME_KEY])
    assert again.game.is_won and outcome.won is not None
    assert Statistics.from_json(dict(again.take_writes())[STATS_KEY]).record("D1N").won == 1


def test_a_game_left_for_another_counts_as_abandoned_or_lost() -> None:
    time = Time()
    session = fresh(time)
    session.new_game(code=GameCode.parse("KL1-D1N-AAAAAAC"))
    assert session.leaving_said() == ""  # New game's dialog says nothing of it
    session.new_game()  # no move yet: not counted
    assert STATS_KEY not in dict(session.take_writes())
    session.tap("stock", 0, None)
    assert session.leaving_said() == ("A new game would count the game in progress as a "
                                      "game not won in the statistics.")
    session.new_game(3, "V")
    stats = Statistics.from_json(dict(session.take_writes())[STATS_KEY])
    assert stats.record("D1N").abandoned == 1 and session.game.code[4:7] == "D3V"


def test_a_damaged_save_starts_a_new_game_and_keeps_the_old_value_aside() -> None:
    session = Session(now=Time(), stats="{broken")
    outcome = session.resume('{"v": 1, "code": "KL1-D1N-AAAAAAG", "moves": "T1>T2"}')
    assert outcome.changed and "could not be read" in outcome.said
    assert "The statistics could not be read" in outcome.said
    writes = dict(session.take_writes())
    assert writes[GAME_KEY + ".unreadable"].startswith('{"v": 1')
    assert json.loads(writes[STATS_KEY])["sets"] == {}
    assert json.loads(writes[GAME_KEY])["moves"] == ""


def test_a_first_visit_deals_the_deal_drawn_before_python_when_it_fits() -> None:
    first = "KL1-D1N-NHPIFBM"  # klondike.app.paint.FIRST_DEALS[0]
    session = Session(now=Time())
    reply = session.resume(None, first=first)
    assert session.game.code == first and reply.said.startswith(f"New game {first}")
    assert json.loads(dict(session.take_writes())[GAME_KEY])["code"] == first
    # Another tab chose draw 3 meanwhile, or the code is not one: a random deal.
    draw_3 = Session(now=Time(), settings=Settings(draw=3).to_json())
    draw_3.resume(None, first=first)
    assert draw_3.game.code[4:7] == "D3N" and not draw_3.game.moves_made
    for bad in ("KL1-D9N-X<", "", "not a code"):
        session = Session(now=Time())
        session.resume(None, first=bad)
        assert session.game.code != first and not session.game.moves_made
    # A game is saved: it is resumed.
    saved = '{"v": 1, "code": "KL1-D1N-AAAAAAG", "moves": "S"}'
    session = Session(now=Time())
    session.resume(saved, first=first)
    assert session.game.code == "KL1-D1N-AAAAAAG" and session.game.moves_made == 1


def test_R5_a_second_tap_soon_after_puts_the_card_on_the_tableau() -> None:
    time = Time()
    session = fresh(time)
    session.new_game(code=GameCode.parse("KL1-D1N-AAAAAAA"))
    game = session.game
    # The 3 of diamonds (column 4's top) cannot go home, but fits column 5's 4 of clubs.
    assert session.tap("T4", 3, "3d") == Reply()
    time.now += 0.1
    outcome = session.tap("T4", 3, "3d")
    assert outcome.changed and outcome.said.startswith("3 of diamonds to column 5;")
    assert str(game.history[-1]) == "T4>T5"
    # Too slow: two single taps, nothing moves.
    session.undo()
    session.tap("T4", 3, "3d")
    time.now += 1
    assert session.tap("T4", 3, "3d").changed is False


def test_R5_an_illegal_drop_says_why_and_changes_nothing() -> None:
    session = fresh(Time())
    session.new_game(code=GameCode.parse("KL1-D1N-AAAAAAA"))
    session.take_writes()
    before = session.game.state()
    outcome = session.drop("T1", 0, "T2")
    assert not outcome.changed and outcome.said and session.game.state() == before
    assert session.drop_pile("T1", 0, "T2") is None
    assert session.drop_pile("T7", 6, "F") == "Fh"  # the ace of hearts, to its own suit
    assert session.take_writes() == []


def test_the_keyboard_picks_a_card_and_puts_it_on_a_pile() -> None:
    session = fresh(Time())
    session.new_game(code=GameCode.parse("KL1-D1N-AAAAAAA"))
    assert session.arrow("stock", "ArrowRight") == "waste"
    # Column 4 has one face-up card: up leaves it for the foundation above.
    assert session.arrow("T4", "ArrowUp") == "Fs"
    assert session.point("T4") == (3, "3 of diamonds")
    assert session.point("stock") == (0, "face-down card")
    assert session.picked is None
    said = session.choose("T4", can_move=True).said
    assert said == "3 of diamonds selected: choose where it goes, then press Enter"
    outcome = session.choose("T5", can_move=True)
    assert outcome.changed and str(session.game.history[-1]) == "T4>T5"
    assert session.picked is None
    assert session.choose("T3", can_move=False).said == "There is no card to move here"


def test_a_move_made_another_way_ends_the_keyboards_pick() -> None:
    """The picked card dragged by the pointer to where it goes: the pick named its old
    place, and Enter on column 1 then said 'No card of column 4 fits...', of a card
    no longer picked (nor marked)."""
    session = fresh(Time())
    session.new_game(code=GameCode.parse("KL1-D1N-AAAAAAA"))
    session.choose("T4", can_move=True)
    assert session.picked == ("T4", 3)
    assert session.drop("T4", 3, "T5").changed  # the 3 of diamonds, by the pointer
    assert session.picked is None
    said = session.choose("T1", can_move=True).said
    assert said == f"{session.point('T1')[1]} selected: choose where it goes, then press Enter"
    assert session.picked == ("T1", 0)
    assert session.tap("stock", 0, None).changed  # the stock turned: a move too
    assert session.picked is None


def test_R8_a_hint_waits_for_the_solver_at_most_its_wait() -> None:
    # Deal 1 in draw 3 takes the solver long: the hint must not wait for it.
    time = Time()
    session = fresh(time)
    worker = Worker(session)
    worker.send(session.new_game(code=GameCode.parse("KL1-D3N-AAAAAAB")))
    asked = worker.send(session.ask_hint())
    assert asked.hint == (None, "Thinking…")
    worker.solving.work()
    assert session.hint_due() == Reply()
    time.now += HINT_WAIT_SECONDS
    marks, said = session.hint_due().hint
    assert marks is not None and said.startswith("Hint: ")
    assert session.hint_due() == Reply()  # given once
    assert session.winnable().state == "busy" and worker.solving.busy  # the search goes on


def test_R8_the_daily_deal_is_the_same_for_everyone_and_remembered() -> None:
    session = fresh(Time())
    day = date(2026, 12, 2)
    outcome = session.start_daily(day)
    assert not outcome.changed and outcome.said == "Preparing the daily deal…"
    assert any('"daily"' in request for request in outcome.requests)  # the worker works it out
    outcome = next(h for h in Worker(session).pump(outcome) if h.changed)
    assert session.game.code == daily_code(day, 1)
    assert outcome.said == "Daily deal of 2026-12-02, draw 1"
    assert read_daily(dict(session.take_writes())[DAILY_KEY]) == ("2026-12-02", session.game.code)
    # Started again the same day, it needs no worker.
    session.new_game()
    again = session.start_daily(day)
    assert again.said == "Daily deal of 2026-12-02, draw 1"
    assert not any('"daily"' in request for request in again.requests)


def test_R8_the_daily_deal_keeps_the_game_in_progress_until_the_player_says_so() -> None:
    """Daily deal, chosen again while its deal is played, dealt it again (the moves were
    gone, and the game counted as left); chosen during another game, it left that game
    without a question, where a link asks first."""
    session = fresh(Time())
    day = date(2026, 12, 2)
    Worker(session).pump(session.start_daily(day))
    session.tap("stock", 0, None)
    again = session.start_daily(day)
    assert not again.changed and session.game.moves_made == 1
    assert again.said == ("This is the daily deal already. Restart this deal, in the More "
                          "menu, deals it again.")
    session.new_game(code=GameCode.parse(CODE))
    session.tap("stock", 0, None)
    asked = session.start_daily(day)
    assert asked.ask_daily and not asked.changed
    assert session.game.code == CODE and session.game.moves_made == 1
    assert "would count as a game not won" in asked.said
    dealt = session.start_daily(day, confirmed=True)  # the player said so
    assert dealt.changed and session.game.code == daily_code(day, 1)
    record = Statistics.from_json(dict(session.take_writes())[STATS_KEY]).record("D1N")
    assert record.abandoned == 2  # the daily deal left once, then this game
    session.new_game()  # no move: nothing to ask about
    assert session.start_daily(day).changed


def test_the_clock_stops_while_the_page_is_hidden() -> None:
    time = Time()
    session = fresh(time)
    session.new_game(code=GameCode.parse("KL1-D1X-AAAAAAA"))
    session.tap("stock", 0, None)
    time.now += 30
    session.set_hidden(True)  # the page writes at once: no frame comes while hidden
    assert json.loads(dict(session.take_writes())[GAME_KEY])["elapsed"] == 30.0
    time.now += 600
    session.set_hidden(False)
    time.now += 15
    assert session.toolbar().score == "Time 0:45  Moves 1"
    session.tap("stock", 0, None)  # the game's text is made when taken, clock as it stands
    assert json.loads(dict(session.take_writes())[GAME_KEY])["elapsed"] == 45.0


def test_R3_2_standard_score_runs_with_the_clock_and_a_reload_keeps_it() -> None:
    time = Time()
    session = fresh(time)
    session.new_game(code=GameCode.parse("KL1-D1S-AAAAAAC"))  # DEAL_2_DRAW_1's deal
    for text in DEAL_2_DRAW_1[:5]:  # four turns, then a waste card onto a column: +5
        session.play(Move.from_text(text))
    assert session.toolbar().score == "Score 5  Moves 5"
    time.now += 300  # a long think: the clock takes the 5, and no more
    assert session.toolbar().score == "Score 0  Moves 5"
    # Two column moves, the first turning a card up (+5), a turn, a card home (+10):
    # 15, where taking the whole time penalty (-60) from the 20 points would show 0.
    for text in DEAL_2_DRAW_1[5:9]:
        session.play(Move.from_text(text))
    assert session.toolbar().score == "Score 15  Moves 9"
    again = Session(now=time)  # a reload
    again.resume(dict(session.take_writes())[GAME_KEY])
    assert again.toolbar().score == "Score 15  Moves 9"
    again.undo()
    assert again.toolbar().score == "Score 5  Moves 8"
    time.now += 20
    assert again.toolbar().score == "Score 1  Moves 8"
    again.play(Move.from_text(DEAL_2_DRAW_1[8]))  # the card home again, 320 s in
    assert again.toolbar().score == "Score 11  Moves 9"


def test_settings_out_of_range_keep_their_defaults() -> None:
    session = fresh(Time())
    assert session.change_settings(Settings(draw=3, scoring="Q")).said == "Settings saved"
    assert (session.settings.draw, session.settings.scoring) == (3, "N")
    assert json.loads(dict(session.take_writes())[SETTINGS_KEY])["draw"] == 3
    session.new_game()
    assert session.game.draw == 3


def test_the_scoring_decides_the_score_line() -> None:
    session = fresh(Time())
    for code, line in (("KL1-D1V-AAAAAAA", "Vegas -$52"),
                       ("KL1-D1N-AAAAAAA", "Score 0  Moves 0"),
                       ("KL1-D1X-AAAAAAA", "Time 0:00  Moves 0")):
        session.new_game(code=GameCode.parse(code))
        assert session.toolbar().score == line


def test_a_replay_with_the_same_moves_is_a_new_win_and_a_reload_is_not() -> None:
    """Issue 39, item 6: the same deal won again with the same moves counts again (a new
    game, dealt anew); only a reload of the same game is counted once."""
    time = Time()
    session = fresh(time)
    code = GameCode.parse("KL1-D1N-AAAAAAC")
    for _replay in range(2):
        session.new_game(code=code)
        for text in DEAL_2_DRAW_1:
            time.now += 2
            session.play(Move.from_text(text))
        assert session.game.is_won
    writes = dict(session.take_writes())
    assert Statistics.from_json(writes[STATS_KEY]).record("D1N").won == 2
    again = Session(now=time, stats=writes[STATS_KEY])
    again.resume(writes[GAME_KEY])
    assert Statistics.from_json(dict(again.take_writes())[STATS_KEY]).record("D1N").won == 2
    # Restart, then the same moves: a new game too.
    again.restart()
    for text in DEAL_2_DRAW_1:
        again.play(Move.from_text(text))
    assert Statistics.from_json(dict(again.take_writes())[STATS_KEY]).record("D1N").won == 3


# --- Redo, Restart this deal and shared links (issue 25) ------------------------------
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


def test_a_game_won_then_taken_back_counts_once_however_it_ends() -> None:
    """One game counts once (R9 statistics): won, then its last move undone, it was counted
    again when left for another game (Played 2, Won 1, Abandoned 1, and the history listed
    it twice), and won again with other moves it would have counted twice."""
    time = Time()
    session = fresh(time)
    session.new_game(code=GameCode.parse(CODE))
    for text in DEAL_2_DRAW_1:
        time.now += 2
        session.play(Move.from_text(text))
    assert session.game.is_won
    session.undo()
    assert not session.game.is_won
    session.undo()
    session.play(Move.from_text(DEAL_2_DRAW_1[-2]))  # won again, one move the same way
    session.play(Move.from_text(DEAL_2_DRAW_1[-1]))
    assert session.game.is_won
    session.undo()
    # Restart says nothing of a game not won: this one is counted, as won.
    assert session.restart().said == f"Deal {CODE} restarted."
    session.play(Move.from_text(DEAL_2_DRAW_1[0]))
    # The deal restarted, with a move, is another game: a link asks before leaving it.
    assert session.follow_link("#KL1-D1N-AAAAAAE").ask is not None
    session.new_game()
    writes = dict(session.take_writes())
    record = Statistics.from_json(writes[STATS_KEY]).record("D1N")
    assert (record.won, record.lost + record.abandoned, record.played) == (1, 1, 2)
    results = [entry.result for entry in History.from_json(writes[HISTORY_KEY]).entries]
    assert sorted(results) == ["left", "won"]


def test_a_game_won_before_an_update_is_not_counted_again_under_its_new_key() -> None:
    """The statistics' key of a game was made of its code, its moves and its dealing;
    now of its code and its dealing. A won game on the table as the page was updated is
    shown again at the next visit, and counted once."""
    time = Time()
    session = fresh(time)
    session.new_game(code=GameCode.parse(CODE))
    for text in DEAL_2_DRAW_1:
        session.play(Move.from_text(text))
    writes = dict(session.take_writes())
    stats = json.loads(writes[STATS_KEY])
    assert stats["recent"] == [session.table.key()]
    stats["recent"] = [session.table.key_by_moves()]  # as the version before wrote it
    history = json.loads(writes[HISTORY_KEY])
    for entry in history["games"]:
        entry["key"] = session.table.key_by_moves()
    again = Session(now=time, stats=json.dumps(stats), history=json.dumps(history))
    assert again.resume(writes[GAME_KEY]).won is not None and again.game.is_won
    again.undo()
    again.new_game()
    writes = dict(again.take_writes())
    record = Statistics.from_json(writes.get(STATS_KEY, json.dumps(stats))).record("D1N")
    assert (record.won, record.lost, record.abandoned) == (1, 0, 0)
    assert len(History.from_json(writes.get(HISTORY_KEY, json.dumps(history))).entries) == 1


# --- shared links ------------------------------------------------------------------------
def test_the_link_is_the_page_address_with_the_code_as_its_fragment() -> None:
    session = playing(0)
    assert session.link("https://x.github.io/klondike/?game=KL1-D3N-AAAAAAB#old") == \
        "https://x.github.io/klondike/#KL1-D1N-AAAAAAC"


def test_a_link_deals_its_code_at_once_when_no_game_is_in_progress() -> None:
    session = playing(0)
    reply = session.follow_link("#kl1-d3v-aaaaaag")
    assert reply.ask is None and reply.changed and session.game.code == "KL1-D3V-AAAAAAG"
    reply = session.follow_link("", "?game=KL1-D1S-AAAAAAB")  # the query form too
    assert reply.ask is None and session.game.code == "KL1-D1S-AAAAAAB"
    reply = session.follow_link("#KL1%2DD3N%2DAAAAAAE")  # percent-encoded
    assert reply.ask is None and session.game.code == "KL1-D3N-AAAAAAE"


def test_a_link_opened_at_the_start_says_what_could_not_be_read_not_the_game_left() -> None:
    """The saved game, stuck at its start, is left at once for the link's deal: "No
    useful move is left" was said before the new deal, of a game no longer there; a
    damaged value's message is still said."""
    stuck = Session(now=Time())
    stuck.new_game(code=GameCode.parse("KL1-D3V-AAAAAAC"))  # R6: stuck from the start
    saved = dict(stuck.take_writes())[GAME_KEY]
    for stats, problem in ((None, ""), ("{not json", "The statistics could not be read")):
        session = Session(now=Time(), stats=stats)
        assert session.resume(saved).said.endswith("No useful move is left")
        said = session.follow_link("#KL1-D1N-AAAAAAE", starting=True).said
        assert said.startswith(problem) and "No useful move" not in said, said
        assert said.endswith("New game KL1-D1N-AAAAAAE: draw 1, Normal scoring.")


def test_a_first_visit_by_a_link_starts_with_the_links_deal_and_says_it_once() -> None:
    # Not a random deal first, said and left at once for the link's (the status line
    # said "New game ...-D1N-...: ... New game ...-D3N-AAAAAAG: ..." on such a visit).
    session = fresh(Time())
    started = session.resume(None, opened=("#KL1-D3V-AAAAAAG", ""))
    assert session.game.code == "KL1-D3V-AAAAAAG" and started.said.count("New game") == 1
    assert started.said.startswith("New game KL1-D3V-AAAAAAG")
    assert session.follow_link("#KL1-D3V-AAAAAAG") == Reply()  # on the table already
    # The query form; a first visit's early deal gives way to the link's.
    session = fresh(Time())
    session.resume(None, first=FIRST_DEALS[0], opened=("", "?game=KL1-D1S-AAAAAAB"))
    assert session.game.code == "KL1-D1S-AAAAAAB"
    # A malformed link: a new game as without one, and follow_link says why.
    session = fresh(Time())
    session.resume(None, opened=("#KL1-D4N-AAAAAAG", ""))
    assert session.game.code.startswith("KL1-D1N-")
    assert session.follow_link("#KL1-D4N-AAAAAAG").said.startswith("Game code: ")
    # A saved game is resumed as it was: the link then asks before leaving it.
    session = fresh(Time())
    session.new_game(code=GameCode.parse(CODE))
    for move in DEAL_2_DRAW_1[:3]:
        session.play(Move.from_text(move))
    text = dict(session.take_writes())[GAME_KEY]
    again = fresh(Time())
    again.resume(text, opened=("#KL1-D3V-AAAAAAG", ""))
    assert again.game.code == CODE and again.game.moves_made == 3
    assert again.follow_link("#KL1-D3V-AAAAAAG").ask == GameCode.parse("KL1-D3V-AAAAAAG")


def test_a_link_asks_before_leaving_a_game_in_progress() -> None:
    session = playing(3)
    reply = session.follow_link("#KL1-D3V-AAAAAAG")
    assert not reply.changed and reply.ask == GameCode.parse("KL1-D3V-AAAAAAG")
    assert session.game.code == CODE and session.game.moves_made == 3  # nothing yet
    session.new_game(code=reply.ask)  # the player said yes
    assert session.game.code == "KL1-D3V-AAAAAAG"


def test_a_malformed_link_says_why_as_a_typed_code_does_and_changes_nothing() -> None:
    session = playing(3)
    reply = session.follow_link("#KL1-D4N-AAAAAAG")
    typed = session.new_game_typed(1, "N", "KL1-D4N-AAAAAAG")
    assert not typed.changed and reply.said == typed.error
    assert typed.error.startswith("Game code: ")
    assert reply.ask is None and not reply.changed
    assert session.game.code == CODE and session.game.moves_made == 3
    assert session.take_writes() == []
    # The deal on the table already, or no code at all: nothing to do.
    assert session.follow_link("#" + CODE) == session.follow_link("") == Reply()
    assert session.game.moves_made == 3


# --- Move safe cards home (issue 42) ---------------------------------------------------
def test_safe_cards_go_home_by_themselves_one_undoable_move_at_a_time_when_set() -> None:
    session = fresh(Time(), settings=Settings(auto_home=True).to_json())
    session.new_game(code=GameCode.parse("KL1-D1N-AAAAAAA"))  # column 7 shows the ace
    turned = session.tap("stock", 0, None)
    assert turned.auto and str(session.game.history[-1]) == "S"  # the player's move first
    home = session.auto_step()  # once it glided: the ace, a move of its own, said
    assert home.changed and home.said.startswith("ace of hearts to its foundation")
    assert [str(m) for m in session.game.history] == ["S", "T7>F"] and not home.auto
    assert session.toolbar().score == "Score 15  Moves 2"  # scored like any other
    assert session.undo().auto is False and session.game.moves_made == 1  # the ace alone
    assert session.auto_step() == Reply()  # undone, it stays undone
    assert session.auto_step() == Reply()


def test_without_the_setting_nothing_moves_by_itself_R5() -> None:
    session = fresh(Time())
    session.new_game(code=GameCode.parse("KL1-D1N-AAAAAAA"))
    assert not session.tap("stock", 0, None).auto
    assert session.auto_step() == Reply() and session.game.moves_made == 1


# --- Sounds (issue 42) -------------------------------------------------------------------
def test_each_reply_names_its_sound_only_when_sounds_are_on() -> None:
    session = fresh(Time(), settings=Settings(sounds=True).to_json())
    session.new_game(code=GameCode.parse("KL1-D1N-AAAAAAC"))
    assert session.tap("stock", 0, None).sound == "turn"
    assert session.undo().sound == "land"
    assert session.drop("T1", 0, "T2").sound == "refused"  # and nothing moved
    assert session.drop("T1", 0, None).sound is None  # let go over nothing: no refusal
    assert session.choose("T3", can_move=False).sound is None  # the keyboard's words
    replies = [session.play(Move.from_text(text)) for text in DEAL_2_DRAW_1]
    assert {r.sound for r in replies[:-1]} <= {"turn", "land"} and replies[-1].sound == "win"
    quiet = fresh(Time())
    quiet.new_game(code=GameCode.parse("KL1-D1N-AAAAAAC"))
    assert quiet.tap("stock", 0, None).sound is None
    assert quiet.drop("T1", 0, "T2").sound is None


# --- Play it for me (issue 42) -----------------------------------------------------------
def test_play_it_for_me_asks_first_then_plays_the_winning_line_and_counts_apart() -> None:
    time = Time()
    session = fresh(time)
    worker = Worker(session)
    assert session.demo_ask().said.startswith("Play it for me: the solver is still working")
    worker.pump(session.new_game(code=GameCode.parse("KL1-D1N-AAAAAAC")))
    asked = session.demo_ask()
    assert asked.ask_demo and not asked.changed  # the player is told first
    started = session.demo_start()
    assert started.demo == "playing" and started.demo_wait > 0
    steps = []
    while (reply := session.demo_step()) != Reply():
        steps.append(reply)
        assert reply.changed and reply.said  # each move drawn and said
    assert session.game.is_won and steps[-1].demo == "" and steps[-1].won.startswith(
        "Play it for me won this game")
    stats = Statistics.from_json(dict(session.take_writes())[STATS_KEY])
    assert stats.record("D1N").won == 0 and stats.solver_wins("D1N") == 1  # apart


def test_play_it_for_me_pauses_steps_and_any_move_of_the_players_stops_it() -> None:
    session = fresh(Time())
    worker = Worker(session)
    worker.pump(session.new_game(code=GameCode.parse("KL1-D1N-AAAAAAC")))
    session.demo_start()
    session.demo_step()
    paused = session.demo_pause()
    assert paused.demo == "paused" and paused.demo_wait is None
    assert session.demo_step() == Reply()  # its timer, come while paused: nothing
    one = session.demo_one()
    assert one.changed and one.demo == "paused" and session.game.moves_made == 2
    assert session.demo_pause().demo == "playing"  # goes on
    undone = session.undo()  # the player's Undo stops it where it is
    assert undone.demo == "" and session.game.moves_made == 1 and not session.demo_active
    assert session.demo_step() == Reply()
    # Played in, the game counts apart even when the player wins it: it is saved so.
    assert json.loads(dict(session.take_writes())[GAME_KEY])["solved"] is True
    session.demo_ask()
    assert session.demo_active  # asked once per game: it plays at once now
    assert session.demo_stop().said.startswith("Play it for me stopped")


def test_play_it_for_me_says_why_when_there_is_no_line() -> None:
    session = fresh(Time())
    session.solver_failed()
    session.new_game(code=GameCode.parse("KL1-D1N-AAAAAAC"))
    reply = session.demo_ask()
    assert not reply.ask_demo and reply.said.endswith("unavailable in this browser")


# --- The history of games (issue 42) --------------------------------------------------
def test_every_game_that_ends_goes_into_the_history_with_its_moves_once() -> None:
    time = Time()
    session = fresh(time)
    session.today = lambda: date(2026, 12, 5)
    session.new_game(code=GameCode.parse("KL1-D1N-AAAAAAC"))
    for text in DEAL_2_DRAW_1:
        time.now += 1
        session.play(Move.from_text(text))
    session.new_game(code=GameCode.parse("KL1-D3V-AAAAAAG"))
    session.tap("stock", 0, None)
    session.restart()  # a game left: in the history as left
    session.new_game()  # at its start: no game to keep
    stored = dict(session.take_writes())[HISTORY_KEY]
    won, left = History.from_json(stored).entries
    assert (won.code, won.result, won.day) == ("KL1-D1N-AAAAAAC", "won", "2026-12-05")
    assert won.moves.split() == DEAL_2_DRAW_1 and won.seconds == len(DEAL_2_DRAW_1) - 1
    assert (left.code, left.result, left.moves, left.turned) == ("KL1-D3V-AAAAAAG", "left",
                                                                 "S", None)
    session.new_game()  # nothing new ended: nothing to write
    assert HISTORY_KEY not in dict(session.take_writes())


def test_the_history_marks_the_move_that_lost_a_winnable_game() -> None:
    session = fresh(Time())
    worker = Worker(session)
    worker.pump(session.new_game(code=GameCode.parse("KL1-D1N-AAAAAAC")))
    assert session.winnable().state == "won"
    # Recycling through the stock is never what loses deal 2; say the solver found the
    # position after the first move lost (as it would after a real blunder).
    session.tap("stock", 0, None)
    lost = solve_says(session, "lost")
    session.solver_heard(lost)
    session.new_game()
    (entry,) = History.from_json(dict(session.take_writes())[HISTORY_KEY]).entries
    assert entry.turned == 1 and entry.result == "left"


def solve_says(session: Session, result: str) -> str:
    from klondike.app.analysis import position_key

    return json.dumps({"kind": "answer", "key": position_key(session.game),
                       "result": result, "nodes": 1, "line": []})


def test_R8_the_turn_to_not_winnable_is_said_once_not_only_shown() -> None:
    # A screen reader hears the indicator's turn; the answer staying "lost" says nothing
    # more, the way back to a winnable position is said, and a turn after it again.
    session = fresh(Time())
    worker = Worker(session)
    worker.pump(session.new_game(code=GameCode.parse("KL1-D1N-AAAAAAC")))
    assert session.winnable().state == "won"
    session.tap("stock", 0, None)
    turned = session.solver_heard(solve_says(session, "lost"))
    assert turned.winnable.text == "Not winnable"
    assert turned.said == "This game can no longer be won"
    session.tap("stock", 0, None)
    assert session.solver_heard(solve_says(session, "lost")).said is None
    session.undo()
    undone = session.undo()
    back = session.solver_heard(solve_says(session, "won"))
    assert back.winnable.state == "won"
    # The position was known winnable: the undo says it, the answer again says nothing.
    assert undone.said == ("Undone: 3 of diamonds turned from the stock. This game can be won "
                           "again") and back.said is None
    again = session.tap("stock", 0, None)  # known lost already: said with the move
    assert again.said.endswith(". This game can no longer be won")


def test_R8_a_deal_lost_from_the_start_is_said_so_and_never_with_the_indicator_off() -> None:
    session = fresh(Time())
    session.new_game(code=GameCode.parse("KL1-D3N-AAAAAAB"))
    assert session.solver_heard(solve_says(session, "lost")).said == "This deal cannot be won"
    session.change_settings(Settings(indicator=False))  # a player who does not want to know
    session.new_game(code=GameCode.parse("KL1-D3N-AAAAAAB"))
    quiet = session.solver_heard(solve_says(session, "lost"))
    assert quiet.said is None and not quiet.winnable.shown


def test_the_history_dialog_lists_the_games_and_plays_a_deal_again() -> None:
    session = fresh(Time())
    session.new_game(code=GameCode.parse("KL1-D1N-AAAAAAC"))
    session.tap("stock", 0, None)
    session.new_game(code=GameCode.parse("KL1-D3V-AAAAAAG"))
    (row,) = session.history_rows()
    assert row.code == "KL1-D1N-AAAAAAC" and row.summary.startswith("Left for another game")
    again = session.play_again(row.code)
    assert again.changed and session.game.code == "KL1-D1N-AAAAAAC"
    assert session.game.moves_made == 0 and len(session.history_rows()) == 1  # no moves
    refused = session.play_again("KL1-D4N-AAAAAAC")
    assert not refused.changed and refused.said.startswith("Game code: ")


def test_a_replay_stands_over_the_game_read_only_and_the_game_waits() -> None:
    time = Time()
    session = fresh(time)
    session.new_game(code=GameCode.parse("KL1-D1N-AAAAAAC"))
    for text in DEAL_2_DRAW_1[:3]:
        session.play(Move.from_text(text))
    session.new_game(code=GameCode.parse("KL1-D3V-AAAAAAG"))
    session.tap("stock", 0, None)  # the game in progress: one move, its clock running
    time.now += 5
    (row,) = session.history_rows()
    assert row.can_replay
    opened = session.replay_open(row.key)
    assert opened.changed and opened.replay.shown and opened.said.startswith(
        "Replay of KL1-D1N-AAAAAAC: 3 moves.")
    assert session.replaying and session.shown.code == "KL1-D1N-AAAAAAC"
    assert session.shown.moves_made == 0 and session.game.moves_made == 1
    assert not opened.toolbar.can_undo and not opened.winnable.shown
    # Read-only: the table's gestures and the player's commands are refused.
    for refused in (session.tap("stock", 0, None), session.undo(), session.ask_hint(),
                    session.drop("T7", 6, "F"), session.choose("stock", False),
                    session.demo_ask(), session.restart(), session.replay_press()):
        assert not refused.changed and refused.said.startswith("This is a replay")
    assert session.drop_pile("T7", 6, "F") is None and session.finishing_line() is None
    stepped = session.replay_go("forward")
    assert stepped.changed and stepped.said.startswith("Move 1 of 3: ")
    assert stepped.replay.status == "Move 1 of 3" and session.shown.moves_made == 1
    time.now += 100  # the game in progress waits: its clock does not run
    closed = session.replay_close()
    assert closed.changed and closed.replay == (False, "", "", True, True, False, False)
    assert not session.replaying and session.shown is session.game
    assert session.table.clock.elapsed() == 5 and session.game.moves_made == 1
    assert session.tap("stock", 0, None).changed  # it plays again
    assert session.replay_press() == Reply()  # a press with no replay says nothing


def test_a_new_deal_closes_the_replay_and_a_lost_game_shows_its_losing_move() -> None:
    session = fresh(Time())
    session.new_game(code=GameCode.parse("KL1-D1N-AAAAAAC"))
    for text in DEAL_2_DRAW_1[:8]:
        session.play(Move.from_text(text))
    session.new_game()
    key = session.history_rows()[0].key
    history = session.keeping.history  # as if the solver had decided moves 3 and 4
    history.entries[0] = dataclasses.replace(history.entries[0], turned=4)
    session.replay_open(key)
    losing = session.replay_go("losing")
    assert session.shown.moves_made == 3 and losing.hint.marks is not None
    assert losing.replay.marked and "The next move lost the game" in losing.said
    dealt = session.new_game(code=GameCode.parse("KL1-D3V-AAAAAAG"))
    assert dealt.changed and dealt.replay.shown is False and not session.replaying
    assert session.game.code == "KL1-D3V-AAAAAAG"
    missing = session.replay_open("no such key")
    assert not missing.changed and missing.said == "That game is no longer in the history"


def test_a_statistics_file_saved_here_and_read_in_another_browser_counts_once() -> None:
    here = fresh(Time())
    here.today = lambda: date(2026, 12, 5)
    here.new_game(code=GameCode.parse("KL1-D1N-AAAAAAC"))
    for text in DEAL_2_DRAW_1:
        here.play(Move.from_text(text))
    name, text = here.export_file()
    stored = dict(here.take_writes())
    assert name == "klondike-statistics-2026-12-05.json"
    assert Statistics.from_json(stored[STATS_KEY]).id == json.loads(text)["stats"]["id"]
    there = fresh(Time(), settings=Settings(draw=3, sounds=True).to_json())
    read = there.import_file(text)
    assert read.said == ("Statistics file read. Games added: 1 to the statistics, 1 to the "
                         "history. The settings are the file's now.")
    assert read.changed and read.stats and there.stats.record("D1N").won == 1
    assert there.settings.draw == 1 and len(there.history_rows()) == 1
    writes = dict(there.take_writes())
    assert Statistics.from_json(writes[STATS_KEY]).record("D1N").won == 1
    assert there.import_file(text).said.startswith("Statistics file read. Games added: 0 ")
    assert here.import_file(there.export_file()[1]).said.startswith(
        "Statistics file read. Games added: 0 ")  # its own games came back: not counted
    refused = there.import_file("{}")
    assert not refused.changed and refused.said == ("This is not a statistics file of this "
                                                    "game: nothing was changed")
    newer = fresh(Time(), stats='{"v": 999}')
    assert newer.import_file(text).said.startswith("Your statistics were saved by a newer")


def test_finish_game_is_the_players_and_stops_play_it_for_me() -> None:
    time = Time()
    session = fresh(time)
    worker = Worker(session)
    worker.pump(session.new_game(code=GameCode.parse("KL1-D1S-AAAAAAC")))
    session.demo_start()
    while session.finishing_line() is None:
        assert session.demo_step().changed
    points, before = session.game.score, session.table.score()
    time.now += 600  # -120 on the clock
    assert session.table.score() == before - 120
    for move in session.finishing_line():
        session.finish_step(move)
        time.now += 0.25
    done = session.finished()
    assert not session.demo_active and done.demo == "" and done.won
    steps = json.loads(dict(session.take_writes())[GAME_KEY])["steps"]
    assert len(steps) == session.game.moves_made and steps[-1] == 60  # each card's time
    # Finish game's cards, played on the game itself, have their times too (short of
    # them, the steps were not one a move: the score took the whole penalty at once).
    assert session.table.score() == before - 120 + session.game.score - points + (
        700000 // int(session.table.clock.elapsed()))
    assert session.demo_step() == Reply()  # its timer, come after: nothing


def test_R8_the_way_back_to_winnable_is_said_when_the_answer_comes_after_the_undo() -> None:
    session = fresh(Time())
    session.new_game(code=GameCode.parse("KL1-D1N-AAAAAAC"))  # no answer for the deal yet
    session.tap("stock", 0, None)
    assert session.solver_heard(solve_says(session, "lost")).said == (
        "This game can no longer be won")
    undone = session.undo()  # a position the solver has not answered yet: checking
    assert undone.said == "Undone: 3 of diamonds turned from the stock"
    assert undone.winnable.state == "busy"
    assert session.solver_heard(solve_says(session, "won")).said == "This game can be won again"
    assert session.solver_heard(solve_says(session, "won")).said is None  # once


def test_R6_the_stuck_banner_is_said_once_when_it_shows_not_only_shown() -> None:
    # A screen reader does not read a banner that appears: the status line says it, once
    # while the game stays stuck, and again once it is stuck anew.
    session = fresh(Time())
    # Draw 3, Vegas (one pass): no card of this deal's stock ever plays, and the columns
    # have no move: stuck from the deal on.
    dealt = session.new_game(code=GameCode.parse("KL1-D3V-AAAAAAC"))
    assert dealt.toolbar.stuck and dealt.said.endswith(": draw 3, Vegas scoring. "
                                                       "No useful move is left")
    turned = session.tap("stock", 0, None)
    assert turned.toolbar.stuck and "useful" not in turned.said
    session.new_game(code=GameCode.parse(CODE))  # not stuck: nothing said of it
    again = session.new_game(code=GameCode.parse("KL1-D3V-AAAAAAC"))
    assert again.said.endswith("No useful move is left")
