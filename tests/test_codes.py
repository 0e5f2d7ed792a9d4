"""R7 Game codes: parse and format, errors that name the faulty part."""

import pytest

from klondike import DEALS, BadCode, Game, GameCode


@pytest.mark.parametrize(
    ("text", "deal", "draw", "scoring"),
    [
        ("KL1-D1N-AAAAAAA", 0, 1, "N"),
        ("KL1-D1N-AAAAAAG", 6, 1, "N"),
        ("KL1-D3S-AAAAABA", 26, 3, "S"),
        ("KL1-D1V-BAAAAAA", 26**6, 1, "V"),
        ("KL1-D3X-ZZZZZZZ", DEALS - 1, 3, "X"),
    ],
)
def test_R7_parse_and_format_round_trip(text, deal, draw, scoring):
    code = GameCode.parse(text)
    assert (code.deal, code.draw, code.scoring) == (deal, draw, scoring)
    assert str(code) == text
    assert Game.from_code(text).code == text


def test_R7_input_is_case_insensitive_and_ignores_surrounding_spaces():
    assert str(GameCode.parse("  kl1-d3v-aaaaaag\n")) == "KL1-D3V-AAAAAAG"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("KL1-D1Q-AAAAAAG", "unknown scoring letter 'Q'"),
        ("KL1-D1N-AAAAAG", "deal part must be 7 letters"),
        ("KL1-D1N-AAAAAA1", "deal part must be 7 letters"),
        ("KL1-D1N-AAAAAAAA", "deal part must be 7 letters"),
        ("KL1-D2N-AAAAAAG", "must be D1 or D3"),
        ("KL1-X1N-AAAAAAG", "must be D1 or D3"),
        ("KL2-D1N-AAAAAAG", "unknown code version 'KL2'"),
        ("KL1D1NAAAAAAG", "three parts"),
        ("", "three parts"),
        ("KL1-D1N-AAA AAAG", "deal part must be 7 letters"),
    ],
)
def test_R7_malformed_codes_name_the_faulty_part(text, message):
    with pytest.raises(BadCode, match=message):
        GameCode.parse(text)


def test_R7_bad_code_is_a_value_error():
    assert issubclass(BadCode, ValueError)
    with pytest.raises(ValueError):
        Game.from_code("nonsense")


def test_R7_code_fixes_the_deal_draw_and_scoring():
    game = Game.from_code("KL1-D3V-AAAAAAG")
    assert game.draw == 3 and game.scoring.letter == "V" and game.score == -52
    assert Game.from_code("KL1-D3V-AAAAAAG").state() == game.state()
