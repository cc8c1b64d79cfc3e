"""The /wizard slash commands: every subcommand of the game lives in this one group.

Each command is a thin door into a feature package (the table, the leaderboard, the server settings,
the guide). Each runs its work through ``cogs.utils.replies.guarded``, which answers a refusal or an
unexpected error privately, like every button and menu; what discord.py itself refuses (a failed check,
a bad option value) is answered by the command tree's error handler through the same function.

Every name and description Discord shows comes from the catalogs (``command_text``); the extension sets
the command tree's translator (``CommandTexts``), which gives Discord the other languages' texts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.core_words import rules_text
from cogs.guide.pages import rules_topic_choices, show_rules
from cogs.leaderboard import season_commands
from cogs.leaderboard.commands import show_history, show_leaderboard, show_stats
from cogs.leaderboard.confirm import ask_forget_me
from cogs.leaderboard.embeds import PERIOD_KEYS, SORT_KEYS
from cogs.members.panel import show_settings as show_member_settings
from cogs.replay.commands import game_choices, send_record, show_replay
from cogs.server_settings import panel as server_settings
from cogs.server_settings.language import reply_texts
from cogs.table.lobby_flow import Lobbies
from cogs.table.registry import HandedOff, OpenTables
from cogs.table.session import TableSession, ask_to_end
from cogs.utils.i18n import Texts
from cogs.utils.replies import Refusal, guarded, reader_texts
from cogs.utils.text import CommandTexts, chunk_lines, command_text

if TYPE_CHECKING:
    from bot import WizardBot

Choice = app_commands.Choice
EDITION_CHOICES = [
    Choice(name=command_text("command-edition-classic"), value="classic"),
    Choice(name=command_text("command-edition-camelot"), value="camelot"),
]
# The leaderboard's sorts and periods under the names its pages give them.
SORT_CHOICES = [Choice(name=command_text(key), value=sort) for sort, key in SORT_KEYS.items()]
PERIOD_CHOICES = [Choice(name=command_text(key), value=period) for period, key in PERIOD_KEYS.items()]


def localized(payload: Mapping[str, Any], field: str, t: Texts) -> str:
    """A command's or option's name or description as Discord shows it in ``t``'s language."""
    localizations: Mapping[str, str] = payload.get(f"{field}_localizations") or {}
    return localizations.get(t.lang) or str(payload[field])


