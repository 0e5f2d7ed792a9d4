"""klondike/jsontext.py: JSON text read safely whatever it holds (stored values, R9): the
value when it nests no deeper than the bound, a ValueError for anything else."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from klondike.jsontext import MAX_DEPTH, depth, loads

VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=12,
)


def nesting(value) -> int:
    """How deeply a Python value's lists and dicts nest, counted on the value itself."""
    if isinstance(value, list | dict):
        inner = value.values() if isinstance(value, dict) else value
        return 1 + max(map(nesting, inner), default=0)
    return 0


@given(VALUES, st.booleans())
def test_R9_depth_counts_the_nesting_whatever_the_strings_hold(value, ascii_only):
    # Hypothesis' strings hold brackets, quotes, backslashes and any character.
    assert depth(json.dumps(value, ensure_ascii=ascii_only)) == nesting(value)


@given(VALUES)
def test_R9_a_value_at_the_bound_reads_back_and_one_level_deeper_is_refused(value):
    text = json.dumps(value)
    levels = nesting(value)
    assert loads(text, max_depth=levels) == value
    if levels:
        with pytest.raises(ValueError, match=f"nested deeper than {levels - 1} levels"):
            loads(text, max_depth=levels - 1)


def test_R9_the_default_bound_is_32_levels():
    assert MAX_DEPTH == 32
    assert loads("[" * 32 + "]" * 32) == json.loads("[" * 32 + "]" * 32)
    with pytest.raises(ValueError, match="^the value is nested deeper than 32 levels$"):
        loads("[" * 33 + "]" * 33)
    with pytest.raises(ValueError, match="deeper than 32"):
        loads('{"a": ' * 33 + "1" + "}" * 33)


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,  # json.loads alone: RecursionError
    '{"k": ' * 100_000 + "0" + "}" * 100_000,
    "[" * 100_000,  # not even closed
    '[{"a": [' * 30_000 + "]}]" * 30_000,
])
def test_R9_a_hostile_depth_is_a_value_error_not_a_recursion_error(text):
    with pytest.raises(ValueError, match="nested deeper than"):
        loads(text)


def test_depth_is_worked_out_without_recursion():
    assert depth("[" * 200_000 + "]" * 200_000) == 200_000  # far past the recursion limit


@pytest.mark.parametrize("text, levels", [
    ("", 0), ("1", 0), ('"[[[{{{"', 0), ("[]", 1), ("{}", 1), ('[[], {"a": [1]}]', 3),
    ('["\\"[[[", 1]', 1),  # an escaped quote does not end the string
    ('["\\\\", [[1]]]', 3),  # an escaped backslash does not escape the quote after it
    ('{"[[": {"]]": "{"}}', 2),  # nor do keys count
    ('"[[" ["\\"[", {"k": "]"}]', 2),
])
def test_depth_counts_brackets_outside_strings_only(text, levels):
    assert depth(text) == levels


def test_brackets_inside_strings_never_count_against_the_bound():
    text = json.dumps({"moves": "[" * 1000, "more": ["{" * 1000]})
    assert loads(text, max_depth=2) == {"moves": "[" * 1000, "more": ["{" * 1000]}


@pytest.mark.parametrize("text", ["", "{", "[1,]", "{'v': 1}", "NaN x", "[1] [2]",
                                  "]" * 40 + "[" * 40])
def test_text_that_is_not_json_is_a_value_error_as_with_json_loads(text):
    with pytest.raises(ValueError):
        loads(text)


def test_R9_a_stored_value_reads_as_json_loads_reads_it():
    text = '{"v": 1, "moves": "S T1>F", "clock": 12.5, "redo": [], "won": null}'
    assert loads(text) == json.loads(text)
    assert loads(" 7 ") == 7 and loads('"text"') == "text"
