"""The browser glue: DOM events in, core calls, DOM patches out (SPEC R5, R6, R9).

Everything that can be decided without the DOM is decided in ``klondike`` (the rules in
``game``, placements in ``view``, what a gesture means in ``gestures``, the end of a game in
``ending``, stored values in ``storage``). This file only forwards events, with one
delegated listener per event type, and patches 52 persistent card elements from the view.
"""

from __future__ import annotations

import asyncio
import random
from datetime import date

from js import (
    Date,
    MessageChannel,
    document,
    fetch,
    localStorage,
    navigator,
    performance,
    setInterval,
    setTimeout,
    window,
)
from pyodide.ffi import create_proxy

try:  # Pyodide 0.28+ turns JavaScript's null into jsnull, not None
    from pyodide.ffi import jsnull
except ImportError:  # pragma: no cover - older Pyodide
    jsnull = None

from klondike import CARDS, DEALS, BadCode, BadSave, Game, GameCode, IllegalMove
from klondike.app.analysis import BUSY, Analysis
from klondike.app.ending import finish_line, is_stuck
from klondike.app.gestures import (
    describe_move,
    double_tap_move,
    drag_move,
    refusal,
    run_start,
    tap_move,
)
from klondike.app.help import rules_help
from klondike.app.hint import hint as hint_move
from klondike.app.stats import (
    RULE_SETS,
    STATS_KEY,
    Statistics,
    counts_as_played,
    rule_set_label,
    rule_set_of,
)
from klondike.app.storage import GAME_KEY, SETTINGS_KEY, Settings, load_game, save_game
from klondike.app.view import COLUMN_PILES, PILES, layout, pile_at, slots
from klondike.cards import RANKS, SUIT_SYMBOLS
from klondike.daily import daily_code
from klondike.i18n import LANGUAGE_NAMES, _, choose_language, install, translations_from_mo
from klondike.moves import COLUMN_TO_COLUMN, STOCK, Move
from klondike.scoring import clock_text, vegas_text
from klondike.solver import LOST, WON

DOUBLE_TAP_MS = 400
DRAG_START_PX = 6
GLIDE_MS = 250  # a little more than the CSS --move-time
STATUS_ROOM_PX = 48  # kept below the table for the status line
# A hint waits this long for the solver's winning line, then suggests a sensible move
# (R8): a hard position can keep the solver busy for 15 s or more.
HINT_WAIT_MS = 1_500
FINISH_STEP_S = 0.09
DAILY_KEY = "klondike.daily"

BOARD = document.getElementById("board")
TABLE = document.getElementById("table")
STATUS = document.getElementById("status")
SCORE = document.getElementById("score")
CODE = document.getElementById("code")
STUCK = document.getElementById("stuck")
NEW_DIALOG = document.getElementById("new-dialog")
WIN_DIALOG = document.getElementById("win-dialog")
WINNABLE = document.getElementById("winnable")
CODE_INPUT = document.getElementById("code-input")
CODE_ERROR = document.getElementById("code-error")
SETTINGS_DIALOG = document.getElementById("settings-dialog")
STATS_DIALOG = document.getElementById("stats-dialog")
HELP_DIALOG = document.getElementById("help-dialog")


def by_action(name: str):
    return BOARD.querySelector(f'[data-action="{name}"]')


class Clock:
    """Seconds of play since the first move, paused while the tab is hidden."""

    def __init__(self, elapsed: float = 0.0) -> None:
        self.base = elapsed
        self.since: float | None = None

    def run(self, running: bool) -> None:
        if running and self.since is None and not document.hidden:
            self.since = performance.now()
        elif not running and self.since is not None:
            self.base = self.elapsed()
            self.since = None

    def elapsed(self) -> float:
        if self.since is None:
            return self.base
        return self.base + (performance.now() - self.since) / 1000


