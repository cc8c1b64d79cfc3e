"""What ``Game.apply`` says a move caused (``wizard_core.events``), checked against what changed in the game.

The property tests play random games of both editions, with and without variants, and compare the events
of every move with the game before and after it; the unit tests walk concrete deals. The bot's news of a
move, which it used to derive by comparing two games, must follow from the events alone.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from staging import bits, staged, staged_rounds

from wizard_core import (
    EDITIONS,
    PLAY_HIDDEN,
    Bid,
    BidsRevealed,
    Call,
    Card,
    ChooseTrump,
    Event,
    Game,
    GameOver,
    Phase,
    Play,
    PlayerOut,
    PublicView,
    RoundDealt,
    RoundScored,
    Rules,
    RulesError,
    Suit,
    TrickTaken,
    TrumpChosen,
    hands_changed,
)
from wizard_core.variants import VARIANTS

# The order events come in; a move never ends the game and deals a round both.
ORDER: tuple[type[Event], ...] = (
    TrumpChosen,
    BidsRevealed,
    TrickTaken,
    RoundScored,
    PlayerOut,
    GameOver,
    RoundDealt,
)
NAMES = ("Alice", "Bob", "Cara", "Dan")
DEALER_0 = ("A♠", "3♠", "4♠", "5♠")  # seat 0 draws highest and deals round 1; seat 1 leads


def rules(*variants: str, edition: str = "classic", nannie_every: int = 2) -> Rules:
    return Rules(edition, frozenset(variants), nannie_every)


def play(game: Game, *cards: str) -> tuple[Event, ...]:
    """Play cards by name in turn; the events of the last one."""
    events: tuple[Event, ...] = ()
    for name in cards:
        events = game.apply(Play(Card.parse(name)))
    return events


# -- the bot's news, by comparison and from the events --------------------------------------------------


class News(NamedTuple):
    kind: str
    key: int


def news_by_comparison(before: Game, after: Game, shown_before: PublicView | None = None) -> list[News]:
    """The bot's news of a move as it derived them by comparing the game before and after it (a copy of
    ``news_of`` in cogs/table/announce.py): the scores of a round it ended, the final standings, or new
    hands (a round dealt, hands shown after a bidding without them, trump chosen). ``shown_before`` is
    ``before.public_view()``, if the caller has it."""
    news = []
    new_round = len(after.round_results) > len(before.round_results)
    if new_round:
        news.append(News("round", len(after.round_results)))
    if after.is_over:
        return [*news, News("final", 0)]
    bids_done = not new_round and before.phase is Phase.BID and after.phase is Phase.PLAY
    shown_before = before.public_view() if shown_before is None else shown_before
    hands_shown = bids_done and (shown_before.blind_bidding or shown_before.forehead_round)
    trump_chosen = before.phase is Phase.CHOOSE_TRUMP and after.phase is not Phase.CHOOSE_TRUMP
    if new_round or hands_shown or trump_chosen:
        news.append(News("deal", after.version))
    return news


def news_from_events(events: Sequence[Event], version: int) -> list[News]:
    """The same news from the events alone (``version``: the game's version after the move)."""
    news = [News("round", event.round_number) for event in events if isinstance(event, RoundScored)]
    if any(isinstance(event, GameOver) for event in events):
        return [*news, News("final", 0)]
    if hands_changed(events):
        news.append(News("deal", version))
    return news


# -- the events of one move against the game before and after it ----------------------------------------


def check_events(
    before: Game, after: Game, events: tuple[Event, ...], was: PublicView, now: PublicView
) -> None:
    """Every event a move returns, and only those, agrees with what changed between ``before`` and
    ``after`` (whose public views are ``was`` and ``now``); and the bot's news follow from the events."""
    assert isinstance(events, tuple)
    kinds = [type(event) for event in events]
    assert kinds == sorted(kinds, key=ORDER.index) and len(set(kinds)) == len(kinds), kinds
    seen: dict[type[Event], Event] = {type(event): event for event in events}
    players = len(before.players)

    # RoundScored exactly when a round result was added.
    scored = len(after.round_results) > len(before.round_results)
    assert (RoundScored in seen) == scored
    if isinstance(event := seen.get(RoundScored), RoundScored):
        assert len(after.round_results) == len(before.round_results) + 1
        assert event.result == after.round_results[-1]
        assert event.round_number == event.result.round_number == before.round_number
        assert event.round_number == len(after.round_results)

    # GameOver exactly when the game ended, with its standings.
    assert (GameOver in seen) == (after.is_over and not before.is_over)
    if isinstance(event := seen.get(GameOver), GameOver):
        assert scored and event.result == after.result()

    # TrumpChosen exactly when the game left CHOOSE_TRUMP.
    left_trump = before.phase is Phase.CHOOSE_TRUMP and after.phase is not Phase.CHOOSE_TRUMP
    assert (TrumpChosen in seen) == left_trump
    if isinstance(event := seen.get(TrumpChosen), TrumpChosen):
        assert event.suit is after.trump and event.suit is not None
        assert event.chooser == before.dealer == before.current_player
        assert event.round_number == before.round_number == after.round_number
        assert after.phase is Phase.BID and len(events) == 1

    # BidsRevealed exactly when the bidding of a round ended (BID -> PLAY within one round).
    bids_done = not scored and before.phase is Phase.BID and after.phase is Phase.PLAY
    assert (BidsRevealed in seen) == bids_done
    if isinstance(event := seen.get(BidsRevealed), BidsRevealed):
        assert event.round_number == before.round_number == after.round_number
        assert event.hands_hidden == (was.blind_bidding or was.forehead_round)
        assert event.bids == now.bids and event.secret == now.bids_secret
        assert event.bids == ((None,) * players if event.secret else after.bids)
        assert len(events) == 1

    # TrickTaken once per trick completed, naming its taker (None: a null trick) and its place.
    done_before = len(was.completed_tricks)
    # (a round's last trick: the completed tricks start again in the next round)
    completed = before.cards_per_player if scored else len(now.completed_tricks)
    completed -= done_before
    assert kinds.count(TrickTaken) == completed
    if isinstance(event := seen.get(TrickTaken), TrickTaken):
        assert event.index == done_before
        result = after.round_results[-1] if scored else None
        tricks = result.tricks if result is not None else now.tricks_won
        null = result.null_tricks if result is not None else now.null_tricks
        gained = [later - earlier for later, earlier in zip(tricks, was.tricks_won, strict=True)]
        assert gained == [int(p == event.taker) for p in range(players)]
        assert null == was.null_tricks + (event.taker is None)
        if result is None:
            trick = now.completed_tricks[event.index]
            assert trick.winner == event.taker and trick.null == (event.taker is None)

    # PlayerOut exactly when seats left the game.
    out = tuple(p for p in range(players) if before.active[p] and not after.active[p])
    assert (PlayerOut in seen) == bool(out)
    if isinstance(event := seen.get(PlayerOut), PlayerOut):
        assert event.seats == out == after.round_results[-1].eliminated
        assert event.round_number == before.round_number

    # RoundDealt exactly when a new round began.
    dealt = after.round_number != before.round_number
    assert (RoundDealt in seen) == dealt
    if isinstance(event := seen.get(RoundDealt), RoundDealt):
        assert scored and not after.is_over
        assert event.round_number == after.round_number == before.round_number + 1
        assert (event.dealer, event.cards_per_player) == (after.dealer, after.cards_per_player)
        assert after.round_version == after.version

    assert news_from_events(events, after.version) == news_by_comparison(before, after, was)


def play_checked(game: Game, rng: random.Random, *, steps: int | None = None) -> list[Event]:
    """Play random legal moves (to the end, or ``steps`` of them), checking each move's events; all the
    events, in order."""
    seen: list[Event] = []
    now = game.public_view()
    while not game.is_over and (steps is None or steps > 0):
        acting = game.to_act
        player = rng.choice(acting)
        code = rng.choice(game.legal_actions(player))
        before = game.clone()
        # Without a seat, a lone actor takes the game's fast path for cards (no variants).
        events = game.apply(code) if len(acting) == 1 and rng.random() < 0.5 else game.apply(code, player)
        was, now = now, game.public_view()
        check_events(before, game, events, was, now)
        seen += events
        steps = None if steps is None else steps - 1
    return seen


def check_game_events(game: Game, events: Sequence[Event]) -> None:
    """A whole game's events tell its story: every round scored, every player out, the end."""
    scored = [event.result for event in events if isinstance(event, RoundScored)]
    assert tuple(scored) == game.round_results
    out = [seat for event in events if isinstance(event, PlayerOut) for seat in event.seats]
    assert out == [seat for result in game.round_results for seat in result.eliminated]
    assert [type(event) for event in events].count(GameOver) == 1 and isinstance(events[-1], GameOver)
    dealt = [event.round_number for event in events if isinstance(event, RoundDealt)]
    assert dealt == list(range(2, len(game.round_results) + 1))
    taken = sum(isinstance(event, TrickTaken) for event in events)
    assert taken == sum(result.cards_per_player for result in game.round_results)


# -- property tests --------------------------------------------------------------------------------------


@st.composite
def tables(draw: st.DrawFn) -> tuple[int, Rules]:
    """A player count and rules: both editions, no variants or any combination the rules allow."""
    edition = draw(st.sampled_from(EDITIONS))
    chosen = draw(
        st.one_of(st.just(frozenset[str]()), st.frozensets(st.sampled_from(sorted(VARIANTS)), max_size=6))
    )
    every = draw(st.sampled_from((2, 3))) if "nannie" in chosen else 2
    players = draw(st.integers(3, 6))
    try:
        table = Rules(edition, chosen, every)
        table.check_players(players)
    except RulesError:
        assume(False)
    return players, table


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables(), seed=st.integers(0, 2**32))
def test_events_agree_with_the_game_before_and_after_every_move(table: tuple[int, Rules], seed: int) -> None:
    players, chosen = table
    game = Game(players, chosen, seed=seed)
    events = play_checked(game, random.Random(seed))
    check_game_events(game, events)


