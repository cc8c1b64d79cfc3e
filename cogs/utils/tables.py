"""Tables in channels: lobbies, running games, private hands and controls, and restarts.

This module translates Discord into rules-core actions and rules-core views into messages; the rules
themselves are all in ``wizard_core``. Messages of a game carry a picture inside their embed (the hand,
the table's trick and trump, the final chart, from ``images``) unless ``WIZARD_IMAGES=0``; the text
stays complete without it. Each table has one lock, so its interactions are handled one
at a time, and every action is written to SQLite before the player's click is answered.

Components carry everything needed to act on them, so they keep working after a restart:
``wizard:<kind>:<table id>:<state version>:<argument>``. ``act`` buttons carry an action code of the
core; a click whose version is not the game's current one is refused as stale, which also makes a
double click harmless.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from cogs.utils import images, render
from cogs.utils.store import SeatRecord, TableExistsError, TableRecord, TableStore
from wizard_core import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    CorruptSaveError,
    Game,
    Phase,
    PlayerView,
    PublicView,
    Rules,
    WizardError,
    decode,
)

if TYPE_CHECKING:
    from bot import WizardBot

log = logging.getLogger(__name__)

PREFIX = "wizard"
CUSTOM_ID = re.compile(
    r"wizard:(?P<kind>[a-z]+):(?P<table>\d{1,19}):(?P<version>\d{1,9}):(?P<arg>[a-z0-9]{1,12})"
)
LOBBY_ACTIONS = ("join", "leave", "start", "cancel")
# The arguments each kind of button may carry (``act`` carries an action code).
VALID_ARGUMENTS = {
    "lobby": LOBBY_ACTIONS,
    "hand": ("show",),
    "act": (),
    "end": ("yes", "no"),
    "leave": ("yes", "no"),
}
DM_CLOSED = 50007
EDITION_NAMES = {"classic": "Classic Wizard", "camelot": "Wizard Camelot Edition"}


def custom_id(kind: str, table_id: int, version: int, arg: str | int) -> str:
    """The custom_id of one of our components."""
    return f"{PREFIX}:{kind}:{table_id}:{version}:{arg}"


class Refusal(Exception):
    """An interaction that is refused; the message is shown to that user only."""


@dataclass
class Seat:
    """A player at a table, and the messages through which they play."""

    user_id: int
    name: str
    dms_closed: bool = False
    turn_message: discord.Message | None = None
    dm_channel_id: int | None = None


@dataclass
class Table:
    """A lobby or a running game, in memory."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    edition: str
    status: str
    seats: list[Seat]
    message_id: int | None = None
    game: Game | None = None
    updated_at: float = 0.0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    lobby_timer: asyncio.Task[None] | None = None
    ping_id: int | None = None

    def seat_of(self, user_id: int) -> int | None:
        """The seat of a user, or None if they are not at the table."""
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None

    @property
    def jump_url(self) -> str:
        """A link to the table message."""
        return f"https://discord.com/channels/{self.guild_id}/{self.channel_id}/{self.message_id or ''}"

    def records(self) -> list[SeatRecord]:
        """The seats as stored."""
        return [SeatRecord(i, s.user_id, s.name, s.dms_closed) for i, s in enumerate(self.seats)]


def now() -> float:
    """The current time as a Unix timestamp (Discord's clock, which tests can move)."""
    return discord.utils.utcnow().timestamp()


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"wizard:(?P<rest>.{0,93})"):
    """Every button of the game. The template is broad on purpose: a damaged custom_id under our prefix
    still reaches the handler, which refuses it in words instead of leaving the click unanswered."""

    def __init__(self, button: discord.ui.Button[Any]) -> None:
        super().__init__(button)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GameButton:
        assert isinstance(item, discord.ui.Button)
        return cls(item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        manager: TableManager = interaction.client.tables
        await manager.handle_click(interaction, self.item.custom_id or "")


def button(
    label: str, cid: str, style: discord.ButtonStyle, *, row: int, disabled: bool = False
) -> GameButton:
    """A game button."""
    return GameButton(discord.ui.Button(label=label, custom_id=cid, style=style, row=row, disabled=disabled))


def lobby_view(table: Table) -> discord.ui.View:
    """Join, Leave, Start and Cancel."""
    view = discord.ui.View(timeout=None)
    styles = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger,
    }
    for action, style in styles.items():
        view.add_item(button(action.capitalize(), custom_id("lobby", table.id, 0, action), style, row=0))
    return view


