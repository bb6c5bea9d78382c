# Two commands set everything up on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# CPU build of torch, pinned: an unpinned torch pulls a multi-GB CUDA build.
TORCH := torch==2.13.0

.PHONY: demo test check lint venv bench clean

# pip's and setuptools' chatter goes to a log; a failed install shows its tail.
$(STAMP): pyproject.toml
	@echo "Creating $(VENV) (about a minute with a warm pip cache; log: $(VENV)/install.log)"
	@mkdir -p $(VENV)
	@{ $(PYTHON) -m venv $(VENV) \
	  && $(BIN)/python -m pip install --quiet --upgrade pip \
	  && $(BIN)/python -m pip install --quiet "$(TORCH)" \
	  && $(BIN)/python -m pip install --quiet -e ".[verify,dev]"; } > $(VENV)/install.log 2>&1 \
	  || { tail -n 30 $(VENV)/install.log; echo "make: installing into $(VENV) failed"; exit 1; }
	@touch $(STAMP)

venv: $(STAMP)

# What the rules find in corpus/, two rewrites, and the proof table: two screens (scripts/demo.py).
demo: $(STAMP)
	@OMP_NUM_THREADS=1 $(BIN)/python scripts/demo.py

# Two workers, for a 2-core machine; the tests marked slow (end to end: verify on a sample of corpus/,
# Fixit, pre-commit, generated programs) start first (tests/conftest.py) and an idle worker takes tests
# queued for the other (worksteal), so neither waits alone on a long test at the end.
test: $(STAMP)
	OMP_NUM_THREADS=1 $(BIN)/python -m pytest -n 2 --dist worksteal

# The inner loop: lint, types, and every test not marked slow (end-to-end verify, Fixit's command line,
# pre-commit, generated programs), in under 3 minutes on 2 cores.
check: lint
	OMP_NUM_THREADS=1 $(BIN)/python -m pytest -n 2 --dist worksteal -m "not slow"

lint: $(STAMP)
	$(BIN)/ruff check
	$(BIN)/ruff format --check
	$(BIN)/mypy

bench: $(STAMP)
	OMP_NUM_THREADS=1 $(BIN)/python benchmarks/throughput.py

clean:
	rm -rf $(VENV) verify-report.md
