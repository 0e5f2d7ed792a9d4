"""The solver's worker without a browser: a session's requests go to a
:class:`klondike.app.solving.Solving` in this process, its answers back, as the page's
glue (static/page/solver.py) and the worker's script (static/solver-worker.js) pass them."""

from __future__ import annotations

from klondike.app.session import Heard, Session
from klondike.app.solving import Solving


class Worker:
    def __init__(self, session: Session) -> None:
        self.session = session
        self.solving = Solving()
        self.sent: list[str] = []  # every request, in order

    def send(self) -> None:
        """What the page sends after each of its events."""
        for request in self.session.solver_requests():
            self.sent.append(request)
            self.solving.ask(request)

    def pump(self, until=lambda heard: False, slices: int = 100_000) -> list[Heard]:
        """Send, then let the worker work and hear its answers until it is idle or a
        heard answer satisfies ``until``; what the session made of each answer."""
        heard: list[Heard] = []
        self.send()
        for _ in range(slices):
            if not self.solving.busy:
                break
            for text in self.solving.work():
                heard.append(self.session.solver_heard(text))
                self.send()
                if until(heard[-1]):
                    return heard
        return heard
