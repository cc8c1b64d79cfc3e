"""The rules as players read them (``rules_summary``, the variants' help and rule texts) say RULES.md's
rulings in words, never by id, and say what the rulings R-10 to R-20 on combined house rules say; where a
ruling decides what the game offers or shows, the game is checked to do exactly that."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator

import pytest

from wizard_core import (
    CALL_FESTER,
    CALL_GIZZARD,
    EDITIONS,
    PLAY_HIDDEN,
    Bid,
    Game,
    Phase,
    Rules,
    RulesError,
    rules_summary,
    variant_rules,
)
from wizard_core.variants import PRESETS, VARIANTS

RULING_ID = re.compile(r"\bR-\d")
JARGON = ("misprint", "ruling")


def texts() -> Iterator[tuple[str, str]]:
    """Every rules text a player can be shown, with where it comes from."""
    for edition in EDITIONS:
        yield f"rules {edition}", rules_summary(edition)
    for variant in VARIANTS.values():
        yield f"{variant.id} help", variant.help
        yield f"{variant.id} rule", variant.rule
    for preset in PRESETS.values():
        yield f"{preset.id} preset", preset.help
    yield "every variant", variant_rules()


def words(text: str) -> str:
    """A text on one line, without Markdown's stars."""
    return " ".join(text.replace("*", "").split())


def rule(variant: str) -> str:
    return words(VARIANTS[variant].rule)


def offered_bids(game: Game, player: int) -> set[int]:
    return {code - 64 for code in game.legal_actions(player)}


def leads(game: Game, seat: int) -> bool:
    """Strictly ahead of every player still in."""
    return all(game.totals[seat] > t for q, t in enumerate(game.totals) if q != seat and game.active[q])


def random_move(game: Game, rng: random.Random) -> None:
    player = rng.choice(game.to_act)
    game.apply(rng.choice(game.legal_actions(player)), player=player)


def play_until(game: Game, rng: random.Random, done: Callable[[Game], bool]) -> bool:
    """Random legal moves until ``done`` holds (True) or the game is over (False)."""
    while not game.is_over:
        if done(game):
            return True
        random_move(game, rng)
    return done(game)


def bidding_in(round_number: int) -> Callable[[Game], bool]:
    return lambda game: game.round_number == round_number and game.phase is Phase.BID


# -- no ruling ids, no jargon; in words --------------------------------------------------------


def test_no_rules_text_shows_a_ruling_id_or_jargon() -> None:
    for where, text in texts():
        assert not RULING_ID.search(text), where
        for word in JARGON:
            assert word not in text.casefold(), (where, word)


def test_rulings_r1_to_r7_are_said_in_words() -> None:
    classic, camelot = words(rules_summary("classic")), words(rules_summary("camelot"))
    assert "Suits don't matter, Wizards beat aces, Jesters are lowest" in classic
    assert "players tied on it share the win" in classic
    assert (
        "In order: an even-position Holy Grail; Morgan le Fay; Excalibur; the first Wizard" in camelot
    )
    assert "A trick Excalibur takes counts for nobody, but its player leads the next trick" in camelot
    assert "If every trick of a round is a null trick, nobody's score changes that round" in camelot
    assert "the other specials neither set nor free the suit" in camelot
    assert "the Holy Grail is played 4th, an even position, and takes the trick" in camelot


def test_every_help_text_fits_a_select_menu() -> None:
    for variant in VARIANTS.values():
        assert len(variant.help) <= 100, variant.id


# -- the Saboteur in a round with no points -------------------------------------------------------


def test_r10_a_no_score_round_is_any_one_card_round_excalibur_takes_and_spares_nobody() -> None:
    camelot = words(rules_summary("camelot"))
    assert "only possible in round 1" not in camelot
    assert "nobody's score changes that round, not even a Wizard Saboteur dealer's" in camelot
    assert (
        "Only a 1-card round that Excalibur takes can be one: usually round 1, under Nannie's Rule the last"
        in (camelot)
    )
    assert (
        "in a round whose every trick is a null trick (a 1-card round that Excalibur takes) nobody scores, "
        "the dealer included" in rule("saboteur")
    )


