"""The table's buttons and select menus: their custom_ids, the views that carry them, and where clicks go.

Every component carries all it needs, so it keeps working after a restart:
``wizard:<kind>:<table id>:<state version>:<argument>``. Each kind is one component family with a strict
template; a damaged or forged id matches none and is refused by the bot before any handler runs
(``cogs.utils.components``). A family checks what every click of its kind needs (the table is open, in
the right state, the click is a button or a menu as it should be) and hands the click to the table
service, which it reaches through ``TableHandlers`` in the bot's service registry.

``act`` buttons carry an action code of the rules core; a click whose version is not the game's current
one is refused as stale, which also makes a double click harmless.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from cogs import core_words
from cogs.table import lobby, render
from cogs.table.model import LEVEL_KEYS, Table
from cogs.utils.components import Component, invalid_control, is_private
from cogs.utils.i18n import Texts
from cogs.utils.replies import Refusal
from wizard_core import (
    EDITIONS,
    JESTER,
    MAX_PLAYERS,
    MERLIN,
    WIZARD,
    Action,
    Bid,
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
Fields = Mapping[str, str]


def custom_id(kind: str, table_id: int, version: int, arg: str | int) -> str:
    """The custom_id of one of the table's components."""
    return f"{PREFIX}{kind}:{table_id}:{version}:{arg}"


class TableHandlers:
    """What the table's components ask of the table service (``manager.TableManager`` provides it).

    The components find it in the bot's service registry by this class, so each call is type-checked
    without the components importing the table flow (which imports them for its views).
    """

    async def locate(self, interaction: discord.Interaction[WizardBot], table_id: int) -> Table | None:
        """The open table with this id, here; None when the interaction was handed to the process that
        runs it. Raises Refusal when the table is not open."""
        raise NotImplementedError

    def is_open(self, table: Table) -> bool:
        """Whether the table is still open (checked again once its lock is held)."""
        raise NotImplementedError

    async def lobby_button(
        self, interaction: discord.Interaction[WizardBot], table: Table, action: str
    ) -> None:
        """Join, Leave, Start, Cancel or Remove a computer."""
        raise NotImplementedError

    async def lobby_menu(
        self, interaction: discord.Interaction[WizardBot], table: Table, menu: str, values: list[str]
    ) -> None:
        """Add a computer, or choose the edition, a preset or the house rules."""
        raise NotImplementedError

    async def show_hand(self, interaction: discord.Interaction[WizardBot], table: Table) -> None:
        """A private look at the clicker's hand, with their controls."""
        raise NotImplementedError

    async def act(
        self, interaction: discord.Interaction[WizardBot], table: Table, version: int, code: int
    ) -> None:
        """A bid, a trump choice, a call or a card."""
        raise NotImplementedError

    async def confirm_end(
        self, interaction: discord.Interaction[WizardBot], table: Table, kind: str, yes: bool
    ) -> None:
        """The answer to "end the game?" or "leave the game?"."""
        raise NotImplementedError

    async def take_back(self, interaction: discord.Interaction[WizardBot], table: Table) -> None:
        """A member takes their seat back from the computer playing it."""
        raise NotImplementedError

    async def play_again(self, interaction: discord.Interaction[WizardBot], finished_id: int) -> None:
        """Play again, from a finished game's standings."""
        raise NotImplementedError


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

    async def handle(self, interaction: discord.Interaction[WizardBot], fields: Mapping[str, str]) -> None:
        handlers = interaction.client.service(TableHandlers)
        table = await handlers.locate(interaction, int(fields["table"]))
        if table is None:
            return  # handed to the process that runs the table, which answers
        # The clicker's language, remembered for the DMs the bot sends them later.
        t = table.reader_texts(interaction.user.id, interaction.locale)
        self._check_place(interaction, table, t)
        async with table.lock:
            if not handlers.is_open(table):
                raise Refusal(t("table-refusal-no-longer-open"))
            if table.status != self.status:
                raise Refusal(t("table-refusal-out-of-date"))
            await self.serve(handlers, interaction, table, fields)

    def _check_place(self, interaction: discord.Interaction[WizardBot], table: Table, t: Texts) -> None:
        """Refuse a click from anywhere but the table's own channel (or a DM, for the DM families).

        A component's id names its table, so a forged one could otherwise reach a table of another server
        from a server where the clicker has permissions the table's server never gave them.
        """
        if interaction.guild_id is None:
            allowed = self.in_dms
        else:
            allowed = interaction.guild_id == table.guild_id and interaction.channel_id == table.channel_id
        if not allowed:
            raise Refusal(t("table-refusal-elsewhere"))
        if not self._carried_right(interaction.message, table):
            raise Refusal(invalid_control(t, menu=self.values is not None))

    def _carried_right(self, message: discord.Message | None, table: Table) -> bool:
        """Whether the clicked message is one this family is sent on, so a forged id cannot make the
        handler rewrite a message it does not own (another table, the final standings)."""
        if self.carrier == "any":
            return True
        if message is None:
            return False
        if self.carrier == "table":
            return message.id == table.message_id
        return is_private(message)

    async def serve(self, handlers: TableHandlers, interaction: Click, table: Table, fields: Fields) -> None:
        """Serve the click, holding the table's lock."""
        raise NotImplementedError


class LobbyButton(TableComponent, template=rf"wizard:lobby:{TABLE}:0:(?P<action>{'|'.join(lobby.BUTTONS)})"):
    """Join, Leave, Start, Cancel and Remove a computer."""

    status = "lobby"
    carrier = "table"

    async def serve(self, handlers: TableHandlers, interaction: Click, table: Table, fields: Fields) -> None:
        await handlers.lobby_button(interaction, table, fields["action"])


