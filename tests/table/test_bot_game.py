"""Full games through Discord: lobby, private hands, bids and plays, the end of a game, two tables at once.

Players click the act buttons in their newest DM that carries controls (as `player.user.click(...)`,
since DMs are outside the guild). The bot's results are compared with the rules core's: the game is
captured just before the last click and the last action applied to a copy, and the stored action log is
replayed with `Game.replay`. The pictures are checked the same way: each message's picture must be the
one the image module draws for what that message's reader may see.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import discord
import pytest
from bot_helpers import (
    TestTable,
    act,
    act_code,
    act_ids,
    assert_finished_like_core,
    assert_no_hand_leaks,
    assert_refused,
    buttons,
    fast_forward,
    hand_messages,
    in_round,
    make_players,
    manager,
    message_text,
    open_lobby,
    open_table,
    play,
    random_policy,
    result_rows,
    step,
    stored,
    table_row,
)
from discord_payloads import assert_valid_discord_payloads
from simcord import Env, MemberActor
from simcord.backend.models import Message as StoredMessage

from cogs.table import pictures as images
from cogs.table import render
from cogs.table import session as session_module
from cogs.table.delivery import turn_deadline
from cogs.table.pictures import HandScene
from cogs.table.render import TRUMP_MARK
from cogs.utils.i18n import ENGLISH
from wizard_core import Card, Game, Phase, Rules, decode
from wizard_core.cards import MERLIN_FACE
from wizard_core.tricks import MERLIN_AS_JESTER, PLAY_CODES

if TYPE_CHECKING:
    from conftest import MakeBot

    from cogs.table.model import Table as BotTable

pytestmark = pytest.mark.simcord(check_errors=True)

TRUMP_CODES = range(96, 100)
MERLIN_CODES = (MERLIN_FACE, MERLIN_AS_JESTER)


def dm_hand(table: TestTable, player: MemberActor) -> Counter[str]:
    """The cards shown in the player's newest hand message ("Your cards" field)."""
    newest = hand_messages(table, player)[-1]
    [embed] = newest.embeds
    if "you have played all your cards" in (embed.get("description") or ""):
        return Counter()  # a hand played out is one short line
    [field] = [f for f in embed["fields"] if f["name"].startswith("Your cards")]
    if field["value"] == "(no cards)":
        return Counter()
    return Counter(card.removesuffix(TRUMP_MARK) for card in field["value"].split(" · "))


def check_privacy(table: TestTable) -> None:
    """Each player's newest DM shows exactly their hand, and nobody sees a card of another's hand."""
    game = table.game
    for seat, player in enumerate(table.players):
        assert dm_hand(table, player) == Counter(str(card) for card in game.hand(seat)), player.name
    assert assert_no_hand_leaks(table) > 0


def picture(table: TestTable, message: StoredMessage, filename: str) -> bytes:
    """The picture inside a message's first embed: the one file it carries, a PNG under 200 KB."""
    embed = message.embeds[0]
    assert (embed.get("image") or {}).get("url") == f"attachment://{filename}", embed.get("image")
    [attachment] = message.attachments
    assert attachment["filename"] == filename
    data = table.env.backend.cdn.get(attachment["url"])
    assert data is not None and data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) < 200 * 1024
    return data


def hand_in_text(message: StoredMessage) -> HandScene:
    """The hand a message's text and buttons show: its cards in order, trump (★) and the playable faces."""
    [embed] = message.embeds
    [field] = [f for f in embed["fields"] if f["name"].startswith("Your cards")]
    texts = [] if field["value"] == "(no cards)" else field["value"].split(" · ")
    cards = [Card.parse(text.removesuffix(TRUMP_MARK)) for text in texts]
    trumps = {card.suit for card, text in zip(cards, texts, strict=True) if text.endswith(TRUMP_MARK)}
    # Cards are raised on the player's turn to play only; then the enabled buttons are the playable cards.
    plays = [code for code in map(act_code, act_ids(message)) if code < PLAY_CODES]
    turn = embed["description"].startswith("**Your turn:** play")
    playable = frozenset(decode(code).card.face for code in plays) if plays and turn else None  # type: ignore[union-attr]
    return HandScene(tuple(card.face for card in cards), trumps.pop() if trumps else None, playable)


