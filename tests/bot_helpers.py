"""Shared helpers for the SimCord tests of the Wizard bot: tables, players, clicks, forged clicks and checks.

Speed matters: a full game is hundreds of clicks, so the helpers read SimCord's stored messages directly
(``env.backend.messages``) and build a ``ResponseMessage`` for the one message to click, instead of
converting a whole channel history into ``discord.Message`` objects before every click.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from copy import deepcopy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

import db_helpers
import pytest
from simcord import (
    ChannelHandle,
    Env,
    GuildHandle,
    InteractionResult,
    MemberActor,
    ResponseMessage,
    UserHandle,
)
from simcord import actors as simcord_actors
from simcord import interactions as simcord_interactions
from simcord.backend.models import Message as StoredMessage
from simcord.components import walk_components

from cogs.table.components import custom_id as make_custom_id
from cogs.table.lobby_flow import Lobbies
from cogs.table.registry import OpenTables
from cogs.table.session import TableParts, TableSession
from cogs.utils.replies import SORRY
from wizard_core import Game, Phase, Rules, decode_log_entry

if TYPE_CHECKING:
    from bot import WizardBot
    from cogs.table.model import Table as BotTable

BUTTON = 2
MESSAGE_COMPONENT = 3
SELECT = 3
ACT_ID = re.compile(r"wizard:act:(?P<table>\d+):(?P<version>\d+):(?P<code>\d+)")
ROUND_IN_TITLE = re.compile(r"(?:Round|Runde) (\d+)\b")

Policy = Callable[[Game, random.Random], int]


def manager(env: Env) -> OpenTables[TableSession]:
    """The running bot's registry of open tables."""
    return cast("WizardBot", env.bot).service(OpenTables)


def table_parts(env: Env) -> TableParts:
    """What every table session of the running bot works with: its store, server settings, delivery,
    announcer, turn clock, computer driver and move counter (held by its lobby opener too)."""
    return cast("WizardBot", env.bot).service(Lobbies).parts


def table_in(env: Env, channel_id: int) -> BotTable | None:
    """The running bot's open table in a channel (its session's table), if it has one."""
    session = manager(env).in_channel(channel_id)
    return None if session is None else session.table


# -- stored messages -------------------------------------------------------------------------------------


def stored_messages(env: Env, channel_id: int) -> list[StoredMessage]:
    """Every message of a channel as SimCord stores it, oldest first (ephemeral ones included)."""
    return sorted(env.backend.messages.get(channel_id, {}).values(), key=lambda m: m.id)


def stored(env: Env, channel_id: int, message_id: int) -> StoredMessage:
    return env.backend.get_message(channel_id, message_id)


def clickable(env: Env, message: StoredMessage) -> ResponseMessage:
    """A stored message in the form SimCord's click accepts."""
    return ResponseMessage(env, message)


def buttons(message: StoredMessage | ResponseMessage) -> list[dict[str, Any]]:
    """The raw button payloads of a message."""
    components = message.components
    return [c for c in walk_components(components) if c.get("type") == BUTTON]


def custom_ids(message: StoredMessage | ResponseMessage, *, enabled_only: bool = True) -> list[str]:
    return [
        b["custom_id"]
        for b in buttons(message)
        if b.get("custom_id") and not (enabled_only and b.get("disabled"))
    ]


def act_ids(message: StoredMessage | ResponseMessage) -> list[str]:
    """The custom_ids of the enabled act buttons (bids, trump choices, playable cards)."""
    return [cid for cid in custom_ids(message) if ACT_ID.fullmatch(cid)]


def payload_act_ids(payload: dict[str, Any]) -> list[str]:
    """The act buttons' custom_ids in a message payload (``message_payload``: as it was at some moment)."""
    rows = payload.get("components") or []
    ids = [c.get("custom_id") or "" for c in walk_components(rows) if c.get("type") == BUTTON]
    return [cid for cid in ids if ACT_ID.fullmatch(cid)]


def act_code(cid: str) -> int:
    match = ACT_ID.fullmatch(cid)
    assert match is not None, cid
    return int(match["code"])


def message_text(message: StoredMessage | ResponseMessage) -> str:
    """Everything a user reads in a message: content and every embed's title, description, fields, footer."""
    embeds = message.embeds if isinstance(message, StoredMessage) else [e.to_dict() for e in message.embeds]
    return "\n".join([message.content or "", *map(embed_text, embeds)])