def table_view(table: Table) -> discord.ui.View:
    """The table message's one button: a private look at your hand, with your controls."""
    view = discord.ui.View(timeout=None)
    view.add_item(
        button("Show my hand", custom_id("hand", table.id, 0, "show"), discord.ButtonStyle.primary, row=0)
    )
    return view


def controls_view(table: Table, view: PlayerView) -> discord.ui.View | None:
    """The player's controls on their turn: bid, trump or card buttons. None when it is not their turn.

    Cards are shown whole: playable ones as active buttons (trump in green), the others disabled, so
    the player sees why. Identical Wizards or Jesters share one button.
    """
    if not view.legal_actions:
        return None
    ui = discord.ui.View(timeout=None)
    version = view.version
    codes: list[tuple[int, bool]]  # (action code, playable)
    if view.phase is Phase.PLAY:
        playable = set(view.legal_actions)
        codes = []
        seen: set[int] = set()
        for card in render.sort_hand(view.hand, view.trump):
            options = [code for code in view.legal_actions if decode(code).card == card]  # type: ignore[union-attr]
            for code in options or [card.face]:
                if code not in seen:
                    seen.add(code)
                    codes.append((code, code in playable))
    else:
        codes = [(code, True) for code in view.legal_actions]
    for index, (code, enabled) in enumerate(codes[:25]):
        style = discord.ButtonStyle.primary
        if view.phase is Phase.PLAY:
            label = render.play_label(code, view.trump)
            card = decode(code).card  # type: ignore[union-attr]
            if not enabled:
                style = discord.ButtonStyle.secondary
            elif view.trump is not None and card.suit is view.trump:
                style = discord.ButtonStyle.success
        elif view.phase is Phase.BID:
            label = render.bid_label(code - 64)
        else:
            label = render.trump_label(decode(code).suit)  # type: ignore[union-attr]
        ui.add_item(
            button(
                label, custom_id("act", table.id, version, code), style, row=index // 5, disabled=not enabled
            )
        )
    return ui


def without_pictures(message: dict[str, Any]) -> dict[str, Any]:
    """The keyword arguments of a send or an edit without its picture: no file, no embed image naming one."""
    embed = message.get("embed")
    if isinstance(embed, discord.Embed):
        embed.set_image(url=None)
    rest = {key: value for key, value in message.items() if key != "files"}
    if "attachments" in message:
        rest["attachments"] = []
    return rest


