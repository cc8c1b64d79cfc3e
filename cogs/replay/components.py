"""The replay's buttons and menu: one family per kind, each with a strict id that carries everything a
click needs, so a replay keeps stepping after a restart (its messages are private and outlive no view).

The ids have the ``wzrp:`` prefix:

- ``wzrp:o:<game>``: Replay, on a game's final standings (and its score sheet): the first step of the
  game, in a new private message;
- ``wzrp:s:<game>:<round>:<trick>:<pr|pt|nt|nr>``: the step buttons of a replay (previous round,
  previous trick, next trick, next round), each carrying the step it shows;
- ``wzrp:r:<game>``: the menu of a replay's rounds; the round picked is its value.

Every click reads the game again and checks that the clicker may see it (a game of the server the click
comes from, finished), so a forged id reaches nothing else.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Self

import discord

from cogs.replay.games import finished_game
from cogs.replay.message import ReplayMessage, replay_message
from cogs.replay.steps import Shown, Step
from cogs.server_settings.language import reply_texts
from cogs.server_settings.store import ServerSettingsStore
from cogs.table.delivery import reply_allows_files
from cogs.utils.components import Component, id_number, invalid_control
from cogs.utils.i18n import Texts
from cogs.utils.replies import Refusal

if TYPE_CHECKING:
    from bot import WizardBot

PREFIX = "wzrp"
GAME = r"(?P<game>\d{1,19})"
# The step buttons, in their order on the message: which step each shows, and its label.
STEP_BUTTONS = (
    ("pr", "replay-button-previous-round"),
    ("pt", "replay-button-previous-trick"),
    ("nt", "replay-button-next-trick"),
    ("nr", "replay-button-next-round"),
)


def open_id(game_id: int) -> str:
    """The custom_id of a game's Replay button."""
    return f"{PREFIX}:o:{game_id}"


def step_id(game_id: int, step: Step, which: str) -> str:
    """The custom_id of a step button: the step it shows (``which`` keeps the four buttons' ids apart
    when two of them show the same step)."""
    return f"{PREFIX}:s:{game_id}:{step.round}:{step.trick}:{which}"


def rounds_id(game_id: int) -> str:
    """The custom_id of a replay's menu of rounds."""
    return f"{PREFIX}:r:{game_id}"


async def pictures_on(interaction: discord.Interaction[WizardBot]) -> bool:
    """Whether a replay shows the table's picture: the server's choice (else the bot's setting), and
    Attach Files where the answer goes."""
    if interaction.guild_id is None or not reply_allows_files(interaction):
        return False
    server = await interaction.client.service(ServerSettingsStore).get(interaction.guild_id)
    return interaction.client.settings.images if server.images is None else server.images


async def step_message(
    interaction: discord.Interaction[WizardBot], game_id: int, step: Step, t: Texts, *, menu: bool = False
) -> tuple[ReplayMessage, discord.ui.View]:
    """A step of a finished game of the interaction's server, with its controls; a refusal for a game the
    clicker may not see, or a step the game does not have (a forged control: ``menu`` says which kind)."""
    game = await finished_game(interaction, game_id, t)
    try:
        message = await replay_message(game, step, t, with_picture=await pictures_on(interaction))
    except ValueError:
        raise Refusal(invalid_control(t, menu=menu)) from None
    return message, replay_view(game_id, message.shown, t)


async def open_replay(interaction: discord.Interaction[WizardBot], game_id: int, t: Texts) -> None:
    """Answer with the first step of a game's replay, in a new private message."""
    message, controls = await step_message(interaction, game_id, Step(1, 0), t)
    await interaction.response.send_message(
        embeds=message.embeds, files=message.files, view=controls, ephemeral=True
    )


