# The two commands of the README. Both do all set-up on a fresh machine.
#   make serve   build the site and serve it at http://localhost:8000
#   make test    lint, unit tests and browser tests
.PHONY: serve test

serve:
	bash tools/setup.sh site
	python3 tools/build.py
	python3 tools/serve.py --port 8000

test:
	bash tools/setup.sh all
	python3 tools/build.py
	.venv/bin/ruff check .
	.venv/bin/python -m pytest
