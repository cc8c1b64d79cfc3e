"""The three levels of computer player, behind one function: ``decide(view, level)``.

- ``easy``: a quick heuristic. It bids the tricks its cards are worth (``heuristics``) and plays the
  greedy policy: take the trick cheaply while the bid is not made, get rid of dangerous cards after.
- ``medium``: bids the bid with the best expected score over sampled deals of the unseen cards (each
  played out greedily, the players still to bid bidding quickly), and chooses trump the same way, with
  a fifth of the budget and at most 60 deals; plays like ``easy``.
- ``hard``: bids and chooses trump like ``medium`` with the whole budget, and chooses each card by
  determinized search: every sample deals the unseen cards consistently with what it has seen (voids
  included, and weighted by how well it explains the bids), plays each distinct legal card followed by
  the greedy policy for everyone to the end of the round, and the card with the best mean round score
  is played.

The variants change what a player knows and wants, never how a level thinks. Bids come from the legal
actions (so the bid limits hold); bids it cannot see are read from the sampled hands; a hidden hand
(Third Time's The Harm) is sampled like the others' hands, and an easy player bids the average share
of the tricks; the Forehead round is settled exactly, over every card the player might hold; the
Saboteur dealer plays to make the others miss. In Smyrna Style easy and medium players always make
the call, while the hard player also weighs playing a Wizard or Jester without it, as the opposite card;
a call once made is followed by its card.

A decision reads nothing but the ``PlayerView`` it is given, and draws its samples from its own random
generator. With ``budget_ms=None`` and a number of ``samples`` it is a pure function of the view and the
seed; with a time budget it is anytime: it stops sampling when the time is up (after one sample at least).
"""

from __future__ import annotations

import math
import random
import time
from typing import Literal

from wizard_core.actions import BID_BASE, CALL_FESTER, CALL_GIZZARD, PLAY_HIDDEN, TRUMP_BASE
from wizard_core.ai.heuristics import choose_trump, heuristic_bid
from wizard_core.ai.knowledge import Knowledge
from wizard_core.ai.search import bid_values, distinct_plays, forehead_values, play_values, trump_values
from wizard_core.ai.sim import TrickState, greedy_play, legal_codes
from wizard_core.cards import JESTER_FACE, WIZARD_FACE
from wizard_core.tricks import JESTER_AS_WIZARD, WIZARD_AS_JESTER
from wizard_core.views import Phase, PlayerView

__all__ = ["DEFAULT_BUDGET_MS", "LEVELS", "ComputerPlayer", "Level", "decide"]

Level = Literal["easy", "medium", "hard"]
LEVELS: tuple[Level, ...] = ("easy", "medium", "hard")

# The time a hard decision may take by default; medium uses at most a fifth of it.
DEFAULT_BUDGET_MS = 100.0
# Samples when no time budget is given, and medium's cap.
_DEFAULT_SAMPLES = {"easy": 0, "medium": 60, "hard": 200}
_MEDIUM_SHARE = 0.2
# Hands of up to this many cards consider every bid; larger ones a window around the quick estimate.
_ALL_BIDS_UP_TO = 7
_BID_WINDOW = 3


def decide(
    view: PlayerView,
    level: Level = "hard",
    *,
    seed: int | None = None,
    rng: random.Random | None = None,
    budget_ms: float | None = DEFAULT_BUDGET_MS,
    samples: int | None = None,
) -> int:
    """The action code a computer player of ``level`` chooses, seeing nothing but ``view``.

    Randomness comes from ``rng``, else from a generator seeded with ``seed``. ``budget_ms`` bounds the
    time spent sampling, ``samples`` the number of sampled deals; ``None`` for both uses a fixed number.
    """
    if not isinstance(view, PlayerView):
        raise TypeError(f"decide takes a PlayerView (game.view(player)), not {type(view).__name__}")
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
    acting = view.to_act or ((view.current_player,) if view.current_player is not None else ())
    if view.player not in acting or not view.legal_actions:
        raise ValueError(f"it is not {view.players[view.player]}'s turn: there is nothing to decide")
    legal = view.legal_actions
    if len(legal) == 1:
        return legal[0]
    if view.armed_call is not None:  # the call is made: now its card
        return WIZARD_FACE if view.armed_call == "gizzard" else JESTER_FACE
    if rng is None:
        rng = random.Random(seed)
    know = Knowledge(view)
    if budget_ms is None:
        deadline = math.inf
        max_samples = samples if samples is not None else _DEFAULT_SAMPLES[level]
    else:
        share = _MEDIUM_SHARE if level == "medium" else 1.0
        deadline = time.perf_counter() + budget_ms * share / 1000
        max_samples = samples if samples is not None else 1 << 30
        if level == "medium":
            max_samples = min(max_samples, _DEFAULT_SAMPLES["medium"])
    if view.phase is Phase.CHOOSE_TRUMP:
        code = _choose_trump(know, level, rng, deadline, max_samples)
    elif view.phase is Phase.BID:
        code = _bid(know, level, rng, deadline, max_samples, legal)
    else:
        code = _play(know, level, rng, deadline, max_samples, legal)
    if code not in legal:  # a bug, never the player's fault: refuse rather than play it
        raise AssertionError(f"the {level} player chose {code}, not one of {legal}")
    return code


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


