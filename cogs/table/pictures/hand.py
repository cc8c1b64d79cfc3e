"""The hand picture: a player's cards in rows, the playable ones raised on their turn; or card backs
while they may not look (Third Time's The Harm); or the others' cards in the Forehead card round."""

from __future__ import annotations

from PIL import Image

from cogs.table.pictures.cards import is_trump
from cogs.table.pictures.pieces import RING, canvas, card, card_back, marked_card, place, ring_seam, text
from cogs.table.pictures.png import png_bytes
from cogs.table.pictures.scenes import HandScene
from cogs.table.pictures.sprites import DRAWING, paste, put_text
from cogs.table.pictures.style import (
    CARD_GAP,
    CARD_H,
    CARD_W,
    CARDS_PER_ROW,
    HIGHLIGHT,
    INK_LIGHT,
    INK_MUTED,
    LIFT,
    PAD,
    TEXT_NAME,
    WIDTH,
    Point,
)
from cogs.utils.i18n import texts

__all__ = ["draw_hand"]

NAME_LINES = 2  # a name under a card of the Forehead card round goes on to a second line if need be


def draw_hand(scene: HandScene) -> bytes:
    """The hand picture as PNG bytes (not cached: see ``hand_png``)."""
    with DRAWING:
        if scene.others:
            picture = _draw_forehead(scene)
        elif scene.hidden and not scene.faces:
            picture = _draw_backs(scene.hidden)
        else:
            picture = _draw_faces(scene)
        return png_bytes(picture)


def _rows(count: int) -> list[int]:
    """Cards per row: as few rows as ``CARDS_PER_ROW`` allows, as even as possible."""
    if count == 0:
        return []
    rows = -(-count // CARDS_PER_ROW)
    base, extra = divmod(count, rows)
    return [base + (1 if row < extra else 0) for row in range(rows)]


def _layout(count: int) -> tuple[int, list[Point]]:
    """The height of a hand of ``count`` cards, and each card's top left corner (when not raised)."""
    rows = _rows(count) or [0]
    row_height = LIFT + CARD_H
    height = 2 * PAD + len(rows) * row_height + (len(rows) - 1) * CARD_GAP
    corners: list[Point] = []
    for row, in_row in enumerate(rows):
        span = in_row * CARD_W + (in_row - 1) * CARD_GAP
        x = (WIDTH - span) / 2
        y = PAD + LIFT + row * (row_height + CARD_GAP)
        for _ in range(in_row):
            corners.append((x, y))
            x += CARD_W + CARD_GAP
    return height, corners


def _draw_faces(scene: HandScene) -> Image.Image:
    """The cards face up; on the player's turn to play, the playable ones raised and ringed, others dimmed."""
    height, corners = _layout(len(scene.faces))
    picture = canvas(WIDTH, height)
    if not scene.faces:
        words = texts(scene.lang)("pic-no-cards")
        put_text(picture, WIDTH / 2, height / 2, text(words, TEXT_NAME, INK_MUTED), "mm")
    raised: Point | None = None  # the corner of the card before, if it was raised
    for face, (x, y) in zip(scene.faces, corners, strict=True):
        mark = is_trump(face, scene.trump)
        if scene.playable is None:
            paste(picture, card(face, mark, False, scene.lang), x, y)
        elif face in scene.playable:
            marked_card(face, mark, scene.lang, x, y - LIFT, ringed=True).paste_at(picture, x, y - LIFT)
            if raised is not None and raised[1] == y:  # its ring meets the one before
                seam, dx = ring_seam(CARD_GAP)
                paste(picture, seam, raised[0] + dx, y - LIFT - RING)
            raised = (x, y)
            continue
        else:
            paste(picture, card(face, mark, True, scene.lang), x, y)
        raised = None
    return picture


def _draw_backs(count: int) -> Image.Image:
    """A hand its holder may not look at yet: as many card backs as cards, in the rows of a hand."""
    height, corners = _layout(count)
    picture = canvas(WIDTH, height)
    for x, y in corners:
        paste(picture, card_back(), x, y)
    return picture


def _draw_forehead(scene: HandScene) -> Image.Image:
    """The Forehead card round: your own card face down, then every other player's card and name."""
    cards: list[tuple[str, int | None]] = [(texts(scene.lang)("pic-you"), None), *scene.others]
    slot_w = min(CARD_W + 60, (WIDTH - 2 * PAD) / len(cards))
    names = [
        text(name, TEXT_NAME, HIGHLIGHT if face is None else INK_LIGHT, slot_w - 6, lines=NAME_LINES)
        for name, face in cards
    ]
    height = 2 * PAD + CARD_H + 6 + max(name.height for name in names)
    picture = canvas(WIDTH, height)
    x0 = (WIDTH - slot_w * len(cards)) / 2
    for index, ((_, face), name) in enumerate(zip(cards, names, strict=True)):
        cx = x0 + slot_w * index + slot_w / 2
        if face is not None:
            paste(picture, card(face, is_trump(face, scene.trump), False, scene.lang), cx - CARD_W / 2, PAD)
        elif scene.hidden:
            paste(picture, card_back(), cx - CARD_W / 2, PAD)
        else:
            paste(picture, place(False), cx - CARD_W / 2, PAD)
        put_text(picture, cx, PAD + CARD_H + 6, name, "mt")
    return picture
