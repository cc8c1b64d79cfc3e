"""Leaderboards, stats, history and erasure through SimCord: what members see, against the stored results.

Most games are played offline by the rules core with random moves and stored through the bot's own
`TableStore.finish` (a 3-player game is 20 rounds, too long to click through many times); one game per
test module is played through the bot's buttons to its end. Every figure shown is compared with the
oracle of leaderboard_oracle.py, which recomputes it from the stored result and round rows.
"""

from __future__ import annotations

import random
import re
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import discord
import pytest
from bot_helpers import (
    SELECT,
    assert_refused,
    buttons,
    fast_forward,
    forge_click,
    forge_select,
    in_round,
    make_players,
    manager,
    open_table,
    play,
)
from code_blocks import assert_code_blocks_fit, read_sheet
from discord_payloads import assert_valid_discord_payloads
from leaderboard_oracle import (
    DAY,
    Figures,
    count_rows,
    expected_board,
    first_of_month,
    monday_of,
    recompute,
    recompute_ratings,
    store_game,
)
from simcord import ChannelHandle, Env, GuildHandle, MemberActor, ResponseMessage
from simcord.backend.errors import SetupError
from simcord.components import walk_components

from cogs.leaderboard.embeds import board_line_text
from cogs.leaderboard.queries import PAGE_SIZE, SORTS
from cogs.leaderboard.ratings import MIN_GAMES, Rating
from cogs.utils.i18n import ENGLISH
from wizard_core import Phase

if TYPE_CHECKING:
    from conftest import MakeBot

pytestmark = pytest.mark.simcord(check_errors=True)

LINE = re.compile(r"^`\s*(?P<position>\d+)\.` <@(?P<user>\d+)> · .*$")


# -- helpers ---------------------------------------------------------------------------------------------


def embed_of(message: ResponseMessage) -> discord.Embed:
    [embed] = message.embeds
    return embed


def board_lines(message: ResponseMessage) -> list[str]:
    """The leaderboard lines of a reply, without the "◀ you" marker."""
    text = embed_of(message).description or ""
    return [line.removesuffix(" ◀ you") for line in text.splitlines() if LINE.match(line)]


def field(message: ResponseMessage, name: str) -> str | None:
    return next((str(f.value) for f in embed_of(message).fields if f.name == name), None)


def button_labels(message: ResponseMessage) -> dict[str, bool]:
    """Each button's label and whether it is enabled."""
    return {b["label"]: not b.get("disabled") for b in buttons(message)}


def now(env: Env) -> float:
    return env.now().timestamp()


async def fill(
    env: Env,
    guild: GuildHandle,
    members: Sequence[MemberActor],
    games: int,
    *,
    seed: int,
    start: float,
    step: float = 60.0,
) -> None:
    """Store `games` finished games of 3 to 6 random members, `step` seconds apart from `start`."""
    rng = random.Random(seed)
    channel_id = 10**6 + seed
    for index in range(games):
        players = rng.sample(list(members), rng.randint(3, min(6, len(members))))
        await store_game(
            manager(env).store,
            guild.id,
            [p.id for p in players],
            seed=seed * 1000 + index,
            finished_at=start + index * step,
            edition=rng.choice(["classic", "camelot"]),
            channel_id=channel_id,
        )


async def read_board(member: MemberActor, channel: ChannelHandle, sort: str, period: str) -> list[str]:
    """Every line of a leaderboard, paging with Next; checks each page's "You" field."""
    shown = await member.slash(channel, "wizard leaderboard", sort=sort, period=period)
    assert shown.ephemeral and shown.response is not None
    message = shown.response
    lines: list[str] = []
    while True:
        page = board_lines(message)
        lines.extend(page)
        assert len(page) <= PAGE_SIZE
        mine = [line for line in page if f"<@{member.id}>" in line]
        you = field(message, "You")
        assert (you is None) == bool(mine), (you, mine)
        if not button_labels(message)["Next ▶"]:
            return lines
        clicked = await member.click(message, label="Next ▶")
        assert clicked.response is not None and clicked.response.ephemeral
        message = clicked.response


def expected_lines(figures: dict[int, Figures], ratings: dict[int, Rating], sort: str) -> list[str]:
    return [board_line_text(line, sort, t=ENGLISH) for line in expected_board(figures, ratings, sort)]


