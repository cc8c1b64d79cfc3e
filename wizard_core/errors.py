"""One family of errors, with messages written for the player who caused them.

The message of an error is English. An error a player can cause also names its refusal by a ``key`` and
carries the values its message quotes as ``params`` (a seat's name, a card, a variant …), so that a
program can say the same refusal in another language without reading the English:

>>> error = IllegalActionError("you must follow ♥ …", key="must-follow", suit="♥")
>>> error.reason
ErrorReason(key='must-follow', params={'suit': '♥'})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal, TypeAlias, get_args

# What a refusal may quote: numbers and words as they are, and the game's own values (a ``Card``, a
# ``Suit``, an action such as ``Play``, a ``Variant``), which a program names in its reader's language.
# Typed loosely on purpose: naming those classes here would make this module import the ones that raise.
ErrorParam: TypeAlias = object

__all__ = [
    "ERROR_KEYS",
    "CorruptSaveError",
    "ErrorKey",
    "ErrorParam",
    "ErrorReason",
    "IllegalActionError",
    "NotYourTurnError",
    "RulesError",
    "WizardError",
]

ErrorKey = Literal[
    # Whose turn it is (NotYourTurnError).
    "not-your-turn",
    "seat-not-at-table",
    "player-out",
    "saboteur-dealer-does-not-bid",
    "already-bid",
    "say-who-bids",
    # The phase of the game.
    "game-over",
    "choose-trump-first",
    "time-to-bid",
    "time-to-play",
    "not-an-action",
    # Bids.
    "bid-out-of-range",
    "bid-beyond-limit",
    "bid-adds-up",
    "bid-adds-up-canadian",
    "bid-adds-up-hardcore",
    # Playing a card.
    "card-not-in-hand",
    "must-follow",
    "play-unseen",
    "play-a-seen-card",
    "merlin-not-declared",
    "only-merlin-is-declared",
    # Smyrna Style calls.
    "unknown-call",
    "call-not-played",
    "call-in-forehead-round",
    "already-called",
    "call-without-card",
    # The rules of a table (RulesError).
    "player-count",
    "player-needs-name",
    "unknown-edition",
    "no-variant-called",
    "variant-does-not-exist",
    "needs-last-bidder",
    "needs-last-bidder-saboteur",
    "two-schedules",
    "forehead-with-maximus",
    "forehead-needs-one-card-round",
    "nannie-every",
    "nannie-every-without-nannie",
]
"""The name of every refusal a player can meet; a translation has one message for each."""

ERROR_KEYS: tuple[ErrorKey, ...] = get_args(ErrorKey)


@dataclass(frozen=True, slots=True)
class ErrorReason:
    """What a refusal is, apart from its English words: its key and the values its message quotes."""

    key: ErrorKey
    params: Mapping[str, ErrorParam] = field(default_factory=dict)


class WizardError(Exception):
    """Base of every error the rules core raises on purpose; its message can be shown to a player.

    ``reason`` is set for the errors a player can cause: their key and quoted values (``ErrorReason``),
    given as ``key=`` and keyword arguments. It is None for the others, such as a damaged save.

    >>> IllegalActionError("bids go from 0 to 3", key="bid-out-of-range", size=3).reason.params["size"]
    3
    """

    def __init__(self, message: str, *, key: ErrorKey | None = None, **params: ErrorParam) -> None:
        super().__init__(message)
        self.reason: ErrorReason | None = None if key is None else ErrorReason(key, params)


class IllegalActionError(WizardError):
    """The action breaks a rule: a card that must not be played, a bid out of range, the wrong phase."""


class NotYourTurnError(IllegalActionError):
    """Someone other than the player to act tried to act."""


class RulesError(WizardError):
    """A table's rule options are invalid: unknown edition, wrong player count, incompatible variants."""


class CorruptSaveError(WizardError):
    """A saved game cannot be loaded: damaged, tampered with, or not a Wizard save at all."""
