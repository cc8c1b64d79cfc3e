"""The gateway payload of the interaction being handled, kept so it can be handed to another process.

discord.py builds an ``Interaction`` from the payload and drops the rest; the bot wraps the gateway's
INTERACTION_CREATE parser to set ``RAW_INTERACTION`` first. discord.py runs each handler in a task
created right then, and a task starts with a copy of the current context, so every handler sees the
payload of its own interaction.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

RAW_INTERACTION: ContextVar[dict[str, Any] | None] = ContextVar("raw_interaction", default=None)

Parser = Callable[[dict[str, Any]], None]


def keep_payloads(parsers: dict[str, Parser]) -> Parser:
    """Wrap the INTERACTION_CREATE parser of a discord.py connection state so handlers can read their
    payload (``RAW_INTERACTION``); returns the parser, to dispatch a payload handed over by another
    process the way the gateway would."""
    original = parsers["INTERACTION_CREATE"]

    def parse(data: dict[str, Any]) -> None:
        token = RAW_INTERACTION.set(data)
        try:
            original(data)
        finally:
            RAW_INTERACTION.reset(token)

    parsers["INTERACTION_CREATE"] = parse
    return parse
