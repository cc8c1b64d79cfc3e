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

Computer players (``wizard_core.ai``) sit at a table as seats whose ``computer`` names their level. A
table's *driver* task makes their moves one at a time, each after a short pause and under the table's
lock, with the decision computed in a worker thread so the event loop never waits for it; each move is
stored exactly like a click. A table's *turn clock* reminds a player by DM at half of the server's turn
time, plays the turn for them with a computer when it runs out, and after two missed turns in a row
lets a computer play their seat until they press **Take my seat back**.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import re
import secrets
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar, cast

import discord

from cogs.server_settings.store import ServerSettings, ServerSettingsStore
from cogs.table import computers, render
from cogs.table import pictures as images
from cogs.table.store import FinishingTable, SeatRecord, TableExistsError, TableRecord, TableStore
from cogs.utils.components import Component
from cogs.utils.replies import Refusal, reply_privately, sentence
from cogs.utils.text import duration
from wizard_core import (
    CALL_FESTER,
    CALL_GIZZARD,
    EDITIONS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PLAY_HIDDEN,
    Game,
    Phase,
    PlayerView,
    PublicView,
    Rules,
    RulesError,
    WizardError,
    decode,
)
from wizard_core.ai import LEVELS, Level
from wizard_core.variants import PRESETS, VARIANTS

if TYPE_CHECKING:
    from bot import WizardBot

log = logging.getLogger(__name__)
ViewT = TypeVar("ViewT", PublicView, PlayerView)

PREFIX = "wizard"
CUSTOM_ID = re.compile(
    r"wizard:(?P<kind>[a-z]+):(?P<table>\d{1,19}):(?P<version>\d{1,9}):(?P<arg>[a-z0-9]{1,12})"
)
LOBBY_ACTIONS = ("join", "leave", "start", "cancel", "addcpu", "rmcpu", "edition", "preset", "variants")
# The lobby's select menus; the others are buttons.
LOBBY_MENUS = ("addcpu", "edition", "preset", "variants")
# The arguments each kind of component may carry (``act`` carries an action code).
VALID_ARGUMENTS = {
    "lobby": LOBBY_ACTIONS,
    "hand": ("show",),
    "act": (),
    "end": ("yes", "no"),
    "leave": ("yes", "no"),
    "seat": ("back",),
}
LEVEL_NAMES = {"easy": "Easy", "medium": "Medium", "hard": "Hard"}
LEVEL_HELP = {
    "easy": "Bids what its cards look worth and plays simply.",
    "medium": "Weighs its bids over sampled deals; plays simply.",
    "hard": "Weighs bids and every card over sampled deals.",
}
COMPUTER_NAMES = ("Ada", "Alan", "Grace", "Edsger", "Barbara", "Claude")
# The level of the computer that stands in for a player who runs out of time or leaves.
STAND_IN_LEVEL = "medium"
MISSED_TURNS_FOR_TAKEOVER = 2
# Actions of the play phase that are not a card of the hand: the Smyrna Style calls, the Forehead card.
SPECIAL_CODES = (CALL_GIZZARD, CALL_FESTER, PLAY_HIDDEN)
DM_CLOSED = 50007


def custom_id(kind: str, table_id: int, version: int, arg: str | int) -> str:
    """The custom_id of one of our components."""
    return f"{PREFIX}:{kind}:{table_id}:{version}:{arg}"


@dataclass
class Seat:
    """A player at a table, and the messages through which they play.

    A computer's seat has its level in ``computer`` and a negative ``user_id``. ``auto`` marks a
    member's seat that a computer plays for now, after ``missed`` turns in a row ran out of time.
    """

    user_id: int
    name: str
    dms_closed: bool = False
    computer: str | None = None
    auto: bool = False
    missed: int = 0
    turn_message: discord.Message | None = None
    dm_channel_id: int | None = None

    @property
    def played_by_computer(self) -> bool:
        """Whether a computer makes this seat's moves (its own seat, or standing in for the player)."""
        return self.computer is not None or self.auto

    @property
    def label(self) -> str:
        """The seat's name as the table shows it: computers are marked as such."""
        if self.computer is not None:
            return f"🤖 {self.name} ({LEVEL_NAMES[self.computer]})"
        if self.auto:
            return f"{self.name} (🤖 away)"
        return self.name

    @property
    def mention(self) -> str:
        """How a message names this seat: a mention for a member, the label for a computer."""
        return f"**{self.label}**" if self.computer is not None else f"<@{self.user_id}>"


@dataclass
class Turn:
    """A member's turn under way: when it began and whether they have been reminded."""

    started: float
    since: int
    reminded: bool = False


