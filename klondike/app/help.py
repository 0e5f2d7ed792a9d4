"""The rules help for the player (SPEC R1-R8), as plain data in the player's language.

The glue builds the help dialog from :func:`rules_help` with ``textContent`` only: each
:class:`Section` is a title, paragraphs and, for scoring, a table of (event, points) rows.
The scoring table is made from :mod:`klondike.scoring`'s data, so it cannot drift from
the points the game gives.

>>> scoring_table("N")[:2]
[('Card onto a foundation', '+10'), ('Card from the waste onto a column', '+5')]
>>> scoring_table("V")[0]
('Start of the game', '-$52')
"""

from __future__ import annotations

from typing import NamedTuple

from ..i18n import _, ngettext, pgettext
from ..scoring import SCORINGS, Scoring

_RECYCLES_SHOWN = 10  # recycles looked at to describe a recycle rule


class Section(NamedTuple):
    title: str
    paragraphs: tuple[str, ...]
    table: tuple[tuple[str, str], ...] = ()  # (event, points) rows
    table_head: tuple[str, str] | None = None  # column titles when there is a table


def rules_help(scoring: str = "N") -> list[Section]:
    """Every section of the help, the scoring one for the scoring letter ``scoring``."""
    return [
        Section(_("Goal"), (
            _("Move all 52 cards onto the four foundations, one for each suit, "
              "from the ace up to the king."),
            _("Seven columns hold 28 cards; only the last card of each column is face up. "
              "The other 24 cards form the stock. The waste and the foundations start "
              "empty."),
        )),
        Section(_("Moving cards"), (
            _("In the columns, a card goes onto a face-up card of the other colour and "
              "exactly one rank higher: a red 7 onto a black 8."),
            _("A face-up card moves together with all the cards lying on it."),
            _("Only a king, alone or with the cards on it, can go to an empty column."),
            _("A face-down card turns face up by itself when it becomes the last card of its "
              "column."),
            _("Only the top card of the waste can be played, onto a column or onto its "
              "foundation."),
            _("The top card of a foundation can come back to a column where it fits."),
        )),
        Section(_("The stock"), (
            _("Draw 1 turns one card at a time from the stock onto the waste. Draw 3 turns "
              "three; only the last of them can be played, and the one below it when it "
              "has gone."),
            _("When the stock is empty, tap it to turn the waste back into the stock, in "
              "the same order."),
            *_pass_limits(),
            _("Changing between draw 1 and draw 3 starts a new game."),
        )),
        Section(_("Mouse and touch"), (
            _("Drag a card, with the cards lying on it, and drop it where it fits. Dropped "
              "anywhere else, it goes back and nothing changes."),
            _("Tap or click a top card to send it to its foundation, if it can go there."),
            _("Tap it twice quickly to find it a place in the columns: the longest column "
              "first, then an empty column for a king."),
            _("Tap the stock to turn cards over; tap the empty stock to recycle the waste."),
            _("No card moves by itself, unless Move safe cards home is on in Settings: "
              "then after each of your moves a card goes to its foundation by itself once "
              "both cards of the other colour one rank lower are there already. Undo "
              "takes each such move back on its own."),
        )),
        Section(_("Keyboard"), (
            _("Tab and the arrow keys choose a pile. In a column, Up and Down choose a card."),
            _("Enter picks up the chosen card. Choose another pile and press Enter again to "
              "put it there; Enter on the same pile sends it to its foundation."),
            _("Enter on the stock turns cards over. Escape cancels a card picked up."),
            _("Ctrl+Z (Cmd+Z on a Mac) takes back the last move."),
            _("Ctrl+Y or Ctrl+Shift+Z (Cmd+Shift+Z on a Mac) plays again the last move "
              "taken back, as Redo does."),
        )),
        Section(_("Undo, finishing and game codes"), (
            _("Undo takes back moves one at a time, back to the start of the game, and "
              "restores the score exactly."),
            _("Redo plays the moves taken back again, one at a time, until you make "
              "another move."),
            _("Once every card in the columns is face up, Finish game plays the rest onto "
              "the foundations for you."),
            _("Play it for me, in the More menu, plays the solver's winning line from where "
              "you are, card by card; any key or a tap on the table stops it. A game it "
              "plays in is counted apart in the statistics, not as your win."),
            _("When no useful move is left, the game tells you: take moves back or start a "
              "new game. Some deals can never be won."),
            _("History, in the More menu, lists the last games that ended. Replay shows one "
              "move by move over the table, with the move that lost it marked when the "
              "solver knows it; your game waits under it."),
            _("Statistics can be saved to a file and read in another browser: no game is "
              "ever counted twice."),
            _("Every deal has a game code such as KL1-D1N-AAAAAAG. Type it in the New game "
              "dialog to play the same deal again, with the same draw and scoring."),
        )),
        scoring_section(scoring),
    ]


