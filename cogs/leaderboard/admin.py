"""/wizard-admin: server managers reset the leaderboard or erase one member's records.

A top-level group of its own because Discord applies ``default_member_permissions`` to top-level commands
only: members without Manage Server do not see it unless the server's settings say otherwise. Those
settings can hand it to anyone, so each command checks Manage Server again on the bot's side, and the
confirmation button checks it once more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.leaderboard.confirm import ask_remove_member, ask_reset
from cogs.utils.text import command_text

if TYPE_CHECKING:
    from bot import WizardBot


class Admin(commands.Cog):
    """Leaderboard housekeeping for members with Manage Server."""

    admin = app_commands.Group(
        name=command_text("command-admin-name"),
        description=command_text("command-admin-description"),
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, bot: WizardBot) -> None:
        self.bot = bot

    @admin.command(
        name=command_text("command-admin-reset-name"),
        description=command_text("command-admin-reset-description"),
    )
    async def reset_command(self, interaction: discord.Interaction[WizardBot]) -> None:
        """Erase this server's Wizard results, stats and ratings, after a confirmation."""
        await ask_reset(interaction)

    @admin.command(
        name=command_text("command-admin-remove-name"),
        description=command_text("command-admin-remove-description"),
    )
    @app_commands.rename(member=command_text("command-admin-remove-member-name"))
    @app_commands.describe(member=command_text("command-admin-remove-member-description"))
    async def remove_member_command(
        self, interaction: discord.Interaction[WizardBot], member: discord.User
    ) -> None:
        """Erase one member's Wizard records in this server, after a confirmation."""
        await ask_remove_member(interaction, member)
