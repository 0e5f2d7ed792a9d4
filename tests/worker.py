"""The solver's worker without a browser: the requests a session's replies carry go to a
:class:`klondike.app.solving.Solving` in this process, and its answers back, as the page's
glue (static/main.py, static/page/solver.py) and the worker's script
(static/solver-worker.js) pass them."""

from __future__ import annotations

from klondike.app.reply import Reply
from klondike.app.session import Session
from klondike.app.solving import Solving


class Worker:
    def __init__(self, session: Session) -> None:
        self.session = session
        self.solving = Solving()
        self.sent: list[str] = []  # every request, in order

    def send(self, reply: Reply) -> Reply:
        """What the page does with a reply's requests: post them. Returns ``reply``, so
        ``worker.send(session.new_game())`` reads as the page's loop."""
        for request in reply.requests:
            self.sent.append(request)
            self.solving.ask(request)
        return reply

    def pump(self, *replies: Reply, until=lambda reply: False,
             slices: int = 100_000) -> list[Reply]:
        """Send the requests of ``replies``, then let the worker work and hear its answers
        until it is idle or a reply satisfies ``until``; the session's reply to each."""
        heard: list[Reply] = []
        for reply in replies:
            self.send(reply)
        for _ in range(slices):
            if not self.solving.busy:
                break
            for text in self.solving.work():
                heard.append(self.send(self.session.solver_heard(text)))
                if until(heard[-1]):
                    return heard
        return heard
