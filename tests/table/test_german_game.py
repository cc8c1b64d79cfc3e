"""A whole game in a German server: the lobby, the table and the final standings speak German, each
member's hand, nudges, reminders and private answers follow their own Discord client (German or the
default English one), and no English sentence of the table's catalogs is left in German text.

Every text the bot sends is read from SimCord's log of its requests (``sent_texts``), so messages edited
since, deleted (a nudge) or seen by one member only (an ephemeral reply) are scanned too, pictures' alt
text included.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from bot_helpers import (
    Sent,
    TestTable,
    act_code,
    act_ids,
    assert_refused,
    assert_refused_in_place,
    buttons,
    clickable,
    custom_ids,
    in_round,
    lobby_id,
    make_players,
    manager,
    message_text,
    patch_client_locales,
    sent_texts,
    table_parts,
)
from fluent.syntax import ast as fluent
from fluent.syntax import parse
from simcord import Env, MemberActor

from cogs.server_settings.store import ServerSettings
from cogs.table.components import custom_id
from cogs.utils.i18n import Lang, catalog_files
from wizard_core import Game, Phase

if TYPE_CHECKING:
    from conftest import MakeBot

# Computers move between the members' clicks; under load that may take longer than SimCord's default.
pytestmark = pytest.mark.simcord(settle_timeout=20, check_errors=True)

SAME_MARK = "same in both"
# English words that must never be read in German text, whatever the catalogs hold: the game's own and
# the commonest words of any English sentence (untranslated text that is in no catalog is caught too).
NEVER_IN_GERMAN = re.compile(
    r"\b(tricks?|bids?|your turn|round|the|your|you|is|are|and|with|of|to|has|not)\b", re.IGNORECASE
)
# The turn clock's events are far apart, and far from a click: SimCord's clock follows the real one when
# nothing else moves it, and a click that settles within its timeout of a timer waits for it in real time.
NUDGE_SECONDS = 45
TURN_SECONDS = 300  # the server's turn timer: the reminder comes at half time


def _pieces(pattern: fluent.Pattern) -> Iterator[str]:
    """A pattern's text split at its placeholders; the text of each variant of a selector on its own."""
    piece = ""
    for element in pattern.elements:
        if isinstance(element, fluent.TextElement):
            piece += element.value
            continue
        yield piece
        piece = ""
        expression = element.expression
        if isinstance(expression, fluent.SelectExpression):
            for variant in expression.variants:
                yield from _pieces(variant.value)
    yield piece


def sentences(lang: Lang) -> set[str]:
    """The texts of every catalog in ``lang`` with three words or more (marks and emoji are no words),
    placeholders removed (the text split at them), except the messages that are the same in both
    languages on purpose."""
    found = set()
    for path in catalog_files(lang):
        resource = parse(path.read_text(encoding="utf-8"))
        for entry in resource.body:
            if not isinstance(entry, fluent.Message) or entry.value is None:
                continue
            if entry.comment is not None and SAME_MARK in (entry.comment.content or ""):
                continue
            for piece in _pieces(entry.value):
                for line in piece.splitlines():
                    if len([word for word in line.split() if any(c.isalpha() for c in word)]) >= 3:
                        found.add(line.strip())
    return found


ENGLISH_SENTENCES = sentences("en")
GERMAN_SENTENCES = sentences("de")


def english_in(text: str) -> list[str]:
    """The English left in a German text: catalog sentences, and words German text never holds."""
    left = [sentence for sentence in ENGLISH_SENTENCES if sentence in text]
    return left + NEVER_IN_GERMAN.findall(text)


def german_in(text: str) -> list[str]:
    return [sentence for sentence in GERMAN_SENTENCES if sentence in text]


def test_the_scan_knows_the_catalogs() -> None:
    """The scan finds what it looks for: the English of a hand message, the German of a lobby."""
    assert "marks a trump card" in ENGLISH_SENTENCES
    assert english_in("**Your turn:** play a card (any card)")
    assert english_in("3 Stiche") == [] and english_in("Runde 2/10 · je 2 Karten") == []
    assert german_in("Du bist dran: Spiel eine Karte") == []
    assert german_in("Die Karten der anderen")


@pytest.fixture
def simcord_bot(make_bot: MakeBot) -> object:
    return make_bot(nudge_seconds=NUDGE_SECONDS)


