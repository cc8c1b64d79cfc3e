"""The bot on SQLite, on PostgreSQL with one process, and on PostgreSQL with two processes (issue 16).

Two parts, each printing actions a second and handling times (p50, p99):

1. **Through the bot** (SimCord, an offline simulated Discord, in this process). A bot with two shards
   (``WIZARD_SHARD_COUNT=2``) gets ``--tables`` tables of three members, half in a server of shard 0 and
   half in one of shard 1; the players click their hand messages' buttons (DMs, which reach the process
   of shard 0) round-robin, ``--clicks`` game actions per table. Configurations: SQLite (one process,
   both shards), PostgreSQL with one process (both shards) and PostgreSQL with two processes (``alpha``
   runs shard 0, ``beta`` shard 1; beta runs its server's tables, so alpha hands those DM clicks to
   beta). Handling time is from the moment the receiving process parses the interaction to the moment
   an interaction response is sent for it (by whichever process answers), so a handed click counts the
   handing over. Both "processes" share this process's one event loop here: actions a second are game
   clicks over the sum of their handling times, what one core does with them one at a time.

2. **Storage across OS processes.** ``--workers`` separate OS processes (1 and 2) each keep
   ``--concurrency`` tables of their own and store game actions into them as fast as they can for
   ``--seconds`` seconds, as the table flow does: one transaction per action that locks the table's row,
   checks its owner, appends the entry and bumps the table's time. Actions a second are summed over the
   processes; latency is per stored action. SQLite allows one process (its file lock); PostgreSQL runs
   with one and with two.

3. **Take-over and hand-back** (issue 29), in real time with the real heartbeat protocol: process
   ``beta`` (shard 1 of 2) owns ``--handover-tables`` open tables and stops beating (as if killed);
   ``alpha`` (shard 0) takes them over once beta has been silent for three heartbeats, at its next look.
   Then beta comes back under its name: at alpha's next look the tables go home to it, one by one under
   their locks, and beta takes them in on alpha's NOTIFY. Printed: seconds from beta's last heartbeat to
   the last table taken over, and from beta's return to the last table back home, also in heartbeats
   (``--heartbeat``). The registry and the restorer are stand-ins that keep sessions holding only their
   table's id and server (no game is rebuilt, which ``restore_bench.py`` measures): these are the
   protocol's times (heartbeats, claims, NOTIFYs), to which loading the games adds.

PostgreSQL is a throwaway cluster this script starts (``tools/postgres_cluster.py``, through the tests'
helpers in ``tests/db_helpers.py``), or the server of
``WIZARD_TEST_POSTGRES_URL`` if it is set; fsync is off in that cluster, as on a test server.

Run: ``.venv/bin/python benchmarks/cluster_bench.py`` (``--tables 8 --clicks 60 --seconds 5``);
``--only-handover --heartbeat 2`` for part 3 alone, quickly.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import random
import re
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import simcord
from bot_load import Table, act_once, open_table, percentile
from db_helpers import create_database as new_database
from db_helpers import postgres_server
from simcord.http import client as simcord_client

from bot import MIGRATIONS_DIR, WizardBot, create_bot
from cogs.cluster.service import Cluster
from cogs.hosting.metrics import MetricsRegistry
from cogs.storage import open_database
from cogs.storage.postgres import PostgresDatabase
from cogs.table.store import TableStore
from wizard_core import Game, Rules

CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback")
PLAYERS = 3


# -- PostgreSQL ------------------------------------------------------------------------------------------


# -- part 1: through the bot ----------------------------------------------------------------------------


@dataclass
class Timing:
    """When each interaction reached a process and when it was answered."""

    received: dict[int, float] = field(default_factory=dict)
    handled: list[float] = field(default_factory=list)

    def watch(self, bot: WizardBot) -> None:
        """Note when this bot's gateway hands it an interaction (a handed one is noted where it began)."""
        parsers = bot._connection.parsers
        inner = parsers["INTERACTION_CREATE"]

        def parse(data: dict[str, Any]) -> None:
            self.received.setdefault(int(data["id"]), time.perf_counter())
            inner(data)

        parsers["INTERACTION_CREATE"] = parse

    def answered(self, interaction_id: int) -> None:
        started = self.received.pop(interaction_id, None)
        if started is not None:
            self.handled.append(time.perf_counter() - started)


# The timing of the run under way.
RUNNING: list[Timing] = []


