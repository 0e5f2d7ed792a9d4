"""Solver figures in CPython over consecutive deals (a benchmark, not a test).

For draw 1 and draw 3 it prints the share of deals decided (won or lost) within 10k,
100k and 1M nodes (those up to ``--budget``), the share decided within one second, the
winnable share as 95% Wilson intervals (unknowns counted as lost, then as won), nodes per
second, and the median and 95th percentile of the time per deal. Times are the worker
process's CPU time, so that other work on a shared machine does not inflate them. Each
winning line is replayed through :class:`Game` (not timed): one that does not win stops
the run.

Targets (solver issue): at least 95% of draw-1 and 90% of draw-3 deals decided within one
second each. Published winnable shares (Blake & Gent 2019, take-backs allowed): 90.45%
in draw 1, 81.94% in draw 3.

    python3 bench/solver.py [--deals 0:1000] [--draw 1 3] [--budget 1000000] [--jobs 2]

``--baseline DIR`` runs the same deals with the solver of another checkout too (for one,
``git worktree add DIR COMMIT``), one worker each, side by side, and prints its row, how
many deals got the same answer after the same nodes, and the ratio of CPU times: a speed
change measured under the same conditions. ``--results FILE`` writes each deal's answer,
nodes and CPU time as JSON lines, to look into afterwards (with ``--baseline``, the
baseline's go to FILE.baseline).

The machine's own speed is printed too (bench/machine.py): a fixed loop of plain Python,
which does not depend on the solver, timed in CPU every few seconds during the run. A
deal's CPU time varies with it from run to run; so times from runs that were not side by
side compare only as far as these figures agree. The loop takes some 45 ms every 5 s,
about 1% of a core beside the workers.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import statistics
import sys
import time
from datetime import date
from pathlib import Path

# The checkout whose solver runs: this one, or --baseline's in the workers started for it.
ROOT = os.environ.get("KLONDIKE_BENCH_ROOT", str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, ROOT)

from machine import MachineSpeed  # noqa: E402  (bench/machine.py)

from klondike import Game, GameCode  # noqa: E402
from klondike.cli import wilson_interval  # noqa: E402
from klondike.solver import LOST, UNKNOWN, WON, solve  # noqa: E402

LADDER = (10_000, 100_000, 1_000_000)


def rungs(budget: int) -> list[int]:
    """The node counts to report the decided share at: the ladder's up to the budget."""
    return [rung for rung in LADDER if rung <= budget] or [budget]


def run(job: tuple[int, int, str, int]) -> tuple[str, int, float]:
    number, draw, scoring, budget = job
    game = Game(GameCode(number, draw, scoring))
    start = time.process_time()
    solution = solve(game, budget)
    took = time.process_time() - start
    if solution.result == WON:  # the winning line, replayed by the rules, must win
        for move in solution.moves:
            game.play(move)
        if not game.is_won:
            raise AssertionError(f"deal {number}, draw {draw}: the winning line does not win")
    return solution.result, solution.nodes, took


