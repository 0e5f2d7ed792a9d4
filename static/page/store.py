"""localStorage, which every tab of the site shares and which can fail: reading it may
throw (some privacy modes refuse it), a write may throw (the quota is full). Nothing here
raises; what could not be written is tried again with the next write."""

from js import window

from klondike.app.stored import GAME_KEY

from .dom import nullable


class Store:
    def __init__(self) -> None:
        try:
            self.local = window.localStorage  # the getter itself throws in some modes
            self.local.getItem(GAME_KEY)
        except Exception:
            self.local = None
        self.unsaved: dict[str, str | None] = {}  # key -> text not written yet

    def get(self, key: str) -> str | None:
        if self.local is None:
            return None
        try:
            return nullable(self.local.getItem(key))
        except Exception:
            return None

    def write(self, pairs) -> bool:
        """Write ``pairs`` (and what failed before), a text of None removing its key;
        False if anything is left unwritten."""
        self.unsaved.update(pairs)
        if self.local is None:
            return False
        for key, text in list(self.unsaved.items()):
            try:
                if text is None:
                    self.local.removeItem(key)
                else:
                    self.local.setItem(key, text)
            except Exception:  # full, or refused
                return False
            del self.unsaved[key]
        return True
