"""What a move caused, as values: ``Game.apply`` returns them, in the order they happened.

Most moves cause nothing worth telling beyond the move itself (a card played into a trick, a bid that
is not the last, a Smyrna Style call): ``apply`` returns an empty tuple for them. The others return one
or more of these events, so a program announces them without comparing the game before and after:

- the dealer chose trump: ``TrumpChosen``;
- the last bid of a round is in: ``BidsRevealed``;
- a trick's last card is in: ``TrickTaken``, then, if it was the round's last trick, ``RoundScored``,
  ``PlayerOut`` if Nannie's Rule eliminated someone, and ``GameOver`` or ``RoundDealt``.

Every event is public: it holds nothing that not every player at the table may see. ``hands_changed``
says whether a move's events change what the players are shown of their own hands.

>>> from wizard_core import Game, Bid
>>> game = Game(3, seed=7)
>>> game.apply(Bid(0)), game.apply(Bid(1))
((), ())
>>> game.apply(Bid(0))
(BidsRevealed(round_number=1, hands_hidden=False, bids=(1, 0, 0), secret=False),)
>>> game.apply(game.legal_actions()[0])
()
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeAlias

from wizard_core.cards import Suit
from wizard_core.views import GameResult, RoundResult

__all__ = [
    "BidsRevealed",
    "Event",
    "GameOver",
    "PlayerOut",
    "RoundDealt",
    "RoundScored",
    "TrickTaken",
    "TrumpChosen",
    "hands_changed",
]


@dataclass(frozen=True, slots=True)
class TrumpChosen:
    """The dealer of round ``round_number``, seat ``chooser``, named ``suit`` trump (a Wizard, or in the
    Camelot edition another special card, was turned up). The bidding starts; every hand now shows which
    of its cards are trump."""

    round_number: int
    suit: Suit
    chooser: int


@dataclass(frozen=True, slots=True)
class BidsRevealed:
    """The last bid of round ``round_number`` is in: the bidding is over and the play starts.

    ``hands_hidden`` is True when the players bid without seeing their own hands: a Third Time's The
    Harm round (whose hands are shown from now on) or the Forehead card round (whose single cards stay
    unseen, to be played blind). Either way each player's view of their hand changes with this move.

    ``bids`` are the bids as everyone may now see them, in seat order, None for a player who did not
    bid (the Wizard Saboteur dealer, a player out under Nannie's Rule). ``secret`` is True under Delayed
    Reveal Bid, where bids made at once stay hidden until the round's last trick: ``bids`` is then all
    None, and the bids are first seen in the round's ``RoundScored``.
    """

    round_number: int
    hands_hidden: bool
    bids: tuple[int | None, ...]
    secret: bool = False


@dataclass(frozen=True, slots=True)
class TrickTaken:
    """A trick's last card is in. ``taker`` is the seat that takes the trick and leads the next one, or
    None for a null trick (Camelot's Excalibur), which counts for nobody; ``index`` is the trick's place
    in its round, from 0 (its index in ``completed_tricks`` until the round ends)."""

    taker: int | None
    index: int


@dataclass(frozen=True, slots=True)
class RoundScored:
    """Round ``round_number`` is over and scored: ``result`` holds its bids (every one revealed), tricks,
    points and the totals after it. It is the last entry of ``Game.round_results`` from now on, and
    ``round_number`` is the number of rounds scored so far."""

    round_number: int
    result: RoundResult


@dataclass(frozen=True, slots=True)
class PlayerOut:
    """Nannie's Rule eliminated the players at ``seats`` after round ``round_number``: they no longer
    deal, bid or play, and their totals freeze. It follows that round's ``RoundScored``."""

    round_number: int
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoundDealt:
    """Round ``round_number`` was dealt, ``cards_per_player`` cards each, by seat ``dealer``: every hand
    is new. It follows the previous round's ``RoundScored``; the first round is dealt when the game is
    created, which no move returns."""

    round_number: int
    dealer: int
    cards_per_player: int


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game ended with the round scored just before this event (the last round, or under Nannie's
    Rule when one player remains): ``result`` holds the final standings, as ``Game.result()`` does."""

    result: GameResult


Event: TypeAlias = TrumpChosen | BidsRevealed | TrickTaken | RoundScored | PlayerOut | RoundDealt | GameOver
"""Anything ``Game.apply`` may return."""


def hands_changed(events: Iterable[Event]) -> bool:
    """True if these events change what the players are shown of their own hands, beyond the cards they
    play: a new round was dealt, trump was chosen (the trump cards are marked), or a bidding made
    without seeing the hands ended (``BidsRevealed.hands_hidden``).

    >>> hands_changed([TrickTaken(2, 0)]), hands_changed([BidsRevealed(3, True, (1, 0, 2))])
    (False, True)
    """
    return any(
        isinstance(event, RoundDealt | TrumpChosen)
        or (isinstance(event, BidsRevealed) and event.hands_hidden)
        for event in events
    )
