"""Builds the static site in place: vendored runtime, the page's modules, offline precache.

    python3 tools/build.py                 build in the work tree (make serve / make test)
    python3 tools/build.py --site DIR      also copy exactly the deployable files into DIR

Steps (standard library, and Babel for the catalogs: run it with .venv/bin/python):
1. Copy from node_modules/ (npm ci, pinned by package-lock.json) only what the page loads:
   Pyodide's runtime files into static/vendor/pyodide/, and @pyscript/core's dist/ without
   source maps and the chunks of features the page does not use (PYSCRIPT_SKIPPED) into
   static/vendor/pyscript/. Chunk names are hashed per release, so the lists come from
   listing the directories. Pyodide's standard library is cut down to the modules the
   site's Python can import (tools/stdlib.py): 1.4 MB instead of 2.5; its lock file to
   its header (no package is installed).
2. Write static/vendor/app.zip, the glue's modules (static/page/, as page/), which
   pyscript.toml's [files] unpacks into Python's working directory: one request instead
   of one a module (tests/test_site_files.py checks the table and the archive). With them
   go the bytecode of the glue and of PyScript's own Python package, compiled by Node.js
   with the vendored Pyodide (tools/bytecode.mjs), which the page would otherwise compile
   at every start. klondike/'s modules go into static/vendor/klondike.zip, which
   static/runtime.mjs unpacks only where they are not imported already: in the solver's
   worker, and on a page that boots without the memory snapshot. Then write the table's geometry
   from klondike/app/view.py into index.html (the pile outlines) and static/site.css
   (table width, card ratio).
3. Compile the translation catalogs locale/<lang>.po into static/locale/<lang>.mo with
   Babel (tools/i18n.py compile runs pybabel compile), which the glue fetches for the
   player's language.
4. Write static/vendor/snapshot.mjs: the key of the memory snapshot static/runtime.mjs
   makes and restores, hashing the files the snapshot depends on (Pyodide's runtime,
   klondike/ and static/runtime.mjs, which says what it imports), with their SHA-256 as in
   the precache: a new build of any, a new key.
5. Write static/vendor/precache.js, the service worker's manifest: every file the app needs,
   each with its SHA-256 (used as Subresource Integrity when precaching), and a version that
   hashes the whole list. sw.js imports it, so any changed file changes what the browser
   sees of the service worker, and a new deploy installs into a new cache (see sw.js).
Everything generated is git-ignored (static/vendor/, static/locale/) or deterministic
(pyscript.toml, and what the build writes into index.html and static/site.css).
"""

import argparse
import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

import stdlib  # tools/stdlib.py, next to this file

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"

try:
    import i18n  # tools/i18n.py, next to this file
except ModuleNotFoundError as e:  # Babel is in .venv (tools/setup.sh): run there instead
    if e.name != "babel" or __name__ != "__main__":
        raise
    if Path(sys.prefix) == VENV or not (VENV / "bin" / "python").is_file():
        sys.exit(f"build: {e}: run `bash tools/setup.sh site`, then `.venv/bin/python "
                 "tools/build.py` (or install the babel of requirements-dev.txt)")
    os.execv(VENV / "bin" / "python", [str(VENV / "bin" / "python"), *sys.argv])

NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"
PYSCRIPT_TOML = ROOT / "pyscript.toml"
PRECACHE_JS = VENDOR / "precache.js"

# Pyodide files the runtime fetches at boot; without the lock file loadPyodide() hangs
# (it is copied with no package in it: trim_lock).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

# PyScript's chunks for what this page does not use, neither copied nor precached: a first
# visit's service worker would download them (1.0 MB), and nothing requests them. Each is
# loaded only by a feature's own code: py-editor's code editor (CodeMirror) for a
# <script type="py-editor">; py-terminal's xterm.js and its terminals (MicroPython's and
# Pyodide's, "py-Dl") for a script with a terminal; MicroPython's archive reader ("zip":
# Pyodide unpacks [files] archives itself); the packages' graph for `packages =`; the
# editor's and py-game's TOML reader ("toml-Blg"; core's own, "toml-V4", is kept); and the
# modules PyScript exports for other pages' use (its service worker, its storage). No kept
# chunk imports a skipped one statically (tests/test_stdlib.py); a request for a file the
# site lacks would fail every browser test (the console's error for the 404).
PYSCRIPT_SKIPPED = (
    "codemirror*.js", "index-*.js",  # the editor
    "xterm*", "mpy-*.js", "py-Dl-*.js",  # the terminal
    "zip-*.js", "pyodide_graph-*.js", "toml-Blg*.js", "service-worker.js", "storage.js",
)