def scoring_section(letter: str) -> Section:
    """The help section of one scoring (R3): notes and the table of points."""
    rules = SCORINGS[letter]
    if not rules.shows_points:  # R3.4
        return Section(_("No scoring: time and moves"), (
            _("No points: the game shows the time since your first move and the number of "
              "moves. Turning cards from the stock counts as a move."),
        ))
    title = _("Scoring: {name}").format(name=pgettext("scoring", rules.name))
    head = (_("Event"), _(rules.unit))
    return Section(title, tuple(rules.help_notes()), tuple(scoring_table(letter)), head)


def scoring_table(letter: str) -> list[tuple[str, str]]:
    """(event, points) rows of the scoring ``letter``, from its :class:`Scoring` row;
    events worth nothing are summed up in a last row. Empty for the X scoring."""
    rules = SCORINGS[letter]
    if not rules.shows_points:
        return []
    rows = []
    if rules.start:
        rows.append((_("Start of the game"), rules.points_text(rules.start)))
    for event, points in (
        (_("Card onto a foundation"), rules.to_foundation),
        (_("Card from the waste onto a column"), rules.waste_to_column),
        (_("Face-down card turned face up"), rules.flip),
        (_("Card taken back from a foundation"), rules.from_foundation),
    ):
        if points:
            rows.append((event, rules.points_text(points)))
    rows += _recycle_rows(rules)
    rows += rules.time_rows()  # R3.2
    rows.append((_("Any other move"), rules.points_text(0)))
    return rows


def _recycle_rows(rules: Scoring) -> list[tuple[str, str]]:
    if rules.passes == 1:
        return [(_("Waste turned back into the stock"), _("not allowed"))]
    by_draw = {
        draw: [rules.recycle_points(draw, n) for n in range(1, _RECYCLES_SHOWN + 1)]
        for draw in (1, 3)
    }
    if by_draw[1] == by_draw[3] and len(set(by_draw[1])) == 1:
        each = by_draw[1][0]
        if not each:
            return []
        return [(_("Waste turned back into the stock"), rules.points_text(each))]
    rows = []
    for draw, points in by_draw.items():
        free = next((i for i, p in enumerate(points) if p != points[0]), 0)
        if free == 0:
            rows.append((_("Waste turned back into the stock, draw {draw}").format(draw=draw),
                         rules.points_text(points[0])))
            continue
        rows.append((
            ngettext("Waste turned back into the stock, draw {draw}: the first time",
                     "Waste turned back into the stock, draw {draw}: the first {count} times",
                     free).format(draw=draw, count=free),
            rules.points_text(points[0]),
        ))
        rows.append((
            _("Waste turned back into the stock, draw {draw}: each time after that")
            .format(draw=draw),
            rules.points_text(points[free]),
        ))
    return rows


def _pass_limits() -> list[str]:
    """R2.9: passes are unlimited except in the scorings that limit them."""
    lines = [
        ngettext("In {scoring} scoring the stock can be gone through only once.",
                 "In {scoring} scoring the stock can be gone through {passes} times.",
                 passes).format(scoring=pgettext("scoring", s.name), passes=passes)
        for s in SCORINGS.values() if (passes := s.passes) is not None
    ]
    return [*lines, _("With the other scorings, the stock can be gone through as often as "
                      "you like.")]