def test_r10_the_game_scores_nothing_in_a_null_last_round_under_nannie() -> None:
    """Nannie's Rule and the Saboteur in Camelot: a last round (1 card) that Excalibur takes scores nothing
    for anyone, the Saboteur dealer included."""
    rules = Rules("camelot", frozenset({"saboteur", "nannie"}), nannie_every=3)
    for seed in range(300):
        game = Game(6, rules, seed=seed)
        play_until(game, random.Random(seed), lambda game: False)
        last = game.round_results[-1]
        if last.cards_per_player == 1 and last.null_tricks == 1:
            assert last.round_number == 10 and last.bids[last.dealer] is None
            assert last.points == (0,) * 6
            return
    pytest.fail("no game ended on a round of only null tricks")


# -- bid limits together ---------------------------------------------------------------------------


def test_r11_the_canadian_zero_is_exempt_from_the_canadian_rule_only() -> None:
    canadian = VARIANTS["canadian"]
    assert "always allowed" not in canadian.help + canadian.rule
    assert "this rule still allows a bid of 0" in canadian.help
    assert (
        "This rule never forbids a bid of 0, but it lifts no other rule: with the Hardcore rule (4 or more "
        "cards) or Bids may not add up, a 0 that makes the bids add up is refused too" in rule("canadian")
    )
    for other in ("hardcore", "no-even-bids"):
        assert "This holds for a bid of 0 too, also with the Canadian Rule" in rule(other)


