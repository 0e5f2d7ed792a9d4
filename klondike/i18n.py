"""One translation function for every text a player sees.

English is the source language. Catalogs for Polish, Vietnamese and Czech are gettext
``.po`` files in ``locale/``, compiled by ``tools/i18n.py`` into ``static/locale/<lang>.mo``;
the browser fetches one and installs it (:func:`translations_from_mo`, :func:`install`).

Messages follow the gettext convention: the msgid is the English text with ``{named}``
placeholders, translated first and formatted after, so a translation may reorder them:

>>> _("Column {column} is empty").format(column=3)
'Column 3 is empty'

One English word may need two translations: a message context (gettext's msgctxt) tells
them apart, as "Normal" the scoring and "Normal" the animation speed:

>>> pgettext("scoring", "Normal"), pgettext("animation speed", "Normal")
('Normal', 'Normal')
>>> choose_language(["cs-CZ", "en"]), choose_language(["de-DE"]), choose_language([], "vi")
('cs', 'en', 'vi')

Everything is looked up when a message is made (when an error is raised, a label is
built), never at import time, so a message shows in the language in use at that moment.
"""

from __future__ import annotations

import gettext
import io
import struct
from collections.abc import Iterable

LANGUAGES = ("en", "pl", "vi", "cs")
# Each language in its own words, for the language setting (never translated).
LANGUAGE_NAMES = {"en": "English", "pl": "Polski", "vi": "Tiếng Việt", "cs": "Čeština"}
SOURCE_LANGUAGE = "en"

_current: gettext.NullTranslations = gettext.NullTranslations()


def install(translations: gettext.NullTranslations | None) -> None:
    """Use ``translations`` from now on; None goes back to English."""
    global _current
    _current = translations or gettext.NullTranslations()


def _(message: str) -> str:
    """The message in the player's language."""
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or (one of the language's) plural forms for ``n``."""
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """The message as meant in ``context``, when the same English says two things."""
    return _current.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` within ``context``."""
    return _current.npgettext(context, singular, plural, n)


def N_(message: str) -> str:  # noqa: N802 - the gettext name for "mark, do not translate"
    """Mark a message for the catalog where it is defined; translate it where it is shown
    with ``_(value)``."""
    return message


def NC_(context: str, message: str) -> str:  # noqa: N802 - GLib's name for N_ with a context
    """:func:`N_` with a context: translate the value with ``pgettext(context, value)``
    (e.g. the scoring names in :mod:`klondike.scoring`, context "scoring")."""
    return message


def choose_language(browser_languages: Iterable[str] | None, override: str = "") -> str:
    """The language to play in: the player's choice ``override`` if it is one of
    :data:`LANGUAGES`, else the first of the browser's languages (``navigator.languages``,
    most preferred first, tags like ``"pl-PL"``) that the game speaks, else English."""
    if override in LANGUAGES:
        return override
    for tag in browser_languages or ():
        if isinstance(tag, str):
            primary = tag.strip().replace("_", "-").split("-")[0].lower()
            if primary in LANGUAGES:
                return primary
    return SOURCE_LANGUAGE


def language_choices() -> list[tuple[str, str]]:
    """(value, text) options of a language setting (``Settings.language``): first "follow
    the browser" (value ""), then each language in its own words."""
    return [("", _("Automatic (browser language)")), *LANGUAGE_NAMES.items()]


def translations_from_mo(data: bytes) -> gettext.GNUTranslations:
    """A catalog from the bytes of a compiled ``.mo`` file (as fetched by the browser).
    Raise ``ValueError`` if the bytes are not a readable catalog; the game then stays
    in English."""
    try:
        return gettext.GNUTranslations(io.BytesIO(bytes(data)))
    except (OSError, ValueError, IndexError, struct.error) as e:  # bad magic, truncated
        raise ValueError(f"not a readable .mo catalog: {e}") from None
