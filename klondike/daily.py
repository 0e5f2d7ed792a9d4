"""The daily deal (SPEC R8): one deal a day, the same for every player on that date,
different for draw 1 and draw 3, and proved winnable.

The choice is a frozen function of the date and the draw mode, so that the browser
(Pyodide) and the command line agree, today and in ten years:

1. Seed SplitMix64 (R1.2, :class:`klondike.deal.SplitMix64`) with ``yyyymmdd * 10 + draw``
   (2024-03-05 in draw 3: 202403053).
2. Its unbiased draws below the number of deals (R1.3) give candidate deal numbers.
3. The daily deal is the first candidate that the solver's depth-first search proves
   won within :data:`klondike.solver.DAILY_BUDGET` nodes, under the rules frozen with
   this definition (:func:`klondike.solver.wins_for_the_daily_deal`); its code has the
   scoring letter N.

Changing the budget or that search changes which candidates are proved won, so both are
part of this definition: a change to the solver must leave them as they are, or keep
past days' deals (tests pin some).

>>> from datetime import date
>>> daily_code(date(2024, 3, 5), 3)
'KL1-D3N-PZLKYGM'
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

from .codes import GameCode
from .deal import DEALS, SplitMix64
from .game import Game
from .solver import wins_for_the_daily_deal

MAX_CANDIDATES = 1000  # far more than ever needed: most deals are won within the budget


def candidates(day: date, draw: int) -> Iterator[int]:
    """The candidate deal numbers for ``day`` in draw ``draw`` (steps 1 and 2)."""
    rng = SplitMix64((day.year * 10000 + day.month * 100 + day.day) * 10 + draw)
    for _ in range(MAX_CANDIDATES):
        yield rng.below(DEALS)


def daily_code(day: date, draw: int) -> str:
    """The game code of ``day``'s deal in draw ``draw`` (1 or 3)."""
    for number in candidates(day, draw):
        code = GameCode(number, draw, "N")
        if wins_for_the_daily_deal(Game(code)):
            return str(code)
    raise RuntimeError(f"no candidate for {day} in draw {draw} was proved won")