class TableManager:
    """All tables of the bot, and what happens when players click."""

    def __init__(self, bot: WizardBot, store: TableStore, lobby_timeout: float) -> None:
        self.bot = bot
        self.store = store
        self.lobby_timeout = lobby_timeout
        self.tables: dict[int, Table] = {}
        self.by_channel: dict[int, int] = {}
        self.images = bot.settings.images

    # -- pictures ----------------------------------------------------------------------------------

    def pictures_on(self, table: Table) -> bool:
        """Whether the table's messages carry pictures: the ``WIZARD_IMAGES`` setting, the same for every
        server until /wizard settings makes it a server's choice."""
        return self.images

    def channel_allows_files(self, table: Table) -> bool:
        """Whether the bot holds Attach Files in the table's channel (the invite does not ask for it).

        Unknown counts as yes: a refusal is then caught, and the text sent alone (``without_pictures``).
        """
        channel = self.bot.get_channel(table.channel_id)
        if isinstance(channel, discord.abc.GuildChannel):
            return channel.permissions_for(channel.guild.me).attach_files
        return True

    @staticmethod
    def reply_allows_files(interaction: discord.Interaction[WizardBot]) -> bool:
        """Whether a reply to an interaction may carry files: in DMs always, in a server with Attach Files."""
        return interaction.guild_id is None or interaction.app_permissions.attach_files

    async def _with_picture(
        self,
        table: Table,
        embed: discord.Embed,
        picture: Callable[[], Awaitable[discord.File]],
        *,
        files_allowed: bool,
    ) -> list[discord.File]:
        """Draw a picture into the embed as its image: the file to send with it, none when pictures are off
        or files may not be sent there.

        The file has to go with the message that shows the embed: on an edit as ``attachments=`` (which
        also drops the previous picture), on a new message as ``files=``.
        """
        if not (files_allowed and self.pictures_on(table)):
            return []
        try:
            file = await picture()
        except Exception:
            # The text says everything: a picture that cannot be drawn is left out, not the message.
            log.exception("Could not draw a picture for table %d", table.id)
            return []
        embed.set_image(url=f"attachment://{file.filename}")
        return [file]

    async def hand_message(
        self, table: Table, view: PlayerView, *, files_allowed: bool = True
    ) -> tuple[discord.Embed, list[discord.File]]:
        """A player's hand message: the embed and its picture of the hand (playable cards raised)."""
        embed = render.hand_embed(view)
        picture = await self._with_picture(
            table, embed, lambda: images.hand_file(view), files_allowed=files_allowed
        )
        return embed, picture

    async def table_message(
        self, table: Table, view: PublicView, note: str | None = None, *, files_allowed: bool
    ) -> tuple[discord.Embed, list[discord.File]]:
        """The table message: the embed and its picture of the trump and the trick."""
        embed = render.table_embed(view, note=note)
        picture = await self._with_picture(
            table, embed, lambda: images.table_file(view), files_allowed=files_allowed
        )
        return embed, picture

    # -- loading -----------------------------------------------------------------------------------

    async def restore(self) -> None:
        """Rebuild every lobby and running game from the database (at start-up)."""
        for record in await self.store.open_tables():
            table = self._from_record(record)
            if record.status == "playing":
                try:
                    assert record.seed is not None
                    table.game = Game.replay(
                        [s.name for s in record.seats], Rules(record.edition), record.seed, record.log
                    )
                except (CorruptSaveError, AssertionError) as error:
                    log.error("Table %d could not be restored (%s); ending it", record.id, error)
                    await self.store.close(record.id, "ended", now())
                    continue
            else:
                self._arm_lobby_timer(table)
            self._add(table)
        log.info("Restored %d open table(s)", len(self.tables))

    def _from_record(self, record: TableRecord) -> Table:
        return Table(
            id=record.id,
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            host_id=record.host_id,
            edition=record.edition,
            status=record.status,
            seats=[Seat(s.user_id, s.name, s.dms_closed) for s in record.seats],
            message_id=record.message_id,
            updated_at=record.updated_at,
            ping_id=record.ping_message_id,
        )

    def _add(self, table: Table) -> None:
        self.tables[table.id] = table
        self.by_channel[table.channel_id] = table.id

    def _remove(self, table: Table) -> None:
        self.tables.pop(table.id, None)
        if self.by_channel.get(table.channel_id) == table.id:
            del self.by_channel[table.channel_id]
        if table.lobby_timer is not None and table.lobby_timer is not asyncio.current_task():
            table.lobby_timer.cancel()

    def in_channel(self, channel_id: int) -> Table | None:
        """The open table of a channel."""
        table_id = self.by_channel.get(channel_id)
        return None if table_id is None else self.tables.get(table_id)

    def close(self) -> None:
        """Stop the lobby timers (the bot is shutting down)."""
        for table in self.tables.values():
            if table.lobby_timer is not None:
                table.lobby_timer.cancel()

    # -- the lobby ---------------------------------------------------------------------------------

    async def new_table(self, interaction: discord.Interaction[WizardBot], edition: str) -> None:
        """Open a lobby in the interaction's channel, with the caller as host."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        user = interaction.user
        try:
            record = await self.store.create(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                host_id=user.id,
                host_name=user.display_name,
                edition=edition,
                now=now(),
            )
        except TableExistsError as error:
            existing = self.tables.get(error.table_id)
            link = existing.jump_url if existing else "this channel"
            raise Refusal(f"This channel already has a table: {link}. Finish or cancel it first.") from None
        table = self._from_record(record)
        self._add(table)
        await interaction.response.send_message(embed=self.lobby_embed(table), view=lobby_view(table))
        message = await interaction.original_response()
        table.message_id = message.id
        await self.store.set_message(table.id, message.id)
        self._arm_lobby_timer(table)

    def lobby_embed(self, table: Table, note: str | None = None) -> discord.Embed:
        """The lobby message."""
        embed = discord.Embed(
            title=f"{EDITION_NAMES[table.edition]}: a new table",
            description=(
                f"Host: <@{table.host_id}>. Press **Join** to take a seat; the host presses **Start** "
                f"with {MIN_PLAYERS} to {MAX_PLAYERS} players. Hands are sent by direct message."
            ),
            colour=discord.Colour.blurple(),
        )
        seats = "\n".join(f"{i + 1}. <@{seat.user_id}>" for i, seat in enumerate(table.seats))
        embed.add_field(name=f"Players ({len(table.seats)}/{MAX_PLAYERS})", value=seats or "nobody yet")
        minutes = round(self.lobby_timeout / 60)
        embed.set_footer(text=f"An idle table closes itself after {minutes} minutes.")
        if note:
            embed.add_field(name="\u200b", value=note, inline=False)
        return embed

    async def lobby_click(
        self, interaction: discord.Interaction[WizardBot], table: Table, action: str
    ) -> None:
        """Join, Leave, Start or Cancel, on the lobby message."""
        user = interaction.user
        seat = table.seat_of(user.id)
        if action == "join":
            if seat is not None:
                raise Refusal("You already have a seat at this table.")
            if len(table.seats) >= MAX_PLAYERS:
                raise Refusal(f"This table is full ({MAX_PLAYERS} players).")
            table.seats.append(Seat(user.id, user.display_name))
        elif action == "leave":
            if seat is None:
                raise Refusal("You don't have a seat at this table.")
            del table.seats[seat]
            if not table.seats:
                await self._cancel_lobby(interaction, table, f"{user.mention} left; the table is closed.")
                return
            if user.id == table.host_id:
                table.host_id = table.seats[0].user_id
        elif action == "start":
            if user.id != table.host_id:
                raise Refusal(f"Only the host, <@{table.host_id}>, can start the game.")
            if len(table.seats) < MIN_PLAYERS:
                raise Refusal(
                    f"Wizard needs {MIN_PLAYERS} to {MAX_PLAYERS} players; {len(table.seats)} have joined."
                )
            await self._start(interaction, table)
            return
        elif action == "cancel":
            if not self._may_manage(interaction, table):
                raise Refusal("Only the host or a member with Manage Server can cancel this table.")
            await self._cancel_lobby(interaction, table, f"Cancelled by {user.mention}.")
            return
        else:
            raise Refusal("That button isn't valid.")
        table.updated_at = now()
        await self.store.set_seats(table.id, table.records(), table.host_id, table.updated_at)
        await interaction.response.edit_message(embed=self.lobby_embed(table), view=lobby_view(table))

    def _may_manage(self, interaction: discord.Interaction[WizardBot], table: Table) -> bool:
        if interaction.user.id == table.host_id:
            return True
        permissions = getattr(interaction, "permissions", None)
        return bool(permissions and permissions.manage_guild)

    async def _cancel_lobby(
        self, interaction: discord.Interaction[WizardBot] | None, table: Table, why: str
    ) -> None:
        await self.store.close(table.id, "cancelled", now())
        table.status = "cancelled"
        self._remove(table)
        embed = discord.Embed(title=f"{EDITION_NAMES[table.edition]}: table closed", description=why)
        if interaction is not None:
            await interaction.response.edit_message(embed=embed, view=None)
        else:
            await self._edit_table_message(table, embed=embed, view=None)

    def _arm_lobby_timer(self, table: Table) -> None:
        table.lobby_timer = asyncio.create_task(self._lobby_timer(table), name=f"wizard-lobby-{table.id}")

    async def _lobby_timer(self, table: Table) -> None:
        """Close the lobby once it has been idle for the configured time."""
        while table.status == "lobby":
            remaining = table.updated_at + self.lobby_timeout - now()
            if remaining > 0:
                await asyncio.sleep(remaining)
                continue
            async with table.lock:
                if table.status == "lobby" and table.updated_at + self.lobby_timeout <= now():
                    minutes = round(self.lobby_timeout / 60)
                    await self._cancel_lobby(None, table, f"Closed after {minutes} minutes without activity.")
            return

    async def _start(self, interaction: discord.Interaction[WizardBot], table: Table) -> None:
        game = Game([s.name for s in table.seats], Rules(table.edition), seed=secrets.randbits(63))
        await self.store.set_seats(table.id, table.records(), table.host_id, now())
        await self.store.start(table.id, game.seed, game.log, now())
        table.game = game
        table.status = "playing"
        if table.lobby_timer is not None:
            table.lobby_timer.cancel()
            table.lobby_timer = None
        dealer = table.seats[game.first_dealer].name
        note = f"{render.display_name(dealer)} drew the highest card and deals first (R-1)."
        embed, files = await self.table_message(
            table, game.public_view(), note, files_allowed=self.reply_allows_files(interaction)
        )
        await interaction.response.edit_message(embed=embed, view=table_view(table), attachments=files)
        await self._deal_out(table)
        await self._notify_turn(table)

    # -- clicks ------------------------------------------------------------------------------------

    async def handle_click(self, interaction: discord.Interaction[WizardBot], cid: str) -> None:
        """Every button of ours ends here; refusals are answered privately, in words."""
        try:
            match = CUSTOM_ID.fullmatch(cid)
            if match is None:
                raise Refusal("That button isn't valid.")
            if self.bot.closing:
                raise Refusal("The bot is restarting; try again in a minute.")
            table = self.tables.get(int(match["table"]))
            if table is None:
                raise Refusal("This table is no longer open: its game is over or was cancelled.")
            async with table.lock:
                if table.id not in self.tables:
                    raise Refusal("This table is no longer open: its game is over or was cancelled.")
                kind, arg = match["kind"], match["arg"]
                if arg not in VALID_ARGUMENTS.get(kind, ()) and not (kind == "act" and arg.isdecimal()):
                    raise Refusal("That button isn't valid.")
                if table.status != ("lobby" if kind == "lobby" else "playing"):
                    raise Refusal("This message is out of date: the table has moved on.")
                if kind == "lobby":
                    await self.lobby_click(interaction, table, arg)
                elif kind == "hand":
                    await self.show_hand(interaction, table)
                elif kind == "act":
                    await self.act(interaction, table, int(match["version"]), int(arg))
                else:
                    await self.confirm_end(interaction, table, kind, arg == "yes")
        except Refusal as refusal:
            await self.refuse(interaction, str(refusal))

    async def refuse(self, interaction: discord.Interaction[WizardBot], text: str) -> None:
        """Answer privately that an interaction was refused."""
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    async def show_hand(self, interaction: discord.Interaction[WizardBot], table: Table) -> None:
        """A private look at the caller's hand, with fresh controls on their turn."""
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal("You're not playing at this table.")
        assert table.game is not None
        view = table.game.view(seat)
        controls = controls_view(table, view)
        embed, files = await self.hand_message(
            table, view, files_allowed=self.reply_allows_files(interaction)
        )
        await interaction.response.send_message(
            embed=embed, view=controls or discord.utils.MISSING, files=files, ephemeral=True
        )

    async def act(
        self, interaction: discord.Interaction[WizardBot], table: Table, version: int, code: int
    ) -> None:
        """Apply a bid, a trump choice or a card; written to the database before it is answered."""
        game = table.game
        assert game is not None
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal("You're not playing at this table.")
        if version != game.version:
            raise Refusal(
                "This message is out of date: the game has moved on. "
                "Press **Show my hand** on the table for your current hand."
            )
        after = game.clone()
        try:
            after.apply(code, player=seat)
        except WizardError as error:
            text = str(error)
            raise Refusal(text[:1].upper() + text[1:] + ".") from None
        new_entries = after.log[game.version :]
        if after.is_over:
            record = TableRecord(
                table.id,
                table.guild_id,
                table.channel_id,
                table.host_id,
                table.edition,
                table.status,
                after.seed,
                table.message_id,
                0.0,
                0.0,
                table.records(),
            )
            await self.store.finish(record, after.result(), new_entries, game.version, now())
        else:
            await self.store.append(table.id, game.version, new_entries, now())
        table.game = after
        rounds_before = len(game.round_results)
        # The clicked message shows the player's new hand; if it is still their turn (they took the
        # trick and lead, say) it carries their next controls, and no other message is sent to them.
        mine = after.view(seat)
        controls = controls_view(table, mine)
        embed, files = await self.hand_message(
            table, mine, files_allowed=self.reply_allows_files(interaction)
        )
        await interaction.response.edit_message(embed=embed, view=controls, attachments=files)
        in_dm = interaction.guild_id is None and interaction.message is not None
        table.seats[seat].turn_message = interaction.message if controls is not None and in_dm else None
        await self._after_action(table, rounds_before, actor=seat)

    # -- telling everyone --------------------------------------------------------------------------

    async def _after_action(self, table: Table, rounds_before: int, actor: int) -> None:
        game = table.game
        assert game is not None
        new_round = len(game.round_results) > rounds_before
        if new_round:
            result = game.round_results[-1]
            await self._send_channel(table, embed=render.round_summary_embed(result, game.players))
        if game.is_over:
            await self._finish(table)
            return
        embed, files = await self.table_message(
            table, game.public_view(), files_allowed=self.channel_allows_files(table)
        )
        await self._edit_table_message(table, embed=embed, view=table_view(table), attachments=files)
        if new_round:
            await self._deal_out(table)
        await self._notify_turn(table, actor=actor)

    async def _finish(self, table: Table) -> None:
        game = table.game
        assert game is not None
        table.status = "finished"
        self._remove(table)
        await self._clear_ping(table)
        files_allowed = self.channel_allows_files(table)
        embed, files = await self.table_message(table, game.public_view(), files_allowed=files_allowed)
        await self._edit_table_message(table, embed=embed, view=None, attachments=files)
        result = game.result()
        final = render.final_embed(result, game.players, table.edition)
        chart = await self._with_picture(
            table, final, lambda: images.chart_file(result, game.players), files_allowed=files_allowed
        )
        await self._send_channel(table, embed=final, files=chart)

    async def _deal_out(self, table: Table) -> None:
        """Send every player their new hand; the player to act gets their controls with it."""
        game = table.game
        assert game is not None
        for seat_index, seat in enumerate(table.seats):
            if seat_index == game.current_player or seat.dms_closed:
                continue
            embed, files = await self.hand_message(table, game.view(seat_index))
            await self._dm(table, seat_index, embed, None, files)

    async def _notify_turn(self, table: Table, actor: int | None = None) -> None:
        """A new message to the player whose turn it is (an edited one would notify nobody)."""
        game = table.game
        assert game is not None and game.current_player is not None
        current = game.current_player
        seat = table.seats[current]
        await self._clear_ping(table)
        if current == actor:
            return
        view = game.view(current)
        if not seat.dms_closed:
            await self._strip_turn_message(seat)
            embed, files = await self.hand_message(table, view)
            message = await self._dm(table, current, embed, controls_view(table, view), files)
            if message is not None:
                seat.turn_message = message
                return
        what = {Phase.BID: "bid", Phase.PLAY: "play a card", Phase.CHOOSE_TRUMP: "choose trump"}[view.phase]
        ping = await self._send_channel(
            table, content=f"<@{seat.user_id}>, it's your turn to {what}: press **Show my hand**."
        )
        if ping is not None:
            table.ping_id = ping.id
            await self.store.set_ping(table.id, ping.id)

    async def _strip_turn_message(self, seat: Seat) -> None:
        """Take the controls off the player's previous turn message."""
        message, seat.turn_message = seat.turn_message, None
        if message is not None:
            with contextlib.suppress(discord.HTTPException):
                await message.edit(view=None)

    async def _clear_ping(self, table: Table) -> None:
        """Delete the channel's "your turn" ping, also one sent before a restart."""
        ping_id, table.ping_id = table.ping_id, None
        if ping_id is None:
            return
        await self.store.set_ping(table.id, None)
        channel = await self._channel(table)
        if channel is not None and hasattr(channel, "get_partial_message"):
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(ping_id).delete()

    async def _dm(
        self,
        table: Table,
        seat_index: int,
        embed: discord.Embed,
        view: discord.ui.View | None,
        files: list[discord.File],
    ) -> discord.Message | None:
        """Send a player a direct message; if their DMs are closed, say so once in the channel."""
        seat = table.seats[seat_index]
        try:
            if seat.dm_channel_id is None:
                # Opened once per player and process: with no member intents discord.py caches neither
                # users nor many DM channels, and each lookup would be a request under the table's lock.
                user = await self.bot.fetch_user(seat.user_id)
                seat.dm_channel_id = (await user.create_dm()).id
            channel = self.bot.get_partial_messageable(seat.dm_channel_id, type=discord.ChannelType.private)
            return await channel.send(embed=embed, view=view or discord.utils.MISSING, files=files)
        except discord.Forbidden as error:
            if error.code != DM_CLOSED:
                log.warning("Could not DM a player of table %d: %s", table.id, error)
        except discord.HTTPException as error:
            log.warning("Could not DM a player of table %d: %s", table.id, error)
            return None
        seat.dms_closed = True
        await self.store.set_dms_closed(table.id, seat_index)
        await self._send_channel(
            table,
            content=(
                f"<@{seat.user_id}>, I can't send you direct messages, so your hand is on the table: "
                "press **Show my hand** (or use `/wizard hand`) whenever you need it."
            ),
        )
        return None

    async def _channel(self, table: Table) -> discord.abc.Messageable | None:
        channel = self.bot.get_channel(table.channel_id)
        if channel is None:
            with contextlib.suppress(discord.HTTPException):
                channel = await self.bot.fetch_channel(table.channel_id)
        return channel if isinstance(channel, discord.abc.Messageable) else None

    async def _send_channel(self, table: Table, **kwargs: Any) -> discord.Message | None:
        channel = await self._channel(table)
        if channel is None:
            return None
        try:
            return await channel.send(**kwargs)
        except discord.Forbidden as error:
            if kwargs.get("files"):
                log.warning("No picture allowed in the channel of table %d (%s); text alone", table.id, error)
                return await self._send_channel(table, **without_pictures(kwargs))
            log.warning("Could not post in the channel of table %d: %s", table.id, error)
            return None
        except discord.HTTPException as error:
            log.warning("Could not post in the channel of table %d: %s", table.id, error)
            return None

    async def _edit_table_message(self, table: Table, **kwargs: Any) -> None:
        if table.message_id is None:
            return
        channel = await self._channel(table)
        if channel is None or not hasattr(channel, "get_partial_message"):
            return
        try:
            await channel.get_partial_message(table.message_id).edit(**kwargs)
        except discord.Forbidden as error:
            if kwargs.get("attachments"):
                log.warning("No picture allowed in the channel of table %d (%s); text alone", table.id, error)
                await self._edit_table_message(table, **without_pictures(kwargs))
            else:
                log.warning("Could not update the message of table %d: %s", table.id, error)
        except discord.HTTPException as error:
            log.warning("Could not update the message of table %d: %s", table.id, error)

    # -- ending a game early -----------------------------------------------------------------------

    def _check_may_end(self, interaction: discord.Interaction[WizardBot], table: Table, kind: str) -> None:
        if kind == "end" and not self._may_manage(interaction, table):
            raise Refusal("Only the host or a member with Manage Server can end this game.")
        if kind == "leave" and table.seat_of(interaction.user.id) is None:
            raise Refusal("You're not playing at this table.")

    async def ask_to_end(self, interaction: discord.Interaction[WizardBot], table: Table, kind: str) -> None:
        """Ask, privately, whether to end the game (``end``) or to leave it, which ends it (``leave``).

        The answers are game buttons, so they work at any later time, even after a restart; the
        permission is checked again when one is pressed.
        """
        self._check_may_end(interaction, table, kind)
        question = {
            "end": "End this game for everyone? No results will be recorded.",
            "leave": "Leave the game? Without you it ends for everyone, and no results are recorded.",
        }[kind]
        yes = "Yes, end it" if kind == "end" else "Yes, leave"
        view = discord.ui.View(timeout=None)
        view.add_item(button(yes, custom_id(kind, table.id, 0, "yes"), discord.ButtonStyle.danger, row=0))
        keep = custom_id(kind, table.id, 0, "no")
        view.add_item(button("Keep playing", keep, discord.ButtonStyle.secondary, row=0))
        await interaction.response.send_message(question, view=view, ephemeral=True)

    async def confirm_end(
        self, interaction: discord.Interaction[WizardBot], table: Table, kind: str, yes: bool
    ) -> None:
        """The answer to ``ask_to_end``."""
        if not yes:
            await interaction.response.edit_message(content="Nothing changed; the game goes on.", view=None)
            return
        self._check_may_end(interaction, table, kind)
        mention = interaction.user.mention
        why = (
            f"{mention} ended the game." if kind == "end" else f"{mention} left the table, so the game ended."
        )
        await interaction.response.edit_message(content="The game has ended.", view=None)
        await self.end_game(table, why)

    async def end_game(self, table: Table, why: str) -> None:
        """Stop a running game (the caller holds its lock); nothing is recorded for the leaderboard."""
        await self.store.close(table.id, "ended", now())
        table.status = "ended"
        self._remove(table)
        await self._clear_ping(table)
        for seat in table.seats:
            await self._strip_turn_message(seat)
        game = table.game
        assert game is not None
        embed, files = await self.table_message(
            table, game.public_view(), why, files_allowed=self.channel_allows_files(table)
        )
        await self._edit_table_message(table, embed=embed, view=None, attachments=files)
        await self._send_channel(table, content=f"{why} No results were recorded.")
