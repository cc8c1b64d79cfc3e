"""What everyone is told when a game moves on: the table, the hands, whose turn it is.

The session decides what happened; this module turns it into messages through ``Delivery``, with as
few of them as it can, since Discord counts a bot's requests and players count their notifications:

- The table message is the game's one message in the channel while it runs: the trick, whose turn it
  is and the last round's scores, edited in place, at most once every ``interval`` seconds (a burst of
  moves is shown by one edit, with the latest state). The final standings follow it as a new message.
- Each member's hand is one direct message per round, sent when the round is dealt, with buttons for
  everything they may come to do this round. It is changed in place by their own clicks (the click's
  answer, which Discord does not count against the bot). When their turn comes it is redrawn so that
  its enabled buttons are exactly what they may do now: through the token of their last answered click
  on it (an interaction's webhook, which Discord does not count either), or, when that token is too old,
  by an edit of the message only if its buttons were wrong. A refused click is answered by the hand
  itself, redrawn with the reason on top. Once played out it is one short line.
- A member whose turn it is gets a short nudge by DM only if they take a while (``TurnClock``), deleted
  as soon as their turn is over. Members without DMs are pinged in the channel instead and play through
  Show my hand.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple, Protocol

import discord

from cogs.replay.components import replay_button
from cogs.table import coach, pictures, render
from cogs.table.components import again_view, controls_view, enabled_codes, table_view
from cogs.table.delivery import Delivery, DMsClosed, TableMessage, reply_allows_files, turn_deadline
from cogs.table.model import Table, now
from cogs.table.outbox import SEND_ERRORS
from cogs.table.store import News
from cogs.utils.i18n import Texts
from wizard_core import Event, Game, GameOver, Phase, PlayerView, PublicView, RoundScored, hands_changed

log = logging.getLogger(__name__)

# How long an answered click's token can still edit its message (Discord keeps it 15 minutes), with a
# margin.
TOKEN_SECONDS = 14 * 60


@dataclass
class ShownHand:
    """What a member's hand message shows now: whether it was drawn as their turn, and the actions its
    buttons allow. ``link`` is an answered interaction whose original message is that hand (their click
    on it, or for a member without DMs their look through Show my hand): its token edits the message
    without a request Discord counts against the bot, for 15 minutes."""

    turn: bool
    enabled: frozenset[int]
    link: discord.Interaction[Any] | None = None

    @classmethod
    def of(cls, view: PlayerView, controls: bool, link: discord.Interaction[Any] | None = None) -> ShownHand:
        """The hand as drawn for ``view`` (with its buttons, if ``controls``)."""
        return cls(render.is_own_turn(view), enabled_codes(view) if controls else frozenset(), link)

    def fresh_link(self) -> discord.Interaction[Any] | None:
        """The link, while its token still works."""
        link = self.link
        if link is None or (discord.utils.utcnow() - link.created_at).total_seconds() >= TOKEN_SECONDS:
            return None
        return link


class Announced(TableMessage, Protocol):
    """What the announcer needs of a table's session (``session.TableSession``): its table message's
    edits, and the channel's ping and closed DMs, which the session stores."""

    redraw: asyncio.Task[None] | None
    drawn_at: float
    hands: dict[int, discord.Message]
    nudges: dict[int, discord.Message]
    shown_hands: dict[int, ShownHand]

    @property
    def is_open(self) -> bool: ...

    async def ping(self, text: str) -> None: ...

    async def clear_ping(self) -> None: ...

    async def dms_closed(self, seat: int) -> None: ...


# The ping of a member without DMs whose turn it is, by what they are to do.
PING_KEYS = {
    Phase.BID: "table-ping-bid",
    Phase.PLAY: "table-ping-play",
    Phase.CHOOSE_TRUMP: "table-ping-trump",
}


