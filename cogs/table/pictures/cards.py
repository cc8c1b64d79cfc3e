"""Card tiles and what is pasted around them: faces, suit pips, the back, rings, empty places, badges.

Each card face is drawn once, ``SUPERSAMPLE`` times too large and shrunk (which smooths its edges), then
kept: a hand or a trick is a handful of pastes of these tiles.
"""

from __future__ import annotations

import functools
import math

from PIL import Image, ImageDraw

from cogs.table.pictures.icons import draw_icon
from cogs.table.pictures.sprites import (
    draw_runs,
    fit_size,
    font,
    paste,
    rounded_sprite,
    shrink,
    star,
    text_length,
    text_sprite,
)
from cogs.table.pictures.style import (
    BACK,
    BACK_LINE,
    CARD_H,
    CARD_RADIUS,
    CARD_W,
    FELT,
    FELT_DARK,
    FELT_LINE,
    GOLD,
    GOLD_DARK,
    HIGHLIGHT,
    PAPER,
    SPECIAL_LOOKS,
    SUIT_COLOURS,
    SUPERSAMPLE,
    TEXT,
    TEXT_SMALL,
    Colour,
    Point,
)
from cogs.table.render import card_name, suit_name
from cogs.utils.i18n import Lang, texts
from wizard_core import Suit
from wizard_core.cards import Card

RANK_SIZE = 34  # the rank in a numbered card's corner
SPECIAL_NAME_SIZE = 22  # a special card's name, smaller where it would not fit (EXCALIBUR)

__all__ = ["back", "badge", "empty_slot", "is_trump", "pip", "ring", "suit_label", "tile", "trump_mark"]


def _heart(cx: float, cy: float, s: float) -> list[Point]:
    # The classic parametric heart, scaled to a box of side ``s``.
    points = []
    for step in range(48):
        t = 2 * math.pi * step / 48
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        points.append((cx + x * s / 34, cy - (y + 2.5) * s / 34))
    return points


def pip(draw: ImageDraw.ImageDraw, suit: Suit, cx: float, cy: float, s: float, colour: Colour) -> None:
    """A suit symbol of height about ``s`` centred on (cx, cy)."""
    if suit is Suit.HEARTS:
        draw.polygon(_heart(cx, cy, s), fill=colour)
    elif suit is Suit.DIAMONDS:
        draw.polygon(
            [(cx, cy - s / 2), (cx + s * 0.38, cy), (cx, cy + s / 2), (cx - s * 0.38, cy)], fill=colour
        )
    elif suit is Suit.SPADES:
        flipped = [(x, 2 * (cy - s * 0.08) - y) for x, y in _heart(cx, cy - s * 0.08, s * 0.86)]
        draw.polygon(flipped, fill=colour)
        draw.polygon(
            [(cx, cy + s * 0.05), (cx + s * 0.17, cy + s * 0.5), (cx - s * 0.17, cy + s * 0.5)], fill=colour
        )
    else:
        r = s * 0.22
        for dx, dy in ((0.0, -0.22), (-0.23, 0.07), (0.23, 0.07)):
            x, y = cx + dx * s, cy + dy * s
            draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)
        draw.polygon([(cx, cy), (cx + s * 0.16, cy + s * 0.5), (cx - s * 0.16, cy + s * 0.5)], fill=colour)


def _suit_face(draw: ImageDraw.ImageDraw, card: Card, suit: Suit, size: tuple[int, int]) -> None:
    """A numbered card: white, its rank and a small pip in the corner, a large pip below."""
    k = SUPERSAMPLE
    w, h = size
    colour = SUIT_COLOURS[suit]
    draw.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=CARD_RADIUS * k, fill=PAPER, outline=colour, width=2 * k
    )
    rank = str(card)[:-1]
    points = RANK_SIZE * k
    draw_runs(draw, 9 * k, 36 * k, rank, points, colour, stroke=k)
    left = 9 * k + text_length(rank, points) / 2 + k / 2
    pip(draw, suit, left, 54 * k, 18 * k, colour)
    pip(draw, suit, w * 0.58, h * 0.7, 50 * k, colour)


