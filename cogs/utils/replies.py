"""Answering an interaction that cannot be served, the one way every part of the bot does it.

Expected refusals (``Refusal``: a wrong user, an old message, a move the rules forbid) are answered
privately in their own words. Anything else is a bug or a failing dependency: it is logged under a short
error id, and the user gets the same private apology, naming that id, whether the failure happened in
a slash command, a button, a select menu or a modal. ``guarded`` wraps a handler; the command tree's
error handler and the components' base class (``cogs.utils.components``) both end in ``report_failure``.

Every private answer is in its reader's language (``reader_texts``): their Discord client's if the bot
speaks it, else the language of the table or server it concerns.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable
from typing import Any

import discord
from discord import app_commands

from cogs.hosting.metrics import interaction_finished, interaction_started
from cogs.storage import DATABASE_ERRORS
from cogs.utils.i18n import ENGLISH, Explained, Lang, Texts, guild_language, reader_language, texts

log = logging.getLogger(__name__)

# The apologies' first sentences in English, which tests look for.
SORRY = ENGLISH("reply-sorry")
NOT_SAVED = ENGLISH("reply-not-saved")
# The catalog keys of the permissions a command may need, by discord.py's name; others are named as
# discord.py names them.
PERMISSION_KEYS = {
    "manage_guild": "reply-permission-manage-guild",
    "view_channel": "reply-permission-view-channel",
    "send_messages": "reply-permission-send-messages",
    "embed_links": "reply-permission-embed-links",
    "attach_files": "reply-permission-attach-files",
    "read_message_history": "reply-permission-read-message-history",
    "use_external_emojis": "reply-permission-use-external-emojis",
}


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


def reader_texts(interaction: discord.Interaction[Any], fallback: Lang | None = None) -> Texts:
    """The catalog of a private answer to ``interaction``: its reader's Discord client language if the bot
    speaks it, else ``fallback`` (the language of the table or server it concerns, when the caller knows
    it), else the server's Discord language."""
    if fallback is None:
        fallback = guild_language(None, interaction.guild)
    return texts(reader_language(interaction.locale, fallback))


def apology(reference: str, error: BaseException | None = None, *, t: Texts) -> str:
    """The private message for an unexpected error, naming the id under which it was logged.

    A failure to store (a full disk, a database that cannot be written) says that nothing changed: every
    action is stored before anything else happens, so a failed write leaves the game as it was.
    """
    text = t("reply-not-saved") if isinstance(error, DATABASE_ERRORS) else t("reply-sorry")
    return f"{text} {t('reply-error-id', reference=reference)}"


async def reply_privately(interaction: discord.Interaction[Any], text: str) -> None:
    """Answer an interaction with a message only its user sees, whether or not it was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def report_failure(interaction: discord.Interaction[Any], error: BaseException, what: str) -> None:
    """Tell the user privately why their interaction was not served.

    A ``Refusal`` is shown as it is, an ``Explained`` error by its catalog message; so is a slash
    command's error the user caused (``explain_command_error``), in their language. Anything else is
    logged with a fresh error id, naming ``what`` was being handled, and the user gets an apology with
    that id. If even the answer cannot be sent, that is logged and nothing more happens.
    """
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    t = reader_texts(interaction)
    explanation: str | None = None
    if isinstance(error, Refusal):
        explanation = str(error)
    elif isinstance(error, Explained):
        explanation = t(error.key)
    elif isinstance(error, app_commands.AppCommandError):
        explanation = explain_command_error(error, t=t)
    if explanation is not None:
        text = explanation
    else:
        reference = error_id()
        log.error("Unhandled error in %s [error id %s]", what, reference, exc_info=error)
        text = apology(reference, error, t=t)
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


def explain_command_error(error: app_commands.AppCommandError, *, t: Texts = ENGLISH) -> str | None:
    """Plain words for a slash-command error the user caused, or None for a bug."""
    if isinstance(error, app_commands.CommandOnCooldown):
        return t("reply-cooldown", seconds=round(error.retry_after))
    if isinstance(error, app_commands.NoPrivateMessage):
        return t("reply-server-only")
    if isinstance(error, app_commands.MissingPermissions):
        return t("reply-missing-permissions", permissions=_permission_list(error.missing_permissions, t))
    if isinstance(error, app_commands.BotMissingPermissions):
        return t("reply-bot-missing-permissions", permissions=_permission_list(error.missing_permissions, t))
    if isinstance(error, app_commands.TransformerError):
        return t("reply-invalid-value", value=repr(error.value))
    if isinstance(error, app_commands.CheckFailure):
        # discord.py's own text for a check that returned False gives the player no reason.
        text = str(error)
        return text if text and not text.startswith("The check functions") else t("reply-check-failed")
    return None


def _permission_list(names: list[str], t: Texts) -> str:
    return ", ".join(
        t(PERMISSION_KEYS[name]) if name in PERMISSION_KEYS else name.replace("_", " ").title()
        for name in names
    )