def embed_text(embed: Any) -> str:
    """Everything a user reads in one embed (a payload dict)."""
    embed = cast("dict[str, Any]", embed)
    parts = [embed.get("title") or "", embed.get("description") or ""]
    parts.append((embed.get("author") or {}).get("name") or "")
    for item in embed.get("fields") or []:
        parts.append(item.get("name") or "")
        parts.append(item.get("value") or "")
    parts.append((embed.get("footer") or {}).get("text") or "")
    return "\n".join(parts)


# -- tables ----------------------------------------------------------------------------------------------


@dataclass
class TestTable:
    """A test's handle on one table: its channel, its players (seat order) and the bot's state of it."""

    env: Env
    guild: GuildHandle
    channel: ChannelHandle
    players: list[MemberActor]
    table_id: int
    message_id: int
    edition: str = "classic"
    clicks: int = 0
    seen_phases: set[Phase] = field(default_factory=set)

    __test__ = False  # not a pytest class

    @property
    def session(self) -> TableSession | None:
        return manager(self.env).find(self.table_id)

    @property
    def bot_table(self) -> BotTable | None:
        session = self.session
        return None if session is None else session.table

    @property
    def game(self) -> Game:
        table = self.bot_table
        assert table is not None and table.game is not None, "the table is not running"
        return table.game

    def running(self) -> bool:
        table = self.bot_table
        return table is not None and table.status == "playing"

    @property
    def table_message(self) -> ResponseMessage:
        return clickable(self.env, stored(self.env, self.channel.id, self.message_id))

    def channel_messages(self) -> list[StoredMessage]:
        return stored_messages(self.env, self.channel.id)

    def dm_messages(self, player: MemberActor) -> list[StoredMessage]:
        return stored_messages(self.env, player.user.dm_channel.id)

    def act_id(self, code: int, version: int | None = None) -> str:
        return make_custom_id("act", self.table_id, self.game.version if version is None else version, code)

    def latest_controls(self, player: MemberActor) -> StoredMessage | None:
        """The player's newest DM that carries controls of this table, of any version (a hand message
        keeps its buttons for the whole round)."""
        for message in reversed(self.dm_messages(player)):
            if [cid for cid in act_ids(message) if f":{self.table_id}:" in cid]:
                return message
        return None

    def dm_controls(self, player: MemberActor, version: int | None = None) -> StoredMessage | None:
        """The player's newest DM with controls of this table drawn at `version`, or by default drawn in
        the round under way (a hand message's buttons are good for the whole round)."""
        for message in reversed(self.dm_messages(player)):
            versions = {int(m["version"]) for m in map(ACT_ID.fullmatch, act_ids(message)) if m}
            versions &= set(self._versions_of_table(message))
            if not versions:
                continue
            drawn = versions.pop()
            if drawn > self.game.version:
                continue  # drawn in a future the game no longer has (a backup restored since)
            if drawn == version or (version is None and drawn >= self.game.round_version):
                return message
        return None

    def _versions_of_table(self, message: StoredMessage) -> list[int]:
        prefix = f"wizard:act:{self.table_id}:"
        return [int(cid.split(":")[3]) for cid in act_ids(message) if cid.startswith(prefix)]

    async def show_hand(self, player: MemberActor, *, slash: bool = False) -> InteractionResult:
        """Show my hand (the table message's button, in any language) or `/wizard hand`; must be answered
        privately."""
        if slash:
            result = await player.slash(self.channel, "wizard hand")
        else:
            show = make_custom_id("hand", self.table_id, 0, "show")
            result = await player.click(self.table_message, custom_id=show)
        assert result.ephemeral, result.response.content if result.response else result
        return result


def hand_messages(table: TestTable, player: MemberActor) -> list[StoredMessage]:
    """The player's hand messages (their DMs with an embed; a nudge or a reminder has none)."""
    return [m for m in table.dm_messages(player) if m.embeds]


def lobby_id(table: TestTable, action: str) -> str:
    """The custom_id of one of the lobby's buttons or menus."""
    return make_custom_id("lobby", table.table_id, 0, action)


async def press(table: TestTable, player: MemberActor, code: int) -> InteractionResult:
    """The member presses the button of `code` on their newest DM controls."""
    message = table.latest_controls(player)
    assert message is not None, f"{player.name} has no controls"
    cid = next(c for c in act_ids(message) if act_code(c) == code)
    return await player.user.click(clickable(table.env, message), custom_id=cid)


