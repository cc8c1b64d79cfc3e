"""What /wizard replay and /wizard record answer, privately, in the language of the member who asked
(their Discord client's, else the server's), and the games their ``game`` option suggests.

The commands themselves are declared with the other /wizard commands (``cogs/wizard.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from cogs.leaderboard.embeds import game_label
from cogs.leaderboard.queries import recent_games
from cogs.replay.components import open_replay
from cogs.replay.export import record_files
from cogs.replay.games import finished_game
from cogs.server_settings.language import reply_texts
from cogs.table.delivery import reply_allows_files
from cogs.utils.replies import Refusal, guarded
from cogs.utils.text import clip

if TYPE_CHECKING:
    from bot import WizardBot

# Discord's longest name of an autocomplete choice.
CHOICE_NAME_LIMIT = 100


async def show_replay(interaction: discord.Interaction[WizardBot], game_id: int) -> None:
    """Answer /wizard replay: the game's first step, privately, with its buttons."""

    async def run() -> None:
        await open_replay(interaction, game_id, await reply_texts(interaction))

    await guarded(interaction, run(), "/wizard replay")


async def send_record(interaction: discord.Interaction[WizardBot], game_id: int) -> None:
    """Answer /wizard record: the game's record (JSON) and score sheet (CSV), privately."""

    async def run() -> None:
        t = await reply_texts(interaction)
        game = await finished_game(interaction, game_id, t)
        if not reply_allows_files(interaction):
            raise Refusal(t("replay-refusal-no-files"))
        files = await record_files(game, t=t)
        text = t("replay-record-ready", game=str(game_id))
        await interaction.response.send_message(text, files=files, ephemeral=True)

    await guarded(interaction, run(), "/wizard record")


async def game_choices(
    interaction: discord.Interaction[WizardBot], current: str
) -> list[app_commands.Choice[int]]:
    """The member's recent games in this server: those whose number starts with what they typed (a
    number), or whose description holds it (a word, a date)."""
    if interaction.guild_id is None:
        return []
    t = await reply_texts(interaction)
    games, _ = await recent_games(interaction.client.db, interaction.guild_id, interaction.user.id, 0)
    typed = current.strip().lstrip("#").casefold()
    choices = []
    for game in games:
        label = game_label(game, t=t)
        wanted = str(game.table_id).startswith(typed) if typed.isdecimal() else typed in label.casefold()
        if wanted:
            name = clip(t("replay-game-choice", game=str(game.table_id), label=label), CHOICE_NAME_LIMIT)
            choices.append(app_commands.Choice(name=name, value=game.table_id))
    return choices
