"""The page: one delegated listener per event type, wired to the glue modules of
``static/page/`` and to the game session (SPEC R5, R6, R9).

Everything a player sees is decided by :class:`klondike.app.session.Session`, without the
DOM; this file passes it the page's events and stored texts, and draws the one
:class:`~klondike.app.reply.Reply` it answers each with: the table, the status line, the
toolbar, what to store, and the requests for the solver's Web Worker (``page.solver``),
whose answers go back to the session: the page's thread never searches.
"""

from __future__ import annotations

import asyncio
from datetime import date

from js import (
    Date,
    document,
    navigator,
    performance,
    requestAnimationFrame,
    setInterval,
    setTimeout,
    window,
)
from page import address, sound, toolbar
from page.backup import BackupControls
from page.board import GLIDE_S, Board
from page.celebration import Celebration
from page.demo import DemoControls
from page.dialogs import Dialogs, fill_language_choices, translate_page
from page.dom import BOARD, TABLE, nullable, say
from page.keyboard import Keyboard
from page.links import DAILY, Links
from page.pointer import Pointer
from page.replay import ReplayControls
from page.solver import SolverWorker, device_gib
from page.store import Saving, Store
from pyodide.ffi import create_proxy

from klondike.app.session import Session
from klondike.app.stored import DAILY_KEY, GAME_KEY, HISTORY_KEY, SETTINGS_KEY, STATS_KEY
from klondike.app.worker_link import memory_cap
from klondike.i18n import choose_language

FINISH_STEP_S = 0.09
ELSEWHERE = document.getElementById("elsewhere")


def today() -> date:
    """The player's calendar date (Python's clock in the browser keeps UTC)."""
    now = Date.new()
    return date(now.getFullYear(), now.getMonth() + 1, now.getDate())


