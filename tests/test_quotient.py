"""Rule 12 of the solver: the depth-first search over classes of positions that differ only
in where the face-up cards lying on other face-up cards lie (klondike/solver/quotient.py)."""

from __future__ import annotations

import random
from collections.abc import Callable

from klondike import Game
from klondike.solver import LOST, UNKNOWN, WON
from klondike.solver.board import BIT, COLUMN_HOME, COLUMN_TO_COLUMN, TALON_TO_COLUMN
from klondike.solver.quotient import PrunedQuotient, Quotient
from klondike.solver.search import Searcher

from .positions import position
from .test_solver import brute_force_wins, random_endgame, replays_to_win


def answer(search: Quotient, budget: int = 100_000) -> tuple[str, int, list[str]]:
    return next(step for step in search.steps(budget) if step is not None)


def test_runs_on_twins_either_way_round_are_one_class() -> None:
    # The 7s on the 8h and the 7c on the 8d, or the other way round: one class, as each
    # run can go onto the other 8 once that 8 is free. The depth-first keys differ.
    one = position(["Qd | 8h 7s", "Jd | 8d 7c"], stock="6h", foundations="5h 6s 7d 6c")
    other = position(["Qd | 8h 7c", "Jd | 8d 7s"], stock="6h", foundations="5h 6s 7d 6c")
    assert Quotient(one).key() == Quotient(other).key()
    assert Searcher(one).key() != Searcher(other).key()
    # A run moved onto a twin leaves the class as it was; a card turned up does not.
    moved = position(["Qd | 8h 7s", "Jd | 8d"], foundations="5h 6s 7d 6c 6h")
    back = position(["Qd | 8h", "Jd | 8d 7s"], foundations="5h 6s 7d 6c 6h")
    turned = position(["Qd 8h 7s", "Jd | 8d"], foundations="5h 6s 7d 6c 6h")
    assert Quotient(moved).key() == Quotient(back).key() != Quotient(turned).key()


def test_a_card_under_a_run_goes_home_once_its_run_goes_onto_the_twin() -> None:
    # The 7s is next on its foundation, under the 6h; the 7c, its twin, is a top. One
    # move of the class: the 6h onto the 7c, then the 7s home.
    game = position(["Kd | 8h 7s 6h", "Jd | 8d 7c"], foundations="6s 5h 6d 6c")
    moves = [moves for _, moves in Quotient(game).moves()]
    assert ((COLUMN_TO_COLUMN, 0, 1, 0, 0), (COLUMN_HOME, 0, -1, 0, 0)) in moves


def test_a_card_goes_onto_the_free_twin_of_a_covered_card_in_one_move() -> None:
    # The 6h fits on the 7s and on the 7c. The 7s has the 6d on it; the 7c, its twin, is
    # a top: the 6h goes onto the 7c, with no run moved first. (Not next on its
    # foundation: safe to go home, it would go there instead, rules 2 and 3.)
    game = position(["Kd | 8h 7s 6d", "Jd | 8d 7c"], stock="6h", foundations="5s 4h 5d 6c")
    moves = [moves for _, moves in Quotient(game).moves() if moves[-1][0] == TALON_TO_COLUMN]
    assert moves == [((TALON_TO_COLUMN, 0, 1, 1, 0),)]  # after one press of the stock


def agrees_with_brute_force(
    searches: Callable[[Game], list[Searcher]], seed: int, endgames: int
) -> None:
    """Each of ``searches(game)`` on ``endgames`` small endgames: a "lost" of the class is
    lost (every position of it is), and each win is a line of the game (its rearrangements
    are moves of it). Many are won, some lost, by the search rather than at its start."""
    rng = random.Random(seed)
    searched = {WON: 0, LOST: 0}
    for _ in range(endgames):
        draw, scoring = rng.choice([(1, "N"), (3, "N"), (1, "V"), (3, "V")])
        game = random_endgame(rng, draw, scoring, left=12, columns_used=rng.randint(2, 4),
                              runs=True)
        wins = brute_force_wins(game)
        for number, search in enumerate(searches(game)):
            result, nodes, moves = answer(search)
            assert result != UNKNOWN
            assert (result == WON) == wins
            if result == WON:
                assert replays_to_win(game, moves)
            if number == 0 and nodes:
                searched[result] += 1
    assert searched[WON] >= 100 and searched[LOST] >= 10


