"""What the solver knows about the positions of one game: "Can this still be won?", the
hint and Finish game (issue 5, R8), apart from the page that shows them.

The search itself runs in the solver's worker (:mod:`klondike.app.solving`); this keeps
its answers per position (the game code and the moves that led there), so undoing to a
position seen before answers at once, and says which position to ask about next.

>>> from klondike import Game
>>> from klondike.solver import solve
>>> game = Game.from_code("KL1-D1N-AAAAAAD")
>>> analysis = Analysis()
>>> analysis.state(game), analysis.to_ask(game)
('busy', 'KL1-D1N-AAAAAAD|')
>>> analysis.receive(position_key(game), solve(game, BUDGET))
>>> analysis.state(game), analysis.winning_line(game)[:3], analysis.to_ask(game)
('won', ['T1>F', 'T2>F', 'S'], None)
"""

from __future__ import annotations

from ..game import Game
from ..moves import Move
from ..solution import UNKNOWN, WON, Solution

#: A position's search gives up ("not sure") after this many nodes: in the worker a
#: search delays nothing the player does. 0.9% of draw-3 deals 1000-1999 are "not sure"
#: at 3,000,000 (1.5% at 1,000,000, the budget before), after about 7 minutes and 560 MiB
#: of the worker's memory here (docs/benchmarks.md). 60,000 while the search shared the
#: page's thread. The worker's memory cap (worker_link.memory_cap) can end a long search
#: first: at 256 MiB, after 2,200,000 to 2,600,000 nodes (docs/benchmarks.md).
BUDGET = 3_000_000

BUSY = "busy"  # what state() says until the solver answers
UNAVAILABLE = "unavailable"  # the solver's worker could not start, or stopped


def position_key(game: Game, moves: int | None = None) -> str:
    """The position after the first ``moves`` moves (all by default) of ``game``: its code
    and the moves, ``"KL1-D1N-AAAAAAD|T1>F T2>F"``."""
    return _KEYS.key(game, moves)


class _Keys:
    """The keys of the last game asked about: a move adds its text to the last key rather
    than joining the whole history again, as position_key runs several times a move. The
    game's history is the same tuple until a move or an undo, so checking is cheap."""

    def __init__(self) -> None:
        self.code = ""
        self.moves: tuple[Move, ...] = ()
        self.text = "|"  # the key after all of self.moves
        self.ends = [1]  # the length of the key after 0, 1, 2... of them

    def key(self, game: Game, moves: int | None) -> str:
        history = game.history
        if history is not self.moves or game.code != self.code:
            self.update(game.code, history)
        return self.text[:self.ends[len(history[:moves])]]

    def update(self, code: str, history: tuple[Move, ...]) -> None:
        kept = 0  # the moves both histories begin with (a move, an undo, a redo)
        if code == self.code:
            kept = min(len(history), len(self.moves))
            while history[:kept] != self.moves[:kept]:  # Move objects: one per move
                kept -= 1
        else:
            self.code, self.text, self.ends = code, code + "|", [len(code) + 1]
        ends = self.ends[:kept + 1]
        parts = [self.text[:ends[-1]]]
        for n, move in enumerate(history[kept:], start=kept):
            parts.append(move.text if n == 0 else " " + move.text)
            ends.append(ends[-1] + len(parts[-1]))
        self.text, self.ends, self.moves = "".join(parts), ends, history


_KEYS = _Keys()


class Analysis:
    def __init__(self) -> None:
        self.known: dict[str, Solution] = {}  # position key -> the solver's answer
        self.down = False  # the worker failed: nothing more will be answered

    def forget(self) -> None:
        """A new deal: the answers were about the old one."""
        self.known.clear()

    def answer(self, game: Game) -> Solution | None:
        return self.known.get(position_key(game))

    def receive(self, key: str, solution: Solution) -> None:
        """The worker's answer about the position ``key`` (perhaps no longer on the
        board: kept for an undo)."""
        self.known[key] = solution

    def to_ask(self, game: Game) -> str | None:
        """The key of the position on the board if it is still to be answered."""
        if self.down or game.is_won:
            return None
        key = position_key(game)  # made once: it joins every move of the game
        return None if key in self.known else key

    def state(self, game: Game) -> str:
        """BUSY until the position on the board is answered, then the answer: WON, LOST
        or UNKNOWN (the budget ran out: "not sure"); UNAVAILABLE once the worker failed."""
        solution = self.answer(game)
        if solution is None:
            return UNAVAILABLE if self.down else BUSY
        return solution.result

    def winning_line(self, game: Game) -> list[str] | None:
        """R10 move texts from the position on the board to a win, if one is known."""
        solution = self.answer(game)
        return solution.moves if solution is not None and solution.result == WON else None

    def play(self, game: Game, move: Move) -> None:
        """Play ``move`` (IllegalMove as :meth:`Game.play`); a move on the known winning
        line keeps the rest of the line as the new position's answer."""
        line = self.winning_line(game)
        game.play(move)
        if line and line[0] == str(move):
            self.known[position_key(game)] = Solution(WON, 0, line[1:])

    def unsure(self, game: Game) -> list[int]:
        """The move counts of ``game``'s positions (the first so many of its moves) the
        worker answered "not sure" of: its search ran out of budget or of memory, after
        minutes. Kept with the saved game, so a reload does not search them again."""
        counts = []
        for key, solution in self.known.items():
            if solution.result != UNKNOWN:
                continue
            code, _bar, moves = key.partition("|")
            n = len(moves.split())
            if code == game.code and n <= game.moves_made and position_key(game, n) == key:
                counts.append(n)
        return sorted(counts)

    def recall_unsure(self, game: Game, counts: list[int]) -> None:
        """``game``'s positions after so many of its moves were answered "not sure" before
        (:meth:`unsure`, from the saved game): answered so again, not searched."""
        for n in counts:
            self.known.setdefault(position_key(game, n), Solution(UNKNOWN, 0, []))

    def last_winnable(self, game: Game) -> int | None:
        """How many moves of this game lead to the last earlier position known to be
        winnable (for "Undo to the last winnable position")."""
        for moves in range(game.moves_made - 1, -1, -1):
            solution = self.known.get(position_key(game, moves))
            if solution is not None and solution.result == WON:
                return moves
        return None
