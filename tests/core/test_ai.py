"""Computer players: only legal actions, only what their player may see, deals consistent with play,
the Camelot specials and the dealer's trump choice, and the simulator against the game."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from staging import bits

from wizard_core import Card, CorruptSaveError, Game, Phase, PlayerView, Rules
from wizard_core.ai import LEVELS, ComputerPlayer, Knowledge, Level, decide
from wizard_core.ai import knowledge as knowledge_module
from wizard_core.ai import search as search_module
from wizard_core.ai.search import bid_likelihood, distinct_plays, play_likelihood
from wizard_core.ai.sim import TrickState, greedy_play, legal_codes, play_out
from wizard_core.cards import FACE_OF_BIT, WIZARD_FACE, deck_bits

EDITIONS = ("classic", "camelot")
BID, TRUMP = 64, 96
MERLIN_AS_WIZARD, EXCALIBUR, GRAIL, MERLIN_AS_JESTER = 54, 55, 57, 58


def bits_of(mask: int) -> list[int]:
    return [i for i in range(64) if mask >> i & 1]


def faces(mask: int) -> list[int]:
    return sorted(FACE_OF_BIT[bit] for bit in bits_of(mask))


def staged(edition: str, deal1: Sequence[str], deal2: Sequence[str] | None = None) -> Game:
    """A four-player game dealt by the test: player 0 deals round 1, so player 1 deals round 2.

    Round 1 is played with the first legal action everywhere before round 2's deal.
    """
    players = ["Ann", "Ben", "Cy", "Di"]
    log: list[int | tuple[str, tuple[int, ...]]] = [
        ("draw", bits(["A♠", "5♥", "4♦", "3♣"], edition)),
        ("deal", bits(deal1, edition)),
    ]
    if deal2 is None:
        return Game.replay(players, Rules(edition), 0, log)
    scratch = Game.replay(players, Rules(edition), 0, log)
    while scratch.round_number == 1:
        action = scratch.legal_actions()[0]
        scratch.apply(action)
        log.append(action)
    log.append(("deal", bits(deal2, edition)))
    return Game.replay(players, Rules(edition), 0, log)


def decisions(view: PlayerView, samples: int = 40) -> dict[Level, int]:
    return {level: decide(view, level, seed=5, cap_ms=None, samples=samples) for level in LEVELS}


# -- only legal actions ----------------------------------------------------------------------------------


def play_game(
    levels: Sequence[Level], edition: str, seed: int, cap_ms: float | None = None, samples: int | None = None
) -> Counter[Level]:
    """Play a whole game of computer players; how many decisions each level took."""
    game = Game(len(levels), Rules(edition), seed=seed)
    bots = [
        ComputerPlayer(level, seed=seed * 7 + seat, cap_ms=cap_ms, samples=samples)
        for seat, level in enumerate(levels)
    ]
    taken: Counter[Level] = Counter()
    while (player := game.current_player) is not None:
        view = game.view(player)
        action = bots[player].decide(view)
        assert action in view.legal_actions
        game.apply(action, player)
        taken[levels[player]] += 1
    return taken


@pytest.mark.parametrize("edition", EDITIONS)
def test_easy_players_take_only_legal_actions_in_hundreds_of_games(edition: str) -> None:
    taken: Counter[Level] = Counter()
    for seed in range(120):
        taken += play_game(["easy"] * (3 + seed % 4), edition, seed)
    assert taken["easy"] > 50_000


@pytest.mark.parametrize("edition", EDITIONS)
def test_medium_and_hard_players_take_only_legal_actions(edition: str) -> None:
    taken: Counter[Level] = Counter()
    for seed in range(8):
        players = 3 + seed % 4
        levels: list[Level] = ["easy"] * players
        levels[seed % players] = "hard"
        levels[(seed + 1) % players] = "medium"
        taken += play_game(levels, edition, seed, cap_ms=None, samples=3)
    assert taken["hard"] > 1000 and taken["medium"] > 1000


def test_a_decision_is_a_function_of_the_view_and_the_seed() -> None:
    game = Game(4, Rules("classic"), seed=2)
    while game.round_number < 6 or game.phase is not Phase.PLAY:
        game.apply(game.legal_actions()[0])
    view = game.view(game.current_player or 0)
    for level in LEVELS:
        first = decide(view, level, seed=9, cap_ms=None, samples=30)
        assert decide(view, level, seed=9, cap_ms=None, samples=30) == first


def test_deciding_needs_the_players_turn_and_a_known_level() -> None:
    game = Game(4, Rules("classic"), seed=1)
    waiting = (game.current_player or 0) + 1
    with pytest.raises(ValueError, match=r"not .*'s turn"):
        decide(game.view(waiting % 4), "easy")
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        decide(game.view(game.current_player or 0), "expert")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="PlayerView"):
        decide(game, "easy")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown level"):
        ComputerPlayer("expert")  # type: ignore[arg-type]


# -- only what the player may see ----------------------------------------------------------------------


def redeal(game: Game, me: int, rng: random.Random) -> Game | None:
    """The same game with the other players' unplayed cards and the undealt cards dealt afresh.

    Replaying the log checks that the new deal fits everything that happened (every play stays legal).
    """
    log = list(game.log)
    at = max(i for i, entry in enumerate(log) if not isinstance(entry, int) and entry[0] == "deal")
    entry = log[at]
    assert not isinstance(entry, int)
    dealt = entry[1]
    n, size = len(game.players), game.round_number
    hands = [dealt[p * size : (p + 1) * size] for p in range(n)]
    turned = dealt[n * size :]
    left = [set(bits_of(game.hand_mask(p))) for p in range(n)]
    pool = [bit for p in range(n) if p != me for bit in sorted(left[p])]
    pool += sorted(set(bits_of(deck_bits(game.rules.edition))) - set(dealt))
    for _ in range(300):
        rng.shuffle(pool)
        cards: list[int] = []
        start = 0
        for p in range(n):
            if p == me:
                cards += hands[p]
                continue
            cards += [bit for bit in hands[p] if bit not in left[p]]
            cards += pool[start : start + len(left[p])]
            start += len(left[p])
        log[at] = ("deal", (*cards, *turned))
        try:
            return Game.replay(game.players, game.rules, game.seed, log)
        except CorruptSaveError:
            continue
    return None


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_decisions_do_not_depend_on_the_hidden_cards(edition: str, players: int) -> None:
    rng = random.Random(players)
    game = Game(players, Rules(edition), seed=players * 100)
    positions = changed = 0
    step = 0
    while (me := game.current_player) is not None and game.round_number <= 7:
        view = game.view(me)
        if step % 3 == 0 and len(view.legal_actions) > 1:
            other = redeal(game, me, rng)
            assert other is not None
            assert other.view(me) == view
            changed += any(other.hand_mask(p) != game.hand_mask(p) for p in range(players) if p != me)
            assert decisions(other.view(me), samples=8) == decisions(view, samples=8)
            positions += 1
        game.apply(decide(view, "easy", seed=step))
        step += 1
    assert positions >= 15
    assert changed >= positions * 3 // 4  # the hidden cards really were different


# -- determinization -------------------------------------------------------------------------------------


def revealed_voids(view: PlayerView) -> list[set[int]]:
    """Suits each player showed they lack, read from the tricks independently of the AI's code."""
    voids: list[set[int]] = [set() for _ in view.players]
    for trick in (*view.completed_tricks, view.current_trick):
        led: int | None = None
        free = False
        for play in trick.plays:
            card = play.card
            wizard = card.face == 52 or (card.face == 54 and play.merlin == "wizard")
            if led is None and not free:
                if card.suit is not None:
                    led = int(card.suit)
                elif wizard:
                    free = True
                continue
            if led is not None and card.suit is not None and int(card.suit) != led:
                voids[play.player].add(led)
    return voids


