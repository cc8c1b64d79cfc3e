"""Advice for a player learning the game: what the hard computer would do in their seat, and why.

For a bid, every bid the hard level weighs (the legal ones; in big hands a window around its quick
estimate) with its chance of being made and its expected points; for a card, every legal card with the
chance that the player then makes their bid; for a dealer choosing trump, each suit with the bid that
pays best with it and that bid's expected points. All come from the very race the hard level runs for
its own decision (``players.bid_estimate``, ``play_estimate``, ``trump_estimate``), the same deals for
every option, so
the advice costs about one hard decision, and its ``pick`` is the hard level's decision for the same
view and seed. An option the race dropped early (surely worse, or worth the same as the leader) has
its figures from the deals it was played on (``samples``).

The advice reads nothing but the ``PlayerView`` it is given, so it can tell nothing the player could not
see: two games that differ only in cards hidden from the player give the same advice for the same seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from wizard_core.actions import BID_BASE, PLAY_HIDDEN, TRUMP_BASE
from wizard_core.ai.knowledge import Knowledge
from wizard_core.ai.players import (
    DEFAULT_CAP_MS,
    Budget,
    bid_estimate,
    deliberate,
    forehead_trumps,
    play_action,
    play_estimate,
    play_options,
    trump_estimate,
)
from wizard_core.ai.search import distinct_plays, forehead_outcomes
from wizard_core.ai.sim import TrickState, legal_codes
from wizard_core.cards import JESTER_FACE, MERLIN_FACE, WIZARD_FACE, Card, Suit
from wizard_core.tricks import JESTER_AS_WIZARD, MERLIN_AS_JESTER, WIZARD_AS_JESTER, MerlinAs
from wizard_core.views import Phase, PlayerView

__all__ = [
    "Advice",
    "BidAdvice",
    "BidOption",
    "CardOption",
    "PlayAdvice",
    "TrumpAdvice",
    "TrumpOption",
    "advise",
    "would_bid",
]


@dataclass(frozen=True, slots=True)
class BidOption:
    """One bid: the chance of taking exactly that many tricks, and the round's expected points."""

    bid: int
    chance: float
    points: float
    samples: int


@dataclass(frozen=True, slots=True)
class BidAdvice:
    """The bids the hard level weighs, lowest first, and the one it would make (``pick``, a number of
    tricks). ``samples`` is the number of deals sampled (0 in the Forehead round, which is exact)."""

    options: tuple[BidOption, ...]
    pick: int
    samples: int


@dataclass(frozen=True, slots=True)
class CardOption:
    """One legal card: the action that plays it (one of ``legal_actions``: for a Wizard or Jester played
    with its Smyrna Style call, the call), and the chance that the player then makes their bid (None
    for the Wizard Saboteur dealer, who has none). ``value`` is what the hard level weighs: the round's
    expected points minus the other players' mean (``search.utility``). ``merlin`` is Merlin's
    declaration; ``opposite`` is True for a Wizard or Jester played without its call, which counts as
    the opposite card."""

    action: int
    card: Card
    chance: float | None
    value: float
    samples: int
    merlin: MerlinAs | None = None
    opposite: bool = False


@dataclass(frozen=True, slots=True)
class PlayAdvice:
    """Every legal card in the order of ``legal_actions`` (cards that take and lose exactly the same
    tricks share their figures), and the action the hard level would take (``pick``). In the Forehead
    round, where the card is played unseen, ``options`` is empty and ``pick`` is ``PLAY_HIDDEN``."""

    options: tuple[CardOption, ...]
    pick: int
    bid: int | None
    samples: int


@dataclass(frozen=True, slots=True)
class TrumpOption:
    """One suit the dealer may choose as trump: the bid that pays best with it, and that bid's expected
    points."""

    suit: Suit
    bid: int
    points: float


@dataclass(frozen=True, slots=True)
class TrumpAdvice:
    """The four suits, in suit order, and the one the hard level would choose (``pick``). ``options`` is
    empty where the choice is not weighed: a dealer who cannot see their cards (any suit is as good as
    another) or the Wizard Saboteur dealer (who keeps the suit they hold most of)."""

    options: tuple[TrumpOption, ...]
    pick: Suit
    samples: int


Advice = BidAdvice | PlayAdvice | TrumpAdvice


def advise(
    view: PlayerView, seed: int, *, work: int | None = None, cap_ms: float | None = DEFAULT_CAP_MS
) -> Advice:
    """What the hard level would do for the player of ``view``, on their turn to bid or play, and why.

    ``seed`` and ``work`` are those of a hard decision (``players.decide``): with the same ones, ``pick``
    is the hard level's decision. A view that is not the player's turn gets no advice (ValueError).
    """
    _check_turn(view)
    if view.phase is Phase.BID:
        return _advise_bid(view, seed, work, cap_ms)
    if view.phase is Phase.PLAY:
        return _advise_play(view, seed, work, cap_ms)
    return _advise_trump(view, seed, work, cap_ms)


def would_bid(view: PlayerView, seed: int, *, work: int | None = None) -> int:
    """The bid the hard level would make for the player of ``view``, a view of their turn to bid: for the
    coach's line after a round (their bid and tricks against this)."""
    _check_turn(view)
    if view.phase is not Phase.BID:
        raise ValueError("what the hard level would bid needs the view of the player's turn to bid")
    return deliberate(view, "hard", seed=seed, work=work).action - BID_BASE


