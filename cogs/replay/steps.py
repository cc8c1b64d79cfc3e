"""The steps of a replay: a finished game shown trick by trick, each step the table as it stood then.

Plain Python on the rules core (no Discord), so a step can be checked against the game directly.

A round has one step before its first card, once the bids are in (``trick`` 0), then one step per trick,
as its last card went in. Steps before a round's last trick show the table exactly as the game's public
view was at that moment. The round's last card is scored and the next round dealt in the same move, so
its step is the table as that card went in (``GameWalk``'s ``ending``) with the round's scores added: the
trick complete, nobody to play. The game is over, so nothing is secret any more: every step shows the
round's bids (Hidden Bid and Delayed Reveal kept them hidden at the table) and every hand as it was dealt.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from wizard_core import (
    BidsRevealed,
    Card,
    LogEntry,
    PublicView,
    RoundDealt,
    RoundResult,
    RoundScored,
    Rules,
    TrickTaken,
)
from wizard_core.records import GameWalk, Move

__all__ = ["Shown", "Step", "replay_step"]


@dataclass(frozen=True, slots=True, order=True)
class Step:
    """A place in a replay: a round (from 1) and a trick of it (0: the bids are in, no card played)."""

    round: int
    trick: int


@dataclass(frozen=True)
class Shown:
    """What one step shows: the table then (``view``), the round's hands as dealt, by seat, the round's
    scores (``result``), and the hand size of every round played, which says where the steps go."""

    step: Step
    view: PublicView
    hands: tuple[tuple[Card, ...], ...]
    result: RoundResult
    sizes: tuple[int, ...]

    @property
    def last_trick(self) -> bool:
        """Whether this step is its round's last trick (the round is scored in it)."""
        return self.step.trick == self.sizes[self.step.round - 1]

    def previous_trick(self) -> Step | None:
        """The step before this one: the trick before, else the last trick of the round before."""
        round_, trick = self.step.round, self.step.trick
        if trick > 0:
            return Step(round_, trick - 1)
        return Step(round_ - 1, self.sizes[round_ - 2]) if round_ > 1 else None

    def next_trick(self) -> Step | None:
        """The step after this one: the next trick, else the next round's bids."""
        round_, trick = self.step.round, self.step.trick
        if trick < self.sizes[round_ - 1]:
            return Step(round_, trick + 1)
        return Step(round_ + 1, 0) if round_ < len(self.sizes) else None

    def previous_round(self) -> Step | None:
        """The start of the round before."""
        return Step(self.step.round - 1, 0) if self.step.round > 1 else None

    def next_round(self) -> Step | None:
        """The start of the round after."""
        return Step(self.step.round + 1, 0) if self.step.round < len(self.sizes) else None


class _Capture:
    """Walks a game to its end, keeping the table at one step and the round around it."""

    def __init__(self, walk: GameWalk, step: Step) -> None:
        self.walk, self.step = walk, step
        self.sizes: list[int] = []
        self.round = 0
        self.hands: tuple[tuple[Card, ...], ...] = ()
        self.view: PublicView | None = None
        self.result: RoundResult | None = None
        self.dealt()

    def dealt(self) -> None:
        game = self.walk.game
        self.round = game.round_number
        self.sizes.append(game.cards_per_player)
        if self.round == self.step.round:
            self.hands = tuple(tuple(game.hand(seat)) for seat in range(len(game.players)))

    def moved(self, move: Move) -> None:
        here = self.round == self.step.round
        for event in move.events:
            if here and isinstance(event, BidsRevealed) and self.step.trick == 0:
                self.view = self.walk.game.public_view()
            elif here and isinstance(event, TrickTaken) and event.index + 1 == self.step.trick:
                if move.ending is None:  # not the round's last trick: the table as it is now
                    self.view = self.walk.game.public_view()
            elif isinstance(event, RoundScored) and here:
                self.result = event.result
                if move.ending is not None and self.step.trick == event.result.cards_per_player:
                    self.view = _scored(move.ending, event.result)
            elif isinstance(event, RoundDealt):
                self.dealt()
                here = False


def _scored(ending: PublicView, result: RoundResult) -> PublicView:
    """The table as a round's last card went in, with the round scored: nobody is to play."""
    return dataclasses.replace(
        ending,
        current_player=None,
        to_act=(),
        armed_call=None,
        totals=result.totals,
        rounds=(*ending.rounds, result),
    )


def replay_step(
    players: Sequence[str], rules: Rules, seed: int, log: Sequence[LogEntry], step: Step
) -> Shown:
    """One step of a finished game's replay. A ``ValueError`` for a step the game does not have, a
    ``CorruptSaveError`` for a log that does not replay."""
    if step.round < 1 or step.trick < 0:
        raise ValueError(f"the game has no step {step}")
    walk = GameWalk(players, rules, seed, log)
    capture = _Capture(walk, step)
    for move in walk.moves():
        capture.moved(move)
    if not walk.game.is_over:
        raise ValueError("the game is not finished")
    if capture.view is None or capture.result is None:
        raise ValueError(f"the game has no step {step}")
    # The game is over: every bid is shown, the secret ones too.
    view = dataclasses.replace(capture.view, bids=capture.result.bids, bids_secret=False)
    return Shown(step, view, capture.hands, capture.result, tuple(capture.sizes))
