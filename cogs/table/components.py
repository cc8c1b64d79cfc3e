"""The table's buttons and select menus: one class per component family, the views that carry them, and
where clicks go.

Every component carries all it needs, so it keeps working after a restart:
``wizard:<kind>:<table id>:<state version>:<argument>``. Each kind is one component family with a strict
template; a family builds its ids (``custom_id``) and parses a click's id once into typed fields
(``parse``), numbers range-checked, so a damaged or forged id is refused before any handler runs
(``cogs.utils.components``). A family checks what every click of its kind needs (the table is open, the
click comes from the table's place, it is in the right state) and hands the click to the table's session,
found in the registry of open tables, with the clicker's language looked up once.

``act`` buttons carry an action code of the rules core and the game version they were drawn at.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Self

import discord

from cogs import core_words
from cogs.table import coach, lobby, render
from cogs.table.model import LEVEL_KEYS, Table
from cogs.table.registry import OpenTables, Session
from cogs.utils.components import Component, id_number, invalid_control, is_private
from cogs.utils.i18n import Texts
from cogs.utils.replies import Refusal
from wizard_core import (
    EDITIONS,
    MAX_PLAYERS,
    MERLIN,
    MIN_PLAYERS,
    Action,
    Call,
    Phase,
    Play,
    PlayerView,
    PlayHidden,
)
from wizard_core.variants import PRESETS, VARIANTS

if TYPE_CHECKING:
    from bot import WizardBot

PREFIX = "wizard:"
TABLE = r"(?P<table>\d{1,19})"
GameItem = discord.ui.Button[Any] | discord.ui.Select[Any]
Click = discord.Interaction["WizardBot"]


def custom_id(kind: str, table_id: int, version: int, arg: str | int) -> str:
    """The custom_id of one of the table's components."""
    return f"{PREFIX}{kind}:{table_id}:{version}:{arg}"


def check_place(
    interaction: discord.Interaction[Any], guild_id: int, channel_id: int, *, in_dms: bool
) -> bool:
    """Whether a click on a table's control comes from where that control is shown: the table's own
    channel, or a DM for the controls sent by DM (``in_dms``).

    A component's id names its table, so a forged one could otherwise reach a table of another server
    from a server where the clicker has permissions the table's server never gave them. The cluster asks
    the same before it hands a click to another process (``cogs.cluster``).
    """
    if interaction.guild_id is None:
        return in_dms
    return (interaction.guild_id, interaction.channel_id) == (guild_id, channel_id)


class TableComponent(Component[GameItem], template=r"(?!)"):
    """What every component of a table checks before its family serves the click."""

    prefix = PREFIX
    what = "a game interaction"
    #: The table status the family works in.
    status: ClassVar[str] = "playing"
    #: Whether the family is also sent by direct message; otherwise it only works in the table's channel.
    in_dms: ClassVar[bool] = False
    #: Which message may carry the family: the table message, a private one (ephemeral or a DM) or any.
    carrier: ClassVar[str] = "any"

    def __init__(self, item: GameItem, table_id: int = 0) -> None:
        super().__init__(item)
        self.table_id = table_id

    @classmethod
    def parse(cls, item: GameItem, match: re.Match[str]) -> Self:
        return cls(item, id_number(match["table"]))

    async def handle(self, interaction: discord.Interaction[WizardBot], fields: Mapping[str, str]) -> None:
        registry: OpenTables[Session] = interaction.client.service(OpenTables)
        session = await registry.locate(interaction, self.table_id)
        if session is None:
            return  # handed to the process that runs the table, which answers
        table = session.table
        # The clicker's language (looked up once a click), remembered for the DMs the bot sends them later.
        t = table.reader_texts(interaction.user.id, interaction.locale)
        if not check_place(interaction, table.guild_id, table.channel_id, in_dms=self.in_dms):
            raise Refusal(t("table-refusal-elsewhere"))
        if not self._carried_right(interaction.message, table, interaction.client.user):
            raise Refusal(invalid_control(t, menu=self.values is not None))
        async with session.lock:
            if not session.is_open:
                moved = table.released  # handed to another process while the click waited
                raise Refusal(t("table-refusal-moved" if moved else "table-refusal-no-longer-open"))
            if table.status != self.status:
                raise Refusal(t("table-refusal-out-of-date"))
            if self.carrier == "table" and table.message_id is None and interaction.message is not None:
                # The click brings the table message whose id the bot has not learned yet (see
                # ``_carried_right``): from now on it is the table's message.
                await session.remember_message(interaction.message)
            then = await session.serve(self, interaction, t)
        if then is not None:  # slow work that reads nothing of the table any more (the coach's hint)
            await then()

    def _carried_right(
        self, message: discord.Message | None, table: Table, me: discord.ClientUser | None
    ) -> bool:
        """Whether the clicked message is one this family is sent on, so a forged id cannot make the
        handler rewrite a message it does not own (another table, the final standings).

        A table message whose id the bot does not know yet is taken as the click brings it: a click can
        come before the answer to ``/wizard new`` that posted it has reached the bot, and a crash can come
        between that answer and storing its id. Only the bot's own messages carry its components, and
        the click comes from the table's channel (``check_place``), so such a message, not private, is
        the table's."""
        if self.carrier == "any":
            return True
        if message is None:
            return False
        if self.carrier == "table":
            unknown = table.message_id is None and not is_private(message)
            return message.id == table.message_id or (
                unknown and me is not None and message.author.id == me.id
            )
        return is_private(message)


