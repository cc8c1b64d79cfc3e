"""One step of a replay as a private message: the table as it stood, with the picture and text the table
message used, the round's scores, every hand as it was dealt, and the buttons that step through the game.

The table's text comes from ``render.table_embeds`` and its picture from ``pictures.table_file``, drawn
from the step's view, as the table message drew them. Two things differ, because the game is over: the
first line, which at the table said whose turn it was, says which step of which game this is; and a
finished trick's step leaves out the empty trick the table showed next to it.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging

import discord

from cogs.replay.games import FinishedGame
from cogs.replay.steps import Shown, Step, replay_step
from cogs.table import pictures, render
from cogs.utils.i18n import Texts
from cogs.utils.text import EMBED_TOTAL_LIMIT, checked, clip, display_name, embed_length

log = logging.getLogger(__name__)

HANDS_COLOUR = discord.Colour.dark_teal()


@dataclasses.dataclass
class ReplayMessage:
    """What a replay step sends: its embeds, its picture (none when pictures are off) and its buttons."""

    embeds: list[discord.Embed]
    files: list[discord.File]
    shown: Shown


async def shown_step(game: FinishedGame, step: Step, t: Texts) -> Shown:
    """A step of a finished game, its players named as the table named them (``ValueError``: no such
    step). The game is walked to its end in a worker thread (a few milliseconds for a long game)."""
    stored = game.record
    assert stored.seed is not None
    names = [seat.name for seat in stored.seats]
    shown = await asyncio.to_thread(replay_step, names, stored.table_rules, stored.seed, stored.log, step)
    return dataclasses.replace(shown, view=dataclasses.replace(shown.view, players=game.names(t)))


def step_line(game: FinishedGame, shown: Shown, t: Texts) -> str:
    """The replay's first line: which game, and which step of which round."""
    step = shown.step
    if step.trick == 0:
        return t("replay-step-bids", game=str(game.id), round=step.round)
    tricks = shown.sizes[step.round - 1]
    return t("replay-step-trick", game=str(game.id), round=step.round, trick=step.trick, tricks=tricks)


def hands_embed(shown: Shown, t: Texts) -> discord.Embed:
    """Every hand as it was dealt for the step's round, trump cards marked."""
    view, trump = shown.view, shown.result.trump
    lines = [
        t("replay-hand-line", name=display_name(name), cards=render.hand_line(hand, trump, t=t))
        for name, hand in zip(view.players, shown.hands, strict=True)
        if hand
    ]
    title = t("replay-hands-title", round=shown.step.round)
    return checked(discord.Embed(title=clip(title, 256), description="\n".join(lines), colour=HANDS_COLOUR))


def table_part(game: FinishedGame, shown: Shown, t: Texts) -> list[discord.Embed]:
    """The table message's embeds for the step's view, with the replay's first line."""
    embeds = render.table_embeds(shown.view, t=t)
    table = embeds[0]
    rest = (table.description or "").split("\n", 1)[1:]
    table.description = "\n".join([step_line(game, shown, t), *rest])
    if shown.step.trick > 0:
        # The trick under way is empty at a finished trick: only the finished one is shown.
        current = t("table-current-trick")
        for index, field in reversed(list(enumerate(table.fields))):
            if field.name == current:
                table.remove_field(index)
    table.colour = render.TABLE_COLOUR
    return [checked(table), *embeds[1:]]


async def replay_message(game: FinishedGame, step: Step, t: Texts, *, with_picture: bool) -> ReplayMessage:
    """The message of one replay step (``ValueError`` for a step the game does not have)."""
    shown = await shown_step(game, step, t)
    embeds = table_part(game, shown, t)
    hands = hands_embed(shown, t)
    if sum(map(embed_length, (*embeds, hands))) > EMBED_TOTAL_LIMIT:
        embeds = embeds[:1]  # the round's scores are in the table too; the hands are not
    embeds.append(hands)
    files: list[discord.File] = []
    if with_picture:
        try:
            file = await pictures.table_file(shown.view, t=t)
        except Exception:
            # The text says everything: a picture that cannot be drawn is left out, not the step.
            log.exception("Could not draw the picture of step %s of game %d", step, game.id)
        else:
            embeds[0].set_image(url=f"attachment://{file.filename}")
            files.append(file)
    return ReplayMessage(embeds, files, shown)