def drawn_version(message: StoredMessage | ResponseMessage) -> int | None:
    """The game version a message's controls were drawn at."""
    versions = {int(m["version"]) for m in map(ACT_ID.fullmatch, act_ids(message)) if m}
    assert len(versions) <= 1, versions
    return versions.pop() if versions else None


async def forge_select(
    env: Env,
    actor: MemberActor,
    message: ResponseMessage | StoredMessage,
    custom_id: str,
    values: list[str],
) -> InteractionResult:
    """A select choice the client never offered (a tampered client), on a select the message has."""
    stored_message = env.backend.get_message(message.channel_id, message.id)
    data = {"custom_id": custom_id, "component_type": SELECT, "values": values}
    env._begin_operation("select")
    try:
        return await simcord_actors._component_interaction(actor, stored_message, data)
    finally:
        env._end_operation()


def make_players(env: Env, guild: GuildHandle, count: int, prefix: str = "player") -> list[MemberActor]:
    return [guild.add_member(env.create_user(f"{prefix}{i}")) for i in range(count)]


async def open_lobby(
    env: Env,
    players: Sequence[MemberActor],
    channel: ChannelHandle,
    edition: str = "classic",
) -> TestTable:
    """players[0] opens a table with `/wizard new`; the others join. Not started."""
    result = await players[0].slash(channel, "wizard new", edition=edition)
    assert result.response is not None and not result.ephemeral, result
    session = manager(env).in_channel(channel.id)
    assert session is not None
    for player in players[1:]:
        joined = await player.click(result.response, label="Join")
        assert not joined.ephemeral, joined.response.content if joined.response else joined
    table_id = session.table.id
    return TestTable(env, players[0].guild, channel, list(players), table_id, result.response.id, edition)


async def open_table(
    env: Env,
    count: int,
    edition: str = "classic",
    *,
    guild: GuildHandle | None = None,
    channel_name: str = "wizard",
    prefix: str = "player",
) -> TestTable:
    """A started table of `count` new members in a new channel (and a new guild unless one is given)."""
    guild = guild or env.create_guild()
    channel = guild.create_text_channel(channel_name)
    players = make_players(env, guild, count, prefix)
    table = await open_lobby(env, players, channel, edition)
    started = await players[0].click(table.table_message, label="Start")
    assert not started.ephemeral, started.response.content if started.response else started
    assert table.running()
    return table


# -- playing ---------------------------------------------------------------------------------------------


def random_policy(game: Game, rng: random.Random) -> int:
    return rng.choice(game.legal_actions())


async def act(
    table: TestTable, code: int | None = None, *, rng: random.Random | None = None, via: str = "auto"
) -> InteractionResult:
    """The current player takes an action, clicking a button a real user could click.

    via: "dm" (their hand message of this round), "button" (Show my hand, then the ephemeral controls),
    "slash" (`/wizard hand`, then the ephemeral controls), or "auto" (their hand message when they have
    one this round, else Show my hand). The enabled buttons must be exactly the legal actions when drawn
    on the player's turn, and must include them when drawn before.
    """
    game = table.game
    seat = game.current_player
    assert seat is not None
    player = table.players[seat]
    if code is None:
        code = random_policy(game, rng or random.Random())
    legal = sorted(game.legal_actions())
    target: StoredMessage | ResponseMessage | None = None
    if via in ("auto", "dm"):
        target = table.dm_controls(player)
        assert target is not None or via == "auto", f"{player.name} has no DM controls"
        # `fast_forward` moves the game on without the players: their hand message may be behind.
        if via == "auto" and target is not None and not set(legal) <= set(map(act_code, act_ids(target))):
            target = None
    if target is None:
        shown = await table.show_hand(player, slash=via == "slash")
        assert shown.response is not None
        target = shown.response
    offered = sorted(act_code(cid) for cid in act_ids(target))
    # Drawn on their turn, a hand message offers exactly what is legal; drawn before, everything the
    # player may come to do this round (the rules core refuses the rest).
    if drawn_version(target) == game.version:
        assert offered == legal, (offered, legal)
    else:
        assert set(legal) <= set(offered), (offered, legal)
    table.seen_phases.add(game.phase)
    cid = next(c for c in act_ids(target) if act_code(c) == code)
    if isinstance(target, StoredMessage):
        result = await player.user.click(clickable(table.env, target), custom_id=cid)
    else:
        result = await player.click(target, custom_id=cid)
    table.clicks += 1
    assert not result.ephemeral, result.response.content if result.response else result
    return result