class LobbyButton(TableComponent, template=rf"wizard:lobby:{TABLE}:0:(?P<action>{'|'.join(lobby.BUTTONS)})"):
    """Join, Leave, Start, Cancel and Remove a computer."""

    status = "lobby"
    carrier = "table"

    def __init__(self, item: GameItem, table_id: int = 0, action: str = "") -> None:
        super().__init__(item, table_id)
        self.action = action

    @classmethod
    def parse(cls, item: GameItem, match: re.Match[str]) -> Self:
        return cls(item, id_number(match["table"]), match["action"])


class LobbyMenu(TableComponent, template=rf"wizard:lobby:{TABLE}:0:(?P<menu>{'|'.join(lobby.MENUS)})"):
    """The host's menus: add a computer, the edition, a preset, the house rules."""

    status = "lobby"
    is_menu = True
    carrier = "table"

    def __init__(self, item: GameItem, table_id: int = 0, menu: str = "") -> None:
        super().__init__(item, table_id)
        self.menu = menu

    @classmethod
    def parse(cls, item: GameItem, match: re.Match[str]) -> Self:
        return cls(item, id_number(match["table"]), match["menu"])


class HandButton(TableComponent, template=rf"wizard:hand:{TABLE}:0:show"):
    """Show my hand, on the table message."""


class ActButton(TableComponent, template=rf"wizard:act:{TABLE}:(?P<version>\d{{1,9}}):(?P<code>\d{{1,3}})"):
    """A bid, a trump suit, a call or a card, drawn at one version of the game."""

    in_dms = True
    carrier = "private"

    def __init__(self, item: GameItem, table_id: int = 0, version: int = 0, code: int = 0) -> None:
        super().__init__(item, table_id)
        self.version = version
        self.code = code

    @classmethod
    def parse(cls, item: GameItem, match: re.Match[str]) -> Self:
        return cls(item, id_number(match["table"]), int(match["version"]), int(match["code"]))


class HintButton(TableComponent, template=rf"wizard:hint:{TABLE}:(?P<version>\d{{1,9}}):go"):
    """The coach's Hint, on a member's hand at a table with the coach (``coach``), drawn at one version."""

    in_dms = True
    carrier = "private"

    def __init__(self, item: GameItem, table_id: int = 0, version: int = 0) -> None:
        super().__init__(item, table_id)
        self.version = version

    @classmethod
    def parse(cls, item: GameItem, match: re.Match[str]) -> Self:
        return cls(item, id_number(match["table"]), int(match["version"]))


class EndButton(TableComponent, template=rf"wizard:(?P<kind>end|leave):{TABLE}:0:(?P<answer>yes|no)"):
    """The answers to "end this game?" and "leave the game?"."""

    carrier = "private"

    def __init__(self, item: GameItem, table_id: int = 0, kind: str = "end", yes: bool = False) -> None:
        super().__init__(item, table_id)
        self.kind = kind
        self.yes = yes

    @classmethod
    def parse(cls, item: GameItem, match: re.Match[str]) -> Self:
        return cls(item, id_number(match["table"]), match["kind"], match["answer"] == "yes")


