"""Actions a player takes, as readable values and as the small integers the engine runs on.

An action code is an ``int``, as in OpenSpiel:

- ``0..58``: play a card, its play code (see ``tricks``): the face id, Merlin's face id meaning
  "Merlin declared as a Wizard" and ``58`` meaning "Merlin declared as a Jester";
- ``64 + n``: bid ``n`` tricks (0 to 20);
- ``96 + suit``: the dealer names a trump suit;
- ``100`` and ``101``: call "Gizzard!" or "Fester!" before playing a Wizard or a Jester (Smyrna Style);
- ``102``: play one's own card unseen, in the Forehead card round.

``Play``, ``Bid``, ``ChooseTrump``, ``Call`` and ``PlayHidden`` are the readable forms; ``encode`` and
``decode`` convert.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from wizard_core.cards import MERLIN_FACE, Card, Suit
from wizard_core.errors import IllegalActionError
from wizard_core.tricks import MERLIN_AS_JESTER, PLAY_CODES, MerlinAs

__all__ = [
    "CALL_FESTER",
    "CALL_GIZZARD",
    "PLAY_HIDDEN",
    "Action",
    "Bid",
    "Call",
    "CallName",
    "ChooseTrump",
    "Play",
    "PlayHidden",
    "decode",
    "describe",
    "encode",
]

BID_BASE = 64
MAX_BID = 20
TRUMP_BASE = 96
CALL_GIZZARD = 100
CALL_FESTER = 101
PLAY_HIDDEN = 102

CallName = Literal["gizzard", "fester"]
# The Smyrna Style calls by action code.
CALL_NAMES: dict[int, CallName] = {CALL_GIZZARD: "gizzard", CALL_FESTER: "fester"}


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card; Merlin carries its declaration, ``"wizard"`` or ``"jester"``."""

    card: Card
    merlin: MerlinAs | None = None

    @property
    def code(self) -> int:
        """The engine's action code."""
        if self.card.face != MERLIN_FACE:
            if self.merlin is not None:
                raise IllegalActionError(
                    f"only Merlin is declared; {self.card} is played as it is",
                    key="only-merlin-is-declared",
                    card=self.card,
                )
            return self.card.face
        if self.merlin == "wizard":
            return MERLIN_FACE
        if self.merlin == "jester":
            return MERLIN_AS_JESTER
        raise IllegalActionError(
            "declare Merlin as a Wizard or as a Jester when you play it", key="merlin-not-declared"
        )

    def __str__(self) -> str:
        if self.merlin is None:
            return f"play {self.card}"
        return f"play {self.card} as a {self.merlin.capitalize()}"


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid a number of tricks."""

    tricks: int

    @property
    def code(self) -> int:
        """The engine's action code."""
        if not 0 <= self.tricks <= MAX_BID:
            raise IllegalActionError(
                f"a bid is a number of tricks from 0 to {MAX_BID}, not {self.tricks}",
                key="bid-beyond-limit",
                most=MAX_BID,
                bid=self.tricks,
            )
        return BID_BASE + self.tricks

    def __str__(self) -> str:
        return f"bid {self.tricks}"


@dataclass(frozen=True, slots=True)
class ChooseTrump:
    """The dealer names the trump suit after a Wizard or a Camelot special card is turned up."""

    suit: Suit

    @property
    def code(self) -> int:
        """The engine's action code."""
        return TRUMP_BASE + int(self.suit)

    def __str__(self) -> str:
        return f"choose {self.suit} as trump"


@dataclass(frozen=True, slots=True)
class Call:
    """Smyrna Style: call "Gizzard!" to play a Wizard as a Wizard, "Fester!" for a Jester as a Jester."""

    name: CallName

    @property
    def code(self) -> int:
        """The engine's action code."""
        for code, name in CALL_NAMES.items():
            if name == self.name:
                return code
        raise IllegalActionError(
            f"the calls are 'gizzard' and 'fester', not {self.name!r}",
            key="unknown-call",
            what=repr(self.name),
        )

    def __str__(self) -> str:
        return f"call {self.name.capitalize()}!"


@dataclass(frozen=True, slots=True)
class PlayHidden:
    """Play one's own card without seeing it, in the Forehead card round."""

    @property
    def code(self) -> int:
        """The engine's action code."""
        return PLAY_HIDDEN

    def __str__(self) -> str:
        return "play your unseen card"


Action = Play | Bid | ChooseTrump | Call | PlayHidden


def encode(action: Action | int) -> int:
    """The action code of an action (codes pass through unchanged)."""
    if isinstance(action, int):
        return action
    return action.code


def decode(code: int) -> Action:
    """The readable action of an action code.

    >>> decode(64 + 3), decode(58), decode(100)
    (Bid(tricks=3), Play(card=Card('Merlin'), merlin='jester'), Call(name='gizzard'))
    """
    if 0 <= code < PLAY_CODES:
        if code == MERLIN_FACE:
            return Play(Card(MERLIN_FACE), "wizard")
        if code == MERLIN_AS_JESTER:
            return Play(Card(MERLIN_FACE), "jester")
        return Play(Card(code))
    if BID_BASE <= code <= BID_BASE + MAX_BID:
        return Bid(code - BID_BASE)
    if TRUMP_BASE <= code < TRUMP_BASE + 4:
        return ChooseTrump(Suit(code - TRUMP_BASE))
    if code in CALL_NAMES:
        return Call(CALL_NAMES[code])
    if code == PLAY_HIDDEN:
        return PlayHidden()
    raise IllegalActionError(f"{code!r} is not an action", key="not-an-action", what=repr(code))


def describe(code: int) -> str:
    """A short English description of an action code, such as ``play 10♥`` or ``bid 2``."""
    return str(decode(code))
