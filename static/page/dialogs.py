"""The dialogs: New game, the win, Settings, Statistics and Rules; the game code's copy;
the page's language. Every text comes from the session or the catalogs, written with
``textContent`` only (never ``innerHTML``)."""

from js import document, fetch, navigator, window

from klondike.app.paint import BODY_CLASSES, ROOT_CLASSES, looks, text_key
from klondike.app.stats import RULE_SETS, rule_set_label
from klondike.app.storage import Settings
from klondike.app.stored import GAME_KEY
from klondike.i18n import (
    LANGUAGE_NAMES,
    _,
    choose_language,
    install,
    pgettext,
    translations_from_mo,
)

from .dom import BOARD, focus_after, nullable, say, text_with_codes

EARLY = ".toolbar, #table"  # on screen before Python is ready (static/paint.js)
NEW_DIALOG = document.getElementById("new-dialog")
WIN_DIALOG = document.getElementById("win-dialog")
CODE_INPUT = document.getElementById("code-input")
CODE_ERROR = document.getElementById("code-error")
SETTINGS_DIALOG = document.getElementById("settings-dialog")
STATS_DIALOG = document.getElementById("stats-dialog")
HELP_DIALOG = document.getElementById("help-dialog")
LINK_DIALOG = document.getElementById("link-dialog")
HISTORY_DIALOG = document.getElementById("history-dialog")