@pytest.mark.parametrize("variant", [None, *VARIANTS])
@pytest.mark.parametrize("edition", EDITIONS)
def test_events_of_every_variant_alone(variant: str | None, edition: str) -> None:
    chosen = rules(*([variant] if variant else []), edition=edition)
    for seed in range(2):
        game = Game(4, chosen, seed=seed)
        events = play_checked(game, random.Random(seed))
        check_game_events(game, events)


@settings(max_examples=40, deadline=None)
@given(table=tables(), seed=st.integers(0, 2**32), steps=st.integers(0, 300))
def test_a_restored_game_returns_the_same_events(table: tuple[int, Rules], seed: int, steps: int) -> None:
    """Events come from the game's state, not from its history: a game rebuilt from its save or a
    checkpoint returns the same events for the same moves."""
    players, chosen = table
    game = Game(players, chosen, seed=seed)
    play_checked(game, random.Random(seed), steps=steps)
    restored = Game.from_json(game.to_json())
    resumed = Game.replay(game.players, chosen, seed, game.log, checkpoint=game.checkpoint())
    rng = random.Random(seed + 1)
    while not game.is_over:
        player = rng.choice(game.to_act)
        code = rng.choice(game.legal_actions(player))
        events = game.apply(code, player)
        assert restored.apply(code, player) == events == resumed.apply(code, player)
        if any(isinstance(event, RoundDealt) for event in events):
            return  # the next deal comes from each copy's own generator


