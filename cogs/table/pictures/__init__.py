"""Pictures for the game's messages: a player's hand, the trick and trump on the table, the final chart.

Everything is drawn with Pillow: no card art, no system font (the fonts come with the dependencies).
Like ``render``, this package only ever receives the rules core's views. Each picture goes through a
*scene* (``scenes``): a small hashable value holding exactly what the picture shows. Scenes are the keys
of a bounded LRU cache of PNG bytes (``cache``), so the same content is drawn once, and drawing runs in
worker processes (``WIZARD_PICTURE_PROCESSES``) so the event loop never waits for it nor shares its
interpreter lock with it; with 0, in the bot's process (``workers``). Each file sent carries alt text
saying what its picture shows (``describe``). A scene carries the language of its words (``lang``, from
the catalog it is built with: the reader's, English when none is given), so a picture in German is
another scene than the same picture in English, and the words drawn in it (TRUMPF, ZAUBERER) are the
reader's.

Speed comes from drawing each card face once (``cards``) and laying every piece of a picture on felt in
one shared palette once (``pieces``: cards, rings, badges, places, the trump panel, each line of text): a
hand (``hand``) or a trick (``table``) is a handful of byte copies of those pieces and a PNG encode
(``png``); the chart (``chart``) is drawn in full colour. ``style`` holds the sizes and colours,
``sprites`` the text and shapes everything is built from, ``glyphs`` the fonts and which of them draws
each character (every script, emoji as one-colour glyphs, never a box), ``icons`` the special cards'
emblems.
"""

from cogs.table.pictures.cache import (
    CHART_FILENAME,
    HAND_FILENAME,
    TABLE_FILENAME,
    cache_clear,
    chart_file,
    chart_png,
    draw_in,
    hand_file,
    hand_png,
    ready,
    table_file,
    table_png,
    table_scene_file,
)
from cogs.table.pictures.chart import draw_chart
from cogs.table.pictures.describe import chart_description, hand_description, table_description
from cogs.table.pictures.hand import draw_hand
from cogs.table.pictures.scenes import (
    ChartScene,
    HandScene,
    Slot,
    TableScene,
    chart_scene,
    hand_scene,
    table_scene,
)
from cogs.table.pictures.style import WIDTH
from cogs.table.pictures.table import draw_table
from cogs.table.pictures.workers import Painters

__all__ = [
    "CHART_FILENAME",
    "HAND_FILENAME",
    "TABLE_FILENAME",
    "WIDTH",
    "ChartScene",
    "HandScene",
    "Painters",
    "Slot",
    "TableScene",
    "cache_clear",
    "chart_description",
    "chart_file",
    "chart_png",
    "chart_scene",
    "draw_chart",
    "draw_hand",
    "draw_in",
    "draw_table",
    "hand_description",
    "hand_file",
    "hand_png",
    "hand_scene",
    "ready",
    "table_description",
    "table_file",
    "table_png",
    "table_scene",
    "table_scene_file",
]
