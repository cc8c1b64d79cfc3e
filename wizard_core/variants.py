"""The house variants of RULES.md §3: their names and help texts, the presets, and which go together.

A variant is switched on by its id in ``Rules.variants``. This module only describes the variants and
checks a combination; the game applies them. Names, help texts and rules are English; a program shows
them in another language by the variant's or preset's id (the bot: ``cogs.core_words``).

>>> find_variant("Canadian Rule").id
'canadian'
>>> check_variants({"maximus", "quick"})
Traceback (most recent call last):
...
wizard_core.errors.RulesError: Wizard Maximus cannot be combined with Quick play: each sets the deal schedule
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from wizard_core.errors import ErrorKey, RulesError

__all__ = [
    "BID_LIMITS",
    "PRESETS",
    "SCHEDULES",
    "SIMULTANEOUS_BIDS",
    "UNSUPPORTED_VARIANTS",
    "VARIANTS",
    "Preset",
    "Variant",
    "check_variants",
    "find_variant",
]


@dataclass(frozen=True, slots=True)
class Variant:
    """One house rule: its id, its name, a one-line help text (fits a select menu) and the full rule."""

    id: str
    name: str
    help: str
    rule: str


@dataclass(frozen=True, slots=True)
class Preset:
    """A named starting point for a table: an edition and a set of variants."""

    id: str
    name: str
    edition: str
    variants: frozenset[str]
    help: str


_ALL = (
    Variant(
        "no-even-bids",
        "Bids may not add up",
        "The last bidder may not make the bids total the tricks in the round.",
        "The last player to bid may not choose a bid that makes the total of all bids equal to the number "
        "of tricks in the round, so at least one player must miss. This holds for a bid of 0 too, also "
        "with the Canadian Rule. The bids that would do it are not offered.",
    ),
    Variant(
        "canadian",
        "Canadian Rule",
        "A dealer leading on score may not make the bids add up; this rule still allows a bid of 0.",
        "When the dealer is strictly ahead on total score (not tied), the dealer may not bid so that the "
        "bids total the tricks in the round. This rule never forbids a bid of 0, but it lifts no other "
        "rule: with the Hardcore rule (4 or more cards) or Bids may not add up, a 0 that makes the bids "
        "add up is refused too. Only players still in the game count when deciding who leads: under "
        "Nannie's Rule the totals of eliminated players do not.",
    ),
    Variant(
        "hardcore",
        "Hardcore rule",
        "From 4 cards up, the dealer must keep the bids from adding up.",
        "In rounds of 4 or more cards the dealer must bid so that the total of bids differs from the number "
        "of tricks, whatever the scores. This holds for a bid of 0 too, also with the Canadian Rule.",
    ),
    Variant(
        "hidden-bid",
        "Hidden Bid",
        "Everyone bids privately; the bids are shown together once all are in.",
        "All players bid at the same time and in private, in any order; the table sees who has bid, not "
        "what, and each player always sees their own bid. When the last bid is in, every bid is revealed "
        "at once and the dealer's left leads. With Delayed Reveal Bid on too, the bids stay secret until "
        "the round's last trick has been played.",
    ),
    Variant(
        "delayed-reveal",
        "Delayed Reveal Bid",
        "Private bids that stay secret until the round's last trick is played.",
        "As Hidden Bid, but the bids are only revealed when the round's last trick has been played. Each "
        "player knows only their own bid during play; the round's results show every bid. Together with "
        "Hidden Bid or Hands In Bid, this rule decides: the bids stay secret until the last trick.",
    ),
    Variant(
        "hands-in",
        "Hands In Bid",
        "Everyone bids at once on a 3-2-1 count; nobody bids last.",
        "Also called Lost Weekend. All players bid at once and the bids are shown together on a count of "
        "3-2-1. Nobody bids last, so there is no dealer restriction. In the game it works as Hidden Bid: "
        "each player sees their own bid, and every bid stays secret until the last one is in (with "
        "Delayed Reveal Bid, until the round's last trick has been played).",
    ),
    Variant(
        "maximus",
        "Wizard Maximus",
        "5 rounds dealing every card; trump is fixed: ♣, ♦, ♥, ♠, then no trump.",
        "The game has five rounds and each deals the whole deck. Trump is not turned up but fixed per "
        "round: clubs, diamonds, hearts, spades, then no trump. The dealer never chooses trump.",
    ),
    Variant(
        "saboteur",
        "Wizard Saboteur",
        "The dealer does not bid, scores 20, and tries to make the others miss.",
        "The dealer skips the bidding and scores 20 points for the round, whatever happens; the dealer "
        "plays to make the other players miss their bids. Bidding starts left of the dealer and ends with "
        "the player on the dealer's right. One exception in the Camelot Edition: in a round whose every "
        "trick is a null trick (a 1-card round that Excalibur takes) nobody scores, the dealer included.",
    ),
    Variant(
        "third-time",
        "Third Time's The Harm",
        "In rounds 3, 6, 9 … everyone bids before seeing their cards.",
        "Every third round of the game (the 3rd, 6th, 9th … round played, whatever its number of cards, "
        "also with Quick play, Nannie's Rule or Wizard Maximus) all players bid before they see their "
        "hands. The hands are shown once the bidding is over. The turned-up card and trump can be seen. "
        "A dealer who must choose trump in such a round chooses it without seeing their hand. In a "
        "Forehead card round everyone still sees the others' cards.",
    ),
    Variant(
        "quick",
        "Quick play",
        "Hands grow by 2 cards a round; the last round deals every card.",
        "Hand sizes grow by two each round and the last round deals the whole deck. With 3, 5 or 6 players "
        "the first round deals 2 cards, with 4 players 1 card. So together with the Forehead card, which "
        "needs a 1-card round, it is played by 4 players only: a table of 3, 5 or 6 cannot start.",
    ),
    Variant(
        "nannie",
        "Nannie's Rule",
        "Reverse order, biggest hand first; the lowest total drops out every 2nd round.",
        "The rounds go from the largest hand down to 1 card, with the hand sizes of the starting number "
        "of players even after eliminations. After every second round (or every third, if the table "
        "chooses) the player with the lowest total among those still in is eliminated; on a tie for "
        "lowest nobody is eliminated that time. Eliminated players no longer deal, bid or play, and their "
        "totals freeze. The game ends after the 1-card round or when one player remains; an elimination "
        "due after the last round still takes place, though it changes nobody's place. In the final "
        "standings the players still in rank by total above every eliminated player, and the eliminated "
        "players rank in reverse order of elimination (the last one out is next): only a player still in "
        "can win.",
    ),
    Variant(
        "gizzard-fester",
        "Smyrna Style (Gizzard/Fester)",
        "Call Gizzard! with a Wizard and Fester! with a Jester, or the card flips.",
        'Whoever plays a Wizard must call "Gizzard!", and whoever plays a Jester must call "Fester!". '
        "A card played without its call counts as the opposite: a Wizard as a Jester, a Jester as a Wizard, "
        "in every respect (for following suit too). The call is made before playing the card, the table "
        "sees it, and it is used up by the caller's next card: a call that does not match that card is "
        "wasted. Each player is offered only the calls for the Wizards and Jesters they hold. Merlin "
        "needs no call: its declaration stands and it never flips. In the Forehead card round nobody "
        "calls, and Wizards and Jesters count as themselves, since their players only see them land.",
    ),
    Variant(
        "forehead",
        "Forehead card",
        "In the 1-card round you see everyone's card but your own.",
        "In the round with one card each, every player sees the other players' cards but not their own, "
        "and bids on that. Your own card stays hidden until it is played: each player plays it unseen, "
        "and a dealer who must choose trump in that round chooses without seeing it. The others' cards "
        "stay in view all round, also when it is a Third Time's The Harm round. A Merlin played unseen "
        "counts as a Jester if its player bid 0, otherwise as a Wizard (for a Saboteur dealer too). With "
        "Smyrna Style nobody calls in this round. The table needs a 1-card round, so it cannot be played "
        "with Wizard Maximus, and with Quick play only by 4 players.",
    ),
)

VARIANTS: Mapping[str, Variant] = {variant.id: variant for variant in _ALL}
"""Every playable variant by id, in the order of RULES.md §3."""

UNSUPPORTED_VARIANTS: Mapping[str, str] = {
    "Jester bid": "named in the rulebook, but no trustworthy definition has been found",
    "Chatham Bid": "named in the rulebook, but no trustworthy definition has been found",
    "Tricksy Wizard": "named in the rulebook, but no trustworthy definition has been found",
    "All-Wizards All-Jesters": "named in the rulebook, but no trustworthy definition has been found",
}
"""Variants the rulebook names that are not offered, each with the reason."""

PRESETS: Mapping[str, Preset] = {
    preset.id: preset
    for preset in (
        Preset("classic", "Classic (US rules)", "classic", frozenset(), "The published rules, no variants."),
        Preset(
            "german",
            "German",
            "classic",
            frozenset({"no-even-bids"}),
            "Classic with the common German rule: the bids may not add up.",
        ),
        Preset(
            "tournament",
            "Tournament",
            "classic",
            frozenset({"canadian"}),
            "Classic with the Canadian Rule for a dealer who leads.",
        ),
        Preset("camelot", "Camelot", "camelot", frozenset(), "The Camelot Edition and its special cards."),
    )
}
"""The lobby's presets by id."""