def _choose_trump(know: Knowledge, level: Level, rng: random.Random, deadline: float, samples: int) -> int:
    if know.forehead:
        bids = tuple(range(BID_BASE, BID_BASE + 2))
        return TRUMP_BASE + max(range(4), key=lambda suit: _forehead_bid(know, suit, bids)[1])
    if know.blind or know.me == know.saboteur:
        # Unseen, no suit is better than another; the Saboteur dealer keeps the suit it is strongest in.
        return TRUMP_BASE + (rng.randrange(4) if know.blind else choose_trump(know.hand))
    if level == "easy":
        return TRUMP_BASE + choose_trump(know.hand)
    candidates = sorted({bid for suit in range(4) for bid in _candidates(know, suit)})
    estimate = trump_values(know, rng, deadline, samples, candidates)
    return TRUMP_BASE + estimate.best()


def _bid(
    know: Knowledge, level: Level, rng: random.Random, deadline: float, samples: int, legal: tuple[int, ...]
) -> int:
    if know.forehead:
        return BID_BASE + _forehead_bid(know, know.trump, legal)[0]
    if level == "easy":
        if know.blind:
            return _closest(_blind_bid(know), legal)
        return _closest(heuristic_bid(know.hand, know.trump, know.players, know.cards), legal)
    estimate = bid_values(know, rng, deadline, samples, _candidates(know, know.trump, legal))
    return BID_BASE + estimate.best()


def _action(code: int, legal: tuple[int, ...]) -> int:
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


def _play(
    know: Knowledge, level: Level, rng: random.Random, deadline: float, samples: int, legal: tuple[int, ...]
) -> int:
    if PLAY_HIDDEN in legal:
        return PLAY_HIDDEN
    state = TrickState(know.leader, know.trick, know.trump, know.tricks, know.null, know.remaining_tricks())
    if level != "hard":
        bid = know.bids[know.me]
        # The Saboteur dealer has no bid: it ducks, leaving the tricks to fall where they hurt.
        want = bid is not None and know.tricks[know.me] < bid
        code = greedy_play(know.hand, state.led, state.best, state.index, know.players, know.trump, want)
        return _action(code, legal)
    options = distinct_plays(know, legal_codes(know.hand, state.led))
    if CALL_GIZZARD in legal and WIZARD_FACE in options:
        options.append(WIZARD_AS_JESTER)
    if CALL_FESTER in legal and JESTER_FACE in options:
        options.append(JESTER_AS_WIZARD)
    if len(options) == 1:
        return _action(options[0], legal)
    return _action(play_values(know, rng, deadline, samples, options).best(), legal)


class ComputerPlayer:
    """A computer player of one level with its own random generator, for one seat of a table."""

    __slots__ = ("budget_ms", "level", "rng", "samples")

    def __init__(
        self,
        level: Level = "hard",
        *,
        seed: int | None = None,
        budget_ms: float | None = DEFAULT_BUDGET_MS,
        samples: int | None = None,
    ) -> None:
        """A player of ``level``; ``seed`` fixes its random generator (see ``decide`` for the rest)."""
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
        self.level: Level = level
        self.rng = random.Random(seed)
        self.budget_ms = budget_ms
        self.samples = samples

    def decide(self, view: PlayerView) -> int:
        """The action code this player chooses on its turn, seeing only ``view``."""
        return decide(view, self.level, rng=self.rng, budget_ms=self.budget_ms, samples=self.samples)

    def __repr__(self) -> str:
        return f"ComputerPlayer({self.level!r}, budget_ms={self.budget_ms!r}, samples={self.samples!r})"
