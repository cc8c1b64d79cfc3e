"""The leaderboard in German through SimCord: boards, stats, history with a score sheet, forget-me and
/wizard-admin, read by members whose Discord client is German.

SimCord sends every interaction with the locale `en-US`; `client_locales` patches the payload of the
members it names. Every reply is scanned for the English catalog's phrases of three words or more, so a
text left in English fails; plurals and numbers are checked where German writes them differently.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

import babel.numbers
import discord
import pytest
from bot_helpers import (
    SELECT,
    assert_refused,
    buttons,
    make_players,
    manager,
    message_text,
    patch_client_locales,
)
from code_blocks import assert_code_blocks_fit, read_sheet
from fluent.syntax import ast as fluent
from fluent.syntax import parse
from fluent.syntax.visitor import Visitor
from leaderboard_oracle import DAY, fill, monday_of, recompute, store_game
from simcord import Env, GuildHandle, InteractionResult, MemberActor, ResponseMessage
from simcord.components import walk_components

from bot import WizardBot
from cogs.leaderboard.confirm import ForgetMe, OpenQuestions, Question
from cogs.server_settings.store import ServerSettings, ServerSettingsStore
from cogs.utils.i18n import LOCALES_DIR, texts

pytestmark = pytest.mark.simcord(check_errors=True)


# -- the scan --------------------------------------------------------------------------------------------


class Texts(Visitor):
    """The literal text of a message, every variant included."""

    def __init__(self) -> None:
        super().__init__()
        self.pieces: list[str] = []

    def visit_TextElement(self, node: fluent.TextElement) -> None:
        self.pieces.append(node.value)


def english_phrases() -> set[str]:
    """Each piece of literal text of the English leaderboard catalog that has three words or more."""
    resource = parse((LOCALES_DIR / "en" / "leaderboard.ftl").read_text(encoding="utf-8"))
    visitor = Texts()
    for entry in resource.body:
        if isinstance(entry, fluent.Message):
            visitor.visit(entry)
    lines = (line.strip() for piece in visitor.pieces for line in piece.splitlines())
    return {line for line in lines if len(line.split()) >= 3}


ENGLISH_PHRASES = english_phrases()


def readable(message: ResponseMessage) -> str:
    """Everything a member reads in a message: its text and embeds, and its buttons' and menus' words."""
    parts = [message_text(message)]
    for component in walk_components(message.components):
        parts.append(component.get("label") or "")
        parts.append(component.get("placeholder") or "")
        for option in component.get("options") or []:
            parts.extend([option.get("label") or "", option.get("description") or ""])
    return "\n".join(parts)


def reply(result: InteractionResult) -> ResponseMessage:
    """The private reply of an interaction, checked for English left in it."""
    message = result.response if result.response is not None else result.followups[0]
    assert message is not None and message.ephemeral
    assert_german(readable(message))
    return message


def assert_german(text: str) -> None:
    left = sorted(phrase for phrase in ENGLISH_PHRASES if phrase in text)
    assert not left, f"English left in a German reply: {left}\n{text}"


def test_the_scan_knows_the_english_phrases() -> None:
    assert "No finished games in this server for this period yet." in ENGLISH_PHRASES
    assert "records were erased." in " ".join(ENGLISH_PHRASES)
    with pytest.raises(AssertionError):
        assert_german("Seite 1 · newest first · pick a game below for its score sheet")


# -- German clients --------------------------------------------------------------------------------------


@pytest.fixture
def client_locales(monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """Members' Discord client languages by user id; the others keep SimCord's `en-US`."""
    return patch_client_locales(monkeypatch)


def german_server(env: Env, locales: dict[int, str], members: int) -> tuple[GuildHandle, list[MemberActor]]:
    """A server whose Discord language is German, with members whose clients are German too."""
    guild = env.create_guild(preferred_locale="de")
    players = make_players(env, guild, members)
    locales.update({p.id: "de" for p in players})
    return guild, players


def embed_of(message: ResponseMessage) -> discord.Embed:
    [embed] = message.embeds
    return embed


def field(message: ResponseMessage, name: str) -> str:
    return next(str(f.value) for f in embed_of(message).fields if f.name == name)


def labels(message: ResponseMessage) -> dict[str, bool]:
    return {b["label"]: not b.get("disabled") for b in buttons(message)}


def now(env: Env) -> float:
    return env.now().timestamp()


def german_decimal(value: float) -> str:
    return babel.numbers.format_decimal(round(value, 1), format="#,##0.0", locale="de")


def german_percent(rate: float) -> str:
    return babel.numbers.format_percent(round(rate, 2), locale="de")


def board_line(message: ResponseMessage, user: MemberActor) -> str:
    return next(line for line in (embed_of(message).description or "").splitlines() if user.mention in line)


def own_line(message: ResponseMessage, user: MemberActor) -> str:
    """A member's line on a board page: in the "Du" field, or marked on the page."""
    you = [str(f.value) for f in embed_of(message).fields if f.name == "Du"]
    return you[0] if you else board_line(message, user).removesuffix(" ◀ du")