def report(draw: int, deals: range, budget: int, results: list[tuple[str, int, float]]) -> str:
    n = len(results)
    won = sum(r == WON for r, _, _ in results)
    lost = sum(r == LOST for r, _, _ in results)
    unknown = n - won - lost
    times = sorted(t for _, _, t in results)
    decided = [(nodes, t) for r, nodes, t in results if r != UNKNOWN]
    within = [
        f"{100 * sum(nodes <= rung for nodes, _ in decided) / n:.1f}%" for rung in rungs(budget)
    ]
    in_a_second = sum(t < 1.0 for _, t in decided) / n
    low_lost = wilson_interval(won, n)
    low_won = wilson_interval(won + unknown, n)
    rate = sum(nodes for _, nodes, _ in results) / sum(times)
    return (
        f"| {draw} | {deals.start}:{deals.stop} | {won} / {lost} / {unknown} | "
        + " | ".join(within)
        + f" | {100 * in_a_second:.1f}% "
        f"| {100 * won / n:.2f}% ({100 * low_lost[0]:.2f}-{100 * low_lost[1]:.2f}) "
        f"| {100 * (won + unknown) / n:.2f}% ({100 * low_won[0]:.2f}-{100 * low_won[1]:.2f}) "
        f"| {rate:,.0f} | {statistics.median(times):.3f} s "
        f"| {times[int(0.95 * (n - 1))]:.2f} s |"
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", default="0:1000", help="deals A to B-1")
    p.add_argument("--draw", type=int, nargs="+", choices=(1, 3), default=[1, 3])
    p.add_argument("--budget", type=int, default=LADDER[-1], help="nodes per deal")
    p.add_argument("--scoring", default="N")
    p.add_argument("--jobs", type=int, default=2, help="worker processes (the machine has 2)")
    p.add_argument("--baseline", help="another checkout's directory, to compare with")
    p.add_argument("--results", help="a file for each deal's answer, nodes and time")
    args = p.parse_args()
    first, _, end = args.deals.partition(":")
    deals = range(int(first), int(end))
    within = [
        f"<= {rung // 1000 if rung % 1000 == 0 else rung / 1000}k nodes"
        for rung in rungs(args.budget)
    ]
    workers = "1 worker each, side by side" if args.baseline else f"{args.jobs} workers"
    print(
        f"Python {platform.python_version()} on {platform.machine()}, {date.today()}, "
        f"budget {args.budget:,} nodes, {workers}, CPU time per deal"
    )
    print(
        "| draw | deals | won / lost / unknown | decided "
        + " | ".join(within)
        + " | decided < 1 s | winnable, unknown as lost (95% CI) | as won (95% CI) "
        "| nodes/s | median | p95 |"
    )
    print("|---" * (9 + len(within)) + "|")
    if args.baseline:
        speed = MachineSpeed()  # compare's workers are spawned, not forked
        compare(args, deals)
    else:
        with multiprocessing.Pool(args.jobs) as pool:
            speed = MachineSpeed()  # once the workers are forked: a fork copies no thread
            for draw in args.draw:
                jobs = [(number, draw, args.scoring, args.budget) for number in deals]
                results = pool.map(run, jobs, chunksize=1)
                print(report(draw, deals, args.budget, results), flush=True)
                save(args.results, draw, deals, results)
    print(speed.line())


def save(path: str | None, draw: int, deals: range, results: list[tuple]) -> None:
    """Append a JSON line per deal to ``path``: draw, deal, answer, nodes, CPU seconds."""
    if path:
        with open(path, "a", encoding="utf-8") as out:
            for number, result in zip(deals, results, strict=True):
                out.write(json.dumps([draw, number, *result]) + "\n")


def compare(args: argparse.Namespace, deals: range) -> None:
    """This checkout's solver and --baseline's, a worker each, on the same deals."""
    spawn = multiprocessing.get_context("spawn")  # fresh workers import the baseline
    os.environ["KLONDIKE_BENCH_ROOT"] = str(Path(args.baseline).resolve())
    baseline = spawn.Pool(1)
    del os.environ["KLONDIKE_BENCH_ROOT"]
    here = spawn.Pool(1)
    with baseline, here:
        for draw in args.draw:
            jobs = [(number, draw, args.scoring, args.budget) for number in deals]
            ours = here.map_async(run, jobs, chunksize=1)
            theirs = baseline.map_async(run, jobs, chunksize=1)
            mine, old = ours.get(), theirs.get()
            save(args.results, draw, deals, mine)
            save(args.results and args.results + ".baseline", draw, deals, old)
            print(report(draw, deals, args.budget, mine), flush=True)
            row = report(draw, deals, args.budget, old)
            print(row.replace(f"| {draw} |", f"| {draw}, baseline |", 1))
            same = sum(a[:2] == b[:2] for a, b in zip(mine, old, strict=True))
            t_mine, t_old = sum(t for *_, t in mine), sum(t for *_, t in old)
            print(
                f"draw {draw}: the same answer after the same nodes on {same} of {len(jobs)} "
                f"deals; CPU time {t_mine:.1f} s against {t_old:.1f} s at the baseline, "
                f"{t_mine / t_old:.3f} times",
                flush=True,
            )


if __name__ == "__main__":
    main()
