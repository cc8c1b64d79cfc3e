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

A decision reads nothing but the ``PlayerView`` it is given, and draws its samples from its own random
generator. With ``budget_ms=None`` and a number of ``samples`` it is a pure function of the view and the
seed; with a time budget it is anytime: it stops sampling when the time is up (after one sample at least).
"""

from __future__ import annotations

import math
import random
import time
from typing import Literal

from wizard_core.actions import BID_BASE, TRUMP_BASE
from wizard_core.ai.heuristics import choose_trump, heuristic_bid
from wizard_core.ai.knowledge import Knowledge
from wizard_core.ai.search import bid_values, distinct_plays, play_values, trump_values
from wizard_core.ai.sim import TrickState, greedy_play, legal_codes
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
    if view.current_player != view.player or not view.legal_actions:
        raise ValueError(f"it is not {view.players[view.player]}'s turn: there is nothing to decide")
    legal = view.legal_actions
    if len(legal) == 1:
        return legal[0]
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
        code = _bid(know, level, rng, deadline, max_samples)
    else:
        code = _play(know, level, rng, deadline, max_samples)
    if code not in legal:  # a bug, never the player's fault: refuse rather than play it
        raise AssertionError(f"the {level} player chose {code}, not one of {legal}")
    return code


def _candidates(know: Knowledge, trump: int) -> list[int]:
    cards = know.cards
    if cards <= _ALL_BIDS_UP_TO:
        return list(range(cards + 1))
    guess = heuristic_bid(know.hand, trump, know.players, cards)
    return list(range(max(0, guess - _BID_WINDOW), min(cards, guess + _BID_WINDOW) + 1))


def _choose_trump(know: Knowledge, level: Level, rng: random.Random, deadline: float, samples: int) -> int:
    if level == "easy":
        return TRUMP_BASE + choose_trump(know.hand)
    candidates = sorted({bid for suit in range(4) for bid in _candidates(know, suit)})
    estimate = trump_values(know, rng, deadline, samples, candidates)
    return TRUMP_BASE + estimate.best()


def _bid(know: Knowledge, level: Level, rng: random.Random, deadline: float, samples: int) -> int:
    if level == "easy":
        return BID_BASE + heuristic_bid(know.hand, know.trump, know.players, know.cards)
    estimate = bid_values(know, rng, deadline, samples, _candidates(know, know.trump))
    return BID_BASE + estimate.best()


def _play(know: Knowledge, level: Level, rng: random.Random, deadline: float, samples: int) -> int:
    state = TrickState(know.leader, know.trick, know.trump, know.tricks, know.null, know.remaining_tricks())
    if level != "hard":
        bid = know.bids[know.me]
        want = bid is not None and know.tricks[know.me] < bid
        return greedy_play(know.hand, state.led, state.best, state.index, know.players, know.trump, want)
    options = distinct_plays(know, legal_codes(know.hand, state.led))
    if len(options) == 1:
        return options[0]
    return play_values(know, rng, deadline, samples, options).best()


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