def _special_face(draw: ImageDraw.ImageDraw, face: int, size: tuple[int, int], lang: Lang) -> None:
    """A special card: its own colour, a double frame, its name in ``lang`` (on two lines if long) and its
    emblem."""
    k = SUPERSAMPLE
    w, h = size
    background, ink = SPECIAL_LOOKS[face]
    label = card_name(Card(face), t=texts(lang)).upper()
    draw.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=CARD_RADIUS * k, fill=background, outline=(255, 255, 255), width=2 * k
    )
    draw.rounded_rectangle(
        (4 * k, 4 * k, w - 1 - 4 * k, h - 1 - 4 * k), radius=(CARD_RADIUS - 3) * k, outline=ink, width=k
    )
    lines = label.split(" ", 1)  # HOLY / GRAIL, MORGAN / LE FAY, HEILIGER / GRAL
    baseline = 25 * k
    for line in lines:
        points = fit_size(line, SPECIAL_NAME_SIZE * k, w - 12 * k)
        draw_runs(draw, (w - text_length(line, points)) / 2, baseline, line, points, ink, stroke=k // 2)
        baseline += 20 * k
    draw_icon(draw, face, w / 2, h * 0.62 + (4 * k if len(lines) > 1 else 0), 64 * k)


def _draw_face(face: int, lang: Lang) -> Image.Image:
    """One card drawn at ``SUPERSAMPLE`` times its size on felt (rounded corners), then shrunk (a special
    card named in ``lang``)."""
    size = (CARD_W * SUPERSAMPLE, CARD_H * SUPERSAMPLE)
    image = Image.new("RGB", size, FELT)
    draw = ImageDraw.Draw(image)
    card = Card(face)
    if card.suit is not None and card.rank is not None:
        _suit_face(draw, card, card.suit, size)
    else:
        _special_face(draw, face, size, lang)
    return shrink(image, (CARD_W, CARD_H))


@functools.cache
def trump_mark() -> Image.Image:
    """The trump mark (the text's ★) for a card's top right corner."""
    k, size = SUPERSAMPLE, 28
    image = Image.new("RGBA", (size * k, size * k), (0, 0, 0, 0))
    centre = size * k / 2
    ImageDraw.Draw(image).polygon(star(centre, centre, 12 * k), fill=GOLD, outline=GOLD_DARK, width=k)
    return shrink(image, (size, size))


def is_trump(face: int, trump: Suit | None) -> bool:
    """Whether the card is of the trump suit, and so starred."""
    return trump is not None and Card(face).suit is trump


@functools.cache
def tile(face: int, trump: bool, dim: bool, lang: Lang = "en") -> Image.Image:
    """A card as pasted into pictures, kept once drawn (``trump``: starred; ``dim``: not playable now; a
    special card named in ``lang``)."""
    if dim:
        return Image.blend(tile(face, trump, False, lang), Image.new("RGB", (CARD_W, CARD_H), FELT_DARK), 0.5)
    if trump:
        starred = tile(face, False, False, lang).copy()
        paste(starred, trump_mark(), CARD_W - 29, 2)
        return starred
    return _draw_face(face, lang)


def _back_frame(image: Image.Image) -> None:
    """The back's burgundy card and white edge."""
    k = SUPERSAMPLE
    ImageDraw.Draw(image).rounded_rectangle(
        (0, 0, image.width - 1, image.height - 1),
        radius=CARD_RADIUS * k,
        fill=BACK,
        outline=PAPER,
        width=2 * k,
    )


@functools.cache
def back() -> Image.Image:
    """The back of a card, for cards their holder may not see (burgundy: no face looks like it)."""
    k = SUPERSAMPLE
    w, h = CARD_W * k, CARD_H * k
    inner = (7 * k, 7 * k, w - 1 - 7 * k, h - 1 - 7 * k)
    lattice = Image.new("RGB", (w, h), FELT)
    _back_frame(lattice)
    draw = ImageDraw.Draw(lattice)
    draw.rounded_rectangle(inner, radius=(CARD_RADIUS - 4) * k, outline=GOLD, width=k)
    for step in range(-h, w, 14 * k):
        draw.line([(step, 0), (step + h, h)], fill=BACK_LINE, width=k)
        draw.line([(step + h, 0), (step, h)], fill=BACK_LINE, width=k)
    # The lattice shows only inside the inner frame.
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle(inner, radius=(CARD_RADIUS - 4) * k, fill=255)
    card = Image.new("RGB", (w, h), FELT)
    _back_frame(card)
    card.paste(lattice, (0, 0), mask)
    draw = ImageDraw.Draw(card)
    draw.rounded_rectangle(inner, radius=(CARD_RADIUS - 4) * k, outline=GOLD, width=k)
    draw.text(
        (w / 2, h / 2), "?", font=font(56 * k), fill=GOLD, anchor="mm", stroke_width=k, stroke_fill=GOLD_DARK
    )
    return shrink(card, (CARD_W, CARD_H))


@functools.cache
def ring(colour: Colour) -> Image.Image:
    """A highlight around a card (4 pixels wide), to be pasted 5 pixels up and left of it."""
    return rounded_sprite((CARD_W + 10, CARD_H + 10), CARD_RADIUS + 5, None, colour, 4)


@functools.cache
def empty_slot(turn: bool) -> Image.Image:
    """A place for a card not played yet; outlined in the highlight colour for the player to act."""
    sprite = rounded_sprite(
        (CARD_W, CARD_H), CARD_RADIUS, FELT_DARK, HIGHLIGHT if turn else FELT_LINE, 3 if turn else 2
    )
    place = Image.new("RGB", sprite.size, FELT)
    place.paste(sprite, (0, 0), sprite)
    return place


@functools.cache
def _pip_sprite(suit: Suit, size: int, colour: Colour) -> Image.Image:
    k = SUPERSAMPLE
    image = Image.new("RGBA", (size * k, size * k), (0, 0, 0, 0))
    pip(ImageDraw.Draw(image), suit, size * k / 2, size * k / 2, size * k * 0.92, colour)
    return shrink(image, (size, size))


@functools.cache
def badge(text: str) -> Image.Image:
    """A small dark pill with white text, such as "as Wizard" on a declared Merlin."""
    width, height = round(text_length(text, TEXT_SMALL)) + 16, 30
    sprite = rounded_sprite((width, height), height // 2, (17, 24, 39), (255, 255, 255), 1).copy()
    draw_runs(ImageDraw.Draw(sprite), 8, 22, text, TEXT_SMALL, (255, 255, 255, 255))
    return sprite


@functools.cache
def suit_label(suit: Suit, lang: Lang = "en") -> Image.Image:
    """The trump suit under the turned-up card: its symbol and name (in ``lang``) on a white label."""
    colour = SUIT_COLOURS[suit]
    name = text_sprite(suit_name(suit, t=texts(lang)), TEXT, colour)
    height = 38
    sprite = rounded_sprite((name.width + 44, height), height // 2, (255, 255, 255), None, 0).copy()
    paste(sprite, _pip_sprite(suit, 24, colour), 10, 7)
    paste(sprite, name, 38, (height - name.height) / 2)
    return sprite
