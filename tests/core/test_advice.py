"""The coach's advice (issue 30): what the hard computer would do in a player's seat, and the chances
behind it. The advice's pick is the hard level's decision for the same view and seed, its chances are
probabilities that make sense, it names no card the player cannot see, and it depends on the player's
view alone: the same in another process, the same whatever the cards hidden from the player are."""

from __future__ import annotations

import dataclasses
import itertools
import random
from concurrent.futures import ProcessPoolExecutor

import pytest
from test_computer_budget import RULE_SETS, random_view

from wizard_core import Card, Game, Phase, PlayerView, Rules, RulesError
from wizard_core.actions import BID_BASE, CALL_FESTER, CALL_GIZZARD, TRUMP_BASE
from wizard_core.ai import Advice, BidAdvice, PlayAdvice, TrumpAdvice, advise, deliberate, would_bid
from wizard_core.cards import FACE_OF_BIT, SUIT_MASKS, WIZARD_FACE, Suit, bits_of

SPECIAL_MASK = ~((1 << 52) - 1) & ((1 << 64) - 1)
# A light work, so that many views can be advised on; no cap, so that every result is reproducible.
WORK = 5_000


def random_setup(rng: random.Random) -> tuple[int, Rules]:
    """A number of players and rules for them, drawn from ``RULE_SETS``."""
    while True:
        players, rules = rng.choice((3, 4, 5)), rng.choice(RULE_SETS)
        try:
            rules.check_players(players)
        except RulesError:
            continue
        return players, rules


def advised_views(count: int, seed: int) -> list[PlayerView]:
    """Views of the player to act, bidding or playing, in random games of various rules."""
    rng = random.Random(seed)
    found: list[PlayerView] = []
    while len(found) < count:
        players, rules = random_setup(rng)
        view = random_view(rng.randrange(2**32), players, rules, rng.randrange(300))
        if view is not None and view.phase in (Phase.BID, Phase.PLAY):
            found.append(view)
    return found


def trump_views(count: int, seed: int) -> list[PlayerView]:
    """Views of a dealer choosing trump (a Wizard turned up), in random games of various rules."""
    rng = random.Random(seed)
    found: list[PlayerView] = []
    while len(found) < count:
        players, rules = random_setup(rng)
        game = Game(players, rules, seed=rng.randrange(2**32))
        while not game.is_over and len(found) < count:
            seat = game.to_act[0]
            if game.phase is Phase.CHOOSE_TRUMP:
                found.append(game.view(seat))
            game.apply(rng.choice(game.legal_actions(seat)), player=seat)
    return found


def advice_here(view: PlayerView, seed: int) -> Advice:
    return advise(view, seed, work=WORK, cap_ms=None)


def hard_action(view: PlayerView, seed: int) -> int:
    return deliberate(view, "hard", seed=seed, work=WORK, cap_ms=None).action


@pytest.mark.parametrize("seed", [1, 2])
def test_the_advice_picks_what_the_hard_computer_decides(seed: int) -> None:
    views = advised_views(40, seed)
    for i, view in enumerate(views):
        advice = advice_here(view, i)
        if isinstance(advice, BidAdvice):
            assert BID_BASE + advice.pick == hard_action(view, i)
            assert view.phase is Phase.BID
        else:
            assert advice.pick == hard_action(view, i)
            assert view.phase is Phase.PLAY
    assert {type(advice_here(view, 0)) for view in views} == {BidAdvice, PlayAdvice}


def test_the_trump_advice_picks_the_hard_computers_suit_and_weighs_each() -> None:
    views = trump_views(16, 6)
    weighed = 0
    for i, view in enumerate(views):
        advice = advice_here(view, i)
        assert isinstance(advice, TrumpAdvice)
        assert TRUMP_BASE + advice.pick == hard_action(view, i)
        if not advice.options:  # unseen cards, or the Saboteur dealer: nothing weighed
            assert view.hand_hidden or "saboteur" in view.variants or len(view.legal_actions) == 1
            continue
        weighed += 1
        assert [option.suit for option in advice.options] == list(Suit)
        assert all(0 <= option.bid <= len(view.hand) for option in advice.options)
        best = max(option.points for option in advice.options)
        assert next(o for o in advice.options if o.suit == advice.pick).points == best
    assert weighed >= len(views) // 2


