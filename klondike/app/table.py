"""The game on the table (SPEC R2-R6): the deal in play, its clock, the moves Redo would
play, and what the pointer and the keyboard are in the middle of. It turns a tap, a drop
or a key into the move it means, plays it, undoes and redoes; it knows nothing of storage
or the solver (:class:`klondike.app.session.Session` joins them).

>>> t = [0.0]
>>> table = Table(now=lambda: t[0])
>>> table.deal(GameCode.parse("KL1-D1N-AAAAAAA"))
>>> move = table.tap("T7", 6, "Ah")
>>> table.play(move)
'ace of hearts to its foundation; 8 of hearts turned up'
>>> table.undo(), table.redo_line
('Undone: ace of hearts to its foundation', [Move('T7>F')])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..codes import GameCode
from ..game import BadSave, Game
from ..i18n import _
from ..moves import Move
from ..scoring import standard_step
from .ending import finish_line, is_stuck
from .gestures import (
    Taps,
    card_at,
    describe_move,
    double_tap_move,
    drag_move,
    refusal,
    stock_refusal,
    tap_move,
)
from .keys import Keys
from .stats import key_of_game
from .storage import (
    dealt_of,
    is_checked,
    is_solved,
    load_game,
    new_dealt,
    redo_of,
    save_game,
    steps_of,
)


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


def _play(game: Game, move: Move) -> None:
    game.play(move)


class Table:
    def __init__(self, now: Callable[[], float],
                 play: Callable[[Game, Move], None] = _play) -> None:
        """``play`` plays a move on the game (the session's keeps the solver's line)."""
        self.now = now
        self._play = play
        self.game = Game(GameCode(0))
        self.clock = Clock(now)
        self.checked = False  # the game was dealt by "Winnable deals only"
        self.solved = False  # Play it for me played a move of it: it counts apart
        self.dealt = ""  # the token of this dealing of the deal (storage.save_game)
        self.redo_line: list[Move] = []  # the moves undone, the next to play again last
        # The clock's time step at each move (R3.2: Standard's score runs with it); None
        # for a game saved before they were kept.
        self.steps: list[int] | None = []
        self.taps = Taps()  # to tell a double tap
        self.keys = Keys()  # the keyboard's cursor and pick
        self.hidden = False  # the page is hidden: the clock does not run
        self.paused = False  # a game of the history is replayed: the clock does not run
        # What is_stuck and finish_line last said, with the game and its history then
        # (Game.history: the same tuple until a move or an undo): the toolbar asks after
        # every move and again at each answer of the solver, for the same position.
        self._ending: tuple[Game | None, tuple[Move, ...], bool, list[Move] | None] = \
            (None, (), False, None)

    # --- the deal -------------------------------------------------------------------------
    def deal(self, code: GameCode, checked: bool = False) -> None:
        """``code``'s deal from its start, with a clock at zero."""
        self.game = Game(code)
        self.dealt = new_dealt()  # won again with the same moves, it is another game
        self.checked = checked
        self.solved = False
        self.redo_line = []
        self.steps = []
        self.clock = Clock(self.now)
        self.keys.reset()
        self.taps.forget()

    def load(self, stored: str) -> None:
        """The saved game ``stored`` (:func:`klondike.app.storage.save_game`'s text), as it
        was; BadSave if it does not read, and then nothing changes."""
        game, elapsed = load_game(stored)
        self.game = game
        self.clock = Clock(self.now, elapsed)
        self.checked = is_checked(stored)
        self.solved = is_solved(stored)
        self.redo_line = redo_of(stored, game)[::-1]
        self.steps = steps_of(stored, game, elapsed)
        self.dealt = dealt_of(stored)
        self.keys.reset()

    def saved(self, unsure: Sequence[int] = ()) -> str:
        """The text that :meth:`load` reads back as this game; ``unsure``: the move counts
        of its positions the solver was not sure of (:func:`~.storage.unsure_of`)."""
        return save_game(self.game, self.clock.elapsed(), self.checked, self.redo_line[::-1],
                         self.dealt, self.solved, unsure, self._steps())

    def is_other(self, stored: str) -> bool:
        """Whether the saved game ``stored`` is another game, or this one as it stood
        before or after other moves (False if it does not read)."""
        try:
            other, _elapsed = load_game(stored)
        except BadSave:
            return False
        return other.to_json() != self.game.to_json() or dealt_of(stored) != self.dealt

    def key(self) -> str:
        """The statistics' key of the game on the table: this dealing of its deal,
        whatever its moves. A reload of it is the same game, and so is the game after an
        undo: a game won, taken back and left counted once (it was counted again, as
        left). The same deal dealt again, even won with the same moves, is another game
        (issue 39). A save from before the dealing's token: its code and moves."""
        if not self.dealt:
            return key_of_game(self.game.to_json())
        return key_of_game(f"{self.game.code} {self.dealt}")

    def key_by_moves(self) -> str:
        """The key of the game as it was made until the key was the dealing's (the code,
        the moves and the token): a game recorded under it, won on the table when the
        page was updated, is not recorded again under the new key."""
        return key_of_game(self.game.to_json() + self.dealt)

    def settle(self) -> None:
        """After every change: the clock runs from the first move until the win, while the
        page is shown and the table is this game's (no replay stands over it)."""
        game = self.game
        self.clock.run(game.moves_made > 0 and not game.is_won and not self.hidden
                       and not self.paused)

    def set_hidden(self, hidden: bool) -> None:
        self.hidden = hidden
        self.settle()

    def pause(self, paused: bool) -> None:
        """A replay stands over the table (``paused``), or is gone: the game waits."""
        self.paused = paused
        self.taps.forget()
        self.keys.reset()
        self.settle()

    # --- moves ----------------------------------------------------------------------------
    def play(self, move: Move) -> str:
        """Play ``move`` and say it; IllegalMove (nothing changes) if it cannot be played."""
        said = describe_move(self.game, move)
        self._steps()  # (any move played on the game itself has its time first)
        self._play(self.game, move)
        self._steps()
        self.taps.forget()
        # The keyboard's pick ends with any move, as with an undo: a drag of the picked
        # card, or a card put on it, leaves it naming a place that is no longer its own.
        self.keys.selected = None
        # A new move ends what Redo would play; the very move Redo would play is a redo.
        if self.redo_line and self.redo_line[-1] is move:
            self.redo_line.pop()
        else:
            self.redo_line.clear()
        return said

    def undo(self) -> str:
        """Take the last move back (R4): what to say, also when there is none."""
        if not self.game.moves_made:
            return _("There is nothing to undo")
        steps = self._steps()
        move = self.game.undo()
        if steps:
            steps.pop()
        self.redo_line.append(move)
        self.keys.selected = None
        # Which move, as Redo says it (the card it turned up is face down again: unsaid).
        return _("Undone: {move}").format(move=describe_move(self.game, move, turned=False))

    def back_to(self, moves: int) -> None:
        """Undo until ``moves`` moves are left; Redo plays them again."""
        self._steps()
        while self.game.moves_made > moves:
            self.redo_line.append(self.game.undo())
        self._steps()
        self.keys.selected = None

    def score(self) -> int | None:
        """The score at this moment of the clock (R3), None for a scoring without one."""
        return self.game.score_at(self.clock.elapsed(), self._steps())

    def _steps(self) -> list[int] | None:
        """:attr:`steps`, one a move: a move played on the game itself (Finish game's
        cards, which the page animates one by one) takes the clock's step as it stands."""
        steps = self.steps
        if steps is not None:
            made = self.game.moves_made
            if len(steps) > made:
                del steps[made:]
            elif len(steps) < made:
                steps.extend([standard_step(self.clock.elapsed())] * (made - len(steps)))
        return steps

    def score_line(self) -> str:
        """The score line of the game's scoring, at this moment of its clock."""
        game = self.game
        return game.scoring.score_line(self.score(), self.clock.elapsed(), game.moves_made)

    def is_stuck(self) -> bool:
        """R6 (source B): no useful move is left (:func:`~.ending.is_stuck`)."""
        return self._ends()[0]

    def finish_line(self) -> list[Move] | None:
        """R6 "Finish game"'s line of cards home, if every tableau card is face up
        (:func:`~.ending.finish_line`)."""
        line = self._ends()[1]
        return None if line is None else list(line)

    def _ends(self) -> tuple[bool, list[Move] | None]:
        game = self.game
        history = game.history
        was, then, stuck, line = self._ending
        if was is not game or then is not history:
            stuck, line = is_stuck(game), finish_line(game)
            self._ending = (game, history, stuck, line)
        return stuck, line

    # --- gestures (R5) and keys: the move each means, or why there is none --------------
    def tap(self, pile: str, index: int, card: str | None) -> Move | str | None:
        """One tap: the stock turns; a card goes home; a second tap on the same card
        soon after puts it on the tableau. None: the tap means nothing."""
        game = self.game
        if pile == "stock":
            move = tap_move(game, "stock", 0)
            return stock_refusal(game) if move is None else move
        if index < 0 or card is None:
            return None
        now = self.now()
        if self.taps.is_double(card, now):
            move = double_tap_move(game, pile, index)
            return _("There is no place for that card on the tableau") if move is None \
                else move
        move = tap_move(game, pile, index)
        if move is None:
            self.taps.missed(card, now)
        return move

    def drop(self, pile: str, index: int, target: str | None) -> Move | str | None:
        """The card ``index`` of ``pile`` (with the cards on it) let go over ``target``."""
        if target is None:
            return None
        move = drag_move(self.game, pile, index, target)
        return refusal(self.game, pile, index, target) if move is None else move

    def drop_pile(self, pile: str, index: int, target: str | None) -> str | None:
        """The pile to outline while dragging over ``target``: where the card would go
        (its own suit's foundation for "F"), None if it cannot go there."""
        if target is None or drag_move(self.game, pile, index, target) is None:
            return None
        return target if target != "F" else "F" + card_at(self.game, pile, index).suit

    def choose(self, pile: str, can_move: bool) -> Move | str | None:
        """Enter on ``pile``: the stock turns; elsewhere :meth:`Keys.choose` picks or
        puts down."""
        if pile == "stock":
            return self.tap("stock", 0, None)
        return self.keys.choose(self.game, pile, can_move)


__all__ = ["Clock", "Table"]
