// Compiles Python modules to bytecode with the site's own Python: Pyodide's, from
// node_modules/ (Python 3.14, whose bytecode the build's CPython cannot write). For
// tools/build.py, which puts the .pyc files beside the modules the page imports (see
// its `bytecode`), so the page does not compile them at every start.
//
//   node tools/bytecode.mjs < sources.json > bytecode.json
//
// stdin: {"page/board.py": "<source text>", ...}, paths in Python's working directory.
// stdout: {"pyodide": version, "files": {"page/__pycache__/board.cpython-314.pyc":
// "<base64>", ...}}. Each .pyc is hash-based and checked (PEP 552): Python uses it only
// while the hash of the source beside it is the one it was made from, and compiles the
// source otherwise, as without it.
const { loadPyodide, version } = await import(
  new URL("../node_modules/pyodide/pyodide.mjs", import.meta.url)
);
let input = "";
process.stdin.setEncoding("utf8");
for await (const chunk of process.stdin) input += chunk;
const pyodide = await loadPyodide();
pyodide.globals.set("sources", pyodide.toPy(JSON.parse(input)));
const files = pyodide.runPython(`
import base64, importlib.util, json
from importlib._bootstrap_external import _code_to_hash_pyc

def pyc(path, text):
    data = text.encode()  # as the source is written: UTF-8
    # As importlib compiles a module's source, with the path it will have.
    code = compile(data, path, "exec", dont_inherit=True)
    return _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=True)

json.dumps({importlib.util.cache_from_source(path): base64.b64encode(pyc(path, text)).decode()
            for path, text in sorted(sources.items())})
`);
process.stdout.write(JSON.stringify({ pyodide: version, files: JSON.parse(files) }));
