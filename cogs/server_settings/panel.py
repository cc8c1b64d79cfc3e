"""The /wizard settings panel, which changes a server's defaults (``store``).

The panel is an ephemeral message whose
selects and buttons are `DynamicItem`s under the custom_id prefix ``wzset:``, so it keeps working after a
restart. Every change is checked by the rules core (`Rules`, which applies R-9) before it is saved, and
only members with Manage Server may make one: the check runs on the command and on every component.
"""

from __future__ import annotations

import dataclasses
import logging
import re
from collections.abc import Mapping, Sequence
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
from cogs.utils.text import duration
from wizard_core import EDITIONS, Rules, RulesError
from wizard_core.variants import PRESETS, VARIANTS

__all__ = (
    "PREFIX",
    "SettingsItem",
    "show_panel",
)

log = logging.getLogger(__name__)

# -- the panel -------------------------------------------------------------------------------------------

PREFIX = "wzset"
CUSTOM_ID = re.compile(
    r"wzset:(?:(?P<select>edition|preset|variants|nannie|timer|lobby)"
    r"|images:(?P<images>on|off|default)|reset:(?P<reset>rules|more)|page:(?P<page>rules|more))"
)
# Which page each select lives on, to show that page again after a change.
SELECT_PAGE = {"edition": "rules", "preset": "rules", "variants": "rules", "nannie": "rules"}
EDITION_LABELS = {"classic": "Classic", "camelot": "Camelot"}
IMAGES_CHOICES = {"on": True, "off": False, "default": None}
COLOUR = discord.Colour.blurple()
NOTHING_CHANGED = "Nothing was changed."


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
    """The custom_id of one of the panel's components."""
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


def _select(
    cid: str, placeholder: str, options: list[discord.SelectOption], row: int, **kwargs: Any
) -> SettingsItem:
    return SettingsItem(
        discord.ui.Select(custom_id=cid, placeholder=placeholder, options=options, row=row, **kwargs)
    )


def _button(
    label: str,
    cid: str,
    row: int,
    *,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    **kwargs: Any,
) -> SettingsItem:
    return SettingsItem(discord.ui.Button(label=label, custom_id=cid, row=row, style=style, **kwargs))


def panel_view(
    settings: ServerSettings, bot_lobby_minutes: float, bot_images: bool, page: str
) -> discord.ui.View:
    """The selects and buttons of one page of the panel (at most 5 rows)."""
    view = discord.ui.View(timeout=None)
    if page == "rules":
        _rules_page(view, settings)
        view.add_item(_button("More settings ▶", custom_id("page", "more"), 4))
        view.add_item(
            _button("Reset to defaults", custom_id("reset", "rules"), 4, style=discord.ButtonStyle.danger)
        )
    else:
        _more_page(view, settings, bot_lobby_minutes, bot_images)
        view.add_item(_button("◀ Rules", custom_id("page", "rules"), 3))
        view.add_item(
            _button("Reset to defaults", custom_id("reset", "more"), 3, style=discord.ButtonStyle.danger)
        )
    return view


def _rules_page(view: discord.ui.View, settings: ServerSettings) -> None:
    editions = [
        discord.SelectOption(
            label=f"{EDITION_LABELS[edition]} edition", value=edition, default=edition == settings.edition
        )
        for edition in EDITIONS
    ]
    view.add_item(_select(custom_id("edition"), "Edition", editions, 0))
    current = _preset_of(settings)
    presets = [
        discord.SelectOption(
            label=preset.name, value=preset.id, description=preset.help[:100], default=preset.id == current
        )
        for preset in PRESETS.values()
    ]
    view.add_item(_select(custom_id("preset"), "Apply a preset (edition and variants)", presets, 1))
    variants = [
        discord.SelectOption(
            label=variant.name,
            value=variant.id,
            description=variant.help[:100],
            default=variant.id in settings.variants,
        )
        for variant in VARIANTS.values()
    ]
    view.add_item(
        _select(custom_id("variants"), "Variants: none", variants, 2, min_values=0, max_values=len(variants))
    )
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
    view.add_item(_select(custom_id("nannie"), placeholder, nannie, 3, disabled=not nannie_on))


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
    view.add_item(_select(custom_id("timer"), "Turn timer", timers, 0))
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
    view.add_item(_select(custom_id("lobby"), "Lobby timeout", lobby_options, 1))
    for key, label in (("on", "Pictures on"), ("off", "Pictures off"), ("default", "Pictures: bot default")):
        chosen = IMAGES_CHOICES[key] == settings.images
        if key == "default":
            label = f"Pictures: {images_label(None, bot_images).lower()}"
        style = discord.ButtonStyle.primary if chosen else discord.ButtonStyle.secondary
        # The current choice is shown pressed and cannot be clicked again.
        view.add_item(_button(label, custom_id("images", key), 2, style=style, disabled=chosen))


