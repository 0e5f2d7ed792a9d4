"""Mouse, pen and touch (R5): a press, then a tap or a drag, handed to the session."""

from klondike.app.gestures import DRAG_START_PX

from .dom import TABLE, nullable


class Pointer:
    def __init__(self, app) -> None:
        self.app = app
        self.drag = None  # the gesture in progress, see on_pointerdown
        self.highlight = None  # the pile outlined as the drop's place

    def on_pointerdown(self, event) -> None:
        app = self.app
        if app.busy or event.button > 0 or app.demo.stops(event) or app.replays.stops(event):
            return  # a press on the table stops Play it for me; a replay's cards stay
        if self.drag is not None:  # a second finger, or a press whose release was lost
            second = event.pointerId != self.drag["id"]
            self.cancel()
            if second:  # two fingers are no gesture: the first one's cards go back
                return
        el = nullable(event.target.closest(".card, .slot"))
        if el is None or not TABLE.contains(el):
            return
        # A card's pile, index and whether it drags are the board's own (as last drawn):
        # one call into the DOM for its name, not one for each of them.
        card = nullable(el.getAttribute("data-card"))
        place = self.app.board.place_of(card)
        if place is not None:
            pile, index, draggable = place.pile, place.index, place.draggable
        else:  # a pile's outline (or a card Python has not drawn yet)
            pile, index = el.dataset.pile, int(el.dataset.index) if card else -1
            draggable = bool(card) and el.classList.contains("draggable")
        pointer = event.pointerId
        self.drag = {
            "id": pointer, "pile": pile, "index": index, "x": event.clientX,
            "y": event.clientY, "moving": False, "cards": [], "card": card,
            "draggable": draggable, "over": "",  # the pile last outlined for (None: none)
        }
        try:
            TABLE.setPointerCapture(pointer)
        except Exception:  # the pointer is gone already: its gesture ends with it
            self.drag = None
            return
        event.preventDefault()

    def on_pointermove(self, event) -> None:
        drag = self.drag
        if drag is None or event.pointerId != drag["id"] or not drag["draggable"]:
            return
        dx, dy = event.clientX - drag["x"], event.clientY - drag["y"]
        board = self.app.board
        if not drag["moving"]:
            if abs(dx) + abs(dy) < DRAG_START_PX:
                return
            drag["moving"] = True
            drag["cards"] = board.run_cards(drag["pile"], drag["index"])
            board.lift(drag["cards"])
        board.follow(drag["cards"], dx, dy)
        target = board.drop_target(drag["card"], dx, dy)
        if target != drag["over"]:  # the rules asked once per pile passed over
            drag["over"] = target
            self.outline(self.app.session.drop_pile(drag["pile"], drag["index"], target))

    def on_pointerup(self, event) -> None:
        drag = self.drag
        if drag is None or event.pointerId != drag["id"]:
            return
        self.drag = None
        session = self.app.session
        if not drag["moving"]:
            self.app.show(session.tap(drag["pile"], drag["index"], drag["card"]))
            return
        dx, dy = event.clientX - drag["x"], event.clientY - drag["y"]
        target = self.app.board.drop_target(drag["card"], dx, dy)
        self.outline(None)
        self.app.board.release(drag["cards"])
        self.app.show(session.drop(drag["pile"], drag["index"], target))

    def on_pointercancel(self, event) -> None:
        """pointercancel, or lostpointercapture (after a pointerup, no gesture is left)."""
        if self.drag is not None and event.pointerId == self.drag["id"]:
            self.cancel()

    def cancel(self, *_args) -> None:
        """End the gesture in progress, if any, without a move: the cards it lifted go
        back to their places (a pointer lost or cancelled, a second finger, the page
        hidden, a dialog opening, Escape, the game taken by another tab)."""
        drag, self.drag = self.drag, None
        if drag is None:
            return
        self.outline(None)
        if drag["cards"]:
            self.app.board.release(drag["cards"])

    def on_resize(self, _event) -> None:
        """The window's size changed (a phone turned, mid-game or mid-drag): the gesture
        ends without a move, its cards back in their places, and the table is drawn at
        the size that fits the window now."""
        self.cancel()
        self.app.board.refit()

    def outline(self, pile: str | None) -> None:
        if pile == self.highlight:
            return
        self.app.board.unmark("drop-ok")
        if pile:
            self.app.board.mark_pile("drop-ok", pile)
        self.highlight = pile
