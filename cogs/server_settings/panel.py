"""The /wizard settings panel: a private message that shows a server's defaults and changes them.

The panel has two pages (``rules``: edition, preset, variants, Nannie's Rule; ``more``: turn timer,
lobby timeout, pictures). Its controls are four component families under the custom_id prefix
``wzset:``, each with a strict template, so a panel sent before a restart keeps working and a forged id
is refused. Only members with Manage Server may use the command or any control; every change is checked
by the rules core (``Rules``, which applies R-9) and saved through ``ServerSettingsStore`` before the
panel is shown again.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import discord

from cogs.server_settings.store import (
    LOBBY_TIMEOUT_CHOICES,
    TURN_TIMER_CHOICES,
    ServerSettings,
    ServerSettingsStore,
)
from cogs.utils.components import Component
from cogs.utils.replies import Refusal, guarded
from cogs.utils.text import SELECT_DESCRIPTION_LIMIT, clip, duration
from wizard_core import EDITIONS, Rules, RulesError
from wizard_core.variants import PRESETS, VARIANTS

__all__ = (
    "FAMILIES",
    "PageButton",
    "PanelControl",
    "PicturesButton",
    "ResetButton",
    "SettingMenu",
    "changed",
    "show_panel",
)

log = logging.getLogger(__name__)

PREFIX = "wzset"
EDITION_LABELS = {"classic": "Classic", "camelot": "Camelot"}
IMAGES_CHOICES = {"on": True, "off": False, "default": None}
COLOUR = discord.Colour.blurple()
NOTHING_CHANGED = "Nothing was changed."

Change = Callable[[ServerSettings, Sequence[str]], ServerSettings]


def timer_label(seconds: int) -> str:
    """A turn timer in words: "Off", "30 seconds", "2 minutes (default)" and so on."""
    text = "Off" if seconds == 0 else duration(seconds)
    default = ServerSettings().turn_timer_seconds
    return f"{text} (default)" if seconds == default else text


def _minutes(value: float) -> str:
    number = int(value) if float(value).is_integer() else value
    return f"{number} minute{'' if number == 1 else 's'}"


def lobby_label(minutes: int | None, bot_default: float) -> str:
    """A lobby timeout in words; None is the bot's own setting."""
    if minutes is None:
        return f"Bot default ({_minutes(bot_default)})"
    return _minutes(minutes)


def images_label(images: bool | None, bot_default: bool) -> str:
    """Pictures on or off, saying when that is the bot's own setting."""
    if images is None:
        return f"Bot default ({'on' if bot_default else 'off'})"
    return "On" if images else "Off"


def custom_id(*parts: str) -> str:
    """The custom_id of one of the panel's components: ``wzset:`` and its fields."""
    return ":".join((PREFIX, *parts))


def _preset_of(settings: ServerSettings) -> str | None:
    for preset in PRESETS.values():
        if (
            preset.edition == settings.edition
            and preset.variants == settings.variants
            and settings.nannie_every == 2
        ):
            return preset.id
    return None


def panel_embed(
    settings: ServerSettings, bot_lobby_minutes: float, bot_images: bool, page: str
) -> discord.Embed:
    """The server's current settings, as the panel shows them."""
    embed = discord.Embed(
        title="Wizard settings for this server",
        description=(
            "New tables in this server start with these settings. Every change is saved at once. "
            "Only members with Manage Server can change them."
        ),
        colour=COLOUR,
    )
    rules = settings.rules()
    embed.add_field(name="Edition", value=EDITION_LABELS[rules.edition], inline=True)
    preset = _preset_of(settings)
    embed.add_field(name="Preset", value=PRESETS[preset].name if preset else "None (custom)", inline=True)
    names = [variant.name for variant in VARIANTS.values() if variant.id in rules.variants]
    if "nannie" in rules.variants:
        every = "every 3rd round" if rules.nannie_every == 3 else "every 2nd round"
        names[names.index(VARIANTS["nannie"].name)] += f" (eliminating {every})"
    embed.add_field(name="Variants", value="\n".join(names) or "None", inline=False)
    embed.add_field(name="Turn timer", value=timer_label(settings.turn_timer_seconds), inline=True)
    embed.add_field(
        name="Lobby timeout",
        value=lobby_label(settings.lobby_timeout_minutes, bot_lobby_minutes),
        inline=True,
    )
    embed.add_field(name="Pictures", value=images_label(settings.images, bot_images), inline=True)
    if page == "rules":
        embed.set_footer(text="Page 1/2: rules. The turn timer, lobby timeout and pictures are on page 2.")
    else:
        embed.set_footer(text="Page 2/2: turn timer, lobby timeout and pictures.")
    return embed


