"""The hint of SPEC R8: a card worth moving and where it goes.

A move on the solver's winning line when there is one; otherwise a sensible move in this
order: one that turns a face-down card up, a card home, a waste card into play, another
useful move, a turn of the stock that leads to one. None when no useful move exists.
"""

from __future__ import annotations

from ..game import Game
from ..moves import (
    COLUMN_TO_COLUMN,
    COLUMN_TO_FOUNDATION,
    STOCK,
    WASTE_TO_COLUMN,
    WASTE_TO_FOUNDATION,
    Move,
)
from .ending import has_useful_move, is_useful
from .gestures import card_at, source_of
from .reply import HintMarks


def _turns_card_up(game: Game, move: Move) -> bool:
    if move.kind not in (COLUMN_TO_COLUMN, COLUMN_TO_FOUNDATION):
        return False
    trial = game.copy()
    trial.play(move)
    return len(trial.tableau[move.source].down) < len(game.tableau[move.source].down)


def sensible_move(game: Game) -> Move | None:
    """A move a good player would consider first, without searching (see above)."""
    useful = [m for m in game.legal_moves() if m is not STOCK and is_useful(game, m)]
    for wanted in (
        lambda m: _turns_card_up(game, m),
        lambda m: m.kind in (COLUMN_TO_FOUNDATION, WASTE_TO_FOUNDATION),
        lambda m: m.kind == WASTE_TO_COLUMN,
        lambda m: True,
    ):
        for move in useful:
            if wanted(move):
                return move
    if game.is_legal(STOCK) and has_useful_move(game):
        return STOCK
    return None


def hint(game: Game, winning_line: list[str] | None = None) -> Move | None:
    """The move to suggest: the first of ``winning_line`` (the solver's, from this very
    position) if given, else :func:`sensible_move`."""
    if winning_line:
        return Move.from_text(winning_line[0])
    return sensible_move(game)


def marks_of(game: Game, move: Move) -> HintMarks:
    """Where the table marks ``move`` of ``game``: the card to lift and where it goes
    (the stock's top card for a draw). The hint's marks, and the replay's losing move."""
    if move is STOCK:
        return HintMarks("stock", len(game.stock) - 1, None)
    pile, index = source_of(game, move)
    suit = card_at(game, pile, index).suit
    return HintMarks(pile, index, "F" + suit if move.target < 0 else f"T{move.target + 1}")
