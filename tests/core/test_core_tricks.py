"""Who takes a trick and who must follow: golden examples, one test per ruling, and the oracle."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import oracle_deck, oracle_legal_plays, oracle_trick_winner

from wizard_core import Card, MerlinAs, Suit, legal_plays, trick_winner

DIAMONDS = Suit.DIAMONDS


def cards(*names: str) -> list[Card]:
    return [Card.parse(name) for name in names]


# -- the golden examples of the Camelot rulebook (four players, ♦ trump) -----------------------------


@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        (("8♣", "K♣", "A♥", "4♣"), 1),  # a: highest of the led suit
        (("8♣", "K♣", "A♦", "4♣"), 2),  # b: highest trump
        (("8♣", "A♦", "Wizard", "4♣"), 2),  # c: the first Wizard
        (("Wizard", "A♠", "Holy Grail", "Morgan le Fay"), 3),  # d: Grail at position 3 is null, Morgan wins
        (("4♦", "A♦", "Wizard", "Holy Grail"), 3),  # e: R-7, the Grail at position 4 wins
        (("Jester", "Jester", "Jester", "Jester"), 0),  # f: only Jesters, the first wins
    ],
    ids=["a", "b", "c", "d", "e-R7", "f"],
)
def test_camelot_rulebook_examples(trick: tuple[str, ...], winner: int) -> None:
    assert trick_winner(cards(*trick), DIAMONDS, "camelot") == winner


def test_r7_misprint_the_holy_grail_wins_from_position_four() -> None:
    trick = cards("4♦", "A♦", "Wizard", "Holy Grail")
    assert trick_winner(trick, DIAMONDS, "camelot") == 3
    assert trick_winner(trick, DIAMONDS, "camelot") != 2  # what the misprinted text says


# -- classic ------------------------------------------------------------------------------------------


def test_classic_first_wizard_wins() -> None:
    assert trick_winner(cards("5♥", "Wizard", "Wizard", "A♥"), Suit.SPADES) == 1


def test_classic_highest_trump_beats_led_suit() -> None:
    assert trick_winner(cards("A♥", "2♠", "K♥"), Suit.SPADES) == 1


def test_classic_highest_of_led_suit_without_trump() -> None:
    assert trick_winner(cards("9♣", "A♥", "10♣"), None) == 2


def test_classic_only_jesters_first_jester_wins() -> None:
    assert trick_winner(cards("Jester", "Jester", "Jester"), Suit.HEARTS) == 0


def test_jester_led_then_suit_card_sets_the_suit() -> None:
    assert trick_winner(cards("Jester", "7♣", "K♥", "8♣"), None) == 3


def test_wizards_are_not_trump_and_trump_is_never_forced() -> None:
    hand = cards("2♠", "A♣", "Jester")
    # Spades are trump; clubs were led and the player holds clubs: trump may not be played instead.
    assert legal_plays(hand, cards("5♣")) == cards("A♣", "Jester")
    # Void in the led suit: anything, trump not required.
    assert legal_plays(cards("2♠", "3♦"), cards("5♣")) == cards("2♠", "3♦")


# -- following suit, the cases the issue names ----------------------------------------------------------


def test_follow_jester_led_then_suit_card() -> None:
    hand = cards("3♥", "9♠", "Wizard")
    assert legal_plays(hand, cards("Jester", "Q♥")) == cards("3♥", "Wizard")


def test_follow_jester_led_then_wizard_frees_everyone() -> None:
    hand = cards("3♥", "9♠")
    assert legal_plays(hand, cards("Jester", "Wizard", "Q♥")) == hand


def test_follow_wizard_led_frees_everyone() -> None:
    hand = cards("3♥", "9♠", "Jester")
    assert legal_plays(hand, cards("Wizard", "Q♥")) == hand


def test_follow_void_in_led_suit_plays_anything() -> None:
    hand = cards("3♦", "9♠", "Jester")
    assert legal_plays(hand, cards("Q♥")) == hand


def test_follow_holding_the_led_suit() -> None:
    hand = cards("3♥", "9♠", "Jester", "Wizard", "K♥")
    assert legal_plays(hand, cards("Q♥")) == cards("3♥", "Jester", "Wizard", "K♥")


def test_follow_empty_trick_anything() -> None:
    hand = cards("3♥", "9♠")
    assert legal_plays(hand, []) == hand


def test_follow_merlin_as_wizard_frees() -> None:
    hand = cards("3♥", "9♠")
    assert legal_plays(hand, cards("Merlin", "Q♥"), "camelot", merlin="wizard") == hand


def test_follow_merlin_as_jester_does_not_free() -> None:
    hand = cards("3♥", "9♠")
    assert legal_plays(hand, cards("Merlin", "Q♥"), "camelot", merlin="jester") == cards("3♥")


@pytest.mark.parametrize("special", ["Excalibur", "Morgan le Fay", "Holy Grail", "Jester"])
def test_r6_camelot_special_led_neither_sets_nor_frees(special: str) -> None:
    hand = cards("3♥", "9♠", "Merlin")
    # Nothing set yet: anything goes.
    assert legal_plays(hand, cards(special), "camelot") == hand
    # The first suit card after it sets the suit; every special stays playable.
    assert legal_plays(hand, cards(special, "Q♥"), "camelot") == cards("3♥", "Merlin")


def test_r6_every_camelot_special_may_always_be_played() -> None:
    hand = cards("3♥", "Merlin", "Excalibur", "Morgan le Fay", "Holy Grail", "Wizard", "Jester", "5♣")
    assert legal_plays(hand, cards("Q♥"), "camelot") == [c for c in hand if str(c) != "5♣"]


# -- Camelot rulings --------------------------------------------------------------------------------------


def test_r3_order_even_grail_beats_morgan_and_excalibur() -> None:
    assert trick_winner(cards("Morgan le Fay", "Holy Grail", "Excalibur"), None, "camelot") == 1


def test_r3_odd_grail_always_loses() -> None:
    assert trick_winner(cards("Holy Grail", "3♠", "4♠"), None, "camelot") == 2
    # Only Jesters beside an odd-position Grail: the first Jester wins.
    assert trick_winner(cards("Holy Grail", "Jester", "Jester"), None, "camelot") == 1


def test_r3_morgan_beats_excalibur_and_wizards() -> None:
    assert trick_winner(cards("Wizard", "Excalibur", "Morgan le Fay"), None, "camelot") == 2


def test_r4_excalibur_takes_a_null_trick() -> None:
    assert trick_winner(cards("Wizard", "A♦", "Excalibur", "3♣"), DIAMONDS, "camelot") is None


def test_merlin_as_wizard_is_the_first_wizard() -> None:
    trick = cards("5♠", "Merlin", "Wizard")
    assert trick_winner(trick, Suit.SPADES, "camelot", merlin="wizard") == 1


def test_merlin_as_jester_first_in_an_all_jester_trick_wins() -> None:
    trick = cards("Merlin", "Jester", "Jester")
    assert trick_winner(trick, None, "camelot", merlin="jester") == 0


def test_merlin_without_a_declaration_is_refused() -> None:
    with pytest.raises(ValueError, match="Merlin must be declared"):
        trick_winner(cards("Merlin", "Jester", "Jester"), None, "camelot")
    with pytest.raises(ValueError, match="Merlin must be declared"):
        legal_plays(cards("3♥"), cards("Merlin"), "camelot")


def test_camelot_cards_are_refused_in_a_classic_trick() -> None:
    with pytest.raises(ValueError, match="not in the classic deck"):
        trick_winner(cards("Excalibur", "3♥", "4♥"), None, "classic")


def test_empty_trick_has_no_winner() -> None:
    with pytest.raises(ValueError, match="empty trick"):
        trick_winner([], None)


# -- property tests against the independent oracle -----------------------------------------------------


Case = tuple[str, list[str], list[str], str | None, "MerlinAs | None"]


@st.composite
def deals(draw: st.DrawFn) -> Case:
    edition = draw(st.sampled_from(["classic", "camelot"]))
    deck = oracle_deck(edition)
    size = draw(st.integers(1, 6))
    hand_size = draw(st.integers(0, 12))
    chosen = draw(st.permutations(deck))
    trick, hand = chosen[:size], chosen[size : size + hand_size]
    trump = draw(st.sampled_from([None, "♠", "♥", "♦", "♣"]))
    merlin: MerlinAs | None = None
    if "Merlin" in trick:
        merlin = draw(st.sampled_from(["wizard", "jester"]))
    return edition, trick, hand, trump, merlin


SUIT_OF_SYMBOL = {"♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS}


@settings(max_examples=1500, deadline=None)
@given(deals())
def test_trick_winner_agrees_with_the_oracle(
    case: Case,
) -> None:
    edition, trick, _, trump, merlin = case
    suit = None if trump is None else SUIT_OF_SYMBOL[trump]
    if trick == ["Holy Grail"]:
        return  # a lone odd Grail cannot be a whole trick and the oracle refuses it
    assert trick_winner(cards(*trick), suit, edition, merlin) == oracle_trick_winner(
        trick, trump, edition, merlin
    )


@settings(max_examples=1500, deadline=None)
@given(deals())
def test_legal_plays_agree_with_the_oracle(
    case: Case,
) -> None:
    edition, trick, hand, _, merlin = case
    if len(trick) == 6:
        trick = trick[:5]
        merlin = merlin if "Merlin" in trick else None
    playable = legal_plays(cards(*hand), cards(*trick), edition, merlin)
    assert {str(c) for c in playable} == oracle_legal_plays(hand, trick, edition, merlin)
    # Order and repeats are kept: the result is the hand with the unplayable cards taken out.
    assert [c for c in cards(*hand) if c in playable] == playable


@settings(max_examples=300, deadline=None)
@given(deals())
def test_a_legal_play_always_exists(
    case: Case,
) -> None:
    edition, trick, hand, _, merlin = case
    if not hand:
        return
    assert legal_plays(cards(*hand), cards(*trick[:5]), edition, merlin if "Merlin" in trick[:5] else None)
