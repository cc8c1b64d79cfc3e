"""The /wizard settings panel: a private message that shows a server's defaults and changes them.

The panel has three pages (``rules``: edition, preset, variants, Nannie's Rule; ``more``: turn timer,
lobby timeout, pictures, language, the coach; ``seasons``: monthly seasons, fresh ratings each season,
where an ended season is announced). Its controls are six component families under the custom_id prefix
``wzset:``, each with a strict template, so a panel sent before a restart keeps working and a forged id
is refused. Only members with Manage Server may use the command or any control; every change is checked
by the rules core (``Rules``, which applies R-9) and saved through ``ServerSettingsStore`` before the
panel is shown again. The panel is in the language of the member who uses it (their Discord client's,
else the server's).
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord

from cogs.core_words import error_text, preset_help, preset_name, variant_help, variant_name
from cogs.server_settings.language import discord_language, reply_texts, settings_language
from cogs.server_settings.store import (
    LOBBY_TIMEOUT_CHOICES,
    TURN_TIMER_CHOICES,
    ServerSettings,
    ServerSettingsStore,
)
from cogs.utils.components import Component
from cogs.utils.i18n import LANGUAGE_NAMES, Lang, Texts
from cogs.utils.replies import Refusal, guarded, reader_texts
from cogs.utils.text import SELECT_DESCRIPTION_LIMIT, clip, duration
from wizard_core import EDITIONS, NANNIE_EVERY, Rules, RulesError
from wizard_core.variants import PRESETS, VARIANTS

if TYPE_CHECKING:
    from bot import WizardBot

__all__ = (
    "FAMILIES",
    "CoachButton",
    "Defaults",
    "NotOffered",
    "PageButton",
    "PanelControl",
    "PicturesButton",
    "ResetButton",
    "SeasonButton",
    "SettingMenu",
    "changed",
    "show_panel",
)

log = logging.getLogger(__name__)

PREFIX = "wzset"
EDITION_KEYS = {"classic": "settings-edition-classic", "camelot": "settings-edition-camelot"}
EDITION_OPTION_KEYS = {
    "classic": "settings-edition-classic-option",
    "camelot": "settings-edition-camelot-option",
}
IMAGES_CHOICES = {"on": True, "off": False, "default": None}
# The coach's buttons: the state each sets, and its label.
COACH_CHOICES = {"on": (True, "settings-coach-on-button"), "off": (False, "settings-coach-off-button")}
FOOTER_KEYS = {
    "rules": "settings-footer-rules",
    "more": "settings-footer-more",
    "seasons": "settings-footer-seasons",
}
# The buttons of the seasons page, two a row: a setting and its new state ("here": the panel's channel).
SEASON_CHOICES = {
    "monthly-on": "settings-season-monthly-on",
    "monthly-off": "settings-season-monthly-off",
    "fresh-on": "settings-season-fresh-on",
    "fresh-off": "settings-season-fresh-off",
    "channel-here": "settings-season-channel-here",
    "channel-none": "settings-season-channel-none",
}
# The language menu's values: "auto" follows the server's Discord language.
LANGUAGE_CHOICES: dict[str, Lang | None] = {"auto": None, "en": "en", "de": "de"}
COLOUR = discord.Colour.blurple()

Change = Callable[[ServerSettings, Sequence[str]], ServerSettings]


class NotOffered(Exception):
    """A menu value the panel does not offer: only a forged client sends one."""


@dataclasses.dataclass(frozen=True)
class Defaults:
    """What a setting left to its default means for this server: the bot's own lobby timeout
    (``WIZARD_LOBBY_TIMEOUT_MINUTES``) and pictures (``WIZARD_IMAGES``), and its Discord language."""

    lobby_minutes: float
    images: bool
    language: Lang


def timer_label(seconds: int, *, t: Texts) -> str:
    """A turn timer in words: "Off", "30 seconds", "2 minutes (default)" and so on."""
    text = t("settings-off") if seconds == 0 else duration(seconds, t=t)
    if seconds == ServerSettings().turn_timer_seconds:
        return t("settings-timer-default", timer=text)
    return text


def lobby_label(minutes: float | None, bot_default: float, *, t: Texts) -> str:
    """A lobby timeout in words; None is the bot's own setting."""
    if minutes is None:
        return t("settings-lobby-bot-default", timeout=lobby_label(bot_default, bot_default, t=t))
    number = int(minutes) if float(minutes).is_integer() else minutes
    return t("settings-minutes", count=number)