# -- the tests -------------------------------------------------------------------------------------------


async def test_leaderboard_pages_and_stats_in_german(
    simcord_env: Env, database_path: Path, client_locales: dict[int, str]
) -> None:
    guild, members = german_server(simcord_env, client_locales, 12)
    channel = guild.create_text_channel("wizard")
    store = manager(simcord_env).store
    await fill(store, guild.id, [m.id for m in members[:11]], 14, seed=21, start=now(simcord_env) - DAY)
    # The twelfth member finished one game: "1 Spiel".
    once = members[11]
    await store_game(
        store, guild.id, [once.id, members[0].id, members[1].id], seed=22, finished_at=now(simcord_env) - 60
    )
    figures = recompute(database_path, guild.id)

    shown = await once.slash(channel, "wizard leaderboard", sort="wins")
    board = reply(shown)
    assert embed_of(board).title == "Wizard-Bestenliste · Siege · Gesamt"
    assert labels(board) == {"◀ Zurück": False, "Weiter ▶": True, "Mein Platz": True}
    footer = str(embed_of(board).footer.text)
    assert "Seite 1/2 · 12 Spieler" in footer and "vorläufige Wertung" in footer
    assert own_line(board, once).endswith(" · 1 Spiel")
    first = re.search(r"<@(\d+)>", embed_of(board).description or "")
    assert first is not None
    many = next(m for m in members if m.id == int(first[1]))
    line = board_line(board, many)
    assert line.endswith(f" · {figures[many.id].games} Spiele")
    wins = figures[many.id].wins
    assert (f" · **{wins} Sieg** · " if wins == 1 else f" · **{wins} Siege** · ") in line
    assert f" · {german_percent(wins / figures[many.id].games)} gewonnen · " in line
    following = reply(await once.click(board, label="Weiter ▶"))
    assert "Seite 2/2" in str(embed_of(following).footer.text)
    reply(await once.click(following, label="◀ Zurück"))
    placed = reply(await once.click(board, label="Mein Platz"))
    assert board_line(placed, once).endswith(" · 1 Spiel ◀ du")

    # A rate sort over this week, which starts on a Monday written the German way.
    weekly = reply(await members[0].slash(channel, "wizard leaderboard", sort="average", period="week"))
    monday = datetime.fromtimestamp(monday_of(now(simcord_env)), UTC).strftime("%d.%m.%Y")
    assert f"Diese Woche (seit Montag, {monday}, UTC)" in (embed_of(weekly).description or "")
    assert "hinter den anderen" in str(embed_of(weekly).footer.text)

    # The stats card: names, plurals and numbers as German writes them.
    totals = figures[many.id].totals()
    card = reply(await members[0].slash(channel, "wizard stats", member=many))
    assert str(embed_of(card).title).startswith("Wizard-Statistik · ")
    assert field(card, "Spiele") == str(totals.games)
    assert field(card, "Punkteschnitt") == german_decimal(totals.average)
    assert re.fullmatch(r"-?[\d.]+,\d", field(card, "Punkteschnitt"))
    assert field(card, "Siegquote") == german_percent(totals.win_rate)
    assert field(card, "Siegquote").endswith("\u00a0%")
    accuracy = f"{german_percent(totals.accuracy)} ({totals.exact_bids} von {totals.rounds} Runden genau)"
    assert field(card, "Treffsicherheit der Vorhersagen") == accuracy
    assert " nach Wertung" in field(card, "Wertung")
    hands = field(card, "Treffsicherheit nach Kartenzahl")
    assert " 1 Karte " in hands and re.search(r"\d Karten ", hands)

    # Refusals are German too.
    newcomer = guild.add_member(simcord_env.create_user("newcomer"))
    client_locales[newcomer.id] = "de"
    refused = await members[0].slash(channel, "wizard stats", member=newcomer)
    assert_german(assert_refused(refused, "hat auf diesem Server noch keine beendeten Wizard-Spiele"))
    refused = await newcomer.slash(channel, "wizard stats")
    assert_german(assert_refused(refused, "Du hast auf diesem Server noch keine"))
    empty = reply(
        await newcomer.slash(guild.create_text_channel("leer"), "wizard leaderboard", period="week")
    )
    assert field(empty, "Du") == "Du hast in diesem Zeitraum keine beendeten Spiele."


