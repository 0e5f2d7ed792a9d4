// The bare baseline's offline worker: bench/hello's, over this page's own files and the
// vendored Pyodide alone (no PyScript).
"use strict";
self.BENCH_PAGE = {
  own: ["./", "./index.html", "./bare.mjs", "../hello/register.js",
    "../../static/icons/icon.svg"],
  vendor: "static/vendor/pyodide/",
};
importScripts("../hello/sw.js");
