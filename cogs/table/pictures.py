"""Pictures for the game's messages: a player's hand, the trick and trump on the table, the final chart.

Everything is drawn here with Pillow: no card art, no system font. Text uses the font inside Pillow's
wheel (``ImageFont.load_default(size=...)``); it has no suit symbols, so suits, stars and the icons of
the special cards are drawn as shapes.

Like ``render``, this module only ever receives the rules core's views. Each picture goes through a
*scene*: a small hashable value holding exactly what the picture shows (a hand is its cards in display
order, the trump suit and the playable faces). Scenes are the keys of an LRU cache of PNG bytes, so the
same content is drawn once, and drawing runs in a worker thread (``asyncio.to_thread``) so the event
loop never waits for it.

Speed comes from drawing each card face once: faces are drawn three times too large and shrunk (which
smooths their edges), then kept; a hand or a trick is a handful of pastes of those tiles, a few lines of
text and a PNG encode. Pictures are 800 pixels wide, twice the width Discord shows in an embed, and the
text is sized to be read at half size.
"""

from __future__ import annotations

import asyncio
import functools
import io
import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import discord
from PIL import Image, ImageDraw, ImageFont

from cogs.table import render
from wizard_core import GameResult, Phase, Play, PlayerView, PublicView, Suit, TrickView, decode
from wizard_core.cards import (
    EXCALIBUR_FACE,
    GRAIL_FACE,
    JESTER_FACE,
    MERLIN_FACE,
    MORGAN_FACE,
    WIZARD_FACE,
    Card,
)
from wizard_core.tricks import PLAY_CODES, MerlinAs

__all__ = [
    "CHART_FILENAME",
    "HAND_FILENAME",
    "TABLE_FILENAME",
    "WIDTH",
    "ChartScene",
    "HandScene",
    "Slot",
    "TableScene",
    "cache_clear",
    "chart_file",
    "chart_png",
    "chart_scene",
    "draw_chart",
    "draw_hand",
    "draw_table",
    "hand_file",
    "hand_png",
    "hand_scene",
    "table_file",
    "table_png",
    "table_scene",
]

HAND_FILENAME = "hand.png"
TABLE_FILENAME = "table.png"
CHART_FILENAME = "chart.png"

WIDTH = 800
SUPERSAMPLE = 3
CARD_W, CARD_H, CARD_RADIUS = 92, 132, 10
CARD_GAP = 6
CARDS_PER_ROW = 8
LIFT = 12  # how far a playable card is raised
PAD = 14

FELT = (27, 88, 60)
FELT_DARK = (20, 68, 46)
FELT_LINE = (62, 128, 96)
INK_LIGHT = (240, 246, 242)
INK_MUTED = (178, 208, 190)
HIGHLIGHT = (253, 224, 71)
PAPER = (253, 253, 250)
SUIT_COLOURS = {
    Suit.SPADES: (28, 28, 34),
    Suit.HEARTS: (206, 32, 44),
    Suit.DIAMONDS: (28, 100, 200),
    Suit.CLUBS: (22, 128, 58),
}
GOLD = (250, 191, 36)
BACK = (112, 26, 46)
BACK_LINE = (140, 48, 68)
GOLD_DARK = (146, 98, 8)

SUIT_NAMES = {Suit.SPADES: "Spades", Suit.HEARTS: "Hearts", Suit.DIAMONDS: "Diamonds", Suit.CLUBS: "Clubs"}

Colour = tuple[int, int, int]
Point = tuple[float, float]

# FreeType faces are not safe to share between threads, and the tile caches are filled lazily: one
# picture is drawn at a time (the event loop is never the one waiting).
_DRAWING = threading.Lock()


# -- scenes --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandScene:
    """A hand as drawn: faces in display order, the trump suit, and the playable faces on your turn.

    While the player may not look at their hand, ``faces`` is empty and ``hidden`` counts the cards
    drawn face down (Third Time's The Harm); in the Forehead card round ``others`` holds the other
    players' names and cards, drawn beside the player's own card, face down.
    """

    faces: tuple[int, ...]
    trump: Suit | None
    playable: frozenset[int] | None = None
    hidden: int = 0
    others: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Slot:
    """One player's place in the drawn trick: their card (if played yet) and the line under it."""

    name: str
    detail: str
    face: int | None = None
    merlin: MerlinAs | None = None
    turn: bool = False
    winner: bool = False
    flipped: bool = False


@dataclass(frozen=True, slots=True)
class TableScene:
    """The table picture: the trump card and suit on the left, a trick (or the bidding) on the right."""

    heading: str
    turned_up: int | None
    trump: Suit | None
    trump_caption: str
    slots: tuple[Slot, ...]


@dataclass(frozen=True, slots=True)
class ChartScene:
    """Every player's running total after each round, and their final place (ties share one)."""

    names: tuple[str, ...]
    totals: tuple[tuple[int, ...], ...]  # one row per round, one column per player
    places: tuple[int, ...]


def _play(code: int) -> Play:
    action = decode(code)
    assert isinstance(action, Play)
    return action


