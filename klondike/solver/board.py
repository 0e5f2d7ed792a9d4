"""The search's board: a private copy of a game's position, played and taken back in
place, with the forced moves of the solver's rules 2 and 7 and rule 5's distance to a win
(the rules are in :mod:`klondike.solver`'s docstring).

The other parts of a search are classes built on :class:`Board`: its keys
(:mod:`.keys`), the dead-position check (:mod:`.dead`) and the choice of moves
(:mod:`.moves`); :class:`klondike.solver.search.Searcher` puts them together.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from ..cards import KING, RANK_OF, RED, SUIT_OF
from ..game import Game
from ..moves import COLUMN_TO_F, COLUMN_TO_T, FOUNDATION_TO_T, STOCK, WASTE_TO_F, WASTE_TO_T

# For the type checker: an internal move (kind, a, b, presses, recycled); the moves played,
# each with what Board.undo needs to take it back.
BoardMove = tuple[int, int, int, int, int]
Played = list[tuple[BoardMove, int]]

# Internal moves: (kind, a, b, presses, recycled). A talon move plays talon[a] after
# ``presses`` S tokens, ``recycled`` of them a recycle of the waste.
COLUMN_HOME = 0  # a = column
COLUMN_TO_COLUMN = 1  # a = source column, b = target column
TALON_HOME = 2  # a = talon index
TALON_TO_COLUMN = 3  # a = talon index, b = target column
FOUNDATION_TO_COLUMN = 4  # a = suit, b = target column
# Only inside a talon chain (rule 3), after its first card: a = card, b = target column;
# the search (Searcher._children) finds the card's talon index and presses when it plays it.
TALON_CARD = 5

# Rule 6's sets of cards as ints, a bit per card, 13 bits per suit, Ace first: the black
# suits (spades, then clubs) in the low 26 bits, the red ones (hearts, then diamonds) in
# the high 26. The check works on each colour's half, an int below 2**30: one "digit" of
# CPython's ints, which take the interpreter's fast paths. A 52-bit int takes two, and
# its slower general code costs far more under Pyodide's WebAssembly (measured: rule 6's
# check 0.8 times the time in Pyodide with halves, the same in CPython).
PLACE = tuple((0, 2, 3, 1)[SUIT_OF[card]] * 13 + RANK_OF[card] - 1 for card in range(52))
BIT = tuple(1 << place for place in PLACE)
# Per card, how many cards of its suit are home when it is next to go: its rank - 1 (a
# table, as this is asked of many cards at every position: one lookup, no subtraction).
HOME_BEFORE = tuple(RANK_OF[card] - 1 for card in range(52))
NO_CARD = 52  # nothing under a card (see _below)
# Per column, its top card's move home: made once, not at every position.
_HOME_FROM = tuple((COLUMN_HOME, i, -1, 0, 0) for i in range(7))
_NEXT_COLUMN = bytes((NO_CARD,))
# Per card at the bottom of a column with no face-down card: 1 if it is the column's own
# (any card but a King, R2.3), 0 for a King, which may have come from elsewhere.
OWN_BOTTOM = bytes(0 if RANK_OF[c] == KING else 1 for c in range(52))


def _in_a_row(columns: list[list[int]]) -> bytes:
    """The columns one after another, each after a byte :data:`NO_CARD`."""
    return _NEXT_COLUMN + _NEXT_COLUMN.join(map(bytes, columns))


def _below(in_a_row: bytes) -> bytearray:
    """Per column card, the card under it, or :data:`NO_CARD` at the bottom of its
    column: the byte before it in :func:`_in_a_row`'s columns (a table of 256, made
    by one call)."""
    return bytearray(bytes.maketrans(in_a_row[1:], in_a_row[:-1]))


def locked_counts(columns: list[list[int]], down: list[int]) -> bytearray:
    """Per column, the count of its own cards still on it below and at its first face-up
    card (rule 12's part of :meth:`~.keys.Keys.class_key`): its face-down count + 1, or
    with none face down, 1 for a bottom card of its own (:data:`OWN_BOTTOM`), 0 for a
    King or a space."""
    return bytearray(
        d + 1 if d else OWN_BOTTOM[col[0]] if col else 0
        for col, d in zip(columns, down, strict=True)
    )


def face_down_set(columns: list[list[int]], down: list[int]) -> int:
    """The face-down column cards as a set of rule 6 (an int, bit ``card`` per card)."""
    return sum([BIT[card] for col, d in zip(columns, down, strict=True) for card in col[:d]])


@cache
def draws_reach(n: int, p: int, draw: int, can_recycle: bool) -> tuple[tuple[int, int, int], ...]:
    """:meth:`Board.reach` for a talon of ``n`` cards with a waste of ``p``: it
    depends on nothing else, and is asked at every position."""
    reach = [(p - 1, 0, 0)] if p else []
    # Draws from the stock, R2.8: the waste's length after each, every draw-th card and
    # the last.
    draws = [*range(p + draw, n, draw), n] if p < n else []
    reach += [(i - 1, presses, 0) for presses, i in enumerate(draws, 1)]
    if p and can_recycle:  # the next pass, R2.9
        reached = {p, *draws}  # the waste's lengths so far
        recycle = len(draws) + 1  # presses up to and including the recycle
        reach += [
            (i - 1, recycle + presses, 1)
            for presses, i in enumerate([*range(draw, n, draw), n], 1)
            if i not in reached
        ]
    return tuple(reach)


@cache
def _reached_in_order(n: int, p: int, draw: int, can_recycle: bool) -> tuple[int, ...]:
    """The talon indices of :func:`draws_reach`, in order."""
    return tuple(sorted([index for index, _, _ in draws_reach(n, p, draw, can_recycle)]))


class Board:
    """A private copy of a game's position, played and taken back in place."""

    def __init__(self, game: Game, daily: bool = False, relaxed: bool = False) -> None:
        self.daily = daily  # the daily deal's frozen rules (wins_for_the_daily_deal)
        # From the game's public view: cards bottom first, foundations in suit order.
        # Relaxed (rule 9): the same cards played as in draw 1 with unlimited passes.
        self.draw = 1 if relaxed else game.draw
        # Plain ints, not Cards: CPython's fast paths (indexing a tuple, comparing) take
        # exact ints only, and the position's cards are used in every one of them.
        self.columns: list[list[int]] = [
            list(map(int, (*col.down, *col.up))) for col in game.tableau
        ]
        self.down: list[int] = [len(col.down) for col in game.tableau]
        self.found: list[int] = list(game.foundations.values())
        # Each column's part of a key (see Keys.column_keys), None once a move changed
        # the column (see play, undo and restore).
        self.column_parts: list[bytes | None] = [None] * 7
        self.loose_parts = False  # whether column_parts holds Keys.loose_key's parts
        self.talon: list[int] = list(map(int, (*game.waste, *game.stock)))  # waste, then stock
        self.p = len(game.waste)
        self.talon_part: bytes | None = None  # Keys.talon_key's, None once a talon move is made
        passes = game.scoring.passes
        self.unlimited = passes is None or relaxed
        self.recycles_left = (  # passes is None only where unlimited
            0 if self.unlimited else max(0, passes - 1 - game.recycles)  # type: ignore[operator]
        )
        # Draw 1 with unlimited passes: every talon card is always in reach.
        self.talon_is_set = self.draw == 1 and self.unlimited
        # Per column card, the card under it (see _below), kept by play and undo.
        self.below = _below(_in_a_row(self.columns))
        self.face_down = face_down_set(self.columns, self.down)  # kept by play and undo
        self.locked = locked_counts(self.columns, self.down)  # kept by play and undo
        self.eager = False  # every card home at once, not just safe ones (rule 8)
        self.eager_talon = False  # the same for every talon card the draws reach

    # --- the talon --------------------------------------------------------------------
    def _can_recycle(self) -> bool:
        return self.unlimited or self.recycles_left > 0

    def reach(self) -> tuple[tuple[int, int, int], ...]:
        """(talon index, presses, recycled) for every card the draws bring to the top."""
        return draws_reach(len(self.talon), self.p, self.draw, self._can_recycle())

    def presses(self, index: int) -> tuple[int, int]:
        """(presses, recycled) to bring talon[index], a card in reach, to the waste top."""
        for i, presses, recycled in self.reach():
            if i == index:
                return presses, recycled
        raise AssertionError(f"talon card {index} is out of reach")

    # --- playing and taking back ------------------------------------------------------
    def play(self, move: BoardMove) -> int:
        """Play an internal move; return what :meth:`undo` needs to take it back.
        (Here and in :meth:`undo` a card put on a column sets :attr:`below` in line,
        without a call: these run several times at every position.)"""
        kind, a, b, _, recycled = move
        columns, down, keys = self.columns, self.down, self.column_parts
        if kind == COLUMN_TO_COLUMN:
            keys[a] = keys[b] = None
            src, dst = columns[a], columns[b]
            d = down[a]
            # R10: onto a card, the run whose first card fits; onto a space, the King's run.
            k = d + RANK_OF[src[d]] - RANK_OF[dst[-1]] + 1 if dst else d
            self.below[src[k]] = dst[-1] if dst else NO_CARD
            dst.extend(src[k:])
            count = len(src) - k
            del src[k:]
            if d and k == d:  # R2.7: the card below turns up
                down[a] = d - 1
                self.face_down ^= BIT[src[-1]]
                self.locked[a] = d if d > 1 else OWN_BOTTOM[src[0]]
                return count << 1 | 1
            if not src:
                self.locked[a] = 0
            return count << 1
        if kind == COLUMN_HOME:
            keys[a] = None
            col = columns[a]
            card = col.pop()
            self.found[SUIT_OF[card]] += 1
            d = down[a]
            if d and len(col) == d:
                down[a] = d - 1
                self.face_down ^= BIT[col[-1]]
                self.locked[a] = d if d > 1 else OWN_BOTTOM[col[0]]
                return card << 1 | 1
            if not col:
                self.locked[a] = 0
            return card << 1
        if kind == FOUNDATION_TO_COLUMN:  # R2.6
            keys[b] = None
            found, column = self.found, columns[b]
            found[a] -= 1
            card = a * 13 + found[a]
            self.below[card] = column[-1] if column else NO_CARD
            column.append(card)
            return 0
        # A talon move: afterwards the cards before ``a`` are the waste.
        self.talon_part = None
        card = self.talon.pop(a)
        before = self.p
        self.p = a
        if recycled and not self.unlimited:
            self.recycles_left -= 1
        if kind == TALON_HOME:
            self.found[SUIT_OF[card]] += 1
        else:
            keys[b] = None
            column = columns[b]
            self.below[card] = column[-1] if column else NO_CARD
            column.append(card)
        return card << 6 | before

    def undo(self, move: BoardMove, info: int) -> None:
        kind, a, b, _, recycled = move
        columns, keys = self.columns, self.column_parts
        if kind == COLUMN_TO_COLUMN:
            keys[a] = keys[b] = None
            src, dst = columns[a], columns[b]
            count = info >> 1
            run = dst[-count:]
            self.below[run[0]] = src[-1] if src else NO_CARD
            if info & 1:  # the card it uncovered turns face down again
                self.down[a] += 1
                self.face_down ^= BIT[src[-1]]
                self.locked[a] = self.down[a] + 1
            elif not src:
                self.locked[a] = OWN_BOTTOM[run[0]]
            src.extend(run)
            del dst[-count:]
        elif kind == COLUMN_HOME:
            keys[a] = None
            card = info >> 1
            column = columns[a]
            if info & 1:
                self.down[a] += 1
                self.face_down ^= BIT[column[-1]]
                self.locked[a] = self.down[a] + 1
            elif not column:
                self.locked[a] = OWN_BOTTOM[card]
            self.below[card] = column[-1] if column else NO_CARD
            column.append(card)
            self.found[SUIT_OF[card]] -= 1
        elif kind == FOUNDATION_TO_COLUMN:
            keys[b] = None
            columns[b].pop()
            self.found[a] += 1
        else:
            card = info >> 6
            if kind == TALON_HOME:
                self.found[SUIT_OF[card]] -= 1
            else:
                keys[b] = None
                columns[b].pop()
            self.talon_part = None
            self.talon.insert(a, card)
            self.p = info & 63
            if recycled and not self.unlimited:
                self.recycles_left += 1

    # --- forced moves -----------------------------------------------------------------
    def _is_safe_home(self, card: int) -> bool:
        """Whether sending ``card`` home now can never hurt (rule 2 of the docstring),
        or for the best-first search, whether it may go home at all (rule 8)."""
        rank = RANK_OF[card]
        if rank <= 2 or self.eager:
            return True
        found = self.found
        if RED[card]:
            opposite = found[0] if found[0] < found[3] else found[3]
        else:
            opposite = found[1] if found[1] < found[2] else found[2]
        return opposite >= rank - 1 and found[3 - SUIT_OF[card]] >= rank - 2

    def goes_home(self, i: int) -> bool:
        """Whether column ``i``'s top is next on its foundation and safe to send home.
        After a column move, only the top it uncovered may be: here no move was safe
        (:meth:`play_safe_moves` was done), and the foundations and talon are as
        they were."""
        col = self.columns[i]
        if not col:
            return False
        card = col[-1]
        return self.found[SUIT_OF[card]] == HOME_BEFORE[card] and self._is_safe_home(card)

    def play_safe_moves(self, played: Played) -> None:
        """Make every safe foundation move, appending (move, undo info) to ``played``.

        Asked after nearly every move a search tries, and mostly with nothing to
        play: so the board's parts are bound to local names once, and the talon
        cards are looked at only when one could go home."""
        columns, found, talon = self.columns, self.found, self.talon
        play, is_safe_home, add = self.play, self._is_safe_home, played.append
        talon_is_set, eager_talon, draw = self.talon_is_set, self.eager_talon, self.draw
        eager = self.eager  # then every card next on its foundation goes (no call to ask)
        progress = True
        while progress:
            progress = False
            candidates: Sequence[int]
            for i in range(7):
                col = columns[i]
                if col:
                    card = col[-1]
                    if found[SUIT_OF[card]] == HOME_BEFORE[card] and (
                        eager or is_safe_home(card)
                    ):
                        move = _HOME_FROM[i]
                        add((move, play(move)))
                        progress = True
            if talon_is_set:
                # The talon card nearest the start among those next on their
                # foundations and safe to send home (the foundations do not change
                # before one is played, so which are safe does not depend on the order
                # they are looked at in).
                index = -1
                for s in range(4):
                    n = found[s]
                    if n < 13:
                        card = s * 13 + n
                        if card in talon and (eager or is_safe_home(card)):
                            at = talon.index(card)
                            if index < 0 or at < index:
                                index = at
                if index < 0:
                    continue
                candidates = (index,)
            elif eager_talon:
                candidates = _reached_in_order(len(talon), self.p, draw, self._can_recycle())
            elif self.p and (draw == 1 or not self._can_recycle()):
                candidates = (self.p - 1,)
            else:
                continue
            for index in candidates:
                card = talon[index]
                if found[SUIT_OF[card]] == HOME_BEFORE[card] and (eager or is_safe_home(card)):
                    presses, recycled = self.presses(index)
                    move = (TALON_HOME, index, -1, presses, recycled)
                    add((move, play(move)))
                    progress = True
                    break  # talon indices have shifted

    def finish(self, played: Played) -> bool:
        """Rule 7: with nothing face down and the whole talon in reach, play home."""
        if any(self.down) or (self.talon and not self.talon_is_set):
            return False
        columns, found, talon = self.columns, self.found, self.talon
        while sum(found) < 52:
            for i in range(7):
                col = columns[i]
                if col and found[SUIT_OF[col[-1]]] == RANK_OF[col[-1]] - 1:
                    move = (COLUMN_HOME, i, -1, 0, 0)
                    break
            else:
                index = next(
                    i for i, c in enumerate(talon) if found[SUIT_OF[c]] == HOME_BEFORE[c]
                )
                presses, recycled = self.presses(index)
                move = (TALON_HOME, index, -1, presses, recycled)
            played.append((move, self.play(move)))
        return True

    def distance(self) -> int:
        """Rule 5: how far the position looks from a win (face-down cards count most)."""
        return 4 * sum(self.down) + 52 - sum(self.found) + len(self.talon)

    def snapshot(self) -> bytes:
        """The whole position, columns in their own order, for :meth:`restore`."""
        talon = self.talon
        head = bytes((*self.down, *self.found, self.p, self.recycles_left, len(talon), *talon))
        # The face-down set too: read back, it is quicker than face_down_set.
        return head + self.face_down.to_bytes(7, "little") + _in_a_row(self.columns)

    def restore(self, position: bytes) -> None:
        """Put a :meth:`snapshot`'s position on the board; what was worked out from the
        position before (column and talon keys) is worked out again when asked."""
        self.down = list(position[:7])
        self.found = list(position[7:11])
        self.p, self.recycles_left, n = position[11:14]
        self.talon = list(position[14 : 14 + n])
        self.face_down = int.from_bytes(position[14 + n : 21 + n], "little")
        in_a_row = position[21 + n :]
        self.columns = [list(col) for col in in_a_row[1:].split(_NEXT_COLUMN)]
        self.column_parts = [None] * 7
        self.talon_part = None
        self.below = _below(in_a_row)
        self.locked = locked_counts(self.columns, self.down)


def move_texts(moves: Iterable[BoardMove]) -> list[str]:
    """R10 move texts for internal moves, talon macros expanded into their S tokens."""
    texts = []
    for kind, a, b, presses, _ in moves:
        texts.extend([STOCK.text] * presses)
        if kind == COLUMN_HOME:
            texts.append(COLUMN_TO_F[a].text)
        elif kind == COLUMN_TO_COLUMN:
            texts.append(COLUMN_TO_T[a][b].text)
        elif kind == TALON_HOME:
            texts.append(WASTE_TO_F.text)
        elif kind == TALON_TO_COLUMN:
            texts.append(WASTE_TO_T[b].text)
        else:
            texts.append(FOUNDATION_TO_T[a][b].text)
    return texts
