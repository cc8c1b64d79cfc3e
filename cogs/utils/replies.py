"""Refusing an interaction, the one way every part of the bot does it: privately, in words."""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import Any

import discord

log = logging.getLogger(__name__)

SORRY = "Something went wrong on my side. The error was logged; please try again."


class Refusal(Exception):
    """An interaction that is refused; the message is shown to that user only."""


def sentence(error: Exception) -> str:
    """A rules core error as a sentence for the player: its message starts with a capital, ends with a stop.

    >>> sentence(ValueError("bids go from 0 to 1"))
    'Bids go from 0 to 1.'
    """
    text = str(error)
    return f"{text[:1].upper()}{text[1:]}."


async def reply_privately(interaction: discord.Interaction[Any], text: str) -> None:
    """Answer an interaction with a message only its user sees, whether or not it was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def guarded(interaction: discord.Interaction[Any], work: Awaitable[None], what: str) -> None:
    """Run the handling of an interaction: a Refusal is answered privately in its own words; any other
    error is logged (naming ``what`` was being handled) and the user gets an apology."""
    try:
        await work
    except Refusal as refusal:
        await reply_privately(interaction, str(refusal))
    except Exception:
        log.exception("Unhandled error in %s", what)
        await reply_privately(interaction, SORRY)
