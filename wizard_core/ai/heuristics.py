"""Quick estimates from a hand alone: how many tricks it takes, and which trump suit suits it.

The card values are set by hand and checked by simulation (``benchmarks/ai_tournament.py``: four easy
players bid exactly about half the time). A Wizard or Morgan le Fay nearly always takes a trick,
Excalibur never does (its trick is null, R-4), Merlin is a Wizard when wanted, the Holy Grail wins only
from an even position, and a suit card is worth more as trump and less as the hands grow and other
players run out of its suit.
"""

from __future__ import annotations

from wizard_core.cards import (
    EXCALIBUR_FACE,
    FACE_OF_BIT,
    GRAIL_FACE,
    JESTER_FACE,
    MERLIN_FACE,
    MORGAN_FACE,
    SUIT_MASKS,
    WIZARD_FACE,
    bits_of,
)
from wizard_core.tricks import NO_TRUMP

__all__ = ["choose_trump", "estimate_tricks", "heuristic_bid"]

# Chance that a trump of each rank (index 0 is the 2) takes a trick.
_TRUMP_VALUE = (0.18, 0.2, 0.22, 0.25, 0.28, 0.32, 0.36, 0.42, 0.5, 0.6, 0.72, 0.85, 0.95)
# The same for a card of another suit, in a small hand against three players.
_SIDE_VALUE = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.02, 0.04, 0.07, 0.12, 0.22, 0.38, 0.68)
_SPECIAL_VALUE = {
    WIZARD_FACE: 0.95,
    JESTER_FACE: 0.0,
    MERLIN_FACE: 0.9,
    EXCALIBUR_FACE: 0.0,
    MORGAN_FACE: 1.0,
    GRAIL_FACE: 0.5,
}


def estimate_tricks(hand: int, trump: int, players: int, cards: int) -> float:
    """The tricks a hand (a mask) may expect to take; ``trump`` is a suit index or ``NO_TRUMP``."""
    total = 0.0
    # Side-suit honours lose value as hands grow (more voids, more trumps out) and with more players.
    side_scale = max(0.25, 1.0 - 0.045 * (cards - 1)) * (3 / (players - 1)) ** 0.7
    if trump == NO_TRUMP:
        side_scale = min(1.0, side_scale * 1.4)
    trumps = 0
    for bit in bits_of(hand):
        face = FACE_OF_BIT[bit]
        if face >= 52:
            if face == GRAIL_FACE:
                total += 0.5 if cards > 1 else 0.5 * (players // 2) / players
            else:
                total += _SPECIAL_VALUE[face]
            continue
        suit, rank = divmod(face, 13)
        if suit == trump:
            trumps += 1
            total += _TRUMP_VALUE[rank]
        else:
            total += _SIDE_VALUE[rank] * side_scale
    # A long trump suit also wins by ruffing the suits its holder runs out of.
    if trump != NO_TRUMP:
        share = cards / players
        if trumps > share + 1:
            total += 0.35 * (trumps - share - 1)
    return total


def heuristic_bid(hand: int, trump: int, players: int, cards: int) -> int:
    """A quick bid: the estimated tricks, rounded, within 0 and the cards dealt."""
    return max(0, min(cards, int(estimate_tricks(hand, trump, players, cards) + 0.5)))


def choose_trump(hand: int) -> int:
    """The suit that makes a hand strongest as trump: most cards, then highest ranks."""
    best_suit, best_value = 0, -1.0
    for suit in range(4):
        value = 0.0
        for bit in bits_of(hand & SUIT_MASKS[suit]):
            value += 1.0 + _TRUMP_VALUE[bit % 13]
        if value > best_value:
            best_suit, best_value = suit, value
    return best_suit
