"""Many Wizard tables at once, played through SimCord (an offline simulated Discord) by simulated users.

For each size N (10, 100 and 500 concurrent tables by default) one bot gets N tables in N channels
(25 channels per server) with 3 players each. Every table is opened (``/wizard new``, two "Join"
clicks, "Start"), so all N games run at once; then the players act round-robin, one click per table
in turn, K game actions per table (default 30, about the first three rounds: whole games at 500
tables would take too long). Each size runs in a fresh process, so its peak RSS is its own; one extra
table is played first and left out of the figures, so one-time costs (caches, the first DM channel,
lazily built tables) are not counted as per-table costs.

What is printed, per size:

- Handling time per game click (p50, p99, max): ``time.perf_counter()`` around the awaited
  ``TableComponent.handle``, which every button of the game goes through. SimCord runs in this
  process, so it includes awaiting the SQLite write (aiosqlite's thread) and SimCord's fake HTTP calls
  made while handling (the interaction response, the table message edit, the DMs). Time inside
  SimCord's fake HTTP routing (``simcord.http.router.dispatch``) is also measured and shown
  subtracted ("excl. fake HTTP"), and the mean is split into database, fake HTTP and the rest.
  Pauses of Python's garbage collector (any thread) during a click are timed too: SimCord keeps every
  message and request in this process, which makes full collections far slower than the bot's own
  heap would, so the max is shown with and without them. Handling time is not the wall time of a
  simulated click, which adds SimCord's delivery and settling.
- ``/wizard new`` (``TableManager.new_table``), Join and Start handling times, while tables open.
- Interactions per second: bot throughput = game clicks / the sum of their handling times (SimCord
  delivers one interaction at a time), and the wall rate: simulated clicks per wall-clock second,
  including SimCord and this driver.
- Memory per running table: the bytes of the objects the bot keeps alive (reachable from the bot and
  its modules' globals; SimCord's and the driver's objects are not followed) after the K actions, minus
  the same before the first table, divided by N. Beside it, the process's peak RSS and its growth per
  table, an upper bound that also holds SimCord's message store and logs and SQLite's page cache.
- The fake HTTP calls the bot made per game click, by route, and the slowest click's breakdown.

Targets (the load issue): p99 handling under 50 ms at 100 tables; under 200 KB of memory per running
table.

Run: ``.venv/bin/python benchmarks/bot_load.py`` (about 3 minutes); ``--quick`` for 10 and 50 tables
with 8 actions; ``--tables 10 100 --actions 15`` to choose.
"""

from __future__ import annotations

import argparse
import asyncio
import contextvars
import functools
import gc
import json
import math
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
import types
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord
import simcord
from simcord import Env, MemberActor
from simcord.builders import ChannelHandle
from simcord.http import router as simcord_router

from bot import WizardBot, create_bot
from cogs.table.components import TableComponent
from cogs.table.manager import TableManager
from cogs.table.store import TableStore

PLAYERS = 3
TABLES_PER_GUILD = 25
DEFAULT_TABLES = (10, 100, 500)
QUICK_TABLES = (10, 50)
# About the first three rounds of a 3-player game: 3 bids and 3, 6 then 9 cards (and a trump choice
# when a Wizard is turned up).
DEFAULT_ACTIONS = 30
QUICK_ACTIONS = 8
HANDLE_TARGET_MS = 50.0
HANDLE_TARGET_TABLES = 100
MEMORY_TARGET_KB = 200.0
HANDLE_TARGET_TEXT = f"< {HANDLE_TARGET_MS:.0f} at {HANDLE_TARGET_TABLES} tables"
RESULT_PREFIX = "BOT_LOAD_RESULT "
ROUTE_ID = re.compile(r"/(?:\d+|[\w.-]{32,})(?=/|$)")  # ids and interaction tokens in a path

# The TableStore methods the bot awaits; time inside them is the database's share.
STORE_METHODS = (
    "create",
    "get",
    "open_in_channel",
    "set_message",
    "set_seats",
    "start",
    "append",
    "set_dms_closed",
    "close",
    "finish",
)


# -- measuring the bot ---------------------------------------------------------------------------------


@dataclass
class Sample:
    """One interaction handled by the bot."""

    kind: str
    total: float = 0.0
    http: float = 0.0
    http_calls: int = 0
    db: float = 0.0
    db_depth: int = 0
    gc: float = 0.0


