"""Find a game that reaches the tallest column Klondike allows, for the tests.

Column 7 is dealt 6 face-down cards under one face-up card. If that card is a King, it
never has to move, so its 6 face-down cards can stay down while a run of Queen to Ace in
alternating colours is built on it: 6 face-down cards under 13 face-up ones, the tallest
column there can be. This script looks for such a game:

1. it goes through deals 0, 1, 2... (Normal scoring) and keeps those whose column 7
   shows a King and whose 6 face-down cards leave, for every rank from Queen to Ace, a
   card of the colour the run needs there;
2. for each, it runs a beam search over single legal moves (the game's own
   ``legal_moves``/``play``/``undo``), never moving a card off column 7, that scores a
   position by the run on column 7 first, then by face-down cards left in columns 1-6,
   how near the next card of the run is to being playable, and cards home; positions
   seen before (the score aside) are not searched again;
3. the first line that reaches the column is printed (code, move count, the moves and
   the seconds it took); in draw 3 the line then turns the stock until the waste fans
   3 cards, as a test of the fanned waste next to the tallest column wants.

Run: ``.venv/bin/python tools/find_tall_column.py [draw] [first deal] [beam width]``
(draw 1, deal 0 and width 200 by default). Standard library and ``klondike`` only. On
the machine it was written on (2 cores, one process) each search took about 5 s: deal
AAAAAAM (the first that fits) ran out of new positions after 2-4 s, deal AAAAAAY
reached the column in about 2 s, in 64 moves in draw 1 (KL1-D1N-AAAAAAY) and in 51 in
draw 3 (KL1-D3N-AAAAAAY, the last an ``S`` that fans 3 cards). The results are in
``tests/lines.py`` (TALL_DRAW1_CODE and the others).
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from klondike import Game, GameCode  # noqa: E402
from klondike.cards import KING, RANK_OF, RED, SUIT_OF  # noqa: E402
from klondike.deal import deal  # noqa: E402
from klondike.game import SAVE_VERSION  # noqa: E402

COLUMN = 6  # column 7, 0-based
TALL = 13


def run_colour(king: int, rank: int) -> bool:
    """Whether the card of ``rank`` in a run on ``king`` is red."""
    return RED[king] ^ ((KING - rank) % 2 == 1)


def candidates(king: int, down: tuple[int, ...]) -> dict[int, list[int]]:
    """For each rank from 12 down to 1, the cards that can take that place in the run."""
    out = {}
    for rank in range(KING - 1, 0, -1):
        red = run_colour(king, rank)
        suits = (1, 2) if red else (0, 3)
        out[rank] = [s * 13 + rank - 1 for s in suits if s * 13 + rank - 1 not in down]
    return out


def fits_deal(number: int) -> bool:
    column = deal(number).columns[COLUMN]
    king, down = column[-1], column[:-1]
    return RANK_OF[king] == KING and all(candidates(king, down).values())


def key(game: Game) -> str:
    return game.position().rsplit(" ", 2)[0]  # the score aside


def where(game: Game, card: int) -> int:
    """How far ``card`` is from being playable onto column 7 (0: it is now)."""
    for i, col in enumerate(game.tableau):
        if i == COLUMN:
            continue
        if card in col.up:
            return 2 * (len(col.up) - 1 - col.up.index(card))
        if card in col.down:
            return 12 + 4 * (len(col.down) - col.down.index(card)) + len(col.up)
    waste = game.waste
    if waste and waste[-1] == card:
        return 0
    if card in waste or card in game.stock:
        return 3
    # on a foundation: the cards above it must come off first
    top = game.foundations["shdc"[SUIT_OF[card]]]
    return 2 + 3 * (top - RANK_OF[card])


def value(game: Game, cands: dict[int, list[int]], rng: random.Random) -> float:
    tab = game.tableau
    tall = len(tab[COLUMN].up)
    if tall >= TALL:
        return 1e9
    down = sum(len(c.down) for c in tab[:COLUMN])
    home = sum(game.foundations.values())
    v = 300 * tall - 25 * down + 2 * home
    need = KING - tall
    for k, rank in enumerate(range(need, max(need - 3, 0), -1)):
        v -= (6 >> k) * min(where(game, c) for c in cands[rank])
    return v + rng.random()


def useful(game: Game) -> list:
    tab = game.tableau
    out = []
    for m in game.legal_moves():
        if m.source == COLUMN and str(m)[0] == "T":
            continue  # nothing leaves column 7
        if str(m)[0] == "T" and m.target >= 0:
            src = tab[m.source]
            if not src.down and RANK_OF[src.up[0]] == KING and not tab[m.target].up:
                continue  # a King's whole column to another empty column
        out.append(m)
    return out


def search(code: str, width: int, depth: int, seed: int = 1) -> list[str] | None:
    rng = random.Random(seed)
    start = Game.from_code(code)
    col = start.tableau[COLUMN]
    cands = candidates(col.up[0], col.down)
    seen = {key(start)}
    beam = [start]
    for _layer in range(depth):
        scored = []
        for parent, game in enumerate(beam):
            for m in useful(game):
                game.play(m)
                k = key(game)
                if k not in seen:
                    seen.add(k)
                    scored.append((value(game, cands, rng), parent, m))
                game.undo()
        if not scored:
            return None
        scored.sort(key=lambda t: -t[0])
        new = []
        for _v, parent, m in scored[:width]:
            child = beam[parent].copy()
            child.play(m)
            if len(child.tableau[COLUMN].up) >= TALL:
                return [str(x) for x in child.history]
            new.append(child)
        beam = new
    return None


def fan_three(code: str, moves: list[str]) -> list[str] | None:
    """Turn the stock after ``moves`` until the waste fans 3 cards (draw 3)."""
    game = Game.from_code(code)
    for m in moves:
        game.play(m)
    for _turn in range(60):
        if game.waste_fan == 3:
            return [str(x) for x in game.history]
        if not game.is_legal("S"):
            return None
        game.play("S")
    return None


def verify(code: str, moves: list[str]) -> Game:
    game = Game.from_json(json.dumps({"v": SAVE_VERSION, "code": code, "moves": " ".join(moves)}))
    col = game.tableau[COLUMN]
    assert len(col.down) == 6 and len(col.up) == TALL, (code, col)
    return game


def main() -> None:
    draw = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    number = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    width = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    began = time.time()
    while True:
        if fits_deal(number):
            code = str(GameCode(number, draw, "N"))
            t = time.time()
            moves = search(code, width=width, depth=600)
            print(f"{code}: {'found' if moves else 'none'} in {time.time() - t:.1f} s",
                  flush=True)
            if moves and draw == 3:
                moves = fan_three(code, moves)
            if moves:
                game = verify(code, moves)
                print(f"code {code}, {len(moves)} moves, {time.time() - began:.1f} s in all")
                print(" ".join(moves))
                print(game.position())
                return
        number += 1


if __name__ == "__main__":
    main()
