"""The game in progress as the player meets it, without the DOM (SPEC R3-R9).

A :class:`Session` holds the game, its clock, the settings, the statistics, the daily
deal and what the solver knows, and answers every request of the page: play, undo, a tap,
a drop, a key, a new game, the daily deal, a hint, Finish game. Each answer says what to
show (an :class:`Outcome`, a :class:`Toolbar`, a :class:`Winnable`, a :class:`HintMarks`);
what to store collects in :meth:`Session.take_writes` as (key, text) pairs. The page only
draws the answers and writes the pairs, so everything here is tested in CPython.

The clock is injected (``now``: seconds, any origin), so tests drive time by hand.

>>> t = [0.0]
>>> session = Session(now=lambda: t[0])
>>> session.new_game(1, "N", GameCode.parse("KL1-D1N-AAAAAAA")).said
'New game KL1-D1N-AAAAAAA: draw 1, Normal scoring.'
>>> t[0] = 5.0
>>> session.tap("T7", 6, "Ah").said
'ace of hearts to its foundation; 8 of hearts turned up'
>>> session.toolbar().score
'Score 15  Moves 1'
>>> [key for key, _text in session.take_writes()] == [GAME_KEY]
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import date
from typing import NamedTuple

from ..codes import BadCode, GameCode
from ..deal import DEALS
from ..game import SAVE_VERSION, BadSave, Game
from ..i18n import _
from ..moves import STOCK, IllegalMove, Move
from ..scoring import clock_text
from ..solution import LOST, UNKNOWN, WON, Solution
from .analysis import BUDGET, BUSY, UNAVAILABLE, Analysis, position_key
from .ending import finish_line, is_stuck
from .gestures import (
    Taps,
    card_at,
    describe_move,
    double_tap_move,
    drag_move,
    refusal,
    source_of,
    stock_refusal,
    tap_move,
)
from .help import Section, rules_help
from .hint import hint as hint_move
from .keys import Keys
from .protocol import Answer, Daily, Dealt, Error, Hunting, Idle, Working
from .stats import Statistics, counts_as_played, key_of_game, rule_set_of
from .storage import (
    Settings,
    daily_text,
    dealt_of,
    is_checked,
    is_newer,
    load_game,
    new_dealt,
    read_daily,
    redo_of,
    save_game,
)
from .stored import (
    DAILY_KEY,
    DAILY_VERSION,
    GAME_KEY,
    SETTINGS_KEY,
    SETTINGS_VERSION,
    STATS_KEY,
    aside,
)
from .worker_link import WorkerLink

#: A hint waits this long for the solver's winning line, then suggests a sensible move
#: (R8): a hard position can keep the solver busy for 15 s or more.
HINT_WAIT_SECONDS = 1.5
#: "Winnable deals only" gives up after this many seconds of looking.
DEAL_SECONDS = 20
#: Past this many nodes (about 15 s in the worker) the indicator's title says how much of
#: its budget the search has used: a hard position can take minutes.
PROGRESS_NODES = 100_000


class Clock:
    """Seconds of play since the first move, paused while the page is hidden."""

    def __init__(self, now: Callable[[], float], elapsed: float = 0.0) -> None:
        self.now = now
        self.base = elapsed
        self.since: float | None = None

    @property
    def running(self) -> bool:
        return self.since is not None

    def run(self, running: bool) -> None:
        if running and self.since is None:
            self.since = self.now()
        elif not running and self.since is not None:
            self.base = self.elapsed()
            self.since = None

    def elapsed(self) -> float:
        if self.since is None:
            return self.base
        return self.base + self.now() - self.since


class Outcome(NamedTuple):
    """What a request did: whether the cards moved, the status line's new text (None
    leaves it), and the win dialog's message when the game is won."""

    changed: bool = False
    said: str | None = None
    won: str | None = None


def _saying_too(outcome: Outcome, text: str) -> Outcome:
    """``outcome`` with ``text`` said after what it says."""
    return outcome._replace(said=" ".join(filter(None, (outcome.said, text))))


class Toolbar(NamedTuple):
    score: str  # the score line of the game's scoring
    code: str
    code_title: str
    can_undo: bool
    can_redo: bool
    can_finish: bool
    stuck: bool  # R6: the "no useful move is left" banner


