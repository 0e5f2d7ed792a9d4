"""What the solver answers (SPEC R8), apart from the search itself
(:mod:`klondike.solver`), so that code that only reads answers, such as the page's
session, whose searches run in the solver's Web Worker, need not load the search: it
took about 30 ms to import in the browser."""

from __future__ import annotations

from typing import NamedTuple

WON, LOST, UNKNOWN = "won", "lost", "unknown"


class Solution(NamedTuple):
    result: str  # WON, LOST or UNKNOWN
    nodes: int  # positions expanded
    moves: list[str]  # for WON: R10 move texts from the given position to the win
