"""Translation catalogs with Babel: extracting, merging and compiling are pybabel's.

    .venv/bin/python tools/i18n.py extract   pybabel extract -F babel.cfg: locale/klondike.pot,
                                             then pybabel update of every locale/<lang>.po
                                             (translations kept, new messages added empty or
                                             fuzzy, dropped ones kept as #~)
    .venv/bin/python tools/i18n.py check     list what a catalog lacks; non-zero if any
    .venv/bin/python tools/i18n.py compile   pybabel compile: static/locale/<lang>.mo

Only what Babel cannot do is here:
- two extraction methods, named in babel.cfg: ``cards`` adds to the gettext calls of
  klondike/cards.py the words the core translates as values (``_(card.name)``): the 52
  card names and the rank and suit words; ``html`` reads index.html: the text of every
  ``data-i18n`` element and the ``aria-label`` of every ``data-i18n-label`` element,
  stripped, in the element's ``data-i18n-context`` if it has one (as
  static/page/dialogs.py looks them up), a button's text and a checkbox's label with a
  note saying so (:data:`BUTTON_NOTE`, :data:`SETTING_NOTE`);
- the check: missing, empty or fuzzy translations and placeholders that differ; then what
  docs/glossary-<lang>.md asks that a machine can see (:func:`style_problems`): its refused
  words, button labels short enough, and buttons and settings named in a sentence by the
  words of their label.
tools/build.py runs ``compile``; the .mo files are git-ignored build output.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import sys
import tempfile
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_python
from babel.messages.frontend import CommandLineInterface, parse_mapping_cfg
from babel.messages.pofile import read_po
from babel.util import pathmatch

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("pl", "vi", "cs")
# The gettext names of klondike/i18n.py ("1c": that argument is the message context).
KEYWORDS = ("_", "N_", "ngettext:1,2", "pgettext:1c,2", "npgettext:1c,2,3", "NC_:1c,2")
IGNORE_DIRS = (".*", "_*", "node_modules", "vendor", "build")  # never scanned for messages
WIDTH = 79  # of the .po lines
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")
# Notes a message carries into the catalogs (as "#." comments), which the check reads.
BUTTON_NOTE = "Translators: a button's label: keep it short (see docs/glossary-*.md)"
SETTING_NOTE = "Translators: a setting; its name, before any brackets, is quoted elsewhere"
POT_HEADER = ("# Klondike messages: the template of every catalog.\n"
              "# Made by tools/i18n.py extract (pybabel extract -F babel.cfg).")


def pybabel(*args: str, root: Path = ROOT) -> None:
    """Run a pybabel command in this process, from ``root`` (babel.cfg's paths are relative
    to it), with this repository on sys.path for babel.cfg's extractors."""
    sys.path.insert(0, str(ROOT))
    try:
        with contextlib.chdir(root):
            status = CommandLineInterface().run(["pybabel", "--quiet", *args])
    finally:
        sys.path.remove(str(ROOT))
    if status:
        raise SystemExit(f"i18n: pybabel {args[0]} failed")


def version() -> str:
    """The package's version, read as the build backend reads it."""
    text = (ROOT / "klondike" / "__init__.py").read_text(encoding="utf-8")
    return re.search(r'^__version__ = "([^"]+)"', text, re.MULTILINE)[1]


def po_path(lang: str, root: Path = ROOT) -> Path:
    return root / "locale" / f"{lang}.po"


