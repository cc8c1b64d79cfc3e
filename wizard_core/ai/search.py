"""Expected round score of each option, estimated over determinized deals played out greedily.

Every sample deals the unseen cards consistently with what the player has seen (``Knowledge.sample``)
and then scores each option on that same deal, so the options are compared on equal luck. Bids say
something about hands too: a sample counts in proportion to how well it explains the bids already made
(``bid_likelihood``), reading each bid as the quick estimate of the bidder's dealt hand, give or take.

A bid the player cannot see (a secret bid, or the Saboteur dealer's, who makes none) is read the same
way from the sampled hand. A card is chosen for its round score minus the other players' mean score
(``utility``): making an opponent miss counts. The Saboteur dealer scores 20 whatever happens, so its
aim is the others' loss alone. A bid is chosen for its own expected score.

The loops draw at most ``max_samples`` samples, fixed by the caller from the work it may do
(``players``), and fewer when the race between the options is decided (``Estimate``), so that an
estimate depends on the knowledge and the random generator alone. The ``deadline``
(``time.perf_counter`` seconds) is a safety net for a slow host: past it a loop stops early, but it
always finishes at least one sample.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from wizard_core.ai.heuristics import estimate_tricks, heuristic_bid
from wizard_core.ai.knowledge import Knowledge
from wizard_core.ai.sim import PolicyMemo, TrickState, legal_codes, play_out, round_points
from wizard_core.cards import EXCALIBUR_FACE, FACE_OF_BIT, MERLIN_FACE, SUIT_MASKS, bits_of
from wizard_core.rules import round_score
from wizard_core.tricks import MERLIN_AS_JESTER, NEXT_LED, STRENGTH, led_state, resolve

__all__ = [
    "Estimate",
    "bid_likelihood",
    "bid_values",
    "distinct_plays",
    "forehead_outcomes",
    "forehead_values",
    "play_likelihood",
    "play_values",
    "trump_race",
    "utility",
]


# Racing: every option is scored on the same deals, so the difference between two options is measured
# sample by sample, with the luck of the deal cancelled out. Once the samples show, with this many
# standard errors of margin, that an option is worse than the leader, or that the two are worth the same
# within ``_SAME_POINTS``, it is dropped and plays no further playouts; the sampling stops when one option
# is left. Close calls thus get all the deals the work buys, and clear ones a few dozen. Checks come at
# ``_FIRST_LOOK`` samples, then each time the samples have grown by half, so that they cost little.
_MARGIN = 2.5
_SAME_POINTS = 1.5
_FIRST_LOOK = 16


class Estimate:
    """Mean points per option after some samples, and the options still in the race (``live``).

    ``values[option]`` keeps each sample's points and ``weights`` each sample's weight: an option that
    left the race keeps the values of the samples it had, the live ones have a value for every sample.
    """

    __slots__ = ("live", "made", "next_look", "samples", "totals", "values", "weight", "weights")

    def __init__(self, options: Sequence[int], track: bool = False) -> None:
        """Start with no sample for each option, all of them in the race; ``track`` also keeps, for
        each option and sample, whether the player made their bid (``made``, for ``chance``)."""
        self.totals: dict[int, float] = dict.fromkeys(options, 0.0)
        self.live: list[int] = list(self.totals)
        self.values: dict[int, list[float]] = {option: [] for option in self.totals}
        self.made: dict[int, list[bool]] | None = {option: [] for option in self.totals} if track else None
        self.weights: list[float] = []
        self.samples = 0
        self.weight = 0.0
        self.next_look = _FIRST_LOOK

    def add(self, weight: float, points: Sequence[float], made: Sequence[bool] = ()) -> None:
        """Count one sample: its weight and the points of each live option, in the order of ``live``
        (and, when tracked, whether each made the bid)."""
        totals, values = self.totals, self.values
        if self.made is not None:
            for option, hit in zip(self.live, made, strict=True):
                self.made[option].append(hit)
        for option, value in zip(self.live, points, strict=True):
            totals[option] += weight * value
            values[option].append(value)
        self.weights.append(weight)
        self.samples += 1
        self.weight += weight
        if self.samples >= self.next_look and len(self.live) > 1:
            self.next_look = self.samples + (self.samples + 1) // 2
            self.prune()

    def count(self, option: int) -> int:
        """The samples an option was played on (fewer than ``samples`` if it left the race early)."""
        return len(self.values[option])

    def mean(self, option: int) -> float:
        """An option's weighted mean points over the samples it was played on."""
        weight = sum(self.weights[: self.count(option)])
        return self.totals[option] / weight if weight > 0.0 else 0.0

    def chance(self, option: int) -> float:
        """The weighted share of an option's samples in which the player made their bid (tracked only)."""
        if self.made is None:
            raise ValueError("this estimate did not track the bids made")
        hits = self.made[option]
        weights = self.weights[: len(hits)]
        total = sum(weights)
        return sum(w for w, hit in zip(weights, hits, strict=True) if hit) / total if total > 0.0 else 0.0

    def best(self) -> int:
        """The live option with the highest mean; the first of equals, so results do not depend on timing."""
        totals = self.totals
        return max(self.live, key=totals.__getitem__)

    def prune(self) -> None:
        """Drop the options that are surely worse than the leader, or surely worth the same."""
        leader = self.best()
        weights = self.weights
        total = self.weight
        if total <= 0.0:
            return
        lead = self.values[leader]
        kept = []
        for option in self.live:
            if option == leader:
                kept.append(option)
                continue
            # The weighted mean of the paired differences and its standard error (self-normalised).
            diffs = [a - b for a, b in zip(lead, self.values[option], strict=True)]
            mean = sum(w * d for w, d in zip(weights, diffs, strict=True)) / total
            spread = sum((w * (d - mean)) ** 2 for w, d in zip(weights, diffs, strict=True))
            error = _MARGIN * math.sqrt(spread) / total
            if mean - error <= 0.0 and abs(mean) + error >= _SAME_POINTS:
                kept.append(option)
        self.live = kept


