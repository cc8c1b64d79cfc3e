"""Self-tests of the reference oracle against the golden examples and rules of RULES.md."""

from __future__ import annotations

from collections import Counter

import pytest
from oracle import (
    oracle_deck,
    oracle_first_dealer_rank,
    oracle_legal_plays,
    oracle_round_score,
    oracle_rounds,
    oracle_trick_winner,
)

DIAMONDS = "♦"

# --------------------------------------------------------------------------- deck


def test_classic_deck() -> None:
    deck = oracle_deck("classic")
    counts = Counter(deck)
    assert len(deck) == 60
    assert counts["Wizard"] == 4
    assert counts["Jester"] == 4
    suit_cards = [card for card in deck if card not in ("Wizard", "Jester")]
    assert len(suit_cards) == 52 == len(set(suit_cards))
    assert {"2♠", "10♥", "J♦", "Q♣", "K♠", "A♥"} <= set(suit_cards)


def test_camelot_deck() -> None:
    deck = oracle_deck("camelot")
    counts = Counter(deck)
    assert len(deck) == 60
    assert counts["Wizard"] == 4
    assert counts["Jester"] == 4
    for special in ("Merlin", "Excalibur", "Morgan le Fay", "Holy Grail"):
        assert counts[special] == 1
    assert not any(card.startswith("2") for card in deck)  # the four 2s are removed
    suit_cards = [card for card in deck if card[-1] in "♠♥♦♣"]
    assert len(suit_cards) == 48 == len(set(suit_cards))
    assert "3♣" in suit_cards


def test_unknown_edition_is_refused() -> None:
    with pytest.raises(ValueError):
        oracle_deck("deluxe")


# --------------------------------------------------------------------------- golden tricks [002]
# Four players, diamonds trump.


def test_camelot_golden_a_highest_of_led_suit() -> None:
    assert oracle_trick_winner(["8♣", "K♣", "A♥", "4♣"], DIAMONDS, "camelot") == 1


def test_camelot_golden_b_highest_trump() -> None:
    assert oracle_trick_winner(["8♣", "K♣", "A♦", "4♣"], DIAMONDS, "camelot") == 2


def test_camelot_golden_c_wizard() -> None:
    assert oracle_trick_winner(["8♣", "A♦", "Wizard", "4♣"], DIAMONDS, "camelot") == 2


def test_camelot_golden_d_morgan_beats_odd_grail() -> None:
    cards = ["Wizard", "A♠", "Holy Grail", "Morgan le Fay"]  # Grail at position 3
    assert oracle_trick_winner(cards, DIAMONDS, "camelot") == 3


def test_camelot_golden_e_even_grail_wins_R7() -> None:
    # the rulebook text says the Wizard wins; the heading and the card's rule win.
    cards = ["4♦", "A♦", "Wizard", "Holy Grail"]  # Grail at position 4
    assert oracle_trick_winner(cards, DIAMONDS, "camelot") == 3


def test_camelot_golden_f_only_jesters() -> None:
    assert oracle_trick_winner(["Jester"] * 4, DIAMONDS, "camelot") == 0


# --------------------------------------------------------------------------- golden scores [002]


@pytest.mark.parametrize(
    ("hand", "player", "bid", "tricks", "score"),
    [
        ("Hand One", "Paul", 0, 0, 20),
        ("Hand One", "Thomas", 1, 0, -10),
        ("Hand One", "Marie", 1, 1, 30),
        ("Hand Five", "Thomas", 2, 1, -10),
        ("Hand Five", "Marie", 0, 0, 20),
        ("Hand Five", "Paul", 3, 1, -20),
        ("Hand Twenty", "Marie", 11, 11, 130),
        ("Hand Twenty", "Paul", 10, 9, -10),
        ("Hand Twenty", "Thomas", 0, 0, 20),
    ],
)
def test_golden_scoring(hand: str, player: str, bid: int, tricks: int, score: int) -> None:
    assert oracle_round_score(bid, tricks) == score, (hand, player)


def test_score_over_and_under_are_symmetric() -> None:
    assert oracle_round_score(2, 5) == -30
    assert oracle_round_score(5, 2) == -30


# --------------------------------------------------------------------------- trick winner, classic


def test_classic_first_wizard_wins() -> None:
    assert oracle_trick_winner(["7♠", "Wizard", "A♠", "Wizard"], "♠") == 1


def test_classic_two_wizards_first_wins() -> None:
    assert oracle_trick_winner(["Wizard", "Wizard", "A♥"], "♥") == 0


def test_classic_all_jesters_first_jester_wins() -> None:
    assert oracle_trick_winner(["Jester", "Jester", "Jester"], "♣") == 0
    assert oracle_trick_winner(["Jester"] * 4, None) == 0


def test_classic_trump_beats_led_suit() -> None:
    assert oracle_trick_winner(["A♠", "2♥", "K♠"], "♥") == 1


