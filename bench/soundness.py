"""The solver's answers against a search of every legal move, on many random endgames (a
check at scale, not a timed benchmark).

The tests do this on a few hundred small endgames (tests/test_solver.py,
tests/test_quotient.py). This runs as many as asked, bigger ones too, through the whole
portfolio (:func:`klondike.solver.solve`, every rule): a "lost" must be lost, a "won" must
be won, and each winning line must replay to a win through :class:`Game`. An endgame is
``random_endgame``'s of tests/test_solver.py: ``--left`` cards off the foundations, in 2 to
``--columns`` columns, draw 1 or 3, Normal or Vegas, ending in face-up runs 70% of the
time. The search of every legal move gives up on an endgame past ``--limit`` positions
("too big", not counted against the solver).

    python3 bench/soundness.py [--seed 11] [--endgames 600] [--left 14] [--columns 5]

It prints each disagreement as it finds it, then one line of counts; it exits with 1 if
there was any.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from klondike.solver import LOST, UNKNOWN, WON, solve  # noqa: E402
from tests.test_solver import brute_force_wins, random_endgame, replays_to_win  # noqa: E402


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=11, help="endgame k is made by seed * 100000 + k")
    p.add_argument("--endgames", type=int, default=600)
    p.add_argument("--left", type=int, default=14, help="cards off the foundations")
    p.add_argument("--columns", type=int, default=5, help="the most columns dealt to")
    p.add_argument("--budget", type=int, default=200_000, help="the solver's nodes")
    p.add_argument("--limit", type=int, default=300_000,
                   help="the most positions the search of every move keeps")
    args = p.parse_args()
    counts = {WON: 0, LOST: 0, UNKNOWN: 0, "too big": 0}
    wrong = 0
    start = time.process_time()
    for k in range(args.endgames):
        rng = random.Random(args.seed * 100_000 + k)
        draw, scoring = rng.choice([(1, "N"), (3, "N"), (1, "V"), (3, "V")])
        game = random_endgame(rng, draw, scoring, left=args.left,
                              columns_used=rng.randint(2, args.columns), runs=rng.random() < 0.7)
        solution = solve(game, args.budget)
        if solution.result == UNKNOWN:
            counts[UNKNOWN] += 1
            continue
        wins = brute_force_wins(game, args.limit)
        if wins is None:
            counts["too big"] += 1
            continue
        counts[solution.result] += 1
        if (solution.result == WON) != wins:
            said = f"the solver says {solution.result}, every move {'wins' if wins else 'loses'}"
        elif solution.result == WON and not replays_to_win(game, solution.moves):
            said = "the solver's winning line does not win"
        else:
            continue
        wrong += 1
        print(f"endgame {k} (draw {draw}, {scoring}): {said}", flush=True)
    print(f"seed {args.seed}, {args.left} cards left in 2-{args.columns} columns, "
          f"{args.endgames} endgames: {counts[WON]} won, {counts[LOST]} lost, "
          f"{counts[UNKNOWN]} undecided within {args.budget:,} nodes, {counts['too big']} too "
          f"big to check; {wrong} wrong ({time.process_time() - start:.0f} s of CPU)")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
