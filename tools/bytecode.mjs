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
import base64, importlib.util, json, os, py_compile

def pyc(path, text):
    """The bytecode of the module at path (in Python's working directory) as importlib
    would load it there: compiled from its UTF-8 text, named by its path."""
    source = os.path.join("/tmp/bytecode", path)
    os.makedirs(os.path.dirname(source), exist_ok=True)
    with open(source, "w", encoding="utf-8") as f:
        f.write(text)
    made = py_compile.compile(source, dfile=path, doraise=True,
                              invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
    with open(made, "rb") as f:
        return f.read()

json.dumps({importlib.util.cache_from_source(path): base64.b64encode(pyc(path, text)).decode()
            for path, text in sorted(sources.items())})
`);
process.stdout.write(JSON.stringify({ pyodide: version, files: JSON.parse(files) }));
