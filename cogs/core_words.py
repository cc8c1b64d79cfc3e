"""The rules core's words in the reader's language: its refusals, card and action names, the editions,
house rules and presets, and the rules themselves.

``wizard_core`` stays pure and English: each error it raises to a player names its refusal
(``WizardError.reason``: a key and the values it quotes), and its variants and presets have ids. This
module says them from the catalogs ``core.ftl`` (refusals, cards, actions) and ``rules.ftl`` (editions,
house rules, presets, the rules texts); the English catalog says exactly what the core's English says.

    t = texts("de")
    error_text(error, t)          # "Du musst ♥ bedienen: …", for a refusal shown to a player
    variant_name("canadian", t)   # "Kanadische Regel"; variant_help, variant_rule alike
    preset_name("german", t)      # "Deutsch"; preset_help alike
    edition_name("camelot", t)    # "Wizard Camelot-Edition"
    rules_description(rules, t)   # "Klassisch + Kanadische Regel", a table's rules in one line
    rules_text("classic", t)      # an edition's whole rules, as Markdown
"""

from __future__ import annotations

from cogs.utils.i18n import Texts
from cogs.utils.replies import sentence
from wizard_core import Bid, Call, Card, ChooseTrump, Play, PlayHidden, Rules, Suit, WizardError
from wizard_core.actions import Action
from wizard_core.cards import (
    EXCALIBUR_FACE,
    GRAIL_FACE,
    JESTER_FACE,
    MERLIN_FACE,
    MORGAN_FACE,
    WIZARD_FACE,
)
from wizard_core.errors import ErrorKey
from wizard_core.variants import VARIANTS, Variant

__all__ = [
    "ERROR_KEYS",
    "action_text",
    "card_name",
    "edition_name",
    "error_text",
    "preset_help",
    "preset_name",
    "rules_description",
    "rules_text",
    "unsupported_reason",
    "variant_help",
    "variant_name",
    "variant_rule",
]

# The catalog message of every refusal the rules core names (``wizard_core.errors.ErrorKey``).
ERROR_KEYS: dict[ErrorKey, str] = {
    "not-your-turn": "core-not-your-turn",
    "seat-not-at-table": "core-seat-not-at-table",
    "player-out": "core-player-out",
    "saboteur-dealer-does-not-bid": "core-saboteur-dealer-does-not-bid",
    "already-bid": "core-already-bid",
    "say-who-bids": "core-say-who-bids",
    "game-over": "core-game-over",
    "choose-trump-first": "core-choose-trump-first",
    "time-to-bid": "core-time-to-bid",
    "time-to-play": "core-time-to-play",
    "not-an-action": "core-not-an-action",
    "bid-out-of-range": "core-bid-out-of-range",
    "bid-beyond-limit": "core-bid-beyond-limit",
    "bid-adds-up": "core-bid-adds-up",
    "bid-adds-up-canadian": "core-bid-adds-up-canadian",
    "bid-adds-up-hardcore": "core-bid-adds-up-hardcore",
    "card-not-in-hand": "core-card-not-in-hand",
    "must-follow": "core-must-follow",
    "play-unseen": "core-play-unseen",
    "play-a-seen-card": "core-play-a-seen-card",
    "merlin-not-declared": "core-merlin-not-declared",
    "only-merlin-is-declared": "core-only-merlin-is-declared",
    "unknown-call": "core-unknown-call",
    "call-not-played": "core-call-not-played",
    "call-in-forehead-round": "core-call-in-forehead-round",
    "already-called": "core-already-called",
    "call-without-card": "core-call-without-card",
    "player-count": "core-player-count",
    "player-needs-name": "core-player-needs-name",
    "unknown-edition": "core-unknown-edition",
    "no-variant-called": "core-no-variant-called",
    "variant-does-not-exist": "core-variant-does-not-exist",
    "needs-last-bidder": "core-needs-last-bidder",
    "needs-last-bidder-saboteur": "core-needs-last-bidder-saboteur",
    "two-schedules": "core-two-schedules",
    "forehead-with-maximus": "core-forehead-with-maximus",
    "forehead-needs-one-card-round": "core-forehead-needs-one-card-round",
    "nannie-every": "core-nannie-every",
    "nannie-every-without-nannie": "core-nannie-every-without-nannie",
}

