"""``/wizard me``: a member's own settings, shown privately with a menu and buttons to change them.

The reply is ephemeral, so its controls are component families whose ids carry the member's id
(``wizard:me:<user id>:<setting>``): they work for as long as Discord keeps the reply, after a restart
too, and a click by anyone else (a forged id) is refused. A change is stored at once and reaches the
member's open tables in this process at once (``MemberSettingsStore.listeners``).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self

import discord

from cogs.members.store import MemberSettings, MemberSettingsStore
from cogs.utils.components import Component, id_number, invalid_control
from cogs.utils.i18n import LANGUAGES, Texts, language_of, texts
from cogs.utils.replies import Refusal, reader_texts

if TYPE_CHECKING:
    from bot import WizardBot

PREFIX = "wizard:me:"
USER = r"(?P<user>\d{1,20})"
# Each on/off setting: its button's text.
TOGGLES = {"pictures": "me-button-pictures", "plain": "me-button-plain", "reminders": "me-button-reminders"}
LANGUAGE_CHOICES = ("client", *LANGUAGES)
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}
COLOUR = discord.Colour.blurple()


def member_texts(settings: MemberSettings, locale: object, fallback: Texts) -> Texts:
    """The catalog of a private answer to a member: the language they chose, else their client's, else
    ``fallback``."""
    lang = settings.language or language_of(locale)
    return texts(lang) if lang is not None else fallback


def _on_off(value: bool, t: Texts) -> str:
    return t("me-on") if value else t("me-off")


def settings_embed(settings: MemberSettings, server: str, locale: object, *, t: Texts) -> discord.Embed:
    """What the member chose, each setting on a line."""
    client = language_of(locale)
    if settings.language is None:
        language = t("me-language-client", lang=LANGUAGE_NAMES.get(client or "", "English"))
    else:
        language = LANGUAGE_NAMES[settings.language]
    lines = [
        t("me-description"),
        "",
        t("me-language", value=language),
        t("me-pictures", value=_on_off(settings.pictures, t)),
        t("me-plain", value=_on_off(settings.plain_text, t)),
        t("me-reminders", value=_on_off(settings.reminders, t)),
    ]
    return discord.Embed(title=t("me-title", server=server), description="\n".join(lines), colour=COLOUR)


def settings_view(user_id: int, settings: MemberSettings, *, t: Texts) -> discord.ui.View:
    """The language menu, then a button per setting that turns it the other way."""
    view = discord.ui.View(timeout=None)
    chosen = settings.language or "client"
    menu: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=f"{PREFIX}{user_id}:lang",
        placeholder=t("me-language-placeholder"),
        options=[
            discord.SelectOption(
                label=t("me-language-option-client") if choice == "client" else LANGUAGE_NAMES[choice],
                value=choice,
                default=choice == chosen,
            )
            for choice in LANGUAGE_CHOICES
        ],
        row=0,
    )
    view.add_item(LanguageMenu(menu))
    states = {"pictures": settings.pictures, "plain": settings.plain_text, "reminders": settings.reminders}
    for toggle, key in TOGGLES.items():
        on = states[toggle]
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=t(key, value=_on_off(not on, t)),
            custom_id=f"{PREFIX}{user_id}:{toggle}",
            style=discord.ButtonStyle.secondary if on else discord.ButtonStyle.primary,
            row=1,
        )
        view.add_item(ToggleButton(button))
    return view


def _store(interaction: discord.Interaction[WizardBot]) -> MemberSettingsStore:
    return interaction.client.service(MemberSettingsStore)


async def show_settings(interaction: discord.Interaction[WizardBot]) -> None:
    """``/wizard me``: the caller's settings in this server, privately."""
    guild = interaction.guild
    if guild is None:
        raise Refusal(reader_texts(interaction)("me-refusal-server-only"))
    settings = await _store(interaction).get(guild.id, interaction.user.id)
    t = member_texts(settings, interaction.locale, reader_texts(interaction))
    await interaction.response.send_message(
        embed=settings_embed(settings, guild.name, interaction.locale, t=t),
        view=settings_view(interaction.user.id, settings, t=t),
        ephemeral=True,
    )


class MemberControl(Component[discord.ui.Item[Any]], template=r"(?!)"):
    """What the panel's controls share: the clicker must be the member whose settings they are; the
    change is stored, the open tables told, and the panel shown again in place."""

    what = "a member settings interaction"
    prefix = PREFIX
    private = True
    user_id = 0

    @classmethod
    def parse(cls, item: discord.ui.Item[Any], match: re.Match[str]) -> Self:
        component = super().parse(item, match)
        component.user_id = id_number(match["user"])
        return component

    def change(self, settings: MemberSettings, t: Texts) -> MemberSettings:
        """The settings after this click (``t``: the reader's catalog, for a refusal)."""
        raise NotImplementedError

    async def handle(self, interaction: discord.Interaction[WizardBot], fields: Mapping[str, str]) -> None:
        guild = interaction.guild
        store = _store(interaction)
        current = await store.get(guild.id, interaction.user.id) if guild is not None else MemberSettings()
        t = member_texts(current, interaction.locale, reader_texts(interaction))
        if guild is None or self.user_id != interaction.user.id:
            raise Refusal(t("me-refusal-not-yours"))
        new = self.change(current, t)
        if new != current:
            await store.set(guild.id, interaction.user.id, new, discord.utils.utcnow().timestamp())
        t = member_texts(new, interaction.locale, reader_texts(interaction))
        await interaction.response.edit_message(
            embed=settings_embed(new, guild.name, interaction.locale, t=t),
            view=settings_view(interaction.user.id, new, t=t),
        )


class LanguageMenu(MemberControl, template=rf"wizard:me:{USER}:lang"):
    is_menu = True

    def change(self, settings: MemberSettings, t: Texts) -> MemberSettings:
        [choice] = self.values or ["client"]
        if choice not in LANGUAGE_CHOICES:  # a forged value: the menu offers no such choice
            raise Refusal(invalid_control(t, menu=True))
        language = None if choice == "client" else language_of(choice)
        return dataclasses.replace(settings, language=language)


class ToggleButton(MemberControl, template=rf"wizard:me:{USER}:(?P<toggle>pictures|plain|reminders)"):
    def change(self, settings: MemberSettings, t: Texts) -> MemberSettings:
        match self.fields.get("toggle"):
            case "pictures":
                return dataclasses.replace(settings, pictures=not settings.pictures)
            case "plain":
                return dataclasses.replace(settings, plain_text=not settings.plain_text)
            case _:
                return dataclasses.replace(settings, reminders=not settings.reminders)


FAMILIES: tuple[type[Component[Any]], ...] = (LanguageMenu, ToggleButton)
