"""/wizard settings through SimCord: a server manager changes each default, it is stored and survives a
restart, every family of controls keeps working after one, and everyone else, every forged id or value
and every combination R-9 forbids is refused privately with nothing changed. A bug behind a control is
apologised for with an error id that the log names too. The panel speaks its reader's language, and the
server's language is one of its settings."""

from __future__ import annotations

import json
import logging
import re
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import discord
import pytest
from bot_helpers import (
    MESSAGE_COMPONENT,
    SELECT,
    assert_refused,
    buttons,
    forge_click,
    forge_select,
    message_payload,
    message_text,
)
from discord_payloads import assert_valid_discord_payloads
from fluent.syntax import ast as fluent_ast
from fluent.syntax import parse as fluent_parse
from panel_ids import MALFORMED_IDS
from simcord import ChannelHandle, Env, GuildHandle, InteractionResult, MemberActor, ResponseMessage
from simcord import actors as simcord_actors
from simcord import interactions as simcord_interactions
from simcord.backend.models import Message as StoredMessage
from simcord.components import walk_components

from cogs.server_settings.store import TURN_TIMER_CHOICES, ServerSettings, ServerSettingsStore
from cogs.table.registry import OpenTables
from cogs.utils.components import INVALID_BUTTON, INVALID_MENU
from cogs.utils.i18n import ENGLISH, catalog_files, texts
from wizard_core.variants import PRESETS, VARIANTS

if TYPE_CHECKING:
    from conftest import MakeBot

    from bot import WizardBot

pytestmark = pytest.mark.simcord(check_errors=True)

# The keys of the settings panel's English messages that are plain text (no placeholders).
PLAIN_SETTINGS_KEYS = sorted(
    entry.id.name
    for path in catalog_files("en")
    if path.name == "settings.ftl"
    for entry in fluent_parse(path.read_text(encoding="utf-8")).body
    if isinstance(entry, fluent_ast.Message)
    and entry.value is not None
    and all(isinstance(element, fluent_ast.TextElement) for element in entry.value.elements)
)