SPECIAL_CARD_KEYS = {
    WIZARD_FACE: "core-card-wizard",
    JESTER_FACE: "core-card-jester",
    MERLIN_FACE: "core-card-merlin",
    EXCALIBUR_FACE: "core-card-excalibur",
    MORGAN_FACE: "core-card-morgan",
    GRAIL_FACE: "core-card-grail",
}

EDITION_KEYS = {"classic": "rules-edition-classic", "camelot": "rules-edition-camelot"}
_EDITION_SHORT_KEYS = {"classic": "rules-edition-short-classic", "camelot": "rules-edition-short-camelot"}

# Each house rule's name, help text and rule, by id (the order of wizard_core.variants.VARIANTS).
VARIANT_KEYS: dict[str, tuple[str, str, str]] = {
    "no-even-bids": ("variant-no-even-bids-name", "variant-no-even-bids-help", "variant-no-even-bids-rule"),
    "canadian": ("variant-canadian-name", "variant-canadian-help", "variant-canadian-rule"),
    "hardcore": ("variant-hardcore-name", "variant-hardcore-help", "variant-hardcore-rule"),
    "hidden-bid": ("variant-hidden-bid-name", "variant-hidden-bid-help", "variant-hidden-bid-rule"),
    "delayed-reveal": (
        "variant-delayed-reveal-name",
        "variant-delayed-reveal-help",
        "variant-delayed-reveal-rule",
    ),
    "hands-in": ("variant-hands-in-name", "variant-hands-in-help", "variant-hands-in-rule"),
    "maximus": ("variant-maximus-name", "variant-maximus-help", "variant-maximus-rule"),
    "saboteur": ("variant-saboteur-name", "variant-saboteur-help", "variant-saboteur-rule"),
    "third-time": ("variant-third-time-name", "variant-third-time-help", "variant-third-time-rule"),
    "quick": ("variant-quick-name", "variant-quick-help", "variant-quick-rule"),
    "nannie": ("variant-nannie-name", "variant-nannie-help", "variant-nannie-rule"),
    "gizzard-fester": (
        "variant-gizzard-fester-name",
        "variant-gizzard-fester-help",
        "variant-gizzard-fester-rule",
    ),
    "forehead": ("variant-forehead-name", "variant-forehead-help", "variant-forehead-rule"),
}

# Each preset's name and help text, by id (wizard_core.variants.PRESETS).
PRESET_KEYS: dict[str, tuple[str, str]] = {
    "classic": ("rules-preset-classic-name", "rules-preset-classic-help"),
    "german": ("rules-preset-german-name", "rules-preset-german-help"),
    "tournament": ("rules-preset-tournament-name", "rules-preset-tournament-help"),
    "camelot": ("rules-preset-camelot-name", "rules-preset-camelot-help"),
}

# Why the bot does not offer a variant the rulebook names, by the core's English reason
# (wizard_core.variants.UNSUPPORTED_VARIANTS).
UNSUPPORTED_REASON_KEYS = {
    "named in the rulebook, but no trustworthy definition has been found": "rules-unsupported-no-definition",
}

# An edition's rules, one message a line (wizard_core.rules_text.rules_summary, line by line).
RULES_TEXT_KEYS: dict[str, tuple[str, ...]] = {
    "classic": (
        "rules-classic-intro",
        "rules-classic-rounds",
        "rules-classic-first-dealer",
        "rules-classic-trump",
        "rules-classic-bidding",
        "rules-classic-play",
        "rules-classic-taker",
        "rules-classic-scoring",
        "rules-classic-end",
    ),
    "camelot": (
        "rules-camelot-intro",
        "rules-camelot-deck",
        "rules-camelot-first-dealer",
        "rules-camelot-trump",
        "rules-camelot-positions",
        "rules-camelot-specials",
        "rules-camelot-merlin",
        "rules-camelot-grail",
        "rules-camelot-morgan",
        "rules-camelot-excalibur",
        "rules-camelot-taker",
        "rules-camelot-null-tricks",
        "rules-camelot-no-score-round",
        "rules-camelot-following",
        "rules-camelot-example",
        "rules-camelot-scoring",
    ),
}


