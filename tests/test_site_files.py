"""The static site's files (SPEC R9), checked without a browser: PyScript config, relative
URLs, web app manifest and icons, the build's precache manifest, and the dev server."""

import ast
import base64
import hashlib
import json
import re
import struct
import subprocess
import sys
import tomllib
import urllib.request
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
# isort: off
import build  # noqa: E402
import i18n  # noqa: E402
from serve import start_server  # noqa: E402
# isort: on


def pyscript_config() -> dict:
    return tomllib.loads((ROOT / "pyscript.toml").read_text())


def test_the_page_loads_neither_the_search_nor_urllib_parse():
    # The page's searches run in the solver's worker. Importing klondike.solver (about
    # 30 ms) and urllib.parse (about 100 ms) took the page's start that long in the
    # browser (docs/benchmarks.md, startup): the page's modules need neither.
    glue = [ROOT / "static" / "main.py", *sorted((ROOT / "static" / "page").glob("*.py"))]
    modules = sorted({node.module for path in glue
                      for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                      if isinstance(node, ast.ImportFrom) and node.module
                      and node.module.startswith("klondike")})
    assert "klondike.app.session" in modules
    script = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); "
              + "".join(f"import {m}; " for m in modules)
              + "print([m for m in sys.modules if m.startswith('klondike.solver')"
              + " or m == 'urllib.parse'])")
    # -I -S: no site packages, which may load urllib.parse for their own reasons.
    loaded = subprocess.run([sys.executable, "-I", "-S", "-c", script], capture_output=True,
                            text=True, check=True).stdout.strip()
    assert loaded == "[]"


def test_every_klondike_module_is_in_one_archive_and_nothing_else():
    # static/runtime.mjs unpacks it into Python's working directory, where it is needed.
    assert pyscript_config()["files"] == {f"./{build.APP_ZIP}": "./*"}
    modules = [p.relative_to(ROOT).as_posix() for p in (ROOT / "klondike").rglob("*.py")
               if "__pycache__" not in p.parts]
    assert "klondike/__init__.py" in modules
    with zipfile.ZipFile(ROOT / build.KLONDIKE_ZIP) as archive:
        assert sorted(archive.namelist()) == sorted(modules), "run tools/build.py"
        for module in modules:
            assert archive.read(module) == (ROOT / module).read_bytes(), module
    runtime = (ROOT / "static" / "runtime.mjs").read_text()
    assert build.KLONDIKE_ZIP == "static/vendor/klondike.zip"
    assert 'new URL("./vendor/klondike.zip", import.meta.url)' in runtime


def snapshot_imports() -> str:
    """static/runtime.mjs's SNAPSHOT_IMPORTS: the Python the memory snapshot ran."""
    runtime = (ROOT / "static" / "runtime.mjs").read_text()
    return runtime.split("const SNAPSHOT_IMPORTS = `", 1)[1].split("`;", 1)[0]