class SeatButton(TableComponent, template=rf"wizard:seat:{TABLE}:0:back"):
    """Take my seat back, on the table and in the DM of a member whose seat a computer plays."""

    in_dms = True


class AgainButton(Component[discord.ui.Button[Any]], template=rf"wizard:again:{TABLE}:0:go"):
    """Play again, on the final standings of a finished game (whose table is no longer open)."""

    prefix = PREFIX
    what = "a game interaction"

    def __init__(self, item: discord.ui.Button[Any], finished_id: int = 0) -> None:
        super().__init__(item)
        self.finished_id = finished_id

    @classmethod
    def parse(cls, item: discord.ui.Button[Any], match: re.Match[str]) -> Self:
        return cls(item, id_number(match["table"]))

    async def handle(self, interaction: discord.Interaction[WizardBot], fields: Mapping[str, str]) -> None:
        opener = interaction.client.service(OpenTables).opener
        assert opener is not None, "the table service opens lobbies once it is set up"
        await opener.play_again(interaction, self.finished_id)


def again_view(table: Table) -> discord.ui.View:
    """The final standings' Play again button (in the table's language, as the standings are)."""
    view = discord.ui.View(timeout=None)
    cid = custom_id("again", table.id, 0, "go")
    label = table.texts("table-button-play-again")
    view.add_item(
        AgainButton(discord.ui.Button(label=label, custom_id=cid, style=discord.ButtonStyle.success))
    )
    return view


FAMILIES: tuple[type[Component[Any]], ...] = (
    LobbyButton,
    LobbyMenu,
    HandButton,
    ActButton,
    HintButton,
    EndButton,
    SeatButton,
    AgainButton,
)


# What each computer level does, for the lobby.
LEVEL_HELP = {
    "easy": "lobby-level-help-easy",
    "medium": "lobby-level-help-medium",
    "hard": "lobby-level-help-hard",
}


def lobby_embed(table: Table) -> discord.Embed:
    """The lobby message, in the table's language."""
    t = table.texts
    embed = discord.Embed(
        title=t("lobby-title", edition=render.edition_name(table.edition, t=t)),
        description=t("lobby-description", host=f"<@{table.host_id}>", min=MIN_PLAYERS, max=MAX_PLAYERS),
        colour=discord.Colour.blurple(),
    )
    seats = "\n".join(f"{i + 1}. {seat.mention(t)}" for i, seat in enumerate(table.seats))
    players = t("lobby-players", count=len(table.seats), max=MAX_PLAYERS)
    embed.add_field(name=players, value=seats or t("lobby-nobody"))
    levels = "\n".join(f"**{t(LEVEL_KEYS[level])}:** {t(key)}" for level, key in LEVEL_HELP.items())
    embed.add_field(name=t("lobby-computers"), value=levels)
    embed.add_field(name=_rules_heading(table, t)[:256], value=_rules_text(table, t)[:1024], inline=False)
    if table.coach:
        embed.add_field(name=t("lobby-coach-title"), value=t("lobby-coach-on"), inline=False)
    minutes = round(table.lobby_timeout / 60)
    embed.set_footer(text=t("lobby-footer", minutes=minutes))
    return embed


def _rules_heading(table: Table, t: Texts) -> str:
    """The lobby's rules in short: "Rules: Classic + Canadian Rule, Hidden Bid"."""
    return t("lobby-rules", rules=core_words.rules_description(table.rules, t))


def _rules_text(table: Table, t: Texts) -> str:
    """Each house rule of the lobby with what it does."""
    rules = table.rules
    lines = [
        f"**{core_words.variant_name(key, t)}**: {core_words.variant_help(key, t)}"
        for key in VARIANTS
        if key in rules.variants
    ]
    text = "\n".join(lines) or t("lobby-no-house-rules")
    if "nannie" in rules.variants and rules.nannie_every == 3:
        text += "\n" + t("lobby-nannie-third")
    return text


# -- views ---------------------------------------------------------------------------------------------


def button(
    family: type[TableComponent],
    label: str,
    cid: str,
    style: discord.ButtonStyle,
    *,
    row: int,
    disabled: bool = False,
) -> TableComponent:
    """A button of one family."""
    return family(discord.ui.Button(label=label, custom_id=cid, style=style, row=row, disabled=disabled))