# The app's own files, besides the vendored runtime and the klondike/ modules.
APP_FILES = ("index.html", "pyscript.toml", "manifest.webmanifest")
APP_DIRS = ("static", "static/icons", "static/locale")
APP_SUFFIXES = (".html", ".css", ".js", ".mjs", ".py", ".svg", ".png", ".toml", ".webmanifest",
                ".mo")
# Served but not precached: the service worker scripts are managed by the browser itself.
SITE_EXTRAS = ("sw.js", ".nojekyll")  # copy_site writes static/vendor/precache.js anew
# The modules the page imports, in two archives (app_modules): precached, where the modules
# themselves are served (the site ships its sources) but not fetched by the page. The glue's
# with their bytecode, unpacked by PyScript's [files] at every start; klondike/'s, unpacked
# by static/runtime.mjs where the memory snapshot has not imported them.
APP_ZIP = "static/vendor/app.zip"
KLONDIKE_ZIP = "static/vendor/klondike.zip"
# Fixed for every entry, so that the same modules make the same archive (and hash).
ZIP_TIME = (2020, 1, 1, 0, 0, 0)
# What compiles the page's modules with the page's Python, and where what it made is kept,
# by what it was made of (git-ignored): a build that changed no module starts no Node.js.
BYTECODE_TOOL = ROOT / "tools" / "bytecode.mjs"
BYTECODE_CACHE = ROOT / ".cache" / "bytecode"
BYTECODE_KEPT = 8  # the newest kept there, the others deleted

# The attributes of a scoring's name in index.html: translated in the context "scoring"
# (tools/i18n.py extracts it so, static/page/dialogs.py looks it up so).
SCORING_TEXT = 'data-i18n data-i18n-context="scoring"'


def copy_vendor() -> None:
    """Replace static/vendor/ with a fresh copy of the pinned runtime."""
    pyodide = NODE_MODULES / "pyodide"
    pyscript_dist = NODE_MODULES / "@pyscript" / "core" / "dist"
    if not pyodide.is_dir() or not pyscript_dist.is_dir():
        sys.exit("build: node_modules/ is missing pyodide or @pyscript/core: run `npm ci` "
                 "(or `bash tools/setup.sh site`) first")
    if VENDOR.exists():
        shutil.rmtree(VENDOR)
    (VENDOR / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, VENDOR / "pyodide" / name)
    shutil.copytree(pyscript_dist, VENDOR / "pyscript",
                    ignore=shutil.ignore_patterns("*.map", *PYSCRIPT_SKIPPED))
    trim_stdlib()
    trim_lock()


def trim_lock(root: Path = ROOT) -> None:
    """Replace the vendored pyodide-lock.json by its header alone: the site installs no
    package (no ``packages =``, no micropip), and the packages' table (357 of them, 119 KB,
    26 KB gzipped) was downloaded by a first visit, then parsed and walked at every start
    of the page and of the solver's worker. loadPyodide() reads ``info`` (the ABI it
    checks) and ``packages``, which may be empty."""
    path = root / "static" / "vendor" / "pyodide" / "pyodide-lock.json"
    lock = json.loads(path.read_text())
    path.write_text(json.dumps({"info": lock["info"], "packages": {}}, indent=1,
                               sort_keys=True) + "\n")