def random_position(seed: int, players: int, edition: str, stop: float) -> Game:
    """A game played at random up to a point in its last rounds, where hands are large and voids many."""
    rng = random.Random(seed)
    game = Game(players, Rules(edition), seed=seed)
    rounds = game.rounds_total
    first = max(1, rounds - 3)
    while game.round_number < first:
        game.apply(rng.choice(game.legal_actions()))
    target = int(stop * (players * game.round_number + players))
    for _ in range(target):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def check_sample(game: Game, me: int, hands: list[int]) -> None:
    view = game.view(me)
    know = Knowledge(view)
    players = len(game.players)
    real = [game.hand_mask(p) for p in range(players)]
    assert faces(hands[me]) == faces(real[me])
    assert know.consistent(hands) and know.consistent(real)
    seen_faces = [c.face for c in view.hand]
    seen_faces += [p.card.face for t in (*view.completed_tricks, view.current_trick) for p in t.plays]
    voids = revealed_voids(view)
    union = 0
    for p in range(players):
        assert hands[p].bit_count() == real[p].bit_count()
        assert not union & hands[p]
        union |= hands[p]
        if p == me:
            continue
        for bit in bits_of(hands[p]):
            if bit < 52:
                assert bit not in seen_faces  # a suit card seen (own hand, played) is nobody else's
                assert bit // 13 not in voids[p]  # a revealed void holds
    if game.turned_up is not None and not game.turned_up.is_special:
        assert not union & (1 << game.turned_up.face)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(3, 6),
    edition=st.sampled_from(EDITIONS),
    stop=st.floats(0.0, 1.0),
    careful=st.booleans(),
)
def test_sampled_deals_respect_known_cards_and_voids(
    seed: int, players: int, edition: str, stop: float, careful: bool
) -> None:
    game = random_position(seed, players, edition, stop)
    if game.is_over:
        return
    me = seed % players
    know = Knowledge(game.view(me))
    rng = random.Random(seed)
    # ``careful`` skips the quick redraws, so the step-by-step deal (Hall's condition) is tested as well.
    with mock.patch.object(knowledge_module, "_GREEDY_TRIES", 0 if careful else 25):
        for _ in range(5):
            hands = know.sample(rng)
            check_sample(game, me, hands)
            # The strongest check: the game, replayed with this deal, accepts every play made so far.
            assert rebuild(game, me, hands) is not None