class Wizard(commands.Cog):
    """Discord's side of the game: commands in, messages out; the rules live in wizard_core."""

    wizard = app_commands.Group(
        name=command_text("command-wizard-name"),
        description=command_text("command-wizard-description"),
        guild_only=True,
    )

    def __init__(self, bot: WizardBot) -> None:
        self.bot = bot
        self._registered: dict[str, Any] | None = None
        self.tables: OpenTables[TableSession] = bot.service(OpenTables)
        self.lobbies = bot.service(Lobbies)

    async def command_lines(self, t: Texts) -> list[str]:
        """Each /wizard command with its description, as Discord shows them in ``t``'s language."""
        if self._registered is None:
            # What Discord is sent for /wizard, in every language: the same for the bot's whole run.
            tree, translator = self.bot.tree, self.bot.tree.translator
            if translator is None:
                self._registered = self.wizard.to_dict(tree)
            else:
                self._registered = await self.wizard.get_translated_payload(tree, translator)
        group = self._registered
        name = localized(group, "name", t)
        return [
            f"`/{name} {localized(command, 'name', t)}`: {localized(command, 'description', t)}"
            for command in group["options"]
        ]

    async def help_embed(self, t: Texts) -> discord.Embed:
        embed = discord.Embed(
            title=t("help-title"), description=t("help-about"), colour=discord.Colour.blurple()
        )
        for index, piece in enumerate(chunk_lines(t("help-how-to-play"))):
            name = t("help-how-to-play-title") if index == 0 else t("help-how-to-play-continued")
            embed.add_field(name=name, value=piece, inline=False)
        for index, piece in enumerate(chunk_lines("\n".join(await self.command_lines(t)))):
            name = t("help-commands") if index == 0 else t("help-more-commands")
            embed.add_field(name=name, value=piece, inline=False)
        for index, piece in enumerate(chunk_lines(rules_text("classic", t))):
            name = t("help-rules") if index == 0 else t("help-rules-continued")
            embed.add_field(name=name, value=piece, inline=False)
        return embed

    @wizard.command(
        name=command_text("command-help-name"), description=command_text("command-help-description")
    )
    async def help_command(self, interaction: discord.Interaction[WizardBot]) -> None:
        """Show what this bot does, its commands and a summary of the rules."""

        async def show() -> None:
            embed = await self.help_embed(await reply_texts(interaction))
            await interaction.response.send_message(embed=embed, ephemeral=True)

        await guarded(interaction, show(), "/wizard help")

    @wizard.command(
        name=command_text("command-new-name"), description=command_text("command-new-description")
    )
    @app_commands.rename(edition=command_text("command-new-edition-name"))
    @app_commands.describe(edition=command_text("command-new-edition-description"))
    @app_commands.choices(edition=EDITION_CHOICES)
    async def new_command(
        self, interaction: discord.Interaction[WizardBot], edition: str | None = None
    ) -> None:
        """Open a table in this channel for others to join."""
        await guarded(interaction, self.lobbies.new_table(interaction, edition), "/wizard new")

    @wizard.command(
        name=command_text("command-hand-name"), description=command_text("command-hand-description")
    )
    async def hand_command(self, interaction: discord.Interaction[WizardBot]) -> None:
        """Show your hand in this channel's game, only to you, with your controls."""

        async def show() -> None:
            session = await self._running_table(interaction)
            if session is None:
                return  # another process serves it
            t = session.table.reader_texts(interaction.user.id, interaction.locale)
            async with session.lock:
                await session.show_hand(interaction, t)

        await guarded(interaction, show(), "/wizard hand")

    @wizard.command(
        name=command_text("command-table-name"), description=command_text("command-table-description")
    )
    async def table_command(self, interaction: discord.Interaction[WizardBot]) -> None:
        """Bring this channel's table back to the bottom of the channel, below the chat."""

        async def bring_back() -> None:
            session = await self.tables.locate_in_channel(interaction)
            if isinstance(session, HandedOff):
                return
            if session is None:
                raise Refusal((await reply_texts(interaction))("reply-no-table"))
            async with session.lock:
                if not session.is_open:
                    raise Refusal(reader_texts(interaction, session.table.lang)("reply-table-closed"))
                await session.bring_back(interaction)

        await guarded(interaction, bring_back(), "/wizard table")

    @wizard.command(
        name=command_text("command-end-name"), description=command_text("command-end-description")
    )
    async def end_command(self, interaction: discord.Interaction[WizardBot]) -> None:
        """End this channel's game early (host or Manage Server); no results are recorded."""
        await guarded(interaction, self._ask_to_end(interaction, "end"), "/wizard end")

    @wizard.command(
        name=command_text("command-leave-name"), description=command_text("command-leave-description")
    )
    async def leave_command(self, interaction: discord.Interaction[WizardBot]) -> None:
        """Leave this channel's game; a computer plays your seat to the end, and it won't count for you."""
        await guarded(interaction, self._ask_to_end(interaction, "leave"), "/wizard leave")

    async def _ask_to_end(self, interaction: discord.Interaction[WizardBot], kind: str) -> None:
        session = await self._running_table(interaction)
        if session is not None:
            await ask_to_end(session, interaction, kind)

    async def _running_table(self, interaction: discord.Interaction[WizardBot]) -> TableSession | None:
        """The session of the channel's running game; None when another process serves the interaction."""
        session = await self.tables.locate_in_channel(interaction)
        if isinstance(session, HandedOff):
            return None
        if session is None or session.table.status != "playing":
            raise Refusal((await reply_texts(interaction))("reply-no-game"))
        return session

    # -- leaderboards, stats and history: the leaderboard package answers ------------------------------

    @wizard.command(
        name=command_text("command-leaderboard-name"),
        description=command_text("command-leaderboard-description"),
    )
    @app_commands.rename(
        sort=command_text("command-leaderboard-sort-name"),
        period=command_text("command-leaderboard-period-name"),
        season=command_text("command-leaderboard-season-name"),
    )
    @app_commands.describe(
        sort=command_text("command-leaderboard-sort-description"),
        period=command_text("command-leaderboard-period-description"),
        season=command_text("command-leaderboard-season-description"),
    )
    @app_commands.choices(sort=SORT_CHOICES, period=PERIOD_CHOICES)
    @app_commands.autocomplete(season=season_commands.season_choices)
    async def leaderboard_command(
        self,
        interaction: discord.Interaction[WizardBot],
        sort: str = "rating",
        period: str | None = None,
        season: str | None = None,
    ) -> None:
        """Show this server's Wizard ranking, only to you."""
        await show_leaderboard(interaction, sort, period, season)

    @wizard.command(
        name=command_text("command-stats-name"), description=command_text("command-stats-description")
    )
    @app_commands.rename(
        member=command_text("command-stats-member-name"),
        season=command_text("command-stats-season-name"),
        server=command_text("command-stats-server-name"),
    )
    @app_commands.describe(
        member=command_text("command-stats-member-description"),
        season=command_text("command-stats-season-description"),
        server=command_text("command-stats-server-description"),
    )
    @app_commands.autocomplete(season=season_commands.season_choices)
    async def stats_command(
        self,
        interaction: discord.Interaction[WizardBot],
        member: discord.Member | None = None,
        season: str | None = None,
        server: bool = False,
    ) -> None:
        """Show a member's Wizard stats and rating in this server, only to you."""
        await show_stats(interaction, member, season, server)

    @wizard.command(
        name=command_text("command-history-name"), description=command_text("command-history-description")
    )
    @app_commands.rename(
        member=command_text("command-history-member-name"),
        season=command_text("command-history-season-name"),
    )
    @app_commands.describe(
        member=command_text("command-history-member-description"),
        season=command_text("command-history-season-description"),
    )
    @app_commands.autocomplete(season=season_commands.season_choices)
    async def history_command(
        self,
        interaction: discord.Interaction[WizardBot],
        member: discord.Member | None = None,
        season: str | None = None,
    ) -> None:
        """List a member's recent games in this server, with their score sheets, only to you."""
        await show_history(interaction, member, season)

    # Seasons: starting and ending one is for Manage Server, checked by the bot on each use.
    season = app_commands.Group(
        name=command_text("command-season-name"),
        description=command_text("command-season-description"),
        parent=wizard,
    )

    @season.command(
        name=command_text("command-season-start-name"),
        description=command_text("command-season-start-description"),
    )
    @app_commands.rename(
        name=command_text("command-season-start-name-name"),
        ends=command_text("command-season-start-ends-name"),
    )
    @app_commands.describe(
        name=command_text("command-season-start-name-description"),
        ends=command_text("command-season-start-ends-description"),
    )
    async def season_start_command(
        self, interaction: discord.Interaction[WizardBot], name: str, ends: str | None = None
    ) -> None:
        """Start a season of this server's Wizard games (Manage Server)."""
        await season_commands.start(interaction, name, ends)

    @season.command(
        name=command_text("command-season-end-name"),
        description=command_text("command-season-end-description"),
    )
    async def season_end_command(self, interaction: discord.Interaction[WizardBot]) -> None:
        """End the running season now and announce its champion (Manage Server)."""
        await season_commands.end(interaction)

    @season.command(
        name=command_text("command-season-show-name"),
        description=command_text("command-season-show-description"),
    )
    @app_commands.rename(season=command_text("command-season-show-season-name"))
    @app_commands.describe(season=command_text("command-season-show-season-description"))
    @app_commands.autocomplete(season=season_commands.season_choices)
    async def season_show_command(
        self, interaction: discord.Interaction[WizardBot], season: str | None = None
    ) -> None:
        """Show a season with its board and champion, only to you."""
        await season_commands.show(interaction, season)

    @wizard.command(
        name=command_text("command-forget-me-name"),
        description=command_text("command-forget-me-description"),
    )
    async def forget_me_command(self, interaction: discord.Interaction[WizardBot]) -> None:
        """Erase your Wizard records in this server, after a confirmation."""
        await ask_forget_me(interaction)

    # -- replays and game records: the replay package answers ------------------------------------------

    @wizard.command(
        name=command_text("command-replay-name"), description=command_text("command-replay-description")
    )
    @app_commands.rename(game=command_text("command-replay-game-name"))
    @app_commands.describe(game=command_text("command-replay-game-description"))
    async def replay_command(self, interaction: discord.Interaction[WizardBot], game: int) -> None:
        """Replay a finished game of this server trick by trick, only to you."""
        await show_replay(interaction, game)

    @replay_command.autocomplete("game")
    async def replay_game_autocomplete(
        self, interaction: discord.Interaction[WizardBot], current: str
    ) -> list[app_commands.Choice[int]]:
        return await game_choices(interaction, current)

    @wizard.command(
        name=command_text("command-record-name"), description=command_text("command-record-description")
    )
    @app_commands.rename(game=command_text("command-record-game-name"))
    @app_commands.describe(game=command_text("command-record-game-description"))
    async def record_command(self, interaction: discord.Interaction[WizardBot], game: int) -> None:
        """Download a finished game's record (JSON) and score sheet (CSV), only to you."""
        await send_record(interaction, game)

    @record_command.autocomplete("game")
    async def record_game_autocomplete(
        self, interaction: discord.Interaction[WizardBot], current: str
    ) -> list[app_commands.Choice[int]]:
        return await game_choices(interaction, current)

    # -- rules and server settings -----------------------------------------------------------------------

    @wizard.command(
        name=command_text("command-rules-name"), description=command_text("command-rules-description")
    )
    @app_commands.rename(topic=command_text("command-rules-topic-name"))
    @app_commands.describe(topic=command_text("command-rules-topic-description"))
    async def rules_command(
        self, interaction: discord.Interaction[WizardBot], topic: str | None = None
    ) -> None:
        """Show the rules of an edition or of a variant, only to you."""
        await guarded(interaction, show_rules(interaction, topic), "/wizard rules")

    @rules_command.autocomplete("topic")
    async def rules_topic_autocomplete(
        self, interaction: discord.Interaction[WizardBot], current: str
    ) -> list[app_commands.Choice[str]]:
        return await rules_topic_choices(interaction, current)

    # Discord applies default_member_permissions to top-level commands only, and this one shares the
    # /wizard group with every player's commands: Manage Server is checked by the bot on each use.
    @wizard.command(
        name=command_text("command-settings-name"),
        description=command_text("command-settings-description"),
    )
    async def settings_command(self, interaction: discord.Interaction[WizardBot]) -> None:
        """Choose this server's default rules, timers, pictures and language (Manage Server)."""
        await server_settings.show_panel(interaction)

    @wizard.command(name=command_text("command-me-name"), description=command_text("command-me-description"))
    async def me_command(self, interaction: discord.Interaction[WizardBot]) -> None:
        """Your own settings in this server: language, pictures, plain text, turn reminders."""
        await guarded(interaction, show_member_settings(interaction), "the me command")


async def setup(bot: WizardBot) -> None:
    await bot.add_cog(Wizard(bot))
    # Every command is registered through this tree, /wizard-admin too: the translator serves them all.
    await bot.tree.set_translator(CommandTexts())
