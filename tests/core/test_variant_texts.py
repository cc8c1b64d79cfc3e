"""The house rules, presets, editions and rules texts in the reader's language (``cogs.core_words``):
the English catalog says word for word what the rules core says, and German has its own words for each."""

from __future__ import annotations

import itertools
import re

import pytest

from cogs.core_words import (
    EDITION_KEYS,
    PRESET_KEYS,
    RULES_TEXT_KEYS,
    UNSUPPORTED_REASON_KEYS,
    VARIANT_KEYS,
    action_text,
    card_name,
    edition_name,
    preset_help,
    preset_name,
    rules_description,
    rules_text,
    unsupported_reason,
    variant_help,
    variant_name,
    variant_rule,
)
from cogs.utils.i18n import texts
from wizard_core import EDITIONS, Card, Rules, RulesError, decode, describe, rules_summary
from wizard_core.variants import PRESETS, UNSUPPORTED_VARIANTS, VARIANTS

ENGLISH, GERMAN = texts("en"), texts("de")
# Names that are the same in German: proper names.
SAME_NAMES = {"maximus", "saboteur"}
# English words that German text would only show if a sentence were left untranslated.
ENGLISH_WORDS = re.compile(r"\b(the|and|with|trick|tricks|bid|bids|dealer|round|player|players)\b")


def test_every_variant_preset_and_edition_has_its_messages() -> None:
    assert list(VARIANT_KEYS) == list(VARIANTS)
    assert list(PRESET_KEYS) == list(PRESETS)
    assert list(EDITION_KEYS) == list(RULES_TEXT_KEYS) == list(EDITIONS)
    assert set(UNSUPPORTED_REASON_KEYS) == set(UNSUPPORTED_VARIANTS.values())


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_english_says_what_the_core_says(variant_id: str) -> None:
    variant = VARIANTS[variant_id]
    assert variant_name(variant_id, ENGLISH) == variant.name
    assert variant_help(variant_id, ENGLISH) == variant.help
    assert variant_rule(variant_id, ENGLISH) == variant.rule


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_german_has_its_own_words(variant_id: str) -> None:
    name, help_text, rule = (f(variant_id, GERMAN) for f in (variant_name, variant_help, variant_rule))
    assert (name == VARIANTS[variant_id].name) == (variant_id in SAME_NAMES)
    assert help_text != VARIANTS[variant_id].help and rule != VARIANTS[variant_id].rule
    assert len(help_text) <= 100  # a select option's description
    for text in (help_text, rule):
        assert not ENGLISH_WORDS.search(text), text
        assert "{" not in text and not re.search(r"\bR-\d", text)


def test_presets_and_editions() -> None:
    for preset in PRESETS.values():
        assert preset_name(preset.id, ENGLISH) == preset.name
        assert preset_help(preset.id, ENGLISH) == preset.help
        assert preset_help(preset.id, GERMAN) != preset.help
    assert preset_name("german", GERMAN) == "Deutsch"
    assert [edition_name(e, ENGLISH) for e in EDITIONS] == ["Classic Wizard", "Wizard Camelot Edition"]
    assert [edition_name(e, GERMAN) for e in EDITIONS] == ["Klassisches Wizard", "Wizard Camelot-Edition"]
    for reason in UNSUPPORTED_VARIANTS.values():
        assert unsupported_reason(reason, ENGLISH) == reason
        assert not ENGLISH_WORDS.search(unsupported_reason(reason, GERMAN))


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_rules_of_an_edition(edition: str) -> None:
    assert rules_text(edition, ENGLISH) == rules_summary(edition)
    german = rules_text(edition, GERMAN)
    assert german.count("\n") == rules_summary(edition).count("\n")
    assert not ENGLISH_WORDS.search(german), german
    for word in ("Zauberer", "Narr", "Stich", "Trumpf", "Vorhersage", "bedien", "Geber", "Punkte"):
        assert word.casefold() in german.casefold()


