"""What every picture is built from: fonts, text sprites, stars, smoothed rounded boxes and pasting.

Text is set in the faces of ``glyphs`` (Noto Sans, Noto Emoji, WenQuanYi Micro Hei, …), each character
by a face that has it: a text is cut into runs, one face each, drawn side by side on one baseline.
Suits, stars and the emblems of the special cards are drawn as shapes.
"""

from __future__ import annotations

import functools
import math
import threading
import unicodedata
from typing import Literal

from PIL import Image, ImageDraw, ImageFont

from cogs.table.pictures.glyphs import Face, Run, check_covered, clean, clusters, primary, runs
from cogs.table.pictures.style import SUPERSAMPLE, WIDTH, Colour, Point

__all__ = [
    "DRAWING",
    "ELLIPSIS",
    "draw_runs",
    "fit",
    "fit_size",
    "font",
    "paste",
    "put_text",
    "rounded_sprite",
    "shrink",
    "star",
    "text_length",
    "text_mask",
    "text_mask_kept",
    "text_sprite",
    "text_sprite_once",
    "wrap",
]

# FreeType faces are not safe to share between threads, and the tile caches are filled lazily: one
# picture is drawn at a time (the event loop is never the one waiting).
DRAWING = threading.Lock()
ELLIPSIS = "…"
HYPHEN = "-"
LINE_PITCH = 1.18  # the distance between the baselines of wrapped lines, in font sizes

Align = Literal["l", "m"]


@functools.cache
def _font(path: str, index: int, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size, index=index)


def font(size: int, face: Face | None = None) -> ImageFont.FreeTypeFont:
    """A face of the chain (Noto Sans unless told) at ``size`` pixels."""
    face = face or primary()
    return _font(face.path, face.index, size)


@functools.lru_cache(maxsize=4096)
def text_length(text: str, size: int) -> float:
    """The width of a (clean) line of text at ``size`` pixels, every run in its own face."""
    return sum(font(size, run.face).getlength(run.text) for run in runs(text))


def _longest_prefix(pieces: list[str], size: int, width: float, suffix: str = "") -> int:
    """How many of the clusters ``pieces``, followed by ``suffix``, fit in ``width`` (binary search)."""
    low, high = 0, len(pieces)
    while low < high:
        middle = (low + high + 1) // 2
        if text_length("".join(pieces[:middle]) + suffix, size) <= width:
            low = middle
        else:
            high = middle - 1
    return low


def fit(text: str, size: int, width: float) -> str:
    """The (clean) text cut with an ellipsis, between clusters, so it fits ``width`` pixels."""
    if text_length(text, size) <= width:
        return text
    pieces = clusters(text)
    kept = _longest_prefix(pieces, size, width, ELLIPSIS)
    return "".join(pieces[:kept]).rstrip() + ELLIPSIS


def wrap(text: str, size: int, width: float, lines: int) -> list[str]:
    """The (clean) text on at most ``lines`` lines of ``width`` pixels: broken at a space where one is
    near, anywhere else (a long word, Chinese), the last line cut with an ellipsis."""
    result: list[str] = []
    while len(result) < lines - 1 and text_length(text, size) > width:
        pieces = clusters(text)
        kept = max(1, _longest_prefix(pieces, size, width))
        spaces = [i for i in range(1, kept + 1) if i < len(pieces) and pieces[i] == " "]
        hyphen = ""
        if spaces and spaces[-1] >= kept // 2:
            kept = spaces[-1]
        elif _cased(pieces[kept - 1]) and _cased(pieces[kept]):
            # Inside a word of a script that hyphenates (Latin, Greek, Cyrillic): "Дмитр-" / "ий".
            kept = max(1, _longest_prefix(pieces, size, width, HYPHEN))
            hyphen = HYPHEN
        result.append("".join(pieces[:kept]).rstrip() + hyphen)
        text = "".join(pieces[kept:]).lstrip()
    result.append(fit(text, size, width))
    return result


def _cased(cluster: str) -> bool:
    """Whether a cluster is a letter of a script with capitals, where a word is broken with a hyphen."""
    return unicodedata.category(cluster[0]) in ("Lu", "Ll", "Lt")


def fit_size(text: str, size: int, width: float) -> int:
    """The largest size up to ``size`` at which the (clean) text fits ``width`` pixels."""
    while size > 6 and text_length(text, size) > width:
        size -= 1
    return size


def draw_runs(
    draw: ImageDraw.ImageDraw,
    x: float,
    baseline: float,
    text: str,
    size: int,
    fill: tuple[int, ...],
    stroke: int = 0,
) -> float:
    """Draw a (clean) line of text from (x, baseline), each run in its face; the x it ends at.

    The one place text reaches Pillow: each run is checked against its face's character map first.
    """
    for run in runs(text):
        x = _draw_run(draw, x, baseline, run, size, fill, stroke)
    return x


def _draw_run(
    draw: ImageDraw.ImageDraw,
    x: float,
    baseline: float,
    run: Run,
    size: int,
    fill: tuple[int, ...],
    stroke: int,
) -> float:
    check_covered(run.text, run.face)
    face = font(size, run.face)
    draw.text(
        (x, baseline), run.text, font=face, fill=fill, anchor="ls", stroke_width=stroke, stroke_fill=fill
    )
    return x + face.getlength(run.text)


def text_mask(
    text: str,
    size: int,
    width: float = WIDTH,
    bold: bool = False,
    lines: int = 1,
    align: Align = "m",
) -> Image.Image:
    """Where a text's ink falls ("L": 0 for none, 255 for full), on at most ``lines`` lines of ``width``
    pixels (wrapped, then cut with an ellipsis); the lines of a wrapped text are centred on each other,
    or ``align``-ed left. The same in any colour: a text drawn in a colour is this mask filled with it."""
    stroke = 1 if bold else 0
    rows = wrap(clean(text), size, width - 2 - 2 * stroke, lines)
    ascent, descent = font(size).getmetrics()
    pitch = round(size * LINE_PITCH)
    lengths = [text_length(row, size) for row in rows]
    mask_w = math.ceil(max(lengths)) + 2 + 2 * stroke
    mask = Image.new("L", (mask_w, ascent + descent + pitch * (len(rows) - 1)), 0)
    draw = ImageDraw.Draw(mask)
    for number, (row, length) in enumerate(zip(rows, lengths, strict=True)):
        x = 1 + stroke + ((mask_w - 2 - 2 * stroke - length) / 2 if align == "m" else 0)
        draw_runs(draw, x, ascent + pitch * number, row, size, (255,), stroke)
    return mask


# A name is drawn in two colours (ringed while it is their turn): its mask is set once for both.
text_mask_kept = functools.lru_cache(maxsize=1024)(text_mask)


def text_sprite_once(
    text: str,
    size: int,
    colour: Colour,
    width: float = WIDTH,
    bold: bool = False,
    lines: int = 1,
    align: Align = "m",
) -> Image.Image:
    """Text as a transparent sprite in ``colour`` (see ``text_mask``)."""
    mask = text_mask(text, size, width, bold, lines, align)
    sprite = Image.new("RGBA", mask.size, colour)
    sprite.putalpha(mask)
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
