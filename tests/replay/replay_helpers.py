"""Helpers of the replay tests: finished games stored the way the bot stores them, without clicking
through them, and the replay's controls."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot_helpers import buttons, manager
from simcord import ChannelHandle, Env, GuildHandle, MemberActor, ResponseMessage

from cogs.table.store import FinishingTable, SeatRecord
from wizard_core import Game, Rules


def played(names: Sequence[str], rules: Rules, seed: int) -> Game:
    """A whole game with random legal moves, without Discord."""
    game = Game(list(names), rules, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        seat = game.to_act[rng.randrange(len(game.to_act))]
        game.apply(rng.choice(game.legal_actions(seat)), player=seat)
    return game


async def store_game(
    env: Env,
    guild: GuildHandle,
    members: Sequence[MemberActor],
    *,
    seed: int,
    rules: Rules | None = None,
    status: str = "finished",
) -> tuple[int, Game]:
    """A game of ``members`` in a new channel of ``guild``, stored through the bot's own store: finished,
    still being played (its first round dealt), ended early, or a lobby that never started."""
    rules = rules or Rules()
    store = manager(env).store
    channel = guild.create_text_channel(f"stored-{seed}")
    names = [member.name for member in members]
    game = played(names, rules, seed)
    now = env.now().timestamp()
    host = members[0]
    record = await store.create(
        guild_id=guild.id, channel_id=channel.id, host_id=host.id, host_name=host.name, rules=rules, now=now
    )
    seats = [SeatRecord(i, member.id, member.name) for i, member in enumerate(members)]
    await store.set_seats(record.id, seats, host.id, now, read_at=record.updated_at)
    if status == "lobby":
        return record.id, game
    first = next(i for i, entry in enumerate(game.log) if isinstance(entry, int))
    await store.start(record.id, game.seed, game.log[:first], now, read_at=now)
    if status == "finished":
        table = FinishingTable(record.id, guild.id, rules.edition, seats)
        await store.finish(table, game.result(), game.log[first:], first, now)
    elif status == "ended":
        await store.close(record.id, "ended", now)
    return record.id, game


def step_ids(message: ResponseMessage) -> dict[str, str]:
    """The replay's enabled step buttons by kind (pr, pt, nt, nr): their custom_ids."""
    found = {}
    for button in buttons(message):
        custom_id = str(button.get("custom_id", ""))
        if custom_id.startswith("wzrp:s:") and not button.get("disabled"):
            found[custom_id.rsplit(":", 1)[1]] = custom_id
    return found


def embed_dicts(message: ResponseMessage) -> list[dict[str, Any]]:
    return [dict(embed.to_dict()) for embed in message.embeds]


def field_value(embed: dict[str, Any], name_start: str) -> str | None:
    return next((f["value"] for f in embed.get("fields", []) if f["name"].startswith(name_start)), None)


def new_member_channel(env: Env) -> tuple[GuildHandle, ChannelHandle, MemberActor]:
    guild = env.create_guild()
    return guild, guild.create_text_channel("wizard"), guild.add_member(env.create_user("reader"))