async def play(
    table: TestTable,
    rng: random.Random,
    *,
    until: Callable[[Game], bool] | None = None,
    policy: Policy = random_policy,
    via: Callable[[TestTable, int], str] | None = None,
    limit: int = 5000,
    each: Callable[[TestTable], None] | None = None,
) -> Game | None:
    """Play with `policy` until `until(game)` holds or the game ends.

    Returns the bot's running game when `until` stopped the loop; when the game ended, the finished game
    as the rules core computes it: the bot's game captured just before the last click, with the last
    action applied to a copy. `via(table, seat)` chooses how each player acts (see `act`); `each` runs
    after every click while the game is running.
    """
    for _ in range(limit):
        if not table.running():
            raise AssertionError("the table is not running")
        game = table.game
        if until is not None and until(game):
            return game
        final = await step(table, rng, policy=policy, via=via)
        if each is not None and table.running():
            each(table)
        if final is not None:
            return final
    raise AssertionError("the game did not end")


async def step(
    table: TestTable,
    rng: random.Random,
    *,
    policy: Policy = random_policy,
    via: Callable[[TestTable, int], str] | None = None,
) -> Game | None:
    """One click of the current player; returns the finished game (see `play`) if it was the last one."""
    game = table.game
    code = policy(game, rng)
    seat = game.current_player
    assert seat is not None
    final = None
    if _last_action(game, code):
        final = game.clone()
        final.apply(code, player=seat)
        assert final.is_over
    await act(table, code, via=via(table, seat) if via else "auto")
    assert table.running() == (final is None)
    return final


def bot_table(table: TestTable) -> BotTable:
    """The bot's state of the table, which must be open."""
    found = table.bot_table
    assert found is not None
    return found


def human_seat(table: TestTable, player: MemberActor) -> int:
    seat = bot_table(table).seat_of(player.id)
    assert seat is not None
    return seat


async def play_member_turn(table: TestTable, player: MemberActor, rng: random.Random) -> None:
    """The member acts through the DM controls of their turn: a random legal action."""
    game = table.game
    seat = human_seat(table, player)
    assert seat in game.to_act
    # While everyone bids at once the newest controls may be a few versions old.
    message = table.latest_controls(player)
    assert message is not None, f"{player.name} has no controls for their turn"
    offered = {act_code(cid) for cid in act_ids(message)}
    legal = sorted(game.legal_actions(seat))
    assert set(legal) <= offered, (offered, legal)
    result = await press(table, player, rng.choice(legal))
    assert not result.ephemeral, result.response.content if result.response else result


async def play_members_to_the_end(table: TestTable, rng: random.Random, limit: int = 2000) -> Game:
    """Members play their turns until the game ends; computers move by themselves in between."""
    last: Game | None = None
    for _ in range(limit):
        if not table.running():
            assert last is not None
            return last
        game = last = table.game
        members = [s for s in game.to_act if not bot_table(table).seats[s].played_by_computer]
        assert members, "the bot stopped on a computer's turn"
        seat = bot_table(table).seats[members[0]]
        assert not seat.played_by_computer, "the bot stopped on a computer's turn"
        player = next(p for p in table.players if p.id == seat.user_id)
        await play_member_turn(table, player, rng)
    raise AssertionError("the game did not end")


def _last_action(game: Game, code: int) -> bool:
    """Whether `code` ends the game (the last card of the last trick of the last round)."""
    if game.round_number != game.rounds_total or game.phase is not Phase.PLAY:
        return False
    return sum(game.public_view().hand_sizes) == 1


async def fast_forward(table: TestTable, rng: random.Random, until: Callable[[Game], bool]) -> None:
    """Shortcut: advance the bot's running game without Discord, as if the players had played on.

    The actions are chosen at random, written to the bot's database through its own store (as the bot
    writes them) and put into the bot's table, so a restart restores the same state. No message is sent:
    the players then use Show my hand (or the bot's next turn message) to go on.
    """
    bot_table = table.bot_table
    assert bot_table is not None and bot_table.game is not None
    before = bot_table.game
    after = before.clone()
    while not until(after):
        seat = after.to_act[0]
        after.apply(rng.choice(after.legal_actions(seat)), player=seat)
        assert not after.is_over
    entries = after.log[before.version :]
    store = manager(table.env).store
    await store.append(table.table_id, before.version, entries, table.env.now().timestamp(), game=after)
    bot_table.game = after


