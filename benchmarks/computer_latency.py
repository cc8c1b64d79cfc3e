"""Computer players and the event loop: how long the loop stalls while computers think.

The bot runs each computer decision in a worker thread (``cogs.table.computers.think``, one at a
time), so the event loop keeps serving other tables. The threads still compete with the loop for the
interpreter lock. This benchmark measures what the loop feels: a probe
task asks to wake every 5 ms and records how late it wakes, while T tables' computers decide one move
after another at the hard level, with its default work (``wizard_core.ai.DEFAULT_WORK``) and the
default wall-time cap (``--cap-ms``, a safety net). Positions come from random games (both editions,
some with house rules), one per decision, and each decision has a fixed seed, so every run makes the
same decisions with the same work: only the times change with the machine's load.

Printed per number of tables thinking at once (1, 2 and 4 by default):

- loop lateness (p50, p99, max, in ms): the stall a click would see on top of its own handling;
- decision wall time (p50, p95, max, in ms), queueing for the thinking thread included;
- decisions made.

Then the hard decisions alone, one at a time with no probe: their wall and CPU time (p50, p95, max)
over those that sample, and the deals sampled. On an unloaded machine the two times agree; the target
is a p50 of about 100 ms, the time the old 100 ms wall-time budget gave a decision.

Target (the computer players issue): the loop never stalls more than 50 ms because of a computer.

Run: ``.venv/bin/python benchmarks/computer_latency.py`` (about a minute); ``--quick`` for about 15 s.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cogs.table.computers import think
from wizard_core import Game, PlayerView, Rules
from wizard_core.ai import DEFAULT_CAP_MS, DEFAULT_WORK, deliberate

PROBE_MS = 5.0
RULE_SETS = (
    Rules("classic"),
    Rules("camelot"),
    Rules("classic", frozenset({"hidden-bid", "gizzard-fester"})),
    Rules("classic", frozenset({"nannie", "canadian"})),
)


def positions(count: int, seed: int) -> list[PlayerView]:
    """Views of the player to act, taken from random games at random points."""
    rng = random.Random(seed)
    views: list[PlayerView] = []
    while len(views) < count:
        game = Game(4, rng.choice(RULE_SETS), seed=rng.randrange(2**32))
        stop = rng.randrange(20, 400)
        for _ in range(stop):
            if game.is_over:
                break
            seat = game.to_act[0]
            game.apply(rng.choice(game.legal_actions(seat)), player=seat)
        if not game.is_over:
            views.append(game.view(game.to_act[0]))
    return views


async def probe(lateness: list[float], stop: asyncio.Event) -> None:
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        asked = loop.time()
        await asyncio.sleep(PROBE_MS / 1000)
        lateness.append((loop.time() - asked) * 1000 - PROBE_MS)


async def table(views: list[PlayerView], cap_ms: float, walls: list[float]) -> None:
    for seed, view in enumerate(views):
        started = time.perf_counter()
        await think(view, "hard", cap_ms, seed=seed)
        walls.append((time.perf_counter() - started) * 1000)


async def run(tables: int, decisions: int, cap_ms: float) -> tuple[list[float], list[float]]:
    views = positions(tables * decisions, seed=tables)
    lateness: list[float] = []
    walls: list[float] = []
    stop = asyncio.Event()
    prober = asyncio.create_task(probe(lateness, stop))
    await asyncio.sleep(0.05)
    await asyncio.gather(
        *(table(views[i * decisions : (i + 1) * decisions], cap_ms, walls) for i in range(tables))
    )
    stop.set()
    await prober
    return lateness, walls


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def alone(count: int, cap_ms: float) -> None:
    """Hard decisions one at a time in this thread: wall and CPU time, and the deals they sample."""
    walls: list[float] = []
    cpus: list[float] = []
    deals: list[float] = []
    capped = 0
    for seed, view in enumerate(positions(count, seed=7)):
        started, cpu = time.perf_counter(), time.thread_time()
        decision = deliberate(view, "hard", seed=seed, cap_ms=cap_ms)
        if decision.planned:  # one legal action, or one distinct card: nothing to think about
            walls.append((time.perf_counter() - started) * 1000)
            cpus.append((time.thread_time() - cpu) * 1000)
            deals.append(decision.samples)
            capped += decision.capped
    print(f"\n{len(walls)} hard decisions that sample (of {count}), one at a time:")
    for label, values in (("wall (ms)", walls), ("CPU (ms)", cpus), ("deals", deals)):
        spread = f"{statistics.median(values):.0f} / {percentile(values, 0.95):.0f} / {max(values):.0f}"
        print(f"  {label:<10} p50/p95/max {spread:>17}")
    print(f"  cut short by the cap: {capped}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer decisions")
    parser.add_argument("--tables", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument(
        "--cap-ms", type=float, default=DEFAULT_CAP_MS, help="the wall-time cap of a decision (a safety net)"
    )
    args = parser.parse_args()
    decisions = 20 if args.quick else 80
    print(
        f"hard computers, work {DEFAULT_WORK['hard']:,} card plays, cap {args.cap_ms:g} ms, "
        f"probe every {PROBE_MS:g} ms, {decisions} decisions each"
    )
    print(f"{'tables':>6}  {'loop late p50/p99/max (ms)':>28}  {'decision p50/p95/max (ms)':>27}  {'n':>5}")
    for tables in args.tables:
        lateness, walls = asyncio.run(run(tables, decisions, args.cap_ms))
        late = f"{statistics.median(lateness):.1f} / {percentile(lateness, 0.99):.1f} / {max(lateness):.1f}"
        wall = f"{statistics.median(walls):.0f} / {percentile(walls, 0.95):.0f} / {max(walls):.0f}"
        print(f"{tables:>6}  {late:>28}  {wall:>27}  {len(walls):>5}")
    alone(40 if args.quick else 160, args.cap_ms)


if __name__ == "__main__":
    main()