@pytest.mark.parametrize("other", ["hardcore", "no-even-bids"])
def test_r11_a_leading_dealer_is_not_offered_a_zero_that_adds_up(other: str) -> None:
    """The others bid the whole round between them whenever the dealer leads, so that the dealer's 0 would
    make the bids add up: the Canadian Rule alone allows it, the other rule refuses it."""
    seen = 0
    for seed in range(60):
        game = Game(4, Rules("classic", frozenset({"canadian", other})), seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            player, size = game.to_act[0], game.cards_per_player
            made = sum(bid for bid in game.bids if bid is not None)
            binds = other == "no-even-bids" or size >= 4
            if game.phase is Phase.BID and leads(game, game.dealer) and binds:
                if player != game.dealer:
                    game.apply(Bid(size - made))
                    continue
                assert made == size and offered_bids(game, player) == set(range(1, size + 1))
                seen += 1
            random_move(game, rng)
        if seen >= 3:
            return
    pytest.fail(f"a leading dealer's 0 would have made the bids add up only {seen} times")


# -- Canadian with Nannie --------------------------------------------------------------------------


def test_r12_only_players_still_in_decide_who_leads() -> None:
    assert (
        "Only players still in the game count when deciding who leads: under Nannie's Rule the totals of "
        "eliminated players do not" in rule("canadian")
    )


def test_r12_a_dealer_behind_an_eliminated_player_still_leads() -> None:
    """The others bid 0, so a leading dealer may not bid the whole round; an eliminated player's higher
    total does not spare the dealer."""
    seen = 0
    for seed in range(60):
        game = Game(5, Rules("classic", frozenset({"canadian", "nannie"})), seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            player, dealer = game.to_act[0], game.dealer
            if game.phase is Phase.BID and player != dealer:
                game.apply(Bid(0))
                continue
            out = [t for q, t in enumerate(game.totals) if not game.active[q]]
            if game.phase is Phase.BID and leads(game, dealer) and any(t >= game.totals[dealer] for t in out):
                assert game.cards_per_player not in offered_bids(game, dealer)
                seen += 1
            random_move(game, rng)
        if seen >= 2:
            return
    pytest.fail(f"a dealer led behind an eliminated player only {seen} times")


# -- Third Time's The Harm counts rounds played -----------------------------------------------------


def test_r13_third_time_counts_rounds_played_whatever_their_size() -> None:
    third = rule("third-time")
    assert (
        "Every third round of the game (the 3rd, 6th, 9th … round played, whatever its number of cards"
        in (third)
    )
    assert "also with Quick play, Nannie's Rule or Wizard Maximus" in third
    assert "A dealer who must choose trump in such a round chooses it without seeing their hand" in third


@pytest.mark.parametrize(("schedule", "sizes"), [("quick", (1, 3, 5)), ("nannie", (15, 14, 13))])
def test_r13_the_third_round_is_bid_blind_under_another_schedule(
    schedule: str, sizes: tuple[int, ...]
) -> None:
    game = Game(4, Rules("classic", frozenset({"third-time", schedule})), seed=3)
    rng = random.Random(3)
    for round_number, size in enumerate(sizes, start=1):
        assert play_until(game, rng, bidding_in(round_number))
        assert game.cards_per_player == size
        blind = [game.view(p).hand_hidden for p in game.to_act]
        assert blind == [round_number == 3] * len(blind)


# -- what the Forehead round shows ---------------------------------------------------------------


def test_r14_the_forehead_round_hides_your_card_and_shows_the_others_all_round() -> None:
    forehead = rule("forehead")
    assert "Your own card stays hidden until it is played" in forehead
    assert "a dealer who must choose trump in that round chooses without seeing it" in forehead
    assert (
        "The others' cards stay in view all round, also when it is a Third Time's The Harm round" in forehead
    )
    assert "In a Forehead card round everyone still sees the others' cards" in rule("third-time")


def test_r14_a_forehead_round_that_is_a_third_time_round_shows_the_others_cards() -> None:
    """Nannie's Rule for 5 players: round 12 is the 1-card round and a third round."""
    rules = Rules("classic", frozenset({"nannie", "third-time", "forehead"}), nannie_every=3)
    for seed in range(20):
        game = Game(5, rules, seed=seed)
        if not play_until(game, random.Random(seed), bidding_in(12)):
            continue
        assert game.cards_per_player == 1
        for seat in game.to_act:
            view = game.view(seat)
            assert view.hand_hidden and view.hand == () and view.others_cards[seat] is None
            shown = [q for q, card in enumerate(view.others_cards) if card is not None]
            assert shown == [q for q in range(5) if game.active[q] and q != seat]
        return
    pytest.fail("no game reached round 12")


# -- playing the Forehead card ----------------------------------------------------------------------


def test_r15_the_unseen_card_merlin_and_no_calls() -> None:
    forehead, smyrna = rule("forehead"), rule("gizzard-fester")
    assert "each player plays it unseen" in forehead
    assert (
        "A Merlin played unseen counts as a Jester if its player bid 0, otherwise as a Wizard (for a "
        "Saboteur dealer too)" in forehead
    )
    assert "With Smyrna Style nobody calls in this round" in forehead
    assert "In the Forehead card round nobody calls, and Wizards and Jesters count as themselves" in smyrna


def test_r15_nobody_is_offered_a_call_in_the_forehead_round() -> None:
    game = Game(4, Rules("classic", frozenset({"forehead", "gizzard-fester"})), seed=5)
    rng = random.Random(5)
    assert play_until(game, rng, lambda game: game.phase is Phase.PLAY)
    while game.round_number == 1:
        assert game.legal_actions() == (PLAY_HIDDEN,)
        game.apply(PLAY_HIDDEN)


# -- Smyrna Style calls ---------------------------------------------------------------------------


def test_r16_calls_are_offered_for_held_cards_and_merlin_needs_none() -> None:
    smyrna = rule("gizzard-fester")
    assert (
        "The call is made before playing the card, the table sees it, and it is used up by the caller's "
        "next card: a call that does not match that card is wasted" in smyrna
    )
    assert "Each player is offered only the calls for the Wizards and Jesters they hold" in smyrna
    assert "Merlin needs no call: its declaration stands and it never flips" in smyrna


@pytest.mark.parametrize("edition", EDITIONS)
def test_r16_the_calls_offered_match_the_hand(edition: str) -> None:
    game = Game(4, Rules(edition, frozenset({"gizzard-fester"})), seed=8)
    rng = random.Random(8)
    offered = 0
    while game.round_number <= 6:
        player = game.current_player
        if game.phase is Phase.PLAY and player is not None and game.armed_call is None:
            names = {str(card) for card in game.hand(player)}
            calls = {code for code in game.legal_actions() if code in (CALL_GIZZARD, CALL_FESTER)}
            held = {CALL_GIZZARD: "Wizard", CALL_FESTER: "Jester"}
            assert calls == {code for code, card in held.items() if card in names}  # never for Merlin
            offered += bool(calls)
        random_move(game, rng)
    assert offered


# -- secret bids ------------------------------------------------------------------------------------


def test_r17_your_own_bid_is_always_yours_and_delayed_reveal_decides() -> None:
    assert "the table sees who has bid, not what, and each player always sees their own bid" in rule(
        "hidden-bid"
    )
    assert "With Delayed Reveal Bid on too, the bids stay secret until the round's last trick" in rule(
        "hidden-bid"
    )
    assert "Together with Hidden Bid or Hands In Bid, this rule decides" in rule("delayed-reveal")
    assert "with Delayed Reveal Bid, until the round's last trick has been played" in rule("hands-in")


@pytest.mark.parametrize("other", ["hidden-bid", "hands-in"])
def test_r17_with_delayed_reveal_the_bids_stay_secret_through_play(other: str) -> None:
    game = Game(4, Rules("classic", frozenset({"delayed-reveal", other})), seed=6)
    rng = random.Random(6)
    assert play_until(game, rng, lambda game: game.round_number == 3 and game.phase is Phase.PLAY)
    bids = game.bids
    while game.round_number == 3:
        assert game.public_view().bids == (None,) * 4
        for seat in range(4):
            assert game.view(seat).bids == tuple(bid if q == seat else None for q, bid in enumerate(bids))
        random_move(game, rng)
    assert game.round_results[-1].bids == bids


# -- Nannie's Rule in detail, standings ------------------------------------------------------


def nannie_game_to_the_end(players: int, seed: int) -> Game:
    game = Game(players, Rules("classic", frozenset({"nannie"})), seed=seed)
    play_until(game, random.Random(seed), lambda game: False)
    return game


def test_r18_nannie_keeps_the_starting_hand_sizes_and_counts_only_players_still_in() -> None:
    nannie = rule("nannie")
    assert "with the hand sizes of the starting number of players even after eliminations" in nannie
    assert "the player with the lowest total among those still in is eliminated" in nannie
    assert "an elimination due after the last round still takes place, though it changes nobody's place" in (
        nannie
    )


def test_r18_the_last_round_of_six_players_eliminates_too() -> None:
    for seed in range(40):
        game = nannie_game_to_the_end(6, seed)
        sizes = [row.cards_per_player for row in game.round_results]
        assert sizes == list(range(10, 10 - len(sizes), -1))  # 10, 9, 8 … whoever is still in
        last = game.round_results[-1]
        if last.round_number == 10 and last.eliminated:
            assert sum(game.active) == sum(bid is not None for bid in last.bids) - 1
            return
    pytest.fail("no game of six ended with an elimination after round 10")


def test_r19_standings_share_places_and_rank_players_still_in_first() -> None:
    assert "tied players share a place and the places they fill are skipped (50, 50, 30: 1st, 1st, 3rd)" in (
        words(rules_summary("classic"))
    )
    assert (
        "the eliminated players rank in reverse order of elimination (the last one out is next): only a "
        "player still in can win" in rule("nannie")
    )
    game = nannie_game_to_the_end(5, seed=1)
    result = game.result()
    still_in = [seat for seat in range(5) if game.active[seat]]
    out = [seat for seat in range(5) if not game.active[seat]]
    assert out and max(result.places[seat] for seat in still_in) < min(result.places[seat] for seat in out)
    assert set(result.winners) <= set(still_in)


# -- the Forehead card with Quick play -----------------------------------------------------------------


def test_r20_forehead_with_quick_play_is_for_four_players() -> None:
    assert "with Quick play only by 4 players" in rule("forehead")
    assert (
        "together with the Forehead card, which needs a 1-card round, it is played by 4 players only: a "
        "table of 3, 5 or 6 cannot start" in rule("quick")
    )
    rules = Rules("classic", frozenset({"forehead", "quick"}))
    assert Game(4, rules, seed=1).cards_per_player == 1
    for players in (3, 5, 6):
        with pytest.raises(RulesError, match="Forehead card cannot be combined with Quick play"):
            Game(players, rules, seed=1)