_SAMPLE: contextvars.ContextVar[Sample | None] = contextvars.ContextVar("bot_load_sample", default=None)


def click_kind(cid: str) -> str:
    """What a custom_id does: join, start, act (a bid, trump or card) or other."""
    parts = cid.split(":")
    if len(parts) == 5 and parts[1] == "lobby":
        return "start" if parts[4] == "start" else parts[4]
    if len(parts) == 5 and parts[1] == "act":
        return "act"
    return "other"


class Meter:
    """Wraps the bot's handlers, its store and SimCord's fake HTTP routing with timers."""

    def __init__(self) -> None:
        self.samples: list[Sample] = []
        # Fake HTTP calls made while handling game clicks, by route ("GET /users/{id}").
        self.routes: Counter[str] = Counter()
        self._undo: list[Callable[[], None]] = []
        self._gc_start = 0.0
        # The interaction being handled (they are handled one at a time); GC in any thread (the
        # aiosqlite thread included) while it is handled counts towards it.
        self._active: Sample | None = None

    def _patch(self, owner: Any, name: str, replacement: Any) -> None:
        original = getattr(owner, name)
        setattr(owner, name, replacement)
        self._undo.append(lambda: setattr(owner, name, original))

    def _timed_handler(self, original: Callable[..., Awaitable[None]], kind: Callable[..., str]) -> Any:
        meter = self

        @functools.wraps(original)
        async def handler(owner: Any, interaction: Any, *args: Any) -> None:
            sample = Sample(kind(owner, *args))
            token = _SAMPLE.set(sample)
            meter._active = sample
            start = time.perf_counter()
            try:
                await original(owner, interaction, *args)
            finally:
                sample.total = time.perf_counter() - start
                meter._active = None
                _SAMPLE.reset(token)
                meter.samples.append(sample)

        return handler

    def _timed_store(self, original: Callable[..., Awaitable[Any]]) -> Any:
        @functools.wraps(original)
        async def method(*args: Any, **kwargs: Any) -> Any:
            sample = _SAMPLE.get()
            if sample is None:
                return await original(*args, **kwargs)
            sample.db_depth += 1
            start = time.perf_counter()
            try:
                return await original(*args, **kwargs)
            finally:
                sample.db_depth -= 1
                if sample.db_depth == 0:
                    sample.db += time.perf_counter() - start

        return method

    def install(self) -> None:
        handle = self._timed_handler(TableComponent.handle, lambda item, *_: click_kind(item.custom_id))
        self._patch(TableComponent, "handle", handle)
        self._patch(TableManager, "new_table", self._timed_handler(TableManager.new_table, lambda *_: "new"))
        for name in STORE_METHODS:
            self._patch(TableStore, name, self._timed_store(getattr(TableStore, name)))
        # Both of SimCord's fake transports (the HTTP client and the webhook adapter that carries
        # interaction responses) look `router.dispatch` up at call time.
        original_dispatch = simcord_router.dispatch

        @functools.wraps(original_dispatch)
        def dispatch(*args: Any, **kwargs: Any) -> Any:
            sample = _SAMPLE.get()
            if sample is None:
                return original_dispatch(*args, **kwargs)
            if sample.kind == "act":
                self.routes[f"{args[1]} {ROUTE_ID.sub('/{id}', args[2])}"] += 1
            start = time.perf_counter()
            try:
                return original_dispatch(*args, **kwargs)
            finally:
                sample.http += time.perf_counter() - start
                sample.http_calls += 1

        self._patch(simcord_router, "dispatch", dispatch)

        gc.callbacks.append(self._on_gc)
        self._undo.append(lambda: gc.callbacks.remove(self._on_gc))

    def _on_gc(self, phase: str, info: dict[str, int]) -> None:
        """Time Python's garbage collector when it runs inside a handler."""
        if phase == "start":
            self._gc_start = time.perf_counter()
            return
        sample = self._active
        if sample is not None:
            sample.gc += time.perf_counter() - self._gc_start

    def uninstall(self) -> None:
        while self._undo:
            self._undo.pop()()


# -- the simulated players -----------------------------------------------------------------------------


@dataclass
class Table:
    """The driver's view of one table."""

    channel: ChannelHandle
    players: list[MemberActor]
    rng: random.Random
    table_id: int = 0


