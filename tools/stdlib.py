"""The part of Pyodide's standard library the site ships: the modules its Python can import.

Pyodide's ``python_stdlib.zip`` holds the whole standard library as source, 2.5 MB that a
first visit downloads before Python starts, already deflated, so a server's compression
saves nothing of it. What the site's Python could ever import is under half of it
(Pyodide 314.0.7: 262 of 558 modules, 1.36 MB). :func:`trim` rewrites the archive with
only what :func:`needed` finds:

- the modules the page's and the worker's Python imports by name (``roots``: klondike/,
  the glue, PyScript's package, what static/runtime.mjs and static/solver-worker.js run),
- Pyodide's own packages (``pyodide``, ``_pyodide``) whole,
- what the interpreter imports without an ``import`` statement (:data:`IMPLICIT`: the
  codecs, ``site``, the traceback printer, ``warnings``, ``_strptime``),
- and everything any of those imports, anywhere in the module (inside functions too,
  under ``try`` or ``if``): every ``import`` and ``from ... import`` in the source, so a
  module imported only on a rare path (an error's traceback, a fallback) is kept too.

Two exceptions: ``encodings`` imports its codecs by a computed name, which no reading of
the source finds, so the codecs kept are listed (:data:`CODECS`); and what cannot run in a
browser is cut even where a module kept names it on some path (:data:`UNREACHABLE`). An
import of a module that is not kept raises ImportError, as an unvendored one does in
Pyodide. ``tests/test_stdlib.py`` checks every standard module Pyodide imports for the
site's Python against the archive; the browser tests run with it.
"""

from __future__ import annotations

import ast
import io
import re
import zipfile
from collections.abc import Iterable, Mapping

# Imported by the interpreter itself, not by an import statement in a module's source.
IMPLICIT = (
    "site", "sitecustomize", "usercustomize",  # at start-up (site is Pyodide's, too)
    "encodings", "codecs", "io", "abc",  # the codec registry and the standard streams
    "warnings", "_py_warnings",  # a warning raised by C code
    "traceback", "linecache", "_colorize",  # the default excepthook prints with these
    "_strptime",  # time.strptime and datetime.strptime
    "copyreg",  # pickling and copy of objects defined in C
    "zipimport",  # the archive itself is on sys.path through it
)

# The codecs kept in ``encodings`` (which imports them by computed name): Unicode's, Latin-1
# and ASCII, the aliases table, cp437 (zipfile's names without the UTF-8 flag), IDNA, and the
# escapes and byte codecs of ``bytes.decode`` and ``codecs.decode``.
CODECS = (
    "aliases", "utf_8", "utf_8_sig", "utf_16", "utf_16_le", "utf_16_be",
    "utf_32", "utf_32_le", "utf_32_be", "latin_1", "ascii", "cp437", "idna", "punycode",
    "raw_unicode_escape", "unicode_escape", "charmap", "base64_codec", "hex_codec",
    "undefined",
)

# What cannot run in a browser's Python, though modules kept import it on some path: the
# terminal's interactive interpreter and the debugger (a terminal's standard input; Pyodide's
# own console, pyodide.console, keeps what it imports), other processes,
# sockets' protocols and servers (a browser page opens no socket), a GUI toolkit, and the
# test and documentation tools (the interactive help()).
UNREACHABLE = (
    "_pyrepl", "pdb", "bdb", "readline", "tty", "pty", "curses",
    "multiprocessing", "concurrent.futures.process",
    "ftplib", "smtplib", "poplib", "imaplib", "nntplib", "telnetlib", "socketserver",
    "http.server", "xmlrpc", "wsgiref", "webbrowser",
    "tkinter", "turtle", "idlelib", "turtledemo",
    "unittest", "doctest", "pydoc", "pydoc_data", "test", "ensurepip", "venv", "lib2to3",
)

# Pyodide's own packages, kept whole: its JavaScript imports their modules by name.
PYODIDE_PACKAGES = ("pyodide", "_pyodide")

_IMPORT = re.compile(
    r"(?:^|[;:\s])(?:from[ \t]+([.\w]+)[ \t]+import[ \t]+(\([^)]*\)|[^\n;]+)"
    r"|import[ \t]+([^\n;#]+))", re.M)


