"""localStorage, which every tab of the site shares and which can fail: reading it may
throw (some privacy modes refuse it), a write may throw (the quota is full). Nothing here
raises; what could not be written is tried again with the next write."""

from js import document, requestAnimationFrame, setTimeout, window
from pyodide.ffi import create_proxy

from klondike.app.stored import GAME_KEY, HISTORY_KEY
from klondike.i18n import _

from .dom import STATUS, nullable, say


class Store:
    def __init__(self) -> None:
        try:
            self.local = window.localStorage  # the getter itself throws in some modes
            self.local.getItem(GAME_KEY)
        except Exception:
            self.local = None
        self.unsaved: dict[str, str | None] = {}  # key -> text not written yet
        self.full = False  # the last write failed for want of room

    def get(self, key: str) -> str | None:
        if self.local is None:
            return None
        try:
            return nullable(self.local.getItem(key))
        except Exception:
            return None

    def write(self, pairs) -> bool:
        """Write ``pairs`` (and what failed before), a text of None removing its key;
        False if anything is left unwritten (:attr:`unsaved`). Every key is tried, the
        history of games last: what failed does not keep the rest from being written."""
        self.unsaved.update(pairs)
        self.full = False
        if self.local is None:
            return False
        for key, text in sorted(self.unsaved.items(), key=lambda pair: pair[0] == HISTORY_KEY):
            try:
                if text is None:
                    self.local.removeItem(key)
                else:
                    self.local.setItem(key, text)
            except Exception as e:  # full, or refused
                self.full = self.full or _is_quota(e)
                continue
            del self.unsaved[key]
        return not self.unsaved


def _is_quota(error) -> bool:
    """Whether a write failed for want of room (not refused: a privacy mode). Pyodide
    raises the browser's DOMException as a JsException, which names it."""
    text = f"{getattr(error, 'name', '')} {error}"
    return "QuotaExceededError" in text or "NS_ERROR_DOM_QUOTA_REACHED" in text


class Saving:
    """Writes what the session asks to store once the frame being drawn is on screen:
    the write (read, merge, write) is not the move's to wait for. At once while the page
    is hidden, where no frame comes (and on visibilitychange, before a tab is closed).
    If the storage is full, the session makes room and it is tried again; if it still
    fails, the game goes on from memory and the player is told once."""

    def __init__(self, app, store: Store) -> None:
        self.app = app
        self.store = store
        self.due = False  # a write waits for the frame being drawn
        self.told = False  # a write failed: the player was told
        self.write_proxy = create_proxy(self.write)
        self.after_frame_proxy = create_proxy(lambda *_args: setTimeout(self.write_proxy, 0))

    def soon(self) -> None:
        if document.hidden:
            self.write()
        elif not self.due:
            self.due = True
            requestAnimationFrame(self.after_frame_proxy)

    def write(self, *_args) -> None:
        self.due = False
        app, session = self.app, self.app.session
        writes = session.take_writes(self.store.get)
        if not (session.elsewhere or session.replaying):  # the table, for static/paint.js
            writes += app.board.painting(session.settings)
        if self.store.write(writes):
            return
        room = session.unwritten(sorted(self.store.unsaved), self.store.full)
        if room.store:  # room was made: said, and written again
            app.show(room)
        elif not self.told:
            self.told = True
            notice = _("Your progress cannot be saved in this browser right now")
            say(f"{STATUS.textContent} {notice}".strip())
