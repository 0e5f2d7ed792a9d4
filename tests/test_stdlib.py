"""The site's cut-down standard library (tools/stdlib.py, tools/build.py's trim_stdlib) and
the PyScript chunks the build leaves out (PYSCRIPT_SKIPPED): what the site's Python can
import is there, what a first visit would download for nothing is not."""

import io
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
# isort: off
import build  # noqa: E402
import stdlib  # noqa: E402
# isort: on

FULL = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
TRIMMED = ROOT / "static" / "vendor" / "pyodide" / "python_stdlib.zip"


def archive(files: dict[str, str]) -> zipfile.ZipFile:
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as made:
        for name, text in files.items():
            made.writestr(name, text)
    return zipfile.ZipFile(io.BytesIO(data.getvalue()))


def test_imports_reads_every_kind_of_import_statement():
    source = """
import a.b, c as d
from . import sibling
from .inner import thing
from ..up import other
from e import *
def later():
    import f
"""
    found = stdlib.imports(source, "pkg.sub.mod", is_package=False)
    assert {"a.b", "c", "pkg.sub", "pkg.sub.sibling", "pkg.sub.inner", "pkg.sub.inner.thing",
            "pkg.up", "pkg.up.other", "e", "f"} <= found
    assert "e.*" not in found
    # In a package's __init__, "." is the package itself.
    assert "pkg.x" in stdlib.imports("from . import x", "pkg", is_package=True)


def test_imports_reads_text_this_python_cannot_parse():
    # Pyodide's Python is newer than the build's: `except A, B:` is 3.14's syntax, and
    # PyScript's package is minified (statements joined by ';', tabs).
    source = ("try:\n\tA=1;import json\nexcept ValueError, TypeError:\n\tpass\n"
              "def f():\n\tfrom .parts import (one,\n\t two)\n\timport re as r, os.path\n")
    with pytest.raises(SyntaxError):
        compile(source, "new.py", "exec")
    found = stdlib.imports(source, "pkg.mod", is_package=False)
    assert {"json", "pkg.parts", "pkg.parts.one", "pkg.parts.two", "re", "os.path"} <= found


def test_needed_keeps_what_is_imported_its_parents_and_the_interpreters_own():
    files = {
        "os.py": "import stat", "stat.py": "", "site.py": "import os",
        "keep/__init__.py": "", "keep/used.py": "def f():\n    import lazy\n",
        "keep/unused.py": "import dropped", "lazy.py": "", "dropped.py": "",
        "encodings/__init__.py": "import codecs", "encodings/utf_8.py": "",
        "encodings/cp1250.py": "", "codecs.py": "",
        "pyodide/__init__.py": "", "pyodide/webloop.py": "import asyncio_like",
        "asyncio_like.py": "", "pdb.py": "import cmd", "cmd.py": "",
        "uses_pdb.py": "import pdb",
    }
    kept = stdlib.needed(archive(files), {"main": "import keep.used\nimport uses_pdb"})
    # klondike's import, its package, and what it imports inside a function; what site
    # (IMPLICIT) imports; Pyodide's package whole and what it imports.
    assert {"keep", "keep.used", "lazy", "site", "os", "stat", "pyodide", "pyodide.webloop",
            "asyncio_like", "uses_pdb", "encodings", "encodings.utf_8", "codecs"} <= kept
    # Not imported by anything kept; a codec not in CODECS; the debugger (UNREACHABLE) and
    # what only it imports.
    assert not kept & {"keep.unused", "dropped", "encodings.cp1250", "pdb", "cmd"}


def test_trim_keeps_the_entries_of_the_modules_kept_and_the_data_of_their_packages():
    files = {"os.py": "", "site.py": "import os\nimport pkg", "pkg/__init__.py": "",
             "pkg/data.json": "{}", "other/__init__.py": "", "other/data.json": "{}",
             "LICENSE.txt": "text"}
    with io.BytesIO() as data:
        with zipfile.ZipFile(data, "w") as made:
            for name, text in files.items():
                made.writestr(name, text)
        trimmed, kept = stdlib.trim(data.getvalue(), {})
    names = set(zipfile.ZipFile(io.BytesIO(trimmed)).namelist())
    assert names == {"os.py", "site.py", "pkg/__init__.py", "pkg/data.json", "LICENSE.txt"}
    assert kept == ["os", "pkg", "site"]


