"""The table service, ``TableManager``, and the game under way: it starts, members and computers move,
the turn clock's events are answered, and everyone is shown what each move brought.

``TableManager`` is what the components and commands use (``components.TableHandlers``). It is put
together from one class per job: ``open_tables`` (the open tables and what every job shares),
``lobby_flow`` (a lobby until it starts), ``ending`` (how a game ends) and ``restore`` (tables brought
back after a restart), and the game under way, here. Each table has one lock, so its interactions are
handled one at a time, and every action is stored before the player's click is answered. The rules
themselves are all in ``wizard_core``; what players are shown in ``announce`` and ``delivery``; the turn
clock in ``clock`` and the computer players in ``driver``.
"""

from __future__ import annotations

import dataclasses
import logging
import secrets
from typing import TYPE_CHECKING

import discord

from cogs.server_settings.store import ServerSettingsStore
from cogs.table import render
from cogs.table.announce import hands_in, news_of
from cogs.table.clock import MISSED_TURNS_FOR_TAKEOVER, TurnClock, end_turn, track_turns
from cogs.table.components import controls_view, lobby_view, table_view, take_back_view
from cogs.table.delivery import reply_allows_files
from cogs.table.driver import ComputerDriver
from cogs.table.ending import Ending
from cogs.table.lobby_flow import LobbyFlow
from cogs.table.model import Table, now
from cogs.table.open_tables import HandedOff, reader
from cogs.table.restore import Restore
from cogs.table.store import FinishingTable, News, StaleTableError, TableStore
from cogs.utils.components import invalid_control
from cogs.utils.i18n import Texts
from cogs.utils.replies import Refusal
from cogs.utils.text import display_name, duration
from wizard_core import Game, Phase, RulesError, WizardError, decode

if TYPE_CHECKING:
    from bot import WizardBot

# ``HandedOff`` is named here too, for the commands that ask for a channel's table.
__all__ = ["HandedOff", "TableManager"]

log = logging.getLogger(__name__)