def images_label(images: bool | None, bot_default: bool, *, t: Texts) -> str:
    """Pictures on or off, saying when that is the bot's own setting."""
    if images is None:
        return t("settings-pictures-bot-on") if bot_default else t("settings-pictures-bot-off")
    return t("settings-on") if images else t("settings-off")


def language_label(language: str | None, discord_lang: Lang, *, t: Texts) -> str:
    """A server's language in words: a language's own name, or automatic with the one that means."""
    chosen = LANGUAGE_CHOICES.get(language or "auto")
    if chosen is None:
        return t("settings-language-auto", language=t(LANGUAGE_NAMES[discord_lang]))
    return t(LANGUAGE_NAMES[chosen])


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


def _variant_lines(rules: Rules, *, t: Texts) -> str:
    names = []
    for variant in VARIANTS.values():
        if variant.id not in rules.variants:
            continue
        name = variant_name(variant.id, t)
        if variant.id == "nannie":
            name = t("settings-nannie-every", variant=name, every=rules.nannie_every)
        names.append(name)
    return "\n".join(names) or t("settings-variants-none")


def panel_embed(settings: ServerSettings, defaults: Defaults, page: str, *, t: Texts) -> discord.Embed:
    """The server's current settings, as the panel shows them."""
    embed = discord.Embed(title=t("settings-title"), description=t("settings-description"), colour=COLOUR)
    rules = settings.rules()
    embed.add_field(name=t("settings-edition"), value=t(EDITION_KEYS[rules.edition]), inline=True)
    preset = _preset_of(settings)
    embed.add_field(
        name=t("settings-preset"),
        value=preset_name(preset, t) if preset else t("settings-preset-none"),
        inline=True,
    )
    embed.add_field(name=t("settings-variants"), value=_variant_lines(rules, t=t), inline=False)
    embed.add_field(
        name=t("settings-turn-timer"), value=timer_label(settings.turn_timer_seconds, t=t), inline=True
    )
    embed.add_field(
        name=t("settings-lobby-timeout"),
        value=lobby_label(settings.lobby_timeout_minutes, defaults.lobby_minutes, t=t),
        inline=True,
    )
    embed.add_field(
        name=t("settings-pictures"), value=images_label(settings.images, defaults.images, t=t), inline=True
    )
    embed.add_field(
        name=t("settings-language"),
        value=language_label(settings.language, defaults.language, t=t),
        inline=True,
    )
    coach = t("settings-coach-on") if settings.coach else t("settings-coach-off")
    embed.add_field(name=t("settings-coach"), value=coach, inline=True)
    if page == "seasons":
        embed.add_field(name=t("settings-seasons"), value=_season_lines(settings, t=t), inline=False)
    embed.set_footer(text=t(FOOTER_KEYS[page]))
    return embed


def _season_lines(settings: ServerSettings, *, t: Texts) -> str:
    """The season settings in words, one a line."""
    on, off = t("settings-on"), t("settings-off")
    channel = settings.season_channel_id
    return "\n".join(
        [
            t("settings-seasons-monthly", state=on if settings.season_monthly else off),
            t("settings-seasons-fresh", state=on if settings.season_fresh_ratings else off),
            t("settings-seasons-channel-none")
            if channel is None
            else t("settings-seasons-channel", channel=f"<#{channel}>"),
        ]
    )


# What a choice in each menu does. A client can send any values, so each is checked against what the
# menu offers; a combination R-9 forbids raises RulesError, here or when the store checks it.
def _one(values: Sequence[str], allowed: Sequence[str]) -> str:
    if len(values) != 1 or values[0] not in allowed:
        raise NotOffered(values)
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
        raise NotOffered(values)
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


