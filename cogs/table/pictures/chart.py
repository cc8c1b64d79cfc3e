"""The final chart: every player's running total after each round as a line, and the final places."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from cogs.table.pictures.png import png_bytes
from cogs.table.pictures.scenes import ChartScene
from cogs.table.pictures.sprites import (
    DRAWING,
    ELLIPSIS,
    LINE_PITCH,
    clean,
    put_text,
    text_length,
    text_sprite,
    text_sprite_once,
    wrap,
)
from cogs.table.pictures.style import PAD, TEXT, TEXT_NAME, TEXT_TITLE, WIDTH, Colour
from cogs.utils.i18n import texts

__all__ = ["draw_chart"]

CHART_H = 544
LINE_COLOURS: tuple[Colour, ...] = (
    # Okabe and Ito's palette, which colour-blind readers can tell apart.
    (0, 114, 178),
    (230, 159, 0),
    (0, 158, 115),
    (204, 121, 167),
    (213, 94, 0),
    (86, 180, 233),
)
CHART_BG = (255, 255, 255)
CHART_INK = (31, 41, 55)
CHART_MUTED = (107, 114, 128)
GRID = (229, 231, 235)
NEGATIVE = (254, 242, 242)
LEGEND_W = 270
LEFT, RIGHT = 84, WIDTH - LEGEND_W - 16
TOP, BOTTOM = 72, CHART_H - 80  # the round numbers, then the word for them, below the plot
LEGEND_ROW = 62  # a player's place and name, then their total under it
LEGEND_LINE = round(TEXT * LINE_PITCH)  # a second line of a long name


@dataclass(frozen=True, slots=True)
class _Plot:
    """The plot's scales: rounds ``0..rounds`` across, scores ``low..high`` (every ``step``) up."""

    rounds: int
    low: int
    high: int
    step: int

    def x(self, index: float) -> float:
        return LEFT + (RIGHT - LEFT) * index / max(1, self.rounds)

    def y(self, value: float) -> float:
        return BOTTOM - (BOTTOM - TOP) * (value - self.low) / (self.high - self.low)


def _nice_step(span: float, ticks: int) -> int:
    """A round step (1, 2, 2.5 or 5 times a power of ten, whole) giving about ``ticks`` grid lines."""
    raw = max(span / ticks, 1.0)
    magnitude = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5):
        step = factor * magnitude
        if step >= raw and step == int(step):
            return int(step)
    return int(10 * magnitude)


def draw_chart(scene: ChartScene) -> bytes:
    """The chart picture as PNG bytes (not cached: see ``chart_png``)."""
    with DRAWING:
        players = len(scene.names)
        series = [[0, *(row[p] for row in scene.totals)] for p in range(players)]
        values = [value for line in series for value in line]
        step = _nice_step(max(values) - min(values) or 10, 6)
        low = math.floor(min(0, *values) / step) * step
        high = max(math.ceil(max(0, *values) / step) * step, low + step)
        plot = _Plot(len(scene.totals), low, high, step)
        canvas = Image.new("RGB", (WIDTH, CHART_H), CHART_BG)
        t = texts(scene.lang)
        put_text(canvas, PAD + 4, PAD, text_sprite_once(t("pic-chart-title"), TEXT_TITLE, CHART_INK))
        _axes(canvas, plot, t("pic-chart-round"))
        _lines(canvas, plot, scene, series)
        _legend(canvas, scene, series)
        return png_bytes(canvas)


def _axes(canvas: Image.Image, plot: _Plot, round_word: str) -> None:
    """The grid (negative scores shaded, zero marked) with its scores, and the round numbers under it
    (with ``round_word`` at their left)."""
    draw = ImageDraw.Draw(canvas)
    if plot.low < 0:
        draw.rectangle((LEFT, plot.y(0), RIGHT, BOTTOM), fill=NEGATIVE)
    for value in range(plot.low, plot.high + 1, plot.step):
        y = plot.y(value)
        draw.line(
            [(LEFT, y), (RIGHT, y)], fill=CHART_MUTED if value == 0 else GRID, width=2 if value == 0 else 1
        )
        put_text(canvas, LEFT - 10, y, text_sprite(str(value), TEXT, CHART_MUTED), "rm")
    for number in round_ticks(plot.rounds):
        put_text(canvas, plot.x(number), BOTTOM + 6, text_sprite(str(number), TEXT, CHART_MUTED), "mt")
    # Under the round numbers, clear of them all.
    put_text(canvas, (LEFT + RIGHT) / 2, BOTTOM + 38, text_sprite(round_word, TEXT, CHART_MUTED), "mt")