def hand_scene(view: PlayerView) -> HandScene:
    """What the hand picture shows: the sorted hand, trump, and on your turn to play, what you may play."""
    faces = tuple(card.face for card in render.sort_hand(view.hand, view.trump))
    playable = None
    if view.phase is Phase.PLAY and view.current_player == view.player and view.legal_actions:
        playable = frozenset(_play(code).card.face for code in view.legal_actions if 0 <= code < PLAY_CODES)
    hidden = 0
    if view.hand_hidden and view.hand_sizes:
        hidden = view.hand_sizes[view.player]
    others = tuple(
        (_one_line(view.players[seat]), card.face)
        for seat, card in enumerate(view.others_cards)
        if card is not None and seat != view.player
    )
    return HandScene(faces, view.trump, playable, hidden, others)


def _detail(view: PublicView, seat: int) -> str:
    """The line under a player's name: their bid while bidding, then tricks won of the bid.

    The picture's font has no emoji: a secret bid is "has bid", then "bid ?" during the play.
    """
    bid = view.bids[seat]
    if view.active and not view.active[seat]:
        return "out"
    won = f"won {view.tricks_won[seat]}"
    if seat == view.saboteur:
        return "saboteur" if view.phase is not Phase.PLAY else f"{won}, saboteur"
    if bid is None:
        secret = bool(view.has_bid) and view.has_bid[seat]
        if view.phase is Phase.PLAY:
            return f"{won}, bid ?" if secret else won
        return "has bid" if secret else "no bid yet"
    if view.phase in (Phase.BID, Phase.CHOOSE_TRUMP):
        return f"bid {bid}"
    return f"{won} of {bid}"


def _one_line(name: str) -> str:
    """A name on one line (the picture cuts it to the room it has)."""
    return " ".join(name.split())


def _heading(view: PublicView, shown: TrickView | None, finished: bool, names: Sequence[str]) -> str:
    tricks = view.cards_per_player
    done = len(view.completed_tricks)
    if shown is not None and finished:
        which = "Game over: the last trick" if view.phase is Phase.GAME_OVER else f"Trick {done} of {tricks}"
        if shown.null or shown.winner is None:
            return f"{which} was a null trick"
        return f"{which} was won by {names[shown.winner]}"
    if shown is not None:
        return f"Trick {done + 1} of {tricks}"
    if view.phase is Phase.PLAY:
        return f"Trick 1 of {tricks}: {names[view.current_trick.leader]} leads"
    if view.phase is Phase.CHOOSE_TRUMP:
        return f"Round {view.round_number}: {names[view.dealer]} picks trump"
    if view.phase is Phase.BID:
        return f"Round {view.round_number}: bidding"
    return "Game over"


def table_scene(view: PublicView) -> TableScene:
    """What the table picture shows: trump, then the trick under way (or the last one, or the bidding).

    A finished trick stays in the picture, its winner ringed, until the next card is played, so the
    card that ended it is seen too.
    """
    count = len(view.players)
    names = [_one_line(name) for name in view.players]
    if view.phase is Phase.CHOOSE_TRUMP:
        caption = "Dealer picks"
    elif view.trump is None:
        caption = "No trump"
    else:
        caption = SUIT_NAMES[view.trump]
    shown: TrickView | None = None
    finished = False
    if view.phase is Phase.PLAY and view.current_trick.plays:
        shown = view.current_trick
    elif view.phase in (Phase.PLAY, Phase.GAME_OVER) and view.completed_tricks:
        shown, finished = view.completed_tricks[-1], True
    if shown is not None:
        first = shown.leader
    elif view.phase is Phase.PLAY:
        first = view.current_trick.leader
    else:
        first = (view.dealer + 1) % count  # bidding starts left of the dealer
    played = {} if shown is None else {play.player: play for play in shown.plays}
    waiting = set(view.to_act) if view.to_act else {view.current_player}
    slots = []
    for seat in ((first + offset) % count for offset in range(count)):
        play = played.get(seat)
        if play is None and view.active and not view.active[seat]:
            continue  # eliminated by Nannie's Rule: no place at the trick
        slots.append(
            Slot(
                name=names[seat],
                detail=_detail(view, seat),
                face=None if play is None else play.card.face,
                merlin=None if play is None else play.merlin,
                turn=not finished and seat in waiting and view.phase is not Phase.GAME_OVER,
                winner=finished and shown is not None and shown.winner == seat,
                flipped=play is not None and play.flipped,
            )
        )
    return TableScene(
        heading=_heading(view, shown, finished, names),
        turned_up=None if view.turned_up is None else view.turned_up.face,
        trump=view.trump,
        trump_caption=caption,
        slots=tuple(slots),
    )


def chart_scene(result: GameResult, players: Sequence[str]) -> ChartScene:
    """What the chart shows: the running totals after every round, and the final places."""
    return ChartScene(
        names=tuple(_one_line(name) for name in players),
        totals=tuple(row.totals for row in result.rounds),
        places=result.places,
    )


# -- fonts and shapes ----------------------------------------------------------------------------------