def _language(settings: ServerSettings, values: Sequence[str]) -> ServerSettings:
    return dataclasses.replace(settings, language=LANGUAGE_CHOICES[_one(values, list(LANGUAGE_CHOICES))])


# Each menu's custom_id field, with the page it is on (shown again after a choice) and its change.
MENUS: dict[str, tuple[str, Change]] = {
    "edition": ("rules", _edition),
    "preset": ("rules", _preset),
    "variants": ("rules", _variants),
    "nannie": ("rules", _nannie),
    "timer": ("more", _timer),
    "lobby": ("more", _lobby),
    "language": ("more", _language),
}


def changed(settings: ServerSettings, menu: str, values: Sequence[str]) -> ServerSettings:
    """The settings after choosing ``values`` in ``menu``: ``NotOffered`` for a value the menu does not
    offer, ``RulesError`` for rules R-9 forbids."""
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

    async def handle(self, interaction: discord.Interaction[WizardBot], fields: Mapping[str, str]) -> None:
        t = await reply_texts(interaction)
        guild_id = check_manager(interaction, t)
        store = _store(interaction)
        async with store.lock(guild_id):
            current = await store.get(guild_id)
            try:
                new, page = self.change(current, fields)
                if new != current:
                    await store.set(guild_id, new)
                    user = interaction.user.id
                    log.info("Server %d's Wizard settings were changed by %d: %s", guild_id, user, new)
            except NotOffered:
                raise Refusal(t("settings-not-offered")) from None
            except RulesError as error:
                raise Refusal(t("settings-not-allowed", reason=error_text(error, t))) from None
        embed, view = _panel(interaction, new, page)
        await interaction.response.edit_message(embed=embed, view=view)


class SettingMenu(
    PanelControl, template=r"wzset:(?P<setting>edition|preset|variants|nannie|timer|lobby|language)"
):
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


class CoachButton(PanelControl, template=r"wzset:coach:(?P<choice>on|off)"):
    """The coach on or off on the server's new tables (issue 30); on the second page."""

    def change(self, settings: ServerSettings, fields: Mapping[str, str]) -> tuple[ServerSettings, str]:
        return dataclasses.replace(settings, coach=fields["choice"] == "on"), "more"


class SeasonButton(
    PanelControl,
    template=r"wzset:season:(?P<choice>monthly-on|monthly-off|fresh-on|fresh-off|channel-here|channel-none)",
):
    """The seasons page's buttons: monthly seasons and fresh ratings on or off, and the announcements in
    the panel's channel or nowhere."""

    channel_id: int | None = None

    async def handle(self, interaction: discord.Interaction[WizardBot], fields: Mapping[str, str]) -> None:
        self.channel_id = interaction.channel_id
        await super().handle(interaction, fields)

    def change(self, settings: ServerSettings, fields: Mapping[str, str]) -> tuple[ServerSettings, str]:
        setting, _, state = fields["choice"].partition("-")
        if setting == "monthly":
            return dataclasses.replace(settings, season_monthly=state == "on"), "seasons"
        if setting == "fresh":
            return dataclasses.replace(settings, season_fresh_ratings=state == "on"), "seasons"
        channel = self.channel_id if state == "here" else None
        return dataclasses.replace(settings, season_channel_id=channel), "seasons"


class ResetButton(PanelControl, template=r"wzset:reset:(?P<page>rules|more|seasons)"):
    """Reset to defaults, on either page; the field is the page it was pressed on."""

    def change(self, settings: ServerSettings, fields: Mapping[str, str]) -> tuple[ServerSettings, str]:
        return ServerSettings(), fields["page"]


class PageButton(PanelControl, template=r"wzset:page:(?P<page>rules|more|seasons)"):
    """The button to the other page; the field is the page it shows. Changes nothing."""

    def change(self, settings: ServerSettings, fields: Mapping[str, str]) -> tuple[ServerSettings, str]:
        return settings, fields["page"]


