"""The rule options of a table, and the scoring formula (RULES.md §1 "Scoring and end")."""

from __future__ import annotations

from dataclasses import dataclass, field

from wizard_core.errors import RulesError
from wizard_core.rules_text import EDITIONS
from wizard_core.variants import VARIANTS, check_variants

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "Rules", "round_score"]

MIN_PLAYERS = 3
MAX_PLAYERS = 6
DECK_SIZE = 60
_RULE_KEYS = {"edition", "variants", "nannie_every"}


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

    ``variants`` holds ids of ``wizard_core.variants.VARIANTS``; combinations R-9 forbids are refused
    here, with a message naming both options. ``nannie_every`` is Nannie's Rule's option: eliminate
    after every second round (2) or every third (3).
    """

    edition: str = "classic"
    variants: frozenset[str] = field(default_factory=frozenset)
    nannie_every: int = 2

    def __post_init__(self) -> None:
        if self.edition not in EDITIONS:
            raise RulesError(f"unknown edition {self.edition!r}: choose classic or camelot")
        object.__setattr__(self, "variants", frozenset(self.variants))
        check_variants(self.edition, self.variants)
        if self.nannie_every not in (2, 3):
            raise RulesError("Nannie's Rule eliminates after every 2nd or every 3rd round")
        if self.nannie_every != 2 and "nannie" not in self.variants:
            raise RulesError("eliminating every 3rd round is an option of Nannie's Rule, which is off")

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
        """A JSON-ready form of these rules (``nannie_every`` only when it is not the default)."""
        data: dict[str, object] = {"edition": self.edition, "variants": sorted(self.variants)}
        if self.nannie_every != 2:
            data["nannie_every"] = self.nannie_every
        return data

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """Rebuild rules from ``to_dict``'s output, refusing anything else."""
        if not isinstance(data, dict) or not {"edition", "variants"} <= set(data) <= _RULE_KEYS:
            raise RulesError("rules must be an object with 'edition' and 'variants'")
        edition, variants = data["edition"], data["variants"]
        nannie_every = data.get("nannie_every", 2)
        if not isinstance(edition, str) or not isinstance(variants, list) or type(nannie_every) is not int:
            raise RulesError("rules have the wrong types")
        if not all(isinstance(v, str) for v in variants):
            raise RulesError("variant names must be strings")
        return cls(edition, frozenset(variants), nannie_every)

    def describe(self) -> str:
        """The edition and variants in words, for a lobby or a game's header."""
        edition = "Camelot" if self.edition == "camelot" else "Classic"
        if not self.variants:
            return edition
        names = [VARIANTS[v].name for v in VARIANTS if v in self.variants]
        if "nannie" in self.variants and self.nannie_every == 3:
            names[names.index(VARIANTS["nannie"].name)] += " (every 3rd round)"
        return f"{edition} + " + ", ".join(names)


def check_players(players: int) -> None:
    """Refuse a player count Wizard is not played with."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RulesError(f"Wizard is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
