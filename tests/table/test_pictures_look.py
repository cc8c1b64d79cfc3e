"""The pictures keep their look: a few scenes of every kind are compared with reference pictures.

The references in ``tests/data/pictures/`` were drawn by the drawing code before it was made faster
(issue 27: pieces laid on felt in the shared palette once and pasted as bytes, drawing in worker
processes). Each picture drawn now must have the reference's size and differ from it in few pixels, and
by little where it does; today they are alike pixel for pixel, and the tolerance leaves room for a
Pillow or font update's smoothing. A change of look on purpose renews them:
``.venv/bin/python tests/table/test_pictures_look.py`` writes every reference again (then look at them).
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image, ImageChops

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from cogs.table import pictures
from cogs.table.pictures import ChartScene, HandScene, Slot, TableScene
from wizard_core import Suit
from wizard_core.cards import (
    EXCALIBUR_FACE,
    GRAIL_FACE,
    JESTER_FACE,
    MERLIN_FACE,
    MORGAN_FACE,
    WIZARD_FACE,
    Card,
)

REFERENCES = Path(__file__).resolve().parents[1] / "data" / "pictures"
# At most this share of the pixels may differ from the reference, and the mean difference over the
# whole picture (0 to 255 per channel) must stay under MEAN_LIMIT.
CHANGED_LIMIT = 0.01
MEAN_LIMIT = 0.5


def _faces(*cards: str) -> tuple[int, ...]:
    return tuple(Card(card).face for card in cards)


SPECIALS = (WIZARD_FACE, JESTER_FACE, MERLIN_FACE, EXCALIBUR_FACE, MORGAN_FACE, GRAIL_FACE)
TWENTY = (
    *SPECIALS,
    *_faces("2♠", "7♠", "Q♠", "A♠", "3♥", "10♥", "K♥", "5♦", "J♦", "A♦", "4♣", "9♣", "K♣", "A♣"),
)
EIGHT = _faces("3♠", "9♠", "2♥", "J♥", "A♥", "6♦", "8♣", "Q♣")
WORLD = ("🤖 Ada (Easy)", "Jürgen Weiß", "Ελένη", "张伟 山田", "김민준 🎲", "Zoë 👍🏽")


def _slots(names: tuple[str, ...], details: tuple[str, ...], **marks: dict[int, object]) -> tuple[Slot, ...]:
    """Slots of the named players; ``marks`` gives, per Slot field, the value of some of the slots."""
    return tuple(
        Slot(name, detail, **{key: values[seat] for key, values in marks.items() if seat in values})  # type: ignore[arg-type]
        for seat, (name, detail) in enumerate(zip(names, details, strict=True))
    )


HANDS: dict[str, HandScene] = {
    "hand-20-on-turn": HandScene(TWENTY, Suit.SPADES, frozenset(TWENTY[::3])),
    "hand-8-waiting": HandScene(EIGHT, Suit.HEARTS),
    "hand-8-all-playable": HandScene(EIGHT, None, frozenset(EIGHT)),
    "hand-empty-de": HandScene((), Suit.CLUBS, lang="de"),
    "hand-face-down": HandScene((), None, hidden=7),
    "hand-forehead": HandScene((), Suit.DIAMONDS, hidden=1, others=(("Ben", EIGHT[3]), ("Cy", WIZARD_FACE))),
}

TABLES: dict[str, TableScene] = {
    "table-bidding": TableScene(
        "Round 3: bidding",
        Card("7♥").face,
        Suit.HEARTS,
        "Hearts",
        _slots(("Ann", "Ben", "Cy", "Dee"), ("bid 1", "has bid", "no bid yet", "no bid yet"), turn={2: True}),
    ),
    "table-trick-badges": TableScene(
        "Trick 2 of 5",
        WIZARD_FACE,
        Suit.CLUBS,
        "Clubs",
        _slots(
            ("Ann", "Ben", "Cy", "Dee", "Eve"),
            ("bid 1 · won 0", "bid 2 · won 1", "bid 0 · won 0", "bid 1 · won 0", "bid 1 · won 1"),
            face={0: MERLIN_FACE, 1: Card("9♣").face, 2: WIZARD_FACE},
            merlin={0: "jester"},
            flipped={2: True},
            turn={3: True},
        ),
    ),
    "table-winner": TableScene(
        "Trick 3 of 3: won by Ben",
        None,
        None,
        "No trump",
        _slots(
            ("Ann", "Ben", "Cy"),
            ("bid 0 · won 1", "bid 2 · won 2", "bid 1 · won 0"),
            face={0: Card("Q♦").face, 1: Card("A♦").face, 2: JESTER_FACE},
            winner={1: True},
        ),
    ),
    "table-dealer-picks-de": TableScene(
        "Runde 4: Dee wählt Trumpf",
        WIZARD_FACE,
        None,
        "Geber wählt",
        _slots(("Ann", "Ben", "Cy", "Dee"), ("noch keine Vorhersage",) * 4),
        lang="de",
    ),
    "table-no-turned-up-de": TableScene(
        "Stich 1 von 20: Ann spielt aus",
        None,
        None,
        "Kein Trumpf",
        _slots(("Ann", "Ben", "Cy"), ("Vorhersage 5 · 0 gewonnen",) * 3, turn={0: True}),
        lang="de",
    ),
    "table-world-names": TableScene(
        "Trick 4 of 10: won by 张伟 山田",
        Card("K♠").face,
        Suit.SPADES,
        "Spades",
        _slots(
            WORLD,
            ("bid 3 · won 1", "bid 0 · won 0", "bid 2 · won 2", "bid 1 · won 1", "bid 4 · won 0", "out"),
            face={
                0: Card("3♠").face,
                1: Card("Q♠").face,
                2: Card("A♠").face,
                3: GRAIL_FACE,
                4: EXCALIBUR_FACE,
            },
            winner={3: True},
        ),
    ),
}

CHARTS: dict[str, ChartScene] = {
    "chart-4": ChartScene(
        ("Ann", "Ben", "A rather long display name", "Dee"),
        ((20, -10, 30, 0), (50, 0, 20, -20), (40, 30, 60, -10), (70, 20, 50, 20), (90, 60, 40, 30)),
        (1, 3, 2, 4),
    ),
}

DRAWINGS: dict[str, tuple[Callable[..., bytes], object]] = {
    **{name: (pictures.draw_hand, scene) for name, scene in HANDS.items()},
    **{name: (pictures.draw_table, scene) for name, scene in TABLES.items()},
    **{name: (pictures.draw_chart, scene) for name, scene in CHARTS.items()},
}


def rgb(data: bytes | Path) -> Image.Image:
    """A PNG (bytes or a file) in full colour."""
    with Image.open(io.BytesIO(data) if isinstance(data, bytes) else data) as image:
        return image.convert("RGB")


def difference(drawn: Image.Image, reference: Image.Image) -> tuple[float, float]:
    """The share of pixels that differ, and the mean difference per channel over the whole picture."""
    delta = ImageChops.difference(drawn, reference)
    red, green, blue = delta.split()
    largest = ImageChops.lighter(ImageChops.lighter(red, green), blue)  # a pixel's largest difference
    pixels = drawn.width * drawn.height
    changed = pixels - largest.histogram()[0]
    histogram = delta.histogram()  # the three bands' histograms one after the other
    total = sum((index % 256) * count for index, count in enumerate(histogram))
    return changed / pixels, total / (3 * pixels)


@pytest.mark.parametrize("name", sorted(DRAWINGS))
def test_a_picture_looks_like_its_reference(name: str) -> None:
    draw, scene = DRAWINGS[name]
    drawn, reference = rgb(draw(scene)), rgb(REFERENCES / f"{name}.png")
    assert drawn.size == reference.size
    changed, mean = difference(drawn, reference)
    assert changed <= CHANGED_LIMIT and mean <= MEAN_LIMIT, (
        f"{changed:.2%} of the pixels, {mean:.2f} on average"
    )


def test_the_comparison_sees_a_change_of_look() -> None:
    # A card of another suit in the hand is far over the limits: the test above can fail.
    other = HandScene((*EIGHT[:-1], Card("Q♥").face), Suit.HEARTS)
    drawn, reference = rgb(pictures.draw_hand(other)), rgb(REFERENCES / "hand-8-waiting.png")
    changed, mean = difference(drawn, reference)
    assert changed > CHANGED_LIMIT or mean > MEAN_LIMIT


def write_references() -> None:
    """Draw every reference again with the code as it is."""
    REFERENCES.mkdir(parents=True, exist_ok=True)
    for name, (draw, scene) in DRAWINGS.items():
        (REFERENCES / f"{name}.png").write_bytes(draw(scene))
        print(f"wrote {REFERENCES / name}.png")


if __name__ == "__main__":
    write_references()
