"""The solver benchmark runs (a smoke test: its figures are measured, not tested)."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from klondike.solution import LOST, WON, Solution

ROOT = Path(__file__).resolve().parent.parent
# bench/machine.py's line, up to its load average.
MACHINE_LINE = (r"machine: a fixed loop took (\d+)-(\d+) ms of CPU \(median (\d+)\) "
                r"in (\d+) timings during the run;")


def test_the_solver_benchmark_compares_with_a_baseline_checkout(tmp_path: Path) -> None:
    # --baseline runs another checkout's solver beside this one; this one against
    # itself must give the same answers after the same nodes. --results keeps them.
    bench = [sys.executable, str(ROOT / "bench" / "solver.py"), "--deals", "0:3"]
    results = tmp_path / "results.jsonl"
    out = subprocess.run(
        [*bench, "--draw", "1", "3", "--budget", "500", "--baseline", str(ROOT),
         "--results", str(results)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    assert "| 1 | 0:3 |" in out and "| 3, baseline | 0:3 |" in out
    assert "decided <= 0.5k nodes" in out and "1 worker each, side by side" in out
    # The machine's speed during the run, from a fixed loop timed at least at both ends.
    load = r" load average [\d., ]+\(1, 5, 15 min\), \d+ cores at the end"
    speed = re.search(MACHINE_LINE + load, out)
    assert speed, out
    low, high, median, timings = map(int, speed.groups())
    assert 0 < low <= median <= high and timings >= 2
    for draw in (1, 3):
        assert f"draw {draw}: the same answer after the same nodes on 3 of 3 deals" in out
    lines = [json.loads(line) for line in results.read_text().splitlines()]
    assert [line[:2] for line in lines] == [[1, 0], [1, 1], [1, 2], [3, 0], [3, 1], [3, 2]]
    assert all(line[2] in ("won", "lost", "unknown") and line[3] <= 500 for line in lines)


def test_the_budget_benchmark_searches_again_what_was_left_unknown(tmp_path: Path) -> None:
    # bench/budget.py takes a --results file and searches its unknown deals at a bigger
    # budget; the decided ones stand, and the unknown ones are counted at each rung.
    results = tmp_path / "results.jsonl"
    results.write_text("\n".join(json.dumps(row) for row in [
        [3, 0, "unknown", 100, 0.0],  # deal 0 in draw 3 is proved lost after 1,719 nodes
        [3, 1, "unknown", 100, 0.0],
        [3, 2, "lost", 0, 0.0],
    ]) + "\n")
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "budget.py"), str(results), "--budget", "4700",
         "--jobs", "1"],
        capture_output=True, text=True, check=True, timeout=120,
    ).stdout
    assert "3 deals in" in out and "2 unknown there" in out
    assert "draw 3 deal 0: lost after 1,719 nodes" in out
    assert "draw 3 deal 1: unknown after 4,700 nodes" in out
    assert out.rstrip().endswith("draw 3, 3 deals, unknown within 4,700: 1 (33.3%)")


def test_the_split_benchmark_counts_each_search_s_own_turns() -> None:
    # bench/solver_split.py counts the portfolio's turns per search, names the one that
    # answered, and leaves out the deals decided within --over nodes.
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "solver_split.py"), "--deals", "0:3",
         "--budget", "3000", "--over", "0"],
        capture_output=True, text=True, check=True, timeout=120,
    ).stdout
    lines = out.splitlines()
    # Deal 0 in draw 3: lost by rule 12's search alone (rule 8's first search, SOLO turns).
    lost = re.fullmatch(r"draw 3 deal 0: lost after ([\d,]+) nodes \([\d.]+ s of CPU\) "
                        r"by rule 12 steps; turns: rule 12 steps ([\d,]+)", lines[0])
    assert lost, out
    nodes, turns = (int(n.replace(",", "")) for n in lost.groups())
    assert turns == nodes + 1  # each node a turn, and the one that answered
    # Deal 1: undecided within the budget; past SOLO nodes the others took turns too.
    assert lines[1].startswith("draw 3 deal 1: unknown after 3,000 nodes ("), out
    turns_text = lines[1].split("turns: ")[1]
    counts = dict(re.findall(r"(rule [^,;]+?(?: \([^)]*\))?) ([\d,]+)", turns_text))
    assert "rule 12 steps" in counts and "rule 14 beams" in counts, counts
    assert sum(int(n.replace(",", "")) for n in counts.values()) >= 3_000
    assert lines[-1] == "1 of deals 0:3 took at most 0 nodes (not shown)"  # deal 2


def test_the_soundness_check_compares_the_solver_with_every_legal_move(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # bench/soundness.py: the solver's answers on random endgames against a search of
    # every legal move; it agrees on these, and exits with 1 and says where when the
    # solver is wrong (here a solver that calls everything lost).
    spec = importlib.util.spec_from_file_location("soundness", ROOT / "bench" / "soundness.py")
    assert spec and spec.loader
    soundness = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(soundness)
    argv = ["soundness.py", "--endgames", "12", "--left", "12", "--columns", "3"]
    monkeypatch.setattr(sys, "argv", argv)
    assert soundness.main() == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith("seed 11, 12 cards left in 2-3 columns, 12 endgames: "), line
    assert "; 0 wrong (" in line
    monkeypatch.setattr(soundness, "solve", lambda game, budget: Solution(LOST, 0, []))
    assert soundness.main() == 1
    out = capsys.readouterr().out
    assert "the solver says lost, every move wins" in out and " wrong (" in out, out
    # A win whose line does not win (no moves at all) is wrong too.
    monkeypatch.setattr(soundness, "solve", lambda game, budget: Solution(WON, 0, []))
    assert soundness.main() == 1
    assert "the solver's winning line does not win" in capsys.readouterr().out


def test_the_pyodide_benchmark_times_another_checkout_in_the_same_runs() -> None:
    # bench/solver_pyodide.mjs --against loads both checkouts' klondike/ into one
    # Pyodide and takes turns; this checkout against itself searches the same nodes.
    out = subprocess.run(
        ["node", str(ROOT / "bench" / "solver_pyodide.mjs"), "--against", str(ROOT),
         "--rounds", "2", "2", "300", "3"],
        capture_output=True, text=True, check=True, timeout=300, cwd=ROOT,
    ).stdout
    rounds = [line.split(":")[1].split(" nodes")[0] for line in out.splitlines()
              if line.startswith("  round")]
    assert len(rounds) == 4 and len(set(rounds)) == 1, out  # deals 0-1 in draw 3
    assert "round 2, against" in out and "time, this / against: best" in out
    assert out.count("warm-up, this: ") == 2, out  # --warmup's default, not counted


def test_the_pyodide_benchmark_times_cpython_on_the_same_searches() -> None:
    # bench/solver_pyodide.mjs --cpython runs the same deals (--first on) with this
    # checkout in Pyodide and in each CPython given, taking turns, and prints the ratios;
    # it stops if a side searched other node counts.
    out = subprocess.run(
        ["node", str(ROOT / "bench" / "solver_pyodide.mjs"), "--cpython", sys.executable,
         "--rounds", "2", "--warmup", "1", "--first", "30000", "2", "300", "3"],
        capture_output=True, text=True, check=True, timeout=300, cwd=ROOT,
    ).stdout
    lines = out.splitlines()
    assert lines[0].startswith("Deals 30000-30001 in draw 3, 300 nodes each, 2 rounds"), out
    # Pyodide's one warm-up round first, not counted.
    assert lines[1].startswith("  Pyodide's warm-up first, not counted: "), out
    nodes = [line.split(": ")[1].split(" nodes")[0] for line in lines[2:4]]
    assert lines[2].startswith("  Pyodide (Python 3.") and len(set(nodes)) == 1, out
    assert f"Pyodide's time / CPython {sys.version.split()[0]}'s: best " in out, out
    # And each round's own ratio, the two runs of a round being next to each other.
    assert " round by round " in out and " at the median (" in out, out
    # The same in CPU time (process.cpuUsage() in Node.js, process_time() in CPython).
    assert f"Pyodide's CPU time / CPython {sys.version.split()[0]}'s: best " in out, out


def test_the_browser_benchmark_times_pyodide_in_a_chromium_worker_against_cpython() -> None:
    # bench/solver_browser.py: the same comparison with Pyodide in a module Web Worker of
    # headless Chromium, as the app's solver runs, instead of Node.js.
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "solver_browser.py"), "--rounds", "2",
         "--warmup", "1", "--first", "30000", "2", "300", "3"],
        capture_output=True, text=True, check=True, timeout=300, cwd=ROOT,
    ).stdout
    lines = out.splitlines()
    assert lines[0].startswith("Deals 30000-30001 in draw 3, 300 nodes each, 2 rounds"), out
    assert "Pyodide in a module worker" in lines[0], out
    assert lines[1].startswith("  Pyodide's warm-up first, not counted: "), out
    nodes = [line.split(": ")[1].split(" nodes")[0] for line in lines[2:4]]
    assert lines[2].startswith("  Pyodide (Python 3.") and len(set(nodes)) == 1, out
    version = sys.version.split()[0]
    assert lines[3].startswith(f"  CPython {version} ({sys.executable}): "), out
    assert re.match(rf"  Pyodide's time / CPython {re.escape(version)}'s: best \d+\.\d{{3}}, "
                    r"median \d+\.\d{3}; round by round \d+\.\d{3} at the median", lines[4]), out
    assert re.match(MACHINE_LINE, lines[5]), out


def test_the_page_work_benchmark_times_every_part_of_a_move_in_the_page() -> None:
    # bench/page_work.py: timers around the glue's and the session's methods in a copy of
    # the site, one won game by pointer input. Every part a move goes through is timed (a
    # part left at "-" was never called: its timer broke it, or the move took another way),
    # and the drags went through (the game was won: the line's last move played).
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "page_work.py"), "--games", "1"],
        capture_output=True, text=True, check=True, timeout=600, cwd=ROOT,
    ).stdout
    lines = out.splitlines()
    assert re.match(r"Chromium [\d.]+ headless, viewport 1280x800, 114 moves of 1 won game "
                    r"by pointer input, 1 run of each site$", lines[0]), out
    assert lines[1].split() == ["ms", "per", "move", "(calls", "per", "move)", "this",
                                "checkout"], out
    rows = {line[:36].strip(): line[36:] for line in lines[2:-1]}
    for part in ("pointerdown", "pointermove", "the dragged cards moved", "the drop's outline",
                 "pointerup", "Session.tap", "Session.drop", "Session.toolbar",
                 "the board's render", "view.layout", "cards patched", "the toolbar",
                 "the winnable mark", "after the frame: the write", "Session.take_writes",
                 "the paint record", "localStorage"):
        assert re.fullmatch(r" +\d+\.\d{3} \( *\d+\.\d\d\) ", rows.get(part, "")), (part, out)
    assert float(rows["pointerup"].split()[0]) >= float(rows["Session.drop"].split()[0]), out
    assert re.match(MACHINE_LINE, lines[-1]), out


def test_benchmarks_print_the_machine_speed_and_load_beside_their_figures() -> None:
    # bench/machine.py: the fixed loop's CPU time and the load average, which bench/solver.py
    # prints after its table and the browser benchmarks (worker, moves, startup, memory)
    # after their figures: a run on a slow or busy machine shows itself. Those time the
    # loop only before and after, not on a thread during the pages' timings.
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from machine import MachineSpeed, load_average
    finally:
        sys.path.remove(str(ROOT / "bench"))
    load = r"load average (\d+\.\d\d, ){2}\d+\.\d\d \(1, 5, 15 min\), \d+ cores"
    assert re.fullmatch(load, load_average())
    speed = MachineSpeed(sample_every=None)
    assert speed.thread is None
    line = speed.line()
    match = re.fullmatch(MACHINE_LINE + " " + load + " at the end", line)
    assert match, line
    low, high, median, timings = map(int, match.groups()[:4])
    assert 0 < low <= median <= high and timings == 2


def test_the_oracle_benchmark_hands_over_the_deal_as_it_is_dealt() -> None:
    # bench/oracle.py gives Klondike-Solver (not installed here) each deal as three digits
    # a card: the tableau row by row, then the stock, its next card first.
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from oracle import deal_text
    finally:
        sys.path.remove(str(ROOT / "bench"))
    from klondike import Game, GameCode

    game = Game(GameCode(0, 3, "N"))  # columns 8c, Jd Ts, 9s 3h 8s...; the stock Qd Tc...
    text = deal_text(game)
    cards = [text[i:i + 3] for i in range(0, len(text), 3)]
    assert len(cards) == len(set(cards)) == 52
    assert all(1 <= int(card[:2]) <= 13 and card[2] in "1234" for card in cards)
    assert [str(c) for c in (*game.tableau[1].down, *game.tableau[1].up)] == ["Jd", "Ts"]
    assert cards[:3] == ["081", "112", "094"]  # row 1: 8c, Jd, 9s (clubs 1 ... spades 4)
    assert cards[7:9] == ["104", "033"]  # row 2 from column 2: Ts, 3h
    assert [str(c) for c in game.stock[:2]] == ["Qd", "Tc"]
    assert cards[28:30] == ["122", "101"]  # the next card drawn first


def test_the_startup_benchmark_prints_only_what_it_measured_with_its_targets() -> None:
    # bench/startup.py's table: medians per phase and page, "n/a" for a figure no run had,
    # how many runs had one that only some had, and each target's ratio or delay.
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from startup import cell, table
    finally:
        sys.path.remove(str(ROOT / "bench"))

    assert cell([None, None]) == "n/a"
    assert cell([100.0, 300.0, None], " ms") == "200 ms (2 of 3 runs)"
    app = {"cold": [{"ready": 2000.0, "painted": None, "answer": 3000.0, "boot": "plain/plain",
                     "longest": 1700.0}],
           "warm": [{"ready": 900.0, "painted": 250.0, "shown": 640.0, "answer": 1600.0,
                     "boot": "s/s"}],
           "offline": [{"ready": 1000.0, "painted": 260.0, "answer": None, "boot": "s/s"}],
           "bytes": [15 * 2**20]}
    hello = {phase: [{"ready": ready}] for phase, ready in
             (("cold", 2000.0), ("warm", 2000.0), ("offline", 2000.0))}
    text = table({"app": app, "hello": {**hello, "bytes": [14 * 2**20]}}, runs=1, throttle=4)
    lines = text.splitlines()
    assert "CPU throttled 4x (page thread)" in lines[0]
    assert "| figure | app | hello |" in lines
    assert "| warm ready | 900 | 2000 |" in lines
    assert "| cold painted | n/a |  |" in lines and "| warm painted | 250 |  |" in lines
    assert "| warm board shown | 640 |  |" in lines and "| cold board shown | n/a |  |" in lines
    assert "| offline first answer - ready | n/a |  |" in lines
    assert "| cold longest task until ready | 1700 |  |" in lines
    assert "| warm longest task until ready | n/a |  |" in lines
    assert "| cold bytes downloaded | 15.00 MiB | 14.00 MiB |" in lines
    assert "| warm ready, app / hello | 0.45x | <= 0.5x | yes |" in lines
    assert "| cold ready, app / hello | 1.00x | <= 0.8x | no |" in lines
    assert "| offline ready, app / hello | 0.50x | none | |" in lines
    # The target is the board on screen, not the mark before its frame's work.
    assert "| warm board shown | 640 ms | <= 300 ms at 4x | no |" in lines
    assert "| warm first answer - ready | 1600 ms | <= 1500 ms | no |" in lines
    assert not any("bare" in line or "before" in line for line in lines)  # not measured


def test_the_pyodide_benchmark_runs_the_worker_on_the_same_deals() -> None:
    # bench/solver_pyodide.mjs drives klondike.app.solving as the worker does, with the
    # typed protocol's requests: a request it would refuse leaves no answer to time.
    out = subprocess.run(
        ["node", str(ROOT / "bench" / "solver_pyodide.mjs"), "2", "300"],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
        cwd=ROOT,
    ).stdout
    assert "draw 1: " in out and "draw 3: " in out and "nodes/s" in out
    assert "4 positions up to 3,000 nodes" in out and "answered within 2 s: " in out
