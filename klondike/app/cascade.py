"""The win's celebration (issue 25): the cards leave the foundations one at a time, kings
first and the suits in turn, and bounce along the bottom of the table until they are
off its side, as in the classic Windows Solitaire. Only numbers: each card's path as
offsets from its place, in card widths, at evenly spaced times; the page animates them
(``translate`` keyframes, which the browser runs off the page's thread), and a tap or a
key ends them at once.

>>> from klondike.app.view import slots
>>> paths = list(flights(slots(), floor=6.0, seed=1))
>>> len(paths), paths[0].card, paths[1].card, paths[-1].card
(52, 'Ks', 'Kh', 'Ac')
>>> first = paths[0]
>>> first.frames[0], first.delay
((0.0, 0.0), 0.0)
>>> max(y for _, y in first.frames) <= 6.0 - 0.1  # never below the floor
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import NamedTuple

from ..cards import RANKS, SUITS
from .view import CARD_H, TABLE_W

FRAME_SECONDS = 1 / 30  # key frames: the browser draws the frames between them
GAP_SECONDS = 0.11  # between one card's start and the next's
GRAVITY = 42.0  # card widths a second, a second
BOUNCE = 0.72  # the share of its speed a card keeps as it bounces
LONGEST_SECONDS = 4.0  # a card that has not left the table by then ends its flight


class Flight(NamedTuple):
    card: str  # "Ks"
    delay: float  # seconds after the win
    frames: tuple[tuple[float, float], ...]  # (dx, dy) from its place, FRAME_SECONDS apart

    @property
    def duration(self) -> float:
        return (len(self.frames) - 1) * FRAME_SECONDS


def flights(where: dict[str, tuple[float, float]], floor: float, seed: int) -> Iterator[Flight]:
    """Every card's flight from its foundation (``where``: the piles' places, as
    :func:`klondike.app.view.slots` gives them), bouncing on ``floor`` (the table's
    height, in card widths), in the order they start. ``seed`` chooses the speeds, so a
    replay is the same. Each path is worked out only when asked for, so the page works
    out one card's at each card's start, never all 52 at once."""
    rng = random.Random(seed)
    order = [(rank, suit) for rank in range(13, 0, -1) for suit in SUITS]
    for n, (rank, suit) in enumerate(order):
        x0, y0 = where[f"F{suit}"]
        speed = rng.uniform(2.5, 6.0) * rng.choice((-1, 1))
        rise = -rng.uniform(0.0, 6.0)
        yield Flight(f"{RANKS[rank - 1]}{suit}", round(n * GAP_SECONDS, 3),
                     _path(x0, y0, speed, rise, floor - CARD_H))


def _path(
    x0: float, y0: float, vx: float, vy: float, bottom: float
) -> tuple[tuple[float, float], ...]:
    """Key frames of a card thrown from (x0, y0) at (vx, vy) until it is off the table."""
    frames = [(0.0, 0.0)]
    x, y, t = x0, y0, 0.0
    while t < LONGEST_SECONDS and -1.0 < x < TABLE_W:
        t += FRAME_SECONDS
        vy += GRAVITY * FRAME_SECONDS
        x += vx * FRAME_SECONDS
        y += vy * FRAME_SECONDS
        if y > bottom:  # the bounce: back up, slower
            y = bottom - (y - bottom) * BOUNCE
            vy = -abs(vy) * BOUNCE
        frames.append((round(x - x0, 3), round(y - y0, 3)))
    return tuple(frames)


__all__ = ["FRAME_SECONDS", "Flight", "flights"]