def python_roots(root: Path = ROOT) -> dict[str, str]:
    """{module name: source} of the Python the site runs outside the standard library:
    klondike/, the glue, static/main.py, PyScript's package and the Python that
    static/runtime.mjs and static/solver-worker.js run (their whole text: only its import
    statements count)."""
    roots = {path.removesuffix(".py").replace("/", "."): (root / path).read_text()
             for path in klondike_modules(root)}
    roots.update((path.removesuffix(".py").removeprefix("static/").replace("/", "."),
                  (root / path).read_text()) for path in glue_modules(root))
    roots.update((path.removesuffix(".py").replace("/", "."), text)
                 for path, text in pyscript_package(root).items())
    for name in ("static/main.py", "static/runtime.mjs", "static/solver-worker.js"):
        roots[name] = (root / name).read_text()
    return roots


def trim_stdlib(root: Path = ROOT) -> None:
    """Replace the vendored python_stdlib.zip by the part the site can import
    (tools/stdlib.py)."""
    path = root / "static" / "vendor" / "pyodide" / "python_stdlib.zip"
    path.write_bytes(stdlib.trim(path.read_bytes(), python_roots(root))[0])


def klondike_modules(root: Path = ROOT) -> list[str]:
    """Paths (relative to the root, with '/') of every Python module of the rules core."""
    return sorted(p.relative_to(root).as_posix() for p in (root / "klondike").rglob("*.py")
                  if "__pycache__" not in p.parts)


def glue_modules(root: Path = ROOT) -> list[str]:
    """Paths of the page's glue modules (static/page/), imported by static/main.py."""
    return sorted(p.relative_to(root).as_posix() for p in (root / "static" / "page").glob("*.py"))


def app_modules(root: Path = ROOT) -> list[tuple[str, str]]:
    """The modules the page imports: (path in the site, path in Python's working
    directory, which is on sys.path). The glue's static/page/x.py becomes page/x.py there,
    so main.py imports ``page.x``."""
    return [(module, module.removeprefix("static/"))
            for module in klondike_modules(root) + glue_modules(root)]


def pyscript_package(root: Path = ROOT) -> dict[str, str]:
    """PyScript's own Python package, which its bundle writes into Python's working
    directory at every start and imports before static/main.py runs: {path there: text},
    read from the vendored bundle (static/vendor/pyscript/), so the texts are the very ones
    it writes; empty if no bundle holds it as this PyScript does."""
    anchor = "{pyscript:{"
    for bundle in sorted((root / "static" / "vendor" / "pyscript").glob("*.js")):
        text = bundle.read_text(encoding="utf-8")
        at = text.find(anchor)
        if at >= 0:
            try:
                files, _ = json.JSONDecoder().raw_decode(text, at + len(anchor) - 1)
            except ValueError:
                return {}
            return {f"pyscript/{name}": source for name, source in sorted(files.items())
                    if isinstance(source, str)}
    return {}


def bytecode(sources: dict[str, str]) -> dict[str, bytes]:
    """The .pyc files of ``sources`` ({path in Python's working directory: text}) at their
    paths there (``page/__pycache__/board.cpython-314.pyc``), compiled by
    :data:`BYTECODE_TOOL` with the vendored Pyodide's Python. Each is checked by hash
    (PEP 552): Python uses it only beside the very source it was made from."""
    if not sources:
        return {}
    payload = json.dumps(sources, sort_keys=True)
    pyodide = json.loads((NODE_MODULES / "pyodide" / "package.json").read_text())["version"]
    made_of = "\0".join((pyodide, BYTECODE_TOOL.read_text(), payload))
    kept = BYTECODE_CACHE / f"{hashlib.sha256(made_of.encode()).hexdigest()[:20]}.json"
    if not kept.is_file():
        node = shutil.which("node")
        if node is None:
            sys.exit("build: Node.js compiles the page's bytecode: run `bash tools/setup.sh "
                     "site` (npm installs Pyodide with it)")
        made = subprocess.run([node, str(BYTECODE_TOOL)], input=payload, text=True,
                              capture_output=True, check=False)
        if made.returncode != 0:
            sys.exit(f"build: {BYTECODE_TOOL.name} failed:\n{made.stderr}")
        BYTECODE_CACHE.mkdir(parents=True, exist_ok=True)
        partial = kept.with_suffix(".part")
        partial.write_text(made.stdout)
        partial.replace(kept)
        for old in sorted(BYTECODE_CACHE.glob("*.json"), key=lambda p: p.stat().st_mtime,
                          reverse=True)[BYTECODE_KEPT:]:
            old.unlink(missing_ok=True)
    files = json.loads(kept.read_text())["files"]
    return {name: base64.b64decode(data) for name, data in files.items()}