def test_classic_highest_of_led_suit_other_suits_lose() -> None:
    assert oracle_trick_winner(["5♣", "A♦", "9♣", "K♥"], "♠") == 2


def test_classic_no_trump_led_suit_wins() -> None:
    assert oracle_trick_winner(["5♣", "A♦", "2♣"], None) == 0


def test_classic_jester_led_next_card_sets_suit() -> None:
    # The Jester does not set the suit; 3♥ does, so the ace of spades is off-suit.
    assert oracle_trick_winner(["Jester", "3♥", "A♠", "10♥"], None) == 3


def test_classic_jester_loses_to_any_suit_card() -> None:
    assert oracle_trick_winner(["Jester", "Jester", "2♣"], "♥") == 2


def test_classic_rejects_camelot_cards() -> None:
    with pytest.raises(ValueError):
        oracle_trick_winner(["Morgan le Fay", "2♣", "3♣"], None)


# --------------------------------------------------------------------------- trick winner, Camelot


def test_camelot_merlin_as_wizard_first_beats_later_wizard() -> None:
    cards = ["5♠", "Merlin", "Wizard", "A♦"]
    assert oracle_trick_winner(cards, DIAMONDS, "camelot", merlin="wizard") == 1


def test_camelot_wizard_first_beats_later_merlin_as_wizard() -> None:
    cards = ["Wizard", "Merlin", "A♦"]
    assert oracle_trick_winner(cards, DIAMONDS, "camelot", merlin="wizard") == 0


def test_camelot_merlin_as_jester_loses_to_suit_card() -> None:
    cards = ["Merlin", "4♣", "3♠"]
    assert oracle_trick_winner(cards, None, "camelot", merlin="jester") == 1


def test_camelot_merlin_as_jester_first_in_all_jester_trick() -> None:
    cards = ["Merlin", "Jester", "Jester", "Jester"]
    assert oracle_trick_winner(cards, DIAMONDS, "camelot", merlin="jester") == 0


def test_camelot_jester_before_merlin_as_jester() -> None:
    cards = ["Jester", "Merlin", "Jester"]
    assert oracle_trick_winner(cards, DIAMONDS, "camelot", merlin="jester") == 0


def test_camelot_excalibur_null_trick_R4() -> None:
    cards = ["Wizard", "Excalibur", "A♦", "Jester"]
    assert oracle_trick_winner(cards, DIAMONDS, "camelot") is None


def test_camelot_excalibur_beats_odd_grail_R4() -> None:
    cards = ["Holy Grail", "Excalibur", "Wizard"]  # Grail at position 1
    assert oracle_trick_winner(cards, DIAMONDS, "camelot") is None


def test_camelot_morgan_beats_excalibur() -> None:
    cards = ["Excalibur", "Wizard", "Morgan le Fay", "A♦"]
    assert oracle_trick_winner(cards, DIAMONDS, "camelot") == 2


def test_camelot_even_grail_beats_morgan_and_excalibur() -> None:
    cards = ["Morgan le Fay", "Excalibur", "Wizard", "Jester", "Holy Grail", "A♦"]
    # Grail at position 5 (odd) here, so Morgan wins...
    assert oracle_trick_winner(cards, DIAMONDS, "camelot") == 0
    # ...and at position 6 (even) the Grail wins over everything.
    cards = ["Morgan le Fay", "Excalibur", "Wizard", "Jester", "A♦", "Holy Grail"]
    assert oracle_trick_winner(cards, DIAMONDS, "camelot") == 5


def test_camelot_grail_position_two_is_even() -> None:
    cards = ["Wizard", "Holy Grail", "A♦"]
    assert oracle_trick_winner(cards, DIAMONDS, "camelot") == 1


def test_camelot_odd_grail_with_jesters_first_jester_wins() -> None:
    cards = ["Jester", "Jester", "Holy Grail"]  # Grail at position 3
    assert oracle_trick_winner(cards, DIAMONDS, "camelot") == 0
    cards = ["Holy Grail", "Jester", "Jester"]  # Grail at position 1
    assert oracle_trick_winner(cards, DIAMONDS, "camelot") == 1


def test_camelot_odd_grail_loses_to_suit_card() -> None:
    cards = ["Holy Grail", "3♣", "Jester"]
    assert oracle_trick_winner(cards, None, "camelot") == 1


def test_camelot_merlin_needs_a_declaration() -> None:
    with pytest.raises(ValueError):
        oracle_trick_winner(["Merlin", "3♣", "4♣"], None, "camelot")


def test_camelot_rejects_twos() -> None:
    with pytest.raises(ValueError):
        oracle_trick_winner(["2♣", "3♣", "4♣"], None, "camelot")


# --------------------------------------------------------------------------- legal plays


def test_legal_empty_trick_anything() -> None:
    hand = ["3♠", "K♥", "Wizard", "Jester"]
    assert oracle_legal_plays(hand, []) == set(hand)