def round_ticks(rounds: int) -> list[int]:
    """The round numbers under the chart: evenly spaced from 0 (every 1, 2, 5 or 10 rounds), so no step
    is longer than the others; the last round is numbered when it falls on a step."""
    every = 1 if rounds <= 10 else 2 if rounds <= 20 else 5 if rounds <= 50 else 10
    return list(range(0, rounds + 1, every))


def _lines(canvas: Image.Image, plot: _Plot, scene: ChartScene, series: list[list[int]]) -> None:
    """Each player's line of running totals, a dot at every round, the winners' drawn last (on top).

    The lines are drawn twice as large on a transparent layer over the plot, then halved: smooth edges
    at a fraction of the cost of smoothing the whole picture.
    """
    k, margin = 2, 8
    box = (LEFT - margin, TOP - margin, RIGHT + margin, BOTTOM + margin)
    layer = Image.new("RGBA", ((box[2] - box[0]) * k, (box[3] - box[1]) * k), (255, 255, 255, 0))
    draw = ImageDraw.Draw(layer)
    radius = (4 if plot.rounds <= 20 else 3) * k
    for p in sorted(range(len(series)), key=lambda p: (-scene.places[p], -p)):
        ink = (*LINE_COLOURS[p % len(LINE_COLOURS)], 255)
        points = [((plot.x(i) - box[0]) * k, (plot.y(v) - box[1]) * k) for i, v in enumerate(series[p])]
        draw.line(points, fill=ink, width=3 * k, joint="curve")
        for x, y in points[1:]:
            draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=ink)
    layer = layer.reduce(k)
    canvas.paste(layer, box[:2], layer)


def _legend(canvas: Image.Image, scene: ChartScene, series: list[list[int]]) -> None:
    """Final places (ties share one, R-2), each with the player's colour and name, their total under it."""
    draw = ImageDraw.Draw(canvas)
    lx = RIGHT + 28
    put_text(canvas, lx, TOP - 14, text_sprite(texts(scene.lang)("pic-chart-final"), TEXT, CHART_MUTED), "lm")
    y = TOP + 22
    room = WIDTH - PAD - (lx + 64)
    # Second lines for long names, as many as the picture has room for below the legend.
    spare = max(0, (CHART_H - 16 - y - len(series) * LEGEND_ROW) // LEGEND_LINE)
    for p in sorted(range(len(series)), key=lambda p: (scene.places[p], p)):
        first = scene.places[p] == 1
        colour = LINE_COLOURS[p % len(LINE_COLOURS)]
        draw.rounded_rectangle((lx, y - 6, lx + 24, y + 6), radius=6, fill=colour)
        put_text(canvas, lx + 32, y, text_sprite(f"{scene.places[p]}.", TEXT, CHART_MUTED), "lm")
        # A long name goes on two lines, broken at a word, while there is room (the alt text has it whole).
        lines = legend_lines(scene.names[p], room) if spare else [shorten(scene.names[p], room)]
        spare -= len(lines) - 1
        for number, line in enumerate(lines):
            sprite = text_sprite_once(line, TEXT, CHART_INK, room, bold=first, align="l")
            put_text(canvas, lx + 64, y + LEGEND_LINE * number, sprite, "lm")
        below = y + LEGEND_LINE * (len(lines) - 1)
        total = text_sprite_once(str(series[p][-1]), TEXT_NAME, CHART_INK, bold=first)
        put_text(canvas, lx + 64, below + 28, total, "lm")
        y = below + LEGEND_ROW


def shorten(name: str, room: float) -> str:
    """A player's name on one line of ``room`` pixels: whole if it fits, else its first words and an
    ellipsis (cut inside a word only when even the first word is too long)."""
    name = clean(name)
    if text_length(name, TEXT) <= room - 2:
        return name
    words = name.split(" ")
    for count in range(len(words) - 1, 0, -1):
        kept = " ".join(words[:count]) + ELLIPSIS
        if text_length(kept, TEXT) <= room - 2:
            return kept
    return name


def legend_lines(name: str, room: float) -> list[str]:
    """A player's name in the legend: one line if it fits ``room`` pixels, else two, broken between
    words (the second shortened at a word if it is still too long); broken anywhere only when even the
    first word does not fit."""
    name = clean(name)
    width = room - 2
    if text_length(name, TEXT) <= width:
        return [name]
    words = name.split(" ")
    for count in range(len(words) - 1, 0, -1):
        head = " ".join(words[:count])
        if text_length(head, TEXT) <= width:
            return [head, shorten(" ".join(words[count:]), room)]
    return wrap(name, TEXT, width, 2)
