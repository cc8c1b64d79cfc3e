"""What one player knows of a round, read from their ``PlayerView``, and deals consistent with it.

A computer player sees its own hand, the turned-up card and every card played (in the Forehead card
round, the other players' cards but not its own; in a Third Time's The Harm round it bids without its
hand). The other cards (the *unseen* ones) are in the hands it does not see or were never dealt. Play
reveals more: a player who did not follow the led suit has none of it left (R-6: only a suit card of
another suit shows this; special cards may always be played). A *determinization* deals the unseen
cards to the hands it does not see, in their current sizes, and to the undealt rest so that every
known void holds. Plays that went against a player's bid (a trick let go while they wanted one, or taken
while they did not) are kept as ``hints`` of what their hand held then, which the search weighs its deals
by (``search.play_likelihood``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

from wizard_core.cards import (
    BITS_OF_FACE,
    EXCALIBUR_FACE,
    JESTER_BITS,
    SUIT_MASKS,
    WIZARD_BITS,
    Card,
    bits_of,
    deck_bits,
)
from wizard_core.tricks import NEXT_LED, NO_LED, NO_TRUMP, NOTHING_PLAYED, play_code, strength_at
from wizard_core.views import PlayerView, TrickView

__all__ = ["Knowledge"]

_COPIES = WIZARD_BITS | JESTER_BITS
_SUIT_OF_BIT = tuple(i // 13 if i < 52 else 4 for i in range(64))
# The bits of each suit group: the four suits, then the special cards (which no void rules out).
_GROUP_MASKS = (*SUIT_MASKS, ~((1 << 52) - 1) & ((1 << 64) - 1))
# Below this many tries a constrained deal is redrawn; past it, it is built with a feasibility check.
_GREEDY_TRIES = 25


class Knowledge:
    """One player's knowledge of the round under way, and the deals of the unseen cards it allows.

    Players are numbered among those still in the game (Nannie's Rule removes players): ``seats[i]`` is
    the seat of player ``i``. Masks use the hand-mask bits of ``cards``; Wizards and Jesters take
    successive copies, so which copy a mask names carries no information. ``voids[p]`` has bit ``s``
    set when player ``p`` has shown they hold no card of suit ``s``; ``trick`` is the open trick's play
    codes from ``leader``; ``rest_size`` is the number of unseen cards nobody holds; ``played[p]`` the
    cards ``p`` has played this round. ``known[p]`` is the whole hand of a player whose hand is seen
    (``fixed[p]``): one's own, except when it is hidden (``blind``), and the others' in the Forehead
    round. ``bids`` has None for a bid not made, secret or never made (the Saboteur dealer, ``saboteur``).
    """

    __slots__ = (
        "_layout",
        "bids",
        "blind",
        "cards",
        "fixed",
        "forehead",
        "hand",
        "hand_sizes",
        "hints",
        "known",
        "leader",
        "me",
        "null",
        "played",
        "players",
        "rest_size",
        "saboteur",
        "seats",
        "trick",
        "tricks",
        "trump",
        "unseen",
        "voids",
    )

    def __init__(self, view: PlayerView) -> None:
        """Read the knowledge of ``view.player`` from their view."""
        active = view.active or (True,) * len(view.players)
        self.seats: tuple[int, ...] = tuple(p for p, inside in enumerate(active) if inside)
        index = {seat: i for i, seat in enumerate(self.seats)}
        self.players = n = len(self.seats)
        self.me = index[view.player]
        self.cards = view.cards_per_player
        self.trump = NO_TRUMP if view.trump is None else int(view.trump)
        self.bids: tuple[int | None, ...] = tuple(view.bids[p] for p in self.seats)
        self.tricks: tuple[int, ...] = tuple(view.tricks_won[p] for p in self.seats)
        self.null = view.null_tricks
        self.hand_sizes: tuple[int, ...] = tuple(view.hand_sizes[p] for p in self.seats)
        self.blind = view.hand_hidden
        self.forehead = bool(view.others_cards)
        self.saboteur = index.get(view.dealer, -1) if "saboteur" in view.variants else -1
        allowed = deck_bits(view.edition)
        used = 0

        def take(card: Card) -> int:
            # Wizards and Jesters are interchangeable: each takes the next free copy.
            nonlocal used
            free = BITS_OF_FACE[card.face] & allowed & ~used
            if not free:
                raise ValueError(f"the view shows more copies of {card} than the deck holds")
            bit = free & -free
            used |= bit
            return bit

        self.hand = sum(take(card) for card in view.hand)
        known = [0] * n
        fixed = [False] * n
        known[self.me] = self.hand
        fixed[self.me] = not self.blind
        for seat, card in enumerate(view.others_cards):
            if card is not None and seat in index:
                known[index[seat]] = take(card)
                fixed[index[seat]] = True
        voids, played = self._read_plays([*view.completed_tricks, view.current_trick], index, take)
        for p in range(n):  # a Forehead card already played leaves an empty, fully known hand
            fixed[p] = fixed[p] or not self.hand_sizes[p]
        self.known: tuple[int, ...] = tuple(known)
        self.fixed: tuple[bool, ...] = tuple(fixed)
        self.played: tuple[int, ...] = tuple(played)
        if view.turned_up is not None:
            take(view.turned_up)
        self.voids: tuple[int, ...] = tuple(voids)
        self.unseen = allowed & ~used
        self.leader = index[view.current_trick.leader]
        self.trick: tuple[int, ...] = tuple(
            play_code(p.card, p.merlin, p.flipped) for p in view.current_trick.plays
        )
        hidden = sum(size for p, size in enumerate(self.hand_sizes) if not fixed[p])
        self.rest_size = self.unseen.bit_count() - hidden
        if self.rest_size < 0 or any(
            fixed[p] and known[p].bit_count() != self.hand_sizes[p] for p in range(n)
        ):
            raise ValueError("the view's hand sizes do not match the cards it shows")
        self._layout: _Layout | None = None

    def _read_plays(
        self, tricks: Sequence[TrickView], index: dict[int, int], take: Callable[[Card], int]
    ) -> tuple[list[int], list[int]]:
        """The voids shown and the cards played by each player (``take`` marks each card seen), and the
        ``hints``: what the plays that went against a player's bid say of their hand. Each hint is a
        player, the trick before their card (led-suit state, best strength, position), whether they
        wanted the trick, and the cards they have played since, that one included: their hand then was
        their hand now and these. See ``search.play_likelihood``."""
        voids = [0] * self.players
        played = [0] * self.players
        won = [0] * self.players
        hints: list[tuple[int, int, int, int, bool, int]] = []
        for trick in tricks:
            led, best = NO_LED, NOTHING_PLAYED
            for position, play in enumerate(trick.plays):
                code = play_code(play.card, play.merlin, play.flipped)
                p = index[play.player]
                before = played[p]
                played[p] |= take(play.card)
                if led < 4 and code < 52 and code // 13 != led:
                    voids[p] |= 1 << led
                after = NEXT_LED[led][code]
                strength = strength_at(self.trump, after, code, position)
                bid = self.bids[p]
                if position and bid is not None and p != self.me and code != EXCALIBUR_FACE:
                    want = won[p] < bid  # a trick let go while wanted, or the lead taken while not
                    if want != (strength > best):
                        hints.append((p, led, best, position, want, before))
                best = max(best, strength)
                led = after
            if trick.winner is not None and trick.winner in index:
                won[index[trick.winner]] += 1
        self.hints: tuple[tuple[int, int, int, int, bool, int], ...] = tuple(
            (p, led, best, position, want, played[p] & ~before)
            for p, led, best, position, want, before in hints
        )
        return voids, played

    def remaining_tricks(self) -> int:
        """Tricks of this round not finished yet, the open one included."""
        return self.cards - sum(self.tricks) - self.null

    def consistent(self, hands: Sequence[int]) -> bool:
        """True if these hands (one mask per player) could be the real ones, as far as this player knows.

        Wizards and Jesters are compared by number: which copy a mask holds does not matter.
        """
        if len(hands) != self.players:
            return False
        dealt = wizards = jesters = 0
        for p, hand in enumerate(hands):
            if hand.bit_count() != self.hand_sizes[p] or dealt & hand:
                return False
            dealt |= hand
            if self.fixed[p]:
                if not _same_cards(hand, self.known[p]):
                    return False
                continue
            if hand & ~self.unseen & ~_COPIES:
                return False
            wizards += (hand & WIZARD_BITS).bit_count()
            jesters += (hand & JESTER_BITS).bit_count()
            for suit in range(4):
                if self.voids[p] >> suit & 1 and hand & SUIT_MASKS[suit]:
                    return False
        unseen = self.unseen
        return wizards <= (unseen & WIZARD_BITS).bit_count() and jesters <= (unseen & JESTER_BITS).bit_count()

    def sample(self, rng: random.Random) -> list[int]:
        """A deal of the unseen cards to the players whose hands are not seen, respecting known voids."""
        layout = self._layout or self._lay_out()
        others = layout.others
        if not layout.voids:
            cards = layout.cards.copy()
            _shuffle(cards, rng.random)
            hands = list(self.known)
            start = 0
            for p in others:
                stop = start + self.hand_sizes[p]
                hands[p] = sum(cards[start:stop])
                start = stop
            return hands
        for _ in range(_GREEDY_TRIES):
            dealt = self._greedy(layout, rng.random)
            if dealt is not None:
                return dealt
        bits = list(bits_of(self.unseen))
        rng.shuffle(bits)
        return self._careful(bits, others, rng)

    def _lay_out(self) -> _Layout:
        """What every deal of this knowledge starts from, worked out once for all its samples."""
        others = [p for p in range(self.players) if not self.fixed[p]]
        capacity, eligible = self._holders(others)
        groups = [[1 << bit for bit in bits_of(self.unseen & mask)] for mask in _GROUP_MASKS]
        # The most constrained suit groups first, while their holders still have room.
        order = sorted((g for g in range(5) if groups[g]), key=lambda g: len(eligible[g]))
        self._layout = _Layout(
            others,
            [1 << bit for bit in bits_of(self.unseen)],
            any(self.voids[p] for p in others),
            capacity,
            [(eligible[g], groups[g]) for g in order],
        )
        return self._layout

    def _holders(self, others: list[int]) -> tuple[list[int], list[list[int]]]:
        """Capacities (the other players, then the undealt rest) and, per suit group, who may hold it."""
        capacity = [self.hand_sizes[p] for p in others] + [self.rest_size]
        eligible = []
        for group in range(5):
            eligible.append(
                [h for h, p in enumerate(others) if group == 4 or not self.voids[p] >> group & 1]
                + [len(others)]
            )
        return capacity, eligible

    def _hands_of(self, owner: list[int], cards: list[int], others: list[int]) -> list[int]:
        hands = list(self.known)
        for bit, holder in zip(cards, owner, strict=True):
            if holder < len(others):
                hands[others[holder]] |= 1 << bit
        return hands

    def _greedy(self, layout: _Layout, random: Callable[[], float]) -> list[int] | None:
        """Each card, most constrained suit groups first, to an eligible holder drawn in proportion to the
        room it has left; None if a card finds no room."""
        capacity = layout.capacity.copy()
        held = [0] * len(capacity)
        for choices, masks in layout.groups:
            room = sum(capacity[h] for h in choices)
            for mask in masks:
                if not room:
                    return None
                pick = int(random() * room)
                for h in choices:
                    pick -= capacity[h]
                    if pick < 0:
                        break
                capacity[h] -= 1
                room -= 1
                held[h] |= mask
        hands = list(self.known)
        for h, p in enumerate(layout.others):
            hands[p] = held[h]
        return hands

    def _careful(self, cards: list[int], others: list[int], rng: random.Random) -> list[int]:
        """Like ``_greedy``, but every step keeps the rest dealable (Hall's condition over suit groups)."""
        capacity, eligible = self._holders(others)
        left = [0] * 5
        for bit in cards:
            left[_SUIT_OF_BIT[bit]] += 1
        order = sorted(range(len(cards)), key=lambda i: len(eligible[_SUIT_OF_BIT[cards[i]]]))
        owner = [0] * len(cards)
        for i in order:
            group = _SUIT_OF_BIT[cards[i]]
            left[group] -= 1
            choices = [h for h in eligible[group] if capacity[h]]
            rng.shuffle(choices)
            for h in choices:
                capacity[h] -= 1
                if _dealable(left, capacity, eligible):
                    owner[i] = h
                    break
                capacity[h] += 1
            else:
                raise ValueError("no deal of the unseen cards fits what this player has seen")
        return self._hands_of(owner, cards, others)


class _Layout(NamedTuple):
    """The parts of a knowledge's deals that every sample shares: the players to deal to, the unseen
    cards as one-bit masks, whether any of those players has shown a void, the holders' room (those
    players, then the undealt rest) and, most constrained first, each suit group's holders and cards."""

    others: list[int]
    cards: list[int]
    voids: bool
    capacity: list[int]
    groups: list[tuple[list[int], list[int]]]


def _shuffle(items: list[int], random: Callable[[], float]) -> None:
    """Shuffle in place (Fisher and Yates) with one float a step: several times quicker than
    ``Random.shuffle``, which draws its random bits a call at a time."""
    for i in range(len(items) - 1, 0, -1):
        j = int(random() * (i + 1))
        items[i], items[j] = items[j], items[i]


def _same_cards(one: int, other: int) -> bool:
    """True if two masks hold the same cards, whichever copies of the Wizards and Jesters they have."""
    return (
        one & ~_COPIES == other & ~_COPIES
        and (one & WIZARD_BITS).bit_count() == (other & WIZARD_BITS).bit_count()
        and (one & JESTER_BITS).bit_count() == (other & JESTER_BITS).bit_count()
    )


def _dealable(left: list[int], capacity: list[int], eligible: list[list[int]]) -> bool:
    """Hall's condition: every set of suit groups fits in the room of the holders that may take them."""
    for subset in range(1, 32):
        need = 0
        holders: set[int] = set()
        for group in range(5):
            if subset >> group & 1:
                need += left[group]
                holders.update(eligible[group])
        if need > sum(capacity[h] for h in holders):
            return False
    return True