def test_legal_must_follow_or_play_special() -> None:
    hand = ["3♠", "K♥", "Wizard", "Jester", "A♦"]
    assert oracle_legal_plays(hand, ["7♠"]) == {"3♠", "Wizard", "Jester"}


def test_legal_void_in_led_suit_may_play_anything() -> None:
    hand = ["K♥", "A♦", "Jester"]
    assert oracle_legal_plays(hand, ["7♠", "9♠"]) == set(hand)


def test_legal_jester_led_then_suit_card_sets_suit() -> None:
    hand = ["3♠", "K♥", "Jester"]
    assert oracle_legal_plays(hand, ["Jester"]) == set(hand)  # suit not set yet
    assert oracle_legal_plays(hand, ["Jester", "5♥"]) == {"K♥", "Jester"}


def test_legal_jester_led_then_wizard_frees() -> None:
    hand = ["3♠", "K♥", "Jester"]
    assert oracle_legal_plays(hand, ["Jester", "Wizard", "5♥"]) == set(hand)


def test_legal_wizard_led_frees() -> None:
    hand = ["3♠", "K♥", "A♦"]
    assert oracle_legal_plays(hand, ["Wizard", "5♥", "2♠"]) == set(hand)


def test_legal_wizard_after_suit_card_does_not_free() -> None:
    hand = ["3♠", "K♥", "A♦"]
    assert oracle_legal_plays(hand, ["5♥", "Wizard"]) == {"K♥"}


def test_legal_not_forced_to_trump() -> None:
    # No legal-play rule mentions trump: holding trump while void is no obligation.
    hand = ["2♦", "A♣"]
    assert oracle_legal_plays(hand, ["7♠"]) == {"2♦", "A♣"}


def test_legal_duplicates_collapse() -> None:
    assert oracle_legal_plays(["Wizard", "Wizard", "3♠"], ["5♠"]) == {"Wizard", "3♠"}


def test_legal_camelot_every_special_may_be_played_R6() -> None:
    hand = [
        "4♣",
        "9♥",
        "Merlin",
        "Excalibur",
        "Morgan le Fay",
        "Holy Grail",
        "Wizard",
        "Jester",
    ]
    expected = {
        "4♣",
        "Merlin",
        "Excalibur",
        "Morgan le Fay",
        "Holy Grail",
        "Wizard",
        "Jester",
    }
    assert oracle_legal_plays(hand, ["K♣"], "camelot") == expected


@pytest.mark.parametrize("opener", ["Jester", "Excalibur", "Morgan le Fay", "Holy Grail"])
def test_legal_camelot_specials_neither_set_nor_free_R6(opener: str) -> None:
    hand = ["3♠", "K♥", "A♦"]
    assert oracle_legal_plays(hand, [opener], "camelot") == set(hand)
    assert oracle_legal_plays(hand, [opener, "5♥"], "camelot") == {"K♥"}


def test_legal_camelot_merlin_as_wizard_frees_R6() -> None:
    hand = ["3♠", "K♥", "A♦"]
    assert oracle_legal_plays(hand, ["Merlin", "5♥"], "camelot", merlin="wizard") == set(hand)


def test_legal_camelot_merlin_as_jester_does_not_free_R6() -> None:
    hand = ["3♠", "K♥", "A♦"]
    assert oracle_legal_plays(hand, ["Merlin", "5♥"], "camelot", merlin="jester") == {"K♥"}


def test_legal_empty_hand() -> None:
    assert oracle_legal_plays([], ["5♥"]) == set()


# --------------------------------------------------------------------------- first dealer, rounds


def test_first_dealer_rank_R1() -> None:
    rank = oracle_first_dealer_rank
    assert rank("A♠", "classic") == rank("A♥", "classic")  # suits do not matter
    assert rank("2♣", "classic") < rank("3♣", "classic") < rank("10♦", "classic")
    assert rank("10♦", "classic") < rank("J♦", "classic") < rank("Q♦", "classic")
    assert rank("Q♦", "classic") < rank("K♦", "classic") < rank("A♦", "classic")
    assert rank("Wizard", "classic") > rank("A♦", "classic")
    assert rank("Jester", "classic") < rank("2♣", "classic")
    assert rank("Jester", "camelot") < rank("3♣", "camelot")
    top = rank("Wizard", "camelot")
    assert top > rank("A♣", "camelot")
    for special in ("Merlin", "Excalibur", "Morgan le Fay", "Holy Grail"):
        assert rank(special, "camelot") == top


@pytest.mark.parametrize(("players", "rounds"), [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_rounds(players: int, rounds: int) -> None:
    assert oracle_rounds(players) == rounds


@pytest.mark.parametrize("players", [2, 7])
def test_rounds_refuses_bad_player_counts(players: int) -> None:
    with pytest.raises(ValueError):
        oracle_rounds(players)
