"""The leaderboard's component families: strict ids, old ids still served, and one way to fail."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bot_helpers import SELECT, assert_refused, forge_click, forge_select, make_players, manager
from discord_payloads import assert_valid_discord_payloads
from leaderboard_oracle import DAY, count_rows, fill
from simcord import Env
from simcord.components import walk_components

from cogs.leaderboard import confirm
from cogs.leaderboard.components import (
    FAMILIES,
    BoardButton,
    GamesMenu,
    HistoryButton,
    LeaderboardControl,
    board_id,
    games_id,
    history_id,
)
from cogs.leaderboard.periods import PERIODS
from cogs.leaderboard.queries import SORTS

BIG_USER = 2**63 - 1

pytestmark = pytest.mark.simcord(check_errors=True)


def families_of(custom_id: str) -> list[type[LeaderboardControl]]:
    """The families whose template matches the whole id (discord.py dispatches to each of them)."""
    return [family for family in FAMILIES if family.__discord_ui_compiled_template__.fullmatch(custom_id)]


def fields_of(family: type[LeaderboardControl], custom_id: str) -> dict[str, str]:
    match = family.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match is not None
    return match.groupdict()


def test_every_id_the_replies_carry_belongs_to_one_family() -> None:
    for sort in SORTS:
        for period in PERIODS:
            for page in (0, 7, 999999, "me"):
                custom_id = board_id(sort, period, page)
                assert families_of(custom_id) == [BoardButton], custom_id
                assert fields_of(BoardButton, custom_id) == {
                    "sort": sort,
                    "period": period,
                    "page": str(page),
                }
    assert families_of(history_id(BIG_USER, 999999)) == [HistoryButton]
    assert fields_of(HistoryButton, history_id(BIG_USER, 3)) == {
        "user": str(BIG_USER),
        "page": "3",
        "season": None,
    }
    assert fields_of(HistoryButton, history_id(BIG_USER, 3, 12)) == {
        "user": str(BIG_USER),
        "page": "3",
        "season": "12",
    }
    assert families_of(board_id("wins", "s12", "me")) == [BoardButton]
    assert families_of(games_id(BIG_USER, 0, 12)) == [GamesMenu]
    assert families_of(games_id(BIG_USER, 0)) == [GamesMenu]
    longest = [
        board_id("accuracy", "month", 999999),
        history_id(BIG_USER, 999999),
        games_id(BIG_USER, 999999),
    ]
    assert all(len(custom_id) <= 100 for custom_id in longest)
    assert all(family.prefix == "wzlb:" for family in FAMILIES)
    assert not LeaderboardControl.__discord_ui_compiled_template__.fullmatch("wzlb:lb:rating:all:0")


@pytest.mark.parametrize(
    "custom_id",
    [
        "wzlb:lb:winrate:week:3",
        "wzlb:lb:rating:all:me",
        "wzlb:hp:123456789012345678:2",
        "wzlb:hg:123456789012345678:0",
    ],
)
def test_ids_sent_before_the_families_still_parse(custom_id: str) -> None:
    assert len(families_of(custom_id)) == 1


@pytest.mark.parametrize(
    "custom_id",
    [
        "wzlb:",
        "wzlb:lb:bogus:all:0",
        "wzlb:lb:Rating:all:0",
        "wzlb:lb:rating:year:0",
        "wzlb:lb:rating:all:-1",
        "wzlb:lb:rating:all:1234567",
        "wzlb:lb:rating:all:you",
        "wzlb:lb:rating:all",
        "wzlb:lb:rating:all:0:0",
        "wzlb:hp:x:0",
        "wzlb:hp:1:",
        "wzlb:hp:-1:0",
        "wzlb:hp:123456789012345678901:0",
        "wzlb:hg:1:0:extra",
        "wzlb:hx:1:0",
        " wzlb:hp:1:0",
        "wzlb:hp:1:0\n",
        "wizard:act:1:2:3",
    ],
)
def test_a_malformed_id_reaches_no_handler(custom_id: str) -> None:
    assert families_of(custom_id) == []


# -- through the bot -------------------------------------------------------------------------------------


async def test_forged_clicks_are_refused_in_words(simcord_env: Env, database_path: Path) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    members = make_players(simcord_env, guild, 4)
    await fill(
        manager(simcord_env).store,
        guild.id,
        [m.id for m in members],
        3,
        seed=60,
        start=simcord_env.now().timestamp() - DAY,
    )
    history = await members[0].slash(channel, "wizard history")
    assert history.response is not None
    stored = simcord_env.backend.get_message(history.response.channel_id, history.response.id)
    for damaged in ("wzlb:lb:rating:year:0", "wzlb:lb:rating:all:1234567", "wzlb:hp:1:0:0", "wzlb:hg:x:0"):
        assert_refused(await forge_click(simcord_env, members[0], stored, damaged), "isn't valid")
    # A button pressed on the menu's id, and a menu's choice sent on a button's id.
    [menu] = [c for c in walk_components(history.response.components) if c["type"] == SELECT]
    assert_refused(
        await forge_click(simcord_env, members[0], stored, menu["custom_id"]), "button isn't valid"
    )
    button = history_id(members[0].id, 0)
    chosen = await forge_select(
        simcord_env, members[0], history.response, button, [menu["options"][0]["value"]]
    )
    assert_refused(chosen, "menu isn't valid")
    assert_valid_discord_payloads(simcord_env)


async def test_a_failing_erasure_is_answered_like_any_failure(
    simcord_env: Env, database_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    members = make_players(simcord_env, guild, 3)
    await fill(
        manager(simcord_env).store,
        guild.id,
        [m.id for m in members],
        2,
        seed=61,
        start=simcord_env.now().timestamp() - DAY,
    )
    before = count_rows(database_path, "game_results", guild.id)

    async def broken(*_: object) -> int:
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(confirm, "erase_member", broken)
    asked = await members[0].slash(channel, "wizard forget-me")
    assert asked.response is not None
    done = await members[0].click(asked.response, label="Erase my records")
    assert done.response is not None and done.response.content == "Nothing was erased."
    assert not [c for c in walk_components(done.response.components)]
    [apology] = done.followups
    found = re.search(r"Something went wrong on my side\..*Error id: `([0-9a-f]{6})`", apology.content)
    assert apology.ephemeral and found
    # Logged once, under the id the member was given, like any component's failure.
    [logged] = [r for r in caplog.records if found[1] in r.getMessage()]
    assert logged.exc_info is not None and isinstance(logged.exc_info[1], RuntimeError)
    assert count_rows(database_path, "game_results", guild.id) == before
    assert_valid_discord_payloads(simcord_env)
