"""What the solver knows about the positions of one game: "Can this still be won?", the
hint and Finish game (issue 5, R8), apart from the page that shows them.

The page asks :meth:`Analysis.advance` for a slice of search between its events, so it
never freezes, and shows :meth:`Analysis.state`. Answers are kept per position (the game
code and the moves that led there), so undoing to a position seen before answers at once.

>>> from klondike import Game
>>> game = Game.from_code("KL1-D1N-AAAAAAD")
>>> analysis = Analysis()
>>> analysis.state(game)
'busy'
>>> while analysis.advance(game) is None:
...     pass
>>> analysis.state(game), analysis.winning_line(game)[:3]
('won', ['T1>F', 'T2>F', 'S'])
"""

from __future__ import annotations

from collections.abc import Callable
from time import perf_counter

from ..game import Game
from ..moves import Move
from ..solver import WON, Search, Solution

#: A position's search gives up ("not sure") after this many nodes...
BUDGET = 60_000
#: ...and runs for this many seconds at a time between the page's events, to stay under
#: the 50 ms of a "long task" with room for the page's own work. Slices of a fixed 250
#: nodes took 61 ms at the median and 117 ms at most under Pyodide in Node.js on a slow
#: day (bench/solver_pyodide.mjs, deals 0-19 of both draws). The clock only cuts the
#: search into slices: its answer and node count are those of :func:`solve`.
SLICE_SECONDS = 0.030

BUSY = "busy"  # what state() says until the solver answers


def position_key(game: Game, moves: int | None = None) -> str:
    """The position after the first ``moves`` moves (all by default) of ``game``."""
    return game.code + "|" + " ".join(map(str, game.history[:moves]))


class Analysis:
    def __init__(
        self,
        budget: int = BUDGET,
        slice_seconds: float = SLICE_SECONDS,
        clock: Callable[[], float] = perf_counter,
    ) -> None:
        self.budget = budget
        self.slice_seconds = slice_seconds
        self.clock = clock
        self.known: dict[str, Solution] = {}  # position key -> the solver's answer
        self._search: tuple[str, Search] | None = None  # the one in progress
        self._done: list[Search] = []  # searches no longer needed, freed a slice at a time

    @property
    def tidying(self) -> bool:
        """Whether searches no longer needed are still being freed: slices still wanted
        (dropped at once, one of 60,000 nodes took about 80 ms to free in Pyodide)."""
        return bool(self._done)

    def _retire(self) -> None:
        if self._search is not None:
            self._done.append(self._search[1])
            self._search = None

    def forget(self) -> None:
        """A new deal: the answers were about the old one."""
        self.known.clear()
        self._retire()

    def answer(self, game: Game) -> Solution | None:
        return self.known.get(position_key(game))

    def state(self, game: Game) -> str:
        """BUSY until the position on the board is answered, then the answer: WON, LOST
        or UNKNOWN (the budget ran out: "not sure")."""
        solution = self.answer(game)
        return BUSY if solution is None else solution.result

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

    def advance(self, game: Game, search: bool = True) -> Solution | None:
        """One slice, :attr:`slice_seconds` long: first freeing searches no longer
        needed, then (unless not ``search``) searching the position on the board (a new
        search if the board moved on), or nothing if it is won. The position's answer
        once there is one."""
        until = self.clock() + self.slice_seconds
        while self._done and self._done[0].release(until, self.clock):
            del self._done[0]
        key = position_key(game)
        if key in self.known:
            return self.known[key]
        if game.is_won or not search:
            return None
        if self._search is None or self._search[0] != key:
            self._retire()
            self._search = (key, Search(game.copy(), self.budget))
        solution = self._search[1].advance(self.budget, until, self.clock)
        if solution is not None:
            self.known[key] = solution
            self._retire()
        return solution

    def last_winnable(self, game: Game) -> int | None:
        """How many moves of this game lead to the last earlier position known to be
        winnable (for "Undo to the last winnable position")."""
        for moves in range(game.moves_made - 1, -1, -1):
            solution = self.known.get(position_key(game, moves))
            if solution is not None and solution.result == WON:
                return moves
        return None