class Dialogs:
    def __init__(self, app) -> None:
        self.app = app
        self.language = "en"
        self.opened: set[str] = set()  # the ids of the dialogs modal() opened, still open

    # --- New game and the win -------------------------------------------------------------
    def open_new(self) -> None:
        form = NEW_DIALOG.querySelector("form")
        settings = self.app.session.settings
        form.elements.namedItem("draw").value = str(settings.draw)
        form.elements.namedItem("scoring").value = settings.scoring
        CODE_INPUT.value = ""
        CODE_ERROR.textContent = ""
        CODE_INPUT.removeAttribute("aria-invalid")
        note = document.getElementById("new-note")
        note.textContent = self.app.session.leaving_said(self.app.storage.get(GAME_KEY))
        note.hidden = not note.textContent
        WIN_DIALOG.close()
        self.modal(NEW_DIALOG)

    def start_from_new(self) -> None:
        field = NEW_DIALOG.querySelector("form").elements.namedItem
        draw = 3 if field("draw").value == "3" else 1
        scoring = field("scoring").value or "N"
        reply = self.app.session.new_game_typed(draw, scoring, CODE_INPUT.value,
                                                self.app.storage.get(GAME_KEY))
        if reply.error is not None:
            CODE_ERROR.textContent = reply.error
            CODE_INPUT.setAttribute("aria-invalid", "true")
            CODE_INPUT.focus()
            return
        NEW_DIALOG.close()
        self.app.show(reply)

    @staticmethod
    def close_win() -> None:
        WIN_DIALOG.close()

    def modal(self, dialog) -> None:
        """Open ``dialog``; a drag in progress ends first, its cards back in place."""
        self.app.pointer.cancel()
        dialog.showModal()
        self.opened.add(dialog.id)

    def on_close(self, event) -> None:
        """A dialog closed (heard on the way down: close does not bubble). The focus went
        back to what had it before; where that is gone (Finish game, hidden once the game
        was won; the win's New game, in a dialog closed), it fell to the page, and a
        keyboard's next Tab started from the top: it goes to the way on instead."""
        if event.target.id in self.opened:  # not the dialog prime() opened and closed
            self.opened.discard(event.target.id)
            if not any(d.open for d in BOARD.querySelectorAll("dialog")):
                focus_after(False)  # only if the focus fell to the page
        self.app.links.on_close(event)

    @staticmethod
    def prime() -> None:
        """Open and close an empty modal dialog while the page loads. The first modal
        dialog of a page restyles the whole page, far more than those after it (58.7 ms
        against 3-8 ms for the win's dialog, measured with the machine busy): paid here
        it is part of the start, not of the winning move's next frame."""
        # Inert, so that showModal focuses nothing in it: close() would leave the focus
        # on its hidden button (none was set before), the first Tab would start from
        # there, and a screen reader would hear of that button.
        WIN_DIALOG.inert = True
        WIN_DIALOG.showModal()
        WIN_DIALOG.close()
        WIN_DIALOG.inert = False

    def show_win(self, message: str) -> None:
        document.getElementById("win-message").textContent = message
        if not WIN_DIALOG.open:
            self.modal(WIN_DIALOG)

    def copy_code(self) -> None:
        code = self.app.session.game.code
        try:
            navigator.clipboard.writeText(code)
            say(_("Game code {code} copied").format(code=code))
        except Exception:  # no clipboard (insecure context): the code is on screen
            say(_("Game code: {code}").format(code=code))

    def copy_link(self) -> None:
        link = self.app.session.link(window.location.href)
        try:
            navigator.clipboard.writeText(link)
            say(_("Link to this deal copied"))
        except Exception:  # no clipboard (insecure context): the address is the link
            say(_("The address of this page is the link to this deal"))

    def ask_link(self, message: str, title: str, start: str) -> None:
        """A link to another deal was opened during a game, or the daily deal chosen: start
        it (the button ``start`` says so), or keep playing."""
        document.getElementById("link-title").textContent = title
        document.getElementById("link-message").textContent = message
        LINK_DIALOG.querySelector("[data-action=link-start]").textContent = start
        if not LINK_DIALOG.open:
            self.modal(LINK_DIALOG)

    @staticmethod
    def close_link() -> None:
        LINK_DIALOG.close()

    # --- Settings -----------------------------------------------------------------------------
    def open_settings(self) -> None:
        field = SETTINGS_DIALOG.querySelector("form").elements.namedItem
        settings = self.app.session.settings
        field("language").value = settings.language
        field("faces").value = "four" if settings.four_colour else "classic"
        field("animation").value = settings.animation
        field("indicator").checked = settings.indicator
        field("winnable_only").checked = settings.winnable_only
        field("left_handed").checked = settings.left_handed
        field("auto_home").checked = settings.auto_home
        field("sounds").checked = settings.sounds
        field("default_draw").value = str(settings.draw)
        field("default_scoring").value = settings.scoring
        field("back").value = settings.back
        field("table").value = settings.table
        field("large_index").checked = settings.large_index
        field("card_size").value = settings.card_size
        self.modal(SETTINGS_DIALOG)

    async def save_settings(self) -> None:
        field = SETTINGS_DIALOG.querySelector("form").elements.namedItem
        language = field("language").value
        settings = Settings(
            draw=3 if field("default_draw").value == "3" else 1,
            scoring=field("default_scoring").value,
            left_handed=bool(field("left_handed").checked),
            auto_home=bool(field("auto_home").checked),
            sounds=bool(field("sounds").checked),
            four_colour=field("faces").value == "four",
            animation=field("animation").value,
            indicator=bool(field("indicator").checked),
            winnable_only=bool(field("winnable_only").checked),
            back=field("back").value,
            table=field("table").value,
            large_index=bool(field("large_index").checked),
            card_size=field("card_size").value,
            language=language if language in LANGUAGE_NAMES else "",
        )
        reply = self.app.session.change_settings(settings)
        SETTINGS_DIALOG.close()
        self.apply_settings()
        await self.use_language(choose_language(list(navigator.languages), settings.language))
        self.app.show(reply)  # drawn again, stored, and the worker asked as they say

    def apply_settings(self) -> None:
        settings = self.app.session.settings
        body_on, root_on = looks(settings)  # the same classes static/paint.js applies
        body = document.body.classList
        for name in BODY_CLASSES:
            body.toggle(name, name in body_on)
        root = document.documentElement.classList  # the page's background is the root's
        for name in ROOT_CLASSES:
            root.toggle(name, name in root_on)
        self.app.board.position_slots(settings.left_handed)

    async def use_language(self, language: str) -> None:
        """Switch every text to ``language``: the catalog comes from the site's own files
        (precached for offline play); if it cannot be read the game stays in English."""
        if language == self.language:
            return
        if language == "en":
            install(None)
        else:
            try:
                # JavaScript's fetch: pyodide.http alone costs ~90 ms of start-up to import.
                response = await fetch(f"./static/locale/{language}.mo")
                if not response.ok:
                    raise ValueError(f"HTTP {response.status}")
                data = (await response.arrayBuffer()).to_bytes()
                install(translations_from_mo(data))
            except Exception as e:  # offline without the catalog, or a damaged file
                say(f"{LANGUAGE_NAMES[language]}: {e}")
                return
        self.language = language
        document.documentElement.lang = language
        self.app.board.page_texts = (language, translate_page())
        self.app.board.relabel()

    # --- Statistics and Rules ---------------------------------------------------------------
    def open_stats(self) -> None:
        document.getElementById("stats-file-note").textContent = ""
        select = document.getElementById("stats-rules")
        if select.options.length != len(RULE_SETS) or select.dataset.language != self.language:
            select.replaceChildren()
            for rule_set in RULE_SETS:
                option = document.createElement("option")
                option.value = rule_set
                option.textContent = rule_set_label(rule_set)
                select.appendChild(option)
            select.dataset.language = self.language
        select.value = self.app.session.rule_set
        self.ask_reset(False)
        self.show_stats()
        self.modal(STATS_DIALOG)

    def show_stats(self) -> None:
        rows, note = self.app.session.stats_rows(document.getElementById("stats-rules").value)
        body = document.getElementById("stats-rows")
        body.replaceChildren()
        for label, value in rows:
            row = document.createElement("tr")
            for tag, text in (("th", label), ("td", value)):
                cell = document.createElement(tag)
                cell.textContent = text
                row.appendChild(cell)
            body.appendChild(row)
        document.getElementById("stats-note").textContent = note

    @staticmethod
    def ask_reset(shown: bool) -> None:
        STATS_DIALOG.querySelector('[data-action="stats-reset-confirm"]').hidden = not shown
        if shown:
            say(_("Press “Yes, reset” to delete all statistics"))

    def reset_stats(self) -> None:
        reply = self.app.session.reset_stats()
        self.show_stats()
        self.app.show(reply)

    # --- History (issue 42) ----------------------------------------------------------------
    def show_records(self) -> None:
        """The statistics or the history changed: the dialog open shows them anew."""
        if document.getElementById("stats-dialog").open:
            self.show_stats()
        if HISTORY_DIALOG.open:
            self.show_history()

    def open_history(self) -> None:
        """The last games that ended, newest first, each with Play again and Replay."""
        self.show_history()
        self.modal(HISTORY_DIALOG)

    def show_history(self) -> None:
        body = document.getElementById("history-rows")
        body.replaceChildren()
        shown = self.app.session.history_rows()
        document.getElementById("history-empty").hidden = bool(shown)
        for row in shown:
            item = document.createElement("li")
            heading = add(item, "p", "")
            heading.className = "game"
            text_with_codes(heading, row.heading)
            add(item, "p", row.summary)
            # Translators: a button's label: keep it short (see docs/glossary-*.md)
            button = _button(item, _("Play again"), "history-play",
                             _("Play again: {code}").format(code=row.code))
            button.dataset.code = row.code
            if row.can_replay:
                # Translators: a button's label: keep it short (see docs/glossary-*.md)
                button = _button(item, _("Replay"), "history-replay",
                                 _("Replay: {code}").format(code=row.code))
                button.dataset.key = row.key
            body.appendChild(item)

    def replay(self, key: str) -> None:
        HISTORY_DIALOG.close()
        self.app.show(self.app.session.replay_open(key))

    def play_again(self, code: str) -> None:
        HISTORY_DIALOG.close()
        self.app.show(self.app.session.play_again(code))

    def open_help(self) -> None:
        body = document.getElementById("help-body")
        body.replaceChildren()
        for section in self.app.session.help_sections():
            add(body, "h3", section.title)
            for text in section.paragraphs:
                add(body, "p", text)
            if section.table:
                table = document.createElement("table")
                if section.table_head:
                    add_row(table, "th", section.table_head)
                for cells in section.table:
                    add_row(table, "td", cells)
                wrap = document.createElement("div")  # a table wider than the dialog
                wrap.className = "wide"  # scrolls alone (large text on a phone)
                wrap.appendChild(table)
                body.appendChild(wrap)
        self.modal(HELP_DIALOG)


