"""klondike/app/table.py: the game on the table, its clock, Redo, and what a tap, a drop
or a key means (R2, R4, R5), without storage or the solver."""

import pytest

from klondike import Move
from klondike.app.table import Clock, Table
from klondike.codes import GameCode
from klondike.game import BadSave
from klondike.moves import IllegalMove

DEAL = GameCode.parse("KL1-D1N-AAAAAAA")  # column 7's top is the ace of hearts


class Time:
    def __init__(self) -> None:
        self.now = 50.0

    def __call__(self) -> float:
        return self.now


def dealt(time: Time | None = None) -> Table:
    table = Table(now=time or Time())
    table.deal(DEAL)
    return table


def test_the_clock_runs_from_the_first_move_and_stops_while_hidden_and_when_won():
    time = Time()
    table = dealt(time)
    table.settle()
    time.now += 5
    assert table.clock.elapsed() == 0  # no move yet
    table.play(Move.from_text("T7>F"))
    table.settle()
    time.now += 10
    table.set_hidden(True)
    time.now += 100
    table.set_hidden(False)
    time.now += 2
    assert table.clock.elapsed() == 12
    assert table.score_line() == "Score 15  Moves 1"


def test_a_clock_keeps_its_elapsed_seconds_across_runs():
    time = Time()
    clock = Clock(time, elapsed=30.0)
    clock.run(True)
    time.now += 4
    clock.run(False)
    time.now += 60
    assert clock.elapsed() == 34 and not clock.running


def test_R4_undo_then_redo_plays_the_same_move_and_a_new_move_ends_redo():
    table = dealt()
    assert table.undo() == "There is nothing to undo"
    move = Move.from_text("T7>F")
    table.play(move)
    assert table.undo() == "Undone: ace of hearts to its foundation" and table.redo_line == [move]
    table.play(table.redo_line[-1])  # Redo: the very move it keeps
    assert table.redo_line == [] and table.game.moves_made == 1
    table.undo()
    table.play(Move.from_text("S"))  # another move: Redo has nothing left
    assert table.redo_line == []


def test_R2_an_illegal_move_raises_and_changes_nothing():
    table = dealt()
    before = table.game.state()
    with pytest.raises(IllegalMove):
        table.play(Move.from_text("T1>T2"))
    assert table.game.state() == before and table.game.moves_made == 0


def test_back_to_undoes_down_to_a_move_count_and_redo_plays_them_again():
    table = dealt()
    for text in ("T7>F", "S", "S"):
        table.play(Move.from_text(text))
    table.back_to(1)
    assert table.game.moves_made == 1 and [str(m) for m in table.redo_line] == ["S", "S"]


def test_R9_a_saved_table_loads_back_as_it_was_and_a_damaged_one_changes_nothing():
    time = Time()
    table = dealt(time)
    table.play(Move.from_text("T7>F"))
    table.settle()
    time.now += 7
    table.play(Move.from_text("S"))
    table.undo()
    text = table.saved()
    again = Table(now=time)
    again.load(text)
    assert again.game.to_json() == table.game.to_json() and again.dealt == table.dealt
    assert again.clock.elapsed() == 7 and [str(m) for m in again.redo_line] == ["S"]
    assert not again.is_other(text)
    with pytest.raises(BadSave):
        again.load(text[:-5])
    assert again.game.to_json() == table.game.to_json()  # unchanged


def test_another_dealing_of_the_same_deal_is_another_game():
    table, other = dealt(), dealt()
    assert table.game.to_json() == other.game.to_json()
    assert table.is_other(other.saved())  # its own dealing token
    assert table.key() != other.key()
    assert not table.is_other("{damaged")  # a value that does not read is no game


def test_R5_taps_drops_and_keys_mean_moves_or_say_why_not():
    time = Time()
    table = dealt(time)
    assert table.tap("T7", 6, "Ah") == Move.from_text("T7>F")  # a card home
    assert table.tap("stock", 0, None) == Move.from_text("S")
    assert table.tap("T1", -1, None) is None  # an empty place: nothing
    # The 3 of diamonds cannot go home: a first tap means nothing, a second soon after
    # puts it on the tableau (the 4 of clubs of column 5).
    assert table.tap("T4", 3, "3d") is None
    time.now += 0.1
    assert table.tap("T4", 3, "3d") == Move.from_text("T4>T5")
    assert table.drop("T1", 0, None) is None  # let go over nothing
    assert isinstance(table.drop("T1", 0, "T2"), str)  # why not, in words
    assert table.drop_pile("T7", 6, "F") == "Fh"
    assert table.choose("stock", can_move=True) == Move.from_text("S")
    assert table.choose("T3", can_move=False) == "There is no card to move here"


def test_a_new_deal_resets_the_clock_redo_and_the_keyboards_pick():
    time = Time()
    table = dealt(time)
    table.play(Move.from_text("T7>F"))
    table.undo()
    table.choose("T7", can_move=True)
    table.deal(GameCode.parse("KL1-D3V-AAAAAAG"), checked=True)
    assert table.redo_line == [] and table.keys.selected is None and table.checked
    assert table.clock.elapsed() == 0 and table.game.code == "KL1-D3V-AAAAAAG"
