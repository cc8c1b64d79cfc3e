"""Pictures by content: each is drawn once from its scene and kept in a small LRU cache of PNG bytes, and
handed out as bytes or as a ``discord.File`` drawn in a worker thread, so the event loop never waits.
Each file carries its alt text (``describe``), saying in words what the picture shows."""

from __future__ import annotations

import asyncio
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
    "hand_file",
    "hand_png",
    "table_file",
    "table_png",
]

HAND_FILENAME = "hand.png"
TABLE_FILENAME = "table.png"
CHART_FILENAME = "chart.png"

S = TypeVar("S")


class LRU(Generic[S]):
    """PNG bytes by scene, the least recently used dropped first (thread-safe)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[S, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: S) -> bytes | None:
        """The bytes kept for ``key``, now the most recently used; None if not kept."""
        with self._lock:
            data = self._items.get(key)
            if data is not None:
                self._items.move_to_end(key)
            return data

    def put(self, key: S, data: bytes) -> None:
        """Keep ``data`` for ``key``, dropping the least recently used beyond ``size``."""
        with self._lock:
            self._items[key] = data
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        """Forget everything."""
        with self._lock:
            self._items.clear()


# Small on purpose: what repeats, repeats soon (a hand dealt again to the player who just saw it, a second
# look with Show my hand, a hand unchanged by its owner's bid); a table rarely looks the same twice.
# About 1.5 MB at most.
HANDS: LRU[HandScene] = LRU(64)
TABLES: LRU[TableScene] = LRU(16)
CHARTS: LRU[ChartScene] = LRU(4)


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
    """The scene's picture from the cache, drawn in a worker thread and kept if missing."""
    data = cache.get(scene)
    if data is None:
        data = await asyncio.to_thread(draw, scene)
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
    """The hand picture as a file to send, drawn off the event loop unless cached, with its alt text."""
    scene = hand_scene(view, t=t)
    return _file(await cached_async(HANDS, scene, draw_hand), HAND_FILENAME, hand_description(scene))


async def table_file(view: PublicView, *, t: Texts = ENGLISH) -> discord.File:
    """The table picture as a file to send, drawn off the event loop unless cached, with its alt text."""
    scene = table_scene(view, t=t)
    return _file(await cached_async(TABLES, scene, draw_table), TABLE_FILENAME, table_description(scene))


async def chart_file(result: GameResult, players: Sequence[str], *, t: Texts = ENGLISH) -> discord.File:
    """The final chart as a file to send, drawn off the event loop unless cached, with its alt text."""
    scene = chart_scene(result, players, t=t)
    return _file(await cached_async(CHARTS, scene, draw_chart), CHART_FILENAME, chart_description(scene))