def test_chances_are_probabilities_and_every_choice_is_covered() -> None:
    for i, view in enumerate(advised_views(40, 3)):
        advice = advice_here(view, i)
        assert not isinstance(advice, TrumpAdvice)  # views of bids and cards
        legal = set(view.legal_actions)
        for option in advice.options:
            assert option.chance is None or 0.0 <= option.chance <= 1.0
            assert option.samples >= 1 or view.forehead_round
        if isinstance(advice, BidAdvice):
            assert {BID_BASE + option.bid for option in advice.options} <= legal
            assert advice.pick in {option.bid for option in advice.options}
            continue
        assert advice.bid == view.bids[view.player]
        if view.forehead_round:
            assert advice.options == ()
            continue
        actions = {option.action for option in advice.options}
        assert actions <= legal
        assert advice.pick in actions
        # Every legal card has its line (a call is the line of the card it plays); once a call is made,
        # the card it calls is the only one the hard level considers.
        if view.armed_call is None:
            assert legal - {CALL_GIZZARD, CALL_FESTER} <= actions


def test_the_advice_names_only_cards_in_the_players_hand() -> None:
    for i, view in enumerate(advised_views(40, 4)):
        advice = advice_here(view, i)
        if isinstance(advice, PlayAdvice):
            hand = {card.face for card in view.hand}
            assert {option.card.face for option in advice.options} <= hand


def bid_view(cards: int, seed: int = 0) -> PlayerView:
    """A four-player classic view of the first player to bid in round ``cards``, no Wizard turned up."""
    for game_seed in range(seed, seed + 200):
        game = Game(4, Rules("classic"), seed=game_seed)
        while game.round_number < cards or game.phase is not Phase.BID:
            game.apply(game.legal_actions(game.to_act[0])[0], player=game.to_act[0])
        view = game.view(game.to_act[0])
        if view.turned_up is None or view.turned_up.face != WIZARD_FACE:
            return view
    raise AssertionError("no deal without a Wizard turned up")


def test_a_hand_of_every_wizard_is_sure_to_make_all_its_tricks() -> None:
    view = dataclasses.replace(bid_view(4), hand=(Card(WIZARD_FACE),) * 4)
    advice = advice_here(view, 5)
    assert isinstance(advice, BidAdvice)
    chances = {option.bid: option.chance for option in advice.options}
    assert chances[4] == pytest.approx(1.0)
    assert chances[0] == pytest.approx(0.0)
    assert advice.pick == 4
    assert would_bid(view, 5, work=WORK) == 4


def swapped_hidden_cards(game: Game, seat: int) -> Game:
    """The same game but for two cards of one suit (or two special cards) swapped between the hands of two
    players other than ``seat``: nothing ``seat`` can see changes, not even a void."""
    others = [p for p in range(len(game.players)) if p != seat]
    for a, b in itertools.combinations(others, 2):
        for group in (*SUIT_MASKS, SPECIAL_MASK):
            for one in bits_of(game.hand_mask(a) & group):
                for other in bits_of(game.hand_mask(b) & group):
                    if FACE_OF_BIT[one] == FACE_OF_BIT[other]:
                        continue
                    state = game.checkpoint()
                    state["hands"][a] ^= 1 << one | 1 << other
                    state["hands"][b] ^= 1 << one | 1 << other
                    return Game.replay(game.players, game.rules, game.seed, game.log, checkpoint=state)
    raise AssertionError("no two hidden cards to swap")


@pytest.mark.parametrize("moves", [12, 30, 55, 80])
def test_the_advice_depends_only_on_what_the_player_sees(moves: int) -> None:
    rng = random.Random(moves)
    game = Game(4, Rules("classic"), seed=40 + moves)
    while len(game.log) < moves or game.phase not in (Phase.BID, Phase.PLAY):
        game.apply(rng.choice(game.legal_actions(game.to_act[0])), player=game.to_act[0])
    seat = game.to_act[0]
    other = swapped_hidden_cards(game, seat)
    assert [game.hand(p) for p in range(4)] != [other.hand(p) for p in range(4)]
    assert other.view(seat) == game.view(seat)
    assert advice_here(other.view(seat), 8) == advice_here(game.view(seat), 8)


def test_the_advice_is_the_same_in_another_process() -> None:
    cases = [(view, i) for i, view in enumerate([*advised_views(8, 5), *trump_views(2, 5)])]
    with ProcessPoolExecutor(2) as pool:
        there = list(pool.map(advice_here, *zip(*cases, strict=True)))
    assert there == [advice_here(*case) for case in cases]


def test_no_advice_when_it_is_not_the_players_turn() -> None:
    game = Game(4, Rules("classic"), seed=1)
    waiting = next(p for p in range(4) if p not in game.to_act)
    with pytest.raises(ValueError, match="turn"):
        advise(game.view(waiting), 1)
    with pytest.raises(ValueError, match="bid"):
        would_bid(_play_view(), 1)


def _play_view() -> PlayerView:
    game = Game(4, Rules("classic"), seed=2)
    while game.phase is not Phase.PLAY:
        game.apply(game.legal_actions(game.to_act[0])[0], player=game.to_act[0])
    return game.view(game.to_act[0])