# What a choice in each menu does. A client can send any values, so each is checked against what the
# menu offers; a combination R-9 forbids raises RulesError, here or when the store checks it.
def _one(values: Sequence[str], allowed: Sequence[str]) -> str:
    if len(values) != 1 or values[0] not in allowed:
        raise Refusal(f"That choice isn't offered. {NOTHING_CHANGED}")
    return values[0]


def _with_rules(settings: ServerSettings, rules: Rules) -> ServerSettings:
    return dataclasses.replace(
        settings, edition=rules.edition, variants=rules.variants, nannie_every=rules.nannie_every
    )


def _edition(settings: ServerSettings, values: Sequence[str]) -> ServerSettings:
    return _with_rules(settings, settings.rules().with_edition(_one(values, EDITIONS)))


def _preset(settings: ServerSettings, values: Sequence[str]) -> ServerSettings:
    return _with_rules(settings, Rules.from_preset(_one(values, list(PRESETS))))


def _variants(settings: ServerSettings, values: Sequence[str]) -> ServerSettings:
    if len(set(values)) != len(values) or not set(values) <= set(VARIANTS):
        raise Refusal(f"That choice isn't offered. {NOTHING_CHANGED}")
    return _with_rules(settings, settings.rules().with_variants(values))


def _nannie(settings: ServerSettings, values: Sequence[str]) -> ServerSettings:
    return dataclasses.replace(settings, nannie_every=int(_one(values, ("2", "3"))))


def _timer(settings: ServerSettings, values: Sequence[str]) -> ServerSettings:
    seconds = _one(values, [str(choice) for choice in TURN_TIMER_CHOICES])
    return dataclasses.replace(settings, turn_timer_seconds=int(seconds))


def _lobby(settings: ServerSettings, values: Sequence[str]) -> ServerSettings:
    offered = ["default", *(str(choice) for choice in LOBBY_TIMEOUT_CHOICES)]
    if settings.lobby_timeout_minutes is not None:
        offered.append(str(settings.lobby_timeout_minutes))  # a value set before the choices changed
    minutes = _one(values, offered)
    return dataclasses.replace(settings, lobby_timeout_minutes=None if minutes == "default" else int(minutes))


# Each menu's custom_id field, with the page it is on (shown again after a choice) and its change.
MENUS: dict[str, tuple[str, Change]] = {
    "edition": ("rules", _edition),
    "preset": ("rules", _preset),
    "variants": ("rules", _variants),
    "nannie": ("rules", _nannie),
    "timer": ("more", _timer),
    "lobby": ("more", _lobby),
}


def changed(settings: ServerSettings, menu: str, values: Sequence[str]) -> ServerSettings:
    """The settings after choosing ``values`` in ``menu``; a Refusal for a value the menu does not offer."""
    return MENUS[menu][1](settings, values)


class PanelControl(Component[discord.ui.Item[Any]], template=r"(?!)"):
    """What every control of the panel does on a click: check the kind of component and the caller,
    change the settings under the server's lock, save them, and show the panel again.

    The base of the panel's families, never registered itself (its template matches nothing).
    """

    what = "a settings interaction"
    prefix = f"{PREFIX}:"
    private = True

    def change(self, settings: ServerSettings, fields: Mapping[str, str]) -> tuple[ServerSettings, str]:
        """The settings after this click, and the page to show them on."""
        raise NotImplementedError

    async def handle(self, interaction: discord.Interaction[Any], fields: Mapping[str, str]) -> None:
        guild_id = check_manager(interaction)
        store = _store(interaction)
        async with store.lock(guild_id):
            current = await store.get(guild_id)
            try:
                new, page = self.change(current, fields)
                if new != current:
                    await store.set(guild_id, new)
                    user = interaction.user.id
                    log.info("Server %d's Wizard settings were changed by %d: %s", guild_id, user, new)
            except RulesError as error:
                raise Refusal(f"That combination isn't allowed: {error}. {NOTHING_CHANGED}") from None
        await interaction.response.edit_message(**_panel(interaction, new, page))