def write_app_zip(root: Path = ROOT) -> Path:
    """Write :data:`APP_ZIP`: the glue's modules of :func:`app_modules` at their paths in
    Python's working directory, then their bytecode and that of :func:`pyscript_package`
    (:func:`bytecode`): about a tenth of a second of compiling at every start with the CPU
    slowed 4x. The same bytes for the same modules."""
    modules = [(name, (root / source).read_bytes()) for source, name in app_modules(root)
               if name.startswith("page/")]
    sources = {name: data.decode() for name, data in modules}
    compiled = bytecode(sources | pyscript_package(root))
    return _write_zip(root / APP_ZIP, modules + sorted(compiled.items()))


def write_klondike_zip(root: Path = ROOT) -> Path:
    """Write :data:`KLONDIKE_ZIP`: klondike/'s modules at their paths in Python's working
    directory. Without bytecode: a warm start's memory snapshot has imported them, and
    the archive is unpacked only by a plain boot and in the solver's worker."""
    return _write_zip(root / KLONDIKE_ZIP, [
        (name, (root / source).read_bytes()) for source, name in app_modules(root)
        if name.startswith("klondike/")])


def write_archives(root: Path = ROOT) -> tuple[Path, Path]:
    """Write both archives of :func:`app_modules`: :data:`APP_ZIP` and :data:`KLONDIKE_ZIP`."""
    return write_app_zip(root), write_klondike_zip(root)


