"""Pictures in German: the words drawn in them (TRUMPF, ZAUBERER, the headings and bids) and their alt
text come from the German catalogs, and a German picture is cached apart from the English one."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PIL import ImageDraw

from cogs.table import pictures as images
from cogs.table.pictures import HandScene, cards, pieces, png, sprites
from cogs.utils.i18n import ENGLISH, texts
from wizard_core import Bid, Card, Game, Phase, Rules, Suit
from wizard_core.cards import JESTER_FACE, WIZARD_FACE

GERMAN = texts("de")


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every text Pillow draws while the test runs (the drawn tiles and sprites are forgotten first).

    The shared palette is made before the spy is in place: the first picture a process draws makes it
    from English sample cards and words, which would show up here only when no earlier test drew one.
    """
    png.card_palette()
    texts_drawn: list[str] = []
    original = ImageDraw.ImageDraw.text

    def spy(self: ImageDraw.ImageDraw, xy: object, text: object, *args: object, **kwargs: object) -> object:
        texts_drawn.append(str(text))
        return original(self, xy, text, *args, **kwargs)  # type: ignore[arg-type,type-var]

    def forget() -> None:
        for cached in (cards.tile, cards.badge, cards.suit_label, sprites.text_sprite, sprites.text_length):
            cached.cache_clear()
        pieces.forget()
        images.cache_clear()

    forget()
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    yield texts_drawn
    forget()


def bidding_game() -> Game:
    game = Game(["Anna", "Ben", "Cleo"], Rules("classic"), seed=4)
    while game.phase is not Phase.BID:
        game.apply(game.legal_actions()[0])
    return game


def test_a_german_table_picture_says_its_words_in_german(drawn: list[str]) -> None:
    game = bidding_game()
    game.apply(Bid(1))
    scene = images.table_scene(game.public_view(), t=GERMAN)
    assert scene.lang == "de" and scene.heading.startswith(f"Runde {game.round_number}: ")
    assert {slot.detail for slot in scene.slots} <= {"Vorhersage 1", "noch keine Vorhersage"}
    images.draw_table(scene)
    words = " ".join(drawn)
    assert "TRUMPF" in words and "TRUMP " not in words + " "
    text = images.table_description(scene)
    assert text.startswith("Der Tisch: Runde") and "bid" not in text
    assert images.table_scene(game.public_view()) != scene  # English is another picture


def test_special_cards_and_the_forehead_hand_are_drawn_with_german_names(drawn: list[str]) -> None:
    scene = HandScene(
        (WIZARD_FACE, Card("Q♥").face, JESTER_FACE), Suit.HEARTS, frozenset({WIZARD_FACE}), lang="de"
    )
    images.draw_hand(scene)
    assert "ZAUBERER" in drawn and "NARR" in drawn and "WIZARD" not in drawn
    assert images.hand_description(scene) == (
        "Deine Karten (Trumpf Herz, ★ markiert eine Trumpfkarte): Zauberer, Q♥★, Narr; "
        "du darfst spielen: Zauberer"
    )
    forehead = HandScene((), Suit.SPADES, None, 1, (("Ben", Card("K♦").face),), lang="de")
    images.draw_hand(forehead)
    assert "Du" in drawn
    assert images.hand_description(forehead).startswith("Die Karten der anderen (Trumpf Pik); deine eigene")


def test_the_german_chart_and_its_alt_text(drawn: list[str]) -> None:
    game = Game(["Anna", "Ben", "Cleo"], Rules("classic"), seed=2)
    while not game.is_over:
        game.apply(game.legal_actions()[-1])
    scene = images.chart_scene(game.result(), game.players, t=GERMAN)
    images.draw_chart(scene)
    assert {"Gesamtstand nach jeder Runde", "Runde", "Endstand"} <= set(drawn)
    assert images.chart_description(scene).startswith("Diagramm des Endstands, Gesamtstand über 20 Runden: ")
    assert images.chart_description(images.chart_scene(game.result(), game.players, t=ENGLISH)).startswith(
        "Final scores chart, running totals over 20 rounds: "
    )
