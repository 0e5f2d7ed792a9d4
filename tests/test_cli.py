"""R10 The command line: deal and play, with --json exactly as specified."""

import json
import subprocess
import sys

import pytest

from klondike.cli import main


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_R10_deal_json_has_exactly_the_specified_fields(capsys):
    code, out, _ = run(capsys, "deal", "KL1-D1N-AAAAAAA", "--json")
    state = json.loads(out)
    assert code == 0
    assert list(state) == [
        "code", "tableau", "stock", "waste", "foundations", "score", "moves", "recycles", "won",
    ]
    assert state["tableau"][6] == {"down": ["6c", "9d", "2s", "6s", "5h", "8h"], "up": ["Ah"]}
    assert state["stock"][:4] == ["Qd", "Tc", "Qs", "Jh"]
    assert state["foundations"] == {"s": 0, "h": 0, "d": 0, "c": 0}
    assert (state["score"], state["moves"], state["recycles"], state["won"]) == (0, 0, 0, False)


def test_R10_play_json_is_the_state_after_the_moves(capsys):
    code, out, _ = run(capsys, "play", "kl1-d3x-aaaaaag", "S", "T7>F", "--json")
    state = json.loads(out)
    assert code == 0 and state["code"] == "KL1-D3X-AAAAAAG"
    assert state["waste"] == ["Qh", "Jh", "As"]  # top last
    assert state["foundations"]["h"] == 1 and state["score"] is None and state["moves"] == 2


def test_R10_play_stops_with_non_zero_exit_naming_the_first_illegal_move(capsys):
    code, out, err = run(capsys, "play", "KL1-D1N-AAAAAAA", "T7>F", "T1>T2", "S")
    assert code == 1 and out == ""
    assert "move 2 'T1>T2' is illegal" in err


def test_R10_bad_code_exits_non_zero_with_the_reason(capsys):
    code, _, err = run(capsys, "deal", "KL1-D1Q-AAAAAAA")
    assert code == 2 and "unknown scoring letter 'Q'" in err


def test_R10_text_board_shows_columns_and_header(capsys):
    code, out, _ = run(capsys, "play", "KL1-D1V-AAAAAAA", "T7>F")
    lines = out.splitlines()
    assert code == 0
    assert lines[0].startswith("KL1-D1V-AAAAAAA  draw 1, Vegas scoring  -$47  moves 1")
    assert "Fh:Ah" in lines[1]
    assert lines[3].split() == ["T1", "T2", "T3", "T4", "T5", "T6", "T7"]
    assert lines[4].split() == ["8c", "##", "##", "##", "##", "##", "##"]


@pytest.mark.parametrize("args", [["deal", "KL1-D1N-AAAAAAG", "--json"]])
def test_R10_python_dash_m_klondike_runs(args):
    result = subprocess.run(
        [sys.executable, "-m", "klondike", *args], capture_output=True, text=True, check=True
    )
    assert json.loads(result.stdout)["tableau"][0]["up"] == ["Ad"]