class SettingsItem(Component[discord.ui.Item[Any]], template=r"wzset:(?P<rest>.{0,94})"):
    """Every select and button of the settings panel, before and after a restart."""

    what = "a settings interaction"
    prefix = "wzset:"

    async def handle(self, interaction: discord.Interaction[Any], fields: Mapping[str, str]) -> None:
        await handle_component(interaction, self.custom_id, self.values)


# -- interactions ----------------------------------------------------------------------------------------


def _store(interaction: discord.Interaction[Any]) -> ServerSettingsStore:
    store: ServerSettingsStore = interaction.client.service(ServerSettingsStore)
    return store


def _bot_defaults(interaction: discord.Interaction[Any]) -> tuple[float, bool]:
    settings = interaction.client.settings
    return float(settings.lobby_timeout_minutes), bool(settings.images)


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
    lobby, images = _bot_defaults(interaction)
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


def _one(values: Sequence[str], allowed: Sequence[str]) -> str:
    if len(values) != 1 or values[0] not in allowed:
        raise Refusal(f"That choice isn't offered. {NOTHING_CHANGED}")
    return values[0]


def changed(settings: ServerSettings, name: str, values: Sequence[str]) -> ServerSettings:
    """The settings after choosing `values` in the select `name`; a Refusal for a value not offered."""
    if name in ("edition", "preset", "variants"):
        rules = settings.rules()
        if name == "edition":
            rules = rules.with_edition(_one(values, EDITIONS))
        elif name == "preset":
            rules = Rules.from_preset(_one(values, list(PRESETS)))
        else:
            if len(set(values)) != len(values) or not set(values) <= set(VARIANTS):
                raise Refusal(f"That choice isn't offered. {NOTHING_CHANGED}")
            rules = rules.with_variants(values)
        return dataclasses.replace(
            settings, edition=rules.edition, variants=rules.variants, nannie_every=rules.nannie_every
        )
    if name == "nannie":
        return dataclasses.replace(settings, nannie_every=int(_one(values, ("2", "3"))))
    if name == "timer":
        seconds = _one(values, [str(choice) for choice in TURN_TIMER_CHOICES])
        return dataclasses.replace(settings, turn_timer_seconds=int(seconds))
    assert name == "lobby"
    offered = ["default", *(str(choice) for choice in LOBBY_TIMEOUT_CHOICES)]
    if settings.lobby_timeout_minutes is not None:
        offered.append(str(settings.lobby_timeout_minutes))
    minutes = _one(values, offered)
    return dataclasses.replace(settings, lobby_timeout_minutes=None if minutes == "default" else int(minutes))


async def handle_component(
    interaction: discord.Interaction[Any], custom_id: str, values: Sequence[str] | None
) -> None:
    """Every select and button of the panel: check, save, and show the panel again.

    `values` is None for a button. A select id on a button (or the reverse) is as forged as a bad id.
    """
    match = CUSTOM_ID.fullmatch(custom_id)
    if match is None or (match["select"] is None) != (values is None):
        raise Refusal(
            f"That control isn't valid. {NOTHING_CHANGED} Open the panel again with `/wizard settings`."
        )
    if getattr(interaction.client, "closing", False):
        raise Refusal("The bot is restarting; try again in a minute.")
    guild_id = check_manager(interaction)
    store = _store(interaction)
    async with store.lock(guild_id):
        current = await store.get(guild_id)
        try:
            if match["select"] is not None:
                assert values is not None
                new = changed(current, match["select"], values)
                page = SELECT_PAGE.get(match["select"], "more")
            elif match["images"] is not None:
                new = dataclasses.replace(current, images=IMAGES_CHOICES[match["images"]])
                page = "more"
            elif match["reset"] is not None:
                new, page = ServerSettings(), match["reset"]
            else:
                new, page = current, match["page"]
            if new != current:
                await store.set(guild_id, new)
                log.info(
                    "Server %d's Wizard settings were changed by %d: %s", guild_id, interaction.user.id, new
                )
        except RulesError as error:
            raise Refusal(f"That combination isn't allowed: {error}. {NOTHING_CHANGED}") from None
    await interaction.response.edit_message(**_panel(interaction, await store.get(guild_id), page))
