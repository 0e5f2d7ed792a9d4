"""A position as one line of text (like a FEN): klondike.position's write() and read(), and
Game.position() and Game.from_position() that call them, round-trip any position of play
(R1.1 cards, R2.8 the waste's fan, R3 the score, R2.9 the recycles, R7 draw and scoring
letters), and refuse text that is no position, naming why."""

import doctest
import random

import pytest

import klondike.game
import klondike.position
from klondike import BadPosition, Card, Column, Game, GameCode, IllegalMove
from klondike.position import Setup, read, write
from klondike.scoring import SCORINGS
from klondike.solver import solve

DEAL_0 = ("D1N 8c/Jd|Ts/9s3h|8s/2cAsQc|3d/2hJsKd5s|4c/Qh7s5dAdTh|8d/6c9d2s6s5h8h|Ah "
          "QdTcQsJh3c4h2d9h3sKhAc7c9c7hJc6dKc4s7d5c6h4dKsTd - 0,0,0,0 0 0")


def playout(number: int, rng: random.Random, steps: int) -> Game:
    """Deal ``number``, draws and scorings in turn, after up to ``steps`` random moves."""
    game = Game(GameCode(number, 1 + 2 * (number % 2), "NSVX"[number // 2 % 4]))
    for _ in range(steps):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(rng.choice(legal))
    return game


def assert_same_position(rebuilt: Game, game: Game) -> None:
    assert rebuilt.position() == game.position()
    state, expected = rebuilt.state(), game.state()
    for key in ("code", "moves"):  # the only two that tell how the game came about
        del state[key], expected[key]
    assert state == expected
    assert rebuilt.legal_moves() == game.legal_moves()
    assert rebuilt.waste_fan == game.waste_fan
    assert (rebuilt.draw, rebuilt.scoring, rebuilt.can_recycle, rebuilt.all_face_up) == (
        game.draw, game.scoring, game.can_recycle, game.all_face_up)
    assert [rebuilt.score_at(s) for s in (0, 29, 95, 3600)] == [
        game.score_at(s) for s in (0, 29, 95, 3600)]


def assert_setup_of(setup: Setup, game: Game) -> None:
    """The parts read from a game's text are the game's, by the names of its properties."""
    shown = game.score if game.score is not None else setup.score  # X shows no score (R3)
    assert setup == (game.draw, game.scoring, game.tableau, game.stock, game.waste,
                     game.waste_fan, game.foundations, shown, game.recycles)


def test_R10_a_dealt_game_reads_as_its_deal_in_the_position_text():
    # R1 test vector of deal 0, next stock card first, nothing on the waste or foundations.
    assert Game.new(0).position() == DEAL_0
    assert Game.new(6, 3, "V").position().startswith("D3V Ad/")


def test_R10_the_position_round_trips_after_random_playouts_in_every_mode():
    rng = random.Random(20240601)
    modes = set()
    for number in range(200):
        game = playout(number, rng, rng.randint(0, 150))
        modes.add((game.draw, game.scoring.letter))
        text = game.position()
        assert_setup_of(read(text), game)
        assert write(read(text)) == text
        rebuilt = Game.from_position(text)
        assert rebuilt.moves_made == 0 and rebuilt.history == ()
        assert_same_position(rebuilt, game)
        # Both go on alike; what is played after the position undoes back to it.
        for _ in range(rng.randint(1, 20)):
            legal = game.legal_moves()
            if not legal:
                break
            move = rng.choice(legal)
            game.play(move)
            rebuilt.play(move)
            assert_same_position(rebuilt, game)
        while rebuilt.moves_made:
            rebuilt.undo()
        assert rebuilt.position() == text
    assert len(modes) == 8  # draw 1 and 3, scorings N S V X


FANNED = "D3N Kh/-/-/-/-/-/- Qh KdJcKc|QdJhQc 13,10,11,10 0 0"


def test_R2_8_the_fan_of_a_draw_3_waste_round_trips_and_shrinks_as_cards_leave():
    rng = random.Random(8)
    fans = set()
    for number in range(1, 120, 2):  # draw 3
        game = playout(number, rng, rng.randint(1, 60))
        rebuilt = Game.from_position(game.position())
        fans.add(game.waste_fan)
        assert rebuilt.waste_fan == game.waste_fan
        waste = game.position().split()[3]
        shown = waste.partition("|")[2] if game.waste else ""
        assert len(shown) == 2 * game.waste_fan and (waste == "-") == (not game.waste)
    assert fans == {0, 1, 2, 3}
    game = Game.from_position(FANNED)
    assert game.waste_fan == 3
    game.play("W>T1")  # the Qc to the Kh
    game.play("W>F")  # the Jh home
    assert game.waste_fan == 1 and game.position().split()[3] == "KdJcKc|Qd"
    game.undo()
    assert game.waste_fan == 2
    game.undo()
    assert game.waste_fan == 3 and game.position() == FANNED


def test_R2_8_without_a_bar_only_the_top_card_of_the_waste_shows():
    game = Game.from_position(FANNED.replace("|", ""))
    assert game.waste_fan == 1 and game.position().split()[3] == "KdJcKcQdJh|Qc"


def test_R10_the_documented_examples_hold():
    result = doctest.testmod(klondike.game)
    assert result.attempted >= 10 and result.failed == 0
    result = doctest.testmod(klondike.position)
    assert result.attempted >= 5 and result.failed == 0


def test_R4_a_set_up_game_has_no_history_and_nothing_to_undo():
    game = Game.from_position(DEAL_0)
    assert (game.moves_made, game.history, game.code) == (0, (), "KL1-D1N-AAAAAAA")
    with pytest.raises(IllegalMove, match="There is nothing to undo"):
        game.undo()
    game.play("S")
    assert str(game.undo()) == "S" and game.position() == DEAL_0


def test_R3_the_score_is_the_points_of_the_moves_and_standard_time_still_counts():
    won = "D1S -/-/-/-/-/-/- - - 13,13,13,13 600 2"
    game = Game.from_position(won)
    assert game.is_won and game.score == 600
    assert game.score_at(100) == 600 - 20 + 7000  # R3.2 time penalty and bonus
    assert Game.from_position("D1V -/-/-/-/-/-/- - - 13,13,13,13 208 0").score == 208
    assert Game.from_position("D1X -/-/-/-/-/-/- - - 13,13,13,13 0 5").score is None


def test_R9_a_set_up_game_refuses_to_be_saved_as_a_deal():
    game = Game.from_position(DEAL_0)
    for refusing in (game, game.copy()):
        with pytest.raises(ValueError, match="a game set up from a position has no deal to save"):
            refusing.to_json()
    dealt = Game.new(0)
    assert Game.from_json(dealt.to_json()).position() == DEAL_0  # a dealt game still saves


def test_copy_of_a_set_up_game_keeps_its_position_and_fan():
    game = Game.from_position(FANNED)
    other = game.copy()
    other.play("W>T1")
    assert other.waste_fan == 2 and game.waste_fan == 3 and game.position() == FANNED
    assert other.copy().position() == other.position() != FANNED


def test_R10_letter_case_and_runs_of_spaces_are_read_the_same():
    text = DEAL_0.lower().replace("d1n", "D1n").replace(" ", "   ")
    assert Game.from_position("  " + text + "\n").position() == DEAL_0
    assert write(read("  " + text + "\n")) == DEAL_0


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.from_text(text[k:k + 2]) for k in range(0, len(text), 2))


def test_R10_the_parts_of_a_position_write_as_its_text_and_read_back():
    empty = Column((), ())
    setup = Setup(draw=3, scoring=SCORINGS["N"],
                  tableau=(Column((), cards("KhQc")), *[empty] * 6),
                  stock=cards("Qh"), waste=cards("KdJcKcJhQd"), waste_fan=2,
                  foundations={"s": 13, "h": 10, "d": 11, "c": 10}, score=0, recycles=0)
    text = write(setup)
    assert text == "D3N KhQc/-/-/-/-/-/- Qh KdJcKc|JhQd 13,10,11,10 0 0"
    assert read(text) == setup
    game = Game.from_position(text)
    assert game.position() == text and game.waste_fan == 2 and game.tableau == setup.tableau


def test_R3_the_score_field_is_kept_under_a_scoring_that_shows_none():
    text = "D1X -/-/-/-/-/-/- - - 13,13,13,13 35 4"
    assert read(text).score == 35
    game = Game.from_position(text)
    assert game.score is None and game.position() == text


def test_R8_the_solver_answers_alike_on_a_position_and_on_its_rebuilt_game():
    rng = random.Random(3)
    for number in (0, 1, 5, 12, 21):
        game = playout(number, rng, 25)
        rebuilt = Game.from_position(game.position())
        assert solve(rebuilt, budget=800) == solve(game, budget=800)
    near_end = Game.from_position("D3N Kc|Qd/Kh/-/-/-/-/- Kd Qh 13,11,11,12 400 1")
    solution = solve(near_end, budget=1_000)
    assert solution.result == "won"
    assert solve(Game.from_position(near_end.position()), budget=1_000) == solution


def base(field: int, text: str) -> str:
    """DEAL_0 with one field (0-6) replaced."""
    fields = DEAL_0.split()
    fields[field] = text
    return " ".join(fields)


TABLEAU = DEAL_0.split()[1]
STOCK = DEAL_0.split()[2]
WASTE_3 = "D3N " + TABLEAU + " " + STOCK[6:] + " |QdTcQs 0,0,0,0 0 0"  # after one draw 3


@pytest.mark.parametrize("text, message", [
    ("", "A position has 7 fields separated by spaces, not 0"),
    (DEAL_0 + " 0", "A position has 7 fields separated by spaces, not 8"),
    (base(0, "D2N"), "mode part 'D2N' must be D1 or D3 and a scoring letter, like D1N"),
    (base(0, "D1"), "mode part 'D1' must be D1 or D3 and a scoring letter, like D1N"),
    (base(0, "D1Q"), "unknown scoring letter 'Q' (use N, S, V or X)"),
    (base(1, TABLEAU.rpartition("/")[0]), "The tableau has 7 columns separated by '/', not 6"),
    (base(1, TABLEAU.replace("8c", "8x")),
     "Not a card: '8x' (a card is a rank of A23456789TJQK and a suit of shdc, like Ts)"),
    (base(1, TABLEAU.replace("8c", "10c")),
     "Not a card: '10' (a card is a rank of A23456789TJQK and a suit of shdc, like Ts)"),
    (base(2, STOCK + "T"),
     "Not a card: 'T' (a card is a rank of A23456789TJQK and a suit of shdc, like Ts)"),
    (base(1, TABLEAU.replace("Jd|Ts", "JdTs|")), "Column 2 has no face-up card"),
    (base(1, TABLEAU.replace("Jd|Ts", "JdTs|-")), "Column 2 has no face-up card"),
    (base(1, TABLEAU.replace("9s3h|8s", "9s3h8s")),
     "The 3 of hearts can go only on a black 4, not on the 9 of spades"),
    (base(2, STOCK + "8c"), "Cards given more than once: 8c"),
    (base(2, STOCK[:-2]), "Cards missing from the position: Td"),
    (base(2, STOCK[:-2] + "Ts"), "Cards given more than once: Ts"),
    (base(4, "1,0,0,2"), "Cards given more than once: As Ac 2c"),
    (base(4, "14,0,0,0"),
     "The foundations are 4 counts from 0 to 13 in the order s h d c, like 3,0,13,0, not "
     "14,0,0,0"),
    (base(4, "0,0,0"),
     "The foundations are 4 counts from 0 to 13 in the order s h d c, like 3,0,13,0, not "
     "0,0,0"),
    (base(5, "1e3"), "The score must be a whole number, not 1e3"),
    (base(5, "-5"), "The score -5 is below the lowest that Normal scoring allows, 0"),
    (base(6, "-1"), "The recycles must be a whole number, 0 or more, not -1"),
    (base(6, "x"), "The recycles must be a whole number, 0 or more, not x"),
    (base(0, "D3V").replace(" 0 0", " -52 1"), "Vegas scoring allows at most 0 recycles, not 1"),
    (WASTE_3.replace("D3N", "D1N"),
     "The waste fans 3 cards after its '|'; in draw 1 it fans at least 1 and at most 1"),
    (WASTE_3.replace("|QdTcQs", "QdTcQs|"),
     "The waste fans 0 cards after its '|'; in draw 3 it fans at least 1 and at most 3"),
])
def test_R10_text_that_is_no_position_is_refused_naming_what_is_wrong(text, message):
    for reading in (Game.from_position, read):
        with pytest.raises(BadPosition) as refused:
            reading(text)
        assert str(refused.value) == message
        assert isinstance(refused.value, ValueError)


def test_R10_the_examples_the_refusals_start_from_are_positions():
    assert Game.from_position(WASTE_3).position() == WASTE_3
    assert Game.from_position(base(0, "D3V").replace(" 0 0", " -52 0")).score == -52


def test_partial_positions_may_leave_cards_out_but_never_give_one_twice():
    game = Game.from_position("D1N 8s/-/-/-/-/-/- - 7h 0,0,0,0 0 0", partial=True)
    assert [str(m) for m in game.legal_moves()] == ["S", "W>T1"]
    with pytest.raises(BadPosition, match="Cards missing from the position: As 2s"):
        Game.from_position("D1N 8s/-/-/-/-/-/- - 7h 0,0,0,0 0 0")
    with pytest.raises(BadPosition, match="Cards given more than once: 7h"):
        Game.from_position("D1N 8s/-/-/-/-/-/- - 7h 0,7,0,0 0 0", partial=True)
    # Face-up cards need not be a run either, and the text reads back as it was.
    made_up = "D1N 8s|7h8d/-/-/-/-/-/- - - 0,0,0,0 0 0"
    with pytest.raises(BadPosition, match="The 8 of diamonds can go only on a black 9"):
        read(made_up)
    assert write(read(made_up, partial=True)) == made_up
    assert Game.from_position(made_up, partial=True).position() == made_up
