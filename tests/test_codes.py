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
        ("KL1-D1N-AAA AAAG", "no spaces inside"),
        ("KL1 - D1N - AAAAAAG", "no spaces inside"),  # not "unknown code version 'KL1 '"
        ("KL1 D1N AAAAAAG", "no spaces inside"),
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


@pytest.mark.parametrize("link", [
    "http://127.0.0.1:8123/#KL1-D3V-AAAAAAG",
    "https://someone.github.io/klondike/?game=kl1-d3v-aaaaaag",
    "https://someone.github.io/klondike/index.html?x=1&game=KL1-D3V-AAAAAAG&y=2",
    "  #KL1-D3V-AAAAAAG  ",
])
def test_a_pasted_link_to_a_deal_is_read_as_its_code(link):
    """Issue 39: the game's own "Copy link", pasted in the code field, was refused."""
    assert str(GameCode.parse(link)) == "KL1-D3V-AAAAAAG"


@pytest.mark.parametrize("typed", [
    "Q" * 100_000, "KL1-" + "D" * 100_000 + "-AAAAAAG", "KL1-D1N-" + "<b>" * 50_000,
    "x" * 50_000 + "-D1" + "Z" * 50_000 + "-AAAAAAG",
])
def test_a_message_echoes_at_most_a_few_dozen_characters_of_what_was_typed(typed):
    with pytest.raises(BadCode) as refused:
        GameCode.parse(typed)
    assert len(str(refused.value)) < 100
