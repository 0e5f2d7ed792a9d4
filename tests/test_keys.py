"""klondike/app/keys.py: the keyboard's cursor, arrows and pick (WCAG: everything the
pointer does, R5), without a browser."""

from klondike import Game, Move
from klondike.app.keys import Keys

DEAL = "KL1-D1N-AAAAAAG"  # column 7 shows the ace of hearts; column 1 the ace of diamonds


def test_the_cursor_starts_on_each_piles_top_card_and_names_it():
    game, keys = Game.from_code(DEAL), Keys()
    assert keys.point(game, "T7") == (6, "ace of hearts")
    assert keys.point(game, "stock") == (0, "face-down card")
    assert keys.point(game, "waste") == (-1, None)  # empty: nothing to say
    assert keys.point(game, "Fh") == (-1, None)


def test_a_pile_reached_says_its_card_its_face_down_count_or_that_it_is_empty():
    """What a sighted player sees at a glance: the face-down cards of a column, the
    stock's size; an empty pile says so (the last text stayed in the status line)."""
    game, keys = Game.from_code(DEAL), Keys()
    assert keys.said(game, "T7") == "ace of hearts; 6 face-down cards in this column"
    assert keys.said(game, "T2") == "jack of clubs; 1 face-down card in this column"
    assert keys.said(game, "T1") == "ace of diamonds"  # nothing face down
    assert keys.said(game, "stock") == "24 cards in the stock"
    assert keys.said(game, "waste") == keys.said(game, "Fh") == "empty"
    game.play(Move.from_text("T1>F"))
    assert keys.said(game, "T1") == "empty" and keys.said(game, "Fd") == "ace of diamonds"


def test_arrows_go_round_the_piles_and_up_out_of_a_column():
    game, keys = Game.from_code(DEAL), Keys()
    assert keys.arrow(game, "stock", "ArrowLeft") == "T7"  # round the table
    assert keys.arrow(game, "T7", "ArrowRight") == "stock"
    assert keys.arrow(game, "Fh", "ArrowDown") == "T5"
    assert keys.arrow(game, "Fh", "ArrowUp") is None
    # One face-up card: up leaves the column for the pile above it, down does nothing.
    assert keys.arrow(game, "T7", "ArrowUp") == "Fc"
    assert keys.arrow(game, "T7", "ArrowDown") is None


def test_enter_picks_then_puts_down_and_the_same_pile_sends_the_card_home():
    game, keys = Game.from_code(DEAL), Keys()
    said = keys.choose(game, "T7", can_move=True)
    assert said == "ace of hearts selected: choose where it goes, then press Enter"
    assert keys.choose(game, "T7", can_move=True) == Move.from_text("T7>F")
    assert keys.selected is None


def test_a_pick_put_where_it_cannot_go_says_why_and_is_dropped():
    game, keys = Game.from_code(DEAL), Keys()
    keys.choose(game, "T1", can_move=True)  # the ace of diamonds
    said = keys.choose(game, "T4", can_move=True)
    assert isinstance(said, str) and said  # the refusal's words, not a move
    assert keys.selected is None
    assert keys.choose(game, "T2", can_move=False) == "There is no card to move here"


def test_escape_drops_the_pick_and_a_new_deal_resets_everything():
    game, keys = Game.from_code(DEAL), Keys()
    assert keys.cancel() is None  # nothing to drop
    keys.choose(game, "T7", can_move=True)
    assert keys.cancel() == "Selection cancelled" and keys.selected is None
    keys.cursor["T7"] = 6
    keys.choose(game, "T7", can_move=True)
    keys.reset()
    assert keys.selected is None and keys.cursor == {}