class TableManager(Restore, LobbyFlow, Ending):
    """All open tables of the bot, and what happens when players click."""

    def __init__(self, bot: WizardBot, store: TableStore, server_settings: ServerSettingsStore) -> None:
        super().__init__(bot, store, server_settings)
        self.actions = bot.metrics.counter(
            "actions_total", "Moves stored, by kind and by whom", ("kind", "by")
        )
        settings = bot.settings
        self.clock = TurnClock(self.nudge, self.remind, self.time_out, self.is_open)
        self.driver = ComputerDriver(
            self.computer_move,
            lambda table: self.is_open(table) and not bot.closing,
            delay=settings.computer_delay,
            budget_ms=settings.computer_budget_ms,
            metrics=bot.metrics,
        )

    # -- the start ---------------------------------------------------------------------------------

    async def _start(self, interaction: discord.Interaction[WizardBot], table: Table, t: Texts) -> None:
        try:
            game = Game([s.name for s in table.seats], table.rules, seed=secrets.randbits(63))
        except RulesError as error:
            raise Refusal(t("lobby-refusal-start", reason=render.error_text(error, t=t))) from None
        # The first hands are news like a new round's: stored with the start, so a crash before they are
        # sent has them sent at the next start.
        news = [News("deal", game.version)]
        try:
            await self.store.start(table.id, game.seed, game.log, now(), read_at=table.updated_at, news=news)
        except StaleTableError:
            raise Refusal(t("table-refusal-changed-elsewhere")) from None
        table.game = game
        table.status = "playing"
        if table.lobby_timer is not None:
            table.lobby_timer.cancel()
            table.lobby_timer = None
        dealer = table.seats[game.first_dealer].label(table.texts)
        note = table.texts("table-first-dealer", name=display_name(dealer))
        embeds, files = await self.delivery.table_message(
            table, game.public_view(), note, files_allowed=reply_allows_files(interaction)
        )
        table.drawn_at = now()
        await interaction.response.edit_message(embeds=embeds, view=table_view(table), attachments=files)
        await self.announcer.deal_out(table)
        await self.store.delivered(table.id, news)
        await self.announcer.notify_turn(table)
        self._keep_going(table)

    async def bring_back(self, interaction: discord.Interaction[WizardBot], table: Table) -> None:
        """Post the table (a lobby or a game) again at the bottom of the channel, as the answer to the
        command, once the members' chat has pushed it out of sight. The old message is retired: it points
        to the new one, and a game's buttons on it (Show my hand) still answer."""
        if table.game is None:
            await interaction.response.send_message(embed=self.lobby_embed(table), view=lobby_view(table))
        else:
            embeds, files = await self.delivery.table_message(
                table, table.game.public_view(), files_allowed=reply_allows_files(interaction)
            )
            await interaction.response.send_message(embeds=embeds, view=table_view(table), files=files)
            table.drawn_at = now()
        old = dataclasses.replace(table)  # the table as it was, to edit its old message
        table.picture = None  # the new message's picture is not known here
        await self._remember_message(table, await interaction.original_response())
        await self.delivery.edit_table_message(
            old,
            content=table.texts("table-moved", url=table.jump_url),
            embeds=[],
            attachments=[],
            view=None if table.game is None else table_view(table),
        )

    # -- moves -------------------------------------------------------------------------------------

    @staticmethod
    def _seat_of(interaction: discord.Interaction[WizardBot], table: Table, t: Texts) -> int:
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal(t("table-refusal-not-playing"))
        return seat

    async def show_hand(self, interaction: discord.Interaction[WizardBot], table: Table) -> None:
        """A private look at the caller's hand, with fresh controls on their turn."""
        t = reader(interaction, table)
        seat = self._seat_of(interaction, table, t)
        view = table.running.view(seat)
        controls = None if table.seats[seat].auto else controls_view(table, view, t)
        embed, files = await self.delivery.hand_message(
            table, view, t=t, files_allowed=reply_allows_files(interaction)
        )
        await interaction.response.send_message(
            embed=embed, view=controls or discord.utils.MISSING, files=files, ephemeral=True
        )

    async def act(
        self, interaction: discord.Interaction[WizardBot], table: Table, version: int, code: int
    ) -> None:
        """Apply a bid, a trump choice or a card; written to the database before it is answered."""
        game = table.running
        t = reader(interaction, table)
        seat = self._seat_of(interaction, table, t)
        player = table.seats[seat]
        if player.auto:
            raise Refusal(t("table-refusal-away"))
        # A hand message keeps its buttons all round: a click from it is good while its round lasts, and
        # the rules core refuses what is not legal at that moment (not their turn, a card that does not
        # follow suit, a double click), saying why.
        if version > game.version:
            raise Refusal(invalid_control(t, menu=False))
        if version < game.round_version:
            raise Refusal(t("table-refusal-earlier-round"))
        try:
            news = await self._commit(table, seat, code)
        except WizardError as error:
            raise Refusal(render.error_text(error, t=t)) from None
        if player.missed:
            player.missed = 0
            await self.store.set_seat(table.id, table.record(seat))
        self._clear_notice(table, seat)
        round_over = any(n.kind == "round" for n in news)
        await self._answer_move(interaction, table, seat, t, round_over=round_over)
        await self._after_action(table, game, news, actor=seat)

    async def _answer_move(
        self,
        interaction: discord.Interaction[WizardBot],
        table: Table,
        seat: int,
        t: Texts,
        *,
        round_over: bool,
    ) -> None:
        """Answer a member's move on the clicked message: their hand as it is now, with its buttons for the
        rest of the round (or, their round over, how it went). The answer to a click is not counted by
        Discord against the bot's request limit; the hand message, if the click came from elsewhere (Show
        my hand), is edited too."""
        game = table.running
        player = table.seats[seat]
        clicked = interaction.message
        elsewhere = player.hand_message is not None and (
            clicked is None or clicked.id != player.hand_message.id
        )
        if round_over:
            result = game.round_results[-1]
            embed = render.round_over_embed(result, seat, t=t, game_over=game.is_over)
            await interaction.response.edit_message(embed=embed, view=None, attachments=[])
            if elsewhere:
                await self.announcer.retire_hand(table, seat)
            return
        mine = game.view(seat)
        embed, files = await self.delivery.hand_message(
            table, mine, t=t, files_allowed=reply_allows_files(interaction)
        )
        await interaction.response.edit_message(
            embed=embed, view=controls_view(table, mine, t), attachments=files
        )
        if elsewhere:
            await self.announcer.refresh_hand(table, seat)

    async def _commit(self, table: Table, seat: int, code: int) -> list[News]:
        """Apply one seat's action to a copy of the game, store it, then make the copy the table's game.

        A refused action raises WizardError and changes nothing. What the action obliges the bot to show
        (a round's summary, new hands, the standings) is stored with it, and the last action of a game
        stores the results too, all in one transaction. Returns that news, to be delivered.
        """
        game = table.running
        after = game.clone()
        after.apply(code, player=seat)
        new_entries = after.log[game.version :]
        news = news_of(game, after)
        if after.is_over:
            finishing = FinishingTable(table.id, table.guild_id, table.edition, table.records())
            await self.store.finish(finishing, after.result(), new_entries, game.version, now(), news)
        else:
            await self.store.append(table.id, game.version, new_entries, now(), news)
        table.game = after
        end_turn(table, seat)
        by = "computer" if table.seats[seat].played_by_computer else "member"
        self.actions.inc(kind=type(decode(code)).__name__.lower(), by=by)
        return news

    @staticmethod
    def _clear_notice(table: Table, seat: int) -> None:
        if table.notice is not None and table.notice[0] == seat:
            table.notice = None

    async def computer_move(self, table: Table, seat: int) -> None:
        """One move by the computer playing a seat (the caller holds the table's lock)."""
        game = table.running
        view = game.view(seat)
        code = await self.driver.decide(table, seat, view)
        try:
            news = await self._commit(table, seat, code)
        except WizardError:
            log.exception("A computer player of table %d chose an illegal action %d", table.id, code)
            news = await self._commit(table, seat, view.legal_actions[0])
        await self._after_action(table, game, news)

    async def take_back(self, interaction: discord.Interaction[WizardBot], table: Table) -> None:
        """Give a player their seat back from the computer that has been playing it."""
        t = reader(interaction, table)
        seat = self._seat_of(interaction, table, t)
        player = table.seats[seat]
        if not player.auto:
            raise Refusal(t("table-refusal-seat-yours"))
        player.auto = False
        player.missed = 0
        await self.store.set_seat(table.id, table.record(seat))
        self._clear_notice(table, seat)
        sentences = [t("table-welcome-back")]
        if player.dms_closed:
            sentences.append(t("table-welcome-back-show-hand"))
        else:
            sentences.append(t("table-welcome-back-dm"))
        if seat in table.running.to_act:
            sentences.append(t("table-welcome-back-your-turn"))
        await interaction.response.send_message(" ".join(sentences), ephemeral=True)
        await self.announcer.redraw_table(table)
        if not player.dms_closed:
            await self.announcer.send_hand(table, seat)
        await self.announcer.notify_turn(table)
        self._keep_going(table)

    def _keep_going(self, table: Table) -> None:
        """After every change to a running game: time the turns of the members who are to act, and wake
        the computers if one of them is to act."""
        game = table.game
        if game is None or game.is_over or not self.is_open(table):
            return
        track_turns(table)
        self.clock.arm(table)
        self.driver.wake(table)

    # -- the turn clock's events -------------------------------------------------------------------

    async def nudge(self, table: Table, seat: int) -> None:
        """Tell a member by DM that it is their turn, a few seconds into it (members without DMs were
        pinged when it began)."""
        if not table.seats[seat].dms_closed:
            await self.announcer.nudge(table, seat)

    async def remind(self, table: Table, seat: int, deadline: float) -> None:
        """Tell a member, privately if possible, that their turn is half over (in place of their nudge)."""
        player = table.seats[seat]
        if not player.dms_closed:
            t = table.seat_texts(seat)
            left = duration(deadline - now(), t=t)
            text = t("table-reminder", channel=str(table.channel_id), url=table.jump_url, left=left)
            await self.announcer.nudge(table, seat, text)
            if player.nudge is not None:
                return
        t = table.texts
        left = duration(deadline - now(), t=t)
        await self.delivery.clear_ping(table)
        await self.delivery.ping(table, t("table-reminder-ping", mention=f"<@{player.user_id}>", left=left))

    async def time_out(self, table: Table, seat: int) -> None:
        """A member's turn ran out: a computer plays it, and after the second miss in a row their seat."""
        player = table.seats[seat]
        player.missed += 1
        player.auto = player.missed >= MISSED_TURNS_FOR_TAKEOVER
        await self.store.set_seat(table.id, table.record(seat))
        name = display_name(player.name)
        t = table.texts
        if player.auto:
            text = t("table-timed-out-twice", name=name)
            if not table.members_present:
                text += " " + t("table-everyone-away")
        else:
            text = t("table-timed-out", name=name)
        table.notice = (seat, text)
        await self.computer_move(table, seat)
        if not self.is_open(table) or player.dms_closed:
            return
        # Their hand message shows the move made for them (and, once a computer plays their seat, no
        # buttons any more).
        await self.announcer.refresh_hand(table, seat)
        if player.auto:
            t = table.seat_texts(seat)
            await self.delivery.dm(
                table,
                seat,
                content=t("table-timed-out-dm", channel=str(table.channel_id)),
                view=take_back_view(table, t),
            )

    # -- after every move --------------------------------------------------------------------------

    async def _after_action(
        self, table: Table, before: Game, news: list[News], actor: int | None = None
    ) -> None:
        """Tell everyone about an action: the news it brought (a new round's hands, the final standings),
        the table, and whose turn it is (``actor`` is the member whose click is being answered)."""
        game = table.running
        # The bidding of a round just ended: with Hands In, the table shows the bids, on a count of three.
        same_round = len(game.round_results) == len(before.round_results)
        bids_done = same_round and before.phase is Phase.BID and game.phase is Phase.PLAY
        if bids_done and "hands-in" in table.rules.variants and game.current_player is not None:
            t = table.texts
            table.notice = (game.current_player, hands_in(table.labelled(game.public_view(), t), t=t))
        await self._deliver(table, news)
        if game.is_over:
            return
        await self.announcer.notify_turn(table, actor)
        self._keep_going(table)
        await self.announcer.clear_nudges(table)

    async def _deliver(self, table: Table, news: list[News]) -> None:
        """Show the news of an action, and the table message with it. Each piece of news was stored with
        the action and is forgotten once shown, so a crash in between shows it at the next start.

        A round's scores are part of the table message; new hands are new messages in a new round, and
        the hand messages edited in place when the same round's hands are shown again (trump chosen, the
        blind bidding over).
        """
        game = table.running
        if game.is_over:
            await self._finish(table)
        else:
            await self.announcer.redraw_table(table)
            deals = [item.key for item in news if item.kind == "deal"]
            if deals and min(deals) <= game.round_version:
                await self.announcer.deal_out(table)
            elif deals:
                await self.announcer.refresh_hands(table)
        await self.store.delivered(table.id, news)
