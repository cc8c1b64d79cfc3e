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
    WIDTH,
)
from wizard_core.cards import WIZARD_FACE

__all__ = ["draw_table"]

PANEL_W = 150
TABLE_H = 252
SLOTS_TOP = PAD + 40


def draw_table(scene: TableScene) -> bytes:
    """The table picture as PNG bytes (not cached: see ``table_png``)."""
    with DRAWING:
        canvas = Image.new("RGB", (WIDTH, TABLE_H), FELT)
        _trump_panel(canvas, scene)
        ImageDraw.Draw(canvas).line(
            [(PANEL_W + 14, PAD), (PANEL_W + 14, TABLE_H - PAD)], fill=FELT_LINE, width=2
        )
        left = PANEL_W + 28
        area = WIDTH - left - PAD
        put_text(canvas, left + area / 2, PAD, text_sprite_once(scene.heading, 22, INK_LIGHT, area), "mt")
        count = max(1, len(scene.slots))
        slot_w = min(CARD_W + 24, area / count)
        x0 = left + (area - slot_w * count) / 2
        for index, slot in enumerate(scene.slots):
            _slot(canvas, slot, scene, x0 + slot_w * index + slot_w / 2, slot_w)
        return png_bytes(canvas, card_palette())


def _trump_panel(canvas: Image.Image, scene: TableScene) -> None:
    """The turned-up card (or an empty place) and, under it, the trump suit or "No trump"."""
    centre = PANEL_W / 2 + 4
    put_text(canvas, centre, PAD, text_sprite("TRUMP", 18, INK_MUTED), "mt")
    top = PAD + 30
    if scene.turned_up is None:
        paste(canvas, empty_slot(False), centre - CARD_W / 2, top)
        put_text(canvas, centre, top + CARD_H / 2, text_sprite("none", 18, INK_MUTED), "mm")
    else:
        paste(canvas, tile(scene.turned_up, False, False), centre - CARD_W / 2, top)
    y = top + CARD_H + 12
    if scene.trump is None:
        put_text(canvas, centre, y, text_sprite(scene.trump_caption, 22, INK_LIGHT), "mt")
    else:
        label = suit_label(scene.trump)
        paste(canvas, label, centre - label.width / 2, y - 4)


def _slot(canvas: Image.Image, slot: Slot, scene: TableScene, cx: float, slot_w: float) -> None:
    """One player's place, centred on ``cx``: their card or an empty place, their name and bid under it."""
    x, top = cx - CARD_W / 2, SLOTS_TOP
    if slot.face is None:
        paste(canvas, empty_slot(slot.turn), x, top)
    else:
        if slot.winner or slot.turn:
            paste(canvas, ring(HIGHLIGHT), x - 5, top - 5)
        paste(canvas, tile(slot.face, is_trump(slot.face, scene.trump), False), x, top)
        if slot.merlin is not None or slot.flipped:
            role = "Jester" if slot.face == WIZARD_FACE else "Wizard"  # Smyrna Style's flip
            sprite = badge(f"as {slot.merlin.capitalize() if slot.merlin else role}")
            paste(canvas, sprite, cx - sprite.width / 2, top + CARD_H - 30)
    colour = HIGHLIGHT if slot.winner or slot.turn else INK_LIGHT
    put_text(canvas, cx, top + CARD_H + 7, text_sprite(slot.name, 20, colour, slot_w - 4), "mt")
    put_text(canvas, cx, top + CARD_H + 32, text_sprite(slot.detail, 18, INK_MUTED, slot_w - 4), "mt")
