"""Full games through Discord: lobby, private hands, bids and plays, restarts, refusals."""

from __future__ import annotations

import random

import discord
import pytest
from discord_payloads import assert_valid_discord_payloads
from simcord import Env, MemberActor
from simcord.builders import ChannelHandle

from wizard_core import Game

pytestmark = pytest.mark.simcord(check_errors=True)


class Table:
    """A test's view of one table: the channel, the players and the bot's running game."""

    def __init__(self, env: Env, channel: ChannelHandle, players: list[MemberActor]) -> None:
        self.env, self.channel, self.players = env, channel, players

    @property
    def game(self) -> Game:
        table = self.env.bot.tables.in_channel(self.channel.id)  # type: ignore[attr-defined]
        assert table is not None and table.game is not None
        return table.game  # type: ignore[no-any-return]

    def running(self) -> bool:
        table = self.env.bot.tables.in_channel(self.channel.id)  # type: ignore[attr-defined]
        return table is not None and table.status == "playing"


def buttons(message: discord.Message) -> list[discord.Button]:
    return [
        c
        for row in message.components
        if isinstance(row, discord.ActionRow)
        for c in row.children
        if isinstance(c, discord.Button)
    ]


def act_buttons(message: discord.Message) -> list[discord.Button]:
    return [b for b in buttons(message) if b.custom_id and ":act:" in b.custom_id and not b.disabled]


def latest_controls(player: MemberActor) -> discord.Message:
    """The player's newest DM that carries controls."""
    for message in reversed(player.user.dm_channel.history()):
        if act_buttons(message):
            return message
    raise AssertionError(f"{player.name} has no controls in their DMs")


async def open_table(env: Env, count: int, edition: str = "classic") -> Table:
    guild = env.create_guild()
    channel = guild.create_text_channel("wizard")
    players = [guild.add_member(env.create_user(f"player{i}")) for i in range(count)]
    result = await players[0].slash(channel, "wizard new", edition=edition)
    assert result.response is not None
    lobby = result.response.message
    for player in players[1:]:
        joined = await player.click(lobby, label="Join")
        assert not joined.ephemeral
    started = await players[0].click(lobby, label="Start")
    assert not started.ephemeral
    return Table(env, channel, players)


async def play_to_end(table: Table, rng: random.Random, limit: int = 5000) -> None:
    for _ in range(limit):
        if not table.running():
            return
        game = table.game
        current = game.current_player
        assert current is not None
        player = table.players[current]
        message = latest_controls(player)
        choices = act_buttons(message)
        offered = sorted(int(b.custom_id.rsplit(":", 1)[1]) for b in choices)  # type: ignore[union-attr]
        assert offered == sorted(game.legal_actions())
        pick = rng.choice(choices)
        result = await player.user.click(message, custom_id=pick.custom_id)
        assert not result.ephemeral, result.response.content if result.response else None
    raise AssertionError("the game did not end")


async def test_three_players_play_a_full_game(simcord_env: Env) -> None:
    table = await open_table(simcord_env, 3)
    game_seed = table.game.seed
    await play_to_end(table, random.Random(1))
    final = table.channel.last_message
    assert final is not None and final.embeds
    assert_valid_discord_payloads(simcord_env)
    assert game_seed
