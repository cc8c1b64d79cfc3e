"""The house variants of RULES.md §3 as the game applies them: schedules, bids, views and play."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from staging import staged_rounds

from wizard_core import (
    CALL_FESTER,
    CALL_GIZZARD,
    PLAY_HIDDEN,
    Bid,
    Call,
    Card,
    ChooseTrump,
    CorruptSaveError,
    Game,
    IllegalActionError,
    NotYourTurnError,
    Phase,
    Play,
    PlayHidden,
    Rules,
    RulesError,
    Suit,
    decode,
    describe,
    variant_rules,
)
from wizard_core.game import SEAT_STRIDE
from wizard_core.variants import VARIANTS

SIMULTANEOUS = frozenset({"hidden-bid", "hands-in", "delayed-reveal"})
DEALER_0 = ("A♠", "3♠", "4♠", "5♠")  # seat 0 draws highest and deals round 1; seat 1 leads


def rules(*variants: str, edition: str = "classic", nannie_every: int = 2) -> Rules:
    return Rules(edition, frozenset(variants), nannie_every)


def play(game: Game, *names: str) -> None:
    for name in names:
        game.apply(Play(Card.parse(name)))


def finish_randomly(game: Game, rng: random.Random) -> None:
    while not game.is_over:
        player = rng.choice(game.to_act)
        game.apply(rng.choice(game.legal_actions(player)), player=player)


# -- deal schedules and Maximus's trump -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "players", "sizes"),
    [
        ("quick", 3, (2, 4, 6, 8, 10, 12, 14, 16, 18, 20)),
        ("quick", 4, (1, 3, 5, 7, 9, 11, 13, 15)),
        ("quick", 5, (2, 4, 6, 8, 10, 12)),
        ("quick", 6, (2, 4, 6, 8, 10)),
        ("nannie", 4, tuple(range(15, 0, -1))),
        ("nannie", 6, tuple(range(10, 0, -1))),
        ("maximus", 3, (20,) * 5),
        ("maximus", 6, (10,) * 5),
        (None, 5, tuple(range(1, 13))),
    ],
)
def test_deal_schedules(variant: str | None, players: int, sizes: tuple[int, ...]) -> None:
    chosen = rules(variant) if variant else Rules()
    assert chosen.hand_sizes(players) == sizes
    assert chosen.rounds(players) == len(sizes)
    game = Game(players, chosen, seed=players)
    assert game.rounds_total == len(sizes)
    seen: list[int] = []
    rng = random.Random(players)
    while not game.is_over:
        if game.round_number > len(seen):
            seen.append(game.cards_per_player)
            view = game.public_view()
            assert view.hand_sizes == tuple(game.cards_per_player * inside for inside in view.active)
        player = rng.choice(game.to_act)
        game.apply(rng.choice(game.legal_actions(player)), player=player)
    played = sizes if sum(game.active) > 1 else sizes[: len(seen)]  # Nannie's Rule may end it early
    assert tuple(seen) == played
    assert tuple(r.cards_per_player for r in game.round_results) == played


@pytest.mark.parametrize("edition", ["classic", "camelot"])
def test_maximus_fixes_trump_per_round_and_turns_nothing_up(edition: str) -> None:
    game = Game(4, rules("maximus", edition=edition), seed=5)
    finish_randomly(game, random.Random(5))
    results = game.round_results
    assert [r.trump for r in results] == [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, None]
    assert all(r.turned_up is None and r.cards_per_player == 15 for r in results)


def test_maximus_never_asks_the_dealer_for_trump() -> None:
    for seed in range(30):
        game = Game(3, rules("maximus"), seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            assert game.phase is not Phase.CHOOSE_TRUMP
            player = rng.choice(game.to_act)
            game.apply(rng.choice(game.legal_actions(player)), player=player)


# -- combinations refused --------------------------------------------------------------------------

_REFUSED = [
    *itertools.product(
        ("no-even-bids", "canadian", "hardcore"), ("hidden-bid", "delayed-reveal", "hands-in", "saboteur")
    ),
    ("maximus", "quick"),
    ("maximus", "nannie"),
    ("quick", "nannie"),
    ("forehead", "maximus"),
]


@pytest.mark.parametrize(("one", "other"), _REFUSED)
@pytest.mark.parametrize("edition", ["classic", "camelot"])
def test_r9_refuses_pairs_naming_both(one: str, other: str, edition: str) -> None:
    with pytest.raises(RulesError) as error:
        rules(one, other, edition=edition)
    assert VARIANTS[one].name in str(error.value)
    assert VARIANTS[other].name in str(error.value)


def test_every_other_pair_is_allowed() -> None:
    refused = {frozenset(pair) for pair in _REFUSED}
    for one, other in itertools.combinations(VARIANTS, 2):
        if frozenset((one, other)) not in refused:
            rules(one, other)


@pytest.mark.parametrize("players", [3, 5, 6])
def test_forehead_with_quick_needs_a_one_card_round(players: int) -> None:
    chosen = rules("forehead", "quick")  # the rules alone are fine: 4 players would have a 1-card round
    with pytest.raises(RulesError) as error:
        Game(players, chosen)
    message = str(error.value)
    assert "Forehead card" in message and "Quick play" in message and f"{players} players" in message
    with pytest.raises(RulesError):
        chosen.check_players(players)


def test_forehead_with_quick_and_four_players_is_played() -> None:
    game = Game(4, rules("forehead", "quick"), seed=2)
    assert game.cards_per_player == 1 and game.view(0).hand_hidden


def test_variant_rules_text_says_the_rulings_in_words() -> None:
    nannie = variant_rules("nannie")
    assert "on a tie for lowest nobody is eliminated that time" in nannie
    assert "reverse order of elimination" in nannie
    assert "nobody scores, the dealer included" in variant_rules("saboteur")
    assert "R-" not in variant_rules()
    assert "without seeing" in variant_rules("third-time")
    assert "Forehead" in variant_rules("gizzard-fester")
    everything = variant_rules()
    assert all(variant.name in everything for variant in VARIANTS.values())
    assert "Chatham Bid" in everything
    with pytest.raises(ValueError, match="unknown variant"):
        variant_rules("jester-bid")


# -- bid limits -----------------------------------------------------------------------------------------


def allowed_bids(game: Game, player: int) -> set[int]:
    """The bids the rules of RULES.md §3 leave a player, computed here from scratch."""
    variants, size = game.rules.variants, game.cards_per_player
    bids = game.bids
    others = [b for q, b in enumerate(bids) if q != player and b is not None]
    last = len(others) == sum(game.active) - 1
    dealer = player == game.dealer
    totals = game.totals
    leading = all(totals[player] > totals[q] for q in range(len(totals)) if q != player and game.active[q])
    allowed = set()
    for bid in range(size + 1):
        adds_up = sum(others) + bid == size
        if adds_up and "no-even-bids" in variants and last:
            continue
        if adds_up and dealer and "canadian" in variants and leading and bid != 0:
            continue
        if adds_up and dealer and "hardcore" in variants and size >= 4:
            continue
        allowed.add(bid)
    return allowed


@pytest.mark.parametrize(
    "variants",
    [
        ("no-even-bids",),
        ("canadian",),
        ("hardcore",),
        ("no-even-bids", "canadian", "hardcore"),
        ("canadian", "nannie"),
    ],
)
def test_bid_limits_offer_exactly_the_allowed_bids(variants: tuple[str, ...]) -> None:
    limited = 0
    for seed in range(6):
        game = Game(3 + seed % 4, rules(*variants), seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            player = game.to_act[0]
            legal = game.legal_actions()
            if game.phase is Phase.BID:
                allowed = allowed_bids(game, player)
                assert {code - 64 for code in legal} == allowed
                limited += len(allowed) <= game.cards_per_player
                for bid in set(range(game.cards_per_player + 1)) - allowed:
                    with pytest.raises(IllegalActionError, match="number of tricks"):
                        game.apply(Bid(bid))
            game.apply(rng.choice(legal))
    assert limited  # some bid was taken away


def test_no_even_bids_binds_only_the_last_bidder() -> None:
    game = staged_rounds(rules("no-even-bids"), DEALER_0, [("3♥", "4♥", "5♥", "6♥", "2♣")])
    game.apply(Bid(1))  # seat 1 may make the total 1: others are still to bid
    assert game.legal_actions() == (64, 65)
    game.apply(Bid(0))
    game.apply(Bid(0))
    assert game.current_player == 0 and game.legal_actions() == (65,)
    with pytest.raises(IllegalActionError) as error:
        game.apply(Bid(0))
    expected = "Bids may not add up: a bid of 0 would make the bids total 1, the number of tricks"
    assert str(error.value) == expected


def _canadian_round_two(tied: bool) -> Game:
    # Round 1, seat 0 deals, trump ♣. Seat 1 leads. Either seat 1 alone makes a bid (it then deals
    # round 2 while leading), or seats 1 and 2 both make 0 and tie for the lead.
    if tied:
        deal, bids, cards = ("Wizard", "3♥", "4♥", "5♥", "2♣"), (0, 0, 1, 0), ("3♥", "4♥", "5♥", "Wizard")
    else:
        deal, bids, cards = ("3♥", "Wizard", "4♥", "5♥", "2♣"), (1, 1, 1, 1), ("Wizard", "4♥", "5♥", "3♥")
    round_two = ("6♥", "7♥", "8♥", "9♥", "10♥", "J♥", "Q♥", "K♥", "2♦")
    game = staged_rounds(rules("canadian"), DEALER_0, [deal, round_two])
    for bid in bids:
        game.apply(Bid(bid))
    play(game, *cards)
    assert game.round_number == 2 and game.dealer == 1
    return game


def test_canadian_rule_binds_a_dealer_strictly_leading() -> None:
    game = _canadian_round_two(tied=False)
    assert game.totals == (-10, 30, -10, -10)
    for bid in (1, 0, 1):  # seats 2, 3, 0: total 2 so far
        game.apply(Bid(bid))
    assert game.current_player == 1
    assert game.legal_actions() == (64, 65, 66)  # 0 adds up too, but the Canadian Rule never forbids it
    game2 = _canadian_round_two(tied=False)
    for bid in (1, 0, 0):  # total 1: the dealer may not bid 1
        game2.apply(Bid(bid))
    assert game2.legal_actions() == (64, 66)
    with pytest.raises(IllegalActionError, match="Canadian Rule") as error:
        game2.apply(Bid(1))
    assert "a bid of 1 would" in str(error.value) and "never forbids a bid of 0" in str(error.value)


def test_canadian_rule_spares_a_dealer_tied_for_the_lead() -> None:
    game = _canadian_round_two(tied=True)
    assert game.totals == (-10, 20, 20, -10)
    for bid in (1, 0, 0):
        game.apply(Bid(bid))
    assert game.legal_actions() == (64, 65, 66)


def test_hardcore_binds_the_dealer_only_from_four_cards() -> None:
    game = Game(4, rules("hardcore"), seed=11)
    rng = random.Random(11)
    checked = set()
    while game.round_number <= 5:
        if game.phase is Phase.BID and game.current_player == game.dealer:
            size = game.cards_per_player
            made = sum(b for b in game.bids if b is not None)
            legal = {code - 64 for code in game.legal_actions()}
            if size < 4 or not 0 <= size - made <= size:
                assert legal == set(range(size + 1))
            else:
                assert legal == set(range(size + 1)) - {size - made}
                with pytest.raises(IllegalActionError, match="Hardcore rule: from 4 cards up"):
                    game.apply(Bid(size - made))
            checked.add(size)
        game.apply(rng.choice(game.legal_actions()))
    assert checked == {1, 2, 3, 4, 5}


# -- simultaneous bids ----------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["hidden-bid", "hands-in", "delayed-reveal"])
def test_simultaneous_bids_in_any_order_and_hidden_until_revealed(variant: str) -> None:
    game = staged_rounds(rules(variant), DEALER_0, [("3♥", "4♥", "5♥", "6♥", "2♣")])
    assert game.phase is Phase.BID and game.current_player is None
    assert game.to_act == (1, 2, 3, 0)
    with pytest.raises(IllegalActionError, match="say which player"):
        game.apply(Bid(0))
    game.apply(Bid(1), player=3)
    view = game.public_view()
    assert view.bids == (None,) * 4 and view.has_bid == (False, False, False, True)
    assert view.current_player is None and view.to_act == (1, 2, 0)
    assert game.view(3).bids == (None, None, None, 1)  # your own bid you always see
    assert game.view(0).bids == (None,) * 4
    assert game.view(0).legal_actions == (64, 65) and game.view(3).legal_actions == ()
    assert game.legal_actions(3) == () and game.legal_actions(1) == (64, 65)
    with pytest.raises(NotYourTurnError, match="Dan has already bid"):
        game.apply(Bid(0), player=3)
    game.apply(Bid(0), player=0)
    game.apply(Bid(1), player=2)
    assert game.to_act == (1,)
    game.apply(Bid(0))  # only one player left to bid: no need to say who
    assert game.phase is Phase.PLAY and game.current_player == 1 and game.to_act == (1,)
    shown = game.public_view().bids
    if variant == "delayed-reveal":
        assert shown == (None,) * 4
        assert game.view(2).bids == (None, None, 1, None)
    else:
        assert shown == (0, 0, 1, 1)
    play(game, "4♥", "5♥", "6♥", "3♥")
    assert game.round_results[0].bids == (0, 0, 1, 1)
    assert [entry for entry in game.log if isinstance(entry, int)][:4] == [
        65 + SEAT_STRIDE * 4,
        64 + SEAT_STRIDE * 1,
        65 + SEAT_STRIDE * 3,
        64 + SEAT_STRIDE * 2,
    ]
    again = Game.from_json(game.to_json())
    assert again == game


def test_delayed_reveal_hides_bids_through_every_trick() -> None:
    game = Game(4, rules("delayed-reveal"), seed=3)
    rng = random.Random(3)
    while game.round_number < 4:
        view = game.public_view()
        if game.phase is Phase.PLAY:
            assert view.bids == (None,) * 4 and all(view.has_bid)
        player = rng.choice(game.to_act)
        game.apply(rng.choice(game.legal_actions(player)), player=player)
    assert all(None not in r.bids for r in game.round_results)


def test_simultaneous_bids_refuse_strangers_and_wrong_seats() -> None:
    game = Game(3, rules("hidden-bid", "saboteur"), seed=1)
    if game.phase is Phase.CHOOSE_TRUMP:
        game.apply(ChooseTrump(Suit.HEARTS))
    dealer = game.dealer
    assert dealer not in game.to_act and len(game.to_act) == 2
    with pytest.raises(NotYourTurnError, match="does not bid"):
        game.apply(Bid(0), player=dealer)
    with pytest.raises(NotYourTurnError, match="not at this table"):
        game.apply(Bid(0), player=7)


# -- Saboteur ------------------------------------------------------------------------------------------


def test_saboteur_dealer_does_not_bid_and_scores_20() -> None:
    game = staged_rounds(rules("saboteur"), DEALER_0, [("3♥", "4♥", "5♥", "6♥", "2♣")])
    assert game.current_player == 1
    game.apply(Bid(0))
    game.apply(Bid(0))
    game.apply(Bid(1))
    assert game.phase is Phase.PLAY and game.current_player == 1  # the dealer's left leads
    assert game.public_view().bids == (None, 0, 0, 1)
    assert game.public_view().has_bid == (False, True, True, True)
    play(game, "4♥", "5♥", "6♥", "3♥")  # seat 3 takes it
    result = game.round_results[0]
    assert result.bids == (None, 0, 0, 1)
    assert result.points == (20, 20, 20, 30)


def test_saboteur_dealer_scores_nothing_in_an_r5_round() -> None:
    deal = ("3♥", "Excalibur", "5♥", "6♥", "7♣")
    game = staged_rounds(rules("saboteur", edition="camelot"), DEALER_0, [deal])
    for bid in (1, 0, 0):
        game.apply(Bid(bid))
    play(game, "Excalibur", "5♥", "6♥", "3♥")
    result = game.round_results[0]
    assert result.null_tricks == 1 and result.points == (0, 0, 0, 0)


# -- Third Time's The Harm ------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", ["classic", "camelot"])
def test_third_time_hides_hands_while_bidding_in_rounds_3_6_9(edition: str) -> None:
    game = Game(4, rules("third-time", edition=edition), seed=4)
    rng = random.Random(4)
    seen = set()
    while game.round_number <= 7:
        player = game.current_player
        assert player is not None
        view = game.view(player)
        blind = game.round_number % 3 == 0 and game.phase is not Phase.PLAY
        assert view.hand_hidden == blind
        if blind:
            assert view.hand == () and view.hand_sizes[player] == game.cards_per_player
            assert view.turned_up == game.turned_up
            seen.add(game.phase)
        else:
            assert len(view.hand) == view.hand_sizes[player]
        game.apply(rng.choice(game.legal_actions()))
    assert Phase.BID in seen


def test_third_time_dealer_chooses_trump_unseen() -> None:
    for seed in range(200):
        game = Game(3, rules("third-time"), seed=seed)
        rng = random.Random(seed)
        while game.round_number < 3:
            game.apply(rng.choice(game.legal_actions()))
        if game.phase is Phase.CHOOSE_TRUMP:
            view = game.view(game.dealer)
            assert view.hand_hidden and view.hand == () and view.legal_actions == (96, 97, 98, 99)
            return
    pytest.fail("no seed turned up a Wizard in round 3")


# -- Forehead card --------------------------------------------------------------------------------------


def test_forehead_shows_everyone_but_yourself() -> None:
    game = staged_rounds(rules("forehead"), DEALER_0, [("3♥", "Wizard", "5♥", "6♥", "2♣")])
    cards = [Card.parse(c) for c in ("3♥", "Wizard", "5♥", "6♥")]
    for seat in range(4):
        view = game.view(seat)
        assert view.hand == () and view.hand_hidden and view.hand_sizes[seat] == 1
        assert view.others_cards == tuple(None if q == seat else cards[q] for q in range(4))
    for bid in (1, 0, 0, 0):
        game.apply(Bid(bid))
    assert game.legal_actions() == (PLAY_HIDDEN,)
    assert game.view(1).legal_actions == (PLAY_HIDDEN,)
    with pytest.raises(IllegalActionError, match="unseen"):
        game.apply(Play(Card.parse("Wizard")))
    game.apply(PlayHidden())
    assert game.view(2).others_cards == (cards[0], None, None, cards[3])  # the played card left the hands
    assert game.view(2).current_trick.plays[0].card == cards[1]
    for _ in range(3):
        game.apply(PLAY_HIDDEN)
    assert game.round_results[0].tricks == (0, 1, 0, 0)
    assert game.view(0).others_cards == () and not game.view(0).hand_hidden  # round 2 is seen
    assert [e for e in game.log if isinstance(e, int)][4:] == [PLAY_HIDDEN] * 4
    assert Game.from_json(game.to_json()) == game
    assert describe(PLAY_HIDDEN) == "play your unseen card" and decode(PLAY_HIDDEN) == PlayHidden()


@pytest.mark.parametrize(("bid", "wins"), [(0, False), (1, True)])
def test_forehead_merlin_follows_its_players_bid(bid: int, wins: bool) -> None:
    game = staged_rounds(rules("forehead", edition="camelot"), DEALER_0, [("3♥", "Merlin", "5♥", "6♥", "7♣")])
    for each in (bid, 0, 0, 0):
        game.apply(Bid(each))
    for _ in range(4):
        game.apply(PLAY_HIDDEN)
    assert game.round_results[0].tricks[1] == int(wins)


def test_forehead_dealer_chooses_trump_without_seeing_the_card() -> None:
    game = staged_rounds(rules("forehead"), DEALER_0, [("3♥", "4♥", "5♥", "6♥", "Wizard")])
    assert game.phase is Phase.CHOOSE_TRUMP
    view = game.view(0)
    assert view.hand == () and view.others_cards[1] == Card.parse("4♥")


# -- Smyrna Style (Gizzard/Fester) ----------------------------------------------------------------------

_ROUND_ONE = ("3♥", "4♥", "5♥", "6♥", "7♣")


def _smyrna_round_two(deal: tuple[str, ...], edition: str = "classic") -> Game:
    """Round 2 of a Smyrna Style game, everyone having bid 0; seat 1 deals, so seat 2 leads."""
    game = staged_rounds(rules("gizzard-fester", edition=edition), DEALER_0, [_ROUND_ONE, deal])
    for _ in range(4):
        game.apply(Bid(0))
    play(game, "4♥", "5♥", "6♥", "3♥")
    assert game.round_number == 2 and game.current_player == 2
    for _ in range(4):
        game.apply(Bid(0))
    return game


# Round 2 deal: seats 0..3 get two cards each, then trump ♣.
_WIZARD_DEAL = ("2♠", "3♠", "4♠", "5♠", "Wizard", "K♠", "7♠", "8♠", "9♣")


def test_gizzard_called_wizard_wins() -> None:
    game = _smyrna_round_two(_WIZARD_DEAL)
    assert CALL_GIZZARD in game.legal_actions() and CALL_FESTER not in game.legal_actions()
    game.apply(Call("gizzard"))
    assert game.armed_call == "gizzard" and game.public_view().armed_call == "gizzard"
    assert CALL_GIZZARD not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="already called Gizzard"):
        game.apply(CALL_GIZZARD)
    play(game, "Wizard", "7♠", "2♠", "4♠")
    trick = game.completed_tricks()[0]
    assert trick.winner == 2 and not trick.plays[0].flipped
    assert game.armed_call is None


def test_forgotten_gizzard_wizard_is_a_jester() -> None:
    game = _smyrna_round_two(_WIZARD_DEAL)
    play(game, "Wizard")
    first = game.current_trick().plays[0]
    assert first.flipped and str(first) == "Wizard (as Jester)"
    # As a Jester it sets no suit: seat 3's 7♠ does, and seat 0 must follow it.
    play(game, "7♠")
    assert set(game.legal_actions()) == {0, 1}  # 2♠ and 3♠
    play(game, "3♠", "5♠")
    assert game.completed_tricks()[0].winner == 3  # 7♠ beats 3♠ and 5♠; the Wizard counted for nothing


def test_mismatched_call_is_wasted() -> None:
    game = _smyrna_round_two(_WIZARD_DEAL)
    game.apply(CALL_GIZZARD)
    play(game, "K♠")  # the call goes with this card
    assert game.armed_call is None
    play(game, "7♠", "2♠", "4♠")
    assert game.completed_tricks()[0].winner == 2
    play(game, "Wizard")  # no call left: a Jester
    assert game.current_trick().plays[0].flipped


def test_forgotten_fester_jester_is_a_wizard_and_frees_the_suit() -> None:
    deal = ("2♠", "3♠", "4♠", "5♠", "Jester", "K♠", "A♠", "8♠", "9♣")
    game = _smyrna_round_two(deal)
    assert game.legal_actions()[-1] == CALL_FESTER
    play(game, "Jester")
    assert str(game.current_trick().plays[0]) == "Jester (as Wizard)"
    play(game, "A♠", "2♠", "4♠")
    assert game.completed_tricks()[0].winner == 2


def test_called_fester_jester_stays_a_jester() -> None:
    deal = ("2♠", "3♠", "4♠", "5♠", "Jester", "K♠", "A♠", "8♠", "9♣")
    game = _smyrna_round_two(deal)
    game.apply(Call("fester"))
    play(game, "Jester", "A♠", "2♠", "4♠")
    assert game.completed_tricks()[0].winner == 3


def test_calls_need_the_card_and_the_variant() -> None:
    game = _smyrna_round_two(_WIZARD_DEAL)
    with pytest.raises(IllegalActionError, match="no Jester"):
        game.apply(CALL_FESTER)
    plain = staged_rounds(Rules(), DEALER_0, [_ROUND_ONE])
    for _ in range(4):
        plain.apply(Bid(0))
    with pytest.raises(IllegalActionError, match="not to call Gizzard"):
        plain.apply(CALL_GIZZARD)
    assert str(decode(CALL_FESTER)) == "call Fester!"


def test_smyrna_merlin_needs_no_call() -> None:
    deal = ("6♠", "3♠", "4♠", "5♠", "Merlin", "K♠", "A♠", "8♠", "9♣")
    game = _smyrna_round_two(deal, edition="camelot")
    assert CALL_GIZZARD not in game.legal_actions()
    game.apply(Play(Card.parse("Merlin"), "wizard"))
    play(game, "A♠", "6♠", "4♠")
    trick = game.completed_tricks()[0]
    assert trick.winner == 2 and not trick.plays[0].flipped


def test_smyrna_forehead_round_cards_count_as_themselves() -> None:
    deal = ("3♥", "Jester", "Wizard", "6♥", "2♣")
    game = staged_rounds(rules("gizzard-fester", "forehead"), DEALER_0, [deal])
    for _ in range(4):
        game.apply(Bid(0))
    assert game.legal_actions() == (PLAY_HIDDEN,)
    with pytest.raises(IllegalActionError, match="count as themselves"):
        game.apply(CALL_FESTER)
    for _ in range(4):
        game.apply(PLAY_HIDDEN)
    assert game.round_results[0].tricks == (0, 0, 1, 0)


# -- Nannie's Rule (R-8) --------------------------------------------------------------------------------


def _check_nannie_game(game: Game, every: int) -> tuple[int, int]:
    """Check R-8 round by round; the numbers of eliminations and of ties that spared everyone."""
    eliminations = ties = 0
    active = [True] * len(game.players)
    previous = [0] * len(game.players)
    for result in game.round_results:
        for p, inside in enumerate(active):
            if not inside:
                assert result.bids[p] is None and result.tricks[p] == 0 and result.points[p] == 0
                assert result.totals[p] == previous[p]  # frozen
        assert active[result.dealer]
        due = result.round_number % every == 0
        standing = [result.totals[p] for p, inside in enumerate(active) if inside]
        lowest = min(standing)
        if due and standing.count(lowest) == 1:
            out = next(p for p, inside in enumerate(active) if inside and result.totals[p] == lowest)
            assert result.eliminated == (out,)
            active[out] = False
            eliminations += 1
        else:
            assert result.eliminated == ()
            ties += due and len(standing) > 1
        previous = list(result.totals)
    assert game.active == tuple(active)
    last = game.round_results[-1]
    assert last.cards_per_player == 1 or sum(active) == 1
    return eliminations, ties


@pytest.mark.parametrize("every", [2, 3])
def test_nannie_eliminates_the_single_lowest_total(every: int) -> None:
    eliminations = ties = 0
    for seed in range(24):
        players = 3 + seed % 4
        game = Game(players, rules("nannie", "saboteur", nannie_every=every), seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            inside = game.active
            if game.phase is not Phase.CHOOSE_TRUMP:
                assert len(game.current_trick().plays) < sum(inside)
            for p in range(players):
                assert game.hand_mask(p) == 0 or inside[p]
            player = rng.choice(game.to_act)
            assert inside[player]
            game.apply(rng.choice(game.legal_actions(player)), player=player)
        done, spared = _check_nannie_game(game, every)
        eliminations += done
        ties += spared
    assert eliminations and ties  # both sides of R-8 happened


def test_nannie_final_ranking() -> None:
    for seed in range(12):
        game = Game(5, rules("nannie", "hidden-bid"), seed=seed)
        finish_randomly(game, random.Random(seed))
        result = game.result()
        out = [p for r in game.round_results for p in r.eliminated]
        survivors = [p for p in range(5) if game.active[p]]
        for p in survivors:
            assert result.places[p] == 1 + sum(result.totals[q] > result.totals[p] for q in survivors)
        for rank, p in enumerate(reversed(out)):
            assert result.places[p] == len(survivors) + 1 + rank
        assert result.winners == tuple(p for p in survivors if result.places[p] == 1)
        assert set(result.standings()[: len(survivors)]) == set(survivors)


def test_nannie_eliminated_players_may_not_act() -> None:
    for seed in range(40):
        game = Game(4, rules("nannie"), seed=seed)
        rng = random.Random(seed)
        while not game.is_over and all(game.active):
            game.apply(rng.choice(game.legal_actions()))
        if game.is_over:
            continue
        out = game.active.index(False)
        assert out not in game.to_act and game.view(out).legal_actions == ()
        with pytest.raises(NotYourTurnError, match="out of the game"):
            game.apply(game.legal_actions()[0], player=out)
        assert game.view(out).hand == () and not game.public_view().active[out]
        return
    pytest.fail("nobody was eliminated")


# -- everything together, and the save file -------------------------------------------------------------


def random_rules(rng: random.Random) -> Rules:
    while True:
        chosen = frozenset(rng.sample(sorted(VARIANTS), rng.randrange(1, 6)))
        try:
            every = 3 if "nannie" in chosen and rng.random() < 0.5 else 2
            return Rules(rng.choice(("classic", "camelot")), chosen, every)
        except RulesError:
            continue


def test_random_variant_games_round_trip_through_the_save() -> None:
    rng = random.Random(2024)
    played = 0
    while played < 60:
        chosen = random_rules(rng)
        players = rng.randrange(3, 7)
        try:
            game = Game(players, chosen, seed=played)
        except RulesError:
            continue
        stop = rng.randrange(1, 400)
        steps = 0
        while not game.is_over and steps < stop:
            player = rng.choice(game.to_act)
            view = game.view(player)
            assert view.legal_actions == game.legal_actions(player)
            if view.hand_hidden:
                assert view.hand == ()
            game.apply(rng.choice(view.legal_actions), player=player)
            steps += 1
        saved = game.to_json()
        again = Game.from_json(saved)
        assert again == game and again.to_json() == saved
        assert again.rules == chosen
        assert Game.replay(game.players, chosen, game.seed, game.log) == game
        for seat in range(players):
            assert again.view(seat) == game.view(seat)
        played += 1


def test_the_big_combination_plays_to_the_end() -> None:
    chosen = rules("nannie", "hidden-bid", "gizzard-fester", "third-time", "forehead", "saboteur")
    for players in (3, 4, 5, 6):
        game = Game(players, chosen, seed=players)
        finish_randomly(game, random.Random(players))
        assert game.round_results[-1].cards_per_player == 1 or sum(game.active) == 1
        assert Game.from_json(game.to_json()) == game


def test_a_save_without_variants_still_loads() -> None:
    game = Game(4, seed=9)
    rng = random.Random(9)
    for _ in range(40):
        game.apply(rng.choice(game.legal_actions()))
    body = json.loads(game.to_json())
    assert body["rules"] == {"edition": "classic", "variants": []}
    assert all(isinstance(e, dict) or e < SEAT_STRIDE for e in body["log"])
    assert Game.from_json(game.to_json()) == game


def test_a_seat_tagged_bid_for_the_wrong_seat_is_refused() -> None:
    game = staged_rounds(rules("hidden-bid"), DEALER_0, [("3♥", "4♥", "5♥", "6♥", "2♣")])
    game.apply(Bid(1), player=2)
    log = list(game.log)
    log.append(64 + SEAT_STRIDE * 3)  # seat 2 again
    with pytest.raises(CorruptSaveError, match="already bid"):
        Game.replay(game.players, game.rules, 0, log)


@settings(max_examples=25, deadline=None)
@given(
    chosen=st.sets(st.sampled_from(sorted(VARIANTS)), max_size=6),
    edition=st.sampled_from(("classic", "camelot")),
    players=st.integers(3, 6),
    seed=st.integers(0, 2**32),
)
def test_any_valid_combination_keeps_the_invariants(
    chosen: set[str], edition: str, players: int, seed: int
) -> None:
    try:
        table = Rules(edition, frozenset(chosen))
        game = Game(players, table, seed=seed)
    except RulesError:
        return
    rng = random.Random(seed)
    while not game.is_over:
        acting = game.to_act
        assert acting and all(game.active[p] for p in acting)
        everyone = bool(game.rules.variants & SIMULTANEOUS) and game.phase is Phase.BID
        assert (game.current_player is None) == everyone
        assert len(acting) == 1 or everyone
        player = rng.choice(acting)
        game.apply(rng.choice(game.legal_actions(player)), player=player)
    for result in game.round_results:
        assert sum(result.tricks) + result.null_tricks == result.cards_per_player
        for p in range(players):
            bid = result.bids[p]
            if bid is None:
                assert result.points[p] in (0, 20)
            elif result.null_tricks < result.cards_per_player:
                off = abs(bid - result.tricks[p])
                assert result.points[p] == (20 + 10 * bid if not off else -10 * off)
    final = game.result()
    assert sorted(final.places)[0] == 1 and final.winners
    assert Game.from_json(game.to_json()) == game
