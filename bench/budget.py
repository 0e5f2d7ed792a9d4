"""Which indicator budget makes "not sure" rare (a benchmark, not a test).

Takes a ``--results`` file of ``bench/solver.py`` (a JSON line per deal: draw, deal,
answer, nodes, CPU seconds), searches again, at ``--budget`` nodes, each deal it left
unknown, a fresh process per deal so each one's peak memory is its own, and prints a line
per deal as it ends (answer, nodes, CPU seconds, peak resident memory), then how many deals
of the whole file are still unknown at each rung of the ladder below the budget and at the
budget. The search is deterministic: a deal decided after n nodes is decided after n nodes
at any budget of n or more, so the file's decided deals stand.

    python3 bench/solver.py --deals 0:1000 --draw 3 --budget 100000 --results r.jsonl
    python3 bench/budget.py r.jsonl --budget 3000000 [--jobs 2]

Target (issue 23): "not sure" for at most 1% of fresh draw-3 deals at the budget chosen.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from klondike import Game, GameCode  # noqa: E402
from klondike.solver import UNKNOWN, solve  # noqa: E402

RUNGS = (100_000, 250_000, 500_000, 1_000_000, 2_000_000, 3_000_000, 5_000_000, 10_000_000)


def run(job: tuple[int, int, str, int]) -> tuple[int, int, str, int, float, float]:
    draw, number, scoring, budget = job
    game = Game(GameCode(number, draw, scoring))
    start = time.process_time()
    solution = solve(game, budget)
    seconds = time.process_time() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    return draw, number, solution.result, solution.nodes, seconds, peak


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("results", help="a --results file of bench/solver.py")
    p.add_argument("--budget", type=int, default=3_000_000, help="nodes per deal")
    p.add_argument("--scoring", default="N")
    p.add_argument("--jobs", type=int, default=2, help="worker processes (the machine has 2)")
    args = p.parse_args()
    rows = [json.loads(line) for line in Path(args.results).read_text().splitlines()]
    nodes = {(draw, number): (result, n) for draw, number, result, n, _ in rows}
    again = [(d, n, args.scoring, args.budget) for (d, n), (r, _) in nodes.items() if r == UNKNOWN]
    print(f"{len(rows)} deals in {args.results}, {len(again)} unknown there; each again at "
          f"{args.budget:,} nodes, a process each", flush=True)
    with multiprocessing.Pool(args.jobs, maxtasksperchild=1) as pool:
        for draw, number, result, n, seconds, peak in pool.imap_unordered(run, again):
            nodes[draw, number] = (result, n)
            print(f"  draw {draw} deal {number}: {result} after {n:,} nodes, {seconds:.0f} s, "
                  f"peak {peak:.0f} MiB", flush=True)
    for draw in sorted({d for d, _ in nodes}):
        deals = [v for (d, _), v in nodes.items() if d == draw]
        counts = []
        for rung in [r for r in RUNGS if r < args.budget] + [args.budget]:
            unknown = sum(r == UNKNOWN or n > rung for r, n in deals)
            counts.append(f"{rung:,}: {unknown} ({100 * unknown / len(deals):.1f}%)")
        print(f"draw {draw}, {len(deals)} deals, unknown within " + ", ".join(counts))


if __name__ == "__main__":
    main()