def klondike_imports(path: Path) -> set[str]:
    """The klondike modules a file imports anywhere in it (at the top or in a function),
    relative imports resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(filter(None, [base, node.module or ""]))
            found.add(module)
            found |= {f"{module}.{alias.name}" for alias in node.names}  # a submodule?
    return {name for name in found if name.split(".")[0] == "klondike"}


def test_a_restored_page_has_imported_every_klondike_module_it_can_import():
    """A warm start restores the memory snapshot and unpacks no klondike/ file
    (static/runtime.mjs): every klondike module the page can ever import, from the glue
    or from another such module, at the top of a module or inside a function, must be
    one the snapshot imported. The worker unpacks them all."""
    def source(module: str) -> Path | None:
        path = ROOT / module.replace(".", "/")
        for candidate in (path / "__init__.py", path.with_suffix(".py")):
            if candidate.is_file():
                return candidate
        return None  # a name imported from a module, not a module

    glue = [ROOT / "static" / "main.py", *sorted((ROOT / "static" / "page").glob("*.py"))]
    todo = set().union(*(klondike_imports(path) for path in glue))
    reached: set[str] = set()
    while todo:
        module = todo.pop()
        path = source(module)
        if path is None or module in reached:
            continue
        reached.add(module)
        parts = module.split(".")  # importing a.b.c imports a and a.b first
        todo |= {".".join(parts[:i]) for i in range(1, len(parts))}
        todo |= klondike_imports(path)
    assert "klondike.app.session" in reached and "klondike.position" in reached
    script = (f"import sys; sys.path.insert(0, {str(ROOT)!r})\n" + snapshot_imports()
              + "\nprint(sorted(m for m in sys.modules if m.split('.')[0] == 'klondike'))")
    done = subprocess.run([sys.executable, "-I", "-S", "-c", script], capture_output=True,
                          text=True, check=True, cwd=ROOT)
    imported = set(ast.literal_eval(done.stdout.strip()))
    assert sorted(reached - imported) == []


def test_every_glue_module_is_in_the_archive_and_read_for_messages():
    glue = sorted((ROOT / "static" / "page").glob("*.py"))
    assert {p.name for p in glue} >= {"board.py", "pointer.py", "keyboard.py", "dialogs.py"}
    with zipfile.ZipFile(ROOT / build.APP_ZIP) as archive:
        for path in glue:
            assert archive.read(f"page/{path.name}") == path.read_bytes(), path.name
        # Nothing else: no module the sources no longer have, and their bytecode.
        assert sorted(n for n in archive.namelist() if "/__pycache__/" not in n) == sorted(
            name for _source, name in build.app_modules() if name.startswith("page/"))
    assert set(glue) | {ROOT / "static" / "main.py"} <= set(i18n.source_files())


# The page's Python in Node.js: the archive unpacked into its working directory as
# PyScript's [files] does, PyScript's package written as PyScript writes it, then each
# module's code asked of importlib's own loader, counting the sources it had to compile.
BYTECODE_IN_NODE = """
import fs from "node:fs";
import path from "node:path";
const root = process.argv[2];
const sources = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
const { loadPyodide } = await import(path.join(root, "static/vendor/pyodide/pyodide.mjs"));
process.on("uncaughtException", (e) => { console.error(e.message); process.exit(1); });
const py = await loadPyodide({ indexURL: path.join(root, "static/vendor/pyodide/") });
const zip = new Uint8Array(fs.readFileSync(path.join(root, process.argv[4])));
py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide" });
py.globals.set("sources", py.toPy(sources));
console.log(py.runPython(`
import importlib.machinery, importlib.util, json, os
compiled = []
class Loader(importlib.machinery.SourceFileLoader):
    def source_to_code(self, data, path, **kw):
        compiled.append(path)
        return super().source_to_code(data, path, **kw)
os.chdir("/home/pyodide")
for name, text in sources.items():
    os.makedirs(os.path.dirname(name), exist_ok=True)
    with open(name, "w", encoding="utf-8") as f:
        f.write(text)
def code_of_each():
    pages = ["page/" + n for n in sorted(os.listdir("page")) if n.endswith(".py")]
    for name in pages + sorted(sources):
        module = name[:-3].replace("/", ".")
        Loader(module, "/home/pyodide/" + name).get_code(module)
code_of_each()
taken = len(compiled)
magic = importlib.util.MAGIC_NUMBER.hex()
with open("page/board.py", "a") as f:
    f.write("# changed")  # a source changed since its bytecode: compiled again
code_of_each()
json.dumps([magic, taken, [p[len("/home/pyodide/"):] for p in compiled]])
`));
"""


def test_the_pages_python_takes_the_bytecode_of_every_module_it_compiled(tmp_path):
    """The glue's modules and PyScript's own package (which PyScript writes and imports
    at every start) come with their bytecode in the archive: made by the page's Python
    (3.14, not this one), checked by hash (PEP 552), each the hash of the very source
    beside it, so the page's Python compiles none of them, and compiles a source that
    changed since."""
    import _imp  # importlib's own: the hash it checks, keyed by the magic number

    pyscript = build.pyscript_package()
    assert "pyscript/__init__.py" in pyscript and "pyscript/web.py" in pyscript
    script, written = tmp_path / "bytecode.mjs", tmp_path / "pyscript.json"
    script.write_text(BYTECODE_IN_NODE)
    written.write_text(json.dumps(pyscript))
    done = subprocess.run(["node", str(script), str(ROOT), str(written), build.APP_ZIP],
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    magic, taken, compiled = json.loads(done.stdout.strip().splitlines()[-1])
    assert taken == 0  # every module's code came from its bytecode
    assert compiled == ["page/board.py"]

    magic = bytes.fromhex(magic)
    with zipfile.ZipFile(ROOT / build.APP_ZIP) as archive:
        sources = {name: archive.read(name) for name in archive.namelist()
                   if name.startswith("page/") and "__pycache__" not in name}
        sources |= {name: text.encode() for name, text in pyscript.items()}
        bytecode = {name: archive.read(name) for name in archive.namelist()
                    if "/__pycache__/" in name}
    assert len(bytecode) == len(sources)
    for name, source in sources.items():
        folder, _, file = name.rpartition("/")
        pyc = bytecode[f"{folder}/__pycache__/{file[:-3]}.cpython-314.pyc"]
        assert pyc[:4] == magic, name
        assert struct.unpack("<I", pyc[4:8])[0] == 0b11, name  # hash-based, checked
        assert pyc[8:16] == _imp.source_hash(int.from_bytes(magic, "little"), source), name


def test_the_glue_is_thin_no_file_over_400_lines():
    """The glue's rule: split by concern, no module over 400 lines (what decides lives in
    klondike/app/, tested without a browser)."""
    for path in [ROOT / "static" / "main.py", *(ROOT / "static" / "page").glob("*.py")]:
        assert len(path.read_text().splitlines()) <= 400, path.name


def test_the_glue_touches_only_pyodide_js_and_ffi():
    """PyScript is in maintenance mode: the glue imports nothing of it, so the runtime
    stays replaceable."""
    for path in [ROOT / "static" / "main.py", *(ROOT / "static" / "page").glob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [node.module] if isinstance(node, ast.ImportFrom) else [
                    a.name for a in node.names]
                for name in names:
                    assert name and not name.startswith("pyscript"), (path.name, name)


def test_the_glue_talks_to_the_session_and_never_to_its_parts():
    """Issue 41: the page reads the session's public names and draws its replies; it never
    reaches into the table, the stored values or the solver's client, nor sets anything
    on the session."""
    from klondike.app.session import Session

    public = {name for name in dir(Session) if not name.startswith("_")}
    parts = {"table", "keeping", "solver", "rng", "now"}
    used = set()
    for path in [ROOT / "static" / "main.py", *(ROOT / "static" / "page").glob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text())):
            owner = node.value if isinstance(node, ast.Attribute) else None
            if isinstance(owner, ast.Attribute) and owner.attr == "session" \
                    or isinstance(owner, ast.Name) and owner.id == "session":
                assert isinstance(node, ast.Attribute)
                used.add(node.attr)
                assert node.attr not in parts, (path.name, node.attr)
                assert node.attr in public, (path.name, node.attr)
                assert not isinstance(node.ctx, ast.Store), (path.name, node.attr)
    assert {"tap", "drop", "resume", "take_writes", "solver_heard"} <= used  # it looked


def test_the_table_geometry_of_the_page_is_the_views():
    """The outlines in index.html and the card size in site.css are drawn before Python
    runs; they come from klondike/app/view.py (tools/build.py writes them)."""
    assert build.sync_geometry(write=False) == [], "run tools/build.py and commit"
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

    page = (ROOT / "index.html").read_text()
    for pile, (x, y) in slots().items():
        style = re.search(rf'data-pile="{pile}"[^>]*? style="--x:([^;]*);--y:([^;"]*)"', page)
        assert (float(style[1]), float(style[2])) == pytest.approx((x, y)), pile
    css = (ROOT / "static" / "site.css").read_text()
    assert f"--table-w: {TABLE_W:.4g};" in css and f"--card-ratio: {CARD_H:.4g};" in css
    assert f"--table-h: {FIT_H:.4g};" in css
    assert "8.04" not in css.replace(f"--table-w: {TABLE_W:.4g};", "")
    # The card size's caps and the side layout (issue 40): the view's numbers.
    assert f"--card-max: {CARD_MAX_PX['normal']}px;" in css
    assert f":root.cards-large {{ --card-max: {CARD_MAX_PX['large']}px; }}" in css
    assert f"--card-min: {CARD_MIN_PX}px;" in css
    assert f"--side-px: {SIDE_W_PX}px;" in css and f"--column-reach: {GAP / 2:.4g};" in css
    wide, high = SIDE_ASPECT
    assert css.count(f"@media (min-aspect-ratio: {wide}/{high}) and "
                     f"(max-height: {SIDE_MAX_H_PX}px)") == 1


def test_the_build_rewrites_a_geometry_that_drifted(tmp_path):
    (tmp_path / "static").mkdir()
    page = (ROOT / "index.html").read_text()
    css = (ROOT / "static" / "site.css").read_text()
    (tmp_path / "index.html").write_text(page.replace('style="--x:0.1;--y:1.8"',
                                                      'style="--x:0.5;--y:1.8"'))
    (tmp_path / "static" / "site.css").write_text(css.replace("--card-ratio: 1.4;",
                                                              "--card-ratio: 1.5;"))
    assert build.sync_geometry(tmp_path) == ["index.html", "static/site.css"]
    assert (tmp_path / "index.html").read_text() == page
    assert (tmp_path / "static" / "site.css").read_text() == css


def test_interpreter_is_the_vendored_pyodide_and_nothing_is_installed():
    config = pyscript_config()
    # static/runtime.mjs: the vendored pyodide.mjs, restored from a snapshot when it can be.
    assert config["interpreter"] == "./static/runtime.mjs"
    runtime = (ROOT / "static" / "runtime.mjs").read_text()
    assert 'from "./vendor/pyodide/pyodide.mjs"' in runtime
    assert "export async function loadPyodide" in runtime and "export { version }" in runtime
    assert "packages" not in config
    assert "pyodide.mjs" in build.PYODIDE_FILES


def test_snapshot_key_follows_pyodide_klondike_and_the_runtime_and_nothing_else(fake_site):
    """Issue 38: the snapshot's key hashes the files it was made from, hashed as the
    precache hashes them, and static/runtime.mjs, which says what it imports; a new build
    of any is a new key, a new stylesheet is not."""
    for name in build.PYODIDE_FILES:
        path = fake_site / "static" / "vendor" / "pyodide" / name
        if not path.exists():
            path.write_text(name)
    first = build.snapshot_key(fake_site)
    precache = build.precache_manifest(fake_site)["files"]
    runtime = {path for path in first["files"] if path.startswith("static/vendor/")}
    assert first["files"] == {path: precache.get(path) or build.integrity(fake_site / path)
                              for path in first["files"]}
    assert runtime <= set(precache) and "klondike/__init__.py" in first["files"]
    (fake_site / "static" / "site.css").write_text("body { margin: 0 }\n")
    assert build.snapshot_key(fake_site)["key"] == first["key"]
    (fake_site / "klondike" / "deal.py").write_text("")  # a new module
    second = build.snapshot_key(fake_site)["key"]
    (fake_site / "static" / "vendor" / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm2")
    third = build.snapshot_key(fake_site)["key"]
    (fake_site / "static" / "runtime.mjs").write_text("// other imports\n")  # what it ran
    fourth = build.snapshot_key(fake_site)["key"]
    assert len({first["key"], second, third, fourth}) == 4
    build.write_snapshot_key(fake_site)
    written = (fake_site / "static" / "vendor" / "snapshot.mjs").read_text()
    assert f'"key": "{fourth}"' in written


class Links(HTMLParser):
    """Every src/href in a page, and its tags (name, attributes)."""

    def __init__(self):
        super().__init__()
        self.urls: list[str] = []
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.append((tag, attrs))
        self.urls += [attrs[key] for key in ("src", "href", "config") if attrs.get(key)]


def parse_page(path: Path) -> Links:
    links = Links()
    links.feed(path.read_text())
    return links


@pytest.mark.parametrize("page", ["index.html", "bench/hello/index.html"])
def test_every_url_of_the_pages_is_relative_and_exists(page):
    # GitHub Pages serves the site under /<repo>/: a URL starting with "/" would break.
    links = parse_page(ROOT / page)
    assert links.urls
    for url in links.urls:
        assert re.match(r"^\.{1,2}/", url), url
        if "/vendor/" not in url:  # vendored files exist once tools/build.py ran
            assert ((ROOT / page).parent / url).resolve().is_file(), url


def test_page_links_favicon_manifest_and_python_glue():
    tags = parse_page(ROOT / "index.html").tags
    links = {a.get("rel"): a.get("href") for tag, a in tags if tag == "link"}
    assert links["icon"] == "./static/icons/icon.svg"
    assert links["manifest"] == "./manifest.webmanifest"
    scripts = [a for tag, a in tags if tag == "script" and a.get("type") == "py"]
    assert scripts == [{"type": "py", "src": "./static/main.py", "config": "./pyscript.toml"}]


def test_service_worker_is_registered_relatively():
    boot = (ROOT / "static" / "boot.js").read_text()
    assert 'navigator.serviceWorker.register("./sw.js"' in boot
    assert 'importScripts("./static/vendor/precache.js")' in (ROOT / "sw.js").read_text()
    assert (ROOT / ".nojekyll").is_file()  # Jekyll would drop klondike/__init__.py


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", data[16:24])


def test_web_app_manifest_is_installable():
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text())
    assert manifest["name"] and manifest["short_name"]
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "./"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    sizes = set()
    for icon in manifest["icons"]:
        path = ROOT / icon["src"]
        assert path.is_file() and not icon["src"].startswith("/")
        if icon["type"] == "image/png":
            width, height = png_size(path)
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add(width)
    assert {192, 512} <= sizes


@pytest.fixture
def fake_site(tmp_path):
    """A minimal site tree: the app's files, one klondike module, a vendored file."""
    files = {
        "index.html": "<!doctype html>",
        "pyscript.toml": 'interpreter = "./x.mjs"\n\n[files]\n',
        "manifest.webmanifest": "{}",
        "static/main.py": "import klondike\n",
        "static/site.css": "body {}\n",
        "static/runtime.mjs": "export const loadPyodide = 1;\n",
        "static/icons/icon.svg": "<svg/>",
        "static/vendor/pyodide/pyodide.asm.wasm": "\0asm",
        "klondike/__init__.py": '"""core"""\n',
        "sw.js": "// sw",
        ".nojekyll": "",
    }
    for path, text in files.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    return tmp_path