@functools.cache
def _font(size: int) -> ImageFont.FreeTypeFont:
    font = ImageFont.load_default(size=size)
    assert isinstance(font, ImageFont.FreeTypeFont), "Pillow was built without FreeType"
    return font


def _fit(text: str, size: int, width: float) -> tuple[str, ImageFont.FreeTypeFont]:
    """The text cut with an ellipsis (never shrunk below ``size``) so it fits ``width`` pixels."""
    font = _font(size)
    if font.getlength(text) <= width:
        return text, font
    while text and font.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…", font


def _fit_size(text: str, size: int, width: float) -> ImageFont.FreeTypeFont:
    """The largest font up to ``size`` in which the text fits ``width`` pixels."""
    while size > 6 and _font(size).getlength(text) > width:
        size -= 1
    return _font(size)


def _label_once(
    text: str, size: int, colour: Colour, width: float = WIDTH, bold: bool = False
) -> Image.Image:
    """A line of text as a transparent sprite, cut to ``width`` pixels."""
    text, font = _fit(text, size, width)
    ascent, descent = font.getmetrics()
    stroke = 1 if bold else 0
    sprite = Image.new(
        "RGBA", (math.ceil(font.getlength(text)) + 2 + 2 * stroke, ascent + descent), (*colour, 0)
    )
    ImageDraw.Draw(sprite).text(
        (1 + stroke, 0), text, font=font, fill=(*colour, 255), stroke_width=stroke, stroke_fill=(*colour, 255)
    )
    return sprite


# Names, bids and captions recur from one picture to the next; headings hardly do, and are drawn with
# ``_label_once`` so they do not push the others out.
_label = functools.lru_cache(maxsize=512)(_label_once)


def _text(canvas: Image.Image, x: float, y: float, sprite: Image.Image, anchor: str = "lt") -> None:
    """Paste a text sprite; ``anchor`` places (x, y): l/m/r (left, middle, right), then t/m (top, middle)."""
    dx = {"l": 0.0, "m": sprite.width / 2, "r": float(sprite.width)}[anchor[0]]
    dy = {"t": 0.0, "m": sprite.height / 2}[anchor[1]]
    _paste(canvas, sprite, x - dx, y - dy)


def _heart(cx: float, cy: float, s: float) -> list[Point]:
    # The classic parametric heart, scaled to a box of side ``s``.
    points = []
    for step in range(48):
        t = 2 * math.pi * step / 48
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        points.append((cx + x * s / 34, cy - (y + 2.5) * s / 34))
    return points


def _pip(draw: ImageDraw.ImageDraw, suit: Suit, cx: float, cy: float, s: float, colour: Colour) -> None:
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