def act_buttons(message: discord.Message) -> list[discord.Button]:
    """The enabled game-action buttons of a message."""
    return [
        child
        for row in message.components
        if isinstance(row, discord.ActionRow)
        for child in row.children
        if isinstance(child, discord.Button)
        and child.custom_id is not None
        and ":act:" in child.custom_id
        and not child.disabled
    ]


def latest_controls(player: MemberActor) -> tuple[discord.Message, list[discord.Button]]:
    """The player's newest DM with controls, and its enabled action buttons."""
    for message in reversed(player.user.dm_channel.history()):
        buttons = act_buttons(message)
        if buttons:
            return message, buttons
    raise RuntimeError(f"{player.name} has no controls in their DMs")


def build_world(env: Env, tables: int) -> list[Table]:
    """Servers, channels and players for every table (25 tables per server)."""
    world: list[Table] = []
    guild = None
    for index in range(tables):
        if index % TABLES_PER_GUILD == 0:
            guild = env.create_guild(f"Server {index // TABLES_PER_GUILD}")
        assert guild is not None
        channel = guild.create_text_channel(f"wizard-{index}")
        players = [guild.add_member(env.create_user(f"t{index}p{seat}")) for seat in range(PLAYERS)]
        world.append(Table(channel, players, random.Random(index)))
    return world


async def open_table(bot: WizardBot, table: Table) -> None:
    """``/wizard new``, the others join, the host starts."""
    host = table.players[0]
    result = await host.slash(table.channel, "wizard new")
    if result.response is None or result.ephemeral:
        raise RuntimeError(f"/wizard new was refused in {table.channel.name}")
    lobby = result.response.message
    for player in table.players[1:]:
        joined = await player.click(lobby, label="Join")
        if joined.ephemeral:
            raise RuntimeError("a Join was refused")
    started = await host.click(lobby, label="Start")
    if started.ephemeral:
        raise RuntimeError("Start was refused")
    running = bot.service(TableManager).in_channel(table.channel.id)
    if running is None or running.status != "playing":
        raise RuntimeError(f"the table in {table.channel.name} did not start")
    table.table_id = running.id


async def act_once(bot: WizardBot, table: Table) -> bool:
    """The current player clicks one of their enabled action buttons; False if the game is over."""
    running = bot.service(TableManager).tables.get(table.table_id)
    if running is None or running.game is None or running.game.current_player is None:
        return False
    player = table.players[running.game.current_player]
    message, buttons = latest_controls(player)
    pick = table.rng.choice(buttons)
    result = await player.user.click(message, custom_id=pick.custom_id)
    if result.ephemeral:
        text = result.response.content if result.response else None
        raise RuntimeError(f"a game action was refused: {text}")
    return True


# -- memory ---------------------------------------------------------------------------------------------


def _project_modules() -> list[Any]:
    return [
        module
        for name, module in list(sys.modules.items())
        if name == "bot" or name.split(".")[0] in ("cogs", "wizard_core")
    ]


def retained_bytes(bot: WizardBot) -> tuple[int, int]:
    """Bytes of the objects the bot keeps alive: everything reachable from the bot object and from the
    globals of its own modules (bot, cogs, wizard_core), by ``gc.get_referents``, each counted once
    with ``sys.getsizeof``. Returns the bytes and the number of objects.

    The walk stops at modules, classes, the event loop, SimCord's objects (its fake HTTP client,
    gateway and backend, whose message store and request log hold what the bot sent) and this
    driver's objects: in production none of those would be there.
    """
    barrier_ids = {id(vars(module)) for module in list(sys.modules.values()) if hasattr(module, "__dict__")}
    roots: list[Any] = [bot, *(vars(module) for module in _project_modules())]
    seen = {id(root) for root in roots}
    stack = [referent for root in roots for referent in gc.get_referents(root)]
    total = count = 0
    while stack:
        obj = stack.pop()
        key = id(obj)
        if key in seen:
            continue
        seen.add(key)
        if key in barrier_ids or isinstance(obj, (type, types.ModuleType, asyncio.AbstractEventLoop)):
            continue
        module = type(obj).__module__
        if module.split(".")[0] == "simcord" or module == __name__:
            continue
        total += sys.getsizeof(obj)
        count += 1
        stack.extend(gc.get_referents(obj))
    return total, count


