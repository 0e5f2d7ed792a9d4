"""The page's side of the solver (SPEC R8): what the worker knows of the positions of this
game (:class:`~klondike.app.analysis.Analysis`), the talk with it
(:class:`~klondike.app.worker_link.WorkerLink`), the hint that waits for its answer, the
progress of a long search, and the "Can this still be won?" indicator.

What an answer means for the deals (the daily deal, a winnable deal) is the session's:
:meth:`SolverClient.heard` hands those messages back.

>>> t = [0.0]
>>> client = SolverClient(now=lambda: t[0])
>>> from klondike.codes import GameCode
>>> game = Game(GameCode.parse("KL1-D1N-AAAAAAA"))
>>> client.winnable(game, shown=True).text
'Checking…'
>>> client.wait_hint()
>>> t[0] = HINT_WAIT_SECONDS
>>> client.hint_due()
True
"""

from __future__ import annotations

from collections.abc import Callable

from ..game import Game
from ..i18n import _
from ..moves import Move
from ..solution import LOST, UNKNOWN, WON, Solution
from .analysis import BUDGET, BUSY, UNAVAILABLE, Analysis, position_key
from .gestures import describe_hint
from .hint import hint as hint_move
from .hint import marks_of
from .protocol import Answer, Daily, Dealt, Hunting, Message, Working
from .reply import Hint, Winnable
from .worker_link import MEMORY_CAP, WorkerLink

#: A hint waits this long for the solver's winning line, then suggests a sensible move
#: (R8): a hard position can keep the solver busy for 15 s or more.
HINT_WAIT_SECONDS = 1.5
#: Past this many nodes (about 15 s in the worker) the indicator's title says how much of
#: its budget the search has used: a hard position can take minutes.
PROGRESS_NODES = 100_000