async def test_history_and_a_score_sheet_in_german(
    simcord_env: Env, database_path: Path, client_locales: dict[int, str]
) -> None:
    guild, members = german_server(simcord_env, client_locales, 4)
    channel = guild.create_text_channel("wizard")
    store = manager(simcord_env).store
    me = members[0]
    # Twelve games of mine: two pages.
    await fill(store, guild.id, [m.id for m in members[:3]], 11, seed=23, start=now(simcord_env) - 2 * DAY)
    # The newest game has two computers, named as the table named them.
    await store_game(
        store,
        guild.id,
        [me.id, -1, members[1].id, -2],
        seed=24,
        finished_at=now(simcord_env) - 60,
        levels=[None, "easy", None, "hard"],
    )
    history = reply(await me.slash(channel, "wizard history"))
    assert embed_of(history).title == "Wizard-Spielverlauf"
    text = embed_of(history).description or ""
    assert text.startswith(f"Spiele von {me.mention} auf diesem Server:")
    assert re.search(r"· \*\*\d\. Platz\*\* mit -?\d+", text)
    assert "🤖 Ada (Leicht)" in text and "(Schwer)" in text and " · 4 Spieler" in text
    assert str(embed_of(history).footer.text).startswith("Seite 1 · neueste zuerst")
    assert labels(history) == {"◀ Neuere": False, "Ältere ▶": True}
    [menu] = [c for c in walk_components(history.components) if c["type"] == SELECT]
    assert menu["placeholder"] == "Spielblock eines Spiels zeigen"
    newest = menu["options"][0]
    assert re.fullmatch(
        r"\d\d\.\d\d\.\d{4}, \d\d:\d\d UTC · (Klassisch|Camelot) · \d Spieler", newest["label"]
    )
    assert re.fullmatch(r"\d\. Platz mit -?\d+", newest["description"])

    sheet = reply(await me.select(history, [newest["value"]]))
    assert str(embed_of(sheet).title).startswith("Spielblock · Klassisch · ")
    description = embed_of(sheet).description or ""
    assert re.search(rf"S1 {re.escape(me.mention)}: \*\*\d\. Platz\*\* mit -?\d+", description)
    assert "S2 🤖 Ada (Leicht): **" in description
    assert "Vorhersage/Stiche und der laufende Punktestand; - keine Vorhersage." in description
    assert assert_code_blocks_fit(sheet) >= 1
    marks, entries = read_sheet(description)
    assert "Jede Runde (# = ihre Nummer und Kartenzahl)" in description
    assert list(entries) == ["S1", "S2", "S3", "S4"] and marks == [[str(n)] for n in range(1, 16)]
    back = reply(await me.click(sheet, label="◀ Zurück zu den Spielen"))
    older = reply(await me.click(back, label="Ältere ▶"))
    assert labels(older)["◀ Neuere"]
    nobody = guild.add_member(simcord_env.create_user("nobody"))
    none = reply(await me.slash(channel, "wizard history", member=nobody))
    assert (
        embed_of(none).description == f"{nobody.mention} hat auf diesem Server noch keine beendeten Spiele."
    )