def _star(cx: float, cy: float, outer: float, inner_ratio: float = 0.45) -> list[Point]:
    points = []
    for index in range(10):
        radius = outer if index % 2 == 0 else outer * inner_ratio
        angle = -math.pi / 2 + index * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def _shrink(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    return image.resize(size, Image.Resampling.LANCZOS)


# -- card tiles ----------------------------------------------------------------------------------------

SPECIAL_LOOKS: dict[int, tuple[str, Colour, Colour]] = {
    # face: (label, background, label colour)
    WIZARD_FACE: ("WIZARD", (30, 58, 138), (255, 255, 255)),
    JESTER_FACE: ("JESTER", (254, 240, 178), (120, 53, 15)),
    MERLIN_FACE: ("MERLIN", (107, 33, 168), (255, 255, 255)),
    EXCALIBUR_FACE: ("EXCALIBUR", (71, 85, 105), (255, 255, 255)),
    MORGAN_FACE: ("MORGAN LE FAY", (17, 94, 89), (255, 255, 255)),
    GRAIL_FACE: ("HOLY GRAIL", (127, 29, 29), (253, 230, 138)),
}


def _icon(draw: ImageDraw.ImageDraw, face: int, cx: float, cy: float, s: float) -> None:
    """The picture in the middle of a special card, in a box of side ``s`` centred on (cx, cy)."""
    if face == WIZARD_FACE:
        draw.polygon(
            _star(cx, cy + s * 0.04, s * 0.46), fill=GOLD, outline=GOLD_DARK, width=max(1, round(s / 40))
        )
        for dx, dy, r in ((-0.38, -0.36, 0.08), (0.36, -0.3, 0.06), (0.34, 0.38, 0.07)):
            draw.polygon(_star(cx + dx * s, cy + dy * s, r * s), fill=(255, 244, 200))
    elif face == JESTER_FACE:
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
    elif face == MERLIN_FACE:
        hat = (37, 47, 110)
        draw.polygon(
            [(cx - s * 0.3, cy + s * 0.3), (cx + s * 0.08, cy - s * 0.5), (cx + s * 0.3, cy + s * 0.3)],
            fill=hat,
        )
        draw.ellipse((cx - s * 0.46, cy + s * 0.22, cx + s * 0.46, cy + s * 0.4), fill=hat)
        draw.polygon(_star(cx - s * 0.02, cy - s * 0.02, s * 0.1), fill=GOLD)
        draw.polygon(_star(cx + s * 0.1, cy + s * 0.17, s * 0.06), fill=GOLD)
        moon = (cx - s * 0.42, cy - s * 0.46, cx - s * 0.18, cy - s * 0.22)
        draw.ellipse(moon, fill=(254, 240, 138))
        draw.ellipse(
            (moon[0] + s * 0.08, moon[1] - s * 0.03, moon[2] + s * 0.08, moon[3] - s * 0.03),
            fill=SPECIAL_LOOKS[MERLIN_FACE][1],
        )
    elif face == EXCALIBUR_FACE:
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
        draw.line(
            [(cx, cy - s * 0.44), (cx, cy + s * 0.28)], fill=(148, 163, 184), width=max(1, round(s / 50))
        )
        draw.rounded_rectangle(
            (cx - s * 0.26, cy - s * 0.02, cx + s * 0.26, cy + s * 0.06), radius=s * 0.03, fill=GOLD
        )
        draw.ellipse((cx - s * 0.42, cy + s * 0.26, cx + s * 0.42, cy + s * 0.56), fill=stone)
        draw.rectangle((cx - s * 0.045, cy + s * 0.06, cx + s * 0.045, cy + s * 0.2), fill=(120, 53, 15))
    elif face == MORGAN_FACE:
        # A crystal ball on a stand, with sparkles.
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
            draw.polygon(_star(cx + dx * s, cy + dy * s, r * s, 0.3), fill=(255, 255, 255))
    elif face == GRAIL_FACE:
        gold, shade = GOLD, (217, 119, 6)
        for angle in range(-60, 61, 30):
            a = math.radians(angle - 90)
            draw.line(
                [(cx, cy - s * 0.15), (cx + math.cos(a) * s * 0.55, cy - s * 0.15 + math.sin(a) * s * 0.45)],
                fill=(253, 230, 138),
                width=max(1, round(s / 45)),
            )
        draw.pieslice((cx - s * 0.32, cy - s * 0.55, cx + s * 0.32, cy + s * 0.1), 0, 180, fill=gold)
        draw.rectangle((cx - s * 0.32, cy - s * 0.24, cx + s * 0.32, cy - s * 0.22), fill=shade)
        draw.rectangle((cx - s * 0.05, cy + s * 0.08, cx + s * 0.05, cy + s * 0.3), fill=gold)
        draw.ellipse((cx - s * 0.1, cy + s * 0.06, cx + s * 0.1, cy + s * 0.16), fill=shade)
        draw.polygon(
            [
                (cx - s * 0.08, cy + s * 0.28),
                (cx + s * 0.08, cy + s * 0.28),
                (cx + s * 0.26, cy + s * 0.42),
                (cx - s * 0.26, cy + s * 0.42),
            ],
            fill=gold,
        )


def _draw_face(face: int) -> Image.Image:
    """One card drawn at ``SUPERSAMPLE`` times its size on felt (rounded corners), then shrunk."""
    k = SUPERSAMPLE
    w, h = CARD_W * k, CARD_H * k
    image = Image.new("RGB", (w, h), FELT)
    draw = ImageDraw.Draw(image)
    box = (0, 0, w - 1, h - 1)
    card = Card(face)
    if card.suit is not None and card.rank is not None:
        colour = SUIT_COLOURS[card.suit]
        draw.rounded_rectangle(box, radius=CARD_RADIUS * k, fill=PAPER, outline=colour, width=2 * k)
        rank = str(card)[:-1]
        font = _font(34 * k)
        draw.text((9 * k, 5 * k), rank, font=font, fill=colour, stroke_width=k, stroke_fill=colour)
        left = 9 * k + font.getlength(rank) / 2 + k / 2
        _pip(draw, card.suit, left, 58 * k, 18 * k, colour)
        _pip(draw, card.suit, w * 0.58, h * 0.7, 50 * k, colour)
    else:
        label, background, ink = SPECIAL_LOOKS[face]
        draw.rounded_rectangle(
            box, radius=CARD_RADIUS * k, fill=background, outline=(255, 255, 255), width=2 * k
        )
        draw.rounded_rectangle(
            (4 * k, 4 * k, w - 1 - 4 * k, h - 1 - 4 * k), radius=(CARD_RADIUS - 3) * k, outline=ink, width=k
        )
        lines = label.split(" ", 1) if len(label) > 10 else [label]
        y = 10 * k
        for line in lines:
            font = _fit_size(line, 17 * k, w - 16 * k)
            draw.text(
                (w / 2, y), line, font=font, fill=ink, anchor="mt", stroke_width=k // 2, stroke_fill=ink
            )
            y += 18 * k
        _icon(draw, face, w / 2, h * 0.62 + (4 * k if len(lines) > 1 else 0), 64 * k)
    return _shrink(image, (CARD_W, CARD_H))


@functools.cache
def _trump_star() -> Image.Image:
    """The trump mark (the text's ★) for a card's top right corner."""
    k, size = SUPERSAMPLE, 28
    image = Image.new("RGBA", (size * k, size * k), (0, 0, 0, 0))
    centre = size * k / 2
    ImageDraw.Draw(image).polygon(_star(centre, centre, 12 * k), fill=GOLD, outline=GOLD_DARK, width=k)
    return _shrink(image, (size, size))


@functools.cache
def _tile(face: int, trump_mark: bool, dim: bool) -> Image.Image:
    """A card as pasted into pictures, kept once drawn (marked: a trump card; dimmed: not playable now)."""
    if dim:
        return Image.blend(_tile(face, trump_mark, False), Image.new("RGB", (CARD_W, CARD_H), FELT_DARK), 0.5)
    if trump_mark:
        tile = _tile(face, False, False).copy()
        _paste(tile, _trump_star(), CARD_W - 29, 2)
        return tile
    return _draw_face(face)


@functools.cache
def _rounded_sprite(
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
    return _shrink(image, size)


@functools.cache
def _ring(colour: Colour) -> Image.Image:
    """A highlight around a card (4 pixels wide), to be pasted 5 pixels up and left of it."""
    return _rounded_sprite((CARD_W + 10, CARD_H + 10), CARD_RADIUS + 5, None, colour, 4)


@functools.cache
def _empty_slot(turn: bool) -> Image.Image:
    """A place for a card not played yet; outlined in the highlight colour for the player to act."""
    sprite = _rounded_sprite(
        (CARD_W, CARD_H), CARD_RADIUS, FELT_DARK, HIGHLIGHT if turn else FELT_LINE, 3 if turn else 2
    )
    tile = Image.new("RGB", sprite.size, FELT)
    tile.paste(sprite, (0, 0), sprite)
    return tile


@functools.cache
def _pip_sprite(suit: Suit, size: int, colour: Colour) -> Image.Image:
    k = SUPERSAMPLE
    image = Image.new("RGBA", (size * k, size * k), (0, 0, 0, 0))
    _pip(ImageDraw.Draw(image), suit, size * k / 2, size * k / 2, size * k * 0.92, colour)
    return _shrink(image, (size, size))


@functools.cache
def _badge(text: str) -> Image.Image:
    font = _font(15)
    width = round(font.getlength(text)) + 14
    sprite = _rounded_sprite((width, 22), 11, (17, 24, 39), (255, 255, 255), 1)
    ImageDraw.Draw(sprite).text((width / 2, 11), text, font=font, fill=(255, 255, 255), anchor="mm")
    return sprite


def _paste(canvas: Image.Image, sprite: Image.Image, x: float, y: float) -> None:
    position = (round(x), round(y))
    if sprite.mode == "RGBA":
        canvas.paste(sprite, position, sprite)
    else:
        canvas.paste(sprite, position)


@functools.cache
def _trump_label(suit: Suit) -> Image.Image:
    """The trump suit under the turned-up card: its symbol and name on a white label."""
    colour = SUIT_COLOURS[suit]
    name = _label(SUIT_NAMES[suit], 22, colour)
    sprite = _rounded_sprite((name.width + 40, 32), 16, (255, 255, 255), None, 0).copy()
    _paste(sprite, _pip_sprite(suit, 22, colour), 8, 5)
    _paste(sprite, name, 34, (32 - name.height) / 2)
    return sprite


@functools.cache
def _palette() -> Image.Image:
    """One 256-colour palette for every hand and table picture, taken from a sample of what they show.

    A 24-bit PNG of a hand takes about 11 ms to encode; mapped to this palette (under 1 ms) it takes
    1.5 ms and a quarter of the bytes. The sample holds a card of each suit and every special card,
    plain, dimmed and marked as trump, the highlights, the labels and the text colours on felt, so the
    edges that were smoothed keep their in-between shades.
    """
    faces = [8, 21, 34, 47, WIZARD_FACE, JESTER_FACE, MERLIN_FACE, EXCALIBUR_FACE, MORGAN_FACE, GRAIL_FACE]
    sprites = [_tile(face, mark, dim) for face in faces for mark in (False, True) for dim in (False, True)]
    sprites += [_ring(HIGHLIGHT), _empty_slot(True), _empty_slot(False), _badge("as Wizard"), _back()]
    sprites += [_trump_label(suit) for suit in Suit]
    sprites += [_label("Trick 10 of 20: won by Ann", 22, ink) for ink in (INK_LIGHT, INK_MUTED, HIGHLIGHT)]
    montage = Image.new("RGB", (WIDTH, 6 * (CARD_H + LIFT)), FELT)
    x = y = row_height = 0
    for sprite in sprites:
        if x + sprite.width > WIDTH:
            x, y, row_height = 0, y + row_height, 0
        _paste(montage, sprite, x, y)
        x, row_height = x + sprite.width, max(row_height, sprite.height)
    return montage.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def _png(image: Image.Image, palette: Image.Image | None) -> bytes:
    """PNG bytes; mapped to a palette first if one is given (no dithering: flat colours stay flat)."""
    if palette is not None:
        image = image.quantize(palette=palette, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=1)  # the fastest zlib level; flat colours compress anyway
    return buffer.getvalue()


# -- the hand ------------------------------------------------------------------------------------------


def _rows(count: int) -> list[int]:
    """Cards per row: as few rows as ``CARDS_PER_ROW`` allows, as even as possible."""
    if count == 0:
        return []
    rows = -(-count // CARDS_PER_ROW)
    base, extra = divmod(count, rows)
    return [base + (1 if row < extra else 0) for row in range(rows)]


@functools.cache
def _back() -> Image.Image:
    """The back of a card, for cards their holder may not see (burgundy: no face looks like it)."""
    k = SUPERSAMPLE
    w, h = CARD_W * k, CARD_H * k
    image = Image.new("RGB", (w, h), FELT)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=CARD_RADIUS * k, fill=BACK, outline=PAPER, width=2 * k
    )
    inner = (7 * k, 7 * k, w - 1 - 7 * k, h - 1 - 7 * k)
    draw.rounded_rectangle(inner, radius=(CARD_RADIUS - 4) * k, outline=GOLD, width=k)
    for step in range(-h, w, 14 * k):  # a lattice, clipped to the inner frame below
        draw.line([(step, 0), (step + h, h)], fill=BACK_LINE, width=k)
        draw.line([(step + h, 0), (step, h)], fill=BACK_LINE, width=k)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle(inner, radius=(CARD_RADIUS - 4) * k, fill=255)
    plain = Image.new("RGB", (w, h), FELT)
    ImageDraw.Draw(plain).rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=CARD_RADIUS * k, fill=BACK, outline=PAPER, width=2 * k
    )
    plain.paste(image, (0, 0), mask)
    draw = ImageDraw.Draw(plain)
    draw.rounded_rectangle(inner, radius=(CARD_RADIUS - 4) * k, outline=GOLD, width=k)
    draw.text(
        (w / 2, h / 2), "?", font=_font(56 * k), fill=GOLD, anchor="mm", stroke_width=k, stroke_fill=GOLD_DARK
    )
    return _shrink(plain, (CARD_W, CARD_H))


NAME_ROW = 30  # the names under the cards of the Forehead card round


def _draw_forehead(scene: HandScene) -> Image.Image:
    """The Forehead card round: your own card face down, then every other player's card and name."""
    cards: list[tuple[str, int | None]] = [("You", None), *scene.others]
    slot_w = min(CARD_W + 24, (WIDTH - 2 * PAD) / len(cards))
    height = 2 * PAD + CARD_H + NAME_ROW
    canvas = Image.new("RGB", (WIDTH, height), FELT)
    x0 = (WIDTH - slot_w * len(cards)) / 2
    for index, (name, face) in enumerate(cards):
        cx = x0 + slot_w * index + slot_w / 2
        if face is None:
            if scene.hidden:
                _paste(canvas, _back(), cx - CARD_W / 2, PAD)
            else:
                _paste(canvas, _empty_slot(False), cx - CARD_W / 2, PAD)
        else:
            mark = scene.trump is not None and Card(face).suit is scene.trump
            _paste(canvas, _tile(face, mark, False), cx - CARD_W / 2, PAD)
        colour = HIGHLIGHT if face is None else INK_LIGHT
        _text(canvas, cx, PAD + CARD_H + 6, _label(name, 20, colour, slot_w - 4), "mt")
    return canvas


def draw_hand(scene: HandScene) -> bytes:
    """The hand picture as PNG bytes (not cached: see ``hand_png``)."""
    with _DRAWING:
        if scene.others:
            return _png(_draw_forehead(scene), _palette())
        if scene.hidden and not scene.faces:
            return _png(_draw_backs(scene.hidden), _palette())
        rows = _rows(len(scene.faces)) or [0]
        row_height = LIFT + CARD_H
        height = 2 * PAD + len(rows) * row_height + (len(rows) - 1) * CARD_GAP
        canvas = Image.new("RGB", (WIDTH, height), FELT)
        if not scene.faces:
            _text(canvas, WIDTH / 2, height / 2, _label("No cards", 24, INK_MUTED), "mm")
        faces = iter(scene.faces)
        ring = _ring(HIGHLIGHT)
        for row, count in enumerate(rows):
            span = count * CARD_W + (count - 1) * CARD_GAP
            x = (WIDTH - span) / 2
            y = PAD + LIFT + row * (row_height + CARD_GAP)
            for _ in range(count):
                face = next(faces)
                card = Card(face)
                mark = scene.trump is not None and card.suit is scene.trump
                if scene.playable is None:
                    _paste(canvas, _tile(face, mark, False), x, y)
                elif face in scene.playable:
                    _paste(canvas, ring, x - 5, y - LIFT - 5)
                    _paste(canvas, _tile(face, mark, False), x, y - LIFT)
                else:
                    _paste(canvas, _tile(face, mark, True), x, y)
                x += CARD_W + CARD_GAP
        return _png(canvas, _palette())


def _draw_backs(count: int) -> Image.Image:
    """A hand its holder may not look at yet: as many card backs as cards, in the rows of a hand."""
    rows = _rows(count)
    row_height = LIFT + CARD_H
    height = 2 * PAD + len(rows) * row_height + (len(rows) - 1) * CARD_GAP
    canvas = Image.new("RGB", (WIDTH, height), FELT)
    back = _back()
    for row, in_row in enumerate(rows):
        span = in_row * CARD_W + (in_row - 1) * CARD_GAP
        x = (WIDTH - span) / 2
        y = PAD + LIFT + row * (row_height + CARD_GAP)
        for _ in range(in_row):
            _paste(canvas, back, x, y)
            x += CARD_W + CARD_GAP
    return canvas


# -- the table -----------------------------------------------------------------------------------------

PANEL_W = 150
TABLE_H = 252


def _trump_panel(canvas: Image.Image, scene: TableScene) -> None:
    """The turned-up card (or an empty place) and, under it, the trump suit or "No trump"."""
    centre = PANEL_W / 2 + 4
    _text(canvas, centre, PAD, _label("TRUMP", 18, INK_MUTED), "mt")
    top = PAD + 30
    if scene.turned_up is None:
        _paste(canvas, _empty_slot(False), centre - CARD_W / 2, top)
        _text(canvas, centre, top + CARD_H / 2, _label("none", 18, INK_MUTED), "mm")
    else:
        _paste(canvas, _tile(scene.turned_up, False, False), centre - CARD_W / 2, top)
    y = top + CARD_H + 12
    if scene.trump is None:
        _text(canvas, centre, y, _label(scene.trump_caption, 22, INK_LIGHT), "mt")
    else:
        label = _trump_label(scene.trump)
        _paste(canvas, label, centre - label.width / 2, y - 4)


def draw_table(scene: TableScene) -> bytes:
    """The table picture as PNG bytes (not cached: see ``table_png``)."""
    with _DRAWING:
        canvas = Image.new("RGB", (WIDTH, TABLE_H), FELT)
        _trump_panel(canvas, scene)
        ImageDraw.Draw(canvas).line(
            [(PANEL_W + 14, PAD), (PANEL_W + 14, TABLE_H - PAD)], fill=FELT_LINE, width=2
        )
        left = PANEL_W + 28
        area = WIDTH - left - PAD
        _text(canvas, left + area / 2, PAD, _label_once(scene.heading, 22, INK_LIGHT, area), "mt")
        count = max(1, len(scene.slots))
        slot_w = min(CARD_W + 24, area / count)
        x0 = left + (area - slot_w * count) / 2
        top = PAD + 40
        for index, slot in enumerate(scene.slots):
            cx = x0 + slot_w * index + slot_w / 2
            x = cx - CARD_W / 2
            if slot.face is None:
                _paste(canvas, _empty_slot(slot.turn), x, top)
            else:
                if slot.winner or slot.turn:
                    _paste(canvas, _ring(HIGHLIGHT), x - 5, top - 5)
                mark = scene.trump is not None and Card(slot.face).suit is scene.trump
                _paste(canvas, _tile(slot.face, mark, False), x, top)
                if slot.merlin is not None or slot.flipped:
                    role = "Jester" if slot.face == WIZARD_FACE else "Wizard"  # Smyrna Style's flip
                    badge = _badge(f"as {slot.merlin.capitalize() if slot.merlin else role}")
                    _paste(canvas, badge, cx - badge.width / 2, top + CARD_H - 30)
            colour = HIGHLIGHT if slot.winner or slot.turn else INK_LIGHT
            _text(canvas, cx, top + CARD_H + 7, _label(slot.name, 20, colour, slot_w - 4), "mt")
            _text(canvas, cx, top + CARD_H + 32, _label(slot.detail, 18, INK_MUTED, slot_w - 4), "mt")
        return _png(canvas, _palette())


# -- the chart -----------------------------------------------------------------------------------------

CHART_H = 520
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
LEGEND_W = 250


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
    with _DRAWING:
        players, rounds = len(scene.names), len(scene.totals)
        series = [[0, *(row[p] for row in scene.totals)] for p in range(players)]
        values = [value for line in series for value in line]
        step = _nice_step(max(values) - min(values) or 10, 6)
        low = math.floor(min(0, *values) / step) * step
        high = max(math.ceil(max(0, *values) / step) * step, low + step)
        left, right = 74, WIDTH - LEGEND_W - 16
        top, bottom = 64, CHART_H - 56

        def px(index: float) -> float:
            return left + (right - left) * index / max(1, rounds)

        def py(value: float) -> float:
            return bottom - (bottom - top) * (value - low) / (high - low)

        canvas = Image.new("RGB", (WIDTH, CHART_H), CHART_BG)
        draw = ImageDraw.Draw(canvas)
        _text(canvas, PAD + 4, PAD, _label_once("Running totals by round", 28, CHART_INK))
        if low < 0:
            draw.rectangle((left, py(0), right, bottom), fill=NEGATIVE)
        for value in range(low, high + 1, step):
            y = py(value)
            draw.line(
                [(left, y), (right, y)],
                fill=CHART_MUTED if value == 0 else GRID,
                width=2 if value == 0 else 1,
            )
            _text(canvas, left - 10, y, _label(str(value), 18, CHART_MUTED), "rm")
        every = 1 if rounds <= 10 else 2 if rounds <= 20 else 5
        for number in sorted({*range(0, rounds + 1, every), rounds}):
            _text(canvas, px(number), bottom + 8, _label(str(number), 18, CHART_MUTED), "mt")
        _text(canvas, left - 10, bottom + 8, _label("round", 18, CHART_MUTED), "rt")

        # The lines are drawn twice as large on a transparent layer over the plot, then halved: smooth
        # edges at a fraction of the cost of smoothing the whole picture.
        k, margin = 2, 8
        box = (left - margin, top - margin, right + margin, bottom + margin)
        layer = Image.new("RGBA", ((box[2] - box[0]) * k, (box[3] - box[1]) * k), (255, 255, 255, 0))
        layer_draw = ImageDraw.Draw(layer)
        radius = (4 if rounds <= 20 else 3) * k
        # Winners last, so they are drawn on top.
        for p in sorted(range(players), key=lambda p: (-scene.places[p], -p)):
            ink = (*LINE_COLOURS[p % len(LINE_COLOURS)], 255)
            points = [((px(i) - box[0]) * k, (py(v) - box[1]) * k) for i, v in enumerate(series[p])]
            layer_draw.line(points, fill=ink, width=3 * k, joint="curve")
            for x, y in points[1:]:
                layer_draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=ink)
        layer = layer.reduce(k)
        canvas.paste(layer, box[:2], layer)

        # The legend: final places (ties share one, R-2), names and totals.
        lx = right + 28
        _text(canvas, lx, top - 6, _label("Final scores", 20, CHART_MUTED))
        y = top + 30
        for p in sorted(range(players), key=lambda p: (scene.places[p], p)):
            first = scene.places[p] == 1
            colour = LINE_COLOURS[p % len(LINE_COLOURS)]
            draw.rounded_rectangle((lx, y - 5, lx + 22, y + 5), radius=5, fill=colour)
            _text(canvas, lx + 30, y, _label(f"{scene.places[p]}.", 20, CHART_MUTED), "lm")
            total = _label_once(str(series[p][-1]), 21, CHART_INK, bold=first)
            _text(canvas, WIDTH - PAD, y, total, "rm")
            room = WIDTH - PAD - total.width - 8 - (lx + 58)
            _text(canvas, lx + 58, y, _label_once(scene.names[p], 20, CHART_INK, room, bold=first), "lm")
            y += 38
        return _png(canvas, None)


