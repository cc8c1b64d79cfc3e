"""What a player may see of a game, and the results of rounds and games.

The bot renders everything from these values. ``PublicView`` holds no hand at all; ``PlayerView`` adds
exactly one player's own hand, so handing the wrong view to a renderer cannot leak a hand.

Fields added for the variants come last, keyword-only and with defaults that describe a game without
variants, so code that builds these values by position keeps working.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import NamedTuple

from wizard_core.actions import Action, Bid, Call, CallName, Play, PlayHidden, decode
from wizard_core.cards import JESTER, MERLIN, WIZARD, Card, Suit
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
    """One card in a trick: who played it, from which position (1 is the leader), and Merlin's role.

    ``flipped`` is Smyrna Style's forgotten call: a Wizard that counts as a Jester, or a Jester that
    counts as a Wizard, in every respect.
    """

    player: int
    card: Card
    position: int
    merlin: MerlinAs | None = None
    flipped: bool = False

    def __str__(self) -> str:
        if self.flipped:
            return f"{self.card} (as {'Jester' if self.card.face == 52 else 'Wizard'})"
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
    """How a round went: bids, tricks and points per player, and the totals after it.

    A bid is None for a player who did not bid: the dealer in Wizard Saboteur, a player eliminated
    under Nannie's Rule. ``eliminated`` holds the players Nannie's Rule eliminated after this round.
    """

    round_number: int
    dealer: int
    cards_per_player: int
    trump: Suit | None
    turned_up: Card | None
    bids: tuple[int | None, ...]
    tricks: tuple[int, ...]
    null_tricks: int
    points: tuple[int, ...]
    totals: tuple[int, ...]
    eliminated: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class GameResult:
    """Final totals, the place of each player (ties share a place, R-2) and the winners.

    Under Nannie's Rule the players still in rank by total above every eliminated player, and the
    eliminated players rank in reverse order of elimination.
    """

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
    """Everything every player at the table may see. It holds no hand.

    ``current_player`` is None when the game is over and while several players may bid at once;
    ``to_act`` always says who may act now. ``bids`` shows None for a bid not made, not made at all
    (the Saboteur dealer) or still secret (Hidden Bid, Hands In, Delayed Reveal); ``has_bid`` says who
    has bid, secret or not. ``active`` is False for a player Nannie's Rule eliminated. ``armed_call`` is
    the Smyrna Style call the player to act has made for their next card.

    What the variants mean right now: ``bids_secret`` while the bids made at once are hidden;
    ``blind_bidding`` in a Third Time's The Harm round until its bids are in (nobody has seen their
    cards); ``forehead_round`` in the Forehead card round; ``saboteur`` is the Wizard Saboteur dealer's
    seat in a round under way (no bid, 20 points), else None.
    """

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
    variants: frozenset[str] = field(default=frozenset(), kw_only=True)
    to_act: tuple[int, ...] = field(default=(), kw_only=True)
    active: tuple[bool, ...] = field(default=(), kw_only=True)
    has_bid: tuple[bool, ...] = field(default=(), kw_only=True)
    armed_call: CallName | None = field(default=None, kw_only=True)
    bids_secret: bool = field(default=False, kw_only=True)
    blind_bidding: bool = field(default=False, kw_only=True)
    forehead_round: bool = field(default=False, kw_only=True)
    saboteur: int | None = field(default=None, kw_only=True)


@dataclass(frozen=True)
class PlayerView(PublicView):
    """The public view plus one player's own hand and, when they may act, what they may do.

    ``hand_hidden`` is True while the player may not look at their hand: the bidding of a Third Time's
    The Harm round, and the whole Forehead card round; ``hand`` is then empty (``hand_sizes`` still
    counts the cards). ``others_cards``, in the Forehead card round only, has each other player's
    card, None for this player, for eliminated players and for cards already played; it is empty in
    every other round. ``bids`` always shows this player's own bid.

    ``legal_actions`` are the engine's action codes; ``choices`` are the same actions as values to read
    and render (``Play``, ``Bid``, ``ChooseTrump``, ``Call``, ``PlayHidden``), so no caller decodes codes.
    """

    player: int
    hand: tuple[Card, ...]
    legal_actions: tuple[int, ...]
    hand_hidden: bool = field(default=False, kw_only=True)
    others_cards: tuple[Card | None, ...] = field(default=(), kw_only=True)

    @property
    def choices(self) -> tuple[Action, ...]:
        """What this player may do now, as action values in the order of ``legal_actions`` (empty if nothing).

        >>> from wizard_core import Game
        >>> game = Game(3, seed=7)
        >>> game.view(game.current_player).choices
        (Bid(tricks=0), Bid(tricks=1))
        """
        return tuple(map(decode, self.legal_actions))

    @property
    def standing_choices(self) -> tuple[Action, ...]:
        """The actions this player's next turn in this round may offer, judged from their own view alone,
        so that they can be shown before that turn comes.

        A program that keeps a player's controls up between turns (the bot's hand message, edited only
        when its owner acts) offers these. While the player still has a bid to make (in the bidding, or
        while the dealer chooses trump): every bid from 0 to the round's cards. After that: each card of
        their hand, Merlin twice (as a Wizard and as a Jester), preceded by the Smyrna Style calls their
        Wizards and Jesters allow; in the Forehead card round only their unseen card. Nothing once the
        game is over, for a player out of the game, or for one with no card left.

        These are not the legal actions: which card may follow suit, or which bid a limit forbids, is
        only known on the player's turn, and the game refuses the rest then with its reason. On their
        turn ``choices`` is exact.

        >>> from wizard_core import Game
        >>> game = Game(3, seed=7)
        >>> game.view(game.dealer).standing_choices
        (Bid(tricks=0), Bid(tricks=1))
        """
        player = self.player
        if self.phase is Phase.GAME_OVER or (self.active and not self.active[player]):
            return ()
        bids = self.saboteur != player and not (self.has_bid and self.has_bid[player])
        if self.phase in (Phase.CHOOSE_TRUMP, Phase.BID) and bids and self.bids[player] is None:
            return tuple(Bid(tricks) for tricks in range(self.cards_per_player + 1))
        if self.forehead_round:
            return (PlayHidden(),) if self.hand_sizes[player] else ()
        actions: list[Action] = []
        if "gizzard-fester" in self.variants:
            faces = {card.face for card in self.hand}
            if WIZARD.face in faces:
                actions.append(Call("gizzard"))
            if JESTER.face in faces:
                actions.append(Call("fester"))
        for card in self.hand:
            actions += (Play(card, "wizard"), Play(card, "jester")) if card == MERLIN else (Play(card),)
        return tuple(actions)
