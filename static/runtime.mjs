// The Pyodide of the page and of the solver's worker: restored from a memory snapshot when
// this build has one, booted the plain way otherwise.
//
// PyScript imports the module its `interpreter` setting names (pyscript.toml) and calls its
// `loadPyodide`; the solver's worker (static/solver-worker.js) imports it too. Booting
// Pyodide and importing klondike takes 2-3 s at desktop speed and over 10 s on a phone;
// restoring a snapshot of an interpreter that has done so takes a fraction of that.
//
// - Made in the browser, by the solver's worker on a boot that found none (makeSnapshot),
//   right after importing SNAPSHOT_IMPORTS and before running anything: the snapshot holds
//   no JavaScript object but the globals Pyodide itself keeps. It is stored in the Cache
//   Storage ("klondike-snapshot"), so a first visit downloads nothing more.
// - Keyed to the build: static/vendor/snapshot.mjs (written by tools/build.py) names the
//   SHA-256 of every file the snapshot depends on (Pyodide's runtime, klondike/ and this
//   module, which says what it imports; as the service worker's precache hashes a file),
//   and the key hashes them all. A new build of any is a new key: the old snapshot is
//   never read again, and deleted when the new one is stored. Pyodide checks its own
//   build id on restore as well.
// - Any failure (no Cache Storage, no snapshot, a restore that throws, too little memory)
//   boots the plain way, silently, with the same behaviour; a snapshot that failed to
//   restore is deleted, and the worker makes a new one.
// - A snapshot freezes `random`'s state and turns hash randomization off: the restored
//   interpreter reseeds `random` from the system's entropy at once (nothing in klondike
//   depends on hash order: tests/test_snapshot.py).
import { loadPyodide as loadPlain, version } from "./vendor/pyodide/pyodide.mjs";
import { SNAPSHOT } from "./vendor/snapshot.mjs";

export { version };

const INDEX = new URL("./vendor/pyodide/", import.meta.url);
// Node.js (tests/test_snapshot.py runs this module there) wants a path, not a file: URL.
const INDEX_URL = INDEX.protocol === "file:" ? decodeURIComponent(INDEX.pathname) : INDEX.href;
const SNAPSHOT_CACHE = "klondike-snapshot"; // sw.js leaves it to this module
const SNAPSHOT_URL = new URL(`./snapshot/${SNAPSHOT.key}.bin`, import.meta.url).href;
// klondike/'s modules (tools/build.py): unpacked where the snapshot has not imported them.
const KLONDIKE_ZIP = new URL("./vendor/klondike.zip", import.meta.url);

// What the snapshot has imported: everything of klondike/ that the page (static/main.py)
// and the worker (klondike.app.solving) import, at the top of a module or inside a function
// (klondike.position), none of which touches JavaScript, and the standard modules the glue
// imports. A page restored from it unpacks no klondike/ file (loadPyodide, below), so the
// build keys the snapshot to this file too. The files are in /home/pyodide, the working
// directory.
const SNAPSHOT_IMPORTS = `
import sys
if "/home/pyodide" not in sys.path:
    sys.path.insert(0, "/home/pyodide")
import asyncio, json, pathlib
import klondike.app.session, klondike.app.solving, klondike.app.cascade, klondike.app.help
import klondike.app.paint, klondike.position
`;

// How this context's interpreter started, for the benchmarks and the browser tests: its
// path, "snapshot", "worker" (a first visit's page: the snapshot the worker made meanwhile),
// "plain" (none stored) or "fallback" (a snapshot that failed to restore,
// and why: reason); when loadPyodide was called, how long it took and how long of it was
// the wait for the stored bytes (start, ms, readMs); in the worker that made a snapshot,
// how long that took (makeMs).
export const booted = { path: null, ms: null, reason: null };
globalThis.klondikeBoot = booted;

async function snapshotCache() {
  // Cache Storage exists only in secure contexts (https, localhost); it may also throw.
  return globalThis.caches ? globalThis.caches.open(SNAPSHOT_CACHE) : null;
}