def rebuild(game: Game, me: int, hands: list[int]) -> Game:
    """The game replayed with the current round's hidden cards as in ``hands`` (current hands)."""
    log = list(game.log)
    at = max(i for i, entry in enumerate(log) if not isinstance(entry, int) and entry[0] == "deal")
    entry = log[at]
    assert not isinstance(entry, int)
    dealt = entry[1]
    n, size = len(game.players), game.round_number
    faces: list[int] = []
    for p in range(n):
        before = dealt[p * size : (p + 1) * size]
        faces += [FACE_OF_BIT[bit] for bit in before if not game.hand_mask(p) >> bit & 1]  # played
        faces += [FACE_OF_BIT[bit] for bit in bits_of(hands[p])]
    faces += [FACE_OF_BIT[bit] for bit in dealt[n * size :]]
    # Wizards and Jesters are interchangeable: the deal takes successive copies of each face.
    cards = bits([str(Card(face)) for face in faces], game.rules.edition)
    log[at] = ("deal", cards)
    return Game.replay(game.players, game.rules, game.seed, log)


def test_knowledge_reads_voids_from_a_card_of_another_suit() -> None:
    # Round 2, trump ♣ (turned 9♣). Cy leads 5♥, Di has no heart and plays 4♠, Ann plays 6♥; Ben to play.
    deal1 = ["10♠", "J♠", "Q♠", "K♠", "2♦"]
    deal2 = ["6♥", "Q♦", "7♥", "8♦", "5♥", "3♦", "4♠", "2♠", "9♣"]
    game = staged("classic", deal1, deal2)
    while game.phase is not Phase.PLAY:
        game.apply(BID)
    for name in ("5♥", "4♠", "6♥"):
        game.apply(Card.parse(name).face)
    know = Knowledge(game.view(1))
    assert know.voids == (0, 0, 0, 1 << 1)  # Di (seat 3) has no hearts
    assert know.trick == (Card.parse("5♥").face, Card.parse("4♠").face, Card.parse("6♥").face)
    rng = random.Random(0)
    for _ in range(50):
        hands = know.sample(rng)
        assert not hands[3] & (((1 << 13) - 1) << 13)


# -- the Camelot specials and the dealer's trump choice ------------------------------------------------


@pytest.mark.parametrize(("bid", "expected"), [(1, MERLIN_AS_WIZARD), (0, MERLIN_AS_JESTER)])
def test_merlin_is_declared_a_wizard_to_win_and_a_jester_to_lose(bid: int, expected: int) -> None:
    # Round 1: Ben leads with Merlin alone; the declaration is part of the play code.
    game = staged("camelot", ["3♠", "Merlin", "4♥", "5♦", "6♣"])
    for action in (BID + bid, BID, BID, BID):
        game.apply(action)
    view = game.view(1)
    assert set(view.legal_actions) == {MERLIN_AS_WIZARD, MERLIN_AS_JESTER}
    assert decisions(view) == dict.fromkeys(LEVELS, expected)