# The families the extension registers; their templates match disjoint sets of ids.
FAMILIES: tuple[type[PanelControl], ...] = (
    SettingMenu,
    PicturesButton,
    CoachButton,
    SeasonButton,
    ResetButton,
    PageButton,
)


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


def panel_view(settings: ServerSettings, defaults: Defaults, page: str, *, t: Texts) -> discord.ui.View:
    """The selects and buttons of one page of the panel (5 rows)."""
    view = discord.ui.View(timeout=None)
    row = 4
    if page == "rules":
        _rules_page(view, settings, t=t)
        view.add_item(_button(PageButton, t("settings-page-more"), ("page", "more"), row))
    elif page == "more":
        _more_page(view, settings, defaults, t=t)
        view.add_item(_button(PageButton, t("settings-page-rules"), ("page", "rules"), row))
        view.add_item(_button(PageButton, t("settings-page-seasons"), ("page", "seasons"), row))
    else:
        _seasons_page(view, settings, t=t)
        view.add_item(_button(PageButton, t("settings-page-back-more"), ("page", "more"), row))
    danger = discord.ButtonStyle.danger
    view.add_item(_button(ResetButton, t("settings-reset"), ("reset", page), row, style=danger))
    return view


def _rules_page(view: discord.ui.View, settings: ServerSettings, *, t: Texts) -> None:
    editions = [
        discord.SelectOption(
            label=t(EDITION_OPTION_KEYS[edition]), value=edition, default=edition == settings.edition
        )
        for edition in EDITIONS
    ]
    view.add_item(_menu("edition", t("settings-edition"), editions, 0))
    current = _preset_of(settings)
    presets = [
        discord.SelectOption(
            label=preset_name(preset.id, t),
            value=preset.id,
            description=clip(preset_help(preset.id, t), SELECT_DESCRIPTION_LIMIT),
            default=preset.id == current,
        )
        for preset in PRESETS.values()
    ]
    view.add_item(_menu("preset", t("settings-preset-placeholder"), presets, 1))
    variants = [
        discord.SelectOption(
            label=variant_name(variant.id, t),
            value=variant.id,
            description=clip(variant_help(variant.id, t), SELECT_DESCRIPTION_LIMIT),
            default=variant.id in settings.variants,
        )
        for variant in VARIANTS.values()
    ]
    placeholder = t("settings-variants-placeholder")
    view.add_item(_menu("variants", placeholder, variants, 2, min_values=0, max_values=len(variants)))
    nannie_on = "nannie" in settings.variants
    name = variant_name("nannie", t)
    nannie = [
        discord.SelectOption(
            label=t("settings-nannie-option", variant=name, every=every),
            value=str(every),
            default=nannie_on and settings.nannie_every == every,
        )
        for every in NANNIE_EVERY
    ]
    if nannie_on:
        placeholder = t("settings-nannie-placeholder", variant=name)
    else:
        placeholder = t("settings-nannie-off", variant=name)
    view.add_item(_menu("nannie", placeholder, nannie, 3, disabled=not nannie_on))


