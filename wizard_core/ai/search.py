"""Expected round score of each option, estimated over determinized deals played out greedily.

Every sample deals the unseen cards consistently with what the player has seen (``Knowledge.sample``)
and then scores each option on that same deal, so the options are compared on equal luck. Bids say
something about hands too: a sample counts in proportion to how well it explains the bids already made
(``bid_likelihood``), reading each bid as the quick estimate of the bidder's dealt hand, give or take.

The loops stop at a deadline (``time.perf_counter`` seconds) or after ``max_samples`` samples, whichever
comes first, but always finish at least one sample.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from wizard_core.ai.heuristics import estimate_tricks, heuristic_bid
from wizard_core.ai.knowledge import Knowledge
from wizard_core.ai.sim import TrickState, play_out, round_points
from wizard_core.cards import SUIT_MASKS

__all__ = ["Estimate", "bid_likelihood", "bid_values", "distinct_plays", "play_values", "trump_values"]


class Estimate:
    """Mean points per option after some samples."""

    __slots__ = ("samples", "totals", "weight")

    def __init__(self, options: Sequence[int]) -> None:
        """Start with no sample for each option."""
        self.totals: dict[int, float] = dict.fromkeys(options, 0.0)
        self.samples = 0
        self.weight = 0.0

    def means(self) -> dict[int, float]:
        """The mean points of each option, samples weighted by how well they explain the bids."""
        weight = self.weight or 1.0
        return {option: total / weight for option, total in self.totals.items()}

    def best(self) -> int:
        """The option with the highest mean; the first of equals, so results do not depend on timing."""
        totals = self.totals
        return max(totals, key=totals.__getitem__)


def _going(estimate: Estimate, deadline: float, max_samples: int) -> bool:
    if estimate.samples >= max_samples:
        return False
    return estimate.samples == 0 or time.perf_counter() < deadline


# A bid is read as the bidder's estimate of their hand, give or take this many tricks (more for big hands).
_BID_SPREAD = 0.8
_BID_SPREAD_PER_CARD = 0.08


def bid_likelihood(know: Knowledge, hands: Sequence[int], trump: int) -> float:
    """How well a sampled deal explains the bids made: each is the bidder's estimate plus a normal error."""
    log_weight = 0.0
    players, cards = know.players, know.cards
    spread = 2 * (_BID_SPREAD + _BID_SPREAD_PER_CARD * cards) ** 2
    for p, bid in enumerate(know.bids):
        if bid is None or p == know.me:
            continue
        off = bid - estimate_tricks(hands[p] | know.played[p], trump, players, cards)
        log_weight -= off * off / spread
    # Never quite zero, so that a deal the bids make unlikely still counts a little.
    return math.exp(max(log_weight, -600.0))


def _opening_bids(know: Knowledge, hands: Sequence[int], trump: int) -> list[int]:
    """The bids made so far, and a quick bid for every player still to bid (on their sampled hand)."""
    return [
        bid if bid is not None else heuristic_bid(hands[p], trump, know.players, know.cards)
        for p, bid in enumerate(know.bids)
    ]


def bid_values(
    know: Knowledge,
    rng: random.Random,
    deadline: float,
    max_samples: int,
    candidates: Sequence[int],
    trump: int | None = None,
) -> Estimate:
    """Expected points of each candidate bid, the other players bidding quickly on their sampled hands."""
    trump = know.trump if trump is None else trump
    estimate = Estimate(candidates)
    totals = estimate.totals
    me, cards = know.me, know.cards
    start = TrickState(know.leader, (), trump, [0] * know.players, 0, cards)
    while _going(estimate, deadline, max_samples):
        hands = know.sample(rng)
        weight = bid_likelihood(know, hands, trump)
        bids = _opening_bids(know, hands, trump)
        for bid in candidates:
            bids[me] = bid
            tricks, null = play_out(hands.copy(), bids, trump, start)
            totals[bid] += weight * round_points(bid, tricks[me], null, cards)
        estimate.samples += 1
        estimate.weight += weight
    return estimate


def trump_values(
    know: Knowledge, rng: random.Random, deadline: float, max_samples: int, candidates: Sequence[int]
) -> Estimate:
    """For the dealer choosing trump: the expected points of each suit, with the best bid for it."""
    estimate = Estimate(range(4))
    per_suit = {suit: Estimate(candidates) for suit in range(4)}
    me, cards = know.me, know.cards
    start = {suit: TrickState(know.leader, (), suit, [0] * know.players, 0, cards) for suit in range(4)}
    while _going(estimate, deadline, max_samples):
        hands = know.sample(rng)
        for suit in range(4):
            bids = _opening_bids(know, hands, suit)
            totals = per_suit[suit].totals
            for bid in candidates:
                bids[me] = bid
                tricks, null = play_out(hands.copy(), bids, suit, start[suit])
                totals[bid] += round_points(bid, tricks[me], null, cards)
            per_suit[suit].samples += 1
            per_suit[suit].weight += 1.0
        estimate.samples += 1
        estimate.weight += 1.0
    for suit in range(4):
        estimate.totals[suit] = max(per_suit[suit].totals.values())
    return estimate


def distinct_plays(know: Knowledge, codes: Sequence[int]) -> list[int]:
    """The legal play codes without equivalent ones, which take and lose exactly the same tricks.

    Of two cards of a suit with no unseen card between them, only the lower is kept.
    """
    unseen = know.unseen
    kept: list[int] = []
    previous = -2
    for code in codes:
        if code < 52 and previous >= 0 and previous // 13 == code // 13:
            between = ((1 << code) - 1) ^ ((1 << (previous + 1)) - 1)
            if not unseen & between & SUIT_MASKS[code // 13]:
                continue
        kept.append(code)
        previous = code if code < 52 else -2
    return kept


def play_values(
    know: Knowledge, rng: random.Random, deadline: float, max_samples: int, options: Sequence[int]
) -> Estimate:
    """Expected points of each play code, everyone playing greedily after it."""
    estimate = Estimate(options)
    totals = estimate.totals
    me, cards, trump = know.me, know.cards, know.trump
    bids = [0 if bid is None else bid for bid in know.bids]
    state = TrickState(know.leader, know.trick, trump, know.tricks, know.null, know.remaining_tricks())
    my_bid = bids[me]
    while _going(estimate, deadline, max_samples):
        hands = know.sample(rng)
        weight = bid_likelihood(know, hands, trump)
        for code in options:
            tricks, null = play_out(hands.copy(), bids, trump, state, code)
            totals[code] += weight * round_points(my_bid, tricks[me], null, cards)
        estimate.samples += 1
        estimate.weight += weight
    return estimate

