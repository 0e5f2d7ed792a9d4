"""A game of the history replayed over the table (issue 42): its bar (start, back,
forward, end, the losing move, close) and its keys. What it shows and says is the
session's (``Session.replay_*``); this draws the replies' ``replay`` fields."""

from js import document

from .dom import TABLE, nullable, text_with_codes

BAR = document.getElementById("replay-bar")
TITLE = document.getElementById("replay-title")
STATUS = document.getElementById("replay-status")
KEYS = {"ArrowLeft": "back", "ArrowRight": "forward", "Home": "start", "End": "end"}
TYPING = ("INPUT", "TEXTAREA", "SELECT")


def _button(action: str):
    return BAR.querySelector(f'[data-action="replay-{action}"]')


class ReplayControls:
    def __init__(self, app) -> None:
        self.app = app

    def actions(self) -> dict:
        """The bar's buttons, and the History dialog's Replay, for the page's one click
        listener."""
        session = self.app.session
        actions = {f"replay-{where}": (lambda where=where: self.app.show(
            session.replay_go(where))) for where in ("start", "back", "forward", "end",
                                                    "losing")}
        actions["replay-close"] = lambda: self.app.show(session.replay_close())
        return actions

    def show(self, bar) -> None:
        """The bar as the session's reply says (``bar.shown`` False: gone)."""
        opening = BAR.hidden and bar.shown
        BAR.hidden = not bar.shown
        TABLE.classList.toggle("replaying", bar.shown)
        if not bar.shown:
            return
        text_with_codes(TITLE, bar.title)
        STATUS.textContent = bar.status
        STATUS.classList.toggle("marked", bar.marked)
        for action, disabled in (("start", bar.at_start), ("back", bar.at_start),
                                 ("forward", bar.at_end), ("end", bar.at_end)):
            _button(action).disabled = disabled
        _button("losing").hidden = not bar.losing
        if opening:  # from the History dialog: the keys step at once
            _button("forward").focus()

    def keys(self, event) -> bool:
        """The arrow keys, Home and End step through the replay and Escape closes it
        (and do nothing else): True if this ``event`` was such a key."""
        if not self.app.session.replaying or event.target.tagName in TYPING \
                or nullable(event.target.closest("dialog")) is not None:
            return False
        key = event.key
        if key in KEYS:
            event.preventDefault()
            self.app.show(self.app.session.replay_go(KEYS[key]))
        elif key == "Escape":
            event.preventDefault()
            self.app.show(self.app.session.replay_close())
        elif key in ("ArrowUp", "ArrowDown"):
            event.preventDefault()
        else:
            return False
        return True

    def stops(self, event) -> bool:
        """A press on the table during a replay moves no card: it says why."""
        if not self.app.session.replaying or not TABLE.contains(event.target):
            return False
        event.preventDefault()
        self.app.show(self.app.session.replay_press())
        return True
