"""Play it for me's controls (issue 42): the question before it starts, the bar with
Pause, One step and Stop, and the timer of its next move. What it plays and when it stops
is the session's (``Session.demo_*``); this shows its replies' ``demo`` fields."""

from js import clearTimeout, document, setTimeout
from pyodide.ffi import create_proxy

from klondike.i18n import _

from .dom import by_action

BAR = document.getElementById("demo-bar")
DIALOG = document.getElementById("demo-dialog")
PAUSE = by_action("demo-pause")


class DemoControls:
    def __init__(self, app) -> None:
        self.app = app
        self.timer = None  # the next move's timeout: one at a time
        self.step_proxy = create_proxy(self.step)

    def actions(self) -> dict:
        """The More menu's item, the question's and the bar's buttons, for the page's one
        click listener."""
        session, show = self.app.session, self.app.show
        return {"demo": lambda: show(session.demo_ask()), "demo-start": self.start,
                "demo-pause": lambda: show(session.demo_pause()),
                "demo-step": lambda: show(session.demo_one()),
                "demo-stop": lambda: show(session.demo_stop())}

    def ask(self) -> None:
        """Tell the player it counts apart, before it starts."""
        self.app.dialogs.modal(DIALOG)

    def start(self) -> None:
        DIALOG.close()
        self.app.show(self.app.session.demo_start())

    def show(self, state: str) -> None:
        """The bar as the session's reply says: "playing", "paused" or "" (none)."""
        BAR.hidden = not state
        if not state:
            self.cancel_timer()
            return
        # Translators: a button's label: keep it short (see docs/glossary-*.md)
        PAUSE.textContent = _("Go on") if state == "paused" else _("Pause")

    def wait(self, seconds: float) -> None:
        """The next move in ``seconds``, instead of any move already waiting."""
        self.cancel_timer()
        self.timer = setTimeout(self.step_proxy, int(seconds * 1000))

    def cancel_timer(self) -> None:
        if self.timer is not None:
            clearTimeout(self.timer)
            self.timer = None

    def step(self, *_args) -> None:
        self.timer = None
        if not self.app.busy:
            self.app.show(self.app.session.demo_step())

    def stops(self, event) -> bool:
        """A key or a press on the table while it plays stops it (and does nothing else):
        True if this ``event`` did. The bar's own buttons, Tab and lone modifier keys do
        not."""
        if not self.app.session.demo_active or BAR.contains(event.target):
            return False
        if getattr(event, "key", None) in ("Tab", "Shift", "Control", "Alt", "Meta"):
            return False
        event.preventDefault()
        self.app.show(self.app.session.demo_stop())
        return True