class App:
    def __init__(self) -> None:
        self.storage = store = Store()
        self.session = Session(
            now=lambda: performance.now() / 1000,
            settings=store.get(SETTINGS_KEY), stats=store.get(STATS_KEY),
            daily=store.get(DAILY_KEY), history=store.get(HISTORY_KEY), today=today,
            memory=memory_cap(device_gib()))
        self.board = Board(on_resized=self.render)
        self.celebration = Celebration(self.board)  # the win's cascade
        self.dialogs = Dialogs(self)
        self.pointer = Pointer(self)
        self.keyboard = Keyboard(self)
        self.demo = DemoControls(self)  # Play it for me
        self.replays = ReplayControls(self)  # a game of the history, replayed
        self.backups = BackupControls(self)  # the statistics file
        self.busy = False  # "Finish game" is playing
        self.saving = Saving(self, store)  # what the session asks to store, after the frame
        self.won = None  # the win's message, shown a frame after the winning move
        self.won_proxy = create_proxy(self.show_won)
        self.won_after_frame = create_proxy(lambda *_args: setTimeout(self.won_proxy, 0))
        self.links = Links(self)  # a link to a deal, the daily deal: asked about first
        # "Can this still be won?", the hint, the daily deal: the solver's worker.
        self.solver = SolverWorker(self.on_solver, self.on_solver_failed)
        self.hint_proxy = create_proxy(self.hint_due)
        self.auto_proxy = create_proxy(self.auto_step)

    # --- the loop: the session decides, the page shows ------------------------------------
    def show(self, reply) -> None:
        """Draw a reply of the session (:class:`klondike.app.reply.Reply`), store what it
        asks to, and post its requests to the solver's worker."""
        if reply.changed:
            self.won = None  # a win not shown yet was taken back
            self.celebration.stop()
            if reply.won is None:
                self.dialogs.close_win()
            self.draw_table()
            self.keyboard.show_pick()
        if reply.elsewhere:  # another tab took the game
            self.pointer.cancel()
            self.keyboard.show_pick()
        ELSEWHERE.hidden = not self.session.elsewhere  # a New game here takes it back
        if reply.stats:  # the statistics or the history changed (another tab, a file)
            self.dialogs.show_records()
        if reply.toolbar is not None:
            toolbar.show_toolbar(reply.toolbar)
        if reply.score is not None:
            toolbar.show_score(reply.score)
        if reply.said is not None:
            say(reply.said)
        if reply.sound is not None:
            sound.play(reply.sound)
        if reply.won is not None:
            self.won = reply.won
            requestAnimationFrame(self.won_after_frame)
        if reply.hint is not None:
            self.show_hint(reply.hint)
        if reply.hint_wait is not None:  # "Thinking…": a sensible move if it waits
            setTimeout(self.hint_proxy, int(reply.hint_wait * 1000) + 20)
        if reply.ask_demo:
            self.demo.ask()
        if reply.demo is not None:
            self.demo.show(reply.demo)
        if reply.replay is not None:
            self.replays.show(reply.replay)
        if reply.demo_wait is not None:
            self.demo.wait(reply.demo_wait)
        if reply.auto:  # a safe card goes home once this move has glided
            off = self.session.settings.animation == "off"
            setTimeout(self.auto_proxy, 0 if off else int(GLIDE_S * 1000))
        if reply.answered and not performance.getEntriesByName("klondike-first-answer").length:
            performance.mark("klondike-first-answer")  # for bench/startup.py
        if reply.store:
            self.saving.soon()
        if reply.worker == "stop":
            self.solver.stop()
        elif reply.worker == "restart":
            self.solver.restart()  # the requests below go to the new worker
        for request in reply.requests:
            self.solver.post(request)
        if reply.winnable is not None:
            toolbar.show_winnable(reply.winnable)

    def show_won(self, *_args) -> None:
        """The win's dialog, and the cascade under it, in a task of their own once the
        winning move is on screen: opening a modal dialog lays the page out again, and
        together with the move that took more than a frame."""
        message, self.won = self.won, None
        if message is None:  # taken back (a key or a tap came first)
            return
        self.dialogs.show_win(message)
        settings = self.session.settings
        self.celebration.start(settings.left_handed, settings.animation != "off",
                               seed=self.session.game.moves_made)

    def render(self) -> None:
        """The table and the toolbar as they stand (a resize, a step of Finish game)."""
        self.draw_table()
        toolbar.show_toolbar(self.session.toolbar())

    def draw_table(self) -> None:
        settings = self.session.settings
        self.board.render(self.session.shown, settings, settings.animation != "off")
        self.links.after_draw()

    def on_storage(self, event) -> None:
        """Another tab stored something (the storage event)."""
        key = nullable(event.key)
        if key is None:  # the other tab cleared the storage: this one's next save refills it
            return
        self.show(self.session.stored_changed(key, nullable(event.newValue)))

    def take_over(self) -> None:
        ELSEWHERE.hidden = True
        self.show(self.session.take_over(self.storage.get(GAME_KEY)))

    def undo(self) -> None:
        if not self.busy:
            self.show(self.session.undo())

    def redo(self) -> None:
        if not self.busy:
            self.show(self.session.redo())

    async def finish(self) -> None:
        """R6 "Finish game": play the rest home, one card at a time, animated."""
        line = self.session.finishing_line()
        if not line or self.busy:
            return
        self.busy = True
        try:
            for move in line:
                self.session.finish_step(move)
                self.render()
                off = self.session.settings.animation == "off"
                await asyncio.sleep(0 if off else FINISH_STEP_S)
        finally:
            self.busy = False
        self.show(self.session.finished())

    # --- the solver's worker: can this still be won? the hint (R8) ----------------------
    def on_solver(self, text: str) -> None:
        self.show(self.session.solver_heard(text))

    def on_solver_failed(self) -> None:
        self.show(self.session.solver_failed())

    def hint_due(self, *_args) -> None:
        self.show(self.session.hint_due())

    def auto_step(self, *_args) -> None:
        if not self.busy and self.pointer.drag is None:  # else after Finish game, the drag
            self.show(self.session.auto_step())

    def show_hint(self, hint) -> None:
        """R8: lift the card worth moving and mark where it goes."""
        board, marks, said = self.board, hint.marks, hint.said
        board.unmark("hint")
        if marks is not None:
            if marks.target is None:  # a turn of the stock
                board.mark("hint", board.slots["stock"])
            else:
                board.mark_pile("hint", marks.target)
            board.mark_run("hint", marks.pile, marks.index)
        say(said)

    def start_daily(self, confirmed: bool = False) -> None:
        reply = self.session.start_daily(today(), confirmed)  # the worker works it out
        if reply.ask_daily:
            self.links.ask(DAILY, reply.said)
        else:
            self.show(reply)

    # --- events ----------------------------------------------------------------------------
    def on_click(self, event) -> None:
        if not TABLE.contains(event.target):  # not the winning move's own click
            self.celebration.stop()  # a tap on the win dialog or around it ends the cascade
        menu = document.getElementById("menu")
        if menu.open and not menu.contains(event.target):
            menu.open = False  # a click anywhere else folds the menu away
        button = nullable(event.target.closest("[data-action]"))
        if button is None:
            return
        action = button.dataset.action
        if menu.open and menu.contains(button):
            menu.open = False  # an item was chosen: fold the menu away, and give the focus
            menu.querySelector("summary").focus()  # to its button, not the hidden item: a
            # dialog the item opens gives the focus back there when it closes
        if self.busy and action != "copy-code":
            return
        dialogs = self.dialogs
        actions = {
            "new-game": dialogs.open_new,
            "undo": self.undo,
            "finish": lambda: asyncio.ensure_future(self.finish()),
            "copy-code": dialogs.copy_code,
            "copy-link": dialogs.copy_link,
            "redo": self.redo,
            "restart": lambda: self.show(self.session.restart()),
            "start": dialogs.start_from_new,
            "close-dialog": lambda: button.closest("dialog").close(),
            "settings": dialogs.open_settings,
            "stats": dialogs.open_stats,
            "stats-reset": lambda: dialogs.ask_reset(True),
            "stats-reset-confirm": dialogs.reset_stats,
            "history": dialogs.open_history,
            "history-play": lambda: dialogs.play_again(button.dataset.code),
            "help": dialogs.open_help,
            "hint": lambda: self.show(self.session.ask_hint()),
            "daily": self.start_daily,
            "undo-to-winnable": lambda: self.show(self.session.undo_to_winnable()),
            "take-over": self.take_over,
            "history-replay": lambda: dialogs.replay(button.dataset.key),
            **self.demo.actions(), **self.replays.actions(), **self.backups.actions(),
            **self.links.actions(),
        }
        if action in actions:
            actions[action]()

    def on_submit(self, event) -> None:
        event.preventDefault()
        if nullable(event.target.closest("#new-dialog")) is not None:
            self.dialogs.start_from_new()
        elif nullable(event.target.closest("#settings-dialog")) is not None:
            asyncio.ensure_future(self.dialogs.save_settings())

    def on_change(self, event) -> None:
        if event.target.id == "stats-rules":
            self.dialogs.show_stats()
        elif event.target.id == "stats-file":
            asyncio.ensure_future(self.backups.read())

    def on_resize(self, event) -> None:
        """The window's size changed: a gesture under way ends, the table fits the window
        again, and More's items, if open, stay in it (a tablet turned)."""
        self.pointer.on_resize(event)
        toolbar.place_menu()

    def on_visibilitychange(self, _event) -> None:
        self.pointer.cancel()  # a drag does not outlive the page's being hidden
        # The game is saved now when hidden (the tab may be closed next), and the
        # worker's search waits while hidden.
        self.show(self.session.set_hidden(bool(document.hidden)))
        address.flush()  # the link waiting for a frame: none comes while hidden
        self.solver.send()  # the requests waiting for a frame: none comes while hidden

    def on_tick(self) -> None:
        self.show(self.session.tick())  # the score line, and the worker's watchdog


