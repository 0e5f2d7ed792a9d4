// Variant A worker: load the vendored Pyodide, run a trivial snippet, tell the page.
import { loadPyodide } from "../../static/vendor/pyodide/pyodide.mjs";

try {
  const pyodide = await loadPyodide({
    indexURL: new URL("../../static/vendor/pyodide/", import.meta.url).href,
  });
  const version = pyodide.runPython("import sys; sys.version");
  postMessage({ kind: "ready", version, coi: self.crossOriginIsolated, sab: typeof SharedArrayBuffer });
} catch (error) {
  postMessage({ kind: "failed", reason: String(error) });
}