def check_pictures(table: TestTable) -> None:
    """The table message shows the public view's picture; each player's newest DM (which `check_privacy`
    holds to their current hand) shows the hand its own text lists, the playable cards its buttons offer.

    A DM is not redrawn when the game moves on without its reader (a dealer choosing trump after the
    deal), so its picture is held to its own text, not to the player's view of now.
    """
    game = table.game
    shown = picture(table, stored(table.env, table.channel.id, table.message_id), images.TABLE_FILENAME)
    assert shown == images.table_png(game.public_view())
    for player in table.players:
        newest = table.dm_messages(player)[-1]
        if "played all your cards" in (newest.embeds[0].get("description") or ""):
            # A hand played out is a short text without a picture.
            assert not newest.attachments and not newest.embeds[0].get("image"), player.name
            continue
        scene = hand_in_text(newest)
        drawn = images.draw_hand(scene)
        assert picture(table, newest, images.HAND_FILENAME) == drawn, player.name


def check_final_pictures(table: TestTable, final: Game) -> None:
    """After the last card: the table's last picture, and the chart of running totals in the final message."""
    shown = picture(table, stored(table.env, table.channel.id, table.message_id), images.TABLE_FILENAME)
    assert shown == images.table_png(final.public_view())
    [message] = [m for m in table.channel_messages() if "Game over" in (m.embeds or [{}])[0].get("title", "")]
    assert picture(table, message, images.CHART_FILENAME) == images.chart_png(final.result(), final.players)


def every(clicks: int) -> Callable[[TestTable], None]:
    def check(table: TestTable) -> None:
        game = table.game
        round_start = game.phase is Phase.BID and all(bid is None for bid in game.bids)
        if round_start or table.clicks % clicks == 0:
            check_privacy(table)
            check_pictures(table)

    return check


# -- full games ------------------------------------------------------------------------------------------


async def test_three_players_play_a_full_game(simcord_env: Env, database_path: Path) -> None:
    table = await open_table(simcord_env, 3)
    check_privacy(table)
    rng = random.Random(1)
    for number in (2, 7, 13, 20):
        await play(table, rng, until=in_round(number, Phase.PLAY, 1), each=every(10))
        # Everyone takes a private look, with their cards as buttons (on their turn, exactly the playable
        # ones enabled); nothing leaks to the others.
        for seat, player in enumerate(table.players):
            shown = await table.show_hand(player)
            assert shown.response is not None
            offered = {act_code(cid) for cid in act_ids(shown.response)}
            if seat == table.game.current_player:
                assert offered == set(table.game.legal_actions())
            else:
                assert offered == {card.face for card in table.game.hand(seat)} - {MERLIN_FACE}
            reply = stored(simcord_env, table.channel.id, shown.response.id)
            assert picture(table, reply, images.HAND_FILENAME) == images.hand_png(table.game.view(seat))
        check_privacy(table)
        check_pictures(table)
    final = await play(table, rng, each=every(10))
    assert final is not None and len(final.round_results) == 20
    assert_finished_like_core(table, database_path, final)
    check_final_pictures(table, final)
    assert manager(simcord_env).in_channel(table.channel.id) is None
    # The channel is free for the next game.
    assert not (await table.players[1].slash(table.channel, "wizard new")).ephemeral
    assert_valid_discord_payloads(simcord_env)


async def test_six_players_play_a_full_game(simcord_env: Env, database_path: Path) -> None:
    table = await open_table(simcord_env, 6)
    check_privacy(table)
    final = await play(table, random.Random(6), each=every(12))
    assert final is not None and len(final.round_results) == 10
    assert_finished_like_core(table, database_path, final)
    check_final_pictures(table, final)
    assert_valid_discord_payloads(simcord_env)


def camelot_seed() -> int:
    """A seed whose 3-player Camelot game, played with random.Random(seed), has the dealer choose trump
    (a special card turned up) and Merlin declared both as a Wizard and as a Jester, early on."""
    for seed in range(1, 5000):
        game = Game(3, Rules("camelot"), seed=seed)
        rng = random.Random(seed)
        seen: set[str] = set()
        while game.round_number <= 6 and not game.is_over:
            code = random_policy(game, rng)
            if code in TRUMP_CODES:
                seen.add("trump")
            if code == MERLIN_FACE:
                seen.add("merlin wizard")
            if code == MERLIN_AS_JESTER:
                seen.add("merlin jester")
            game.apply(code)
        if seen == {"trump", "merlin wizard", "merlin jester"}:
            return seed
    raise AssertionError("no seed found")


