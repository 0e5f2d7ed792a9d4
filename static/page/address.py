"""The page's address as a link to the deal on the table (issue 25): ``#KL1-D3V-AAAAAAG``
after the page's own path, so it works under any path and offline (a fragment never
reaches the server). The session reads links and writes them; this only touches
``location`` and ``history``."""

from js import history, location


def opened() -> tuple[str, str]:
    """The address's fragment and query, as the session's ``follow_link`` takes them."""
    return location.hash, location.search


def show(link: str) -> None:
    """Keep the address the link to the deal on the table, so it can be shared as it is
    (no new history entry: Back leaves the game, as before)."""
    if location.href != link:
        history.replaceState(None, "", link)