@pytest.mark.parametrize(("bid", "expected"), [(1, "K♥"), (0, "Excalibur")])
def test_excalibur_is_the_escape_because_its_trick_is_null(bid: int, expected: str) -> None:
    # Round 2, trump ♣. Cy leads 5♥, Di 9♥, Ann 7♥; Ben, last, holds K♥ and Excalibur.
    deal2 = ["7♥", "3♠", "K♥", "Excalibur", "5♥", "4♠", "9♥", "6♠", "8♣"]
    game = staged("camelot", ["10♠", "J♠", "Q♠", "K♠", "4♦"], deal2)
    for action in (BID, BID, BID, BID + bid):
        game.apply(action)
    for name in ("5♥", "9♥", "7♥"):
        game.apply(Card.parse(name).face)
    assert decisions(game.view(1)) == dict.fromkeys(LEVELS, Card.parse(expected).face)


@pytest.mark.parametrize(("bid", "expected"), [(1, GRAIL), (0, 53)])
def test_the_holy_grail_wins_from_an_even_position(bid: int, expected: int) -> None:
    # Round 2, trump ♣. Cy leads 9♠; Di, at position 2, holds the Holy Grail and a Jester.
    deal2 = ["3♦", "4♦", "6♦", "7♦", "9♠", "10♠", "Holy Grail", "Jester", "8♣"]
    game = staged("camelot", ["10♠", "J♠", "Q♠", "K♠", "4♦"], deal2)
    for action in (BID, BID + bid, BID, BID):
        game.apply(action)
    game.apply(Card.parse("9♠").face)
    assert decisions(game.view(3), samples=60) == dict.fromkeys(LEVELS, expected)


@pytest.mark.parametrize(
    ("edition", "hand", "turned"),
    [("classic", ["A♥", "K♥"], "Wizard"), ("camelot", ["A♥", "Morgan le Fay"], "Holy Grail")],
)
def test_the_dealer_names_the_suit_of_a_strong_hand_as_trump(
    edition: str, hand: list[str], turned: str
) -> None:
    # Round 2: Ben deals and a Wizard (or, in Camelot, a special card) is turned up: he chooses trump.
    deal2 = ["3♦", "4♦", *hand, "5♠", "6♠", "7♣", "8♣", turned]
    game = staged(edition, ["10♠", "J♠", "Q♠", "K♠", "4♦"], deal2)
    assert game.phase is Phase.CHOOSE_TRUMP and game.current_player == 1
    assert decisions(game.view(1)) == dict.fromkeys(LEVELS, TRUMP + 1)  # hearts


def test_the_greedy_policy_takes_a_wanted_trick_cheaply_and_ducks_an_unwanted_one() -> None:
    hand = sum(1 << Card.parse(name).face for name in ("3♥", "Q♥", "A♥"))
    state = TrickState(0, [Card.parse("10♥").face, Card.parse("2♥").face], 4, [0] * 3, 0, 3)
    queen, ace, three = (Card.parse(name).face for name in ("Q♥", "A♥", "3♥"))
    assert greedy_play(hand, state.led, state.best, state.index, 3, 4, True) == queen  # last: cheapest winner
    assert greedy_play(hand, state.led, state.best, state.index, 4, 4, True) == ace  # others to come
    assert greedy_play(hand, state.led, state.best, state.index, 3, 4, False) == three


# -- the simulator against the game --------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_simulator_plays_rounds_exactly_as_the_game_does(edition: str) -> None:
    rounds = 0
    for seed in range(30):
        players = 3 + seed % 4
        game = Game(players, Rules(edition), seed=seed)
        pick = random.Random(seed)
        while not game.is_over:
            while game.phase is not Phase.PLAY:
                game.apply(pick.choice(game.legal_actions()))
            trump = 4 if game.trump is None else int(game.trump)
            hands = [game.hand_mask(p) for p in range(players)]
            bids = [b or 0 for b in game.bids]
            start = TrickState(game.current_player or 0, (), trump, [0] * players, 0, game.round_number)
            expected = play_out(hands, bids, trump, start)
            number = game.round_number
            while game.round_number == number and not game.is_over:
                p = game.current_player or 0
                trick = game.current_trick()
                codes = [MERLIN_AS_JESTER if c.merlin == "jester" else c.card.face for c in trick.plays]
                state = TrickState(trick.leader, codes, trump, game.tricks_won, 0, 1)
                assert legal_codes(game.hand_mask(p), state.led) == game.legal_actions()
                want = game.tricks_won[p] < bids[p]
                hand = game.hand_mask(p)
                game.apply(greedy_play(hand, state.led, state.best, state.index, players, trump, want))
            result = game.round_results[-1]
            assert (list(result.tricks), result.null_tricks) == expected
            rounds += 1
    assert rounds > 300


