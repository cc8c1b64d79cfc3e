# `make run` starts the bot, `make test` runs the checks, `make sandbox` plays the bot offline in a local
# page; each creates .venv and installs into it first: `run` the bot's own dependencies only, `test` the
# development tools as well, `sandbox` SimCord and its page's packages (the `sandbox` extra).
# `make sandbox SANDBOX_ARGS="--database data/sandbox.sqlite3"` keeps the sandbox's games.
VENV := .venv
BIN := $(VENV)/bin
RUN_STAMP := $(VENV)/.install-stamp-run
DEV_STAMP := $(VENV)/.install-stamp-dev
SANDBOX_STAMP := $(VENV)/.install-stamp-sandbox
PYTHON := $(shell command -v python3.11 2>/dev/null || command -v python3 2>/dev/null)

.PHONY: install install-dev install-sandbox run test sandbox

install: $(RUN_STAMP)

install-dev: $(DEV_STAMP)

install-sandbox: $(SANDBOX_STAMP)

$(BIN)/python:
	@test -n "$(PYTHON)" || { echo "Python 3.11 or newer is needed (python3.11 or python3 on PATH)" >&2; exit 1; }
	$(PYTHON) -m venv $(VENV)

# Each install is repeated only when pyproject.toml changed since it was last made.
$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -e .
	touch $(RUN_STAMP)

# The development install holds everything the bot needs, so it counts as the runtime one too.
$(DEV_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -e '.[dev]'
	touch $(DEV_STAMP) $(RUN_STAMP)

# The sandbox extra holds the bot's dependencies too.
$(SANDBOX_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -e '.[sandbox]'
	touch $(SANDBOX_STAMP) $(RUN_STAMP)

run: install
	$(BIN)/python bot.py

# The tests run against SQLite and PostgreSQL: a throwaway PostgreSQL cluster is started for them (as an
# unprivileged user, in a temporary directory) and removed afterwards (tools/postgres_cluster.py).
test: install-dev
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python tools/postgres_cluster.py run -- $(BIN)/pytest

sandbox: install-sandbox
	$(BIN)/python bot.py sandbox $(SANDBOX_ARGS)