def news_of(events: Sequence[Event], after: Game) -> list[News]:
    """What a move obliges the bot to show, beyond the table and the next turn, from what it caused
    (``events``, as the rules core returns them) and the game it left (``after``): the scores of a round
    it ended, the final standings of a game it ended, or new hands (a new round, hands shown once a
    blind bidding is over, trump chosen). Stored with the move, so a crash cannot lose it."""
    news = [News("round", event.round_number) for event in events if isinstance(event, RoundScored)]
    if any(isinstance(event, GameOver) for event in events):
        return [*news, News("final", 0)]
    if hands_changed(events):
        news.append(News("deal", after.version))
    return news


def hands_in(view: PublicView, *, t: Texts) -> str:
    """Hands In: the bids, shown together once everyone has bid."""
    bids = ", ".join(
        f"{render.display_name(name)} **{bid}**"
        for name, bid in zip(view.players, view.bids, strict=True)
        if bid is not None
    )
    return t("table-hands-in", round=view.round_number, bids=bids)


class HandMessage(NamedTuple):
    """A member's hand message: the game version it shows, its embed, its buttons (none while a computer
    plays their seat), its picture, and what it shows (``ShownHand``, without a link)."""

    version: int
    embed: discord.Embed
    controls: discord.ui.View | None
    files: list[discord.File]
    shown: ShownHand


