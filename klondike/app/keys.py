"""The keyboard's part of the game (WCAG: everything the pointer does), without the DOM:
the card each pile's cursor points at, the arrows' map of the table, and the pick that
Enter makes and puts down. :class:`~klondike.app.session.Session` plays what it chooses.
"""

from __future__ import annotations

from ..game import Game
from ..i18n import _, ngettext
from ..moves import Move
from .gestures import card_at, drag_move, refusal, tap_move
from .view import COLUMN_PILES, PILES

# The arrows' map of the table: the pile above each column, the column below each pile
# of the top row (the waste's neighbour in the top row is the gap over column 3).
_ABOVE = dict(zip(COLUMN_PILES, ("stock", "waste", "waste", "Fs", "Fh", "Fd", "Fc"),
                  strict=True))
_BELOW = {"stock": "T1", "waste": "T2", "Fs": "T4", "Fh": "T5", "Fd": "T6", "Fc": "T7"}


class Keys:
    def __init__(self) -> None:
        self.selected: tuple[str, int] | None = None  # the pick: (pile, index)
        self.cursor: dict[str, int] = {}  # pile -> index of the card pointed at

    def reset(self) -> None:
        """A new deal: nothing picked, every cursor on its pile's top card."""
        self.selected = None
        self.cursor.clear()

    def pointed_index(self, game: Game, pile: str) -> int:
        """The card of ``pile`` the cursor points at (the top card unless moved)."""
        if pile in COLUMN_PILES:
            column = game.tableau[COLUMN_PILES.index(pile)]
            size = len(column.down) + len(column.up)
            index = self.cursor.get(pile, size - 1)
            return index if len(column.down) <= index < size else size - 1
        if pile == "waste":
            return len(game.waste) - 1
        if pile[0] == "F":
            return game.foundations[pile[1]] - 1
        return 0

    def point(self, game: Game, pile: str) -> tuple[int, str | None]:
        """The card pointed at on ``pile`` and its name to say (None: the pile is empty)."""
        index = self.pointed_index(game, pile)
        if index < 0:
            return index, None
        if pile == "stock":
            return index, _("face-down card") if game.stock else None
        if pile in COLUMN_PILES and index < len(game.tableau[COLUMN_PILES.index(pile)].down):
            return index, _("face-down card")
        return index, _(card_at(game, pile, index).name)

    def said(self, game: Game, pile: str) -> str:
        """What the status line says as the cursor comes to ``pile``: the card pointed
        at, and what a sighted player sees at a glance: how many cards are face down in a
        column, how many the stock holds; "empty" for a pile without a card (the last
        text stayed, a face-down card's name over an empty foundation)."""
        index, name = self.point(game, pile)
        if pile == "stock":
            count = len(game.stock)
            return ngettext("{count} card in the stock", "{count} cards in the stock",
                            count).format(count=count) if count else _("empty")
        if name is None:
            return _("empty")
        if pile in COLUMN_PILES:
            down = len(game.tableau[COLUMN_PILES.index(pile)].down)
            if down and index >= down:
                return ngettext("{card}; {count} face-down card in this column",
                                "{card}; {count} face-down cards in this column",
                                down).format(card=name, count=down)
        return name

    def arrow(self, game: Game, pile: str, key: str) -> str | None:
        """An arrow key on ``pile``: the pile to focus next (``pile`` itself when the
        cursor moved within the column), or None when nothing moves."""
        if key in ("ArrowLeft", "ArrowRight"):
            step = 1 if key == "ArrowRight" else -1
            return PILES[(PILES.index(pile) + step) % len(PILES)]
        if pile not in COLUMN_PILES:
            return _BELOW.get(pile) if key == "ArrowDown" else None
        column = game.tableau[COLUMN_PILES.index(pile)]
        size = len(column.down) + len(column.up)
        if not column.up:
            return None
        current = self.cursor.get(pile, size - 1) + (-1 if key == "ArrowUp" else 1)
        if current < len(column.down) or current >= size:
            return _ABOVE[pile] if key == "ArrowUp" else None
        self.cursor[pile] = current
        return pile

    def choose(self, game: Game, pile: str, can_move: bool) -> Move | str:
        """Enter on ``pile`` (not the stock): pick its pointed card (``can_move``: the
        view lets it move), or put the picked one there (on the pile it came from: send
        it home). The move to play, or what to say."""
        if self.selected is None:
            if not can_move:
                return _("There is no card to move here")
            index = self.pointed_index(game, pile)
            self.selected = (pile, index)
            return _("{card} selected: choose where it goes, then press Enter").format(
                card=_(card_at(game, pile, index).name))
        source, index = self.selected
        self.selected = None
        if source == pile:
            move = tap_move(game, source, index)
            if move is None:
                return _("Selection cancelled")
        else:
            target = "F" if pile[0] == "F" else pile
            move = drag_move(game, source, index, target)
            if move is None:
                return refusal(game, source, index, target)
        self.cursor.pop(pile, None)
        self.cursor.pop(source, None)
        return move

    def cancel(self) -> str | None:
        """Escape: drop the pick, if any."""
        if self.selected is None:
            return None
        self.selected = None
        return _("Selection cancelled")
