"""Winning move lists found by tests/winning_lines.py (a plain search), frozen.

Neither line takes a card back from a foundation.
"""

# Draw 1, no recycle: 15 waste cards played to columns.
_DEAL_2 = (
    "S S S S W>T1 T2>T1 T1>T6 S W>F T5>F T2>F T3>T5 T3>F T6>T1 S T1>T6 S T6>T1 W>T6 S "
    "W>F S W>T2 T6>T2 S W>F S W>T7 S W>F S W>T1 T7>T1 T7>T5 T7>F T7>F S W>T2 T7>T2 T4>T7 "
    "W>T4 T6>T4 W>T1 T4>T1 S W>T5 T3>T5 S W>T7 W>T7 W>F T1>F T5>T7 T6>T1 T6>T5 T6>T1 "
    "T6>F S S W>T3 T1>T3 S S W>T1 T7>T1 S W>F T1>T7 S W>F T3>F T3>F T7>F T3>F T7>F T3>F "
    "T7>F T7>F T4>T3 T4>F T4>F T3>F T3>F T7>F W>T7 W>T1 T5>T1 T5>F T5>F T3>F T3>F T1>F "
    "T7>F T2>F S W>F T7>F T3>F T7>F T3>F T7>F S W>F T2>F T1>F T1>F T2>F T2>F T1>F T3>F "
    "T3>F T7>F T2>F T7>F"
)

# Draw 1 with two recycles: 14 waste cards played to columns.
_DEAL_3 = (
    "T1>F T2>F T2>T5 S S S S S W>T7 T3>T7 S S W>T7 T5>T7 T3>T5 T6>T3 T6>F T5>F T6>F "
    "T6>T1 S S W>T6 S W>T6 S S W>T2 T6>T2 T6>F S W>F S S S W>F S W>F S W>T4 S S S W>F "
    "T7>F T7>F T5>T7 T4>T5 T4>F T5>T1 T5>T6 T2>T6 T5>T6 T6>T2 S W>F T2>T6 S T6>T2 S "
    "T2>T6 S T6>T2 S T2>T6 S W>F T7>F T6>T2 S W>T1 T7>T1 T7>T2 T2>T6 T3>T6 T6>T2 S T2>T6 "
    "S W>T7 T6>T2 S T2>T6 S W>F T1>F T6>T2 S W>F T2>F T7>F T2>T6 S W>T4 T6>T2 S W>T6 "
    "T4>T6 S S W>T4 S W>T4 S S W>T6 S W>F S W>T4 T7>T4 T7>F T7>T3 T7>F T7>F T1>F T1>F "
    "T2>F T1>F T2>F T1>F T2>F T1>F T2>F T1>F T2>F T1>T3 T4>T1 S W>F T1>F T1>F T6>F T1>F "
    "T6>F T1>F T1>F T2>F T1>F T6>F T3>F T2>F T6>F T3>F T6>F"
)

DEAL_2_DRAW_1 = _DEAL_2.split()
DEAL_3_DRAW_1 = _DEAL_3.split()


# The tallest column Klondike allows (issue 40): column 7 with 6 face-down cards under 13
# face-up ones, a King-to-Ace run on the King it was dealt, found by a search
# (tools/find_tall_column.py). Neither line is a win.

# Draw 1: 64 moves.
TALL_DRAW1_CODE = "KL1-D1N-AAAAAAY"
TALL_DRAW1_MOVES = (
    "T5>T1 T5>T7 T3>F S S S S W>F T6>F T6>T2 S W>F S S S S S S S S W>T2 S S W>F S S S S "
    "W>F W>T4 T1>F S S S W>T6 S S S S S S S S S S S S S S W>T6 T1>T6 W>T1 T4>T1 T4>T7 "
    "T3>T7 S S W>T7 S W>T7 T6>T7 W>T7 Fd>T7 Fc>T7"
)

# Draw 3: 51 moves; the last turns the stock, so the waste fans 3 cards.
TALL_DRAW3_CODE = "KL1-D3N-AAAAAAY"
TALL_DRAW3_MOVES = (
    "T5>T1 T5>T7 T3>F T6>T1 T6>T2 S S S S S S W>T4 S S S S S S S S S S W>T6 S S S S S S S "
    "W>F W>T6 W>T2 T1>T6 W>T1 T4>T1 T4>T7 T3>T7 S W>T2 W>T7 S S S S S S W>T7 T6>T7 Fs>T7 "
    "S"
)
