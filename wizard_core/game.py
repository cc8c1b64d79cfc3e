"""The game of Wizard as a state machine, after OpenSpiel's oh_hell.

The rules, in the order the machine walks them (RULES.md §1 and §2):

1. First dealer (R-1): every player draws a card; the highest deals. Suits do not matter, Wizards (and
   in Camelot every special card but the Jester) rank above aces, Jesters below everything, and players
   tied for highest draw again.
2. Round *r* deals *r* cards to each player from a freshly shuffled deck; the deal passes left.
3. The next card is turned up: a suit card makes trump, a Jester means no trump, a Wizard (in Camelot
   any special but the Jester) lets the dealer choose a suit. No card left means no trump.
4. Bids, from the dealer's left, 0 to *r* each; the dealer bids last.
5. Play: the dealer's left leads, each trick's taker leads the next (R-4: also after a null trick).
   Following suit and who takes a trick are in ``tricks``.
6. Scoring: ``round_score`` per player, except R-5: a round of only null tricks scores nothing.
7. After the last round, the highest total wins; ties share the win (R-2).

The house variants of RULES.md §3 (``Rules.variants``) change these steps:

- the deal schedule comes from ``Rules.hand_sizes`` (Quick play, Nannie's Rule, Wizard Maximus), and
  Maximus fixes trump per round instead of turning a card up;
- Bids may not add up, the Canadian Rule and the Hardcore rule take bids away from the last bidder;
- Hidden Bid, Hands In and Delayed Reveal let every player bid at once, in any order, and keep the bids
  secret until the last one is in (Delayed Reveal: until the round's last trick is played);
- in Wizard Saboteur the dealer does not bid and scores 20 (nothing in an R-5 round);
- Third Time's The Harm and the Forehead card hide hands in the players' views, and in the Forehead
  round each player plays their card unseen (``PLAY_HIDDEN``);
- in Smyrna Style a Wizard or Jester played without its call counts as the opposite card;
- Nannie's Rule eliminates a player after every 2nd (or 3rd) round (R-8); eliminated players are
  skipped for everything and their totals freeze.

A game with no variants takes none of these paths: playing a card stays written out in ``apply``.

What a move caused (trump chosen, bids in, a trick taken, a round scored, a player out, the next round
dealt, the game over) comes back from ``apply`` as events (``wizard_core.events``), made at the step
that causes it; a move that causes none of these, most card plays, returns an empty tuple.

Chance is part of the record: the dealer draws and every deal are written to the action log beside the
players' actions, so replaying the log rebuilds the game without trusting a random generator.
A new game draws its chance events from a generator seeded with the game's seed, so a seed fixes a
whole game for tests and benchmarks.
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NoReturn

from wizard_core.actions import (
    BID_BASE,
    CALL_FESTER,
    CALL_GIZZARD,
    CALL_NAMES,
    PLAY_HIDDEN,
    TRUMP_BASE,
    Action,
    CallName,
    decode,
)
from wizard_core.cards import (
    BITS_OF_FACE,
    CARD_OF_BIT,
    EXCALIBUR_FACE,
    FACE_OF_BIT,
    JESTER_FACE,
    MERLIN_FACE,
    SPECIAL_BITS,
    SUIT_BITS,
    SUIT_MASKS,
    SUIT_SYMBOLS,
    Card,
    Suit,
    bits_of,
    cards_of_mask,
    deck_bits,
)
from wizard_core.errors import CorruptSaveError, IllegalActionError, NotYourTurnError, RulesError, WizardError
from wizard_core.events import (
    BidsRevealed,
    Event,
    GameOver,
    PlayerOut,
    RoundDealt,
    RoundScored,
    TrickTaken,
    TrumpChosen,
)
from wizard_core.rules import MAX_PLAYERS, MIN_PLAYERS, Rules, check_players, round_score
from wizard_core.tricks import (
    JESTER_AS_WIZARD,
    MERLIN_AS_JESTER,
    NEXT_LED,
    NO_LED,
    NO_TRUMP,
    NOTHING_PLAYED,
    PLAY_CODES,
    STRENGTH,
    WIZARD_AS_JESTER,
    MerlinAs,
)
from wizard_core.variants import BID_LIMITS, SIMULTANEOUS_BIDS
from wizard_core.views import (
    GameResult,
    Phase,
    PlayedCard,
    PlayerView,
    PublicView,
    RoundResult,
    TrickView,
)

__all__ = ["SEAT_STRIDE", "Game", "LogEntry", "decode_log_entry", "encode_log_entry"]

SAVE_FORMAT = "wizard-save"
SAVE_VERSION = 1

# An entry of the action log: a player's action code, or a chance event ("draw" or "deal") with the
# hand-mask bits of the cards, in the order they were dealt. An action taken while several players may
# act (simultaneous bids) is logged as ``code + SEAT_STRIDE * (seat + 1)``, so the log says whose it is.
LogEntry = int | tuple[str, tuple[int, ...]]
SEAT_STRIDE = 1024

# Phases as small integers on the hot path; ``Game.phase`` gives the enum.
_TRUMP, _BID, _PLAY, _OVER = range(4)
_PHASES = (Phase.CHOOSE_TRUMP, Phase.BID, Phase.PLAY, Phase.GAME_OVER)
# ``_current`` when nobody in particular is to act: the game is over, or everyone bids at once.
_NOBODY = -1

_SIMULTANEOUS = frozenset(SIMULTANEOUS_BIDS)
_BID_LIMITS = frozenset(BID_LIMITS)
# Wizard Maximus: trump of rounds 1 to 5 (clubs, diamonds, hearts, spades, none).
_MAXIMUS_TRUMPS = (3, 2, 1, 0, NO_TRUMP)

# Play codes to the hand bits they may take: Merlin's two codes both take Merlin's bit.
# Padded with zeros to 128 entries, so that any other small code, negative ones included, takes no card.
_CODE_BITS: tuple[int, ...] = (*BITS_OF_FACE, BITS_OF_FACE[MERLIN_FACE], *[0] * (128 - PLAY_CODES))
_WIZARD_BITS = BITS_OF_FACE[52]
_JESTER_BITS = BITS_OF_FACE[JESTER_FACE]
# Wizard Saboteur: the dealer's points for a round.
SABOTEUR_POINTS = 20
_CAMELOT_BITS = SPECIAL_BITS ^ _WIZARD_BITS ^ _JESTER_BITS
# Camelot special bits 60..63 to the play codes they offer (Merlin offers both declarations).
_CAMELOT_CODES = (
    (1 << 60, (MERLIN_FACE, MERLIN_AS_JESTER)),
    (1 << 61, (55,)),
    (1 << 62, (56,)),
    (1 << 63, (57,)),
)


_BIT = tuple(1 << i for i in range(64))
_SUITS = tuple(Suit)
_DECKS = {edition: tuple(bits_of(deck_bits(edition))) for edition in ("classic", "camelot")}
# By led-suit state: the suit cards that may not be played by someone holding the led suit.
_OFF_SUIT = tuple(SUIT_BITS ^ SUIT_MASKS[led] if led < 4 else 0 for led in range(6))
_BID_CODES = tuple(tuple(range(BID_BASE, BID_BASE + size + 1)) for size in range(21))
_TRUMP_CODES = tuple(range(TRUMP_BASE, TRUMP_BASE + 4))
# What ``apply`` returns for a trick taken, built once, as trick ends are frequent:
# ``_TAKEN[index][taker]`` is ``(TrickTaken(taker, index),)``, and ``_TAKEN[index][-1]`` a null trick's.
_TAKEN = tuple(
    tuple((TrickTaken(taker, index),) for taker in (*range(MAX_PLAYERS), None))
    for index in range(64 // MIN_PLAYERS + 1)
)


def _draw_rank(bit: int) -> int:
    """R-1: suit cards by rank, Jesters lowest, every other special above aces."""
    face = FACE_OF_BIT[bit]
    if face < 52:
        return face % 13 + 2
    return 0 if face == JESTER_FACE else 15


class Game:
    """A game of Wizard for 3 to 6 players, from the first dealer's draw to the final standings.

    >>> from wizard_core import Bid
    >>> game = Game(["Ann", "Ben", "Cy"], seed=7)
    >>> game.phase, game.round_number, len(game.hand(game.current_player))
    (<Phase.BID: 'bid'>, 1, 1)
    >>> game.apply(Bid(4))
    Traceback (most recent call last):
    ...
    wizard_core.errors.IllegalActionError: bids go from 0 to 1
    """

    __slots__ = (
        "_active",
        "_best",
        "_best_at",
        "_bids",
        "_call",
        "_camelot",
        "_current",
        "_dealer",
        "_deck",
        "_done",
        "_eliminated",
        "_fast",
        "_first_dealer",
        "_forehead",
        "_gizzard",
        "_hands",
        "_leader",
        "_led",
        "_limits",
        "_log",
        "_maximus",
        "_n",
        "_names",
        "_null",
        "_phase",
        "_plain",
        "_replay",
        "_results",
        "_rng",
        "_round",
        "_round_seats",
        "_rounds_total",
        "_rules",
        "_saboteur",
        "_seats",
        "_seed",
        "_simultaneous",
        "_size",
        "_sizes",
        "_totals",
        "_trick",
        "_tricks",
        "_trump",
        "_turned",
        "_variants",
    )

    def __init__(
        self,
        players: int | Sequence[str],
        rules: Rules | None = None,
        seed: int | None = None,
        *,
        _replay: Iterable[tuple[str, tuple[int, ...]]] | None = None,
    ) -> None:
        """Seat the players, draw for the first dealer and deal the first round."""
        self._setup(players, rules, seed)
        self._rng = random.Random(self._seed)
        self._active = [True] * self._n
        self._seats = tuple(range(self._n))
        self._eliminated: list[int] = []
        self._log: list[LogEntry] = []
        self._replay = deque(_replay) if _replay is not None else None
        self._totals = [0] * self._n
        self._results: list[RoundResult] = []
        self._first_dealer = self._draw_first_dealer()
        self._round = 1
        self._dealer = self._first_dealer
        self._deal()

    def _setup(self, players: int | Sequence[str], rules: Rules | None, seed: int | None) -> None:
        """What the players, the rules and the seed fix for the whole game."""
        names = (
            tuple(f"Player {i + 1}" for i in range(players)) if isinstance(players, int) else tuple(players)
        )
        check_players(len(names))
        if not _SUIT_CODE_TABLES[0]:
            _build_code_tables()
        if any(not isinstance(name, str) or not name.strip() for name in names):
            raise RulesError("every player needs a name", key="player-needs-name")
        self._names = names
        self._n = len(names)
        self._rules = rules if rules is not None else Rules()
        self._rules.check_players(self._n)
        if seed is None:
            seed = secrets.randbits(63)
        elif not isinstance(seed, int) or isinstance(seed, bool):
            raise RulesError("the seed must be an integer")
        self._seed = seed
        self._camelot = self._rules.edition == "camelot"
        self._deck = _DECKS[self._rules.edition]
        variants = self._variants = self._rules.variants
        # A game without variants plays its cards on the path written out in ``apply``.
        self._plain = not variants
        self._fast = _PLAY if self._plain else -1
        self._simultaneous = bool(variants & _SIMULTANEOUS)
        self._limits = bool(variants & _BID_LIMITS)
        self._saboteur = "saboteur" in variants
        self._gizzard = "gizzard-fester" in variants
        self._maximus = "maximus" in variants
        self._sizes = self._rules.hand_sizes(self._n)
        self._rounds_total = len(self._sizes)

    # -- chance ---------------------------------------------------------------------------------

    def _chance(self, kind: str, count: int) -> tuple[int, ...]:
        """The next chance event: from the log being replayed, else drawn from the game's generator."""
        if self._replay:
            logged_kind, cards = self._replay.popleft()
            if logged_kind != kind:
                raise CorruptSaveError(f"expected a {kind} in the log, found a {logged_kind}")
            if len(cards) != count or len(set(cards)) != count or not set(cards) <= set(self._deck):
                raise CorruptSaveError(f"the logged {kind} is not {count} different cards of this deck")
        else:
            # The first ``count`` steps of a Fisher-Yates shuffle. ``int(random() * k)`` is uniform to
            # within 2**-53, and much faster than ``randrange`` on this path, which simulations run a lot.
            deck = list(self._deck)
            size = len(deck)
            random = self._rng.random
            for i in range(count):
                j = i + int(random() * (size - i))
                deck[i], deck[j] = deck[j], deck[i]
            cards = tuple(deck[:count])
        self._log.append((kind, cards))
        return cards

    def _draw_first_dealer(self) -> int:
        contenders = list(range(self._n))
        while len(contenders) > 1:
            drawn = self._chance("draw", len(contenders))
            ranks = [_draw_rank(bit) for bit in drawn]
            best = max(ranks)
            contenders = [p for p, rank in zip(contenders, ranks, strict=True) if rank == best]
        return contenders[0]

    def _deal(self) -> None:
        n = self._n
        size = self._size = self._sizes[self._round - 1]
        seats = self._round_seats = self._seats
        dealt = len(seats) * size
        maximus = self._maximus
        # "No cards left" comes from the deck, not from the round number; Maximus turns nothing up.
        with_turn = dealt < len(self._deck) and not maximus
        cards = self._chance("deal", dealt + with_turn)
        if self._plain:
            self._hands = [sum(map(_BIT.__getitem__, cards[p * size : (p + 1) * size])) for p in range(n)]
            self._leader = (self._dealer + 1) % n
            self._forehead = False
        else:
            hands = [0] * n
            for i, p in enumerate(seats):
                hands[p] = sum(map(_BIT.__getitem__, cards[i * size : (i + 1) * size]))
            self._hands = hands
            self._leader = self._next_seat(self._dealer)
            self._forehead = size == 1 and "forehead" in self._variants
        self._bids = [-1] * n
        self._tricks = [0] * n
        self._null = 0
        self._trick: list[int] = []
        self._done: list[tuple[int, list[int], int, bool]] = []
        self._led = NO_LED
        self._best = NOTHING_PLAYED
        self._best_at = 0
        self._call = 0
        self._turned = cards[-1] if with_turn else -1
        self._trump = _MAXIMUS_TRUMPS[self._round - 1] if maximus else NO_TRUMP
        self._phase = _BID
        self._current = _NOBODY if self._simultaneous else self._leader
        if with_turn:
            face = FACE_OF_BIT[self._turned]
            if face < 52:
                self._trump = face // 13
            elif face != JESTER_FACE:
                self._phase = _TRUMP
                self._current = self._dealer

    def _next_seat(self, player: int) -> int:
        """The next player still in the game after ``player``, to the left."""
        n, active = self._n, self._active
        player = (player + 1) % n
        while not active[player]:
            player = (player + 1) % n
        return player

    def _rotation(self, first: int) -> tuple[int, ...]:
        """The players dealt in this round, in playing order from ``first``."""
        seats = self._round_seats
        at = seats.index(first)
        return seats[at:] + seats[:at]

    def _bids_this_round(self, player: int) -> bool:
        """True if ``player`` bids in this round (not eliminated, not the Saboteur dealer)."""
        return self._active[player] and not (self._saboteur and player == self._dealer)

    # -- players' actions -----------------------------------------------------------------------

    def apply(self, action: Action | int, player: int | None = None) -> tuple[Event, ...]:
        """Apply a player's action, or raise a ``WizardError`` saying why it is refused.

        ``player``, when given, is the seat trying to act; anyone who may not act now is refused. While
        several players may act (simultaneous bids) it is required, unless only one of them is left.

        Returns what the action caused (``wizard_core.events``), in the order it happened: trump chosen,
        the bidding over, a trick taken, then a round scored, a player out, the game over or the next
        round dealt. Most actions cause none of these and return an empty tuple.
        """
        code = action if type(action) is int else _encode(action)
        if self._phase != self._fast or (player is not None and player != self._current):
            return self._apply_other(code, player)
        # Playing a card is most of a game's actions, so it is written out here rather than called.
        p = self._current
        hand = self._hands[p]
        led = self._led
        try:
            taken = hand & _CODE_BITS[code]  # zero for codes that play no card
        except IndexError:
            taken = 0
        if taken & _OFF_SUIT[led] and hand & SUIT_MASKS[led]:
            taken = 0  # another suit while holding the led one
        if not taken:
            self._refuse(code)
        self._log.append(code)
        self._hands[p] = hand ^ (taken & -taken)
        trick = self._trick
        index = len(trick)
        trick.append(code)
        if led == NO_LED:
            self._led = led = NEXT_LED[led][code]
        # tricks.strength_at, written out:
        strength = STRENGTH[self._trump][index & 1][led][code]
        if strength > self._best:
            self._best = strength
            self._best_at = index
        n = self._n
        if index + 1 < n:
            self._current = (p + 1) % n
            return ()
        winner = self._best_at
        null = trick[winner] == EXCALIBUR_FACE
        self._best = NOTHING_PLAYED
        leader = self._leader
        taker = (leader + winner) % n
        if null:
            self._null += 1
        else:
            self._tricks[taker] += 1
        done = self._done
        done.append((leader, trick, taker, null))  # the list is never changed again
        self._trick = []
        self._led = NO_LED
        self._leader = self._current = taker
        events = _TAKEN[len(done) - 1][-1 if null else taker]
        if len(done) == self._size:
            return events + self._score_round()
        return events

    def _apply_other(self, code: int, player: int | None) -> tuple[Event, ...]:
        """Every action but a card played in a game without variants."""
        if self._plain:
            return self._apply_plain_setup(code, player)
        phase = self._phase
        if self._current == _NOBODY and phase == _BID:
            p = self._bidder_at_once(player)
        else:
            if player is not None and player != self._current:
                self._refuse_turn(player)
            p = self._current
        if phase == _PLAY:
            return self._play(code, p)
        if phase == _BID and BID_BASE <= code <= BID_BASE + self._size:
            return self._bid(code, p)
        if phase == _TRUMP and TRUMP_BASE <= code < TRUMP_BASE + 4:
            return self._choose_trump(code)
        self._refuse(code, p)

    def _apply_plain_setup(self, code: int, player: int | None) -> tuple[Event, ...]:
        """A bid or the dealer's trump choice in a game without variants, where everyone acts in turn."""
        if player is not None and player != self._current:
            self._refuse_turn(player)
        phase = self._phase
        if phase == _BID and BID_BASE <= code <= BID_BASE + self._size:
            self._log.append(code)
            p = self._current
            self._bids[p] = code - BID_BASE
            self._current = p = (p + 1) % self._n
            if p == self._leader:  # the dealer has bid
                self._phase = _PLAY
                return (BidsRevealed(self._round, False, tuple(self._bids)),)  # everyone bid
            return ()
        if phase == _TRUMP and TRUMP_BASE <= code < TRUMP_BASE + 4:
            return self._choose_trump(code)
        self._refuse(code)

    def _choose_trump(self, code: int) -> tuple[Event, ...]:
        """The dealer names trump; the bidding starts."""
        self._log.append(code)
        self._trump = trump = code - TRUMP_BASE
        self._phase = _BID
        self._current = _NOBODY if self._simultaneous else self._leader
        return (TrumpChosen(self._round, _SUITS[trump], self._dealer),)

    def _bids_in(self) -> tuple[Event, ...]:
        """The last bid of a round with variants is in: the play starts, and the bids are shown (unless
        Delayed Reveal keeps them secret)."""
        self._phase = _PLAY
        self._current = self._leader
        secret = self._bids_secret()
        bids = (None,) * self._n if secret else self.bids
        hidden = self._forehead or self._blind_round()
        return (BidsRevealed(self._round, hidden, bids, secret),)

    def _blind_round(self) -> bool:
        """True in a Third Time's The Harm round: its bids are made without seeing the hands."""
        return "third-time" in self._variants and self._round % 3 == 0

    def _bid(self, code: int, p: int) -> tuple[Event, ...]:
        """A bid in a game with variants: in turn, or at once with everyone (then logged with the seat)."""
        if self._limits:
            self._check_bid_limits(p, code - BID_BASE)
        at_once = self._current == _NOBODY
        self._log.append(code + SEAT_STRIDE * (p + 1) if at_once else code)
        self._bids[p] = code - BID_BASE
        if at_once:
            return () if self.to_act else self._bids_in()
        p = self._next_seat(p)
        if self._saboteur and p == self._dealer:
            p = self._next_seat(p)
        if self._bids[p] < 0:
            self._current = p
            return ()
        return self._bids_in()  # round the table: everyone has bid

    def _bidder_at_once(self, player: int | None) -> int:
        """The player bidding while everyone bids at once, or a refusal saying why they may not."""
        waiting = self.to_act
        if player is None:
            if len(waiting) == 1:
                return waiting[0]
            raise IllegalActionError(
                "everyone bids at once now: say which player is bidding", key="say-who-bids"
            )
        if player in waiting:
            return player
        if not 0 <= player < self._n:
            raise NotYourTurnError(
                f"seat {player} is not at this table", key="seat-not-at-table", seat=player
            )
        name = self._names[player]
        if not self._active[player]:
            raise NotYourTurnError(f"{name} is out of the game", key="player-out", name=name)
        if not self._bids_this_round(player):
            raise NotYourTurnError(
                f"{name} deals and does not bid this round (Wizard Saboteur)",
                key="saboteur-dealer-does-not-bid",
                name=name,
            )
        raise NotYourTurnError(f"{name} has already bid", key="already-bid", name=name)

    def _check_bid_limits(self, player: int, bid: int) -> None:
        """Refuse a bid that Bids may not add up, the Canadian Rule or the Hardcore rule forbids."""
        forbidden = self._forbidden_bid(player)
        if forbidden is None or forbidden[0] != bid:
            return
        size, rule = self._size, forbidden[1]
        if rule == "no-even-bids":
            raise IllegalActionError(
                f"Bids may not add up: a bid of {bid} would make the bids total {size}, the number of tricks",
                key="bid-adds-up",
                bid=bid,
                size=size,
            )
        if rule == "canadian":
            raise IllegalActionError(
                f"Canadian Rule: you lead on score, so as dealer you may not make the bids total {size}, "
                f"the number of tricks (a bid of {bid} would); this rule never forbids a bid of 0",
                key="bid-adds-up-canadian",
                bid=bid,
                size=size,
            )
        raise IllegalActionError(
            f"Hardcore rule: from 4 cards up the dealer may not make the bids total {size}, "
            f"the number of tricks (a bid of {bid} would)",
            key="bid-adds-up-hardcore",
            bid=bid,
            size=size,
        )

    def _forbidden_bid(self, player: int) -> tuple[int, str] | None:
        """The bid a limit takes from ``player`` now (the one making the bids add up), and the variant that
        forbids it; or None."""
        size = self._size
        bid = size - sum(b for b in self._bids if b >= 0)  # the player has not bid yet
        # R-9 keeps the bid limits to ordered bidding, which ends with the dealer (never eliminated).
        if not 0 <= bid <= size or player != self._dealer:
            return None
        variants = self._variants
        if "no-even-bids" in variants:
            return bid, "no-even-bids"
        totals = self._totals
        leading = all(totals[player] > totals[q] for q in self._seats if q != player)
        if "canadian" in variants and leading and bid != 0:
            return bid, "canadian"
        if "hardcore" in variants and size >= 4:
            return bid, "hardcore"
        return None

    def _play(self, code: int, p: int) -> tuple[Event, ...]:
        """Play a card, or make a Smyrna Style call, with every variant that changes play."""
        if code in CALL_NAMES:
            self._make_call(code, p)
            return ()
        hand = self._hands[p]
        led = self._led
        if self._forehead:
            taken, played = self._unseen_card(code, p)
        else:
            try:
                taken = hand & _CODE_BITS[code]
            except IndexError:
                taken = 0
            if taken & _OFF_SUIT[led] and hand & SUIT_MASKS[led]:
                taken = 0
            if not taken:
                self._refuse(code, p)
            played = self._smyrna_code(code) if self._gizzard else code
        self._log.append(code)
        self._hands[p] = hand ^ (taken & -taken)
        trick = self._trick
        index = len(trick)
        trick.append(played)
        if led == NO_LED:
            self._led = led = NEXT_LED[led][played]
        strength = STRENGTH[self._trump][index & 1][led][played]
        if strength > self._best:
            self._best = strength
            self._best_at = index
        if index + 1 < len(self._seats):
            self._current = self._next_seat(p)
            return ()
        return self._finish_trick()

    def _unseen_card(self, code: int, p: int) -> tuple[int, int]:
        """Forehead card round: the bits and play code of the card ``p`` plays unseen (``PLAY_HIDDEN``)."""
        if code != PLAY_HIDDEN:
            self._refuse(code, p)
        hand = self._hands[p]
        played = FACE_OF_BIT[hand.bit_length() - 1]
        # A Merlin played unseen is declared by its player's bid: a Jester after a bid of 0.
        if played == MERLIN_FACE and self._bids[p] == 0:
            played = MERLIN_AS_JESTER
        # Wizards and Jesters count as themselves: nobody could call for a card they cannot see.
        return hand, played

    def _smyrna_code(self, code: int) -> int:
        """Smyrna Style: a Wizard or Jester played without its call goes into the trick as the other card."""
        played = code
        if code == 52 and self._call != CALL_GIZZARD:
            played = WIZARD_AS_JESTER
        elif code == JESTER_FACE and self._call != CALL_FESTER:
            played = JESTER_AS_WIZARD
        self._call = 0
        return played

    def _finish_trick(self) -> tuple[Event, ...]:
        """The last card of a trick is in: its taker (or a null trick) is counted and leads the next one."""
        trick = self._trick
        winner = self._best_at
        null = trick[winner] == EXCALIBUR_FACE
        self._best = NOTHING_PLAYED
        leader = self._leader
        taker = self._rotation(leader)[winner]
        if null:
            self._null += 1
        else:
            self._tricks[taker] += 1
        done = self._done
        done.append((leader, trick, taker, null))
        self._trick = []
        self._led = NO_LED
        self._leader = self._current = taker
        events = _TAKEN[len(done) - 1][-1 if null else taker]
        if len(done) == self._size:
            return events + self._score_round()
        return events

    def _make_call(self, code: int, p: int) -> None:
        """Smyrna Style: arm "Gizzard!" or "Fester!" for the player's next card."""
        name = CALL_NAMES[code].capitalize()
        call = CALL_NAMES[code]
        if not self._gizzard:
            raise IllegalActionError(
                f"calling {name} is a Smyrna Style rule; this table does not play it",
                key="call-not-played",
                call=call,
            )
        if self._forehead:
            raise IllegalActionError(
                "in the Forehead card round Wizards and Jesters count as themselves: "
                "there is nothing to call",
                key="call-in-forehead-round",
            )
        if self._call:
            called = CALL_NAMES[self._call]
            raise IllegalActionError(
                f"you have already called {called.capitalize()}: now play your card",
                key="already-called",
                call=called,
            )
        card = "Wizard" if code == CALL_GIZZARD else "Jester"
        if not self._hands[p] & (_WIZARD_BITS if code == CALL_GIZZARD else _JESTER_BITS):
            raise IllegalActionError(
                f"you call {name} to play a {card}, and you have no {card}",
                key="call-without-card",
                call=call,
            )
        self._log.append(code)
        self._call = code

    def _score_round(self) -> tuple[Event, ...]:
        """The round's last trick is in: score it, then end the game or deal the next round."""
        size = self._size
        n = self._n
        plain = self._plain
        if self._null == size:  # only null tricks, nobody scores (the Saboteur dealer neither).
            points = [0] * n
        elif plain:
            points = list(map(round_score, self._bids, self._tricks))
        else:
            points = [0] * n
            for p in self._seats:
                if self._saboteur and p == self._dealer:
                    points[p] = SABOTEUR_POINTS
                else:
                    points[p] = round_score(self._bids[p], self._tricks[p])
        totals = self._totals
        for p, gained in enumerate(points):
            totals[p] += gained
        result = RoundResult(
            round_number=self._round,
            dealer=self._dealer,
            cards_per_player=size,
            trump=self.trump,
            turned_up=self.turned_up,
            bids=tuple(self._bids),
            tricks=tuple(self._tricks),
            null_tricks=self._null,
            points=tuple(points),
            totals=tuple(totals),
        )
        if plain:
            self._results.append(result)
            scored = RoundScored(self._round, result)
            if self._round == self._rounds_total:
                self._phase = _OVER
                self._current = _NOBODY
                return (scored, GameOver(self.result()))
            self._round += 1
            self._dealer = (self._dealer + 1) % n
            self._deal()
            return (scored, RoundDealt(self._round, self._dealer, self._size))
        bids = tuple(None if b < 0 else b for b in self._bids)
        eliminated = self._eliminate()
        result = result._replace(bids=bids, eliminated=eliminated)
        self._results.append(result)
        events: tuple[Event, ...] = (RoundScored(self._round, result),)
        if eliminated:
            events += (PlayerOut(self._round, eliminated),)
        if self._round == self._rounds_total or len(self._seats) == 1:
            self._phase = _OVER
            self._current = _NOBODY
            return (*events, GameOver(self.result()))
        self._round += 1
        self._dealer = self._next_seat(self._dealer)
        self._deal()
        return (*events, RoundDealt(self._round, self._dealer, self._size))

    def _eliminate(self) -> tuple[int, ...]:
        """Nannie's Rule, after every 2nd (or 3rd) round: the single lowest total is out (R-8)."""
        if "nannie" not in self._variants or self._round % self._rules.nannie_every:
            return ()
        totals = self._totals
        lowest = min(totals[p] for p in self._seats)
        last = [p for p in self._seats if totals[p] == lowest]
        if len(last) != 1:  # a tie for lowest eliminates nobody
            return ()
        self._active[last[0]] = False
        self._seats = tuple(p for p in self._seats if p != last[0])
        self._eliminated.append(last[0])
        return (last[0],)

    def legal_actions(self, player: int | None = None) -> tuple[int, ...]:
        """The action codes a player may take now, in a stable order (empty if they may not act).

        Without ``player``: the current player's, or while everyone bids at once, the bids any of them
        may make.
        """
        phase = self._phase
        if phase == self._fast and player is None:
            hand = self._hands[self._current]
            led = self._led
            if led < 4:
                chunk = hand >> (13 * led) & 0x1FFF
                if chunk:
                    return _SUIT_CODE_TABLES[led][chunk] + _SPECIAL_CODES[hand >> 52]
            return _play_codes(hand)
        if self._plain and player is None:
            if phase == _BID:
                return _BID_CODES[self._size]
            return _TRUMP_CODES if phase == _TRUMP else ()
        return self._legal_for(player)

    def _legal_for(self, player: int | None) -> tuple[int, ...]:
        """``legal_actions`` on the general path: any phase, any variant, any player who may act."""
        phase = self._phase
        if phase == _OVER:
            return ()
        if player is None:
            p = self._current
        elif player in self.to_act:
            p = player
        else:
            return ()
        if phase == _BID:
            return self._bid_codes(p)
        if phase == _TRUMP:
            return _TRUMP_CODES
        if self._forehead:
            return (PLAY_HIDDEN,)
        hand = self._hands[p]
        led = self._led
        codes = _play_codes(hand)
        if led < 4:
            chunk = hand >> (13 * led) & 0x1FFF
            if chunk:
                codes = _SUIT_CODE_TABLES[led][chunk] + _SPECIAL_CODES[hand >> 52]
        if self._gizzard and not self._call:
            codes += _smyrna_calls(hand)
        return codes

    def _bid_codes(self, player: int) -> tuple[int, ...]:
        codes = _BID_CODES[self._size]
        if not self._limits:
            return codes
        forbidden = self._forbidden_bid(player)
        if forbidden is None:
            return codes
        return codes[: forbidden[0]] + codes[forbidden[0] + 1 :]

    # -- refusals, with messages a player understands -------------------------------------------

    def _refuse_turn(self, player: int) -> NoReturn:
        if not 0 <= player < self._n:
            raise NotYourTurnError(
                f"seat {player} is not at this table", key="seat-not-at-table", seat=player
            )
        if self._phase == _OVER:
            raise IllegalActionError("the game is over", key="game-over")
        name = self._names[player]
        if not self._active[player]:
            raise NotYourTurnError(f"{name} is out of the game", key="player-out", name=name)
        name = self._names[self._current]
        raise NotYourTurnError(f"it is {name}'s turn", key="not-your-turn", name=name)

    def _refuse(self, code: int, player: int | None = None) -> NoReturn:
        phase = self._phase
        if phase == _OVER:
            raise IllegalActionError("the game is over", key="game-over")
        try:
            action = decode(code)
        except IllegalActionError:
            raise IllegalActionError(
                f"{code!r} is not an action", key="not-an-action", what=repr(code)
            ) from None
        if phase == _TRUMP:
            name = self._names[self._dealer]
            raise IllegalActionError(
                f"{name} must first choose trump: one of {' '.join(SUIT_SYMBOLS)}",
                key="choose-trump-first",
                name=name,
            )
        if phase == _BID:
            if BID_BASE <= code < TRUMP_BASE:
                size = self._size
                raise IllegalActionError(f"bids go from 0 to {size}", key="bid-out-of-range", size=size)
            raise IllegalActionError(f"it is time to bid, not to {action}", key="time-to-bid", action=action)
        self._refuse_play(code, action, player)

    def _refuse_play(self, code: int, action: Action, player: int | None) -> NoReturn:
        if self._forehead:
            raise IllegalActionError(
                "in the Forehead card round nobody sees their own card: play it unseen, not by naming it",
                key="play-unseen",
            )
        if code == PLAY_HIDDEN:
            raise IllegalActionError("you can see your cards: play one of them", key="play-a-seen-card")
        if not 0 <= code < PLAY_CODES:
            raise IllegalActionError(
                f"it is time to play a card, not to {action}", key="time-to-play", action=action
            )
        hand = self._hands[self._current if player is None else player]
        card = Card(MERLIN_FACE if code == MERLIN_AS_JESTER else code)
        if not hand & _CODE_BITS[code]:
            raise IllegalActionError(f"you don't have {card}", key="card-not-in-hand", card=card)
        suit = Suit(self._led)
        raise IllegalActionError(
            f"you must follow {suit}: play a {suit} card or a special card, not {card}",
            key="must-follow",
            suit=suit,
            card=card,
        )

    # -- what there is to see -------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, in seat order (the deal passes to the next seat)."""
        return self._names

    @property
    def rules(self) -> Rules:
        """The rules this game is played by."""
        return self._rules

    @property
    def seed(self) -> int:
        """The seed every chance event of this game is drawn from."""
        return self._seed

    @property
    def phase(self) -> Phase:
        """What the game is waiting for."""
        return _PHASES[self._phase]

    @property
    def is_over(self) -> bool:
        """True once the last round has been scored."""
        return self._phase == _OVER

    @property
    def current_player(self) -> int | None:
        """The seat that acts next; None when the game is over or while several players bid at once."""
        return None if self._current < 0 else self._current

    @property
    def to_act(self) -> tuple[int, ...]:
        """Who may act now: one seat, several while everyone bids at once, none once the game is over."""
        if self._current >= 0:
            return (self._current,)
        if self._phase == _OVER:
            return ()
        bids = self._bids
        return tuple(p for p in self._rotation(self._leader) if bids[p] < 0 and self._bids_this_round(p))

    @property
    def version(self) -> int:
        """A number that grows with every logged event; the bot puts it in components to spot stale clicks."""
        return len(self._log)

    @property
    def round_version(self) -> int:
        """The version at which the round under way was dealt (0 before the first deal): what was shown
        of a hand at this version or later belongs to this round.

        >>> game = Game(3, seed=7)
        >>> game.round_version == game.version  # just dealt
        True
        """
        log = self._log
        for index in range(len(log) - 1, -1, -1):
            entry = log[index]
            if type(entry) is tuple and entry[0] == "deal":
                return index + 1
        return 0

    @property
    def round_number(self) -> int:
        """The round being played, from 1 (the last round once the game is over)."""
        return self._round

    @property
    def rounds_total(self) -> int:
        """How many rounds this game has (Nannie's Rule may end it sooner)."""
        return self._rounds_total

    @property
    def cards_per_player(self) -> int:
        """The cards each player was dealt this round."""
        return self._size

    @property
    def dealer(self) -> int:
        """The dealer of the current round."""
        return self._dealer

    @property
    def first_dealer(self) -> int:
        """The dealer of round 1, chosen by the draw (R-1)."""
        return self._first_dealer

    @property
    def active(self) -> tuple[bool, ...]:
        """For each seat, False once Nannie's Rule has eliminated that player."""
        return tuple(self._active)

    @property
    def armed_call(self) -> CallName | None:
        """The Smyrna Style call the player to act has made for their next card, if any."""
        return CALL_NAMES.get(self._call)

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or None for no trump (or before the dealer has chosen)."""
        return None if self._trump == NO_TRUMP else _SUITS[self._trump]

    @property
    def turned_up(self) -> Card | None:
        """The card turned up after the deal, or None in a round that dealt every card."""
        return None if self._turned < 0 else CARD_OF_BIT[self._turned]

    @property
    def bids(self) -> tuple[int | None, ...]:
        """This round's bids so far, None for a player who has not bid; secret bids included."""
        return tuple(None if b < 0 else b for b in self._bids)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks each player has taken this round (null tricks count for nobody, R-4)."""
        return tuple(self._tricks)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's running total."""
        return tuple(self._totals)

    @property
    def round_results(self) -> tuple[RoundResult, ...]:
        """Every round scored so far."""
        return tuple(self._results)

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """The action log: action codes and chance events (``("draw" | "deal", card bits)``)."""
        return tuple(self._log)

    def hand(self, player: int) -> list[Card]:
        """One player's hand, in face order. Only for that player's eyes: render from ``view``."""
        return cards_of_mask(self._hands[player])

    def hand_mask(self, player: int) -> int:
        """One player's hand as a bit mask (see ``cards``), for fast simulations."""
        return self._hands[player]

    def current_trick(self) -> TrickView:
        """The trick under way."""
        return self._trick_view(self._leader, self._trick, None, False)

    def completed_tricks(self) -> list[TrickView]:
        """The tricks finished in this round, in order."""
        return [self._trick_view(*done) for done in self._done]

    def _trick_view(self, leader: int, codes: Sequence[int], taker: int | None, null: bool) -> TrickView:
        plays = []
        order = self._rotation(leader) if codes else ()
        for i, code in enumerate(codes):
            merlin: MerlinAs | None = None
            flipped = False
            if code == MERLIN_FACE:
                merlin = "wizard"
            elif code == MERLIN_AS_JESTER:
                merlin, code = "jester", MERLIN_FACE
            elif code == WIZARD_AS_JESTER:
                flipped, code = True, 52
            elif code == JESTER_AS_WIZARD:
                flipped, code = True, JESTER_FACE
            plays.append(PlayedCard(order[i], Card(code), i + 1, merlin, flipped))
        return TrickView(leader, tuple(plays), None if null else taker, null)

    def _bids_secret(self) -> bool:
        """True while the bids of this round are hidden from the other players."""
        if not self._simultaneous or self._phase == _OVER:
            return False
        if self._phase == _PLAY:
            return "delayed-reveal" in self._variants
        return True

    def public_view(self) -> PublicView:
        """What every player may see: no hand at all."""
        return PublicView(**self._public_fields())

    def view(self, player: int) -> PlayerView:
        """What one player may see: the public view, their own hand and, when they may act, their options."""
        if not 0 <= player < self._n:
            raise IllegalActionError(
                f"seat {player} is not at this table", key="seat-not-at-table", seat=player
            )
        fields = self._public_fields()
        legal = self.legal_actions(player) if player in fields["to_act"] else ()
        if self._bids_secret() and self._bids[player] >= 0:
            bids = list(fields["bids"])
            bids[player] = self._bids[player]
            fields["bids"] = tuple(bids)
        others: tuple[Card | None, ...] = ()
        hidden = False
        if self._phase != _OVER:
            if self._forehead:
                hidden = True
                others = tuple(
                    CARD_OF_BIT[mask.bit_length() - 1] if mask and q != player else None
                    for q, mask in enumerate(self._hands)
                )
            elif fields["blind_bidding"]:
                hidden = True
        return PlayerView(
            **fields,
            player=player,
            hand=() if hidden else tuple(self.hand(player)),
            legal_actions=legal,
            hand_hidden=hidden,
            others_cards=others,
        )

    def _public_fields(self) -> dict[str, Any]:
        bids = self.bids
        if self._bids_secret():
            bids = (None,) * self._n
        return {
            "players": self._names,
            "edition": self._rules.edition,
            "phase": self.phase,
            "version": self.version,
            "round_number": self._round,
            "rounds_total": self._rounds_total,
            "cards_per_player": self._size,
            "dealer": self._dealer,
            "current_player": self.current_player,
            "trump": self.trump,
            "turned_up": self.turned_up,
            "bids": bids,
            "tricks_won": self.tricks_won,
            "null_tricks": self._null,
            "hand_sizes": tuple(mask.bit_count() for mask in self._hands),
            "current_trick": self.current_trick(),
            "completed_tricks": tuple(self.completed_tricks()),
            "totals": self.totals,
            "rounds": self.round_results,
            "variants": self._variants,
            "to_act": self.to_act,
            "active": self.active,
            "has_bid": tuple(b >= 0 for b in self._bids),
            "armed_call": self.armed_call,
            "bids_secret": self._bids_secret(),
            "blind_bidding": self._blind_round() and self._phase in (_TRUMP, _BID),
            "forehead_round": self._forehead and self._phase != _OVER,
            "saboteur": self._dealer if self._saboteur and self._phase != _OVER else None,
        }

    def result(self) -> GameResult:
        """The final standings (R-2: players tied on the highest total share the win).

        Under Nannie's Rule the players still in rank above every eliminated player, by total; the
        eliminated players rank in reverse order of elimination.
        """
        if self._phase != _OVER:
            raise IllegalActionError("the game is not over yet")
        totals = tuple(self._totals)
        places = [0] * self._n
        survivors = self._seats
        for p in survivors:
            places[p] = 1 + sum(totals[q] > totals[p] for q in survivors)
        for order, p in enumerate(reversed(self._eliminated)):
            places[p] = len(survivors) + 1 + order
        winners = tuple(p for p, place in enumerate(places) if place == 1)
        return GameResult(totals, tuple(places), winners, tuple(self._results))

    # -- copies, equality and the save file -----------------------------------------------------

    def clone(self) -> Game:
        """An independent copy, for simulations."""
        other = object.__new__(Game)
        for name in Game.__slots__:
            value = getattr(self, name)
            setattr(other, name, value.copy() if isinstance(value, list | deque) else value)
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        return other

    def _key(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in Game.__slots__ if name not in ("_replay", "_rng"))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<Game {self._rules.edition} {self._n} players, round {self._round}/{self._rounds_total}, "
            f"{self.phase.value}>"
        )

    def to_json(self) -> str:
        """The save file: the table's setup and its action log, with a checksum."""
        body = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "players": list(self._names),
            "rules": self._rules.to_dict(),
            "seed": self._seed,
            "log": [encode_log_entry(entry) for entry in self._log],
        }
        body["checksum"] = _checksum(body)
        return json.dumps(body, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a save file, replaying its log; anything damaged raises ``CorruptSaveError``."""
        try:
            body = json.loads(text)
        except (ValueError, UnicodeDecodeError) as exc:
            raise CorruptSaveError(f"the save is not valid JSON ({exc})") from None
        if not isinstance(body, dict) or body.get("format") != SAVE_FORMAT:
            raise CorruptSaveError("this is not a Wizard save")
        if body.get("version") != SAVE_VERSION:
            raise CorruptSaveError(f"save version {body.get('version')!r} is not supported")
        expected = {"format", "version", "players", "rules", "seed", "log", "checksum"}
        if set(body) != expected:
            raise CorruptSaveError("the save has missing or unknown fields")
        checksum = body.pop("checksum")
        if checksum != _checksum(body):
            raise CorruptSaveError("the save is damaged: its checksum does not match")
        players, seed, log = body["players"], body["seed"], body["log"]
        if not isinstance(players, list) or not isinstance(log, list):
            raise CorruptSaveError("the save's players and log must be lists")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise CorruptSaveError("the save's seed must be an integer")
        entries = [decode_log_entry(entry) for entry in log]
        try:
            rules = Rules.from_dict(body["rules"])
        except RulesError as exc:
            raise CorruptSaveError(f"the save's rules are invalid: {exc}") from None
        return cls.replay(players, rules, seed, entries)

    def checkpoint(self) -> dict[str, Any]:
        """The game's state at this point as JSON values, without its setup (players, rules, seed) or log.

        ``Game.replay(players, rules, seed, log, checkpoint=...)`` rebuilds the game from a checkpoint and
        replays only the entries of ``log`` after it: the same game as a replay from the start, in a
        fraction of the time for a long game (a checkpoint taken as a round starts leaves one round).
        """
        state: dict[str, Any] = {name: getattr(self, f"_{name}") for name in _STATE_INTS}
        state.update(
            format=CHECKPOINT_FORMAT,
            version=len(self._log),
            forehead=self._forehead,
            active=list(self._active),
            seats=list(self._seats),
            round_seats=list(self._round_seats),
            eliminated=list(self._eliminated),
            trick=list(self._trick),
            done=[[leader, list(trick), taker, null] for leader, trick, taker, null in self._done],
            results=[_encode_round(result) for result in self._results],
        )
        for name in _STATE_SEAT_LISTS:
            state[name] = list(getattr(self, f"_{name}"))
        return state

    def _restore(self, state: Mapping[str, Any]) -> None:
        """Take the state of a checkpoint (after ``_setup``); anything damaged raises CorruptSaveError."""
        try:
            if state["format"] != CHECKPOINT_FORMAT:
                raise CorruptSaveError(f"checkpoint format {state['format']!r} is not supported")
            for name in _STATE_INTS:
                setattr(self, f"_{name}", _int(state[name]))
            n = self._n
            self._bids, self._hands, self._totals, self._tricks = (
                _ints(state[name], n) for name in _STATE_SEAT_LISTS
            )
            if not 1 <= self._round <= self._rounds_total or not 0 <= self._phase <= _OVER:
                raise ValueError("round or phase out of range")
            if not all(0 <= seat < n for seat in (self._dealer, self._leader, self._first_dealer)):
                raise ValueError("a seat out of range")
            if not -1 <= self._current < n or self._size != self._sizes[self._round - 1]:
                raise ValueError("the player to act or the hand size is out of range")
            self._forehead = _bool(state["forehead"])
            self._active = [_bool(active) for active in _list(state["active"], n)]
            self._seats = tuple(_ints(state["seats"]))
            self._round_seats = tuple(_ints(state["round_seats"]))
            self._eliminated = _ints(state["eliminated"])
            self._trick = _ints(state["trick"])
            self._done = [
                (_int(leader), _ints(trick), _int(taker), _bool(null))
                for leader, trick, taker, null in _list(state["done"])
            ]
            self._results = [_decode_round(result) for result in _list(state["results"])]
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise CorruptSaveError(f"the checkpoint is damaged ({type(exc).__name__}: {exc})") from None

    @classmethod
    def replay(
        cls,
        players: Sequence[str],
        rules: Rules,
        seed: int,
        log: Sequence[LogEntry],
        *,
        checkpoint: Mapping[str, Any] | None = None,
    ) -> Game:
        """Rebuild a game from its setup and log, checking every entry; refuse it whole if any is wrong.

        With a ``checkpoint`` (``Game.checkpoint()`` of this game, taken when the log was shorter), only the
        entries after it are replayed. A checkpoint that is damaged or longer than the log raises
        ``CorruptSaveError`` like a damaged log; a replay without it may still succeed.
        """
        try:
            if checkpoint is None:
                chance = [entry for entry in log if not isinstance(entry, int)]
                game, start = cls(players, rules, seed, _replay=chance), 0
            else:
                game = cls._resume(players, rules, seed, log, checkpoint)
                start = len(game._log)
            game._replay_log(log, start)
        except CorruptSaveError:
            raise
        except WizardError as exc:
            raise CorruptSaveError(f"the log holds an illegal action: {exc}") from None
        if game._replay or len(game._log) != len(log):
            raise CorruptSaveError("the log has entries that no game could produce")
        game._replay = None
        if checkpoint is None:  # (a game resumed from a checkpoint has it from the start)
            game._rng = _restored_generator(seed, log)
        return game

    @classmethod
    def _resume(
        cls,
        players: Sequence[str],
        rules: Rules,
        seed: int,
        log: Sequence[LogEntry],
        checkpoint: Mapping[str, Any],
    ) -> Game:
        """The game at a checkpoint, with the log up to it and the chance events after it to replay."""
        version = checkpoint.get("version")
        if type(version) is not int or not 0 < version <= len(log):
            raise CorruptSaveError("the checkpoint does not fit the log")
        game = object.__new__(cls)
        game._setup(players, rules, seed)
        game._rng = _restored_generator(seed, log)
        game._restore(checkpoint)
        game._log = list(log[:version])
        game._replay = deque(entry for entry in log[version:] if not isinstance(entry, int))
        return game

    def _replay_log(self, log: Sequence[LogEntry], start: int) -> None:
        """Apply the log's actions from ``start`` on; the chance events they lead to must match it."""
        for index in range(start, len(log)):
            entry = log[index]
            if index < len(self._log):
                if self._log[index] != entry:
                    raise CorruptSaveError(f"log entry {index} does not follow from the ones before it")
                continue
            if not isinstance(entry, int):
                raise CorruptSaveError(f"log entry {index} is a {entry[0]} where an action was due")
            self.apply_logged(entry)

    def apply_logged(self, entry: int) -> tuple[Event, ...]:
        """Apply an action as the log writes it (with its seat, ``SEAT_STRIDE``, when it says one): to play a
        game forward along another game's log."""
        if entry >= SEAT_STRIDE:
            seat, code = divmod(entry, SEAT_STRIDE)
            return self.apply(code, player=seat - 1)
        return self.apply(entry)


def _restored_generator(seed: int, log: Sequence[LogEntry]) -> random.Random:
    """The generator of a restored game. Its position is not in the log: a restored game draws its next
    deals from a fresh generator keyed by the seed and the log's length, so every restore of one save
    agrees."""
    return random.Random(f"{seed}:{len(log)}")


# A checkpoint (``Game.checkpoint``): its format, and the state it holds besides lists and tricks.
CHECKPOINT_FORMAT = 1
_STATE_INTS = (
    "best",
    "best_at",
    "call",
    "current",
    "dealer",
    "first_dealer",
    "leader",
    "led",
    "null",
    "phase",
    "round",
    "size",
    "trump",
    "turned",
)
_STATE_SEAT_LISTS = ("bids", "hands", "totals", "tricks")
_INT_TYPE = {int}
_LIST_TYPE = {list}


def _int(value: object) -> int:
    if type(value) is not int:
        raise TypeError(f"{value!r} is not an integer")
    return value


def _bool(value: object) -> bool:
    if type(value) is not bool:
        raise TypeError(f"{value!r} is not true or false")
    return value


def _list(value: object, length: int | None = None) -> list[Any]:
    if type(value) is not list or (length is not None and len(value) != length):
        raise TypeError(f"{value!r} is not a list" + ("" if length is None else f" of {length}"))
    return value


def _ints(value: object, length: int | None = None) -> list[int]:
    items = _list(value, length)
    if not set(map(type, items)) <= _INT_TYPE:
        raise TypeError(f"{value!r} holds more than integers")
    return list(items)


def _all_ints(items: list[Any]) -> bool:
    """True if every item is an integer (not a bool); restarts decode many card lists, so it is quick."""
    return set(map(type, items)) <= _INT_TYPE or all(
        isinstance(item, int) and not isinstance(item, bool) for item in items
    )


def _encode_round(result: RoundResult) -> list[Any]:
    encoded: list[Any] = list(result)
    encoded[3] = None if result.trump is None else int(result.trump)
    encoded[4] = None if result.turned_up is None else result.turned_up.face
    return [list(value) if isinstance(value, tuple) else value for value in encoded]


def _decode_round(data: object) -> RoundResult:
    number, dealer, cards, trump, turned, bids, tricks, null, points, totals, eliminated = _list(data, 11)
    # One check of every number at once: restarts decode tens of thousands of rounds.
    lists = (bids, tricks, points, totals, eliminated)
    if set(map(type, lists)) != _LIST_TYPE:
        raise TypeError(f"round {data!r} is not made of lists")
    numbers = [number, dealer, cards, null, *tricks, *points, *totals, *eliminated]
    numbers += [bid for bid in bids if bid is not None]
    if not set(map(type, numbers)) <= _INT_TYPE:
        raise TypeError(f"round {data!r} holds more than integers")
    return RoundResult(
        number,
        dealer,
        cards,
        None if trump is None else Suit(_int(trump)),
        None if turned is None else Card(_int(turned)),
        tuple(bids),
        tuple(tricks),
        null,
        tuple(points),
        tuple(totals),
        tuple(eliminated),
    )


def encode_log_entry(entry: LogEntry) -> int | dict[str, list[int]]:
    """A log entry in its JSON form: an action code, or ``{"draw" | "deal": [card bits]}``."""
    if isinstance(entry, int):
        return entry
    return {entry[0]: list(entry[1])}


def decode_log_entry(data: object) -> LogEntry:
    """A log entry from its JSON form; anything else raises ``CorruptSaveError``."""
    if isinstance(data, int) and not isinstance(data, bool):
        return data
    if isinstance(data, dict) and len(data) == 1:
        ((kind, cards),) = data.items()
        if kind in ("draw", "deal") and isinstance(cards, list) and _all_ints(cards):
            return (kind, tuple(cards))
    raise CorruptSaveError(f"the log holds an unknown entry: {data!r}")


def _encode(action: Action | int) -> int:
    if isinstance(action, int):
        raise IllegalActionError(f"{action!r} is not an action", key="not-an-action", what=repr(action))
    try:
        return action.code
    except AttributeError:
        raise IllegalActionError(
            f"{action!r} is not an action", key="not-an-action", what=repr(action)
        ) from None


def _checksum(body: dict[str, Any]) -> str:
    canonical = json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def _suit_codes(suit: int, chunk: int) -> tuple[int, ...]:
    return tuple(suit * 13 + rank for rank in range(13) if chunk >> rank & 1)


def _special_codes(high: int) -> tuple[int, ...]:
    """Play codes offered by the special cards of a hand, given its bits 52..63 shifted down."""
    mask = high << 52
    codes: list[int] = []
    if mask & _WIZARD_BITS:
        codes.append(52)
    if mask & _JESTER_BITS:
        codes.append(JESTER_FACE)
    for bit, offered in _CAMELOT_CODES:
        if mask & bit:
            codes.extend(offered)
    return tuple(codes)


def _smyrna_calls(hand: int) -> tuple[int, ...]:
    """The Smyrna Style calls a hand may make: "Gizzard!" with a Wizard in it, "Fester!" with a Jester."""
    calls: tuple[int, ...] = ()
    if hand & _WIZARD_BITS:
        calls += (CALL_GIZZARD,)
    if hand & _JESTER_BITS:
        calls += (CALL_FESTER,)
    return calls


# Turning a legal-card mask into action codes is the hottest step of a simulated game, so it is four
# table lookups: each suit's 13 bits index a table of the codes they hold (built on first use), and the
# 12 special bits another.
_SUIT_CODE_TABLES: list[list[tuple[int, ...]]] = [[], [], [], []]
_SPECIAL_CODES: tuple[tuple[int, ...], ...] = tuple(_special_codes(high) for high in range(1 << 12))


def _build_code_tables() -> None:
    """Fill the suit tables, once per process, when the first game is created (about 20 ms)."""
    for suit, table in enumerate(_SUIT_CODE_TABLES):
        table.extend(_suit_codes(suit, chunk) for chunk in range(1 << 13))


def _play_codes(mask: int) -> tuple[int, ...]:
    """The play codes a legal-card mask offers: one per suit card, one per kind of special card."""
    spades, hearts, diamonds, clubs = _SUIT_CODE_TABLES
    return (
        spades[mask & 0x1FFF]
        + hearts[mask >> 13 & 0x1FFF]
        + diamonds[mask >> 26 & 0x1FFF]
        + clubs[mask >> 39 & 0x1FFF]
        + _SPECIAL_CODES[mask >> 52]
    )
