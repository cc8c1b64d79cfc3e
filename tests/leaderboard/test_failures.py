"""An unexpected failure behind a leaderboard control: the clicker gets the private apology with an error
id that the log carries too, and the reply they clicked stays as it was.

A failure is injected into what each kind of control reads: a leaderboard page (Next), a page of a
member's history (Older) and a game's score sheet (the history's menu of games).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest
from bot_helpers import SELECT, assert_apology, boom, make_players, manager
from discord_payloads import assert_valid_discord_payloads
from leaderboard_oracle import DAY, DERIVED, dump, fill
from simcord import Env, InteractionResult, ResponseMessage
from simcord.components import walk_components

from cogs.leaderboard import components

pytestmark = pytest.mark.simcord(check_errors=True)

# Where the log says the failure happened.
LEADERBOARD = "a leaderboard interaction"


def shown(env: Env, message: ResponseMessage) -> tuple[Any, ...]:
    """What the member sees of a reply: its text, embeds and controls as SimCord stores them."""
    stored = env.backend.get_message(message.channel_id, message.id)
    return stored.content, stored.embeds, stored.components


async def click(kind: str, member: Any, message: ResponseMessage) -> InteractionResult:
    if kind == "menu":
        [menu] = [c for c in walk_components(message.components) if c["type"] == SELECT]
        result: InteractionResult = await member.select(message, [menu["options"][0]["value"]])
        return result
    label = "Next ▶" if kind == "board" else "Older ▶"
    result = await member.click(message, label=label)
    return result


@pytest.mark.parametrize(
    ("kind", "command", "reads"),
    [
        ("board", "wizard leaderboard", "leaderboard_page"),
        ("history", "wizard history", "recent_games"),
        ("menu", "wizard history", "score_sheet"),
    ],
)
async def test_a_failing_leaderboard_control_is_apologised_for(
    simcord_env: Env,
    database_path: Path,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
    kind: str,
    command: str,
    reads: str,
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    members = make_players(simcord_env, guild, 12)
    start = simcord_env.now().timestamp() - DAY
    # Twelve members (two leaderboard pages), each in enough games for two history pages.
    await fill(manager(simcord_env).store, guild.id, [m.id for m in members], 40, seed=80, start=start)
    member = members[0]
    reply = await member.slash(channel, command)
    assert reply.ephemeral and reply.response is not None
    before = shown(simcord_env, reply.response)
    stored = {table: dump(database_path, table) for table in DERIVED}
    requests = len(simcord_env.http_requests)

    monkeypatch.setattr(components, reads, boom)
    with caplog.at_level(logging.ERROR):
        first = assert_apology(await click(kind, member, reply.response), caplog, LEADERBOARD)
        # A second click fails the same way, under an id of its own: nothing was left half done.
        second = assert_apology(
            await click(kind, member, reply.response), caplog, "a leaderboard interaction"
        )
    assert first != second
    assert shown(simcord_env, reply.response) == before
    assert {table: dump(database_path, table) for table in DERIVED} == stored
    # The bot sent the two apologies and nothing else.
    sent = [r for r in simcord_env.http_requests[requests:] if r.method in ("POST", "PATCH")]
    assert len(sent) == 2, [r.path for r in sent]

    monkeypatch.undo()
    served = await click(kind, member, reply.response)
    assert served.response is not None and served.response.ephemeral
    assert shown(simcord_env, reply.response) != before
    assert_valid_discord_payloads(simcord_env)