def _select(
    table: Table,
    menu: str,
    placeholder: str,
    options: list[discord.SelectOption],
    *,
    row: int,
    many: bool = False,
    disabled: bool = False,
) -> LobbyMenu:
    """One of the lobby's select menus."""
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=custom_id("lobby", table.id, 0, menu),
        placeholder=placeholder,
        options=options,
        row=row,
        min_values=0 if many else 1,
        max_values=len(options) if many else 1,
        disabled=disabled,
    )
    return LobbyMenu(select)


# The lobby's buttons, with their labels and colours.
LOBBY_BUTTONS = {
    "join": ("lobby-button-join", discord.ButtonStyle.success),
    "leave": ("lobby-button-leave", discord.ButtonStyle.secondary),
    "start": ("lobby-button-start", discord.ButtonStyle.primary),
    "cancel": ("lobby-button-cancel", discord.ButtonStyle.danger),
}


def lobby_view(table: Table) -> discord.ui.View:
    """Join, Leave, Start and Cancel; the host's buttons to add computers and turn the coach on or off, and
    menus to choose the rules (in the table's language: the lobby is a channel message)."""
    t = table.texts
    view = discord.ui.View(timeout=None)
    for action, (key, style) in LOBBY_BUTTONS.items():
        cid = custom_id("lobby", table.id, 0, action)
        view.add_item(button(LobbyButton, t(key), cid, style, row=0))
    if any(seat.computer is not None for seat in table.seats):
        remove = custom_id("lobby", table.id, 0, "rmcpu")
        label = t("lobby-button-remove-computer")
        view.add_item(button(LobbyButton, label, remove, discord.ButtonStyle.secondary, row=0))
    full = len(table.seats) >= MAX_PLAYERS
    for action, level in lobby.ADD_COMPUTER.items():
        cid = custom_id("lobby", table.id, 0, action)
        label = t("lobby-button-add-computer", level=t(LEVEL_KEYS[level]))
        view.add_item(button(LobbyButton, label, cid, discord.ButtonStyle.secondary, row=1, disabled=full))
    coach = t("lobby-button-coach-on") if table.coach else t("lobby-button-coach-off")
    style = discord.ButtonStyle.success if table.coach else discord.ButtonStyle.secondary
    view.add_item(button(LobbyButton, coach, custom_id("lobby", table.id, 0, "coach"), style, row=1))
    for item in _lobby_menus(table, t):
        view.add_item(item)
    return view


def _lobby_menus(table: Table, t: Texts) -> list[LobbyMenu]:
    rules = table.rules
    editions = [
        discord.SelectOption(label=render.edition_name(e, t=t), value=e, default=e == rules.edition)
        for e in EDITIONS
    ]
    presets = [
        discord.SelectOption(
            label=core_words.preset_name(key, t), value=key, description=core_words.preset_help(key, t)[:100]
        )
        for key in PRESETS
    ]
    variants = [
        discord.SelectOption(
            label=core_words.variant_name(key, t),
            value=key,
            description=core_words.variant_help(key, t)[:100],
            default=key in rules.variants,
        )
        for key in VARIANTS
    ]
    return [
        _select(table, "edition", t("lobby-menu-edition"), editions, row=2),
        _select(table, "preset", t("lobby-menu-preset"), presets, row=3),
        _select(table, "variants", t("lobby-menu-variants"), variants, row=4, many=True),
    ]


def table_view(table: Table) -> discord.ui.View:
    """The table message's buttons: a private look at your hand with your controls, and, while a computer
    plays for someone who ran out of time, the button that gives them their seat back (in the table's
    language)."""
    t = table.texts
    view = discord.ui.View(timeout=None)
    show = custom_id("hand", table.id, 0, "show")
    view.add_item(button(HandButton, t("table-button-show-hand"), show, discord.ButtonStyle.primary, row=0))
    if any(seat.auto for seat in table.seats):
        view.add_item(take_back_button(table, t))
    return view


def take_back_button(table: Table, t: Texts) -> SeatButton:
    """The one click that gives a player their seat back from the computer playing it."""
    cid = custom_id("seat", table.id, 0, "back")
    label = t("table-button-take-back")
    return SeatButton(discord.ui.Button(label=label, custom_id=cid, style=discord.ButtonStyle.success))


