"""What a player may see of a game, and the results of rounds and games.

The bot renders everything from these values. ``PublicView`` holds no hand at all; ``PlayerView`` adds
exactly one player's own hand, so handing the wrong view to a renderer cannot leak a hand.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple

from wizard_core.cards import Card, Suit
from wizard_core.tricks import MerlinAs

__all__ = [
    "GameResult",
    "Phase",
    "PlayedCard",
    "PlayerView",
    "PublicView",
    "RoundResult",
    "TrickView",
]


class Phase(enum.Enum):
    """Where a game stands. Dealing and scoring happen inside the action that leads to them."""

    CHOOSE_TRUMP = "choose_trump"
    BID = "bid"
    PLAY = "play"
    GAME_OVER = "game_over"


@dataclass(frozen=True, slots=True)
class PlayedCard:
    """One card in a trick: who played it, from which position (1 is the leader), and Merlin's role."""

    player: int
    card: Card
    position: int
    merlin: MerlinAs | None = None

    def __str__(self) -> str:
        if self.merlin is None:
            return str(self.card)
        return f"{self.card} (as {self.merlin.capitalize()})"


@dataclass(frozen=True, slots=True)
class TrickView:
    """A trick, finished or under way. ``winner`` is None while it is open and for a null trick."""

    leader: int
    plays: tuple[PlayedCard, ...]
    winner: int | None
    null: bool = False


class RoundResult(NamedTuple):
    """How a round went: bids, tricks and points per player, and the totals after it."""

    round_number: int
    dealer: int
    cards_per_player: int
    trump: Suit | None
    turned_up: Card | None
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    null_tricks: int
    points: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameResult:
    """Final totals, the place of each player (ties share a place, R-2) and the winners."""

    totals: tuple[int, ...]
    places: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: tuple[RoundResult, ...]

    @property
    def shared_win(self) -> bool:
        """True when players tied on the highest total share the win (R-2)."""
        return len(self.winners) > 1

    def standings(self) -> list[int]:
        """Players from first place to last; tied players in seat order."""
        return sorted(range(len(self.totals)), key=lambda p: (self.places[p], p))


@dataclass(frozen=True)
class PublicView:
    """Everything every player at the table may see. It holds no hand."""

    players: tuple[str, ...]
    edition: str
    phase: Phase
    version: int
    round_number: int
    rounds_total: int
    cards_per_player: int
    dealer: int
    current_player: int | None
    trump: Suit | None
    turned_up: Card | None
    bids: tuple[int | None, ...]
    tricks_won: tuple[int, ...]
    null_tricks: int
    hand_sizes: tuple[int, ...]
    current_trick: TrickView
    completed_tricks: tuple[TrickView, ...]
    totals: tuple[int, ...]
    rounds: tuple[RoundResult, ...]


@dataclass(frozen=True)
class PlayerView(PublicView):
    """The public view plus one player's own hand and, on their turn, what they may do."""

    player: int
    hand: tuple[Card, ...]
    legal_actions: tuple[int, ...]
