# `make run` starts the bot, `make test` runs the checks; both create .venv and install into it first.
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.install-stamp
PYTHON := $(shell command -v python3.11 2>/dev/null || command -v python3 2>/dev/null)

.PHONY: install run test

install: $(STAMP)

$(BIN)/python:
	@test -n "$(PYTHON)" || { echo "Python 3.11 or newer is needed (python3.11 or python3 on PATH)" >&2; exit 1; }
	$(PYTHON) -m venv $(VENV)

# Reinstall only when pyproject.toml changed since the last install.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -e '.[dev]'
	touch $(STAMP)

run: install
	$(BIN)/python bot.py

test: install
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/pytest