def read_catalog(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


# --- extraction -----------------------------------------------------------------------------
def extract(root: Path = ROOT, pot: Path | None = None) -> Catalog:
    """Every message of the app (``pybabel extract`` as babel.cfg says), written to ``pot``
    if given."""
    with tempfile.TemporaryDirectory() as tmp:
        out = pot or Path(tmp) / "klondike.pot"
        pybabel("extract", "-F", "babel.cfg", "-o", str(out), "--no-default-keywords",
                *(f"--keyword={k}" for k in KEYWORDS), "--add-comments=Translators:",
                f"--ignore-dirs={' '.join(IGNORE_DIRS)}", "--project=klondike",
                f"--version={version()}",
                f"--header-comment={POT_HEADER}", f"--width={WIDTH}", ".", root=root)
        return read_catalog(out)


def source_files(root: Path = ROOT) -> list[Path]:
    """The files babel.cfg gives an extraction method, as ``extract`` finds them."""
    with (root / "babel.cfg").open() as f:
        method_map, _options = parse_mapping_cfg(f)
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not any(Path(d).match(p) for p in IGNORE_DIRS))
        for name in files:
            path = Path(folder) / name
            if any(pathmatch(pattern, path.relative_to(root).as_posix())
                   for pattern, _method in method_map):
                found.append(path)
    return sorted(found)


