"""Replays through SimCord: a whole game played through the bot's buttons, then replayed step by step,
each step compared with what the table message showed at that moment; the round menu, the buttons after
a restart, the Replay button of the final standings, and every refusal."""

from __future__ import annotations

import random
import re
from copy import deepcopy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pytest
from bot_helpers import (
    TestTable,
    assert_refused,
    custom_ids,
    forge_click,
    forge_select,
    make_players,
    open_table,
    patch_client_locales,
    play,
    stored,
)
from discord_payloads import assert_valid_discord_payloads
from replay_helpers import embed_dicts, field_value, new_member_channel, step_ids, store_game
from simcord import Env, ResponseMessage

from cogs.replay.steps import Step
from cogs.table import render
from cogs.utils.components import INVALID_BUTTON, INVALID_MENU
from cogs.utils.i18n import ENGLISH
from wizard_core import Card, Game, Phase, Play, decode

if TYPE_CHECKING:
    from conftest import MakeBot

pytestmark = pytest.mark.simcord(check_errors=True)

STEP_LINE = re.compile(
    r"^⏪ Replay of game (\d+) · round (\d+)(?:, trick (\d+) of (\d+)\.|: the bids are in\.)$"
)


@dataclass
class Seen:
    """What the table message showed after each click, by the step of a replay it matches."""

    env: Env
    steps: dict[Step, dict[str, Any]] = field(default_factory=dict)
    # A round's scores, as the table showed them once the next round was dealt.
    scored: dict[int, dict[str, Any]] = field(default_factory=dict)
    # The trick under way when one card of the round was left.
    before_last: dict[int, dict[str, Any]] = field(default_factory=dict)

    def capture(self, table: TestTable) -> None:
        game = table.game
        message = stored(self.env, table.channel.id, table.message_id)
        shot = {
            "embeds": deepcopy(message.embeds),
            "alt": [a.get("description") for a in message.attachments],
        }
        trick = game.current_trick().plays
        if game.phase is Phase.PLAY and not trick:
            self.steps[Step(game.round_number, len(game.completed_tricks()))] = shot
        if game.phase is Phase.PLAY and sum(game.public_view().hand_sizes) == 1:
            self.before_last[game.round_number] = shot
        if game.version == game.round_version and game.round_number > 1:
            self.scored[game.round_number - 1] = shot


def block_lines(value: str) -> list[str]:
    """The lines of a field's code block (the cards of a trick)."""
    return value.split("```")[1].strip("\n").split("\n") if "```" in value else []


def without_status(description: str) -> list[str]:
    """A table's text below its first line, without the turn's countdown (a replay has no timer)."""
    return [line for line in description.split("\n")[1:] if not line.startswith("⏳")]


def last_cards(game: Game) -> dict[int, Play]:
    """Each round's last card, from the log of the finished game."""
    found: dict[int, Play] = {}
    rounds = 0
    previous: int | None = None
    for entry in game.log:
        if isinstance(entry, int):
            previous = entry % 1024
        elif entry[0] == "deal":
            if previous is not None:
                found[rounds] = decode(previous)  # type: ignore[assignment]
            rounds += 1
    assert previous is not None
    found[rounds] = decode(previous)  # type: ignore[assignment]
    return found


def hands_at_deals(game: Game) -> list[list[list[str]]]:
    """Every round's hands as dealt, by seat, from the finished game's log."""
    deals = [i for i, entry in enumerate(game.log) if not isinstance(entry, int) and entry[0] == "deal"]
    hands = []
    for deal in deals:
        dealt = Game.replay(game.players, game.rules, game.seed, game.log[: deal + 1])
        hands.append([[str(card) for card in dealt.hand(seat)] for seat in range(len(game.players))])
    return hands


def sizes(game: Game) -> list[int]:
    return [result.cards_per_player for result in game.round_results]


