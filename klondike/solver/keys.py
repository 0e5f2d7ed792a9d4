"""The search's keys and tables (rule 4 of :mod:`klondike.solver`): a position as bytes,
up to the order of its columns, made again only for the parts a move changed, and the
tables of the keys seen, which a search asks whether a position is new.
"""

from __future__ import annotations

from collections.abc import Callable
from hashlib import blake2b

from ..cards import RANK_OF, RED
from .board import BIT, Board

#: At most this many positions are remembered; past it the search still runs, unpruned.
TABLE_LIMIT = 3_000_000
# For the beams' keys (rules 8 and 14): a face-up card as its colour and rank only,
# so that twins (8h and 8d, 7s and 7c...) placed the other way round give the same key.
_LOOSE = bytes([128 + 13 * RED[c] + RANK_OF[c] for c in range(52)] + list(range(52, 256)))
#: In a key, after the columns' parts (no part holds it).
END_OF_COLUMNS = b"\xff"
# A column key's start per column and face-down count (see column_key).
_HEAD = tuple(
    tuple(bytes((64 + down, column) if down else (64,)) for down in range(53))
    for column in range(7)
)


def column_key(column: list[int], down: int, i: int) -> bytes:
    """Column ``i``'s part of :meth:`Keys.key`: its face-down count, then, if some
    cards are face down, its number in place of them (face-down cards never move, so
    these are its first ``down`` cards from the start: a position's key is a third
    shorter), then its face-up cards."""
    return _HEAD[i][down] + bytes(column[down:])


class Keys(Board):
    """A board that knows its position by a key: :meth:`key` (exact), :meth:`loose_key`
    (the beams'), each made from the parts of it that :class:`Board` keeps, or
    :meth:`class_key` (rule 12's, the best-first searches')."""

    last_key: bytes  # the key is_new or is_new_or_better made last (b"" at first, Searcher)

    def key(self) -> bytes:
        """Rule 4: the position up to the order of the columns."""
        parts = self.column_parts
        if self.loose_parts or None in parts:
            parts = self.column_keys(loose=False)  # type: ignore[assignment]
        parts = sorted(parts)  # type: ignore[type-var]  # no None left
        parts.append(END_OF_COLUMNS)
        parts.append(self.talon_part or self.talon_key())
        return b"".join(parts)  # type: ignore[arg-type]

    def class_key(self) -> bytes:
        """Rule 12: the position's class, what no rearranging of the tableau's face-up
        runs changes. The foundations, per column the count of its own cards still on it
        below and at its first face-up card (0 for a space or a King's run moved into
        one), and rule 4's talon part. The face-up cards are the others."""
        return bytes(self.found) + self.locked + (self.talon_part or self.talon_key())

    def loose_key(self) -> bytes:
        """Rule 8's loose key, the beams' (rule 14) and a :class:`~.search.Searcher`'s
        best-first search's: face-up column cards by colour and rank alone (twins placed
        the other way round are one position to it), so the foundations are spelled
        out."""
        parts = sorted(self.column_keys(loose=True))
        parts.append(END_OF_COLUMNS + bytes(self.found))
        parts.append(self.talon_part or self.talon_key())
        return b"".join(parts)

    def column_keys(self, loose: bool) -> list[bytes]:
        """Each column's part of :meth:`key` (or with ``loose``, of :meth:`loose_key`),
        made again only for the columns a move changed since it was last asked."""
        keys = self.column_parts
        if loose != self.loose_parts:
            keys[:] = [None] * 7
            self.loose_parts = loose
        if None not in keys:
            return keys  # type: ignore[return-value]  # no None in it
        down, columns = self.down, self.columns
        for i, key in enumerate(keys):
            if key is None:
                col, d = columns[i], down[i]
                if loose:
                    keys[i] = _HEAD[i][d] + bytes(col[d:]).translate(_LOOSE)
                else:
                    keys[i] = column_key(col, d, i)
        return keys  # type: ignore[return-value]  # no None left

    def talon_key(self) -> bytes:
        """Rule 4's talon part: in draw 1 with unlimited passes the set of its cards
        (as the bits of :data:`~.board.BIT`);
        otherwise its cards, position and recycles left, where in draw 3 with unlimited
        passes a waste whose length is a multiple of 3, or the whole talon, counts as
        empty: the same cards are in reach, and each talon move leaves the same
        position (not in the daily deal's frozen rules)."""
        if self.talon_part is None:
            if self.talon_is_set:  # the set as 52 bits: 7 bytes, not one a card
                self.talon_part = sum(map(BIT.__getitem__, self.talon)).to_bytes(7, "little")
            else:
                p, n = self.p, len(self.talon)
                if self.unlimited and not self.daily and (p % self.draw == 0 or p == n):
                    p = 0
                self.talon_part = bytes((*self.talon, p, self.recycles_left))
        return self.talon_part

    def is_new(self, seen: set[bytes]) -> bool:
        """Rule 4: whether the position's :meth:`key` is new to ``seen``, which it joins
        (while ``seen`` holds fewer than :data:`TABLE_LIMIT` keys)."""
        self.last_key = position = self.key()
        if position in seen:
            return False
        if len(seen) < TABLE_LIMIT:
            seen.add(position)
        return True

    def is_new_by_digest(self, seen: set[int], key: Callable[[], bytes]) -> bool:
        """A search for wins' :meth:`is_new` (rule 8), by a number of 56 bits made of
        ``key()`` (:meth:`loose_key` or :meth:`class_key`; its BLAKE2 digest), which it
        remembers instead of the key: a third of the memory. Two positions with one
        digest are one position to it, as twins already are; that can only hide a win
        from it, never make a false one. A digest, not :func:`hash`, so that every
        device skips the same positions."""
        position = int.from_bytes(blake2b(key(), digest_size=7).digest(), "little")
        if position in seen:
            return False
        if len(seen) < TABLE_LIMIT:
            seen.add(position)
        return True

    def is_new_or_better(self, lowest: dict[bytes, int]) -> bool:
        """Rule 4's dominance (draw 3 with unlimited passes, depth-first search):
        whether no position seen before differs from this one only in a waste that
        reaches every card this one reaches. ``lowest`` maps a key without its waste
        length to the least waste length seen for each remainder modulo the draw, as
        ``length // draw + 1`` in 4 bits for the remainder 1, then 4 for 2 (0 where
        none was seen); a waste of a multiple of the draw is empty in the key (see
        :meth:`talon_key`), and any waste reaches what an empty one does. So each value
        is below 256, one of the numbers CPython makes once: with 9 bits a remainder,
        each value was an int of its own, 28 bytes; with a list each, the depth-first
        search alone on deal 1 in draw 3 peaked at 335 MiB at 1,000,000 nodes."""
        self.last_key = key = self.key()
        base, p = key[:-2], key[-2]  # talon_key ends with the waste length, recycles
        least = lowest.get(base)
        if not p:
            if least is not None:
                return False
            if len(lowest) < TABLE_LIMIT:
                lowest[base] = 0
            return True
        draw = self.draw
        shift = 4 * (p % draw - 1)
        length = p // draw + 1
        if least is None:
            if len(lowest) < TABLE_LIMIT:
                lowest[base] = length << shift
            return True
        if 0 < least >> shift & 15 <= length:
            return False
        lowest[base] = least & ~(15 << shift) | length << shift
        return True
