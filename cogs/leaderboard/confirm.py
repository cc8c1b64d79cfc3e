"""Erasing records after a private yes/no: /wizard forget-me and /wizard-admin's two commands.

The question is a short-lived view (two minutes; gone after a restart, like the question itself), in the
language of the member who asked (their Discord client's, else the server's), and so is what it answers.
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
from cogs.server_settings.language import reply_texts
from cogs.utils.i18n import Texts
from cogs.utils.replies import Refusal, guarded, report_failure

log = logging.getLogger(__name__)

COMMAND = "a leaderboard command"
CONFIRMATION = "an erase confirmation"
# Does the erasure and says what it did, in the asker's language.
Erase = Callable[[discord.Interaction[Any], Texts], Awaitable[str]]
# Why the member who answers may not erase any more, in their language (None if they may).
Allowed = Callable[[discord.Interaction[Any], Texts], str | None]


class ConfirmErase(discord.ui.View):
    """A short-lived, private yes/no before records are erased.

    ``erase`` does the erasure and says what it did; ``allowed`` says why the member who answers may
    not erase any more (None if they may), checked again when they press the button. ``t`` is the
    asker's catalog: the question, its buttons and its answer are in their language.
    """

    def __init__(
        self, user_id: int, label: str, erase: Erase, allowed: Allowed | None = None, *, t: Texts
    ) -> None:
        super().__init__(timeout=120)
        self.user_id, self.erase, self.allowed, self.t = user_id, erase, allowed, t
        self.confirm.label = label
        self.keep.label = t("lb-keep-everything")
        self.asked: discord.Interaction[Any] | None = None

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        if interaction.user.id != self.user_id:
            t = await reply_texts(interaction)
            await report_failure(interaction, Refusal(t("lb-only-the-asker")), CONFIRMATION)
            return False
        return True

    async def on_error(
        self, interaction: discord.Interaction[Any], error: Exception, item: discord.ui.Item[Any]
    ) -> None:
        # An erasure that failed was rolled back: close the question, then answer like any failure.
        self.stop()
        if not interaction.response.is_done():
            try:
                await interaction.response.edit_message(content=self.t("lb-nothing-erased"), view=None)
            except discord.HTTPException:
                log.debug("Could not close an erase confirmation", exc_info=True)
        await report_failure(interaction, error, CONFIRMATION)

    async def on_timeout(self) -> None:
        if self.asked is not None:
            try:
                await self.asked.edit_original_response(content=self.t("lb-no-answer"), view=None)
            except discord.HTTPException:
                log.debug("Could not mark an erase confirmation as expired", exc_info=True)

    # Both labels are replaced in __init__ by the asker's language.
    @discord.ui.button(label="Erase", style=discord.ButtonStyle.danger)
    async def confirm(
        self, interaction: discord.Interaction[Any], _: discord.ui.Button[ConfirmErase]
    ) -> None:
        self.stop()
        refusal = self.allowed(interaction, self.t) if self.allowed is not None else None
        text = refusal if refusal is not None else await self.erase(interaction, self.t)
        await interaction.response.edit_message(content=text, view=None)

    @discord.ui.button(label="Keep everything", style=discord.ButtonStyle.secondary)
    async def keep(self, interaction: discord.Interaction[Any], _: discord.ui.Button[ConfirmErase]) -> None:
        self.stop()
        await interaction.response.edit_message(content=self.t("lb-nothing-erased"), view=None)


async def ask(interaction: discord.Interaction[Any], question: str, view: ConfirmErase) -> None:
    """Ask the caller privately to confirm an erasure."""
    view.asked = interaction
    await interaction.response.send_message(question, view=view, ephemeral=True)


def manager_only(interaction: discord.Interaction[Any], t: Texts) -> str | None:
    """Why the caller may not manage the leaderboard, or None if they have Manage Server."""
    if interaction.permissions.manage_guild:
        return None
    return t("lb-need-manage-server")


def check_manager(interaction: discord.Interaction[Any], t: Texts) -> None:
    """Refuse a caller without Manage Server."""
    # Discord's default_member_permissions can be overridden by the server's settings: check again here.
    refusal = manager_only(interaction, t)
    if refusal is not None:
        raise Refusal(refusal)


async def ask_forget_me(interaction: discord.Interaction[Any]) -> None:
    """Answer /wizard forget-me: erase the caller's records in this server, after a confirmation."""

    async def erase(done: discord.Interaction[Any], t: Texts) -> str:
        count = await erase_member(context.database(done), context.guild_id(done), done.user.id)
        return t("lb-forget-done", count=count)

    async def run() -> None:
        context.guild_id(interaction)
        t = await reply_texts(interaction)
        view = ConfirmErase(interaction.user.id, t("lb-forget-button"), erase, t=t)
        await ask(interaction, t("lb-forget-question"), view)

    await guarded(interaction, run(), COMMAND)


async def ask_reset(interaction: discord.Interaction[Any]) -> None:
    """Answer /wizard-admin reset-leaderboard: check Manage Server, confirm, then reset."""

    async def erase(done: discord.Interaction[Any], t: Texts) -> str:
        count = await reset_guild(context.database(done), context.guild_id(done))
        return t("lb-reset-done", count=count)

    async def run() -> None:
        context.guild_id(interaction)
        t = await reply_texts(interaction)
        check_manager(interaction, t)
        view = ConfirmErase(interaction.user.id, t("lb-reset-button"), erase, manager_only, t=t)
        await ask(interaction, t("lb-reset-question"), view)

    await guarded(interaction, run(), COMMAND)


async def ask_remove_member(interaction: discord.Interaction[Any], member: discord.abc.User) -> None:
    """Answer /wizard-admin remove-member: check Manage Server, confirm, then erase their records."""

    async def erase(done: discord.Interaction[Any], t: Texts) -> str:
        count = await erase_member(context.database(done), context.guild_id(done), member.id)
        return t("lb-remove-done", member=member.mention, count=count)

    async def run() -> None:
        context.guild_id(interaction)
        t = await reply_texts(interaction)
        check_manager(interaction, t)
        view = ConfirmErase(interaction.user.id, t("lb-remove-button"), erase, manager_only, t=t)
        await ask(interaction, t("lb-remove-question", member=member.mention), view)

    await guarded(interaction, run(), COMMAND)