def error_text(error: WizardError, t: Texts) -> str:
    """A refusal of the rules core as one sentence in ``t``'s language.

    An error without a ``reason`` (none a player causes) is said as its English message.
    """
    reason = error.reason
    if reason is None:
        return sentence(error)
    params = {name: _param(value, t) for name, value in reason.params.items()}
    text = t(ERROR_KEYS[reason.key], **params)
    return f"{text[:1].upper()}{text[1:]}"


def _param(value: object, t: Texts) -> object:
    """A value a refusal quotes, as the reader reads it: the game's values by their names."""
    if isinstance(value, Card):
        return card_name(value, t)
    if isinstance(value, Suit):
        return str(value)
    if isinstance(value, Variant):
        return variant_name(value.id, t)
    if isinstance(value, Play | Bid | ChooseTrump | Call | PlayHidden):
        return action_text(value, t)
    return value


def card_name(card: Card, t: Texts) -> str:
    """A card as the reader names it: a special card by its name (Zauberer), a suit card as in the rules
    (``10♥``, ``Q♠``) in every language."""
    key = SPECIAL_CARD_KEYS.get(card.face)
    return str(card) if key is None else t(key)


def action_text(action: Action, t: Texts) -> str:
    """An action as a player says it (``play 10♥``, ``bid 2``), as ``describe`` does in English."""
    if isinstance(action, Play):
        card = card_name(action.card, t)
        if action.merlin is None:
            return t("core-action-play", card=card)
        return t("core-action-play-merlin", card=card, declared=action.merlin)
    if isinstance(action, Bid):
        return t("core-action-bid", tricks=action.tricks)
    if isinstance(action, ChooseTrump):
        return t("core-action-trump", suit=str(action.suit))
    if isinstance(action, Call):
        return t("core-action-call", call=action.name)
    return t("core-action-play-hidden")


def edition_name(edition: str, t: Texts) -> str:
    """An edition's full name (``classic`` → Classic Wizard), for lobbies, titles and rules pages."""
    return t(EDITION_KEYS[edition])


def variant_name(variant_id: str, t: Texts) -> str:
    """A house rule's name, by its id in ``wizard_core.variants.VARIANTS``."""
    return t(VARIANT_KEYS[variant_id][0])


def variant_help(variant_id: str, t: Texts) -> str:
    """A house rule's one-line help text (at most 100 characters: a select option's description)."""
    return t(VARIANT_KEYS[variant_id][1])


def variant_rule(variant_id: str, t: Texts) -> str:
    """A house rule's full rule, one paragraph of Markdown."""
    return t(VARIANT_KEYS[variant_id][2])


def preset_name(preset_id: str, t: Texts) -> str:
    """A preset's name, by its id in ``wizard_core.variants.PRESETS``."""
    return t(PRESET_KEYS[preset_id][0])


def preset_help(preset_id: str, t: Texts) -> str:
    """A preset's one-line help text."""
    return t(PRESET_KEYS[preset_id][1])


def unsupported_reason(reason: str, t: Texts) -> str:
    """Why a variant is not offered, from the core's English reason (``UNSUPPORTED_VARIANTS``)."""
    return t(UNSUPPORTED_REASON_KEYS[reason])


def rules_description(rules: Rules, t: Texts) -> str:
    """A table's edition and house rules in one line, as ``Rules.describe`` says it in English."""
    edition = t(_EDITION_SHORT_KEYS[rules.edition])
    if not rules.variants:
        return edition
    names = []
    for variant_id in VARIANTS:
        if variant_id not in rules.variants:
            continue
        name = variant_name(variant_id, t)
        if variant_id == "nannie" and rules.nannie_every == 3:
            name = t("rules-nannie-every-third", name=name)
        names.append(name)
    return t("rules-with-variants", edition=edition, variants=", ".join(names))


def rules_text(edition: str, t: Texts) -> str:
    """An edition's whole rules as Markdown, one rule a line (``rules_summary`` in English)."""
    return "\n".join(t(key) for key in RULES_TEXT_KEYS[edition])