# -- concrete moves ----------------------------------------------------------------------------------------


def test_a_plain_round_bids_trick_score_and_deal() -> None:
    # Alice deals, Bob bids first and leads; 7♦ turned: ♦ trump.
    game = staged(["A♠", "2♠", "3♠", "4♠"], ["3♠", "4♠", "5♥", "6♥", "7♦"])
    assert [game.apply(Bid(bid)) for bid in (0, 1, 0)] == [(), (), ()]
    assert game.apply(Bid(1)) == (BidsRevealed(1, False, (1, 0, 1, 0)),)
    assert [game.apply(Play(Card.parse(card))) for card in ("4♠", "5♥", "6♥")] == [(), (), ()]
    events = game.apply(Play(Card.parse("3♠")))
    result = game.round_results[0]
    assert events == (TrickTaken(1, 0), RoundScored(1, result), RoundDealt(2, 1, 2))
    assert news_from_events(events, game.version) == [News("round", 1), News("deal", game.version)]


def test_the_dealer_chooses_trump() -> None:
    game = staged(["A♠", "3♠", "4♠", "5♠"], ["6♠", "7♠", "5♥", "6♥", "Wizard"])
    events = game.apply(ChooseTrump(Suit.HEARTS), player=0)
    assert events == (TrumpChosen(1, Suit.HEARTS, 0),) and hands_changed(events)