@pytest.fixture
def client_locales(monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    return patch_client_locales(monkeypatch)


async def german_lobby(env: Env, locales: dict[int, str], edition: str, variants: list[str]) -> TestTable:
    """A lobby in a German server, opened by Anna (German client) with house rules chosen in its menu;
    Ben (German client) and Cleo (the default client, English) join, and three computers."""
    guild = env.create_guild(preferred_locale="de")
    await table_parts(env).server_settings.set(guild.id, ServerSettings(turn_timer_seconds=TURN_SECONDS))
    channel = guild.create_text_channel("wizard")
    anna, ben, cleo = make_players(env, guild, 3, "spieler")
    locales.update({anna.id: "de", ben.id: "de"})
    opened = await anna.slash(channel, "wizard new", edition=edition)
    assert opened.response is not None and not opened.ephemeral
    session = manager(env).in_channel(channel.id)
    assert session is not None and session.table.lang == "de"
    table = TestTable(env, guild, channel, [anna, ben, cleo], session.table.id, opened.response.id, edition)
    for player in (ben, cleo):
        joined = await player.click(table.table_message, custom_id=lobby_id(table, "join"))
        assert not joined.ephemeral
    # Only the host starts: each is told so in their own language.
    assert_refused(
        await ben.click(table.table_message, custom_id=lobby_id(table, "start")), "Nur der Gastgeber"
    )
    assert_refused(await cleo.click(table.table_message, custom_id=lobby_id(table, "start")), "Only the host")
    for level in ("easy", "medium", "hard"):
        await anna.click(table.table_message, custom_id=lobby_id(table, f"add-{level}"))
    if variants:
        chosen = await anna.select(table.table_message, variants, custom_id=lobby_id(table, "variants"))
        assert not chosen.ephemeral
    lobby = message_text(table.table_message)
    assert "ein neuer Tisch" in lobby and "🤖 Ada (Leicht)" in lobby and "noch niemand" not in lobby
    labels = {button.get("label") for button in buttons(table.table_message)}
    assert {"Mitspielen", "Aufstehen", "Starten", "Abbrechen", "+ Computer (Schwer)"} <= labels
    started = await anna.click(table.table_message, custom_id=lobby_id(table, "start"))
    assert not started.ephemeral and table.running()
    return table


def member_turn(seat: int) -> Callable[[Game], bool]:
    """A stop condition: the member in ``seat`` is to play a card (the only one to act: while bids are
    made at once, everyone's time would run out together)."""
    return lambda game: game.phase is Phase.PLAY and game.current_player == seat


async def run_out_of_time(env: Env, table: TestTable, seat: int) -> None:
    """The member in ``seat`` lets their turn run out: a nudge, the half-time reminder, then a computer
    plays the turn."""
    await env.advance_time(NUDGE_SECONDS + 1)
    await env.advance_time(TURN_SECONDS / 2 - NUDGE_SECONDS)
    await env.advance_time(TURN_SECONDS / 2 + 1)


async def take_seat_back(table: TestTable, player: MemberActor) -> None:
    """The member presses Take my seat back in the DM that offers it."""
    back = custom_id("seat", table.table_id, 0, "back")
    message = next(m for m in reversed(table.dm_messages(player)) if back in custom_ids(m))
    result = await player.user.click(clickable(table.env, message), custom_id=back)
    assert result.ephemeral and result.response is not None
    assert "Willkommen zurück" in result.response.content


def via(table: TestTable, seat: int) -> str:
    """Anna plays from her hand messages, Ben through Show my hand now and then, Cleo with /wizard hand
    now and then."""
    version = table.game.version
    return {
        0: "auto",
        1: "button" if version % 3 == 0 else "auto",
        2: "slash" if version % 4 == 0 else "auto",
    }[seat]


async def member_move(table: TestTable, rng: random.Random) -> None:
    """A member to act makes a random legal move: from their hand message of the round, or through
    Show my hand or /wizard hand (``via``)."""
    game, bot_table = table.game, table.bot_table
    assert bot_table is not None
    seat = next(s for s in game.to_act if not bot_table.seats[s].played_by_computer)
    player = table.players[seat]
    code = rng.choice(game.legal_actions(seat))
    how = via(table, seat)
    message = table.dm_controls(player) if how == "auto" else None
    if message is not None and code in map(act_code, act_ids(message)):
        button = next(cid for cid in act_ids(message) if act_code(cid) == code)
        result = await player.user.click(clickable(table.env, message), custom_id=button)
    else:
        shown = await table.show_hand(player, slash=how == "slash")
        assert shown.response is not None
        button = next(cid for cid in act_ids(shown.response) if act_code(cid) == code)
        result = await player.click(shown.response, custom_id=button)
    assert not result.ephemeral, result.response.content if result.response else result


async def play(table: TestTable, rng: random.Random, until: Callable[[Game], bool] | None = None) -> None:
    """The members play at random until ``until`` holds or the game is over (the computers move between
    their clicks)."""
    while table.running() and not (until is not None and until(table.game)):
        await member_move(table, rng)


async def play_with_a_slow_member(table: TestTable, rng: random.Random) -> None:
    """Play the game out; in round 2 Ben lets two turns run out (a computer then plays his seat until he
    takes it back) and Cleo one nudge come."""
    env = table.env
    await play(table, rng, until=in_round(2, Phase.PLAY))
    await play(table, rng, until=member_turn(1))
    # Anna plays a card of her hand message on Ben's turn: the rules say no, in German.
    anna = table.players[0]
    controls = table.latest_controls(anna)
    assert controls is not None
    card = await anna.user.click(clickable(env, controls), custom_id=act_ids(controls)[0])
    assert_refused_in_place(card, controls.id, "Gerade ist")
    await run_out_of_time(env, table, 1)
    await play(table, rng, until=member_turn(1))
    await run_out_of_time(env, table, 1)
    bot_table = table.bot_table
    assert bot_table is not None and bot_table.seats[1].auto
    assert "(🤖 weg)" in message_text(table.table_message)
    await take_seat_back(table, table.players[1])
    await play(table, rng, until=member_turn(2))
    # Cleo has looked away from the table: her turn gets its nudge. When the clock nudges is the clock
    # tests' business (whoever moved or got a hand a moment ago is not nudged, and on a busy host the
    # turn may be half over by then); here only its language matters, so the session nudges her now.
    session = table.session
    assert session is not None and 2 in bot_table.turns
    async with session.lock:
        bot_table.turns[2].nudged = True  # the clock does not nudge her a second time
        await session.nudge(2)
    await env.settle()
    await play(table, rng)
    assert not table.running()


def check_languages(sent: list[Sent], german: set[int | None], english: set[int]) -> None:
    """No English in what the channel and the German clients read; no German in the English client's."""
    for item in sent:
        if item.reader in german:
            assert not english_in(item.text), (item.request, english_in(item.text), item.text)
        else:
            assert item.reader in english, item
            assert not german_in(item.text), (item.request, german_in(item.text), item.text)


@pytest.mark.parametrize(
    ("edition", "variants"),
    [("camelot", []), ("classic", ["hidden-bid", "saboteur", "third-time", "gizzard-fester"])],
    ids=["camelot", "classic-house-rules"],
)
async def test_a_whole_german_game(
    simcord_env: Env, database_path: Path, client_locales: dict[int, str], edition: str, variants: list[str]
) -> None:
    table = await german_lobby(simcord_env, client_locales, edition, variants)
    anna, ben, cleo = table.players
    # Anna asks to leave the game, and thinks better of it.
    asked = await anna.slash(table.channel, "wizard leave")
    assert asked.response is not None and "Aus dem Spiel aussteigen?" in asked.response.content
    kept = await anna.click(asked.response, custom_id=custom_id("leave", table.table_id, 0, "no"))
    assert kept.response is not None and "geht weiter" in kept.response.content
    await play_with_a_slow_member(table, random.Random(15))
    final = table.channel_messages()[-1]
    standings = message_text(final)
    assert "Spiel vorbei" in standings and "Gesamtstand nach jeder Runde" in standings
    again = custom_id("again", table.table_id, 0, "go")
    opened = await anna.click(clickable(simcord_env, final), custom_id=again)
    assert opened.response is not None and "ein neuer Tisch" in message_text(opened.response)
    sent = sent_texts(simcord_env)
    readers = {item.reader for item in sent}
    assert {None, anna.id, ben.id, cleo.id} <= readers
    channel = "\n".join(item.text for item in sent if item.reader is None)
    # The scan reads the pictures' alt text and the controls' labels too.
    assert (
        "Der Tisch: " in channel and "Hausregeln (Gastgeber)…" in channel and "Meine Karten zeigen" in channel
    )
    if variants:
        assert "**Hausregeln:** " in channel and "🙈 **Blinde Runde:**" in channel and "Saboteur" in channel
    check_languages(sent, {None, anna.id, ben.id}, {cleo.id})
    # What the English client read is English: her hand, her nudge.
    cleos = "\n".join(item.text for item in sent if item.reader == cleo.id)
    assert "Your cards for this round" in cleos
    assert "🔔 Your turn at the Wizard table" in cleos or "⏰ It's still your turn" in cleos
    bens = "\n".join(item.text for item in sent if item.reader == ben.id)
    assert "🔔 Du bist dran" in bens and "⏰ Du bist immer noch dran" in bens
    assert "zweimal hintereinander abgelaufen" in bens
