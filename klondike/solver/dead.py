"""The dead-position check (rule 6 of :mod:`klondike.solver`): a relaxation of the game in
which every move that could ever happen does, and no card or space is ever used up; a card
that still cannot go home makes the position lost. The searches ask it at every position
they expand, and remember its answers per class of positions (rule 12) for all the
searches of one solve.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .board import BIT, FOUNDATION_TO_COLUMN, NO_CARD, PLACE, draws_reach
from .keys import Keys

#: At most this many of rule 6's answers are remembered in a solve (the first ones: the
#: searches that start again meet them most). Over deals 30000-30002 at 60,000 nodes,
#: 7% of the questions in draw 3 and 16% in draw 1 were answered from memory, most by
#: the first 32,768 answers; keeping all of them took 50 bytes a node at 200,000 nodes
#: (and the keys they held on to, another 60). Those figures are from before the answers
#: went by class (rule 6), which answers more from memory with the same limit.
DEAD_LIMIT = 1 << 15

#: The moves after which the searches do not ask rule 6 again: a card taken back from its
#: foundation onto a top. The relaxation of the position it came from, which was not
#: dead, has that top free at once; here the card is free and next home, so it moves home
#: and frees the top, and the relaxation goes on as there: not dead either. (Not asking
#: can only let a search expand a position the check would have cut: no answer changes.)
#: Not asking, rule 12's search alone took 0.89 times the CPU time on seven slow deals of
#: 30000-30299 in draw 3, same nodes. A card sent home from a column is still asked: 3%
#: (draw 3) and 6% (draw 1) of the positions so reached on deals 30000-30099 were dead.
ALIVE = (FOUNDATION_TO_COLUMN,)

# Sets of cards are ints as :data:`~klondike.solver.board.BIT` lays them out, worked on a
# colour's half at a time (26 bits: black below, red above).
_HALF = (1 << 26) - 1  # all the cards of one colour
_SUIT = (1 << 13) - 1
_ACES = 1 | 1 << 13  # of one colour's half, and so on
_KING_BITS = 1 << 12 | 1 << 25
_NO_KINGS = _HALF & ~_KING_BITS
# Per set of one suit's free cards (13 bits), the cards of the other colour that fit on
# one of them: one rank down, in both suits of the other colour's half.
_FITTING = tuple((free >> 1) * (1 | 1 << 13) for free in range(1 << 13))
_LOWEST = tuple((1 << n) - 1 for n in range(14))  # a suit's n lowest cards
# Per card: whether it is red, its bit in its colour's half; per bit_length() of a set of
# both halves (the red half above the black), the card.
_IS_RED = tuple(place >= 26 for place in PLACE)
_HALF_BIT = tuple(1 << place % 26 for place in PLACE)
_CARD_AT = (-1, *sorted(range(52), key=PLACE.__getitem__))
# Per suit and count of its cards home, the bits (BIT) of those cards.
_HOME_BITS = tuple(
    tuple(sum(BIT[suit * 13 + rank] for rank in range(n)) for n in range(14)) for suit in range(4)
)


# A solve of 20,000 nodes in draw 3 meets about 1,500 talons (deals 65, 204 and 395),
# each asked about 5 to 10 times; an entry took some 800 bytes on deal 30015 in draw 3
# (3.3 MB when full with 1 << 12 entries).
@lru_cache(maxsize=1 << 10)
def _talon_sets(
    talon_key: bytes, draw: int, unlimited: bool
) -> tuple[int, int, int, int, tuple[tuple[int, int, int, int, int], ...]]:
    """Rule 6's view of a talon, from its :meth:`Keys.talon_key` (not the set of
    draw 1 with unlimited passes): its cards and those the draws bring up now, each in
    two halves (black, red), and for each of the others (the card in the two halves,
    the cards before it, how many of those must leave first, the card just after it, as
    whole sets): the draws bring it up once that many cards before it, or the one just
    after it, can leave the talon. Without a recycle left, only the card after
    it lets it come up. A waste the key counts as empty reaches the same cards
    (rule 4)."""
    talon, p, recycles_left = talon_key[:-2], talon_key[-2], talon_key[-1]
    can_recycle = unlimited or recycles_left > 0
    reach = draws_reach(len(talon), p, draw, can_recycle)
    in_reach = sum({BIT[talon[index]] for index, _, _ in reach})
    before = 0  # the cards before the one at hand
    out_of_reach = []
    for i, card in enumerate(talon):
        bit = BIT[card]
        if not in_reach & bit:
            after = BIT[talon[i + 1]] if i + 1 < len(talon) else 0
            if can_recycle:
                # A pass from an empty waste brings up the talon's cards draw - 1,
                # 2 * draw - 1... (R2.8), counted once the cards taken out before them
                # are gone: this many must go to shift the card to such a place (0 only
                # for a card in reach already, which is not here).
                need = (i - draw + 1) % draw
                out_of_reach.append((bit & _HALF, bit >> 26, before, need, after))
            else:
                out_of_reach.append((bit & _HALF, bit >> 26, 0, 1, after))
        before |= bit
    return before & _HALF, before >> 26, in_reach & _HALF, in_reach >> 26, tuple(out_of_reach)


class DeadEnds(Keys):
    """A board that can tell whether its position is lost by rule 6."""

    # is_dead's answers per class, shared by the searches of one solve (Searcher's).
    dead: dict[bytes, bool]

    def is_dead_remembered(self, key: bytes | None = None) -> bool:
        """:meth:`is_dead`, remembered for all the searches of one solve per class of
        positions (rule 12's :meth:`~.keys.Keys.class_key`; ``key``, the caller's if it
        has it), through :meth:`dead_key`. A class is lost if one of its positions is,
        so a dead answer holds for all of them. An answer "not dead" given for another
        position of the class can only let a search expand a position the check would
        have cut. (In the searches that know positions by their own keys, every answer
        so given was also the position's own: 10,681 on seven slow draw-3 deals of
        30000-30299, 8,928 on six draw-1 deals.)"""
        position = self.dead_key(self.class_key() if key is None else key)
        dead = self.dead.get(position)
        if dead is None:
            dead = self.is_dead()
            if len(self.dead) < DEAD_LIMIT:
                self.dead[position] = dead
        return dead

    def dead_key(self, key: bytes) -> bytes:
        """What :meth:`is_dead_remembered` remembers a :meth:`~.keys.Keys.class_key`
        by: all of it, but in draw 1 with unlimited passes, where rule 6 reads the
        tableau alone (the cards off it, home or in the talon, are all alike to it),
        the class's part of the tableau: per column the count of its own cards (the
        key's), and the 52 bits of the cards off the tableau (the others are face up).
        Cut there, not at a byte: the talon's set can hold any byte."""
        if not self.talon_is_set:
            return key
        # The class key: 4 foundation counts, 7 column counts, the talon's bits.
        off = int.from_bytes(key[11:], "little")
        for suit in range(4):
            off |= _HOME_BITS[suit][key[suit]]
        return key[4:11] + off.to_bytes(7, "little")

    def is_dead(self) -> bool:
        """Rule 6: some card can never go home, even if every move that could ever
        happen did happen (a relaxation of the game, where no card or space is ever
        used up).

        Sets of cards are ints (see :data:`BIT`), each colour's half apart (``_a``
        black, ``_b`` red), so that a round over all 52 cards is a few operations on
        whole sets."""
        spades, hearts, diamonds, clubs = self.found
        # Home, or a talon card the draws can bring to the waste top.
        drawn_a = _LOWEST[spades] | _LOWEST[clubs] << 13
        drawn_b = _LOWEST[hearts] | _LOWEST[diamonds] << 13
        out_of_reach: Sequence[tuple[int, int, int, int, int]] = ()  # see _talon_sets
        if self.talon_is_set:  # its key is the set of its cards, 52 bits (Keys.talon_key)
            in_talon = int.from_bytes(self.talon_part or self.talon_key(), "little")
            talon_a, talon_b = in_talon & _HALF, in_talon >> 26
            drawn_a |= talon_a
            drawn_b |= talon_b
        else:
            talon_a, talon_b, reach_a, reach_b, out_of_reach = _talon_sets(
                self.talon_key(), self.draw, self.unlimited
            )
            drawn_a |= reach_a
            drawn_b |= reach_b
        # In a column (the rest), and of those face up.
        column_a, column_b = _HALF ^ (drawn_a | talon_a), _HALF ^ (drawn_b | talon_b)
        face_up_a = column_a ^ self.face_down & _HALF
        face_up_b = column_b ^ self.face_down >> 26
        columns = self.columns
        tops = sum([BIT[col[-1]] for col in columns if col])
        free_a, free_b = tops & _HALF, tops >> 26  # can be a column's top
        space = not all(columns)  # a column can be empty
        below = self.below
        moved_a = moved_b = 0  # can move from its place in its column, at the head of a run
        leaving = 0
        while True:
            ready_a, ready_b = free_a | drawn_a, free_b | drawn_b
            if ready_a == _HALF == ready_b:
                return False
            # The cards one of whose two targets can be a top: each colour's free cards
            # one rank down, in both suits of the other colour; Kings, once a space can
            # be.
            fits_b = _FITTING[(free_a | free_a >> 13) & _SUIT]
            fits_a = _FITTING[(free_b | free_b >> 13) & _SUIT]
            if space:
                fits_a |= _KING_BITS
                fits_b |= _KING_BITS
            # Per suit, the cards that can go home in order: its lowest ones that are
            # ready, up to the first that is not (adding one per suit carries through
            # them; without the Kings, no carry crosses into the next suit). Then the
            # cards that can go home once those are: they and the next of each suit.
            low = ready_a & _NO_KINGS
            home_a = low & (_HALF ^ (low + _ACES))
            home_a |= ready_a & home_a << 1 & _KING_BITS
            low = ready_b & _NO_KINGS
            home_b = low & (_HALF ^ (low + _ACES))
            home_b |= ready_b & home_b << 1 & _KING_BITS
            homeable_a = (home_a << 1 | _ACES) & _HALF
            homeable_b = (home_b << 1 | _ACES) & _HALF
            # A column card moves if it is face up or can be a top, and it fits on a
            # card that can be a top, or it can be a top and go home. The card under
            # it can then be a top, and may move at once in turn.
            changed = False
            movers_a = (face_up_a | free_a & column_a) & (fits_a | free_a & homeable_a)
            movers_b = (face_up_b | free_b & column_b) & (fits_b | free_b & homeable_b)
            movers_a &= ~moved_a
            movers_b &= ~moved_b
            if movers_a or movers_b:
                moved_a |= movers_a
                moved_b |= movers_b
                changed = True
                can_a = (fits_a | homeable_a) & ~moved_a
                can_b = (fits_b | homeable_b) & ~moved_b
                for movers, offset in ((movers_a, 0), (movers_b, 26)):
                    while movers:
                        low = movers & -movers
                        movers ^= low
                        under = below[_CARD_AT[low.bit_length() + offset]]
                        while under != NO_CARD:
                            bit = _HALF_BIT[under]
                            if _IS_RED[under]:
                                free_b |= bit
                                if not can_b & bit:
                                    break
                                can_b ^= bit
                                moved_b |= bit
                            else:
                                free_a |= bit
                                if not can_a & bit:
                                    break
                                can_a ^= bit
                                moved_a |= bit
                            under = below[under]
                        else:
                            space = True
            # A talon or foundation card can be a top once it can be put on one.
            placed_a = drawn_a & fits_a & ~free_a
            placed_b = drawn_b & fits_b & ~free_b
            if placed_a or placed_b:
                free_a |= placed_a
                free_b |= placed_b
                changed = True
            # A talon card out of reach is drawn once enough cards before it, or the
            # one after it, can leave the talon (see _talon_sets).
            if out_of_reach:
                now = drawn_a & (free_a | home_a) | (drawn_b & (free_b | home_b)) << 26
                if now != leaving:
                    leaving = now
                    still = []
                    for talon_card in out_of_reach:
                        card_a, card_b, before, need, after = talon_card
                        if now & after or (now & before).bit_count() >= need:
                            drawn_a |= card_a
                            drawn_b |= card_b
                            changed = True
                        else:
                            still.append(talon_card)
                    out_of_reach = still
            if not changed:
                return True
