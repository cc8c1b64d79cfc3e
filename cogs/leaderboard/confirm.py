"""Erasing records after a private yes/no: /wizard forget-me and /wizard-admin's two commands.

The question is a short-lived view (two minutes; gone after a restart, like the question itself).
Whatever goes wrong when it is answered reaches the view's ``on_error``, which closes the question and
answers through ``report_failure``, as every component and command does.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from cogs.leaderboard import context
from cogs.leaderboard.erasure import erase_member, reset_guild
from cogs.utils.replies import Refusal, guarded, report_failure

log = logging.getLogger(__name__)

COMMAND = "a leaderboard command"
CONFIRMATION = "an erase confirmation"
NOTHING_ERASED = "Nothing was erased."
Erase = Callable[[discord.Interaction[Any]], Awaitable[str]]
Allowed = Callable[[discord.Interaction[Any]], str | None]


class ConfirmErase(discord.ui.View):
    """A short-lived, private yes/no before records are erased.

    ``erase`` does the erasure and says what it did; ``allowed`` says why the member who answers may
    not erase any more (None if they may), checked again when they press the button.
    """

    def __init__(self, user_id: int, label: str, erase: Erase, allowed: Allowed | None = None) -> None:
        super().__init__(timeout=120)
        self.user_id, self.erase, self.allowed = user_id, erase, allowed
        self.confirm.label = label
        self.asked: discord.Interaction[Any] | None = None

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        if interaction.user.id != self.user_id:
            await report_failure(
                interaction, Refusal("Only the member who asked can answer this."), CONFIRMATION
            )
            return False
        return True

    async def on_error(
        self, interaction: discord.Interaction[Any], error: Exception, item: discord.ui.Item[Any]
    ) -> None:
        # An erasure that failed was rolled back: close the question, then answer like any failure.
        self.stop()
        if not interaction.response.is_done():
            try:
                await interaction.response.edit_message(content=NOTHING_ERASED, view=None)
            except discord.HTTPException:
                log.debug("Could not close an erase confirmation", exc_info=True)
        await report_failure(interaction, error, CONFIRMATION)

    async def on_timeout(self) -> None:
        if self.asked is not None:
            try:
                await self.asked.edit_original_response(content="No answer: nothing was erased.", view=None)
            except discord.HTTPException:
                log.debug("Could not mark an erase confirmation as expired", exc_info=True)

    @discord.ui.button(label="Erase", style=discord.ButtonStyle.danger)
    async def confirm(
        self, interaction: discord.Interaction[Any], _: discord.ui.Button[ConfirmErase]
    ) -> None:
        self.stop()
        refusal = self.allowed(interaction) if self.allowed is not None else None
        text = refusal if refusal is not None else await self.erase(interaction)
        await interaction.response.edit_message(content=text, view=None)

    @discord.ui.button(label="Keep everything", style=discord.ButtonStyle.secondary)
    async def keep(self, interaction: discord.Interaction[Any], _: discord.ui.Button[ConfirmErase]) -> None:
        self.stop()
        await interaction.response.edit_message(content=NOTHING_ERASED, view=None)


async def ask(interaction: discord.Interaction[Any], question: str, view: ConfirmErase) -> None:
    """Ask the caller privately to confirm an erasure."""
    view.asked = interaction
    await interaction.response.send_message(question, view=view, ephemeral=True)


def manager_only(interaction: discord.Interaction[Any]) -> str | None:
    """Why the caller may not manage the leaderboard, or None if they have Manage Server."""
    if interaction.permissions.manage_guild:
        return None
    return "You need the Manage Server permission for this; nothing was erased."


def check_manager(interaction: discord.Interaction[Any]) -> None:
    """Refuse a caller without Manage Server."""
    # Discord's default_member_permissions can be overridden by the server's settings: check again here.
    refusal = manager_only(interaction)
    if refusal is not None:
        raise Refusal(refusal)


def _games(count: int) -> str:
    return f"{count} {'game' if count == 1 else 'games'}"


async def ask_forget_me(interaction: discord.Interaction[Any]) -> None:
    """Answer /wizard forget-me: erase the caller's records in this server, after a confirmation."""

    async def erase(done: discord.Interaction[Any]) -> str:
        count = await erase_member(context.database(done), context.guild_id(done), done.user.id)
        return f"Done: your records of {_games(count)} in this server were erased."

    async def run() -> None:
        context.guild_id(interaction)
        question = (
            "Erase **your** Wizard records in **this server**: your results, round-by-round sheets, stats "
            "and rating? Other servers keep theirs (run this there too), other players keep their own "
            "results, and games you finish later are recorded again. This cannot be undone."
        )
        await ask(interaction, question, ConfirmErase(interaction.user.id, "Erase my records", erase))

    await guarded(interaction, run(), COMMAND)


async def ask_reset(interaction: discord.Interaction[Any]) -> None:
    """Answer /wizard-admin reset-leaderboard: check Manage Server, confirm, then reset."""

    async def erase(done: discord.Interaction[Any]) -> str:
        count = await reset_guild(context.database(done), context.guild_id(done))
        return f"Done: the leaderboard was reset; the records of {_games(count)} were erased."

    async def run() -> None:
        context.guild_id(interaction)
        check_manager(interaction)
        question = (
            "Reset this server's Wizard leaderboard? Every result, score sheet, stat and rating of every "
            "member in **this server** is erased. This cannot be undone."
        )
        view = ConfirmErase(interaction.user.id, "Reset the leaderboard", erase, manager_only)
        await ask(interaction, question, view)

    await guarded(interaction, run(), COMMAND)


async def ask_remove_member(interaction: discord.Interaction[Any], member: discord.abc.User) -> None:
    """Answer /wizard-admin remove-member: check Manage Server, confirm, then erase their records."""

    async def erase(done: discord.Interaction[Any]) -> str:
        count = await erase_member(context.database(done), context.guild_id(done), member.id)
        return f"Done: {member.mention}'s records of {_games(count)} in this server were erased."

    async def run() -> None:
        context.guild_id(interaction)
        check_manager(interaction)
        question = (
            f"Erase {member.mention}'s Wizard records in **this server**: their results, score sheets, "
            "stats and rating? Other players keep their own results. This cannot be undone."
        )
        view = ConfirmErase(interaction.user.id, "Erase their records", erase, manager_only)
        await ask(interaction, question, view)

    await guarded(interaction, run(), COMMAND)
