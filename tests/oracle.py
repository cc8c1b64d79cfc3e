"""Independent reference implementation ("oracle") of the Wizard trick rules.

Written straight from /work/shared/RULES.md, sections 1, 2 and 4, for tests only.
It deliberately shares no code with the engine in ``wizard_core`` so that the two
can be checked against each other.  It favours plain, readable code over speed.

Cards are the plain strings of RULES.md section 4: ``"2♠"`` .. ``"10♥"``, ``"J♦"``,
``"Q♣"``, ``"K♠"``, ``"A♥"`` and the specials ``"Wizard"``, ``"Jester"``,
``"Merlin"``, ``"Excalibur"``, ``"Morgan le Fay"``, ``"Holy Grail"``.
"""

from __future__ import annotations

from collections import Counter

SUITS: tuple[str, ...] = ("♠", "♥", "♦", "♣")
# Ranks from low to high; the ace is high.
RANKS: tuple[str, ...] = (
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    "J",
    "Q",
    "K",
    "A",
)

WIZARD = "Wizard"
JESTER = "Jester"
MERLIN = "Merlin"
EXCALIBUR = "Excalibur"
MORGAN = "Morgan le Fay"
GRAIL = "Holy Grail"
CAMELOT_ONLY_SPECIALS: tuple[str, ...] = (MERLIN, EXCALIBUR, MORGAN, GRAIL)

EDITIONS: tuple[str, ...] = ("classic", "camelot")
MERLIN_DECLARATIONS: tuple[str | None, ...] = ("wizard", "jester", None)

MIN_PLAYERS = 3
MAX_PLAYERS = 6


# --------------------------------------------------------------------------- helpers


def _check_edition(edition: str) -> None:
    """Raise ValueError unless edition is "classic" or "camelot"."""
    if edition not in EDITIONS:
        raise ValueError(f"unknown edition {edition!r}")


def _is_suit_card(card: str) -> bool:
    """True for a numbered or face card such as "10♥" (any edition)."""
    return len(card) >= 2 and card[-1] in SUITS and card[:-1] in RANKS


def _suit_of(card: str) -> str:
    """The suit symbol of a suit card."""
    return card[-1]


def _rank_value(card: str) -> int:
    """Rank of a suit card as a number: 2 for a two up to 14 for an ace."""
    return RANKS.index(card[:-1]) + 2


def _check_cards(cards: list[str], edition: str) -> None:
    """Raise ValueError if a card is not in the edition's deck or appears too often."""
    available = Counter(oracle_deck(edition))
    for card, count in Counter(cards).items():
        if card not in available:
            raise ValueError(f"{card!r} is not a card of the {edition} deck")
        if count > available[card]:
            raise ValueError(f"{card!r} appears {count} times; the deck has {available[card]}")


def _check_merlin(cards: list[str], merlin: str | None) -> None:
    """Raise ValueError if the Merlin declaration is invalid or missing for a played Merlin."""
    if merlin not in MERLIN_DECLARATIONS:
        raise ValueError(f"merlin must be 'wizard', 'jester' or None, not {merlin!r}")
    if MERLIN in cards and merlin is None:
        raise ValueError("Merlin was played, so its declaration ('wizard' or 'jester') is needed")


def _acts_as_wizard(card: str, merlin: str | None) -> bool:
    """True for a Wizard, or a Merlin declared as a Wizard."""
    return card == WIZARD or (card == MERLIN and merlin == "wizard")


def _acts_as_jester(card: str, merlin: str | None) -> bool:
    """True for a Jester, or a Merlin declared as a Jester."""
    return card == JESTER or (card == MERLIN and merlin == "jester")


def _led_suit(cards: list[str]) -> str | None:
    """The suit of the first suit card played, or None if no suit card was played."""
    for card in cards:
        if _is_suit_card(card):
            return _suit_of(card)
    return None


def _index_of_highest_in_suit(cards: list[str], suit: str) -> int | None:
    """Index of the highest-ranked card of the given suit, or None if there is none."""
    best: int | None = None
    for index, card in enumerate(cards):
        if not _is_suit_card(card) or _suit_of(card) != suit:
            continue
        if best is None or _rank_value(card) > _rank_value(cards[best]):
            best = index
    return best


def _camelot_winner(cards: list[str]) -> tuple[bool, int | None]:
    """Steps 1 to 3 of R-3, the Camelot cards.

    (True, the winning index or None for a null trick) if one of them decides the trick, else (False, None).
    """
    # Position of index i is i + 1, so an even position is an odd index.
    # 1. A Holy Grail at an even position wins.
    for index, card in enumerate(cards):
        if card == GRAIL and (index + 1) % 2 == 0:
            return True, index
    # 2. Else Morgan le Fay wins.
    if MORGAN in cards:
        return True, cards.index(MORGAN)
    # 3. Else Excalibur takes the trick, which is a null trick.
    if EXCALIBUR in cards:
        return True, None
    return False, None


