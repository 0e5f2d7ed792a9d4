"""Random legal play (Hypothesis): the invariants of R1-R4 hold after every action."""

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from klondike import DEALS, Game, GameCode, IllegalMove
from klondike.moves import ALL_MOVES

# The tables of SPEC R3, written out again here so the check does not trust scoring.py:
# (to foundation, waste to column, turned up, foundation to column, floor, start).
TABLES = {
    "N": (10, 5, 5, 0, 0, 0),
    "S": (10, 5, 5, -15, 0, 0),
    "V": (5, 0, 0, 0, None, -52),
    "X": (0, 0, 0, 0, None, 0),
}


def recycle_points(scoring: str, draw: int, nth: int) -> int:
    if scoring == "N" or (scoring == "S" and draw == 1):
        return -100
    if scoring == "S":
        return 0 if nth <= 3 else -20
    return 0


def recomputed_score(game: Game) -> int | None:
    """Replay the history on a fresh game and score what is seen to happen."""
    letter, draw = game.scoring.letter, game.draw
    to_f, w_to_t, turned, f_to_t, floor, score = TABLES[letter]
    replay = Game(game.game_code)
    recycles = 0
    for move in game.history:
        text = str(move)
        home = sum(replay.foundations.values())
        down = sum(len(c.down) for c in replay.tableau)
        stock_empty = not replay.stock
        replay.play(move)
        points = 0
        if text == "S" and stock_empty:
            recycles += 1
            points += recycle_points(letter, draw, recycles)
        points += to_f * (sum(replay.foundations.values()) - home > 0)
        points += f_to_t * (text[0] == "F")
        points += w_to_t * text.startswith("W>T")
        points += turned * (down - sum(len(c.down) for c in replay.tableau))
        score += points
        if floor is not None:
            score = max(floor, score)
    return None if letter == "X" else score


class RandomPlay(RuleBasedStateMachine):
    @initialize(
        deal=st.integers(0, DEALS - 1),
        draw=st.sampled_from([1, 3]),
        scoring=st.sampled_from("NSVX"),
    )
    def start(self, deal, draw, scoring):
        self.game = Game(GameCode(deal, draw, scoring))
        self.initial = self.game.state()

    @rule(data=st.data())
    def play_a_legal_move(self, data):
        legal = self.game.legal_moves()
        if legal:
            self.game.play(data.draw(st.sampled_from(legal)))

    @precondition(lambda self: self.game.moves_made > 0)
    @rule()
    def undo(self):
        self.game.undo()

    @invariant()
    def fifty_two_distinct_cards(self):
        g = self.game
        cards = [c for col in g.tableau for c in col.down + col.up] + list(g.stock)
        cards += list(g.waste)
        for s, count in enumerate(g.foundations.values()):  # Ace up to the top card
            cards += range(13 * s, 13 * s + count)
        assert sorted(cards) == list(range(52))

    @invariant()
    def face_down_cards_lie_only_under_face_up_ones(self):
        for column in self.game.tableau:
            assert not column.down or column.up

    @invariant()
    def score_matches_the_rules_applied_to_the_history(self):
        assert self.game.score == recomputed_score(self.game)

    @invariant()
    def legal_moves_are_exactly_those_play_accepts(self):
        legal = self.game.legal_moves()
        assert len(legal) == len(set(legal))
        for move in ALL_MOVES:
            try:
                self.game.play(move)
            except IllegalMove:
                assert move not in legal
            else:
                assert move in legal
                self.game.undo()

    @invariant()
    def save_round_trips(self):
        restored = Game.from_json(self.game.to_json())
        assert restored.state() == self.game.state()
        assert restored.history == self.game.history

    def teardown(self):
        game = self.game
        while game.moves_made:
            game.undo()
        assert game.state() == self.initial


RandomPlay.TestCase.settings = settings(max_examples=40, stateful_step_count=50, deadline=None)
test_random_play = RandomPlay.TestCase
