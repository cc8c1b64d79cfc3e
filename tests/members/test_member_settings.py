"""/wizard me: a member's own settings, stored per server, kept across a restart, and used at once by a
game under way (issue 26)."""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING

import db_helpers
import pytest
from bot_helpers import act, hand_messages, in_round, message_text, open_table, play
from discord_payloads import assert_valid_discord_payloads
from simcord import Env

if TYPE_CHECKING:
    from conftest import MakeBot

pytestmark = pytest.mark.simcord(check_errors=True)

# A card as plain text names it in German: Herz-Ass, Pik-10 (Trumpf), Zauberer.
SPOKEN_CARD = r"(Pik|Herz|Karo|Kreuz)-(\d+|Bube|Dame|König|Ass)( \(Trumpf\))?|Zauberer|Narr"


def panel_text(result: object) -> str:
    response = result.response  # type: ignore[attr-defined]
    assert response is not None
    return message_text(response)


@pytest.mark.parametrize("backend", db_helpers.BACKENDS, indirect=True)
async def test_my_settings_are_stored_and_survive_a_restart(
    simcord_env: Env, make_bot: MakeBot, database: db_helpers.Database
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    me = guild.add_member(simcord_env.create_user("reader"))
    shown = await me.slash(channel, "wizard me")
    assert shown.ephemeral and shown.response is not None
    text = panel_text(shown)
    assert "**Language:** your Discord language (English)" in text and "**Turn reminders** when" in text
    # German, then plain text on and reminders off: each change redraws the panel, in its new language.
    german = await me.select(shown.response, ["de"])
    assert german.response is not None and "**Sprache:** Deutsch" in panel_text(german)
    plain = await me.click(german.response, label="Reiner Text an")
    assert plain.response is not None and re.search(r"Screenreader.*: an", panel_text(plain))
    quiet = await me.click(plain.response, label="Erinnerungen aus")
    assert quiet.response is not None
    rows = db_helpers.query(
        database,
        "SELECT language, pictures, plain_text, reminders FROM member_settings"
        " WHERE guild_id = ? AND user_id = ?",
        (guild.id, me.id),
    )
    stored = [(r["language"], r["pictures"], r["plain_text"], r["reminders"]) for r in rows]
    assert stored == [("de", 1, 1, 0)]
    await simcord_env.restart_bot(make_bot())
    again = await me.slash(channel, "wizard me")
    text = panel_text(again)
    assert "**Sprache:** Deutsch" in text and re.search(r"Screenreader.*: an", text)
    assert re.search(r"Erinnerungen an deinen Zug\*\*.*: aus", text)
    # Private answers outside a table follow the choice too (their client is in English).
    history = await me.slash(channel, "wizard history")
    assert "noch keine beendeten Spiele" in panel_text(history)
    # Another server: the defaults.
    other = simcord_env.create_guild()
    there = other.add_member(me.user) if hasattr(me, "user") else None
    if there is not None:
        elsewhere = await there.slash(other.create_text_channel("wizard"), "wizard me")
        assert "**Language:** your Discord language (English)" in panel_text(elsewhere)
    assert_valid_discord_payloads(simcord_env)


async def test_a_game_under_way_follows_a_members_new_settings(simcord_env: Env) -> None:
    table = await open_table(simcord_env, 3)
    reader = table.players[1]
    shown = await reader.slash(table.channel, "wizard me")
    assert shown.response is not None
    german = await reader.select(shown.response, ["de"])
    assert german.response is not None
    plain = await reader.click(german.response, label="Reiner Text an")
    assert plain.response is not None
    await play(table, random.Random(8), until=in_round(3))
    # Their round-3 hand: in German, every card by its full name, without a picture or a mark to explain.
    [hand] = [m for m in hand_messages(table, reader) if "Runde 3/" in message_text(m)]
    text = message_text(hand)
    assert not hand.attachments and not hand.embeds[0].get("image")
    cards = next(f["value"] for f in hand.embeds[0]["fields"] if f["name"].startswith("Deine Karten"))
    for name in cards.split(", "):
        assert re.fullmatch(SPOKEN_CARD, name), name
    assert "★" not in text
    # The others' hands are as before: English, with pictures.
    [other] = [m for m in hand_messages(table, table.players[0]) if "Round 3/" in message_text(m)]
    assert other.attachments
    await act(table, rng=random.Random(1))
    assert_valid_discord_payloads(simcord_env)
