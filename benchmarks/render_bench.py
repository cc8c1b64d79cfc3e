"""Speed and size of the pictures the bot attaches: hands, the table, the final chart.

Prints, per kind of picture, the time to draw one (best, median and p95 in ms) and its size in KB:
- a hand of 20 cards (the largest, three rows) on the player's turn, playable cards raised, and a hand
  of 8 cards waiting for others;
- the table picture of a 6-player game with a trick under way (drawn after every action), with plain
  names and with names in every script (accents, Greek, Cyrillic, Chinese, Korean, emoji: the text is
  set in several faces, each character in one that has it);
- the final chart of a 3-player game (20 rounds) and of a 6-player game (10 rounds);
- the first picture of a process, which also draws the card faces and the palette once;
- a cached picture, and an 8-card hand asked for as the bot asks: drawn in a thread of this process
  (``Painters(0)``), in the event loop (``Painters(0)``, ``quick``, as the bot draws a hand without
  workers) and in a worker process (``Painters(1)``, the pipe's round trip included).

Every draw is uncached (``draw_*`` on a scene), the card pieces drawn beforehand as a picture worker
draws them while it waits; scenes come from seeded random games, so each sample draws a different hand
or trick. Targets (the pictures issue, on the 2-core development machine): a
20-card hand under 30 ms, a final chart under 100 ms, every picture under 200 KB.

Run: ``.venv/bin/python benchmarks/render_bench.py`` (``--quick`` for fewer samples).
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cogs.table import pictures as images
from cogs.table import render
from cogs.table.pictures import ChartScene, HandScene, Painters, TableScene, pieces
from cogs.table.pictures import cache as picture_cache
from wizard_core import Game, Phase, Rules, Suit, deck

S = TypeVar("S")
# Time a new picture worker is given to draw every card piece before it is measured.
WARMING_SECONDS = 3.0
SIZE_LIMIT_KB = 200
TARGETS_MS = {"hand, 20 cards": 30.0, "chart, 3 players": 100.0, "chart, 6 players": 100.0}


def hand_scenes(count: int, cards: int, on_turn: bool) -> list[HandScene]:
    """Random hands of the Camelot deck, as the bot draws them (sorted, a third of the cards playable)."""
    rng = random.Random(cards)
    scenes = []
    for _ in range(count):
        hand = rng.sample(deck("camelot"), cards)
        trump = rng.choice([None, *Suit])
        faces = tuple(card.face for card in render.sort_hand(hand, trump))
        playable = frozenset(rng.sample(faces, max(1, cards // 3))) if on_turn else None
        scenes.append(HandScene(faces, trump, playable))
    return scenes


def table_scenes(count: int) -> list[TableScene]:
    """Table pictures of 6-player Camelot games, a trick under way (between 1 and 5 cards played)."""
    scenes: list[TableScene] = []
    seed = 0
    while len(scenes) < count:
        seed += 1
        game = Game(6, Rules("camelot"), seed=seed)
        rng = random.Random(seed)
        target = rng.randint(3, 10), rng.randint(1, 5)
        while not game.is_over:
            if game.phase is Phase.PLAY and (game.round_number, len(game.current_trick().plays)) == target:
                scenes.append(images.table_scene(game.public_view()))
                break
            game.apply(rng.choice(game.legal_actions()))
    return scenes


WORLD_NAMES = (
    "🤖 Ada (Easy)",
    "Jürgen Weiß",
    "Ελένη",
    "Дмитрий Иванов",
    "张伟 山田",
    "김민준 🎲",
    "Zoë 👍🏽",
    "Ben (🤖 away)",
)


def world_tables(scenes: Sequence[TableScene]) -> list[TableScene]:
    """The same tables, their players named in every script (and with emoji)."""
    return [
        dataclasses.replace(
            scene,
            slots=tuple(
                dataclasses.replace(slot, name=WORLD_NAMES[(number + seat) % len(WORLD_NAMES)])
                for seat, slot in enumerate(scene.slots)
            ),
        )
        for number, scene in enumerate(scenes)
    ]


def chart_scenes(count: int, players: int) -> list[ChartScene]:
    """Final charts of random games (random play makes wide, mostly negative totals)."""
    scenes = []
    for seed in range(count):
        game = Game(players, Rules("classic"), seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        scenes.append(images.chart_scene(game.result(), [f"Player {seat + 1}" for seat in range(players)]))
    return scenes


def measure(draw: Callable[[S], bytes], scenes: Sequence[S]) -> tuple[list[float], list[int]]:
    """Milliseconds and bytes of each draw, every card piece drawn first (as a picture worker does while
    it waits, ``pieces.warming``), and one warm-up draw."""
    for step in pieces.warming():
        step()
    draw(scenes[0])
    times, sizes = [], []
    for scene in scenes:
        start = time.perf_counter()
        data = draw(scene)
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(data))
    return times, sizes


def p95(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def report(kind: str, times: Sequence[float], sizes: Sequence[int]) -> bool:
    """One line of the table; False when a target is missed."""
    target = TARGETS_MS.get(kind)
    largest = max(sizes) / 1024
    ok = largest < SIZE_LIMIT_KB and (target is None or p95(times) < target)
    verdict = "ok" if ok else "MISSED"
    goal = f"< {target:.0f} ms" if target else ""
    print(
        f"{kind:<22} {min(times):7.2f} {statistics.median(times):7.2f} {p95(times):7.2f}   "
        f"{statistics.median(sizes) / 1024:6.1f} {largest:6.1f}   {goal:<9} {verdict}"
    )
    return ok


def first_picture_ms() -> float:
    """The first hand of a fresh process: card faces and the palette are drawn then, once."""
    code = (
        "import time; from cogs.table import pictures as images; from cogs.table.pictures import HandScene; "
        "t = time.perf_counter(); images.draw_hand(HandScene(tuple(range(0, 52, 3)), None)); "
        "print((time.perf_counter() - t) * 1000)"
    )
    root = Path(__file__).resolve().parent.parent
    output = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    return float(output.stdout)


async def hop_ms(scenes: Sequence[HandScene]) -> tuple[float, float, float, float]:
    """Median ms of a cached picture through ``hand_file``'s path, and of an 8-card hand drawn by the
    bot's painters: in a thread of this process, in the event loop (as a hand is without workers, once
    the card pieces are drawn), and in a worker process."""
    images.cache_clear()
    cached = []
    for scene in scenes:
        picture_cache.HANDS.put(scene, b"")
        start = time.perf_counter()
        await picture_cache.cached_async(picture_cache.HANDS, scene, images.draw_hand)
        cached.append((time.perf_counter() - start) * 1000)
    medians = []
    for processes, quick in ((0, False), (0, True), (1, False)):
        painters = Painters(processes)
        await painters.started()  # the workers start and warm up
        if not processes:
            await painters.warmed()  # without them, this process draws the card pieces
        await asyncio.sleep(WARMING_SECONDS)  # and draw every card piece meanwhile
        drawn = []
        for scene in scenes:
            start = time.perf_counter()
            await painters.draw(images.draw_hand, scene, quick=quick)
            drawn.append((time.perf_counter() - start) * 1000)
        await painters.close()
        medians.append(statistics.median(drawn))
    return statistics.median(cached), medians[0], medians[1], medians[2]


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="fewer samples")
    args = parser.parse_args()
    samples = 30 if args.quick else 200
    charts = 10 if args.quick else 40

    first = first_picture_ms()
    print(f"Pictures, {images.WIDTH} px wide; {samples} draws per kind ({charts} per chart), uncached.\n")
    print(f"{'picture':<22} {'best':>7} {'median':>7} {'p95':>7}   {'KB med':>6} {'KB max':>6}   target")
    print(f"{'':<22} {'(ms)':>7} {'(ms)':>7} {'(ms)':>7}")
    ok = True
    ok &= report("hand, 20 cards", *measure(images.draw_hand, hand_scenes(samples, 20, on_turn=True)))
    ok &= report("hand, 8 cards", *measure(images.draw_hand, hand_scenes(samples, 8, on_turn=False)))
    tables = table_scenes(samples)
    ok &= report("table, 6 players", *measure(images.draw_table, tables))
    ok &= report("table, world names", *measure(images.draw_table, world_tables(tables)))
    ok &= report("chart, 3 players", *measure(images.draw_chart, chart_scenes(charts, 3)))
    ok &= report("chart, 6 players", *measure(images.draw_chart, chart_scenes(charts, 6)))
    cached, in_thread, in_loop, in_worker = asyncio.run(hop_ms(hand_scenes(samples, 8, on_turn=False)))
    print(f"\nFirst picture of a process (card faces and palette drawn once): {first:.0f} ms")
    print(
        f"Cached picture: {cached * 1000:.0f} µs; an 8-card hand drawn in a thread: {in_thread:.2f} ms, "
        f"in the event loop: {in_loop:.2f} ms, in a worker process: {in_worker:.2f} ms"
    )
    print("\nAll targets met." if ok else "\nSome targets were missed.")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
