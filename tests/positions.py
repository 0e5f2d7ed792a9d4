"""Build made-up positions for rule scenarios (like a FEN in python-chess tests).

A column is written ``"Kd Qs | 7h 6s"``: face-down cards before the bar, face-up after;
without a bar every card is face up. Cards that a scenario does not mention are simply
absent, which the rules never look at.
"""

from __future__ import annotations

from klondike import Card, Game, GameCode


def cards(text: str) -> list[Card]:
    return [Card.from_text(t) for t in text.split()]


def position(
    columns: tuple[str, ...] | list[str] = (),
    stock: str = "",
    waste: str = "",
    foundations: str = "",
    draw: int = 1,
    scoring: str = "N",
) -> Game:
    """``stock`` lists the next card first, ``waste`` the top card last; ``foundations``
    names each foundation's top card (``"3h Ac"``)."""
    game = Game(GameCode(0, draw, scoring))
    cols = list(columns) + [""] * (7 - len(columns))
    game._columns, game._down = [], []
    for text in cols:
        down, _, up = text.rpartition("|")
        game._columns.append(cards(down) + cards(up))
        game._down.append(len(cards(down)))
    game._stock = list(reversed(cards(stock)))
    game._waste = cards(waste)
    game._foundations = [0, 0, 0, 0]
    for card in cards(foundations):
        game._foundations[card.suit_index] = card.rank
    return game
