"""The toolbar and the banners: the session's :class:`~klondike.app.session.Toolbar` and
:class:`~klondike.app.session.Winnable`, drawn; text is only written when it changed."""

from js import document

from .dom import by_action

SCORE = document.getElementById("score")
CODE = document.getElementById("code")
STUCK = document.getElementById("stuck")
WINNABLE = document.getElementById("winnable")


def show_toolbar(bar) -> None:
    by_action("undo").disabled = not bar.can_undo
    by_action("redo").disabled = not bar.can_redo
    if CODE.textContent != bar.code:
        CODE.textContent = bar.code
        CODE.title = bar.code_title
    by_action("finish").hidden = not bar.can_finish
    STUCK.hidden = not bar.stuck
    show_score(bar.score)


def show_score(text: str) -> None:
    if SCORE.textContent != text:
        SCORE.textContent = text


def show_winnable(winnable) -> None:
    WINNABLE.hidden = not winnable.shown
    if WINNABLE.textContent != winnable.text:
        WINNABLE.textContent = winnable.text
        WINNABLE.title = winnable.title
        WINNABLE.dataset.state = winnable.state
    by_action("undo-to-winnable").hidden = not winnable.can_go_back


def show_finish(can_finish: bool) -> None:
    by_action("finish").hidden = not can_finish