class ReplayControl(Component[discord.ui.Item[Any]], template=r"(?!)"):
    """What every replay control does: read its game from the id, check the clicker may see it, show the
    step asked for. The base of the families, never registered itself (its template matches nothing)."""

    what = "a replay"
    prefix = f"{PREFIX}:"
    private = True

    def __init__(self, item: discord.ui.Item[Any], game: int = 0, step: Step | None = None) -> None:
        super().__init__(item)
        self.game = game
        self.step = step

    @classmethod
    def parse(cls, item: discord.ui.Item[Any], match: re.Match[str]) -> Self:
        fields = match.groupdict()
        step = Step(int(fields["round"]), int(fields["trick"])) if "round" in fields else None
        return cls(item, id_number(fields["game"]), step)

    async def handle(self, interaction: discord.Interaction[WizardBot], fields: Mapping[str, str]) -> None:
        t = await reply_texts(interaction)
        await self.show(interaction, t)

    async def show(self, interaction: discord.Interaction[WizardBot], t: Texts) -> None:
        """Show the step the click asks for, in place of the replay."""
        step = self.target(t)
        message, controls = await step_message(interaction, self.game, step, t, menu=self.is_menu)
        await interaction.response.edit_message(
            embeds=message.embeds, attachments=message.files, view=controls
        )

    def target(self, t: Texts) -> Step:
        """The step the click shows."""
        assert self.step is not None
        return self.step


class ReplayButton(ReplayControl, template=rf"wzrp:o:{GAME}"):
    """Replay, on a game's final standings and on its score sheet: the game's first step, privately."""

    # On the final standings, a public message: anyone in the server may replay the game.
    private: ClassVar[bool] = False

    async def show(self, interaction: discord.Interaction[WizardBot], t: Texts) -> None:
        await open_replay(interaction, self.game, t)


STEP = r"(?P<round>\d{1,2}):(?P<trick>\d{1,2}):(?:pr|pt|nt|nr)"


class StepButton(ReplayControl, template=rf"wzrp:s:{GAME}:{STEP}"):
    """A replay's previous or next round or trick: the step it shows is in its id."""


class RoundMenu(ReplayControl, template=rf"wzrp:r:{GAME}"):
    """A replay's menu of rounds: the start of the round picked."""

    is_menu = True

    def target(self, t: Texts) -> Step:
        values = self.values or []
        if len(values) != 1 or not values[0].isdecimal() or len(values[0]) > 2:
            raise Refusal(invalid_control(t, menu=True))
        return Step(int(values[0]), 0)


# The families the extension registers; their templates match disjoint sets of ids.
FAMILIES: tuple[type[ReplayControl], ...] = (ReplayButton, StepButton, RoundMenu)


def replay_button(game_id: int, t: Texts) -> discord.ui.Item[Any]:
    """The Replay button of a finished game, in ``t``'s language (for its final standings and its score
    sheet)."""
    button: discord.ui.Button[Any] = discord.ui.Button(
        label=t("replay-button-open"), custom_id=open_id(game_id), style=discord.ButtonStyle.secondary
    )
    return ReplayButton(button)


def replay_view(game_id: int, shown: Shown, t: Texts) -> discord.ui.View:
    """A replay step's controls: previous and next round and trick, then the menu of rounds."""
    view = discord.ui.View(timeout=None)
    targets = {
        "pr": shown.previous_round(),
        "pt": shown.previous_trick(),
        "nt": shown.next_trick(),
        "nr": shown.next_round(),
    }
    for which, key in STEP_BUTTONS:
        target = targets[which]
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=t(key),
            custom_id=step_id(game_id, target or shown.step, which),
            style=discord.ButtonStyle.primary if which == "nt" else discord.ButtonStyle.secondary,
            disabled=target is None,
            row=0,
        )
        view.add_item(StepButton(button))
    if len(shown.sizes) > 1:
        menu: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=rounds_id(game_id),
            placeholder=t("replay-pick-round"),
            row=1,
            options=[
                discord.SelectOption(
                    label=t("replay-round-option", round=number, cards=cards),
                    value=str(number),
                    default=number == shown.step.round,
                )
                for number, cards in enumerate(shown.sizes, start=1)
            ],
        )
        view.add_item(RoundMenu(menu))
    return view
