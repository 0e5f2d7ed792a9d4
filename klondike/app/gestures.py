"""What the player's gestures mean (SPEC R5), decided without the DOM.

A gesture names a card by its pile and index, as :mod:`klondike.app.view` places it; the
answer is the :class:`~klondike.moves.Move` to play, or ``None`` when the gesture does
nothing (an illegal drop glides back with nothing changed).

>>> from klondike import Game
>>> game = Game.from_code("KL1-D1N-AAAAAAG")
>>> tap_move(game, "T7", 6)  # one tap: the ace of hearts goes home
Move('T7>F')
>>> drag_move(game, "T1", 0, "T4")  # the ace of diamonds fits nowhere on the tableau

What a press is, the double tap's timing as well as its meaning, is decided here too: a
press that moves less than :data:`DRAG_START_PX` is a tap (the page's pointer glue asks),
and two taps on one card within :data:`DOUBLE_TAP_SECONDS` are a double tap (:class:`Taps`).
"""

from __future__ import annotations

from ..cards import CARDS, SUITS, Card
from ..game import Game
from ..i18n import _
from ..moves import (
    COLUMN_TO_COLUMN,
    COLUMN_TO_F,
    COLUMN_TO_FOUNDATION,
    COLUMN_TO_T,
    DRAW,
    FOUNDATION_TO_COLUMN,
    FOUNDATION_TO_T,
    STOCK,
    WASTE_TO_COLUMN,
    WASTE_TO_F,
    WASTE_TO_FOUNDATION,
    WASTE_TO_T,
    IllegalMove,
    Move,
)


def _column(pile: str) -> int | None:
    if len(pile) == 2 and pile[0] == "T" and pile[1] in "1234567":
        return int(pile[1]) - 1
    return None


def requested_move(game: Game, pile: str, index: int, target: str) -> Move | None:
    """The move a drag of card ``index`` of ``pile`` onto ``target`` asks for, legal
    or not; None when the gesture names no move at all."""
    to_foundation = target == "F" or target[:1] == "F"
    t = _column(target)
    if pile == "waste":
        if index != len(game.waste) - 1:
            return None  # R2.4: only the waste's top card plays
        return WASTE_TO_F if to_foundation else (WASTE_TO_T[t] if t is not None else None)
    s = _column(pile)
    if s is not None:
        column = game.tableau[s]
        size = len(column.down) + len(column.up)
        if to_foundation:
            return COLUMN_TO_F[s] if index == size - 1 else None  # one card at a time
        if t is None or t == s or index < len(column.down):
            return None
        return COLUMN_TO_T[s][t]
    if len(pile) == 2 and pile[0] == "F" and pile[1] in SUITS and t is not None:
        if index != game.foundations[pile[1]] - 1:
            return None
        return FOUNDATION_TO_T[SUITS.index(pile[1])][t]
    return None


def run_start(game: Game, move: Move) -> int:
    """For a column-to-column move, the index in the source of the card that leads the
    moving run (R2.2: the one card of the run that fits the target)."""
    if move.kind != COLUMN_TO_COLUMN:
        raise ValueError(f"not a column-to-column move: {move}")
    source = game.tableau[move.source]
    target = game.tableau[move.target]
    down = len(source.down)
    if not target.up:
        return down  # the King-headed run
    need = target.up[-1].rank - 1
    return down + source.up[0].rank - need


def card_at(game: Game, pile: str, index: int) -> Card:
    """The card ``index`` of ``pile`` (a face-up pile, or a column), as the view names it."""
    if pile == "waste":
        return game.waste[index]
    if pile[0] == "F":
        return CARDS[SUITS.index(pile[1]) * 13 + index]
    column = game.tableau[int(pile[1]) - 1]
    return (column.down + column.up)[index]


def source_of(game: Game, move: Move) -> tuple[str, int]:
    """The pile and index of the card a player takes for ``move`` (not the stock's)."""
    if move.kind in (WASTE_TO_FOUNDATION, WASTE_TO_COLUMN):
        return "waste", len(game.waste) - 1
    if move.kind == FOUNDATION_TO_COLUMN:
        suit = SUITS[move.source]
        return "F" + suit, game.foundations[suit] - 1
    column = game.tableau[move.source]
    if move.kind == COLUMN_TO_COLUMN:
        return f"T{move.source + 1}", run_start(game, move)
    return f"T{move.source + 1}", len(column.down) + len(column.up) - 1


def drag_move(game: Game, pile: str, index: int, target: str) -> Move | None:
    """The legal move made by dropping the card (and what lies on it) on ``target``."""
    move = requested_move(game, pile, index, target)
    if move is None or not game.is_legal(move):
        return None
    if move.kind == COLUMN_TO_COLUMN and run_start(game, move) != index:
        return None  # the player dragged another part of the run than the one that fits
    return move