async def main() -> None:
    app = App()
    dialogs = app.dialogs
    dialogs.apply_settings()
    language = choose_language(list(navigator.languages), app.session.settings.language)
    await dialogs.use_language(language)  # translates the page, unless it stays English
    if dialogs.language == "en":  # (also when the catalog failed: paint.js's texts go)
        document.documentElement.lang = "en"
        app.board.page_texts = ("en", translate_page())
    fill_language_choices()
    pointer, keyboard = app.pointer, app.keyboard
    listen = [
        (TABLE, "pointerdown", pointer.on_pointerdown),
        (TABLE, "pointermove", pointer.on_pointermove),
        (TABLE, "pointerup", pointer.on_pointerup),
        (TABLE, "pointercancel", pointer.on_pointercancel),
        (TABLE, "lostpointercapture", pointer.on_pointercancel),
        (TABLE, "focusin", keyboard.on_focusin),
        (BOARD, "click", app.on_click),
        (BOARD, "submit", app.on_submit),
        (BOARD, "change", app.on_change),
        (toolbar.MENU, "toggle", toolbar.place_menu),  # (a <details>'s toggle: no bubbling)
        (document, "keydown", keyboard.on_keydown),
        (document, "visibilitychange", app.on_visibilitychange),
        (window, "resize", app.on_resize),
        (window, "storage", app.on_storage),
        (window, "hashchange", app.links.on_hashchange),
    ]
    for target, kind, handler in listen:
        target.addEventListener(kind, create_proxy(handler))
    # A dialog's close does not bubble: heard on its way down (the capture phase).
    BOARD.addEventListener("close", create_proxy(dialogs.on_close), True)
    setInterval(create_proxy(app.on_tick), 1000)
    opened = address.opened()  # before the first drawing makes it the saved game's link
    # The loading bar goes before the first drawing, which measures the room below the
    # table (it took 28 px: cards drawn smaller until the first move's message measured
    # again), and not when boot.js's observer of the mark runs (later): a tap right after
    # the mark must reach the table. No event comes between this and the mark (one task).
    document.body.classList.add("ready")
    app.show(app.session.resume(app.storage.get(GAME_KEY), hidden=bool(document.hidden),
                                first=nullable(TABLE.getAttribute("data-first")),
                                opened=opened))
    for button in BOARD.querySelectorAll("button[data-action]"):
        button.disabled = False
    toolbar.show_toolbar(app.session.toolbar())  # Undo and Redo as the game has them
    app.links.follow(opened, starting=True)  # opened from a link to a deal
    dialogs.prime()  # the page's first modal dialog, before the player can win
    BOARD.setAttribute("aria-busy", "false")
    performance.mark("klondike-ready")
    # The solver's worker boots its own Pyodide once the page is interactive, so it never
    # delays the first move; what was asked before waits in page.solver. (On a first visit
    # static/runtime.mjs started it already, for the snapshot the page restored: taken over.)
    setTimeout(create_proxy(app.solver.start), 0)


async def start() -> None:
    try:  # a start that fails says so, and offers to try again (static/boot.js)
        await main()
    except Exception as e:
        window.klondikeBootFailed(f"{type(e).__name__}: {e}")
        raise


asyncio.ensure_future(start())  # async: the language's catalog is fetched first
