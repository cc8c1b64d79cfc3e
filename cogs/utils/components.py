"""Buttons and select menus that keep working after a restart, with strict ids and one way to fail.

Each family of components is one ``Component`` subclass whose ``template`` names the fields of its
custom_id and what each may hold (``(?P<table>\\d{1,19})``); discord.py dispatches a click to every
family whose template matches the whole id, so each family has its own prefix and a template that
matches nothing else. A click is handled by the family's ``handle`` with the parsed fields; whatever it
raises is answered by ``cogs.utils.replies.report_failure``, like a slash command's error.

A click that no family can take (a damaged or forged custom_id, a select menu's values sent on a button's
id, a component the message does not carry) would otherwise go unanswered: ``stray_click_reply`` tells
the bot-wide listener what to answer instead. Every refusal here is in the clicker's language
(``cogs.utils.replies.reader_texts``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, TypeVar, cast

import discord

from cogs.utils.i18n import ENGLISH, Texts
from cogs.utils.replies import Refusal, guarded, reader_texts

ItemT = TypeVar("ItemT", bound=discord.ui.Item[Any])

# The refusals of a forged or damaged control in English, which tests compare with.
INVALID_BUTTON = ENGLISH("reply-invalid-button")
INVALID_MENU = ENGLISH("reply-invalid-menu")


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

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Component[ItemT]:
        return cls(cast(ItemT, item))

    @property
    def values(self) -> list[str] | None:
        """The options chosen in a select menu; None for a button."""
        return self.item.values if isinstance(self.item, discord.ui.Select) else None

    def fields(self, t: Texts) -> dict[str, str]:
        """The custom_id's named fields, as the template parsed them."""
        match = self.template.fullmatch(self.custom_id)
        if match is None:  # discord.py only dispatches ids that match
            raise Refusal(invalid_control(t, menu=self.values is not None))
        return match.groupdict()

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._run(interaction), self.what)

    async def _run(self, interaction: discord.Interaction[Any]) -> None:
        t = reader_texts(interaction)
        if getattr(interaction.client, "closing", False):
            raise Refusal(t("reply-shutting-down"))
        self.check_carrier(interaction.message, t)
        await self.handle(interaction, self.fields(t))

    def check_carrier(self, message: discord.Message | None, t: Texts) -> None:
        """Refuse a click whose component is of the other kind than the family's (a select's values on a
        button's id), or a private family's component on a public message: both are forged."""
        is_select = isinstance(self.item, discord.ui.Select)
        if is_select != self.is_menu or (self.private and not is_private(message)):
            raise Refusal(invalid_control(t, menu=is_select))

    async def handle(self, interaction: discord.Interaction[Any], fields: Mapping[str, str]) -> None:
        """Serve one click; a ``Refusal`` is shown to the user in its own words."""
        raise NotImplementedError


def is_private(message: discord.Message | None) -> bool:
    """Whether a message is seen by one user only: an ephemeral reply or a direct message."""
    return message is not None and (message.flags.ephemeral or message.guild is None)


def _components(rows: Iterable[Any]) -> Iterable[Any]:
    for row in rows:
        children = getattr(row, "children", None)
        if children is not None:
            yield from _components(children)
        else:
            yield row


def stray_click_reply(
    interaction: discord.Interaction[Any], families: Iterable[type[Component[Any]]]
) -> str | None:
    """What to answer a component interaction under one of our prefixes that no family will serve, in
    the clicker's language (``reader_texts``).

    None when a family will serve it (its template matches and the message carries that component), or
    when the id is not ours at all.
    """
    if interaction.type is not discord.InteractionType.component or interaction.data is None:
        return None
    custom_id = str(interaction.data.get("custom_id", ""))
    component_type = interaction.data.get("component_type")
    ours = [family for family in families if family.prefix and custom_id.startswith(family.prefix)]
    if not ours:
        return None
    if any(family.__discord_ui_compiled_template__.fullmatch(custom_id) for family in ours):
        message = interaction.message
        if message is not None and any(
            getattr(item, "custom_id", None) == custom_id and item.type.value == component_type
            for item in _components(message.components)
        ):
            return None
    # Only a stray click needs words: no catalog lookup for the others.
    is_button = component_type == discord.ComponentType.button.value
    return invalid_control(reader_texts(interaction), menu=not is_button)
