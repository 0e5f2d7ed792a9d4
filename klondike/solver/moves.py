"""The moves a search tries (rules 3 and 5 of :mod:`klondike.solver`): of the legal moves,
those that cannot wait, each with its place in the order children are tried. A move that
can wait is not generated; whether it can, depends on whether a card "would come" onto
what it frees, which :meth:`Moves._arrives` works out from where each card waits.
"""

from __future__ import annotations

from ..cards import KING, RANK_OF, RED, SUIT_OF
from .board import (
    COLUMN_HOME,
    COLUMN_TO_COLUMN,
    FOUNDATION_TO_COLUMN,
    HOME_BEFORE,
    TALON_CARD,
    TALON_HOME,
    TALON_TO_COLUMN,
    Board,
    BoardMove,
)

# Where a card waits to be brought onto a tableau card (see Moves._waiting): first
# face-up card of a column, on face-down cards or at the bottom; face up on another
# face-up card; in reach on the talon; on a foundation (rank >= 3: it can come back
# once the cards above it are off).
_TURNS_UP, _BOTTOM, _ON_FACE_UP, _IN_REACH, _ON_FOUNDATION = 1, 2, 3, 4, 5
# Per foundation height n (above 2), its cards of rank 3 to n as _waiting marks them.
_ON_FOUNDATION_RUN = tuple(bytes([_ON_FOUNDATION]) * (n - 2) for n in range(14))
_KING_COMES = (_TURNS_UP, _IN_REACH, _ON_FOUNDATION)
_NO, _YES = 1, 2
_CHAIN = 6  # how many links of "a card would come onto it" Moves._arrives follows

# Move order (higher first); a move that turns a card up adds the face-down count.
_TURNS_CARD_UP = 100
_TALON_HOME_FIRST = 60
_COLUMN_HOME_FIRST = 50
_TALON_TO_COLUMN_FIRST = 40
_EMPTIES_COLUMN = 30
_PARTIAL_RUN = 20
_TAKE_BACK = 0