def _classic_winner(cards: list[str], trump: str | None, merlin: str | None) -> int:
    """Steps 4 to 7 of R-3 (all of it in the classic edition): Wizards, trump, led suit, Jesters."""
    # 4. The first Wizard (Merlin declared as a Wizard counts, in playing order).
    for index, card in enumerate(cards):
        if _acts_as_wizard(card, merlin):
            return index

    # 5. The highest trump.  Wizards are not of the trump suit.
    if trump is not None:
        best_trump = _index_of_highest_in_suit(cards, trump)
        if best_trump is not None:
            return best_trump

    # 6. The highest card of the led suit (set by the first suit card only).
    led = _led_suit(cards)
    if led is not None:
        best_led = _index_of_highest_in_suit(cards, led)
        assert best_led is not None  # the card that set the suit is one of them
        return best_led

    # 7. Only Jesters, Merlin-as-Jester and an odd-position Holy Grail are left:
    #    the first Jester or Merlin-as-Jester wins.
    for index, card in enumerate(cards):
        if _acts_as_jester(card, merlin):
            return index

    # Only reachable for an unfinished trick holding nothing but a Holy Grail at
    # position 1: no card in it can win, so there is no answer to give.
    raise ValueError(f"no card in {cards!r} can take the trick")


# --------------------------------------------------------------------------- public API


def oracle_deck(edition: str) -> list[str]:
    """The 60 cards of the edition, Wizards and Jesters repeated four times."""
    _check_edition(edition)
    # Camelot removes the four 2s [002].
    ranks = RANKS if edition == "classic" else RANKS[1:]
    deck = [rank + suit for suit in SUITS for rank in ranks]
    deck += [WIZARD] * 4 + [JESTER] * 4
    if edition == "camelot":
        deck += list(CAMELOT_ONLY_SPECIALS)
    assert len(deck) == 60
    return deck


def oracle_trick_winner(
    cards: list[str],
    trump: str | None,
    edition: str = "classic",
    merlin: str | None = None,
) -> int | None:
    """Index (0 = leader) of the card taking the trick; None for a Camelot null trick (R-4)."""
    _check_edition(edition)
    if trump not in SUITS and trump is not None:
        raise ValueError(f"trump must be one of {SUITS} or None, not {trump!r}")
    if not 1 <= len(cards) <= MAX_PLAYERS:
        raise ValueError(f"a trick holds 1 to {MAX_PLAYERS} cards, not {len(cards)}")
    _check_cards(cards, edition)
    _check_merlin(cards, merlin)

    if edition == "camelot":
        decided, winner = _camelot_winner(cards)
        if decided:
            return winner
    return _classic_winner(cards, trump, merlin)


def oracle_legal_plays(
    hand: list[str],
    trick: list[str],
    edition: str = "classic",
    merlin: str | None = None,
) -> set[str]:
    """The distinct cards of hand that may be played onto the cards already in trick."""
    _check_edition(edition)
    if len(trick) >= MAX_PLAYERS:
        raise ValueError(f"a trick of {len(trick)} cards is already complete")
    _check_cards(hand + trick, edition)
    _check_merlin(trick, merlin)

    # Walk the trick in order to find what constrains the next player:
    # the first suit card sets the led suit; a Wizard (or Merlin-as-Wizard) seen
    # before any suit card frees everyone for the rest of the trick; every other
    # special card neither sets nor frees the suit.
    led: str | None = None
    for card in trick:
        if _is_suit_card(card):
            led = _suit_of(card)
            break
        if _acts_as_wizard(card, merlin):
            break  # freed: led stays None

    everything = set(hand)
    if led is None:
        return everything

    following = {card for card in hand if _is_suit_card(card) and _suit_of(card) == led}
    if not following:
        # Void in the led suit: anything may be played; nobody is forced to trump.
        return everything

    # Holding the led suit: follow it, or play any special card (classic: Wizard or
    # Jester; Camelot: every special card, R-6).
    specials = {card for card in hand if not _is_suit_card(card)}
    return following | specials


def oracle_round_score(bid: int, tricks: int) -> int:
    """Points for one round: 20 + 10 per trick for an exact bid, else -10 per trick off."""
    if bid < 0 or tricks < 0:
        raise ValueError("bid and tricks cannot be negative")
    if bid == tricks:
        return 20 + 10 * tricks
    return -10 * abs(tricks - bid)


def oracle_first_dealer_rank(card: str, edition: str) -> int:
    """Strength of a card drawn to pick the first dealer (R-1); higher deals."""
    _check_edition(edition)
    _check_cards([card], edition)
    if card == JESTER:
        return 0  # below the lowest card
    if _is_suit_card(card):
        return _rank_value(card)  # 2..14; suits do not matter
    # Wizard, and in Camelot every other special but the Jester: above aces, all equal.
    return 15


def oracle_rounds(players: int) -> int:
    """Number of rounds in a game: 60 cards divided by the number of players."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Wizard is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    return 60 // players
