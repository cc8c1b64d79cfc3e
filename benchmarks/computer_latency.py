"""Computer players and the event loop: how many decisions the whole bot makes a second, and how long the
loop stalls while computers think.

The bot runs each computer decision in its pool (``cogs.table.computers.Thinkers``): worker processes,
as many as ``WIZARD_COMPUTER_PROCESSES`` (one per core by default), or one thread of the bot's process
with 0. This benchmark plays what a busy bot feels: T tables (8 by default) whose hard computers decide
one move after another, all at once, with the hard level's default work and the default wall-time cap
(``--cap-ms``, a safety net), while a probe task asks to wake every 5 ms and records how late it wakes.
Positions come from random games (both editions, some with house rules), one per decision, and each
decision has a fixed seed, so every run makes the same decisions with the same work: only the times
change with the machine's load.

Printed for the pool in a thread (``0``, the way the bot thought before it had processes) and with 1, 2
and all the machine's cores in processes (``--processes``):

- decisions a second for the whole bot (the tables' decisions over the wall time they took);
- loop lateness (p50, p99, max, in ms): the stall a click would see on top of its own handling;
- decision wall time (p50, p95, in ms), queueing for a worker included;
- the time the pool took to start its workers (before the timed decisions; once per bot).

Then the hard decisions alone, one at a time in this process with no probe: their wall and CPU time
(mean, p50, p95, max) over those that sample, and the deals sampled.

Target (the computer players issues): the loop never stalls more than 50 ms because of a computer, and
the bot makes several times more hard decisions a second on several cores than on one.

Run: ``.venv/bin/python benchmarks/computer_latency.py`` (about a minute); ``--quick`` for fewer
decisions. The machine's other work counts: note its load with the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cogs.table import computers
from wizard_core import Game, PlayerView, Rules
from wizard_core.ai import DEFAULT_CAP_MS, DEFAULT_WORK, Decision, deliberate

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


class Pool:
    """The bot's pool of ``processes`` workers (0: a thread); on a version of the bot without pools, the
    thread it always thought in."""

    def __init__(self, processes: int) -> None:
        thinkers = getattr(computers, "Thinkers", None)
        self.thinkers = thinkers(processes) if thinkers is not None else None

    async def think(self, view: PlayerView, cap_ms: float, seed: int) -> Decision:
        if self.thinkers is None:
            return await computers.think(view, "hard", cap_ms, seed=seed)
        return await computers.think(view, "hard", cap_ms, seed=seed, thinkers=self.thinkers)

    async def close(self) -> None:
        if self.thinkers is not None:
            await self.thinkers.close()


async def table(
    pool: Pool, views: list[PlayerView], first_seed: int, cap_ms: float, walls: list[float]
) -> None:
    for seed, view in enumerate(views, start=first_seed):
        started = time.perf_counter()
        await pool.think(view, cap_ms, seed)
        walls.append((time.perf_counter() - started) * 1000)


async def run(processes: int, tables: int, views: list[PlayerView], cap_ms: float) -> dict[str, float]:
    pool = Pool(processes)
    # Start the workers first (a bot starts them once, at its first decision): one decision per worker.
    started = time.perf_counter()
    await asyncio.gather(*(pool.think(views[i], cap_ms, -1 - i) for i in range(max(1, processes))))
    start_up = time.perf_counter() - started
    lateness: list[float] = []
    walls: list[float] = []
    stop = asyncio.Event()
    prober = asyncio.create_task(probe(lateness, stop))
    await asyncio.sleep(0.05)
    share = len(views) // tables
    started = time.perf_counter()
    await asyncio.gather(
        *(table(pool, views[i * share : (i + 1) * share], i * share, cap_ms, walls) for i in range(tables))
    )
    elapsed = time.perf_counter() - started
    stop.set()
    await prober
    await pool.close()
    return {
        "rate": len(walls) / elapsed,
        "late50": statistics.median(lateness),
        "late99": percentile(lateness, 0.99),
        "late_max": max(lateness),
        "wall50": statistics.median(walls),
        "wall95": percentile(walls, 0.95),
        "start": start_up,
        "count": len(walls),
    }


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
    print(f"\n{len(walls)} hard decisions that sample (of {count}), one at a time, in this process:")
    for label, values in (("wall (ms)", walls), ("CPU (ms)", cpus), ("deals", deals)):
        spread = (
            f"{statistics.fmean(values):.1f} / {statistics.median(values):.0f} / "
            f"{percentile(values, 0.95):.0f} / {max(values):.0f}"
        )
        print(f"  {label:<10} mean/p50/p95/max {spread:>24}")
    print(f"  cut short by the cap: {capped}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer decisions")
    parser.add_argument("--tables", type=int, default=8, help="tables whose computers think at once")
    cores = os.cpu_count() or 1
    parser.add_argument(
        "--processes",
        type=int,
        nargs="+",
        default=sorted({0, 1, 2, cores}),
        help="pool sizes to measure (0: a thread of this process)",
    )
    parser.add_argument(
        "--cap-ms", type=float, default=DEFAULT_CAP_MS, help="the wall-time cap of a decision (a safety net)"
    )
    args = parser.parse_args()
    decisions = 48 if args.quick else 160
    views = positions(decisions, seed=1)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"hard computers, work {DEFAULT_WORK['hard']:,} card plays, cap {args.cap_ms:g} ms, "
        f"{args.tables} tables at once, {decisions} decisions, probe every {PROBE_MS:g} ms; "
        f"{cores} cores, load {load:.1f} at start"
    )
    print(
        f"{'processes':>9}  {'decisions/s':>11}  {'loop late p50/p99/max (ms)':>27}  "
        f"{'decision p50/p95 (ms)':>21}  {'start (s)':>9}"
    )
    for processes in args.processes:
        figures = asyncio.run(run(processes, args.tables, views, args.cap_ms))
        late = f"{figures['late50']:.1f} / {figures['late99']:.1f} / {figures['late_max']:.1f}"
        wall = f"{figures['wall50']:.0f} / {figures['wall95']:.0f}"
        name = "thread" if processes == 0 else str(processes)
        print(f"{name:>9}  {figures['rate']:>11.1f}  {late:>27}  {wall:>21}  {figures['start']:>9.2f}")
    alone(40 if args.quick else 160, args.cap_ms)


if __name__ == "__main__":
    main()
