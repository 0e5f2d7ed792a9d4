"""One translation function for every text a player sees.

English is the source language; catalogs for other languages plug in through Python's
:mod:`gettext` (``install`` a ``GNUTranslations``). Until then every message is itself.
"""

from __future__ import annotations

import gettext

_current: gettext.NullTranslations = gettext.NullTranslations()


def install(translations: gettext.NullTranslations | None) -> None:
    """Use ``translations`` from now on; None goes back to English."""
    global _current
    _current = translations or gettext.NullTranslations()


def _(message: str) -> str:
    """The message in the player's language."""
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _current.ngettext(singular, plural, n)
