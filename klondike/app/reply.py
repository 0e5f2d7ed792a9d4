"""What the session answers the page: one :class:`Reply` for every command, carrying what
to draw, what to say, what to store and what to ask the solver. The page draws a reply
and does nothing else of its own (:mod:`klondike.app.session`)."""

from __future__ import annotations

from typing import NamedTuple

from ..codes import GameCode


class Toolbar(NamedTuple):
    score: str  # the score line of the game's scoring
    code: str
    code_title: str
    can_undo: bool
    can_redo: bool
    can_finish: bool
    stuck: bool  # R6: the "no useful move is left" banner


class Winnable(NamedTuple):
    """The "Can this still be won?" indicator."""

    shown: bool
    state: str  # BUSY, WON, LOST or UNKNOWN
    text: str  # short, for a phone's toolbar
    title: str
    can_go_back: bool  # "Undo to the last winnable position"


class HintMarks(NamedTuple):
    """R8: the card to lift and where it goes. ``pile``/``index`` name the card as the
    view places it ("stock" and its top card for a draw); ``target`` the pile it goes to
    (None for a draw)."""

    pile: str
    index: int  # type: ignore[assignment]  # the card's, as in view.Place (not tuple.index)
    target: str | None


class Hint(NamedTuple):
    """R8: a hint to show: its marks (None: nothing to mark) and the status line."""

    marks: HintMarks | None
    said: str


class ReplayBar(NamedTuple):
    """The replay's controls as the page shows them."""

    shown: bool
    title: str = ""  # which game
    status: str = ""  # "Move 12 of 80", and the losing move's mark
    at_start: bool = True  # Start and Back do nothing
    at_end: bool = True  # Forward and End do nothing
    losing: bool = False  # the game has a losing move to go to
    marked: bool = False  # the move just played, or the next one, is the losing move


CLOSED = ReplayBar(False)


class Reply(NamedTuple):
    """What a command did, for the page to show.

    The first fields are the command's own; the session then adds what follows from the
    state it left (:meth:`klondike.app.session.Session` fills ``toolbar`` to ``worker``).
    """

    changed: bool = False  # the cards moved or a new deal is on the table: draw it
    said: str | None = None  # the status line's new text (None leaves it)
    won: str | None = None  # the win dialog's message, shown a frame after the move
    error: str | None = None  # the New game dialog's message beside the code field
    ask: GameCode | None = None  # a link's deal, to ask about first (a game would be left)
    ask_daily: bool = False  # the daily deal: ask first (Session.start_daily, confirmed)
    hint: Hint | None = None  # R8: a hint to show now
    hint_wait: float | None = None  # call Session.hint_due after this many seconds
    answered: bool = False  # the solver answered about the position on the table
    auto: bool = False  # a safe card goes home next: Session.auto_step once the move glided
    sound: str | None = None  # "turn", "land", "refused" or "win" (the setting is on)
    ask_demo: bool = False  # Play it for me: ask the player first (it counts apart)
    demo_wait: float | None = None  # Play it for me: Session.demo_step after this many s
    elsewhere: bool = False  # another tab took the game: show its banner, end any drag
    stats: bool = False  # the statistics or the history changed: show them again
    replay: ReplayBar | None = None  # a game of the history replayed: its bar (CLOSED: none)
    # --- filled by the session from the state the command left ---
    toolbar: Toolbar | None = None  # draw the toolbar again (None: it did not change)
    winnable: Winnable | None = None  # the indicator
    score: str | None = None  # the score line alone (the clock's tick)
    store: bool = False  # something is to be stored: Session.take_writes when written
    requests: tuple[str, ...] = ()  # texts to post to the solver's worker
    worker: str | None = None  # "stop" (it failed) or "restart" (idle and big)
    demo: str | None = None  # Play it for me's controls: "playing", "paused" or "" (none)

    def saying(self, text: str | None) -> Reply:
        """This reply with ``text`` said after what it says, as the next sentence: a full
        stop goes between where what it says has none (a move's description), so that
        a screen reader pauses there too.

        >>> Reply(said="3 of diamonds turned from the stock").saying("Next").said
        '3 of diamonds turned from the stock. Next'
        >>> Reply(said="Done.").saying("Next").said, Reply().saying("Next").said
        ('Done. Next', 'Next')
        """
        if not text:
            return self
        if not self.said:
            return self._replace(said=text)
        joint = " " if self.said.endswith((".", "!", "?", "…", ":")) else ". "
        return self._replace(said=self.said + joint + text)


__all__ = ["CLOSED", "Hint", "HintMarks", "Reply", "ReplayBar", "Toolbar", "Winnable"]
