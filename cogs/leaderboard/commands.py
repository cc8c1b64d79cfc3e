"""What /wizard leaderboard, stats and history answer: a private reply, paged by its buttons, in the
language of the member who asked (their Discord client's, else the server's).

The commands themselves are declared with the other /wizard commands (``cogs/wizard.py``, with their
choices), which call these with the options the member gave.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from cogs.leaderboard import context
from cogs.leaderboard.components import board_message, history_message
from cogs.leaderboard.embeds import stats_embed
from cogs.leaderboard.periods import PERIODS
from cogs.leaderboard.queries import SORTS, player_card
from cogs.server_settings.language import reply_texts
from cogs.utils.replies import Refusal, guarded

if TYPE_CHECKING:
    from bot import WizardBot

WHAT = "a leaderboard command"


async def show_leaderboard(interaction: discord.Interaction[WizardBot], sort: str, period: str) -> None:
    """Answer /wizard leaderboard: the first page, privately."""

    async def run() -> None:
        t = await reply_texts(interaction)
        if sort not in SORTS or period not in PERIODS:
            raise Refusal(t("lb-choose-from-lists"))
        embed, view = await board_message(interaction, sort, period, 0, t=t)
        await interaction.response.send_message(
            embed=embed, view=view or discord.utils.MISSING, ephemeral=True
        )

    await guarded(interaction, run(), WHAT)


async def show_stats(interaction: discord.Interaction[WizardBot], member: discord.abc.User | None) -> None:
    """Answer /wizard stats: a member's card (the caller's by default), privately."""

    async def run() -> None:
        t = await reply_texts(interaction)
        who = member or interaction.user
        card = await player_card(context.database(interaction), context.guild_id(interaction), who.id)
        if card is None:
            if who.id == interaction.user.id:
                raise Refusal(t("lb-stats-none-you"))
            raise Refusal(t("lb-stats-none-member", member=who.mention))
        embed = stats_embed(card, who.display_name, t=t)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    await guarded(interaction, run(), WHAT)


async def show_history(interaction: discord.Interaction[WizardBot], member: discord.abc.User | None) -> None:
    """Answer /wizard history: a member's recent games (the caller's by default), privately."""

    async def run() -> None:
        t = await reply_texts(interaction)
        who = member or interaction.user
        embed, view = await history_message(interaction, who.id, 0, t=t)
        await interaction.response.send_message(
            embed=embed, view=view or discord.utils.MISSING, ephemeral=True
        )

    await guarded(interaction, run(), WHAT)
