"""The sizes and colours every picture shares.

Pictures are 800 pixels wide, twice the width Discord shows them at in an embed (``DISPLAY_WIDTH``), so
text of size ``s`` reads as ``s / 2`` pixels: the smallest label outside the cards, ``TEXT_SMALL``, reads
as 11 px, names as 13 px (``displayed``). Card tiles are drawn ``SUPERSAMPLE`` times too large and
shrunk, which smooths their edges.
"""

from __future__ import annotations

from wizard_core import Suit
from wizard_core.cards import EXCALIBUR_FACE, GRAIL_FACE, JESTER_FACE, MERLIN_FACE, MORGAN_FACE, WIZARD_FACE

Colour = tuple[int, int, int]
Point = tuple[float, float]

WIDTH = 800
DISPLAY_WIDTH = 400  # how wide Discord shows a picture inside an embed
MIN_DISPLAYED_TEXT = 11  # pixels: no label outside the cards is smaller at that width

# Text sizes (pixels in the picture): badges; details, captions and axes; names; headings; titles.
TEXT_SMALL = 22
TEXT = 24
TEXT_NAME = 26
TEXT_HEADING = 28
TEXT_TITLE = 30
SUPERSAMPLE = 3
CARD_W, CARD_H, CARD_RADIUS = 92, 132, 10
CARD_GAP = 6
CARDS_PER_ROW = 8
LIFT = 12  # how far a playable card is raised
PAD = 14

FELT: Colour = (27, 88, 60)
FELT_DARK: Colour = (20, 68, 46)
FELT_LINE: Colour = (62, 128, 96)
INK_LIGHT: Colour = (240, 246, 242)
INK_MUTED: Colour = (178, 208, 190)
HIGHLIGHT: Colour = (253, 224, 71)
PAPER: Colour = (253, 253, 250)
GOLD: Colour = (250, 191, 36)
GOLD_DARK: Colour = (146, 98, 8)
BACK: Colour = (112, 26, 46)
BACK_LINE: Colour = (140, 48, 68)

SUIT_COLOURS: dict[Suit, Colour] = {
    Suit.SPADES: (28, 28, 34),
    Suit.HEARTS: (206, 32, 44),
    Suit.DIAMONDS: (28, 100, 200),
    Suit.CLUBS: (22, 128, 58),
}

# Each special card's look: (background, colour of its name). The name is the card's own in the
# picture's language, in capitals (WIZARD, ZAUBERER).
SPECIAL_LOOKS: dict[int, tuple[Colour, Colour]] = {
    WIZARD_FACE: ((30, 58, 138), (255, 255, 255)),
    JESTER_FACE: ((254, 240, 178), (120, 53, 15)),
    MERLIN_FACE: ((107, 33, 168), (255, 255, 255)),
    EXCALIBUR_FACE: ((71, 85, 105), (255, 255, 255)),
    MORGAN_FACE: ((17, 94, 89), (255, 255, 255)),
    GRAIL_FACE: ((127, 29, 29), (253, 230, 138)),
}


def displayed(size: float) -> float:
    """How tall text of ``size`` pixels is when Discord shows the picture ``DISPLAY_WIDTH`` wide."""
    return size * DISPLAY_WIDTH / WIDTH
