"""Move safe cards home (issue 42): a setting, off by default, since the rules say no card
goes to a foundation on its own (R5). When it is on, after each of the player's moves a
card goes home by itself only when no play can need it any more: both cards of the other
colour one rank lower are on their foundations already (an ace always). kpat's Autodrop
and PySolFC's Auto drop follow the same rule.

>>> from klondike import Game
>>> game = Game.from_code("KL1-D1N-AAAAAAA")  # column 7 shows the ace of hearts
>>> safe_move(game)
Move('T7>F')
>>> game.play(safe_move(game))
Move('T7>F')
>>> safe_move(game) is None
True
"""

from __future__ import annotations

from ..cards import SUITS, Card
from ..game import Game
from ..moves import COLUMN_TO_FOUNDATION, WASTE_TO_FOUNDATION, Move


def is_safe(game: Game, card: Card) -> bool:
    """Whether ``card`` can go home without a later play needing it on the tableau: each
    foundation of the other colour holds the card one rank lower (an ace: always)."""
    foundations = game.foundations
    return all(foundations[suit] >= card.rank - 1 for suit in SUITS
               if (suit in "hd") != card.is_red)


def safe_move(game: Game) -> Move | None:
    """A legal move that takes a safe card home (a column's top card first, then the
    waste's), or None."""
    for move in game.legal_moves():
        if move.kind == COLUMN_TO_FOUNDATION:
            card = game.tableau[move.source].up[-1]
        elif move.kind == WASTE_TO_FOUNDATION:
            card = game.waste[-1]
        else:
            continue
        if is_safe(game, card):
            return move
    return None


__all__ = ["is_safe", "safe_move"]