class Announcer:
    """Tells a table's players about the game."""

    def __init__(self, delivery: Delivery, *, interval: float) -> None:
        self.delivery = delivery
        # The least time between two edits of a table message, in seconds (0: every change at once).
        self.interval = interval

    # -- the table message ---------------------------------------------------------------------------

    async def redraw_table(self, session: Announced) -> None:
        """Show a running game's current state on its table message, with the table's buttons: now, unless
        the message was edited less than ``interval`` seconds ago; then once that time is up, showing the
        game as it is by then."""
        waiting = session.redraw is not None and not session.redraw.done()
        if waiting:
            return
        if now() - session.drawn_at >= self.interval:
            await self._draw(session)
            return
        name = f"wizard-redraw-{session.table.id}"
        session.redraw = asyncio.create_task(self._draw_later(session), name=name)

    async def _draw(self, session: Announced) -> None:
        session.drawn_at = now()
        table = session.table
        await self.delivery.show_table(session, table.running.public_view(), table_view(table))

    async def _draw_later(self, session: Announced) -> None:
        """The edit that follows a burst, once ``interval`` is up. It reads the game as it is then without
        the table's lock (the game is only ever replaced whole, between two awaits): a click meanwhile
        goes on, and its own redraw finds this one under way. The game's end cancels it (``tasks``), and
        discord.py sends the edits of one message in order, so the final table is never overwritten."""
        await asyncio.sleep(max(0.0, session.drawn_at + self.interval - now()))
        game = session.table.game
        if session.is_open and game is not None and not game.is_over:
            await self._draw(session)

    async def final_standings(self, session: Announced) -> None:
        """The finished table without buttons, then the final standings with their chart."""
        table = session.table
        game = table.running
        await self.delivery.show_table(session, game.public_view(), None)
        result = game.result()
        t = table.texts
        names = table.labels(t)
        final = render.final_embed(result, names, table.edition, t=t)
        if table.coach:
            final.set_footer(text=t("table-practice"))
        chart = await self.delivery.with_picture(
            table,
            final,
            lambda: pictures.chart_file(result, names, t=t),
            files_allowed=self.delivery.channel_allows_files(table),
        )
        controls = again_view(table)
        controls.add_item(replay_button(table.id, t))
        await self.delivery.send_channel(table, embed=final, files=chart, view=controls)

    # -- hands ---------------------------------------------------------------------------------------

    @staticmethod
    def hand_holders(table: Table) -> list[int]:
        """The seats that get a hand message: members with DMs still in the game."""
        game = table.running
        return [
            index
            for index, seat in enumerate(table.seats)
            if seat.computer is None and not seat.dms_closed and game.active[index]
        ]

    async def dm(self, session: Announced, seat_index: int, **message: Any) -> discord.Message | None:
        """Send a member a direct message (``Delivery.dm``); closed DMs are the session's to record."""
        try:
            return await self.delivery.dm(session.table, seat_index, **message)
        except DMsClosed:
            await session.dms_closed(seat_index)
            return None

    async def deal_out(self, session: Announced) -> None:
        """Send every member their hand for the round, with its buttons, as a new message (a new round's
        notification). The ones sent before stay as they are: their buttons are refused from now on.

        A member who was sent a hand of this round already is left out: the round's news shown again
        (``outbox``) reaches only those it missed."""
        table = session.table
        for seat in self.hand_holders(table):
            if table.seats[seat].hand_version < table.running.round_version:
                await self.send_hand(session, seat)

    async def send_hand(self, session: Announced, seat_index: int) -> None:
        """Send a member their hand as a new message, which becomes their hand message."""
        seat = session.table.seats[seat_index]
        hand = await self._hand(session.table, seat_index)
        message = await self.dm(session, seat_index, embed=hand.embed, view=hand.controls, files=hand.files)
        if message is not None:
            session.hands[seat_index] = message
            session.shown_hands[seat_index] = hand.shown
            seat.hand_version = hand.version
            seat.attended_at = now()  # a new message: they were notified

    async def _hand(self, table: Table, seat_index: int, *, files_allowed: bool = True) -> HandMessage:
        """A member's hand message as it is now, in the language of their DMs."""
        view = table.running.view(seat_index)
        t = table.seat_texts(seat_index)
        embed, files = await self.delivery.hand_message(table, view, t=t, files_allowed=files_allowed)
        controls = None if table.seats[seat_index].auto else controls_view(table, view, t)
        return HandMessage(view.version, embed, controls, files, ShownHand.of(view, controls is not None))

    async def refresh_hands(self, session: Announced) -> None:
        """Show every member their hand as it is now, in place (hands shown after blind bidding, trump
        chosen): their hand message edited, or a new one if there is none."""
        for seat in self.hand_holders(session.table):
            await self.refresh_hand(session, seat)

    async def refresh_hand(self, session: Announced, seat_index: int) -> None:
        """Edit a member's hand message to show their hand as it is now (after a move made for them, or
        one they made through Show my hand): through its link's token if it is fresh, else by an edit of
        the message; a new message if there is none to edit."""
        if await self._through_link(session, seat_index):
            return
        message = session.hands.get(seat_index)
        if message is None:
            await self.send_hand(session, seat_index)
            return
        hand = await self._hand(session.table, seat_index)
        try:
            edited = await self.delivery.edit(
                session.table, message, embed=hand.embed, view=hand.controls, attachments=hand.files
            )
        except discord.NotFound:
            await self.send_hand(session, seat_index)
        except discord.HTTPException as error:
            self.delivery.failed(session.table, "show a member their hand", error)
        else:
            if edited is not None:
                session.hands[seat_index] = edited
                before = session.shown_hands.get(seat_index)
                link = before.link if before is not None else None
                session.shown_hands[seat_index] = replace(hand.shown, link=link)

    async def _through_link(self, session: Announced, seat_index: int) -> bool:
        """Redraw a member's hand through the token of its link (``ShownHand``); False if there is no
        fresh link, or Discord refused the edit."""
        shown = session.shown_hands.get(seat_index)
        link = shown.fresh_link() if shown is not None else None
        if shown is None or link is None or not self._hand_is_current(session.table, seat_index):
            return False
        hand = await self._hand(session.table, seat_index, files_allowed=reply_allows_files(link))
        try:
            edited = await self.delivery.edit_answer(
                session.table, link, embed=hand.embed, view=hand.controls, attachments=hand.files
            )
        except SEND_ERRORS as error:
            log.info("Could not redraw a hand of table %d through its click: %s", session.table.id, error)
            session.shown_hands[seat_index] = replace(shown, link=None)  # the link is spent
            return False
        if not edited:
            return False
        session.shown_hands[seat_index] = replace(hand.shown, link=link)
        return True

    @staticmethod
    def _hand_is_current(table: Table, seat_index: int) -> bool:
        """Whether a member's hand message is of the round under way (for a member without DMs, their
        last look always is: it shows whatever round it is redrawn for)."""
        seat = table.seats[seat_index]
        return seat.dms_closed or seat.hand_version >= table.running.round_version

    async def light_hands(self, session: Announced) -> None:
        """At the start of turns: each member the game waits for sees, on their hand, exactly what they may
        do now. Their hand is redrawn for their turn through its link when that costs no counted request;
        otherwise edited only if its buttons offer something else than they may do."""
        table = session.table
        game = table.running
        for seat_index in game.to_act:
            seat = table.seats[seat_index]
            if seat.computer is not None or seat.auto:
                continue
            view = game.view(seat_index)
            wanted = ShownHand.of(view, controls=True)
            shown = session.shown_hands.get(seat_index)
            if shown is not None and (shown.turn, shown.enabled) == (wanted.turn, wanted.enabled):
                continue
            if await self._through_link(session, seat_index):
                continue
            buttons_wrong = shown is None or shown.enabled != wanted.enabled
            if buttons_wrong and seat_index in session.hands and self._hand_is_current(table, seat_index):
                await self.refresh_hand(session, seat_index)

    async def coach_last_round(self, session: Announced) -> None:
        """At the end of a game with the coach, each member's last hand message shows how their last round
        went, with the coach's line on it (the other rounds' lines come with the next round's hand); a hand
        with no line to show just loses its buttons."""
        table = session.table
        game = table.running
        result = game.round_results[-1]
        for seat, message in list(session.hands.items()):
            t = table.seat_texts(seat)
            line = coach.round_line(table, game.view(seat), t)
            if line is None:
                await self.retire_hand(session, seat)
                continue
            embed = render.round_over_embed(result, seat, t=t, game_over=True, note=line)
            with contextlib.suppress(discord.HTTPException):
                await self.delivery.edit(table, message, embed=embed, view=None, attachments=[])

    async def retire_hand(self, session: Announced, seat_index: int) -> None:
        """Take the buttons off a member's hand message (the game ended, or they left it)."""
        message = session.hands.pop(seat_index, None)
        if message is not None:
            with contextlib.suppress(discord.HTTPException):
                await self.delivery.edit(session.table, message, view=None)

    # -- whose turn it is ----------------------------------------------------------------------------

    @staticmethod
    async def notify_turn(session: Announced) -> None:
        """At the start of turns: the ping of a turn that is over goes. Members learn of their turn from
        the table, or, if they seem away (they take a while and have not looked lately), from a nudge: a
        DM, or for a member without DMs a ping in the channel (``TableSession.nudge``)."""
        table = session.table
        waiting = table.running.to_act
        if not any(seat in table.turns for seat in waiting):
            await session.clear_ping()

    @staticmethod
    async def ping(session: Announced, current: int) -> None:
        """Tell a member without DMs in the channel that it is their turn."""
        table = session.table
        seat = table.seats[current]
        key = PING_KEYS.get(table.running.phase, "table-ping-play")
        await session.ping(table.texts(key, mention=f"<@{seat.user_id}>"))

    async def nudge(self, session: Announced, current: int, text: str | None = None) -> None:
        """Tell a member by DM that it is their turn (``text``, or what to do and where their hand is); the
        nudge replaces the one before, and goes when their turn is over (``clear_nudges``)."""
        table = session.table
        if text is None:
            hand = session.hands.get(current)
            url = hand.jump_url if hand is not None else None
            t = table.seat_texts(current)
            view = table.running.view(current)
            text = render.nudge_text(view, table.channel_id, url, t=t, deadline=turn_deadline(table, current))
        await self.delivery.delete(session.table, session.nudges.pop(current, None))
        nudge = await self.dm(session, current, content=text)
        if nudge is not None:
            session.nudges[current] = nudge

    async def clear_nudges(self, session: Announced, *, all_seats: bool = False) -> None:
        """Delete the nudges of the members whose turn is over (of everyone, with ``all_seats``)."""
        for index in list(session.nudges):
            if all_seats or index not in session.table.turns:
                await self.delivery.delete(session.table, session.nudges.pop(index))