def test_trump_and_bids_at_once_with_hidden_bid() -> None:
    game = staged_rounds(rules("hidden-bid"), DEALER_0, [("3♥", "4♥", "5♥", "6♥", "Wizard")])
    assert game.apply(ChooseTrump(Suit.CLUBS)) == (TrumpChosen(1, Suit.CLUBS, 0),)
    assert [game.apply(Bid(bid), player=seat) for seat, bid in ((2, 1), (0, 0), (3, 0))] == [(), (), ()]
    events = game.apply(Bid(1), player=1)
    assert events == (BidsRevealed(1, False, (0, 1, 1, 0)),) and not hands_changed(events)


def test_delayed_reveal_keeps_the_bids_secret_until_the_round_is_scored() -> None:
    game = staged_rounds(rules("delayed-reveal"), DEALER_0, [("3♥", "4♥", "5♥", "6♥", "2♣")])
    for seat, bid in ((1, 1), (2, 0), (3, 0)):
        game.apply(Bid(bid), player=seat)
    assert game.apply(Bid(0), player=0) == (BidsRevealed(1, False, (None,) * 4, secret=True),)
    events = play(game, "4♥", "5♥", "6♥", "3♥")
    assert isinstance(scored := events[1], RoundScored) and scored.result.bids == (0, 1, 0, 0)


def round_two(deal2: Sequence[str], edition: str = "classic") -> Game:
    """A game at the start of round 2: Alice dealt round 1, so Bob deals and Cara bids first."""
    draw = ("draw", bits(["A♠", "3♠", "4♠", "5♠"], edition))
    deal1 = ("deal", bits(["3♠", "4♠", "5♥", "6♥", "7♦"], edition))
    round1 = [64, 64, 64, 64, *(Play(Card.parse(c)).code for c in ("4♠", "5♥", "6♥", "3♠"))]
    return Game.replay(NAMES, Rules(edition), 0, [draw, deal1, *round1, ("deal", bits(deal2, edition))])


def test_a_null_trick_is_taken_by_nobody() -> None:
    game = round_two(["3♣", "4♣", "5♣", "A♣", "Excalibur", "6♣", "7♣", "8♣", "9♦"], "camelot")
    for _ in range(4):
        game.apply(Bid(1))
    assert play(game, "Excalibur", "7♣", "3♣", "5♣") == (TrickTaken(None, 0),)
    events = play(game, "6♣", "8♣", "4♣", "A♣")
    assert events[0] == TrickTaken(1, 1) and isinstance(events[1], RoundScored)


def test_a_round_of_only_null_tricks_is_still_scored() -> None:
    game = staged(["A♠", "3♠", "4♠", "5♠"], ["Excalibur", "4♠", "5♥", "6♥", "7♦"], edition="camelot")
    for bid in (1, 0, 1, 0):
        game.apply(Bid(bid))
    events = play(game, "4♠", "5♥", "6♥", "Excalibur")
    assert events == (TrickTaken(None, 0), RoundScored(1, game.round_results[0]), RoundDealt(2, 1, 2))


