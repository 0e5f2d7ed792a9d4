// Solver speed under Pyodide in Node.js (a benchmark, not a test): the browser runs the
// same klondike/ package, so this says how long the daily deal and a hint take there.
//
//     node bench/solver_pyodide.mjs [deals=40] [budget=20000]
//
// Prints nodes per second over the first `deals` deals of each draw mode (budget nodes
// each), the time of daily_code() for a few dates, to compare with bench/solver.py, and
// the time of the slices of search the browser runs between events (klondike/app/analysis.py:
// SLICE_SECONDS each, up to BUDGET nodes a position) from the start of the same deals,
// against slices of a fixed 250 nodes, as they were before.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const [deals = "40", budget = "20000"] = process.argv.slice(2);

const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/home/pyodide/klondike");
for (const name of readdirSync(join(root, "klondike"))) {
  if (name.endsWith(".py")) {
    const text = readFileSync(join(root, "klondike", name), "utf8");
    pyodide.FS.writeFile(`/home/pyodide/klondike/${name}`, text);
  }
}
console.log(pyodide.runPython(`
import sys, time
from datetime import date
sys.path.insert(0, "/home/pyodide")
from klondike import Game
from klondike.daily import daily_code
from klondike.app.analysis import BUDGET, SLICE_SECONDS, Analysis
from klondike.solver import Search, solve

lines = [f"Python {sys.version.split()[0]} under Pyodide, Node.js; {${deals}} deals, budget {${budget}:,}"]
for draw in (1, 3):
    nodes, start = 0, time.perf_counter()
    for number in range(${deals}):
        nodes += solve(Game.new(number, draw), ${budget}).nodes
    seconds = time.perf_counter() - start
    lines.append(f"  draw {draw}: {nodes:,} nodes in {seconds:.1f} s, {nodes / seconds:,.0f} nodes/s")
for day in (date(2024, 3, 5), date(2026, 1, 1), date(2026, 12, 24)):
    for draw in (1, 3):
        start = time.perf_counter()
        code = daily_code(day, draw)
        lines.append(f"  daily {day} draw {draw}: {code} in {time.perf_counter() - start:.2f} s")
def percentiles(name, slices):
    slices = sorted(slices)
    return (
        f"  {len(slices)} slices, {name}: median {1000 * slices[len(slices) // 2]:.0f} ms,"
        f" 95th percentile {1000 * slices[int(0.95 * (len(slices) - 1))]:.0f} ms,"
        f" most {1000 * slices[-1]:.0f} ms"
    )
timed, fixed = [], []
for draw in (1, 3):
    for number in range(${deals}):
        game, analysis = Game.new(number, draw), Analysis()
        while True:
            start = time.perf_counter()
            done = analysis.advance(game)
            timed.append(time.perf_counter() - start)
            if done and not analysis.tidying:  # the slices that free the search too
                break
        search = Search(Game.new(number, draw), BUDGET)  # the baseline: 250 nodes a slice
        while True:
            start = time.perf_counter()
            done = search.advance(250)
            fixed.append(time.perf_counter() - start)
            if done:
                assert done == analysis.answer(game)
                break
        start = time.perf_counter()
        del search  # freed at once, as the analysis did in its last slice
        fixed[-1] += time.perf_counter() - start
lines.append(f"  the browser's search, up to {BUDGET:,} nodes a position, from the start of each deal:")
lines.append(percentiles(f"{1000 * SLICE_SECONDS:.0f} ms each (klondike/app/analysis.py)", timed))
lines.append(percentiles("250 nodes each (the baseline)", fixed))
lines.append(f"  in all: {sum(timed):.1f} s in slices of time (the search freed too), {sum(fixed):.1f} s in slices of 250 nodes")
"\\n".join(lines)
`));