# -- caching and files ---------------------------------------------------------------------------------

S = TypeVar("S")


class _LRU(Generic[S]):
    """PNG bytes by scene, the least recently used dropped first (thread-safe)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[S, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: S) -> bytes | None:
        with self._lock:
            data = self._items.get(key)
            if data is not None:
                self._items.move_to_end(key)
            return data

    def put(self, key: S, data: bytes) -> None:
        with self._lock:
            self._items[key] = data
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


# Small on purpose: what repeats, repeats soon (a hand dealt again to the player who just saw it, a second
# look with Show my hand, a hand unchanged by its owner's bid); a table rarely looks the same twice.
# About 1.5 MB at most.
_HANDS: _LRU[HandScene] = _LRU(64)
_TABLES: _LRU[TableScene] = _LRU(16)
_CHARTS: _LRU[ChartScene] = _LRU(4)


def cache_clear() -> None:
    """Forget every cached picture (the drawn card tiles are kept)."""
    for cache in (_HANDS, _TABLES, _CHARTS):
        cache.clear()


def _cached(cache: _LRU[S], scene: S, draw: Callable[[S], bytes]) -> bytes:
    data = cache.get(scene)
    if data is None:
        data = draw(scene)
        cache.put(scene, data)
    return data


async def _cached_async(cache: _LRU[S], scene: S, draw: Callable[[S], bytes]) -> bytes:
    data = cache.get(scene)
    if data is None:
        data = await asyncio.to_thread(draw, scene)
        cache.put(scene, data)
    return data


def hand_png(view: PlayerView) -> bytes:
    """The hand picture of a player's view, as PNG bytes (cached by content)."""
    return _cached(_HANDS, hand_scene(view), draw_hand)


def table_png(view: PublicView) -> bytes:
    """The table picture of a public view, as PNG bytes (cached by content)."""
    return _cached(_TABLES, table_scene(view), draw_table)


def chart_png(result: GameResult, players: Sequence[str]) -> bytes:
    """The final chart of a game, as PNG bytes (cached by content)."""
    return _cached(_CHARTS, chart_scene(result, players), draw_chart)


def _file(data: bytes, filename: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=filename)


async def hand_file(view: PlayerView) -> discord.File:
    """The hand picture as a file to send, drawn off the event loop unless cached."""
    return _file(await _cached_async(_HANDS, hand_scene(view), draw_hand), HAND_FILENAME)


async def table_file(view: PublicView) -> discord.File:
    """The table picture as a file to send, drawn off the event loop unless cached."""
    return _file(await _cached_async(_TABLES, table_scene(view), draw_table), TABLE_FILENAME)


async def chart_file(result: GameResult, players: Sequence[str]) -> discord.File:
    """The final chart as a file to send, drawn off the event loop unless cached."""
    return _file(await _cached_async(_CHARTS, chart_scene(result, players), draw_chart), CHART_FILENAME)