@pytest.fixture(scope="module")
def built():
    if not TRIMMED.is_file() or not FULL.is_file():
        pytest.skip("the site is not built: run `python3 tools/build.py` (make test does)")
    return zipfile.ZipFile(TRIMMED)


def test_the_site_ships_less_than_pyodides_library_and_what_it_ships_is_intact(built):
    assert built.testzip() is None
    assert TRIMMED.stat().st_size < 0.7 * FULL.stat().st_size
    full = zipfile.ZipFile(FULL)
    for info in built.infolist():
        assert built.read(info) == full.read(info.filename)


def test_every_standard_module_the_sites_python_imports_under_pyodide_is_shipped(built):
    # Pyodide (in Node.js, with the whole library of node_modules/) imports what the page
    # and the worker import at the start, then every module of klondike/ and the glue's
    # standard imports: each library module it then holds must be in the site's archive.
    glue = sorted({name for path in [*build.glue_modules(), "static/main.py"]
                   for name in stdlib.imports((ROOT / path).read_text(), "page.x", False)
                   if name.split(".")[0] not in ("page", "klondike", "js", "pyodide")})
    modules = [path.removesuffix(".py").replace("/", ".").removesuffix(".__init__")
               for path in build.klondike_modules() if not path.endswith("__main__.py")]
    python = "\n".join(["import sys, importlib.util", "sys.path.insert(0, '/klondike')",
                        # a glue's `from x import y` names x.y, not always a module
                        *(f"if importlib.util.find_spec({name!r}.rpartition('.')[0] or "
                          f"{name!r}):\n    try: import {name}\n    except ImportError: pass"
                          for name in glue),
                        *(f"import {module}" for module in modules),
                        "import json; json.dumps(sorted(sys.modules))"])
    pyodide = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"
    script = f"""
import {{ readFileSync }} from "node:fs";
const {{ loadPyodide }} = await import({json.dumps(pyodide.as_uri())});
const py = await loadPyodide();
const zip = new Uint8Array(readFileSync({json.dumps(str(ROOT / build.KLONDIKE_ZIP))}));
py.unpackArchive(zip, "zip", {{ extractDir: "/klondike" }});
process.stdout.write(py.runPython({json.dumps(python)}));
"""
    done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    imported = set(json.loads(done.stdout))
    assert "klondike.solver.search" in imported and "asyncio" in imported
    in_library = set(stdlib.module_index(zipfile.ZipFile(FULL).namelist()))
    shipped = set(stdlib.module_index(built.namelist()))
    assert sorted((imported & in_library) - shipped) == []


def test_no_pyscript_chunk_the_build_keeps_imports_one_it_skips_statically():
    # A chunk it skips may be imported only on demand (import("./x.js")), by the code of a
    # feature the page does not use; a static import would fail the page's start.
    vendor = ROOT / "static" / "vendor" / "pyscript"
    dist = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    if not vendor.is_dir() or not dist.is_dir():
        pytest.skip("the site is not built: run `python3 tools/build.py` (make test does)")
    kept = {path.name for path in vendor.iterdir()}
    skipped = {path.name for path in dist.iterdir()
               if path.suffix in (".js", ".css") and path.name not in kept}
    assert {"xterm.css", "storage.js"} <= skipped and "core.js" in kept
    assert any(name.startswith("codemirror") for name in skipped)
    for name in sorted(kept):
        if name.endswith(".js"):
            text = (vendor / name).read_text(encoding="utf-8")
            static = set(re.findall(r'(?:from|import)\s*"\./([^"]+)"', text))
            assert sorted(static - kept) == [], name
    assert sorted(path.relative_to(ROOT).as_posix() for path in vendor.iterdir()) == sorted(
        path for path in build.precache_paths() if path.startswith("static/vendor/pyscript/"))
