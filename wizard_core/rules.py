"""The rule options of a table, and the scoring formula (RULES.md §1 "Scoring and end")."""

from __future__ import annotations

from dataclasses import dataclass, field

from wizard_core.errors import RulesError
from wizard_core.rules_text import EDITIONS

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "Rules", "round_score"]

MIN_PLAYERS = 3
MAX_PLAYERS = 6
DECK_SIZE = 60


def round_score(bid: int, tricks: int) -> int:
    """Points for one round: 20 + 10 per trick for an exact bid, else -10 per trick off.

    >>> round_score(2, 2), round_score(3, 1)
    (40, -20)
    """
    if bid < 0 or tricks < 0:
        raise ValueError(f"bid and tricks cannot be negative (got bid={bid}, tricks={tricks})")
    if bid == tricks:
        return 20 + 10 * tricks
    return -10 * abs(tricks - bid)


@dataclass(frozen=True)
class Rules:
    """What a table plays: the edition and its rule options.

    Variants (RULES.md §3) arrive with their own issue; until then no variant name is accepted, so a
    table can never believe it plays a rule the engine ignores.
    """

    edition: str = "classic"
    variants: frozenset[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        if self.edition not in EDITIONS:
            raise RulesError(f"unknown edition {self.edition!r}: choose classic or camelot")
        for name in sorted(self.variants):
            raise RulesError(f"the variant {name!r} is not supported yet")

    @classmethod
    def classic(cls) -> Rules:
        """Classic Wizard with the base rules."""
        return cls("classic")

    @classmethod
    def camelot(cls) -> Rules:
        """The Camelot Edition with its base rules."""
        return cls("camelot")

    def rounds(self, players: int) -> int:
        """How many rounds a game of this many players lasts (60 cards / players)."""
        check_players(players)
        return DECK_SIZE // players

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form of these rules."""
        return {"edition": self.edition, "variants": sorted(self.variants)}

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """Rebuild rules from ``to_dict``'s output, refusing anything else."""
        if not isinstance(data, dict) or set(data) != {"edition", "variants"}:
            raise RulesError("rules must be an object with 'edition' and 'variants'")
        edition, variants = data["edition"], data["variants"]
        if not isinstance(edition, str) or not isinstance(variants, list):
            raise RulesError("rules have the wrong types")
        if not all(isinstance(v, str) for v in variants):
            raise RulesError("variant names must be strings")
        return cls(edition, frozenset(variants))


def check_players(players: int) -> None:
    """Refuse a player count Wizard is not played with."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RulesError(f"Wizard is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
