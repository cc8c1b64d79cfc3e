"""Messages out: the table message, channel posts, pings and direct messages, with their pictures.

A failed delivery never fails the action that caused it: what could not be sent is logged, a player
whose DMs are closed is told once in the channel (and plays through Show my hand from then on), and a
channel where the bot may not attach files gets the text alone. Every message of a game carries a
picture inside its embed unless the server turned pictures off; the text is complete without it.

This layer only talks to Discord: it says what it did (the message sent, the ping's id, closed DMs as
``DMsClosed``) and the session stores what needs storing.
"""

from __future__ import annotations

import contextlib
import logging
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import discord

from cogs.table import coach, pictures, render
from cogs.table.model import Table, now
from cogs.table.outbox import SEND_ERRORS, retryable
from cogs.utils.i18n import Texts
from wizard_core import PlayerView, PublicView


class TableMessage(Protocol):
    """A table whose message is edited (``session.TableSession``): the table, and the picture its message
    shows, as (what it shows, the attachment at Discord), kept so that an unchanged picture is neither
    drawn nor uploaded again."""

    table: Table
    picture: tuple[object, discord.Attachment] | None


log = logging.getLogger(__name__)

DM_CLOSED = 50007


class DMsClosed(Exception):
    """A member's direct messages are closed to the bot (Discord's error 50007)."""


def without_pictures(message: dict[str, Any]) -> dict[str, Any]:
    """The keyword arguments of a send or an edit without its picture: no file, no embed image naming one."""
    embeds = message.get("embeds") or [message.get("embed")]
    for embed in embeds:
        if isinstance(embed, discord.Embed):
            embed.set_image(url=None)
    rest = {key: value for key, value in message.items() if key != "files"}
    if "attachments" in message:
        rest["attachments"] = []
    return rest


def reply_allows_files(interaction: discord.Interaction[Any]) -> bool:
    """Whether a reply to an interaction may carry files: in DMs always, in a server with Attach Files."""
    return interaction.guild_id is None or interaction.app_permissions.attach_files


def turn_deadline(table: Table, seat: int | None = None) -> float | None:
    """When the turn under way runs out (of ``seat``, else the earliest of the members to act), or None
    without a turn timer. A turn that begins with this very change begins now."""
    game = table.game
    if game is None or game.is_over or table.status != "playing" or table.turn_seconds <= 0:
        return None
    seats = game.to_act if seat is None else [s for s in game.to_act if s == seat]
    starts = [
        table.turns[s].started if s in table.turns else now()
        for s in seats
        if not table.seats[s].played_by_computer
    ]
    return min(starts) + table.turn_seconds if starts else None


