"""The game in progress as the player meets it, without the DOM (SPEC R3-R9).

A :class:`Session` answers every command of the page (play, undo, a tap, a drop, a key, a
new game, the daily deal, a link, a hint, Finish game, the solver's messages) with one
:class:`~klondike.app.reply.Reply`: what to draw, what to say, whether to store, what to
post to the solver's worker. It joins four parts, each with one concern:

- :class:`~klondike.app.table.Table`: the game in play, its clock, Redo, taps and keys;
- :class:`~klondike.app.keeping.Keeping`: the stored values, the statistics' merge, and
  who owns the game across tabs;
- :class:`~klondike.app.solver_client.SolverClient`: the worker, what it knows, the hint;
- :mod:`klondike.app.deals`: which deal comes next (random, typed, linked, daily).

The page draws the replies and writes :meth:`Session.take_writes`; it never touches the
parts. The clock is injected (``now``: seconds, any origin), so tests drive time by hand.

>>> t = [0.0]
>>> session = Session(now=lambda: t[0])
>>> session.new_game(1, "N", GameCode.parse("KL1-D1N-AAAAAAA")).said
'New game KL1-D1N-AAAAAAA: draw 1, Normal scoring.'
>>> t[0] = 5.0
>>> reply = session.tap("T7", 6, "Ah")
>>> reply.said, reply.toolbar.score, reply.store
('ace of hearts to its foundation; 8 of hearts turned up', 'Score 15  Moves 1', True)
>>> [key for key, _text in session.take_writes()] == [GAME_KEY]
True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from datetime import date
from typing import TypeVar

from ..codes import BadCode, GameCode
from ..game import SAVE_VERSION, BadSave, Game
from ..i18n import _, ngettext
from ..moves import STOCK, IllegalMove, Move
from ..scoring import clock_text
from ..solution import UNKNOWN
from . import backup, deals
from .autohome import safe_move
from .demo import Demo, no_line_said
from .help import Section, rules_help
from .history import LEFT, LOST, SOLVED, WON, Entry, Row, rows
from .keeping import Keeping
from .protocol import Daily, Dealt, Error, Hunting, Idle
from .replay import BadReplay, Replay
from .reply import CLOSED, Hint, Reply, Toolbar, Winnable
from .solver_client import HINT_WAIT_SECONDS, SolverClient
from .stats import Statistics, counts_as_played, rule_set_of
from .storage import Settings, is_newer, unsure_of
from .stored import GAME_KEY, HISTORY_KEY, STATS_KEY
from .table import Table
from .worker_link import MEMORY_CAP

_Command = TypeVar("_Command", bound=Callable[..., Reply])


def _here(command: _Command) -> _Command:
    """A command of the player's that changes the game: refused while another tab plays
    it, or while a replay stands over the table; it stops Play it for me where it is."""
    @functools.wraps(command)
    def guarded(self: Session, *args: object, **kwargs: object) -> Reply:
        if self.keeping.elsewhere:
            return Reply(False, _("This game continues in another tab"))
        if self.replay is not None:
            return _replay_refused()
        stopped = self.demo.active
        self.demo.stop()
        reply = command(self, *args, **kwargs)
        return reply._replace(demo="") if stopped and reply.demo is None else reply
    return guarded  # type: ignore[return-value]


def _replay_refused() -> Reply:
    return Reply(False, _("This is a replay: its cards do not move. Close it to play your "
                          "game."))


def _closes_replay(command: _Command) -> _Command:
    """A command that deals (a new game, the daily deal): a replay is closed first."""
    @functools.wraps(command)
    def closing(self: Session, *args: object, **kwargs: object) -> Reply:
        if self.replay is None:
            return command(self, *args, **kwargs)
        self._end_replay()
        reply = command(self, *args, **kwargs)
        return self._reply(reply._replace(changed=True, replay=CLOSED))
    return closing  # type: ignore[return-value]


class Session:
    def __init__(
        self,
        now: Callable[[], float],
        settings: str | None = None,
        stats: str | None = None,
        daily: str | None = None,
        rng: random.Random | None = None,
        history: str | None = None,
        today: Callable[[], date] = date.today,
        memory: int = MEMORY_CAP,
    ) -> None:
        """``settings``, ``stats``, ``daily`` and ``history`` are the stored texts (None:
        nothing stored); ``today`` is the player's calendar date; ``memory`` the cap of
        the solver's memory on this device (:func:`~klondike.app.worker_link.memory_cap`).
        The game is set by :meth:`resume` or :meth:`new_game`."""
        self.now = now
        self.today = today
        self.rng = rng or random.Random()
        self.keeping = Keeping(settings, stats, daily, history)
        self.solver = SolverClient(now, memory)
        self.table = Table(now, play=self.solver.play)
        self._auto = False  # safe cards go home after the player's move (auto_step)
        self.demo = Demo()  # Play it for me
        self._start_problems: list[str] = []  # what the start could not read (resume)
        self.replay: Replay | None = None  # a game of the history, replayed over the table
        self._stuck_shown = False  # R6: the "no useful move" banner, as last drawn

    # --- what the page reads --------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game on the table, for the page to draw (never to change)."""
        return self.table.game

    @property
    def shown(self) -> Game:
        """The game the table shows: the replay's while one stands over the game."""
        return self.table.game if self.replay is None else self.replay.game

    @property
    def replaying(self) -> bool:
        return self.replay is not None

    @property
    def settings(self) -> Settings:
        return self.keeping.settings

    @property
    def stats(self) -> Statistics:
        return self.keeping.stats

    @property
    def rule_set(self) -> str:
        """The rule set of the game on the table ("D1N"...), as the statistics name it."""
        return rule_set_of(self.game)

    @property
    def demo_active(self) -> bool:
        """Play it for me plays or is paused: a key or a tap on the table stops it."""
        return self.demo.active

    @property
    def elsewhere(self) -> bool:
        """Another tab plays the game: this one neither plays nor saves it."""
        return self.keeping.elsewhere

    def _reply(self, reply: Reply) -> Reply:
        """``reply`` with what follows from the state the command left: the toolbar (when
        the table changed), the indicator, the worker's requests, and whether to store."""
        if reply.changed or reply.answered or reply.elsewhere:
            toolbar = self.toolbar()
            reply = reply._replace(toolbar=toolbar).saying(self._stuck_said(toolbar.stuck))
        winnable = self.winnable()
        reply = reply.saying(self.solver.turned_said(winnable, self.game))
        return reply._replace(winnable=winnable, requests=tuple(self._requests()),
                              store=self.keeping.pending, demo=self.demo.state or "")

    def _stuck_said(self, stuck: bool) -> str | None:
        """R6: what to say when the banner "No useful move is left" shows, once, so that
        a screen reader hears it too (the banner itself is not read out)."""
        said = stuck and not self._stuck_shown
        self._stuck_shown = stuck
        return _("No useful move is left") if said else None

    def _after_action(self) -> Reply:
        table = self.table
        table.settle()
        self._save_game()
        return Reply(True, "", self._win() if table.game.is_won else None)

    def _save_game(self) -> None:
        """The game on the table, to store, with the positions the solver was not sure
        of (a reload does not search them again): its text is made when the page takes
        the writes, after the frame (:meth:`take_writes`)."""
        self.keeping.save_game(self._game_text)

    def _game_text(self) -> str:
        return self.table.saved(self.solver.unsure(self.table.game))

    # --- storing ------------------------------------------------------------------------
    def take_writes(self, read: Callable[[str], str | None] = lambda key: None,
                    ) -> list[tuple[str, str | None]]:
        """The (key, text) pairs to store now (:meth:`Keeping.take_writes`): ``read``
        gives what is stored, for the statistics' merge."""
        return self.keeping.take_writes(read)

    def unwritten(self, keys: list[str], full: bool) -> Reply:
        """The storage refused to write ``keys`` (``full``: the quota): what was merged
        into them is merged again next time; if full, the oldest games of the history make
        room and the writes are tried again (``store``)."""
        said = self.keeping.unwritten(keys, full)
        return Reply() if said is None else Reply(said=said, store=True)

    # --- other tabs -----------------------------------------------------------------------
    def stored_changed(self, key: str, text: str | None) -> Reply:
        """Another tab stored ``text`` under ``key`` (the storage event)."""
        changed = self.keeping.stored_changed(key, text, self.table.is_other)
        if changed == "game":
            self.table.keys.reset()
            return self._reply(Reply(elsewhere=True))  # its search stops here
        return Reply(stats=changed in ("stats", "history"))

    def take_over(self, stored: str | None) -> Reply:
        """Play on here the game the other tab saved (``stored``), as it is there."""
        self.keeping.elsewhere = False
        self._end_replay()
        self.table.game = Game(GameCode(0))  # the other tab's game is not left here
        self.solver.forget()
        return self.resume(stored)._replace(said=_("The game continues here"))

    # --- starting -----------------------------------------------------------------------
    def resume(self, stored: str | None, hidden: bool | None = None,
               first: str | None = None, opened: tuple[str, str] = ("", "")) -> Reply:
        """The saved game (``stored``, None if none), or a new one; says what could not
        be read, and keeps an unreadable game aside instead of losing it. ``hidden``: the
        page is hidden (the clock waits), if known. ``first``: the code of the deal a
        first visit drew before Python was ready (:data:`klondike.app.paint.FIRST_DEALS`),
        dealt when nothing is saved and it fits the settings' draw and scoring.
        ``opened``: the address's fragment and query, as :meth:`follow_link` takes them:
        where a new game starts, a link's deal is that game (not a random deal first,
        said and then left at once for the link's); :meth:`follow_link` does the rest."""
        if hidden is not None:
            self.table.hidden = hidden
        problems = self.keeping.problems()
        self._start_problems = problems  # said again if a link's deal is dealt at once
        reply = None
        if is_newer(stored, SAVE_VERSION):
            self.keeping.hold(GAME_KEY)
            problems.append(_("Your saved game was saved by a newer version of the game: it "
                              "is kept as it is, and this page plays a new game without "
                              "saving it"))
        elif stored is not None:
            try:
                self.table.load(stored)
                self.solver.recall_unsure(self.game, unsure_of(stored, self.game))
            except BadSave as e:
                self.keeping.keep_aside(GAME_KEY, stored)
                problems.append(_("Your saved game could not be read ({reason}). "
                                  "A new game has started.").format(reason=e))
            else:
                reply = self._after_action()
        if reply is None:
            linked = deals.linked_code(*opened)
            if linked is not None:
                reply = self._deal(linked)
            else:
                reply = self._deal(self._first_code(first) if stored is None and first
                                   else self._random_code())
        if problems:
            reply = reply._replace(said=" ".join(problems))
        return self._reply(reply._replace(changed=True))

    @_closes_replay
    @_here
    def new_game(self, draw: int | None = None, scoring: str | None = None,
                 code: GameCode | None = None) -> Reply:
        """A new game: ``code``'s deal, or a random one with ``draw`` and ``scoring``
        (the settings' defaults if not given). A game left with moves and not won
        counts as lost or abandoned (R9 statistics). Under "Winnable deals only" a
        random deal is first looked for by the solver."""
        self.solver.stop_looking()
        if code is not None:
            return self._reply(self._deal(code))
        code = self._random_code(draw, scoring)
        if not self.settings.winnable_only:
            return self._reply(self._deal(code))
        if self.solver.down:
            return self._reply(self._deal(code).saying(deals.unchecked_said()))
        self.solver.want_deal(code.draw, code.scoring, self.rng.randrange(2**32),
                              deals.DEAL_SECONDS)
        return self._reply(Reply(False, _("Looking for a winnable deal…")))

    def new_game_typed(self, draw: int, scoring: str, typed: str,
                       stored: str | None = None) -> Reply:
        """The New game dialog: a typed code (blank: a random deal). A malformed code
        changes nothing and says why beside the field (``error``). Where another tab
        plays the game, the player's New game here ends it there: this tab takes it over
        (``stored``: the game as that tab saved it) and leaves it, as it would its own."""
        try:
            code = deals.typed_code(typed)
        except BadCode as e:
            return Reply(error=deals.code_error(e))
        if self.keeping.elsewhere:
            self.take_over(stored)
        return self.new_game(draw, scoring, code)

    def _first_code(self, first: str) -> GameCode:
        """The first visit's deal, unless another tab chose other settings meanwhile."""
        try:
            code = GameCode.parse(first)
        except BadCode:
            return self._random_code()
        settings = self.settings
        fits = (code.draw, code.scoring) == (settings.draw, settings.scoring)
        return code if fits else self._random_code()

    def _random_code(self, draw: int | None = None, scoring: str | None = None) -> GameCode:
        settings = self.settings
        return deals.random_code(self.rng, draw or settings.draw, scoring or settings.scoring)

    def _deal(self, code: GameCode, checked: bool = False) -> Reply:
        old, table = self.table.game, self.table
        if self._leaving_counts():
            rule_set, stuck, was_checked = rule_set_of(old), table.is_stuck(), table.checked
            score, key = table.score(), table.key()
            self.keeping.record(lambda stats: stats.record_end(
                rule_set, stuck, score, game_key=key, checked=was_checked))
            self._remember(LOST if stuck else LEFT, score)
        table.deal(code, checked)
        self._auto = False
        self.solver.forget()  # the answers were about the old deal
        self._after_action()
        return Reply(True, deals.dealt_said(code, table.game.scoring.name))

    @_closes_replay
    @_here
    def start_daily(self, day: date, confirmed: bool = False) -> Reply:
        """R8: the deal of ``day`` (the player's calendar date), the same for everyone.
        The solver's worker works it out, unless it is the daily deal started last. On the
        table already, it is not dealt again (its moves were lost at once); a game that
        leaving would count as not won is left only once the player ``confirmed`` it
        (the reply asks: ``ask_daily``)."""
        draw, iso = self.settings.draw, day.isoformat()
        known = deals.known_daily(self.keeping.daily, iso, draw)
        if known is not None and known == self.game.code:
            return Reply(False, _("This is the daily deal already. Restart this deal, in "
                                  "the More menu, deals it again."))
        if known is None and self.solver.down:  # nothing to ask about: it cannot come
            return self._reply(Reply(False, _("The daily deal cannot be prepared: the "
                                              "solver is unavailable in this browser")))
        if not confirmed and self._leaving_counts():
            return Reply(False, _("The daily deal would replace the game in progress, which "
                                  "would count as a game not won in the statistics."),
                         ask_daily=True)
        if known is not None:
            return self._reply(self._start_daily(iso, known))
        self.solver.want_daily(iso, draw)
        return self._reply(Reply(False, _("Preparing the daily deal…")))

    def _start_daily(self, day: str, code: str) -> Reply:
        if self.elsewhere:
            return Reply(False, _("This game continues in another tab"))
        parsed = GameCode.parse(code)
        self.solver.stop_looking()
        reply = self._deal(parsed)
        self.keeping.save_daily(day, code)
        won = self.stats.won_daily(day, parsed.draw)
        return reply._replace(said=deals.daily_said(day, parsed.draw, won))

    # --- shared links -------------------------------------------------------------------
    def link(self, address: str) -> str:
        """The link that deals this game's deal (:func:`klondike.app.deals.link`)."""
        return deals.link(address, self.game.code)

    def follow_link(self, fragment: str, query: str = "", starting: bool = False) -> Reply:
        """A link was opened: the address's ``fragment`` ("#KL1-D3V-AAAAAAG") or its
        ``query`` ("?game=KL1-D3V-AAAAAAG"). When a game in progress would be left, the
        reply asks (``ask``: the code; then :meth:`new_game` with it). A malformed code
        says why, as a typed one does, and changes nothing; the deal on the table already,
        or no code, does nothing. ``starting``: the page opened with the link, after
        :meth:`resume`; what the resume could not read is said again before the deal,
        but not what it said of the game left (no useful move left in it)."""
        reply = self._follow_link(fragment, query)
        if starting and reply.said and reply.ask is None:
            reply = reply._replace(said=" ".join([*self._start_problems, reply.said]))
        return reply

    def _follow_link(self, fragment: str, query: str) -> Reply:
        text = deals.linked_text(fragment, query)
        if not text:
            return Reply()
        try:
            code = GameCode.parse(text)
        except BadCode as e:
            return Reply(False, deals.code_error(e))
        if str(code) == self.game.code:
            return Reply()
        if self._leaving_counts() and not self.elsewhere:
            return Reply(False, _("This link deals {code}. The game in progress would count "
                                  "as a game not won in the statistics.").format(code=code),
                         ask=code)
        return self.new_game(code=code)

    # --- playing ------------------------------------------------------------------------
    @_here
    def play(self, move: Move) -> Reply:
        """Play ``move``; an illegal one says why and changes nothing (R5)."""
        return self._play(move)

    def _play(self, move: Move) -> Reply:
        try:
            said = self.table.play(move)
        except IllegalMove as e:
            return Reply(False, str(e), sound=self._sound("refused"))
        # Issue 42: a safe card goes home next, a move of its own (undone on its own).
        self._auto = self.settings.auto_home and not self.demo.active \
            and safe_move(self.game) is not None
        reply = self._after_action()._replace(said=said, auto=self._auto)
        sound = "win" if reply.won else "turn" if move is STOCK else "land"
        return self._reply(reply._replace(sound=self._sound(sound)))  # every move is said

    def _sound(self, kind: str) -> str | None:
        """The sound ``kind`` if the player wants sounds (issue 42, off by default)."""
        return kind if self.settings.sounds else None

    def auto_step(self) -> Reply:
        """The next safe card home (the setting "Move safe cards home"), once the move
        before it has glided: nothing if the player undid it meanwhile, or took up
        another game."""
        due, self._auto = self._auto, False
        move = safe_move(self.game) if due and self.settings.auto_home else None
        return Reply() if move is None or self.elsewhere else self._play(move)

    # --- Play it for me (issue 42) ----------------------------------------------------------
    def demo_ask(self) -> Reply:
        """Play it for me: the player is asked first (``ask_demo``: the game will count
        apart), then :meth:`demo_start`; where no winning line is known, says why."""
        game = self.game
        if self.replay is not None:
            return _replay_refused()
        if self.elsewhere or game.is_won:
            return Reply(False, _("This game continues in another tab") if self.elsewhere
                         else None)
        if self.solver.winning_line(game) is None:
            return Reply(False, no_line_said(self.solver.state(game)))
        if self.table.solved:  # counted apart already: no need to ask again
            return self.demo_start()
        return Reply(ask_demo=True)

    def demo_start(self) -> Reply:
        if self.elsewhere or self.solver.winning_line(self.game) is None:
            return self.demo_ask()
        self.demo.start()
        return self._reply(Reply(said=_("Play it for me: playing. Press any key or tap the "
                                        "table to stop."),
                                 demo_wait=self._demo_seconds()))

    def _demo_seconds(self) -> float:
        return self.demo.step_seconds(self.settings.animation)

    def demo_step(self) -> Reply:
        """The next move of the winning line, when its time comes (``demo_wait``)."""
        return self._demo_move() if self.demo.playing else Reply()

    def demo_one(self) -> Reply:
        """One step: the next move now, and the demo waits (paused) after it."""
        if not self.demo.active:
            return Reply()
        self.demo.pause()
        return self._demo_move()

    def demo_pause(self) -> Reply:
        """Pause, or go on if paused."""
        if self.demo.playing:
            self.demo.pause()
            return self._reply(Reply(said=_("Play it for me: paused")))
        if not self.demo.active:
            return Reply()
        self.demo.resume()
        return self._reply(Reply(said=_("Play it for me: playing"),
                                 demo_wait=self._demo_seconds()))

    def demo_stop(self) -> Reply:
        """Stop: the position stays where it is."""
        if not self.demo.active:
            return Reply()
        self.demo.stop()
        return self._reply(Reply(said=_("Play it for me stopped: the game is yours again")))

    def _demo_move(self) -> Reply:
        line = self.solver.winning_line(self.game)
        if self.elsewhere or not line:
            self.demo.stop()
            return self._reply(Reply(said=no_line_said(self.solver.state(self.game))))
        self.table.solved = True  # it counts apart from now on
        reply = self._play(line[0])
        if not reply.changed or self.game.is_won:
            self.demo.stop()
            return reply._replace(demo="")
        return reply._replace(demo=self.demo.state or "",
                              demo_wait=self._demo_seconds() if self.demo.playing else None)

    @_here
    def undo(self) -> Reply:
        self._auto = False  # the card undone home stays where Undo put it
        if not self.game.moves_made:
            return Reply(False, self.table.undo())
        said = self.table.undo()
        return self._reply(self._after_action()._replace(said=said, sound=self._sound("land")))

    @_here
    def redo(self) -> Reply:
        """Play again the last move undone (Ctrl+Y, Ctrl+Shift+Z); a new move in between
        ends the moves Redo can play."""
        if not self.table.redo_line:
            return Reply(False, _("There is nothing to redo"))
        reply = self.play(self.table.redo_line[-1])
        return reply._replace(said=_("Redone: {move}").format(move=reply.said))

    @_here
    def restart(self) -> Reply:
        """The same deal from its start. The game so far ends as a new game would end it:
        played and not won, it counts as lost (or abandoned) in the statistics."""
        game = self.game
        if not game.moves_made:
            return Reply(False, _("The deal is at its start already"))
        counted = self._leaving_counts()
        reply = self._deal(GameCode.parse(game.code), self.table.checked)
        said = _("Deal {code} restarted.").format(code=game.code)
        if counted:
            said += " " + _("The game so far counts as a game not won in the statistics.")
        return self._reply(reply._replace(said=said))

    @_here
    def undo_to_winnable(self) -> Reply:
        target = self.solver.last_winnable(self.game)
        if target is None:
            return Reply()
        self._auto = False
        self.table.back_to(target)
        return self._reply(self._after_action()._replace(
            said=_("Back to the last position that can be won")))

    def leaving_said(self, stored: str | None = None) -> str:
        """What New game's dialog says of the game on the table: that starting another
        would count it as a game not won, where it would; "" where it would not. Where
        another tab plays the game, of that game (``stored``: as that tab saved it)."""
        table = self.table
        if self.keeping.elsewhere:
            table = Table(self.now)
            try:
                table.load(stored or "")
            except BadSave:
                return ""
        if not counts_as_played(table.game) or self._recorded(table):
            return ""
        return _("A new game would count the game in progress as a game not won in the "
                 "statistics.")

    def _leaving_counts(self) -> bool:
        """Whether leaving the game on the table records it (lost or abandoned): it has a
        move, is not won, and was not recorded already (won, then taken back: a game
        counts once)."""
        return counts_as_played(self.game) and not self._recorded(self.table)

    def _recorded(self, table: Table) -> bool:
        """Whether the game on ``table`` is recorded in the statistics already, under its
        key or the key it had before the key was its dealing's (won before an update)."""
        stats = self.keeping.stats
        return stats.counted(table.key()) or stats.counted(table.key_by_moves())

    def _win(self) -> str:
        """Record the win (once per game, a reload shows it again) and say it."""
        table = self.table
        game, seconds, daily = table.game, table.clock.elapsed(), self.keeping.daily
        score = table.score()
        rule_set, moves, key, checked = rule_set_of(game), game.moves_made, table.key(), \
            table.checked
        solved = table.solved
        day = daily[0] if len(daily) == 2 and daily[1] == game.code else None

        def won(stats: Statistics) -> None:
            stats.record_win(rule_set, seconds, moves, score, game_key=key, checked=checked,
                             solved=solved)
            if day is not None and not solved:
                stats.record_daily_win(day, game.draw)

        if self.keeping.stats.counted(table.key_by_moves()):  # won before an update
            self.keeping.record(lambda stats: stats.also_counted(key))
        else:
            self.keeping.record(won)
            self._remember(SOLVED if solved else WON, score)
        if solved:
            return _("Play it for me won this game in {moves} moves. It is counted apart in "
                     "the statistics, not as your win.").format(moves=moves)
        text = game.scoring.value_text(score)
        return _("You won in {time} with {moves} moves.").format(
            time=clock_text(seconds), moves=game.moves_made) + (
            " " + _("Score: {score}").format(score=text) if text else "")

    def _remember(self, result: str, score: int | None) -> None:
        """The game on the table ended (``result``): into the history of games."""
        table, game = self.table, self.table.game
        self.keeping.record_game(Entry(
            table.key(), game.code, self.today().isoformat(), result,
            " ".join(map(str, game.history)), round(table.clock.elapsed(), 1), score,
            self.solver.turned(game)))

    def finishing_line(self) -> list[Move] | None:
        """R6 "Finish game": the cards home once every tableau card is face up, or the
        solver's winning line once nothing is left to discover."""
        if self.elsewhere or self.replay is not None:
            return None
        line = self.table.finish_line()
        if line is None and self.game.all_face_up:
            line = self.solver.winning_line(self.game)
        return line

    def finish_step(self, move: Move) -> None:
        """One card of Finish game (the page animates them); :meth:`finished` after.
        Finish game is the player's: it stops Play it for me."""
        self.demo.stop()
        self.solver.play(self.game, move)
        self.table.redo_line.clear()

    def finished(self) -> Reply:
        return self._reply(self._after_action())

    # --- gestures (R5) and keys -----------------------------------------------------------
    def _meant(self, meant: Move | str | None, refused: bool = True) -> Reply:
        """Play the move a gesture or a key meant; or say why there is none (with the
        refused sound if ``refused``: a key's pick says what it picked)."""
        if isinstance(meant, Move):
            return self.play(meant)
        sound = self._sound("refused") if meant and refused else None
        return Reply(False, meant, sound=sound)

    def tap(self, pile: str, index: int, card: str | None) -> Reply:
        """One tap: the stock turns; a card goes home; a second tap on the same card
        soon after puts it on the tableau."""
        if self.replay is not None:
            return _replay_refused()
        return self._meant(self.table.tap(pile, index, card))

    def drop(self, pile: str, index: int, target: str | None) -> Reply:
        """The card ``index`` of ``pile`` (with the cards on it) let go over ``target``."""
        if self.replay is not None:
            return _replay_refused()
        return self._meant(self.table.drop(pile, index, target))

    def drop_pile(self, pile: str, index: int, target: str | None) -> str | None:
        """The pile to outline while dragging over ``target`` (None: not a drop)."""
        if self.replay is not None:
            return None
        return self.table.drop_pile(pile, index, target)

    def choose(self, pile: str, can_move: bool) -> Reply:
        """Enter on ``pile``: the stock turns; elsewhere the keyboard's pick is made or
        put down, and its move is played."""
        if self.replay is not None:
            return _replay_refused()
        return self._meant(self.table.choose(pile, can_move), refused=False)

    def cancel(self) -> Reply:
        """Escape: the pick is put back."""
        return Reply(False, self.table.keys.cancel())

    def arrow(self, pile: str, key: str) -> str | None:
        """The pile an arrow key moves the focus to from ``pile`` (None: it stays, and
        the cursor moved within the pile)."""
        return self.table.keys.arrow(self.shown, pile, key)

    def point(self, pile: str) -> tuple[int, str | None]:
        """The card of ``pile`` the keyboard's cursor is on, and its name."""
        return self.table.keys.point(self.shown, pile)

    def pile_said(self, pile: str) -> str:
        """What to say as the keyboard's cursor comes to ``pile`` (:meth:`Keys.said`)."""
        return self.table.keys.said(self.shown, pile)

    def pointed_index(self, pile: str) -> int:
        return self.table.keys.pointed_index(self.shown, pile)

    @property
    def picked(self) -> tuple[str, int] | None:
        """The keyboard's pick: (pile, index), or None."""
        return self.table.keys.selected

    # --- the solver's worker: can this still be won? the hint (R8) -------------------
    def _requests(self) -> list[str]:
        game = self.game
        wanted = (self.settings.indicator or self.solver.hint_waits) \
            and not game.is_won and not self.elsewhere
        return self.solver.requests(game if wanted else None, self.table.hidden)

    def solver_heard(self, text: str) -> Reply:
        """A message of the worker (:mod:`klondike.app.protocol`'s answers)."""
        message, answered = self.solver.heard(text, self.game)
        if answered:
            if self.solver.state(self.game) == UNKNOWN:
                self._save_game()  # a reload does not search it again from scratch
            return self._reply(self._hint_if_waited(Reply(answered=True)))
        if isinstance(message, Daily):
            return self._reply(self._start_daily(message.day, message.code))
        if isinstance(message, Dealt):
            return self._reply(self._dealt(message))
        if isinstance(message, Hunting):
            return self._reply(Reply(said=_("Looking for a winnable deal… {tried} deals "
                                            "tried").format(tried=message.tried)))
        if isinstance(message, Error):
            return self.solver_failed()
        if isinstance(message, Idle) and self.solver.restarts(message.heap):
            return self._reply(Reply(worker="restart"))
        return self._reply(Reply())

    def _dealt(self, message: Dealt) -> Reply:
        if message.code is None:
            return Reply(said=deals.not_found_said(message.tried))
        try:
            code = GameCode.parse(message.code)
        except BadCode:
            return Reply()
        if self.elsewhere:
            return Reply(False, _("This game continues in another tab"))
        reply = self._deal(code, checked=True)
        self.solver.proven(self.game, message.line)
        return reply._replace(answered=True).saying(_(
            "The solver proved it winnable ({tried} deals tried).").format(
                tried=message.tried))

    def solver_failed(self) -> Reply:
        """The worker could not start, stopped or went silent: the game plays on without
        it; whatever waited for it is answered now."""
        if self.solver.down:
            return Reply()
        daily, deal = self.solver.fail()
        reply = Reply()
        if deal and not self.elsewhere:  # "Winnable deals only" waited: deal one anyway
            reply = self._deal(self._random_code()).saying(deals.unchecked_said())
        if daily:
            reply = reply.saying(_("The daily deal cannot be prepared: the solver is "
                                   "unavailable in this browser"))
        reply = reply._replace(answered=True, worker="stop")
        return self._reply(self._hint_if_waited(reply))

    def tick(self) -> Reply:
        """Once a second: the score line while the clock runs, and the worker's watchdog
        (a worker taken for dead has failed: :meth:`solver_failed`)."""
        score = self.table.score_line() if self.table.clock.running else None
        if self.solver.is_dead(self.table.hidden):
            return self.solver_failed()._replace(score=score)
        return Reply(score=score)

    def _hint_if_waited(self, reply: Reply) -> Reply:
        if not self.solver.hint_answered():
            return reply
        return reply._replace(hint=self.solver.hint(self.game))

    def ask_hint(self) -> Reply:
        """The Hint button: the hint now if the solver has answered (or cannot), else
        "Thinking…", and the hint comes with the answer (:meth:`solver_heard`) or after
        :data:`HINT_WAIT_SECONDS` (``hint_wait``: then :meth:`hint_due`)."""
        game = self.game
        if self.replay is not None:
            return _replay_refused()
        if game.is_won:
            return Reply()
        if self.solver.has_answer(game):
            return self._reply(Reply(hint=self.solver.hint(game)))
        self.solver.wait_hint()
        return self._reply(Reply(hint=Hint(None, _("Thinking…")), hint_wait=HINT_WAIT_SECONDS))

    def hint_due(self) -> Reply:
        """The hint the player waited for, if :data:`HINT_WAIT_SECONDS` have passed
        without the solver's answer: a sensible move then (R8)."""
        if not self.solver.hint_due():
            return Reply()
        return Reply(hint=self.solver.hint(self.game))

    def winnable(self) -> Winnable:
        return self.solver.winnable(self.game, self.settings.indicator and self.replay is None)

    # --- what the page shows ---------------------------------------------------------------
    def toolbar(self) -> Toolbar:
        table, game, here = self.table, self.game, self.replay is None
        return Toolbar(table.score_line(), game.code,
                       _("Game code {code}: click to copy").format(code=game.code),
                       game.moves_made > 0 and here,
                       bool(table.redo_line) and not self.elsewhere and here,
                       self.finishing_line() is not None, table.is_stuck() and here)

    def help_sections(self) -> list[Section]:
        return rules_help(self.game.scoring.letter)

    def stats_rows(self, rule_set: str) -> tuple[list[tuple[str, str]], str]:
        """The statistics dialog for ``rule_set``: its rows, and the note of daily deals."""
        days = self.stats.daily_wins(int(rule_set[1]))
        note = _("Daily deals won: {days}").format(days=", ".join(days[-7:])) if days else ""
        return self.stats.summary_rows(rule_set), note

    def history_rows(self) -> list[Row]:
        """The History dialog: the last games that ended, newest first."""
        return rows(self.keeping.history)

    # --- a game of the history replayed (issue 42) -------------------------------------------
    def replay_open(self, key: str) -> Reply:
        """Replay the game ``key`` of the history over the table, read-only, from its
        deal; the game in progress waits (its clock too) until :meth:`replay_close`."""
        entry = next((e for e in self.keeping.history.entries if e.key == key), None)
        if entry is None:
            return Reply(False, _("That game is no longer in the history"))
        try:
            replay = Replay(entry)
        except BadReplay:
            return Reply(False, _("That game cannot be replayed: its moves do not play on "
                                  "its deal"))
        self.demo.stop()
        self._auto = False
        self.replay = replay
        self.table.pause(True)
        self._save_game()  # with the clock where it stopped
        said = ngettext("Replay of {code}: {moves} move. The arrow keys step through it, "
                        "Escape closes it; your game waits.",
                        "Replay of {code}: {moves} moves. The arrow keys step through it, "
                        "Escape closes it; your game waits.", len(replay.moves))
        return self._reply(Reply(True, said.format(code=entry.code, moves=len(replay.moves)),
                                 replay=replay.bar()))

    def replay_go(self, where: str) -> Reply:
        """Step the replay: ``where`` is one of :data:`klondike.app.replay.WHERE`."""
        replay = self.replay
        if replay is None:
            return Reply()
        said = replay.go(where)
        return self._reply(Reply(True, said, hint=replay.hint(), replay=replay.bar()))

    def replay_close(self) -> Reply:
        """The replay is gone: the game in progress is on the table again."""
        if self.replay is None:
            return Reply()
        self._end_replay()
        return self._reply(Reply(True, _("Replay closed: your game is back on the table"),
                                 replay=CLOSED))

    def replay_press(self) -> Reply:
        """A press anywhere on the table while a replay stands over it: no card moves,
        and the player is told why (nothing at all without a replay)."""
        return _replay_refused() if self.replay is not None else Reply()

    def _end_replay(self) -> None:
        self.replay = None
        self.table.pause(False)
        self._save_game()

    def play_again(self, code: str) -> Reply:
        """The History dialog's Play again: ``code``'s deal anew (a game in progress is
        left as a new game would leave it)."""
        try:
            parsed = GameCode.parse(code)
        except BadCode as e:
            return Reply(False, deals.code_error(e))
        return self.new_game(code=parsed)

    # --- a statistics file (issue 42) ----------------------------------------------------
    def export_file(self) -> tuple[str, str]:
        """The statistics file to save now: its name and its text. The page writes what
        waits to be stored first, and again after (the statistics' id, if it was made
        now), so that the file holds what is stored."""
        if self.stats.id is None:
            self.keeping.record(lambda stats: None)  # this browser's id, stored with it
        day = self.today().isoformat()
        return backup.file_name(day), backup.export_text(
            self.stats, self.settings, self.keeping.history, day)

    def import_file(self, text: str) -> Reply:
        """A statistics file the player chose: merged in, each game once; one that does
        not read says why and changes nothing."""
        if {STATS_KEY, HISTORY_KEY} & self.keeping.held:
            return Reply(said=_("Your statistics were saved by a newer version of the "
                                "game: this page cannot add to them"))
        try:
            read = backup.read_file(text)
        except backup.BadFile as e:
            return Reply(said=str(e))
        games, history = self.keeping.take_in(read)
        said = _("Statistics file read. Games added: {games} to the statistics, {history} to "
                 "the history. The settings are the file's now.").format(games=games,
                                                                        history=history)
        return self._reply(Reply(True, said, stats=True))

    def reset_stats(self) -> Reply:
        self.keeping.record(lambda stats: stats.reset())
        return Reply(said=_("Statistics reset"), store=True)  # nothing else changes

    def change_settings(self, settings: Settings) -> Reply:
        """The Settings dialog's choices; a field out of range keeps its default."""
        self.keeping.save_settings(Settings.from_json(settings.to_json()))
        return self._reply(Reply(True, _("Settings saved")))  # drawn again as they say

    def set_hidden(self, hidden: bool) -> Reply:
        """The tab was hidden or shown again: the clock stops while nobody plays, and
        so does the worker's search of the position (a hidden tab should not spend the
        battery; it goes on where it was). The watchdog waits while hidden and then gives
        the worker its silence's time again. The game is saved (the tab may be closed)."""
        self.table.set_hidden(hidden)
        self._save_game()
        return self._reply(Reply())


__all__ = ["HINT_WAIT_SECONDS", "Reply", "Session"]
