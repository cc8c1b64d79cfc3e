"""Answering an interaction that cannot be served, the one way every part of the bot does it.

Expected refusals (``Refusal``: a wrong user, an old message, a move the rules forbid) are answered
privately in their own words. Anything else is a bug or a failing dependency: it is logged under a short
error id, and the user gets the same private apology, naming that id, whether the failure happened in
a slash command, a button, a select menu or a modal. ``guarded`` wraps a handler; the command tree's
error handler and the components' base class (``cogs.utils.components``) both end in ``report_failure``.
"""

from __future__ import annotations

import logging
import secrets
import sqlite3
from collections.abc import Awaitable
from typing import Any

import discord
from discord import app_commands

from cogs.hosting.metrics import interaction_finished, interaction_started

log = logging.getLogger(__name__)

SORRY = "Something went wrong on my side. The error was logged; please try again."
NOT_SAVED = "I couldn't save that, so nothing changed. Please try again in a moment."


class Refusal(Exception):
    """An interaction that is refused; the message is shown to that user only."""


def sentence(error: Exception) -> str:
    """A rules core error as a sentence for the player: its message starts with a capital, ends with a stop.

    >>> sentence(ValueError("bids go from 0 to 1"))
    'Bids go from 0 to 1.'
    """
    text = str(error)
    return f"{text[:1].upper()}{text[1:]}."


def error_id() -> str:
    """A short id that ties an apology to its log entry: six hexadecimal digits."""
    return secrets.token_hex(3)


def apology(reference: str, error: BaseException | None = None) -> str:
    """The private message for an unexpected error, naming the id under which it was logged.

    A failure to store (a full disk, a database that cannot be written) says that nothing changed: every
    action is stored before anything else happens, so a failed write leaves the game as it was.
    """
    text = NOT_SAVED if isinstance(error, sqlite3.Error) else SORRY
    return f"{text} (Error id: `{reference}`)"


async def reply_privately(interaction: discord.Interaction[Any], text: str) -> None:
    """Answer an interaction with a message only its user sees, whether or not it was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def report_failure(
    interaction: discord.Interaction[Any], error: BaseException, what: str, explanation: str | None = None
) -> None:
    """Tell the user privately why their interaction was not served.

    A ``Refusal`` (or an ``explanation`` of an error the user caused) is shown as it is; anything else
    is logged with a fresh error id, naming ``what`` was being handled, and the user gets an apology
    with that id. If even the answer cannot be sent, that is logged and nothing more happens.
    """
    if isinstance(error, Refusal):
        text = str(error)
    elif explanation is not None:
        text = explanation
    else:
        reference = error_id()
        log.error("Unhandled error in %s [error id %s]", what, reference, exc_info=error)
        text = apology(reference, error)
    try:
        await reply_privately(interaction, text)
    except discord.HTTPException:
        log.warning("Could not answer an interaction in %s", what, exc_info=True)


async def guarded(interaction: discord.Interaction[Any], work: Awaitable[None], what: str) -> None:
    """Run the handling of an interaction; any failure is answered by ``report_failure``. Its handling
    time goes into the bot's metrics (``cogs.hosting.metrics``)."""
    interaction_started(interaction)
    try:
        await work
    except Exception as error:
        await report_failure(interaction, error, what)
    finally:
        interaction_finished(interaction)


def explain_command_error(error: app_commands.AppCommandError) -> str | None:
    """Plain words for a slash-command error the user caused, or None for a bug."""
    if isinstance(error, app_commands.CommandOnCooldown):
        return f"Slow down: you can use this again in {error.retry_after:.0f} seconds."
    if isinstance(error, app_commands.NoPrivateMessage):
        return "This command only works in a server channel."
    if isinstance(error, app_commands.MissingPermissions):
        return f"You need the {_permission_list(error.missing_permissions)} permission for this."
    if isinstance(error, app_commands.BotMissingPermissions):
        return f"I need the {_permission_list(error.missing_permissions)} permission in this channel."
    if isinstance(error, app_commands.TransformerError):
        return f"{error.value!r} is not a valid value here."
    if isinstance(error, app_commands.CheckFailure):
        # discord.py's own text for a check that returned False gives the player no reason.
        text = str(error)
        return text if text and not text.startswith("The check functions") else "You can't use this here."
    return None


def _permission_list(names: list[str]) -> str:
    return ", ".join(name.replace("_", " ").replace("guild", "server").title() for name in names)
