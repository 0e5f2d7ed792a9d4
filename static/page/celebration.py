"""The win's cascade (:mod:`klondike.app.cascade` decides every path): one card after
another leaves its foundation, animated by the Web Animations API on ``translate``, so
the browser runs it without the page's thread. Each card's animation is made when it
starts (its path worked out then too, one card's at a time). A tap or a key ends it;
it never runs under prefers-reduced-motion or with the animations off, and the win dialog
opens at once over it."""

from js import Object, clearInterval, document, setInterval, window
from pyodide.ffi import create_proxy, to_js

from klondike.app.cascade import GAP_SECONDS, flights
from klondike.app.view import ABOVE_PILES_Z, slots

from .board import CARDS_BY_TEXT


def _js(value):
    return to_js(value, dict_converter=Object.fromEntries)


class Celebration:
    def __init__(self, board) -> None:
        self.board = board
        self.waiting = iter(())  # the flights not started yet, worked out as each starts
        self.upcoming = None  # the next flight, worked out one ahead to know the last
        self.running = []  # the animations started
        self.timer = None
        self.next_proxy = create_proxy(self.next)
        self.end_proxy = create_proxy(self.stop)

    def start(self, left_handed: bool, animations_on: bool, seed: int) -> None:
        self.stop()
        if not animations_on or window.matchMedia("(prefers-reduced-motion: reduce)").matches:
            return
        self.board.settle()  # a card still raised from its glide would cover the cascade
        self.waiting = flights(slots(left_handed), self.board.layout.height, seed)
        self.upcoming = next(self.waiting)
        self.timer = setInterval(self.next_proxy, round(GAP_SECONDS * 1000))
        # Cards that fly past the window's side would make the page wider meanwhile: a
        # wheel or a trackpad then slid the whole page sideways.
        document.documentElement.classList.add("cascade")
        self.next()

    def next(self, *_args) -> None:
        """Launch the next card's flight; the last one's end ends the celebration."""
        flight = self.upcoming
        if flight is None:
            return
        self.upcoming = next(self.waiting, None)
        px = self.board.card_px
        frames = [{"translate": f"{dx * px:.1f}px {dy * px:.1f}px"} for dx, dy in flight.frames]
        el = self.board.cards[CARDS_BY_TEXT[flight.card]]
        el.style.zIndex = str(ABOVE_PILES_Z + len(self.running))  # over the cards that flew before
        animation = el.animate(_js(frames), _js({
            "duration": flight.duration * 1000, "fill": "forwards", "id": "cascade"}))
        self.running.append(animation)
        if self.upcoming is None:
            clearInterval(self.timer)
            self.timer = None
            animation.onfinish = self.end_proxy

    def stop(self, *_args) -> None:
        """End it now: every card back on its foundation (a tap, a key, a new game)."""
        if self.timer is not None:
            clearInterval(self.timer)
            self.timer = None
        self.waiting, self.upcoming = iter(()), None
        running, self.running = self.running, []
        document.documentElement.classList.remove("cascade")
        for animation in running:
            animation.cancel()
        if running:
            self.board.restack()
