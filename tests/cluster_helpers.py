"""Two bot processes on one PostgreSQL database, in one simulated Discord.

SimCord runs one bot per environment; a second bot, holding other shards of the same application, is
attached by hand here the way SimCord attaches its own: the fake HTTP client, its shards' gateway
sessions and a feed of the backend's events. Events then reach the bot holding their shard (a DM's, as on
Discord, shard 0's), and either bot can answer any interaction with its token.

A crash is the second bot's events stopping (its feed removed), its tasks ending and its database
connections dropping, with none of its shutdown code run.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord
from simcord import Env, _dpy_internals
from simcord.backend import serializers
from simcord.gateway import ShardRouter
from simcord.http import FakeHTTPClient

from bot import WizardBot
from cogs.cluster.service import Cluster
from cogs.storage.postgres import PostgresDatabase
from cogs.table.registry import OpenTables
from cogs.table.session import TableSession


@dataclass
class Attached:
    """A bot attached to an environment beside its own bot."""

    bot: WizardBot
    feed: Callable[[str, Any], None]

    @property
    def tables(self) -> OpenTables[TableSession]:
        return self.bot.service(OpenTables)

    @property
    def cluster(self) -> Cluster:
        return self.bot.service(Cluster)


async def attach_second(env: Env, bot: WizardBot) -> Attached:
    """Start `bot` (an AutoShardedBot with its own shard ids) in `env` beside `env.bot`."""
    assert isinstance(bot, discord.AutoShardedClient)
    _dpy_internals.install_http(bot, FakeHTTPClient(env.backend, asyncio.get_running_loop()))
    _dpy_internals.set_guild_ready_timeout(bot, 0.0)
    state = _dpy_internals.get_state(bot)
    state.shard_count = bot.shard_count
    state.shard_ids = list(bot.shard_ids or ())
    assert bot.shard_count is not None
    router = ShardRouter(env.backend, state, bot.dispatch, bot.shard_count, tuple(state.shard_ids))

    def feed(event: str, payload: Any) -> None:
        with env._bot_scope():
            router.feed(event, payload)

    env.backend.subscribers.append(feed)
    with env._bot_scope():
        await bot.login("simcord.fake.token")
        _dpy_internals.install_shards(bot, router.shards)
        for shard_id in state.shard_ids:
            router.identify(shard_id)
        for guild in list(env.backend.guilds.values()):
            router.feed("GUILD_CREATE", serializers.guild_create_payload(env.backend, guild))
    await env.settle()
    return Attached(bot, feed)


async def crash(env: Env, attached: Attached) -> None:
    """The process of `attached` dies: no more events reach it, its timers, computers and heartbeat stop,
    its database connections drop; nothing of its shutdown runs (its row in ``processes`` stays)."""
    env.backend.subscribers.remove(attached.feed)
    for task in attached.cluster._tasks:
        task.cancel()
    for session in attached.tables.sessions.values():
        for task in session.tasks():
            task.cancel()
    db = attached.bot.db
    assert isinstance(db, PostgresDatabase)
    db.terminate()
    await asyncio.sleep(0)


async def make_silent(db: Any, name: str, seconds: float) -> None:
    """Move process `name`'s last heartbeat `seconds` into the past, as if that much time had gone by
    since it stopped."""
    await db.execute("UPDATE processes SET heartbeat_at = heartbeat_at - ? WHERE name = ?", (seconds, name))