def add(parent, tag: str, text: str):
    el = document.createElement(tag)
    el.textContent = text
    parent.appendChild(el)
    return el


def add_row(table, tag: str, cells) -> None:
    row = document.createElement("tr")
    for text in cells:
        add(row, tag, text)
    table.appendChild(row)


def _button(parent, text: str, action: str, label: str):
    """A button of ``data-action="action"`` added to ``parent``; its name starts with
    its visible ``text`` (WCAG 2.5.3)."""
    button = add(parent, "button", text)
    button.type = "button"
    button.className = "button"
    button.dataset.action = action
    button.setAttribute("aria-label", label)
    return button


def translate_page() -> dict[str, str]:
    """Static texts of index.html go through the one translation function too; the
    English text (the msgid) is kept in the attribute for the next change of language.
    An element's ``data-i18n-context`` is the message context of its text and label (as
    tools/i18n.py extracts them). Returns the texts of the toolbar and the table, which
    are on screen before Python is ready (the paint record's ``texts``: static/paint.js
    translates them as this does), by :func:`klondike.app.paint.text_key`, where they are
    not the msgid."""
    early = {}
    for el in document.querySelectorAll("[data-i18n]"):
        msgid = el.getAttribute("data-i18n") or el.textContent.strip()
        el.setAttribute("data-i18n", msgid)
        el.textContent = text = page_text(el, msgid)
        if text != msgid and nullable(el.closest(EARLY)) is not None:
            early[text_key(msgid, el.getAttribute("data-i18n-context"))] = text
    for el in document.querySelectorAll("[data-i18n-label]"):
        msgid = el.getAttribute("data-i18n-label") or el.getAttribute("aria-label")
        el.setAttribute("data-i18n-label", msgid)
        el.setAttribute("aria-label", text := page_text(el, msgid))
        if el.hasAttribute("title"):  # an icon's tooltip says the same
            el.setAttribute("title", text)
        if text != msgid and nullable(el.closest(EARLY)) is not None:
            early[text_key(msgid, el.getAttribute("data-i18n-context"))] = text
    return early


def page_text(el, msgid: str) -> str:
    context = el.getAttribute("data-i18n-context")
    return pgettext(context, msgid) if context else _(msgid)


def fill_language_choices() -> None:
    select = document.getElementById("language")
    automatic = document.createElement("option")
    automatic.value = ""
    automatic.setAttribute("data-i18n", "Automatic (browser language)")
    automatic.textContent = _("Automatic (browser language)")
    select.appendChild(automatic)
    for code, name in LANGUAGE_NAMES.items():
        option = document.createElement("option")
        option.value = code
        option.textContent = name  # each language in its own words, never translated
        option.lang = code
        select.appendChild(option)