def without_rule_6(search: Searcher) -> Searcher:
    """``search`` never asking rule 6, so that its losses come from the search itself."""
    search.is_dead_remembered = lambda key=None: False  # type: ignore[method-assign]
    return search


def test_the_quotient_search_agrees_with_brute_force_and_its_wins_replay() -> None:
    agrees_with_brute_force(lambda game: [without_rule_6(Quotient(game, chains=False))], 3, 150)


def test_rule_13_agrees_with_brute_force_and_its_wins_replay() -> None:
    # Rule 13: rule 3's moves, known by rule 12's class. Its "lost" is what the portfolio
    # says in draw 1, so it must be a loss of every position of the class: rule 3's part-
    # of-a-run moves leave the class as it was (and would be cut as seen), so a card they
    # would uncover to go home must go home in the same move. Without that move, 4 of 800
    # such endgames won were called lost. Searched without rule 6, with talon chains and
    # without (the first search of rule 8), and with rule 6, remembered by the tableau's
    # class.
    agrees_with_brute_force(
        lambda game: [
            without_rule_6(PrunedQuotient(game)),
            without_rule_6(PrunedQuotient(game, chains=False)),
            PrunedQuotient(game),
        ],
        4,
        200,
    )


def test_rule_12_proves_a_draw_3_loss_in_fewer_nodes_than_the_depth_first_search() -> None:
    # Deal 30216 in draw 3, each search alone.
    game = Game.new(30216, 3)
    assert answer(Quotient(game, chains=False))[:2] == (LOST, 2_365)
    assert answer(Searcher(game, chains=False))[:2] == (LOST, 7_459)  # type: ignore[arg-type]


def test_rule_12_wins_replay_on_deals() -> None:
    for deal in (30016, 30026):
        game = Game.new(deal, 3)
        result, _, moves = answer(Quotient(game, chains=False), 30_000)
        assert result == WON and replays_to_win(game, moves)


def test_rule_6_remembers_an_answer_per_class_for_every_search() -> None:
    # A class is lost if one of its positions is, so every search asks rule 6 by the
    # position's class (rule 12's key), not only the searches that know positions by it.
    # Twins' runs the other way round: two positions, one class, one question.
    one = position(["Qd | 8h 7s", "Jd | 8d 7c"], stock="6h", foundations="5h 6s 7d 6c", draw=3)
    other = position(["Qd | 8h 7c", "Jd | 8d 7s"], stock="6h", foundations="5h 6s 7d 6c", draw=3)
    dead: dict[bytes, bool] = {}
    assert Searcher(one, dead=dead).is_dead_remembered() is Searcher(one).is_dead()
    assert Searcher(other, dead=dead).is_dead_remembered() is Searcher(other).is_dead()
    assert list(dead) == [Quotient(one).key()]


def test_rule_6_remembers_a_draw_1_class_by_its_tableau_whatever_bytes_its_key_holds() -> None:
    # In draw 1 with unlimited passes rule 6 reads the tableau alone (the cards off it, home
    # or in the talon, are all alike to it): its answers go by the column counts of the
    # class key and the set of cards off the tableau. Deal 158: eight talon cards next to
    # each other in the key's order of cards (suit by suit) make a 0xff byte in the key's
    # talon set, where a key cut at a byte would lose what follows (on ten such deals,
    # 3 of 697 questions once met another class's cut key).
    game = Game.new(158, 1)
    quotient, searcher = Quotient(game), Searcher(game)
    key = quotient.key()
    assert b"\xff" in key and searcher.class_key() == key
    on_tableau = sum(BIT[card] for col in quotient.columns for card in col)
    off = ((1 << 52) - 1) ^ on_tableau
    assert quotient.dead_key(key) == key[4:11] + off.to_bytes(7, "little")
    dead: dict[bytes, bool] = {}
    for step in Quotient(game, chains=False, dead=dead).steps(100):
        if step is not None:
            break
    assert dead and all(len(known) == 14 for known in dead)
