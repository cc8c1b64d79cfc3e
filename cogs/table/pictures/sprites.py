"""What every picture is built from: the font, text sprites, stars, smoothed rounded boxes and pasting.

Text uses the font inside Pillow's wheel (``ImageFont.load_default(size=...)``); it has no suit symbols,
so suits, stars and the emblems of the special cards are drawn as shapes.
"""

from __future__ import annotations

import functools
import math
import threading

from PIL import Image, ImageDraw, ImageFont

from cogs.table.pictures.style import SUPERSAMPLE, WIDTH, Colour, Point

__all__ = [
    "DRAWING",
    "font",
    "paste",
    "put_text",
    "rounded_sprite",
    "shrink",
    "star",
    "text_sprite",
    "text_sprite_once",
]

# FreeType faces are not safe to share between threads, and the tile caches are filled lazily: one
# picture is drawn at a time (the event loop is never the one waiting).
DRAWING = threading.Lock()


@functools.cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's own font at ``size`` pixels."""
    loaded = ImageFont.load_default(size=size)
    assert isinstance(loaded, ImageFont.FreeTypeFont), "Pillow was built without FreeType"
    return loaded


def fit(text: str, size: int, width: float) -> tuple[str, ImageFont.FreeTypeFont]:
    """The text cut with an ellipsis (never shrunk below ``size``) so it fits ``width`` pixels."""
    face = font(size)
    if face.getlength(text) <= width:
        return text, face
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…", face


def fit_size(text: str, size: int, width: float) -> ImageFont.FreeTypeFont:
    """The largest font up to ``size`` in which the text fits ``width`` pixels."""
    while size > 6 and font(size).getlength(text) > width:
        size -= 1
    return font(size)


def text_sprite_once(
    text: str, size: int, colour: Colour, width: float = WIDTH, bold: bool = False
) -> Image.Image:
    """A line of text as a transparent sprite, cut to ``width`` pixels."""
    text, face = fit(text, size, width)
    ascent, descent = face.getmetrics()
    stroke = 1 if bold else 0
    sprite = Image.new(
        "RGBA", (math.ceil(face.getlength(text)) + 2 + 2 * stroke, ascent + descent), (*colour, 0)
    )
    ImageDraw.Draw(sprite).text(
        (1 + stroke, 0), text, font=face, fill=(*colour, 255), stroke_width=stroke, stroke_fill=(*colour, 255)
    )
    return sprite


# Names, bids and captions recur from one picture to the next; headings hardly do, and are drawn with
# ``text_sprite_once`` so they do not push the others out.
text_sprite = functools.lru_cache(maxsize=512)(text_sprite_once)


def paste(canvas: Image.Image, sprite: Image.Image, x: float, y: float) -> None:
    """Paste a sprite with its top left corner at (x, y), through its own transparency if it has any."""
    position = (round(x), round(y))
    if sprite.mode == "RGBA":
        canvas.paste(sprite, position, sprite)
    else:
        canvas.paste(sprite, position)


def put_text(canvas: Image.Image, x: float, y: float, sprite: Image.Image, anchor: str = "lt") -> None:
    """Paste a text sprite; ``anchor`` places (x, y): l/m/r (left, middle, right), then t/m (top, middle)."""
    dx = {"l": 0.0, "m": sprite.width / 2, "r": float(sprite.width)}[anchor[0]]
    dy = {"t": 0.0, "m": sprite.height / 2}[anchor[1]]
    paste(canvas, sprite, x - dx, y - dy)


def star(cx: float, cy: float, outer: float, inner_ratio: float = 0.45) -> list[Point]:
    """A five-pointed star's outline, centred on (cx, cy), point up."""
    points = []
    for index in range(10):
        radius = outer if index % 2 == 0 else outer * inner_ratio
        angle = -math.pi / 2 + index * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def shrink(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    """A supersampled drawing brought down to its size (the smoothing)."""
    return image.resize(size, Image.Resampling.LANCZOS)


@functools.cache
def rounded_sprite(
    size: tuple[int, int], radius: int, fill: Colour | None, outline: Colour | None, width: int
) -> Image.Image:
    """A supersampled rounded rectangle as an RGBA sprite (antialiased edges)."""
    k = SUPERSAMPLE
    w, h = size
    image = Image.new("RGBA", (w * k, h * k), (0, 0, 0, 0))
    ImageDraw.Draw(image).rounded_rectangle(
        (0, 0, w * k - 1, h * k - 1),
        radius=radius * k,
        fill=None if fill is None else (*fill, 255),
        outline=None if outline is None else (*outline, 255),
        width=width * k,
    )
    return shrink(image, size)