class App:
    def __init__(self) -> None:
        self.settings = Settings.from_json(nullable(localStorage.getItem(SETTINGS_KEY)))
        self.stats = Statistics.from_json(nullable(localStorage.getItem(STATS_KEY)))
        self.language = "en"
        self.game = Game(GameCode(0))
        self.clock = Clock()
        self.cards = {}  # card -> element
        self.slots = {pile: TABLE.querySelector(f'[data-pile="{pile}"]') for pile in PILES}
        self.shown = {}  # card -> Place last written to its element
        self.layout = None
        self.card_px = 1.0
        self.drag = None  # the gesture in progress, see on_pointerdown
        self.last_tap = None  # (card, time) of a tap that moved nothing
        self.selected = None  # keyboard pick: (pile, index)
        self.cursor = {}  # pile -> index of the card the keyboard points at
        self.busy = False  # "Finish game" is playing
        self.highlight = None
        self.lifted = []  # cards let go of, still above the others while they glide
        # "Can this still be won?" (issue 5): the solver runs a slice at a time between
        # events (analyse_chunk), so the page never freezes.
        self.analysis = Analysis()
        self.chunk_pending = False  # a slice is scheduled
        self.hint_wanted = False  # the player asked for a hint while the solver works
        self.hint_until = 0.0  # performance.now() when it stops waiting for the solver
        # Slices are scheduled as messages, not timeouts: a chain of setTimeout(0) waits
        # at least 4 ms between slices once nested 5 deep (the HTML standard's clamp).
        self.chunks = MessageChannel.new()
        self.chunk_proxy = create_proxy(self.analyse_chunk)
        self.chunks.port1.onmessage = self.chunk_proxy
        self.settle_proxy = create_proxy(self.settle_lifted)
        self.make_cards()

    # --- setting up -------------------------------------------------------------------
    def make_cards(self) -> None:
        for card in CARDS:
            el = document.createElement("div")
            el.className = f"card s-{card.suit}" + (" red" if card.is_red else "")
            el.id = f"c-{card}"
            el.dataset.card = str(card)
            el.setAttribute("role", "img")
            rank = "10" if card.rank == 10 else RANKS[card.rank - 1]
            for cls, text in (("rank", rank), ("suit", SUIT_SYMBOLS[card.suit_index]),
                              ("pip", SUIT_SYMBOLS[card.suit_index])):
                span = document.createElement("span")
                span.className = cls
                span.setAttribute("aria-hidden", "true")
                span.textContent = text
                el.appendChild(span)
            TABLE.appendChild(el)
            self.cards[card] = el

    def start(self) -> None:
        """Resume the saved game, or start one; say what could not be read."""
        problems = []
        if self.stats.problem:
            problems.append(self.stats.problem)
            self.save_stats()  # from zero, replacing the unreadable value
        stored = nullable(localStorage.getItem(GAME_KEY))
        try:
            if stored is None:
                self.new_game(self.settings.draw, self.settings.scoring)
            else:
                self.game, elapsed = load_game(stored)
                self.clock = Clock(elapsed)
                self.after_action(announce=False)
        except BadSave as e:
            localStorage.setItem(GAME_KEY + ".unreadable", stored)
            self.new_game(self.settings.draw, self.settings.scoring)
            problems.append(_("Your saved game could not be read ({reason}). "
                              "A new game has started.").format(reason=e))
        if problems:
            self.say(" ".join(problems))

    def new_game(self, draw: int, scoring: str, code: GameCode | None = None) -> None:
        if code is None:
            code = GameCode(random.randrange(DEALS), draw, scoring)
        old = self.game
        if counts_as_played(old) and not old.is_won:  # a game left for another
            self.stats.record_end(rule_set_of(old), is_stuck(old),
                                  old.score_at(self.clock.elapsed()), game_key=old.to_json())
            self.save_stats()
        self.game = Game(code)
        self.analysis.forget()  # the answers were about the old deal
        self.clock = Clock()
        self.selected = None
        WIN_DIALOG.close()
        TABLE.classList.remove("celebrate")
        self.after_action(announce=False)
        self.say(_("New game {code}: draw {draw}, {scoring} scoring.").format(
            code=code, draw=code.draw, scoring=_(self.game.scoring.name)))

    # --- the loop: act, then show ------------------------------------------------------
    def play(self, move) -> bool:
        try:
            said = describe_move(self.game, move)
            self.analysis.play(self.game, move)  # keeps the rest of a winning line
        except IllegalMove as e:
            self.say(str(e))
            return False
        self.last_tap = None
        self.after_action()
        self.say(said)  # the live region announces every move
        return True

    def undo(self) -> None:
        if self.busy:
            return
        if not self.game.moves_made:
            self.say(_("There is nothing to undo"))
            return
        self.game.undo()
        self.selected = None
        self.after_action()
        self.say(_("Move undone"))

    def after_action(self, announce: bool = True) -> None:
        game = self.game
        self.clock.run(game.moves_made > 0 and not game.is_won)
        self.render()
        localStorage.setItem(GAME_KEY, save_game(game, self.clock.elapsed()))
        if announce:
            self.say("")
        if game.is_won:
            self.show_win()
        self.analyse()

    def save_stats(self) -> None:
        localStorage.setItem(STATS_KEY, self.stats.to_json())

    def render(self) -> None:
        game = self.game
        self.card_px = self.slots["stock"].getBoundingClientRect().width or 1.0
        top = TABLE.getBoundingClientRect().top
        room = (window.innerHeight - top - STATUS_ROOM_PX) / self.card_px
        self.layout = layout(game, height=max(room, 5.0), left_handed=self.settings.left_handed)
        for place in self.layout.places:
            if self.shown.get(place.card) != place:
                self.patch(place)
        TABLE.style.height = f"{self.layout.height * self.card_px:.0f}px"
        self.show_toolbar()

    def patch(self, place) -> None:
        el = self.cards[place.card]
        old = self.shown.get(place.card)
        style = el.style
        if old is None or (old.x, old.y) != (place.x, place.y):
            style.setProperty("--x", str(place.x))
            style.setProperty("--y", str(place.y))
        if old is None or old.z != place.z:
            style.zIndex = str(place.z)
        if old is None or old.face_up != place.face_up:
            el.classList.toggle("down", not place.face_up)
            el.setAttribute("aria-label", _(place.label))  # the label is its msgid
        if old is None or (old.pile, old.index, old.draggable) != (
                place.pile, place.index, place.draggable):
            el.dataset.pile = place.pile
            el.dataset.index = str(place.index)
            el.classList.toggle("draggable", place.draggable)
        self.shown[place.card] = place

    def show_toolbar(self) -> None:
        game = self.game
        by_action("undo").disabled = game.moves_made == 0
        if CODE.textContent != game.code:
            CODE.textContent = game.code
            CODE.title = _("Game code {code}: click to copy").format(code=game.code)
        by_action("finish").hidden = self.finishing_line() is None
        for el in TABLE.querySelectorAll(".hint"):
            el.classList.remove("hint")
        STUCK.hidden = not is_stuck(game)
        self.show_score()

    def show_score(self) -> None:
        game = self.game
        seconds = self.clock.elapsed()
        letter = game.scoring.letter
        if letter == "V":
            text = _("Vegas {dollars}").format(dollars=vegas_text(game.score))
        elif letter == "X":
            text = _("Time {time}  Moves {moves}").format(
                time=clock_text(seconds), moves=game.moves_made)
        else:
            text = _("Score {points}  Moves {moves}").format(
                points=game.score_at(seconds), moves=game.moves_made)
        if SCORE.textContent != text:
            SCORE.textContent = text

    def say(self, text: str) -> None:
        STATUS.textContent = text

    def show_win(self) -> None:
        game = self.game
        seconds = self.clock.elapsed()
        letter = game.scoring.letter
        score = (vegas_text(game.score) if letter == "V"
                 else "" if letter == "X" else str(game.score_at(seconds)))
        self.stats.record_win(rule_set_of(game), seconds, game.moves_made,
                              game.score_at(seconds), game_key=game.to_json())
        daily = (nullable(localStorage.getItem(DAILY_KEY)) or "").split()
        if len(daily) == 2 and daily[1] == game.code:
            self.stats.record_daily_win(daily[0], game.draw)
        self.save_stats()
        message = document.getElementById("win-message")
        message.textContent = _("You won in {time} with {moves} moves.").format(
            time=clock_text(seconds), moves=game.moves_made) + (
            " " + _("Score: {score}").format(score=score) if score else "")
        if not window.matchMedia("(prefers-reduced-motion: reduce)").matches:
            TABLE.classList.add("celebrate")
        if not WIN_DIALOG.open:
            WIN_DIALOG.showModal()

    async def finish(self) -> None:
        """R6 "Finish game": play the rest home, one card at a time, animated."""
        line = self.finishing_line()
        if not line or self.busy:
            return
        self.busy = True
        try:
            for move in line:
                self.analysis.play(self.game, move)
                self.render()
                await asyncio.sleep(0 if self.settings.animation == "off" else FINISH_STEP_S)
        finally:
            self.busy = False
        self.after_action()

    # --- the solver: can this still be won? hints, daily deals (issue 5, R8) ----------------
    def finishing_line(self) -> list | None:
        """R6 and issue 5: Finish game plays the cards home once every tableau card is face
        up, or follows the solver's winning line once nothing is left to discover."""
        line = finish_line(self.game)
        if line is None and self.game.all_face_up:
            solved = self.analysis.winning_line(self.game)
            line = [Move.from_text(m) for m in solved] if solved else None
        return line

    def analyse(self) -> None:
        """Solve the position on the board, a slice at a time, unless it is answered."""
        wanted = self.settings.indicator or self.hint_wanted
        busy = self.analysis.state(self.game) == BUSY and not self.game.is_won
        if (wanted and busy) or self.analysis.tidying:
            self.schedule_chunk()
        self.show_winnable()

    def schedule_chunk(self) -> None:
        if not self.chunk_pending:
            self.chunk_pending = True
            self.chunks.port2.postMessage(0)

    def analyse_chunk(self, _message=None) -> None:
        """One slice of the search (and of freeing those done with); the next is
        scheduled after the browser's own work."""
        self.chunk_pending = False
        wanted = (self.settings.indicator or self.hint_wanted) and not self.game.is_won
        known = self.analysis.answer(self.game) is not None  # shown already
        answer = self.analysis.advance(self.game, search=wanted)
        if (wanted and answer is None) or self.analysis.tidying:
            self.schedule_chunk()
        if not wanted:
            return
        if answer is not None and not known:
            self.show_winnable()
            by_action("finish").hidden = self.finishing_line() is None
        if self.hint_wanted and (answer is not None or performance.now() >= self.hint_until):
            self.hint_wanted = False  # not answered in time: a sensible move (R8)
            self.show_hint()

    def show_winnable(self) -> None:
        WINNABLE.hidden = not self.settings.indicator or self.game.is_won
        state = self.analysis.state(self.game)
        if state == BUSY:
            text, title = _("Checking…"), _("Checking if this game can be won…")
        elif state == WON:
            text, title = _("Winnable"), _("This game can be won")
        elif state == LOST:
            text, title = _("Not winnable"), _("This game can no longer be won")
        else:
            text, title = _("Not sure"), _("Not sure if this game can be won")
        if WINNABLE.textContent != text:
            WINNABLE.textContent = text  # short, for a phone's toolbar
            WINNABLE.title = title
            WINNABLE.dataset.state = state
        back = by_action("undo-to-winnable")
        lost = state == LOST
        back.hidden = not (lost and self.analysis.last_winnable(self.game) is not None)

    def undo_to_winnable(self) -> None:
        target = self.analysis.last_winnable(self.game)
        if target is None or self.busy:
            return
        while self.game.moves_made > target:
            self.game.undo()
        self.after_action()
        self.say(_("Back to the last position that can be won"))

    def ask_hint(self) -> None:
        if self.game.is_won:
            return
        if self.analysis.answer(self.game) is not None:
            self.show_hint()
            return
        self.hint_wanted = True  # shown when the search ends (analyse_chunk)...
        self.hint_until = performance.now() + HINT_WAIT_MS  # ...or the wait does
        self.say(_("Thinking…"))
        self.analyse()  # starts a search if none runs (the indicator may be off)

    def show_hint(self) -> None:
        """R8: lift the card worth moving and mark where it goes."""
        game = self.game
        move = hint_move(game, self.analysis.winning_line(game))
        for el in TABLE.querySelectorAll(".hint"):
            el.classList.remove("hint")
        if move is None:
            self.say(_("No useful move is left"))
            return
        if move is STOCK:
            self.slots["stock"].classList.add("hint")
            for el in self.run_elements("stock", len(game.stock) - 1):
                el.classList.add("hint")
        else:
            source, index = _source_of(game, move)
            for el in self.run_elements(source, index):
                el.classList.add("hint")
            card = self.cards_at(source, index).card
            target = "F" + card.suit if move.target < 0 else f"T{move.target + 1}"
            self.slots[target].classList.add("hint")
            tops = [p for p in self.layout.places if p.pile == target]
            if tops:
                self.cards[max(tops, key=lambda p: p.index).card].classList.add("hint")
        self.say(_("Hint: {move}").format(move=describe_move(game, move)))

    def start_daily(self) -> None:
        """R8: today's deal (the player's calendar date), the same for every player."""
        now = Date.new()
        day = f"{now.getFullYear():04d}-{now.getMonth() + 1:02d}-{now.getDate():02d}"
        draw = self.settings.draw
        self.say(_("Preparing the daily deal…"))
        code = _daily_code(day, draw)
        self.new_game(draw, "N", GameCode.parse(code))
        localStorage.setItem(DAILY_KEY, f"{day} {code}")
        won = self.stats.won_daily(day, draw)
        self.say(_("Daily deal of {day}, draw {draw}").format(day=day, draw=draw)
                 + (" " + _("(won already)") if won else ""))

    # --- pointer input (R5): drag and drop, taps, double taps ---------------------------
    def on_pointerdown(self, event) -> None:
        if self.busy or event.button > 0:
            return
        el = nullable(event.target.closest(".card, .slot"))
        if el is None or not TABLE.contains(el):
            return
        pile = el.dataset.pile
        index = int(el.dataset.index) if el.classList.contains("card") else -1
        self.drag = {
            "id": event.pointerId, "pile": pile, "index": index, "x": event.clientX,
            "y": event.clientY, "moving": False, "els": [],
            "card": nullable(el.getAttribute("data-card")),
            "draggable": el.classList.contains("draggable"),
        }
        TABLE.setPointerCapture(event.pointerId)
        event.preventDefault()

    def on_pointermove(self, event) -> None:
        drag = self.drag
        if drag is None or event.pointerId != drag["id"] or not drag["draggable"]:
            return
        dx, dy = event.clientX - drag["x"], event.clientY - drag["y"]
        if not drag["moving"]:
            if abs(dx) + abs(dy) < DRAG_START_PX:
                return
            drag["moving"] = True
            drag["els"] = self.run_elements(drag["pile"], drag["index"])
            self.lift(drag["els"])
        for el in drag["els"]:
            el.style.setProperty("--dx", f"{dx}px")
            el.style.setProperty("--dy", f"{dy}px")
        self.mark_target(self.drop_target(drag, dx, dy))

    def on_pointerup(self, event) -> None:
        drag = self.drag
        if drag is None or event.pointerId != drag["id"]:
            return
        self.drag = None
        if not drag["moving"]:
            self.on_tap(drag["pile"], drag["index"], drag["card"])
            return
        dx, dy = event.clientX - drag["x"], event.clientY - drag["y"]
        target = self.drop_target(drag, dx, dy)
        self.mark_target(None)
        self.release(drag["els"])
        if target is None:
            return
        move = drag_move(self.game, drag["pile"], drag["index"], target)
        if move is not None:
            self.play(move)
        else:
            self.say(refusal(self.game, drag["pile"], drag["index"], target))

    def on_pointercancel(self, event) -> None:
        drag = self.drag
        if drag is None or event.pointerId != drag["id"]:
            return
        self.drag = None
        self.mark_target(None)
        self.release(drag["els"])

    def lift(self, els) -> None:
        """Dragged cards ride above everything, in their own order."""
        for el in els:
            el.classList.add("dragging")
            el.style.zIndex = str(1000 + int(el.style.zIndex))

    def release(self, els) -> None:
        """Let go: the cards glide to their place (the new one or back), still above the
        others until the glide ends."""
        for el in els:
            el.classList.remove("dragging")
            el.style.removeProperty("--dx")
            el.style.removeProperty("--dy")
        self.lifted = els
        setTimeout(self.settle_proxy, GLIDE_MS)

    def settle_lifted(self) -> None:
        for el in self.lifted:
            el.style.zIndex = str(self.shown[CARDS_BY_TEXT[el.dataset.card]].z)
        self.lifted = []

    def run_elements(self, pile: str, index: int) -> list:
        places = [p for p in self.layout.places if p.pile == pile and p.index >= index]
        if pile[0] != "T":
            places = [p for p in places if p.index == index]
        return [self.cards[p.card] for p in places]

    def drop_target(self, drag, dx: float, dy: float) -> str | None:
        lead = self.cards_at(drag["pile"], drag["index"])
        if lead is None:
            return None
        x = lead.x + dx / self.card_px
        y = lead.y + dy / self.card_px
        return pile_at(self.layout, x, y)

    def cards_at(self, pile: str, index: int):
        for place in self.layout.places:
            if place.pile == pile and place.index == index:
                return place
        return None

    def mark_target(self, target: str | None) -> None:
        drag = self.drag
        pile = None
        if target is not None and drag is not None:
            move = drag_move(self.game, drag["pile"], drag["index"], target)
            if move is not None:
                pile = target if target != "F" else "F" + CARDS_BY_TEXT[drag["card"]].suit
        if pile == self.highlight:
            return
        for el in TABLE.querySelectorAll(".drop-ok"):
            el.classList.remove("drop-ok")
        if pile:
            # The outline, and the card on top of the pile, which covers the outline.
            self.slots[pile].classList.add("drop-ok")
            tops = [p for p in self.layout.places if p.pile == pile]
            if tops:
                self.cards[max(tops, key=lambda p: p.index).card].classList.add("drop-ok")
        self.highlight = pile

    def on_tap(self, pile: str, index: int, card: str | None) -> None:
        game = self.game
        if pile == "stock":
            move = tap_move(game, "stock", 0)
            if move is None:
                self.say(_("In Vegas the stock can be gone through only once")
                         if game.waste else _("The stock is empty"))
                return
            self.play(move)
            return
        if index < 0 or card is None:
            return
        now = performance.now()
        last = self.last_tap
        if last is not None and last[0] == card and now - last[1] < DOUBLE_TAP_MS:
            self.last_tap = None
            move = double_tap_move(game, pile, index)
            if move is not None:
                self.play(move)
            else:
                self.say(_("There is no place for that card on the tableau"))
            return
        move = tap_move(game, pile, index)
        if move is not None:
            self.play(move)
        else:
            self.last_tap = (card, now)

    # --- keyboard (WCAG: everything the pointer does) -----------------------------------
    def on_keydown(self, event) -> None:
        key = event.key
        if (event.ctrlKey or event.metaKey) and key.lower() == "z" and not _typing(event):
            event.preventDefault()
            self.undo()
            return
        menu = document.getElementById("menu")
        if key == "Escape" and menu.open:
            menu.open = False
            menu.querySelector("summary").focus()
            return
        el = nullable(document.activeElement)
        if el is None or not el.classList.contains("slot") or self.busy:
            return
        pile = el.dataset.pile
        if key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
            event.preventDefault()
            self.move_cursor(pile, key)
        elif key in ("Enter", " "):
            event.preventDefault()
            self.choose(pile)
        elif key == "Escape" and self.selected is not None:
            self.select(None)
            self.say(_("Selection cancelled"))

    def move_cursor(self, pile: str, key: str) -> None:
        order = list(PILES)
        if key in ("ArrowLeft", "ArrowRight"):
            step = 1 if key == "ArrowRight" else -1
            self.slots[order[(order.index(pile) + step) % len(order)]].focus()
            return
        if pile in COLUMN_PILES:
            column = self.game.tableau[COLUMN_PILES.index(pile)]
            size = len(column.down) + len(column.up)
            if not column.up:
                return
            current = self.cursor.get(pile, size - 1)
            current += -1 if key == "ArrowUp" else 1
            if current < len(column.down) or current >= size:
                if key == "ArrowUp":
                    above = ("stock", "waste", "waste", "Fs", "Fh", "Fd", "Fc")
                    self.slots[above[COLUMN_PILES.index(pile)]].focus()
                return
            self.cursor[pile] = current
            self.point_at(pile)
        elif key == "ArrowDown":
            tops = {"stock": "T1", "waste": "T2", "Fs": "T4", "Fh": "T5", "Fd": "T6", "Fc": "T7"}
            self.slots[tops[pile]].focus()

    def pointed_index(self, pile: str) -> int:
        game = self.game
        if pile in COLUMN_PILES:
            column = game.tableau[COLUMN_PILES.index(pile)]
            size = len(column.down) + len(column.up)
            index = self.cursor.get(pile, size - 1)
            return index if len(column.down) <= index < size else size - 1
        if pile == "waste":
            return len(game.waste) - 1
        if pile[0] == "F":
            return game.foundations[pile[1]] - 1
        return 0

    def point_at(self, pile: str) -> None:
        for el in TABLE.querySelectorAll(".card.cursor"):
            el.classList.remove("cursor")
        place = self.cards_at(pile, self.pointed_index(pile))
        if place is not None:
            self.cards[place.card].classList.add("cursor")
            self.say(_card_name(place.card) if place.face_up else _("face-down card"))

    def choose(self, pile: str) -> None:
        if pile == "stock":
            self.on_tap("stock", 0, None)
            return
        if self.selected is None:
            index = self.pointed_index(pile)
            place = self.cards_at(pile, index)
            if place is None or not place.draggable:
                self.say(_("There is no card to move here"))
                return
            self.select((pile, index))
            self.say(_("{card} selected: choose where it goes, then press Enter").format(
                card=_card_name(place.card)))
            return
        source, index = self.selected
        self.select(None)
        if source == pile:
            move = tap_move(self.game, source, index)
            if move is None:
                self.say(_("Selection cancelled"))
                return
        else:
            target = "F" if pile[0] == "F" else pile
            move = drag_move(self.game, source, index, target)
            if move is None:
                self.say(refusal(self.game, source, index, target))
                return
        self.play(move)
        self.cursor.pop(pile, None)
        self.cursor.pop(source, None)

    def select(self, selection) -> None:
        for el in TABLE.querySelectorAll(".card.selected"):
            el.classList.remove("selected")
        self.selected = selection
        if selection is not None:
            for el in self.run_elements(*selection):
                el.classList.add("selected")

    def on_focusin(self, event) -> None:
        el = event.target
        if el.classList.contains("slot"):
            self.point_at(el.dataset.pile)

    # --- buttons and dialogs ------------------------------------------------------------
    def on_click(self, event) -> None:
        menu = document.getElementById("menu")
        if menu.open and not menu.contains(event.target):
            menu.open = False  # a click anywhere else folds the menu away
        button = nullable(event.target.closest("[data-action]"))
        if button is None:
            return
        action = button.dataset.action
        if menu.open and menu.contains(button):
            menu.open = False  # an item was chosen: fold the menu away
        if self.busy and action != "copy-code":
            return
        if action == "new-game":
            self.open_new_dialog()
        elif action == "undo":
            self.undo()
        elif action == "finish":
            asyncio.ensure_future(self.finish())
        elif action == "copy-code":
            self.copy_code()
        elif action == "start":
            self.start_from_dialog()
        elif action == "close-dialog":
            button.closest("dialog").close()
        elif action == "settings":
            self.open_settings()
        elif action == "stats":
            self.open_stats()
        elif action == "stats-reset":
            STATS_DIALOG.querySelector('[data-action="stats-reset-confirm"]').hidden = False
            self.say(_("Press Yes, reset to delete all statistics"))
        elif action == "stats-reset-confirm":
            self.stats.reset()
            self.save_stats()
            self.show_stats()
            self.say(_("Statistics reset"))
        elif action == "help":
            self.open_help()
        elif action == "hint":
            self.ask_hint()
        elif action == "daily":
            self.start_daily()
        elif action == "undo-to-winnable":
            self.undo_to_winnable()

    def on_submit(self, event) -> None:
        event.preventDefault()
        if nullable(event.target.closest("#new-dialog")) is not None:
            self.start_from_dialog()
        elif nullable(event.target.closest("#settings-dialog")) is not None:
            asyncio.ensure_future(self.save_settings())

    def on_change(self, event) -> None:
        if event.target.id == "stats-rules":
            self.show_stats()

    # --- settings, statistics, rules help, languages ---------------------------------------
    def open_settings(self) -> None:
        form = SETTINGS_DIALOG.querySelector("form")
        field = form.elements.namedItem
        settings = self.settings
        field("language").value = settings.language
        field("faces").value = "four" if settings.four_colour else "classic"
        field("animation").value = settings.animation
        field("indicator").checked = settings.indicator
        field("left_handed").checked = settings.left_handed
        field("default_draw").value = str(settings.draw)
        field("default_scoring").value = settings.scoring
        SETTINGS_DIALOG.showModal()

    async def save_settings(self) -> None:
        field = SETTINGS_DIALOG.querySelector("form").elements.namedItem
        settings = self.settings
        language = field("language").value
        settings.language = language if language in LANGUAGE_NAMES else ""
        settings.four_colour = field("faces").value == "four"
        settings.animation = field("animation").value
        settings.indicator = bool(field("indicator").checked)
        settings.left_handed = bool(field("left_handed").checked)
        settings.draw = 3 if field("default_draw").value == "3" else 1
        settings.scoring = field("default_scoring").value
        localStorage.setItem(SETTINGS_KEY, settings.to_json())
        SETTINGS_DIALOG.close()
        self.apply_settings()
        await self.use_language(choose_language(list(navigator.languages), settings.language))
        self.render()
        self.say(_("Settings saved"))

    def apply_settings(self) -> None:
        body = document.body.classList
        body.toggle("four-colour", self.settings.four_colour)
        body.toggle("animation-off", self.settings.animation == "off")
        body.toggle("animation-fast", self.settings.animation == "fast")
        _position_slots(self.settings.left_handed)

    async def use_language(self, language: str) -> None:
        """Switch every text to ``language``: the catalog comes from the site's own files
        (precached for offline play); if it cannot be read the game stays in English."""
        if language == self.language:
            return
        if language == "en":
            install(None)
        else:
            try:
                # JavaScript's fetch: pyodide.http alone costs ~90 ms of start-up to import.
                response = await fetch(f"./static/locale/{language}.mo")
                if not response.ok:
                    raise ValueError(f"HTTP {response.status}")
                data = (await response.arrayBuffer()).to_bytes()
                install(translations_from_mo(data))
            except Exception as e:  # offline without the catalog, or a damaged file
                self.say(f"{LANGUAGE_NAMES[language]}: {e}")
                return
        self.language = language
        document.documentElement.lang = language
        _translate_page()
        for place in self.layout.places if self.layout else ():
            self.cards[place.card].setAttribute("aria-label", _(place.label))

    def open_stats(self) -> None:
        select = document.getElementById("stats-rules")
        current = rule_set_of(self.game)
        if select.options.length != len(RULE_SETS) or select.dataset.language != self.language:
            select.replaceChildren()
            for rule_set in RULE_SETS:
                option = document.createElement("option")
                option.value = rule_set
                option.textContent = rule_set_label(rule_set)
                select.appendChild(option)
            select.dataset.language = self.language
        select.value = current
        STATS_DIALOG.querySelector('[data-action="stats-reset-confirm"]').hidden = True
        self.show_stats()
        STATS_DIALOG.showModal()

    def show_stats(self) -> None:
        rule_set = document.getElementById("stats-rules").value
        body = document.getElementById("stats-rows")
        body.replaceChildren()
        for label, value in self.stats.summary_rows(rule_set):
            row = document.createElement("tr")
            for tag, text in (("th", label), ("td", value)):
                cell = document.createElement(tag)
                cell.textContent = text
                row.appendChild(cell)
            body.appendChild(row)
        days = self.stats.daily_wins(int(rule_set[1]))
        note = document.getElementById("stats-note")
        note.textContent = (_("Daily deals won: {days}").format(days=", ".join(days[-7:]))
                            if days else "")

    def open_help(self) -> None:
        body = document.getElementById("help-body")
        body.replaceChildren()
        for section in rules_help(self.game.scoring.letter):
            title = document.createElement("h3")
            title.textContent = section.title
            body.appendChild(title)
            for text in section.paragraphs:
                paragraph = document.createElement("p")
                paragraph.textContent = text
                body.appendChild(paragraph)
            if section.table:
                table = document.createElement("table")
                rows = ([section.table_head] if section.table_head else []) + list(section.table)
                for k, (event, points) in enumerate(rows):
                    row = document.createElement("tr")
                    for text in (event, points):
                        cell = document.createElement("th" if k == 0 and section.table_head
                                                      else "td")
                        cell.textContent = text
                        row.appendChild(cell)
                    table.appendChild(row)
                body.appendChild(table)
        HELP_DIALOG.showModal()

    def open_new_dialog(self) -> None:
        form = NEW_DIALOG.querySelector("form")
        form.elements.namedItem("draw").value = str(self.settings.draw)
        form.elements.namedItem("scoring").value = self.settings.scoring
        CODE_INPUT.value = ""
        CODE_ERROR.textContent = ""
        CODE_INPUT.removeAttribute("aria-invalid")
        WIN_DIALOG.close()
        NEW_DIALOG.showModal()

    def start_from_dialog(self) -> None:
        form = NEW_DIALOG.querySelector("form")
        draw = int(form.elements.namedItem("draw").value or 1)
        scoring = form.elements.namedItem("scoring").value or "N"
        typed = CODE_INPUT.value.strip()
        code = None
        if typed:
            try:
                code = GameCode.parse(typed)
            except BadCode as e:
                CODE_ERROR.textContent = _("Game code: {reason}").format(reason=e)
                CODE_INPUT.setAttribute("aria-invalid", "true")
                CODE_INPUT.focus()
                return
        NEW_DIALOG.close()
        self.new_game(draw, scoring, code)

    def copy_code(self) -> None:
        code = self.game.code
        try:
            navigator.clipboard.writeText(code)
            self.say(_("Game code {code} copied").format(code=code))
        except Exception:  # no clipboard (insecure context): the code is on screen
            self.say(_("Game code: {code}").format(code=code))

    def on_visibilitychange(self, _event) -> None:
        game = self.game
        self.clock.run(not document.hidden and game.moves_made > 0 and not game.is_won)
        localStorage.setItem(GAME_KEY, save_game(game, self.clock.elapsed()))

    def on_tick(self) -> None:
        if self.clock.since is not None:
            self.show_score()

    def on_resize(self, _event) -> None:
        self.render()