def module_index(names: Iterable[str]) -> dict[str, str]:
    """{module name: its .py entry} of an archive's entry ``names``."""
    index = {}
    for name in names:
        if not name.endswith(".py"):
            continue
        parts = name[:-3].split("/")
        if parts[-1] == "__init__":
            parts.pop()
        if parts and all(part.isidentifier() for part in parts):
            index[".".join(parts)] = name
    return index


def imports(source: str, module: str, is_package: bool) -> set[str]:
    """Every module name ``source`` (the text of ``module``) may import, absolute, with
    each ``from x import y``'s ``x.y`` too (y may be a submodule). Read by ``ast`` where
    this Python parses the text (Pyodide's is newer), by a regular expression otherwise:
    either way more than is imported, never less."""
    package = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()

    def absolute(level: int, name: str | None) -> str | None:
        if not level:
            return name
        base = package.split(".") if package else []
        if level > 1:
            base = base[: len(base) - (level - 1)]
        return ".".join(base + ([name] if name else [])) or None

    def add_from(base: str | None, names: Iterable[str]) -> None:
        if base:
            found.add(base)
            found.update(f"{base}.{name}" for name in names if name != "*")

    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        for from_name, from_names, names in _IMPORT.findall(source):
            if names:  # "a.b as c, d": each name's first word
                found.update(name.split()[0] for name in names.split(",") if name.split())
            elif from_name:
                level = len(from_name) - len(from_name.lstrip("."))
                items = re.findall(r"\w+", from_names.split("#")[0])
                add_from(absolute(level, from_name.lstrip(".") or None),
                         [item for item in items if item != "as"])
        return found
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            add_from(absolute(node.level, node.module), [alias.name for alias in node.names])
    return found


def needed(archive: zipfile.ZipFile, roots: Mapping[str, str]) -> set[str]:
    """The names of the archive's modules to keep for ``roots`` ({module name: source}
    of the code outside the archive that runs), as the module docstring says."""
    index = module_index(archive.namelist())
    packages = {name.rpartition(".")[0] for name in index if "." in name}
    kept: set[str] = set()
    todo: list[str] = [*IMPLICIT, *(f"encodings.{codec}" for codec in CODECS),
                       *(m for m in index if m.split(".")[0] in PYODIDE_PACKAGES)]
    for module, source in roots.items():
        todo.extend(imports(source, module, is_package=False))

    while todo:
        name = todo.pop()
        # A module and its parents (importing a.b.c runs a and a.b first).
        parts = name.split(".")
        for depth in range(1, len(parts) + 1):
            prefix = ".".join(parts[:depth])
            if prefix not in index or prefix in kept:
                continue
            if prefix.split(".")[0] in UNREACHABLE or prefix in UNREACHABLE:
                break
            kept.add(prefix)
            entry = index[prefix]
            source = archive.read(entry).decode("utf-8", "replace")
            todo.extend(imports(source, prefix, is_package=prefix in packages))
    return kept


def trim(data: bytes, roots: Mapping[str, str]) -> tuple[bytes, list[str]]:
    """``data`` (python_stdlib.zip) with only the entries of the modules :func:`needed`
    keeps, and the files (not modules) of the packages kept, each stored as it was;
    and the sorted names of the modules kept."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        kept = needed(archive, roots)
        index = module_index(archive.namelist())
        keep_entries = {index[name] for name in kept}
        kept_dirs = {entry.rpartition("/")[0] for entry in keep_entries if "/" in entry}
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w") as trimmed:
            for info in archive.infolist():
                name = info.filename
                path = name.rstrip("/")
                if name.endswith("/"):  # a folder: a package's only (else zipimport
                    keep = path in kept_dirs  # would import it as a namespace package)
                elif name.endswith(".py"):
                    keep = name in keep_entries
                else:  # a data file: at the top, or in a package kept
                    keep = "/" not in path or path.rpartition("/")[0] in kept_dirs
                if keep:
                    trimmed.writestr(info, archive.read(info), compress_type=info.compress_type,
                                     compresslevel=9)
    return out.getvalue(), sorted(kept)
