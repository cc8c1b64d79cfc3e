"""Seasons, server records and practice games through SimCord: a season's board against the oracle, its
archive across a restart, its one announcement, planned ends and monthly seasons, and the refusals.

Games are played offline and stored through the bot's own ``TableStore.finish`` (leaderboard_oracle);
every board is compared with the oracle's recomputation from the stored rows of the season's games.
"""

from __future__ import annotations

import sqlite3
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import discord
import pytest
from bot_helpers import assert_refused, forge_click, make_players, manager, stored_messages
from discord_payloads import assert_valid_discord_payloads
from simcord import Env, GuildHandle, MemberActor, ResponseMessage

from cogs.leaderboard import results
from cogs.leaderboard.embeds import board_line_text
from cogs.leaderboard.erasure import erase_member
from cogs.server_settings.store import ServerSettings, ServerSettingsStore
from cogs.utils.i18n import ENGLISH

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "leaderboard"))
from leaderboard_oracle import DAY, expected_board, recompute, recompute_ratings, store_game

if TYPE_CHECKING:
    from conftest import MakeBot

    from bot import WizardBot

pytestmark = pytest.mark.simcord(check_errors=True)


def now(env: Env) -> float:
    return env.now().timestamp()


def embed_of(message: ResponseMessage | Any) -> discord.Embed:
    [embed] = message.embeds
    return cast(discord.Embed, embed)


def admin_of(env: Env, guild: GuildHandle) -> MemberActor:
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(env.create_user("moderator"), roles=[mods])