@dataclass
class Table:
    """A lobby or a running game, in memory."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    rules: Rules
    status: str
    seats: list[Seat]
    message_id: int | None = None
    game: Game | None = None
    updated_at: float = 0.0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    lobby_timer: asyncio.Task[None] | None = None
    ping_id: int | None = None
    # Seconds a member has for a turn (0: no limit), the turns under way, and the tasks that keep
    # time and make the computers' moves.
    turn_seconds: float = ServerSettings.turn_timer_seconds
    # The server's choices when the table opened: an idle lobby's lifetime (seconds) and pictures.
    lobby_timeout: float = 30 * 60
    images: bool = True
    turns: dict[int, Turn] = field(default_factory=dict)
    # A notice the table message keeps showing (a computer played for someone, someone left) until that
    # seat's player acts again or another notice replaces it: (seat, text).
    notice: tuple[int, str] | None = None
    clock: asyncio.Task[None] | None = None
    clock_due: float = 0.0
    driver: asyncio.Task[None] | None = None

    @property
    def edition(self) -> str:
        """The table's edition."""
        return self.rules.edition

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
        return [self.record(i) for i in range(len(self.seats))]

    def record(self, index: int) -> SeatRecord:
        """One seat as stored."""
        s = self.seats[index]
        return SeatRecord(index, s.user_id, s.name, s.dms_closed, s.computer, s.auto, s.missed)

    @property
    def members_present(self) -> bool:
        """Whether some member still plays their own seat (not away, not replaced by a computer)."""
        return any(seat.computer is None and not seat.auto for seat in self.seats)

    @property
    def labels(self) -> tuple[str, ...]:
        """Every seat's name as shown, computers marked."""
        return tuple(seat.label for seat in self.seats)

    def labelled(self, view: ViewT) -> ViewT:
        """A view of the game with the seats' labels as the players' names."""
        return dataclasses.replace(view, players=self.labels)

    def new_computer(self, level: str) -> Seat:
        """A computer seat with a free name and a negative id unique at this table."""
        taken_ids = {seat.user_id for seat in self.seats}
        user_id = next(i for i in range(-1, -100, -1) if i not in taken_ids)
        taken_names = {seat.name for seat in self.seats}
        name = next((n for n in COMPUTER_NAMES if n not in taken_names), f"Computer {-user_id}")
        return Seat(user_id, name, computer=level)


def now() -> float:
    """The current time as a Unix timestamp (Discord's clock, which tests can move)."""
    return discord.utils.utcnow().timestamp()


GameItem = discord.ui.Button[Any] | discord.ui.Select[Any]


class GameButton(Component[GameItem], template=r"wizard:(?P<rest>.{0,93})"):
    """Every button and select menu of the game."""

    what = "a game interaction"
    prefix = "wizard:"

    async def handle(self, interaction: discord.Interaction[Any], fields: Mapping[str, str]) -> None:
        manager = interaction.client.service(TableManager)
        await manager.handle_click(interaction, self.custom_id, self.values)


def button(
    label: str, cid: str, style: discord.ButtonStyle, *, row: int, disabled: bool = False
) -> GameButton:
    """A game button."""
    return GameButton(discord.ui.Button(label=label, custom_id=cid, style=style, row=row, disabled=disabled))


def lobby_view(table: Table) -> discord.ui.View:
    """Join, Leave, Start and Cancel; the host's menu to add a computer, and to remove one."""
    view = discord.ui.View(timeout=None)
    styles = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger,
    }
    for action, style in styles.items():
        view.add_item(button(action.capitalize(), custom_id("lobby", table.id, 0, action), style, row=0))
    if any(seat.computer is not None for seat in table.seats):
        remove = custom_id("lobby", table.id, 0, "rmcpu")
        view.add_item(button("Remove a computer", remove, discord.ButtonStyle.secondary, row=0))
    options = [
        discord.SelectOption(
            label=f"{LEVEL_NAMES[level]} computer", value=level, description=LEVEL_HELP[level]
        )
        for level in LEVELS
    ]
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=custom_id("lobby", table.id, 0, "addcpu"),
        placeholder="Add a computer player (host)…",
        options=options,
        row=1,
        disabled=len(table.seats) >= MAX_PLAYERS,
    )
    view.add_item(GameButton(select))
    rules = table.rules
    view.add_item(
        menu(
            table,
            "edition",
            "Edition (host)…",
            [
                discord.SelectOption(label=render.EDITION_NAMES[e], value=e, default=e == rules.edition)
                for e in EDITIONS
            ],
            row=2,
        )
    )
    view.add_item(
        menu(
            table,
            "preset",
            "Start from a preset (host)…",
            [
                discord.SelectOption(label=p.name, value=p.id, description=p.help[:100])
                for p in PRESETS.values()
            ],
            row=3,
        )
    )
    view.add_item(
        menu(
            table,
            "variants",
            "House rules (host)…",
            [
                discord.SelectOption(
                    label=v.name, value=v.id, description=v.help[:100], default=v.id in rules.variants
                )
                for v in VARIANTS.values()
            ],
            row=4,
            many=True,
        )
    )
    return view


def menu(
    table: Table,
    action: str,
    placeholder: str,
    options: list[discord.SelectOption],
    *,
    row: int,
    many: bool = False,
) -> GameButton:
    """A select menu of the lobby."""
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=custom_id("lobby", table.id, 0, action),
        placeholder=placeholder,
        options=options,
        row=row,
        min_values=0 if many else 1,
        max_values=len(options) if many else 1,
    )
    return GameButton(select)