async def test_camelot_game_with_trump_choice_and_merlin(
    simcord_env: Env, database_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seed = camelot_seed()
    monkeypatch.setattr(session_module.secrets, "randbits", lambda bits: seed)
    table = await open_table(simcord_env, 3, "camelot")
    assert table.game.seed == seed and table.game.rules.edition == "camelot"
    events: list[str] = []

    def after_each(t: TestTable) -> None:
        last = t.game.log[-1]
        public = message_text(t.table_message)
        if isinstance(last, int) and last in TRUMP_CODES:
            events.append("trump")
            assert "chosen by the dealer" in public, public
        elif t.game.phase is Phase.CHOOSE_TRUMP and "choosing" not in events:
            events.append("choosing")
            assert "to choose the trump suit" in public, public
            choosing = t.dm_controls(t.players[t.game.dealer])
            assert choosing is not None
            labels = {b["label"] for b in buttons(choosing)}
            assert labels == {"♠ Spades", "♥ Hearts", "♦ Diamonds", "♣ Clubs"}
        elif last in MERLIN_CODES:
            role = "Wizard" if last == MERLIN_FACE else "Jester"
            events.append(f"merlin {role}")
            if t.game.current_trick().plays or t.game.completed_tricks():  # not the round's last card
                assert f"Merlin (as {role})" in public, public
        if t.game.phase is Phase.PLAY and MERLIN_FACE in t.game.legal_actions():
            message = t.dm_controls(t.players[t.game.current_player or 0])
            assert message is not None
            labels = {b["label"] for b in buttons(message)}
            assert {"Merlin as Wizard", "Merlin as Jester"} <= labels

    final = await play(table, random.Random(seed), each=after_each)
    assert {"choosing", "trump", "merlin Wizard", "merlin Jester"} <= set(events), events
    assert Phase.CHOOSE_TRUMP in table.seen_phases
    assert final is not None and final.is_over
    assert_finished_like_core(table, database_path, final)
    check_final_pictures(table, final)
    assert_valid_discord_payloads(simcord_env)


async def test_two_tables_in_two_channels_at_once(simcord_env: Env, database_path: Path) -> None:
    guild = simcord_env.create_guild()
    first = await open_table(simcord_env, 3, guild=guild, channel_name="first", prefix="ann")
    second = await open_table(simcord_env, 3, guild=guild, channel_name="second", prefix="bob")
    assert first.table_id != second.table_id
    rng = random.Random(2)
    tables = [first, second]

    async def interleave(stop: Callable[[Game], bool]) -> dict[int, Game]:
        finals: dict[int, Game] = {}
        while True:
            pending = [t for t in tables if t.table_id not in finals and not stop(t.game)]
            if not pending:
                return finals
            table = rng.choice(pending)
            final = await step(table, rng)
            if final is not None:
                finals[table.table_id] = final

    # The first two rounds click by click, alternating at random between the tables.
    await interleave(in_round(3))
    for table in tables:
        assert table.game.round_number == 3
        check_privacy(table)
    # Shortcut to the last three tricks of the last round, then on to the end, interleaved.
    for table in tables:
        await fast_forward(table, rng, in_round(20, Phase.PLAY, 0))
        await fast_forward(table, rng, lambda g: sum(g.public_view().hand_sizes) <= 9)
    finals = await interleave(lambda game: False)
    for table in tables:
        assert_finished_like_core(table, database_path, finals[table.table_id], dm_controls_cleared=False)
    # Nothing of one table reached the other's channel or players.
    for table, other in ((first, second), (second, first)):
        for message in table.channel_messages():
            assert f":{other.table_id}:" not in str(message.components)
        for player in table.players:
            for message in table.dm_messages(player):
                assert f":{other.table_id}:" not in str(message.components)
    assert_valid_discord_payloads(simcord_env)


async def test_pictures_switched_off_leave_the_text_alone(simcord_env: Env, make_bot: MakeBot) -> None:
    """WIZARD_IMAGES=0: no message carries a file or an embed image, and the text is as complete as ever."""
    await simcord_env.restart_bot(make_bot(images=False))
    table = await open_table(simcord_env, 3)
    rng = random.Random(8)
    await play(table, rng, until=in_round(2, Phase.PLAY, 1))
    check_privacy(table)
    await table.show_hand(table.players[0])
    await finish_quickly(table, rng)
    messages = table.channel_messages() + [m for p in table.players for m in table.dm_messages(p)]
    assert any("Game over" in message_text(m) for m in messages)
    for message in messages:
        assert not message.attachments
        assert not any("image" in embed for embed in message.embeds)
    assert_valid_discord_payloads(simcord_env)


async def finish_quickly(table: TestTable, rng: random.Random) -> None:
    """Shortcut to the last trick of the game, then play it through Discord."""
    await fast_forward(table, rng, in_round(table.game.rounds_total, Phase.PLAY, 0))
    await fast_forward(table, rng, lambda game: sum(game.public_view().hand_sizes) <= len(table.players))
    assert await play(table, rng) is not None


async def test_without_attach_files_the_channel_gets_the_text_alone(simcord_env: Env) -> None:
    """The invite does not ask for Attach Files: where the bot lacks it, its channel messages carry no
    picture (so none is refused), and the hands sent by DM keep theirs."""
    guild = simcord_env.create_guild()
    assert guild.me is not None
    channel = guild.create_text_channel(
        "wizard", overwrites={guild.me: discord.PermissionOverwrite(attach_files=False)}
    )
    table = await open_lobby(simcord_env, make_players(simcord_env, guild, 3), channel)
    await table.players[0].click(table.table_message, label="Start")
    rng = random.Random(10)
    await play(table, rng, until=in_round(2, Phase.PLAY, 1))
    await table.show_hand(table.players[0])
    for player in table.players:
        assert picture(table, table.dm_messages(player)[-1], images.HAND_FILENAME)
    await finish_quickly(table, rng)
    assert any("Game over" in message_text(m) for m in table.channel_messages())
    for message in table.channel_messages():
        assert not message.attachments
        assert not any("image" in embed for embed in message.embeds)
    assert_valid_discord_payloads(simcord_env)


async def test_a_refused_picture_leaves_the_text(simcord_env: Env) -> None:
    """Should Discord refuse a picture anyway (403), the message is sent again without it."""
    table = await open_table(simcord_env, 3)
    rng = random.Random(11)
    await act(table, rng=rng)
    path = f"/channels/{table.channel.id}/messages/{table.message_id}"
    simcord_env.inject_error("PATCH", path, status=403, code=50013, message="Missing Permissions")
    await act(table, rng=rng)
    message = stored(simcord_env, table.channel.id, table.message_id)
    assert not message.attachments and "image" not in message.embeds[0]
    bot_table = table.bot_table
    assert bot_table is not None
    expected = render.table_embed(table.game.public_view(), deadline=turn_deadline(bot_table), t=ENGLISH)
    assert message.embeds[0]["description"] == expected.description
    await act(table, rng=rng)  # the next change brings the picture back
    check_pictures(table)
    assert_valid_discord_payloads(simcord_env)


# -- the lobby -------------------------------------------------------------------------------------------


async def test_second_new_table_in_a_channel_links_to_the_first(
    simcord_env: Env, database_path: Path
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    players = make_players(simcord_env, guild, 3)
    table = await open_lobby(simcord_env, players, channel)
    link = f"https://discord.com/channels/{guild.id}/{channel.id}/{table.message_id}"

    again = await players[1].slash(channel, "wizard new")
    assert link in assert_refused(again, "already has a table")
    assert manager(simcord_env).in_channel(channel.id) is table.session

    await players[0].click(table.table_message, label="Start")
    again = await players[2].slash(channel, "wizard new", edition="camelot")
    assert link in assert_refused(again, "already has a table")
    assert table.running() and table.bot_table is not None and table.bot_table.edition == "classic"
    # Another channel may have its own table.
    other = guild.create_text_channel("other")
    opened = await players[1].slash(other, "wizard new")
    assert not opened.ephemeral
    assert_valid_discord_payloads(simcord_env)


async def test_idle_lobby_closes_after_30_minutes(simcord_env: Env, database_path: Path) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    players = make_players(simcord_env, guild, 3)
    table = await open_lobby(simcord_env, players[:1], channel)

    await simcord_env.advance_time(20 * 60)
    joined = await players[1].click(table.table_message, label="Join")  # activity restarts the clock
    assert not joined.ephemeral
    await simcord_env.advance_time(20 * 60)
    assert table.bot_table is not None and table.bot_table.status == "lobby"
    labels = [b["label"] for b in buttons(table.table_message)]
    assert labels[:4] == ["Join", "Leave", "Start", "Cancel"]

    await simcord_env.advance_time(11 * 60)
    assert table.bot_table is None
    closed = message_text(table.table_message)
    assert "table closed" in closed and "30 minutes" in closed, closed
    assert not buttons(table.table_message)
    assert table_row(database_path, table.table_id)["status"] == "cancelled"
    # The channel is free again.
    reopened = await players[2].slash(channel, "wizard new")
    assert not reopened.ephemeral
    assert_valid_discord_payloads(simcord_env)


async def test_leave_in_the_lobby(simcord_env: Env, database_path: Path) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    ann, ben, cy = make_players(simcord_env, guild, 3)
    table = await open_lobby(simcord_env, [ann, ben, cy], channel)
    bot_table = table.bot_table
    assert bot_table is not None

    left = await ben.click(table.table_message, label="Leave")
    assert not left.ephemeral
    assert [s.user_id for s in bot_table.seats] == [ann.id, cy.id]
    assert ben.mention not in message_text(table.table_message)

    # The host leaves: the next seat becomes host, and may start once a third player joins.
    await ann.click(table.table_message, label="Leave")
    assert bot_table.host_id == cy.id
    assert cy.mention in message_text(table.table_message)
    await cy.click(table.table_message, label="Leave")
    assert table.bot_table is None
    assert "table closed" in message_text(table.table_message)
    assert table_row(database_path, table.table_id)["status"] == "cancelled"
    assert_valid_discord_payloads(simcord_env)


async def test_cancel_by_host_and_by_a_manager(simcord_env: Env, database_path: Path) -> None:
    guild = simcord_env.create_guild()
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    moderator = guild.add_member(simcord_env.create_user("moderator"), roles=[mods])
    players = make_players(simcord_env, guild, 3)

    first_channel = guild.create_text_channel("first")
    first = await open_lobby(simcord_env, players, first_channel)
    cancelled = await players[0].click(first.table_message, label="Cancel")
    assert not cancelled.ephemeral
    assert first.bot_table is None and "Cancelled by" in message_text(first.table_message)
    assert table_row(database_path, first.table_id)["status"] == "cancelled"

    second_channel = guild.create_text_channel("second")
    second = await open_lobby(simcord_env, players, second_channel)
    cancelled = await moderator.click(second.table_message, label="Cancel")
    assert not cancelled.ephemeral
    assert second.bot_table is None and moderator.mention in message_text(second.table_message)
    assert table_row(database_path, second.table_id)["status"] == "cancelled"
    assert not buttons(second.table_message)
    assert_valid_discord_payloads(simcord_env)


# -- ending a game early ---------------------------------------------------------------------------------


async def play_a_little(table: TestTable, clicks: int = 4) -> None:
    rng = random.Random(3)
    for _ in range(clicks):
        await act(table, rng=rng)


def assert_ended_without_results(table: TestTable, database_path: Path, bot_table: BotTable) -> None:
    assert bot_table.status == "ended"
    assert table.bot_table is None and manager(table.env).in_channel(table.channel.id) is None
    assert table_row(database_path, table.table_id)["status"] == "ended"
    assert result_rows(database_path, table.table_id) == []
    assert not buttons(table.table_message)
    assert "No results were recorded" in message_text(table.table_message)
    for player in table.players:
        for message in table.dm_messages(player):
            assert not act_ids(message), "a DM kept its controls after the game ended"


async def test_host_ends_the_game_after_confirming(simcord_env: Env, database_path: Path) -> None:
    table = await open_table(simcord_env, 3)
    await play_a_little(table)
    bot_table = table.bot_table
    assert bot_table is not None
    version = table.game.version
    host = table.players[0]

    asked = await host.slash(table.channel, "wizard end")
    assert asked.ephemeral and asked.response is not None
    assert [b["label"] for b in buttons(asked.response)] == ["Yes, end it", "Keep playing"]
    kept = await host.click(asked.response, label="Keep playing")
    assert kept.response is not None and "goes on" in kept.response.content
    assert table.running() and table.game.version == version

    asked = await host.slash(table.channel, "wizard end")
    assert asked.response is not None
    done = await host.click(asked.response, label="Yes, end it")
    assert done.response is not None and done.response.content == "The game has ended."
    assert not buttons(done.response)
    assert_ended_without_results(table, database_path, bot_table)
    shown = message_text(table.table_message)
    assert host.mention in shown
    # An ended table looks ended: nobody's turn, no timer.
    assert "►" not in shown and "<t:" not in shown, shown
    # The channel is free for a new table.
    assert not (await host.slash(table.channel, "wizard new")).ephemeral
    assert_valid_discord_payloads(simcord_env)


async def test_member_with_manage_server_may_end_a_game(simcord_env: Env, database_path: Path) -> None:
    table = await open_table(simcord_env, 3)
    mods = table.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    moderator = table.guild.add_member(simcord_env.create_user("moderator"), roles=[mods])
    bot_table = table.bot_table
    assert bot_table is not None
    asked = await moderator.slash(table.channel, "wizard end")
    assert asked.ephemeral and asked.response is not None
    await moderator.click(asked.response, label="Yes, end it")
    assert_ended_without_results(table, database_path, bot_table)
    assert_valid_discord_payloads(simcord_env)


async def test_offered_buttons_are_the_legal_actions(simcord_env: Env) -> None:
    """Bids 0..n, then the cards: playable ones enabled, the others shown disabled."""
    table = await open_table(simcord_env, 4)
    rng = random.Random(4)
    await fast_forward(table, rng, in_round(3, Phase.PLAY, 1))
    game = table.game
    player = table.players[game.current_player or 0]
    shown = await table.show_hand(player)
    assert shown.response is not None
    all_buttons = [b for b in buttons(shown.response) if ":act:" in b["custom_id"]]
    enabled = sorted(act_code(cid) for cid in act_ids(shown.response))
    assert enabled == sorted(game.legal_actions())
    assert len(all_buttons) == len(set(game.hand(game.current_player or 0)))
    assert_valid_discord_payloads(simcord_env)


async def test_the_privacy_check_finds_a_card_out_of_place(simcord_env: Env) -> None:
    """The leak check itself: a card of one hand, put where another user can see it, is found."""
    table = await open_table(simcord_env, 3)
    await play(table, random.Random(5), until=in_round(2))
    await act(table, rng=random.Random(5))
    game = table.game
    owner, card = next((seat, str(c)) for seat in range(3) for c in game.hand(seat) if c.suit is not None)
    asker, other = (owner + 1) % 3, (owner + 2) % 3
    shown = await table.show_hand(table.players[asker])
    assert shown.response is not None
    own = await table.show_hand(table.players[owner])
    assert own.response is not None
    places = [
        stored(simcord_env, table.channel.id, table.message_id),  # the table message
        table.dm_messages(table.players[other])[-1],  # another player's DM
        stored(simcord_env, table.channel.id, shown.response.id),  # another player's ephemeral reply
    ]
    assert assert_no_hand_leaks(table) > 0
    mine = stored(simcord_env, table.channel.id, own.response.id)
    assert card in message_text(mine)  # a player's own hand is no leak
    for message in places:
        original = message.content
        message.content = f"{original} {card}"
        with pytest.raises(AssertionError, match="of another player's hand"):
            assert_no_hand_leaks(table)
        message.content = original
    # Cards of an earlier round are not held against this round's hands: the table message's second
    # embed holds the last round's scores.
    shown_table = stored(simcord_env, table.channel.id, table.message_id)
    summary = shown_table.embeds[1]
    assert "Round 1 scored" in summary["title"]
    summary["description"] += f" {card}"
    assert assert_no_hand_leaks(table) > 0
    assert_valid_discord_payloads(simcord_env)
