"""``PlayerView.standing_choices``: what a player's next turn this round may offer, shown before it comes."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from staging import staged, staged_rounds

from wizard_core import (
    EDITIONS,
    JESTER,
    MERLIN,
    PLAY_HIDDEN,
    WIZARD,
    Action,
    Bid,
    Call,
    Card,
    ChooseTrump,
    Game,
    Phase,
    Play,
    PlayerView,
    PlayHidden,
    Rules,
    RulesError,
    Suit,
)
from wizard_core.variants import VARIANTS

DEALER_0 = ("A♠", "3♠", "4♠", "5♠")  # seat 0 draws highest and deals round 1; seat 1 bids and leads first


def rules(*variants: str, edition: str = "classic") -> Rules:
    return Rules(edition, frozenset(variants))


def cards(*names: str) -> tuple[Action, ...]:
    return tuple(Play(Card.parse(name)) for name in names)


def bot_standing_choices(view: PlayerView) -> list[Action]:
    """The bot's function this property replaces (``standing_choices`` in cogs/table/components.py, as it
    was when it moved into the core), kept as the reference the property must agree with."""
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


# -- concrete views ----------------------------------------------------------------------------------------


def test_the_bids_until_the_player_has_bid_then_their_cards() -> None:
    game = staged(DEALER_0, ["3♠", "4♠", "5♥", "6♥", "7♦"])
    assert game.view(2).standing_choices == (Bid(0), Bid(1))  # Bob bids first
    assert game.view(1).standing_choices == game.view(1).choices == (Bid(0), Bid(1))
    game.apply(Bid(0))
    game.apply(Bid(1))
    assert game.view(2).standing_choices == cards("5♥")  # Cara has bid; Dan is bidding
    for _ in range(2):
        game.apply(Bid(0))
    assert [game.view(seat).standing_choices for seat in range(4)] == [
        cards("3♠"),
        cards("4♠"),
        cards("5♥"),
        cards("6♥"),
    ]
    game.apply(Play(Card.parse("4♠")))
    assert game.view(1).standing_choices == ()  # Bob has no card left this round


def test_while_the_dealer_chooses_trump_everyone_may_come_to_bid() -> None:
    game = staged(DEALER_0, ["3♥", "4♥", "5♥", "6♥", "Wizard"])
    assert game.phase is Phase.CHOOSE_TRUMP
    assert game.view(0).choices == tuple(ChooseTrump(suit) for suit in Suit)
    assert all(game.view(seat).standing_choices == (Bid(0), Bid(1)) for seat in range(4))


def test_merlin_is_offered_both_ways() -> None:
    game = staged(DEALER_0, ["Merlin", "4♠", "5♥", "6♥", "7♦"], edition="camelot")
    for _ in range(4):
        game.apply(Bid(0))
    assert game.view(0).standing_choices == (Play(MERLIN, "wizard"), Play(MERLIN, "jester"))


def test_smyrna_calls_come_before_the_cards() -> None:
    game = staged_rounds(
        rules("gizzard-fester"),
        DEALER_0,
        [("3♥", "4♥", "5♥", "6♥", "7♣"), ("Wizard", "Jester", "3♠", "4♠", "5♠", "6♠", "7♠", "8♠", "9♣")],
    )
    for _ in range(4):
        game.apply(Bid(0))
    for name in ("4♥", "5♥", "6♥", "3♥"):
        game.apply(Play(Card.parse(name)))
    assert game.round_number == 2
    assert game.view(0).standing_choices == (Bid(0), Bid(1), Bid(2))
    for _ in range(4):
        game.apply(Bid(0))
    calls_first = (Call("gizzard"), Call("fester"), Play(WIZARD), Play(JESTER))
    assert game.view(0).standing_choices == calls_first
    assert game.view(1).standing_choices == cards("3♠", "4♠")  # no Wizard or Jester: no call
    game.apply(Play(Card.parse("5♠")))  # Cara leads
    game.apply(Play(Card.parse("7♠")))
    game.apply(Call("gizzard"))  # Alice calls: the standing choices do not follow the call made
    assert game.view(0).choices == cards("Wizard", "Jester")
    assert game.view(0).standing_choices == calls_first


def test_the_forehead_round_offers_the_unseen_card_once_bid() -> None:
    game = staged_rounds(rules("forehead"), DEALER_0, [("3♥", "4♥", "5♥", "6♥", "2♣")])
    assert game.view(3).standing_choices == (Bid(0), Bid(1))
    for _ in range(4):
        game.apply(Bid(0))
    assert all(game.view(seat).standing_choices == (PlayHidden(),) for seat in range(4))
    game.apply(PLAY_HIDDEN)
    assert game.view(1).standing_choices == ()
    assert game.view(2).standing_choices == game.view(2).choices == (PlayHidden(),)


def test_bidding_at_once_a_player_who_has_bid_sees_their_cards() -> None:
    game = staged_rounds(rules("hidden-bid"), DEALER_0, [("3♥", "4♥", "5♥", "6♥", "2♣")])
    game.apply(Bid(1), player=2)
    assert game.view(2).standing_choices == cards("5♥")
    assert game.view(3).standing_choices == (Bid(0), Bid(1))


def test_the_saboteur_dealer_never_bids() -> None:
    game = staged_rounds(rules("saboteur"), DEALER_0, [("3♥", "4♥", "5♥", "6♥", "2♣")])
    assert game.phase is Phase.BID
    assert game.view(0).standing_choices == cards("3♥")
    assert game.view(1).standing_choices == (Bid(0), Bid(1))


def test_third_time_bids_are_offered_while_the_hand_is_hidden() -> None:
    game = Game(4, rules("third-time"), seed=4)
    rng = random.Random(4)
    while game.round_number < 3:
        game.apply(rng.choice(game.legal_actions()))
    waiting = next(seat for seat in range(4) if seat not in game.to_act)
    view = game.view(waiting)
    assert view.hand_hidden and view.hand == ()
    assert view.standing_choices == tuple(Bid(tricks) for tricks in range(4))


def test_nothing_once_out_or_over() -> None:
    for seed in range(40):
        game = Game(4, rules("nannie"), seed=seed)
        rng = random.Random(seed)
        while all(game.active):
            game.apply(rng.choice(game.legal_actions()))
        if not game.is_over:
            out = game.active.index(False)
            assert game.view(out).standing_choices == ()
            break
    else:
        pytest.fail("nobody was eliminated")
    game = Game(3, seed=1)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert all(game.view(seat).standing_choices == () for seat in range(3))


# -- random games ------------------------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(
    chosen=st.sets(st.sampled_from(sorted(VARIANTS)), max_size=5),
    edition=st.sampled_from(EDITIONS),
    players=st.integers(3, 6),
    seed=st.integers(0, 2**32),
)
def test_standing_choices_in_random_games(chosen: set[str], edition: str, players: int, seed: int) -> None:
    """Every seat, at every step: the same as the bot's function, and on the player's turn (but for the
    dealer's choice of trump) everything they may do is among them."""
    try:
        game = Game(players, Rules(edition, frozenset(chosen)), seed=seed)
    except RulesError:
        return
    rng = random.Random(seed)
    while not game.is_over:
        for seat in range(players):
            view = game.view(seat)
            standing = view.standing_choices
            assert list(standing) == bot_standing_choices(view)
            if view.phase is not Phase.CHOOSE_TRUMP:
                assert set(view.choices) <= set(standing)
        player = rng.choice(game.to_act)
        game.apply(rng.choice(game.legal_actions(player)), player=player)
