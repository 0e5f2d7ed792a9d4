"""Translation catalogs in the gettext convention, with the standard library only.

    python3 tools/i18n.py extract    write locale/klondike.pot from the sources, merge it
                                     into every locale/<lang>.po (translations kept, new
                                     messages added untranslated, dropped ones kept as #~)
    python3 tools/i18n.py compile    write static/locale/<lang>.mo (GNU .mo, as read by
                                     gettext.GNUTranslations) from every locale/<lang>.po
    python3 tools/i18n.py check      list the messages a catalog lacks; non-zero if any

Where messages come from:
- ``_("...")``, ``N_("...")`` and ``ngettext("...", "...", n)`` calls with literal text in
  klondike/**/*.py, static/main.py and static/page/*.py, found with ``ast`` (a
  ``# Translators:`` comment on the lines just above a call goes into the catalog for the
  translator);
- the 52 card names and the rank and suit words of klondike/cards.py, which the core
  translates as values (``_(card.name)``);
- index.html: the text of every element with a ``data-i18n`` attribute and the
  ``aria-label`` of every element with ``data-i18n-label``, stripped (as
  static/page/dialogs.py looks them up).
tools/build.py runs ``compile``; the .mo files are git-ignored build output.
"""

from __future__ import annotations

import argparse
import ast
import re
import struct
import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
POT = LOCALE / "klondike.pot"
MO_DIR = ROOT / "static" / "locale"

LANGUAGES = {  # language: (English name, gettext Plural-Forms)
    "pl": ("Polish", "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && "
                     "(n%100<10 || n%100>=20) ? 1 : 2);"),
    "vi": ("Vietnamese", "nplurals=1; plural=0;"),
    "cs": ("Czech", "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;"),
}
CALLS = {"_": 1, "N_": 1, "ngettext": 2}  # function name: literal arguments it takes
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


@dataclass
class Entry:
    msgid: str
    plural: str | None = None
    msgstr: list[str] = field(default_factory=lambda: [""])
    references: list[str] = field(default_factory=list)
    extracted: list[str] = field(default_factory=list)  # "#." comments for translators
    comments: list[str] = field(default_factory=list)  # "# " comments of the translator
    flags: list[str] = field(default_factory=list)
    obsolete: bool = False

    @property
    def key(self) -> tuple[str, str | None]:
        return (self.msgid, self.plural)

    @property
    def translated(self) -> bool:
        return "fuzzy" not in self.flags and all(self.msgstr)


# --- extraction ---------------------------------------------------------------------------
def source_files(root: Path = ROOT) -> list[Path]:
    files = [p for p in (root / "klondike").rglob("*.py") if "__pycache__" not in p.parts]
    glue = [root / "static" / "main.py", *(root / "static" / "page").glob("*.py")]
    return sorted(files) + sorted(p for p in glue if p.is_file())


def python_messages(path: Path, root: Path = ROOT) -> list[Entry]:
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    where = path.relative_to(root).as_posix()
    found = []
    for node in ast.walk(ast.parse(text, filename=str(path))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in CALLS):
            continue
        args = node.args[:CALLS[node.func.id]]
        if len(args) < CALLS[node.func.id] or not all(
                isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args):
            continue  # a value translated where it is shown, e.g. _(card.name)
        entry = Entry(args[0].value, args[1].value if len(args) > 1 else None,
                      references=[f"{where}:{node.lineno}"])
        entry.extracted = _translator_comment(lines, node.lineno)
        found.append(entry)
    found.sort(key=lambda e: int(e.references[0].rsplit(":", 1)[1]))
    return found


def _translator_comment(lines: list[str], lineno: int) -> list[str]:
    """The ``# Translators:`` comment block ending on the line above ``lineno``."""
    block = []
    i = lineno - 2
    while i >= 0 and lines[i].strip().startswith("#"):
        block.insert(0, lines[i].strip().lstrip("#").strip())
        i -= 1
    for n, line in enumerate(block):
        if line.startswith("Translators:"):
            return block[n:]
    return []


