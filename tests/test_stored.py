"""klondike/app/stored.py: every localStorage key and format version in one place
(issue 41, item 3); nothing else in the app or its glue spells a key."""

import re
from pathlib import Path

from klondike.app import stored
from klondike.app.stored import KEYS, aside

ROOT = Path(__file__).resolve().parent.parent
KEY_TEXT = re.compile(r"""["']klondike\.[a-z]+""")


def test_each_key_is_the_sites_own_and_used_once():
    assert len(set(KEYS)) == len(KEYS)
    assert all(key.startswith("klondike.") for key in KEYS)
    assert aside("klondike.game") not in KEYS  # a value kept aside takes no key in use


def test_no_other_module_spells_a_key():
    sources = [*ROOT.glob("klondike/app/*.py"), *ROOT.glob("static/*.py"),
               *ROOT.glob("static/page/*.py")]
    spelled = [f"{path.relative_to(ROOT)}: {m.group()}" for path in sources
               if path.name != "stored.py"
               for m in KEY_TEXT.finditer(path.read_text())]
    assert spelled == []


def test_every_format_has_its_version_here():
    versions = {name for name in dir(stored) if name.endswith("_VERSION")}
    assert versions >= {f"{key.split('.')[1].upper()}_VERSION" for key in KEYS}
