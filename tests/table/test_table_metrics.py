"""The table feature's figures in the bot's metrics: open tables by status, moves by kind and by whom."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

import pytest
from bot_helpers import act, make_players, open_lobby, open_table
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
