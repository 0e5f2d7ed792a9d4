"""The command line of SPEC R10: ``python -m klondike deal|play|solve|stats|daily ...``.

``--json`` prints the state of R10 (for ``solve``: the solver's answer); without it,
text for people.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterator, Sequence
from datetime import date

from . import __version__
from .cards import SUITS
from .codes import BadCode, GameCode
from .daily import daily_code
from .deal import DEALS
from .game import Game
from .moves import IllegalMove
from .scoring import SCORINGS
from .solver import DEFAULT_BUDGET, LOST, UNKNOWN, WON, solve


def board_text(game: Game) -> str:
    """The position as text: a header, the stock row and the seven columns."""
    rules = game.scoring
    score = rules.plain_text(game.score)
    lines = [
        f"{game.code}  draw {game.draw}, {rules.name} scoring  "
        f"{score}  moves {game.moves_made}" + ("  WON" if game.is_won else ""),
    ]
    waste = game.waste
    shown = waste[-3:] if game.draw == 3 else waste[-1:]
    found = "  ".join(
        f"F{s}:{str(game.foundation_top(s)) if game.foundation_top(s) else '--'}" for s in SUITS
    )
    lines.append(
        f"Stock: {len(game.stock):2d}   Waste: {' '.join(map(str, shown)) or '--':8s}"
        f" ({len(waste)})   {found}"
    )
    lines.append("")
    lines.append("  ".join(f"T{i}" for i in range(1, 8)))
    tableau = game.tableau
    depth = max(len(c.down) + len(c.up) for c in tableau)
    for row in range(max(depth, 1)):
        cells = []
        for col in tableau:
            cards = ["##"] * len(col.down) + [str(c) for c in col.up]
            cells.append(cards[row] if row < len(cards) else ("--" if row == 0 else "  "))
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% for the default ``z``)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def _deal_range(text: str) -> range:
    """``A:B`` -> deals A to B-1, as in a Python slice."""
    try:
        first, _, end = text.partition(":")
        deals = range(int(first), int(end))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a deal range A:B") from None
    if not deals or deals.start < 0 or deals.stop > DEALS:
        raise argparse.ArgumentTypeError(f"{text!r} is not a range of deals in 0:{DEALS}")
    return deals


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m klondike", description="Klondike solitaire")
    p.add_argument("--version", action="version", version=f"klondike {__version__}")
    sub = p.add_subparsers(dest="command", required=True)
    d = sub.add_parser("deal", help="show the deal of a game code")
    d.add_argument("code", help="game code such as KL1-D1N-AAAAAAG")
    d.add_argument("--json", action="store_true", help="print the JSON state of SPEC R10")
    pl = sub.add_parser("play", help="play moves from the deal and show the result")
    pl.add_argument("code")
    pl.add_argument("moves", nargs="*", help="move text: S W>T3 W>F T2>F T2>T5 Fh>T4")
    pl.add_argument("--json", action="store_true")
    so = sub.add_parser("solve", help="solve a deal with every card visible")
    so.add_argument("code")
    so.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="search nodes")
    so.add_argument("--json", action="store_true", help='print {"result", "nodes", "moves"}')
    st = sub.add_parser("stats", help="solve a range of deals: the share that can be won")
    st.add_argument("--draw", type=int, choices=(1, 3), default=1)
    st.add_argument("--deals", type=_deal_range, default=range(100), metavar="A:B",
                    help="deals A to B-1 (default 0:100)")
    st.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="search nodes per deal")
    st.add_argument("--scoring", choices=tuple(SCORINGS), default="N",
                    help="scoring letter; V allows one pass through the stock")
    st.add_argument("--jobs", type=int, default=1, help="worker processes")
    da = sub.add_parser("daily", help="the game code of a day's deal (R8)")
    da.add_argument("date", type=date.fromisoformat, help="YYYY-MM-DD")
    da.add_argument("--draw", type=int, choices=(1, 3), default=1)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "stats":
        return _stats(args.deals, args.draw, args.scoring, args.budget, args.jobs)
    if args.command == "daily":
        print(daily_code(args.date, args.draw))
        return 0
    try:
        game = Game.from_code(args.code)
    except BadCode as e:
        print(f"bad game code {args.code!r}: {e}", file=sys.stderr)
        return 2
    if args.command == "solve":
        solution = solve(game, args.budget)
        if args.json:
            print(json.dumps(solution._asdict()))
        else:
            print(f"{solution.result} after {solution.nodes} nodes")
            if solution.moves:
                print(" ".join(solution.moves))
        return 0
    if args.command == "play":
        for n, token in enumerate(args.moves, 1):
            try:
                game.play(token)
            except IllegalMove as e:
                print(f"move {n} {token!r} is illegal: {e}", file=sys.stderr)
                return 1
    if args.json:
        print(json.dumps(game.state()))
    else:
        print(board_text(game))
    return 0


def _solve_deal(job: tuple[int, int, str, int]) -> str:
    number, draw, scoring, budget = job
    return solve(Game(GameCode(number, draw, scoring)), budget).result


def _results(work: list[tuple[int, int, str, int]], jobs: int) -> Iterator[str]:
    """The solver's results in deal order, from ``jobs`` worker processes."""
    if jobs <= 1:
        yield from map(_solve_deal, work)
        return
    from multiprocessing import Pool  # here: the rest of the package also runs in Pyodide

    with Pool(jobs) as pool:
        yield from pool.imap(_solve_deal, work)


def _stats(deals: range, draw: int, scoring: str, budget: int, jobs: int) -> int:
    """Solve every deal of ``deals`` and report the winnable share, with a progress bar
    on stderr. Unknowns (budget spent) bound the share from both sides."""
    counts = {WON: 0, LOST: 0, UNKNOWN: 0}
    work = [(number, draw, scoring, budget) for number in deals]
    for done, result in enumerate(_results(work, jobs), 1):
        counts[result] += 1
        bar = "#" * (30 * done // len(work))
        print(
            f"\r[{bar:30s}] {done}/{len(work)}  won {counts[WON]}  lost {counts[LOST]}"
            f"  unknown {counts[UNKNOWN]}",
            end="",
            file=sys.stderr,
            flush=True,
        )
    print(file=sys.stderr)
    n = len(work)
    print(
        f"draw {draw}, {SCORINGS[scoring].name} scoring, deals {deals.start}:{deals.stop}"
        f" ({n}), budget {budget} nodes"
    )
    print(f"won {counts[WON]}, lost {counts[LOST]}, unknown {counts[UNKNOWN]}")
    for label, won in (("lost", counts[WON]), ("won", counts[WON] + counts[UNKNOWN])):
        low, high = wilson_interval(won, n)
        print(
            f"winnable {100 * won / n:.2f}% (95% Wilson interval {100 * low:.2f}%"
            f" to {100 * high:.2f}%), unknowns counted as {label}"
        )
    return 0
