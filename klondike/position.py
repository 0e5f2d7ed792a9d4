"""The position text: any position of play as one line, like a FEN in chess (SPEC R10).

:func:`write` writes a position's parts, a :class:`Setup`, and :func:`read` reads them
back; :meth:`Game.position <klondike.game.Game.position>` and :meth:`Game.from_position
<klondike.game.Game.from_position>` call them. As chessops keeps its FEN beside the board,
not in it, the text is here and the game's own state stays in :mod:`klondike.game`.

Seven fields, separated by single spaces:

1. draw and scoring, as in the game code (R7): ``D1N``, ``D3V``...
2. the tableau: 7 columns from left to right separated by ``/``, each its face-down cards,
   ``|``, then its face-up cards, bottom first (``9s3h|8s``); a column with no face-down
   card is its face-up cards alone (``8c``), an empty column ``-``;
3. the stock, the next card to be turned first;
4. the waste, bottom first and top card last, with a ``|`` before the cards that show
   fanned (R2.8): ``4dKs|Td``; without a ``|`` only the top card shows;
5. the foundations: how many cards are on each, in the fixed order s h d c (R2.5), such
   as ``3,0,13,0``;
6. the score as the moves made it (R3), before Standard's time rules (R3.2);
7. the recycles so far (R2.9).

Cards are written as in R1.1, two letters each and nothing between them; ``-`` is an
empty stock or waste.

>>> from klondike import Game
>>> Game.from_code("KL1-D1N-AAAAAAA").position()  # doctest: +NORMALIZE_WHITESPACE
'D1N 8c/Jd|Ts/9s3h|8s/2cAsQc|3d/2hJsKd5s|4c/Qh7s5dAdTh|8d/6c9d2s6s5h8h|Ah
 QdTcQsJh3c4h2d9h3sKhAc7c9c7hJc6dKc4s7d5c6h4dKsTd - 0,0,0,0 0 0'
>>> setup = read("D3S -/-/-/-/-/-/Kh - Kc|QhQc 13,11,13,11 575 3")
>>> [str(c) for c in setup.waste], setup.waste_fan, setup.foundations["h"], setup.score
(['Kc', 'Qh', 'Qc'], 2, 11, 575)
>>> write(setup)
'D3S -/-/-/-/-/-/Kh - Kc|QhQc 13,11,13,11 575 3'
>>> read("D2N -/-/-/-/-/-/Kh - Kc|QhQc 13,11,13,11 575 3")
Traceback (most recent call last):
klondike.game.BadPosition: mode part 'D2N' must be D1 or D3 and a scoring letter, like D1N
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .cards import CARDS, RANKS, SUITS, Card
from .game import BadPosition, Column, _fits, _no_fit
from .i18n import _, ngettext, pgettext
from .scoring import SCORINGS, Scoring, unknown_letter


class Setup(NamedTuple):
    """A position's parts, as its text tells them, by the names and in the shapes of
    :class:`~klondike.game.Game`'s properties."""

    draw: int
    scoring: Scoring
    tableau: tuple[Column, ...]
    stock: tuple[Card, ...]  # the next card to be turned first
    waste: tuple[Card, ...]  # top card last
    waste_fan: int  # how many of the waste's top cards show fanned (R2.8), 0 for none
    foundations: dict[str, int]  # cards on each, by suit letter
    score: int  # as the moves made it (R3), also under a scoring that shows none
    recycles: int


