"""The table picture: the turned-up card and the trump suit on the left; on the right, the trick in play
order (or the bidding) with each player's name and bid, the player to act or the trick's winner ringed."""

from __future__ import annotations

from PIL import Image, ImageDraw

from cogs.table.pictures.cards import badge, empty_slot, is_trump, ring, suit_label, tile
from cogs.table.pictures.png import card_palette, png_bytes
from cogs.table.pictures.scenes import Slot, TableScene
from cogs.table.pictures.sprites import DRAWING, paste, put_text, text_sprite, text_sprite_once
from cogs.table.pictures.style import (
    CARD_H,
    CARD_W,
    FELT,
    FELT_LINE,
    HIGHLIGHT,
    INK_LIGHT,
    INK_MUTED,
    PAD,
    TEXT,
    TEXT_HEADING,
    TEXT_NAME,
    WIDTH,
)
from cogs.utils.i18n import texts
from wizard_core.cards import WIZARD_FACE

__all__ = ["draw_table"]

PANEL_W = 164
SLOTS_TOP = PAD + 46
MIN_HEIGHT = SLOTS_TOP + CARD_H + 2 * 36 + PAD  # room for a name and a bid, each on one line
NAME_LINES = DETAIL_LINES = 2  # a name or a bid too wide for its place goes on to a second line
# The badge on a card that counts as another: a declared Merlin, Smyrna Style's flipped card.
BADGE_KEYS = {"wizard": "pic-badge-as-wizard", "jester": "pic-badge-as-jester"}


def draw_table(scene: TableScene) -> bytes:
    """The table picture as PNG bytes (not cached: see ``table_png``)."""
    with DRAWING:
        left = PANEL_W + 28
        area = WIDTH - left - PAD
        count = max(1, len(scene.slots))
        slot_w = min(CARD_W + 60, area / count)
        labels = [_labels(slot, slot_w) for slot in scene.slots]
        height = max(
            [
                MIN_HEIGHT,
                *(SLOTS_TOP + CARD_H + 8 + name.height + detail.height + PAD for name, detail in labels),
            ]
        )
        canvas = Image.new("RGB", (WIDTH, height), FELT)
        _trump_panel(canvas, scene)
        ImageDraw.Draw(canvas).line(
            [(PANEL_W + 14, PAD), (PANEL_W + 14, height - PAD)], fill=FELT_LINE, width=2
        )
        heading = text_sprite_once(scene.heading, TEXT_HEADING, INK_LIGHT, area)
        put_text(canvas, left + area / 2, PAD - 4, heading, "mt")
        x0 = left + (area - slot_w * count) / 2
        for index, (slot, (name, detail)) in enumerate(zip(scene.slots, labels, strict=True)):
            _slot(canvas, slot, scene, x0 + slot_w * index + slot_w / 2)
            put_text(canvas, x0 + slot_w * index + slot_w / 2, SLOTS_TOP + CARD_H + 6, name, "mt")
            put_text(
                canvas, x0 + slot_w * index + slot_w / 2, SLOTS_TOP + CARD_H + 6 + name.height, detail, "mt"
            )
        return png_bytes(canvas, card_palette())


def _labels(slot: Slot, slot_w: float) -> tuple[Image.Image, Image.Image]:
    """The player's name (highlighted for the player to act or the trick's winner) and bid, as sprites."""
    colour = HIGHLIGHT if slot.winner or slot.turn else INK_LIGHT
    name = text_sprite(slot.name, TEXT_NAME, colour, slot_w - 6, lines=NAME_LINES)
    detail = text_sprite(slot.detail, TEXT, INK_MUTED, slot_w - 6, lines=DETAIL_LINES)
    return name, detail


def _trump_panel(canvas: Image.Image, scene: TableScene) -> None:
    """The turned-up card (or an empty place) and, under it, the trump suit or "No trump"."""
    centre = PANEL_W / 2 + 4
    t = texts(scene.lang)
    put_text(canvas, centre, PAD - 4, text_sprite(t("pic-trump-heading"), TEXT, INK_MUTED), "mt")
    top = SLOTS_TOP
    if scene.turned_up is None:
        paste(canvas, empty_slot(False), centre - CARD_W / 2, top)
        put_text(canvas, centre, top + CARD_H / 2, text_sprite(t("pic-no-turned-up"), TEXT, INK_MUTED), "mm")
    else:
        paste(canvas, tile(scene.turned_up, False, False, scene.lang), centre - CARD_W / 2, top)
    y = top + CARD_H + 10
    if scene.trump is None:
        put_text(
            canvas, centre, y, text_sprite(scene.trump_caption, TEXT_NAME, INK_LIGHT, PANEL_W, lines=2), "mt"
        )
    else:
        label = suit_label(scene.trump, scene.lang)
        paste(canvas, label, centre - label.width / 2, y)


def _slot(canvas: Image.Image, slot: Slot, scene: TableScene, cx: float) -> None:
    """One player's place, centred on ``cx``: their card or an empty place (the labels go under it)."""
    x, top = cx - CARD_W / 2, SLOTS_TOP
    if slot.face is None:
        paste(canvas, empty_slot(slot.turn), x, top)
        return
    if slot.winner or slot.turn:
        paste(canvas, ring(HIGHLIGHT), x - 5, top - 5)
    paste(canvas, tile(slot.face, is_trump(slot.face, scene.trump), False, scene.lang), x, top)
    if slot.merlin is not None or slot.flipped:
        role = "jester" if slot.face == WIZARD_FACE else "wizard"  # Smyrna Style's flip
        sprite = badge(texts(scene.lang)(BADGE_KEYS[slot.merlin or role]))
        paste(canvas, sprite, cx - sprite.width / 2, top + CARD_H - 36)
