"""One family of errors, with messages written for the player who caused them."""

from __future__ import annotations

__all__ = [
    "CorruptSaveError",
    "IllegalActionError",
    "NotYourTurnError",
    "RulesError",
    "WizardError",
]


class WizardError(Exception):
    """Base of every error the rules core raises on purpose; its message can be shown to a player."""


class IllegalActionError(WizardError):
    """The action breaks a rule: a card that must not be played, a bid out of range, the wrong phase."""


class NotYourTurnError(IllegalActionError):
    """Someone other than the player to act tried to act."""


class RulesError(WizardError):
    """A table's rule options are invalid: unknown edition, wrong player count, incompatible variants."""


class CorruptSaveError(WizardError):
    """A saved game cannot be loaded: damaged, tampered with, or not a Wizard save at all."""
