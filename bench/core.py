"""Random-playout throughput of the rules core in CPython (a benchmark, not a test).

Prints play+undo pairs per second and legal_moves() calls per second, over random
playouts of many deals, both draw modes. Target (issue 2): at least 100,000 pairs a second.

    python3 bench/core.py [--deals 200] [--steps 200]
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from klondike import Game, GameCode  # noqa: E402


def playouts(deals: int, steps: int, seed: int) -> list[tuple[GameCode, list]]:
    """Random legal move lists, one per deal (made before timing starts)."""
    rng = random.Random(seed)
    lines = []
    for n in range(deals):
        code = GameCode(n, 1 + 2 * (n % 2), "NSVX"[n % 4])
        game = Game(code)
        for _ in range(steps):
            legal = game.legal_moves()
            if not legal:
                break
            game.play(rng.choice(legal))
        lines.append((code, list(game.history)))
    return lines


def time_play_undo(lines) -> tuple[int, float]:
    games = [(Game(code), moves) for code, moves in lines]
    pairs = 0
    start = time.perf_counter()
    for game, moves in games:
        play, undo = game.play, game.undo
        for move in moves:
            play(move)
        for _ in moves:
            undo()
        pairs += len(moves)
    return pairs, time.perf_counter() - start


def time_legal_moves(lines) -> tuple[int, float]:
    calls = 0
    elapsed = 0.0
    for code, moves in lines:
        game = Game(code)
        legal_moves = game.legal_moves
        start = time.perf_counter()
        for move in moves:
            legal_moves()
            game.play(move)
        elapsed += time.perf_counter() - start
        calls += len(moves)
    return calls, elapsed


def _family(move) -> str:
    text = str(move)
    return text if text == "S" else text[0] + ">" + text.split(">")[1][0]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--steps", type=int, default=200)
    p.add_argument("--repeat", type=int, default=5)
    args = p.parse_args()
    lines = playouts(args.deals, args.steps, seed=1)
    total = sum(len(m) for _, m in lines)
    print(f"Python {platform.python_version()} on {platform.machine()}; "
          f"{args.deals} deals, {total} moves of random play, best and median of {args.repeat}")
    mix = Counter(_family(m) for _, moves in lines for m in moves)
    print("  move mix: " + ", ".join(f"{k} {v / total:.0%}" for k, v in mix.most_common()))
    for name, fn in (("play+undo pairs/s", time_play_undo), ("legal_moves() calls/s",
                                                               time_legal_moves)):
        rates = []
        for _ in range(args.repeat):
            count, seconds = fn(lines)
            rates.append(count / seconds)
        print(f"  {name:22s} best {max(rates):>10,.0f}   median {statistics.median(rates):>10,.0f}")


if __name__ == "__main__":
    main()