def _write_zip(path: Path, entries: list[tuple[str, bytes]]) -> Path:
    """A zip archive of ``entries`` (name, bytes), the same bytes for the same entries."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in entries:
            entry = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data, compresslevel=9)
    return path


def files_table() -> str:
    """The [files] table of pyscript.toml: :data:`APP_ZIP` (the glue), unpacked into
    Python's working directory ("./*": PyScript unpacks an archive there). klondike/'s
    archive is not in it: static/runtime.mjs unpacks that one where it is needed."""
    return f'[files]\n"./{APP_ZIP}" = "./*"\n'


def update_pyscript_toml(root: Path = ROOT) -> bool:
    """Replace the [files] table (the last table of pyscript.toml); True if it changed."""
    path = root / "pyscript.toml"
    text = path.read_text()
    head = re.split(r"^\[files\]\s*$", text, maxsplit=1, flags=re.MULTILINE)[0]
    new = head.rstrip("\n") + "\n\n" + files_table()
    if new == text:
        return False
    path.write_text(new)
    return True


def sync_geometry(root: Path = ROOT, write: bool = True) -> list[str]:
    """Write the table's geometry from klondike/app/view.py into the files that draw the
    table before Python runs: each pile outline's --x/--y in index.html and the table's
    width, the height it is fitted to and the card ratio in static/site.css; and the
    scorings to choose from (klondike/scoring.py's SCORINGS) in index.html. Returns the
    files that differed (written unless ``write`` is false: tests/test_site_files.py fails
    on any drift)."""
    sys.path.insert(0, str(root))
    from klondike.app.paint import first_visit
    from klondike.app.view import (
        CARD_H,
        CARD_MAX_PX,
        CARD_MIN_PX,
        FIT_H,
        GAP,
        SIDE_ASPECT,
        SIDE_MAX_H_PX,
        SIDE_W_PX,
        TABLE_W,
        slots,
    )
    from klondike.i18n import LANGUAGES, SOURCE_LANGUAGE
    from klondike.scoring import SCORINGS

    def translator(language: str) -> Callable[[str, str | None], str]:
        # From the catalog's source (the .mo files are compiled after this), as pybabel
        # compiles it: a fuzzy or empty translation is the English text.
        catalog = i18n.read_catalog(i18n.po_path(language))

        def gettext(text: str, context: str | None) -> str:
            message = catalog.get(text, context=context)
            return message.string if message and message.string and not message.fuzzy \
                else text
        return gettext

    def html(text: str) -> str:
        # The first visit's deals (klondike/app/paint.py's first_visit), for paint.js, with
        # the page's texts above the script that draws them (the toolbar and the table's),
        # as tools/i18n.py extracts them.
        before = text[:text.index('id="first-visit"')].count("\n") + 1
        found = i18n.page_texts(text)
        first = first_visit({language: translator(language) for language in LANGUAGES
                             if language != SOURCE_LANGUAGE},
                            [(msgid, context) for msgid, line, context in found
                             if line < before]).replace("<", "\\u003c")
        text = re.sub(r'(<script type="application/json" id="first-visit">).*?(</script>)',
                      lambda m: m[1] + first + m[2], text, count=1, flags=re.DOTALL)
        # The scorings to choose from, in SCORINGS' order (the first one checked), their
        # names translated in the context "scoring" (as scoring.py marks them).
        radios = "".join(
            f'          <label><input type="radio" name="scoring" value="{letter}"'
            f'{" checked" if k == 0 else ""}> <span {SCORING_TEXT}>{rules.choice}</span>'
            '</label>\n' for k, (letter, rules) in enumerate(SCORINGS.items()))
        text = re.sub(r'(<legend data-i18n>Scoring</legend>\n)(?:.*name="scoring".*\n)+',
                      lambda m: m[1] + radios, text, count=1)
        options = "".join(f'            <option value="{letter}" {SCORING_TEXT}>{rules.choice}'
                          f'</option>\n' for letter, rules in SCORINGS.items())
        text = re.sub(r'(<select name="default_scoring"[^>]*>\n)(?:\s*<option .*\n)+',
                      lambda m: m[1] + options, text, count=1)
        for pile, (x, y) in slots().items():
            text = re.sub(rf'(data-pile="{pile}"[^>]*? style=")--x:[^;"]*;--y:[^;"]*(")',
                          rf"\g<1>--x:{x:.4g};--y:{y:.4g}\g<2>", text)
        return text

    def css(text: str) -> str:
        text = re.sub(r"--table-w: [^;]*;", f"--table-w: {TABLE_W:.4g};", text, count=1)
        text = re.sub(r"--table-h: [^;]*;", f"--table-h: {FIT_H:.4g};", text, count=1)
        text = re.sub(r"--card-max: [^;]*;", f"--card-max: {CARD_MAX_PX['normal']}px;",
                      text, count=1)
        text = re.sub(r"(:root\.cards-large \{ --card-max: )[^;]*;",
                      rf"\g<1>{CARD_MAX_PX['large']}px;", text, count=1)
        text = re.sub(r"--card-min: [^;]*;", f"--card-min: {CARD_MIN_PX}px;", text, count=1)
        text = re.sub(r"--side-px: [^;]*;", f"--side-px: {SIDE_W_PX}px;", text, count=1)
        text = re.sub(r"--column-reach: [^;]*;", f"--column-reach: {GAP / 2:.4g};", text,
                      count=1)
        wide, high = SIDE_ASPECT
        text = re.sub(r"@media \(min-aspect-ratio: [^)]*\) and \(max-height: [^)]*\)",
                      f"@media (min-aspect-ratio: {wide}/{high}) and "
                      f"(max-height: {SIDE_MAX_H_PX}px)", text, count=1)
        return re.sub(r"--card-ratio: [^;]*;", f"--card-ratio: {CARD_H:.4g};", text, count=1)

    changed = []
    for name, rewrite in (("index.html", html), ("static/site.css", css)):
        path = root / name
        old = path.read_text()
        new = rewrite(old)
        if new != old:
            changed.append(name)
            if write:
                path.write_text(new)
    return changed


def snapshot_inputs(root: Path = ROOT) -> list[str]:
    """The files a memory snapshot of Pyodide with klondike imported depends on: the
    runtime, the standard library, every module of klondike/, and static/runtime.mjs,
    which says what the snapshot imports (a warm start's page unpacks no klondike/ file:
    it relies on those imports)."""
    return ([f"static/vendor/pyodide/{name}" for name in PYODIDE_FILES] + klondike_modules(root)
            + ["static/runtime.mjs"])


def snapshot_key(root: Path = ROOT) -> dict:
    """The snapshot's key (hashing the Pyodide version and the inputs' hashes) and the
    inputs' hashes, made as the precache manifest makes them (:func:`integrity`)."""
    files = {path: integrity(root / path) for path in snapshot_inputs(root)}
    package = json.loads((NODE_MODULES / "pyodide" / "package.json").read_text())
    text = json.dumps({"pyodide": package["version"], "files": files}, sort_keys=True)
    return {"key": hashlib.sha256(text.encode()).hexdigest()[:16],
            "pyodide": package["version"], "files": files}