def test_precache_manifest_lists_every_file_with_its_hash(fake_site):
    build.write_archives(fake_site)
    manifest = build.precache_manifest(fake_site)
    assert sorted(manifest["files"]) == [  # the modules in the archive, not one by one
        "index.html", "manifest.webmanifest", "pyscript.toml",
        "static/icons/icon.svg", "static/main.py", "static/runtime.mjs", "static/site.css",
        "static/vendor/app.zip", "static/vendor/klondike.zip",
        "static/vendor/pyodide/pyodide.asm.wasm",
    ]
    digest = hashlib.sha256(b"import klondike\n").digest()
    assert manifest["files"]["static/main.py"] == "sha256-" + base64.b64encode(digest).decode()


def test_precache_version_changes_with_any_file_and_only_then(fake_site):
    build.write_archives(fake_site)
    first = build.precache_manifest(fake_site)["version"]
    assert build.precache_manifest(fake_site)["version"] == first
    (fake_site / "klondike" / "deal.py").write_text("")  # a new module, in the archive
    build.write_archives(fake_site)
    second = build.precache_manifest(fake_site)["version"]
    (fake_site / "static" / "vendor" / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm2")
    third = build.precache_manifest(fake_site)["version"]
    assert len({first, second, third}) == 3


def test_build_writes_the_archive_of_the_modules_and_the_table_that_unpacks_it(fake_site):
    (fake_site / "klondike" / "deal.py").write_text("DEALS = 1\n")
    (fake_site / "static" / "page").mkdir()
    (fake_site / "static" / "page" / "board.py").write_text("BOARD = 1\n")
    assert build.update_pyscript_toml(fake_site) is True
    config = tomllib.loads((fake_site / "pyscript.toml").read_text())
    assert config["interpreter"] == "./x.mjs"
    assert config["files"] == {"./static/vendor/app.zip": "./*"}
    assert build.update_pyscript_toml(fake_site) is False
    archive, klondike = build.write_archives(fake_site)
    assert klondike == fake_site / build.KLONDIKE_ZIP
    made = archive.read_bytes(), klondike.read_bytes()
    with zipfile.ZipFile(archive) as unpacked:
        assert unpacked.namelist() == ["page/board.py", "page/__pycache__/board.cpython-314.pyc"]
        assert unpacked.read("page/board.py") == b"BOARD = 1\n"
    with zipfile.ZipFile(klondike) as unpacked:
        assert unpacked.namelist() == ["klondike/__init__.py", "klondike/deal.py"]
    build.write_archives(fake_site)  # the same bytes again
    assert (archive.read_bytes(), klondike.read_bytes()) == made


def test_site_copy_is_consistent_and_complete(fake_site, tmp_path):
    target = tmp_path / "out"
    build.copy_site(target, root=fake_site)
    assert (target / "sw.js").is_file() and (target / ".nojekyll").is_file()
    precache = (target / "static" / "vendor" / "precache.js").read_text()
    manifest = json.loads(precache.split("self.PRECACHE = ", 1)[1].rstrip().rstrip(";"))
    assert manifest == build.precache_manifest(target)


@pytest.mark.parametrize("path, content_type", [
    ("static/vendor/pyodide/pyodide.asm.wasm", "application/wasm"),
    ("x.mjs", "text/javascript"),
    ("manifest.webmanifest", "application/manifest+json"),
    ("static/main.py", "text/plain; charset=utf-8"),
])
def test_server_sends_the_content_types_the_runtime_needs(fake_site, path, content_type):
    (fake_site / "x.mjs").write_text("export {}")
    server, url = start_server(root=fake_site)
    try:
        with urllib.request.urlopen(url + path, timeout=30) as response:
            assert response.headers["Content-Type"] == content_type
            assert response.headers["Cache-Control"] == "no-cache"
    finally:
        server.shutdown()
        server.server_close()


def test_the_scorings_to_choose_from_are_the_scorings_and_the_build_keeps_them(tmp_path):
    """The New game dialog's scorings and the settings' come from SCORINGS (issue 41): a
    fifth scoring is one class and its messages; tools/build.py writes the choices."""
    from klondike.scoring import SCORINGS

    page = (ROOT / "index.html").read_text()
    text = build.SCORING_TEXT  # data-i18n in the context "scoring"
    radios = re.findall(rf'name="scoring" value="(\w)"[^>]*> <span {text}>([^<]*)<', page)
    options = re.findall(rf'<option value="(\w)" {text}>([^<]*)</option>',
                         page.split('name="default_scoring"')[1].split("</select>")[0])
    want = [(letter, rules.choice) for letter, rules in SCORINGS.items()]
    assert radios == want and options == want
    (tmp_path / "static").mkdir()
    (tmp_path / "index.html").write_text(page.replace(
        f'            <option value="X" {text}>None (time and moves)</option>\n', ""))
    (tmp_path / "static" / "site.css").write_text((ROOT / "static" / "site.css").read_text())
    assert build.sync_geometry(tmp_path) == ["index.html"]
    assert (tmp_path / "index.html").read_text() == page


def test_the_lock_file_ships_its_header_and_no_package(fake_site):
    """The site installs no package: the vendored lock file keeps what loadPyodide()
    checks (the ABI in ``info``) and an empty table, not Pyodide's 357 packages, which a
    first visit downloaded and every start parsed (in the page and in the solver's
    worker). The built site's lock is the pinned release's, so trimmed."""
    pinned = json.loads((build.NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    assert len(pinned["packages"]) > 100
    lock = fake_site / "static" / "vendor" / "pyodide" / "pyodide-lock.json"
    lock.write_text(json.dumps(pinned))
    build.trim_lock(fake_site)
    trimmed = json.loads(lock.read_text())
    assert trimmed == {"info": pinned["info"], "packages": {}}
    assert lock.stat().st_size < 300
    built = ROOT / "static" / "vendor" / "pyodide" / "pyodide-lock.json"
    if built.exists():  # make test builds first
        assert json.loads(built.read_text()) == trimmed


def test_a_dialog_that_focuses_a_button_is_described_by_its_message():
    """The win's summary, the link's and the daily deal's warning, Play it for me's terms:
    the focus lands on a button, so a screen reader reads the dialog's name and its
    description, and the message must be that description (it was not read out)."""
    page = (ROOT / "index.html").read_text()
    for dialog in ("win-dialog", "link-dialog", "demo-dialog"):
        tag = re.search(rf'<dialog id="{dialog}"[^>]*>', page)
        assert tag, dialog
        described = re.search(r'aria-describedby="([^"]+)"', tag[0])
        assert described, dialog
        message = re.search(rf'<p id="{described[1]}"', page[tag.end():])
        assert message and message.start() < page[tag.end():].index("</dialog>"), dialog
