"""PNG encoding: hands and tables in one shared 256-colour palette, charts in full colour.

A palette picture is written here, chunk by chunk, and compressed with zlib-ng: a table picture is some
250 KB of pixels, mostly flat felt, and zlib's fastest level took 0.5 to 0.6 ms of the millisecond it
took to draw one (through Pillow); zlib-ng's level 1 takes 0.15 ms, for files of about the same size
(12 KB instead of 11). Charts, in full colour and one a game, are written by Pillow.
"""

from __future__ import annotations

import functools
import io
import struct
import zlib

from PIL import Image
from zlib_ng import zlib_ng

from cogs.table.pictures.cards import back, badge, empty_slot, ring, suit_label, tile
from cogs.table.pictures.sprites import paste, text_sprite
from cogs.table.pictures.style import (
    CARD_H,
    FELT,
    HIGHLIGHT,
    INK_LIGHT,
    INK_MUTED,
    LIFT,
    TEXT_NAME,
    WIDTH,
    Colour,
)
from wizard_core import Suit
from wizard_core.cards import EXCALIBUR_FACE, GRAIL_FACE, JESTER_FACE, MERLIN_FACE, MORGAN_FACE, WIZARD_FACE

__all__ = ["card_palette", "colour_index", "png_bytes", "to_palette"]


# zlib's fastest level, for charts: a picture is mostly flat felt, which compresses well at any level.
COMPRESS_LEVEL = 1
# zlib-ng's level for palette pictures: its fastest (level 2 takes half as long again, for files a third
# smaller).
PALETTE_COMPRESS_LEVEL = 1
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@functools.cache
def card_palette() -> Image.Image:
    """One 256-colour palette for every hand and table picture, taken from a sample of what they show.

    A 24-bit PNG of a hand takes about 11 ms to encode; mapped to this palette (under 1 ms) it takes
    1.5 ms and a quarter of the bytes. The sample holds a card of each suit and every special card,
    plain, dimmed and marked as trump, the highlights, the labels and the text colours on felt, so the
    edges that were smoothed keep their in-between shades.
    """
    faces = [8, 21, 34, 47, WIZARD_FACE, JESTER_FACE, MERLIN_FACE, EXCALIBUR_FACE, MORGAN_FACE, GRAIL_FACE]
    sprites = [tile(face, mark, dim) for face in faces for mark in (False, True) for dim in (False, True)]
    # The words are only samples of the colours of text: any language's do.
    sprites += [ring(HIGHLIGHT), empty_slot(True), empty_slot(False), badge("as Wizard"), back()]
    sprites += [suit_label(suit) for suit in Suit]
    sprites += [
        text_sprite("Trick 10 of 20: won by Ann", TEXT_NAME, ink) for ink in (INK_LIGHT, INK_MUTED, HIGHLIGHT)
    ]
    montage = Image.new("RGB", (WIDTH, 6 * (CARD_H + LIFT)), FELT)
    x = y = row_height = 0
    for sprite in sprites:
        if x + sprite.width > WIDTH:
            x, y, row_height = 0, y + row_height, 0
        paste(montage, sprite, x, y)
        x, row_height = x + sprite.width, max(row_height, sprite.height)
    return montage.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def to_palette(image: Image.Image) -> Image.Image:
    """An RGB image mapped to the shared palette, each pixel to its nearest colour (no dithering: flat
    colours stay flat, and a pixel maps alike wherever it is)."""
    return image.quantize(palette=card_palette(), dither=Image.Dither.NONE)


@functools.lru_cache(maxsize=64)
def colour_index(colour: Colour) -> int:
    """The shared palette's entry a colour maps to."""
    index = to_palette(Image.new("RGB", (1, 1), colour)).getpixel((0, 0))
    assert isinstance(index, int)
    return index


def png_bytes(image: Image.Image) -> bytes:
    """PNG bytes of a picture (in the shared palette, or in full colour)."""
    if image.mode == "P" and not image.info:
        return _palette_png(image)
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=COMPRESS_LEVEL)
    return buffer.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


@functools.lru_cache(maxsize=4)
def _palette_chunk(colours: bytes) -> bytes:
    return _chunk(b"PLTE", colours)


def _palette_png(image: Image.Image) -> bytes:
    """A palette picture as PNG: 8 bits a pixel, each row unfiltered (its filter byte 0). The rows and
    their filter bytes come from pasting the picture one pixel right of a zero column."""
    width, height = image.size
    framed = Image.new("P", (width + 1, height), 0)
    framed.paste(image, (1, 0))
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit palette, no interlacing
    return b"".join(
        (
            PNG_SIGNATURE,
            _chunk(b"IHDR", header),
            _palette_chunk(bytes(image.getpalette() or [])),
            _chunk(b"IDAT", zlib_ng.compress(framed.tobytes(), PALETTE_COMPRESS_LEVEL)),
            _chunk(b"IEND", b""),
        )
    )
