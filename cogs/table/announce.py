"""What everyone is told when a game moves on: the table, round summaries, new hands, whose turn it is.

The table flow decides what happened; this module turns it into messages through ``Delivery``. Members
get a new message when it is their turn (an edited one would notify nobody); members without DMs are
pinged in the channel instead and play through Show my hand.
"""

from __future__ import annotations

import asyncio
import contextlib

import discord

from cogs.table import pictures, render
from cogs.table.components import again_view, controls_view, table_view
from cogs.table.delivery import Delivery
from cogs.table.model import Table
from cogs.table.store import News
from wizard_core import Game, Phase, PublicView

TURN_WORDS = {Phase.BID: "bid", Phase.PLAY: "play a card", Phase.CHOOSE_TRUMP: "choose trump"}


def news_of(before: Game, after: Game) -> list[News]:
    """What an action obliges the bot to show, beyond the table and the next turn: the summary of a round
    it ended, the final standings of a game it ended, or new hands (a new round, hands shown once the
    blind bidding is over, trump chosen). Stored with the action, so a crash cannot lose it."""
    news = []
    new_round = len(after.round_results) > len(before.round_results)
    if new_round:
        news.append(News("round", len(after.round_results)))
    if after.is_over:
        return [*news, News("final", 0)]
    # The bidding of a round just ended: hands bid blind, or held to the forehead, are shown.
    bids_done = not new_round and before.phase is Phase.BID and after.phase is Phase.PLAY
    shown_before = before.public_view()
    hands_shown = bids_done and (shown_before.blind_bidding or shown_before.forehead_round)
    # The dealer chose trump: the hands are shown again, with the trump cards marked.
    trump_chosen = before.phase is Phase.CHOOSE_TRUMP and after.phase is not Phase.CHOOSE_TRUMP
    if new_round or hands_shown or trump_chosen:
        news.append(News("deal", after.version))
    return news


class Announcer:
    """Tells a table's players about the game."""

    def __init__(self, delivery: Delivery, *, count_step: float) -> None:
        self.delivery = delivery
        # The Hands In count's beat, in seconds (0 in tests and benchmarks).
        self.count_step = count_step

    async def round_summary(self, table: Table, number: int) -> None:
        """The score table of a round that ended, in the channel."""
        result = table.running.round_results[number - 1]
        await self.delivery.send_channel(table, embed=render.round_summary_embed(result, table.labels))

    async def redraw_table(self, table: Table) -> None:
        """Show a running game's current state on its table message, with the table's buttons."""
        embed, files = await self.delivery.table_message(
            table, table.running.public_view(), files_allowed=self.delivery.channel_allows_files(table)
        )
        await self.delivery.edit_table_message(table, embed=embed, view=table_view(table), attachments=files)

    async def final_standings(self, table: Table) -> None:
        """The finished table without buttons, then the final standings with their chart."""
        game = table.running
        files_allowed = self.delivery.channel_allows_files(table)
        embed, files = await self.delivery.table_message(
            table, game.public_view(), files_allowed=files_allowed
        )
        await self.delivery.edit_table_message(table, embed=embed, view=None, attachments=files)
        result = game.result()
        names = table.labels
        final = render.final_embed(result, names, table.edition)
        chart = await self.delivery.with_picture(
            table, final, lambda: pictures.chart_file(result, names), files_allowed=files_allowed
        )
        await self.delivery.send_channel(table, embed=final, files=chart, view=again_view(table))

    async def deal_out(self, table: Table) -> None:
        """Send every player their new hand; the member to act gets their controls with it instead."""
        game = table.running
        for seat_index, seat in enumerate(table.seats):
            # Computers and eliminated players need no hand; the member to act gets theirs with controls.
            if seat.computer is not None or seat.dms_closed or not game.active[seat_index]:
                continue
            if seat_index in game.to_act and not seat.auto:
                continue
            embed, files = await self.delivery.hand_message(table, game.view(seat_index))
            await self.delivery.dm(table, seat_index, embed=embed, files=files)

    async def count_in(self, table: Table, view: PublicView) -> None:
        """Hands In: the bids are shown together on a count of three, in one channel message."""
        bids = ", ".join(
            f"{render.display_name(name)} **{bid}**"
            for name, bid in zip(table.labels, view.bids, strict=True)
            if bid is not None
        )
        message = await self.delivery.send_channel(table, content="✋ Hands in on three… **3**")
        if message is None:
            return
        for step in ("**3** · **2**", "**3** · **2** · **1**"):
            if self.count_step:
                await asyncio.sleep(self.count_step)
            with contextlib.suppress(discord.HTTPException):
                await message.edit(content=f"✋ Hands in on three… {step}")
        with contextlib.suppress(discord.HTTPException):
            await message.edit(content=f"✋ Hands in! Round {view.round_number} bids: {bids}")

    async def notify_turn(self, table: Table, actor: int | None = None) -> None:
        """A new message to each member whose turn begins; ``actor`` already has theirs."""
        game = table.running
        waiting = game.to_act
        if not any(seat in table.turns for seat in waiting):
            await self.delivery.clear_ping(table)
        for current in waiting:
            # A member whose turn is under way (the others bid meanwhile) already has their controls.
            if (
                current != actor
                and current not in table.turns
                and not table.seats[current].played_by_computer
            ):
                await self.notify_member(table, current)

    async def notify_member(self, table: Table, current: int) -> None:
        """Send one member their hand with their controls, or ping them in the channel without DMs."""
        seat = table.seats[current]
        view = table.running.view(current)
        if not seat.dms_closed:
            await self.delivery.strip_turn_message(seat)
            embed, files = await self.delivery.hand_message(table, view)
            message = await self.delivery.dm(
                table, current, embed=embed, view=controls_view(table, view), files=files
            )
            if message is not None:
                seat.turn_message = message
                return
        text = f"<@{seat.user_id}>, it's your turn to {TURN_WORDS[view.phase]}: press **Show my hand**."
        await self.delivery.ping(table, text)
