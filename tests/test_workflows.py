"""CI on GitHub: the test workflow runs the README's test command on every push and pull
request, the Pages deploy builds with the pinned Babel, and the README shows the status."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"


def test_the_test_workflow_runs_make_test_on_every_push_and_pull_request():
    text = (WORKFLOWS / "test.yml").read_text()
    on = re.search(r"^on:\n((?:  .*\n)+)", text, re.MULTILINE)[1]
    assert re.findall(r"^  (\w+):", on, re.MULTILINE)[:2] == ["push", "pull_request"]
    assert "branches" not in on  # every branch
    assert re.findall(r"^\s+run: (.*)$", text, re.MULTILINE) == ["make test"]
    # A real Chromium from Debian's apt (ubuntu-latest's apt chromium is a snap stub).
    assert re.search(r"^    container: python:3\.1\d+-(bookworm|trixie)$", text, re.MULTILINE)


def test_pages_builds_with_the_babel_of_the_dev_requirements():
    text = (WORKFLOWS / "pages.yml").read_text()
    install = text.index("grep '^babel==' requirements-dev.txt")
    assert install < text.index("tools/build.py --site build/site")
    assert re.search(r"^babel==\d", (ROOT / "requirements-dev.txt").read_text(), re.MULTILINE)


def test_the_readme_shows_the_tests_status_and_the_two_commands():
    readme = (ROOT / "README.md").read_text()
    assert "(../../actions/workflows/test.yml/badge.svg)" in readme.splitlines()[0]
    assert "make serve" in readme and "make test" in readme
