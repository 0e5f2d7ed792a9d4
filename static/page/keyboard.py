"""The keyboard (WCAG: everything the pointer does): Tab or the arrows go from pile to
pile, Up and Down choose a card in a column, Enter picks and puts, Escape cancels,
Ctrl+Z / Cmd+Z undoes, Ctrl+Y / Ctrl+Shift+Z / Cmd+Shift+Z redoes. The session keeps
the cursor and the pick; this draws them."""

from js import document

from .dom import nullable, say

TYPING = ("INPUT", "TEXTAREA", "SELECT")
ARROWS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")


class Keyboard:
    def __init__(self, app) -> None:
        self.app = app

    def on_keydown(self, event) -> None:
        key = event.key
        app = self.app
        app.celebration.stop()  # a key ends the win's cascade (and does what it does)
        if app.demo.stops(event) or app.replays.keys(event):
            return  # a key stops Play it for me; the arrows step through a replay
        if (event.ctrlKey or event.metaKey) and key.lower() in ("z", "y") \
                and event.target.tagName not in TYPING:
            event.preventDefault()
            if key.lower() == "y" or event.shiftKey:
                app.redo()
            else:
                app.undo()
            return
        menu = document.getElementById("menu")
        if key == "Escape" and menu.open:
            menu.open = False
            menu.querySelector("summary").focus()
            return
        el = nullable(document.activeElement)
        if el is None or not el.classList.contains("slot") or app.busy:
            return
        pile = el.dataset.pile
        if key in ARROWS:
            event.preventDefault()
            focus = app.session.arrow(pile, key)
            if focus == pile:
                self.point_at(pile)
            elif focus is not None:
                app.board.slots[focus].focus()  # focusin points at its card
        elif key in ("Enter", " "):
            event.preventDefault()
            self.choose(pile)
        elif key == "Escape":
            app.pointer.cancel()  # a drag too
            app.show(app.session.cancel())
            self.show_pick()

    def on_focusin(self, event) -> None:
        el = event.target
        if el.classList.contains("slot"):
            self.point_at(el.dataset.pile)

    def point_at(self, pile: str) -> None:
        board = self.app.board
        board.unmark("cursor")
        index, name = self.app.session.point(pile)
        if name is not None:
            board.mark_card("cursor", pile, index)
        say(self.app.session.pile_said(pile))  # "empty" too: the last text does not stay

    def choose(self, pile: str) -> None:
        app = self.app
        session = app.session
        place = app.board.place_at(pile, session.pointed_index(pile))
        app.show(session.choose(pile, place is not None and place.draggable))
        self.show_pick()

    def show_pick(self) -> None:
        board = self.app.board
        board.unmark("selected")
        selected = self.app.session.picked
        if selected is not None:
            board.mark_run("selected", *selected)