def check_step(
    message: ResponseMessage, step: Step, seen: Seen, game: Game, final: dict[str, Any], names: list[str]
) -> None:
    """One replay step against the table at that moment, and against the finished game."""
    embeds = embed_dicts(message)
    table, hands = embeds[0], embeds[-1]
    first, *_ = (table.get("description") or "").split("\n")
    match = STEP_LINE.match(first)
    assert match is not None, first
    assert (int(match[2]), int(match[3] or 0)) == (step.round, step.trick)
    size = game.round_results[step.round - 1].cards_per_player
    last = step.trick == size
    if not last:
        # The table as it was: its text below the first line, its trick, its picture (same alt text).
        shot = seen.steps[step]
        assert without_status(table["description"]) == without_status(shot["embeds"][0]["description"])
        trick_name = "Last trick" if step.trick else "Current trick"
        assert field_value(table, trick_name) == field_value(shot["embeds"][0], trick_name)
        assert [a.description for a in message.attachments] == shot["alt"]
    else:
        # The round's last trick: its scores as the table showed them once the round was over, the cards
        # before the last as the table showed them, then the last card.
        shot = seen.scored.get(step.round, final)
        assert embeds[1] == shot["embeds"][1]
        shown = field_value(table, f"Last trick ({size} of {size})")
        assert shown is not None
        cards = block_lines(shown)
        expected = block_lines(field_value(seen.before_last[step.round]["embeds"][0], "Current trick") or "")
        assert cards[: len(expected)] == expected
        card = last_cards(game)[step.round].card
        assert cards[len(expected)].endswith((str(card), f"{card}★", render.card_name(card, t=ENGLISH)))
        assert len(cards) == len(expected) + 1 == len(names)
    dealt = hands_at_deals(game)[step.round - 1]
    trump = game.round_results[step.round - 1].trump
    for name, hand in zip(names, dealt, strict=True):
        line = f"**{name}**: " + render.hand_line([Card.parse(c) for c in hand], trump, t=ENGLISH)
        assert line in (hands["description"] or ""), (line, hands["description"])


async def test_a_replay_steps_through_a_whole_game_as_the_table_showed_it(
    simcord_env: Env, make_bot: MakeBot
) -> None:
    table = await open_table(simcord_env, 6)
    seen = Seen(simcord_env)
    game = await play(table, random.Random(28), each=seen.capture)
    assert game is not None and game.is_over
    final_table = stored(simcord_env, table.channel.id, table.message_id)
    final = {"embeds": deepcopy(final_table.embeds)}
    names = [player.name for player in table.players]
    reader = table.players[3]

    # The final standings carry Replay: the first step, privately.
    [standings] = [m for m in table.channel_messages() if "Game over ·" in (m.embeds[0].get("title") or "")]
    opened = await reader.click(ResponseMessage(simcord_env, standings), label="Replay")
    assert opened.response is not None and opened.ephemeral
    message = opened.response
    steps = [Step(r, k) for r, size in enumerate(sizes(game), start=1) for k in range(size + 1)]
    assert len(steps) == 10 + sum(range(1, 11))
    check_step(message, steps[0], seen, game, final, names)
    assert "pt" not in step_ids(message) and "pr" not in step_ids(message)
    # Trick ▶ to the end: every step of every round, in order.
    for step in steps[1:]:
        clicked = await reader.click(message, custom_id=step_ids(message)["nt"])
        assert clicked.response is not None and clicked.response.ephemeral
        message = clicked.response
        check_step(message, step, seen, game, final, names)
    assert "nt" not in step_ids(message) and "nr" not in step_ids(message)

    # Back a trick, back a round, then a jump to round 4 through the menu.
    back = await reader.click(message, custom_id=step_ids(message)["pt"])
    assert back.response is not None
    check_step(back.response, Step(10, 9), seen, game, final, names)
    earlier = await reader.click(back.response, custom_id=step_ids(back.response)["pr"])
    assert earlier.response is not None
    check_step(earlier.response, Step(9, 0), seen, game, final, names)
    jumped = await reader.select(earlier.response, ["4"], custom_id=f"wzrp:r:{table.table_id}")
    assert jumped.response is not None and jumped.response.ephemeral
    check_step(jumped.response, Step(4, 0), seen, game, final, names)

    # After a restart the buttons of the same message still step on.
    await simcord_env.restart_bot(make_bot())
    after = await reader.click(jumped.response, custom_id=step_ids(jumped.response)["nt"])
    assert after.response is not None and after.response.ephemeral
    check_step(after.response, Step(4, 1), seen, game, final, names)
    assert_valid_discord_payloads(simcord_env)


