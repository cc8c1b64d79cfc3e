"""The table picture: the turned-up card and the trump suit on the left; on the right, the trick in play
order (or the bidding) with each player's name and bid, the player to act or the trick's winner ringed."""

from __future__ import annotations

from PIL import Image, ImageDraw

from cogs.table.pictures.cards import is_trump
from cogs.table.pictures.pieces import PANEL_W, SLOTS_TOP, canvas, card, marked_card, place, text, trump_panel
from cogs.table.pictures.png import colour_index, png_bytes
from cogs.table.pictures.scenes import Slot, TableScene
from cogs.table.pictures.sprites import DRAWING, paste, put_text
from cogs.table.pictures.style import (
    CARD_H,
    CARD_W,
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
        picture = canvas(WIDTH, height)
        picture.paste(trump_panel(scene.turned_up, scene.trump, scene.trump_caption, scene.lang), (0, 0))
        ImageDraw.Draw(picture).line(
            [(PANEL_W + 14, PAD), (PANEL_W + 14, height - PAD)], fill=colour_index(FELT_LINE), width=2
        )
        heading = text(scene.heading, TEXT_HEADING, INK_LIGHT, area)
        put_text(picture, left + area / 2, PAD - 4, heading, "mt")
        x0 = left + (area - slot_w * count) / 2
        for index, (slot, (name, detail)) in enumerate(zip(scene.slots, labels, strict=True)):
            cx = x0 + slot_w * index + slot_w / 2
            _slot(picture, slot, scene, cx)
            put_text(picture, cx, SLOTS_TOP + CARD_H + 6, name, "mt")
            put_text(picture, cx, SLOTS_TOP + CARD_H + 6 + name.height, detail, "mt")
        return png_bytes(picture)


def _labels(slot: Slot, slot_w: float) -> tuple[Image.Image, Image.Image]:
    """The player's name (highlighted for the player to act or the trick's winner) and bid, as pieces."""
    colour = HIGHLIGHT if slot.winner or slot.turn else INK_LIGHT
    name = text(slot.name, TEXT_NAME, colour, slot_w - 6, lines=NAME_LINES)
    detail = text(slot.detail, TEXT, INK_MUTED, slot_w - 6, lines=DETAIL_LINES)
    return name, detail


def _slot(picture: Image.Image, slot: Slot, scene: TableScene, cx: float) -> None:
    """One player's place, centred on ``cx``: their card or an empty place (the labels go under it)."""
    x, top = cx - CARD_W / 2, SLOTS_TOP
    if slot.face is None:
        paste(picture, place(slot.turn), x, top)
        return
    trump = is_trump(slot.face, scene.trump)
    ringed = slot.winner or slot.turn
    label = None
    if slot.merlin is not None or slot.flipped:
        role = "jester" if slot.face == WIZARD_FACE else "wizard"  # Smyrna Style's flip
        label = texts(scene.lang)(BADGE_KEYS[slot.merlin or role])
    if ringed or label is not None:
        marked_card(slot.face, trump, scene.lang, x, top, ringed=ringed, label=label).paste_at(
            picture, x, top
        )
    else:
        paste(picture, card(slot.face, trump, False, scene.lang), x, top)