# An estimate that tracks the bids made (for advice) goes on sampling its last option up to this many
# deals, so that its chance is not read from a handful; the race, and so its choice, is the same.
_TRACKED_SAMPLES = 96


def _going(estimate: Estimate, deadline: float, max_samples: int) -> bool:
    if estimate.samples >= max_samples:
        return False
    decided = len(estimate.live) < 2 and estimate.samples
    if decided and (estimate.made is None or estimate.samples >= _TRACKED_SAMPLES):
        return False
    return estimate.samples == 0 or time.perf_counter() < deadline


# A bid is read as the bidder's estimate of their hand plus a normal error, of this standard deviation
# (in tricks, more for big hands), from a mean that grows with the hand beyond 4 cards: players bid
# bigger hands above the quick estimate. Measured on 360 bids of hard and PIMC players (6 games, 4
# players), bid minus estimate had a mean of 0.07 tricks and a standard deviation of 0.6 in hands of 1
# to 5 cards, 0.34 and 1.06 in 6 to 10, and 1.06 and 1.56 in 11 to 15 (PIMC; hard 0.48 and 1.31);
# before, the model had no mean and a deviation of 0.8 + 0.08 a card, too wide.
_BID_SPREAD = 0.35
_BID_SPREAD_PER_CARD = 0.085
_BID_BIAS_PER_CARD = 0.06


def bid_likelihood(know: Knowledge, hands: Sequence[int], trump: int) -> float:
    """How well a sampled deal explains the bids made: each is the bidder's estimate plus a normal error."""
    log_weight = 0.0
    players, cards = know.players, know.cards
    spread = 2 * (_BID_SPREAD + _BID_SPREAD_PER_CARD * cards) ** 2
    bias = _BID_BIAS_PER_CARD * max(0, cards - 4)
    for p, bid in enumerate(know.bids):
        if bid is None or p == know.me:
            continue
        off = bid - estimate_tricks(hands[p] | know.played[p], trump, players, cards) - bias
        log_weight -= off * off / spread
    # Never quite zero, so that a deal the bids make unlikely still counts a little.
    return math.exp(max(log_weight, -600.0))