class LobbyMenu(TableComponent, template=rf"wizard:lobby:{TABLE}:0:(?P<menu>{'|'.join(lobby.MENUS)})"):
    """The host's menus: add a computer, the edition, a preset, the house rules."""

    status = "lobby"
    is_menu = True
    carrier = "table"

    async def serve(self, handlers: TableHandlers, interaction: Click, table: Table, fields: Fields) -> None:
        await handlers.lobby_menu(interaction, table, fields["menu"], list(self.values or []))


class HandButton(TableComponent, template=rf"wizard:hand:{TABLE}:0:show"):
    """Show my hand, on the table message."""

    async def serve(self, handlers: TableHandlers, interaction: Click, table: Table, fields: Fields) -> None:
        await handlers.show_hand(interaction, table)


class ActButton(TableComponent, template=rf"wizard:act:{TABLE}:(?P<version>\d{{1,9}}):(?P<code>\d{{1,3}})"):
    """A bid, a trump suit, a call or a card, valid for one state of the game."""

    in_dms = True
    carrier = "private"

    async def serve(self, handlers: TableHandlers, interaction: Click, table: Table, fields: Fields) -> None:
        await handlers.act(interaction, table, int(fields["version"]), int(fields["code"]))


class EndButton(TableComponent, template=rf"wizard:(?P<kind>end|leave):{TABLE}:0:(?P<answer>yes|no)"):
    """The answers to "end this game?" and "leave the game?"."""

    carrier = "private"

    async def serve(self, handlers: TableHandlers, interaction: Click, table: Table, fields: Fields) -> None:
        await handlers.confirm_end(interaction, table, fields["kind"], fields["answer"] == "yes")


class SeatButton(TableComponent, template=rf"wizard:seat:{TABLE}:0:back"):
    """Take my seat back, on the table and in the DM of a member whose seat a computer plays."""

    in_dms = True

    async def serve(self, handlers: TableHandlers, interaction: Click, table: Table, fields: Fields) -> None:
        await handlers.take_back(interaction, table)


class AgainButton(Component[discord.ui.Button[Any]], template=rf"wizard:again:{TABLE}:0:go"):
    """Play again, on the final standings of a finished game (whose table is no longer open)."""

    prefix = PREFIX
    what = "a game interaction"

    async def handle(self, interaction: discord.Interaction[WizardBot], fields: Mapping[str, str]) -> None:
        handlers = interaction.client.service(TableHandlers)
        await handlers.play_again(interaction, int(fields["table"]))


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
    EndButton,
    SeatButton,
    AgainButton,
)


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
    """Join, Leave, Start and Cancel; the host's buttons to add computers and menus to choose the rules
    (in the table's language: the lobby is a channel message)."""
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


def standing_choices(view: PlayerView) -> list[Action]:
    """What a player will be able to do at their next turn of this round, as far as their own cards tell.

    A hand message keeps its buttons all round (it is edited only when its owner clicks it), so on
    another player's turn it offers what its owner may come to do: the bids while they have not bid,
    then every card of their hand (Merlin both ways; in the Forehead card round their unseen card) and
    the Smyrna Style calls their Wizards and Jesters allow. Which of these is legal is only known on their
    turn: the rules core refuses the others then, and says why.
    """
    if view.phase is Phase.GAME_OVER or (view.active and not view.active[view.player]):
        return []
    bidder = view.saboteur != view.player and not (view.has_bid and view.has_bid[view.player])
    if view.phase in (Phase.CHOOSE_TRUMP, Phase.BID) and bidder and view.bids[view.player] is None:
        return [Bid(tricks) for tricks in range(view.cards_per_player + 1)]
    if view.forehead_round:
        return [PlayHidden()] if view.hand_sizes[view.player] else []
    actions: list[Action] = []
    if "gizzard-fester" in view.variants:
        faces = {card.face for card in view.hand}
        if WIZARD.face in faces:
            actions.append(Call("gizzard"))
        if JESTER.face in faces:
            actions.append(Call("fester"))
    for card in view.hand:
        actions += [Play(card, "wizard"), Play(card, "jester")] if card == MERLIN else [Play(card)]
    return actions


def _choices_in_order(view: PlayerView) -> list[tuple[Action, bool]]:
    """The actions to offer as buttons, with whether each may be taken now.

    On the player's turn, what they may do; in the play phase the whole hand in display order, the
    playable cards enabled and the others disabled so the player sees why. On another player's turn,
    what they may come to do (``standing_choices``), all enabled. A Smyrna Style call and the Forehead
    round's unseen card come first; identical Wizards or Jesters share one button.
    """
    choices = view.choices if view.legal_actions else tuple(standing_choices(view))
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


def controls_view(table: Table, view: PlayerView, t: Texts) -> discord.ui.View | None:
    """A hand message's controls: bid, trump, call or card buttons, for the player's turn now or to come
    this round (``standing_choices``). None when there is nothing left to do this round.

    Each button carries the game version it was drawn at: a click is refused when it comes from an
    earlier round, or when what it asks is not legal at that moment.
    """
    ordered = _choices_in_order(view)[:25]
    if not ordered:
        return None
    ui = discord.ui.View(timeout=None)
    for index, (action, enabled) in enumerate(ordered):
        label = render.action_label(action, view.trump, t=t)
        cid = custom_id("act", table.id, view.version, action.code)
        style = _style(action, enabled, view)
        ui.add_item(button(ActButton, label, cid, style, row=index // 5, disabled=not enabled))
    return ui