def card_messages(root: Path = ROOT) -> list[Entry]:
    """The words the core translates as values: card names, ranks and suits."""
    sys.path.insert(0, str(root))
    try:
        from klondike.cards import CARDS, RANK_NAMES, SUIT_NAMES
    finally:
        sys.path.remove(str(root))
    where = ["klondike/cards.py"]
    names = [*(c.name for c in CARDS), *RANK_NAMES, *SUIT_NAMES]
    return [Entry(name, references=list(where)) for name in names]


class _PageTexts(HTMLParser):
    """Texts of ``data-i18n`` elements and labels of ``data-i18n-label`` elements."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
            "source", "track", "wbr"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, int]] = []
        self.open: list[list] = []  # [tag, depth, text parts, line] of data-i18n elements
        self.depth = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        line = self.getpos()[0]
        if "data-i18n-label" in attrs and attrs.get("aria-label"):
            self.found.append((attrs["aria-label"].strip(), line))
        if tag in self.VOID:
            return
        self.depth += 1
        if "data-i18n" in attrs:
            self.open.append([tag, self.depth, [], line])

    def handle_endtag(self, tag):
        if tag in self.VOID:
            return
        if self.open and self.open[-1][1] == self.depth:
            _tag, _depth, parts, line = self.open.pop()
            text = "".join(parts).strip()
            if text:
                self.found.append((text, line))
            if self.open:
                self.open[-1][2].extend(parts)
        self.depth -= 1

    def handle_data(self, data):
        if self.open:
            self.open[-1][2].append(data)


def page_messages(path: Path, root: Path = ROOT) -> list[Entry]:
    parser = _PageTexts()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    where = path.relative_to(root).as_posix()
    found = sorted(parser.found, key=lambda t: t[1])
    return [Entry(text, references=[f"{where}:{line}"]) for text, line in found]


def extract(root: Path = ROOT) -> list[Entry]:
    """Every message of the app, once each (references merged), in source order."""
    entries: dict[tuple[str, str | None], Entry] = {}
    found = []
    for path in source_files(root):
        found += python_messages(path, root)
    found += card_messages(root)
    found += page_messages(root / "index.html", root)
    for entry in found:
        known = entries.get(entry.key)
        if known is None:
            entries[entry.key] = entry
        else:
            known.references += [r for r in entry.references if r not in known.references]
            known.extracted += [c for c in entry.extracted if c not in known.extracted]
    result = list(entries.values())
    for entry in result:
        if PLACEHOLDER.search(entry.msgid + (entry.plural or "")):
            entry.flags = ["python-brace-format"]
        if entry.plural is not None:
            entry.msgstr = ["", ""]
    return result


# --- .po files --------------------------------------------------------------------------
def _quote(text: str) -> str:
    return '"' + (text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
                  .replace("\n", "\\n")) + '"'


def _unquote(text: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError(f"not a quoted string: {text!r}")
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m[1], m[1]), text[1:-1])


def _field(keyword: str, text: str, width: int = 79) -> list[str]:
    """``keyword "text"``, wrapped the way msgmerge does for long or multi-line text."""
    one = f"{keyword} {_quote(text)}"
    if len(one) <= width and "\n" not in text[:-1]:
        return [one]
    lines = [f'{keyword} ""']
    for chunk in re.findall(r"[^\n]*\n|[^\n]+", text):
        piece = ""
        for word in re.findall(r"\S+\s*|\s+", chunk):
            if piece and len(_quote(piece + word)) > width:
                lines.append(_quote(piece))
                piece = ""
            piece += word
        if piece:
            lines.append(_quote(piece))
    return lines


def format_po(entries: list[Entry], header: str, title: str) -> str:
    out = [f"# {title}", "# Made and merged by tools/i18n.py extract.",
           *(["#, fuzzy"] if "nplurals=INTEGER" in header else []),  # a template's header
           'msgid ""', *_field("msgstr", header), ""]
    for e in entries:
        prefix = "#~ " if e.obsolete else ""
        out += [f"# {c}" if c else "#" for c in e.comments]
        out += [f"#. {c}" for c in e.extracted]
        if not e.obsolete:
            out += [f"#: {r}" for r in e.references]
        if e.flags:
            out.append("#, " + ", ".join(e.flags))
        body = _field("msgid", e.msgid)
        if e.plural is None:
            body += _field("msgstr", e.msgstr[0])
        else:
            body += _field("msgid_plural", e.plural)
            for n, text in enumerate(e.msgstr):
                body += _field(f"msgstr[{n}]", text)
        out += [prefix + line for line in body]
        out.append("")
    return "\n".join(out)


def parse_po(text: str) -> tuple[str, list[Entry]]:
    """(header, entries) of a .po file; obsolete ``#~`` entries are kept, marked."""
    entries: list[Entry] = []
    header = ""
    entry = Entry("")
    last = None  # the field continuation lines belong to
    started = False

    def finish():
        nonlocal entry, header, started, last
        if started:
            if entry.msgid == "" and entry.plural is None and not entry.obsolete:
                header = entry.msgstr[0]
            else:
                entries.append(entry)
        entry, started, last = Entry(""), False, None

    for raw in text.splitlines():
        line = raw.strip()
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
        if not line:
            finish()
            continue
        if line.startswith("#"):
            if started and last is not None:
                finish()
            if line.startswith("#:"):
                entry.references += line[2:].split()
            elif line.startswith("#."):
                entry.extracted.append(line[2:].strip())
            elif line.startswith("#,"):
                entry.flags += [f.strip() for f in line[2:].split(",") if f.strip()]
            elif not line.startswith("#|"):
                entry.comments.append(line[1:].strip())
            continue
        if line.startswith('"'):
            if last is None:
                raise ValueError(f"text outside a field: {raw!r}")
            kind, n = last
            if kind == "msgid":
                entry.msgid += _unquote(line)
            elif kind == "msgid_plural":
                entry.plural += _unquote(line)
            else:
                entry.msgstr[n] += _unquote(line)
            continue
        keyword, _space, rest = line.partition(" ")
        if keyword == "msgid":
            if started and last is not None and last[0] != "msgid":
                finish()
            started = True
            entry.obsolete = obsolete
            entry.msgid, entry.msgstr, last = _unquote(rest), [], ("msgid", 0)
        elif keyword == "msgid_plural":
            entry.plural, last = _unquote(rest), ("msgid_plural", 0)
        elif keyword == "msgstr" or keyword.startswith("msgstr["):
            n = int(keyword[7:-1]) if keyword != "msgstr" else 0
            while len(entry.msgstr) <= n:
                entry.msgstr.append("")
            entry.msgstr[n] = _unquote(rest)
            last = ("msgstr", n)
        elif keyword == "msgctxt":
            raise ValueError("msgctxt is not used by this project")
        else:
            raise ValueError(f"unreadable .po line: {raw!r}")
    finish()
    return header, entries