def table_view(table: Table) -> discord.ui.View:
    """The table message's buttons: a private look at your hand with your controls, and, while a computer
    plays for someone who ran out of time, the button that gives them their seat back."""
    view = discord.ui.View(timeout=None)
    view.add_item(
        button("Show my hand", custom_id("hand", table.id, 0, "show"), discord.ButtonStyle.primary, row=0)
    )
    if any(seat.auto for seat in table.seats):
        view.add_item(take_back_button(table))
    return view


def take_back_button(table: Table) -> GameButton:
    """The one click that gives a player their seat back from the computer playing it."""
    cid = custom_id("seat", table.id, 0, "back")
    return button("Take my seat back", cid, discord.ButtonStyle.success, row=0)


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
        # A Smyrna Style call and the Forehead round's unseen card come first, then the hand.
        codes = [(code, True) for code in view.legal_actions if code in SPECIAL_CODES]
        seen: set[int] = set()
        for card in render.sort_hand(view.hand, view.trump):
            options = [
                code
                for code in view.legal_actions
                if code not in SPECIAL_CODES and decode(code).card == card  # type: ignore[union-attr]
            ]
            for code in options or [card.face]:
                if code not in seen:
                    seen.add(code)
                    codes.append((code, code in playable))
    else:
        codes = [(code, True) for code in view.legal_actions]
    for index, (code, enabled) in enumerate(codes[:25]):
        style = discord.ButtonStyle.primary
        if code in SPECIAL_CODES:
            label = render.play_label(code, view.trump)
            style = discord.ButtonStyle.danger if code != PLAY_HIDDEN else discord.ButtonStyle.primary
        elif view.phase is Phase.PLAY:
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

    def __init__(self, bot: WizardBot, store: TableStore, server_settings: ServerSettingsStore) -> None:
        self.bot = bot
        self.store = store
        self.server_settings = server_settings
        self.tables: dict[int, Table] = {}
        self.by_channel: dict[int, int] = {}
        self.computer_delay = bot.settings.computer_delay
        self.computer_budget_ms = bot.settings.computer_budget_ms
        # The Hands In count's beat; without a computer pause (tests, benchmarks) it has none either.
        self.count_step = 1.0 if self.computer_delay else 0.0

    # -- pictures ----------------------------------------------------------------------------------

    def pictures_on(self, table: Table) -> bool:
        """Whether the table's messages carry pictures: the server's choice, else ``WIZARD_IMAGES``."""
        return table.images

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
        view = table.labelled(view)
        embed = render.hand_embed(view)
        picture = await self._with_picture(
            table, embed, lambda: images.hand_file(view), files_allowed=files_allowed
        )
        return embed, picture

    async def table_message(
        self, table: Table, view: PublicView, note: str | None = None, *, files_allowed: bool
    ) -> tuple[discord.Embed, list[discord.File]]:
        """The table message: the embed and its picture of the trump and the trick.

        Without a ``note`` of its own, the message shows the table's standing notice, if any.
        """
        view = table.labelled(view)
        if note is None and table.notice is not None:
            note = table.notice[1]
        embed = render.table_embed(view, note=note)
        picture = await self._with_picture(
            table, embed, lambda: images.table_file(view), files_allowed=files_allowed
        )
        return embed, picture

    # -- loading -----------------------------------------------------------------------------------

    async def restore(self) -> None:
        """Rebuild every lobby and running game from the database (at start-up)."""
        for record in await self.store.open_tables():
            try:
                table = self._from_record(record)
                if record.status == "playing":
                    assert record.seed is not None
                    table.game = Game.replay(
                        [s.name for s in record.seats], record.table_rules, record.seed, record.log
                    )
            except (WizardError, AssertionError) as error:
                log.error("Table %d could not be restored (%s); ending it", record.id, error)
                await self.store.close(record.id, "ended", now())
                continue
            await self.apply_server_settings(table)
            if table.game is None:
                self._arm_lobby_timer(table)
            self._add(table)
            if table.game is not None:
                # Turns under way start afresh: nobody loses time to the restart.
                self._keep_going(table)
        log.info("Restored %d open table(s)", len(self.tables))

    async def apply_server_settings(self, table: Table) -> ServerSettings:
        """Give a table its server's turn time, lobby lifetime and pictures; return the server's settings."""
        server = await self.server_settings.get(table.guild_id)
        table.turn_seconds = float(server.turn_timer_seconds)
        minutes = server.lobby_timeout_minutes or self.bot.settings.lobby_timeout_minutes
        table.lobby_timeout = minutes * 60
        table.images = self.bot.settings.images if server.images is None else server.images
        return server

    def _from_record(self, record: TableRecord) -> Table:
        return Table(
            id=record.id,
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            host_id=record.host_id,
            rules=record.table_rules,
            status=record.status,
            seats=[Seat(s.user_id, s.name, s.dms_closed, s.computer, s.auto, s.missed) for s in record.seats],
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
        for task in (table.lobby_timer, table.clock, table.driver):
            if task is not None and task is not asyncio.current_task():
                task.cancel()

    def in_channel(self, channel_id: int) -> Table | None:
        """The open table of a channel."""
        table_id = self.by_channel.get(channel_id)
        return None if table_id is None else self.tables.get(table_id)

    def close(self) -> None:
        """Stop the lobby timers, turn clocks and computers (the bot is shutting down)."""
        for table in self.tables.values():
            for task in (table.lobby_timer, table.clock, table.driver):
                if task is not None:
                    task.cancel()

    # -- the lobby ---------------------------------------------------------------------------------

    async def new_table(self, interaction: discord.Interaction[WizardBot], edition: str | None) -> None:
        """Open a lobby in the interaction's channel, with the caller as host and the server's rules
        (in ``edition`` if one is given)."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        user = interaction.user
        server = await self.server_settings.get(interaction.guild_id)
        rules = server.rules()
        if edition is not None and edition != rules.edition:
            try:
                rules = Rules(edition, rules.variants, rules.nannie_every)
            except WizardError:
                rules = Rules(edition)
        try:
            record = await self.store.create(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                host_id=user.id,
                host_name=user.display_name,
                rules=rules,
                now=now(),
            )
        except TableExistsError as error:
            existing = self.tables.get(error.table_id)
            link = existing.jump_url if existing else "this channel"
            raise Refusal(f"This channel already has a table: {link}. Finish or cancel it first.") from None
        table = self._from_record(record)
        await self.apply_server_settings(table)
        self._add(table)
        await interaction.response.send_message(embed=self.lobby_embed(table), view=lobby_view(table))
        message = await interaction.original_response()
        table.message_id = message.id
        await self.store.set_message(table.id, message.id)
        self._arm_lobby_timer(table)

    def lobby_embed(self, table: Table, note: str | None = None) -> discord.Embed:
        """The lobby message."""
        embed = discord.Embed(
            title=f"{render.EDITION_NAMES[table.edition]}: a new table",
            description=(
                f"Host: <@{table.host_id}>. Press **Join** to take a seat; the host can add computer "
                f"players and presses **Start** with {MIN_PLAYERS} to {MAX_PLAYERS} players. "
                "Hands are sent by direct message."
            ),
            colour=discord.Colour.blurple(),
        )
        seats = "\n".join(f"{i + 1}. {seat.mention}" for i, seat in enumerate(table.seats))
        embed.add_field(name=f"Players ({len(table.seats)}/{MAX_PLAYERS})", value=seats or "nobody yet")
        chosen = [VARIANTS[v] for v in VARIANTS if v in table.rules.variants]
        rules = "\n".join(f"**{v.name}**: {v.help}" for v in chosen) or "No house rules: the published rules."
        if "nannie" in table.rules.variants and table.rules.nannie_every == 3:
            rules += "\nNannie's Rule eliminates after every third round."
        embed.add_field(name=f"Rules: {table.rules.describe()}"[:256], value=rules[:1024], inline=False)
        minutes = round(table.lobby_timeout / 60)
        embed.set_footer(text=f"An idle table closes itself after {minutes} minutes.")
        if note:
            embed.add_field(name="\u200b", value=note, inline=False)
        return embed

    async def lobby_click(
        self,
        interaction: discord.Interaction[WizardBot],
        table: Table,
        action: str,
        values: list[str] | None = None,
    ) -> None:
        """Join, Leave, Start, Cancel; the host's Add and Remove a computer and the rule menus."""
        if (values is not None) != (action in LOBBY_MENUS):
            raise Refusal("That menu isn't valid.")
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
            members = [s for s in table.seats if s.computer is None]
            if not table.seats:
                await self._cancel_lobby(interaction, table, f"{user.mention} left; the table is closed.")
                return
            if user.id == table.host_id and members:
                table.host_id = members[0].user_id
            # With only computers left the host stays host without a seat, to start a computers' game.
        elif action in ("addcpu", "rmcpu"):
            if user.id != table.host_id:
                raise Refusal(f"Only the host, <@{table.host_id}>, can add or remove computer players.")
            if action == "rmcpu":
                computers = [i for i, s in enumerate(table.seats) if s.computer is not None]
                if not computers:
                    raise Refusal("There is no computer player at this table.")
                del table.seats[computers[-1]]
            else:
                level = values[0] if values and len(values) == 1 else None
                if level not in LEVELS:
                    raise Refusal("That isn't a computer level: choose Easy, Medium or Hard.")
                if len(table.seats) >= MAX_PLAYERS:
                    raise Refusal(f"This table is full ({MAX_PLAYERS} players).")
                table.seats.append(table.new_computer(level))
        elif action in ("edition", "preset", "variants"):
            if user.id != table.host_id:
                raise Refusal(f"Only the host, <@{table.host_id}>, can choose the rules.")
            table.rules = self._chosen_rules(table.rules, action, values or [])
            table.updated_at = now()
            await self.store.set_rules(table.id, table.rules, table.updated_at)
            await interaction.response.edit_message(embed=self.lobby_embed(table), view=lobby_view(table))
            return
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

    @staticmethod
    def _chosen_rules(rules: Rules, action: str, values: list[str]) -> Rules:
        """The rules after the host's choice in one of the lobby's menus; a refusal names the problem."""
        try:
            if action == "edition":
                if len(values) != 1 or values[0] not in EDITIONS:
                    raise Refusal("That isn't an edition: choose Classic or Camelot.")
                return rules.with_edition(values[0])
            if action == "preset":
                if len(values) != 1 or values[0] not in PRESETS:
                    raise Refusal("That isn't one of the presets.")
                return Rules.from_preset(values[0])
            if len(set(values)) != len(values) or not set(values) <= set(VARIANTS):
                raise Refusal("That isn't a list of this bot's house rules.")
            return rules.with_variants(values)
        except RulesError as error:
            raise Refusal(f"{sentence(error)} Nothing was changed.") from None

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
        embed = discord.Embed(title=f"{render.EDITION_NAMES[table.edition]}: table closed", description=why)
        if interaction is not None:
            await interaction.response.edit_message(embed=embed, view=None)
        else:
            await self._edit_table_message(table, embed=embed, view=None)

    def _arm_lobby_timer(self, table: Table) -> None:
        table.lobby_timer = asyncio.create_task(self._lobby_timer(table), name=f"wizard-lobby-{table.id}")

    async def _lobby_timer(self, table: Table) -> None:
        """Close the lobby once it has been idle for the configured time."""
        while table.status == "lobby":
            remaining = table.updated_at + table.lobby_timeout - now()
            if remaining > 0:
                await asyncio.sleep(remaining)
                continue
            async with table.lock:
                if table.status == "lobby" and table.updated_at + table.lobby_timeout <= now():
                    minutes = round(table.lobby_timeout / 60)
                    await self._cancel_lobby(None, table, f"Closed after {minutes} minutes without activity.")
            return

    async def _start(self, interaction: discord.Interaction[WizardBot], table: Table) -> None:
        try:
            game = Game([s.name for s in table.seats], table.rules, seed=secrets.randbits(63))
        except RulesError as error:
            raise Refusal(f"{sentence(error)} Change the rules or the players, then start.") from None
        await self.store.set_seats(table.id, table.records(), table.host_id, now())
        await self.store.start(table.id, game.seed, game.log, now())
        table.game = game
        table.status = "playing"
        if table.lobby_timer is not None:
            table.lobby_timer.cancel()
            table.lobby_timer = None
        dealer = table.seats[game.first_dealer].label
        note = f"{render.display_name(dealer)} drew the highest card and deals first (R-1)."
        embed, files = await self.table_message(
            table, game.public_view(), note, files_allowed=self.reply_allows_files(interaction)
        )
        await interaction.response.edit_message(embed=embed, view=table_view(table), attachments=files)
        await self._deal_out(table)
        await self._notify_turn(table)
        self._keep_going(table)

    # -- clicks ------------------------------------------------------------------------------------

    async def handle_click(
        self, interaction: discord.Interaction[WizardBot], cid: str, values: list[str] | None = None
    ) -> None:
        """Every button and menu of ours ends here; refusals are answered privately, in words."""
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
                if values is not None and kind != "lobby":
                    raise Refusal("That menu isn't valid.")
                if kind == "lobby":
                    await self.lobby_click(interaction, table, arg, values)
                elif kind == "hand":
                    await self.show_hand(interaction, table)
                elif kind == "act":
                    await self.act(interaction, table, int(match["version"]), int(arg))
                elif kind == "seat":
                    await self.take_back(interaction, table)
                else:
                    await self.confirm_end(interaction, table, kind, arg == "yes")
        except Refusal as refusal:
            await reply_privately(interaction, str(refusal))

    async def show_hand(self, interaction: discord.Interaction[WizardBot], table: Table) -> None:
        """A private look at the caller's hand, with fresh controls on their turn."""
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal("You're not playing at this table.")
        assert table.game is not None
        view = table.game.view(seat)
        controls = None if table.seats[seat].auto else controls_view(table, view)
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
        player = table.seats[seat]
        if player.auto:
            raise Refusal(
                "A computer is playing your seat since you ran out of time twice in a row. "
                "Press **Take my seat back** on the table to play again."
            )
        turn = table.turns.get(seat)
        # While everyone bids at once the others' bids move the game on; a player's controls stay good
        # for as long as their turn lasts.
        if version != game.version and not (turn is not None and turn.since <= version <= game.version):
            raise Refusal(
                "This message is out of date: the game has moved on. "
                "Press **Show my hand** on the table for your current hand."
            )
        try:
            await self._commit(table, seat, code)
        except WizardError as error:
            raise Refusal(sentence(error)) from None
        if player.missed:
            player.missed = 0
            await self.store.set_seat(table.id, table.record(seat))
        if table.notice is not None and table.notice[0] == seat:
            table.notice = None
        after = table.game
        assert after is not None
        # The clicked message shows the player's new hand; if it is still their turn (they took the
        # trick and lead, say) it carries their next controls, and no other message is sent to them.
        mine = after.view(seat)
        controls = controls_view(table, mine)
        embed, files = await self.hand_message(
            table, mine, files_allowed=self.reply_allows_files(interaction)
        )
        await interaction.response.edit_message(embed=embed, view=controls, attachments=files)
        in_dm = interaction.guild_id is None and interaction.message is not None
        player.turn_message = interaction.message if controls is not None and in_dm else None
        await self._after_action(table, game, actor=seat)

    async def _commit(self, table: Table, seat: int, code: int) -> None:
        """Apply one seat's action to a copy of the game, store it, then make the copy the table's game.

        A refused action raises WizardError and changes nothing. The last action of a game stores the
        results in the same transaction.
        """
        game = table.game
        assert game is not None
        after = game.clone()
        after.apply(code, player=seat)
        new_entries = after.log[game.version :]
        if after.is_over:
            finishing = FinishingTable(table.id, table.guild_id, table.edition, table.records())
            await self.store.finish(finishing, after.result(), new_entries, game.version, now())
        else:
            await self.store.append(table.id, game.version, new_entries, now())
        table.game = after
        table.turns.pop(seat, None)

    async def take_back(self, interaction: discord.Interaction[WizardBot], table: Table) -> None:
        """Give a player their seat back from the computer that has been playing it."""
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal("You're not playing at this table.")
        player = table.seats[seat]
        if not player.auto:
            raise Refusal("Your seat is already yours: no computer is playing for you.")
        player.auto = False
        player.missed = 0
        await self.store.set_seat(table.id, table.record(seat))
        if table.notice is not None and table.notice[0] == seat:
            table.notice = None
        game = table.game
        assert game is not None
        yours = seat in self._waiting(game)
        text = "Welcome back: your seat is yours again."
        if yours:
            text += " It's your turn, and your controls are in a new message."
        await interaction.response.send_message(text, ephemeral=True)
        await self._edit_table_message(table, view=table_view(table))
        if yours:
            await self._notify_turn(table)
        self._keep_going(table)

    # -- computer players and the turn clock -------------------------------------------------------

    @staticmethod
    def _waiting(game: Game) -> tuple[int, ...]:
        """The seats that may act now: one, or several while everyone bids at once."""
        return game.to_act

    def _computer_to_act(self, table: Table) -> int | None:
        """A seat a computer plays that may act now, if there is one.

        A computer standing in for an away member plays only while some member is still at the table:
        when everyone is away the game waits, rather than play itself out and record it for them.
        """
        game = table.game
        if game is None or game.is_over:
            return None
        present = table.members_present
        for seat in self._waiting(game):
            player = table.seats[seat]
            if player.computer is not None or (player.auto and present):
                return seat
        return None

    def _keep_going(self, table: Table) -> None:
        """After every change to a running game: restart the turn clock for the members who are to act,
        and wake the computers if one of them is to act."""
        game = table.game
        if game is None or game.is_over or table.id not in self.tables:
            return
        waiting = [s for s in self._waiting(game) if not table.seats[s].played_by_computer]
        for seat in list(table.turns):
            if seat not in waiting:
                del table.turns[seat]
        # While everyone bids at once, each bid is one step of the game: the bidders' turns began that
        # many steps ago (this matters after a restart, when their controls are older than the game).
        since = game.version
        if game.current_player is None:
            since -= sum(bid is not None for bid in game.bids)
        for seat in waiting:
            table.turns.setdefault(seat, Turn(now(), since))
        self._arm_clock(table)
        if self._computer_to_act(table) is not None and (table.driver is None or table.driver.done()):
            table.driver = asyncio.create_task(self._drive(table), name=f"wizard-computers-{table.id}")

    async def _drive(self, table: Table) -> None:
        """Make the computers' moves, one at a time, each after a short pause, until a member is to act."""
        try:
            while True:
                if self.computer_delay:
                    await asyncio.sleep(self.computer_delay)
                async with table.lock:
                    if table.id not in self.tables or self.bot.closing:
                        return
                    seat = self._computer_to_act(table)
                    if seat is None:
                        return
                    await self._computer_move(table, seat)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("The computer players of table %d stopped", table.id)

    async def _computer_move(self, table: Table, seat: int) -> None:
        """One move by the computer playing a seat (the caller holds the table's lock).

        The decision is computed in a worker thread (``computers.think``): a hard player thinks for up
        to its budget, and the event loop goes on serving every other table meanwhile.
        """
        game = table.game
        assert game is not None
        view = game.view(seat)
        level = cast(Level, table.seats[seat].computer or STAND_IN_LEVEL)
        try:
            code = await computers.think(view, level, self.computer_budget_ms)
        except Exception:
            log.exception("A computer of table %d could not decide; it plays a legal action", table.id)
            code = view.legal_actions[0]
        try:
            await self._commit(table, seat, code)
        except WizardError:
            log.exception("A computer player of table %d chose an illegal action %d", table.id, code)
            await self._commit(table, seat, view.legal_actions[0])
        await self._after_action(table, game, actor=None)

    @staticmethod
    def _next_event(table: Table) -> tuple[float, int] | None:
        """When the turn clock has something to do next (a reminder or a time-out), and for which seat."""
        limit = table.turn_seconds
        due = [
            (turn.started + (limit if turn.reminded else limit / 2), seat)
            for seat, turn in table.turns.items()
        ]
        return min(due) if due and limit > 0 else None

    def _arm_clock(self, table: Table) -> None:
        """Make sure the turn clock wakes in time for the next event.

        A sleeping clock is left alone when it wakes early enough: it looks again when it wakes. Most
        turns end long before their reminder, so one timer serves many turns, instead of a new timer (and a
        cancelled one) for every move.
        """
        event = self._next_event(table)
        if event is None:
            return
        running = table.clock is not None and not table.clock.done()
        if running and table.clock_due <= event[0]:
            return
        if table.clock is not None and table.clock is not asyncio.current_task():
            table.clock.cancel()
        table.clock_due = event[0]
        table.clock = asyncio.create_task(self._turn_clock(table), name=f"wizard-clock-{table.id}")

    async def _turn_clock(self, table: Table) -> None:
        """Remind members at half their turn time, and play their turn for them when it runs out."""
        while table.clock is asyncio.current_task():
            event = self._next_event(table)
            if event is None:
                return
            when, seat = event
            if when > now():
                table.clock_due = when
                await asyncio.sleep(when - now())
                continue
            async with table.lock:
                if table.id not in self.tables or table.clock is not asyncio.current_task():
                    return
                turn = table.turns.get(seat)
                if turn is None:
                    continue
                deadline = turn.started + table.turn_seconds
                if not turn.reminded:
                    turn.reminded = True
                    if now() < deadline:
                        await self._remind(table, seat, deadline)
                        continue
                if now() >= deadline:
                    await self._time_out(table, seat)

    async def _remind(self, table: Table, seat: int, deadline: float) -> None:
        """Tell a member, privately if possible, that their turn is half over."""
        player = table.seats[seat]
        left = duration(deadline - now())
        text = (
            f"⏰ It's still your turn at the Wizard table in <#{table.channel_id}> ({table.jump_url}): "
            f"{left} left before a computer plays it for you."
        )
        if not player.dms_closed and await self._dm(table, seat, content=text) is not None:
            return
        await self._clear_ping(table)
        await self._ping(table, f"<@{player.user_id}>, ⏰ {left} left for your turn: press **Show my hand**.")

    async def _time_out(self, table: Table, seat: int) -> None:
        """A member's turn ran out: a computer plays it, and after the second miss in a row their seat."""
        player = table.seats[seat]
        player.missed += 1
        player.auto = player.missed >= MISSED_TURNS_FOR_TAKEOVER
        await self.store.set_seat(table.id, table.record(seat))
        await self._strip_turn_message(player)
        name = render.display_name(player.name)
        if player.auto:
            text = (
                f"⏱️ {name} ran out of time twice in a row: a computer plays for them until they press "
                "**Take my seat back**."
            )
            if not table.members_present:
                text += " Everyone is away now, so the game waits for someone to take their seat back."
        else:
            text = f"⏱️ {name} ran out of time, so a computer played their turn."
        table.notice = (seat, text)
        await self._computer_move(table, seat)
        if player.auto and table.id in self.tables and not player.dms_closed:
            view = discord.ui.View(timeout=None)
            view.add_item(take_back_button(table))
            await self._dm(
                table,
                seat,
                content=(
                    f"You ran out of time twice in a row at the Wizard table in <#{table.channel_id}>, so a "
                    "computer is playing your seat. Press the button whenever you want it back."
                ),
                view=view,
            )

    # -- telling everyone --------------------------------------------------------------------------

    async def _after_action(self, table: Table, before: Game, actor: int | None) -> None:
        """Tell everyone about an action: the round's summary, the table, new hands, whose turn it is.

        ``actor`` is the member whose click is being answered, with their next controls if any.
        """
        game = table.game
        assert game is not None
        new_round = len(game.round_results) > len(before.round_results)
        # The bidding of a round just ended: bids made at once are revealed, hands bid blind are shown.
        bids_done = not new_round and before.phase is Phase.BID and game.phase is Phase.PLAY
        if new_round:
            result = game.round_results[-1]
            await self._send_channel(table, embed=render.round_summary_embed(result, table.labels))
        if game.is_over:
            await self._finish(table)
            return
        await self._redraw_table(table)
        shown_before = before.public_view()
        hands_shown = bids_done and (shown_before.blind_bidding or shown_before.forehead_round)
        # The dealer chose trump: the hands are shown again, with the trump cards marked.
        trump_chosen = before.phase is Phase.CHOOSE_TRUMP and game.phase is not Phase.CHOOSE_TRUMP
        if new_round or hands_shown or (trump_chosen and not new_round):
            await self._deal_out(table)
        if bids_done and "hands-in" in table.rules.variants:
            await self._count_in(table, game.public_view())
        await self._notify_turn(table, actor=actor)
        self._keep_going(table)

    async def _redraw_table(self, table: Table) -> None:
        """Show a running game's current state on its table message, with the table's buttons."""
        assert table.game is not None
        embed, files = await self.table_message(
            table, table.game.public_view(), files_allowed=self.channel_allows_files(table)
        )
        await self._edit_table_message(table, embed=embed, view=table_view(table), attachments=files)

    async def _count_in(self, table: Table, view: PublicView) -> None:
        """Hands In: the bids are shown together on a count of three, in one channel message."""
        bids = ", ".join(
            f"{render.display_name(name)} **{bid}**"
            for name, bid in zip(table.labels, view.bids, strict=True)
            if bid is not None
        )
        message = await self._send_channel(table, content="✋ Hands in on three… **3**")
        if message is None:
            return
        for step in ("**3** · **2**", "**3** · **2** · **1**"):
            if self.count_step:
                await asyncio.sleep(self.count_step)
            with contextlib.suppress(discord.HTTPException):
                await message.edit(content=f"✋ Hands in on three… {step}")
        with contextlib.suppress(discord.HTTPException):
            await message.edit(content=f"✋ Hands in! Round {view.round_number} bids: {bids}")

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
        names = table.labels
        final = render.final_embed(result, names, table.edition)
        chart = await self._with_picture(
            table, final, lambda: images.chart_file(result, names), files_allowed=files_allowed
        )
        await self._send_channel(table, embed=final, files=chart)

    async def _deal_out(self, table: Table) -> None:
        """Send every player their new hand; the player to act gets their controls with it."""
        game = table.game
        assert game is not None
        for seat_index, seat in enumerate(table.seats):
            # Computers and eliminated players need no hand; the member to act gets theirs with controls.
            if seat.computer is not None or seat.dms_closed or not game.active[seat_index]:
                continue
            if seat_index in self._waiting(game) and not seat.auto:
                continue
            embed, files = await self.hand_message(table, game.view(seat_index))
            await self._dm(table, seat_index, embed=embed, files=files)

    async def _notify_turn(self, table: Table, actor: int | None = None) -> None:
        """A new message to the member whose turn it is (an edited one would notify nobody)."""
        game = table.game
        assert game is not None
        waiting = self._waiting(game)
        if not any(seat in table.turns for seat in waiting):
            await self._clear_ping(table)
        for current in waiting:
            # A member whose turn is under way (the others bid meanwhile) already has their controls.
            if (
                current != actor
                and current not in table.turns
                and not table.seats[current].played_by_computer
            ):
                await self._notify_member(table, current)

    async def _notify_member(self, table: Table, current: int) -> None:
        """Send one member their hand with their controls, or ping them in the channel without DMs."""
        game = table.game
        assert game is not None
        seat = table.seats[current]
        view = game.view(current)
        if not seat.dms_closed:
            await self._strip_turn_message(seat)
            embed, files = await self.hand_message(table, view)
            message = await self._dm(
                table, current, embed=embed, view=controls_view(table, view), files=files
            )
            if message is not None:
                seat.turn_message = message
                return
        what = {Phase.BID: "bid", Phase.PLAY: "play a card", Phase.CHOOSE_TRUMP: "choose trump"}[view.phase]
        await self._ping(table, f"<@{seat.user_id}>, it's your turn to {what}: press **Show my hand**.")

    async def _ping(self, table: Table, text: str) -> None:
        """Ping a member without DMs in the channel; the ping is remembered, to be deleted later."""
        ping = await self._send_channel(table, content=text)
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
        *,
        content: str | None = None,
        embed: discord.Embed | None = None,
        view: discord.ui.View | None = None,
        files: list[discord.File] | None = None,
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
            return await channel.send(
                content=content,
                embed=embed or discord.utils.MISSING,
                view=view or discord.utils.MISSING,
                files=files or discord.utils.MISSING,
            )
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
            "leave": (
                "Leave the game? A computer takes your seat and plays it to the end, "
                "and the game won't count for you."
            ),
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
        if kind == "leave":
            await interaction.response.edit_message(
                content="You left the game; a computer plays your seat to the end.", view=None
            )
            await self.replace_with_computer(table, interaction.user.id)
            return
        await interaction.response.edit_message(content="The game has ended.", view=None)
        await self.end_game(table, f"{mention} ended the game.")

    async def replace_with_computer(self, table: Table, user_id: int) -> None:
        """A member leaves a running game: a computer takes their seat for good, and the game goes on.

        The seat gets a computer's id, so the game's result is recorded as a computer's, not theirs.
        """
        seat = table.seat_of(user_id)
        assert seat is not None and table.game is not None
        player = table.seats[seat]
        await self._strip_turn_message(player)
        stand_in = table.new_computer(STAND_IN_LEVEL)
        left = player.name
        player.user_id, player.name = stand_in.user_id, f"Stand-in for {left}"
        player.computer = STAND_IN_LEVEL
        player.auto, player.missed = False, 0
        await self.store.set_seat(table.id, table.record(seat))
        if seat in self._waiting(table.game):
            await self._clear_ping(table)
        table.turns.pop(seat, None)
        table.notice = (seat, f"{render.display_name(left)} left; a computer plays their seat from here on.")
        await self._redraw_table(table)
        self._keep_going(table)

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