async def test_replay_refusals(simcord_env: Env) -> None:
    guild, channel, reader = new_member_channel(simcord_env)
    members = make_players(simcord_env, guild, 3)
    finished, _ = await store_game(simcord_env, guild, members, seed=1)
    running, _ = await store_game(simcord_env, guild, members, seed=2, status="playing")
    ended, _ = await store_game(simcord_env, guild, members, seed=3, status="ended")
    lobby, _ = await store_game(simcord_env, guild, members, seed=4, status="lobby")
    other_guild, other_channel, stranger = new_member_channel(simcord_env)
    theirs, _ = await store_game(
        simcord_env, other_guild, make_players(simcord_env, other_guild, 3, "x"), seed=5
    )

    for command in ("wizard replay", "wizard record"):
        refused = await reader.slash(channel, command, game=theirs)
        assert_refused(refused, f"No game number {theirs} was played in this server.")
        assert_refused(await reader.slash(channel, command, game=987654), "No game number 987654")
        assert_refused(await reader.slash(channel, command, game=running), "is still being played")
        assert_refused(await reader.slash(channel, command, game=ended), "ended before its last round")
        assert_refused(await reader.slash(channel, command, game=lobby), "never started")
        # The other server's member sees their own game; this server's game is unknown to them.
        assert_refused(await stranger.slash(other_channel, command, game=finished), "No game number")

    shown = await reader.slash(channel, "wizard replay", game=finished)
    assert shown.response is not None and shown.ephemeral
    message = stored(simcord_env, shown.response.channel_id, shown.response.id)
    # A step the game does not have, and ids of the family that name nothing or too much.
    for forged in (f"wzrp:s:{finished}:21:0:nt", f"wzrp:s:{finished}:3:9:nt", f"wzrp:s:{finished}:0:0:pt"):
        assert_refused(await forge_click(simcord_env, reader, message, forged), INVALID_BUTTON)
    for damaged in (f"wzrp:s:{finished}:3:x:nt", "wzrp:s:99999999999999999999:1:0:nt", f"wzrp:q:{finished}"):
        assert_refused(await forge_click(simcord_env, reader, message, damaged), INVALID_BUTTON)
    menu = f"wzrp:r:{finished}"
    for values in (["0"], ["21"], ["one"], ["2", "3"]):
        assert_refused(await forge_select(simcord_env, reader, message, menu, values), INVALID_MENU)
    # This server's game asked for from the other server, through their own replay's controls.
    own = await stranger.slash(other_channel, "wizard replay", game=theirs)
    assert own.response is not None and own.ephemeral
    their_message = stored(simcord_env, own.response.channel_id, own.response.id)
    for forged in (f"wzrp:o:{finished}", f"wzrp:s:{finished}:1:1:nt"):
        assert_refused(await forge_click(simcord_env, stranger, their_message, forged), "No game number")
    assert_valid_discord_payloads(simcord_env)


async def test_a_german_reader_gets_the_replay_in_german(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    locales = patch_client_locales(monkeypatch)
    guild, channel, reader = new_member_channel(simcord_env)
    locales[reader.id] = "de"
    game_id, _ = await store_game(simcord_env, guild, make_players(simcord_env, guild, 4), seed=8)
    shown = await reader.slash(channel, "wizard replay", game=game_id)
    assert shown.response is not None and shown.ephemeral
    text = embed_dicts(shown.response)[0]["description"]
    assert text.startswith(f"⏪ Wiederholung von Spiel {game_id} · Runde 1: Die Vorhersagen sind gemacht.")
    labels = [b.get("label") for b in (shown.response.components[0]["components"])]
    assert labels == ["⏮ Runde", "◀ Stich", "Stich ▶", "Runde ⏭"]
    refused = await reader.slash(channel, "wizard record", game=424242)
    assert_refused(refused, "Auf diesem Server wurde kein Spiel mit der Nummer 424242 gespielt.")
    assert custom_ids(shown.response)