CARDS_BY_TEXT = {str(c): c for c in CARDS}


def nullable(value):
    """A JavaScript value, with null as None."""
    return None if value is None or value is jsnull else value


def _card_name(card) -> str:
    return _(card.name)


def _source_of(game: Game, move: Move) -> tuple[str, int]:
    """The pile and index of the card a player takes for ``move``."""
    text = str(move)
    if text[0] == "W":
        return "waste", len(game.waste) - 1
    if text[0] == "F":
        return text.split(">")[0], game.foundations[text[1]] - 1
    column = game.tableau[move.source]
    if move.kind == COLUMN_TO_COLUMN:
        return text[:2], run_start(game, move)
    return text[:2], len(column.down) + len(column.up) - 1


_DAILY_CODES: dict[tuple[str, int], str] = {}


def _daily_code(day: str, draw: int) -> str:
    if (day, draw) not in _DAILY_CODES:
        _DAILY_CODES[day, draw] = daily_code(date.fromisoformat(day), draw)
    return _DAILY_CODES[day, draw]


def _typing(event) -> bool:
    tag = event.target.tagName
    return tag in ("INPUT", "TEXTAREA", "SELECT")


def _position_slots(left_handed: bool) -> None:
    for pile, (x, y) in slots(left_handed).items():
        el = TABLE.querySelector(f'[data-pile="{pile}"]')
        el.style.setProperty("--x", str(round(x, 4)))
        el.style.setProperty("--y", str(round(y, 4)))


