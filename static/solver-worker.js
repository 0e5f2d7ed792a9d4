// The solver's Web Worker: klondike's search in a Pyodide of its own, so the page's thread
// only plays (klondike/app/solving.py says what it answers). A module worker importing the
// vendored pyodide.mjs: no PyScript, no SharedArrayBuffer (GitHub Pages sends no COOP/COEP
// headers), and offline from the service worker's precache like the page's own runtime.
//
// The page's first message is {"kind": "boot"}: Pyodide boots from static/runtime.mjs
// (from the memory snapshot of this build, else the plain way, making that snapshot), with
// the build's klondike/ modules, as the page runs them. Every later message
// is a request for Solving.ask(), forwarded as its text; every answer goes back as its
// text (klondike/app/protocol.py: the messages and their forms). The search runs in slices
// (Solving.work), with a message to itself between them, so a newer request is seen within
// one slice. The loader's own two messages, protocol.Ready and protocol.Failed, are written
// here: anything that fails is reported as {"kind": "failed"} and the worker stops.
import { booted, loadForWorker } from "./runtime.mjs";

let runtime = null; // Pyodide, once loaded
let solving = null; // the Python Solving object, once booted
const early = []; // requests that came before the boot finished
let scheduled = false;
const ticks = new MessageChannel(); // not setTimeout(0): nested, it waits 4 ms or more

function fail(error) {
  postMessage(JSON.stringify({ kind: "failed", reason: String(error) }));
  close();
}

function schedule() {
  if (!scheduled) {
    scheduled = true;
    ticks.port2.postMessage(0);
  }
}

ticks.port1.onmessage = () => {
  scheduled = false;
  try {
    const answers = solving.work();
    for (const text of answers) postMessage(text);
    answers.destroy();
    if (solving.busy) schedule();
  } catch (error) {
    fail(error);
  }
};

function ask(text) {
  solving.ask(text);
  schedule();
}

// share: the page waits for the snapshot a plain boot makes (a first visit), to restore it
// rather than boot a Pyodide of its own (static/runtime.mjs).
async function boot(share) {
  const started = performance.now();
  const pyodide = await loadForWorker(
    share ? (bytes) => postMessage({ kind: "snapshot", bytes }) : null);
  runtime = pyodide;
  solving = pyodide.runPython(`
import js
from klondike.app.solving import Solving
Solving(heap=lambda: int(js.klondikeHeap()), used=lambda: int(js.klondikeUsed()),
        top=lambda: int(js.klondikeTop()))
`);
  const ms = Math.round(performance.now() - started);
  postMessage(JSON.stringify({ kind: "ready", ms, heap: self.klondikeHeap(), boot: booted.path,
    snapshotMs: booted.makeMs ?? null }));
  for (const text of early.splice(0)) ask(text);
}

self.onmessage = ({ data }) => {
  try {
    if (solving) {
      ask(data);
      return;
    }
    const message = JSON.parse(data);
    if (message.kind === "boot") boot(message.share === true).catch(fail);
    else early.push(data);
  } catch (error) {
    fail(error);
  }
};

// The size of the worker's wasm memory now, in bytes: told to the page once the work is
// done (Solving's "idle" answer), and read by the benchmarks (bench/worker.py).
self.klondikeHeap = () => runtime?._module?.HEAPU8?.byteLength ?? 0;

// The allocator's break (sbrk(0)), in bytes: as much of it as is in use at most, read at
// once (Solving's cap of a position's search, between slices).
self.klondikeTop = () => (runtime?._module?._sbrk(0) ?? 0) >>> 0;

// How much of it is in use, in bytes: the break less the free space below it (mallinfo's
// fordblks): what a search may still take before the memory grows (Solving reads it when
// the break is near the cap; the benchmarks too). mallinfo walks the allocator's chunks:
// 6 to 11 ms in a worker of 43 to 90 MiB here, busy.
let mallinfo = 0; // the address of a struct mallinfo (10 words), made once
self.klondikeUsed = () => {
  const module = runtime?._module;
  if (!module) return 0;
  if (!mallinfo) mallinfo = module._malloc(40);
  module._mallinfo(mallinfo);
  const free = module.HEAPU32[(mallinfo >>> 2) + 8];
  return (module._sbrk(0) >>> 0) - free;
};
