# croupier: the two set-up commands are `make run` and `make test` (see README.md).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The poker engine's hot modules, compiled by mypyc into C extensions beside their sources.
COMPILED_SOURCES := $(shell $(PYTHON) tools/compile.py --list)
COMPILED := $(VENV)/.compiled
# The tests run in one process per core (pytest-xdist), each test file whole in one of them.
PARALLEL ?= -n auto --dist loadfile

.PHONY: run test lint typecheck layers unit compile pure-tests clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,peers]'
	touch $(STAMP)

## Compile the poker engine with mypyc and the twenty-one analysis's loops ahead of time (again
## whenever one of their sources changed), and write the package's bytecode once (a command then
## starts without compiling croupier's modules, even where Python is told not to write bytecode).
$(COMPILED): $(STAMP) tools/compile.py tools/aot.py $(COMPILED_SOURCES)
	$(BIN)/python tools/compile.py
	$(BIN)/python -m compileall -q src > /dev/null
	touch $(COMPILED)

compile: $(COMPILED)

## The main job: the web server (back office, API) on the embedded SQLite database (croupier.db);
## the first start prints the owner's one-time password. The terminal table: `croupier play twentyone`.
run: $(COMPILED)
	$(BIN)/croupier db upgrade
	$(BIN)/croupier serve

## The whole test suite and every quality gate (what CI runs). The poker tests run twice: on
## the plain Python sources first, then (with everything else) on the compiled engine.
test: $(STAMP)
	$(BIN)/ruff check src tests tools
	$(BIN)/ruff format --check src tests tools
	$(BIN)/mypy src tools
	$(BIN)/lint-imports --no-cache
	$(MAKE) pure-tests
	$(MAKE) compile
	$(BIN)/python -m pytest -q $(PARALLEL) -m "slow or not slow"; rc=$$?; \
	  if [ $$rc -eq 5 ]; then echo "pytest collected no tests"; exit 1; fi; exit $$rc

## The poker tests on the plain Python sources (the compiled extensions set aside).
pure-tests: $(STAMP)
	$(BIN)/python tools/compile.py --clean
	rm -f $(COMPILED)
	$(BIN)/python -m pytest -q $(PARALLEL) tests/rules/poker tests/unit/poker tests/property/poker tests/golden -k "poker"

lint: $(STAMP)
	$(BIN)/ruff check src tests tools
	$(BIN)/ruff format --check src tests tools

typecheck: $(STAMP)
	$(BIN)/mypy src tools

## The layers and the protocol's import rules (import-linter contracts in pyproject.toml).
layers: $(STAMP)
	$(BIN)/lint-imports --no-cache

## The quick loop: everything but the slow exhaustive checks, on the compiled engine.
unit: $(COMPILED)
	$(BIN)/python -m pytest -q $(PARALLEL) -m "not slow"

clean:
	$(PYTHON) tools/compile.py --clean
	rm -rf $(VENV) build .mypy_cache .ruff_cache .pytest_cache .hypothesis