# How likely a player is to let a trick go when they want it, holding a suit card that would lead it
# (or only a special card that would), and to take the lead when they want no trick and hold a card that
# would not: measured on PIMC agents' plays in 4-player games (positions 2 to 4). A player who had no
# such choice was forced, so a sampled hand that leaves them none explains the play fully.
_DUCKED_SUIT = 0.4
_DUCKED_SPECIAL = 0.7
_TOOK_UNWANTED = 0.06


def play_likelihood(know: Knowledge, hands: Sequence[int]) -> float:
    """How well a sampled deal explains the plays that went against the players' bids (``hints``): a
    trick let go while wanted is likelier from a hand with no winner, one taken while unwanted from a
    hand with no loser."""
    weight = 1.0
    strengths = STRENGTH[know.trump]
    for p, led, best, position, want, later in know.hints:
        table = strengths[position & 1]
        winner = special = loser = False
        for code in legal_codes(hands[p] | later, led):
            if code == EXCALIBUR_FACE or table[NEXT_LED[led][code]][code] <= best:
                loser = True
            elif code < 52:
                winner = True
            else:
                special = True
        if want:
            weight *= _DUCKED_SUIT if winner else _DUCKED_SPECIAL if special else 1.0
        elif loser:
            weight *= _TOOK_UNWANTED
    return weight


def _opening_bids(know: Knowledge, hands: Sequence[int], trump: int) -> list[int]:
    """The bids made so far, and a quick bid for every player still to bid (on their sampled hand)."""
    return [
        bid if bid is not None else heuristic_bid(hands[p], trump, know.players, know.cards)
        for p, bid in enumerate(know.bids)
    ]


# How much the other players' points of the round count against a player's own when it chooses a card:
# a trick that makes an opponent miss their bid is worth taking (or leaving to them) as much as a point
# of one's own. Measured on 24 deal seeds against three PIMC agents, paired with playing for one's own
# points alone: win share +12.0 ± 12.3 points of percentage (34.9% against 22.9%).
_RIVALRY = 1.0


def utility(know: Knowledge, bids: Sequence[int], tricks: Sequence[int], null: int) -> float:
    """What a card's outcome is worth to this player: its round score minus the other players' mean
    score (``_RIVALRY``); the Saboteur dealer, who scores 20 whatever happens, counts only the latter."""
    me, cards = know.me, know.cards
    # The Saboteur dealer's 20 points do not depend on the cards: the others leave it out.
    rivals = [p for p in range(know.players) if p not in (me, know.saboteur)]
    others = sum(round_points(bids[p], tricks[p], null, cards) for p in rivals) / max(1, len(rivals))
    own = round_points(bids[me], tricks[me], null, cards) if me != know.saboteur else 0
    return own - _RIVALRY * others


def bid_values(
    know: Knowledge,
    rng: random.Random,
    deadline: float,
    max_samples: int,
    candidates: Sequence[int],
    track: bool = False,
) -> Estimate:
    """Expected points of each candidate bid, the other players bidding quickly on their sampled hands
    (``track``: and how often each is made)."""
    trump = know.trump
    estimate = Estimate(candidates, track)
    me, cards = know.me, know.cards
    start = TrickState(know.leader, (), trump, [0] * know.players, 0, cards)
    memo: PolicyMemo = {}
    while _going(estimate, deadline, max_samples):
        hands = know.sample(rng)
        weight = bid_likelihood(know, hands, trump)
        bids = _opening_bids(know, hands, trump)
        points = []
        made = []
        for bid in estimate.live:
            bids[me] = bid
            tricks, null = play_out(hands.copy(), bids, trump, start, memo=memo)
            own = round_points(bid, tricks[me], null, cards)
            made.append(own > 0)
            points.append(own)
        estimate.add(weight, points, made)
    return estimate