def write_snapshot_key(root: Path = ROOT) -> dict:
    snapshot = snapshot_key(root)
    (root / "static" / "vendor" / "snapshot.mjs").write_text(
        "// Generated by tools/build.py: the key of this build's Pyodide memory snapshot\n"
        "// (static/runtime.mjs), hashing the files it depends on.\n"
        f"export const SNAPSHOT = {json.dumps(snapshot, indent=1, sort_keys=True)};\n"
    )
    return snapshot


def precache_paths(root: Path = ROOT) -> list[str]:
    """Every file the app needs offline, as URLs relative to the site root (the page's
    modules in :data:`APP_ZIP` and :data:`KLONDIKE_ZIP`, not one by one)."""
    paths = set(APP_FILES)
    for folder in APP_DIRS:
        if not (root / folder).is_dir():  # static/locale/ exists once the build compiled it
            continue
        paths.update(p.relative_to(root).as_posix() for p in (root / folder).iterdir()
                     if p.is_file() and p.suffix in APP_SUFFIXES)
    vendor = root / "static" / "vendor"
    paths.update(p.relative_to(root).as_posix() for p in vendor.rglob("*") if p.is_file())
    paths.discard("static/vendor/precache.js")
    return sorted(paths)


def integrity(path: Path) -> str:
    """Subresource Integrity value of a file: the service worker's fetch checks it."""
    digest = hashlib.sha256(path.read_bytes()).digest()
    return "sha256-" + base64.b64encode(digest).decode()


def precache_manifest(root: Path = ROOT) -> dict:
    files = {path: integrity(root / path) for path in precache_paths(root)}
    version = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    return {"version": version, "files": files}


def write_precache(manifest: dict, path: Path = PRECACHE_JS) -> None:
    path.write_text(
        "// Generated by tools/build.py: the files sw.js precaches, with their hashes.\n"
        f"self.PRECACHE = {json.dumps(manifest, indent=1, sort_keys=True)};\n"
    )


def copy_site(target: Path, root: Path = ROOT) -> int:
    """Copy exactly the deployable files (what is precached, the page's modules one by
    one, and the service worker) into `target`, with a precache manifest made from the
    copies: a consistent snapshot even if files in the work tree change meanwhile."""
    if target.exists():
        shutil.rmtree(target)
    paths = precache_paths(root) + [source for source, _ in app_modules(root)] + list(SITE_EXTRAS)
    for path in paths:
        (target / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / path, target / path)
    write_precache(precache_manifest(target), target / "static" / "vendor" / "precache.js")
    return len(paths) + 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="also copy the deployable site into SITE")
    args = parser.parse_args(argv)

    copy_vendor()
    if update_pyscript_toml():
        print("build: pyscript.toml [files] rewritten (commit it)")
    for name in sync_geometry():
        print(f"build: {name} given the table geometry of klondike/app/view.py (commit it)")
    i18n.run_compile()
    write_archives()
    snapshot = write_snapshot_key()
    print(f"build: memory snapshot key {snapshot['key']} (Pyodide {snapshot['pyodide']})")
    manifest = precache_manifest()
    write_precache(manifest)
    size = sum((ROOT / p).stat().st_size for p in manifest["files"])
    print(f"build: {len(manifest['files'])} files to precache, {size / 2**20:.1f} MiB, "
          f"version {manifest['version']}")
    if args.site:
        count = copy_site(args.site.resolve())
        print(f"build: site of {count} files in {args.site}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