async def test_forget_me_and_the_admin_commands_in_german(
    simcord_env: Env, database_path: Path, client_locales: dict[int, str]
) -> None:
    guild, members = german_server(simcord_env, client_locales, 5)
    channel = guild.create_text_channel("wizard")
    store = manager(simcord_env).store
    await fill(store, guild.id, [m.id for m in members[:4]], 4, seed=25, start=now(simcord_env) - DAY)
    once = members[4]
    await store_game(
        store, guild.id, [once.id, members[0].id, members[1].id], seed=26, finished_at=now(simcord_env)
    )
    figures = recompute(database_path, guild.id)

    asked = reply(await members[2].slash(channel, "wizard forget-me"))
    assert "**diesem Server**" in asked.content and "nicht rückgängig" in asked.content
    assert labels(asked) == {"Meine Daten löschen": True, "Alles behalten": True}
    kept = reply(await members[2].click(asked, label="Alles behalten"))
    assert kept.content == "Es wurde nichts gelöscht." and not buttons(kept)
    asked = reply(await members[2].slash(channel, "wizard forget-me"))
    done = reply(await members[2].click(asked, label="Meine Daten löschen"))
    games = figures[members[2].id].games
    assert games > 1
    assert done.content == f"Erledigt: Deine Daten aus {games} Spielen auf diesem Server wurden gelöscht."
    asked = reply(await once.slash(channel, "wizard forget-me"))
    done = reply(await once.click(asked, label="Meine Daten löschen"))
    assert done.content == "Erledigt: Deine Daten aus 1 Spiel auf diesem Server wurden gelöscht."

    # /wizard-admin: a member the server let see it is refused in German by the bot's own check.
    command = simcord_env.backend.find_command("wizard-admin", None, type=1)
    assert command is not None
    guild.set_command_permissions(int(command["id"]), {members[3]: True})
    refused = await members[3].slash(channel, "wizard-admin reset-leaderboard")
    assert_german(assert_refused(refused, "Berechtigung „Server verwalten“"))
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    moderator = guild.add_member(simcord_env.create_user("moderator"), roles=[mods])
    client_locales[moderator.id] = "de"
    asked = reply(await moderator.slash(channel, "wizard-admin remove-member", member=members[1]))
    assert asked.content.startswith(
        f"Die Wizard-Daten von {members[1].mention} auf **diesem Server** löschen"
    )
    games = figures[members[1].id].games
    done = reply(await moderator.click(asked, label="Daten des Mitglieds löschen"))
    assert done.content == (
        f"Erledigt: Die Daten von {members[1].mention} aus {games} Spielen auf diesem Server wurden gelöscht."
    )
    asked = reply(await moderator.slash(channel, "wizard-admin reset-leaderboard"))
    assert "Bestenliste dieses Servers zurücksetzen?" in asked.content
    done = reply(await moderator.click(asked, label="Bestenliste zurücksetzen"))
    assert re.fullmatch(
        r"Erledigt: Die Bestenliste wurde zurückgesetzt; die Daten aus \d+ Spielen wurden gelöscht\.",
        done.content,
    )
    board = reply(await members[0].slash(channel, "wizard leaderboard"))
    assert "noch keine beendeten Spiele" in (embed_of(board).description or "")


def languages() -> Iterator[tuple[str | None, str | None, str, str]]:
    """(server's Discord language, server's choice in /wizard settings, client, expected title)."""
    english, german = "Wizard leaderboard", "Wizard-Bestenliste"
    yield "de", None, "en-US", english  # a reply to one member follows their client first
    yield None, None, "de", german
    yield "de", None, "fr", german  # a client language the bot does not speak: the server's
    yield "de", "en", "fr", english  # the server's choice wins over its Discord language
    yield None, "de", "ja", german


@pytest.mark.parametrize(("preferred", "chosen", "client", "title"), list(languages()))
async def test_a_private_reply_follows_the_readers_client_then_the_server(
    simcord_env: Env,
    client_locales: dict[int, str],
    preferred: str | None,
    chosen: str | None,
    client: str,
    title: str,
) -> None:
    guild = simcord_env.create_guild(preferred_locale=preferred)
    member = guild.add_member(simcord_env.create_user("reader"))
    client_locales[member.id] = client
    if chosen is not None:
        settings = cast(WizardBot, simcord_env.bot).service(ServerSettingsStore)
        await settings.set(guild.id, ServerSettings(language=chosen))
    shown = await member.slash(guild.create_text_channel("wizard"), "wizard leaderboard")
    assert shown.response is not None and str(embed_of(shown.response).title).startswith(title)


async def test_an_unanswered_question_closes_in_the_askers_language() -> None:
    edits: list[dict[str, Any]] = []

    class Asked:
        id = 99

        async def edit_original_response(self, **fields: Any) -> None:
            edits.append(fields)

    questions = OpenQuestions()
    buttons = ForgetMe.buttons(1, Asked.id, t=texts("de"))
    question = Question(cast(Any, Asked()), buttons, questions, t=texts("de"))
    questions.asked(question)
    assert [item.item.label for item in question.children if isinstance(item, ForgetMe)] == [
        "Meine Daten löschen",
        "Alles behalten",
    ]
    await question.on_timeout()
    assert edits == [{"content": "Keine Antwort: Es wurde nichts gelöscht.", "view": None}]
    assert Asked.id not in questions