def rows(database: Path, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    with sqlite3.connect(database) as conn:
        found = conn.execute(sql, args).fetchall()
    conn.close()
    return found


async def store(
    env: Env, guild: GuildHandle, players: list[MemberActor], seed: int, at: float, *, practice: bool = False
) -> None:
    ids = [p.id for p in players]
    await store_game(manager(env).store, guild.id, ids, seed=seed, finished_at=at, practice=practice)


def season_lines(database: Path, guild_id: int, season_id: int) -> list[str]:
    """The season's board by rating as the oracle recomputes it: the games since the season's first one
    (none came after it in these tests), with all-time ratings."""
    [(first,)] = rows(database, "SELECT MIN(finished_at) FROM game_results WHERE season_id = ?", season_id)
    assert first is not None
    figures = recompute(database, guild_id, first)
    ratings = recompute_ratings(database, guild_id)
    return [board_line_text(line, "rating", t=ENGLISH) for line in expected_board(figures, ratings, "rating")]


def announcements(env: Env, channel_id: int) -> list[Any]:
    return [
        m for m in stored_messages(env, channel_id) if m.embeds and "is over" in str(m.embeds[0].get("title"))
    ]


async def test_a_season_board_its_archive_after_a_restart_and_one_announcement(
    simcord_env: Env, database_path: Path, make_bot: MakeBot
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("wizard")
    news = guild.create_text_channel("news")
    members = make_players(env, guild, 6)
    admin = admin_of(env, guild)
    await store(env, guild, members[:4], 1, now(env) - DAY)  # before any season: all time only

    # The managers choose where an ended season is announced: this channel, on the panel's third page.
    panel = await admin.slash(news, "wizard settings")
    assert panel.response is not None
    more = await admin.click(panel.response, label="More settings ▶")
    assert more.response is not None
    seasons = await admin.click(more.response, label="Seasons ▶")
    assert seasons.response is not None
    here = await admin.click(seasons.response, label="Announce in this channel")
    assert here.response is not None
    assert f"announced in <#{news.id}>" in str(embed_of(here.response).fields[-1].value)

    started = await admin.slash(channel, "wizard season start", name="Spring Cup")
    assert started.response is not None and started.ephemeral
    assert "Spring Cup" in started.response.content
    [(season_id,)] = rows(database_path, "SELECT id FROM seasons WHERE guild_id = ?", guild.id)
    for index in range(4):
        await store(env, guild, members[index % 2 : index % 2 + 4], 10 + index, now(env) + 60 * (index + 1))
    await env.advance_time(600)

    # The leaderboard shows the running season by default; all time on request.
    board = await members[0].slash(channel, "wizard leaderboard")
    assert board.response is not None
    text = embed_of(board.response).description or ""
    assert "Season **Spring Cup**" in text
    expected = season_lines(database_path, guild.id, season_id)
    shown = [line.removesuffix(" ◀ you") for line in text.splitlines() if line.startswith("`")]
    assert shown == expected
    everything = await members[0].slash(channel, "wizard leaderboard", season="all")
    assert everything.response is not None
    assert "All time" in str(embed_of(everything.response).title)
    # Paging a season's board keeps the season in the buttons' ids.
    ids = [c["custom_id"] for row in board.response.components for c in row["components"]]
    assert f"wzlb:lb:rating:s{season_id}:me" in ids

    ended = await admin.slash(channel, "wizard season end")
    assert ended.response is not None and "has ended" in ended.response.content
    [(champion, announced)] = rows(
        database_path, "SELECT champion_id, announced_at FROM seasons WHERE id = ?", season_id
    )
    assert champion is not None and announced is not None
    assert f"<@{champion}>" in expected[0]
    assert len(announcements(env, news.id)) == 1

    # A game after the season's end counts in all time only; the archive survives a restart.
    await store(env, guild, members[2:6], 30, now(env) + 60)
    await env.restart_bot(make_bot())
    await env.advance_time(60)
    shown_season = await members[1].slash(channel, "wizard season show")
    assert shown_season.response is not None
    description = embed_of(shown_season.response).description or ""
    assert f"Champion: <@{champion}>" in description
    assert [line for line in description.splitlines() if line.startswith("`")] == expected
    assert len(announcements(env, news.id)) == 1  # announced once, not again after the restart
    # With no season running, the leaderboard is all time again.
    board = await members[0].slash(channel, "wizard leaderboard")
    assert board.response is not None and "All time" in str(embed_of(board.response).title)

    # Erasing the champion removes them from the season's board and crowns the next one.
    await erase_member(cast("WizardBot", env.bot).db, guild.id, champion)
    [(crowned,)] = rows(database_path, "SELECT champion_id FROM seasons WHERE id = ?", season_id)
    assert crowned != champion
    left = rows(
        database_path,
        "SELECT user_id FROM player_stats WHERE period = 'season' AND start = ? AND user_id = ?",
        season_id,
        champion,
    )
    assert left == []
    assert_valid_discord_payloads(env)


async def test_a_planned_end_and_monthly_seasons(simcord_env: Env, database_path: Path) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("wizard")
    members = make_players(env, guild, 4)
    admin = admin_of(env, guild)
    # Today is 1 January 2026: a season up to and including 3 January ends at its midnight.
    started = await admin.slash(channel, "wizard season start", name="Short", ends="2026-01-03")
    assert started.response is not None and "up to and including" in started.response.content
    await store(env, guild, members, 1, now(env) + 60)
    await env.advance_time(3 * DAY + 60)  # the watch wakes at the planned end
    [(ended_at, announced)] = rows(
        database_path, "SELECT ended_at, announced_at FROM seasons WHERE name = 'Short'"
    )
    assert ended_at == datetime(2026, 1, 4, tzinfo=UTC).timestamp() and announced is not None

    # Monthly seasons: the month's season opens with the first game, and the next month rolls over.
    settings = cast("WizardBot", env.bot).service(ServerSettingsStore)
    await settings.set(guild.id, ServerSettings(season_monthly=True))
    await store(env, guild, members, 2, now(env) + 60)
    await env.advance_time(29 * DAY)  # into February
    await store(env, guild, members, 3, now(env) + 60)
    found = rows(
        database_path, "SELECT name, monthly, ended_at IS NOT NULL FROM seasons WHERE monthly = 1 ORDER BY id"
    )
    assert found == [("2026-01", 1, 1), ("2026-02", 1, 0)]
    shown = await members[0].slash(channel, "wizard season show")
    assert shown.response is not None and "February 2026" in str(embed_of(shown.response).title)
    history = await members[0].slash(channel, "wizard history")
    assert history.response is not None
    assert (embed_of(history.response).description or "").count("<t:") == 1  # February's game only


async def test_refusals(simcord_env: Env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("wizard")
    [member] = make_players(env, guild, 1)
    admin = admin_of(env, guild)
    assert_refused(await member.slash(channel, "wizard season start", name="Mine"), "Manage Server")
    assert_refused(await member.slash(channel, "wizard season end"), "Manage Server")
    assert_refused(await admin.slash(channel, "wizard season end"), "No season is running")
    assert_refused(await member.slash(channel, "wizard season show"), "no seasons yet")
    assert_refused(await admin.slash(channel, "wizard season start", name="X", ends="soon"), "can't read")
    past = await admin.slash(channel, "wizard season start", name="X", ends="2020-01-01")
    assert_refused(past, "after today")
    assert_refused(await admin.slash(channel, "wizard season start", name="123"), "letters")
    ok = await admin.slash(channel, "wizard season start", name="Autumn")
    assert ok.response is not None
    assert_refused(await admin.slash(channel, "wizard season start", name="Other"), "still running")
    assert_refused(await member.slash(channel, "wizard leaderboard", season="Nope"), "no season called")
    assert_refused(
        await member.slash(channel, "wizard leaderboard", period="week", season="Autumn"), "not both"
    )
    # Another server's season, forged into a board button, is refused.
    other = env.create_guild()
    stranger = other.add_member(env.create_user("stranger"))
    shown = await stranger.slash(other.create_text_channel("w"), "wizard leaderboard")
    assert shown.response is not None
    carrier = env.backend.get_message(shown.response.channel_id, shown.response.id)
    forged = await forge_click(env, stranger, carrier, "wzlb:lb:rating:s1:0")
    assert_refused(forged, "not in this server's records")


async def test_practice_games_count_nowhere_but_history(simcord_env: Env, database_path: Path) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("wizard")
    members = make_players(env, guild, 3)
    await store(env, guild, members, 1, now(env) - 3600)
    before = rows(database_path, "SELECT * FROM player_stats ORDER BY 1, 2, 3, 4")
    ratings = rows(database_path, "SELECT * FROM player_ratings ORDER BY 1, 2")
    await store(env, guild, members, 2, now(env) - 60, practice=True)
    assert rows(database_path, "SELECT * FROM player_stats ORDER BY 1, 2, 3, 4") == before
    assert rows(database_path, "SELECT * FROM player_ratings ORDER BY 1, 2") == ratings
    assert rows(database_path, "SELECT COUNT(*) FROM game_results WHERE practice = 1") == [(3,)]
    history = await members[0].slash(channel, "wizard history")
    assert history.response is not None
    text = embed_of(history.response).description or ""
    assert text.count("<t:") == 2 and text.count("practice (coached)") == 1
    records = await members[0].slash(channel, "wizard stats", server=True)
    assert records.response is not None
    [best] = rows(database_path, "SELECT MAX(best_score) FROM player_stats WHERE period = 'all'")
    assert f"**{best[0]}**" in str(embed_of(records.response).fields[0].value)
    # A rebuild leaves the practice game out as well.
    await results.rebuild(cast("WizardBot", env.bot).db)
    assert rows(database_path, "SELECT * FROM player_stats ORDER BY 1, 2, 3, 4") == before