def extract_cards(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    """Babel extraction method for klondike/cards.py: its calls, as any Python file, then
    the card names, rank words and suit words it defines, at the lines defining them."""
    source = fileobj.read()
    yield from extract_python(io.BytesIO(source), keywords, comment_tags, options)
    # The file handed to us, run on its own (it imports nothing of the package): its names
    # are made by Card.name, so they are exactly the values the core translates.
    cards: dict = {"__name__": "klondike_cards"}
    exec(compile(source, "klondike/cards.py", "exec"), cards)
    lines = source.decode().splitlines()

    def line_of(start: str) -> int:
        return next(n for n, line in enumerate(lines, 1) if line.strip().startswith(start))

    for words, where in ((tuple(c.name for c in cards["CARDS"]), "def name("),
                         (cards["RANK_NAMES"], "RANK_NAMES ="),
                         (cards["SUIT_NAMES"], "SUIT_NAMES =")):
        for word in words:
            yield line_of(where), None, word, []


class _PageTexts(HTMLParser):
    """Texts of ``data-i18n`` elements and labels of ``data-i18n-label`` elements, each
    as (text, line, context or None, notes)."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
            "source", "track", "wbr"}
    BUTTONS = {"button", "summary"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, int, str | None, list[str]]] = []
        # [tag, depth, text parts, line, context, notes] of the open data-i18n elements
        self.open: list[list] = []
        self.labels: list[list] = []  # [depth, holds a checkbox] of the open <label>s
        self.depth = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        line = self.getpos()[0]
        context = attrs.get("data-i18n-context") or None
        if "data-i18n-label" in attrs and attrs.get("aria-label"):
            self.found.append((attrs["aria-label"].strip(), line, context, []))
        if tag == "input" and attrs.get("type") == "checkbox" and self.labels:
            self.labels[-1][1] = True
        if tag in self.VOID:
            return
        self.depth += 1
        if tag == "label":
            self.labels.append([self.depth, False])
        if "data-i18n" in attrs:
            notes = [BUTTON_NOTE] if tag in self.BUTTONS else []
            if self.labels and self.labels[-1][1]:
                notes.append(SETTING_NOTE)
            self.open.append([tag, self.depth, [], line, context, notes])

    def handle_endtag(self, tag):
        if tag in self.VOID:
            return
        if self.open and self.open[-1][1] == self.depth:
            _tag, _depth, parts, line, context, notes = self.open.pop()
            text = "".join(parts).strip()
            if text:
                self.found.append((text, line, context, notes))
            if self.open:
                self.open[-1][2].extend(parts)
        if self.labels and self.labels[-1][0] == self.depth:
            self.labels.pop()
        self.depth -= 1

    def handle_data(self, data):
        if self.open:
            self.open[-1][2].append(data)


def page_texts(html: str) -> list[tuple[str, int, str | None]]:
    """The texts of index.html that static/page/dialogs.py translates: (msgid, line,
    context), in the order of the page."""
    return [(text, line, context) for text, line, context, _notes in _found(html)]


def _found(html: str) -> list[tuple[str, int, str | None, list[str]]]:
    parser = _PageTexts()
    parser.feed(html)
    parser.close()
    return sorted(parser.found, key=lambda found: found[1])


def extract_html(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    """Babel extraction method for index.html, in the order of the page; a text with a
    context as a ``pgettext`` call."""
    for text, line, context, notes in _found(fileobj.read().decode(options.get("encoding",
                                                                              "utf-8"))):
        if context:
            yield line, "pgettext", (context, text), notes
        else:
            yield line, None, text, notes


def run_extract(root: Path = ROOT) -> None:
    """Write locale/klondike.pot and update every catalog from it (a new language's
    catalog is made)."""
    pot = root / "locale" / "klondike.pot"
    pot.parent.mkdir(exist_ok=True)
    before = pot.read_text(encoding="utf-8") if pot.exists() else ""
    template = extract(root, pot)
    if _undated(pot.read_text(encoding="utf-8")) == _undated(before):
        pot.write_text(before, encoding="utf-8")  # only the date changed: keep the file
    for lang in LANGUAGES:
        path = po_path(lang, root)
        pybabel("update", "-i", str(pot), "-o", str(path), "-l", lang, "--init-missing",
                "--ignore-pot-creation-date", f"--width={WIDTH}", root=root)
        missing = sum(1 for p in problems(template, read_catalog(path))
                      if "not translated" in p)
        print(f"i18n: {path.relative_to(root)}: {len(template)} messages, "
              f"{missing} to translate")


def _undated(text: str) -> str:
    return re.sub(r'"POT-Creation-Date: [^"]*"', "", text)


# --- checking -------------------------------------------------------------------------------
def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def _strings(message: Message) -> list[str]:
    return list(message.string) if message.pluralizable else [message.string]


def problems(template: Catalog, catalog: Catalog) -> list[str]:
    """What is wrong with a catalog against the current messages: missing, fuzzy or
    empty translations, placeholders that differ from the English ones."""
    lang = str(catalog.locale)
    wrong = []
    for t in template:
        if not t.id:
            continue  # the header
        english = list(t.id) if t.pluralizable else [t.id]
        e = catalog.get(t.id, context=t.context)
        if e is None or e.fuzzy or not all(_strings(e)):
            wrong.append(f"{lang}: not translated: {english[0]!r}")
            continue
        if t.pluralizable and (not e.pluralizable or len(e.string) != catalog.num_plurals):
            wrong.append(f"{lang}: needs {catalog.num_plurals} plural forms: {english[0]!r}")
        want = set().union(*map(placeholders, english))
        for text in _strings(e):
            if placeholders(text) != want and not (t.pluralizable and placeholders(text) < want):
                wrong.append(f"{lang}: placeholders {sorted(placeholders(text))} "
                             f"instead of {sorted(want)}: {english[0]!r}")
    return wrong


# The rules of docs/glossary-<lang>.md that a machine can check (style_problems).
REFUSED_HEADING = "## Refused by the check"
_REFUSED_ROW = re.compile(r"^\|\s*`([^`]+)`\s*\|([^|]*)\|")
# A button's label in these languages is at most RATIO times as long as the English, or,
# for a short one, SHORT_SLACK characters longer (one longer word: "Hint" -> "Podpowiedź").
LABEL_RATIO = {"pl": 1.3, "cs": 1.3}
SHORT_SLACK = 6


def glossary_path(lang: str, root: Path = ROOT) -> Path:
    return root / "docs" / f"glossary-{lang}.md"


def refused_words(text: str) -> list[tuple[re.Pattern, str]]:
    """The glossary's refused words: the rows of the table under "## Refused by the check",
    each a regular expression in backticks, then what to write instead."""
    _before, heading, section = text.partition("\n" + REFUSED_HEADING)
    section = section.split("\n## ", 1)[0] if heading else ""
    return [(re.compile(m[1]), m[2].strip())
            for m in map(_REFUSED_ROW.match, section.splitlines()) if m]


def _noted(message: Message, note: str) -> bool:
    return any(c.startswith(note) for c in message.auto_comments)


def _name(text: str) -> str:
    """A setting's name: its label before any brackets."""
    return text.split(" (", 1)[0].strip()


def style_problems(template: Catalog, catalog: Catalog,
                   refused: list[tuple[re.Pattern, str]]) -> list[str]:
    """What docs/glossary-<lang>.md asks that a machine can check:
    - no translation uses a refused word (``refused``, from :func:`refused_words`);
    - in the languages of :data:`LABEL_RATIO`, a button's label (:data:`BUTTON_NOTE`) is
      at most that many times as long as the English (or :data:`SHORT_SLACK` more);
    - a sentence that names a button or a setting (a label of two words or more, written
      with its capitals, as "Finish game" or "Winnable deals only") names it with the
      words of its translated label, in any letter case."""
    lang = str(catalog.locale)
    wrong = []
    translated = []  # (template message, its English texts, its translations)
    for t in template:
        e = catalog.get(t.id, context=t.context) if t.id else None
        if e is None or e.fuzzy or not all(_strings(e)):
            continue  # problems() says so
        translated.append((t, list(t.id) if t.pluralizable else [t.id], _strings(e)))
    labels = {}  # English name -> translated name, longest first
    for t, english, texts in sorted(translated, key=lambda m: -len(m[1][0])):
        for note, name in ((BUTTON_NOTE, str.strip), (SETTING_NOTE, _name)):
            if not t.pluralizable and _noted(t, note) and " " in name(english[0]):
                labels.setdefault(name(english[0]), name(texts[0]))
    for t, english, texts in translated:
        for text in texts:
            for pattern, instead in refused:
                if pattern.search(text):
                    wrong.append(f"{lang}: {pattern.pattern!r} is refused by the glossary "
                                 f"(write {instead}): {english[0]!r}")
        if lang in LABEL_RATIO and _noted(t, BUTTON_NOTE):
            most = max(LABEL_RATIO[lang] * len(english[0]), len(english[0]) + SHORT_SLACK)
            if len(texts[0]) > most:
                wrong.append(f"{lang}: a button's label of {len(texts[0])} characters, at "
                             f"most {int(most)} fit: {english[0]!r}")
        rest = english[0]
        for name, shown in labels.items():  # the longest first
            named = re.compile(rf"\b{re.escape(name)}\b")
            if not named.search(rest):
                continue
            rest = named.sub("", rest)  # "Play it" inside "Play it for me" is not named
            if name == _name(english[0]):
                continue  # the label itself
            if not all(shown.casefold() in text.casefold() for text in texts):
                wrong.append(f"{lang}: names {name!r} otherwise than its label {shown!r}: "
                             f"{english[0]!r}")
    return wrong


def check(root: Path = ROOT) -> list[str]:
    """Every problem of every catalog against the messages of the sources."""
    template = extract(root)
    wrong = []
    for lang in LANGUAGES:
        catalog = read_catalog(po_path(lang, root))
        glossary = glossary_path(lang, root)
        refused = refused_words(glossary.read_text(encoding="utf-8")) if glossary.exists() else []
        wrong += problems(template, catalog) + style_problems(template, catalog, refused)
    return wrong


# --- compiling ------------------------------------------------------------------------------
def run_compile(root: Path = ROOT, quiet: bool = False) -> list[Path]:
    """static/locale/<lang>.mo from every catalog (untranslated and fuzzy messages stay
    English)."""
    out = root / "static" / "locale"
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for lang in LANGUAGES:
        mo = out / f"{lang}.mo"
        pybabel("compile", "-i", str(po_path(lang, root)), "-o", str(mo), "-l", lang,
                root=root)
        written.append(mo)
    if not quiet:
        print(f"i18n: {len(written)} catalogs in {out.relative_to(root)}/")
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("extract", "compile", "check"))
    args = parser.parse_args(argv)
    if args.command == "extract":
        run_extract()
    elif args.command == "compile":
        run_compile()
    else:
        wrong = check()
        print("\n".join(wrong) or "i18n: every catalog is complete")
        return 1 if wrong else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
