"""JSON text read safely, whatever it holds: :func:`loads` is :func:`json.loads` for text
nested no deeper than a bound, and a :class:`ValueError` (as for any invalid JSON) for the
rest, found without recursion.

Stored values are read back from localStorage, which any page of the site, an extension or
a hand can change. :func:`json.loads` recurses once per level: in CPython a value 10,000
levels deep raises :class:`RecursionError`, and under Pyodide it can overflow the
JavaScript stack first, which no ``except`` catches and which once stopped the page from
ever booting. Nothing this game stores is more than a few levels deep.

>>> loads('{"v": 1, "moves": "S T1>F"}')
{'v': 1, 'moves': 'S T1>F'}
>>> loads("[" * 10_000 + "]" * 10_000)
Traceback (most recent call last):
ValueError: the value is nested deeper than 32 levels
>>> loads('["[[[[", {"a": "]]]"}]', max_depth=2)  # brackets inside strings do not count
['[[[[', {'a': ']]]'}]
"""

from __future__ import annotations

import json
import re
from typing import Any

#: The deepest nesting read; this game's values are at most four levels deep.
MAX_DEPTH = 32

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r'[^\[\]{}]+')


def depth(text: str) -> int:
    """How deeply ``text``'s arrays and objects nest (brackets in strings aside)."""
    deepest = level = 0
    for char in _NOT_BRACKET.sub("", _STRING.sub("", text)):
        if char in "[{":
            level += 1
            deepest = max(deepest, level)
        else:
            level -= 1
    return deepest


def loads(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """:func:`json.loads` of ``text``; :class:`ValueError` if it is not JSON or nests
    deeper than ``max_depth``."""
    if text.count("[") + text.count("{") > max_depth and depth(text) > max_depth:
        raise ValueError(f"the value is nested deeper than {max_depth} levels")
    return json.loads(text)