def pot_header() -> str:
    return ("Project-Id-Version: klondike\n"
            "MIME-Version: 1.0\n"
            "Content-Type: text/plain; charset=UTF-8\n"
            "Content-Transfer-Encoding: 8bit\n"
            "Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\n")


def po_header(lang: str) -> str:
    name, plural = LANGUAGES[lang]
    return ("Project-Id-Version: klondike\n"
            "PO-Revision-Date: 2026-11-30 12:00+0000\n"
            "Last-Translator: Klondike developers\n"
            f"Language-Team: {name}\n"
            f"Language: {lang}\n"
            "MIME-Version: 1.0\n"
            "Content-Type: text/plain; charset=UTF-8\n"
            "Content-Transfer-Encoding: 8bit\n"
            f"Plural-Forms: {plural}\n")


def nplurals(header: str) -> int:
    match = re.search(r"nplurals\s*=\s*(\d+)", header)
    return int(match[1]) if match else 2


def merge(template: list[Entry], header: str, old: list[Entry]) -> list[Entry]:
    """The template's entries with the translations (and translator comments and flags)
    of ``old``; messages no longer in the template are kept as obsolete entries."""
    known = {e.key: e for e in old}
    plurals = nplurals(header)
    merged = []
    for t in template:
        e = Entry(t.msgid, t.plural, references=list(t.references),
                  extracted=list(t.extracted), flags=list(t.flags))
        before = known.pop(t.key, None)
        if before is not None:
            e.msgstr = list(before.msgstr)
            e.comments = list(before.comments)
            e.flags += [f for f in before.flags if f not in e.flags]
        else:
            e.msgstr = [""] * (plurals if t.plural is not None else 1)
        merged.append(e)
    for e in known.values():
        if any(e.msgstr):
            e.obsolete = True
            e.references = []
            merged.append(e)
    return merged


