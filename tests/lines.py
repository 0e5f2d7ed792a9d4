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