def max_rss_bytes() -> int:
    """The peak resident set size of this process so far (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


# -- one size, in its own process ----------------------------------------------------------------------


@dataclass
class SizeResult:
    """What one run measured; passed from the worker process as JSON."""

    tables: int
    actions: int
    open_tables: int = 0
    setup_wall: float = 0.0
    play_wall: float = 0.0
    play_clicks: int = 0
    # (kind, handling time, of which: in SimCord's fake HTTP, in the database; fake HTTP calls; of which
    # in Python's garbage collector)
    samples: list[tuple[str, float, float, float, int, float]] = field(default_factory=list)
    routes: dict[str, int] = field(default_factory=dict)
    retained_before: int = 0
    retained_after: int = 0
    kept_objects_before: int = 0  # objects the bot keeps alive, before the first table and at the end
    kept_objects_after: int = 0
    gc_objects: int = 0  # objects the garbage collector tracks in the whole process at the end
    rss_before: int = 0
    rss_after: int = 0


async def run_size(tables: int, actions: int) -> SizeResult:
    """Open `tables` tables, then play `actions` actions at each, round-robin."""
    result = SizeResult(tables, actions)
    meter = Meter()
    meter.install()
    try:
        with tempfile.TemporaryDirectory(prefix="wizard-bot-load-") as tmp:
            bot = create_bot(
                token=None,
                database_path=Path(tmp) / "wizard.sqlite3",
                log_level="WARNING",
                dev_guild_id=None,
                force_sync=False,
            )
            try:
                async with simcord.run(bot) as env:
                    warmup, *world = build_world(env, tables + 1)
                    # One table played first, outside the figures: it pays the one-time costs (caches,
                    # lazily built tables, the first DM channel) that are not per-table costs.
                    await open_table(bot, warmup)
                    for _ in range(actions):
                        await act_once(bot, warmup)
                    meter.samples.clear()
                    gc.collect()
                    result.retained_before, result.kept_objects_before = retained_bytes(bot)
                    result.rss_before = max_rss_bytes()

                    start = time.perf_counter()
                    for table in world:
                        await open_table(bot, table)
                    result.setup_wall = time.perf_counter() - start
                    start = time.perf_counter()
                    for _ in range(actions):
                        for table in world:
                            result.play_clicks += await act_once(bot, table)
                    result.play_wall = time.perf_counter() - start

                    running = bot.service(TableManager).tables
                    result.open_tables = sum(table.table_id in running for table in world)
                    result.rss_after = max_rss_bytes()
                    gc.collect()
                    result.retained_after, result.kept_objects_after = retained_bytes(bot)
                    result.gc_objects = len(gc.get_objects())
            finally:
                # SimCord detaches the bot without closing it; the aiosqlite thread would keep the
                # process alive.
                await bot.close()
    finally:
        meter.uninstall()
    result.samples = [(s.kind, s.total, s.http, s.db, s.http_calls, s.gc) for s in meter.samples]
    result.routes = dict(meter.routes)
    return result


def run_worker(tables: int, actions: int) -> SizeResult:
    """Run one size in a fresh process (so the peak RSS is that size's) and read its result back."""
    command = [sys.executable, __file__, "--worker", str(tables), "--actions", str(actions)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    for line in done.stdout.splitlines():
        if line.startswith(RESULT_PREFIX):
            data = json.loads(line[len(RESULT_PREFIX) :])
            data["samples"] = [tuple(sample) for sample in data["samples"]]
            return SizeResult(**data)
    sys.stderr.write(done.stderr)
    raise RuntimeError(f"the run with {tables} tables failed (exit status {done.returncode})")


# -- report --------------------------------------------------------------------------------------------


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0 to 100), interpolated between the closest ranks."""
    ordered = sorted(values)
    if not ordered:
        return math.nan
    rank = (len(ordered) - 1) * q / 100
    low = math.floor(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def figures(result: SizeResult) -> dict[str, float]:
    """The printed figures of one size: times in milliseconds, memory in KB (MB for the RSS)."""
    acts = [sample for sample in result.samples if sample[0] == "act"]
    totals = [sample[1] for sample in acts]
    own = [sample[1] - sample[2] for sample in acts]
    no_gc = [sample[1] - sample[5] for sample in acts]
    count = len(acts) or 1
    out = {
        "actions": result.actions,
        "clicks": len(acts),
        "running": result.open_tables,
        "p50": percentile(totals, 50) * 1000,
        "p99": percentile(totals, 99) * 1000,
        "max": max(totals, default=math.nan) * 1000,
        "own_p50": percentile(own, 50) * 1000,
        "own_p99": percentile(own, 99) * 1000,
        "own_max": max(own, default=math.nan) * 1000,
        "no_gc_p99": percentile(no_gc, 99) * 1000,
        "no_gc_max": max(no_gc, default=math.nan) * 1000,
        "mean": sum(totals) / count * 1000,
        "db": sum(sample[3] for sample in acts) / count * 1000,
        "http": sum(sample[2] for sample in acts) / count * 1000,
        "gc": sum(sample[5] for sample in acts) / count * 1000,
        "http_calls": sum(sample[4] for sample in acts) / count,
        "throughput": len(acts) / sum(totals) if totals else math.nan,
        "wall_rate": result.play_clicks / result.play_wall if result.play_wall else math.nan,
        "kept_kb": (result.retained_after - result.retained_before) / result.tables / 1024,
        "rss_mb": result.rss_after / 1024 / 1024,
        "rss_kb": (result.rss_after - result.rss_before) / result.tables / 1024,
        "gc_objects": result.gc_objects / 1000,
        "kept_objects": (result.kept_objects_after - result.kept_objects_before) / result.tables,
    }
    out["rest"] = out["mean"] - out["db"] - out["http"]
    for kind in ("new", "join", "start"):
        times = [sample[1] for sample in result.samples if sample[0] == kind]
        out[f"{kind}_p50"] = percentile(times, 50) * 1000
        out[f"{kind}_p99"] = percentile(times, 99) * 1000
    return out


# (label, figure key, format, target shown beside it); an empty format prints "<key>_p50 / <key>_p99".
ROWS: list[tuple[str, str, str, str]] = [
    ("game actions per table", "actions", "{:.0f}", ""),
    ("game clicks handled", "clicks", "{:.0f}", ""),
    ("tables still running at the end", "running", "{:.0f}", ""),
    ("handling per game click, p50 (ms)", "p50", "{:.1f}", ""),
    ("handling per game click, p99 (ms)", "p99", "{:.1f}", HANDLE_TARGET_TEXT),
    ("handling per game click, max (ms)", "max", "{:.1f}", ""),
    ("  excl. fake HTTP: p50 (ms)", "own_p50", "{:.1f}", ""),
    ("  excl. fake HTTP: p99 (ms)", "own_p99", "{:.1f}", ""),
    ("  excl. fake HTTP: max (ms)", "own_max", "{:.1f}", ""),
    ("  excl. GC pauses: p99 (ms)", "no_gc_p99", "{:.1f}", ""),
    ("  excl. GC pauses: max (ms)", "no_gc_max", "{:.1f}", ""),
    ("  mean (ms)", "mean", "{:.2f}", ""),
    ("    in the database (ms)", "db", "{:.2f}", ""),
    ("    in SimCord's fake HTTP (ms)", "http", "{:.2f}", ""),
    ("    the rest: bot + discord.py (ms)", "rest", "{:.2f}", ""),
    ("    (GC pauses, in any of those) (ms)", "gc", "{:.2f}", ""),
    ("  fake HTTP calls per game click", "http_calls", "{:.1f}", ""),
    ("/wizard new, p50 / p99 (ms)", "new", "", ""),
    ("Join click, p50 / p99 (ms)", "join", "", ""),
    ("Start click, p50 / p99 (ms)", "start", "", ""),
    ("bot throughput (interactions/s)", "throughput", "{:.0f}", ""),
    ("wall rate incl. SimCord (clicks/s)", "wall_rate", "{:.0f}", ""),
    ("memory kept by the bot (KB/table)", "kept_kb", "{:.1f}", f"< {MEMORY_TARGET_KB:.0f}"),
    ("peak RSS of the process (MB)", "rss_mb", "{:.0f}", ""),
    ("peak RSS growth (KB/table)", "rss_kb", "{:.0f}", ""),
    ("objects kept by the bot (per table)", "kept_objects", "{:.0f}", ""),
    ("GC-tracked objects, process (thousands)", "gc_objects", "{:.0f}", ""),
]


def table_text(results: list[SizeResult]) -> list[str]:
    """The figures of every size side by side, the targets on the right."""
    columns = [figures(result) for result in results]
    width = max(len(row[0]) for row in ROWS)
    lines = [f"{'':{width}}" + "".join(f"{f'{r.tables} tables':>14}" for r in results) + "   target"]
    for label, key, fmt, target in ROWS:
        if fmt:
            cells = [fmt.format(column[key]) for column in columns]
        else:
            cells = [f"{column[f'{key}_p50']:.1f} / {column[f'{key}_p99']:.1f}" for column in columns]
        lines.append(f"{label:{width}}" + "".join(f"{cell:>14}" for cell in cells) + f"   {target}".rstrip())
    return lines


def details(results: list[SizeResult]) -> list[str]:
    """The slowest game click of each size, and the fake HTTP calls the bot made per game click."""
    lines = []
    for result in results:
        acts = [sample for sample in result.samples if sample[0] == "act"]
        if not acts:
            continue
        _, total, http, db, calls, collect = max(acts, key=lambda sample: sample[1])
        lines.append(
            f"{result.tables} tables: slowest game click {total * 1000:.1f} ms (database {db * 1000:.1f}, "
            f"fake HTTP {http * 1000:.1f} in {calls} calls; GC pauses {collect * 1000:.1f})"
        )
        routes = sorted(result.routes.items(), key=lambda item: -item[1])
        lines.append(
            "    fake HTTP calls per game click: "
            + ", ".join(f"{route} {count / len(acts):.2f}" for route, count in routes)
        )
    return lines


def verdicts(results: list[SizeResult]) -> list[str]:
    """Whether the targets were met, for the sizes they apply to."""
    lines = []
    for result in results:
        if result.tables == HANDLE_TARGET_TABLES:
            p99 = figures(result)["p99"]
            met = "met" if p99 < HANDLE_TARGET_MS else "MISSED"
            lines.append(
                f"p99 handling per game click at {result.tables} tables: {p99:.1f} ms "
                f"(target < {HANDLE_TARGET_MS:.0f} ms): {met}"
            )
    if not any(result.tables == HANDLE_TARGET_TABLES for result in results):
        lines.append(f"p99 handling target: for {HANDLE_TARGET_TABLES} tables, which were not run")
    worst = max(results, key=lambda result: figures(result)["kept_kb"])
    kept = figures(worst)["kept_kb"]
    met = "met" if kept < MEMORY_TARGET_KB else "MISSED"
    lines.append(
        f"memory kept per running table, worst size ({worst.tables} tables): {kept:.1f} KB "
        f"(target < {MEMORY_TARGET_KB:.0f} KB): {met}"
    )
    return lines


NOTES = """\
Handling = time inside TableComponent.handle per game click (bid, trump or card), including
awaiting the SQLite write and SimCord's fake HTTP calls made meanwhile; not the wall time of a
simulated click. Bot throughput = clicks / sum of handling time; wall rate includes SimCord and the
driver. GC pauses are mostly SimCord's doing: it keeps every message and request in this process.
Memory kept = bytes reachable from the bot (SimCord's and the driver's objects not followed) after
the run minus before the first table, per table; peak RSS includes SimCord and SQLite."""


def main() -> None:
    """Run every size in its own process and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--tables", type=int, nargs="+", metavar="N", help=f"concurrent tables (default {DEFAULT_TABLES})"
    )
    parser.add_argument(
        "--actions",
        type=int,
        metavar="K",
        help=f"game actions per table (default {DEFAULT_ACTIONS}, with --quick {QUICK_ACTIONS})",
    )
    parser.add_argument(
        "--quick", action="store_true", help=f"tables {QUICK_TABLES}, {QUICK_ACTIONS} actions per table"
    )
    parser.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.worker is not None:
        result = asyncio.run(run_size(args.worker, args.actions))
        print(RESULT_PREFIX + json.dumps(asdict(result)))
        return

    sizes = args.tables or (QUICK_TABLES if args.quick else DEFAULT_TABLES)
    actions = args.actions or (QUICK_ACTIONS if args.quick else DEFAULT_ACTIONS)
    if min(sizes) < 1 or (args.actions is not None and args.actions < 1):
        parser.error("--tables and --actions must be at least 1")
    print(
        f"Python {sys.version.split()[0]}; {PLAYERS} players per table, {TABLES_PER_GUILD} tables per "
        f"server; {actions} game actions per table, round-robin, one click per table in turn"
    )
    results = []
    for tables in sizes:
        start = time.perf_counter()
        results.append(run_worker(tables, actions))
        print(f"  {tables} tables measured in {time.perf_counter() - start:.0f} s", flush=True)
    print()
    print("\n".join(table_text(results)))
    print()
    print("\n".join(details(results)))
    print()
    print("\n".join(verdicts(results)))
    print()
    print(NOTES)


if __name__ == "__main__":
    main()
