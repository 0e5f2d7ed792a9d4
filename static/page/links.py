"""Leaving the game in progress for another deal, asked about first: a link to a deal
opened during a game (issue 25), and the daily deal (R8). The session decides whether to
ask and says why; this keeps the address the link to the deal on the table, and the
question's dialog."""

from js import window

from klondike.i18n import _

from .address import opened, show

DAILY = "daily"  # what is asked about: the daily deal, not a link's code


class Links:
    def __init__(self, app) -> None:
        self.app = app
        self.asked = None  # a link's code or DAILY, asked about (the dialog is open)
        self.address_code = None  # the code the address bar links to

    def actions(self) -> dict:
        return {"link-start": self.start, "link-keep": self.keep_playing}

    def after_draw(self) -> None:
        """The table was drawn: the address follows a new deal; while a link is asked
        about, its own stays."""
        if self.app.session.game.code != self.address_code and self.asked is None:
            self.show_address()

    def on_close(self, event) -> None:
        """A dialog closed: the question's, with Escape, keeps the game in progress, and
        the address its link at once (it kept the refused deal's until the next move, and
        a reload asked again)."""
        if self.asked is not None and event.target.id == "link-dialog":
            self.keep_playing()

    def show_address(self) -> None:
        self.address_code = self.app.session.game.code
        show(self.app.session.link(window.location.href))

    def on_hashchange(self, _event) -> None:
        self.follow(opened())

    def follow(self, address: tuple[str, str], starting: bool = False) -> None:
        """The page was opened from a link (``starting``), or its address's fragment was
        changed: ``address`` is its fragment and query."""
        reply = self.app.session.follow_link(*address, starting=starting)
        if reply.ask is None:
            self.app.show(reply)
            self.show_address()  # also back from a malformed code typed into it
        else:
            self.ask(reply.ask, reply.said)

    def ask(self, what, said: str) -> None:
        """Ask before the game in progress is left for ``what`` (a code, or DAILY)."""
        self.asked = what
        daily = what == DAILY
        title = _("The daily deal") if daily else _("A shared deal")
        start = _("Start the daily deal") if daily else _("Start the shared deal")
        self.app.dialogs.ask_link(said, title, start)

    def start(self) -> None:
        what, self.asked = self.asked, None
        self.app.dialogs.close_link()
        if what == DAILY:
            self.app.start_daily(confirmed=True)
        elif what is not None:
            self.app.show(self.app.session.new_game(code=what))

    def keep_playing(self) -> None:
        self.asked = None
        self.app.dialogs.close_link()
        self.show_address()
