"""Where a solve's nodes go: each search of the portfolio's own turns (a benchmark's tool,
not a test).

For each deal it prints the answer, the nodes, the search whose step gave it, and the
turns each search took, most first. A turn is one call of ``next`` on a search by the
portfolio (rules 8-14 of :mod:`klondike.solver`): a node of that search, or its last word
(a win, a loss, or having run out). Searches are named by what they are: "rule 12"
(``Quotient``), "rule 13" (``PrunedQuotient``), "rule 8" (``Searcher``), then their
method (``steps``: depth-first; ``best_first``, with its ``eager`` and ``from_talon``;
``beam``), and "rule 9 relaxed", "rule 10 restarts", "rule 14 beams" for the searches that
run others in turn. Counted in node counts, which do not depend on the machine. (Where
the talon is one set, rule 12's first ``QUICK`` nodes come before the round, and are not
turns.)

    python3 bench/solver_split.py --draw 3 --deals 30000:30300 [--over 2000] [--budget N]

Only deals that take more than ``--over`` nodes are printed (the others are counted).
Read it to see whether a slow deal waits for one search or for the round: the slow
draw-3 losses, for one, spend almost all their nodes in rule 12's search.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path
from types import GeneratorType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from klondike import Game  # noqa: E402
from klondike.solver import DEFAULT_BUDGET, portfolio  # noqa: E402

_WRAPPERS = {  # the portfolio's generators that run other searches
    "_losses_only": "rule 9 relaxed",
    "restarts": "rule 10 restarts",
    "beams": "rule 14 beams",
}
_RULES = {"Quotient": "rule 12", "PrunedQuotient": "rule 13", "Searcher": "rule 8"}


def name(generator: GeneratorType[Any, None, None]) -> str:
    """What a search of the portfolio is, read from its generator's frame."""
    method = generator.__name__
    kind = _WRAPPERS.get(method)
    if kind:
        return kind
    frame = generator.gi_frame
    search = frame.f_locals.get("search") if frame else None
    if search is None:
        return method
    text = f"{_RULES.get(type(search).__name__, type(search).__name__)} {method}"
    if method != "steps":
        flags = [flag for flag, on in (("eager", getattr(search, "eager", False)),
                                       ("from talon", getattr(search, "eager_talon", False)))
                 if on]
        text += f" ({', '.join(flags) or 'safe moves only'})"
    if not search.chains and search.talon_is_set:
        text += ", no talon chains"
    return text


class Turns:
    """Counts the portfolio's turns per search while installed as its ``next``."""

    def __init__(self) -> None:
        self.turns: collections.Counter[str] = collections.Counter()
        self.last = ""  # the search whose step was the last answer
        self.names: dict[int, str] = {}

    def __call__(self, generator: GeneratorType[Any, None, None], default: Any = None) -> Any:
        step = next(generator, default)
        key = id(generator)
        if key not in self.names:  # named after its first step: its flags are set then
            self.names[key] = name(generator)
        self.turns[self.names[key]] += 1
        if step is not None and step is not default:
            self.last = self.names[key]
        return step


def split(number: int, draw: int, budget: int) -> tuple[Any, Turns, float]:
    """One solve, with the portfolio's turns counted per search, and its CPU time."""
    turns = Turns()
    vars(portfolio)["next"] = turns  # the module's global, found before the builtin
    try:
        start = time.process_time()
        solution = portfolio.solve(Game.new(number, draw), budget)
        return solution, turns, time.process_time() - start
    finally:
        del vars(portfolio)["next"]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", default="30000:30300", help="deals A to B-1")
    p.add_argument("--draw", type=int, choices=(1, 3), default=3)
    p.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="nodes per deal")
    p.add_argument("--over", type=int, default=2_000, help="print deals over this many nodes")
    args = p.parse_args()
    first, _, end = args.deals.partition(":")
    quick = 0
    for number in range(int(first), int(end)):
        solution, turns, seconds = split(number, args.draw, args.budget)
        if solution.nodes <= args.over:
            quick += 1
            continue
        shares = ", ".join(f"{search} {n:,}" for search, n in turns.turns.most_common())
        by = f" by {turns.last}" if solution.result != "unknown" else ""
        print(f"draw {args.draw} deal {number}: {solution.result} after {solution.nodes:,} "
              f"nodes ({seconds:.2f} s of CPU){by}; turns: {shares}", flush=True)
    print(f"{quick} of deals {args.deals} took at most {args.over:,} nodes (not shown)")


if __name__ == "__main__":
    main()
