"""The rules as players read them, per edition and per variant.

RULES.md's rulings (R-1 to R-20) are said here in words, never by their ids, which mean nothing to
players: R-1 in "First dealer", R-2 and R-19 in "End", R-3 to R-7 in the Camelot text, and the rulings on
the variants (R-8, R-10 to R-20) in ``wizard_core.variants``.

These texts are English. A program that speaks other languages keeps its translations beside it (the bot:
``cogs/locales/*/rules.ftl``, one message per line of these texts, whose English says word for word what
this module says).
"""

from __future__ import annotations

from wizard_core.variants import UNSUPPORTED_VARIANTS, VARIANTS

__all__ = ["EDITIONS", "rules_summary", "variant_rules"]

EDITIONS = ("classic", "camelot")

_CLASSIC = """\
**Wizard (classic)**: 3 to 6 players, 60 cards: four suits of 2 to A (ace high), 4 Wizards, 4 Jesters.
**Rounds.** Round 1 deals 1 card each, round 2 deals 2, and so on until the deck runs out \
(20 rounds with 3 players, 15 with 4, 12 with 5, 10 with 6). The deal passes left every round.
**First dealer.** Everyone draws a card; the highest deals. Suits don't matter, Wizards beat aces, \
Jesters are lowest, and players tied for highest draw again.
**Trump.** The card under the deal is turned up: a suit makes that suit trump, a Jester means no trump, \
a Wizard lets the dealer pick a suit after seeing their hand. In the last round nothing is left \
to turn: no trump.
**Bidding.** From the dealer's left, everyone says how many tricks they will take (0 up to the cards dealt). \
Bids are public.
**Play.** The dealer's left leads the first trick, each trick's winner leads the next. The first suit card \
sets the suit to follow (a Jester never does). You must follow that suit if you can, but a Wizard or a \
Jester may always be played. A Wizard played before any suit card frees everyone for that trick. \
Nobody is forced to trump.
**Who takes the trick.** The first Wizard; else the highest trump; else the highest card of the led suit; \
if only Jesters were played, the first Jester.
**Scoring.** Exact bid: 20 points plus 10 per trick. Missed: minus 10 per trick over or under.
**End.** After the last round the highest total wins; players tied on it share the win. Players are placed \
by total; tied players share a place and the places they fill are skipped (50, 50, 30: 1st, 1st, 3rd)."""

_CAMELOT = """\
**Wizard Camelot Edition**: classic Wizard with a new deck and four new special cards.
**Deck.** The 2s are out: four suits of 3 to A, 4 Wizards, 4 Jesters, and Merlin, Excalibur, \
Morgan le Fay and the Holy Grail (60 cards). The last round deals everything, so it has no trump.
**First dealer.** Highest draw deals; every special card except the Jester ranks above aces.
**Trump.** A suit card turned up sets trump, a Jester means no trump, any other special card lets the \
dealer pick a suit (never no trump).
**Positions.** In each trick the leader is position 1 (odd), the next player 2 (even), and so on.
**Special cards.** Every special card may always be played.
- *Merlin*: declared as a Wizard or as a Jester when played, and then is exactly that card.
- *Holy Grail*: from an even position it takes the trick over everything; from an odd position \
it always loses.
- *Morgan le Fay*: beats everything except an even-position Holy Grail.
- *Excalibur*: beats everything except Morgan le Fay and an even-position Holy Grail.
**Who takes the trick.** In order: an even-position Holy Grail; Morgan le Fay; Excalibur; the first \
Wizard (Merlin as a Wizard included); the highest trump; the highest card of the led suit; otherwise the \
first Jester (or Merlin as a Jester).
**Null tricks.** A trick Excalibur takes counts for nobody, but its player leads the next trick.
**No-score round.** If every trick of a round is a null trick, nobody's score changes that round, not even \
a Wizard Saboteur dealer's. Only a 1-card round that Excalibur takes can be one: usually round 1, under \
Nannie's Rule the last round.
**Following suit.** The first suit card sets the suit. Only a Wizard (or Merlin as a Wizard) played \
before any suit card frees everyone from following; the other specials neither set nor free the suit.
**Example.** In the trick 4♦, A♦, Wizard, Holy Grail, the Holy Grail is played 4th, an even position, and \
takes the trick (the rulebook's text for this example names the Wizard by mistake; its heading and the \
card's rule say the Holy Grail).
**Scoring and end.** As classic: 20 + 10 per trick for an exact bid, -10 per trick off; ties for the \
highest total share the win, and tied players share a place."""

_SUMMARIES = {"classic": _CLASSIC, "camelot": _CAMELOT}


def rules_summary(edition: str = "classic") -> str:
    """Return the rules of an edition as short Markdown, RULES.md's rulings said in words."""
    try:
        return _SUMMARIES[edition]
    except KeyError:
        known = ", ".join(EDITIONS)
        raise ValueError(f"unknown edition {edition!r} (known: {known})") from None


def variant_rules(variant_id: str | None = None) -> str:
    """The rule of one variant as short Markdown, or with no id every variant and the unsupported ones.

    >>> print(variant_rules("hardcore"))
    **Hardcore rule.** In rounds of 4 or more cards the dealer must bid so that the total of bids \
differs from the number of tricks, whatever the scores. This holds for a bid of 0 too, also with the \
Canadian Rule.
    """
    if variant_id is not None:
        try:
            variant = VARIANTS[variant_id]
        except KeyError:
            raise ValueError(f"unknown variant {variant_id!r} (known: {', '.join(VARIANTS)})") from None
        return f"**{variant.name}.** {variant.rule}"
    lines = [variant_rules(name) for name in VARIANTS]
    lines.append("**Not yet supported:** " + ", ".join(UNSUPPORTED_VARIANTS) + ".")
    return "\n".join(lines)
