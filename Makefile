# croupier: the two set-up commands are `make run` and `make test` (see README.md).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck unit slow bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,peers]'
	touch $(STAMP)

## The main job: the terminal twenty-one table on the embedded SQLite database (croupier.db).
run: $(STAMP)
	$(BIN)/croupier play twentyone

## The whole test suite and every quality gate (what CI runs).
test: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/mypy src
	$(BIN)/python -m pytest -q -m "slow or not slow"; rc=$$?; \
	  if [ $$rc -eq 5 ]; then echo "pytest collected no tests"; exit 1; fi; exit $$rc

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests

typecheck: $(STAMP)
	$(BIN)/mypy src

## The quick loop: everything but the slow exhaustive checks.
unit: $(STAMP)
	$(BIN)/python -m pytest -q -m "not slow"

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
