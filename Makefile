# The two commands of the README. Both do all set-up on a fresh machine.
#   make serve   build the site and serve it at http://localhost:8000
#   make test    lint, type check, unit tests and browser tests
.PHONY: serve test

serve:
	bash tools/setup.sh site
	.venv/bin/python tools/build.py
	python3 tools/serve.py --port 8000

test:
	bash tools/setup.sh all
	.venv/bin/python tools/build.py
	.venv/bin/ruff check .
	.venv/bin/mypy
	.venv/bin/python -m pytest
