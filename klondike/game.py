"""The game: one mutable :class:`Game` that owns its layout and its history.

>>> game = Game.from_code("KL1-D1N-AAAAAAA")
>>> [str(m) for m in game.legal_moves()]
['S', 'T7>F', 'T4>T5']
>>> game.play("T7>F")
Move('T7>F')
>>> game.score, game.moves_made
(15, 1)
>>> game.undo()
Move('T7>F')
>>> game.score, game.moves_made
(0, 0)

The model is python-chess's ``Board``: :meth:`Game.play` pushes a move onto the history
with what undo needs to restore the position exactly (R4), :meth:`Game.undo` pops it.

Like a FEN in chess, :meth:`Game.position` writes any position as one line of text and
:meth:`Game.from_position` sets a game up from it; the text and its format are
:mod:`klondike.position`'s, the state it sets up is the game's.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, NamedTuple

from . import jsontext
from .cards import (
    CARDS,
    KING,
    RANK_NAMES,
    RANK_OF,
    RED,
    SUIT_NAMES,
    SUIT_OF,
    SUITS,
    Card,
)
from .codes import BadCode, GameCode
from .deal import deal
from .i18n import _
from .moves import (
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
from .scoring import SCORINGS, Scoring

SAVE_VERSION = 1
_MAX_SAVE_CHARS = 1_000_000


class BadSave(ValueError):
    """A saved game that cannot be restored (truncated, edited or foreign)."""


class BadPosition(ValueError):
    """A position's text (:func:`klondike.position.read`, :meth:`Game.from_position`)
    that is not a Klondike position; the message names what is wrong."""


class Column(NamedTuple):
    down: tuple[Card, ...]  # face down, bottom first
    up: tuple[Card, ...]  # face up, bottom first; the last card is the column's top


def _rank_name(rank: int) -> str:
    """The rank's word in the player's language ("ace", "7", "king")."""
    return _(RANK_NAMES[rank - 1])


def _name(card: Card) -> str:
    """The card's name in the player's language ("7 of hearts"); each of the 52 names is
    its own message, since Polish and Czech name each card differently."""
    return _(card.name)


def _colour(red: bool) -> str:
    # One comment per message: Babel gives a translator comment to the first call after it.
    if red:
        # Translators: the colour a card needs, only in the messages "... a {colour} {rank}":
        # in Polish and Czech the accusative feminine for "kartę"/"kartu" (czerwoną, červenou).
        return _("red")
    # Translators: the colour a card needs, only in the messages "... a {colour} {rank}": in
    # Polish and Czech the accusative feminine that goes with "kartę"/"kartu" (czarną, černou).
    return _("black")


class Game:
    """A game of Klondike from its code (SPEC R1-R4, R7, R10)."""

    def __init__(self, code: GameCode | str | None = None) -> None:
        if code is None:
            code = GameCode(0)
        elif isinstance(code, str):
            code = GameCode.parse(code)
        self._code = code
        self._rules: Scoring = SCORINGS[code.scoring]
        dealt = deal(code.deal)
        self._columns: list[list[Card]] = [list(c) for c in dealt.columns]
        self._down: list[int] = [len(c) - 1 for c in dealt.columns]  # R1: last card up
        self._stock: list[Card] = list(reversed(dealt.stock))  # next card last
        self._waste: list[Card] = []  # top card last
        self._foundations: list[int] = [0, 0, 0, 0]  # cards on each, spades hearts diamonds clubs
        self._score: int = self._rules.start
        self._recycles: int = 0
        # One entry per action: (move, score before it, what undo needs).
        self._history: list[tuple[Move, int, int]] = []
        # Read by waste_fan and to_json only: the waste's fan before the first action
        # (a position's, R2.8) and whether the game was set up from a position.
        self._start_fan: int = 1
        self._set_up: bool = False

    @classmethod
    def from_code(cls, code: str | GameCode) -> Game:
        """A new game from a code such as ``KL1-D1N-AAAAAAG``; raises ``BadCode``."""
        return cls(code)

    @classmethod
    def new(cls, deal_number: int, draw: int = 1, scoring: str = "N") -> Game:
        return cls(GameCode(deal_number, draw, scoring))

    @classmethod
    def from_position(cls, text: str, *, partial: bool = False) -> Game:
        """A game set up from a position's text, as :meth:`position` writes it; raise
        :class:`BadPosition` naming what is wrong. :func:`klondike.position.read` tells
        what text it takes, and what ``partial=True`` (for made-up scenarios) lets through.

        The game has no history: it starts at the position, with no move to undo. Its
        code is deal 0 (``KL1-D1N-AAAAAAA`` for draw 1 and Normal), as no deal is known,
        and :meth:`to_json` refuses to save it.

        >>> game = Game.from_position("D3S -/-/-/-/-/-/Kh - Kc|QhQc 13,11,13,11 575 3")
        >>> game.waste_fan, game.moves_made, game.score, game.recycles
        (2, 0, 575, 3)
        >>> game.play("W>T7")
        Move('W>T7')
        >>> game.position()
        'D3S -/-/-/-/-/-/KhQc - Kc|Qh 13,11,13,11 580 3'
        """
        from .position import read  # here, not at the top: position.py imports this module
        setup = read(text, partial=partial)
        game = cls(GameCode(0, setup.draw, setup.scoring.letter))
        game._columns = [[*col.down, *col.up] for col in setup.tableau]
        game._down = [len(col.down) for col in setup.tableau]
        game._stock = list(reversed(setup.stock))
        game._waste = list(setup.waste)
        game._foundations = [setup.foundations[suit] for suit in SUITS]
        game._score, game._recycles = setup.score, setup.recycles
        game._start_fan, game._set_up = setup.waste_fan, True
        return game

    # --- what the game is -------------------------------------------------------------
    @property
    def game_code(self) -> GameCode:
        return self._code

    @property
    def code(self) -> str:
        return str(self._code)

    @property
    def draw(self) -> int:
        return self._code.draw

    @property
    def scoring(self) -> Scoring:
        return self._rules

    # --- the position -----------------------------------------------------------------
    # The tableau last handed out, with the history (the same tuple until a move or an
    # undo) it was made at: the app asks for it many times a move, the same each time.
    _tableau_memo: tuple[tuple[Move, ...] | None, tuple[Column, ...]] = (None, ())

    @property
    def tableau(self) -> tuple[Column, ...]:
        """The seven columns: the same tuple until a move or an undo."""
        history = self.history
        made, columns = self._tableau_memo
        if made is history:
            return columns
        columns = tuple(
            Column(tuple(col[:d]), tuple(col[d:]))
            for col, d in zip(self._columns, self._down, strict=True)
        )
        self._tableau_memo = (history, columns)
        return columns

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, next card to be turned first."""
        return tuple(reversed(self._stock))

    @property
    def waste(self) -> tuple[Card, ...]:
        """The waste, top (playable) card last."""
        return tuple(self._waste)

    @property
    def foundations(self) -> dict[str, int]:
        """Cards on each foundation, by suit letter in the fixed order s h d c (R2.5)."""
        return dict(zip(SUITS, self._foundations, strict=True))

    def foundation_top(self, suit: str) -> Card | None:
        s = SUITS.index(suit)
        n = self._foundations[s]
        return CARDS[s * 13 + n - 1] if n else None

    @property
    def waste_fan(self) -> int:
        """How many waste cards show fanned (R2.8): in draw 3 those of the last turn that
        are still there, at least the top card; in draw 1 only the top card. Before the
        first turn of a game set up from a position, the position says how many."""
        if not self._waste:
            return 0
        played = 0
        for move, _before, info in reversed(self._history):
            if move.kind == DRAW:
                return max(1, min(info - played, len(self._waste))) if info else 1
            if move.kind in (WASTE_TO_FOUNDATION, WASTE_TO_COLUMN):
                played += 1
        return max(1, min(self._start_fan - played, len(self._waste)))

    @property
    def score(self) -> int | None:
        """Points (Normal, Standard before its time parts), dollars (Vegas) or None (X)."""
        return self._score if self._rules.shows_points else None

    def score_at(self, seconds: float, steps: Sequence[int] | None = None) -> int | None:
        """The score to show after ``seconds`` of play, by the scoring's time rules (R3.2).
        ``steps``: the time step (:func:`~.scoring.standard_step`) at which each action
        was played, as the app's clock read, for a scoring whose clock takes points: the
        score then runs as Windows keeps it (:func:`~.scoring.standard_running`).
        Without them, or if they are not one per action, the whole time penalty is
        taken from the points at once (:func:`~.scoring.standard_total`)."""
        rules, history = self._rules, self._history
        if steps is None or not rules.timed or len(steps) != len(history):
            return rules.total(self._score, seconds, self.is_won)
        start = history[0][1] if history else self._score
        return rules.running_total(start, zip(steps, self.move_points(), strict=True), seconds,
                                   self.is_won)

    def move_points(self) -> list[int]:
        """Each action's points by the scoring's table (R3), before any floor, in the
        order played: what the score would gain from each, the floor aside.

        >>> game = Game.from_position("D3S -/-/-/-/-/-/Kh - Kc|QhQc 13,11,13,11 5 3")
        >>> for move in ("W>T7", "Fh>T7"):
        ...     _ = game.play(move)
        >>> game.move_points(), game.score  # the floor took 5 of the 15
        ([5, -15], 0)
        """
        rules, draw = self._rules, self._code.draw
        recycles = self._recycles - sum(
            1 for move, _before, info in self._history if move.kind == DRAW and not info)
        points = []
        for move, _before, info in self._history:
            kind = move.kind
            if kind == COLUMN_TO_COLUMN:
                p = rules.flip if info & 1 else 0
            elif kind == DRAW:
                p = 0
                if not info:  # a recycle
                    recycles += 1
                    p = rules.recycle_points(draw, recycles)
            elif kind == WASTE_TO_FOUNDATION:
                p = rules.to_foundation
            elif kind == WASTE_TO_COLUMN:
                p = rules.waste_to_column
            elif kind == COLUMN_TO_FOUNDATION:
                p = rules.to_foundation + (rules.flip if info & 1 else 0)
            else:  # FOUNDATION_TO_COLUMN
                p = rules.from_foundation
            points.append(p)
        return points

    @property
    def moves_made(self) -> int:
        """Every action counts, turning the stock included (R3.4)."""
        return len(self._history)

    @property
    def recycles(self) -> int:
        return self._recycles

    # The last history handed out, with the entry that was on top of it: an entry is made
    # by play() on the history below it, so the same top at the same length is the same
    # history. A caller may then tell by identity that nothing was played or undone.
    _history_memo: tuple[tuple[Move, int, int] | None, tuple[Move, ...]] = (None, ())

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves played, the first first: the same tuple until a move or an undo."""
        top, moves = self._history_memo
        entries = self._history
        if len(moves) == len(entries) and (not entries or entries[-1] is top):
            return moves
        if len(moves) == len(entries) - 1 and (len(moves) == 0 or entries[-2] is top):
            moves += (entries[-1][0],)  # one move played since
        else:
            moves = tuple(entry[0] for entry in entries)
        self._history_memo = (entries[-1] if entries else None, moves)
        return moves

    @property
    def is_won(self) -> bool:
        """R6: all 52 cards are on the foundations."""
        return sum(self._foundations) == 52

    @property
    def all_face_up(self) -> bool:
        """R6: every tableau card is face up (the condition for "Finish game")."""
        return not any(self._down)

    @property
    def can_recycle(self) -> bool:
        """R2.9: passes are unlimited except in Vegas (one pass)."""
        passes = self._rules.passes
        return passes is None or self._recycles < passes - 1

    def position(self) -> str:
        """The position as one line of text (:mod:`klondike.position` tells its format),
        which :meth:`from_position` reads back to the same position."""
        from .position import Setup, write  # here, not at the top: position.py imports this
        return write(Setup(self.draw, self._rules, self.tableau, self.stock, self.waste,
                           self.waste_fan, self.foundations, self._score, self._recycles))

    def copy(self) -> Game:
        """An independent game with the same position and history."""
        other = object.__new__(Game)
        other.__dict__.update(self.__dict__)
        other._columns = [list(c) for c in self._columns]
        other._down = list(self._down)
        other._stock = list(self._stock)
        other._waste = list(self._waste)
        other._foundations = list(self._foundations)
        other._history = list(self._history)
        return other

    # --- moves ------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Exactly the moves :meth:`play` accepts now, each once (R2)."""
        moves: list[Move] = []
        columns, down, found = self._columns, self._down, self._foundations
        waste = self._waste
        if self._stock or (waste and self.can_recycle):
            moves.append(STOCK)
        tops = [col[-1] if col else None for col in columns]
        if waste:
            c = waste[-1]
            if found[SUIT_OF[c]] == RANK_OF[c] - 1:
                moves.append(WASTE_TO_F)
            for j in range(7):
                if _fits(c, tops[j]):
                    moves.append(WASTE_TO_T[j])
        for i in range(7):
            top = tops[i]
            if top is not None and found[SUIT_OF[top]] == RANK_OF[top] - 1:
                moves.append(COLUMN_TO_F[i])
        for i in range(7):
            col = columns[i]
            d = down[i]
            if len(col) == d:
                continue
            head = col[d]
            head_rank = RANK_OF[head]
            top_rank = RANK_OF[col[-1]]
            for j in range(7):
                if j == i:
                    continue
                t = tops[j]
                if t is None:
                    if head_rank == KING:
                        moves.append(COLUMN_TO_T[i][j])
                    continue
                need = RANK_OF[t] - 1
                if top_rank <= need <= head_rank and RED[col[d + head_rank - need]] != RED[t]:
                    moves.append(COLUMN_TO_T[i][j])
        for s in range(4):
            n = found[s]
            if n:
                c = CARDS[s * 13 + n - 1]
                for j in range(7):
                    if _fits(c, tops[j]):
                        moves.append(FOUNDATION_TO_T[s][j])
        return moves

    def is_legal(self, move: Move | str) -> bool:
        try:
            move = move if isinstance(move, Move) else Move.from_text(move)
        except IllegalMove:
            return False
        return move in self.legal_moves()

    def play(self, move: Move | str) -> Move:
        """Play one action; raise :class:`IllegalMove` with the reason and change nothing."""
        if not isinstance(move, Move):
            move = Move.from_text(move)
        kind = move.kind
        rules = self._rules
        before = self._score
        columns, down, found, waste = self._columns, self._down, self._foundations, self._waste
        if kind == COLUMN_TO_COLUMN:
            i, j = move.source, move.target
            src, dst = columns[i], columns[j]
            d = down[i]
            if len(src) == d:
                raise IllegalMove(_empty_column(i, src))
            head_rank = RANK_OF[src[d]]
            if dst:
                t = dst[-1]
                need = RANK_OF[t] - 1
                if not RANK_OF[src[-1]] <= need <= head_rank:
                    raise IllegalMove(
                        _("No card of column {column} fits on the {card}: "
                          "it needs a {colour} {rank}").format(
                            column=i + 1, card=_name(t), colour=_colour(not RED[t]),
                            rank=_rank_name(need))
                        if need
                        else _("Nothing can go on an ace ({card})").format(card=_name(t))
                    )
                k = d + head_rank - need
                if RED[src[k]] == RED[t]:
                    raise IllegalMove(_no_fit(src[k], t))
            else:
                if head_rank != KING:
                    raise IllegalMove(_("Only a King can go to an empty column"))
                k = d
            count = len(src) - k
            dst.extend(src[k:])
            del src[k:]
            flipped = self._turn_up(i)
            if flipped:
                self._add(rules.flip)
            self._history.append((move, before, count << 1 | flipped))
        elif kind == DRAW:
            stock = self._stock
            if stock:
                n = min(self._code.draw, len(stock))
                for _card in range(n):
                    waste.append(stock.pop())
                info = n
            else:
                if not waste:
                    raise IllegalMove(_("The stock and the waste are both empty"))
                if not self.can_recycle:
                    raise IllegalMove(_("In Vegas the stock can be gone through only once"))
                stock.extend(reversed(waste))  # R2.9: the same order on every pass
                waste.clear()
                self._recycles += 1
                self._add(rules.recycle_points(self._code.draw, self._recycles))
                info = 0
            self._history.append((move, before, info))
        elif kind == WASTE_TO_FOUNDATION:
            if not waste:
                raise IllegalMove(_("The waste is empty"))
            c = waste[-1]
            self._check_foundation(c)
            waste.pop()
            found[SUIT_OF[c]] += 1
            self._add(rules.to_foundation)
            self._history.append((move, before, c))
        elif kind == WASTE_TO_COLUMN:
            if not waste:
                raise IllegalMove(_("The waste is empty"))
            c = waste[-1]
            self._check_column(c, move.target)
            columns[move.target].append(waste.pop())
            self._add(rules.waste_to_column)
            self._history.append((move, before, 0))
        elif kind == COLUMN_TO_FOUNDATION:
            i = move.source
            col = columns[i]
            if not col:
                raise IllegalMove(_("Column {column} is empty").format(column=i + 1))
            c = col[-1]
            self._check_foundation(c)
            col.pop()
            found[SUIT_OF[c]] += 1
            flipped = self._turn_up(i)
            self._add(rules.to_foundation + (rules.flip if flipped else 0))
            self._history.append((move, before, c << 1 | flipped))
        elif kind == FOUNDATION_TO_COLUMN:
            s = move.source
            n = found[s]
            if not n:
                raise IllegalMove(
                    _("The {suit} foundation is empty").format(suit=_(SUIT_NAMES[s])))
            c = CARDS[s * 13 + n - 1]
            self._check_column(c, move.target)
            found[s] -= 1
            columns[move.target].append(c)
            self._add(rules.from_foundation)
            self._history.append((move, before, 0))
        else:  # pragma: no cover - moves are interned, there is no other kind
            raise AssertionError(move)
        return move

    def undo(self) -> Move:
        """Take back the last action exactly: layout, score, moves and stock (R4)."""
        if not self._history:
            raise IllegalMove(_("There is nothing to undo"))
        move, before, info = self._history.pop()
        kind = move.kind
        columns, down, found, waste = self._columns, self._down, self._foundations, self._waste
        if kind == COLUMN_TO_COLUMN:
            src, dst = columns[move.source], columns[move.target]
            if info & 1:
                down[move.source] += 1
            count = info >> 1
            src.extend(dst[-count:])
            del dst[-count:]
        elif kind == DRAW:
            stock = self._stock
            if info:
                for _card in range(info):
                    stock.append(waste.pop())
            else:
                waste.extend(reversed(stock))
                stock.clear()
                self._recycles -= 1
        elif kind == WASTE_TO_FOUNDATION:
            found[SUIT_OF[info]] -= 1
            waste.append(CARDS[info])
        elif kind == WASTE_TO_COLUMN:
            waste.append(columns[move.target].pop())
        elif kind == COLUMN_TO_FOUNDATION:
            i = move.source
            if info & 1:
                down[i] += 1
            c = info >> 1
            columns[i].append(CARDS[c])
            found[SUIT_OF[c]] -= 1
        else:  # FOUNDATION_TO_COLUMN
            found[move.source] += 1
            columns[move.target].pop()
        self._score = before
        return move

    # --- rule checks ------------------------------------------------------------------
    def _add(self, points: int) -> None:
        if points:
            score = self._score + points
            floor = self._rules.floor
            self._score = score if floor is None or score >= floor else floor

    def _turn_up(self, i: int) -> int:
        """R2.7: a face-down card that becomes the column's last card turns up."""
        d = self._down[i]
        if d and len(self._columns[i]) == d:
            self._down[i] = d - 1
            return 1
        return 0

    def _check_foundation(self, card: Card) -> None:
        have = self._foundations[SUIT_OF[card]]
        if have != RANK_OF[card] - 1:
            suit = _(SUIT_NAMES[SUIT_OF[card]])
            raise IllegalMove(
                _("The {card} cannot go to the foundation: {suit} is complete").format(
                    card=_name(card), suit=suit)
                if have == 13
                else _("The {card} cannot go to the foundation: {suit} needs the {rank} next")
                .format(card=_name(card), suit=suit, rank=_rank_name(have + 1))
            )

    def _check_column(self, card: Card, j: int) -> None:
        col = self._columns[j]
        if not col:
            if RANK_OF[card] != KING:
                raise IllegalMove(_("Only a King can go to an empty column"))
        elif not _fits(card, col[-1]):
            raise IllegalMove(_no_fit(card, col[-1]))

    # --- saving -----------------------------------------------------------------------
    def to_json(self) -> str:
        """A compact, versioned save: the code and the move list are enough (R9). A game
        set up from a position has no deal to replay, so it raises ``ValueError``."""
        return json.dumps(self.save_record(), separators=(",", ":"))

    def save_record(self) -> dict[str, Any]:
        """What :meth:`to_json` writes, as a new dict (an app adds its own fields)."""
        if self._set_up:
            raise ValueError("a game set up from a position has no deal to save: its code "
                             "cannot replay it (save its position() instead)")
        return {"v": SAVE_VERSION, "code": self.code, "moves": self._moves_text()}

    # The moves' text last made, with the history it was made from: the game is saved after
    # every move, and the text of all but the last move is the same as the time before.
    _moves_memo: tuple[tuple[Move, ...], str] = ((), "")

    def _moves_text(self) -> str:
        moves = self.history
        made, text = self._moves_memo
        if made is moves:
            return text
        if len(made) == len(moves) - 1 and moves[:-1] == made:
            text = f"{text} {moves[-1]}" if made else str(moves[-1])
        else:
            text = " ".join(map(str, moves))
        self._moves_memo = (moves, text)
        return text

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Restore a save; raise :class:`BadSave` for anything but a consistent game."""
        if not isinstance(text, str) or len(text) > _MAX_SAVE_CHARS:
            raise BadSave(_("The saved game is not text of a sensible size"))
        try:
            data = jsontext.loads(text)
        except ValueError:
            raise BadSave(_("The saved game is damaged (not valid JSON)")) from None
        if not isinstance(data, dict) or "v" not in data:
            raise BadSave(_("The saved value is not a Klondike game"))
        if data["v"] != SAVE_VERSION:
            raise BadSave(_("The saved game has an unknown format version: {version}")
                          .format(version=repr(data["v"])))
        code, moves = data.get("code"), data.get("moves")
        if not isinstance(code, str) or not isinstance(moves, str):
            raise BadSave(_("The saved game lacks its code or its moves"))
        try:
            game = cls(GameCode.parse(code))
        except BadCode as e:
            raise BadSave(_("The saved game has a bad code: {reason}").format(reason=e)) from None
        for n, token in enumerate(moves.split(), 1):
            try:
                game.play(token)
            except IllegalMove as e:
                raise BadSave(_("The saved game's move {number} ({move}) is not legal: {reason}")
                              .format(number=n, move=token, reason=e)) from None
        return game

    def state(self) -> dict[str, Any]:
        """The JSON state of SPEC R10 (for ``--json`` and other programs)."""
        return {
            "code": self.code,
            "tableau": [
                {"down": [str(c) for c in col.down], "up": [str(c) for c in col.up]}
                for col in self.tableau
            ],
            "stock": [str(c) for c in self.stock],
            "waste": [str(c) for c in self._waste],
            "foundations": self.foundations,
            "score": self.score,
            "moves": self.moves_made,
            "recycles": self._recycles,
            "won": self.is_won,
        }


def _fits(card: Card, top: Card | None) -> bool:
    """R2.1/R2.3: onto a face-up card of the other colour one rank higher, or a King
    onto an empty column (``top`` None)."""
    if top is None:
        return RANK_OF[card] == KING
    return RANK_OF[top] == RANK_OF[card] + 1 and RED[top] != RED[card]


def _no_fit(card: Card, top: Card) -> str:
    if RANK_OF[card] == KING:
        return _("The {card} can go only to an empty column").format(card=_name(card))
    return _("The {card} can go only on a {colour} {rank}, not on the {top}").format(
        card=_name(card), colour=_colour(not RED[card]),
        rank=_rank_name(RANK_OF[card] + 1), top=_name(top))


def _empty_column(i: int, col: list[Card]) -> str:
    if not col:
        return _("Column {column} is empty").format(column=i + 1)
    return _("Column {column} has no face-up card").format(column=i + 1)