async def play_one_game_through_the_bot(env: Env) -> tuple[GuildHandle, ChannelHandle, list[MemberActor]]:
    """A 3-player game finished by clicks (fast-forwarded to its last tricks first)."""
    table = await open_table(env, 3)
    rng = random.Random(11)
    await fast_forward(table, rng, in_round(20, Phase.PLAY, 0))
    await fast_forward(table, rng, lambda game: sum(game.public_view().hand_sizes) <= 6)
    final = await play(table, rng)
    assert final is not None and final.is_over
    return table.guild, table.channel, list(table.players)


def admin_of(env: Env, guild: GuildHandle, name: str = "moderator") -> MemberActor:
    mods = guild.create_role(f"{name}-role", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(env.create_user(name), roles=[mods])


# -- leaderboards ------------------------------------------------------------------------------------------


async def test_leaderboard_equals_the_recomputed_results(simcord_env: Env, database_path: Path) -> None:
    guild, channel, players = await play_one_game_through_the_bot(simcord_env)
    members = players + make_players(simcord_env, guild, 11, "member")
    await fill(simcord_env, guild, members, 22, seed=1, start=now(simcord_env) + 60)
    await simcord_env.advance_time(3600)
    assert count_rows(database_path, "game_results", guild.id) > 14 * 3

    figures = recompute(database_path, guild.id)
    ratings = recompute_ratings(database_path, guild.id)
    assert set(figures) == {m.id for m in members}
    assert all(ratings[p.id].games >= 1 for p in players)
    caller = members[0]
    for sort in SORTS:
        expected = expected_lines(figures, ratings, sort)
        assert await read_board(caller, channel, sort, "all") == expected, sort

    # My place jumps to the caller's page; the last member in the ranking is on page 2.
    order = expected_board(figures, ratings, "wins")
    last = next(m for m in members if m.id == order[-1].user_id)
    shown = await last.slash(channel, "wizard leaderboard", sort="wins")
    assert shown.response is not None
    assert field(shown.response, "You") == board_line_text(order[-1], "wins", t=ENGLISH)
    assert button_labels(shown.response) == {"◀ Previous": False, "Next ▶": True, "My place": True}
    jumped = await last.click(shown.response, label="My place")
    assert jumped.response is not None
    assert board_lines(jumped.response)[-1] == board_line_text(order[-1], "wins", t=ENGLISH)
    assert field(jumped.response, "You") is None
    assert "◀ you" in (embed_of(jumped.response).description or "")
    assert "Page 2/2 · 14 players" in str(embed_of(jumped.response).footer.text)
    back = await last.click(jumped.response, label="◀ Previous")
    assert back.response is not None and len(board_lines(back.response)) == 10
    assert_valid_discord_payloads(simcord_env)


async def test_periods_this_month_and_this_week(simcord_env: Env, database_path: Path) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    members = make_players(simcord_env, guild, 9)
    await simcord_env.advance_time(9.5 * DAY)  # Saturday 10 January 2026, noon
    current = now(simcord_env)
    moments = [40 * DAY, 12 * DAY, 9.4 * DAY, 6 * DAY, 2 * DAY, 3600]
    rng = random.Random(2)
    for index, ago in enumerate(moments):
        players = [p.id for p in rng.sample(members, 4)]
        await store_game(
            manager(simcord_env).store, guild.id, players, seed=200 + index, finished_at=current - ago
        )
    ratings = recompute_ratings(database_path, guild.id)
    periods = {"all": 0.0, "month": first_of_month(current), "week": monday_of(current)}
    assert periods["week"] > periods["month"]
    for period, since in periods.items():
        figures = recompute(database_path, guild.id, since)
        assert figures, period
        for sort in ("rating", "average"):
            lines = await read_board(members[0], channel, sort, period)
            assert lines == expected_lines(figures, ratings, sort), (period, sort)
    shown = await members[0].slash(channel, "wizard leaderboard", period="week")
    assert shown.response is not None
    assert "This week (since Monday, Jan 5, 2026, UTC)" in (embed_of(shown.response).description or "")
    # A server without games this week says so.
    quiet = simcord_env.create_guild()
    lonely = quiet.add_member(simcord_env.create_user("lonely"))
    shown = await lonely.slash(quiet.create_text_channel("w"), "wizard leaderboard", period="week")
    assert shown.response is not None and shown.ephemeral
    assert "No finished games" in (embed_of(shown.response).description or "")
    assert field(shown.response, "You") == "You have no finished games in this period."
    assert button_labels(shown.response) == {"◀ Previous": False, "Next ▶": False, "My place": False}
    assert_valid_discord_payloads(simcord_env)


async def test_pages_keep_working_after_a_restart(
    simcord_env: Env, database_path: Path, make_bot: MakeBot
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    members = make_players(simcord_env, guild, 13)
    await fill(simcord_env, guild, members, 12, seed=3, start=now(simcord_env) - DAY)
    board = await members[0].slash(channel, "wizard leaderboard", sort="winrate")
    history = await members[0].slash(channel, "wizard history")
    assert board.response is not None and history.response is not None

    await simcord_env.restart_bot(make_bot())
    clicked = await members[0].click(board.response, label="Next ▶")
    assert clicked.response is not None
    expected = expected_lines(
        recompute(database_path, guild.id), recompute_ratings(database_path, guild.id), "winrate"
    )
    assert board_lines(clicked.response) == expected[10:]
    [select] = [c for c in walk_components(history.response.components) if c["type"] == SELECT]
    value = select["options"][0]["value"]
    sheet = await members[0].select(history.response, [value])
    assert sheet.response is not None and "Score sheet" in str(embed_of(sheet.response).title)
    assert_valid_discord_payloads(simcord_env)


# -- stats and history -----------------------------------------------------------------------------------


async def test_stats_card_matches_the_stored_results(simcord_env: Env, database_path: Path) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    members = make_players(simcord_env, guild, 6)
    await fill(simcord_env, guild, members, 16, seed=4, start=now(simcord_env) - DAY)
    figures = recompute(database_path, guild.id)
    ratings = recompute_ratings(database_path, guild.id)
    ranking = expected_board(figures, ratings, "rating")

    for caller, subject in ((members[0], None), (members[1], members[2])):
        who = subject or caller
        shown = await (
            caller.slash(channel, "wizard stats")
            if subject is None
            else caller.slash(channel, "wizard stats", member=subject)
        )
        assert shown.ephemeral and shown.response is not None
        t = figures[who.id].totals()
        rating = ratings[who.id]
        assert field(shown.response, "Games") == str(t.games)
        shared = f" ({t.shared_wins} shared)" if t.shared_wins else ""
        assert field(shown.response, "Wins") == f"{t.wins}{shared}"
        assert field(shown.response, "Win rate") == f"{t.win_rate:.0%}"
        assert field(shown.response, "Average score") == f"{t.average:.1f}"
        assert field(shown.response, "Best score") == str(t.best_score)
        assert (
            field(shown.response, "Bid accuracy")
            == f"{t.accuracy:.0%} ({t.exact_bids}/{t.rounds} rounds exact)"
        )
        position = next(line.position for line in ranking if line.user_id == who.id)
        rating_text = field(shown.response, "Rating") or ""
        assert rating_text.startswith(str(rating.display))
        assert f"#{position} of {len(ranking)} by rating" in rating_text
        assert ("provisional" in rating_text) == (rating.games < MIN_GAMES)
        assert "not rated" not in rating_text  # every game here had members enough to be rated
        hands = field(shown.response, "Bid accuracy by hand size") or ""
        assert hands.count("\n") >= 2
        trend = next(f for f in embed_of(shown.response).fields if str(f.name).startswith("Trend"))
        assert (
            str(trend.value)
            .split("\n")[1]
            .endswith(f"→ {rating.display} ({int(str(trend.value).split('(')[1].rstrip(')')):+d})")
        )

    nobody = guild.add_member(simcord_env.create_user("newcomer"))
    refused = await members[0].slash(channel, "wizard stats", member=nobody)
    assert_refused(refused, "no finished Wizard games in this server")
    refused = await nobody.slash(channel, "wizard stats")
    assert_refused(refused, "You have no finished Wizard games")
    assert_valid_discord_payloads(simcord_env)


async def test_history_lists_games_and_shows_a_score_sheet(simcord_env: Env, database_path: Path) -> None:
    guild, channel, players = await play_one_game_through_the_bot(simcord_env)
    me = players[0]
    await fill(simcord_env, guild, [me, *players[1:]], 11, seed=5, start=now(simcord_env) + 60)
    shown = await me.slash(channel, "wizard history")
    assert shown.ephemeral and shown.response is not None
    text = embed_of(shown.response).description or ""
    assert text.count("<t:") == 10
    assert button_labels(shown.response) == {"◀ Newer": False, "Older ▶": True}
    older = await me.click(shown.response, label="Older ▶")
    assert older.response is not None
    # The oldest game is the one played through the buttons: 20 rounds of 3 players.
    last_page = embed_of(older.response).description or ""
    assert last_page.count("<t:") == 2
    [select] = [c for c in walk_components(older.response.components) if c["type"] == SELECT]
    played = select["options"][-1]["value"]
    sheet = await me.select(older.response, [played])
    assert sheet.response is not None
    description = embed_of(sheet.response).description or ""
    with sqlite3.connect(database_path) as conn:
        rows = conn.execute(
            "SELECT seat, round_number, cards, bid, tricks FROM game_rounds WHERE table_id = ?"
            " ORDER BY round_number, seat",
            (int(played),),
        ).fetchall()
        totals = conn.execute(
            "SELECT user_id, score FROM game_results WHERE table_id = ? ORDER BY seat", (int(played),)
        ).fetchall()
    assert len(rows) == 60
    assert assert_code_blocks_fit(sheet.response) >= 1
    # Each round deals as many cards as its number: the key says so, and no column repeats it.
    assert "# = its number and cards dealt" in description
    marks, entries = read_sheet(description)
    assert marks == [[str(number)] for number in range(1, 21)]
    assert list(entries) == ["P1", "P2", "P3"]
    for number in range(1, 21):
        cells = [f"{bid}/{tricks}" for seat, n, cards, bid, tricks in rows if n == number]
        assert [column[number - 1][0] for column in entries.values()] == cells
    last_totals = [column[-1][1] for column in entries.values()]
    assert last_totals == [str(score) for _, score in totals]
    for user_id, _ in totals:
        assert f"<@{user_id}>" in description
    assert button_labels(sheet.response) == {"◀ Back to the games": True, "Replay": True}
    replay = await me.click(sheet.response, label="Replay")
    assert replay.response is not None and replay.ephemeral
    assert "Replay of game" in str(replay.response.embeds[0].to_dict())
    back = await me.click(sheet.response, label="◀ Back to the games")
    assert back.response is not None and (embed_of(back.response).description or "").count("<t:") == 2
    # Another member's history, and a member without games.
    theirs = await me.slash(channel, "wizard history", member=players[1])
    assert theirs.response is not None and f"<@{players[1].id}>" in (
        embed_of(theirs.response).description or ""
    )
    newcomer = guild.add_member(simcord_env.create_user("newcomer"))
    empty = await newcomer.slash(channel, "wizard history")
    assert empty.response is not None and "no finished games" in (embed_of(empty.response).description or "")
    assert not buttons(empty.response)
    assert_valid_discord_payloads(simcord_env)


async def test_history_names_computers_as_the_table_did(simcord_env: Env, database_path: Path) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    members = make_players(simcord_env, guild, 2)
    user_ids = [members[0].id, -1, members[1].id, -2]
    await store_game(
        manager(simcord_env).store,
        guild.id,
        user_ids,
        seed=70,
        finished_at=now(simcord_env) - 60,
        levels=[None, "easy", None, "hard"],
    )
    shown = await members[0].slash(channel, "wizard history")
    assert shown.response is not None
    [select] = [c for c in walk_components(shown.response.components) if c["type"] == SELECT]
    sheet = await members[0].select(shown.response, [select["options"][0]["value"]])
    assert sheet.response is not None
    for text in (embed_of(shown.response).description or "", embed_of(sheet.response).description or ""):
        assert text.count("🤖") == 2 and members[1].mention in text
        assert not re.search(r"<@!?-", text), text
    # The two members were rated against each other, and only they are on the board.
    board = await members[0].slash(channel, "wizard leaderboard")
    assert board.response is not None
    assert len(board_lines(board.response)) == 2
    assert_valid_discord_payloads(simcord_env)


async def test_a_game_of_one_member_is_said_to_be_unrated_on_the_stats_card(
    simcord_env: Env, database_path: Path
) -> None:
    """Issue 26: after a finished game of one member and computers the card said "provisional: 0 of 5
    rated games", as if the game had been lost; it now says the game was not rated, and why."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    [member] = make_players(simcord_env, guild, 1)
    await store_game(
        manager(simcord_env).store,
        guild.id,
        [member.id, -1, -2],
        seed=71,
        finished_at=now(simcord_env) - 60,
        levels=[None, "easy", "hard"],
    )
    shown = await member.slash(channel, "wizard stats")
    assert shown.response is not None
    assert field(shown.response, "Games") == "1"
    rating_text = field(shown.response, "Rating") or ""
    assert "0 of 5 rated games" in rating_text
    assert "1 game not rated: a game is rated when at least 2 members play it" in rating_text
    assert_valid_discord_payloads(simcord_env)


# -- servers stay apart ----------------------------------------------------------------------------------


async def test_two_servers_never_see_each_others_data(simcord_env: Env, database_path: Path) -> None:
    first = simcord_env.create_guild()
    second = simcord_env.create_guild()
    users = [simcord_env.create_user(f"both{i}") for i in range(4)]
    in_first = [first.add_member(u) for u in users]
    in_second = [second.add_member(u) for u in users]
    await fill(simcord_env, first, in_first, 5, seed=6, start=now(simcord_env) - DAY)
    await fill(simcord_env, second, in_second, 3, seed=7, start=now(simcord_env) - DAY)
    first_channel = first.create_text_channel("wizard")
    second_channel = second.create_text_channel("wizard")
    for guild, channel, members in ((first, first_channel, in_first), (second, second_channel, in_second)):
        figures = recompute(database_path, guild.id)
        ratings = recompute_ratings(database_path, guild.id)
        assert await read_board(members[0], channel, "rating", "all") == expected_lines(
            figures, ratings, "rating"
        )
        shown = await members[0].slash(channel, "wizard stats")
        assert shown.response is not None
        assert field(shown.response, "Games") == str(figures[members[0].id].games)
    # A forged choice of the other server's game is refused.
    history = await in_first[0].slash(first_channel, "wizard history")
    assert history.response is not None
    [select] = [c for c in walk_components(history.response.components) if c["type"] == SELECT]
    with sqlite3.connect(database_path) as conn:
        elsewhere = conn.execute(
            "SELECT table_id FROM game_results WHERE guild_id = ?", (second.id,)
        ).fetchone()[0]
    forged = await forge_select(
        simcord_env, in_first[0], history.response, select["custom_id"], [str(elsewhere)]
    )
    assert_refused(forged, "not in this server's records")
    # So is a damaged button under our prefix, in words.
    stored = simcord_env.backend.get_message(history.response.channel_id, history.response.id)
    for damaged in ("wzlb:lb:bogus:all:0", "wzlb:hp:x:0", "wzlb:"):
        refused = await forge_click(simcord_env, in_first[0], stored, damaged)
        assert_refused(refused, "isn't valid")
    assert_valid_discord_payloads(simcord_env)


# -- permissions, reset and erasure ----------------------------------------------------------------------


async def test_admin_commands_are_for_manage_server_only(simcord_env: Env, database_path: Path) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    members = make_players(simcord_env, guild, 4)
    await fill(simcord_env, guild, members, 3, seed=8, start=now(simcord_env) - DAY)
    before = count_rows(database_path, "game_results", guild.id)
    member = members[0]

    # Discord hides the group from members without Manage Server (default_member_permissions) ...
    assert "wizard leaderboard" in member.available_commands(channel)
    assert not [name for name in member.available_commands(channel) if name.startswith("wizard-admin")]
    for name, options in (
        ("wizard-admin reset-leaderboard", {}),
        ("wizard-admin remove-member", {"member": members[1]}),
    ):
        with pytest.raises(SetupError, match="default-member-permissions"):
            await member.slash(channel, name, **options)
    # ... but a server can hand it to anyone in its settings: the bot checks again.
    command = simcord_env.backend.find_command("wizard-admin", None, type=1)
    assert command is not None
    assert int(command["default_member_permissions"]) == discord.Permissions(manage_guild=True).value
    guild.set_command_permissions(int(command["id"]), {member: True})
    refused = await member.slash(channel, "wizard-admin reset-leaderboard")
    assert_refused(refused, "Manage Server")
    refused = await member.slash(channel, "wizard-admin remove-member", member=members[1])
    assert_refused(refused, "Manage Server")
    assert count_rows(database_path, "game_results", guild.id) == before

    # A confirmation pressed by someone who has lost Manage Server since asking erases nothing.
    moderator = admin_of(simcord_env, guild)
    asked = await moderator.slash(channel, "wizard-admin reset-leaderboard")
    assert asked.ephemeral and asked.response is not None
    stored = simcord_env.backend.get_guild(guild.id).members[moderator.id]
    kept_roles = list(stored.role_ids)
    stored.role_ids.clear()
    done = await moderator.click(asked.response, label="Reset the leaderboard")
    assert done.response is not None and "Manage Server" in done.response.content
    assert count_rows(database_path, "game_results", guild.id) == before
    stored.role_ids.extend(kept_roles)
    assert_valid_discord_payloads(simcord_env)


async def test_reset_the_leaderboard_after_confirming(simcord_env: Env, database_path: Path) -> None:
    guild = simcord_env.create_guild()
    other = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    members = make_players(simcord_env, guild, 5)
    await fill(simcord_env, guild, members, 6, seed=9, start=now(simcord_env) - DAY)
    await fill(
        simcord_env, other, make_players(simcord_env, other, 3), 2, seed=10, start=now(simcord_env) - DAY
    )
    other_rows = count_rows(database_path, "game_results", other.id)
    moderator = admin_of(simcord_env, guild)
    assert "wizard-admin reset-leaderboard" in moderator.available_commands(channel)

    asked = await moderator.slash(channel, "wizard-admin reset-leaderboard")
    assert asked.ephemeral and asked.response is not None
    assert "this server" in asked.response.content and "cannot be undone" in asked.response.content
    kept = await moderator.click(asked.response, label="Keep everything")
    assert kept.response is not None and kept.response.content == "Nothing was erased."
    assert not buttons(kept.response)
    assert count_rows(database_path, "game_results", guild.id) > 0

    asked = await moderator.slash(channel, "wizard-admin reset-leaderboard")
    assert asked.response is not None
    done = await moderator.click(asked.response, label="Reset the leaderboard")
    assert done.response is not None and "records of 6 games were erased" in done.response.content
    for table in (
        "game_results",
        "game_rounds",
        "player_stats",
        "player_hand_stats",
        "player_ratings",
        "rating_history",
    ):
        assert count_rows(database_path, table, guild.id) == 0, table
    assert count_rows(database_path, "game_results", other.id) == other_rows
    board = await members[0].slash(channel, "wizard leaderboard")
    assert board.response is not None and "No finished games" in (embed_of(board.response).description or "")
    assert_valid_discord_payloads(simcord_env)


async def test_remove_a_member_and_forget_me(simcord_env: Env, database_path: Path) -> None:
    guild = simcord_env.create_guild()
    other = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    users = [simcord_env.create_user(f"user{i}") for i in range(6)]
    members = [guild.add_member(u) for u in users]
    await fill(simcord_env, guild, members, 8, seed=11, start=now(simcord_env) - DAY)
    elsewhere = [other.add_member(u) for u in users[:3]]
    await fill(simcord_env, other, elsewhere, 2, seed=12, start=now(simcord_env) - DAY)
    other_rows = count_rows(database_path, "game_results", other.id)
    before = recompute(database_path, guild.id)
    moderator = admin_of(simcord_env, guild)

    asked = await moderator.slash(channel, "wizard-admin remove-member", member=members[1])
    assert asked.response is not None and members[1].mention in asked.response.content
    done = await moderator.click(asked.response, label="Erase their records")
    assert done.response is not None
    assert (
        f"records of {before[members[1].id].games} games in this server were erased" in done.response.content
    )
    after = recompute(database_path, guild.id)
    assert members[1].id not in after
    assert {u: f for u, f in before.items() if u != members[1].id} == after
    ratings = recompute_ratings(database_path, guild.id)
    lines = await read_board(members[0], channel, "wins", "all")
    assert [LINE.match(line)["user"] for line in lines if LINE.match(line)] == [  # type: ignore[index]
        str(line.user_id) for line in expected_board(after, {u: ratings[u] for u in after}, "wins")
    ]

    # Anyone may erase their own records; only in this server, as the question says.
    asked = await members[2].slash(channel, "wizard forget-me")
    assert asked.ephemeral and asked.response is not None
    assert (
        "**this server**" in asked.response.content and "Other servers keep theirs" in asked.response.content
    )
    assert button_labels(asked.response) == {"Erase my records": True, "Keep everything": True}
    done = await members[2].click(asked.response, label="Erase my records")
    assert done.response is not None and "your records of" in done.response.content
    assert members[2].id not in recompute(database_path, guild.id)
    assert count_rows(database_path, "game_results", other.id) == other_rows
    refused = await members[2].slash(channel, "wizard stats")
    assert_refused(refused, "no finished Wizard games")
    assert_valid_discord_payloads(simcord_env)
