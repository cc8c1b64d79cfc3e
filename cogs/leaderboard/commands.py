"""What /wizard leaderboard, stats and history answer: a private reply, paged by its buttons, in the
language of the member who asked (their Discord client's, else the server's).

Each takes a season (``season_commands.chosen_season``): by default the server's current season, else
all time. The leaderboard's period, when given, is a period of all time's board instead.

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
from cogs.leaderboard.queries import SORTS, player_card, server_records
from cogs.leaderboard.season_commands import chosen_season
from cogs.leaderboard.season_embeds import records_embed
from cogs.leaderboard.season_words import season_name
from cogs.leaderboard.seasons import Season
from cogs.server_settings.language import reply_texts
from cogs.utils.i18n import Texts
from cogs.utils.replies import Refusal, guarded

if TYPE_CHECKING:
    from bot import WizardBot

WHAT = "a leaderboard command"


async def show_leaderboard(
    interaction: discord.Interaction[WizardBot],
    sort: str,
    period: str | None,
    season: str | None = None,
) -> None:
    """Answer /wizard leaderboard: the first page of a period's board or a season's, privately."""

    async def run() -> None:
        t = await reply_texts(interaction)
        if sort not in SORTS or (period is not None and period not in PERIODS):
            raise Refusal(t("lb-choose-from-lists"))
        if period is not None and season is not None:
            raise Refusal(t("lb-period-or-season"))
        chosen = None if period is not None else await chosen_season(interaction, season, t)
        embed, view = await board_message(interaction, sort, period or "all", 0, t=t, season=chosen)
        await interaction.response.send_message(
            embed=embed, view=view or discord.utils.MISSING, ephemeral=True
        )

    await guarded(interaction, run(), WHAT)


async def show_stats(
    interaction: discord.Interaction[WizardBot],
    member: discord.abc.User | None,
    season: str | None = None,
    server: bool = False,
) -> None:
    """Answer /wizard stats: a member's card (the caller's by default), or the server's records,
    privately."""

    async def run() -> None:
        t = await reply_texts(interaction)
        chosen = await chosen_season(interaction, season, t)
        db, guild_id = context.database(interaction), context.guild_id(interaction)
        if server:
            records = await server_records(db, guild_id, chosen)
            await interaction.response.send_message(embed=records_embed(records, t=t), ephemeral=True)
            return
        who = member or interaction.user
        card = await player_card(db, guild_id, who.id, chosen)
        if card is None:
            raise Refusal(_no_card(who, interaction.user.id, chosen, t))
        embed = stats_embed(card, who.display_name, t=t)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    await guarded(interaction, run(), WHAT)


async def show_history(
    interaction: discord.Interaction[WizardBot], member: discord.abc.User | None, season: str | None = None
) -> None:
    """Answer /wizard history: a member's recent games (the caller's by default), privately."""

    async def run() -> None:
        t = await reply_texts(interaction)
        who = member or interaction.user
        chosen = await chosen_season(interaction, season, t)
        embed, view = await history_message(interaction, who.id, 0, t=t, season=chosen)
        await interaction.response.send_message(
            embed=embed, view=view or discord.utils.MISSING, ephemeral=True
        )

    await guarded(interaction, run(), WHAT)


def _no_card(who: discord.abc.User, caller: int, season: Season | None, t: Texts) -> str:
    """Why a member has no stats card: no game in the server, or none in the season."""
    if season is None:
        if who.id == caller:
            return t("lb-stats-none-you")
        return t("lb-stats-none-member", member=who.mention)
    name = season_name(season, t=t)
    if who.id == caller:
        return t("lb-stats-none-you-season", season=name)
    return t("lb-stats-none-member-season", member=who.mention, season=name)