def last_action_next(game: Game) -> bool:
    """Whether the next action ends the game."""
    seat = game.to_act[0]
    probe = game.clone()
    probe.apply(game.legal_actions(seat)[0], player=seat)
    return probe.is_over


async def finish(table: TestTable, rng: random.Random) -> ResponseMessage:
    """Play the game to its end (a shortcut to its last action, then that action through the bot); the
    final standings message."""
    await fast_forward(table, rng, last_action_next)
    bot_table = table.bot_table
    assert bot_table is not None
    if bot_table.seats[table.game.to_act[0]].computer is not None:
        # The last card is a computer's: wake the table's computers, as a member's move would.
        assert table.session is not None
        table.session.parts.driver.wake(table.session)
        for _ in range(250):  # the decision is made in a worker thread
            await table.env.settle()
            if any("Game over ·" in message_text(m) for m in table.channel_messages()):
                break
            await asyncio.sleep(0.02)
    else:
        await act(table, rng=rng)
    assert table.bot_table is None
    [standings] = [m for m in table.channel_messages() if "Game over ·" in message_text(m)]
    return clickable(table.env, standings)


def in_round(
    number: int, phase: Phase | None = None, trick_cards: int | None = None
) -> Callable[[Game], bool]:
    """A stop condition: round `number` (and the phase, and cards on the table in the current trick)."""

    def check(game: Game) -> bool:
        if game.round_number != number:
            return False
        if phase is not None and game.phase is not phase:
            return False
        return trick_cards is None or len(game.current_trick().plays) == trick_cards

    return check


# -- languages -------------------------------------------------------------------------------------------


