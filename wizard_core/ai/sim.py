"""A fast playout of the rest of a round, and the greedy card policy the computer players share.

The search needs thousands of playouts a second, so a round is simulated here on bare hand masks and
play codes, without the game's log, views or checks. The rules come from ``tricks``' tables
(``NEXT_LED``, ``STRENGTH``), the same statement of R-3, R-4 and R-6 the game uses; a test plays this
simulator against ``Game`` move for move.

The greedy policy plays "to make the bid": a player who still needs tricks tries to take this one
cheaply, one who has made (or passed) their bid gets rid of dangerous cards without taking it.
Excalibur never gives its player a trick (R-4), and Merlin is declared a Wizard when it is meant to win,
a Jester otherwise. In Smyrna Style the policy always makes the call, so its Wizards and Jesters count
as themselves; the action being evaluated may be a flipped card (``WIZARD_AS_JESTER``,
``JESTER_AS_WIZARD``), which takes the Wizard or Jester from the hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from wizard_core.cards import (
    EXCALIBUR_FACE,
    GRAIL_FACE,
    JESTER_FACE,
    MERLIN_FACE,
    MORGAN_FACE,
    WIZARD_FACE,
)
from wizard_core.game import _CODE_BITS, _SPECIAL_CODES, _SUIT_CODE_TABLES, _build_code_tables, _play_codes
from wizard_core.rules import round_score
from wizard_core.tricks import (
    JESTER_AS_WIZARD,
    MERLIN_AS_JESTER,
    NEXT_LED,
    NO_LED,
    NOTHING_PLAYED,
    STRENGTH,
    TABLE_CODES,
    WIZARD_AS_JESTER,
    strength_at,
)

__all__ = [
    "CODE_BITS",
    "PolicyMemo",
    "TrickState",
    "greedy_play",
    "legal_codes",
    "play_out",
    "round_points",
]

# The game's own tables: the hand bits each play code takes (here also the flipped cards, which take a
# Wizard or a Jester), and the play codes of each set of ranks in a suit and of each set of special cards.
CODE_BITS = (
    *_CODE_BITS[:WIZARD_AS_JESTER],
    _CODE_BITS[WIZARD_FACE],
    _CODE_BITS[JESTER_FACE],
    *_CODE_BITS[TABLE_CODES:],
)
# Built by the first game or trick state (see TrickState), not at import: the bot imports this module
# at start-up only for the level names.
_SUIT_CODES = _SUIT_CODE_TABLES


def legal_codes(hand: int, led: int) -> tuple[int, ...]:
    """The play codes a hand may play when the led-suit state is ``led`` (R-6), in the game's order."""
    if led < 4:
        chunk = hand >> (13 * led) & 0x1FFF
        if chunk:
            return _SUIT_CODES[led][chunk] + _SPECIAL_CODES[hand >> 52]
    return _play_codes(hand)


def round_points(bid: int, tricks: int, null_tricks: int, cards: int) -> int:
    """A player's points for a round, R-5 included: a round of only null tricks scores nothing."""
    if null_tricks == cards:
        return 0
    return round_score(bid, tricks)


# -- the greedy policy's card values, per trump state (0..3 a suit, 4 no trump) and play code ----------


