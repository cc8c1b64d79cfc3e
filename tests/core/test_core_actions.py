"""Actions as values: a player's view offers its legal actions decoded (``PlayerView.choices``), in the
order and with the codes of ``legal_actions``, in every phase and under every variant."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from staging import staged, staged_rounds

from wizard_core import (
    MERLIN,
    Action,
    Bid,
    Call,
    Card,
    ChooseTrump,
    Game,
    Play,
    PlayerView,
    PlayHidden,
    Rules,
    RulesError,
    Suit,
    decode,
    encode,
)
from wizard_core.variants import VARIANTS

DEALER_0 = ("A♠", "3♠", "4♠", "5♠")  # seat 0 draws highest and deals round 1; seat 1 leads


def check_choices(view: PlayerView) -> None:
    """The choices are the legal actions, decoded, one for one and in order."""
    choices = view.choices
    assert tuple(choice.code for choice in choices) == view.legal_actions
    assert tuple(map(encode, choices)) == view.legal_actions
    assert choices == tuple(decode(code) for code in view.legal_actions)
    assert all(isinstance(choice, Play | Bid | ChooseTrump | Call | PlayHidden) for choice in choices)


def test_bids_are_offered_as_bid_values() -> None:
    game = Game(4, seed=3)
    view = game.view(game.current_player or 0)
    assert view.choices == (Bid(0), Bid(1))
    check_choices(view)


def test_a_player_who_may_not_act_has_no_choices() -> None:
    game = Game(4, seed=3)
    waiting = ((game.current_player or 0) + 1) % 4
    assert game.view(waiting).choices == ()


def test_the_dealer_chooses_trump_from_suit_values() -> None:
    game = staged(DEALER_0, ["3♥", "4♥", "5♥", "6♥", "Wizard"])
    view = game.view(0)
    assert view.choices == tuple(ChooseTrump(suit) for suit in Suit)
    check_choices(view)


def test_cards_are_offered_as_play_values_and_merlin_in_both_declarations() -> None:
    game = staged(DEALER_0, ["Merlin", "4♠", "5♥", "6♥", "7♦"], edition="camelot")
    for _ in range(4):
        game.apply(Bid(0))
    assert game.view(1).choices == (Play(Card.parse("4♠")),)
    for name in ("4♠", "5♥", "6♥"):
        game.apply(Play(Card.parse(name)))
    actions: list[Action] = [Play(MERLIN, "wizard"), Play(MERLIN, "jester")]
    assert list(game.view(0).choices) == actions
    check_choices(game.view(0))


def test_smyrna_calls_and_the_forehead_card_are_values_too() -> None:
    smyrna = staged_rounds(
        Rules("classic", frozenset({"gizzard-fester"})), DEALER_0, [("Wizard", "Jester", "5♥", "6♥", "2♣")]
    )
    for _ in range(4):
        smyrna.apply(Bid(0))
    assert smyrna.view(1).choices == (Play(Card.parse("Jester")), Call("fester"))
    forehead = staged_rounds(
        Rules("classic", frozenset({"forehead"})), DEALER_0, [("3♥", "4♥", "5♥", "6♥", "2♣")]
    )
    for _ in range(4):
        forehead.apply(Bid(0))
    assert forehead.view(1).choices == (PlayHidden(),)


@settings(max_examples=30, deadline=None)
@given(
    chosen=st.sets(st.sampled_from(sorted(VARIANTS)), max_size=4),
    edition=st.sampled_from(("classic", "camelot")),
    players=st.integers(3, 6),
    seed=st.integers(0, 2**32),
)
def test_choices_match_the_legal_actions_in_random_games(
    chosen: set[str], edition: str, players: int, seed: int
) -> None:
    try:
        game = Game(players, Rules(edition, frozenset(chosen)), seed=seed)
    except RulesError:
        return
    rng = random.Random(seed)
    while not game.is_over:
        for seat in range(players):
            view = game.view(seat)
            check_choices(view)
            assert bool(view.choices) == (seat in game.to_act)
        player = rng.choice(game.to_act)
        game.apply(rng.choice(game.view(player).choices), player=player)
    assert all(game.view(seat).choices == () for seat in range(players))


@pytest.mark.parametrize("edition", ["classic", "camelot"])
def test_a_whole_game_can_be_played_through_choices_alone(edition: str) -> None:
    game = Game(5, Rules(edition), seed=11)
    rng = random.Random(11)
    while (player := game.current_player) is not None:
        game.apply(rng.choice(game.view(player).choices))
    assert len(game.round_results) == 12