def time_answers() -> None:
    """Note when an interaction response is sent, whichever bot sends it."""
    adapter = simcord_client.FakeWebhookAdapter
    request = adapter.request

    async def timed(self: Any, route: Any, session: Any, **kwargs: Any) -> Any:
        answer = await request(self, route, session, **kwargs)
        match = CALLBACK.search(str(route.url))
        if match and RUNNING:
            RUNNING[-1].answered(int(match.group(1)))
        return answer

    adapter.request = timed  # type: ignore[method-assign]


def bot_settings(database: Path, url: str | None, shards: list[int], name: str) -> dict[str, Any]:
    return {
        "token": None,
        "database_path": database,
        "database_url": url,
        "log_level": "WARNING",
        "dev_guild_id": None,
        "force_sync": False,
        "computer_delay": 0,
        "table_edit_interval": 0,
        "nudge_seconds": 600,
        "shard_count": 2,
        "shard_ids": shards,
        "process_name": name,
        "heartbeat_seconds": 60,
    }


async def through_the_bot(config: str, url: str | None, tables: int, clicks: int) -> dict[str, float]:
    """Play `clicks` game actions at each of `tables` tables; the handling times of the game clicks."""
    from cluster_helpers import attach_second

    timing = Timing()
    RUNNING.append(timing)
    with tempfile.TemporaryDirectory(prefix="wizard-cluster-bench-") as tmp:
        database = Path(tmp) / "wizard.sqlite3"
        two = config == "postgresql, 2 processes"
        alpha = create_bot(**bot_settings(database, url, [0] if two else [0, 1], "alpha"))
        bots = [alpha]
        try:
            async with simcord.run(alpha) as env:
                owners = [alpha, alpha]
                if two:
                    beta = (
                        await attach_second(env, create_bot(**bot_settings(database, url, [1], "beta")))
                    ).bot
                    bots.append(beta)
                    owners = [alpha, beta]
                for bot in bots:
                    timing.watch(bot)
                world = []
                guilds = [env.create_guild(f"shard {shard}", shard_id=shard) for shard in (0, 1)]
                for index in range(tables):
                    guild = guilds[index % 2]
                    channel = guild.create_text_channel(f"wizard-{index}")
                    members = [
                        guild.add_member(env.create_user(f"t{index}p{seat}")) for seat in range(PLAYERS)
                    ]
                    world.append((Table(channel, members, random.Random(index)), owners[index % 2]))
                for table, owner in world:
                    await open_table(owner, table)
                timing.handled.clear()
                before = handed(bots)
                for _ in range(clicks):
                    for table, owner in world:
                        await act_once(env, owner, table)
                count = handed(bots) - before
        finally:
            for bot in bots:
                await bot.close()
    handled = timing.handled
    return {
        "clicks": len(handled),
        "handed": count,
        "per_second": len(handled) / sum(handled),
        "p50": percentile(handled, 50) * 1000,
        "p99": percentile(handled, 99) * 1000,
    }


def handed(bots: Sequence[WizardBot]) -> float:
    """The interactions these bots handed to another process so far."""
    total = 0.0
    for bot in bots:
        # SQLite has no cluster: one process, nothing to hand over.
        with contextlib.suppress(LookupError):
            total += bot.service(Cluster).handoffs.value(outcome="handed")
    return total


# -- part 2: storage across OS processes -----------------------------------------------------------------


def store_worker(target: str, worker: int, concurrency: int, seconds: float, start: float, out: Any) -> None:
    out.put(asyncio.run(store_actions(target, worker, concurrency, seconds, start)))


async def store_actions(
    target: str, worker: int, concurrency: int, seconds: float, start: float
) -> list[float]:
    """Store bids into `concurrency` tables of this process until `seconds` have passed; the latency of
    each stored action."""
    db = await open_database(Path(target) if not target.startswith("postgresql") else target, MIGRATIONS_DIR)
    store = TableStore(db, owner=f"worker{worker}")
    latencies: list[float] = []
    try:
        ids = []
        for index in range(concurrency):
            record = await store.create(
                guild_id=1,
                channel_id=worker * 100_000 + index,
                host_id=1,
                host_name="host",
                rules=Rules(),
                now=time.time(),
            )
            ids.append(record.id)
        while time.time() < start:
            await asyncio.sleep(0.005)
        deadline = time.monotonic() + seconds
        # What ``append`` is told the game is after the entries: its checkpoint is taken only from entries
        # that deal a round, which these bids never are, so one placeholder game serves every table.
        game = Game(4, Rules(), seed=0)

        async def table(table_id: int) -> None:
            seq = 0
            while time.monotonic() < deadline:
                began = time.perf_counter()
                await store.append(table_id, seq, [64], time.time(), game=game)
                latencies.append(time.perf_counter() - began)
                seq += 1

        await asyncio.gather(*(table(table_id) for table_id in ids))
    finally:
        await db.close()
    return latencies