class SolverClient:
    def __init__(self, now: Callable[[], float], memory: int = MEMORY_CAP) -> None:
        """``memory``: the cap of a search's memory in the worker, bytes
        (:func:`~klondike.app.worker_link.memory_cap`)."""
        self.now = now
        self.analysis = Analysis()
        self.worker = WorkerLink(now, memory)  # what to send it, what it was asked
        self._hint_until: float | None = None  # a hint waits for the solver until then
        self._progress: tuple[str, int] | None = None  # (key, nodes) of a long search
        self._settled: str | None = None  # the indicator's last answer shown (turned_said)

    @property
    def down(self) -> bool:
        """The worker could not start, stopped or went silent: no answers will come."""
        return self.analysis.down

    def forget(self) -> None:
        """A new deal: the answers were about the old one, and no hint waits."""
        self.analysis.forget()
        self._hint_until = None
        self._settled = None

    def play(self, game: Game, move: Move) -> None:
        """Play ``move`` on ``game``, keeping the rest of a known winning line."""
        self.analysis.play(game, move)

    # --- the talk -------------------------------------------------------------------------
    def requests(self, game: Game | None, hidden: bool) -> list[str]:
        """The texts to send the worker now: ``game``'s position if it is to be answered
        and was not asked yet (None: no position is wanted, so a search stops), and any
        daily or winnable deal asked for."""
        if self.down:
            self.worker.take()  # dropped: there is no worker
            return []
        self.worker.set_hidden(hidden)  # a hidden page's search waits
        key = self.analysis.to_ask(game) if game is not None else None
        self.worker.want_position(key, BUDGET)
        return self.worker.take()

    def heard(self, text: str, game: Game) -> tuple[Message | None, bool]:
        """A message of the worker: what the session is to act on (the daily deal, a
        deal found, the hunt's progress, a failure), and whether it answered ``game``'s
        position. Answers and signs of life are taken in here."""
        message = self.worker.heard(text)
        if isinstance(message, Answer):
            if message.result not in (WON, LOST, UNKNOWN):
                return None, False
            self.analysis.receive(message.key, Solution(message.result, message.nodes,
                                                        message.line))
            self.worker.answered(message.key)
            return None, message.key == position_key(game)
        worker = self.worker
        if isinstance(message, Working):
            if message.key == worker.asked and message.nodes >= PROGRESS_NODES:
                self._progress = (message.key, message.nodes)
            return None, False
        if isinstance(message, Daily):
            if worker.daily != (message.day, message.draw):
                return None, False  # not asked for, or asked for another day
            worker.daily = None
        elif isinstance(message, Dealt | Hunting):
            if message.id != worker.deal:
                return None, False  # a deal looked for before, no longer wanted
            if isinstance(message, Dealt):
                worker.deal = None
        return message, False

    def want_daily(self, day: str, draw: int) -> None:
        """The daily deal of ``day``: the worker works it out (a :class:`Daily`)."""
        self.worker.stop_looking()
        self.worker.want_daily(day, draw)

    def want_deal(self, draw: int, scoring: str, seed: int, seconds: int) -> None:
        """A deal the solver proves winnable, looked for ``seconds`` at most (a
        :class:`Dealt`; :class:`Hunting` on the way)."""
        self.worker.want_deal(draw, scoring, seed, seconds)

    def stop_looking(self) -> None:
        """No deal is wanted any more (another one was dealt)."""
        self.worker.stop_looking()

    def restarts(self, heap: int) -> bool:
        """Whether an idle worker that grew to ``heap`` bytes is to be started anew."""
        return not self.down and self.worker.restarts(heap)

    def fail(self) -> tuple[bool, bool]:
        """The worker failed: from now on there is none. Whether a daily deal and a
        winnable deal were awaited from it."""
        self.analysis.down = True
        return self.worker.failed()

    def is_dead(self, hidden: bool) -> bool:
        """The watchdog, once a second (:meth:`WorkerLink.is_dead`)."""
        return not self.down and self.worker.is_dead(hidden)

    # --- the hint (R8) --------------------------------------------------------------------
    @property
    def hint_waits(self) -> bool:
        return self._hint_until is not None

    def wait_hint(self) -> None:
        """The hint waits for the solver's answer, :data:`HINT_WAIT_SECONDS` at most."""
        self._hint_until = self.now() + HINT_WAIT_SECONDS

    def hint_answered(self) -> bool:
        """Whether a hint waited (it is given now, so it waits no more)."""
        waited, self._hint_until = self._hint_until is not None, None
        return waited

    def hint_due(self) -> bool:
        """Whether the hint waited its time without an answer (given now: a sensible
        move)."""
        if self._hint_until is None or self.now() < self._hint_until:
            return False
        self._hint_until = None
        return True

    def has_answer(self, game: Game) -> bool:
        """Whether a hint can be given at once: the solver answered, or cannot."""
        return self.down or self.analysis.answer(game) is not None

    def hint(self, game: Game) -> Hint:
        """R8: the move on the solver's winning line, else a sensible one."""
        move = hint_move(game, self.analysis.winning_line(game))
        if move is None:
            return Hint(None, _("No useful move is left"))
        said = _("Hint: {move}").format(move=describe_hint(game, move))
        return Hint(marks_of(game, move), said)

    # --- what it knows ----------------------------------------------------------------------
    def winning_line(self, game: Game) -> list[Move] | None:
        solved = self.analysis.winning_line(game)
        return [Move.from_text(m) for m in solved] if solved else None

    def last_winnable(self, game: Game) -> int | None:
        return self.analysis.last_winnable(game)

    def unsure(self, game: Game) -> list[int]:
        """The positions of ``game`` the solver was not sure of, for the saved game."""
        return self.analysis.unsure(game)

    def recall_unsure(self, game: Game, counts: list[int]) -> None:
        """The saved game's positions the solver was not sure of: not searched again."""
        self.analysis.recall_unsure(game, counts)

    def proven(self, game: Game, line: list[str]) -> None:
        """``game`` was dealt as winnable, with ``line`` its winning line."""
        self.analysis.receive(position_key(game), Solution(WON, 0, line))

    def turned(self, game: Game) -> int | None:
        """The move (1 is the first) that turned a winnable position into a lost one,
        when the solver decided both positions; the last such move if there are more."""
        known, turned = self.analysis.known, None
        for moves in range(1, game.moves_made + 1):
            before = known.get(position_key(game, moves - 1))
            after = known.get(position_key(game, moves))
            if before and after and before.result == WON and after.result == LOST:
                turned = moves
        return turned

    def state(self, game: Game) -> str:
        """BUSY, UNAVAILABLE, WON, LOST or UNKNOWN for ``game``'s position."""
        return self.analysis.state(game)

    def winnable(self, game: Game, shown: bool) -> Winnable:
        """The indicator (``shown``: the setting is on)."""
        state = self.analysis.state(game)
        if state == BUSY:
            text, title = _("Checking…"), _("Checking if this game can be won…")
            key, nodes = self._progress or ("", 0)
            if key == position_key(game):
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
        back = state == LOST and self.analysis.last_winnable(game) is not None
        return Winnable(shown and not game.is_won, state, text, title, back)

    def turned_said(self, winnable: Winnable, game: Game) -> str | None:
        """What to say when the indicator turns to "Not winnable" (R8), once: the badge
        changes without a word, and a screen reader should hear it too. Only where the
        indicator is shown (a player who turned it off is not told), and not again while
        the answer stays "lost" move after move; a new deal starts afresh (forget). A
        turn back from "Not winnable" to "Winnable" (an undo, a take-back) is said too,
        so that a player told the game was lost hears that it no longer is."""
        if not winnable.shown or winnable.state not in (WON, LOST, UNKNOWN):
            return None  # hidden, checking or unavailable: nothing settled yet
        before, self._settled = self._settled, winnable.state
        if before == LOST and winnable.state == WON:
            return _("This game can be won again")
        if winnable.state != LOST or before == LOST:
            return None
        if game.moves_made == 0:
            return _("This deal cannot be won")
        return _("This game can no longer be won")


__all__ = ["HINT_WAIT_SECONDS", "PROGRESS_NODES", "SolverClient"]