def take_back_view(table: Table, t: Texts) -> discord.ui.View:
    """A view holding only the Take my seat back button (for a DM)."""
    view = discord.ui.View(timeout=None)
    view.add_item(take_back_button(table, t))
    return view


# The answers to "end this game?" and "leave the game?".
YES_KEYS = {"end": "table-button-yes-end", "leave": "table-button-yes-leave"}


def end_question_view(table: Table, kind: str, t: Texts) -> discord.ui.View:
    """Yes and Keep playing, the answers to "end this game?" (``end``) or "leave the game?" (``leave``)."""
    view = discord.ui.View(timeout=None)
    yes = custom_id(kind, table.id, 0, "yes")
    view.add_item(button(EndButton, t(YES_KEYS[kind]), yes, discord.ButtonStyle.danger, row=0))
    keep = custom_id(kind, table.id, 0, "no")
    view.add_item(
        button(EndButton, t("table-button-keep-playing"), keep, discord.ButtonStyle.secondary, row=0)
    )
    return view


def _choices_in_order(view: PlayerView) -> list[tuple[Action, bool]]:
    """The actions to offer as buttons, with whether each may be taken now.

    On the player's turn, what they may do; in the play phase the whole hand in display order, the
    playable cards enabled and the others disabled so the player sees why. On another player's turn,
    what they may come to do (``PlayerView.standing_choices``), all enabled. A Smyrna Style call and the
    Forehead round's unseen card come first; identical Wizards or Jesters share one button.
    """
    choices = view.choices if view.legal_actions else view.standing_choices
    if view.phase is not Phase.PLAY and not any(isinstance(a, Play | PlayHidden) for a in choices):
        return [(action, True) for action in choices]
    ordered: list[tuple[Action, bool]] = [(a, True) for a in choices if isinstance(a, Call | PlayHidden)]
    seen: set[int] = set()
    for card in render.sort_hand(view.hand, view.trump):
        options: list[Action] = [a for a in choices if isinstance(a, Play) and a.card == card]
        # A card that may not be played is shown as played plainly (Merlin: as a Wizard), disabled.
        for action in options or [Play(card, "wizard") if card == MERLIN else Play(card)]:
            if action.code not in seen:
                seen.add(action.code)
                ordered.append((action, action in choices))
    return ordered


def _style(action: Action, enabled: bool, view: PlayerView) -> discord.ButtonStyle:
    """A control's colour: trump cards green, cards that may not be played grey, calls red."""
    if isinstance(action, Call):
        return discord.ButtonStyle.danger
    if isinstance(action, Play) and not enabled:
        return discord.ButtonStyle.secondary
    if isinstance(action, Play) and view.trump is not None and action.card.suit is view.trump:
        return discord.ButtonStyle.success
    return discord.ButtonStyle.primary


def enabled_codes(view: PlayerView) -> frozenset[int]:
    """The action codes whose buttons ``controls_view`` draws enabled for ``view``."""
    return frozenset(action.code for action, enabled in _choices_in_order(view)[:25] if enabled)


def controls_view(table: Table, view: PlayerView, t: Texts) -> discord.ui.View | None:
    """A hand message's controls: bid, trump, call or card buttons, for the player's turn now or to come
    this round (``PlayerView.standing_choices``). None when there is nothing left to do this round.

    Each button carries the game version it was drawn at: a click is refused when it comes from an
    earlier round, or when what it asks is not legal at that moment. At a table with the coach, a Hint
    button follows them while the player has a choice to make (``coach.has_choice``).
    """
    ordered = _choices_in_order(view)[:25]
    if not ordered:
        return None
    plain = table.seats[view.player].settings.plain_text  # full card names for a screen reader
    ui = discord.ui.View(timeout=None)
    for index, (action, enabled) in enumerate(ordered):
        label = render.action_label(action, view.trump, t=t, plain=plain)
        cid = custom_id("act", table.id, view.version, action.code)
        style = _style(action, enabled, view)
        ui.add_item(button(ActButton, label, cid, style, row=index // 5, disabled=not enabled))
    if len(ordered) < 25 and coach.has_choice(table, view):
        cid = custom_id("hint", table.id, view.version, "go")
        row = len(ordered) // 5
        ui.add_item(button(HintButton, t("coach-button-hint"), cid, discord.ButtonStyle.secondary, row=row))
    return ui
