# Every target sets itself up: a bare Python 3.11 is all a fresh machine needs.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test fuzz explore-all bench check clean bytecode

$(STAMP): pyproject.toml
	@test -n "$(PYTHON)" || { echo "need Python 3.11 (python3.11 or python3) on PATH"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	@# -qq: errors only; setuptools' editable build prints an informational note (not a warning) otherwise
	$(BIN)/pip install -qq -e '.[test]'
	$(MAKE) --no-print-directory bytecode
	@touch $(STAMP)

# The editable install runs these sources in place; with PYTHONDONTWRITEBYTECODE set, Python would
# compile every imported module on every run (about 0.1 s of each `spellcard check`). A source edited
# since is recompiled in memory as usual (its .pyc no longer matches): run this again to save that.
bytecode:
	$(BIN)/python -m compileall -q spellcard compiler runtime grammar rules

demo: $(STAMP)
	$(BIN)/spellcard compile thb -o build/thb
	$(BIN)/spellcard simulate thb --mode Identity5Mode --games 1 --seed 7 --agent greedy --show-log
	$(BIN)/spellcard simulate thb --mode Identity5Mode --games 200 --seed 1

test: $(STAMP)
	$(BIN)/python -m pytest -n auto

fuzz: $(STAMP)
	$(BIN)/python -m pytest -n auto -m slow

# Every character of thb and bots explored against the rest of its pack, and esper as a whole (long).
explore-all: $(STAMP)
	$(BIN)/python -m pytest -m slow tests/test_explore_every.py

bench: $(STAMP)
	$(BIN)/python bench/run.py
	$(BIN)/python bench/lsp.py
	$(BIN)/python bench/balance.py

check: $(STAMP)
	$(BIN)/spellcard check rules/thb rules/bots rules/esper

clean:
	rm -rf $(VENV) build .pytest_cache