class Winnable(NamedTuple):
    """The "Can this still be won?" indicator."""

    shown: bool
    state: str  # BUSY, WON, LOST or UNKNOWN
    text: str  # short, for a phone's toolbar
    title: str
    can_go_back: bool  # "Undo to the last winnable position"


class HintMarks(NamedTuple):
    """R8: the card to lift and where it goes. ``pile``/``index`` name the card as the
    view places it ("stock" and its top card for a draw); ``target`` the pile it goes to
    (None for a draw)."""

    pile: str
    index: int  # type: ignore[assignment]  # the card's, as in view.Place (not tuple.index)
    target: str | None


class Heard(NamedTuple):
    """What a message of the solver's worker (or its failure) changes on the page."""

    answered: bool = False  # the indicator and Finish game: show them again
    outcome: Outcome | None = None  # a new game started (the daily deal, a winnable deal)
    hint: HintMarks | None = None  # the marks of a hint the player waited for, due now
    hint_said: str | None = None  # the status line for it (also "No useful move is left")
    said: str | None = None  # the status line: progress, or what could not be done
    restart: bool = False  # the worker is idle and big: start a new one in its place


class Session:
    def __init__(
        self,
        now: Callable[[], float],
        settings: str | None = None,
        stats: str | None = None,
        daily: str | None = None,
        rng: random.Random | None = None,
    ) -> None:
        """``settings``, ``stats`` and ``daily`` are the stored texts (None: nothing
        stored); the game is set by :meth:`resume` or :meth:`new_game`."""
        self.now = now
        self._writes: dict[str, str | None] = {}  # None: the key is to be removed
        self.rng = rng or random.Random()
        self.settings = Settings.from_json(settings)
        self.stats = Statistics.from_json(stats)
        self.daily = list(read_daily(daily) or ())  # [day, code] of the last daily deal
        # Keys whose stored value a newer version of the game wrote: never written over.
        self.held: set[str] = {key for key, text, version in (
            (SETTINGS_KEY, settings, SETTINGS_VERSION), (DAILY_KEY, daily, DAILY_VERSION))
            if is_newer(text, version)}
        if self.stats.newer:
            self.held.add(STATS_KEY)
        # Damage loses only what is damaged: a value that does not read wholly is kept
        # aside (as a damaged game is, under "<key>.unreadable"), what reads is used, and
        # the player is told once (:meth:`resume`).
        self._told: list[str] = []
        if Settings.damaged(settings) and isinstance(settings, str):
            self._writes[aside(SETTINGS_KEY)] = settings
            self._writes[SETTINGS_KEY] = self.settings.to_json()
            self._told.append(_("Your settings could not all be read: the damaged value is "
                                "kept aside, and the defaults stand in for what was lost"))
        if isinstance(daily, str) and not self.daily and DAILY_KEY not in self.held:
            self._writes[aside(DAILY_KEY)] = daily
            self._writes[DAILY_KEY] = None
            self._told.append(_("The record of the last daily deal could not be read: it "
                                "is kept aside"))
        if self.stats.problem and not self.stats.newer and isinstance(stats, str):
            self._writes[aside(STATS_KEY)] = stats  # what reads is written anew
        # The game went on in another tab (it saved another game): this tab neither
        # plays nor saves until the player takes the game over (:meth:`take_over`).
        self.elsewhere = False
        self._stats_events: list[Callable[[Statistics], None]] = []
        self.game = Game(GameCode(0))
        self.clock = Clock(now)
        self.analysis = Analysis()
        self.keys = Keys()  # the keyboard's cursor and pick
        self.hidden = False  # the page is hidden: the clock does not run
        self.taps = Taps()  # to tell a double tap
        self._hint_until: float | None = None  # a hint waits for the solver until then
        self.checked = False  # the game was dealt by "Winnable deals only"
        self.dealt = ""  # the token of this dealing of the deal (storage.save_game)
        self.redo_line: list[Move] = []  # the moves undone, the next to play again last
        self.worker = WorkerLink(now)  # the solver's: what to send it, what it was asked
        self._progress: tuple[str, int] | None = None  # (key, nodes) of a long search

    # --- storing ------------------------------------------------------------------------
    def take_writes(self, read: Callable[[str], str | None] = lambda key: None,
                    ) -> list[tuple[str, str | None]]:
        """The (key, text) pairs to store since the last call, each key once. Storage is
        shared by every tab: the statistics are merged, never written over, so ``read``
        gives what is stored now and only this page's events are added to it."""
        writes, self._writes = self._writes, {}
        if self._stats_events:
            merged = self._merged_stats(read(STATS_KEY))
            if merged is not None:
                writes[STATS_KEY] = merged
        if self.elsewhere:
            writes.pop(GAME_KEY, None)
        return [(key, text) for key, text in writes.items() if key not in self.held]

    def _merged_stats(self, stored: str | None) -> str | None:
        events, self._stats_events = self._stats_events, []
        if STATS_KEY in self.held:
            return None
        base = Statistics.from_json(stored)
        if base.newer:  # another tab of a newer version wrote them meanwhile
            self.held.add(STATS_KEY)
            return None
        if stored is not None and not base.problem:
            for event in events:
                event(base)
            self.stats = base
        # else nothing readable is stored (cleared, or damaged): what this page knows,
        # its events included, is all there is.
        return self.stats.to_json()

    def _record(self, event: Callable[[Statistics], None]) -> None:
        """A change to the statistics: shown at once, merged into the stored ones."""
        event(self.stats)
        self._stats_events.append(event)

    def _save_game(self) -> None:
        self._writes[GAME_KEY] = save_game(self.game, self.clock.elapsed(), self.checked,
                                           self.redo_line[::-1], self.dealt)

    # --- other tabs -----------------------------------------------------------------------
    def stored_changed(self, key: str, text: str | None) -> str | None:
        """Another tab stored ``text`` under ``key`` (the storage event). What this page
        must show again: "stats", "game" (the game continues in the other tab) or None."""
        if key == STATS_KEY and text is not None and not self._stats_events:
            stats = Statistics.from_json(text)
            if not stats.problem:
                self.stats = stats
                return "stats"
        elif key == GAME_KEY and text is not None and not self.elsewhere:
            try:
                other, _elapsed = load_game(text)
            except BadSave:
                return None
            if other.to_json() != self.game.to_json() or dealt_of(text) != self.dealt:
                self.elsewhere = True
                self.keys.reset()
                return "game"
        return None

    def take_over(self, stored: str | None) -> Outcome:
        """Play on here the game the other tab saved (``stored``), as it is there."""
        self.elsewhere = False
        self.game = Game(GameCode(0))  # the other tab's game is not left here
        self.analysis.forget()
        return self.resume(stored)._replace(said=_("The game continues here"))

    def _away(self) -> Outcome | None:
        if self.elsewhere:
            return Outcome(False, _("This game continues in another tab"))
        return None

    # --- starting -----------------------------------------------------------------------
    def resume(self, stored: str | None) -> Outcome:
        """The saved game (``stored``, None if none), or a new one; says what could not
        be read, and keeps an unreadable game aside instead of losing it."""
        problems, self._told = self._told, []
        if self.stats.problem:
            problems.append(self.stats.problem)
            if not self.stats.newer:
                self._record(lambda stats: None)  # from zero, replacing the damaged value
        if SETTINGS_KEY in self.held or DAILY_KEY in self.held:
            problems.append(_("Your settings were saved by a newer version of the game: "
                              "they are kept as they are, and this page uses its own"))
        outcome = None
        if is_newer(stored, SAVE_VERSION):
            self.held.add(GAME_KEY)
            problems.append(_("Your saved game was saved by a newer version of the game: it "
                              "is kept as it is, and this page plays a new game without "
                              "saving it"))
        elif stored is not None:
            try:
                self.game, elapsed = load_game(stored)
            except BadSave as e:
                self._writes[aside(GAME_KEY)] = stored
                problems.append(_("Your saved game could not be read ({reason}). "
                                  "A new game has started.").format(reason=e))
            else:
                self.clock = Clock(self.now, elapsed)
                self.checked = is_checked(stored)
                self.redo_line = redo_of(stored, self.game)[::-1]
                self.dealt = dealt_of(stored)
                outcome = self._after_action()
        if outcome is None:
            outcome = self._deal(self._random_code())
        if problems:
            outcome = outcome._replace(said=" ".join(problems))
        return outcome._replace(changed=True)

    def new_game(self, draw: int | None = None, scoring: str | None = None,
                 code: GameCode | None = None) -> Outcome:
        """A new game: ``code``'s deal, or a random one with ``draw`` and ``scoring``
        (the settings' defaults if not given). A game left with moves and not won
        counts as lost or abandoned (R9 statistics). Under "Winnable deals only" a
        random deal is first looked for by the solver (:meth:`solver_heard` starts
        it)."""
        if (away := self._away()) is not None:
            return away
        self.worker.stop_looking()
        if code is not None:
            return self._deal(code)
        code = self._random_code(draw, scoring)
        if not self.settings.winnable_only:
            return self._deal(code)
        if self.analysis.down:
            outcome = self._deal(code)
            return _saying_too(outcome, _(
                "The solver is unavailable, so this deal was not checked."))
        self.worker.want_deal(code.draw, code.scoring, self.rng.randrange(2**32), DEAL_SECONDS)
        return Outcome(False, _("Looking for a winnable deal…"))

    def _random_code(self, draw: int | None = None, scoring: str | None = None) -> GameCode:
        return GameCode(self.rng.randrange(DEALS), draw or self.settings.draw,
                        scoring or self.settings.scoring)

    def _deal(self, code: GameCode, checked: bool = False) -> Outcome:
        old = self.game
        if counts_as_played(old):
            rule_set, stuck, was_checked = rule_set_of(old), is_stuck(old), self.checked
            score, key = old.score_at(self.clock.elapsed()), self._key()
            self._record(lambda stats: stats.record_end(rule_set, stuck, score, game_key=key,
                                                        checked=was_checked))
        self.game = Game(code)
        self.dealt = new_dealt()  # won again with the same moves, it is another game
        self.checked = checked
        self.redo_line = []
        self.analysis.forget()  # the answers were about the old deal
        self.clock = Clock(self.now)
        self.keys.reset()
        self._hint_until = None
        self._after_action()
        return Outcome(True, _("New game {code}: draw {draw}, {scoring} scoring.").format(
            code=code, draw=code.draw, scoring=_(self.game.scoring.name)))

    def new_game_typed(self, draw: int, scoring: str, typed: str) -> tuple[Outcome | None, str]:
        """The New game dialog: a typed code (blank: a random deal). A malformed code
        changes nothing: (None, the message for beside the field)."""
        code = None
        if typed.strip():
            try:
                code = GameCode.parse(typed)
            except BadCode as e:
                return None, _("Game code: {reason}").format(reason=e)
        return self.new_game(draw, scoring, code), ""

    def start_daily(self, day: date) -> Outcome:
        """R8: the deal of ``day`` (the player's calendar date), the same for everyone.
        The solver's worker works it out (:meth:`solver_heard` starts it), unless it is
        the daily deal started last."""
        if (away := self._away()) is not None:
            return away
        draw = self.settings.draw
        if len(self.daily) == 2 and self.daily[0] == day.isoformat():
            try:
                if GameCode.parse(self.daily[1]).draw == draw:
                    return self._start_daily(day.isoformat(), self.daily[1])
            except BadCode:
                pass
        if self.analysis.down:
            return Outcome(False, _("The daily deal cannot be prepared: the solver is "
                                    "unavailable in this browser"))
        self.worker.stop_looking()
        self.worker.want_daily(day.isoformat(), draw)
        return Outcome(False, _("Preparing the daily deal…"))

    def _start_daily(self, day: str, code: str) -> Outcome:
        draw = GameCode.parse(code).draw
        outcome = self.new_game(draw, "N", GameCode.parse(code))
        if not outcome.changed:
            return outcome
        self.daily = [day, code]
        self._writes[DAILY_KEY] = daily_text(*self.daily)
        won = self.stats.won_daily(day, draw)
        return outcome._replace(said=_("Daily deal of {day}, draw {draw}").format(
            day=day, draw=draw) + (" " + _("(won already)") if won else ""))

    # --- shared links -------------------------------------------------------------------
    def link(self, address: str) -> str:
        """The link that deals this game's deal: the page's ``address`` (its location)
        with the game code as its fragment, which works offline and under any path."""
        return address.split("#", 1)[0].split("?", 1)[0] + "#" + self.game.code

    def follow_link(self, fragment: str, query: str = "") -> tuple[Outcome, GameCode | None]:
        """A link was opened: the address's ``fragment`` ("#KL1-D3V-AAAAAAG") or its
        ``query`` ("?game=KL1-D3V-AAAAAAG"). Returns what it did, and the code to ask the
        player about first when a game in progress would be left (then
        :meth:`new_game` with it). A malformed code says why, as a typed one does, and
        changes nothing; the deal on the table already, or no code, does nothing."""
        # urllib.parse only for a link that needs it: importing it took about 100 ms of the
        # page's start in the browser, and the address is always a plain #CODE.
        text = fragment.removeprefix("#")
        if "%" in text:
            from urllib.parse import unquote
            text = unquote(text)
        text = text.strip()
        if not text and query.removeprefix("?"):
            from urllib.parse import parse_qs
            text = "".join(parse_qs(query.removeprefix("?")).get("game", [""])[:1]).strip()
        if not text:
            return Outcome(), None
        try:
            code = GameCode.parse(text)
        except BadCode as e:
            return Outcome(False, _("Game code: {reason}").format(reason=e)), None
        if str(code) == self.game.code:
            return Outcome(), None
        if counts_as_played(self.game) and not self.elsewhere:
            return Outcome(False, _("This link deals {code}. The game in progress would "
                                    "count as a game not won in the statistics.").format(
                                        code=code)), code
        return self.new_game(code=code), None

    # --- playing ------------------------------------------------------------------------
    def play(self, move: Move) -> Outcome:
        """Play ``move``; an illegal one says why and changes nothing (R5)."""
        if (away := self._away()) is not None:
            return away
        try:
            said = describe_move(self.game, move)
            self.analysis.play(self.game, move)  # keeps the rest of a winning line
        except IllegalMove as e:
            return Outcome(False, str(e))
        self.taps.forget()
        # A new move ends what Redo would play; the very move Redo would play is a redo.
        if self.redo_line and self.redo_line[-1] is move:
            self.redo_line.pop()
        else:
            self.redo_line.clear()
        return self._after_action()._replace(said=said)  # the live region says every move

    def undo(self) -> Outcome:
        if (away := self._away()) is not None:
            return away
        if not self.game.moves_made:
            return Outcome(False, _("There is nothing to undo"))
        self.redo_line.append(self.game.undo())
        self.keys.selected = None
        return self._after_action()._replace(said=_("Move undone"))

    def redo(self) -> Outcome:
        """Play again the last move undone (Ctrl+Y, Ctrl+Shift+Z); a new move in between
        ends the moves Redo can play."""
        if (away := self._away()) is not None:
            return away
        if not self.redo_line:
            return Outcome(False, _("There is nothing to redo"))
        outcome = self.play(self.redo_line[-1])
        return outcome._replace(said=_("Redone: {move}").format(move=outcome.said))

    def restart(self) -> Outcome:
        """The same deal from its start. The game so far ends as a new game would end it:
        played and not won, it counts as lost (or abandoned) in the statistics."""
        if (away := self._away()) is not None:
            return away
        game = self.game
        if not game.moves_made:
            return Outcome(False, _("The deal is at its start already"))
        counted = counts_as_played(game)
        outcome = self._deal(GameCode.parse(game.code), self.checked)
        said = _("Deal {code} restarted.").format(code=game.code)
        if counted:
            said += " " + _("The game so far counts as a game not won in the statistics.")
        return outcome._replace(said=said)

    def undo_to_winnable(self) -> Outcome:
        target = self.analysis.last_winnable(self.game)
        if target is None or self.elsewhere:
            return Outcome()
        while self.game.moves_made > target:
            self.redo_line.append(self.game.undo())
        self.keys.selected = None
        return self._after_action()._replace(said=_("Back to the last position that can be won"))

    def _after_action(self) -> Outcome:
        game = self.game
        self.clock.run(game.moves_made > 0 and not game.is_won and not self.hidden)
        self._save_game()
        return Outcome(True, "", self._win() if game.is_won else None)

    def _key(self) -> str:
        """The statistics' key of the game on the table: a reload of it is the same game;
        the same deal dealt again, even won with the same moves, is not (issue 39)."""
        return key_of_game(self.game.to_json() + self.dealt)

    def _win(self) -> str:
        """Record the win (once per game, a reload shows it again) and say it."""
        game = self.game
        seconds = self.clock.elapsed()
        score = game.score_at(seconds)
        rule_set, moves, key = rule_set_of(game), game.moves_made, self._key()
        daily = self.daily[0] if len(self.daily) == 2 and self.daily[1] == game.code else None
        checked = self.checked

        def won(stats: Statistics) -> None:
            stats.record_win(rule_set, seconds, moves, score, game_key=key, checked=checked)
            if daily is not None:
                stats.record_daily_win(daily, game.draw)

        self._record(won)
        text = game.scoring.value_text(score)
        return _("You won in {time} with {moves} moves.").format(
            time=clock_text(seconds), moves=game.moves_made) + (
            " " + _("Score: {score}").format(score=text) if text else "")

    def finishing_line(self) -> list[Move] | None:
        """R6 "Finish game": the cards home once every tableau card is face up, or the
        solver's winning line once nothing is left to discover."""
        if self.elsewhere:
            return None
        line = finish_line(self.game)
        if line is None and self.game.all_face_up:
            solved = self.analysis.winning_line(self.game)
            line = [Move.from_text(m) for m in solved] if solved else None
        return line

    def finish_step(self, move: Move) -> None:
        """One card of Finish game (the page animates them); :meth:`finished` after."""
        self.analysis.play(self.game, move)
        self.redo_line.clear()

    def finished(self) -> Outcome:
        return self._after_action()

    # --- gestures (R5) ------------------------------------------------------------------
    def tap(self, pile: str, index: int, card: str | None) -> Outcome:
        """One tap: the stock turns; a card goes home; a second tap on the same card
        soon after puts it on the tableau."""
        game = self.game
        if pile == "stock":
            move = tap_move(game, "stock", 0)
            if move is None:
                return Outcome(False, stock_refusal(game))
            return self.play(move)
        if index < 0 or card is None:
            return Outcome()
        now = self.now()
        if self.taps.is_double(card, now):
            move = double_tap_move(game, pile, index)
            if move is None:
                return Outcome(False, _("There is no place for that card on the tableau"))
            return self.play(move)
        move = tap_move(game, pile, index)
        if move is None:
            self.taps.missed(card, now)
            return Outcome()
        return self.play(move)

    def drop(self, pile: str, index: int, target: str | None) -> Outcome:
        """The card ``index`` of ``pile`` (with the cards on it) let go over ``target``."""
        if target is None:
            return Outcome()
        move = drag_move(self.game, pile, index, target)
        if move is None:
            return Outcome(False, refusal(self.game, pile, index, target))
        return self.play(move)

    def drop_pile(self, pile: str, index: int, target: str | None) -> str | None:
        """The pile to outline while dragging over ``target``: where the card would go
        (its own suit's foundation for "F"), None if it cannot go there."""
        if target is None or drag_move(self.game, pile, index, target) is None:
            return None
        return target if target != "F" else "F" + card_at(self.game, pile, index).suit

    def choose(self, pile: str, can_move: bool) -> Outcome:
        """Enter on ``pile``: the stock turns; elsewhere :meth:`Keys.choose` picks or
        puts down, and its move is played."""
        if pile == "stock":
            return self.tap("stock", 0, None)
        chosen = self.keys.choose(self.game, pile, can_move)
        return self.play(chosen) if isinstance(chosen, Move) else Outcome(False, chosen)

    def cancel(self) -> Outcome:
        return Outcome(False, self.keys.cancel())

    # --- the solver's worker: can this still be won? the hint (R8) -------------------
    @property
    def _search_wanted(self) -> bool:
        return (self.settings.indicator or self._hint_until is not None) \
            and not self.game.is_won and not self.elsewhere

    def solver_requests(self) -> list[str]:
        """The requests (JSON texts, :mod:`klondike.app.solving`) to send the worker
        now: the position on the board if it is to be answered and was not asked yet,
        a stop if no position is wanted, and any daily or winnable deal asked for."""
        if self.analysis.down:
            self.worker.take()  # dropped: there is no worker
            return []
        self.worker.set_hidden(self.hidden)  # a hidden page's search waits
        key = self.analysis.to_ask(self.game) if self._search_wanted else None
        self.worker.want_position(key, BUDGET)
        return self.worker.take()

    def solver_heard(self, text: str) -> Heard:
        """A message of the worker (:mod:`klondike.app.protocol`'s answers)."""
        message = self.worker.heard(text)
        worker = self.worker
        if isinstance(message, Answer):
            return self._answered(message)
        if isinstance(message, Daily) and worker.daily == (message.day, message.draw):
            worker.daily = None
            return Heard(outcome=self._start_daily(message.day, message.code))
        if isinstance(message, Dealt) and message.id == worker.deal:
            return self._dealt(message)
        if isinstance(message, Hunting) and message.id == worker.deal:
            return Heard(said=_("Looking for a winnable deal… {tried} deals tried").format(
                tried=message.tried))
        if isinstance(message, Working):
            return self._searching(message)
        if isinstance(message, Error):
            return self.solver_failed()
        if isinstance(message, Idle) and not self.analysis.down:
            return Heard(restart=worker.restarts(message.heap))
        return Heard()

    def _searching(self, message: Working) -> Heard:
        """A search's sign of life, with its nodes so far: for the indicator's title
        once past :data:`PROGRESS_NODES` (the page shows the indicator after every
        message)."""
        if message.key == self.worker.asked and message.nodes >= PROGRESS_NODES:
            self._progress = (message.key, message.nodes)
        return Heard()

    def _answered(self, message: Answer) -> Heard:
        key = message.key
        if message.result not in (WON, LOST, UNKNOWN):
            return Heard()
        self.analysis.receive(key, Solution(message.result, message.nodes, message.line))
        self.worker.answered(key)
        if key != position_key(self.game):
            return Heard()
        return self._hint_if_waited(Heard(answered=True))

    def _dealt(self, message: Dealt) -> Heard:
        self.worker.deal = None
        code, tried = message.code, message.tried
        if code is None:
            return Heard(said=_("No deal the solver proves winnable was found in {seconds} "
                                "seconds ({tried} deals tried). Try again, or turn off "
                                "Winnable deals only.").format(seconds=DEAL_SECONDS,
                                                               tried=tried))
        try:
            dealt = GameCode.parse(code)
        except BadCode:
            return Heard()
        outcome = self._deal(dealt, checked=True)
        self.analysis.receive(position_key(self.game), Solution(WON, 0, message.line))
        return Heard(answered=True, outcome=_saying_too(outcome, _(
            "The solver proved it winnable ({tried} deals tried).").format(tried=tried)))

    def solver_failed(self) -> Heard:
        """The worker could not start, stopped or went silent: the game plays on without
        it; whatever waited for it is answered now."""
        if self.analysis.down:
            return Heard()
        self.analysis.down = True
        daily, deal = self.worker.failed()
        said = None
        if daily:
            said = _("The daily deal cannot be prepared: the solver is unavailable in this "
                     "browser")
        outcome = None
        if deal:
            outcome = self._deal(self._random_code())
            outcome = _saying_too(outcome, _(
                "The solver is unavailable, so this deal was not checked."))
        return self._hint_if_waited(Heard(True, outcome, said=said))

    def solver_tick(self) -> Heard | None:
        """Once a second: the worker's watchdog (:meth:`WorkerLink.is_dead`); a worker
        taken for dead has failed (:meth:`solver_failed`)."""
        if self.analysis.down or not self.worker.is_dead(self.hidden):
            return None
        return self.solver_failed()

    def _hint_if_waited(self, heard: Heard) -> Heard:
        if self._hint_until is None:
            return heard
        self._hint_until = None
        hint, said = self.hint_now()
        return heard._replace(hint=hint, hint_said=said)

    def hint_due(self) -> tuple[HintMarks | None, str] | None:
        """The hint the player waited for, if :data:`HINT_WAIT_SECONDS` have passed
        without the solver's answer: a sensible move then (R8)."""
        if self._hint_until is None or self.now() < self._hint_until:
            return None
        self._hint_until = None
        return self.hint_now()

    def winnable(self) -> Winnable:
        state = self.analysis.state(self.game)
        if state == BUSY:
            text, title = _("Checking…"), _("Checking if this game can be won…")
            key, nodes = self._progress or ("", 0)
            if key == position_key(self.game):
                title = _("Checking if this game can be won… (search budget used: "
                          "{share}%)").format(share=min(99, nodes * 100 // BUDGET))
        elif state == UNAVAILABLE:
            text, title = _("Unavailable"), _("The solver is unavailable in this browser: "
                                              "whether the game can be won is not known")
        elif state == WON:
            text, title = _("Winnable"), _("This game can be won")
        elif state == LOST:
            text, title = _("Not winnable"), _("This game can no longer be won")
        else:
            text, title = _("Not sure"), _("Not sure if this game can be won")
        back = state == LOST and self.analysis.last_winnable(self.game) is not None
        return Winnable(self.settings.indicator and not self.game.is_won, state, text, title,
                        back)

    def ask_hint(self) -> tuple[HintMarks | None, str | None]:
        """The Hint button: the marks now if the solver has answered (or cannot), else
        (None, "Thinking…") and the hint comes with the answer (:meth:`solver_heard`)
        or after :data:`HINT_WAIT_SECONDS` (:meth:`hint_due`)."""
        if self.game.is_won:
            return None, None
        if self.analysis.answer(self.game) is not None or self.analysis.down:
            return self.hint_now()
        self._hint_until = self.now() + HINT_WAIT_SECONDS
        return None, _("Thinking…")

    def hint_now(self) -> tuple[HintMarks | None, str]:
        """R8: the move on the solver's winning line, else a sensible one."""
        game = self.game
        move = hint_move(game, self.analysis.winning_line(game))
        if move is None:
            return None, _("No useful move is left")
        said = _("Hint: {move}").format(move=describe_move(game, move))
        if move is STOCK:
            return HintMarks("stock", len(game.stock) - 1, None), said
        pile, index = source_of(game, move)
        suit = card_at(game, pile, index).suit
        target = "F" + suit if move.target < 0 else f"T{move.target + 1}"
        return HintMarks(pile, index, target), said

    # --- what the page shows ---------------------------------------------------------------
    def score_line(self) -> str:
        """The score line of the game's scoring, at this moment of its clock."""
        game = self.game
        seconds = self.clock.elapsed()
        return game.scoring.score_line(game.score_at(seconds), seconds, game.moves_made)

    def toolbar(self) -> Toolbar:
        game = self.game
        return Toolbar(self.score_line(), game.code,
                       _("Game code {code}: click to copy").format(code=game.code),
                       game.moves_made > 0, bool(self.redo_line) and not self.elsewhere,
                       self.finishing_line() is not None, is_stuck(game))

    def help_sections(self) -> list[Section]:
        return rules_help(self.game.scoring.letter)

    def stats_rows(self, rule_set: str) -> tuple[list[tuple[str, str]], str]:
        """The statistics dialog for ``rule_set``: its rows, and the note of daily deals."""
        days = self.stats.daily_wins(int(rule_set[1]))
        note = _("Daily deals won: {days}").format(days=", ".join(days[-7:])) if days else ""
        return self.stats.summary_rows(rule_set), note

    def reset_stats(self) -> str:
        self._record(lambda stats: stats.reset())
        return _("Statistics reset")

    def change_settings(self, settings: Settings) -> str:
        """The Settings dialog's choices; a field out of range keeps its default."""
        settings = Settings.from_json(settings.to_json())
        self.settings = settings
        self._writes[SETTINGS_KEY] = settings.to_json()
        return _("Settings saved")

    def set_hidden(self, hidden: bool) -> None:
        """The tab was hidden or shown again: the clock stops while nobody plays, and
        so does the worker's search of the position (a hidden tab should not spend the
        battery; it goes on where it was: :meth:`solver_requests` tells it). The
        watchdog waits while hidden and then gives the worker its silence's time again."""
        game = self.game
        self.hidden = hidden
        self.clock.run(not hidden and game.moves_made > 0 and not game.is_won)
        self._save_game()


__all__ = ["Clock", "Heard", "HintMarks", "Outcome", "Session", "Toolbar",
           "Winnable"]
