"""Cards: parsing and printing in RULES.md §4 notation, and the two decks."""

from __future__ import annotations

import copy
import pickle
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizard_core import EXCALIBUR, HOLY_GRAIL, JESTER, MERLIN, MORGAN_LE_FAY, WIZARD, Card, Suit, deck

ALL_FACES = [Card(face) for face in range(58)]


@pytest.mark.parametrize("card", ALL_FACES, ids=str)
def test_every_card_round_trips_through_its_name(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert eval(repr(card), {"Card": Card}) is card


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("10♥", "10♥"),
        ("10h", "10♥"),
        ("AS", "A♠"),
        ("qd", "Q♦"),
        ("kC", "K♣"),
        ("2s", "2♠"),
        ("  j♣ ", "J♣"),
        ("10♥\ufe0f", "10♥"),
        ("wizard", "Wizard"),
        ("JESTER", "Jester"),
        ("merlin", "Merlin"),
        ("excalibur", "Excalibur"),
        ("morgan le fay", "Morgan le Fay"),
        ("Holy-Grail", "Holy Grail"),
    ],
)
def test_parse_accepts_symbols_letters_and_names(text: str, name: str) -> None:
    assert str(Card.parse(text)) == name


@pytest.mark.parametrize("text", ["", "1♥", "11h", "Zs", "wizzard", "A", "♥", "10x"])
def test_parse_refuses_what_is_not_a_card(text: str) -> None:
    with pytest.raises(ValueError, match="is not a card"):
        Card.parse(text)


def test_card_values() -> None:
    ten = Card.parse("10♥")
    assert (ten.rank, ten.suit, ten.is_special) == (10, Suit.HEARTS, False)
    assert Card.suited(14, Suit.SPADES) == Card.parse("A♠")
    for special in (WIZARD, JESTER, MERLIN, EXCALIBUR, MORGAN_LE_FAY, HOLY_GRAIL):
        assert special.is_special and special.suit is None and special.rank is None
    with pytest.raises(ValueError):
        Card.suited(15, Suit.SPADES)
    with pytest.raises(ValueError):
        Card(58)


def test_cards_are_immutable_values() -> None:
    card = Card.parse("7♣")
    with pytest.raises(AttributeError):
        card._face = 3  # type: ignore[misc]
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert hash(card) == hash(Card.parse("7c"))


@pytest.mark.parametrize("edition", ["classic", "camelot"])
def test_decks_have_sixty_cards(edition: str) -> None:
    cards = deck(edition)
    counts = Counter(str(c) for c in cards)
    assert len(cards) == 60
    assert counts["Wizard"] == 4 and counts["Jester"] == 4
    suit_cards = [c for c in cards if not c.is_special]
    if edition == "classic":
        assert len(suit_cards) == 52 and {c.rank for c in suit_cards} == set(range(2, 15))
        assert not {"Merlin", "Excalibur", "Morgan le Fay", "Holy Grail"} & set(counts)
    else:
        assert len(suit_cards) == 48 and {c.rank for c in suit_cards} == set(range(3, 15))
        assert all(counts[name] == 1 for name in ("Merlin", "Excalibur", "Morgan le Fay", "Holy Grail"))


def test_suit_parse_and_symbols() -> None:
    assert [str(s) for s in Suit] == ["♠", "♥", "♦", "♣"]
    assert (
        Suit.parse("h") is Suit.HEARTS
        and Suit.parse("Clubs") is Suit.CLUBS
        and Suit.parse("♡") is Suit.HEARTS
    )
    with pytest.raises(ValueError, match="not a suit"):
        Suit.parse("x")


@given(st.lists(st.sampled_from(ALL_FACES), max_size=20))
def test_sorting_groups_suits_then_specials(hand: list[Card]) -> None:
    ordered = sorted(hand)
    assert [c.face for c in ordered] == sorted(c.face for c in hand)
