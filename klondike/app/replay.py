"""A finished game of the history replayed on the table (issue 42): its deal from the
start, move by move, forward and back, to the start or the end, read-only. Where the
solver decided that a move turned a winnable game into a lost one, the replay marks it:
before it, the move is shown as a hint would show it; after it, it is said.

>>> from .history import WON, Entry
>>> replay = Replay(Entry("k1", "KL1-D1N-AAAAAAA", "2026-12-05", WON, "T7>F S", 9.0, 15))
>>> replay.go(FORWARD)
'Move 1 of 2: ace of hearts to its foundation; 8 of hearts turned up'
>>> replay.go(END), replay.bar().status
('Move 2 of 2: queen of diamonds turned from the stock', 'Move 2 of 2')
>>> replay.go(FORWARD)
'This is the end of the game'
"""

from __future__ import annotations

from ..codes import BadCode, GameCode
from ..game import Game
from ..i18n import _
from ..moves import IllegalMove, Move
from .gestures import describe_move
from .hint import marks_of
from .history import Entry
from .reply import CLOSED, Hint, ReplayBar

START = "start"
BACK = "back"
FORWARD = "forward"
END = "end"
LOSING = "losing"  # to the position before the move that lost the game
WHERE = (START, BACK, FORWARD, END, LOSING)


class BadReplay(ValueError):
    """The game's moves do not play on its deal (a damaged history): nothing to replay."""




class Replay:
    def __init__(self, entry: Entry) -> None:
        """BadReplay if ``entry``'s moves do not all play on its deal."""
        try:
            self.code = GameCode.parse(entry.code)
            self.moves = [Move.from_text(text) for text in entry.moves.split()]
            self.game = Game(self.code)
            for move in self.moves:  # each is legal: stepping never fails later
                self.game.play(move)
        except (BadCode, ValueError, IllegalMove) as e:
            raise BadReplay(str(e)) from e
        self.entry = entry
        self._to(0)

    @property
    def at(self) -> int:
        """The moves played so far on the replay's table."""
        return self.game.moves_made

    def _to(self, at: int) -> None:
        while self.game.moves_made > at:
            self.game.undo()
        while self.game.moves_made < at:
            self.game.play(self.moves[self.game.moves_made])

    def go(self, where: str) -> str:
        """Step (one of :data:`WHERE`) and say where the replay stands."""
        total, at, turned = len(self.moves), self.at, self.entry.turned
        if where == LOSING and turned is None:
            return _("No move of this game is known to have lost it")
        target = {START: 0, BACK: at - 1, FORWARD: at + 1, END: total,
                  LOSING: (turned or 1) - 1}[where]
        if not 0 <= target <= total:
            return _("This is the start of the game") if target < 0 \
                else _("This is the end of the game")
        self._to(max(target - 1, 0))  # a move is said from the position before it
        said = describe_move(self.game, self.moves[target - 1]) if target \
            else _("The deal as it was dealt")
        self._to(target)
        said = _("Move {move} of {moves}: {said}").format(move=target, moves=total,
                                                          said=said) if target else said
        return " ".join(filter(None, (said, self._losing_said())))

    def _losing_said(self) -> str:
        turned = self.entry.turned
        if turned is None:
            return ""
        if self.at == turned - 1:
            return _("The next move lost the game: until it, the game could still be won.")
        if self.at == turned:
            return _("This move lost the game: until it, the game could still be won.")
        return ""

    def hint(self) -> Hint | None:
        """The losing move, marked on the table as a hint is, when it is the next move."""
        turned = self.entry.turned
        if turned is None or self.at != turned - 1:
            return None
        move = self.moves[self.at]
        return Hint(marks_of(self.game, move), self._losing_said())

    def bar(self) -> ReplayBar:
        total, at, turned = len(self.moves), self.at, self.entry.turned
        status = _("Move {move} of {moves}").format(move=at, moves=total)
        marked = turned is not None and at in (turned - 1, turned)
        if turned is not None and marked:
            status += " · " + (_("the next move lost the game") if at == turned - 1
                               else _("this move lost the game"))
        title = _("Replay of {code}, {day}").format(code=self.entry.code, day=self.entry.day)
        return ReplayBar(True, title, status, at == 0, at == total, turned is not None,
                         marked)


__all__ = ["BACK", "CLOSED", "END", "FORWARD", "LOSING", "START", "WHERE", "BadReplay",
           "Replay", "ReplayBar"]