def _cards_of(rank: int, suits: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(s * 13 + rank - 1 for s in suits) if 1 <= rank <= KING else ()


def _other_colour(card: int) -> tuple[int, int]:
    return (0, 3) if RED[card] else (1, 2)


# Per card: the cards that can be built on it (R2.1), the cards it can be built on, and
# its twin, the other card of the same colour and rank.
_FITTING_ON = tuple(_cards_of(RANK_OF[c] - 1, _other_colour(c)) for c in range(52))
_TARGETS = tuple(_cards_of(RANK_OF[c] + 1, _other_colour(c)) for c in range(52))
_KINGS = (12, 25, 38, 51)
_TWIN = tuple((3 - SUIT_OF[c]) * 13 + RANK_OF[c] - 1 for c in range(52))
# The moves that name only columns or suits, made once, not at every position: per
# column ``i`` its top's move home, ``_HOME[i]``, and its run's move to column ``j``,
# ``_RUN[i][j]``; per suit ``s`` its top's move back to column ``j``, ``_BACK[s][j]``;
# each a tuple of one move, as Moves.moves gives them. ``_COLUMN[j]``: ``(j,)``.
_HOME = tuple(((COLUMN_HOME, i, -1, 0, 0),) for i in range(7))
_RUN = tuple(tuple(((COLUMN_TO_COLUMN, i, j, 0, 0),) for j in range(7)) for i in range(7))
_BACK = tuple(tuple(((FOUNDATION_TO_COLUMN, s, j, 0, 0),) for j in range(7)) for s in range(4))
_COLUMN = tuple((j,) for j in range(7))


class Moves(Board):
    """A board that chooses the moves worth trying from its position (:meth:`moves`).
    Its state, set up by :class:`~klondike.solver.search.Searcher`:"""

    # Rule 3's talon chains; without them a talon card goes out alone when the card to
    # come onto it is in the talon or on a foundation (the daily deal's rules).
    chains: bool
    # Whether part of a run is ever moved (rule 3); rule 13's search never does.
    partial_runs = True
    # Set by moves for the rules that look around: column tops (-1 for a space), where
    # each card waits and the column of each face-up card (_waiting).
    tops: list[int]
    where: bytearray
    column_of: list[int]
    asked: bytearray  # the cards _arrives is asking about, to stop loops
    known: bytearray  # _arrives's answers here: 0 (not known), _NO, _YES
    kings: int  # _kings_to_come's answer here, -1 until asked

    def moves(self) -> list[tuple[int, tuple[BoardMove, ...]]]:
        """The moves worth trying here (rule 3), each a tuple of internal moves (two
        or more for a talon card and what comes onto it) with its place in the move
        order (rule 5)."""
        columns, down, found, talon = self.columns, self.down, self.found, self.talon
        tops = [col[-1] if col else -1 for col in columns]
        space = tops.index(-1) if -1 in tops else -1
        reach = self.reach()
        self.tops = tops  # for _arrives and its kin
        self.where = where = self._waiting(reach)
        self.known = bytearray(52)
        self.kings = -1
        column_of = self.column_of
        # Per card, the columns it can go onto, in order: a top it fits on (R2.1), and
        # for a King the first space (R2.3). Per column, the same for its face-up run:
        # where a card of the run fits, or the first space for a King's run that turns
        # a card up (R2.3, rule 3).
        onto: list[tuple[int, ...]] = [()] * 52
        runs_onto: list[tuple[int, ...]] = [()] * 7
        for j, top in enumerate(tops):
            if top >= 0:
                column = _COLUMN[j]
                for card in _FITTING_ON[top]:
                    onto[card] += column
                    if 0 < where[card] < _IN_REACH:  # face up in a column
                        runs_onto[column_of[card]] += column
            elif j == space:
                column = _COLUMN[j]
                for king in _KINGS:
                    onto[king] = column
                    if where[king] == _TURNS_UP:
                        runs_onto[column_of[king]] += column
        scored: list[tuple[int, tuple[BoardMove, ...]]] = []
        add = scored.append

        if not self.talon_is_set:
            for index, presses, recycled in reach:
                card = talon[index]
                if found[SUIT_OF[card]] == HOME_BEFORE[card]:
                    add((_TALON_HOME_FIRST, ((TALON_HOME, index, -1, presses, recycled),)))
                    if self._is_safe_home(card):
                        # Onto a column, the safe moves would send it home at once: the
                        # same position as this move's, made again to be found not new.
                        continue
                for j in onto[card]:
                    move = (TALON_TO_COLUMN, index, j, presses, recycled)
                    add((_TALON_TO_COLUMN_FIRST, (move,)))
        else:
            chains = self.chains
            for index, presses, recycled in reach:
                card = talon[index]
                if found[SUIT_OF[card]] == HOME_BEFORE[card] and self._next_home_waits(card):
                    add((_TALON_HOME_FIRST, ((TALON_HOME, index, -1, presses, recycled),)))
                targets = onto[card]
                if not targets:
                    continue
                # The card stays in reach, so it comes out only for a card that would
                # come onto it: with talon chains only together with it (rule 3);
                # without, alone too when that card is not in a column.
                alone = not chains and any(
                    [
                        where[fit] >= _IN_REACH
                        for fit in _FITTING_ON[card]
                        if where[fit] and self._arrives(fit)
                    ]
                )
                for j in targets:
                    move = (TALON_TO_COLUMN, index, j, presses, recycled)
                    if alone:
                        add((_TALON_TO_COLUMN_FIRST, (move,)))
                    for order, follow in self._comes_onto(card, j, chains):
                        add((order, (move, *follow)))

        for i in range(7):
            col = columns[i]
            if not col:
                continue
            d, top = down[i], col[-1]
            if found[SUIT_OF[top]] == HOME_BEFORE[top]:
                order = _TURNS_CARD_UP + d if d and len(col) == d + 1 else _COLUMN_HOME_FIRST
                add((order, _HOME[i]))
            targets = runs_onto[i]
            if not targets:
                continue
            head_rank = RANK_OF[col[d]]
            runs = _RUN[i]
            for j in targets:
                target = tops[j]
                if target < 0:  # a King's run to the first space
                    add((_TURNS_CARD_UP + d, runs[j]))
                    continue
                k = d + head_rank - RANK_OF[target] + 1  # the card that fits on it
                if k == d and d:
                    add((_TURNS_CARD_UP + d, runs[j]))
                    continue
                if k == d:  # empties the column: worth it only for a King to come
                    if self._kings_to_come() > tops.count(-1):
                        add((_EMPTIES_COLUMN, runs[j]))
                    continue
                if not self.partial_runs:
                    continue
                uncovered, twin = col[k - 1], _TWIN[col[k]]
                # (A face-down twin never comes: asked without a call, as below.)
                if found[SUIT_OF[uncovered]] == HOME_BEFORE[uncovered] or (
                    where[twin] and self._arrives(twin)
                ):
                    add((_PARTIAL_RUN, runs[j]))

        for s in range(4):
            n = found[s]
            if n < 3:  # an Ace or a 2 on the tableau never helps
                continue
            card = s * 13 + n - 1
            targets = onto[card]
            if targets and self._arrives(card):
                backs = _BACK[s]
                for j in targets:
                    add((_TAKE_BACK, backs[j]))

        return scored

    def _comes_onto(
        self, card: int, j: int, chains: bool
    ) -> list[tuple[int, tuple[BoardMove, ...]]]:
        """(order, moves) for each way a card that would come onto ``card``, a talon
        card put on column ``j``, comes at once: a column's run (ordered as that move),
        and with rule 3's talon chains also the top card of a foundation, or a talon
        card with what comes onto it in turn. A foundation card under others waits for
        them."""
        where, column_of, found = self.where, self.column_of, self.found
        ways: list[tuple[int, tuple[BoardMove, ...]]] = []
        for fit in _FITTING_ON[card]:
            # A card nowhere (face down) never comes: most often so, told without a call.
            if not where[fit] or not self._arrives(fit):
                continue
            if where[fit] < _IN_REACH:  # face up in a column
                i = column_of[fit]
                turns_up = _TURNS_CARD_UP + self.down[i] if where[fit] == _TURNS_UP else 0
                ways.append((max(turns_up, _TALON_TO_COLUMN_FIRST), _RUN[i][j]))
            elif not chains:
                continue
            elif where[fit] == _ON_FOUNDATION:
                suit = SUIT_OF[fit]
                if found[suit] == RANK_OF[fit]:
                    ways.append((_TALON_TO_COLUMN_FIRST, _BACK[suit][j]))
            else:
                for order, follow in self._comes_onto(fit, j, chains):
                    ways.append((order, ((TALON_CARD, fit, j, 0, 0), *follow)))
        return ways

    def _waiting(self, reach: tuple[tuple[int, int, int], ...]) -> bytearray:
        """Per card, where it waits to be brought onto a tableau card: one of the
        ``_TURNS_UP ... _ON_FOUNDATION`` codes, 0 if nowhere (face down, or an Ace or
        a 2 on its foundation)."""
        waiting = bytearray(52)
        column_of, down = self.column_of, self.down
        for i, col in enumerate(self.columns):
            if col:
                d = down[i]
                for card in col[d:]:
                    waiting[card] = _ON_FACE_UP
                    column_of[card] = i
                waiting[col[d]] = _TURNS_UP if d else _BOTTOM  # the run's first card
        talon = self.talon
        if self.talon_is_set:  # the draws reach every talon card
            for card in talon:
                waiting[card] = _IN_REACH
        else:
            for index, _, _ in reach:
                waiting[talon[index]] = _IN_REACH
        for s, n in enumerate(self.found):
            if n > 2:  # ranks 3 to n, each after the cards above it, R2.6
                waiting[s * 13 + 2 : s * 13 + n] = _ON_FOUNDATION_RUN[n]
        return waiting

    def _arrives(self, card: int, depth: int = 0) -> bool:
        """Whether the rules would bring ``card`` onto a tableau card (a King: into a
        space) now, from where :meth:`_waiting` found it. A card that is free to wait (a
        talon card that stays in reach, a foundation card) comes only if something
        would come onto it in turn. A reason that comes back to a card already being
        asked about is none; past :data:`_CHAIN` links the answer is yes, which errs on
        the side of searching more."""
        known = self.known
        if known[card] == _YES or depth > _CHAIN:
            return True
        if known[card] == _NO and not depth:
            return False
        where = self.where[card]
        if not where:  # face down (or an Ace or a 2 home): it never comes
            return False
        asked = self.asked
        if asked[card]:
            return False
        if where == _TURNS_UP:  # yes, with no question asked on the way
            known[card] = _YES
            return True
        asked[card] = 1
        if where == _ON_FACE_UP:  # the partial-run rule: what it uncovers must be used
            uncovered, twin = self.below[card], _TWIN[card]
            # A face-down twin never comes, but past _CHAIN links the answer is yes.
            answer = self.found[SUIT_OF[uncovered]] == HOME_BEFORE[uncovered] or (
                (self.where[twin] > 0 or depth >= _CHAIN) and self._arrives(twin, depth + 1)
            )
        elif where == _BOTTOM:  # its move empties a column, which only a King can use
            answer = RANK_OF[card] != KING and self._kings_to_come() > self.tops.count(-1)
        elif where == _IN_REACH:
            answer = not self.talon_is_set or self._holds(card, depth)
        else:  # on a foundation
            answer = self._holds(card, depth) or self._frees(card - 1, depth)
        asked[card] = 0
        if answer:
            known[card] = _YES
        elif not depth:  # a no deeper down may come from stopping a loop
            known[card] = _NO
        return answer

    def _holds(self, card: int, depth: int = 0) -> bool:
        """Whether a card would come onto ``card`` (see :meth:`_arrives`, whose quick
        answers are repeated here to save calls)."""
        fits = _FITTING_ON[card]
        if not fits:
            return False
        if depth >= _CHAIN:
            return True
        known, asked, where = self.known, self.asked, self.where
        for fit in fits:
            if known[fit] == _YES:
                return True
            if where[fit] and not asked[fit] and self._arrives(fit, depth + 1):
                return True
        return False

    def _frees(self, card: int, depth: int = 0) -> bool:
        """Whether ``card``, next down on its foundation, would come back (R2.6) once
        the card above it is off: ranks 1 and 2 never need to; otherwise a card it fits
        on must be up or able to come (not face down). If it would not, the same for
        the card under it, one link further."""
        where = self.where
        while RANK_OF[card] >= 3:
            first, second = _TARGETS[card]  # a rank from 3 to 12: two cards
            if not (where[first] or where[second]):
                return False
            if self._holds(card, depth):
                return True
            card -= 1
            depth += 1
        return False

    def _kings_to_come(self) -> int:
        """How many Kings would go into a space: from face-down cards, or as above.
        Counted once per position; a question about it asked while counting gets the
        count of every King that could move at all, which errs on the side of yes."""
        if self.kings < 0:
            where = self.where
            # Lists, not generators (quicker); the first count stays in place while the
            # second asks about each King in turn, as it did with generators.
            self.kings = sum([where[king] in _KING_COMES for king in _KINGS])
            self.kings = sum(
                [
                    where[king] == _TURNS_UP or (where[king] != _BOTTOM and self._arrives(king))
                    for king in _KINGS
                ]
            )
        return self.kings

    def _next_home_waits(self, card: int) -> bool:
        """For a talon that stays in reach: whether the next card of ``card``'s suit is
        face up in a column, or in the talon and the same holds for the one after it.
        The daily deal's frozen rules ask for a column's top instead of any face-up
        card: they miss some wins (rule 3), never make a false one."""
        where, tops = self.where, self.tops
        for following in range(card + 1, card - RANK_OF[card] + 14):
            face_up = following in tops if self.daily else 0 < where[following] < _IN_REACH
            if face_up:
                return True
            if where[following] != _IN_REACH:
                return False
        return False
