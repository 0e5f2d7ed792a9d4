"""The end of a game (SPEC R6): "Finish game" and telling a player they are stuck.

Neither is a rule of play: the game never moves cards by itself (R5) and never
declares a loss (R6, source A). These answer two questions the app asks after each move.
"""

from __future__ import annotations

from ..game import Game
from ..moves import (
    COLUMN_TO_FOUNDATION,
    DRAW,
    FOUNDATION_TO_COLUMN,
    STOCK,
    WASTE_TO_COLUMN,
    WASTE_TO_FOUNDATION,
    Move,
)
from .gestures import run_start


def finish_line(game: Game) -> list[Move] | None:
    """The moves that play every card home once every tableau card is face up (R6), or
    None when that is not yet the case or cannot be done by foundation moves and stock
    turns alone (for example in Vegas, with cards left behind the single pass)."""
    if not game.all_face_up or game.is_won:
        return None
    sim = game.copy()
    line: list[Move] = []
    idle_turns = 0  # stock turns in a row that let nothing go home
    while not sim.is_won:
        home = next(
            (m for m in sim.legal_moves()
             if m.kind in (COLUMN_TO_FOUNDATION, WASTE_TO_FOUNDATION)),
            None,
        )
        if home is None:
            if idle_turns > 2 * (len(sim.stock) + len(sim.waste)) + 2 or not sim.is_legal(STOCK):
                return None
            home = STOCK
            idle_turns += 1
        else:
            idle_turns = 0
        sim.play(home)
        line.append(home)
    return line


def is_useful(game: Game, move: Move) -> bool:
    """A move that makes progress: a card home, a waste card into play, a card turned up,
    a column emptied, or a part of a run moved to let a card go home. Taking cards back
    from a foundation and moving a King between empty columns are not."""
    kind = move.kind
    if kind in (COLUMN_TO_FOUNDATION, WASTE_TO_FOUNDATION, WASTE_TO_COLUMN):
        return True
    if kind in (DRAW, FOUNDATION_TO_COLUMN):
        return False
    # COLUMN_TO_COLUMN
    source = game.tableau[move.source]
    start = run_start(game, move)
    offset = start - len(source.down)
    if offset == 0:  # the whole face-up run moves
        return bool(source.down) or source.up[0].rank != 13
    exposed = source.up[offset - 1]
    foundation = game.foundations[exposed.suit]
    return foundation == exposed.rank - 1


def has_useful_move(game: Game) -> bool:
    """True when a useful move exists now or after some turns of the stock (one cycle)."""
    sim = game  # copied only to turn the stock: most positions have a useful move now
    seen = set()
    while True:
        if any(is_useful(sim, m) for m in sim.legal_moves() if m.kind != DRAW):
            return True
        key = (sim.stock, sim.waste)
        if key in seen or not sim.is_legal(STOCK):
            return False
        seen.add(key)
        if sim is game:
            sim = game.copy()
        sim.play(STOCK)


def is_stuck(game: Game) -> bool:
    """R6 (source B): no useful move is left, and a pass through the stock would make
    no progress. The app then offers Undo and New game; it is not a loss screen."""
    return not game.is_won and not has_useful_move(game)


__all__ = ["finish_line", "has_useful_move", "is_stuck", "is_useful"]
