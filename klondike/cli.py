"""The command line of SPEC R10: ``python -m klondike deal|play ...``.

``--json`` prints the state of R10; without it, a text board for people.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from .cards import SUITS
from .codes import BadCode
from .game import Game
from .moves import IllegalMove
from .scoring import vegas_text


def board_text(game: Game) -> str:
    """The position as text: a header, the stock row and the seven columns."""
    rules = game.scoring
    if rules.letter == "V":
        score = vegas_text(game.score)
    elif rules.shows_points:
        score = f"{game.score} points"
    else:
        score = "no score"
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


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m klondike", description="Klondike solitaire")
    sub = p.add_subparsers(dest="command", required=True)
    d = sub.add_parser("deal", help="show the deal of a game code")
    d.add_argument("code", help="game code such as KL1-D1N-AAAAAAG")
    d.add_argument("--json", action="store_true", help="print the JSON state of SPEC R10")
    pl = sub.add_parser("play", help="play moves from the deal and show the result")
    pl.add_argument("code")
    pl.add_argument("moves", nargs="*", help="move text: S W>T3 W>F T2>F T2>T5 Fh>T4")
    pl.add_argument("--json", action="store_true")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        game = Game.from_code(args.code)
    except BadCode as e:
        print(f"bad game code {args.code!r}: {e}", file=sys.stderr)
        return 2
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