def use_client_locales(monkeypatch: pytest.MonkeyPatch, locales: dict[int, str]) -> None:
    """From now on, the interactions of these users come from Discord clients set to these locales
    (SimCord sends every interaction with en-US)."""
    build = simcord_interactions.base_payload

    def with_locale(*args: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = build(*args, **kwargs)
        payload["locale"] = locales.get(kwargs["user_id"], payload["locale"])
        return record, payload

    monkeypatch.setattr(simcord_interactions, "base_payload", with_locale)


def admin_of(env: Env, guild: GuildHandle, name: str = "moderator") -> MemberActor:
    mods = guild.create_role(f"{name}-role", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(env.create_user(name), roles=[mods])


def store(env: Env) -> ServerSettingsStore:
    return cast("WizardBot", env.bot).service(ServerSettingsStore)


def stored_row(database_path: Path, guild_id: int) -> dict[str, Any] | None:
    with sqlite3.connect(database_path) as conn:
        conn.row_factory = sqlite3.Row
        row = conn.execute("SELECT * FROM server_settings WHERE guild_id = ?", (guild_id,)).fetchone()
    conn.close()
    if row is None:
        return None
    values = dict(row)
    values.pop("updated_at")
    values["variants"] = json.loads(values["variants"])
    # The season settings are the seasons page's (tests/seasons): the other pages leave them alone.
    for key in ("season_monthly", "season_fresh_ratings", "season_channel_id"):
        values.pop(key)
    return values


def row_of(settings: ServerSettings) -> dict[str, Any]:
    return {
        "edition": settings.edition,
        "variants": sorted(settings.variants),
        "nannie_every": settings.nannie_every,
        "turn_timer_seconds": settings.turn_timer_seconds,
        "lobby_timeout_minutes": settings.lobby_timeout_minutes,
        "images": None if settings.images is None else int(settings.images),
        "language": settings.language,
        "coach": int(settings.coach),
    }


async def assert_saved(env: Env, database_path: Path, guild: GuildHandle, expected: ServerSettings) -> None:
    """The bot's store and the SQLite row both hold `expected`."""
    assert await store(env).get(guild.id) == expected
    row = stored_row(database_path, guild.id)
    assert row is not None
    assert {key: value for key, value in row.items() if key != "guild_id"} == row_of(expected)


def fields(message: ResponseMessage) -> dict[str, str]:
    [embed] = message.embeds
    return {str(f.name): str(f.value) for f in embed.fields}


def selects(message: ResponseMessage) -> dict[str, dict[str, Any]]:
    return {c["custom_id"]: c for c in walk_components(message.components) if c["type"] == SELECT}


def defaults_of(message: ResponseMessage, custom_id: str) -> list[str]:
    return [o["value"] for o in selects(message)[custom_id]["options"] if o.get("default")]


def button_ids(message: ResponseMessage) -> dict[str, str]:
    return {b["label"]: b["custom_id"] for b in buttons(message)}


def panel(result: InteractionResult) -> ResponseMessage:
    """The panel a command or a change answered with, checked to be private."""
    assert result.response is not None, result
    assert result.response.ephemeral, message_text(result.response)
    assert "Wizard settings for this server" in message_text(result.response)
    return result.response


async def open_panel(member: MemberActor, channel: ChannelHandle) -> ResponseMessage:
    return panel(await member.slash(channel, "wizard settings"))


async def choose(
    member: MemberActor, message: ResponseMessage, custom_id: str, values: list[str]
) -> ResponseMessage:
    return panel(await member.select(message, values, custom_id=custom_id))


async def click(member: MemberActor, message: ResponseMessage, label: str) -> ResponseMessage:
    return panel(await member.click(message, label=label))


def setup_server(env: Env) -> tuple[GuildHandle, ChannelHandle, MemberActor]:
    guild = env.create_guild()
    channel = guild.create_text_channel("wizard")
    return guild, channel, admin_of(env, guild)


def carrier(env: Env, message: ResponseMessage) -> StoredMessage:
    """The panel message as SimCord stores it, for a forged click."""
    return env.backend.get_message(message.channel_id, message.id)


def panel_looks(env: Env, message: ResponseMessage) -> tuple[str, str]:
    """What a panel message shows now (its text and its controls), to see that a refusal left it alone."""
    stored_message = carrier(env, message)
    return message_text(stored_message), json.dumps(stored_message.components, sort_keys=True)


async def forge_menu(
    env: Env, actor: MemberActor, message: StoredMessage, custom_id: str, values: list[str]
) -> InteractionResult:
    """Values sent on a button's id, with the message forged to carry a select menu of that id (in place
    of its first menu), so that discord.py hands them to the button's family."""
    payload = message_payload(env, message)
    menu = next(c for c in walk_components(payload["components"]) if c.get("type") == SELECT)
    menu["custom_id"] = custom_id
    menu.pop("disabled", None)
    channel = ChannelHandle(env, actor.guild, env.backend.get_channel(message.channel_id))
    data = {"custom_id": custom_id, "component_type": SELECT, "values": values}
    env._begin_operation("select")
    try:
        return await simcord_actors._dispatch_actor_interaction(
            actor, MESSAGE_COMPONENT, channel, data, extra={"message": payload}, source_message_id=message.id
        )
    finally:
        env._end_operation()


async def test_the_panel_shows_every_option(simcord_env: Env, database_path: Path) -> None:
    guild, channel, moderator = setup_server(simcord_env)
    shown = await open_panel(moderator, channel)
    assert fields(shown) == {
        "Edition": "Classic",
        "Preset": "Classic (US rules)",
        "Variants": "None",
        "Turn timer": "2 minutes (default)",
        "Lobby timeout": "Bot default (30 minutes)",
        "Pictures": "Bot default (on)",
        "Language": "Automatic (English)",
        "Coach": "Off",
    }
    menus = selects(shown)
    assert sorted(menus) == ["wzset:edition", "wzset:nannie", "wzset:preset", "wzset:variants"]
    variants = menus["wzset:variants"]
    assert variants["min_values"] == 0 and variants["max_values"] == len(VARIANTS) == 13
    assert [(o["label"], o["value"], o["description"]) for o in variants["options"]] == [
        (v.name, v.id, v.help) for v in VARIANTS.values()
    ]
    assert [(o["value"], o["description"]) for o in menus["wzset:preset"]["options"]] == [
        (p.id, p.help) for p in PRESETS.values()
    ]
    assert defaults_of(shown, "wzset:edition") == ["classic"]
    assert defaults_of(shown, "wzset:preset") == ["classic"]
    # Nannie's option is only offered with Nannie's Rule.
    assert menus["wzset:nannie"].get("disabled") is True
    assert button_ids(shown) == {
        "More settings ▶": "wzset:page:more",
        "Reset to defaults": "wzset:reset:rules",
    }

    more = await click(moderator, shown, "More settings ▶")
    menus = selects(more)
    assert sorted(menus) == ["wzset:language", "wzset:lobby", "wzset:timer"]
    assert [o["label"] for o in menus["wzset:timer"]["options"]] == [
        "Turn timer: Off",
        "Turn timer: 30 seconds",
        "Turn timer: 1 minute",
        "Turn timer: 2 minutes (default)",
        "Turn timer: 5 minutes",
        "Turn timer: 10 minutes",
        "Turn timer: 30 minutes",
    ]
    assert [o["value"] for o in menus["wzset:timer"]["options"]] == [str(s) for s in TURN_TIMER_CHOICES]
    assert [o["value"] for o in menus["wzset:lobby"]["options"]] == ["default", "10", "15", "30", "60", "120"]
    assert defaults_of(more, "wzset:lobby") == ["default"]
    assert [(o["label"], o["value"]) for o in menus["wzset:language"]["options"]] == [
        ("Language: Automatic (English)", "auto"),
        ("Language: English", "en"),
        ("Language: Deutsch", "de"),
    ]
    assert defaults_of(more, "wzset:language") == ["auto"]
    assert set(button_ids(more)) == {
        "Pictures on",
        "Pictures off",
        "Pictures: bot default (on)",
        "Coach on",
        "Coach off",
        "◀ Rules",
        "Seasons ▶",
        "Reset to defaults",
    }
    # Looking around saves nothing.
    assert stored_row(database_path, guild.id) is None
    assert_valid_discord_payloads(simcord_env)


async def test_a_manager_changes_every_setting(simcord_env: Env, database_path: Path) -> None:
    guild, channel, moderator = setup_server(simcord_env)
    shown = await open_panel(moderator, channel)

    shown = await choose(moderator, shown, "wzset:edition", ["camelot"])
    expected = ServerSettings(edition="camelot")
    await assert_saved(simcord_env, database_path, guild, expected)
    assert fields(shown)["Edition"] == "Camelot" and fields(shown)["Preset"] == "Camelot"
    assert defaults_of(shown, "wzset:edition") == ["camelot"]

    shown = await choose(moderator, shown, "wzset:variants", ["nannie", "canadian"])
    expected = ServerSettings("camelot", frozenset({"nannie", "canadian"}))
    await assert_saved(simcord_env, database_path, guild, expected)
    assert defaults_of(shown, "wzset:variants") == ["canadian", "nannie"]
    assert fields(shown)["Variants"] == "Canadian Rule\nNannie's Rule (eliminating every 2nd round)"
    assert fields(shown)["Preset"] == "None (custom)"
    assert not selects(shown)["wzset:nannie"].get("disabled")

    shown = await choose(moderator, shown, "wzset:nannie", ["3"])
    expected = ServerSettings("camelot", frozenset({"nannie", "canadian"}), 3)
    await assert_saved(simcord_env, database_path, guild, expected)
    assert "every 3rd round" in fields(shown)["Variants"]
    assert defaults_of(shown, "wzset:nannie") == ["3"]

    shown = await choose(moderator, shown, "wzset:preset", ["german"])
    expected = ServerSettings("classic", frozenset({"no-even-bids"}))
    await assert_saved(simcord_env, database_path, guild, expected)
    assert fields(shown)["Preset"] == "German" and fields(shown)["Variants"] == "Bids may not add up"

    # Dropping Nannie's Rule drops its option too (otherwise Rules would refuse the pair).
    shown = await choose(moderator, shown, "wzset:variants", ["nannie"])
    shown = await choose(moderator, shown, "wzset:nannie", ["3"])
    shown = await choose(moderator, shown, "wzset:variants", ["quick"])
    expected = ServerSettings("classic", frozenset({"quick"}))
    await assert_saved(simcord_env, database_path, guild, expected)

    more = await click(moderator, shown, "More settings ▶")
    more = await choose(moderator, more, "wzset:timer", ["300"])
    expected = ServerSettings("classic", frozenset({"quick"}), turn_timer_seconds=300)
    await assert_saved(simcord_env, database_path, guild, expected)
    assert fields(more)["Turn timer"] == "5 minutes" and defaults_of(more, "wzset:timer") == ["300"]

    more = await choose(moderator, more, "wzset:timer", ["0"])
    assert fields(more)["Turn timer"] == "Off"
    more = await choose(moderator, more, "wzset:lobby", ["15"])
    expected = ServerSettings("classic", frozenset({"quick"}), turn_timer_seconds=0, lobby_timeout_minutes=15)
    await assert_saved(simcord_env, database_path, guild, expected)
    assert fields(more)["Lobby timeout"] == "15 minutes"

    more = await click(moderator, more, "Pictures off")
    expected = ServerSettings("classic", frozenset({"quick"}), 2, 0, 15, False)
    await assert_saved(simcord_env, database_path, guild, expected)
    assert fields(more)["Pictures"] == "Off"
    pressed = [b["label"] for b in buttons(more) if b.get("disabled")]
    assert pressed == ["Pictures off", "Coach off"]
    more = await click(moderator, more, "Pictures on")
    await assert_saved(
        simcord_env, database_path, guild, ServerSettings("classic", frozenset({"quick"}), 2, 0, 15, True)
    )

    more = await choose(moderator, more, "wzset:lobby", ["default"])
    more = await click(moderator, more, "Pictures: bot default (on)")
    expected = ServerSettings("classic", frozenset({"quick"}), turn_timer_seconds=0)
    await assert_saved(simcord_env, database_path, guild, expected)

    back = await click(moderator, more, "◀ Rules")
    assert "wzset:variants" in selects(back) and defaults_of(back, "wzset:variants") == ["quick"]
    reset = await click(moderator, back, "Reset to defaults")
    await assert_saved(simcord_env, database_path, guild, ServerSettings())
    assert fields(reset)["Variants"] == "None" and fields(reset)["Turn timer"] == "2 minutes (default)"

    # Other servers are untouched.
    other = simcord_env.create_guild()
    assert await store(simcord_env).get(other.id) == ServerSettings()
    assert stored_row(database_path, other.id) is None
    assert_valid_discord_payloads(simcord_env)


async def test_a_manager_makes_the_coach_the_servers_default(simcord_env: Env, database_path: Path) -> None:
    guild, channel, moderator = setup_server(simcord_env)
    more = await click(moderator, await open_panel(moderator, channel), "More settings ▶")
    more = await click(moderator, more, "Coach on")
    await assert_saved(simcord_env, database_path, guild, ServerSettings(coach=True))
    assert fields(more)["Coach"].startswith("On")
    pressed = [b["label"] for b in buttons(more) if b.get("disabled")]
    assert pressed == ["Pictures: bot default (on)", "Coach on"]
    more = await click(moderator, more, "Coach off")
    await assert_saved(simcord_env, database_path, guild, ServerSettings())
    assert fields(more)["Coach"] == "Off"
    assert_valid_discord_payloads(simcord_env)


async def test_reset_from_the_second_page(simcord_env: Env, database_path: Path) -> None:
    guild, channel, moderator = setup_server(simcord_env)
    more = await click(moderator, await open_panel(moderator, channel), "More settings ▶")
    more = await choose(moderator, more, "wzset:timer", ["1800"])
    await assert_saved(simcord_env, database_path, guild, ServerSettings(turn_timer_seconds=1800))
    reset = await click(moderator, more, "Reset to defaults")
    # The same page is shown again, with the defaults.
    assert "wzset:timer" in selects(reset) and defaults_of(reset, "wzset:timer") == ["120"]
    await assert_saved(simcord_env, database_path, guild, ServerSettings())


async def test_the_bot_defaults_show_in_the_panel(simcord_env: Env, make_bot: MakeBot) -> None:
    await simcord_env.restart_bot(make_bot(lobby_timeout_minutes=45, images=False))
    _, channel, moderator = setup_server(simcord_env)
    shown = await open_panel(moderator, channel)
    assert fields(shown)["Lobby timeout"] == "Bot default (45 minutes)"
    assert fields(shown)["Pictures"] == "Bot default (off)"


async def test_settings_and_the_panel_survive_a_restart(
    simcord_env: Env, database_path: Path, make_bot: MakeBot
) -> None:
    guild, channel, moderator = setup_server(simcord_env)
    shown = await open_panel(moderator, channel)
    shown = await choose(moderator, shown, "wzset:variants", ["hidden-bid", "forehead"])
    # A second panel, on its second page (a page change edits the panel message itself).
    more = await click(moderator, await open_panel(moderator, channel), "More settings ▶")
    more = await choose(moderator, more, "wzset:timer", ["60"])
    expected = ServerSettings(variants=frozenset({"hidden-bid", "forehead"}), turn_timer_seconds=60)
    await assert_saved(simcord_env, database_path, guild, expected)
    old_bot = simcord_env.bot

    await simcord_env.restart_bot(make_bot())
    assert simcord_env.bot is not old_bot
    await assert_saved(simcord_env, database_path, guild, expected)
    assert fields(await open_panel(moderator, channel))["Turn timer"] == "1 minute"

    # The panel sent before the restart still works: its controls are dispatched by custom_id.
    more = await choose(moderator, more, "wzset:lobby", ["120"])
    expected = ServerSettings(
        variants=frozenset({"hidden-bid", "forehead"}), turn_timer_seconds=60, lobby_timeout_minutes=120
    )
    await assert_saved(simcord_env, database_path, guild, expected)
    shown = await choose(moderator, shown, "wzset:edition", ["camelot"])
    expected = ServerSettings(
        "camelot", frozenset({"hidden-bid", "forehead"}), turn_timer_seconds=60, lobby_timeout_minutes=120
    )
    await assert_saved(simcord_env, database_path, guild, expected)
    more = await click(moderator, more, "Pictures off")
    await simcord_env.restart_bot(make_bot())
    assert (await store(simcord_env).get(guild.id)).images is False
    assert_valid_discord_payloads(simcord_env)


async def test_every_family_works_on_panels_sent_before_a_restart(
    simcord_env: Env, database_path: Path, make_bot: MakeBot
) -> None:
    guild, channel, moderator = setup_server(simcord_env)
    # One panel per control to use, each untouched since before the restart.
    rules_pages = [await open_panel(moderator, channel) for _ in range(3)]
    more_pages = [
        await click(moderator, await open_panel(moderator, channel), "More settings ▶") for _ in range(3)
    ]
    await simcord_env.restart_bot(make_bot())

    # SettingMenu, on both pages.
    await choose(moderator, rules_pages[0], "wzset:preset", ["camelot"])
    await choose(moderator, more_pages[0], "wzset:timer", ["30"])
    await assert_saved(
        simcord_env, database_path, guild, ServerSettings(edition="camelot", turn_timer_seconds=30)
    )
    # PicturesButton.
    await click(moderator, more_pages[1], "Pictures off")
    expected = ServerSettings(edition="camelot", turn_timer_seconds=30, images=False)
    await assert_saved(simcord_env, database_path, guild, expected)
    # PageButton, both ways; it saves nothing.
    assert "wzset:timer" in selects(await click(moderator, rules_pages[1], "More settings ▶"))
    assert "wzset:edition" in selects(await click(moderator, more_pages[2], "◀ Rules"))
    await assert_saved(simcord_env, database_path, guild, expected)
    # ResetButton.
    reset = await click(moderator, rules_pages[2], "Reset to defaults")
    assert fields(reset)["Edition"] == "Classic"
    await assert_saved(simcord_env, database_path, guild, ServerSettings())
    assert_valid_discord_payloads(simcord_env)


async def test_members_without_manage_server_are_refused(simcord_env: Env, database_path: Path) -> None:
    guild, channel, moderator = setup_server(simcord_env)
    member = guild.add_member(simcord_env.create_user("member"))
    # The command is listed for everyone (it lives in the players' /wizard group) ...
    assert "wizard settings" in member.available_commands(channel)
    # ... but only a manager may use it.
    refused = await member.slash(channel, "wizard settings")
    assert_refused(refused, "Manage Server", "nothing was changed")
    assert refused.response is not None and not buttons(refused.response) and not refused.response.embeds

    shown = await open_panel(moderator, channel)
    shown = await choose(moderator, shown, "wzset:edition", ["camelot"])
    before = ServerSettings(edition="camelot")
    more = await click(moderator, await open_panel(moderator, channel), "More settings ▶")
    # A member who is not a manager uses each family's controls (forged onto their client).
    attempts = [
        await forge_select(simcord_env, member, shown, "wzset:variants", ["quick"]),
        await forge_select(simcord_env, member, shown, "wzset:edition", ["classic"]),
        await forge_select(simcord_env, member, more, "wzset:timer", ["30"]),
        await forge_click(simcord_env, member, carrier(simcord_env, shown), "wzset:reset:rules"),
        await forge_click(simcord_env, member, carrier(simcord_env, more), "wzset:images:off"),
        await forge_click(simcord_env, member, carrier(simcord_env, shown), "wzset:page:more"),
    ]
    for attempt in attempts:
        assert_refused(attempt, "Manage Server", "nothing was changed")
    await assert_saved(simcord_env, database_path, guild, before)

    # A manager who lost Manage Server since opening the panel is refused too.
    guild.remove_member(moderator)
    demoted = guild.add_member(moderator.user)
    refused = await demoted.select(shown, ["quick"], custom_id="wzset:variants")
    assert_refused(refused, "Manage Server")
    await assert_saved(simcord_env, database_path, guild, before)
    assert_valid_discord_payloads(simcord_env)


async def test_an_administrator_may_change_settings(simcord_env: Env, database_path: Path) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    admins = guild.create_role("admins", permissions=discord.Permissions(administrator=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[admins])
    shown = await open_panel(admin, channel)
    await choose(admin, shown, "wzset:preset", ["tournament"])
    await assert_saved(simcord_env, database_path, guild, ServerSettings(variants=frozenset({"canadian"})))


@pytest.mark.parametrize(
    ("chosen", "first", "second"),
    [
        (["canadian", "hidden-bid"], "Canadian Rule", "Hidden Bid"),
        (["no-even-bids", "saboteur"], "Bids may not add up", "Wizard Saboteur"),
        (["maximus", "quick"], "Wizard Maximus", "Quick play"),
        (["quick", "nannie"], "Quick play", "Nannie's Rule"),
        (["forehead", "maximus"], "Forehead card", "Wizard Maximus"),
    ],
)
async def test_combinations_r9_forbids_are_refused(
    simcord_env: Env, database_path: Path, chosen: list[str], first: str, second: str
) -> None:
    guild, channel, moderator = setup_server(simcord_env)
    shown = await open_panel(moderator, channel)
    shown = await choose(moderator, shown, "wzset:variants", ["third-time"])
    before = ServerSettings(variants=frozenset({"third-time"}))
    refused = await moderator.select(shown, chosen, custom_id="wzset:variants")
    text = assert_refused(refused, first, second, "nothing was changed")
    assert "cannot be combined" in text
    await assert_saved(simcord_env, database_path, guild, before)
    # The panel still shows what is saved.
    again = await open_panel(moderator, channel)
    assert defaults_of(again, "wzset:variants") == ["third-time"]
    assert_valid_discord_payloads(simcord_env)


async def test_malformed_ids_are_refused_privately_and_change_nothing(
    simcord_env: Env, database_path: Path
) -> None:
    guild, channel, moderator = setup_server(simcord_env)
    shown = await choose(moderator, await open_panel(moderator, channel), "wzset:variants", ["canadian"])
    before = ServerSettings(variants=frozenset({"canadian"}))
    looks = panel_looks(simcord_env, shown)

    for reason, cid in MALFORMED_IDS.items():
        refused = await forge_click(simcord_env, moderator, carrier(simcord_env, shown), cid)
        assert assert_refused(refused) == INVALID_BUTTON, reason
    for cid in ("wzset:edition:camelot", "wzset:variants\n", "wzset:" + "v" * 94, "wzset:colour"):
        refused = await forge_select(simcord_env, moderator, shown, cid, ["camelot"])
        assert assert_refused(refused) == INVALID_MENU, cid
    await assert_saved(simcord_env, database_path, guild, before)
    assert panel_looks(simcord_env, shown) == looks
    assert_valid_discord_payloads(simcord_env)


async def test_a_control_of_the_other_kind_is_refused(simcord_env: Env, database_path: Path) -> None:
    guild, channel, moderator = setup_server(simcord_env)
    shown = await choose(moderator, await open_panel(moderator, channel), "wzset:variants", ["canadian"])
    more = await click(moderator, await open_panel(moderator, channel), "More settings ▶")
    before = ServerSettings(variants=frozenset({"canadian"}))
    looks = panel_looks(simcord_env, shown), panel_looks(simcord_env, more)

    # A menu's id on a button: the menu's family gets the click and refuses it. Taken for a menu with
    # nothing chosen, "wzset:variants" would clear the variants.
    for message, cid in ((shown, "wzset:variants"), (shown, "wzset:edition"), (more, "wzset:timer")):
        refused = await forge_click(simcord_env, moderator, carrier(simcord_env, message), cid)
        assert assert_refused(refused) == INVALID_BUTTON, cid
    # A button's id on a menu, with values: the button's family gets them and refuses them.
    for message, cid in (
        (more, "wzset:images:off"),
        (shown, "wzset:reset:rules"),
        (shown, "wzset:page:more"),
    ):
        refused = await forge_menu(simcord_env, moderator, carrier(simcord_env, message), cid, ["classic"])
        assert assert_refused(refused) == INVALID_MENU, cid
    # Values sent on a button the message really has: no family is called; the bot refuses it itself.
    refused = await forge_select(simcord_env, moderator, more, "wzset:images:off", ["off"])
    assert assert_refused(refused) == INVALID_MENU
    await assert_saved(simcord_env, database_path, guild, before)
    assert (panel_looks(simcord_env, shown), panel_looks(simcord_env, more)) == looks
    assert_valid_discord_payloads(simcord_env)


async def test_forged_values_are_refused(simcord_env: Env, database_path: Path) -> None:
    guild, channel, moderator = setup_server(simcord_env)
    shown = await open_panel(moderator, channel)
    shown = await choose(moderator, shown, "wzset:variants", ["canadian"])
    before = ServerSettings(variants=frozenset({"canadian"}))

    more = await click(moderator, await open_panel(moderator, channel), "More settings ▶")
    forged_values = [
        (shown, "wzset:edition", ["german"]),
        (shown, "wzset:edition", ["classic", "camelot"]),
        (shown, "wzset:edition", []),
        (shown, "wzset:preset", ["nope"]),
        (shown, "wzset:variants", ["jester-bid"]),
        (shown, "wzset:variants", ["canadian", "canadian"]),
        (shown, "wzset:nannie", ["4"]),
        (more, "wzset:timer", ["45"]),
        (more, "wzset:timer", ["-1"]),
        (more, "wzset:timer", ["120.0"]),
        (more, "wzset:lobby", ["0"]),
        (more, "wzset:lobby", ["99999"]),
        (more, "wzset:lobby", ["bot default"]),
    ]
    for message, cid, values in forged_values:
        refused = await forge_select(simcord_env, moderator, message, cid, values)
        assert_refused(refused, "isn't offered", "nothing was changed")
    # Eliminating every 3rd round without Nannie's Rule: the select is disabled, a forged choice refused.
    refused = await forge_select(simcord_env, moderator, shown, "wzset:nannie", ["3"])
    assert_refused(refused, "Nannie's Rule", "nothing was changed")
    await assert_saved(simcord_env, database_path, guild, before)
    assert_valid_discord_payloads(simcord_env)


async def test_an_unexpected_error_is_apologised_for_with_an_error_id(
    simcord_env: Env, database_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    guild, channel, moderator = setup_server(simcord_env)
    shown = await choose(moderator, await open_panel(moderator, channel), "wzset:edition", ["camelot"])
    more = await click(moderator, await open_panel(moderator, channel), "More settings ▶")
    before = ServerSettings(edition="camelot")
    looks = panel_looks(simcord_env, shown), panel_looks(simcord_env, more)

    async def broken_set(guild_id: int, settings: ServerSettings) -> None:
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(store(simcord_env), "set", broken_set)
    with caplog.at_level(logging.ERROR, logger="cogs.utils.replies"):
        attempts = [
            await moderator.select(shown, ["quick"], custom_id="wzset:variants"),
            await moderator.click(more, label="Pictures off"),
            await moderator.click(more, label="Reset to defaults"),
        ]
    references = []
    for attempt in attempts:
        text = assert_refused(attempt, "Something went wrong on my side", "Error id")
        match = re.search(r"Error id: `([0-9a-f]{6})`", text)
        assert match is not None, text
        references.append(match[1])
    assert len(set(references)) == len(attempts)
    for reference in references:
        [record] = [r for r in caplog.records if f"[error id {reference}]" in r.getMessage()]
        assert "a settings interaction" in record.getMessage()
        assert record.exc_info is not None and isinstance(record.exc_info[1], RuntimeError)
    assert "RuntimeError: the disk is full" in caplog.text
    # Nothing was saved, and the panels still show what was.
    monkeypatch.undo()
    await assert_saved(simcord_env, database_path, guild, before)
    assert (panel_looks(simcord_env, shown), panel_looks(simcord_env, more)) == looks
    assert_valid_discord_payloads(simcord_env)


async def test_help_lists_the_new_commands(simcord_env: Env) -> None:
    _, channel, moderator = setup_server(simcord_env)
    shown = await moderator.slash(channel, "wizard help")
    assert shown.response is not None
    text = message_text(shown.response)
    assert "`/wizard settings`: Choose this server's default rules" in text
    assert "`/wizard rules`: Show the rules of an edition or of a variant" in text
    assert_valid_discord_payloads(simcord_env)


# -- languages ---------------------------------------------------------------------------------------------


def panel_words(message: ResponseMessage) -> str:
    """Everything a reader reads on a panel: its embed and its controls' labels, options and placeholders."""
    words = [message_text(message)]
    for component in walk_components(message.components):
        words += [component.get("label") or "", component.get("placeholder") or ""]
        for option in component.get("options") or []:
            words += [option["label"], option.get("description") or ""]
    return "\n".join(words)


def english_settings_texts() -> list[str]:
    """The English panel texts that must not show in German (those German says otherwise)."""
    return [ENGLISH(key) for key in PLAIN_SETTINGS_KEYS if ENGLISH(key) != texts("de")(key)]


async def test_the_server_language_is_a_setting(
    simcord_env: Env, database_path: Path, make_bot: MakeBot
) -> None:
    guild = simcord_env.create_guild(preferred_locale="de")
    channel = guild.create_text_channel("wizard")
    moderator = admin_of(simcord_env, guild)
    shown = await open_panel(moderator, channel)
    # The panel follows the reader's client (en-US); the server's language follows Discord's by default.
    assert fields(shown)["Language"] == "Automatic (Deutsch)"
    more = await click(moderator, shown, "More settings ▶")
    assert defaults_of(more, "wzset:language") == ["auto"]

    more = await choose(moderator, more, "wzset:language", ["en"])
    await assert_saved(simcord_env, database_path, guild, ServerSettings(language="en"))
    assert fields(more)["Language"] == "English" and defaults_of(more, "wzset:language") == ["en"]
    # New tables speak the server's language.
    await moderator.slash(channel, "wizard new")
    session = cast("WizardBot", simcord_env.bot).service(OpenTables).in_channel(channel.id)
    assert session is not None and session.table.lang == "en"

    more = await choose(moderator, more, "wzset:language", ["de"])
    await simcord_env.restart_bot(make_bot())
    await assert_saved(simcord_env, database_path, guild, ServerSettings(language="de"))
    more = await choose(moderator, more, "wzset:language", ["auto"])
    await assert_saved(simcord_env, database_path, guild, ServerSettings())
    assert fields(more)["Language"] == "Automatic (Deutsch)"
    # Reset to defaults forgets the language too.
    more = await choose(moderator, more, "wzset:language", ["en"])
    await click(moderator, more, "Reset to defaults")
    await assert_saved(simcord_env, database_path, guild, ServerSettings())
    for forged in (["fr"], ["en", "de"], ["automatic"]):
        refused = await forge_select(simcord_env, moderator, more, "wzset:language", forged)
        assert_refused(refused, "isn't offered", "nothing was changed")
    assert_valid_discord_payloads(simcord_env)


async def test_the_panel_speaks_its_readers_language(
    simcord_env: Env, database_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild, channel, moderator = setup_server(simcord_env)
    use_client_locales(monkeypatch, {moderator.id: "de"})
    shown = (await moderator.slash(channel, "wizard settings")).response
    assert shown is not None and shown.ephemeral
    assert fields(shown) == {
        "Edition": "Klassisch",
        "Vorlage": "Klassisch (US-Regeln)",
        "Varianten": "Keine",
        "Zugzeit": "2 Minuten (Standard)",
        "Lobby-Zeitlimit": "Vorgabe des Bots (30 Minuten)",
        "Bilder": "Vorgabe des Bots (an)",
        "Sprache": "Automatisch (English)",
        "Trainer": "Aus",
    }
    more = (await moderator.click(shown, label="Weitere Einstellungen ▶")).response
    assert more is not None
    assert [o["label"] for o in selects(more)["wzset:timer"]["options"]][:3] == [
        "Zugzeit: Aus",
        "Zugzeit: 30 Sekunden",
        "Zugzeit: 1 Minute",
    ]
    more = (await moderator.select(more, ["15"], custom_id="wzset:lobby")).response
    assert more is not None and fields(more)["Lobby-Zeitlimit"] == "15 Minuten"
    await assert_saved(simcord_env, database_path, guild, ServerSettings(lobby_timeout_minutes=15))
    # (Clicking through to page 2 turned the first panel into page 2: a new one for page 1.)
    again = (await moderator.slash(channel, "wizard settings")).response
    assert again is not None
    nannie = (await moderator.select(again, ["nannie"], custom_id="wzset:variants")).response
    assert nannie is not None and fields(nannie)["Varianten"].endswith("(jede 2. Runde scheidet jemand aus)")
    for page in (shown, more, nannie):
        words = panel_words(page)
        for english in english_settings_texts():
            assert english not in words, english
    assert_valid_discord_payloads(simcord_env)


async def test_a_reader_whose_language_the_bot_does_not_speak_reads_the_servers(
    simcord_env: Env, database_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = simcord_env.create_guild(preferred_locale="de")
    channel = guild.create_text_channel("wizard")
    moderator = admin_of(simcord_env, guild)
    use_client_locales(monkeypatch, {moderator.id: "fr"})
    shown = (await moderator.slash(channel, "wizard settings")).response
    assert shown is not None and fields(shown)["Sprache"] == "Automatisch (Deutsch)"
    more = (await moderator.click(shown, label="Weitere Einstellungen ▶")).response
    assert more is not None
    # The server now speaks English, and so does the panel for this reader.
    more = (await moderator.select(more, ["en"], custom_id="wzset:language")).response
    assert more is not None and fields(more)["Language"] == "English"
    await assert_saved(simcord_env, database_path, guild, ServerSettings(language="en"))


async def test_refusals_and_apologies_speak_the_readers_language(
    simcord_env: Env,
    database_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    guild, channel, moderator = setup_server(simcord_env)
    member = guild.add_member(simcord_env.create_user("member"))
    use_client_locales(monkeypatch, {moderator.id: "de", member.id: "de-AT"})
    refused = await member.slash(channel, "wizard settings")
    assert_refused(refused, "Berechtigung „Server verwalten“", "Es wurde nichts geändert.")

    shown = (await moderator.slash(channel, "wizard settings")).response
    assert shown is not None
    assert_refused(
        await forge_select(simcord_env, moderator, shown, "wzset:edition", ["german"]),
        "Diese Auswahl gibt es nicht. Es wurde nichts geändert.",
    )
    assert_refused(
        await forge_click(simcord_env, moderator, carrier(simcord_env, shown), "wzset:colour"),
        "Dieser Knopf ist ungültig.",
    )
    assert_refused(
        await forge_select(simcord_env, moderator, shown, "wzset:images:off", ["off"]),
        "Dieses Menü ist ungültig.",
    )
    shown = (await moderator.select(shown, ["third-time"], custom_id="wzset:variants")).response
    assert shown is not None
    refused = await moderator.select(shown, ["canadian", "hidden-bid"], custom_id="wzset:variants")
    assert_refused(refused, "Diese Kombination ist nicht erlaubt", "Es wurde nichts geändert.")

    async def broken_set(guild_id: int, settings: ServerSettings) -> None:
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(store(simcord_env), "set", broken_set)
    with caplog.at_level(logging.ERROR, logger="cogs.utils.replies"):
        failed = await moderator.select(shown, ["quick"], custom_id="wzset:variants")
    text = assert_refused(failed, "Bei mir ist etwas schiefgelaufen.")
    assert re.search(r"\(Fehlernummer: `[0-9a-f]{6}`\)$", text), text
    await assert_saved(simcord_env, database_path, guild, ServerSettings(variants=frozenset({"third-time"})))
    assert_valid_discord_payloads(simcord_env)
