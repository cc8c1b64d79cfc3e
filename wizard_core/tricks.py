"""Who must follow, and who takes a trick: RULES.md §1 "Play" and §2 (R-3, R-4, R-6).

Inside the engine a played card is a *play code*: its face id (see ``cards``), where Merlin's face id
means "Merlin declared as a Wizard", plus ``MERLIN_AS_JESTER`` for Merlin declared as a Jester. Merlin
then behaves exactly as the declared card, so one code per behaviour keeps every table below simple.
Smyrna Style (``gizzard-fester``) adds two codes that no player sends, only the game writes into a
trick: ``WIZARD_AS_JESTER`` for a Wizard played without its call, which is a Jester in every respect, and
``JESTER_AS_WIZARD`` the other way round.

Both questions are answered from precomputed tables, shared by the public functions of this module and
the game state, so there is one statement of each rule:

- ``NEXT_LED[state][code]``: the led-suit state after a card is played. The first suit card sets the led
  suit; a Wizard (or Merlin as a Wizard) played before any suit card frees everyone for the rest of the
  trick; every other special card leaves the state as it was (R-6).
- ``STRENGTH[trump][even][led][code]``: how strongly a card holds the trick (R-3). The strongest card
  wins and the earliest card wins a tie, which gives "the first Wizard" and "the first Jester" for free.
  ``even`` is the card's index in the trick ``& 1``: 1 at the even positions 2, 4 and 6, where the Holy
  Grail beats everything, 0 at the odd ones, where it is a null card. ``led`` is the led-suit state
  after the card is played. The game, the simulator of the computer players and ``resolve`` all read
  strengths from this one table, and only ``_strength`` below states the rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from wizard_core.cards import (
    CAMELOT_FACES,
    EXCALIBUR_FACE,
    GRAIL_FACE,
    JESTER_FACE,
    MERLIN_FACE,
    MORGAN_FACE,
    WIZARD_FACE,
    Card,
    Suit,
)

__all__ = ["MerlinAs", "legal_plays", "trick_winner"]

MerlinAs = Literal["wizard", "jester"]

MERLIN_AS_JESTER = 58
PLAY_CODES = 59
WIZARD_AS_JESTER = 59
JESTER_AS_WIZARD = 60
# Codes the tables cover: every play code and the two flipped cards.
TABLE_CODES = 61

# Led-suit states: 0..3 a suit must be followed, NO_LED before any suit card, FREE after an early Wizard.
NO_LED = 4
FREE = 5
NO_TRUMP = 4

_WIZARD_LIKE = (WIZARD_FACE, MERLIN_FACE, JESTER_AS_WIZARD)


def _next_led(state: int, code: int) -> int:
    if state != NO_LED:
        return state
    if code < 52:
        return code // 13
    if code in _WIZARD_LIKE:
        return FREE
    return NO_LED


NEXT_LED: tuple[tuple[int, ...], ...] = tuple(
    tuple(_next_led(state, code) for code in range(TABLE_CODES)) for state in range(6)
)

# Strengths in R-3's order. An odd-position Holy Grail is a null card: below even a Jester, so that with
# only Jesters beside it the first Jester still wins.
_EVEN_GRAIL = 9000
_MORGAN = 5000
_EXCALIBUR = 4000
_WIZARD = 1000
_TRUMP = 200
_LED = 100
_ODD_GRAIL = -1
NOTHING_PLAYED = -2

_SPECIAL_STRENGTH = {
    WIZARD_FACE: _WIZARD,
    MERLIN_FACE: _WIZARD,
    JESTER_AS_WIZARD: _WIZARD,
    MORGAN_FACE: _MORGAN,
    EXCALIBUR_FACE: _EXCALIBUR,
}


def _strength(trump: int, even: int, led: int, code: int) -> int:
    """R-3 for one card: its strength by trump, by position parity and by the led-suit state after it."""
    if code < 52:
        suit, rank = divmod(code, 13)
        if suit == trump:
            return _TRUMP + rank
        if suit == led:
            return _LED + rank
        return 0
    if code == GRAIL_FACE:
        return _EVEN_GRAIL if even else _ODD_GRAIL
    # Jesters, Merlin as a Jester and a Wizard played without its Smyrna call hold nothing.
    return _SPECIAL_STRENGTH.get(code, 0)


STRENGTH: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
    tuple(
        tuple(tuple(_strength(trump, even, led, code) for code in range(TABLE_CODES)) for led in range(6))
        for even in range(2)
    )
    for trump in range(5)
)


def strength_at(trump: int, led: int, code: int, index: int) -> int:
    """How strongly a card played at ``index`` (0 is the leader) holds the trick; hot loops read the table."""
    return STRENGTH[trump][index & 1][led][code]


def resolve(codes: Sequence[int], trump: int, led: int) -> tuple[int, bool]:
    """Index of the card taking a trick of play codes, and whether it is a null trick (R-3, R-4).

    The strongest card wins, the earliest of equals. ``led`` is the led-suit state after the last card;
    it is the same for every card that its strength depends on, as only specials come before the
    first suit card.
    """
    best, winner = NOTHING_PLAYED, 0
    for index, code in enumerate(codes):
        strength = strength_at(trump, led, code, index)
        if strength > best:
            best, winner = strength, index
    return winner, codes[winner] == EXCALIBUR_FACE


def play_code(card: Card, merlin: MerlinAs | None, flipped: bool = False) -> int:
    """The play code of a card: Merlin as declared, a flipped Wizard or Jester as the other card."""
    if flipped:
        if card._face == WIZARD_FACE:
            return WIZARD_AS_JESTER
        if card._face == JESTER_FACE:
            return JESTER_AS_WIZARD
        raise ValueError(f"only a Wizard or a Jester is flipped, not {card}")
    if card._face != MERLIN_FACE:
        return card._face
    if merlin == "wizard":
        return MERLIN_FACE
    if merlin == "jester":
        return MERLIN_AS_JESTER
    raise ValueError("Merlin must be declared: merlin='wizard' or merlin='jester'")


def _codes(cards: Sequence[Card], edition: str, merlin: MerlinAs | None) -> list[int]:
    if edition not in ("classic", "camelot"):
        raise ValueError(f"unknown edition {edition!r} (known: classic, camelot)")
    codes = [play_code(card, merlin) for card in cards]
    if edition == "classic":
        for card in cards:
            if card._face in CAMELOT_FACES:
                raise ValueError(f"{card} is a Camelot card; it is not in the classic deck")
    return codes


def led_state(codes: Sequence[int]) -> int:
    """The led-suit state after these play codes (a suit, ``NO_LED`` or ``FREE``)."""
    state = NO_LED
    for code in codes:
        state = NEXT_LED[state][code]
    return state


def trick_winner(
    cards: Sequence[Card],
    trump: Suit | None,
    edition: str = "classic",
    merlin: MerlinAs | None = None,
) -> int | None:
    """Index (0 is the leader) of the card that takes the trick, or None for a Camelot null trick.

    >>> trick_winner([Card.parse(c) for c in ("8♣", "K♣", "A♦", "4♣")], Suit.DIAMONDS, "camelot")
    2
    """
    if not cards:
        raise ValueError("an empty trick has no winner")
    codes = _codes(cards, edition, merlin)
    winner, null = resolve(codes, NO_TRUMP if trump is None else int(trump), led_state(codes))
    return None if null else winner


def legal_plays(
    hand: Sequence[Card],
    trick: Sequence[Card],
    edition: str = "classic",
    merlin: MerlinAs | None = None,
) -> list[Card]:
    """The cards of ``hand`` that may be played onto the cards already in ``trick`` (R-6).

    >>> hand = [Card.parse(c) for c in ("3♥", "Q♠", "Jester")]
    >>> legal_plays(hand, [Card.parse("10♥")])
    [Card('3♥'), Card('Jester')]
    """
    state = NO_LED
    if trick:
        for code in _codes(trick, edition, merlin):
            state = NEXT_LED[state][code]
    if state >= NO_LED:
        return list(hand)
    for card in hand:
        if card._suit_index == state:
            return [c for c in hand if c._suit_index == state or c._suit_index < 0]
    return list(hand)
