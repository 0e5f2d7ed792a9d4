"""Worker boot benchmark: Python in a Web Worker, without SharedArrayBuffer, two ways.

    .venv/bin/python bench/worker_boot.py [--runs 5]      (after python3 tools/build.py)

  A  module   bench/worker_boot/module.html: a plain module Web Worker (module-worker.js)
              importing the vendored static/vendor/pyodide/pyodide.mjs and calling
              loadPyodide, like static/solver-worker.js.
  B  pyscript bench/worker_boot/pyscript.html: a PyScript worker, <script type="py" worker>
              from the vendored @pyscript/core, its interpreter the same vendored Pyodide
              (bench/worker_boot/pyscript-worker.toml).

In both, the worker's Python runs `import sys; sys.version` and posts it to the page; the
page keeps performance.now() stamps in window.bench. The server is tools/serve.py: no
COOP/COEP headers, as on GitHub Pages, so crossOriginIsolated is false and there is no
SharedArrayBuffer. Each visit gets a new browser context (cold HTTP cache); one uncounted
warm-up visit of each page first, then the pages alternate order between runs (A,B / B,A).

Figures, in ms:
  worker   worker-ready minus worker creation (A: new Worker(); B: PyScript's onWorker hook)
  page     worker-ready minus the page's first script (B: includes loading PyScript itself)
  nav      worker-ready from navigation start (performance.now() in the page)
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "e2e"))

from harness import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from serve import start_server  # noqa: E402

PAGES = {"module": "bench/worker_boot/module.html", "pyscript": "bench/worker_boot/pyscript.html"}
LABELS = {"module": "A module worker", "pyscript": "B PyScript worker"}
TIMEOUT_MS = 120_000
SETTLE_S = 0.5  # after the message: late console output (and a py:done, if any) lands
SAB_WORDS = ("sharedarraybuffer", "atomics", "crossoriginisolated", "cross-origin")


def visit(browser, base: str, name: str) -> dict:
    """One cold visit of a page in a new context; returns its stamps and what it printed."""
    context = browser.new_context()
    page = context.new_page()
    record = {"name": name, "console": [], "page_errors": [], "requests": [], "failed": []}

    def on_console(msg):
        origin = "worker" if msg.worker else "page"
        record["console"].append({"type": msg.type, "text": msg.text, "from": origin})

    context.on("request", lambda request: record["requests"].append(request.url))
    context.on("requestfailed", lambda request: record["failed"].append(
        f"{request.url} {request.failure}"))
    context.on("response", lambda response: response.status >= 400 and record["failed"].append(
        f"{response.url} HTTP {response.status}"))
    page.on("console", on_console)
    page.on("pageerror", lambda error: record["page_errors"].append(str(error)))
    try:
        page.goto(base + PAGES[name])
        try:
            page.wait_for_function("window.bench && (window.bench.ready || window.bench.error)",
                                   timeout=TIMEOUT_MS)
        except Exception as error:  # noqa: BLE001 - a timeout is a result here
            record["timeout"] = str(error).splitlines()[0]
        time.sleep(SETTLE_S)
        record["bench"] = page.evaluate("window.bench")
        record["coi"] = page.evaluate("self.crossOriginIsolated")
    finally:
        context.close()
    bench = record.get("bench") or {}
    ready = bench.get("ready")
    if ready is not None and not bench.get("error"):
        record["worker_ms"] = ready - bench["create"] if bench.get("create") is not None else None
        record["page_ms"] = ready - bench["start"]
        record["nav_ms"] = ready
    return record


def fmt(value) -> str:
    return "   -   " if value is None else f"{value:7.0f}"


def describe(record: dict) -> str:
    bench = record.get("bench") or {}
    extra = ""
    if record["name"] == "pyscript":
        extra = (f"  core.js loaded {fmt(bench.get('coreLoaded'))}  worker created "
                 f"{fmt(bench.get('create'))}  xworker.ready {fmt(bench.get('workerDone'))}"
                 f"  py:done {fmt(bench.get('done'))}")
    else:
        extra = f"  worker created {fmt(bench.get('create'))}"
    status = "ok" if record.get("nav_ms") is not None else (
        f"FAILED: {bench.get('error') or record.get('timeout') or 'no message'}")
    return (f"{LABELS[record['name']]:18} worker {fmt(record.get('worker_ms'))}  page "
            f"{fmt(record.get('page_ms'))}  nav {fmt(record.get('nav_ms'))}   {status}{extra}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", type=Path, help="a file for every visit's record")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    server, base = start_server(root=ROOT)
    records: list[dict] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            print(f"Chromium {browser.version}, server {base} (no COOP/COEP headers)")
            print("warm-up (not counted):")
            for name in ("module", "pyscript"):
                record = visit(browser, base, name)
                record["run"] = "warm-up"
                records.append(record)
                print("  " + describe(record))
            for run in range(1, args.runs + 1):
                order = ("module", "pyscript") if run % 2 else ("pyscript", "module")
                print(f"run {run} ({','.join('A' if n == 'module' else 'B' for n in order)}):")
                for name in order:
                    record = visit(browser, base, name)
                    record["run"] = run
                    records.append(record)
                    print("  " + describe(record))
            browser.close()
    finally:
        server.shutdown()

    counted = [r for r in records if r["run"] != "warm-up"]
    print(f"\nmedians over {args.runs} runs (ms):")
    for name in PAGES:
        mine = [r for r in counted if r["name"] == name]
        line = f"  {LABELS[name]:18}"
        for key in ("worker_ms", "page_ms", "nav_ms"):
            values = [r[key] for r in mine if r.get(key) is not None]
            median = statistics.median(values) if values else None
            line += f" {key[:-3]} {fmt(median)}"
        ok = sum(r.get("nav_ms") is not None for r in mine)
        line += f"   ({ok}/{len(mine)} runs worked)"
        print(line)
        print("    per run nav: " + ", ".join(fmt(r.get("nav_ms")).strip() for r in mine))

    print("\nenvironment seen by the pages:")
    for name in PAGES:
        mine = [r for r in records if r["name"] == name]
        cois = {r.get("coi") for r in mine}
        sabs = {(r.get("bench") or {}).get("sab") for r in mine}
        print(f"  {LABELS[name]:18} crossOriginIsolated={sorted(cois, key=str)} "
              f"typeof SharedArrayBuffer={sorted(sabs, key=str)}")
        worked = [r for r in mine if r.get("nav_ms") is not None]
        print(f"    worked in {len(worked)}/{len(mine)} visits (warm-up included); "
              f"Python said {((worked[0]['bench'].get('version') or '')[:40]) if worked else '-'}")

    print("\nconsole errors, page errors, SharedArrayBuffer/Atomics warnings, bad requests:")
    for name in PAGES:
        mine = [r for r in records if r["name"] == name]
        errors, sab_notes, warnings, page_errors, failed, outside = {}, {}, {}, {}, {}, {}
        for r in mine:
            for entry in r["console"]:
                text = f"[{entry['from']}] {entry['text']}"
                if entry["type"] == "error":
                    errors[text] = errors.get(text, 0) + 1
                if any(word in entry["text"].lower() for word in SAB_WORDS):
                    sab_notes[f"({entry['type']}) {text}"] = sab_notes.get(
                        f"({entry['type']}) {text}", 0) + 1
                elif entry["type"] == "warning":
                    warnings[text] = warnings.get(text, 0) + 1
            for text in r["page_errors"]:
                page_errors[text] = page_errors.get(text, 0) + 1
            for text in r["failed"]:
                failed[text] = failed.get(text, 0) + 1
            for url in r["requests"]:
                parts = urlsplit(url)
                if parts.scheme not in ("data", "blob", "about") and parts.hostname != "127.0.0.1":
                    outside[url] = outside.get(url, 0) + 1
        print(f"  {LABELS[name]} ({len(mine)} visits):")
        for title, found in (("console errors", errors), ("page errors", page_errors),
                             ("SharedArrayBuffer/Atomics messages", sab_notes),
                             ("other warnings", warnings), ("failed requests", failed),
                             ("requests off 127.0.0.1", outside)):
            if not found:
                print(f"    {title}: none")
            for text, count in found.items():
                print(f"    {title}: {count}x {text[:300]}")
        requests = sorted({urlsplit(u).path for u in mine[-1]["requests"]
                           if urlsplit(u).scheme in ("http", "https")})
        print(f"    requests of one visit ({len(requests)} paths): {', '.join(requests)}")

    if args.json:
        args.json.write_text(json.dumps(records, indent=1))
        print(f"\nall records: {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