def po_path(lang: str, root: Path = ROOT) -> Path:
    return root / "locale" / f"{lang}.po"


def run_extract(root: Path = ROOT) -> None:
    template = extract(root)
    (root / "locale").mkdir(exist_ok=True)
    (root / "locale" / "klondike.pot").write_text(
        format_po(template, pot_header(), "Klondike messages: the template of every catalog."),
        encoding="utf-8")
    for lang in LANGUAGES:
        path = po_path(lang, root)
        header, old = (parse_po(path.read_text(encoding="utf-8")) if path.exists()
                       else (po_header(lang), []))
        merged = merge(template, header, old)
        title = f"{LANGUAGES[lang][0]} translation of Klondike."
        path.write_text(format_po(merged, header, title), encoding="utf-8")
        missing = sum(1 for e in merged if not e.obsolete and not e.translated)
        print(f"i18n: {path.relative_to(root)}: {len(template)} messages, {missing} to translate")


# --- checking ---------------------------------------------------------------------------
def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def problems(lang: str, template: list[Entry], root: Path = ROOT) -> list[str]:
    """What is wrong with a catalog against the current messages: missing, fuzzy or
    empty translations, placeholders that differ from the English ones."""
    header, entries = parse_po(po_path(lang, root).read_text(encoding="utf-8"))
    found = {e.key: e for e in entries if not e.obsolete}
    wrong = []
    plurals = nplurals(header)
    for t in template:
        e = found.get(t.key)
        if e is None or not e.translated:
            wrong.append(f"{lang}: not translated: {t.msgid!r}")
            continue
        if t.plural is not None and len(e.msgstr) != plurals:
            wrong.append(f"{lang}: needs {plurals} plural forms: {t.msgid!r}")
        want = placeholders(t.msgid) | placeholders(t.plural or "")
        for text in e.msgstr:
            if placeholders(text) != want and not (t.plural and placeholders(text) < want):
                wrong.append(f"{lang}: placeholders {sorted(placeholders(text))} "
                             f"instead of {sorted(want)}: {t.msgid!r}")
    return wrong


# --- compiling --------------------------------------------------------------------------
def mo_bytes(header: str, entries: list[Entry]) -> bytes:
    """A GNU .mo file (little-endian, no hash table): what GNUTranslations reads."""
    pairs = {b"": header.encode()}
    for e in entries:
        if e.obsolete or not e.translated:
            continue  # untranslated and fuzzy messages stay English
        key = e.msgid if e.plural is None else e.msgid + "\0" + e.plural
        pairs[key.encode()] = "\0".join(e.msgstr).encode()
    keys = sorted(pairs)
    n = len(keys)
    originals_at = 7 * 4
    translations_at = originals_at + 8 * n
    data_at = translations_at + 8 * n
    tables, blob = [b"", b""], b""
    for which, texts in enumerate((keys, [pairs[k] for k in keys])):
        for text in texts:
            tables[which] += struct.pack("<2I", len(text), data_at + len(blob))
            blob += text + b"\0"
    head = struct.pack("<7I", 0x950412DE, 0, n, originals_at, translations_at, 0, data_at)
    return head + tables[0] + tables[1] + blob


def run_compile(root: Path = ROOT, quiet: bool = False) -> list[Path]:
    out = root / "static" / "locale"
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for lang in LANGUAGES:
        header, entries = parse_po(po_path(lang, root).read_text(encoding="utf-8"))
        path = out / f"{lang}.mo"
        data = mo_bytes(header, entries)
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)
        written.append(path)
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
        template = extract()
        wrong = [p for lang in LANGUAGES for p in problems(lang, template)]
        print("\n".join(wrong) or "i18n: every catalog is complete")
        return 1 if wrong else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
