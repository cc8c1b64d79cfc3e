"""Computer players under the house variants: legal, sensible, blind to what their view hides, and quick."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from staging import bits, staged_rounds

from wizard_core import (
    CALL_FESTER,
    CALL_GIZZARD,
    PLAY_HIDDEN,
    Bid,
    Card,
    CorruptSaveError,
    Game,
    Phase,
    Rules,
    RulesError,
)
from wizard_core.ai import LEVELS, Knowledge, Level, decide, deliberate
from wizard_core.ai.search import utility
from wizard_core.cards import deck_bits
from wizard_core.game import SEAT_STRIDE
from wizard_core.variants import VARIANTS

DEALER_0 = ("A♠", "3♠", "4♠", "5♠")  # seat 0 deals round 1, seat 1 leads


def rules(*variants: str, edition: str = "classic") -> Rules:
    return Rules(edition, frozenset(variants))


def random_rules(rng: random.Random) -> Rules:
    while True:
        chosen = frozenset(rng.sample(sorted(VARIANTS), rng.randrange(1, 6)))
        try:
            return Rules(rng.choice(("classic", "camelot")), chosen)
        except RulesError:
            continue


def play_bots(game: Game, levels: list[Level], seed: int, samples: int = 3) -> Counter[Level]:
    """Play a game to the end with computer players, checking every action they take is legal."""
    taken: Counter[Level] = Counter()
    rng = random.Random(seed)
    while not game.is_over:
        player = rng.choice(game.to_act)  # any of the players who may act, as the bot would loop
        view = game.view(player)
        action = decide(view, levels[player], seed=seed, cap_ms=None, samples=samples)
        assert action in view.legal_actions
        game.apply(action, player=player)
        taken[levels[player]] += 1
    return taken


def test_every_level_plays_legally_in_random_variant_games() -> None:
    rng = random.Random(77)
    taken: Counter[Level] = Counter()
    played = 0
    while played < 36:
        chosen = random_rules(rng)
        players = rng.randrange(3, 7)
        try:
            game = Game(players, chosen, seed=played)
        except RulesError:
            continue
        levels: list[Level] = [LEVELS[(played + seat) % 3] for seat in range(players)]
        taken += play_bots(game, levels, played)
        played += 1
    assert min(taken.values()) > 1000


@pytest.mark.parametrize(
    "variants",
    [
        ("nannie", "hidden-bid", "gizzard-fester", "third-time", "forehead"),
        ("quick", "saboteur", "delayed-reveal", "gizzard-fester"),
        ("maximus", "canadian", "no-even-bids", "hardcore"),
    ],
)
@pytest.mark.parametrize("edition", ["classic", "camelot"])
def test_every_level_plays_the_big_combinations(variants: tuple[str, ...], edition: str) -> None:
    for players in (4, 6):
        game = Game(players, rules(*variants, edition=edition), seed=players)
        taken = play_bots(game, [LEVELS[seat % 3] for seat in range(players)], players, samples=2)
        assert set(taken) == set(LEVELS)


# -- sensible choices -----------------------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_an_armed_call_is_followed_by_its_card(level: Level) -> None:
    game = staged_rounds(rules("gizzard-fester"), DEALER_0, [("3♥", "Wizard", "5♥", "6♥", "2♣")])
    for _ in range(4):
        game.apply(Bid(0))
    game.apply(CALL_GIZZARD)
    assert decide(game.view(1), level, seed=1, cap_ms=None, samples=5) == 52


def test_the_hard_player_drops_the_call_to_duck_with_a_wizard() -> None:
    game = staged_rounds(rules("gizzard-fester"), DEALER_0, [("3♥", "Wizard", "5♥", "6♥", "2♣")])
    for _ in range(4):
        game.apply(Bid(0))
    view = game.view(1)
    assert set(view.legal_actions) == {52, CALL_GIZZARD}
    assert decide(view, "hard", seed=1, cap_ms=None, samples=20) == 52  # uncalled: a Jester
    assert decide(view, "easy", seed=1) == CALL_GIZZARD  # easy always calls


def test_the_hard_player_drops_the_call_to_win_with_a_jester() -> None:
    game = staged_rounds(rules("gizzard-fester"), DEALER_0, [("3♥", "Jester", "5♥", "6♥", "2♣")])
    game.apply(Bid(1))
    for _ in range(3):
        game.apply(Bid(0))
    view = game.view(1)
    assert set(view.legal_actions) == {53, CALL_FESTER}
    assert decide(view, "hard", seed=1, cap_ms=None, samples=20) == 53  # uncalled: a Wizard


@pytest.mark.parametrize("level", LEVELS)
def test_forehead_bids_follow_the_cards_in_sight(level: Level) -> None:
    # Seat 1 sees a Wizard across the table: it cannot take the trick, so it bids 0.
    game = staged_rounds(rules("forehead"), DEALER_0, [("3♥", "A♣", "Wizard", "6♥", "2♣")])
    assert decide(game.view(1), level, seed=1, cap_ms=None, samples=5) == 64
    # Seat 2 sees only low hearts and a club ace: most cards it might hold lose... except trumps and
    # Wizards; it bids 0 too, while seat 3 facing three low cards and no Wizard also reckons with them.
    game.apply(Bid(0))
    assert decide(game.view(2), level, seed=1, cap_ms=None, samples=5) in (64, 65)
    game.apply(Bid(0))
    game.apply(Bid(0))
    assert decide(game.view(0), level, seed=1) == 64 or game.legal_actions() == (65,)
    game.apply(Bid(0))
    assert decide(game.view(1), level, seed=1) == PLAY_HIDDEN


def test_forehead_bid_is_one_when_every_other_card_is_a_jester() -> None:
    game = staged_rounds(rules("forehead"), DEALER_0, [("Jester", "4♥", "Jester", "Jester", "2♣")])
    for level in LEVELS:
        assert decide(game.view(1), level, seed=1, cap_ms=None, samples=5) == 65


@pytest.mark.parametrize("level", LEVELS)
def test_bid_limits_are_respected(level: Level) -> None:
    # The dealer (seat 0) holds a Wizard and would bid 1, but the bids may not add up: 0 it is.
    game = staged_rounds(rules("no-even-bids"), DEALER_0, [("Wizard", "4♥", "5♥", "6♥", "2♣")])
    for _ in range(3):
        game.apply(Bid(0))
    view = game.view(0)
    assert view.legal_actions == (64,)
    assert decide(view, level, seed=1, cap_ms=None, samples=5) == 64


def test_a_limited_bid_moves_to_the_nearest_allowed_one() -> None:
    # Hardcore, round 4: the easy dealer's own estimate may be taken away; it then bids next to it.
    for seed in range(20):
        game = Game(4, rules("hardcore"), seed=seed)
        rng = random.Random(seed)
        while game.round_number < 4 or game.current_player != game.dealer or game.phase is not Phase.BID:
            game.apply(rng.choice(game.legal_actions()))
        view = game.view(game.dealer)
        if len(view.legal_actions) == 5:
            continue  # nothing was taken away
        for level in LEVELS:
            assert decide(view, level, seed=seed, cap_ms=None, samples=4) in view.legal_actions


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_the_saboteur_dealer_plays_to_make_others_miss(level: Level) -> None:
    round_one = ("3♥", "4♥", "5♥", "6♥", "7♣")
    round_two = ("9♥", "Wizard", "A♥", "3♠", "3♣", "2♦", "Q♠", "J♠", "2♣")  # seats 0..3, trump ♣
    game = staged_rounds(rules("saboteur"), ("3♠", "A♠", "4♠", "5♠"), [round_one, round_two])
    for _ in range(3):  # round 1: seat 1 deals and does not bid
        game.apply(Bid(0))
    for _ in range(4):
        game.apply(game.legal_actions()[0])
    assert game.round_number == 2 and game.dealer == 2
    game.apply(Bid(0))  # seat 3: Q♠ J♠
    game.apply(Bid(1))  # seat 0: 9♥ Wizard
    game.apply(Bid(1))  # seat 1: A♥ 3♠
    for name in ("Q♠", "9♥", "3♠"):
        game.apply(Card.parse(name).face)
    view = game.view(2)
    assert view.bids[2] is None and view.current_player == 2
    # Ruffing with 3♣ would save seat 3's bid of 0; 2♦ leaves Q♠ the trick, and seat 3 misses.
    assert decide(view, level, seed=3, cap_ms=None, samples=30) == Card.parse("2♦").face


# -- only what the view shows ---------------------------------------------------------------------------


def _redealt(game: Game, cards: dict[int, int]) -> Game | None:
    """The game replayed with some bits of the last deal swapped (``cards``: bit -> bit)."""
    log = list(game.log)
    at = max(i for i, entry in enumerate(log) if not isinstance(entry, int) and entry[0] == "deal")
    entry = log[at]
    assert not isinstance(entry, int)
    log[at] = ("deal", tuple(cards.get(bit, bit) for bit in entry[1]))
    try:
        return Game.replay(game.players, game.rules, game.seed, log)
    except CorruptSaveError:
        return None


def _undealt(game: Game) -> list[int]:
    entry = [e for e in game.log if not isinstance(e, int) and e[0] == "deal"][-1]
    assert not isinstance(entry, int)
    return sorted(
        set(range(64)) & {b for b in range(64) if deck_bits(game.rules.edition) >> b & 1} - set(entry[1])
    )


def _decisions(game: Game, me: int) -> dict[Level, int]:
    view = game.view(me)
    return {level: decide(view, level, seed=4, cap_ms=None, samples=6) for level in LEVELS}


@pytest.mark.parametrize("variant", ["hidden-bid", "hands-in", "delayed-reveal"])
def test_decisions_do_not_depend_on_secret_bids(variant: str) -> None:
    checked = 0
    for seed in range(6):
        game = Game(4, rules(variant), seed=seed)
        rng = random.Random(seed)
        while not game.is_over and game.round_number <= 4:
            me = rng.choice(game.to_act)
            view = game.view(me)
            secret = [
                i
                for i, entry in enumerate(game.log)
                if isinstance(entry, int)
                and entry >= SEAT_STRIDE
                and entry // SEAT_STRIDE - 1 != me
                and i > max(j for j, e in enumerate(game.log) if not isinstance(e, int))
            ]
            if secret and len(view.legal_actions) > 1 and view.bids.count(None) > 1:
                log = list(game.log)
                for i in secret:
                    entry = log[i]
                    assert isinstance(entry, int)
                    bid = entry % SEAT_STRIDE - 64
                    other = (bid + 1) % (game.cards_per_player + 1)
                    log[i] = entry - bid + other
                changed = Game.replay(game.players, game.rules, game.seed, log)
                assert changed.view(me) == view
                assert _decisions(changed, me) == _decisions(game, me)
                checked += 1
            game.apply(decide(view, "easy", seed=seed), player=me)
    assert checked >= 10


@pytest.mark.parametrize("edition", ["classic", "camelot"])
def test_decisions_do_not_depend_on_ones_own_forehead_card(edition: str) -> None:
    checked = 0
    for seed in range(8):
        game = Game(4, rules("forehead", edition=edition), seed=seed)
        while game.round_number == 1 and game.phase is not Phase.PLAY:
            me = game.to_act[0]
            mine = game.hand_mask(me).bit_length() - 1
            for swap in _undealt(game)[:3]:
                other = _redealt(game, {mine: swap})
                if other is None or other.phase != game.phase:
                    continue
                assert other.view(me) == game.view(me)
                assert _decisions(other, me) == _decisions(game, me)
                checked += 1
            game.apply(decide(game.view(me), "hard", seed=seed, cap_ms=None, samples=4))
    assert checked >= 40


def test_decisions_do_not_depend_on_an_unseen_third_time_hand() -> None:
    checked = 0
    for seed in range(5):
        game = Game(4, rules("third-time"), seed=seed)
        rng = random.Random(seed)
        while game.round_number < 3:
            game.apply(rng.choice(game.legal_actions()))
        while game.phase is not Phase.PLAY:
            me = game.to_act[0]
            hand = [b for b in range(64) if game.hand_mask(me) >> b & 1]
            spare = _undealt(game)
            rng.shuffle(spare)
            other = _redealt(game, dict(zip(hand, spare, strict=False)))
            if other is not None and other.phase == game.phase:
                assert other.view(me) == game.view(me)
                assert _decisions(other, me) == _decisions(game, me)
                checked += 1
            game.apply(decide(game.view(me), "medium", seed=seed, cap_ms=None, samples=4))
    assert checked >= 10


# -- work -----------------------------------------------------------------------------------------------


def test_hard_decisions_in_variant_games_do_a_fixed_amount_of_work() -> None:
    """A hard decision's work is fixed by its budget, not by the clock (how long it takes is measured by
    benchmarks/computer_latency.py): the same view and seed sample the same deals and choose the same
    legal action, whatever else the machine is doing."""
    chosen = rules("nannie", "delayed-reveal", "gizzard-fester", "third-time", "saboteur")
    game = Game(5, chosen, seed=8)
    rng = random.Random(8)
    checked = sampled = 0
    while not game.is_over and checked < 20:
        player = rng.choice(game.to_act)
        view = game.view(player)
        if len(view.legal_actions) > 1 and rng.random() < 0.3:
            first = deliberate(view, "hard", seed=1, cap_ms=None)
            again = deliberate(view, "hard", seed=1, cap_ms=None)
            assert first.action in view.legal_actions
            assert (first.action, first.samples) == (again.action, again.samples)
            sampled += first.samples
            checked += 1
            action = first.action
        else:
            action = decide(view, "easy", seed=1)
        game.apply(action, player=player)
    assert checked >= 20 and sampled > 0


def test_bits_helper_matches_the_game() -> None:
    assert bits(["Wizard", "Wizard"]) == (52, 53)


def test_the_saboteur_dealer_counts_the_others_points_against_itself() -> None:
    game = staged_rounds(rules("saboteur"), DEALER_0, [("3♥", "4♥", "5♥", "6♥", "2♣")])
    for bid in (1, 0, 0):
        game.apply(Bid(bid))
    dealer = Knowledge(game.view(0))
    assert dealer.saboteur == 0 and dealer.bids == (None, 1, 0, 0)
    bids = [0, 1, 0, 0]
    # Seat 1 makes 1 (30), seats 2 and 3 make 0 (20 each): the dealer's utility is minus their mean.
    assert utility(dealer, bids, [0, 1, 0, 0], 0) == pytest.approx(-70 / 3)
    assert utility(dealer, bids, [1, 0, 0, 0], 0) == pytest.approx(-30 / 3)
    # A bidder counts the other bidders' mean against its own points (not the dealer's fixed 20): seat 1
    # makes 30, seats 2 and 3 make 20 each, or seat 2 misses by one (-10) and seat 3 makes 20.
    bidder = Knowledge(game.view(1))
    assert utility(bidder, bids, [0, 1, 0, 0], 0) == pytest.approx(30 - 20)
    assert utility(bidder, bids, [0, 1, 1, 0], 0) == pytest.approx(30 - 5)
