"""klondike/moves.py: the 86 moves and their text (SPEC R10), one object per move."""

import copy
import pickle

import pytest

from klondike import IllegalMove, Move
from klondike.moves import (
    ALL_MOVES,
    COLUMN_TO_COLUMN,
    COLUMN_TO_F,
    COLUMN_TO_FOUNDATION,
    COLUMN_TO_T,
    DRAW,
    FOUNDATION_TO_COLUMN,
    FOUNDATION_TO_T,
    STOCK,
    WASTE_TO_COLUMN,
    WASTE_TO_F,
    WASTE_TO_FOUNDATION,
    WASTE_TO_T,
)


def test_R10_move_text_round_trips_for_all_86_moves():
    assert len(ALL_MOVES) == 86
    for move in ALL_MOVES:
        assert Move.from_text(str(move)) is move
        assert Move.from_text(str(move).lower()) is move


@pytest.mark.parametrize("text", ["", "X", "W>T8", "T0>T1", "T1>", "W>Fh", "F>T1", "S S"])
def test_R10_text_that_is_no_move_is_refused(text):
    with pytest.raises(IllegalMove, match="Not a move"):
        Move.from_text(text)


def test_R10_the_tokens_of_the_rule_book_are_all_the_moves_there_are():
    texts = ["S", "W>F"] + [f"W>T{j}" for j in range(1, 8)] + [f"T{i}>F" for i in range(1, 8)]
    texts += [f"T{i}>T{j}" for i in range(1, 8) for j in range(1, 8) if i != j]
    texts += [f"F{s}>T{j}" for s in "shdc" for j in range(1, 8)]
    assert sorted(str(m) for m in ALL_MOVES) == sorted(texts)
    assert [m.index for m in ALL_MOVES] == list(range(86))  # an index into tables


@pytest.mark.parametrize("text, kind, source, target", [
    ("S", DRAW, -1, -1),
    ("W>F", WASTE_TO_FOUNDATION, -1, -1),
    ("W>T3", WASTE_TO_COLUMN, -1, 2),
    ("T2>F", COLUMN_TO_FOUNDATION, 1, -1),
    ("T2>T5", COLUMN_TO_COLUMN, 1, 4),
    ("Fh>T4", FOUNDATION_TO_COLUMN, 1, 3),  # hearts: the second foundation (R2.5)
    ("Fc>T7", FOUNDATION_TO_COLUMN, 3, 6),
])
def test_R10_each_token_names_its_kind_source_and_target(text, kind, source, target):
    move = Move.from_text(text)
    assert (move.kind, move.source, move.target) == (kind, source, target)


def test_the_tables_of_moves_hold_the_move_of_each_source_and_target():
    assert STOCK is Move.from_text("S") and WASTE_TO_F is Move.from_text("W>F")
    for j in range(7):
        assert WASTE_TO_T[j] is Move.from_text(f"W>T{j + 1}")
        assert COLUMN_TO_F[j] is Move.from_text(f"T{j + 1}>F")
        for i in range(7):
            expected = None if i == j else Move.from_text(f"T{i + 1}>T{j + 1}")
            assert COLUMN_TO_T[i][j] is expected
        for s, suit in enumerate("shdc"):
            assert FOUNDATION_TO_T[s][j] is Move.from_text(f"F{suit}>T{j + 1}")


@pytest.mark.parametrize("text, move", [
    ("t2>t5", "T2>T5"), ("FH>t4", "Fh>T4"), (" w>f ", "W>F"), ("s", "S"), ("\tT7>F\n", "T7>F"),
])
def test_R10_move_text_is_read_in_either_case_and_spaces_around_it_are_ignored(text, move):
    assert str(Move.from_text(text)) == move
    assert Move.from_text(text) is Move.from_text(move)


@pytest.mark.parametrize("text", ["Fh>F", "fs>f", "Fc>F"])
def test_R2_6_a_card_cannot_go_from_one_foundation_to_another(text):
    with pytest.raises(IllegalMove, match="^A card cannot go from one foundation to another$"):
        Move.from_text(text)


@pytest.mark.parametrize("text", ["T1>T1", "t4>t4", "T7>T7"])
def test_a_column_cannot_move_onto_itself(text):
    with pytest.raises(IllegalMove, match="^A column cannot move onto itself$"):
        Move.from_text(text)


@pytest.mark.parametrize("value", [None, 5, b"S", ["S"]])
def test_R10_what_is_not_text_is_no_move_and_the_message_shows_it(value):
    with pytest.raises(IllegalMove) as refused:
        Move.from_text(value)
    assert str(refused.value) == (f"Not a move: {value!r} (moves look like S, W>T3, W>F, "
                                  "T2>F, T2>T5, Fh>T4)")


def test_R10_illegal_move_is_a_value_error():
    assert issubclass(IllegalMove, ValueError)
    with pytest.raises(ValueError):
        Move.from_text("T9>F")


def test_a_move_stays_the_same_object_through_pickle_and_copy():
    for move in ALL_MOVES:
        assert pickle.loads(pickle.dumps(move)) is move
        assert copy.deepcopy(move) is move
    assert pickle.loads(pickle.dumps(list(ALL_MOVES))) == ALL_MOVES


def test_a_move_shows_as_its_text():
    move = Move.from_text("fd>t2")
    assert str(move) == "Fd>T2" and repr(move) == "Move('Fd>T2')"
    assert f"{move}" == "Fd>T2"
