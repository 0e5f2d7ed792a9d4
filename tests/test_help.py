"""The rules help (R1-R8) as plain data, its scoring tables made from klondike.scoring."""

import dataclasses

import pytest

from klondike.app import help as rules
from klondike.app.help import Section, rules_help, scoring_section, scoring_table
from klondike.scoring import NORMAL, SCORINGS


@pytest.mark.parametrize("letter", "NSVX")
def test_the_help_is_sections_of_plain_text(letter):
    sections = rules_help(letter)
    assert len(sections) >= 6
    for section in sections:
        assert isinstance(section, Section) and section.title
        texts = [section.title, *section.paragraphs, *(t for row in section.table for t in row)]
        assert all(isinstance(t, str) and t.strip() for t in texts)
        assert not any("<" in t or "{" in t for t in texts)  # shown as textContent, formatted
        assert bool(section.table) == (section.table_head is not None)


def test_the_keyboard_section_describes_what_the_glue_does():
    keyboard = next(s for s in rules_help() if s.title == "Keyboard")
    text = " ".join(keyboard.paragraphs)
    for key in ("Tab", "arrow keys", "Up and Down", "Enter", "Escape", "Ctrl+Z", "Cmd+Z",
                "Ctrl+Y", "Ctrl+Shift+Z", "Cmd+Shift+Z"):  # static/page/keyboard.py's redo too
        assert key in text


def test_R3_1_normal_table():
    assert scoring_table("N") == [
        ("Card onto a foundation", "+10"),
        ("Card from the waste onto a column", "+5"),
        ("Face-down card turned face up", "+5"),
        ("Waste turned back into the stock", "-100"),
        ("Any other move", "0"),
    ]
    assert scoring_section("N").paragraphs == ("The score starts at 0 and never goes below 0.",)


def test_R3_2_standard_table_has_the_draw_3_free_recycles_and_the_time_rules():
    table = dict(scoring_table("S"))
    assert table["Card taken back from a foundation"] == "-15"
    assert table["Waste turned back into the stock, draw 1"] == "-100"
    assert table["Waste turned back into the stock, draw 3: the first 3 times"] == "0"
    assert table["Waste turned back into the stock, draw 3: each time after that"] == "-20"
    assert table["Every 10 seconds of play"] == "-2"
    assert table["A win after more than 30 seconds"] == "+700000 / seconds played"


def test_R3_3_vegas_table_is_in_dollars_with_one_pass():
    assert scoring_table("V") == [
        ("Start of the game", "-$52"),
        ("Card onto a foundation", "+$5"),
        ("Waste turned back into the stock", "not allowed"),
        ("Any other move", "$0"),
    ]
    assert scoring_section("V").table_head == ("Event", "Dollars")
    stock = next(s for s in rules_help("V") if s.title == "The stock")
    assert "In Vegas scoring the stock can be gone through only once." in stock.paragraphs


def test_R3_4_no_scoring_has_no_table():
    section = scoring_section("X")
    assert section.table == () and "time" in section.paragraphs[0]


def test_the_table_follows_the_scoring_data_not_a_copy_of_it(monkeypatch):
    changed = dataclasses.replace(NORMAL, to_foundation=15, from_foundation=-7)
    monkeypatch.setattr(rules, "SCORINGS", {**SCORINGS, "N": changed})
    table = dict(scoring_table("N"))
    assert table["Card onto a foundation"] == "+15"
    assert table["Card taken back from a foundation"] == "-7"
