"""The page's address as a link to the deal on the table (issue 25): ``#KL1-D3V-AAAAAAG``
after the page's own path, so it works under any path and offline (a fragment never
reaches the server). The session reads links and writes them; this only touches
``location`` and ``history``."""

from js import document, history, location, requestAnimationFrame, setTimeout
from pyodide.ffi import create_proxy

# The link to write once the next frame is drawn, and the fragment it replaces.
_pending: list[tuple[str, str]] = []


def opened() -> tuple[str, str]:
    """The address's fragment and query, as the session's ``follow_link`` takes them. A
    link still to be written is dropped: the address the player opened comes first."""
    _pending.clear()
    return location.hash, location.search


def show(link: str) -> None:
    """Keep the address the link to the deal on the table, so it can be shared as it is
    (no new history entry: Back leaves the game, as before).

    Written after the next frame: ``replaceState`` with a new fragment brings the page's
    style up to date at once, which in a New game's task, with the 52 cards just changed,
    took 18 ms (headless Chromium, this project's machine); with the frame drawn, 3 ms."""
    if document.hidden:  # no frame comes while hidden
        _pending.clear()
        _write(link)
        return
    if not _pending:
        requestAnimationFrame(_after_frame)
    _pending[:] = [(link, location.hash)]


def flush(*_args) -> None:
    """Write the link waiting for its frame now (the page was hidden, or its frame came);
    not if the player changed the fragment meanwhile: its hashchange comes next."""
    if _pending:
        link, fragment = _pending.pop()
        if location.hash == fragment:
            _write(link)


def _write(link: str) -> None:
    if location.href != link:
        history.replaceState(None, "", link)


_after_frame = create_proxy(lambda *_args: setTimeout(_flush_proxy, 0))
_flush_proxy = create_proxy(flush)