def patch_client_locales(monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """The Discord client locale of each user's interactions, by user id: fill the returned dict.

    SimCord sends every interaction with the locale ``en-US``; the payload of a user named in the dict
    carries their locale instead (``"de"`` for a German client).
    """
    locales: dict[int, str] = {}
    build = simcord_interactions.base_payload

    def base_payload(*args: Any, **fields: Any) -> Any:
        record, payload = build(*args, **fields)
        payload["locale"] = locales.get(fields["user_id"], payload["locale"])
        return record, payload

    monkeypatch.setattr(simcord_interactions, "base_payload", base_payload)
    return locales


@dataclass(frozen=True)
class Sent:
    """A text the bot sent: to the channel (``reader`` None: everyone there reads it) or privately to one
    user (a DM, an ephemeral reply, an edit of either), and the request that carried it."""

    reader: int | None
    text: str
    request: str


EPHEMERAL = 64
CALLBACK = re.compile(r"^/interactions/(?P<id>\d+)/[^/]+/callback$")
WEBHOOK = re.compile(r"^/webhooks/\d+/(?P<token>[^/]+)(?P<rest>/.*)?$")
CHANNEL_MESSAGE = re.compile(r"^/channels/(?P<channel>\d+)/messages(?:/(?P<message>\d+))?$")


def payload_text(payload: Mapping[str, Any]) -> str:
    """Every word a message payload shows: content, embeds, the labels, placeholders and options of its
    components, and its attachments' descriptions (alt text)."""
    parts = [payload.get("content") or ""]
    parts += [embed_text(embed) for embed in payload.get("embeds") or []]
    for component in walk_components(payload.get("components") or []):
        parts += [component.get("label") or "", component.get("placeholder") or ""]
        for option in component.get("options") or []:
            parts += [option.get("label") or "", option.get("description") or ""]
    parts += [attachment.get("description") or "" for attachment in payload.get("attachments") or []]
    return "\n".join(part for part in parts if part)


def sent_texts(env: Env, since: int = 0) -> list[Sent]:
    """Every text the bot has sent since request number ``since`` of SimCord's log, edits and deleted
    messages included, each with who reads it."""
    backend = env.backend
    dm_readers = {channel_id: user_id for user_id, channel_id in backend.dm_channels.items()}
    found = []
    for request in env.http_requests[since:]:
        body = request.json if isinstance(request.json, dict) else None
        if body is None or request.method not in ("POST", "PATCH"):
            continue
        payload = body.get("data") if CALLBACK.match(request.path) else body
        text = payload_text(payload or {})
        if text:
            found.append(Sent(_reader(env, request.path, body, dm_readers), text, request.path))
    return found


def _reader(env: Env, path: str, body: Mapping[str, Any], dm_readers: Mapping[int, int]) -> int | None:
    """Who reads what a request sends: one user (a DM, an ephemeral reply, an edit of a private
    message), or None for everyone in a channel."""
    backend = env.backend
    if match := CHANNEL_MESSAGE.match(path):
        return dm_readers.get(int(match["channel"]))
    if match := CALLBACK.match(path):
        record = backend.interactions[int(match["id"])]
    elif match := WEBHOOK.match(path):
        record = backend.interaction_by_token(match["token"])
    else:
        return None
    data = body.get("data") if CALLBACK.match(path) else body
    flags = int((data or {}).get("flags") or 0)
    if record.guild_id is None or flags & EPHEMERAL or record.ephemeral:
        return record.user_id
    if body.get("type") == 7 and record.source_message_id is not None:  # an edit of the clicked message
        stored = backend.messages.get(record.channel_id, {}).get(record.source_message_id)
        if stored is None:
            return record.user_id  # deleted since: only a private look at a hand is (by the next look)
        return record.user_id if stored.is_ephemeral else None
    return None


# -- forged interactions ---------------------------------------------------------------------------------


async def forge_click(
    env: Env,
    actor: MemberActor | UserHandle,
    message: StoredMessage,
    custom_id: str,
    *,
    snapshot: dict[str, Any] | None = None,
    values: list[str] | None = None,
) -> InteractionResult:
    """A button click (or, with `values`, a select choice) whose custom_id the bot never put on that
    message (a tampered client).

    SimCord's own click only offers buttons a real user can press, and discord.py only calls a
    DynamicItem whose custom_id is on the interaction's message. So the interaction is dispatched
    through SimCord's gateway with the message payload carrying a component with the forged custom_id
    (in place of the first one of its kind, or in a row of its own), or with `snapshot` (a message
    payload captured earlier, for a double click delivered after the message changed).
    """
    backend = env.backend
    kind = BUTTON if values is None else SELECT
    if snapshot is None:
        payload = message_payload(env, message)
        rows = payload.setdefault("components", [])
        first = next((c for c in walk_components(rows) if c.get("type") == kind), None)
        if first is None:
            first = {"type": BUTTON, "style": 1, "label": "Forged"} if values is None else {"type": SELECT}
            rows.append({"type": 1, "components": [first]})
        if values is not None:
            first["options"] = [{"label": value, "value": value} for value in values]
        first["custom_id"] = custom_id
        first.pop("disabled", None)
    else:
        payload = deepcopy(snapshot)
    guild = getattr(actor, "guild", None)
    channel = ChannelHandle(env, guild, backend.get_channel(message.channel_id))
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
    if values is not None:
        data["values"] = values
    env._begin_operation("click")
    try:
        return await simcord_actors._dispatch_actor_interaction(
            actor,
            MESSAGE_COMPONENT,
            channel,
            data,
            extra={"message": payload},
            source_message_id=message.id,
        )
    finally:
        env._end_operation()


def message_payload(env: Env, message: StoredMessage) -> dict[str, Any]:
    """The message as Discord sends it inside an interaction (a deep copy)."""
    from simcord.backend import serializers

    return deepcopy(dict(serializers.message_payload(env.backend, message)))


# -- checks ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Snapshot:
    """What a refused interaction must leave unchanged: the game, its stored log, what users see."""

    version: int | None
    log: tuple[Any, ...]
    rows: int
    seats: tuple[int, ...]
    stored_seats: tuple[int, ...]
    status: str
    table_message: str
    table_buttons: tuple[str, ...]
    public_messages: tuple[tuple[int, str, tuple[str, ...]], ...]
    dm_messages: tuple[tuple[tuple[int, str, tuple[str, ...]], ...], ...]


def snapshot(table: TestTable, database_path: db_helpers.Database) -> Snapshot:
    bot_table = table.bot_table
    game = bot_table.game if bot_table is not None else None
    public = [m for m in table.channel_messages() if not m.is_ephemeral]
    return Snapshot(
        version=game.version if game is not None else None,
        log=game.log if game is not None else (),
        rows=len(action_rows(database_path, table.table_id)),
        seats=tuple(s.user_id for s in bot_table.seats) if bot_table is not None else (),
        stored_seats=tuple(seat_rows(database_path, table.table_id)),
        status=table_row(database_path, table.table_id)["status"],
        table_message=message_text(table.table_message),
        table_buttons=tuple(custom_ids(table.table_message)),
        public_messages=tuple((m.id, message_text(m), tuple(custom_ids(m))) for m in public),
        dm_messages=tuple(
            tuple(
                (m.id, message_text(m), tuple(custom_ids(m)))
                for m in table.dm_messages(p)
                if not m.is_ephemeral
            )
            for p in table.players
        ),
    )


def hands_unread(before: Snapshot) -> Snapshot:
    """A snapshot for a refusal answered by a hand (``assert_refused_in_place``): the hand messages'
    texts and buttons left out (the refused hand is redrawn as it is now, with the reason on top), but
    not which messages there are (none is sent)."""
    ids = tuple(tuple((m[0], "", ()) for m in messages) for messages in before.dm_messages)
    return dataclasses.replace(before, dm_messages=ids)


def assert_refused(result: InteractionResult, *needles: str) -> str:
    """The interaction was answered privately with a message saying why."""
    assert result.acknowledged, "the interaction was not answered"
    message = result.response
    if message is None and result.followups:
        message = result.followups[0]
    assert message is not None, "no reply"
    assert message.ephemeral, f"the refusal was public: {message.content!r}"
    text = message.content
    assert text, "the refusal says nothing"
    for needle in needles:
        assert needle.lower() in text.lower(), f"{needle!r} not in {text!r}"
    return text


def assert_refused_in_place(result: InteractionResult, message_id: int, *needles: str) -> str:
    """The click on a hand was refused by that hand, redrawn in place with the reason on its first line
    (no separate message); returns the reason."""
    assert result.acknowledged, "the interaction was not answered"
    message = result.response
    assert message is not None and message.id == message_id, f"not answered on the clicked message: {result}"
    assert not result.followups, "the refusal came as a separate message"
    assert message.embeds, "the hand has no embed"
    text = (message.embeds[0].description or "").split("\n")[0]
    assert text.startswith("**") and text.endswith("**"), f"no reason on top: {text!r}"
    for needle in needles:
        assert needle.lower() in text.lower(), f"{needle!r} not in {text!r}"
    return text


def action_rows(database: db_helpers.Database, table_id: int) -> list[Any]:
    rows = db_helpers.query(
        database, "SELECT entry FROM actions WHERE table_id = ? ORDER BY seq", (table_id,)
    )
    return [decode_log_entry(json.loads(row["entry"])) for row in rows]


def seat_rows(database: db_helpers.Database, table_id: int) -> list[int]:
    rows = db_helpers.query(
        database, "SELECT user_id FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
    )
    return [row["user_id"] for row in rows]


def table_row(database: db_helpers.Database, table_id: int) -> dict[str, Any]:
    rows = db_helpers.query(database, "SELECT * FROM tables WHERE id = ?", (table_id,))
    assert rows, f"no table {table_id}"
    return rows[0]


def result_rows(database: db_helpers.Database, table_id: int) -> list[dict[str, Any]]:
    return db_helpers.query(
        database, "SELECT * FROM game_results WHERE table_id = ? ORDER BY seat", (table_id,)
    )


def replay_from_database(database_path: db_helpers.Database, table: TestTable) -> Game:
    """The game rebuilt by the rules core from the stored seed and action log."""
    row = table_row(database_path, table.table_id)
    names = [p.user.name for p in table.players]
    rules = Rules.from_dict(json.loads(row["rules"])) if row["rules"] else Rules(row["edition"])
    return Game.replay(names, rules, row["seed"], action_rows(database_path, table.table_id))


def assert_finished_like_core(
    table: TestTable, database_path: db_helpers.Database, expected: Game, *, dm_controls_cleared: bool = True
) -> None:
    """The bot stored and announced exactly the results the rules core computes for the game's log.

    dm_controls_cleared: also check that no DM keeps a control of the table. Only for games played
    through DMs alone: a player who acts through Show my hand leaves their last DM turn message as it
    was (its controls are then stale and refused).
    """
    assert expected.is_over
    result = expected.result()
    rebuilt = replay_from_database(database_path, table)
    assert rebuilt.is_over
    assert rebuilt.log == expected.log
    assert rebuilt.result() == result
    assert table_row(database_path, table.table_id)["status"] == "finished"
    rows = result_rows(database_path, table.table_id)
    assert [row["seat"] for row in rows] == list(range(len(table.players)))
    for seat, row in enumerate(rows):
        assert row["user_id"] == table.players[seat].id
        assert row["edition"] == table.edition
        assert row["players"] == len(table.players)
        assert row["score"] == result.totals[seat]
        assert row["place"] == result.places[seat]
        assert row["won"] == int(seat in result.winners)
        assert row["shared_win"] == int(result.shared_win and seat in result.winners)
        expected_rounds = [[r.bids[seat], r.tricks[seat], r.points[seat]] for r in result.rounds]
        assert json.loads(row["rounds"]) == expected_rounds
    # The last channel message is the final standings, with every player's total.
    final = table.channel_messages()[-1]
    text = message_text(final)
    assert "Game over" in text, text
    for seat, player in enumerate(table.players):
        assert f"{player.user.name}: {result.totals[seat]}" in text, (player.user.name, text)
    # The table message shows the final state and no button any more.
    assert not buttons(table.table_message)
    # No DM keeps a control of this table.
    for player in table.players if dm_controls_cleared else ():
        for message in table.dm_messages(player):
            assert not [c for c in act_ids(message) if f":{table.table_id}:" in c]


def suit_cards_of(game: Game, seat: int) -> set[str]:
    return {str(card) for card in game.hand(seat) if card.suit is not None}


def message_round(message: StoredMessage) -> int | None:
    """The round a message is about, from its first embed's title ("Round 3/20", "Round 3 scored")."""
    for embed in message.embeds:
        match = ROUND_IN_TITLE.search(embed.get("title") or "")
        return int(match.group(1)) if match else None
    return None


def current_round_text(message: StoredMessage, current: int) -> str:
    """What a message says about the round under way: its content and each embed not about an earlier
    round (the table message keeps the last round's scores in a second embed, whose title says so)."""
    parts = [message.content or ""]
    for embed in message.embeds:
        match = ROUND_IN_TITLE.search(embed.get("title") or "")
        if match is None or int(match.group(1)) == current:
            parts.append(embed_text(embed))
    return "\n".join(parts)


def visible_messages(table: TestTable, viewer: MemberActor | None) -> Iterator[StoredMessage]:
    """What a user sees of a table: the channel (with their own ephemeral replies) and their DMs."""
    viewer_id = viewer.id if viewer is not None else None
    for message in table.channel_messages():
        if message.visible_to(viewer_id):
            yield message
    if viewer is not None:
        yield from table.dm_messages(viewer)


def assert_no_hand_leaks(table: TestTable, observers: Sequence[MemberActor] = ()) -> int:
    """No user sees a suit card that is now in another player's hand.

    Every message, public or ephemeral, in the channel and in each player's DMs, is checked as each user
    (and a member who is not seated) sees it, except messages about an earlier round (their embed's title
    says which): the deck is shuffled anew each round, so their cards may be in anyone's hand now.
    Returns how many (viewer, message) pairs were checked.
    """
    game = table.game
    current = game.round_number
    hands = [suit_cards_of(game, seat) for seat in range(len(table.players))]
    checked = 0
    viewers: list[tuple[MemberActor | None, int | None]] = [(p, s) for s, p in enumerate(table.players)]
    viewers += [(o, None) for o in observers]
    viewers.append((None, None))
    for viewer, seat in viewers:
        hidden = set().union(*(hand for other, hand in enumerate(hands) if other != seat))
        for message in visible_messages(table, viewer):
            text = current_round_text(message, current)
            leaked = sorted(card for card in hidden if card in text)
            assert not leaked, (
                f"{viewer.name if viewer else 'the channel'} sees {leaked} of another player's hand "
                f"in message {message.id}:\n{text}"
            )
            checked += 1
    return checked


# -- failures injected into the bot ----------------------------------------------------------------------


class Killed(Exception):
    """The bot process died here."""


async def killed(*args: object, **kwargs: object) -> None:
    """Stands in for a call during which the bot process dies."""
    raise Killed("the bot process died here")


async def boom(*args: Any, **kwargs: Any) -> Any:
    """Stands in for a call that fails unexpectedly (a bug)."""
    raise RuntimeError("an injected failure")


ERROR_ID = re.compile(r"Error id: `([0-9a-f]{6})`")


def assert_apology(
    result: InteractionResult, caplog: pytest.LogCaptureFixture, what: str | None = None
) -> str:
    """The user got the private apology naming an error id, and the log has that id with the failure
    (saying it happened in ``what``, if given); returns the id."""
    text = assert_refused(result)
    assert text.startswith(SORRY), text
    match = ERROR_ID.search(text)
    assert match is not None, text
    logged = [r for r in caplog.records if match[1] in r.getMessage()]
    assert len(logged) == 1, [r.getMessage() for r in caplog.records]
    assert logged[0].exc_info is not None and "an injected failure" in str(logged[0].exc_info[1])
    assert what is None or what in logged[0].getMessage()
    return match[1]