# Groups of variants the game treats alike.
BID_LIMITS = ("no-even-bids", "canadian", "hardcore")
SIMULTANEOUS_BIDS = ("hidden-bid", "delayed-reveal", "hands-in")
SCHEDULES = ("maximus", "quick", "nannie")
# The variants that leave a bid limit no last bidder, with why (in words, and as a refusal's key).
_NO_LAST_BIDDER: dict[str, tuple[str, ErrorKey]] = {
    **{name: ("everyone bids at once", "needs-last-bidder") for name in SIMULTANEOUS_BIDS},
    "saboteur": ("the dealer does not bid", "needs-last-bidder-saboteur"),
}


def find_variant(name: str) -> Variant:
    """The variant with this id or name (any case, spaces or hyphens), or a RulesError."""
    key = _normal(name)
    for variant in _ALL:
        if key in (_normal(variant.id), _normal(variant.name)):
            return variant
    raise RulesError(f"there is no variant called {name!r}", key="no-variant-called", what=repr(name))


def check_variants(variants: Iterable[str]) -> None:
    """Refuse unknown variants and the combinations of R-9, naming both options."""
    chosen = set(variants)
    for name in sorted(chosen):
        if name not in VARIANTS:
            raise RulesError(
                f"the variant {name!r} does not exist", key="variant-does-not-exist", what=repr(name)
            )
    for ordered in BID_LIMITS:
        for other, (why, key) in _NO_LAST_BIDDER.items():
            if ordered in chosen and other in chosen:
                first, second = VARIANTS[ordered], VARIANTS[other]
                raise RulesError(
                    f"{first.name} cannot be combined with {second.name}: {first.name} needs a last bidder, "
                    f"and with {second.name} {why}",
                    key=key,
                    first=first,
                    second=second,
                )
    schedules = [name for name in SCHEDULES if name in chosen]
    if len(schedules) > 1:
        first, second = (VARIANTS[name] for name in schedules[:2])
        raise RulesError(
            f"{first.name} cannot be combined with {second.name}: each sets the deal schedule",
            key="two-schedules",
            first=first,
            second=second,
        )
    if "forehead" in chosen and "maximus" in chosen:
        raise RulesError(
            "Forehead card cannot be combined with Wizard Maximus: Maximus has no 1-card round",
            key="forehead-with-maximus",
        )


def _normal(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())
