"""The finished pieces hands and tables are pasted from: cards (plain, starred, dimmed, ringed, with a
badge), empty places, the backs, the trump panel and every line of text, each laid on felt and mapped to
the shared palette (``png.card_palette``) once, then kept.

A picture is then a palette canvas and a handful of pastes, each a copy of bytes: no blending of
transparent sprites and no mapping of the whole picture to the palette at the end, which took most of
the time of a picture before (issue 27). Mapping a piece on felt gives each pixel the palette colour the
whole picture mapped at the end gave it, so the pictures look as they did. Where pieces would have
overlapped through their transparent edges (the rings of two raised cards side by side), a ringed card
is pasted through a mask of what it covers.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from PIL import Image

from cogs.table.pictures.cards import back, badge, empty_slot, ring, suit_label, tile
from cogs.table.pictures.png import card_palette, colour_index, to_palette
from cogs.table.pictures.sprites import Align, paste, put_text, text_mask_kept, text_sprite
from cogs.table.pictures.style import (
    CARD_H,
    CARD_W,
    FELT,
    HIGHLIGHT,
    INK_LIGHT,
    INK_MUTED,
    PAD,
    TEXT,
    TEXT_NAME,
    WIDTH,
    Colour,
)
from cogs.utils.i18n import LANGUAGES, Lang, texts
from wizard_core import Suit
from wizard_core.cards import Card, deck

__all__ = [
    "PANEL_W",
    "RING",
    "SLOTS_TOP",
    "Piece",
    "canvas",
    "card",
    "card_back",
    "flat",
    "forget",
    "marked_card",
    "place",
    "ring_seam",
    "text",
    "trump_panel",
    "warming",
]

PANEL_W = 164  # the trump panel of the table picture, left of its line
SLOTS_TOP = PAD + 46  # the top of the cards in the table picture
RING = 5  # how far a ring reaches out from its card
BADGE_FROM_BOTTOM = 36  # a badge's top, above the card's bottom edge
# Pieces of text kept: every name, bid and heading of a busy hour. A text piece is a few KB.
TEXT_PIECES = 4096


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece pasted through a mask: its picture, the mask of what it covers, and where its corner lies
    from the card's own top left corner."""

    image: Image.Image
    mask: Image.Image
    dx: int
    dy: int

    def paste_at(self, canvas: Image.Image, x: float, y: float) -> None:
        """Paste the piece for a card whose top left corner is at (x, y)."""
        canvas.paste(self.image, (round(x) + self.dx, round(y) + self.dy), self.mask)


def flat(image: Image.Image, background: Colour = FELT) -> Image.Image:
    """A sprite laid on ``background`` (through its transparency, if any), in the shared palette."""
    if image.mode == "RGBA":
        laid = Image.new("RGB", image.size, background)
        laid.paste(image, (0, 0), image)
        image = laid
    return to_palette(image)


def canvas(width: int, height: int) -> Image.Image:
    """An empty picture: felt, in the shared palette."""
    image = Image.new("P", (width, height), colour_index(FELT))
    image.putpalette(card_palette().getpalette() or [])
    return image


def card(face: int, trump: bool, dim: bool, lang: Lang) -> Image.Image:
    """A card as pasted (``cards.tile``): starred as trump, dimmed when not playable now."""
    return _card(face, trump, dim, lang if Card(face).suit is None else "en")  # only specials have words


@functools.cache
def _card(face: int, trump: bool, dim: bool, lang: Lang) -> Image.Image:
    return flat(tile(face, trump, dim, lang))


def warming() -> Iterator[Callable[[], object]]:
    """The pieces a picture worker draws while it waits for its first pictures, one call each: every
    card of both editions (plain, starred, dimmed, raised and ringed) in every language, the places and
    the back, so that no picture waits for a card to be drawn."""
    yield card_back
    yield from (functools.partial(place, turn) for turn in (False, True))
    for face in sorted({card.face for edition in ("classic", "camelot") for card in deck(edition)}):
        special = Card(face).suit is None
        for lang in LANGUAGES if special else ("en",):
            for trump in (False,) if special else (False, True):
                for dim in (False, True):
                    yield functools.partial(card, face, trump, dim, lang)
                yield functools.partial(marked_card, face, trump, lang, 0, 0, ringed=True)


@functools.cache
def card_back() -> Image.Image:
    """The back of a card."""
    return flat(back())


@functools.cache
def place(turn: bool) -> Image.Image:
    """An empty place for a card, outlined in the highlight colour for the player to act."""
    return flat(empty_slot(turn))


def marked_card(
    face: int, trump: bool, lang: Lang, x: float, y: float, *, ringed: bool, label: str | None = None
) -> Piece:
    """A card whose top left corner is at (x, y), ringed (raised and playable, the player to act, the
    trick's winner) and with a ``label`` on a badge (a declared Merlin, Smyrna Style's flip), as one
    piece. The ring and the badge fall on the pixels they fell on when each was pasted by itself."""
    ring_at = (round(x - RING) - round(x), round(y - RING) - round(y)) if ringed else None
    badge_at = None
    if label is not None:
        width = badge(label).width
        badge_at = (
            round(x + CARD_W / 2 - width / 2) - round(x),
            round(y + CARD_H - BADGE_FROM_BOTTOM) - round(y),
        )
    words = lang if Card(face).suit is None else "en"  # only specials have words on them
    return _marked_card(face, trump, words, ring_at, label, badge_at)


