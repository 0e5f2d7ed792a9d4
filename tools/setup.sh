#!/usr/bin/env bash
# Installs what the project needs on a fresh machine; does nothing that is already done.
#   setup.sh site   npm packages (Pyodide, PyScript) and the pinned Python tools in .venv
#                   (Babel compiles the catalogs when building the site)
#   setup.sh all    the above, plus Debian's Chromium for the browser tests
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}

# npm ci only when the lock file changed since the last install.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund --loglevel=error
fi

if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
if [ ! -f .venv/.installed ] || [ requirements-dev.txt -nt .venv/.installed ]; then
    .venv/bin/pip install --quiet --disable-pip-version-check -r requirements-dev.txt
    touch .venv/.installed
fi

[ "$what" = site ] && exit 0

# Playwright's own browser download does not work here: use Debian's Chromium.
if [ ! -x /usr/bin/chromium ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq chromium >/dev/null
fi