def storage(target: str, workers: int, concurrency: int, seconds: float) -> dict[str, float]:
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    start = time.time() + 3.0  # every worker has opened the database and its tables by then
    processes = [
        context.Process(target=store_worker, args=(target, index, concurrency, seconds, start, out))
        for index in range(workers)
    ]
    for process in processes:
        process.start()
    latencies = [value for _ in processes for value in out.get(timeout=120)]
    for process in processes:
        process.join()
    return {
        "actions": len(latencies),
        "per_second": len(latencies) / seconds,
        "p50": percentile(latencies, 50) * 1000,
        "p99": percentile(latencies, 99) * 1000,
    }


# -- part 3: take-over and hand-back --------------------------------------------------------------------


class StandInTables:
    """Stands in for a process's registry of open tables and its restorer: a session holds only its
    table's id and server, a lock and no hand, so what is timed is the protocol."""

    def __init__(self, store: TableStore) -> None:
        self.store = store
        self.sessions: dict[int, Any] = {}
        self.elsewhere: object = None
        self.adopted_at: dict[int, float] = {}

    async def adopt(self, table_ids: Sequence[int], *, handed: bool = False) -> list[Any]:
        taken = []
        for table_id in table_ids:
            found = await self.store.owner_of(table_id)
            assert found is not None
            table = SimpleNamespace(id=table_id, guild_id=found.guild_id, released=False)
            session = SimpleNamespace(table=table, lock=asyncio.Lock(), hands={}, is_open=True)
            self.sessions[table_id] = session
            self.adopted_at[table_id] = time.monotonic()
            taken.append(session)
        return taken

    def find(self, table_id: int) -> Any:
        return self.sessions.get(table_id)

    def forget(self, session: Any, *, handed: bool = False) -> None:
        session.is_open = False
        self.sessions.pop(session.table.id, None)

    def close(self) -> None:
        self.sessions.clear()


async def process(url: str, name: str, shards: str, heartbeat: float) -> tuple[Cluster, StandInTables]:
    """A process of the cluster on ``url``: it joins, beats and looks after the others."""
    db = await open_database(url, MIGRATIONS_DIR)
    assert isinstance(db, PostgresDatabase)
    bot = SimpleNamespace(metrics=MetricsRegistry("bench"))
    cluster = Cluster(
        cast(Any, bot), db, name=name, shards=shards, heartbeat_seconds=heartbeat, dispatch=lambda _: None
    )
    tables = StandInTables(TableStore(db, owner=name))
    await cluster.join()
    cluster.start_beating()
    await cluster.start(cast(Any, tables), cast(Any, tables))
    return cluster, tables


async def until_all(tables: StandInTables, table_ids: Sequence[int], limit: float) -> float:
    """When (monotonic) the last of ``table_ids`` was taken in by ``tables``; waits up to ``limit`` s."""
    deadline = time.monotonic() + limit
    while not all(table_id in tables.adopted_at for table_id in table_ids) and time.monotonic() < deadline:
        await asyncio.sleep(0.02)
    missing = [table_id for table_id in table_ids if table_id not in tables.adopted_at]
    if missing:
        raise RuntimeError(f"{len(missing)} table(s) never arrived")
    return max(tables.adopted_at[table_id] for table_id in table_ids)


async def handover(url: str, count: int, heartbeat: float) -> dict[str, float]:
    beta, beta_tables = await process(url, "beta", "1 of 2", heartbeat)
    # Servers of shard 1 of 2: (id >> 22) % 2 == 1.
    guilds = [((2 * i + 1) << 22) for i in range(count)]
    table_ids = []
    for index, guild in enumerate(guilds):
        record = await beta_tables.store.create(
            guild_id=guild,
            channel_id=10_000 + index,
            host_id=2,
            host_name="host",
            rules=Rules(),
            now=time.time(),
        )
        table_ids.append(record.id)
    await beta_tables.adopt(table_ids)
    alpha, alpha_tables = await process(url, "alpha", "0 of 2", heartbeat)
    # Beta is killed: its heartbeat, its looks and its database connections stop, its row stays.
    await beta.beat()
    silent_since = time.monotonic()
    for task in beta._tasks:
        task.cancel()
    beta.db.terminate()
    taken_over = await until_all(alpha_tables, table_ids, 10 * heartbeat + 30) - silent_since
    # Beta comes back under its name: the tables go home.
    back, back_tables = await process(url, "beta", "1 of 2", heartbeat)
    returned_at = time.monotonic()
    handed_back = await until_all(back_tables, table_ids, 10 * heartbeat + 30) - returned_at
    assert not alpha_tables.sessions, "alpha let every table go"
    for cluster in (alpha, back):
        await cluster.stop()
        await cluster.db.close()
    return {
        "tables": count,
        "taken_over": taken_over,
        "taken_over_beats": taken_over / heartbeat,
        "handed_back": handed_back,
        "handed_back_beats": handed_back / heartbeat,
    }