# RULES.md's rulings as the English texts say them (test_rules_text.py), in German: where, and the words.
GERMAN_RULINGS = [
    ("R-1", "classic", "Die Farben zählen nicht, Zauberer schlagen Asse, Narren sind am niedrigsten"),
    ("R-2", "classic", "wer dort gleichauf liegt, gewinnt gemeinsam"),
    ("R-3", "camelot", "Der Reihe nach: ein Heiliger Gral auf gerader Position; Morgan le Fay; Excalibur"),
    ("R-4", "camelot", "zählt für niemanden, aber wer Excalibur gespielt hat, spielt den nächsten Stich aus"),
    (
        "R-5",
        "camelot",
        "Sind alle Stiche einer Runde Nullstiche, ändert sich in dieser Runde niemandes Punktestand",
    ),
    ("R-6", "camelot", "die anderen Sonderkarten legen keine Farbe fest und befreien auch nicht davon"),
    (
        "R-7",
        "camelot",
        "wird der Heilige Gral als 4. Karte gespielt, auf einer geraden Position, und gewinnt",
    ),
    ("R-8", "nannie", "teilen sich mehrere den letzten Platz, scheidet diesmal niemand aus"),
    ("R-10", "camelot", "nicht einmal der des Gebers bei „Wizard Saboteur“"),
    ("R-10", "saboteur", "bekommt niemand Punkte, auch der Geber nicht"),
    (
        "R-11",
        "canadian",
        "Eine Vorhersage von 0 verbietet diese Regel nie, aber sie hebt keine andere Regel auf",
    ),
    ("R-11", "hardcore", "Das gilt auch für eine Vorhersage von 0, auch mit der Kanadischen Regel"),
    ("R-12", "canadian", "Bei „Nannies Regel“ zählen die Punkte ausgeschiedener Spieler nicht"),
    ("R-13", "third-time", "der 3., 6., 9. … gespielten Runde, ganz gleich mit wie vielen Karten"),
    (
        "R-13",
        "third-time",
        "Ein Geber, der in so einer Runde Trumpf wählen muss, wählt ihn, ohne seine Karten zu sehen",
    ),
    ("R-14", "forehead", "Die Karten der anderen bleiben die ganze Runde zu sehen"),
    (
        "R-15",
        "forehead",
        "Ein ungesehen gespielter Merlin zählt als Narr, wenn sein Spieler 0 vorhergesagt hat",
    ),
    ("R-15", "gizzard-fester", "In der Runde mit der Stirnkarte ruft niemand"),
    ("R-16", "gizzard-fester", "Ein Ruf, der nicht zu dieser Karte passt, verfällt"),
    ("R-16", "gizzard-fester", "Merlin braucht keinen Ruf"),
    ("R-17", "hidden-bid", "jeder sieht immer seine eigene Vorhersage"),
    (
        "R-17",
        "delayed-reveal",
        "entscheidet diese Regel: Die Vorhersagen bleiben bis zum letzten Stich geheim",
    ),
    (
        "R-18",
        "nannie",
        "mit den Kartenzahlen der Spielerzahl zu Beginn, auch wenn schon Spieler ausgeschieden sind",
    ),
    ("R-18", "nannie", "ein Ausscheiden, das nach der letzten Runde fällig ist, findet trotzdem statt"),
    ("R-19", "classic", "(50, 50, 30: 1., 1., 3.)"),
    ("R-19", "nannie", "Nur wer noch im Spiel ist, kann gewinnen"),
    ("R-20", "forehead", "mit „Schnelles Spiel“ nur zu viert"),
    ("R-20", "quick", "Ein Tisch mit 3, 5 oder 6 Spielern kann nicht beginnen"),
]


@pytest.mark.parametrize(("ruling", "where", "words"), GERMAN_RULINGS)
def test_the_rulings_in_german(ruling: str, where: str, words: str) -> None:
    text = rules_text(where, GERMAN) if where in EDITIONS else variant_rule(where, GERMAN)
    assert words in text, ruling


def all_rules() -> list[Rules]:
    found = []
    for edition, count, every in itertools.product(EDITIONS, (0, 1, 2, 3), (2, 3)):
        for chosen in itertools.combinations(VARIANTS, count):
            try:
                found.append(Rules(edition, frozenset(chosen), every))
            except RulesError:
                continue
    return found


def test_a_tables_rules_in_one_line() -> None:
    for rules in all_rules():
        assert rules_description(rules, ENGLISH) == rules.describe()
    german = rules_description(Rules("classic", frozenset({"nannie", "canadian"}), 3), GERMAN)
    assert german == "Klassisch + Kanadische Regel, Nannies Regel (jede 3. Runde)"


def test_cards_and_actions() -> None:
    assert [card_name(Card(face), GERMAN) for face in range(52, 58)] == [
        "Zauberer",
        "Narr",
        "Merlin",
        "Excalibur",
        "Morgan le Fay",
        "Heiliger Gral",
    ]
    assert card_name(Card("10♥"), GERMAN) == "10♥" == card_name(Card("10♥"), ENGLISH)
    for code in (*range(59), *range(64, 85), *range(96, 103)):
        assert action_text(decode(code), ENGLISH) == describe(code)
    assert action_text(decode(58), GERMAN) == "Merlin als Narr spielen"
    assert action_text(decode(96 + 1), GERMAN) == "♥ als Trumpf wählen"
