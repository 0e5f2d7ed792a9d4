"""The win's cascade (:mod:`klondike.app.cascade` decides every path): one card after
another leaves its foundation, animated by the Web Animations API on ``translate``, so
the browser runs it without the page's thread. Each card's animation is made when it
starts (a card's key frames at a time, never all 52 in one task). A tap or a key ends it;
it never runs under prefers-reduced-motion or with the animations off, and the win dialog
opens at once over it."""

from js import Object, clearInterval, setInterval, window
from pyodide.ffi import create_proxy, to_js

from klondike.app.cascade import GAP_SECONDS, flights
from klondike.app.view import ABOVE_PILES_Z, slots

from .board import CARDS_BY_TEXT


def _js(value):
    return to_js(value, dict_converter=Object.fromEntries)


class Celebration:
    def __init__(self, board) -> None:
        self.board = board
        self.waiting = []  # the flights not started yet, the next one last
        self.running = []  # the animations started
        self.timer = None
        self.next_proxy = create_proxy(self.next)
        self.end_proxy = create_proxy(self.stop)

    def start(self, left_handed: bool, animations_on: bool, seed: int) -> None:
        self.stop()
        if not animations_on or window.matchMedia("(prefers-reduced-motion: reduce)").matches:
            return
        self.board.settle()  # a card still raised from its glide would cover the cascade
        self.waiting = flights(slots(left_handed), self.board.layout.height, seed)[::-1]
        self.timer = setInterval(self.next_proxy, round(GAP_SECONDS * 1000))
        self.next()

    def next(self, *_args) -> None:
        """Launch the next card's flight; the last one's end ends the celebration."""
        if not self.waiting:
            return
        flight = self.waiting.pop()
        px = self.board.card_px
        frames = [{"translate": f"{dx * px:.1f}px {dy * px:.1f}px"} for dx, dy in flight.frames]
        el = self.board.cards[CARDS_BY_TEXT[flight.card]]
        el.style.zIndex = str(ABOVE_PILES_Z + len(self.running))  # over the cards that flew before
        animation = el.animate(_js(frames), _js({
            "duration": flight.duration * 1000, "fill": "forwards", "id": "cascade"}))
        self.running.append(animation)
        if not self.waiting:
            clearInterval(self.timer)
            self.timer = None
            animation.onfinish = self.end_proxy

    def stop(self, *_args) -> None:
        """End it now: every card back on its foundation (a tap, a key, a new game)."""
        if self.timer is not None:
            clearInterval(self.timer)
            self.timer = None
        self.waiting = []
        running, self.running = self.running, []
        for animation in running:
            animation.cancel()
        if running:
            self.board.restack()