class Delivery:
    """Sends and edits a table's messages for the table flow."""

    def __init__(
        self, client: discord.Client, *, may_write: Callable[[Table], bool] = lambda table: True
    ) -> None:
        self.client = client
        # Whether this process may still write to a table's messages (``OpenTables.may_write``): every
        # send, edit and delete for a table asks first, and one that may not is skipped as done.
        self.may_write = may_write
        # How many of each table's messages failed, by table id: for a reason that passes (Discord busy,
        # a server error, a timeout: worth another try, ``outbox.retryable``), and for good. The session
        # compares them before and after it shows news (``TableSession.deliver``).
        self.passing: Counter[int] = Counter()
        self.lasting: Counter[int] = Counter()
        # How many writes for each table were skipped because this process may have lost it.
        self.fenced: Counter[int] = Counter()

    def failed(self, table: Table, what: str, error: BaseException) -> None:
        """Log and count a message of ``table`` that Discord refused (``what`` was being done)."""
        log.warning("Could not %s of table %d: %s", what, table.id, error)
        (self.passing if retryable(error) else self.lasting)[table.id] += 1

    def _fenced(self, table: Table) -> bool:
        """Whether a write for ``table`` must be skipped: this process lost the table (logged)."""
        if self.may_write(table):
            return False
        self.fenced[table.id] += 1
        log.info("Table %d is no longer this process's: a message for it is left to its new owner", table.id)
        return True

    # -- pictures ------------------------------------------------------------------------------------

    def channel_allows_files(self, table: Table) -> bool:
        """Whether the bot holds Attach Files in the table's channel (the invite does not ask for it).

        Unknown counts as yes: a refusal is then caught, and the text sent alone (``without_pictures``).
        """
        channel = self.client.get_channel(table.channel_id)
        if isinstance(channel, discord.abc.GuildChannel):
            return channel.permissions_for(channel.guild.me).attach_files
        return True

    async def with_picture(
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
        if not (files_allowed and table.images):
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
        self,
        table: Table,
        view: PlayerView,
        *,
        t: Texts,
        files_allowed: bool = True,
        note: str | None = None,
    ) -> tuple[discord.Embed, list[discord.File]]:
        """A player's hand message in the language of ``t``, with ``note`` on top (and, at a table with
        the coach, its line on their last round): the embed and its picture of the hand (playable cards
        raised); no picture once they have played all their cards (the message stays one short line
        until their next hand)."""
        view = table.labelled(view, t)
        own = table.seats[view.player].settings  # their own choices (/wizard me)
        deadline = turn_deadline(table, view.player)
        coached = coach.round_line(table, view, t)  # the coach's word on their last round
        note = "\n".join(line for line in (note, coached) if line) or None
        embed = render.hand_embed(view, t=t, deadline=deadline, note=note, plain=own.plain_text)
        files_allowed = files_allowed and own.wants_pictures
        empty = view.hand_sizes[view.player] == 0
        picture = await self.with_picture(
            table, embed, lambda: pictures.hand_file(view, t=t), files_allowed=files_allowed and not empty
        )
        return embed, picture

    async def table_message(
        self, table: Table, view: PublicView, note: str | None = None, *, files_allowed: bool
    ) -> tuple[list[discord.Embed], list[discord.File]]:
        """The table message, in the table's language, for a new message or an interaction's answer: its
        embeds (the table, and the last round's scores) and its picture of the trump and the trick, drawn
        (or taken from the cache).

        Without a ``note`` of its own, the message shows the table's standing notice, if any.
        """
        t = table.texts
        view = table.labelled(view, t)
        embeds = self._table_embeds(table, view, note)
        picture = await self.with_picture(
            table, embeds[0], lambda: pictures.table_file(view, t=t), files_allowed=files_allowed
        )
        return embeds, picture

    def _table_embeds(self, table: Table, view: PublicView, note: str | None) -> list[discord.Embed]:
        if note is None and table.notice is not None:
            note = table.notice[1]
        embeds = render.table_embeds(view, t=table.texts, note=note, deadline=turn_deadline(table))
        if table.coach:  # everyone watching knows the game is not rated
            embeds[0].set_footer(text=table.texts("table-practice"))
        return embeds

    async def show_table(
        self,
        session: TableMessage,
        view: PublicView,
        controls: discord.ui.View | None,
        note: str | None = None,
    ) -> bool:
        """Edit the table message to show ``view`` (see ``table_message``) with ``controls``.

        A picture that shows what the message's picture already shows is kept as it is, neither drawn nor
        uploaded again. False if there is no table message to edit any more.
        """
        table = session.table
        t = table.texts
        view = table.labelled(view, t)
        embeds = self._table_embeds(table, view, note)
        scene = pictures.table_scene(view, t=t) if table.images and self.channel_allows_files(table) else None
        attachments: list[discord.File | discord.Attachment] = []
        if scene is not None and session.picture is not None and session.picture[0] == scene:
            embeds[0].set_image(url=f"attachment://{pictures.TABLE_FILENAME}")
            attachments = [session.picture[1]]
        elif scene is not None:
            drawn = await self.with_picture(
                table, embeds[0], lambda: pictures.table_scene_file(scene), files_allowed=True
            )
            attachments = list(drawn)
        return await self.edit_table_message(
            session, scene=scene, embeds=embeds, view=controls, attachments=attachments
        )

    # -- the channel ---------------------------------------------------------------------------------

    async def channel(self, table: Table) -> discord.abc.Messageable | None:
        """The table's channel, fetched if it is not cached; None if it is gone."""
        channel = self.client.get_channel(table.channel_id)
        if channel is None:
            try:
                channel = await self.client.fetch_channel(table.channel_id)
            except (discord.NotFound, discord.Forbidden):
                return None  # gone, or out of the bot's reach
            except SEND_ERRORS as error:  # Discord busy: worth another try
                self.failed(table, "find the channel", error)
                return None
        return channel if isinstance(channel, discord.abc.Messageable) else None

    async def send_channel(self, table: Table, **kwargs: Any) -> discord.Message | None:
        """Post in the table's channel; None if that failed (logged) or the table is not this process's."""
        channel = await self.channel(table)
        if channel is None or self._fenced(table):
            return None
        try:
            return await channel.send(**kwargs)
        except discord.Forbidden as error:
            if kwargs.get("files"):
                log.warning("No picture allowed in the channel of table %d (%s); text alone", table.id, error)
                return await self.send_channel(table, **without_pictures(kwargs))
            self.failed(table, "post in the channel", error)
            return None
        except SEND_ERRORS as error:
            self.failed(table, "post in the channel", error)
            return None

    async def find_message(self, table: Table, id_prefix: str, *, within: int = 50) -> discord.Message | None:
        """The bot's message in the table's channel, among its last ``within`` messages, with a component
        whose id starts with ``id_prefix``: a lobby message whose id was never stored (a crash right after
        ``/wizard new`` was answered). None if it is not there or the channel cannot be read."""
        channel = await self.channel(table)
        me = self.client.user
        if channel is None or me is None:
            return None
        try:
            async for message in channel.history(limit=within):
                if message.author.id == me.id and any(
                    (getattr(item, "custom_id", None) or "").startswith(id_prefix)
                    for row in message.components
                    for item in getattr(row, "children", ())
                ):
                    return message
        except discord.HTTPException as error:
            log.warning("Could not look through the channel of table %d: %s", table.id, error)
        return None

    async def post(self, channel_id: int, content: str) -> None:
        """Post a line of text in a channel that may have no table any more (logged if it fails)."""
        try:
            await self.client.get_partial_messageable(channel_id).send(content)
        except discord.HTTPException as error:
            log.warning("Could not post in channel %d: %s", channel_id, error)

    async def edit_table_message(
        self, session: TableMessage, *, scene: object = None, message_id: int | None = None, **kwargs: Any
    ) -> bool:
        """Edit the table message in place (without a notification); False if there is none to edit
        any more (never shown, or deleted), so the caller may post a new one. (``message_id``: an older
        table message of the same table instead.)

        ``scene`` is what the picture sent (or kept) with the edit shows: the message's picture is then
        remembered, to be kept by the next edit that would show the same.
        """
        table = session.table
        session.picture = None
        if message_id is None:
            message_id = table.message_id
        if message_id is None:
            return False
        channel = await self.channel(table)
        if channel is None or not hasattr(channel, "get_partial_message") or self._fenced(table):
            return True
        try:
            message = await channel.get_partial_message(message_id).edit(**kwargs)
        except discord.NotFound:
            return False
        except discord.Forbidden as error:
            if kwargs.get("attachments"):
                log.warning("No picture allowed in the channel of table %d (%s); text alone", table.id, error)
                return await self.edit_table_message(
                    session, message_id=message_id, **without_pictures(kwargs)
                )
            self.failed(table, "update the message", error)
        except SEND_ERRORS as error:
            self.failed(table, "update the message", error)
        else:
            kept = [a for a in message.attachments if a.filename == pictures.TABLE_FILENAME]
            if scene is not None and kept:
                session.picture = (scene, kept[0])
        return True

    async def ping(self, table: Table, text: str) -> int | None:
        """Ping a member without DMs in the channel; the ping's id (to delete it later), None if it failed."""
        ping = await self.send_channel(table, content=text)
        return None if ping is None else ping.id

    async def delete_in_channel(self, table: Table, message_id: int) -> None:
        """Delete a message of the bot's in the table's channel (a ping), if it is still there."""
        channel = await self.channel(table)
        if channel is not None and hasattr(channel, "get_partial_message") and not self._fenced(table):
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(message_id).delete()

    # -- direct messages -----------------------------------------------------------------------------

    async def delete(self, table: Table, message: discord.Message | None) -> None:
        """Delete a message of the bot's for ``table`` (a nudge), if it is still there."""
        if message is not None and not self._fenced(table):
            with contextlib.suppress(discord.HTTPException):
                await message.delete()

    async def dm_message(self, channel_id: int, message_id: int) -> discord.Message | None:
        """A direct message of the bot's known by its channel and id only (a hand message another process
        sent); None if it is gone or cannot be read."""
        channel = self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        try:
            return await channel.fetch_message(message_id)
        except SEND_ERRORS as error:
            log.info("Could not read direct message %d: %s", message_id, error)
            return None

    async def edit(self, table: Table, message: discord.Message, **kwargs: Any) -> discord.Message | None:
        """Edit a message of the bot's for ``table`` (a member's hand): the edited message, None if the
        table is not this process's any more. Raises what ``Message.edit`` raises."""
        if self._fenced(table):
            return None
        return await message.edit(**kwargs)

    async def edit_answer(self, table: Table, interaction: discord.Interaction[Any], **kwargs: Any) -> bool:
        """Edit the message an answered interaction shows, through its token (a webhook request, which
        Discord does not count against the bot): False if the table is not this process's any more.
        Raises what ``Interaction.edit_original_response`` raises."""
        if self._fenced(table):
            return False
        await interaction.edit_original_response(**kwargs)
        return True

    async def dm(
        self,
        table: Table,
        seat_index: int,
        *,
        content: str | None = None,
        embed: discord.Embed | None = None,
        view: discord.ui.View | None = None,
        files: list[discord.File] | None = None,
    ) -> discord.Message | None:
        """Send a player a direct message: the message sent, None if that failed (logged); raises
        ``DMsClosed`` when their DMs are closed."""
        seat = table.seats[seat_index]
        if self._fenced(table):
            return None
        try:
            if seat.dm_channel_id is None:
                # Opened once per player and process: with no member intents discord.py caches neither
                # users nor many DM channels, and each lookup would be a request under the table's lock.
                user = await self.client.fetch_user(seat.user_id)
                seat.dm_channel_id = (await user.create_dm()).id
            channel = self.client.get_partial_messageable(
                seat.dm_channel_id, type=discord.ChannelType.private
            )
            return await channel.send(
                content=content,
                embed=embed or discord.utils.MISSING,
                view=view or discord.utils.MISSING,
                files=files or discord.utils.MISSING,
            )
        except discord.Forbidden as error:
            if error.code != DM_CLOSED:
                log.warning("Could not DM a player of table %d: %s", table.id, error)
            raise DMsClosed from None
        except SEND_ERRORS as error:
            self.failed(table, "DM a player", error)
            return None
