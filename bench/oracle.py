"""Our solver's answers beside an independent solver's (a benchmark, not a test).

Klondike-Solver (ShootMe's C++ solver; the ``pyksolve`` package on PyPI wraps it) looks
for a win, up to ``--states`` closed states (its fast search, then, for a deal that one
did not win, its search for the fewest moves, which alone proves a deal impossible), and
says solved, impossible or "could not complete". This deals each deal as this project deals it (the
tableau and the stock, its next card first), hands it to Klondike-Solver in draw
``--draw``, and prints how many deals got each answer. With ``--results``, a file of
``bench/solver.py --results`` (a JSON line per deal: draw, deal, answer, nodes, seconds), it
also prints, for the deals both searched, where the answers agree, where they differ (a
bug in one of them, or rules that differ), and the deals each one decided that the other
did not.

Klondike-Solver is not part of the game or its tests: install it in a virtual environment
of its own and run this script with that environment's Python (the script needs only the
standard library and ``klondike/``):

    python3 -m venv /tmp/ks && /tmp/ks/bin/pip install pyksolve
    /tmp/ks/bin/python bench/oracle.py --draw 3 --deals 0:1000 --states 1000000 \\
        [--results r.jsonl]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from klondike import Game, GameCode  # noqa: E402
from klondike.solver import LOST, UNKNOWN, WON  # noqa: E402

# Klondike-Solver's answers as ours (SolveResult's names).
ANSWERS = {"SolvedMinimal": WON, "SolvedMayNotBeMinimal": WON, "Impossible": LOST,
           "CouldNotComplete": UNKNOWN}
SUITS = {"c": 1, "d": 2, "h": 3, "s": 4}  # its suit numbers


def card_text(card) -> str:
    """A card in Klondike-Solver's text: two digits of rank, one of suit ("012" is 2 of
    clubs)."""
    return f"{card.rank:02d}{SUITS[card.suit]}"


def deal_text(game: Game) -> str:
    """The deal as Klondike-Solver reads it: the tableau row by row (each row from the
    first column that reaches it), then the stock, its next card first."""
    columns = [[*column.down, *column.up] for column in game.tableau]
    cards = [column[row] for row in range(7) for column in columns[row:]]
    return "".join(card_text(card) for card in [*cards, *game.stock])


def search(number: int, draw: int, states: int) -> tuple[str, float]:
    from pyksolve import solver  # only here: the rest of the script runs without it

    kso = solver.Solitaire()
    if not kso.load_solitaire(deal_text(Game(GameCode(number, draw, "N")))):
        raise ValueError(f"Klondike-Solver did not take deal {number}")
    start = time.process_time()
    answer = UNKNOWN
    # Its fast search finds most wins in a fraction of the time; only the search for
    # the fewest moves, which goes through every state, proves a deal impossible.
    for how in (kso.solve_fast, kso.solve_minimal):
        kso.reset_game(draw)
        answer = ANSWERS[how(max_closed_count=states).name]
        if answer != UNKNOWN:
            break
    return answer, time.process_time() - start


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--draw", type=int, default=3, choices=(1, 3))
    p.add_argument("--deals", default="0:100", help="first:end, as bench/solver.py")
    p.add_argument("--states", type=int, default=1_000_000, help="closed states per deal")
    p.add_argument("--results", help="our answers: a --results file of bench/solver.py")
    args = p.parse_args()
    first, end = map(int, args.deals.split(":"))
    ours = {}
    if args.results:
        for line in Path(args.results).read_text().splitlines():
            draw, number, result, nodes, _ = json.loads(line)
            if draw == args.draw:
                ours[number] = (result, nodes)
    theirs, seconds = {}, []
    for number in range(first, end):
        theirs[number], took = search(number, args.draw, args.states)
        seconds.append(took)
    counts = Counter(theirs.values())
    print(f"Klondike-Solver, draw {args.draw}, deals {first}-{end - 1}, at most "
          f"{args.states:,} closed states: {counts[WON]} won, {counts[LOST]} lost, "
          f"{counts[UNKNOWN]} not complete; {sum(seconds):.0f} s of CPU, at most "
          f"{max(seconds):.1f} s a deal")
    print(f"not complete: {[n for n, answer in theirs.items() if answer == UNKNOWN]}")
    both = sorted(set(theirs) & set(ours))
    if not both:
        return
    pairs = Counter((ours[n][0], theirs[n]) for n in both)
    decided = [n for n in both if UNKNOWN not in (ours[n][0], theirs[n])]
    differ = [n for n in decided if ours[n][0] != theirs[n]]
    print(f"{len(both)} deals in both: {len(decided) - len(differ)} the same answer, "
          f"{len(differ)} different {differ}")
    for mine, other in sorted(pairs):
        print(f"  ours {mine:7s}  theirs {other:7s}  {pairs[mine, other]:5d}")
    for name, who, other in (("only ours decided", 0, 1), ("only theirs decided", 1, 0)):
        deals = [n for n in both if (ours[n][0], theirs[n])[who] != UNKNOWN
                 and (ours[n][0], theirs[n])[other] == UNKNOWN]
        print(f"{name}: {len(deals)} {deals[:40]}")


if __name__ == "__main__":
    main()
