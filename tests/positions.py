"""Build made-up positions for rule scenarios (like a FEN in python-chess tests).

A column is written ``"Kd Qs | 7h 6s"``: face-down cards before the bar, face-up after;
without a bar every card is face up. Cards that a scenario does not mention are simply
absent, which the rules never look at. The scenario becomes the text of
:meth:`Game.position` and the game is set up by :meth:`Game.from_position` with
``partial=True``, so it is checked like any position but for the absent cards.
"""

from __future__ import annotations

from klondike import Card, Game
from klondike.scoring import SCORINGS


def cards(text: str) -> str:
    """Cards written with spaces (``"7h 6s"``) in a position's text (``"7h6s"``)."""
    return "".join(str(Card.from_text(t)) for t in text.split())


def position(
    columns: tuple[str, ...] | list[str] = (),
    stock: str = "",
    waste: str = "",
    foundations: str = "",
    draw: int = 1,
    scoring: str = "N",
    score: int | None = None,
) -> Game:
    """``stock`` lists the next card first, ``waste`` the top card last (only the top
    card shows); ``foundations`` names each foundation's top card (``"3h Ac"``);
    ``score`` is the points the moves made so far, by default the scoring's start."""
    tableau = []
    for text in list(columns) + [""] * (7 - len(columns)):
        down, bar, up = text.rpartition("|")
        tableau.append(cards(down) + bar + cards(up) or "-")
    levels = [0, 0, 0, 0]
    for card in map(Card.from_text, foundations.split()):
        levels[card.suit_index] = card.rank
    if score is None:
        score = SCORINGS[scoring].start
    return Game.from_position(" ".join((
        f"D{draw}{scoring}",
        "/".join(tableau),
        cards(stock) or "-",
        cards(waste) or "-",
        ",".join(map(str, levels)),
        str(score),
        "0",
    )), partial=True)
