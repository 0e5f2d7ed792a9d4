// The least a page can do to run Python: boot the vendored Pyodide and run one line.
import { loadPyodide } from "../../static/vendor/pyodide/pyodide.mjs";

const pyodide = await loadPyodide();
document.body.append(pyodide.runPython("'Hello from Python ' + __import__('sys').version"));
performance.mark("bare-ready");
