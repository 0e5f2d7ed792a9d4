"""The installable library (`pip install .`): a wheel of the rules core and the solver with
py.typed, its version and the `klondike` command, built offline with the pinned backend and
run from a fresh virtual environment."""

import json
import os
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

import klondike

ROOT = Path(__file__).resolve().parent.parent
CODE = "KL1-D1N-AAAAAAG"
PIP = ("-m", "pip", "--disable-pip-version-check", "--quiet")


def run(*args, cwd: Path) -> str:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([str(a) for a in args], cwd=cwd, env=env, check=True,
                          capture_output=True, text=True).stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel pip builds from the work tree, with the backend of .venv (no download)."""
    out = tmp_path_factory.mktemp("wheel")
    run(sys.executable, *PIP, "wheel", "--no-build-isolation", "--no-deps", "--no-index",
        "-w", out, ROOT, cwd=ROOT)
    (built,) = out.glob("klondike-*.whl")
    return built


@pytest.fixture(scope="module")
def venv(wheel, tmp_path_factory) -> Path:
    """A new virtual environment with only the wheel installed."""
    env = tmp_path_factory.mktemp("venv") / "env"
    run(sys.executable, "-m", "venv", env, cwd=env.parent)
    run(env / "bin" / "python", *PIP, "install", "--no-deps", "--no-index", wheel,
        cwd=env.parent)
    return env


def test_the_wheel_holds_the_rules_core_and_solver_typed_and_nothing_of_the_site(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    core = sorted(p.relative_to(ROOT).as_posix()
                  for pattern in ("*.py", "solver/*.py") for p in (ROOT / "klondike").glob(pattern))
    assert "klondike/solver/__init__.py" in core and "klondike/solver/search.py" in core
    assert "klondike/cli.py" in core
    assert sorted(n for n in names if n.endswith(".py")) == core
    assert "klondike/py.typed" in names
    assert not [n for n in names if n.split("/")[0] in (
        "static", "tests", "e2e", "bench", "tools", "locale", "node_modules")]
    assert not [n for n in names if n.startswith("klondike/app/")]


@pytest.mark.parametrize("command", [
    ("deal", CODE, "--json"),
    ("solve", CODE, "--budget", "20000", "--json"),
])
def test_the_installed_klondike_command_answers_as_python_m_klondike(venv, command,
                                                                       tmp_path):
    installed = json.loads(run(venv / "bin" / "klondike", *command, cwd=tmp_path))
    source = json.loads(run(sys.executable, "-m", "klondike", *command, cwd=ROOT))
    assert installed == source
    assert installed["code" if command[0] == "deal" else "result"] in (CODE, "won")


def test_the_installed_package_is_the_wheels_with_the_one_version(venv, tmp_path):
    where, version = run(venv / "bin" / "python", "-c",
                         "import importlib.metadata as m, klondike; "
                         "print(klondike.__file__, m.version('klondike'))",
                         cwd=tmp_path).split()
    assert Path(where).is_relative_to(venv)
    assert version == klondike.__version__
    assert run(venv / "bin" / "klondike", "--version", cwd=tmp_path) == (
        f"klondike {klondike.__version__}\n")


def test_the_build_backend_is_the_pinned_one():
    backend = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]
    pins = (ROOT / "requirements-dev.txt").read_text()
    (pin,) = backend["requires"]
    assert re.search(rf"^{re.escape(pin)}$", pins, re.MULTILINE), pin