class SettingMenu(PanelControl, template=r"wzset:(?P<setting>edition|preset|variants|nannie|timer|lobby)"):
    """The select menus: one per setting, named by the id's only field (a key of ``MENUS``)."""

    is_menu = True

    def change(self, settings: ServerSettings, fields: Mapping[str, str]) -> tuple[ServerSettings, str]:
        page, change = MENUS[fields["setting"]]
        # ``handle`` has refused a button by now, so there are values (possibly none chosen).
        return change(settings, self.values or []), page


class PicturesButton(PanelControl, template=r"wzset:images:(?P<choice>on|off|default)"):
    """Pictures on, off, or the bot's own setting (``WIZARD_IMAGES``); on the second page."""

    def change(self, settings: ServerSettings, fields: Mapping[str, str]) -> tuple[ServerSettings, str]:
        return dataclasses.replace(settings, images=IMAGES_CHOICES[fields["choice"]]), "more"


class ResetButton(PanelControl, template=r"wzset:reset:(?P<page>rules|more)"):
    """Reset to defaults, on either page; the field is the page it was pressed on."""

    def change(self, settings: ServerSettings, fields: Mapping[str, str]) -> tuple[ServerSettings, str]:
        return ServerSettings(), fields["page"]


class PageButton(PanelControl, template=r"wzset:page:(?P<page>rules|more)"):
    """The button to the other page; the field is the page it shows. Changes nothing."""

    def change(self, settings: ServerSettings, fields: Mapping[str, str]) -> tuple[ServerSettings, str]:
        return settings, fields["page"]


# The families the extension registers; their templates match disjoint sets of ids.
FAMILIES: tuple[type[PanelControl], ...] = (SettingMenu, PicturesButton, ResetButton, PageButton)


def _menu(
    setting: str, placeholder: str, options: list[discord.SelectOption], row: int, **kwargs: Any
) -> SettingMenu:
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=custom_id(setting), placeholder=placeholder, options=options, row=row, **kwargs
    )
    return SettingMenu(select)


def _button(
    family: type[PanelControl],
    label: str,
    fields: tuple[str, str],
    row: int,
    *,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    disabled: bool = False,
) -> PanelControl:
    button: discord.ui.Button[Any] = discord.ui.Button(
        label=label, custom_id=custom_id(*fields), row=row, style=style, disabled=disabled
    )
    return family(button)


def panel_view(
    settings: ServerSettings, bot_lobby_minutes: float, bot_images: bool, page: str
) -> discord.ui.View:
    """The selects and buttons of one page of the panel (at most 5 rows)."""
    view = discord.ui.View(timeout=None)
    if page == "rules":
        _rules_page(view, settings)
        row = 4
        view.add_item(_button(PageButton, "More settings ▶", ("page", "more"), row))
    else:
        _more_page(view, settings, bot_lobby_minutes, bot_images)
        row = 3
        view.add_item(_button(PageButton, "◀ Rules", ("page", "rules"), row))
    danger = discord.ButtonStyle.danger
    view.add_item(_button(ResetButton, "Reset to defaults", ("reset", page), row, style=danger))
    return view