def test_touching_cards_are_searched_once() -> None:
    # Round 2, trump ♣: Ben holds 7♥ and 8♥, nothing unseen between them, so only 7♥ is searched.
    deal2 = ["6♥", "Q♦", "7♥", "8♥", "5♥", "3♦", "4♠", "2♠", "9♣"]
    game = staged("classic", ["10♠", "J♠", "Q♠", "K♠", "2♦"], deal2)
    while game.phase is not Phase.PLAY:
        game.apply(BID)
    for name in ("5♥", "4♠", "6♥"):
        game.apply(Card.parse(name).face)
    know = Knowledge(game.view(1))
    seven, eight, ten = (Card.parse(name).face for name in ("7♥", "8♥", "10♥"))
    assert distinct_plays(know, [seven, eight]) == [seven]
    assert distinct_plays(know, [seven, ten]) == [seven, ten]  # 9♥, unseen, lies between them


def test_deals_that_explain_the_bids_count_more() -> None:
    # Round 2, no card played: Di bid 0. A deal giving Di two Wizards explains that badly.
    deal2 = ["6♥", "Q♦", "7♥", "8♥", "5♥", "3♦", "4♠", "2♠", "9♣"]
    game = staged("classic", ["10♠", "J♠", "Q♠", "K♠", "2♦"], deal2)
    game.apply(BID)  # Cy
    game.apply(BID)  # Di
    know = Knowledge(game.view(0))
    hands = [game.hand_mask(p) for p in range(4)]
    likely = bid_likelihood(know, hands, know.trump)
    hands[3] = (1 << 52) | (1 << 53)
    assert bid_likelihood(know, hands, know.trump) < likely / 2


def ducked_heart_game() -> Game:
    """Round 2, trump ♣: Cy bid 0, Di 1. Cy leads 5♥ and Di, wanting a trick, plays 2♥ though 7♥ would
    have taken the lead; Ann is to play."""
    deal2 = ["6♥", "Q♦", "7♦", "8♦", "5♥", "3♦", "7♥", "2♥", "9♣"]
    game = staged("classic", ["10♠", "J♠", "Q♠", "K♠", "2♦"], deal2)
    for bid in (0, 1, 0, 0):  # Cy, Di, Ann, Ben
        game.apply(BID + bid)
    for name in ("5♥", "2♥"):
        game.apply(Card.parse(name).face)
    return game


def test_a_trick_let_go_while_wanted_hints_at_no_winner() -> None:
    game = ducked_heart_game()
    know = Knowledge(game.view(0))
    assert [(p, want) for p, _, _, _, want, _ in know.hints] == [(3, True)]
    hands = [game.hand_mask(p) for p in range(4)]
    held = play_likelihood(know, hands)  # Di kept 7♥: she let the trick go holding a winner
    hands[1], hands[3] = hands[3], hands[1]  # Di holds 7♦ instead, and had only 2♥ to follow with
    assert play_likelihood(know, hands) == 1.0
    assert held < 0.5
    # Over the deals drawn: a deal weighs less when Di then held a heart above 5♥ (or, less so, a Wizard).
    rng = random.Random(2)
    five = Card.parse("5♥").face
    seen = set()
    for _ in range(80):
        dealt = know.sample(rng)
        held_faces = faces(dealt[3])
        winner = any(five < face < five + 13 - five % 13 for face in held_faces)
        wizard = WIZARD_FACE in held_faces
        expected = search_module._DUCKED_SUIT if winner else search_module._DUCKED_SPECIAL if wizard else 1.0
        assert play_likelihood(know, dealt) == pytest.approx(expected)
        seen.add(expected)
    assert len(seen) == 3


def test_a_trick_taken_while_unwanted_hints_at_no_loser() -> None:
    # Di bid 0 and plays 7♥ over 5♥ though 2♥ would have lost: deals where she still holds 2♥ weigh less.
    deal2 = ["6♥", "Q♦", "2♥", "8♦", "5♥", "3♦", "7♥", "7♦", "9♣"]
    game = staged("classic", ["10♠", "J♠", "Q♠", "K♠", "2♦"], deal2)
    for bid in (0, 0, 0, 0):
        game.apply(BID + bid)
    for name in ("5♥", "7♥"):
        game.apply(Card.parse(name).face)
    know = Knowledge(game.view(0))
    assert [(p, want) for p, _, _, _, want, _ in know.hints] == [(3, False)]
    hands = [game.hand_mask(p) for p in range(4)]
    assert play_likelihood(know, hands) == 1.0  # Di holds 7♦: after 7♥ she had no heart to lose with
    hands[1], hands[3] = hands[3], hands[1]  # Di holds 2♥, which would have lost
    assert play_likelihood(know, hands) < 0.1
