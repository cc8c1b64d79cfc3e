"""The emblems in the middle of the special cards, one function each.

Every emblem is drawn in a box of side ``s`` centred on (cx, cy): the Wizard a star, the Jester a fool's
cap, Merlin a wizard's hat, Excalibur a sword in the stone, Morgan le Fay a crystal ball, the Holy Grail
a chalice.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import ImageDraw

from cogs.table.pictures.sprites import star
from cogs.table.pictures.style import GOLD, GOLD_DARK, SPECIAL_LOOKS
from wizard_core.cards import EXCALIBUR_FACE, GRAIL_FACE, JESTER_FACE, MERLIN_FACE, MORGAN_FACE, WIZARD_FACE

__all__ = ["draw_icon"]

Icon = Callable[[ImageDraw.ImageDraw, float, float, float], None]


def _wizard(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    """A gold star among three small ones."""
    draw.polygon(star(cx, cy + s * 0.04, s * 0.46), fill=GOLD, outline=GOLD_DARK, width=max(1, round(s / 40)))
    for dx, dy, r in ((-0.38, -0.36, 0.08), (0.36, -0.3, 0.06), (0.34, 0.38, 0.07)):
        draw.polygon(star(cx + dx * s, cy + dy * s, r * s), fill=(255, 244, 200))


def _jester(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    """A fool's cap: three coloured points with gold bells on a brown band."""
    colours = [(220, 38, 38), (22, 163, 74), (37, 99, 235)]
    base_y = cy + s * 0.22
    tips = [(cx - s * 0.46, cy - s * 0.2), (cx, cy - s * 0.46), (cx + s * 0.46, cy - s * 0.2)]
    roots = [
        (cx - s * 0.34, cx - s * 0.06),
        (cx - s * 0.14, cx + s * 0.14),
        (cx + s * 0.06, cx + s * 0.34),
    ]
    for (tx, ty), (left, right), colour in zip(tips, roots, colours, strict=True):
        draw.polygon([(left, base_y), (tx, ty), (right, base_y)], fill=colour)
    draw.rounded_rectangle(
        (cx - s * 0.38, base_y - s * 0.02, cx + s * 0.38, base_y + s * 0.16),
        radius=s * 0.06,
        fill=(161, 98, 7),
    )
    r = s * 0.07
    for tx, ty in tips:
        draw.ellipse(
            (tx - r, ty - r, tx + r, ty + r), fill=GOLD, outline=GOLD_DARK, width=max(1, round(s / 60))
        )