def test_the_forehead_round_bids_with_hidden_hands() -> None:
    game = staged_rounds(rules("forehead"), DEALER_0, [("3♥", "Wizard", "5♥", "6♥", "2♣")])
    events = [game.apply(Bid(bid)) for bid in (1, 0, 0, 0)]
    assert events == [(), (), (), (BidsRevealed(1, True, (0, 1, 0, 0)),)]
    assert hands_changed(events[-1])
    assert [game.apply(PLAY_HIDDEN) for _ in range(3)] == [(), (), ()]
    last = game.apply(PLAY_HIDDEN)
    assert last[0] == TrickTaken(1, 0) and last[2] == RoundDealt(2, 1, 2)


def test_third_time_rounds_bid_with_hidden_hands() -> None:
    game = Game(4, rules("third-time"), seed=5)
    rng = random.Random(5)
    revealed = []
    while game.round_number <= 6:
        events = game.apply(rng.choice(game.legal_actions()))
        revealed += [event for event in events if isinstance(event, BidsRevealed)]
    assert [event.round_number for event in revealed] == [1, 2, 3, 4, 5, 6]
    assert [event.hands_hidden for event in revealed] == [False, False, True, False, False, True]


def test_a_call_and_cards_within_a_trick_cause_nothing() -> None:
    game = staged_rounds(
        rules("gizzard-fester"),
        DEALER_0,
        [("3♥", "4♥", "5♥", "6♥", "7♣"), ("2♠", "3♠", "4♠", "5♠", "Wizard", "K♠", "7♠", "8♠", "9♣")],
    )
    for _ in range(4):
        game.apply(Bid(0))
    play(game, "4♥", "5♥", "6♥", "3♥")
    for _ in range(4):
        game.apply(Bid(0))
    assert game.current_player == 2  # Cara holds the Wizard
    assert game.apply(Call("gizzard")) == ()
    assert play(game, "Wizard") == ()


def test_nannie_eliminations_come_after_the_score() -> None:
    for seed in range(60):
        game = Game(3, rules("nannie"), seed=seed)
        rng = random.Random(seed)
        outs: list[tuple[Event, ...]] = []
        while not game.is_over:
            events = game.apply(rng.choice(game.legal_actions()))
            if any(isinstance(event, PlayerOut) for event in events):
                outs.append(events)
        if len(outs) == 2:  # two of three players out: the game ends with the second
            first, last = outs
            assert [type(event) for event in first] == [TrickTaken, RoundScored, PlayerOut, RoundDealt]
            assert [type(event) for event in last] == [TrickTaken, RoundScored, PlayerOut, GameOver]
            assert last[3] == GameOver(game.result()) and sum(game.active) == 1
            return
    pytest.fail("no seed eliminated two players")


def test_the_last_move_ends_the_game() -> None:
    game = Game(3, seed=11)
    rng = random.Random(11)
    events: tuple[Event, ...] = ()
    while not game.is_over:
        events = game.apply(rng.choice(game.legal_actions()))
    result = game.result()
    assert [type(event) for event in events] == [TrickTaken, RoundScored, GameOver]
    assert events[1] == RoundScored(game.rounds_total, result.rounds[-1]) and events[2] == GameOver(result)
    assert news_from_events(events, game.version) == [News("round", game.rounds_total), News("final", 0)]


def test_trick_events_are_values() -> None:
    """Trick ends are frequent, so ``apply`` builds their events once; they are values like any other."""
    game = Game(3, seed=2)
    events: tuple[Event, ...] = ()
    while not any(isinstance(event, TrickTaken) for event in events):
        events = game.apply(game.legal_actions()[0])
    taken = events[0]
    assert isinstance(taken, TrickTaken)
    assert taken == TrickTaken(taken.taker, 0) and hash(taken) == hash(TrickTaken(taken.taker, 0))
    with pytest.raises(AttributeError):
        taken.taker = 1  # type: ignore[misc]


def test_hands_changed() -> None:
    assert not hands_changed(())
    assert not hands_changed([TrickTaken(0, 0), BidsRevealed(1, False, (0, 0, 0))])
    assert hands_changed([TrumpChosen(1, Suit.SPADES, 0)])
    assert hands_changed([BidsRevealed(3, True, (0, 0, 0))])
    assert hands_changed([TrickTaken(0, 0), RoundDealt(2, 1, 2)])