def _power(trump: int, code: int) -> float:
    """How likely a card is to take a trick, on one scale for all cards."""
    if code < 52:
        return code % 13 + 2 + (13 if code // 13 == trump else 0)
    return {
        WIZARD_FACE: 40.0,
        JESTER_FACE: 0.0,
        MERLIN_FACE: 46.0,
        EXCALIBUR_FACE: 1.0,
        MORGAN_FACE: 50.0,
        GRAIL_FACE: 30.0,
        MERLIN_AS_JESTER: 45.0,
        WIZARD_AS_JESTER: 0.0,
        JESTER_AS_WIZARD: 40.0,
    }[code]


def _lead_to_win(trump: int, code: int) -> float:
    """Which card to lead when the trick is wanted: the surest winner, a high trump before a low one."""
    if code < 52:
        return code % 13 + 2 + (4 if code // 13 == trump else 0)
    return {
        WIZARD_FACE: 40.0,
        JESTER_FACE: -2.0,
        MERLIN_FACE: 39.0,
        EXCALIBUR_FACE: -1.0,
        MORGAN_FACE: 50.0,
        GRAIL_FACE: -1.5,  # led, it is at position 1: a null card
        MERLIN_AS_JESTER: -3.0,
        WIZARD_AS_JESTER: -2.0,
        JESTER_AS_WIZARD: 40.0,
    }[code]


def _danger(trump: int, code: int) -> float:
    """How likely a card is to take a trick its player does not want; the safe cards are kept longest."""
    if code < 52:
        return code % 13 + 2 + (13 if code // 13 == trump else 0)
    return {
        WIZARD_FACE: 40.0,
        JESTER_FACE: 0.0,
        MERLIN_FACE: -1.0,
        EXCALIBUR_FACE: -0.5,  # its trick is null: the escape kept for last
        MORGAN_FACE: 50.0,
        GRAIL_FACE: 0.2,
        MERLIN_AS_JESTER: -0.4,
        WIZARD_AS_JESTER: 0.0,
        JESTER_AS_WIZARD: 40.0,
    }[code]


def _lead_to_lose(trump: int, code: int) -> float:
    """Which card to lead when the trick is not wanted: low cards first, then the safe specials."""
    if code < 52:
        return code % 13 - 2 + (13 if code // 13 == trump else 0)
    return {
        WIZARD_FACE: 40.0,
        JESTER_FACE: 0.5,
        MERLIN_FACE: 100.0,
        EXCALIBUR_FACE: 0.7,
        MORGAN_FACE: 50.0,
        GRAIL_FACE: -1.5,  # led, a null card: the perfect duck
        MERLIN_AS_JESTER: 0.6,
        WIZARD_AS_JESTER: 0.5,
        JESTER_AS_WIZARD: 40.0,
    }[code]


def _table(value: Callable[[int, int], float]) -> tuple[tuple[float, ...], ...]:
    return tuple(tuple(value(trump, code) for code in range(TABLE_CODES)) for trump in range(5))


_POWER = _table(_power)
_LEAD_WIN = _table(_lead_to_win)
_DANGER = _table(_danger)
_LEAD_LOSE = _table(_lead_to_lose)


def greedy_play(hand: int, led: int, best: int, index: int, players: int, trump: int, want: bool) -> int:
    """The greedy policy's play code for a hand, given the trick so far (``best`` is its top strength)."""
    codes = legal_codes(hand, led)
    if len(codes) == 1:
        return codes[0]
    if index == 0:
        if want:
            return max(codes, key=_LEAD_WIN[trump].__getitem__)
        return min(codes, key=_LEAD_LOSE[trump].__getitem__)
    # The strengths at this card's position; each card's row is the led-suit state it would leave.
    strengths = STRENGTH[trump][index & 1]
    if want:
        code = _cheapest_winner(codes, led, best, strengths, index == players - 1)
        return code if code >= 0 else min(codes, key=_POWER[trump].__getitem__)
    return _safest_loser(codes, led, best, strengths, _DANGER[trump])


def _cheapest_winner(
    codes: Sequence[int], led: int, best: int, strengths: Sequence[Sequence[int]], last: bool
) -> int:
    """The card that takes the trick most cheaply, or -1 if none of ``codes`` beats ``best``.

    Excalibur is never one (its trick is null), nor Merlin declared a Jester. A suit card comes first:
    the last player takes with the lowest winner, an earlier one with the highest, to hold the trick.
    Else the weakest winning special card, a Wizard before Merlin (which is worth keeping).
    """
    high = low = special = -1
    high_strength = -1
    low_strength = special_strength = 1 << 20
    for code in codes:
        if code in (EXCALIBUR_FACE, MERLIN_AS_JESTER):
            continue
        strength = strengths[NEXT_LED[led][code]][code]
        if strength <= best:
            continue
        if code < 52:
            if strength > high_strength:
                high, high_strength = code, strength
            if strength < low_strength:
                low, low_strength = code, strength
        elif strength < special_strength or (strength == special_strength and code == WIZARD_FACE):
            special, special_strength = code, strength
    if high >= 0:
        return low if last else high
    return special


def _safest_loser(
    codes: Sequence[int], led: int, best: int, strengths: Sequence[Sequence[int]], danger: Sequence[float]
) -> int:
    """The most dangerous card that still loses the trick (Excalibur always does: its trick is null).

    Merlin is never declared a Wizard to lose a trick: as a loser it goes as a Jester. With no losing
    card, the most dangerous card of all goes.
    """
    loser = -1
    loser_danger = -1e9
    for code in codes:
        if code == MERLIN_FACE:
            continue
        if code != EXCALIBUR_FACE and strengths[NEXT_LED[led][code]][code] > best:
            continue
        if danger[code] > loser_danger:
            loser, loser_danger = code, danger[code]
    if loser >= 0:
        return loser
    return max(codes, key=danger.__getitem__)


class TrickState:
    """A round in play, as the simulator needs it: whose turn, the open trick, tricks taken so far."""

    __slots__ = ("best", "best_at", "best_code", "index", "leader", "led", "null", "remaining", "tricks")

    def __init__(
        self,
        leader: int,
        trick: Sequence[int],
        trump: int,
        tricks: Sequence[int],
        null: int,
        remaining: int,
    ) -> None:
        """The state after ``trick`` (play codes from ``leader``), with ``remaining`` tricks unfinished."""
        if not _SUIT_CODE_TABLES[0]:
            _build_code_tables()
        self.leader = leader
        self.tricks = list(tricks)
        self.null = null
        self.remaining = remaining
        led, best, best_at, best_code = NO_LED, NOTHING_PLAYED, 0, -1
        for index, code in enumerate(trick):
            led = NEXT_LED[led][code]
            strength = strength_at(trump, led, code, index)
            if strength > best:
                best, best_at, best_code = strength, index, code
        self.led = led
        self.best = best
        self.best_at = best_at
        self.best_code = best_code
        self.index = len(trick)


# The greedy policy's answers, by (hand, led-suit state, best strength, position, wanting the trick), for
# one trump suit and number of players. The playouts of one decision meet the same situations again and
# again (about half of their plays: the same hands late in a round, the options of one deal sharing
# their first tricks), so a decision keeps one of these and looks each one up before working it out.
PolicyMemo = dict[tuple[int, int, int, int, bool], int]


def play_out(
    hands: list[int],
    bids: Sequence[int],
    trump: int,
    state: TrickState,
    first: int = -1,
    memo: PolicyMemo | None = None,
) -> tuple[list[int], int]:
    """Play the round to its end with the greedy policy; the tricks each player took and the null tricks.

    ``hands`` is changed in place. ``first``, when not negative, is the play code of the player to act,
    the action being evaluated; everyone then follows the greedy policy. ``memo`` keeps the policy's
    answers between the playouts of one decision (the same trump and players throughout).
    """
    if memo is None:
        memo = {}
    players = len(hands)
    tricks = state.tricks.copy()
    null = state.null
    remaining = state.remaining
    leader = state.leader
    led, best, best_at, best_code, index = state.led, state.best, state.best_at, state.best_code, state.index
    strengths = STRENGTH[trump]
    player = (leader + index) % players
    code = first
    while remaining:
        hand = hands[player]
        if code < 0:
            want = tricks[player] < bids[player]
            key = (hand, led, best, index, want)
            code = memo.get(key, -1)
            if code < 0:
                code = memo[key] = greedy_play(hand, led, best, index, players, trump, want)
        taken = hand & CODE_BITS[code]
        hands[player] = hand ^ (taken & -taken)
        if led == NO_LED:
            led = NEXT_LED[led][code]
        strength = strengths[index & 1][led][code]
        if strength > best:
            best, best_at, best_code = strength, index, code
        code = -1
        index += 1
        if index < players:
            player = player + 1 if player + 1 < players else 0
            continue
        taker = (leader + best_at) % players
        if best_code == EXCALIBUR_FACE:
            null += 1
        else:
            tricks[taker] += 1
        remaining -= 1
        leader = player = taker
        index = 0
        led, best, best_at, best_code = NO_LED, NOTHING_PLAYED, 0, -1
    return tricks, null
