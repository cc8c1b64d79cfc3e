"""The table feature's figures in the bot's metrics: open tables by status, moves by kind and by whom,
computer players' decisions and their time."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

import pytest
from bot_helpers import act, lobby_id, make_players, open_lobby, open_table, play_member_turn
from simcord import Env

if TYPE_CHECKING:
    from bot import WizardBot

pytestmark = pytest.mark.simcord(check_errors=True)


def scrape(env: Env) -> str:
    return cast("WizardBot", env.bot).metrics.render()


async def test_open_tables_and_moves_are_counted(simcord_env: Env) -> None:
    table = await open_table(simcord_env, 3)
    guild = table.guild
    await open_lobby(
        simcord_env, make_players(simcord_env, guild, 2, "late"), guild.create_text_channel("lobby")
    )
    text = scrape(simcord_env)
    assert 'wizard_open_tables{status="playing"} 1' in text
    assert 'wizard_open_tables{status="lobby"} 1' in text
    assert "wizard_actions_total" not in text or 'by="member"' not in text
    await act(table, rng=random.Random(1))
    await act(table, rng=random.Random(2))
    text = scrape(simcord_env)
    counted = sum(
        float(line.rsplit(" ", 1)[1])
        for line in text.splitlines()
        if line.startswith("wizard_actions_total{") and 'by="member"' in line
    )
    assert counted == 2, text
    assert 'wizard_interaction_seconds_count{type="component"}' in text


def figures(text: str, name: str) -> dict[str, float]:
    """A metric's samples by their label text (``{level="easy",capped="no"}``)."""
    found: dict[str, float] = {}
    for line in text.splitlines():
        if line.startswith(name + "{"):
            labels, value = line[len(name) :].rsplit(" ", 1)
            found[labels] = float(value)
    return found


async def test_computer_decisions_are_counted_and_timed_by_level(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    [member] = make_players(simcord_env, guild, 1)
    table = await open_lobby(simcord_env, [member], guild.create_text_channel("wizard"))
    for level in ("easy", "hard"):
        added = await member.click(table.table_message, custom_id=lobby_id(table, f"add-{level}"))
        assert not added.ephemeral
    assert not (await member.click(table.table_message, label="Start")).ephemeral
    rng = random.Random(3)
    while table.game.round_number < 3:  # two rounds: every computer decides a few times
        await play_member_turn(table, member, rng)
    text = scrape(simcord_env)
    decisions = figures(text, "wizard_computer_decisions_total")
    by_level = {
        level: sum(value for labels, value in decisions.items() if f'level="{level}"' in labels)
        for level in ("easy", "hard")
    }
    assert by_level["easy"] > 0 and by_level["hard"] > 0, decisions
    # Every move a computer made was one decision, and each was timed.
    moves = figures(text, "wizard_actions_total")
    assert sum(by_level.values()) == sum(
        value for labels, value in moves.items() if 'by="computer"' in labels
    )
    timed = figures(text, "wizard_computer_decision_seconds_count")
    assert timed == {'{level="easy"}': by_level["easy"], '{level="hard"}': by_level["hard"]}, timed
