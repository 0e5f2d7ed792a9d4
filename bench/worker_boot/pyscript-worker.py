# Variant B worker: a trivial snippet, then tell the page (the worker's own postMessage).
import sys

import js

js.postMessage("ready:" + sys.version)
