"""One open table's session: it does each move end to end, one at a time.

A ``TableSession`` holds a table (``model.Table``: its seats, rules and game) and what only this process
has for it: the lock that puts its interactions in a row, its tasks (the lobby timer, the turn clock, the
computers, the table message's next edit) and the picture that message shows. A move goes through it in
one order: checked, applied to a copy of the game, stored with what it obliges the bot to show, answered,
and then shown to everyone (``announce``), with the turn clock and the computers started again.

The session is handed its collaborators in ``TableParts``: the store, the delivery of messages, the
announcer, the turn clock and the computer driver, shared by every session of the process. Each of them
declares, as a protocol, what it needs of a session, so none imports this module. A lobby's changes and a
game's end are functions of a session, below the class. ``lobby_flow.Lobbies`` opens sessions,
``restore.Restorer`` brings them back after a restart or a takeover, and ``registry.OpenTables`` finds
them.

A click's answer is one step that may fail (Discord takes none after 3 seconds): the move is complete
once it is stored, and what it calls for happens whether the answer was taken or not (``answered``).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

import aiohttp
import discord

from cogs.members.store import MemberSettingsStore
from cogs.server_settings.store import ServerSettings, ServerSettingsStore
from cogs.table import coach, lobby, render
from cogs.table.announce import Announcer, ShownHand, hands_in, news_of
from cogs.table.clock import MISSED_TURNS_FOR_TAKEOVER, TurnClock, end_turn, track_turns
from cogs.table.components import (
    ActButton,
    EndButton,
    HandButton,
    HintButton,
    LobbyButton,
    LobbyMenu,
    SeatButton,
    controls_view,
    end_question_view,
    lobby_embed,
    lobby_view,
    table_view,
    take_back_view,
)
from cogs.table.delivery import Delivery, reply_allows_files
from cogs.table.driver import STAND_IN_LEVEL, ComputerDriver
from cogs.table.model import Table, now
from cogs.table.outbox import PASSING_ERRORS, SEND_ERRORS, Outbox
from cogs.table.registry import manages_server
from cogs.table.store import (
    FinishingTable,
    News,
    StaleTableError,
    TableMovedError,
    TableStore,
    seat_record,
    seat_records,
    table_of,
)
from cogs.utils.components import invalid_control
from cogs.utils.i18n import Texts, guild_language, language_of
from cogs.utils.replies import Refusal
from cogs.utils.text import display_name, duration
from wizard_core import BidsRevealed, Event, Game, RoundScored, RulesError, WizardError, decode

if TYPE_CHECKING:
    from bot import WizardBot
    from cogs.hosting.metrics import Counter
    from cogs.table.registry import OpenTables

log = logging.getLogger(__name__)

# How long a private look at a hand can still be deleted through its interaction (Discord keeps an
# interaction's token for 15 minutes), with a margin.
SHOWN_FOR = 14 * 60


@dataclass
class TableParts:
    """What every session of the process works with."""

    bot: WizardBot
    store: TableStore
    server_settings: ServerSettingsStore
    delivery: Delivery
    announcer: Announcer
    clock: TurnClock
    driver: ComputerDriver
    # Moves stored, by kind and by whom.
    actions: Counter
    # Tries again to show the news Discord did not take.
    outbox: Outbox
    # The members' own settings (``/wizard me``).
    members: MemberSettingsStore


async def answered(reply: Awaitable[object], table_id: int) -> bool:
    """Send a click's answer, which Discord may refuse: it takes none later than 3 seconds after the click
    (10062 Unknown interaction), and now and then drops one. A move is complete once it is stored, so a
    refused answer is logged and everything the move calls for still happens; False tells the caller to
    show the answer another way where it matters (the table message, the member's hand message)."""
    try:
        await reply
    except (discord.HTTPException, aiohttp.ClientError, TimeoutError, OSError) as error:
        log.warning("Table %d: Discord refused the answer to a click (%s); the move goes on", table_id, error)
        return False
    return True


class Move(NamedTuple):
    """A move stored: what it caused (the rules core's events) and what it obliges the bot to show."""

    events: tuple[Event, ...]
    news: list[News]


class TableSession:
    """One open table of this process, and every move made at it."""

    def __init__(self, table: Table, parts: TableParts, registry: OpenTables[TableSession]) -> None:
        self.table = table
        self.parts = parts
        self.registry = registry
        self.lock = asyncio.Lock()
        self.lobby_timer: asyncio.Task[None] | None = None
        # The turn clock's task and when it is due to wake (``clock.TurnClock``).
        self.clock_task: asyncio.Task[None] | None = None
        self.clock_due = 0.0
        # The computers' task (``driver.ComputerDriver``).
        self.driver_task: asyncio.Task[None] | None = None
        # The table message's edits: when the last one was made, the edit waiting to follow it, and the
        # picture it shows, as (what it shows, the attachment at Discord), so an unchanged picture is
        # neither drawn nor uploaded again.
        self.drawn_at = float("-inf")
        self.redraw: asyncio.Task[None] | None = None
        self.picture: tuple[object, discord.Attachment] | None = None
        # Each member's hand message of the round in their DMs, by seat: sent when the round is dealt and
        # kept up to date in place; and the short DM telling them it is their turn, sent when they take a
        # while and deleted when the turn is over. Known to this process only.
        self.hands: dict[int, discord.Message] = {}
        self.nudges: dict[int, discord.Message] = {}
        # Each member's last private look at their hand (Show my hand, /wizard hand), by seat: the next
        # one replaces it, so private hands do not pile up under the table.
        self.shown: dict[int, discord.Interaction[WizardBot]] = {}
        # What each member's hand shows, and the answered click through which it can be redrawn
        # (``announce.ShownHand``): their hand message in DMs, or without DMs their last look.
        self.shown_hands: dict[int, ShownHand] = {}

    def __repr__(self) -> str:
        return f"<TableSession table={self.table.id} status={self.table.status}>"

    @property
    def is_open(self) -> bool:
        """Whether the table is still open in this process (checked again once the lock is held)."""
        return self.registry.holds(self)

    def tasks(self) -> list[asyncio.Task[None]]:
        """The session's running tasks: its lobby timer, turn clock, computers and waiting edit."""
        tasks = (self.lobby_timer, self.clock_task, self.driver_task, self.redraw)
        return [task for task in tasks if task is not None]

    def stop(self) -> None:
        """Stop the session's tasks (but the one calling, which ends by itself)."""
        for task in self.tasks():
            if task is not asyncio.current_task():
                task.cancel()

    def close(self) -> None:
        """The table closed: it leaves the registry, and its tasks stop."""
        self.registry.remove(self)

    async def apply_server_settings(self) -> ServerSettings:
        """Give the table its server's turn time, lobby lifetime, pictures and language."""
        table, bot = self.table, self.parts.bot
        server = await self.parts.server_settings.get(table.guild_id)
        table.turn_seconds = float(server.turn_timer_seconds)
        table.nudge_seconds = bot.settings.nudge_seconds
        minutes = server.lobby_timeout_minutes or bot.settings.lobby_timeout_minutes
        table.lobby_timeout = minutes * 60
        table.images = bot.settings.images if server.images is None else server.images
        table.lang = guild_language(server.language, bot.get_guild(table.guild_id))
        await self.load_member_settings()
        return server

    async def load_member_settings(self) -> None:
        """Give each seated member their own settings (``/wizard me``)."""
        table = self.table
        found = await self.parts.members.get_many(table.guild_id, [seat.user_id for seat in table.seats])
        for seat in table.seats:
            if seat.user_id in found:
                seat.settings = found[seat.user_id]

    async def remember_message(self, message: discord.Message | None) -> None:
        """Keep a new table message's id (it replaces the one before)."""
        if message is not None:
            self.table.message_id = message.id
            await self.parts.store.set_message(self.table.id, message.id)

    async def remember_answer(
        self,
        interaction: discord.Interaction[WizardBot],
        sent: discord.InteractionCallbackResponse[WizardBot],
    ) -> None:
        """Keep the id of the table message a command's answer posted. Discord returns the message with
        the answer, so it is known at once, without a second request (fetched only if it was not)."""
        message = sent.resource if isinstance(sent.resource, discord.Message) else None
        if message is None:
            try:
                message = await interaction.original_response()
            except discord.HTTPException as error:
                # A click on it tells its id (``TableComponent``); a restart finds it (``show_again``).
                log.warning("Could not learn the message of table %d: %s", self.table.id, error)
        await self.remember_message(message)

    def seat_of(self, interaction: discord.Interaction[WizardBot], t: Texts) -> int:
        """The clicker's seat, or a refusal if they do not play here."""
        seat = self.table.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal(t("table-refusal-not-playing"))
        return seat

    # -- what the components ask (each with the table's lock held) -------------------------------------

    async def serve(
        self, click: object, interaction: discord.Interaction[WizardBot], t: Texts
    ) -> Callable[[], Awaitable[None]] | None:
        """Serve a click of one of the table's component families, its id parsed into ``click``, in the
        clicker's language ``t`` (the family checked that the table is open, in the family's state, and
        that the click comes from where the family is shown). A Hint's advice is left to work out once
        the lock is let go (returned), so the table's moves need not wait for it."""
        await self._store_languages()
        match click:
            case ActButton():
                await self.act(interaction, t, click.version, click.code)
            case HandButton():
                await self.show_hand(interaction, t)
            case LobbyButton():
                await press_lobby_button(self, interaction, t, click.action)
            case LobbyMenu():
                await choose_in_lobby(self, interaction, t, click.menu, list(click.values or []))
            case EndButton():
                await confirm_end(self, interaction, t, click.kind, click.yes)
            case SeatButton():
                await self.take_back(interaction, t)
            case HintButton():
                return await coach.hint(self, interaction, t, click.version)
            case _:
                raise TypeError(f"no table control is served as {type(click).__name__}")
        return None

    async def _store_languages(self) -> None:
        """Store the languages that members' clicks showed have changed (``Table.reader_texts``), so the
        DMs the bot sends them on its own keep following them after a restart or a takeover."""
        table = self.table
        while table.languages_changed:
            user_id = table.languages_changed.pop()
            seat = table.seat_of(user_id)
            if seat is not None:
                try:
                    await self.parts.store.set_language(table.id, user_id, table.seats[seat].lang)
                except BaseException:
                    table.languages_changed.add(user_id)  # stored with a later click
                    raise

    # -- the start ---------------------------------------------------------------------------------

    async def start(self, interaction: discord.Interaction[WizardBot], t: Texts) -> None:
        """Start the lobby's game, as the answer to its Start button."""
        table, parts = self.table, self.parts
        try:
            game = Game([s.name for s in table.seats], table.rules, seed=secrets.randbits(63))
        except RulesError as error:
            raise Refusal(t("lobby-refusal-start", reason=render.error_text(error, t=t))) from None
        # The first hands are news like a new round's: stored with the start, so a crash before they are
        # sent has them sent at the next start.
        news = [News("deal", game.version)]
        try:
            await parts.store.start(table.id, game.seed, game.log, now(), read_at=table.updated_at, news=news)
        except StaleTableError:
            raise Refusal(t("table-refusal-changed-elsewhere")) from None
        table.game = game
        table.status = "playing"
        await self.load_member_settings()  # of the members who joined the lobby since it opened
        if self.lobby_timer is not None:
            self.lobby_timer.cancel()
            self.lobby_timer = None
        dealer = table.seats[game.first_dealer].label(table.texts)
        note = table.texts("table-first-dealer", name=display_name(dealer))
        embeds, files = await parts.delivery.table_message(
            table, game.public_view(), note, files_allowed=reply_allows_files(interaction)
        )
        self.drawn_at = now()
        answer = interaction.response.edit_message(embeds=embeds, view=table_view(table), attachments=files)
        if not await answered(answer, table.id):
            await parts.delivery.show_table(self, game.public_view(), table_view(table), note)
        await parts.announcer.deal_out(self)
        await parts.store.delivered(table.id, news)
        await parts.announcer.notify_turn(self)
        self.keep_going()

    async def bring_back(self, interaction: discord.Interaction[WizardBot]) -> None:
        """Post the table (a lobby or a game) again at the bottom of the channel, as the answer to the
        command, once the members' chat has pushed it out of sight. The old message is retired: it points
        to the new one, and a game's buttons on it (Show my hand) still answer."""
        table, delivery = self.table, self.parts.delivery
        if table.game is None:
            sent = await interaction.response.send_message(embed=lobby_embed(table), view=lobby_view(table))
        else:
            embeds, files = await delivery.table_message(
                table, table.game.public_view(), files_allowed=reply_allows_files(interaction)
            )
            sent = await interaction.response.send_message(embeds=embeds, view=table_view(table), files=files)
            self.drawn_at = now()
        old_id = table.message_id  # the old message, edited below to point to the new one
        self.picture = None  # the new message's picture is not known here
        await self.remember_answer(interaction, sent)
        if old_id is None:
            return  # the table had no message (never posted, or its id lost)
        await delivery.edit_table_message(
            self,
            message_id=old_id,
            content=table.texts("table-moved", url=table.jump_url),
            embeds=[],
            attachments=[],
            view=None if table.game is None else table_view(table),
        )

    # -- moves -------------------------------------------------------------------------------------

    async def show_hand(self, interaction: discord.Interaction[WizardBot], t: Texts) -> None:
        """A private look at the caller's hand, with fresh controls on their turn."""
        table = self.table
        seat = self.seat_of(interaction, t)
        view = table.running.view(seat)
        controls = None if table.seats[seat].auto else controls_view(table, view, t)
        embed, files = await self.parts.delivery.hand_message(
            table, view, t=t, files_allowed=reply_allows_files(interaction)
        )
        await interaction.response.send_message(
            embed=embed, view=controls or discord.utils.MISSING, files=files, ephemeral=True
        )
        if table.seats[seat].dms_closed:
            self.shown_hands[seat] = ShownHand.of(view, controls is not None, interaction)
        # The look before goes (its interaction's token lets the bot delete it for 15 minutes).
        previous, self.shown[seat] = self.shown.get(seat), interaction
        if (
            previous is not None
            and (interaction.created_at - previous.created_at).total_seconds() < SHOWN_FOR
        ):
            with contextlib.suppress(*SEND_ERRORS):
                await previous.delete_original_response()

    async def act(
        self, interaction: discord.Interaction[WizardBot], t: Texts, version: int, code: int
    ) -> None:
        """Apply a bid, a trump choice or a card; written to the database before it is answered."""
        table = self.table
        game = table.running
        seat = self.seat_of(interaction, t)
        player = table.seats[seat]
        if player.auto:
            raise Refusal(t("table-refusal-away"))
        # A hand message keeps its buttons all round: a click from it is good while its round lasts, and
        # the rules core refuses what is not legal at that moment (not their turn, a card that does not
        # follow suit, a double click). Such a refusal is answered by the hand itself, redrawn as it is
        # now with the reason on top.
        if version > game.version:
            raise Refusal(invalid_control(t, menu=False))
        if version < game.round_version:
            closed = player.dms_closed
            raise Refusal(t("table-refusal-earlier-round-show" if closed else "table-refusal-earlier-round"))
        try:
            decode(code)
        except WizardError as error:  # no action at all: a forged button, answered privately
            raise Refusal(render.error_text(error, t=t)) from None
        if version < player.moved_at:
            # Drawn before the member's own last move: a double click, or a second tab. A card button
            # names a card of the hand at one version of the game; the card may be played already.
            await self._refuse_in_place(interaction, seat, t, t("table-refusal-moved-since"))
            return
        try:
            move = await self._commit(seat, code)
        except WizardError as error:
            await self._refuse_in_place(interaction, seat, t, render.error_text(error, t=t))
            return
        player.moved_at = table.running.version  # their controls drawn before now are out of date
        if player.missed:
            player.missed = 0
            await self.parts.store.set_seat(table.id, seat_record(table, seat))
        self._clear_notice(seat)
        round_over = any(isinstance(event, RoundScored) for event in move.events)
        await self._answer_move(interaction, seat, t, round_over=round_over)
        await self._after_action(move)

    async def _refuse_in_place(
        self, interaction: discord.Interaction[WizardBot], seat: int, t: Texts, reason: str
    ) -> None:
        """Answer a refused click on a hand by redrawing that hand as it is now, its buttons what the
        member may do, with the reason on top (no separate message)."""
        table = self.table
        mine = table.running.view(seat)
        embed, files = await self.parts.delivery.hand_message(
            table, mine, t=t, files_allowed=reply_allows_files(interaction), note=reason
        )
        controls = controls_view(table, mine, t)
        answer = interaction.response.edit_message(embed=embed, view=controls, attachments=files)
        if await answered(answer, table.id):
            self._linked(interaction, seat, ShownHand.of(mine, controls is not None, interaction))

    def _linked(self, interaction: discord.Interaction[WizardBot], seat: int, shown: ShownHand) -> None:
        """Keep what a member's hand shows after an answer on it; an answer on another message (a look
        through Show my hand, when their hand is in DMs) leaves it as it was."""
        clicked, hand = interaction.message, self.hands.get(seat)
        on_hand = hand is not None and clicked is not None and clicked.id == hand.id
        if on_hand or self.table.seats[seat].dms_closed:
            self.shown_hands[seat] = shown

    async def _answer_move(
        self, interaction: discord.Interaction[WizardBot], seat: int, t: Texts, *, round_over: bool
    ) -> None:
        """Answer a member's move on the clicked message: their hand as it is now, with its buttons for the
        rest of the round (or, their round over, how it went). The answer to a click is not counted by
        Discord against the bot's request limit; the hand message, if the click came from elsewhere (Show
        my hand), is edited too."""
        table, announcer = self.table, self.parts.announcer
        game = table.running
        clicked = interaction.message
        hand = self.hands.get(seat)
        elsewhere = hand is not None and (clicked is None or clicked.id != hand.id)
        if round_over:
            result = game.round_results[-1]
            dms = not table.seats[seat].dms_closed
            embed = render.round_over_embed(result, seat, t=t, game_over=game.is_over, dms=dms)
            answer = interaction.response.edit_message(embed=embed, view=None, attachments=[])
            if await answered(answer, table.id):
                self._linked(interaction, seat, ShownHand(False, frozenset(), interaction))
            if elsewhere and not (game.is_over and table.coach):  # else the coach's last line goes there
                await announcer.retire_hand(self, seat)
            return
        mine = game.view(seat)
        embed, files = await self.parts.delivery.hand_message(
            table, mine, t=t, files_allowed=reply_allows_files(interaction)
        )
        controls = controls_view(table, mine, t)
        answer = interaction.response.edit_message(embed=embed, view=controls, attachments=files)
        took = await answered(answer, table.id)
        if took:
            self._linked(interaction, seat, ShownHand.of(mine, controls is not None, interaction))
        if not took and not table.seats[seat].dms_closed:
            # Their new hand reaches them through their hand message instead (the clicked one, if it
            # was that: edited in place).
            await announcer.refresh_hand(self, seat)
        elif elsewhere:
            await announcer.refresh_hand(self, seat)

    async def _commit(self, seat: int, code: int) -> Move:
        """Apply one seat's action to a copy of the game, store it, then make the copy the table's game.

        A refused action raises WizardError and changes nothing. What the action obliges the bot to show
        (a round's summary, new hands, the standings) is stored with it, and the last action of a game
        stores the results too, all in one transaction. Returns what it caused and that news, to be
        delivered.
        """
        table, store = self.table, self.parts.store
        game = table.running
        after = game.clone()
        events = after.apply(code, player=seat)
        new_entries = after.log[game.version :]
        news = news_of(events, after)
        if after.is_over:
            finishing = FinishingTable(
                table.id, table.guild_id, table.edition, seat_records(table), practice=table.coach
            )
            await store.finish(finishing, after.result(), new_entries, game.version, now(), news)
        else:
            await store.append(table.id, game.version, new_entries, now(), news, game=after)
        table.game = after
        end_turn(table, seat)
        by = "computer" if table.seats[seat].played_by_computer else "member"
        self.parts.actions.inc(kind=type(decode(code)).__name__.lower(), by=by)
        return Move(events, news)

    def _clear_notice(self, seat: int) -> None:
        notice = self.table.notice
        if notice is not None and notice[0] == seat:
            self.table.notice = None

    async def computer_move(self, seat: int) -> None:
        """One move by the computer playing a seat (the caller holds the table's lock)."""
        view = self.table.running.view(seat)
        code = await self.parts.driver.decide(self.table, seat, view)
        try:
            move = await self._commit(seat, code)
        except WizardError:
            log.exception("A computer player of table %d chose an illegal action %d", self.table.id, code)
            move = await self._commit(seat, view.legal_actions[0])
        await self._after_action(move)

    async def take_back(self, interaction: discord.Interaction[WizardBot], t: Texts) -> None:
        """Give a player their seat back from the computer that has been playing it."""
        table, announcer = self.table, self.parts.announcer
        seat = self.seat_of(interaction, t)
        player = table.seats[seat]
        if not player.auto:
            raise Refusal(t("table-refusal-seat-yours"))
        player.auto = False
        player.missed = 0
        await self.parts.store.set_seat(table.id, seat_record(table, seat))
        self._clear_notice(seat)
        sentences = [t("table-welcome-back")]
        if player.dms_closed:
            sentences.append(t("table-welcome-back-show-hand"))
        else:
            sentences.append(t("table-welcome-back-dm"))
        if seat in table.running.to_act:
            sentences.append(t("table-welcome-back-your-turn"))
        await answered(interaction.response.send_message(" ".join(sentences), ephemeral=True), table.id)
        await announcer.redraw_table(self)
        if not player.dms_closed:
            await announcer.send_hand(self, seat)
        await announcer.notify_turn(self)
        self.keep_going()

    def keep_going(self) -> None:
        """After every change to a running game: time the turns of the members who are to act, and wake
        the computers if one of them is to act."""
        game = self.table.game
        if game is None or game.is_over or not self.is_open:
            return
        track_turns(self.table)
        self.parts.clock.arm(self)
        self.parts.driver.wake(self)

    # -- the turn clock's events -------------------------------------------------------------------

    async def nudge(self, seat: int) -> None:
        """Tell a member who seems away that it is their turn, a few seconds into it: by DM, or with a
        mention in the channel for a member without DMs (only then: not at every turn)."""
        announcer = self.parts.announcer
        if not self.table.seats[seat].settings.reminders:
            return  # they asked for no reminders (/wizard me)
        if self.table.seats[seat].dms_closed:
            await announcer.ping(self, seat)
        else:
            await announcer.nudge(self, seat)

    async def remind(self, seat: int, deadline: float) -> None:
        """Tell a member, privately if possible, that their turn is half over (in place of their nudge)."""
        table = self.table
        player = table.seats[seat]
        if not player.settings.reminders:
            return  # they asked for no reminders (/wizard me)
        if not player.dms_closed:
            t = table.seat_texts(seat)
            left = duration(deadline - now(), t=t)
            text = t("table-reminder", channel=str(table.channel_id), url=table.jump_url, left=left)
            await self.parts.announcer.nudge(self, seat, text)
            if seat in self.nudges:
                return
        t = table.texts
        left = duration(deadline - now(), t=t)
        await self.clear_ping()
        await self.ping(t("table-reminder-ping", mention=f"<@{player.user_id}>", left=left))

    async def time_out(self, seat: int) -> None:
        """A member's turn ran out: a computer plays it, and after the second miss in a row their seat."""
        table, announcer = self.table, self.parts.announcer
        player = table.seats[seat]
        player.missed += 1
        player.auto = player.missed >= MISSED_TURNS_FOR_TAKEOVER
        await self.parts.store.set_seat(table.id, seat_record(table, seat))
        name = display_name(player.name)
        t = table.texts
        if player.auto:
            text = t("table-timed-out-twice", name=name)
            if not table.members_present:
                text += " " + t("table-everyone-away")
        else:
            text = t("table-timed-out", name=name)
        table.notice = (seat, text)
        await self.computer_move(seat)
        if not self.is_open or player.dms_closed:
            return
        # Their hand message shows the move made for them (and, once a computer plays their seat, no
        # buttons any more).
        await announcer.refresh_hand(self, seat)
        if player.auto:
            t = table.seat_texts(seat)
            await announcer.dm(
                self,
                seat,
                content=t("table-timed-out-dm", channel=str(table.channel_id)),
                view=take_back_view(table, t),
            )

    # -- the channel's ping and closed DMs (the sending layer stores nothing) ---------------------------

    async def ping(self, text: str) -> None:
        """Ping a member without DMs in the channel; the ping is remembered, to be deleted later."""
        ping_id = await self.parts.delivery.ping(self.table, text)
        if ping_id is not None:
            self.table.ping_id = ping_id
            await self.parts.store.set_ping(self.table.id, ping_id)

    async def clear_ping(self) -> None:
        """Delete the channel's "your turn" ping, also one sent before a restart."""
        ping_id, self.table.ping_id = self.table.ping_id, None
        if ping_id is None:
            return
        await self.parts.store.set_ping(self.table.id, None)
        await self.parts.delivery.delete_in_channel(self.table, ping_id)

    async def dms_closed(self, seat: int) -> None:
        """A member's DMs turned out closed: from now on they play through Show my hand, and the channel
        is told once."""
        table = self.table
        player = table.seats[seat]
        player.dms_closed = True
        await self.parts.store.set_dms_closed(table.id, seat)
        text = table.texts("table-dms-closed", mention=f"<@{player.user_id}>")
        await self.parts.delivery.send_channel(table, content=text)

    # -- after every move --------------------------------------------------------------------------

    async def _after_action(self, move: Move) -> None:
        """Tell everyone about an action: the news it brought (a new round's hands, the final standings),
        the table, and whose turn it is."""
        table, announcer = self.table, self.parts.announcer
        game = table.running
        # The bidding of a round just ended: with Hands In, the table shows the bids, on a count of three.
        bids_done = any(isinstance(event, BidsRevealed) for event in move.events)
        if bids_done and "hands-in" in table.rules.variants and game.current_player is not None:
            t = table.texts
            table.notice = (game.current_player, hands_in(table.labelled(game.public_view(), t), t=t))
        await self.deliver(move.news)
        if game.is_over:
            return
        await announcer.notify_turn(self)
        await announcer.light_hands(self)
        self.keep_going()
        await announcer.clear_nudges(self)

    async def deliver(self, news: list[News]) -> None:
        """Show the news of an action, and the table message with it. Each piece of news was stored with
        the action and is forgotten once shown, so a crash in between shows it at the next start.

        A round's scores are part of the table message; new hands are new messages in a new round, and
        the hand messages edited in place when the same round's hands are shown again (trump chosen, the
        blind bidding over).
        """
        table, game = self.table, self.table.running
        announcer, delivery, outbox = self.parts.announcer, self.parts.delivery, self.parts.outbox
        passing, lasting, fenced = (
            delivery.passing[table.id],
            delivery.lasting[table.id],
            delivery.fenced[table.id],
        )
        try:
            if game.is_over:
                if any(item.kind == "final" for item in news):
                    await coach.review_round(self)  # the coach's line on each member's last hand
                    await finish(self)
                # Else only a round's news of a game since finished: the final standings showed it.
            else:
                await announcer.redraw_table(self)
                deals = [item.key for item in news if item.kind == "deal"]
                if deals and min(deals) <= game.round_version:
                    await coach.review_round(self)  # the line on each member's new hand
                    await announcer.deal_out(self)
                elif deals:
                    await announcer.refresh_hands(self)
        except PASSING_ERRORS as error:
            delivery.failed(table, "show the news", error)
        if delivery.fenced[table.id] > fenced or not delivery.may_write(table):
            return  # this process may have lost the table: the news is its new owner's to show
        if delivery.passing[table.id] > passing:
            # Discord did not take all of it for now: it stays in the outbox, to be shown again later.
            outbox.again_later(table.id)
            return
        if delivery.lasting[table.id] > lasting:
            outbox.refused(table.id)
        with contextlib.suppress(TableMovedError):  # moved meanwhile: its new owner shows the news
            await self.parts.store.delivered(table.id, news)


# -- a lobby's changes (the session's lock held) ---------------------------------------------------------


async def press_lobby_button(
    session: TableSession, interaction: discord.Interaction[WizardBot], t: Texts, action: str
) -> None:
    """A lobby button: Join, Leave, Start, Cancel, add or remove a computer, the coach on or off (the
    session's lock held)."""
    table = session.table
    user = interaction.user
    if action == "start":
        lobby.check_start(table, user.id, t=t)
        await session.start(interaction, t)
        return
    if action == "cancel":
        if not lobby.may_manage(table, user.id, manages_server(interaction)):
            raise Refusal(t("lobby-refusal-cancel"))
        await cancel_lobby(session, interaction, table.texts("lobby-cancelled-by", name=user.mention))
        return
    async with lobby_change(session, t):
        if action == "join":
            lobby.join(table, user.id, user.display_name, t=t, lang=language_of(interaction.locale))
        elif action in lobby.ADD_COMPUTER:
            lobby.add_computer(table, user.id, lobby.ADD_COMPUTER[action], t=t)
        elif action == "rmcpu":
            lobby.remove_computer(table, user.id, t=t)
        elif action == "coach":
            lobby.toggle_coach(table, user.id, t=t)
            await store_lobby(session, seats=False)
            await show_lobby(session, interaction)
            return
        elif lobby.leave(table, user.id, t=t) is lobby.Left.EMPTY:
            why = table.texts("lobby-left-closed", name=user.mention)
            await cancel_lobby(session, interaction, why)
            return
        await store_lobby(session, seats=True)
    await show_lobby(session, interaction)


async def choose_in_lobby(
    session: TableSession, interaction: discord.Interaction[WizardBot], t: Texts, menu: str, values: list[str]
) -> None:
    """A lobby menu: the edition, a preset or the house rules (the session's lock held)."""
    table = session.table
    async with lobby_change(session, t):
        lobby.choose_rules(table, interaction.user.id, menu, values, t=t)
        await store_lobby(session, seats=False)
    await show_lobby(session, interaction)


async def show_lobby(session: TableSession, interaction: discord.Interaction[WizardBot]) -> None:
    """Show a lobby's change as the answer to the click that made it (or, if Discord refused the answer,
    by an edit of the lobby message)."""
    table = session.table
    embed, view = lobby_embed(table), lobby_view(table)
    if not await answered(interaction.response.edit_message(embed=embed, view=view), table.id):
        await session.parts.delivery.edit_table_message(session, embed=embed, view=view)


async def store_lobby(session: TableSession, *, seats: bool) -> None:
    """Store a change of the lobby's seats (and host) or rules (and coach), unless someone else changed it
    first."""
    table, store = session.table, session.parts.store
    read_at, table.updated_at = table.updated_at, now()
    if seats:
        await store.set_seats(table.id, seat_records(table), table.host_id, table.updated_at, read_at=read_at)
    else:
        await store.set_rules(table.id, table.rules, table.updated_at, read_at=read_at, coach=table.coach)


@contextlib.asynccontextmanager
async def lobby_change(session: TableSession, t: Texts) -> AsyncIterator[None]:
    """Around a change of the lobby: if it cannot be stored (or is refused), memory is put back as it
    was; if someone else changed the lobby meanwhile, memory is read again from the database and the
    click is refused, so memory and database always agree."""
    table = session.table
    saved = (list(table.seats), table.host_id, table.rules, table.coach, table.updated_at)
    try:
        yield
    except StaleTableError:
        record = await session.parts.store.get(table.id)
        if record is not None:
            fresh = table_of(record)
            table.seats, table.host_id, table.rules = fresh.seats, fresh.host_id, fresh.rules
            table.coach, table.updated_at = fresh.coach, fresh.updated_at
        raise Refusal(t("table-refusal-changed-elsewhere")) from None
    except BaseException:
        table.seats, table.host_id, table.rules, table.coach, table.updated_at = saved
        raise


async def cancel_lobby(
    session: TableSession, interaction: discord.Interaction[WizardBot] | None, why: str
) -> None:
    """Close the lobby without a game: as the answer to ``interaction`` (a click), or on its own."""
    table = session.table
    await session.parts.store.close(table.id, "cancelled", now())
    table.status = "cancelled"
    session.close()
    t = table.texts
    embed = discord.Embed(
        title=t("lobby-closed-title", edition=render.edition_name(table.edition, t=t)), description=why
    )
    answer = None if interaction is None else interaction.response.edit_message(embed=embed, view=None)
    if answer is None or not await answered(answer, table.id):
        await session.parts.delivery.edit_table_message(session, embed=embed, view=None)


def arm_lobby_timer(session: TableSession) -> None:
    """Start the lobby's idle timer."""
    name = f"wizard-lobby-{session.table.id}"
    session.lobby_timer = asyncio.create_task(_lobby_timer(session), name=name)


async def _lobby_timer(session: TableSession) -> None:
    """Close the lobby once it has been idle for the configured time."""
    table = session.table
    while table.status == "lobby":
        remaining = table.updated_at + table.lobby_timeout - now()
        if remaining > 0:
            await asyncio.sleep(remaining)
            continue
        async with session.lock:
            if table.status == "lobby" and table.updated_at + table.lobby_timeout <= now():
                minutes = round(table.lobby_timeout / 60)
                await cancel_lobby(session, None, table.texts("lobby-timed-out", minutes=minutes))
        return


# -- how a game ends ----------------------------------------------------------------------------------

# The questions of /wizard end and /wizard leave.
END_QUESTIONS = {"end": "table-question-end", "leave": "table-question-leave"}


async def finish(session: TableSession) -> None:
    """The game is over (its result stored): the table closes and the final standings are shown."""
    session.table.status = "finished"
    session.close()
    announcer = session.parts.announcer
    await session.clear_ping()
    await announcer.clear_nudges(session, all_seats=True)
    if session.table.coach:
        await announcer.coach_last_round(session)
    await announcer.final_standings(session)


def _check_may_end(interaction: discord.Interaction[WizardBot], table: Table, kind: str, t: Texts) -> None:
    if kind == "end" and not lobby.may_manage(table, interaction.user.id, manages_server(interaction)):
        raise Refusal(t("table-refusal-end"))
    if kind == "leave" and table.seat_of(interaction.user.id) is None:
        raise Refusal(t("table-refusal-not-playing"))


async def ask_to_end(session: TableSession, interaction: discord.Interaction[WizardBot], kind: str) -> None:
    """Ask, privately, whether to end the game (``end``) or to leave it (``leave``).

    The answers are game buttons, so they work at any later time, even after a restart; the permission
    is checked again when one is pressed.
    """
    table = session.table
    t = table.reader_texts(interaction.user.id, interaction.locale)
    _check_may_end(interaction, table, kind, t)
    await interaction.response.send_message(
        t(END_QUESTIONS[kind]), view=end_question_view(table, kind, t), ephemeral=True
    )


async def confirm_end(
    session: TableSession, interaction: discord.Interaction[WizardBot], t: Texts, kind: str, yes: bool
) -> None:
    """The answer to ``ask_to_end``."""
    table = session.table
    if not yes:
        await interaction.response.edit_message(content=t("table-nothing-changed"), view=None)
        return
    _check_may_end(interaction, table, kind, t)
    if kind == "leave":
        await answered(interaction.response.edit_message(content=t("table-you-left"), view=None), table.id)
        await replace_with_computer(session, interaction.user.id)
        return
    await answered(interaction.response.edit_message(content=t("table-ended"), view=None), table.id)
    await end_game(session, table.texts("table-ended-by", name=interaction.user.mention))


async def replace_with_computer(session: TableSession, user_id: int) -> None:
    """A member leaves a running game: a computer takes their seat for good, and the game goes on.

    The seat gets a computer's id, so the game's result is recorded as a computer's, not theirs.
    """
    table, announcer = session.table, session.parts.announcer
    seat = table.seat_of(user_id)
    assert seat is not None
    player = table.seats[seat]
    await session.parts.delivery.delete(session.table, session.nudges.pop(seat, None))
    await announcer.retire_hand(session, seat)
    stand_in = table.new_computer(STAND_IN_LEVEL)
    left = player.name
    t = table.texts
    player.user_id, player.name = stand_in.user_id, t("table-stand-in-name", name=left)
    player.computer = STAND_IN_LEVEL
    player.auto, player.missed = False, 0
    await session.parts.store.set_seat(table.id, seat_record(table, seat))
    if seat in table.running.to_act:
        await session.clear_ping()
    table.turns.pop(seat, None)
    table.notice = (seat, t("table-left-notice", name=display_name(left)))
    await announcer.redraw_table(session)
    session.keep_going()


async def end_game(session: TableSession, why: str) -> None:
    """Stop a running game (the caller holds its lock); nothing is recorded for the leaderboard."""
    table, announcer = session.table, session.parts.announcer
    await session.parts.store.close(table.id, "ended", now())
    table.status = "ended"
    session.close()
    await session.clear_ping()
    await announcer.clear_nudges(session, all_seats=True)
    for seat in range(len(table.seats)):
        await announcer.retire_hand(session, seat)
    note = f"{why} {table.texts('table-no-results')}"
    # The table as it stood, waiting for nobody: no turn marker, no timer, no seat lit.
    stopped = dataclasses.replace(
        table.running.public_view(), current_player=None, to_act=(), armed_call=None
    )
    await session.parts.delivery.show_table(session, stopped, None, note)