# -- report ----------------------------------------------------------------------------------------------


def table(rows: Sequence[tuple[str, dict[str, float]]], columns: Sequence[tuple[str, str, str]]) -> str:
    head = f"{'':34}" + "".join(f"{title:>14}" for title, _, _ in columns)
    lines = [head]
    for name, figures in rows:
        lines.append(f"{name:34}" + "".join(f"{format(figures[key], spec):>14}" for _, key, spec in columns))
    return "\n".join(lines)


async def part_one(server: str, tables: int, clicks: int) -> list[tuple[str, dict[str, float]]]:
    rows = []
    for config in ("sqlite, 1 process", "postgresql, 1 process", "postgresql, 2 processes"):
        url = None if config.startswith("sqlite") else await new_database(server)
        rows.append((config, await through_the_bot(config, url, tables, clicks)))
        print(f"  {config}: done", file=sys.stderr)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=8, help="tables through the bot (half per shard)")
    parser.add_argument("--clicks", type=int, default=60, help="game actions per table through the bot")
    parser.add_argument("--concurrency", type=int, default=16, help="tables per process in the storage part")
    parser.add_argument("--seconds", type=float, default=5.0, help="length of each storage run")
    parser.add_argument("--handover-tables", type=int, default=200, help="tables taken over and sent home")
    parser.add_argument("--heartbeat", type=float, default=5.0, help="WIZARD_HEARTBEAT_SECONDS for part 3")
    parser.add_argument("--only-handover", action="store_true", help="run part 3 alone")
    args = parser.parse_args()
    with postgres_server() as server:
        print(f"Take-over and hand-back ({args.handover_tables} tables, heartbeat {args.heartbeat:g} s):")
        url = asyncio.run(new_database(server))
        moved = asyncio.run(handover(url, args.handover_tables, args.heartbeat))
        print(
            f"  taken over {moved['taken_over']:.1f} s after the owner's last heartbeat"
            f" ({moved['taken_over_beats']:.1f} heartbeats)"
        )
        print(
            f"  sent home {moved['handed_back']:.1f} s after the home process came back"
            f" ({moved['handed_back_beats']:.1f} heartbeats)"
        )
        if args.only_handover:
            print(json.dumps({"handover": moved}))
            return
        print()
        time_answers()
        print("Through the bot (SimCord, one event loop; game clicks on hand messages in DMs):")
        rows = asyncio.run(part_one(server, args.tables, args.clicks))
        print(
            table(
                rows,
                [
                    ("clicks", "clicks", ".0f"),
                    ("handed over", "handed", ".0f"),
                    ("actions/s", "per_second", ".0f"),
                    ("p50 ms", "p50", ".1f"),
                    ("p99 ms", "p99", ".1f"),
                ],
            )
        )
        print()
        print(f"Storage across OS processes ({args.concurrency} tables per process, {args.seconds:g} s):")
        storage_rows = []
        with tempfile.TemporaryDirectory(prefix="wizard-cluster-bench-") as tmp:
            storage_rows.append(
                (
                    "sqlite, 1 process",
                    storage(str(Path(tmp) / "s.sqlite3"), 1, args.concurrency, args.seconds),
                )
            )
        for workers in (1, 2):
            url = asyncio.run(new_database(server))
            name = f"postgresql, {workers} process{'es' if workers > 1 else ''}"
            storage_rows.append((name, storage(url, workers, args.concurrency, args.seconds)))
        print(
            table(
                storage_rows,
                [
                    ("actions", "actions", ".0f"),
                    ("actions/s", "per_second", ".0f"),
                    ("p50 ms", "p50", ".2f"),
                    ("p99 ms", "p99", ".2f"),
                ],
            )
        )
        print(json.dumps({"bot": dict(rows), "storage": dict(storage_rows), "handover": moved}, indent=None))


if __name__ == "__main__":
    main()