def refusal(game: Game, pile: str, index: int, target: str) -> str:
    """Why dropping that card on ``target`` does nothing, in the player's words."""
    move = requested_move(game, pile, index, target)
    if move is None:
        return _("That card cannot go there")
    try:
        game.copy().play(move)
    except IllegalMove as e:
        return str(e)
    return _("Drag the card that fits there; the cards on it move along")


#: A press that moves less than this (CSS px, across plus down) is a tap, not a drag.
DRAG_START_PX = 6
#: Two taps on one card within this many seconds are a double tap (R5).
DOUBLE_TAP_SECONDS = 0.4


class Taps:
    """The player's taps on cards, to tell a double tap: the first tap of a double tap
    is one that did nothing by itself (a card with no foundation to go to).

    >>> taps = Taps()
    >>> taps.missed("Kh", now=10.0)
    >>> taps.is_double("Kh", now=10.3), taps.is_double("Kh", now=10.5)
    (True, False)
    """

    def __init__(self) -> None:
        self._last: tuple[str, float] | None = None  # (card, time) of a tap that did nothing

    def is_double(self, card: str, now: float) -> bool:
        """Whether a tap on ``card`` now is the second of a double tap (then forgotten)."""
        last, self._last = self._last, None
        return last is not None and last[0] == card and now - last[1] < DOUBLE_TAP_SECONDS

    def missed(self, card: str, now: float) -> None:
        """A tap on ``card`` did nothing: a second one soon after is a double tap."""
        self._last = (card, now)

    def forget(self) -> None:
        """A move was played: no tap before it makes a double tap with one after."""
        self._last = None


def stock_refusal(game: Game) -> str:
    """Why a tap on the stock does nothing: the game's own reason (both the stock and
    the waste empty, or Vegas's one pass through the stock, R2.9, R3.3)."""
    try:
        game.copy().play(STOCK)
    except IllegalMove as e:
        return str(e)
    return ""


def tap_move(game: Game, pile: str, index: int) -> Move | None:
    """One tap (R5): the stock draws or recycles; a top card goes to its foundation."""
    if pile == "stock":
        return STOCK if game.is_legal(STOCK) else None
    return drag_move(game, pile, index, "F")


def double_tap_move(game: Game, pile: str, index: int) -> Move | None:
    """Two quick taps (R5): a place on the tableau, the longest column first, then an
    empty column for a King."""
    columns = game.tableau
    order = sorted(
        range(7),
        key=lambda j: (not (columns[j].down or columns[j].up),
                       -(len(columns[j].down) + len(columns[j].up)), j),
    )
    for j in order:
        move = drag_move(game, pile, index, f"T{j + 1}")
        if move is not None:
            return move
    return None


def describe_hint(game: Game, move: Move) -> str:
    """What a hint (R8) names: ``move``, in words, without a card the player cannot see
    yet (the stock's next cards, the card a column's move would turn up): "turn a card
    over from the stock", "7 of hearts to column 3"."""
    if move.kind != DRAW:
        return describe_move(game, move, turned=False)
    if not game.stock:
        return _("turn the waste back into the stock")
    return _("turn a card over from the stock") if game.draw == 1 else \
        _("turn cards over from the stock")


def describe_move(game: Game, move: Move, turned: bool = True) -> str:
    """What ``move`` does, in words for the live region (screen readers), said before it
    is played: "7 of hearts to column 3; jack of clubs turned up" (without the card
    turned up where ``turned`` is false)."""
    trial = game.copy()
    trial.play(move)
    kind = move.kind
    if kind == DRAW:
        if not game.stock:
            text = _("waste turned over into the stock")
        else:
            drawn = len(trial.waste) - len(game.waste)
            text = _("{card} turned from the stock").format(card=_(trial.waste[-1].name))
            if drawn > 1:
                text = _("{count} cards turned from the stock, {card} on top").format(
                    count=drawn, card=_(trial.waste[-1].name))
        return text
    if kind in (WASTE_TO_FOUNDATION, WASTE_TO_COLUMN):
        card = game.waste[-1]
    elif kind == FOUNDATION_TO_COLUMN:
        top = game.foundation_top(SUITS[move.source])
        assert top is not None, move  # the move is legal: the foundation has a card
        card = top
    else:
        column = game.tableau[move.source]
        cards = column.down + column.up
        card = cards[run_start(game, move)] if kind == COLUMN_TO_COLUMN else cards[-1]
    if move.target < 0:
        text = _("{card} to its foundation").format(card=_(card.name))
    else:
        text = _("{card} to column {column}").format(card=_(card.name), column=move.target + 1)
    if turned and kind in (COLUMN_TO_COLUMN, COLUMN_TO_FOUNDATION):
        before = game.tableau[move.source]
        after = trial.tableau[move.source]
        if len(after.down) < len(before.down):
            text += "; " + _("{card} turned up").format(card=_(after.up[0].name))
    return text