def _rules_page(view: discord.ui.View, settings: ServerSettings) -> None:
    editions = [
        discord.SelectOption(
            label=f"{EDITION_LABELS[edition]} edition", value=edition, default=edition == settings.edition
        )
        for edition in EDITIONS
    ]
    view.add_item(_menu("edition", "Edition", editions, 0))
    current = _preset_of(settings)
    presets = [
        discord.SelectOption(
            label=preset.name,
            value=preset.id,
            description=clip(preset.help, SELECT_DESCRIPTION_LIMIT),
            default=preset.id == current,
        )
        for preset in PRESETS.values()
    ]
    view.add_item(_menu("preset", "Apply a preset (edition and variants)", presets, 1))
    variants = [
        discord.SelectOption(
            label=variant.name,
            value=variant.id,
            description=clip(variant.help, SELECT_DESCRIPTION_LIMIT),
            default=variant.id in settings.variants,
        )
        for variant in VARIANTS.values()
    ]
    view.add_item(_menu("variants", "Variants: none", variants, 2, min_values=0, max_values=len(variants)))
    nannie_on = "nannie" in settings.variants
    nannie = [
        discord.SelectOption(
            label=f"Nannie's Rule: eliminate every {ordinal} round",
            value=str(every),
            default=nannie_on and settings.nannie_every == every,
        )
        for every, ordinal in ((2, "2nd"), (3, "3rd"))
    ]
    placeholder = "Nannie's Rule elimination" if nannie_on else "Nannie's Rule is off"
    view.add_item(_menu("nannie", placeholder, nannie, 3, disabled=not nannie_on))


def _more_page(
    view: discord.ui.View, settings: ServerSettings, bot_lobby_minutes: float, bot_images: bool
) -> None:
    timers = [
        discord.SelectOption(
            label=f"Turn timer: {timer_label(seconds)}",
            value=str(seconds),
            default=seconds == settings.turn_timer_seconds,
        )
        for seconds in TURN_TIMER_CHOICES
    ]
    view.add_item(_menu("timer", "Turn timer", timers, 0))
    lobbies: list[int | None] = [None, *LOBBY_TIMEOUT_CHOICES]
    if settings.lobby_timeout_minutes not in lobbies:
        lobbies.append(settings.lobby_timeout_minutes)
    lobby_options = [
        discord.SelectOption(
            label=f"Lobby timeout: {lobby_label(minutes, bot_lobby_minutes)}",
            value="default" if minutes is None else str(minutes),
            default=minutes == settings.lobby_timeout_minutes,
        )
        for minutes in lobbies
    ]
    view.add_item(_menu("lobby", "Lobby timeout", lobby_options, 1))
    for key, label in (("on", "Pictures on"), ("off", "Pictures off"), ("default", "Pictures: bot default")):
        chosen = IMAGES_CHOICES[key] == settings.images
        if key == "default":
            label = f"Pictures: {images_label(None, bot_images).lower()}"
        style = discord.ButtonStyle.primary if chosen else discord.ButtonStyle.secondary
        # The current choice is shown pressed and cannot be clicked again.
        view.add_item(_button(PicturesButton, label, ("images", key), 2, style=style, disabled=chosen))


def _store(interaction: discord.Interaction[Any]) -> ServerSettingsStore:
    store: ServerSettingsStore = interaction.client.service(ServerSettingsStore)
    return store


def check_manager(interaction: discord.Interaction[Any]) -> int:
    """The server's id if the caller has Manage Server there; else a Refusal saying why."""
    # Discord's command permissions can be changed per server and do not cover components at all,
    # so the bot checks Manage Server itself on every command and every click.
    if interaction.guild_id is None:
        raise Refusal("Server settings only work in a server.")
    if not interaction.permissions.manage_guild:
        raise Refusal(
            "You need the Manage Server permission to change this server's Wizard settings. "
            + NOTHING_CHANGED
        )
    return interaction.guild_id


def _panel(interaction: discord.Interaction[Any], settings: ServerSettings, page: str) -> dict[str, Any]:
    defaults = interaction.client.settings
    lobby, images = float(defaults.lobby_timeout_minutes), bool(defaults.images)
    return {
        "embed": panel_embed(settings, lobby, images, page),
        "view": panel_view(settings, lobby, images, page),
    }


async def show_panel(interaction: discord.Interaction[Any]) -> None:
    """Answer /wizard settings: the server's settings and the controls to change them, privately."""

    async def run() -> None:
        guild_id = check_manager(interaction)
        settings = await _store(interaction).get(guild_id)
        await interaction.response.send_message(**_panel(interaction, settings, "rules"), ephemeral=True)

    await guarded(interaction, run(), "a settings command")
