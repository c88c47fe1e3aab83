# Every target sets itself up: a bare Python 3.11 is all a fresh machine needs.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test fuzz bench check clean

$(STAMP): pyproject.toml
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "need $(PYTHON) on PATH"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	@touch $(STAMP)

demo: $(STAMP)
	$(BIN)/spellcard compile thb -o build/thb
	$(BIN)/spellcard simulate thb --mode Identity5Mode --games 1 --seed 7 --agent greedy --show-log
	$(BIN)/spellcard simulate thb --mode Identity5Mode --games 200 --seed 1

test: $(STAMP)
	$(BIN)/python -m pytest

fuzz: $(STAMP)
	$(BIN)/python -m pytest -m slow

bench: $(STAMP)
	$(BIN)/python bench/run.py

check: $(STAMP)
	$(BIN)/spellcard check rules/thb rules/bots rules/esper

clean:
	rm -rf $(VENV) build .pytest_cache