@functools.lru_cache(maxsize=1024)
def _marked_card(
    face: int,
    trump: bool,
    lang: Lang,
    ring_at: tuple[int, int] | None,
    label: str | None,
    badge_at: tuple[int, int] | None,
) -> Piece:
    """``marked_card``, its ring and badge at the given offsets from the card's corner."""
    parts: list[tuple[Image.Image, tuple[int, int]]] = []
    if ring_at is not None:
        parts.append((ring(HIGHLIGHT), ring_at))
    parts.append((tile(face, trump, False, lang), (0, 0)))
    if label is not None and badge_at is not None:
        parts.append((badge(label), badge_at))
    left = min(dx for _, (dx, _) in parts)
    top = min(dy for _, (_, dy) in parts)
    right = max(dx + image.width for image, (dx, _) in parts)
    bottom = max(dy + image.height for image, (_, dy) in parts)
    laid = Image.new("RGB", (right - left, bottom - top), FELT)
    cover = Image.new("L", laid.size, 0)
    for image, (dx, dy) in parts:
        paste(laid, image, dx - left, dy - top)
        if image.mode == "RGBA":
            cover.paste(255, (dx - left, dy - top), image.getchannel("A"))
        else:
            cover.paste(255, (dx - left, dy - top, dx - left + image.width, dy - top + image.height))
    mask = cover.point(lambda alpha: 255 if alpha else 0).convert("1")
    return Piece(to_palette(laid), mask, left, top)


@functools.cache
def ring_seam(gap: int) -> tuple[Image.Image, int]:
    """Where the rings of two ringed cards ``gap`` pixels apart overlap, as a pasted ring over another
    leaves it, and its left edge from the first card's corner: pasted after both cards, it replaces
    the edge their masks gave it (the second ring's smoothed edge over felt, not over the first ring)."""
    highlight = ring(HIGHLIGHT)
    step = CARD_W + gap
    laid = Image.new("RGB", (step + highlight.width, highlight.height), FELT)
    paste(laid, highlight, 0, 0)
    paste(laid, highlight, step, 0)
    left, right = step, highlight.width  # the second ring's left edge to the first ring's right edge
    return to_palette(laid.crop((left, 0, right, highlight.height))), left - RING


@functools.lru_cache(maxsize=TEXT_PIECES)
def text(
    words: str,
    size: int,
    colour: Colour,
    width: float = WIDTH,
    lines: int = 1,
    align: Align = "m",
) -> Image.Image:
    """A text on felt, in the shared palette: set once, however often it is shown (its mask,
    ``sprites.text_mask``, once for every colour it is shown in)."""
    mask = text_mask_kept(words, size, width, lines=lines, align=align)
    laid = Image.new("RGB", mask.size, FELT)
    laid.paste(colour, (0, 0, *mask.size), mask)
    return to_palette(laid)


@functools.lru_cache(maxsize=256)
def trump_panel(turned_up: int | None, trump: Suit | None, caption: str, lang: Lang) -> Image.Image:
    """The left of the table picture: the heading, the turned-up card (or an empty place), and under it
    the trump suit or the caption ("No trump", "Dealer picks")."""
    t = texts(lang)
    centre = PANEL_W / 2 + 4
    y = SLOTS_TOP + CARD_H + 10
    label = None if trump is None else suit_label(trump, lang)
    words = text_sprite(caption, TEXT_NAME, INK_LIGHT, PANEL_W, lines=2) if label is None else None
    bottom = y + (label.height if label is not None else words.height if words is not None else 0)
    laid = Image.new("RGB", (PANEL_W + 12, bottom), FELT)
    put_text(laid, centre, PAD - 4, text_sprite(t("pic-trump-heading"), TEXT, INK_MUTED), "mt")
    if turned_up is None:
        paste(laid, empty_slot(False), centre - CARD_W / 2, SLOTS_TOP)
        nothing = text_sprite(t("pic-no-turned-up"), TEXT, INK_MUTED)
        put_text(laid, centre, SLOTS_TOP + CARD_H / 2, nothing, "mm")
    else:
        paste(laid, tile(turned_up, False, False, lang), centre - CARD_W / 2, SLOTS_TOP)
    if label is not None:
        paste(laid, label, centre - label.width / 2, y)
    elif words is not None:
        put_text(laid, centre, y, words, "mt")
    return to_palette(laid)


def forget() -> None:
    """Forget every piece drawn (tests that watch what is drawn)."""
    for cached in (_card, card_back, place, _marked_card, ring_seam, text, trump_panel, text_mask_kept):
        cached.cache_clear()