def trump_race(
    know: Knowledge, rng: random.Random, deadline: float, max_samples: int, candidates: Sequence[int]
) -> tuple[Estimate, dict[int, Estimate]]:
    """For the dealer choosing trump: the expected points of each suit, with the best bid for it; and for
    each suit the points of each candidate bid summed over the deals (``totals``, over ``weight``),
    which say what bid makes a suit worth its figure."""
    estimate = Estimate(range(4))
    per_suit = {suit: Estimate(candidates) for suit in range(4)}
    me, cards = know.me, know.cards
    start = {suit: TrickState(know.leader, (), suit, [0] * know.players, 0, cards) for suit in range(4)}
    memos: list[PolicyMemo] = [{} for _ in range(4)]
    while _going(estimate, deadline, max_samples):
        hands = know.sample(rng)
        for suit in range(4):
            bids = _opening_bids(know, hands, suit)
            totals = per_suit[suit].totals
            for bid in candidates:
                bids[me] = bid
                tricks, null = play_out(hands.copy(), bids, suit, start[suit], memo=memos[suit])
                totals[bid] += round_points(bid, tricks[me], null, cards)
            per_suit[suit].samples += 1
            per_suit[suit].weight += 1.0
        estimate.samples += 1
        estimate.weight += 1.0
    for suit in range(4):
        estimate.totals[suit] = max(per_suit[suit].totals.values())
    return estimate, per_suit


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
    know: Knowledge,
    rng: random.Random,
    deadline: float,
    max_samples: int,
    options: Sequence[int],
    track: bool = False,
) -> Estimate:
    """Expected points of each play code, everyone playing greedily after it (``track``: and how often
    the player makes their bid after each)."""
    estimate = Estimate(options, track)
    me, cards = know.me, know.cards
    trump = know.trump
    state = TrickState(know.leader, know.trick, trump, know.tricks, know.null, know.remaining_tricks())
    unknown = None in know.bids
    bids = [0 if bid is None else bid for bid in know.bids]
    memo: PolicyMemo = {}
    while _going(estimate, deadline, max_samples):
        hands = know.sample(rng)
        weight = bid_likelihood(know, hands, trump) * play_likelihood(know, hands)
        if unknown:  # read the bids it cannot see from the sampled hands, as dealt
            dealt = [hand | played for hand, played in zip(hands, know.played, strict=True)]
            bids = _opening_bids(know, dealt, trump)
        points = []
        made = []
        for code in estimate.live:
            tricks, null = play_out(hands.copy(), bids, trump, state, code, memo)
            points.append(utility(know, bids, tricks, null))
            if track:
                made.append(round_points(bids[me], tricks[me], null, cards) > 0)
        estimate.add(weight, points, made)
    return estimate


def forehead_values(know: Knowledge, trump: int, candidates: Sequence[int]) -> dict[int, float]:
    """The Forehead round, exactly: the mean points of each bid over every card this player might hold."""
    return {
        bid: sum(points) / max(1, len(points))
        for bid, points in forehead_outcomes(know, trump, candidates).items()
    }


def forehead_outcomes(know: Knowledge, trump: int, candidates: Sequence[int]) -> dict[int, list[int]]:
    """The Forehead round: each bid's points for every card this player might hold, one by one.

    Every other card of the single trick is seen, so each possible own card settles the trick. A Merlin
    played unseen counts as a Jester after a bid of 0, as a Wizard otherwise (the other players' too,
    by their bids when shown; a Wizard when not). A null trick scores nothing (R-5).
    """
    players, me = know.players, know.me
    order = [(know.leader + i) % players for i in range(players)]
    seen: list[int] = []
    for p in order:
        if p == me:
            seen.append(-1)
            continue
        face = FACE_OF_BIT[know.known[p].bit_length() - 1]
        seen.append(MERLIN_AS_JESTER if face == MERLIN_FACE and know.bids[p] == 0 else face)
    mine = order.index(me)
    outcomes: dict[int, list[int]] = {bid: [] for bid in candidates}
    for bit in bits_of(know.unseen):
        face = FACE_OF_BIT[bit]
        for bid in candidates:
            codes = seen.copy()
            codes[mine] = MERLIN_AS_JESTER if face == MERLIN_FACE and bid == 0 else face
            winner, null = resolve(codes, trump, led_state(codes))
            outcomes[bid].append(0 if null else round_score(bid, int(winner == mine)))
    return outcomes
