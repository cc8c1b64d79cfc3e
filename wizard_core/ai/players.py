"""The three levels of computer player, behind one function: ``decide(view, level)``.

- ``easy``: a quick heuristic. It bids the tricks its cards are worth (``heuristics``) and plays the
  greedy policy: take the trick cheaply while the bid is not made, get rid of dangerous cards after.
- ``medium``: bids the bid with the best expected score over sampled deals of the unseen cards (each
  played out greedily, the players still to bid bidding quickly), and chooses trump the same way, with
  less than a third of the hard level's work and at most 60 deals; plays like ``easy``.
- ``hard``: bids and chooses trump like ``medium`` with more work, and chooses each card by
  determinized search: every sample deals the unseen cards consistently with what it has seen (voids
  included, and weighted by how well it explains the bids and the plays that went against a bid: a trick
  let go while wanted, or taken while not), plays each distinct legal card followed by the greedy policy
  for everyone to the end of the round, and the card with the best mean round score, less the other
  players' mean round score, is played: making an opponent miss counts.

The variants change what a player knows and wants, never how a level thinks. Bids come from the legal
actions (so the bid limits hold); bids it cannot see are read from the sampled hands; a hidden hand
(Third Time's The Harm) is sampled like the others' hands, and an easy player bids the average share
of the tricks; the Forehead round is settled exactly, over every card the player might hold; the
Saboteur dealer plays to make the others miss. In Smyrna Style easy and medium players always make
the call, while the hard player also weighs playing a Wizard or Jester without it, as the opposite card;
a call once made is followed by its card.

A decision reads nothing but the ``PlayerView`` it is given, and draws its samples from its own random
generator. Its budget counts work, not time: ``work`` is a number of simulated card plays (``DEFAULT_WORK``
per level), which buys each decision a number of sampled deals fixed by the view alone: a sample costs
one playout of the rest of the round per option weighed, plus the deal itself (``sample_cost``). Those
deals are the most a decision samples: its options race (``search.Estimate``), and the race usually
ends sooner, once the samples show which option is best or that the ones left are worth the same,
after a number of deals fixed by the view and the seed. So the strength of a level does not depend on
how busy the host is, and a decision is a pure function of the view and the seed. The wall-time cap
``cap_ms`` is only a safety net: a decision that reaches it stops sampling at once (after one sample at
least; it may overrun by one sample), weaker and no longer reproducible; ``Decision.capped`` says so.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Literal

from wizard_core.actions import BID_BASE, CALL_FESTER, CALL_GIZZARD, PLAY_HIDDEN, TRUMP_BASE
from wizard_core.ai.heuristics import choose_trump, heuristic_bid
from wizard_core.ai.knowledge import Knowledge
from wizard_core.ai.search import (
    Estimate,
    bid_values,
    distinct_plays,
    forehead_values,
    play_values,
    trump_race,
)
from wizard_core.ai.sim import TrickState, greedy_play, legal_codes
from wizard_core.cards import JESTER_FACE, WIZARD_FACE
from wizard_core.tricks import JESTER_AS_WIZARD, WIZARD_AS_JESTER
from wizard_core.views import Phase, PlayerView

__all__ = [
    "DEFAULT_CAP_MS",
    "DEFAULT_WORK",
    "LEVELS",
    "ComputerPlayer",
    "Decision",
    "Level",
    "decide",
    "deliberate",
    "sample_cost",
]

Level = Literal["easy", "medium", "hard"]
LEVELS: tuple[Level, ...] = ("easy", "medium", "hard")

# The most work of one decision, in simulated card plays, and the most deals it samples. Racing the
# options (``search.Estimate``) spends about a third of the hard level's work on average; beyond 400
# deals, or 50,000 card plays, a hard decision's choice hardly changes any more (measured as the points
# lost against options valued over 4,000 deals, ``docs/computers.md``). Medium bids with 15,000 and at
# most 60 deals, as it always did.
DEFAULT_WORK: dict[Level, int] = {"easy": 0, "medium": 15_000, "hard": 50_000}
_MAX_SAMPLES: dict[Level, int] = {"easy": 0, "medium": 60, "hard": 400}
# The safety net: the longest a decision may sample, in milliseconds, unless the caller says otherwise.
DEFAULT_CAP_MS = 1000.0
# What dealing and weighing one sample costs besides its playouts, in card plays: this much, plus one
# per this many unseen cards (fitted on the development machine, where a card play took about 1.3 µs).
_SAMPLE_OVERHEAD = 20
_UNSEEN_PER_PLAY = 4
# Hands of up to this many cards consider every bid; larger ones a window around the quick estimate.
_ALL_BIDS_UP_TO = 7
_BID_WINDOW = 3


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision and the work it took: the deals it sampled, of the ``planned`` ones its budget bought.

    A decision samples fewer than ``planned`` deals when the race between its options is decided early
    (see ``search.Estimate``), or when the wall-time cap cut it short (``capped``). A decision that
    needs no sampling (one legal action or one distinct card, the easy level, the Forehead round, the
    medium level's cards) has 0 of 0.
    """

    action: int
    samples: int = 0
    planned: int = 0
    capped: bool = False