// The stored snapshot of this build as bytes, or null.
async function readSnapshot() {
  try {
    const cache = await snapshotCache();
    const response = cache && (await cache.match(SNAPSHOT_URL));
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch (error) {
    console.warn("snapshot not read:", error);
    return null;
  }
}

async function forget() {
  try {
    await (await snapshotCache())?.delete(SNAPSHOT_URL);
  } catch {
    // nothing stored, or no storage: the next plain boot makes one anyway
  }
}

// The snapshot's bytes are read as soon as this module runs: index.html runs it before
// PyScript, which imports it again (the same module) once it has read its configuration,
// and in the meantime 31 MB came from the disk (60 ms at desktop speed, 250 at 4x).
let early = readSnapshot();

// A first visit (no snapshot of this build stored): the solver's worker boots Pyodide the
// plain way in any case, and makes the snapshot. So the page starts that worker at once and
// restores the snapshot it sends, rather than booting a Pyodide of its own the plain way
// too, on its own thread (in tasks of up to 1.1 s at 4x CPU, the cards on screen but
// frozen; docs/benchmarks.md). The worker then goes on to answer: static/page/solver.py
// adopts it (globalThis.klondikeWorker), with what it said meanwhile. If it fails, the
// page boots the plain way, as before.
const WORKER_URL = new URL("./solver-worker.js", import.meta.url);
const fromWorker = globalThis.document && globalThis.Worker
  ? early.then((stored) => (stored ? null : workerSnapshot()))
  : null;

function workerSnapshot() {
  let worker;
  try {
    worker = new Worker(WORKER_URL, { type: "module", name: "solver" });
  } catch (error) {
    console.warn("no worker to boot Pyodide in:", error);
    return null;
  }
  const handover = { worker, said: [], failed: null }; // for static/page/solver.py
  globalThis.klondikeWorker = handover;
  return new Promise((resolve) => {
    worker.onmessage = ({ data }) => {
      if (typeof data === "string") {
        handover.said.push(data); // the solver's own messages: "ready", or "failed"
        if (JSON.parse(data).kind === "failed") resolve(null);
      } else if (data?.kind === "snapshot") {
        resolve(data.bytes ?? null);
      }
    };
    worker.onerror = worker.onmessageerror = (event) => {
      event.preventDefault();
      handover.failed = String(event.message || "the solver's worker failed");
      resolve(null);
    };
    worker.postMessage(JSON.stringify({ kind: "boot", share: true }));
  });
}

// Restore the snapshot, or else boot the plain way (in the mode that can make a snapshot if
// `make`: the worker's).
async function boot(options, make) {
  const started = performance.now();
  const config = { ...options, indexURL: INDEX_URL };
  let snapshot = await (early ?? readSnapshot());
  early = null;
  booted.readMs = Math.round(performance.now() - started); // the wait for it
  if (!snapshot && !make && fromWorker) { // a first visit: the worker's, once it is made
    // Pyodide awaits a snapshot given as a promise once its own scripts are loaded, and
    // before its wasm (whose memory the snapshot sizes): they load meanwhile.
    const made = fromWorker.then((bytes) => {
      booted.waitMs = Math.round(performance.now() - started);
      if (!bytes) throw NONE;
      return bytes;
    });
    made.catch(() => {}); // (handled below, once Pyodide awaits it: not an unhandled one)
    try {
      return done(reseeded(await loadPlain({ ...config, _loadSnapshot: made })), "worker",
                  started);
    } catch (error) {
      if (error !== NONE) return fallback(error, config, false, started);
    } // the worker failed, or found a snapshot stored meanwhile (another tab's)
    snapshot = await readSnapshot();
  }
  if (snapshot) {
    try {
      return done(reseeded(await loadPlain({ ...config, _loadSnapshot: snapshot })), "snapshot",
                  started);
    } catch (error) {
      return fallback(error, config, make, started);
    }
  }
  return done(await plain(config, make), "plain", started);
}

// The plain way: the worker's (`make`) in the mode that can make a snapshot.
function plain(config, make) {
  return loadPlain(make ? { ...config, _makeSnapshot: true } : config);
}

const NONE = new Error("no snapshot from the worker");

function reseeded(pyodide) {
  pyodide.runPython("import random\nrandom.seed()"); // fresh randomness
  return pyodide;
}

// A snapshot that did not restore: deleted, and the plain way (the worker's making a new one).
async function fallback(error, config, make, started) {
  booted.reason = String(error);
  console.warn("snapshot not restored, booting without it:", error);
  await forget();
  return done(await plain(config, make), "fallback", started);
}

function done(pyodide, path, started) {
  booted.path = path;
  booted.start = Math.round(started); // ms from the context's start (navigation)
  booted.ms = Math.round(performance.now() - started);
  return pyodide;
}

// klondike/'s modules into /home/pyodide, Python's working directory, on sys.path: the
// archive comes from the service worker's precache (from the site on a first visit; in
// Node.js, which runs this module in tests/test_snapshot.py, from the disk).
async function unpackKlondike(pyodide) {
  let bytes;
  if (KLONDIKE_ZIP.protocol === "file:") {
    const { readFileSync } = await import("node:fs");
    bytes = new Uint8Array(readFileSync(KLONDIKE_ZIP));
  } else {
    const response = await fetch(KLONDIKE_ZIP);
    if (!response.ok) throw new Error(`${KLONDIKE_ZIP.pathname}: HTTP ${response.status}`);
    bytes = new Uint8Array(await response.arrayBuffer());
  }
  pyodide.unpackArchive(bytes, "zip", { extractDir: "/home/pyodide" });
}

/**
 * Pyodide for PyScript: `options` as for Pyodide's own loadPyodide. Restored from the
 * snapshot, it has imported every klondike module the page imports (SNAPSHOT_IMPORTS:
 * tests/test_site_files.py checks that the page imports no other), so klondike/'s files
 * are unpacked only on a plain boot: a warm start does not write 49 files it never reads.
 */
export async function loadPyodide(options = {}) {
  try {
    const pyodide = await boot(options, false);
    if (booted.path !== "snapshot" && booted.path !== "worker") await unpackKlondike(pyodide);
    return pyodide;
  } catch (error) { // a runtime file that did not arrive, too little memory: said, with a retry
    console.warn("Pyodide did not start:", error);
    globalThis.klondikeBootFailed?.(`${error?.name ?? "Error"}: ${error?.message ?? error}`);
    return new Promise(() => {}); // the page waits for Try again (static/boot.js)
  }
}

/**
 * The worker's Pyodide, with klondike's modules in /home/pyodide (unpacked here, off the
 * page's thread, restored or not). Booted without a snapshot, it imports SNAPSHOT_IMPORTS
 * and makes one before running anything else, stored in the background.
 */
export async function loadForWorker(share = null) {
  const pyodide = await boot({}, true);
  await unpackKlondike(pyodide);
  if (booted.path !== "snapshot") {
    let bytes = null;
    try {
      pyodide.runPython(SNAPSHOT_IMPORTS);
      const started = performance.now();
      bytes = pyodide.makeMemorySnapshot();
      booted.makeMs = Math.round(performance.now() - started);
    } finally {
      share?.(bytes); // the page waiting for it (a copy); null: it boots the plain way
    }
    storeSnapshot(bytes); // not awaited: the worker's first answer does not wait for it
  } else {
    share?.(null); // (a snapshot stored since the page looked: it reads that one)
  }
  return pyodide;
}

async function storeSnapshot(bytes) {
  try {
    const cache = await snapshotCache();
    if (!cache) return;
    for (const request of await cache.keys()) {
      if (request.url !== SNAPSHOT_URL) await cache.delete(request); // another build's
    }
    await cache.put(SNAPSHOT_URL, new Response(bytes, {
      headers: { "Content-Type": "application/octet-stream" },
    }));
  } catch (error) {
    // A full quota, or no Cache Storage: the next visit boots the plain way.
    console.warn("snapshot not stored:", error);
  }
}
