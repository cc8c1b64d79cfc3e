"""The rule options of a table, and the scoring formula (RULES.md §1 "Scoring and end")."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from wizard_core.errors import RulesError
from wizard_core.rules_text import EDITIONS
from wizard_core.variants import PRESETS, SCHEDULES, VARIANTS, check_variants

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "NANNIE_EVERY", "Rules", "round_score"]

# How often Nannie's Rule may eliminate: after every 2nd or every 3rd round.
NANNIE_EVERY = (2, 3)

MIN_PLAYERS = 3
MAX_PLAYERS = 6
DECK_SIZE = 60
MAXIMUS_ROUNDS = 5
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
            raise RulesError(
                f"unknown edition {self.edition!r}: choose classic or camelot",
                key="unknown-edition",
                what=repr(self.edition),
            )
        object.__setattr__(self, "variants", frozenset(self.variants))
        check_variants(self.variants)
        if self.nannie_every not in NANNIE_EVERY:
            raise RulesError(
                "Nannie's Rule eliminates after every 2nd or every 3rd round", key="nannie-every"
            )
        if self.nannie_every != 2 and "nannie" not in self.variants:
            raise RulesError(
                "eliminating every 3rd round is an option of Nannie's Rule, which is off",
                key="nannie-every-without-nannie",
            )

    @classmethod
    def classic(cls) -> Rules:
        """Classic Wizard with the base rules."""
        return cls("classic")

    @classmethod
    def camelot(cls) -> Rules:
        """The Camelot Edition with its base rules."""
        return cls("camelot")

    def hand_sizes(self, players: int) -> tuple[int, ...]:
        """The cards each player is dealt, round by round, for this many players.

        >>> Rules().hand_sizes(6), Rules(variants={"quick"}).hand_sizes(4)
        ((1, 2, 3, 4, 5, 6, 7, 8, 9, 10), (1, 3, 5, 7, 9, 11, 13, 15))
        >>> Rules(variants={"nannie"}).hand_sizes(6), Rules(variants={"maximus"}).hand_sizes(5)
        ((10, 9, 8, 7, 6, 5, 4, 3, 2, 1), (12, 12, 12, 12, 12))
        """
        check_players(players)
        most = DECK_SIZE // players
        if "quick" in self.variants:
            # 2, 4, ... or 1, 3, ...: both land on the whole deck for 3 to 6 players.
            return tuple(range(1 if players == 4 else 2, most + 1, 2))
        if "nannie" in self.variants:
            return tuple(range(most, 0, -1))
        if "maximus" in self.variants:
            return (most,) * MAXIMUS_ROUNDS
        return tuple(range(1, most + 1))

    def rounds(self, players: int) -> int:
        """How many rounds a game of this many players lasts (the length of ``hand_sizes``)."""
        return len(self.hand_sizes(players))

    def check_players(self, players: int) -> None:
        """Refuse a player count these rules cannot be played with (R-9: Forehead needs a 1-card round)."""
        if "forehead" in self.variants and 1 not in self.hand_sizes(players):
            schedule = next(VARIANTS[v] for v in SCHEDULES if v in self.variants)
            raise RulesError(
                f"Forehead card cannot be combined with {schedule.name} for {players} players: "
                f"{schedule.name} has no 1-card round with {players} players",
                key="forehead-needs-one-card-round",
                schedule=schedule,
                players=players,
            )

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

    def with_edition(self, edition: str) -> Rules:
        """The same variants in another edition (a RulesError if that edition refuses them)."""
        return Rules(edition, self.variants, self.nannie_every)

    def with_variants(self, variants: Iterable[str]) -> Rules:
        """Another set of variants in this edition. Nannie's every-3rd-round option goes with the rule.

        >>> Rules("classic", {"nannie"}, 3).with_variants({"quick"}).nannie_every
        2
        """
        chosen = frozenset(variants)
        return Rules(self.edition, chosen, self.nannie_every if "nannie" in chosen else 2)

    @classmethod
    def from_preset(cls, preset_id: str) -> Rules:
        """The rules of one of ``variants.PRESETS``."""
        preset = PRESETS[preset_id]
        return cls(preset.edition, preset.variants)

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
        raise RulesError(
            f"Wizard is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}",
            key="player-count",
            least=MIN_PLAYERS,
            most=MAX_PLAYERS,
            players=players,
        )