def _translate_page() -> None:
    """Static texts of index.html go through the one translation function too; the
    English text (the msgid) is kept in the attribute for the next change of language."""
    for el in document.querySelectorAll("[data-i18n]"):
        msgid = el.getAttribute("data-i18n") or el.textContent.strip()
        el.setAttribute("data-i18n", msgid)
        el.textContent = _(msgid)
    for el in document.querySelectorAll("[data-i18n-label]"):
        msgid = el.getAttribute("data-i18n-label") or el.getAttribute("aria-label")
        el.setAttribute("data-i18n-label", msgid)
        el.setAttribute("aria-label", _(msgid))


async def main() -> None:
    app = App()
    app.apply_settings()
    await app.use_language(choose_language(list(navigator.languages), app.settings.language))
    _translate_page()
    _fill_language_choices()
    listen = [
        (TABLE, "pointerdown", app.on_pointerdown),
        (TABLE, "pointermove", app.on_pointermove),
        (TABLE, "pointerup", app.on_pointerup),
        (TABLE, "pointercancel", app.on_pointercancel),
        (TABLE, "focusin", app.on_focusin),
        (BOARD, "click", app.on_click),
        (BOARD, "submit", app.on_submit),
        (BOARD, "change", app.on_change),
        (document, "keydown", app.on_keydown),
        (document, "visibilitychange", app.on_visibilitychange),
        (window, "resize", app.on_resize),
    ]
    for target, kind, handler in listen:
        target.addEventListener(kind, create_proxy(handler))
    setInterval(create_proxy(app.on_tick), 1000)
    app.start()
    for button in BOARD.querySelectorAll("button[data-action]"):
        button.disabled = False
    performance.mark("klondike-ready")


def _fill_language_choices() -> None:
    select = document.getElementById("language")
    automatic = document.createElement("option")
    automatic.value = ""
    automatic.setAttribute("data-i18n", "Automatic (browser language)")
    automatic.textContent = _("Automatic (browser language)")
    select.appendChild(automatic)
    for code, name in LANGUAGE_NAMES.items():
        option = document.createElement("option")
        option.value = code
        option.textContent = name  # each language in its own words, never translated
        option.lang = code
        select.appendChild(option)


asyncio.ensure_future(main())  # async: the language's catalog is fetched first