def sample_cost(know: Knowledge, playouts: int) -> int:
    """The work of one sampled deal, in card plays: ``playouts`` playouts of the round's remaining cards
    (one per option weighed), plus dealing and weighing the deal."""
    return playouts * sum(know.hand_sizes) + _SAMPLE_OVERHEAD + know.unseen.bit_count() // _UNSEEN_PER_PLAY


class Budget:
    """How many deals a decision may sample (fixed by the view and the work), and when it must stop."""

    __slots__ = ("capped", "deadline", "fixed", "limit", "planned", "samples", "work")

    def __init__(self, level: Level, work: int | None, samples: int | None, cap_ms: float | None) -> None:
        if (work is not None and work < 0) or (samples is not None and samples < 1):
            raise ValueError("work must not be negative, and samples must be at least 1")
        if cap_ms is not None and not cap_ms >= 0:
            raise ValueError("the cap must be a number of milliseconds, 0 or more")
        self.deadline = math.inf if cap_ms is None else time.perf_counter() + cap_ms / 1000
        self.work = DEFAULT_WORK[level] if work is None else work
        self.fixed = samples
        self.limit = _MAX_SAMPLES[level]
        self.planned = self.samples = 0
        self.capped = False

    def plan(self, know: Knowledge, playouts: int) -> int:
        """The number of deals to sample when each plays ``playouts`` playouts; at least one."""
        if self.fixed is not None:
            self.planned = self.fixed
        else:
            self.planned = max(1, min(self.limit, self.work // sample_cost(know, playouts)))
        return self.planned

    def spent(self, estimate: Estimate) -> int:
        """Note the deals an estimate sampled, and whether the cap stopped it in a race still open; its
        best option."""
        self.samples = estimate.samples
        self.capped = estimate.samples < self.planned and len(estimate.live) > 1
        return estimate.best()


def decide(
    view: PlayerView,
    level: Level = "hard",
    *,
    seed: int | None = None,
    rng: random.Random | None = None,
    work: int | None = None,
    samples: int | None = None,
    cap_ms: float | None = DEFAULT_CAP_MS,
) -> int:
    """The action code a computer player of ``level`` chooses, seeing nothing but ``view``.

    Randomness comes from ``rng``, else from a generator seeded with ``seed``. ``work`` (card plays,
    ``DEFAULT_WORK[level]`` by default) fixes the number of sampled deals, or ``samples`` gives it
    outright; ``cap_ms`` bounds the time spent sampling (``None``: no bound). See ``deliberate``.
    """
    return deliberate(view, level, seed=seed, rng=rng, work=work, samples=samples, cap_ms=cap_ms).action


def deliberate(
    view: PlayerView,
    level: Level = "hard",
    *,
    seed: int | None = None,
    rng: random.Random | None = None,
    work: int | None = None,
    samples: int | None = None,
    cap_ms: float | None = DEFAULT_CAP_MS,
) -> Decision:
    """Like ``decide``, with the number of deals sampled and planned: the same view and seed give the
    same decision on any host, unless the cap cut it short."""
    if not isinstance(view, PlayerView):
        raise TypeError(f"decide takes a PlayerView (game.view(player)), not {type(view).__name__}")
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
    budget = Budget(level, work, samples, cap_ms)
    acting = view.to_act or ((view.current_player,) if view.current_player is not None else ())
    if view.player not in acting or not view.legal_actions:
        raise ValueError(f"it is not {view.players[view.player]}'s turn: there is nothing to decide")
    legal = view.legal_actions
    if len(legal) == 1:
        return Decision(legal[0])
    if view.armed_call is not None:  # the call is made: now its card
        return Decision(WIZARD_FACE if view.armed_call == "gizzard" else JESTER_FACE)
    if rng is None:
        rng = random.Random(seed)
    know = Knowledge(view)
    if view.phase is Phase.CHOOSE_TRUMP:
        code = _choose_trump(know, level, rng, budget)
    elif view.phase is Phase.BID:
        code = _bid(know, level, rng, budget, legal)
    else:
        code = _play(know, level, rng, budget, legal)
    if code not in legal:  # a bug, never the player's fault: refuse rather than play it
        raise AssertionError(f"the {level} player chose {code}, not one of {legal}")
    return Decision(code, budget.samples, budget.planned, budget.capped)


def _blind_bid(know: Knowledge) -> int:
    """A bid without seeing the hand: the player's share of the tricks."""
    return int(know.cards / know.players + 0.5)


def _candidates(know: Knowledge, trump: int, legal: tuple[int, ...] | None = None) -> list[int]:
    cards = know.cards
    if cards <= _ALL_BIDS_UP_TO:
        bids = list(range(cards + 1))
    else:
        guess = _blind_bid(know) if know.blind else heuristic_bid(know.hand, trump, know.players, cards)
        bids = list(range(max(0, guess - _BID_WINDOW), min(cards, guess + _BID_WINDOW) + 1))
    if legal is None:
        return bids
    allowed = [code - BID_BASE for code in legal]
    return [bid for bid in bids if BID_BASE + bid in legal] or allowed


def _closest(bid: int, legal: tuple[int, ...]) -> int:
    """The legal bid code nearest to ``bid`` (a bid limit may take the wanted one away)."""
    return min(legal, key=lambda code: (abs(code - BID_BASE - bid), code))


def _forehead_bid(know: Knowledge, trump: int, legal: tuple[int, ...]) -> tuple[int, float]:
    values = forehead_values(know, trump, [code - BID_BASE for code in legal])
    best = max(values, key=values.__getitem__)
    return best, values[best]


def _choose_trump(know: Knowledge, level: Level, rng: random.Random, budget: Budget) -> int:
    if know.forehead:
        values = forehead_trumps(know)
        return TRUMP_BASE + max(range(4), key=lambda suit: values[suit][1])
    if know.blind or know.me == know.saboteur:
        # Unseen, no suit is better than another; the Saboteur dealer keeps the suit it is strongest in.
        return TRUMP_BASE + (rng.randrange(4) if know.blind else choose_trump(know.hand))
    if level == "easy":
        return TRUMP_BASE + choose_trump(know.hand)
    return TRUMP_BASE + budget.spent(trump_estimate(know, rng, budget)[0])


def forehead_trumps(know: Knowledge) -> dict[int, tuple[int, float]]:
    """For the dealer of the Forehead round choosing trump: each suit's best bid and its expected points."""
    bids = tuple(range(BID_BASE, BID_BASE + 2))
    return {suit: _forehead_bid(know, suit, bids) for suit in range(4)}


def trump_estimate(
    know: Knowledge, rng: random.Random, budget: Budget
) -> tuple[Estimate, dict[int, Estimate]]:
    """The race of the four suits, as the medium and hard levels run it for a dealer who sees their hand:
    each suit's expected points with its best bid, and each bid's totals by suit (``search.trump_race``)."""
    candidates = sorted({bid for suit in range(4) for bid in _candidates(know, suit)})
    samples = budget.plan(know, 4 * len(candidates))
    return trump_race(know, rng, budget.deadline, samples, candidates)


def _bid(know: Knowledge, level: Level, rng: random.Random, budget: Budget, legal: tuple[int, ...]) -> int:
    if know.forehead:
        return BID_BASE + _forehead_bid(know, know.trump, legal)[0]
    if level == "easy":
        if know.blind:
            return _closest(_blind_bid(know), legal)
        return _closest(heuristic_bid(know.hand, know.trump, know.players, know.cards), legal)
    return BID_BASE + budget.spent(bid_estimate(know, rng, budget, legal))


def bid_estimate(
    know: Knowledge, rng: random.Random, budget: Budget, legal: tuple[int, ...], track: bool = False
) -> Estimate:
    """The race of the candidate bids, as the medium and hard levels run it (``track``: see ``Estimate``)."""
    candidates = _candidates(know, know.trump, legal)
    samples = budget.plan(know, len(candidates))
    return bid_values(know, rng, budget.deadline, samples, candidates, track)


def play_action(code: int, legal: tuple[int, ...]) -> int:
    """The action that plays a play code: a Wizard or Jester meant as itself needs its Smyrna call first."""
    if code == WIZARD_AS_JESTER:
        return WIZARD_FACE
    if code == JESTER_AS_WIZARD:
        return JESTER_FACE
    if code == WIZARD_FACE and CALL_GIZZARD in legal:
        return CALL_GIZZARD
    if code == JESTER_FACE and CALL_FESTER in legal:
        return CALL_FESTER
    return code


def _play(know: Knowledge, level: Level, rng: random.Random, budget: Budget, legal: tuple[int, ...]) -> int:
    if PLAY_HIDDEN in legal:
        return PLAY_HIDDEN
    state = TrickState(know.leader, know.trick, know.trump, know.tricks, know.null, know.remaining_tricks())
    if level != "hard":
        bid = know.bids[know.me]
        # The Saboteur dealer has no bid: it ducks, leaving the tricks to fall where they hurt.
        want = bid is not None and know.tricks[know.me] < bid
        code = greedy_play(know.hand, state.led, state.best, state.index, know.players, know.trump, want)
        return play_action(code, legal)
    options = play_options(know, state, legal)
    if len(options) == 1:
        return play_action(options[0], legal)
    return play_action(budget.spent(play_estimate(know, rng, budget, options)), legal)


def play_options(know: Knowledge, state: TrickState, legal: tuple[int, ...]) -> list[int]:
    """The play codes the hard level weighs: the distinct legal cards, and in Smyrna Style a Wizard or
    Jester played without its call, as the opposite card."""
    options = distinct_plays(know, legal_codes(know.hand, state.led))
    if CALL_GIZZARD in legal and WIZARD_FACE in options:
        options.append(WIZARD_AS_JESTER)
    if CALL_FESTER in legal and JESTER_FACE in options:
        options.append(JESTER_AS_WIZARD)
    return options


def play_estimate(
    know: Knowledge, rng: random.Random, budget: Budget, options: list[int], track: bool = False
) -> Estimate:
    """The race of the play codes, as the hard level runs it (``track``: see ``Estimate``)."""
    samples = budget.plan(know, len(options))
    return play_values(know, rng, budget.deadline, samples, options, track)


class ComputerPlayer:
    """A computer player of one level with its own random generator, for one seat of a table."""

    __slots__ = ("cap_ms", "level", "rng", "samples", "work")

    def __init__(
        self,
        level: Level = "hard",
        *,
        seed: int | None = None,
        work: int | None = None,
        samples: int | None = None,
        cap_ms: float | None = DEFAULT_CAP_MS,
    ) -> None:
        """A player of ``level``; ``seed`` fixes its random generator (see ``decide`` for the rest)."""
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
        self.level: Level = level
        self.rng = random.Random(seed)
        self.work = work
        self.samples = samples
        self.cap_ms = cap_ms

    def decide(self, view: PlayerView) -> int:
        """The action code this player chooses on its turn, seeing only ``view``."""
        return self.deliberate(view).action

    def deliberate(self, view: PlayerView) -> Decision:
        """This player's decision on its turn, with the deals it sampled."""
        return deliberate(
            view, self.level, rng=self.rng, work=self.work, samples=self.samples, cap_ms=self.cap_ms
        )

    def __repr__(self) -> str:
        return (
            f"ComputerPlayer({self.level!r}, work={self.work!r}, samples={self.samples!r}, "
            f"cap_ms={self.cap_ms!r})"
        )
