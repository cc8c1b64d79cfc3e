"""Buttons and select menus that keep working after a restart, with strict ids and one way to fail.

Each family of components is one ``Component`` subclass whose ``template`` names the fields of its
custom_id and what each may hold (``(?P<table>\\d{1,19})``); discord.py dispatches a click to every
family whose template matches the whole id, so each family has its own prefix and a template that
matches nothing else. The id is matched once, by discord.py's dispatch, and a family parses that match
once (``parse``: typed fields, with their ranges checked) into the component that serves the click; the
click is handled by the family's ``handle``, and whatever it raises is answered by
``cogs.utils.replies.report_failure``, like a slash command's error.

A click that no family can take (a damaged or forged custom_id, a number out of range, a component the
message does not carry) would otherwise go unanswered: a family marks the interactions it takes
(``SERVED``), and ``stray_click_reply`` tells the bot-wide listener what to answer the others under our
prefixes. Every refusal here is in the clicker's language (``cogs.utils.replies.reader_texts``), looked up
only when there is something to refuse.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Self, TypeVar, cast

import discord

from cogs.utils.i18n import ENGLISH, Texts
from cogs.utils.replies import Refusal, guarded, reader_texts

ItemT = TypeVar("ItemT", bound=discord.ui.Item[Any])

# The refusals of a forged or damaged control in English, which tests compare with.
INVALID_BUTTON = ENGLISH("reply-invalid-button")
INVALID_MENU = ENGLISH("reply-invalid-menu")
# The key under which a family marks an interaction it takes, in ``Interaction.extras``: the family.
SERVED = "wizard.family"
# The largest number an id part may hold: Discord's snowflakes and the database's ids are 64-bit.
MAX_ID = 2**63 - 1


def id_number(text: str) -> int:
    """An id part as a number; a ``ValueError`` past 64 bits (a forged id), refused as malformed."""
    value = int(text)
    if value > MAX_ID:
        raise ValueError(f"{text} is out of range")
    return value


def invalid_control(t: Texts, *, menu: bool) -> str:
    """The refusal of a button (or select menu) that is forged, damaged or not on its message."""
    return t("reply-invalid-menu") if menu else t("reply-invalid-button")


class Component(discord.ui.DynamicItem[ItemT], template=r"(?!)"):
    """The base of every component family: never registered itself (its template matches nothing)."""

    #: What the log calls a failure in this family.
    what: ClassVar[str] = "a component"
    #: The custom_id prefix that marks the family's ids, malformed ones included.
    prefix: ClassVar[str] = ""
    #: True for a family of select menus, False for buttons: the other kind on one of its ids is forged.
    is_menu: ClassVar[bool] = False
    #: True for a family only ever sent on private messages (ephemeral replies, DMs): a click of it on a
    #: public message is forged, and is refused before its handler could rewrite that message.
    private: ClassVar[bool] = False

    #: The custom_id's named fields, as the template parsed them (a component built to be sent has none).
    fields: Mapping[str, str] = {}
    #: Whether the clicked id matched the family's template but holds a value out of range (``parse``).
    malformed: bool = False

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        try:
            component = cls.parse(cast(ItemT, item), match)
        except ValueError:  # a number out of range: the id is malformed, and refused in words
            component = cls(cast(ItemT, item))
            component.malformed = True
        interaction.extras[SERVED] = cls
        return component

    @classmethod
    def parse(cls, item: ItemT, match: re.Match[str]) -> Self:
        """The component of a click, from discord.py's match of its id. A family with typed fields
        overrides this; a value out of range raises ``ValueError``, and the click is then refused as
        malformed (``malformed``)."""
        component = cls(item)
        component.fields = match.groupdict()
        return component

    @property
    def values(self) -> list[str] | None:
        """The options chosen in a select menu; None for a button."""
        return self.item.values if isinstance(self.item, discord.ui.Select) else None

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._run(interaction), self.what)

    async def _run(self, interaction: discord.Interaction[Any]) -> None:
        if getattr(interaction.client, "closing", False):
            raise Refusal(reader_texts(interaction)("reply-shutting-down"))
        if self.malformed:
            raise Refusal(invalid_control(reader_texts(interaction), menu=self.values is not None))
        if not self.carried_right(interaction.message):
            self.check_carrier(interaction.message, reader_texts(interaction))
        await self.handle(interaction, self.fields)

    def carried_right(self, message: discord.Message | None) -> bool:
        """Whether the component is of the family's kind (not a select's values on a button's id) and, for
        a private family, on a private message: otherwise the click is forged."""
        is_select = isinstance(self.item, discord.ui.Select)
        return is_select == self.is_menu and (not self.private or is_private(message))

    def check_carrier(self, message: discord.Message | None, t: Texts) -> None:
        """Refuse a click that is not ``carried_right``."""
        if not self.carried_right(message):
            raise Refusal(invalid_control(t, menu=isinstance(self.item, discord.ui.Select)))

    async def handle(self, interaction: discord.Interaction[Any], fields: Mapping[str, str]) -> None:
        """Serve one click; a ``Refusal`` is shown to the user in its own words."""
        raise NotImplementedError


def is_private(message: discord.Message | None) -> bool:
    """Whether a message is seen by one user only: an ephemeral reply or a direct message."""
    return message is not None and (message.flags.ephemeral or message.guild is None)


def stray_click_reply(interaction: discord.Interaction[Any], prefixes: Iterable[str]) -> str | None:
    """What to answer a component interaction under one of our ``prefixes`` that no family took (see
    ``SERVED``), in the clicker's language (``reader_texts``); None when a family took it, or when the
    id is not ours at all.

    The bot's listener runs after discord.py has handed the click to the families that match it, each of
    which marks it as it parses it, so no template is matched again here.
    """
    if interaction.type is not discord.InteractionType.component or interaction.data is None:
        return None
    if SERVED in interaction.extras:
        return None
    custom_id = str(interaction.data.get("custom_id", ""))
    if not any(custom_id.startswith(prefix) for prefix in prefixes if prefix):
        return None
    # Only a stray click needs words: no catalog lookup for the others.
    is_button = interaction.data.get("component_type") == discord.ComponentType.button.value
    return invalid_control(reader_texts(interaction), menu=not is_button)