def _merlin(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    """A wizard's hat with two stars, under a crescent moon."""
    hat = (37, 47, 110)
    draw.polygon(
        [(cx - s * 0.3, cy + s * 0.3), (cx + s * 0.08, cy - s * 0.5), (cx + s * 0.3, cy + s * 0.3)],
        fill=hat,
    )
    draw.ellipse((cx - s * 0.46, cy + s * 0.22, cx + s * 0.46, cy + s * 0.4), fill=hat)
    draw.polygon(star(cx - s * 0.02, cy - s * 0.02, s * 0.1), fill=GOLD)
    draw.polygon(star(cx + s * 0.1, cy + s * 0.17, s * 0.06), fill=GOLD)
    moon = (cx - s * 0.42, cy - s * 0.46, cx - s * 0.18, cy - s * 0.22)
    draw.ellipse(moon, fill=(254, 240, 138))
    # The crescent: a disc of the card's own background over the moon.
    draw.ellipse(
        (moon[0] + s * 0.08, moon[1] - s * 0.03, moon[2] + s * 0.08, moon[3] - s * 0.03),
        fill=SPECIAL_LOOKS[MERLIN_FACE][0],
    )


def _excalibur(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    """A sword in the stone."""
    stone = (148, 163, 184)
    draw.ellipse((cx - s * 0.42, cy + s * 0.22, cx + s * 0.42, cy + s * 0.56), fill=stone)
    blade = [
        (cx, cy - s * 0.52),
        (cx + s * 0.07, cy - s * 0.4),
        (cx + s * 0.07, cy + s * 0.3),
        (cx - s * 0.07, cy + s * 0.3),
        (cx - s * 0.07, cy - s * 0.4),
    ]
    draw.polygon(blade, fill=(241, 245, 249), outline=(30, 41, 59), width=max(1, round(s / 60)))
    draw.line([(cx, cy - s * 0.44), (cx, cy + s * 0.28)], fill=(148, 163, 184), width=max(1, round(s / 50)))
    draw.rounded_rectangle(
        (cx - s * 0.26, cy - s * 0.02, cx + s * 0.26, cy + s * 0.06), radius=s * 0.03, fill=GOLD
    )
    # The stone again, a little lower, so the blade seems to go into it.
    draw.ellipse((cx - s * 0.42, cy + s * 0.26, cx + s * 0.42, cy + s * 0.56), fill=stone)
    draw.rectangle((cx - s * 0.045, cy + s * 0.06, cx + s * 0.045, cy + s * 0.2), fill=(120, 53, 15))


def _morgan(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    """A crystal ball on a stand, with sparkles."""
    glass, glint = (196, 181, 253), (245, 243, 255)
    draw.polygon(
        [
            (cx - s * 0.2, cy + s * 0.3),
            (cx + s * 0.2, cy + s * 0.3),
            (cx + s * 0.3, cy + s * 0.46),
            (cx - s * 0.3, cy + s * 0.46),
        ],
        fill=GOLD,
    )
    draw.ellipse(
        (cx - s * 0.34, cy - s * 0.36, cx + s * 0.34, cy + s * 0.32),
        fill=glass,
        outline=(124, 58, 237),
        width=max(1, round(s / 40)),
    )
    draw.ellipse((cx - s * 0.2, cy - s * 0.24, cx - s * 0.04, cy - s * 0.1), fill=glint)
    for dx, dy, r in ((0.42, -0.38, 0.12), (-0.44, 0.04, 0.08), (0.1, 0.06, 0.07)):
        draw.polygon(star(cx + dx * s, cy + dy * s, r * s, 0.3), fill=(255, 255, 255))


def _grail(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    """A golden chalice giving off rays."""
    shade = (217, 119, 6)
    for angle in range(-60, 61, 30):
        a = math.radians(angle - 90)
        draw.line(
            [(cx, cy - s * 0.15), (cx + math.cos(a) * s * 0.55, cy - s * 0.15 + math.sin(a) * s * 0.45)],
            fill=(253, 230, 138),
            width=max(1, round(s / 45)),
        )
    draw.pieslice((cx - s * 0.32, cy - s * 0.55, cx + s * 0.32, cy + s * 0.1), 0, 180, fill=GOLD)
    draw.rectangle((cx - s * 0.32, cy - s * 0.24, cx + s * 0.32, cy - s * 0.22), fill=shade)
    draw.rectangle((cx - s * 0.05, cy + s * 0.08, cx + s * 0.05, cy + s * 0.3), fill=GOLD)
    draw.ellipse((cx - s * 0.1, cy + s * 0.06, cx + s * 0.1, cy + s * 0.16), fill=shade)
    draw.polygon(
        [
            (cx - s * 0.08, cy + s * 0.28),
            (cx + s * 0.08, cy + s * 0.28),
            (cx + s * 0.26, cy + s * 0.42),
            (cx - s * 0.26, cy + s * 0.42),
        ],
        fill=GOLD,
    )


ICONS: dict[int, Icon] = {
    WIZARD_FACE: _wizard,
    JESTER_FACE: _jester,
    MERLIN_FACE: _merlin,
    EXCALIBUR_FACE: _excalibur,
    MORGAN_FACE: _morgan,
    GRAIL_FACE: _grail,
}


def draw_icon(draw: ImageDraw.ImageDraw, face: int, cx: float, cy: float, s: float) -> None:
    """The emblem of a special card, in a box of side ``s`` centred on (cx, cy)."""
    ICONS[face](draw, cx, cy, s)