def _check_turn(view: PlayerView) -> None:
    acting = view.to_act or ((view.current_player,) if view.current_player is not None else ())
    if view.player not in acting or not view.legal_actions:
        raise ValueError(f"it is not {view.players[view.player]}'s turn: there is nothing to advise")


def _advise_bid(view: PlayerView, seed: int, work: int | None, cap_ms: float | None) -> BidAdvice:
    legal = view.legal_actions
    rng = random.Random(seed)  # the hard decision's generator, drawn from in the same order
    know = Knowledge(view)
    if know.forehead:
        outcomes = forehead_outcomes(know, know.trump, [code - BID_BASE for code in legal])
        options = tuple(
            BidOption(bid, sum(p > 0 for p in points) / len(points), sum(points) / len(points), 0)
            for bid, points in outcomes.items()
            if points
        )
        pick = deliberate(view, "hard", seed=seed, work=work, cap_ms=cap_ms).action - BID_BASE
        return BidAdvice(options, pick, 0)
    estimate = bid_estimate(know, rng, Budget("hard", work, None, cap_ms), legal, track=True)
    options = tuple(
        BidOption(bid, estimate.chance(bid), estimate.mean(bid), estimate.count(bid))
        for bid in sorted(estimate.totals)
    )
    # A single legal bid is the hard level's decision without any sampling.
    pick = estimate.best() if len(legal) > 1 else legal[0] - BID_BASE
    return BidAdvice(options, pick, estimate.samples)


def _advise_play(view: PlayerView, seed: int, work: int | None, cap_ms: float | None) -> PlayAdvice:
    legal = view.legal_actions
    bid = view.bids[view.player]
    if PLAY_HIDDEN in legal:
        return PlayAdvice((), PLAY_HIDDEN, bid, 0)
    rng = random.Random(seed)
    know = Knowledge(view)
    state = TrickState(know.leader, know.trick, know.trump, know.tricks, know.null, know.remaining_tricks())
    if view.armed_call is not None:  # the call is made: its card is the only choice left
        options = [WIZARD_FACE if view.armed_call == "gizzard" else JESTER_FACE]
    else:
        options = play_options(know, state, legal)
    estimate = play_estimate(know, rng, Budget("hard", work, None, cap_ms), options, track=True)
    if len(legal) == 1 or view.armed_call is not None or len(options) == 1:
        pick = deliberate(view, "hard", seed=seed, work=work, cap_ms=cap_ms).action  # no sampling in it
    else:
        pick = play_action(estimate.best(), legal)
    saboteur = know.me == know.saboteur
    cards = []
    for code, kept in _representatives(know, state, options):
        cards.append(
            CardOption(
                play_action(code, legal),
                Card(MERLIN_FACE if code == MERLIN_AS_JESTER else _face(code)),
                None if saboteur else estimate.chance(kept),
                estimate.mean(kept),
                estimate.count(kept),
                merlin=_merlin(code),
                opposite=code in (WIZARD_AS_JESTER, JESTER_AS_WIZARD),
            )
        )
    return PlayAdvice(tuple(cards), pick, bid, estimate.samples)


def _advise_trump(view: PlayerView, seed: int, work: int | None, cap_ms: float | None) -> TrumpAdvice:
    know = Knowledge(view)
    if know.forehead:
        found = forehead_trumps(know)
        options = tuple(TrumpOption(Suit(suit), bid, points) for suit, (bid, points) in found.items())
        return TrumpAdvice(options, max(options, key=lambda option: option.points).suit, 0)
    if know.blind or know.me == know.saboteur or len(view.legal_actions) == 1:
        pick = deliberate(view, "hard", seed=seed, work=work, cap_ms=cap_ms).action
        return TrumpAdvice((), Suit(pick - TRUMP_BASE), 0)
    rng = random.Random(seed)  # the hard decision's generator, drawn from in the same order
    estimate, per_suit = trump_estimate(know, rng, Budget("hard", work, None, cap_ms))
    suits = []
    for suit, bids in per_suit.items():
        bid = max(bids.totals, key=bids.totals.__getitem__)
        suits.append(TrumpOption(Suit(suit), bid, bids.totals[bid] / bids.weight if bids.weight else 0.0))
    return TrumpAdvice(tuple(suits), Suit(estimate.best()), estimate.samples)


def _representatives(know: Knowledge, state: TrickState, options: list[int]) -> list[tuple[int, int]]:
    """Every play code the player may choose, with the weighed option it is equivalent to: a card
    ``distinct_plays`` left out takes and loses the same tricks as the lower card it kept."""
    codes = legal_codes(know.hand, state.led)
    kept = set(distinct_plays(know, codes))
    pairs: list[tuple[int, int]] = []
    last = -1
    for code in codes:
        if code in kept or code >= 52:
            last = code if code < 52 else -1
            pairs.append((code, code))
        else:
            pairs.append((code, last))
    pairs = [(code, kept_code) for code, kept_code in pairs if kept_code in options]
    for opposite in (WIZARD_AS_JESTER, JESTER_AS_WIZARD):
        if opposite in options:
            pairs.append((opposite, opposite))
    return pairs


def _face(code: int) -> int:
    return {WIZARD_AS_JESTER: WIZARD_FACE, JESTER_AS_WIZARD: JESTER_FACE}.get(code, code)


def _merlin(code: int) -> MerlinAs | None:
    if code == MERLIN_FACE:
        return "wizard"
    return "jester" if code == MERLIN_AS_JESTER else None
