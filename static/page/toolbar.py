"""The toolbar and the banners: the session's :class:`~klondike.app.reply.Toolbar` and
:class:`~klondike.app.reply.Winnable`, drawn; text is only written when it changed
and an element shown or hidden only when that changed (compared with what this module
wrote: only it writes these elements, and reading them back, or writing the same again,
would cost every move calls into the DOM)."""

from js import document, window

from .dom import BOARD, by_action, focus_after

SCORE = document.getElementById("score")
CODE = document.getElementById("code")
STUCK = document.getElementById("stuck")
STUCK_UNDO = STUCK.querySelector('[data-action="undo"]')  # not in a deal stuck from the start
WINNABLE = document.getElementById("winnable")
UNDO, REDO, FINISH, UNDO_TO_WINNABLE = map(by_action, ("undo", "redo", "finish",
                                                       "undo-to-winnable"))
_written: dict[str, object] = {}  # element's name and property -> the value last written


def _changed(name: str, value: object) -> bool:
    """Whether ``value`` is new for ``name`` (then it counts as written)."""
    if _written.get(name) == value:
        return False
    _written[name] = value
    return True


def _hide(name: str, element, hidden: bool) -> None:
    if _changed(name + ".hidden", hidden):
        had_focus = hidden and element.contains(document.activeElement)
        element.hidden = hidden
        if had_focus:  # (a banner's Undo, Finish game once the game is won)
            focus_after(True)


def show_toolbar(bar) -> None:
    UNDO.disabled = not bar.can_undo  # always: the page enables every button once ready
    REDO.disabled = not bar.can_redo
    if _changed("code", bar.code):
        CODE.textContent = bar.code
        CODE.title = bar.code_title
    _hide("finish", FINISH, not bar.can_finish)
    _hide("stuck", STUCK, not bar.stuck)
    _hide("stuck-undo", STUCK_UNDO, not bar.can_undo)
    show_score(bar.score)


def show_score(text: str) -> None:
    if _changed("score", text):
        SCORE.textContent = text


def show_winnable(winnable) -> None:
    _hide("winnable", WINNABLE, not winnable.shown)
    if _changed("winnable", winnable.text + winnable.title):
        WINNABLE.textContent = winnable.text
        WINNABLE.title = winnable.title
        WINNABLE.dataset.state = winnable.state
    _hide("undo-to-winnable", UNDO_TO_WINNABLE, not winnable.can_go_back)


MENU = document.getElementById("menu")
MENU_ITEMS = MENU.querySelector(".menu-items")


def place_menu(_event=None) -> None:
    """"More"'s items hang from its left edge: where they would reach past the window's
    right edge (More at the end of a toolbar of large text, 372 px wide at 200% from 762
    px in a 1024 px window), they move left by that much, never past the left edge. Not
    where they are fixed across the window (a phone) or by the table (the side layout)."""
    style = MENU_ITEMS.style
    style.removeProperty("left")
    if not MENU.open or window.getComputedStyle(MENU_ITEMS).position != "absolute":
        return
    box = MENU_ITEMS.getBoundingClientRect()
    edge = float(window.getComputedStyle(BOARD).paddingLeft.removesuffix("px") or 0)
    room = document.documentElement.clientWidth - edge
    shift = max(edge - box.left, min(0.0, room - box.right))
    if shift:
        style.left = f"{shift:.1f}px"
