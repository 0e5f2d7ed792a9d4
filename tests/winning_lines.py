"""Finds winning move lists by a plain depth-first search, for freezing into tests.

An honest, slow search (no solver tricks): it tries foundation moves first and never
takes cards back from foundations, so every line it finds is a "won without take-backs"
line of R3.1/R3.3. Run it by hand: ``python -m tests.winning_lines CODE [NODES]``.
"""

from __future__ import annotations

import sys

from klondike import Game


def _key(game: Game) -> tuple:
    return (
        tuple(map(tuple, game._columns)),
        tuple(game._stock),
        tuple(game._waste),
        tuple(game._foundations),
    )


def _ordered(game: Game) -> list:
    def rank(move) -> int:
        text = str(move)
        if text.endswith(">F"):
            return 0
        if text[0] == "T":
            col = game._columns[move.source]
            down = game._down[move.source]
            run_start = len(col) - 1  # estimate: moving the whole face-up run uncovers
            return 1 if down and run_start >= down else 3
        return 2 if text[0] == "W" else 4

    return sorted((m for m in game.legal_moves() if _useful(game, m)), key=rank)


def _useful(game: Game, move) -> bool:
    """Prune moves that only shuffle cards: a column move must take the whole face-up
    run off something (a face-down card, or to empty a column for a King elsewhere)."""
    text = str(move)
    if text[0] == "F":
        return False
    if text[0] == "T" and ">T" in text:
        col = game._columns[move.source]
        down = game._down[move.source]
        target = game._columns[move.target]
        moved = _run_length(game, move)
        whole = moved == len(col) - down
        if not target:  # a King to an empty column: only off face-down cards
            return whole and down > 0
        return whole
    return True


def _run_length(game: Game, move) -> int:
    target = game._columns[move.target]
    col = game._columns[move.source]
    if not target:
        return len(col) - game._down[move.source]
    need = target[-1] % 13  # rank - 1 of the card that fits
    return sum(1 for c in col[game._down[move.source]:] if c % 13 <= need)


def find_win(code: str, nodes: int = 200_000, recycles: bool = True) -> list[str] | None:
    game = Game.from_code(code)
    seen: set = set()
    stack = [iter(_ordered(game))]
    budget = nodes
    while stack and budget:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if game.moves_made:
                game.undo()
            continue
        if str(move) == "S" and not game._stock and not recycles:
            continue
        game.play(move)
        budget -= 1
        if game.is_won:
            return [str(m) for m in game.history]
        key = _key(game)
        if key in seen:
            game.undo()
            continue
        seen.add(key)
        stack.append(iter(_ordered(game)))
    return None


if __name__ == "__main__":
    line = find_win(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 200_000,
                    recycles="--no-recycle" not in sys.argv)
    print(" ".join(line) if line else "no win found")
