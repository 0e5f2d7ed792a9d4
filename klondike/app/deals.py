"""Which deal comes next, and what is said of it (SPEC R1, R8): a random deal, a typed
game code, a link's code, the daily deal, a deal the solver proved winnable. The session
deals it (:meth:`klondike.app.session.Session.new_game`).

>>> linked_text("#KL1-D3V-AAAAAAG"), linked_text("", "?game=KL1-D1N-AAAAAAB")
('KL1-D3V-AAAAAAG', 'KL1-D1N-AAAAAAB')
>>> typed_code("KL1-D4N-AAAAAAA")
Traceback (most recent call last):
...
klondike.codes.BadCode: mode part 'D4N' must be D1 or D3 and a scoring letter, like D1N
"""

from __future__ import annotations

import random

from ..codes import BadCode, GameCode
from ..deal import DEALS
from ..i18n import _, pgettext

#: "Winnable deals only" gives up after this many seconds of looking.
DEAL_SECONDS = 20


def random_code(rng: random.Random, draw: int, scoring: str) -> GameCode:
    """A deal of all :data:`~klondike.deal.DEALS`, with ``draw`` and ``scoring``."""
    return GameCode(rng.randrange(DEALS), draw, scoring)


def typed_code(typed: str) -> GameCode | None:
    """The New game dialog's code field: None if blank (a random deal); BadCode if it
    does not read."""
    return GameCode.parse(typed) if typed.strip() else None


def code_error(error: BadCode) -> str:
    """What to say of a code that does not read (typed, or in a link)."""
    return _("Game code: {reason}").format(reason=error)


def linked_text(fragment: str, query: str = "") -> str:
    """The code a link carries in the address's ``fragment`` ("#KL1-D3V-AAAAAAG") or its
    ``query`` ("?game=KL1-D3V-AAAAAAG"); "" if none."""
    # urllib.parse only for a link that needs it: importing it took about 100 ms of the
    # page's start in the browser, and the address is always a plain #CODE.
    text = fragment.removeprefix("#")
    if "%" in text:
        from urllib.parse import unquote
        text = unquote(text)
    text = text.strip()
    if not text and query.removeprefix("?"):
        from urllib.parse import parse_qs
        text = "".join(parse_qs(query.removeprefix("?")).get("game", [""])[:1]).strip()
    return text


def linked_code(fragment: str, query: str = "") -> GameCode | None:
    """The game code a link carries (:func:`linked_text`), parsed; None if it carries
    none, or a malformed one (the session's ``follow_link`` says why)."""
    text = linked_text(fragment, query)
    try:
        return GameCode.parse(text) if text else None
    except BadCode:
        return None


def link(address: str, code: str) -> str:
    """The link that deals ``code``'s deal: the page's ``address`` (its location) with
    the game code as its fragment, which works offline and under any path."""
    return address.split("#", 1)[0].split("?", 1)[0] + "#" + code


def known_daily(daily: list[str], day: str, draw: int) -> str | None:
    """The code of ``day``'s daily deal for ``draw`` if it is the one started last
    (``daily``: [day, code] as stored), so the solver need not work it out again."""
    if len(daily) != 2 or daily[0] != day:
        return None
    try:
        return daily[1] if GameCode.parse(daily[1]).draw == draw else None
    except BadCode:
        return None


def dealt_said(code: GameCode, scoring_name: str) -> str:
    if code.scoring == "X":  # R3.4 (said "None scoring")
        return _("New game {code}: draw {draw}, no score, time and moves.").format(
            code=code, draw=code.draw)
    return _("New game {code}: draw {draw}, {scoring} scoring.").format(
        code=code, draw=code.draw, scoring=pgettext("scoring", scoring_name))


def daily_said(day: str, draw: int, won: bool) -> str:
    return _("Daily deal of {day}, draw {draw}").format(day=day, draw=draw) + (
        " " + _("(won already)") if won else "")


def not_found_said(tried: int) -> str:
    return _("No deal the solver proves winnable was found in {seconds} seconds ({tried} "
             "deals tried). Try again, or turn off Winnable deals only.").format(
                 seconds=DEAL_SECONDS, tried=tried)


def unchecked_said() -> str:
    """Said of a deal dealt under "Winnable deals only" while the solver is unavailable."""
    return _("The solver is unavailable, so this deal was not checked.")


__all__ = ["DEAL_SECONDS", "code_error", "daily_said", "dealt_said", "known_daily", "link",
           "linked_text", "not_found_said", "random_code", "typed_code",
           "unchecked_said"]
