"""The toolbar and the banners: the session's :class:`~klondike.app.reply.Toolbar` and
:class:`~klondike.app.reply.Winnable`, drawn; text is only written when it changed
(compared with what this module wrote: only it writes these elements, and reading them
back would cost every move a call into the DOM)."""

from js import document

from .dom import by_action

SCORE = document.getElementById("score")
CODE = document.getElementById("code")
STUCK = document.getElementById("stuck")
WINNABLE = document.getElementById("winnable")
UNDO, REDO, FINISH, UNDO_TO_WINNABLE = map(by_action, ("undo", "redo", "finish",
                                                       "undo-to-winnable"))
_written: dict[str, str] = {}  # element's name -> the text last written into it


def _changed(name: str, text: str) -> bool:
    """Whether ``text`` is new for the element ``name`` (then it counts as written)."""
    if _written.get(name) == text:
        return False
    _written[name] = text
    return True


def show_toolbar(bar) -> None:
    UNDO.disabled = not bar.can_undo
    REDO.disabled = not bar.can_redo
    if _changed("code", bar.code):
        CODE.textContent = bar.code
        CODE.title = bar.code_title
    FINISH.hidden = not bar.can_finish
    STUCK.hidden = not bar.stuck
    show_score(bar.score)


def show_score(text: str) -> None:
    if _changed("score", text):
        SCORE.textContent = text


def show_winnable(winnable) -> None:
    WINNABLE.hidden = not winnable.shown
    if _changed("winnable", winnable.text + winnable.title):
        WINNABLE.textContent = winnable.text
        WINNABLE.title = winnable.title
        WINNABLE.dataset.state = winnable.state
    UNDO_TO_WINNABLE.hidden = not winnable.can_go_back
