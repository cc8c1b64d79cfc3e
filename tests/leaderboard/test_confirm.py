"""The erase questions' buttons: strict component families that answer after a restart, only for the
member who asked, and close a question nobody answered in two minutes.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import db_helpers
import discord
import pytest
from bot_helpers import assert_refused, buttons, custom_ids, forge_click, make_players, manager
from discord_payloads import assert_valid_discord_payloads
from leaderboard_oracle import DAY, fill
from simcord import ChannelHandle, Env, GuildHandle, MemberActor, ResponseMessage

from bot import WizardBot
from cogs.leaderboard import components
from cogs.leaderboard.confirm import (
    FAMILIES,
    QUESTION_SECONDS,
    ConfirmErase,
    ForgetMe,
    OpenQuestions,
    RemoveMember,
    ResetLeaderboard,
)
from cogs.utils.components import Component

if TYPE_CHECKING:
    from conftest import MakeBot

pytestmark = pytest.mark.simcord(check_errors=True)

BIG = 2**64 - 1  # more than any Discord id
ONLY_THE_ASKER = "Only the member who asked can answer this."
NO_ANSWER = "No answer: nothing was erased."


def families_of(custom_id: str) -> list[type[Component[Any]]]:
    """The families whose template matches the whole id (discord.py dispatches to each of them)."""
    every: tuple[type[Component[Any]], ...] = (*FAMILIES, *components.FAMILIES)
    return [family for family in every if family.__discord_ui_compiled_template__.fullmatch(custom_id)]


def test_every_answer_id_belongs_to_one_family() -> None:
    for answer in ("yes", "no"):
        assert families_of(ForgetMe.answer_id(BIG, BIG, answer)) == [ForgetMe]
        assert families_of(ResetLeaderboard.answer_id(BIG, BIG, answer)) == [ResetLeaderboard]
        longest = RemoveMember.answer_id(BIG, BIG, answer, member=BIG)
        assert families_of(longest) == [RemoveMember] and len(longest) <= 100
    match = RemoveMember.__discord_ui_compiled_template__.fullmatch(RemoveMember.answer_id(1, 2, "no", 3))
    assert match is not None
    assert match.groupdict() == {"asker": "1", "question": "2", "member": "3", "answer": "no"}
    assert all(family.prefix == "wzlb:er:" and family.private for family in FAMILIES)
    assert not ConfirmErase.__discord_ui_compiled_template__.fullmatch(ForgetMe.answer_id(1, 2, "yes"))


@pytest.mark.parametrize(
    "custom_id",
    [
        "wzlb:er:",
        "wzlb:er:me:1:2:maybe",
        "wzlb:er:me:1:2",
        "wzlb:er:me:1:2:3:yes",
        "wzlb:er:me:x:2:yes",
        "wzlb:er:me:-1:2:yes",
        "wzlb:er:me:123456789012345678901:2:yes",
        "wzlb:er:server:1:2:3:yes",
        "wzlb:er:member:1:2:yes",
        "wzlb:er:member:1:2::yes",
        "wzlb:er:everyone:1:2:yes",
        "wzlb:er:Me:1:2:yes",
        " wzlb:er:me:1:2:yes",
        "wzlb:er:me:1:2:yes\n",
    ],
)
def test_a_malformed_answer_reaches_no_handler(custom_id: str) -> None:
    assert families_of(custom_id) == []


# -- through the bot -------------------------------------------------------------------------------------


async def records_of(env: Env, count: int, seed: int) -> tuple[GuildHandle, ChannelHandle, list[MemberActor]]:
    """A server where ``count`` members finished a few games."""
    guild = env.create_guild()
    channel = guild.create_text_channel("wizard")
    members = make_players(env, guild, count)
    start = env.now().timestamp() - DAY
    await fill(manager(env).store, guild.id, [m.id for m in members], 3, seed=seed, start=start)
    return guild, channel, members


def games_of(database_path: Path, member: MemberActor) -> int:
    """How many stored results the member has."""
    rows = db_helpers.query(
        database_path, "SELECT COUNT(*) AS n FROM game_results WHERE user_id = ?", (member.id,)
    )
    return int(rows[0]["n"])


def open_questions(env: Env) -> OpenQuestions:
    return cast(WizardBot, env.bot).service(OpenQuestions)


def answer_ids(message: ResponseMessage) -> list[str]:
    return [cid for cid in custom_ids(message) if cid.startswith("wzlb:er:")]


def question_of(message: ResponseMessage) -> int:
    """The question id that both answers of a question carry."""
    [question] = {int(cid.split(":")[4]) for cid in answer_ids(message)}
    return question


async def test_an_answer_after_a_restart_is_served(
    simcord_env: Env, database_path: Path, make_bot: MakeBot
) -> None:
    _, channel, members = await records_of(simcord_env, 4, seed=70)
    asked = await members[0].slash(channel, "wizard forget-me")
    assert asked.ephemeral and asked.response is not None
    assert len(answer_ids(asked.response)) == 2
    assert games_of(database_path, members[0]) > 0

    await simcord_env.restart_bot(make_bot())
    done = await members[0].click(asked.response, label="Erase my records")
    assert done.response is not None and done.response.content.startswith("Done: your records of")
    assert not buttons(done.response)
    assert games_of(database_path, members[0]) == 0
    # Time passing later closes nothing any more: the answer stays.
    await simcord_env.advance_time(QUESTION_SECONDS + 1)
    shown = simcord_env.backend.get_message(done.response.channel_id, done.response.id)
    assert shown.content == done.response.content
    assert_valid_discord_payloads(simcord_env)


async def test_an_admin_answer_after_a_restart_is_served(
    simcord_env: Env, database_path: Path, make_bot: MakeBot
) -> None:
    guild, channel, members = await records_of(simcord_env, 4, seed=71)
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    moderator = guild.add_member(simcord_env.create_user("moderator"), roles=[mods])
    asked = await moderator.slash(channel, "wizard-admin remove-member", member=members[1])
    kept = await moderator.slash(channel, "wizard-admin reset-leaderboard")
    assert asked.response is not None and kept.response is not None

    await simcord_env.restart_bot(make_bot())
    done = await moderator.click(asked.response, label="Erase their records")
    assert done.response is not None
    assert done.response.content.startswith(f"Done: {members[1].mention}'s records of")
    assert games_of(database_path, members[1]) == 0
    assert games_of(database_path, members[0]) > 0
    no = await moderator.click(kept.response, label="Keep everything")
    assert no.response is not None and no.response.content == "Nothing was erased."
    assert games_of(database_path, members[0]) > 0


async def test_a_late_answer_after_a_restart_erases_nothing(
    simcord_env: Env, database_path: Path, make_bot: MakeBot
) -> None:
    _, channel, members = await records_of(simcord_env, 3, seed=72)
    asked = await members[0].slash(channel, "wizard forget-me")
    assert asked.response is not None
    before = games_of(database_path, members[0])

    # The process that asked stops before the two minutes are up, so nobody closes the question; the
    # new process does not know it.
    question_id = question_of(asked.response)
    assert question_id in open_questions(simcord_env)
    await simcord_env.restart_bot(make_bot())
    assert question_id not in open_questions(simcord_env)
    await simcord_env.advance_time(QUESTION_SECONDS + 1)
    waiting = simcord_env.backend.get_message(asked.response.channel_id, asked.response.id)
    assert len(answer_ids(ResponseMessage(simcord_env, waiting))) == 2
    late = await members[0].click(asked.response, label="Erase my records")
    assert late.response is not None and late.response.content == NO_ANSWER
    assert not buttons(late.response)
    assert games_of(database_path, members[0]) == before
    assert_valid_discord_payloads(simcord_env)


async def test_an_unanswered_question_closes_after_two_minutes(simcord_env: Env, database_path: Path) -> None:
    _, channel, members = await records_of(simcord_env, 3, seed=73)
    asked = await members[0].slash(channel, "wizard forget-me")
    answered = await members[1].slash(channel, "wizard forget-me")
    assert asked.response is not None and answered.response is not None
    questions = [question_of(message) for message in (asked.response, answered.response)]
    kept = await members[1].click(answered.response, label="Keep everything")
    assert kept.response is not None and kept.response.content == "Nothing was erased."

    await simcord_env.advance_time(QUESTION_SECONDS + 1)
    closed = simcord_env.backend.get_message(asked.response.channel_id, asked.response.id)
    assert closed.content == NO_ANSWER and not buttons(closed)
    # The answered one keeps its answer.
    still = simcord_env.backend.get_message(answered.response.channel_id, answered.response.id)
    assert still.content == "Nothing was erased."
    assert not [question for question in questions if question in open_questions(simcord_env)]
    assert games_of(database_path, members[0]) > 0


async def test_a_forged_answer_for_another_member_is_refused(simcord_env: Env, database_path: Path) -> None:
    _, channel, members = await records_of(simcord_env, 3, seed=74)
    victim, forger = members[0], members[1]
    theirs = await victim.slash(channel, "wizard forget-me")
    own = await forger.slash(channel, "wizard forget-me")
    assert theirs.response is not None and own.response is not None
    before = {m.id: games_of(database_path, m) for m in members}
    question = question_of(theirs.response)
    carrier = simcord_env.backend.get_message(own.response.channel_id, own.response.id)

    # The victim's answer, and answers naming the victim as the asker of a question they never asked,
    # sent from the forger's own private question.
    for forged in (
        ForgetMe.answer_id(victim.id, question, "yes"),
        ForgetMe.answer_id(victim.id, question + 1, "yes"),
        RemoveMember.answer_id(victim.id, question, "yes", member=members[2].id),
        ResetLeaderboard.answer_id(victim.id, question, "yes"),
    ):
        refused = await forge_click(simcord_env, forger, carrier, forged)
        assert assert_refused(refused) == ONLY_THE_ASKER
    # On a public message the answer is refused before anything is looked at.
    table = await members[2].slash(channel, "wizard new")
    assert table.response is not None and not table.ephemeral
    public = simcord_env.backend.get_message(table.response.channel_id, table.response.id)
    forged = ForgetMe.answer_id(forger.id, question, "yes")
    assert_refused(await forge_click(simcord_env, forger, public, forged), "isn't valid")

    assert {m.id: games_of(database_path, m) for m in members} == before
    # The victim's question still waits for the victim, who can still answer it.
    assert question in open_questions(simcord_env)
    done = await victim.click(theirs.response, label="Erase my records")
    assert done.response is not None and done.response.content.startswith("Done: your records of")
    assert games_of(database_path, victim) == 0 and games_of(database_path, forger) == before[forger.id]
    assert_valid_discord_payloads(simcord_env)


async def test_an_answer_counts_only_where_its_question_was_asked(
    simcord_env: Env, database_path: Path
) -> None:
    """A member of two servers asks in each; an answer naming server A's question, sent from the
    question message in server B (where they manage the server), or from another channel of A, is
    refused: nothing is erased anywhere, and A's question still waits for its own answer (issue 25)."""
    guild_a, channel_a, members_a = await records_of(simcord_env, 3, seed=75)
    asker = members_a[0]
    guild_b = simcord_env.create_guild()
    channel_b = guild_b.create_text_channel("wizard")
    mods = guild_b.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    in_b = guild_b.add_member(asker.user, roles=[mods])
    others_b = make_players(simcord_env, guild_b, 2)
    start = simcord_env.now().timestamp() - DAY
    await fill(
        manager(simcord_env).store, guild_b.id, [in_b.id, *(m.id for m in others_b)], 3, seed=76, start=start
    )
    other_channel_a = guild_a.create_text_channel("elsewhere")
    before = db_helpers.query(database_path, "SELECT COUNT(*) AS n FROM game_results")[0]["n"]

    asked_a = await asker.slash(channel_a, "wizard forget-me")
    asked_b = await in_b.slash(channel_b, "wizard-admin reset-leaderboard")
    asked_elsewhere = await asker.slash(other_channel_a, "wizard forget-me")
    assert asked_a.response is not None and asked_b.response is not None
    assert asked_elsewhere.response is not None
    question_a = question_of(asked_a.response)
    from_b = simcord_env.backend.get_message(asked_b.response.channel_id, asked_b.response.id)
    from_elsewhere = simcord_env.backend.get_message(
        asked_elsewhere.response.channel_id, asked_elsewhere.response.id
    )
    for carrier, actor, forged in (
        (from_b, in_b, ForgetMe.answer_id(asker.id, question_a, "yes")),
        (from_b, in_b, ResetLeaderboard.answer_id(asker.id, question_a, "yes")),
        (from_b, in_b, RemoveMember.answer_id(asker.id, question_a, "yes", member=members_a[1].id)),
        (from_elsewhere, asker, ForgetMe.answer_id(asker.id, question_a, "yes")),
    ):
        assert_refused(await forge_click(simcord_env, actor, carrier, forged), "isn't valid")
    assert db_helpers.query(database_path, "SELECT COUNT(*) AS n FROM game_results")[0]["n"] == before
    assert question_a in open_questions(simcord_env)
    # Answered on its own message, in its own channel, the question is served.
    done = await asker.click(asked_a.response, label="Erase my records")
    assert done.response is not None and done.response.content.startswith("Done: your records of")
    in_server_b = db_helpers.query(
        database_path,
        "SELECT COUNT(*) AS n FROM game_results WHERE user_id = ? AND guild_id = ?",
        (asker.id, guild_b.id),
    )[0]["n"]
    assert games_of(database_path, asker) == in_server_b > 0  # server B's games stay
    assert_valid_discord_payloads(simcord_env)