def _more_page(view: discord.ui.View, settings: ServerSettings, defaults: Defaults, *, t: Texts) -> None:
    timers = [
        discord.SelectOption(
            label=t("settings-timer-option", timer=timer_label(seconds, t=t)),
            value=str(seconds),
            default=seconds == settings.turn_timer_seconds,
        )
        for seconds in TURN_TIMER_CHOICES
    ]
    view.add_item(_menu("timer", t("settings-turn-timer"), timers, 0))
    lobbies: list[int | None] = [None, *LOBBY_TIMEOUT_CHOICES]
    if settings.lobby_timeout_minutes not in lobbies:
        lobbies.append(settings.lobby_timeout_minutes)
    lobby_options = [
        discord.SelectOption(
            label=t("settings-lobby-option", timeout=lobby_label(minutes, defaults.lobby_minutes, t=t)),
            value="default" if minutes is None else str(minutes),
            default=minutes == settings.lobby_timeout_minutes,
        )
        for minutes in lobbies
    ]
    view.add_item(_menu("lobby", t("settings-lobby-timeout"), lobby_options, 1))
    labels = {
        "on": t("settings-pictures-on-button"),
        "off": t("settings-pictures-off-button"),
        "default": t("settings-pictures-bot-on-button")
        if defaults.images
        else t("settings-pictures-bot-off-button"),
    }
    for key, label in labels.items():
        chosen = IMAGES_CHOICES[key] == settings.images
        style = discord.ButtonStyle.primary if chosen else discord.ButtonStyle.secondary
        # The current choice is shown pressed and cannot be clicked again.
        view.add_item(_button(PicturesButton, label, ("images", key), 2, style=style, disabled=chosen))
    for key, (on, label_key) in COACH_CHOICES.items():
        chosen = settings.coach == on
        style = discord.ButtonStyle.primary if chosen else discord.ButtonStyle.secondary
        label = t(label_key)
        view.add_item(_button(CoachButton, label, ("coach", key), 2, style=style, disabled=chosen))
    languages = [
        discord.SelectOption(
            label=t("settings-language-option", language=language_label(choice, defaults.language, t=t)),
            value=choice,
            description=t("settings-language-auto-description") if choice == "auto" else None,
            default=LANGUAGE_CHOICES[choice] == settings.language,
        )
        for choice in LANGUAGE_CHOICES
    ]
    view.add_item(_menu("language", t("settings-language"), languages, 3))


def _seasons_page(view: discord.ui.View, settings: ServerSettings, *, t: Texts) -> None:
    """Three rows of two buttons: the current choice of each shown pressed, and not clickable again."""
    current = {
        "monthly-on": settings.season_monthly,
        "monthly-off": not settings.season_monthly,
        "fresh-on": settings.season_fresh_ratings,
        "fresh-off": not settings.season_fresh_ratings,
        "channel-here": settings.season_channel_id is not None,
        "channel-none": settings.season_channel_id is None,
    }
    for row, (choice, key) in enumerate(SEASON_CHOICES.items()):
        chosen = current[choice] and choice != "channel-here"  # "here" may be another channel
        style = discord.ButtonStyle.primary if current[choice] else discord.ButtonStyle.secondary
        label = t(key)
        button = _button(SeasonButton, label, ("season", choice), row // 2, style=style, disabled=chosen)
        view.add_item(button)


def _store(interaction: discord.Interaction[WizardBot]) -> ServerSettingsStore:
    return interaction.client.service(ServerSettingsStore)


def check_manager(interaction: discord.Interaction[WizardBot], t: Texts) -> int:
    """The server's id if the caller has Manage Server there; else a Refusal saying why."""
    # Discord's command permissions can be changed per server and do not cover components at all,
    # so the bot checks Manage Server itself on every command and every click.
    if interaction.guild_id is None:
        raise Refusal(t("settings-only-in-a-server"))
    if not interaction.permissions.manage_guild:
        raise Refusal(t("settings-manage-server"))
    return interaction.guild_id


def _panel(
    interaction: discord.Interaction[WizardBot], settings: ServerSettings, page: str
) -> tuple[discord.Embed, discord.ui.View]:
    """A page of the panel: its embed and its controls."""
    bot = interaction.client.settings
    defaults = Defaults(bot.lobby_timeout_minutes, bot.images, discord_language(interaction))
    # The panel follows the language just saved, for a reader whose client language the bot does not speak.
    t = reader_texts(interaction, settings_language(settings, interaction))
    return panel_embed(settings, defaults, page, t=t), panel_view(settings, defaults, page, t=t)


async def show_panel(interaction: discord.Interaction[WizardBot]) -> None:
    """Answer /wizard settings: the server's settings and the controls to change them, privately."""

    async def run() -> None:
        guild_id = check_manager(interaction, await reply_texts(interaction))
        settings = await _store(interaction).get(guild_id)
        embed, view = _panel(interaction, settings, "rules")
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    await guarded(interaction, run(), "a settings command")
