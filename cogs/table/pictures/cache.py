"""Pictures by content: each is drawn once from its scene and kept in a bounded LRU cache of PNG bytes,
and handed out as bytes or as a ``discord.File``. Each file carries its alt text (``describe``), saying in
words what the picture shows.

The files are drawn by the bot's picture workers (``draw_in``): worker processes (the setting
``WIZARD_PICTURE_PROCESSES``), so that drawing and encoding use another core and never hold the event
loop's interpreter lock; the loop only builds the scene, looks it up in the cache and attaches the bytes
it gets back. Without workers (0 processes, tests, tools) this process draws: a hand or a table in the
event loop once the card pieces are drawn, anything else in a thread, one picture at a time
(``workers.Painters``). The bytes are the same either way.
"""

from __future__ import annotations

import io
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

import discord

from cogs.table.pictures.chart import draw_chart
from cogs.table.pictures.describe import chart_description, hand_description, table_description
from cogs.table.pictures.hand import draw_hand
from cogs.table.pictures.scenes import ChartScene, HandScene, TableScene, chart_scene, hand_scene, table_scene
from cogs.table.pictures.table import draw_table
from cogs.table.pictures.workers import Painters
from cogs.utils.i18n import ENGLISH, Texts
from wizard_core import GameResult, PlayerView, PublicView

__all__ = [
    "CHART_FILENAME",
    "HAND_FILENAME",
    "LRU",
    "TABLE_FILENAME",
    "cache_clear",
    "chart_file",
    "chart_png",
    "draw_in",
    "hand_file",
    "hand_png",
    "ready",
    "table_file",
    "table_png",
    "table_scene_file",
]

HAND_FILENAME = "hand.png"
TABLE_FILENAME = "table.png"
CHART_FILENAME = "chart.png"

S = TypeVar("S")


class LRU(Generic[S]):
    """PNG bytes by scene, up to ``size`` bytes in all, the least recently used dropped first
    (thread-safe)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.used = 0
        self._items: OrderedDict[S, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: S) -> bytes | None:
        """The bytes kept for ``key``, now the most recently used; None if not kept."""
        with self._lock:
            data = self._items.get(key)
            if data is not None:
                self._items.move_to_end(key)
            return data

    def put(self, key: S, data: bytes) -> None:
        """Keep ``data`` for ``key``, dropping the least recently used beyond ``size`` bytes."""
        with self._lock:
            old = self._items.pop(key, None)
            self.used -= 0 if old is None else len(old)
            self._items[key] = data
            self.used += len(data)
            while self.used > self.size and len(self._items) > 1:
                _, dropped = self._items.popitem(last=False)
                self.used -= len(dropped)

    def clear(self) -> None:
        """Forget everything."""
        with self._lock:
            self._items.clear()
            self.used = 0


# What repeats, repeats soon: a hand shown again unchanged (the answer to a bid, the hand message when
# the turn comes, a second look with Show my hand), while every player of every table is shown theirs,
# so the hands' cache holds a thousand or more (a hand is 4 to 40 KB); a table rarely looks the same twice.
HANDS: LRU[HandScene] = LRU(8 * 1024 * 1024)
TABLES: LRU[TableScene] = LRU(2 * 1024 * 1024)
CHARTS: LRU[ChartScene] = LRU(1024 * 1024)


# The workers pictures are drawn in: a thread of this process until the bot gives its own (``draw_in``).
_painters = Painters(0)


def draw_in(painters: Painters) -> None:
    """Draw the pictures in ``painters`` from now on (the bot's, from the table cog's setup)."""
    global _painters
    _painters = painters


async def ready() -> bool:
    """Wait until pictures are drawn at their usual speed: the worker processes started, or without them
    this process's card pieces drawn (a benchmark leaves that one-time cost out); whether they are."""
    if _painters.in_processes:
        return await _painters.started()
    return await _painters.warmed()


def cache_clear() -> None:
    """Forget every cached picture (the drawn card tiles are kept)."""
    for cache in (HANDS, TABLES, CHARTS):
        cache.clear()


def cached(cache: LRU[S], scene: S, draw: Callable[[S], bytes]) -> bytes:
    """The scene's picture from the cache, drawn here and kept if missing."""
    data = cache.get(scene)
    if data is None:
        data = draw(scene)
        cache.put(scene, data)
    return data


async def cached_async(cache: LRU[S], scene: S, draw: Callable[[S], bytes]) -> bytes:
    """The scene's picture from the cache, drawn by the picture workers and kept if missing (a hand or a
    table ``quick``: see ``Painters``)."""
    data = cache.get(scene)
    if data is None:
        data = await _painters.draw(draw, scene, quick=cache is not CHARTS)
        cache.put(scene, data)
    return data


def hand_png(view: PlayerView, *, t: Texts = ENGLISH) -> bytes:
    """The hand picture of a player's view, as PNG bytes (cached by content)."""
    return cached(HANDS, hand_scene(view, t=t), draw_hand)


def table_png(view: PublicView, *, t: Texts = ENGLISH) -> bytes:
    """The table picture of a public view, as PNG bytes (cached by content)."""
    return cached(TABLES, table_scene(view, t=t), draw_table)


def chart_png(result: GameResult, players: Sequence[str], *, t: Texts = ENGLISH) -> bytes:
    """The final chart of a game, as PNG bytes (cached by content)."""
    return cached(CHARTS, chart_scene(result, players, t=t), draw_chart)


def _file(data: bytes, filename: str, description: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=filename, description=description)


async def hand_file(view: PlayerView, *, t: Texts = ENGLISH) -> discord.File:
    """The hand picture as a file to send, drawn by the picture workers unless cached, with its alt text."""
    scene = hand_scene(view, t=t)
    return _file(await cached_async(HANDS, scene, draw_hand), HAND_FILENAME, hand_description(scene))


async def table_file(view: PublicView, *, t: Texts = ENGLISH) -> discord.File:
    """The table picture as a file to send, drawn by the picture workers unless cached, with its alt text."""
    return await table_scene_file(table_scene(view, t=t))


async def table_scene_file(scene: TableScene) -> discord.File:
    """``table_file`` of a scene already made (the table message makes it to compare with what it shows)."""
    return _file(await cached_async(TABLES, scene, draw_table), TABLE_FILENAME, table_description(scene))


async def chart_file(result: GameResult, players: Sequence[str], *, t: Texts = ENGLISH) -> discord.File:
    """The final chart as a file to send, drawn by the picture workers unless cached, with its alt text."""
    scene = chart_scene(result, players, t=t)
    return _file(await cached_async(CHARTS, scene, draw_chart), CHART_FILENAME, chart_description(scene))