def read(text: str, *, partial: bool = False) -> Setup:
    """The :class:`Setup` of a position's text, as :func:`write` writes it; any run of
    spaces may part the fields, and cards may be in either letter case. Raise
    :class:`~klondike.BadPosition` naming what is wrong.

    All 52 cards must be there once each, the foundations' counts included, and each
    column's face-up cards a run (R2.1). ``partial=True`` is for made-up scenarios and
    tests: cards may be left out, and face-up cards need not be a run.
    """
    fields = text.split()
    if len(fields) != 7:
        raise BadPosition(_("A position has 7 fields separated by spaces, not {count}")
                          .format(count=len(fields)))
    mode, tableau, stock_text, waste_text, found_text, score_text, recycles_text = fields
    mode = mode.upper()
    if len(mode) != 3 or mode[0] != "D" or mode[1] not in "13":
        raise BadPosition(
            _("mode part {mode} must be D1 or D3 and a scoring letter, like D1N")
            .format(mode=repr(_shown(fields[0]))))
    if mode[2] not in SCORINGS:
        raise BadPosition(unknown_letter(repr(mode[2])))
    draw, rules = int(mode[1]), SCORINGS[mode[2]]
    texts = tableau.split("/")
    if len(texts) != 7:
        raise BadPosition(_("The tableau has 7 columns separated by '/', not {count}")
                          .format(count=len(texts)))
    columns: list[Column] = []
    for i, column in enumerate(texts):
        down_text, _bar, up_text = column.rpartition("|")
        face_down, face_up = _cards(down_text), _cards(up_text)
        if face_down and not face_up:
            raise BadPosition(_("Column {column} has no face-up card").format(column=i + 1))
        for under, card in zip(face_up, face_up[1:], strict=False):
            if not partial and not _fits(card, under):
                raise BadPosition(_no_fit(card, under))
        columns.append(Column(face_down, face_up))
    stock = _cards(stock_text)
    hidden_text, bar, fanned_text = waste_text.rpartition("|")
    fanned = _cards(fanned_text)
    waste = _cards(hidden_text) + fanned
    fan = len(fanned) if bar else min(1, len(waste))
    most = min(draw, len(waste))
    if waste and not 1 <= fan <= most:
        raise BadPosition(
            ngettext("The waste fans {fan} card after its '|'; in draw {draw} it fans at "
                     "least 1 and at most {most}",
                     "The waste fans {fan} cards after its '|'; in draw {draw} it fans at "
                     "least 1 and at most {most}", fan).format(fan=fan, draw=draw, most=most))
    counts = found_text.split(",")
    if len(counts) != 4 or not all(_whole(c) and int(c) <= 13 for c in counts):
        raise BadPosition(
            _("The foundations are 4 counts from 0 to 13 in the order s h d c, like "
              "3,0,13,0, not {text}").format(text=_shown(found_text)))
    foundations = [int(c) for c in counts]
    if not _whole(score_text.removeprefix("-")):
        raise BadPosition(_("The score must be a whole number, not {text}")
                          .format(text=_shown(score_text)))
    score = int(score_text)
    if rules.floor is not None and score < rules.floor:
        raise BadPosition(
            _("The score {score} is below the lowest that {scoring} scoring allows, "
              "{floor}").format(score=score, scoring=pgettext("scoring", rules.name),
                                floor=rules.floor))
    if not _whole(recycles_text):
        raise BadPosition(_("The recycles must be a whole number, 0 or more, not {text}")
                          .format(text=_shown(recycles_text)))
    recycles = int(recycles_text)
    if rules.passes is not None and recycles > rules.passes - 1:
        raise BadPosition(
            _("{scoring} scoring allows at most {most} recycles, not {recycles}")
            .format(scoring=pgettext("scoring", rules.name), most=rules.passes - 1,
                    recycles=recycles))
    seen = [0] * 52
    for s, n in enumerate(foundations):
        for rank in range(n):
            seen[s * 13 + rank] += 1
    for card in [*stock, *waste, *(c for col in columns for c in (*col.down, *col.up))]:
        seen[card] += 1
    twice = [str(c) for c in CARDS if seen[c] > 1]
    if twice:
        raise BadPosition(_("Cards given more than once: {cards}")
                          .format(cards=" ".join(twice)))
    missing = [str(c) for c in CARDS if not seen[c]]
    if missing and not partial:
        raise BadPosition(_("Cards missing from the position: {cards}")
                          .format(cards=" ".join(missing)))
    return Setup(draw, rules, tuple(columns), stock, waste, fan,
                 dict(zip(SUITS, foundations, strict=True)), score, recycles)


def write(setup: Setup) -> str:
    """The position's text, which :func:`read` reads back to the same :class:`Setup`."""
    columns = "/".join(
        (_text(col.down) + "|" + _text(col.up) if col.down else _text(col.up)) or "-"
        for col in setup.tableau
    )
    waste, fan = setup.waste, setup.waste_fan
    return " ".join((
        f"D{setup.draw}{setup.scoring.letter}",
        columns,
        _text(setup.stock) or "-",
        _text(waste[:len(waste) - fan]) + "|" + _text(waste[len(waste) - fan:])
        if waste else "-",
        ",".join(str(setup.foundations[suit]) for suit in SUITS),
        str(setup.score),
        str(setup.recycles),
    ))


def _text(cards: Iterable[Card]) -> str:
    """Cards in a position's text: two letters each, nothing between them (R1.1)."""
    return "".join(RANKS[c % 13] + SUITS[c // 13] for c in cards)


def _cards(text: str) -> tuple[Card, ...]:
    """The cards of a position's field, ``-`` for none; raise :class:`BadPosition`."""
    if text == "-":
        return ()
    cards = []
    for k in range(0, len(text), 2):
        pair = text[k:k + 2]
        rank, suit = RANKS.find(pair[0].upper()), SUITS.find(pair[-1].lower())
        if len(pair) != 2 or rank < 0 or suit < 0:
            raise BadPosition(
                _("Not a card: {text} (a card is a rank of A23456789TJQK and a suit of shdc, "
                  "like Ts)").format(text=repr(pair)))
        cards.append(CARDS[suit * 13 + rank])
    return tuple(cards)


def _whole(text: str) -> bool:
    """A whole number of at most 9 digits 0-9 (no sign, no other digits)."""
    return 0 < len(text) <= 9 and text.isascii() and text.isdigit()


def _shown(text: str) -> str:
    """Text that goes into a message, shortened if long."""
    return text if len(text) <= 20 else text[:20] + "…"
