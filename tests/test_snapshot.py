"""Issue 38: a Pyodide memory snapshot turns hash randomization off (every boot from it
hashes strings and bytes alike), so nothing the game shows or stores may depend on hash
order: the same answers under two hash seeds, in CPython."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# What the page and the worker compute from the rules: solver answers with their node
# counts and lines (its tables key on bytes), the daily deal, the placements of the
# table, the hint, the position text and the saved game.
PROBE = """
import json
from datetime import date
from klondike import Game
from klondike.app.hint import hint
from klondike.app.view import layout
from klondike.daily import daily_code
from klondike.solver import solve

out = []
for code in ("KL1-D1N-AAAAAAD", "KL1-D3N-AAAAAAG", "KL1-D3V-AAAAABA", "KL1-D1S-AAAAACA"):
    game = Game.from_code(code)
    answer = solve(game, 3000)
    out.append([code, answer.result, answer.nodes, list(answer.moves)])
    for move in game.legal_moves()[:3]:
        game.play(move)
    out.append([game.position(), game.to_json(), repr(layout(game)), repr(hint(game, None))])
out.append([daily_code(date(2026, 12, 24), draw) for draw in (1, 3)])
print(json.dumps(out))
"""


def run(seed: str) -> list:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True, timeout=600)
    return json.loads(done.stdout)


def test_nothing_depends_on_hash_order():
    first = run("0")
    assert first == run("4242") == run("987654321")
    assert {row[1] for row in first[0:8:2]} <= {"won", "lost", "unknown"}


# static/runtime.mjs in Node.js, with a Cache Storage of its own in memory: the worker's
# boot makes and stores the snapshot; two page boots restore it; each says how it booted
# and draws from `random`, and a restore without the runtime's reseed draws too.
RUNTIME_IN_NODE = """
import path from "node:path";
const root = process.argv[2];
const store = new Map();
globalThis.caches = { open: async () => ({
  match: async (url) => store.has(url) ? new Response(store.get(url)) : undefined,
  keys: async () => [...store.keys()].map((url) => ({ url })),
  put: async (url, response) => store.set(url, new Uint8Array(await response.arrayBuffer())),
  delete: async (request) => store.delete(request.url ?? request),
}) };
const runtime = await import(path.join(root, "static", "runtime.mjs"));
const { loadPyodide: plain } = await import(path.join(root, "static/vendor/pyodide/pyodide.mjs"));
const out = [];
const draw = (py) => py.runPython("import random, sys\\n"
  + "[random.random(), 'klondike.app.session' in sys.modules]").toJs();
const worker = await runtime.loadForWorker();
out.push([runtime.booted.path, draw(worker)]);
while (store.size === 0) await new Promise((r) => setTimeout(r, 50));
const [[, bytes]] = store;
for (const _ of [1, 2]) {
  const page = await runtime.loadPyodide();
  out.push([runtime.booted.path, draw(page)]);
}
for (const _ of [1, 2]) {
  const frozen = await plain({ indexURL: path.join(root, "static/vendor/pyodide/"),
                               _loadSnapshot: bytes });
  out.push(["unseeded", draw(frozen)]);
}
console.log(JSON.stringify(out));
"""


def test_a_restored_interpreter_has_klondike_imported_and_fresh_randomness(tmp_path):
    """Issue 38, item 4: a snapshot freezes `random`'s state (two restores without the
    runtime draw the same number); the runtime reseeds it from the system's entropy."""
    script = tmp_path / "runtime.mjs"
    script.write_text(RUNTIME_IN_NODE)
    done = subprocess.run(["node", str(script), str(ROOT)], capture_output=True, text=True,
                          timeout=600, check=True)
    (made, first), (path1, page1), (path2, page2), (_, frozen1), (_, frozen2) = json.loads(
        done.stdout.strip().splitlines()[-1])
    assert (made, path1, path2) == ("plain", "snapshot", "snapshot")
    assert first[1] and page1[1] and page2[1]  # klondike's modules already imported
    assert frozen1 == frozen2  # the snapshot's own state, the same at every restore
    assert page1[0] != page2[0] and frozen1[0] not in (page1[0], page2[0])
