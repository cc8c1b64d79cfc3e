"""Alt text: every picture the bot sends carries a description of what it shows (the attachment's
``description``), built from the picture's scene, within Discord's 1,024 characters, and never naming a
card a player still holds where others can read it."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from bot_helpers import open_table, stored
from simcord import Env

from cogs.table import pictures as images
from cogs.table.pictures import ChartScene, HandScene, Slot, TableScene
from cogs.table.pictures.describe import (
    DESCRIPTION_LIMIT,
    chart_description,
    hand_description,
    table_description,
)
from wizard_core import Card, Game, Phase, Rules, Suit
from wizard_core.cards import JESTER_FACE, MERLIN_FACE, WIZARD_FACE

SUIT_CARD = re.compile(r"(?<![0-9A-Za-z])(\d+|[JQKA])[♠♥♦♣]")


def faces(*cards: str) -> tuple[int, ...]:
    return tuple(Card(text).face for text in cards)


def game_states(seed: int, players: int = 4, edition: str = "camelot") -> Iterator[Game]:
    game = Game(players, Rules(edition), seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        yield game
        game.apply(rng.choice(game.legal_actions()))
    yield game


# -- the hand ------------------------------------------------------------------------------------------------


def test_the_hand_lists_its_cards_trump_and_what_may_be_played() -> None:
    hand = (*faces("7♥", "Q♠", "3♣"), WIZARD_FACE, JESTER_FACE)
    text = hand_description(HandScene(hand, Suit.HEARTS, frozenset({hand[0], WIZARD_FACE})))
    assert text == (
        "Your hand (trump Hearts, ★ marks a trump card): 7♥★, Q♠, 3♣, Wizard, Jester; "
        "you may play: 7♥★, Wizard"
    )
    assert hand_description(HandScene(hand, None)) == "Your hand (no trump): 7♥, Q♠, 3♣, Wizard, Jester"
    assert hand_description(HandScene(hand, None, frozenset(hand))).endswith("; you may play any card")
    assert hand_description(HandScene((), Suit.CLUBS)) == "Your hand: no cards"
    assert "3 cards, face down" in hand_description(HandScene((), None, None, 3))


def test_the_forehead_round_names_the_others_cards_not_yours() -> None:
    scene = HandScene((), Suit.SPADES, None, 1, (("🤖 Ada (Easy)", Card("K♦").face), ("Ben", MERLIN_FACE)))
    text = hand_description(scene)
    assert "🤖 Ada (Easy): K♦" in text and "Ben: Merlin" in text and "your own card is face down" in text


def test_a_hand_description_follows_the_view() -> None:
    for game in game_states(3):
        if game.is_over or game.current_player is None:
            continue
        view = game.view(game.current_player)
        text = hand_description(images.hand_scene(view))
        for card in view.hand:
            assert str(card) in text
        if view.phase is Phase.PLAY:
            assert "you may play" in text


# -- the table -----------------------------------------------------------------------------------------------


def test_the_table_says_trump_the_trick_and_each_player() -> None:
    slots = (
        Slot("Ann", "bid 1 · won 0", Card("7♥").face),
        Slot("Ben", "bid 1 · won 1", MERLIN_FACE, "wizard", winner=True),
        Slot("🤖 Cy (Hard)", "bid 2", turn=True),
        Slot("Dee", "no bid yet"),
    )
    text = table_description(TableScene("Trick 3 of 10", Card("2♥").face, Suit.HEARTS, "Hearts", slots))
    assert text == (
        "The table: Trick 3 of 10. Trump Hearts (turned up: 2♥). Ann: 7♥★ (bid 1 · won 0); "
        "Ben: Merlin as Wizard, won the trick (bid 1 · won 1); 🤖 Cy (Hard): to act (bid 2); "
        "Dee: no card (no bid yet)"
    )
    text = table_description(TableScene("Round 2: bidding", WIZARD_FACE, None, "Dealer picks", slots[2:]))
    assert text.startswith("The table: Round 2: bidding. Dealer picks (turned up: Wizard). ")


def test_the_table_never_names_a_card_still_in_a_hand() -> None:
    seen = 0
    for game in game_states(8, players=5):
        view = game.public_view()
        text = table_description(images.table_scene(view))
        held = {str(card) for seat in range(5) for card in game.hand(seat) if card.suit is not None}
        named = {match.group(0) for match in SUIT_CARD.finditer(text)}
        assert not named & held, named & held
        seen += bool(named)
    assert seen > 10


# -- the chart -----------------------------------------------------------------------------------------------


def test_the_chart_gives_the_final_places_and_totals() -> None:
    scene = ChartScene(("Ann", "🤖 Ben (Easy)", "Cy"), ((10, -10, 0), (30, 20, 30)), (1, 3, 1))
    assert chart_description(scene) == (
        "Final scores chart, running totals over 2 rounds: 1. Ann 30; 1. Cy 30; 3. 🤖 Ben (Easy) 20"
    )


# -- limits and the files ------------------------------------------------------------------------------------


def test_descriptions_keep_within_discords_limit() -> None:
    long = "L" * 100 + " ü 张 🤖"
    hand = faces("A♥") * 20
    assert len(hand_description(HandScene(hand, Suit.HEARTS, frozenset(hand)))) <= DESCRIPTION_LIMIT
    slots = tuple(Slot(f"{long} {i}", "won 10 of 20", WIZARD_FACE, "jester", True, False) for i in range(6))
    text = table_description(
        TableScene(f"Trick 20 of 20 was won by {long}", JESTER_FACE, None, "No trump", slots)
    )
    assert len(text) == DESCRIPTION_LIMIT and text.endswith("…")
    chart = chart_description(ChartScene(tuple(long * 2 for _ in range(6)), ((0,) * 6,), (1,) * 6))
    assert len(chart) <= DESCRIPTION_LIMIT


async def test_every_file_carries_its_description() -> None:
    game = Game(["Ann", "🤖 Ben (Easy)", "Cy"], Rules("camelot"), seed=4)
    hand = await images.hand_file(game.view(0))
    assert hand.description == hand_description(images.hand_scene(game.view(0)))
    table = await images.table_file(game.public_view())
    assert table.description == table_description(images.table_scene(game.public_view()))
    final = next(state for state in game_states(4, 3) if state.is_over)
    chart = await images.chart_file(final.result(), ["Ann", "Ben", "Cy"])
    assert chart.description == chart_description(images.chart_scene(final.result(), ["Ann", "Ben", "Cy"]))
    assert chart.description.startswith("Final scores chart")


@pytest.mark.simcord(check_errors=True)
async def test_the_bot_sends_pictures_with_alt_text(simcord_env: Env) -> None:
    table = await open_table(simcord_env, 3)
    message = stored(simcord_env, table.channel.id, table.message_id)
    [attachment] = message.attachments
    assert attachment["filename"] == images.TABLE_FILENAME
    assert attachment.get("description", "").startswith("The table: ")
    for player in table.players:
        [attachment] = table.dm_messages(player)[-1].attachments
        assert attachment["filename"] == images.HAND_FILENAME
        assert attachment.get("description", "").startswith("Your hand")
