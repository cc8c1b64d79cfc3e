"""The processes sharing one database: heartbeats, taking over the tables of a stopped process, and
handing interactions to the process that runs their table.

Exactly once: an interaction handed over is a row of ``handoffs``; whoever deletes that row serves the
interaction, the owner when it hears the NOTIFY (or finds the row itself, a NOTIFY lost) in time, else
the process that received it, which then only says that nothing changed. A table changes hands by a
conditional UPDATE of its ``owner`` under a row lock (``TableStore.claim``, ``claim_orphans``), and every
write to a table checks its owner in the same transaction (``TableStore._fence``): a process that was
thought gone and comes back cannot write. A process whose own heartbeat has not been written for most
of the time after which others take its tables lets go of them first (it stops their clocks and
computers), and takes back at its next heartbeat those nobody took meanwhile.

A process is known by its name and, for one run of it, a random instance id: a second live process
started under a name in use is refused, and a process whose name another run has taken stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import tasks

from cogs.cluster.home import HOME, Homecoming
from cogs.hosting.payloads import RAW_INTERACTION
from cogs.storage import DATABASE_ERRORS
from cogs.storage.postgres import PostgresDatabase
from cogs.table.components import TableComponent, check_place
from cogs.table.registry import OpenTables
from cogs.table.restore import Restorer
from cogs.table.session import TableSession
from cogs.table.store import SERVER_NOW
from cogs.utils.components import SERVED
from cogs.utils.config import SettingsError
from cogs.utils.replies import Refusal, reader_texts

if TYPE_CHECKING:
    from bot import WizardBot

log = logging.getLogger(__name__)

CHANNEL = "wizard_handoff"
# A process silent for this many heartbeats is gone: others take its tables over.
SILENT_HEARTBEATS = 3
# How long the receiving process waits for the owner to claim a handed-over interaction before it
# answers itself: well inside Discord's 3 seconds for the first answer.
CLAIM_WAIT_SECONDS = 1.5
# Discord wants a first answer within 3 seconds of the interaction's creation; an interaction handed on
# twice must still leave the last process time to answer. An owner serves no handed interaction older
# than this (one whose receiver could not take it back, or died).
ANSWER_BY_SECONDS = 2.5
# How often a process looks for interactions handed to it whose NOTIFY it did not hear (its listening
# connection lost and not yet noticed): one index lookup, well within CLAIM_WAIT_SECONDS, from the moment
# another live process shares the database.
POLL_SECONDS = 0.5
# Handed interactions nobody took are deleted after this long.
HANDOFF_KEPT_SECONDS = 60
# Tables are claimed and read this many at a time (one statement claims a batch); a look takes over all
# it finds, batch after batch.
TAKEOVER_BATCH = 500
# How long a process starting under a name another run holds (a fresh heartbeat) waits for that run to
# say it is alive; silent, it died, and the new one takes its place.
ALIVE_WAIT_SECONDS = 1.0
# The kinds of NOTIFY besides a handoff ("<target process>\n<interaction id>"): the owner took an
# interaction; is the process of this name alive; it is (with its instance id).
TAKEN = "taken"
ASK_ALIVE = "alive?"
ALIVE = "alive"
# A handed-over interaction passes at most this many processes (a table that moved twice meanwhile).
MAX_HOPS = 2
HOPS_KEY = "wizard_hops"
# What taking back a handed interaction meets when the database fails.
_FAILED: tuple[type[BaseException], ...] = (*DATABASE_ERRORS, OSError, TimeoutError)


class ProcessNameInUseError(SettingsError):
    """Another live process runs under this process's name."""

    def __init__(self, name: str) -> None:
        super().__init__(
            f"Another live process uses the name {name!r} on this database (it answered that it is alive). "
            "Give each process its own WIZARD_PROCESS_NAME, or stop the other one first."
        )
        self.name = name


class Cluster:
    """This process among the others that share the database."""

    def __init__(
        self,
        bot: WizardBot,
        db: PostgresDatabase,
        *,
        name: str,
        shards: str,
        heartbeat_seconds: float,
        dispatch: Callable[[dict[str, Any]], None],
        shut_down: Callable[[], Coroutine[Any, Any, object]] | None = None,
        poll_seconds: float = POLL_SECONDS,
    ) -> None:
        self.db = db
        self._tables: OpenTables[TableSession] | None = None
        self._restorer: Restorer | None = None
        self.name = name
        # This run of the process: two live processes given the same name differ here.
        self.instance = secrets.token_hex(8)
        self.shards = shards
        self.heartbeat_seconds = heartbeat_seconds
        # A process is gone when it has not beaten for this long.
        self.stale_seconds = SILENT_HEARTBEATS * heartbeat_seconds
        # This process lets go of its tables when its own heartbeat is this old: half a heartbeat before
        # another process may take them.
        self.cut_off_seconds = self.stale_seconds - heartbeat_seconds / 2
        self._dispatch = dispatch
        self._shut_down = shut_down
        self._tasks: list[asyncio.Task[None]] = []
        self._beating: asyncio.Task[None] | None = None
        self._claims: set[asyncio.Task[None]] = set()
        self._background: set[asyncio.Task[Any]] = set()
        # The interactions handed to this process being taken now (heard or found).
        self._serving: set[int] = set()
        # When (the event loop's clock) the last heartbeat that was written was sent.
        self._beaten_at: float | None = None
        # The same moment by the machine's monotonic clock (``perf_counter``, which goes on while the
        # process is stopped) and by the wall clock (which also goes on while a virtual machine is frozen),
        # neither of which anything replaces (the event loop's clock and ``time.monotonic`` may be a
        # simulated one in tests): what ``current`` judges by.
        self._beaten_real: tuple[float, float] | None = None
        # Whether this process let go of its tables (its heartbeat too old), and whether it stopped or
        # found its name taken by another run.
        self.cut_off = False
        self.displaced = False
        self._stopped = False
        self._listening = False
        # Answers to "is the process of this name alive?", by the instance that answered.
        self._alive_answers: dict[str, asyncio.Event] = {}
        self._poll = tasks.loop(seconds=poll_seconds)(self._poll_handoffs)
        self.handoffs = bot.metrics.counter(
            "handoffs_total",
            "Interactions for tables another process runs: handed over, served for another, answered"
            " busy because the owner did not take them in time, or left unanswered because the database"
            " failed as they were taken back (unsure)",
            ("outcome",),
        )
        # The interactions this process handed over, until their owner says it took them.
        self._waiting: dict[int, asyncio.Event] = {}
        self.takeovers = bot.metrics.counter(
            "takeovers_total", "Tables taken over from a process that stopped"
        )
        # Tables go home to the process of their server's shard.
        self.homecoming = Homecoming(
            db,
            name=name,
            shards=shards,
            stale_seconds=self.stale_seconds,
            sent=bot.metrics.counter(
                "tables_sent_home_total", "Tables handed back to the process that runs their server's shard"
            ),
            tell=lambda message: db.notify(CHANNEL, message),
            may_take_in=lambda: not self.cut_off and self._running(),
        )

    @property
    def restorer(self) -> Restorer:
        if self._restorer is None:
            raise RuntimeError("the cluster has not started")
        return self._restorer

    @property
    def tables(self) -> OpenTables[TableSession]:
        if self._tables is None:
            raise RuntimeError("the cluster has not started")
        return self._tables

    # -- this process among the others ---------------------------------------------------------------

    async def join(self) -> None:
        """Enter the process list under this process's name, with a first heartbeat.

        If another run holds the name and its heartbeat is fresh, it is asked whether it is alive: it is,
        and this one refuses to start (``ProcessNameInUseError``); it stays silent (a process that died,
        whose heartbeat has not aged yet), and this one takes its place.
        """
        await self._listen()
        if await self._enter():
            return
        holder = await self.db.fetchone("SELECT instance FROM processes WHERE name = ?", (self.name,))
        if holder is not None and await self._answers(str(holder["instance"])):
            raise ProcessNameInUseError(self.name)
        log.warning("Process %r did not answer; this one takes its place", self.name)
        await self._enter(anyway=True)

    async def _enter(self, *, anyway: bool = False) -> bool:
        """Write this process's heartbeat, unless another run holds the name and its heartbeat is fresh
        (written ``anyway`` then); True when written."""
        sent, sent_real = asyncio.get_running_loop().time(), (time.perf_counter(), time.time())
        held = "" if anyway else f" WHERE p.instance = excluded.instance OR p.heartbeat_at < {SERVER_NOW} - ?"
        written = await self.db.execute(
            "INSERT INTO processes AS p (name, shards, instance, started_at, heartbeat_at)"
            f" VALUES (?, ?, ?, {SERVER_NOW}, {SERVER_NOW}) ON CONFLICT (name) DO UPDATE"
            " SET shards = excluded.shards, heartbeat_at = excluded.heartbeat_at,"
            " instance = excluded.instance, started_at = CASE WHEN p.instance = excluded.instance"
            f" THEN p.started_at ELSE excluded.started_at END{held}",
            (self.name, self.shards, self.instance) + (() if anyway else (self.stale_seconds,)),
        )
        if written:
            self._beaten_at, self._beaten_real = sent, sent_real
        return bool(written)

    async def _answers(self, instance: str) -> bool:
        """Whether run ``instance`` of this process's name says it is alive within ``ALIVE_WAIT_SECONDS``."""
        answered = self._alive_answers[instance] = asyncio.Event()
        try:
            await self.db.notify(CHANNEL, f"{ASK_ALIVE}\n{self.name}\n{self.instance}")
            # Timed by the database server, as heartbeats are, a tenth at a time: no timer of this event
            # loop, which may not run its timers yet while the bot starts (SimCord's does not).
            for _ in range(10):
                if answered.is_set():
                    break
                await self.db.execute("SELECT pg_sleep(?)", (ALIVE_WAIT_SECONDS / 10,))
        finally:
            del self._alive_answers[instance]
        return answered.is_set()

    async def _listen(self) -> None:
        if not self._listening:
            self._listening = True
            await self.db.listen(CHANNEL, self._notified)

    def _running(self) -> bool:
        """Whether this run still works: beating (once it has begun), not stopped or displaced."""
        beating = self._beating is None or not self._beating.done()
        return beating and not self._stopped and not self.displaced

    def current(self) -> bool:
        """Whether this process may still act for its tables (``OpenTables.current``): it runs, has not let
        go of them, and its last heartbeat was written recently enough that no other process may have
        taken them over yet.

        Asked before every message written for a table, and timed by the machine's monotonic clock at
        that moment: a process that was paused (stopped, frozen, a long pause of the collector) after it
        stored a move and before it showed it learns here, on waking, that the table may have moved on
        without it, before its heartbeat task has had a turn to let go of the tables.
        """
        if self.cut_off or self._stopped or self.displaced:
            return False
        if self._beaten_real is None or self._beating is None:
            return True  # not beating yet: no table is this process's yet
        monotonic, wall = self._beaten_real
        # The larger of the two: the monotonic clock may stand still while a virtual machine is frozen or
        # suspended, and the wall clock may be set back.
        silent = max(time.perf_counter() - monotonic, time.time() - wall)
        return silent < self.cut_off_seconds

    def _holds_name(self) -> bool:
        """Whether this run is the live process of its name: it entered the process list and runs."""
        return self._beaten_at is not None and self._running()

    def start_beating(self) -> None:
        """Beat every ``heartbeat_seconds`` from now on, whatever else this process is doing, and let go of
        the tables if the heartbeat cannot be written for too long."""
        self._beating = asyncio.create_task(self._beat_forever(), name="wizard-heartbeat")
        self._tasks.append(self._beating)
        self._tasks.append(asyncio.create_task(self._mind_heartbeat(), name="wizard-heartbeat-age"))

    async def start(self, tables: OpenTables[TableSession], restorer: Restorer) -> None:
        """Route the tables' interactions for other processes through this one, serve those handed to it,
        and start watching the other processes (taking tables in through ``restorer``)."""
        self._tables = tables
        self._restorer = restorer
        tables.elsewhere = self
        self.homecoming.tables, self.homecoming.restorer = tables, restorer
        if self.cut_off:
            self._let_go_of_all()
        await self._listen()
        self._tasks.append(asyncio.create_task(self._watch_forever(), name="wizard-cluster"))
        await self._step("look for other processes", self._poll_when_shared)

    async def stop(self, *, clean: bool = True) -> None:
        """Stop beating; a clean stop stops the tables' clocks and computers, then leaves the process
        list, so another process takes this one's tables over at once. Interactions already taken from
        another process are served first."""
        self._stopped = True
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks.clear()
        if self._claims:
            _, late = await asyncio.wait(set(self._claims), timeout=CLAIM_WAIT_SECONDS)
            for task in late:
                task.cancel()
        if clean and not self.db.closed:
            if self._tables is not None:
                self._tables.close()  # nothing runs here once another process may take the tables
            try:
                await self.db.execute(
                    "DELETE FROM processes WHERE name = ? AND instance = ?", (self.name, self.instance)
                )
            except Exception:
                log.exception("Could not leave the process list")

    async def beat(self) -> None:
        """Say this process is alive, by the database server's clock. Raises ``ProcessNameInUseError``
        when another run of this name holds it now (it started while this one was silent)."""
        if not await self._enter():
            raise ProcessNameInUseError(self.name)

    async def _beat_forever(self) -> None:
        while True:
            await asyncio.sleep(self.heartbeat_seconds)
            try:
                await asyncio.wait_for(self.beat(), self.heartbeat_seconds)
            except ProcessNameInUseError:
                self._displace()
                return
            except Exception:
                log.exception("Could not write the heartbeat; trying again in %g s", self.heartbeat_seconds)
                continue
            if self.cut_off:
                await self._step("take back this process's tables", self.take_back)

    def _displace(self) -> None:
        """Another run of this process's name started while this one was silent: it runs the tables now,
        and this one stops."""
        log.error(
            "Another process took the name %r while this one was silent; this one lets go of its tables"
            " and stops",
            self.name,
        )
        self.displaced = True
        self._let_go_of_all()
        if self._shut_down is not None:
            task = asyncio.create_task(self._shut_down(), name="wizard-displaced")
            self._background.add(task)
            task.add_done_callback(self._background.discard)

    async def _mind_heartbeat(self) -> None:
        """Let go of every table once this process's last written heartbeat is ``cut_off_seconds`` old, so
        no clock or computer of this process runs when another may have taken its tables over."""
        loop = asyncio.get_running_loop()
        while True:
            assert self._beaten_at is not None, "join() writes the first heartbeat"
            left = self._beaten_at + self.cut_off_seconds - loop.time()
            if left > 0:
                await asyncio.sleep(left)
                continue
            if not self.cut_off:
                log.error(
                    "No heartbeat written for %g s: this process lets go of its tables until it can write"
                    " one again",
                    loop.time() - self._beaten_at,
                )
                self._let_go_of_all()
            await asyncio.sleep(self.heartbeat_seconds)

    def _let_go_of_all(self) -> None:
        self.cut_off = True
        if self._tables is not None:
            for session in list(self._tables.sessions.values()):
                self._tables.forget(session)

    async def take_back(self) -> list[TableSession]:
        """After this process let go of its tables: take back those still in its name (nobody took them
        over meanwhile), once its heartbeat is fresh again."""
        loop = asyncio.get_running_loop()
        if self._beaten_at is None or loop.time() - self._beaten_at >= self.cut_off_seconds:
            return []
        taken: list[TableSession] = []
        if self._tables is not None:
            # Should this fail, this process stays cut off and tries again at its next heartbeat.
            owned = await self.tables.store.owned()
            missing = [table_id for table_id in owned if self.tables.find(table_id) is None]
            if missing:
                log.info("Taking back %d table(s) of this process", len(missing))
                taken = await self.adopt(missing)
            # The standings of games this process finished but, cut off, did not show.
            finished = [t for t in await self.tables.store.pending() if self.tables.find(t) is None]
            if finished:
                await self.restorer.show_finished(finished)
        self.cut_off = False
        return taken

    async def _watch_forever(self) -> None:
        while True:
            await asyncio.sleep(self.heartbeat_seconds)
            await self.tick()

    async def tick(self) -> None:
        """Look after the others once a heartbeat: listen again if the connection was lost, let go of
        tables another process took over, take over those of stopped processes, forget old handoffs.
        A step that fails is logged and the others still run."""
        await self._step("listen again", self._listen_again)
        await self._step("look for other processes", self._poll_when_shared)
        await self._step("let go of tables that moved", self._let_go)
        if not self.cut_off:
            await self._step("take tables over", self.take_over)
            await self._step("show the standings of stopped processes' games", self.take_over_news)
            await self._step("send tables home", self.homecoming.send)
            await self._step("take in tables sent home", self.homecoming.take_in)
        await self._step("forget old handoffs", self._forget_old_handoffs)

    async def _step(self, what: str, step: Callable[[], Awaitable[object]]) -> None:
        try:
            await step()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("Could not %s; trying again in %g s", what, self.heartbeat_seconds)

    async def _listen_again(self) -> None:
        if await self.db.keep_listening():
            await self.pick_up_handoffs()  # their NOTIFYs were lost with the connection

    async def _let_go(self) -> None:
        for table_id in await self.tables.store.moved_away(list(self.tables.sessions)):
            session = self.tables.find(table_id)
            if session is not None:
                self.tables.forget(session)

    async def _forget_old_handoffs(self) -> None:
        await self.db.execute(
            f"DELETE FROM handoffs WHERE created_at < {SERVER_NOW} - ?", (HANDOFF_KEPT_SECONDS,)
        )

    async def alive(self, name: str) -> bool:
        """Whether process `name` has beaten within the last three heartbeats."""
        row = await self.db.fetchone(
            f"SELECT heartbeat_at >= {SERVER_NOW} - ? AS alive FROM processes WHERE name = ?",
            (self.stale_seconds, name),
        )
        return row is not None and bool(row["alive"])

    async def take_over(self) -> list[TableSession]:
        """Take over the open tables of processes that stopped beating (and of none), all those found,
        ``TAKEOVER_BATCH`` claimed in one statement at a time; returns them."""
        taken: list[TableSession] = []
        while True:
            claimed = await self.tables.store.claim_orphans(self.stale_seconds, TAKEOVER_BATCH)
            if claimed:
                self.takeovers.inc(len(claimed))
                taken += await self.adopt(claimed)
            if len(claimed) < TAKEOVER_BATCH:
                return taken

    async def take_over_news(self) -> list[int]:
        """Show what stopped processes left unshown of games they finished (the final standings); returns
        those games."""
        claimed = await self.tables.store.claim_orphans(self.stale_seconds, TAKEOVER_BATCH, status="finished")
        if claimed:
            await self.restorer.show_finished(claimed)
        return claimed

    async def adopt(self, claimed: list[int]) -> list[TableSession]:
        """Load tables just claimed; if that fails, give them up again (no owner), so that a process
        (this one, at its next heartbeat, or the next click's) takes them over anew."""
        try:
            return await self.restorer.adopt(claimed)
        except Exception:
            await self.tables.store.release(claimed)
            raise

    # -- interactions for tables elsewhere -----------------------------------------------------------

    async def route(self, interaction: discord.Interaction[WizardBot], table_id: int) -> TableSession | None:
        """Serve an interaction for table ``table_id``, which this process does not run: take the table
        over if its process is gone (returns it), else hand the interaction to that process (None).

        An interaction from anywhere but the table's channel (a forged id of another server's table) is
        refused first, as the table's controls refuse it, before anything is taken over or handed on."""
        t = reader_texts(interaction)
        found = await self.tables.store.owner_of(table_id)
        if found is None:
            raise Refusal(t("table-refusal-no-longer-open"))
        if not check_place(interaction, found.guild_id, found.channel_id, in_dms=works_in_dms(interaction)):
            raise Refusal(t("table-refusal-elsewhere"))
        if not found.open:
            raise Refusal(t("table-refusal-no-longer-open"))
        owner = found.owner
        if owner == self.name:
            # Sent home to this process a moment ago, its NOTIFY not acted on yet: taken in now. (Or being
            # taken over right now, or let go of while the heartbeat could not be written: here soon.)
            await self.homecoming.take_in([table_id])
            session = self.tables.find(table_id)
            if session is None:
                raise Refusal(t("table-refusal-busy"))
            return session
        if owner is None or not await self.alive(owner):
            if await self.tables.store.claim(table_id, owner, self.stale_seconds):
                self.takeovers.inc()
                await self.adopt([table_id])
            session = self.tables.find(table_id)
            if session is None:  # someone else was quicker, or it could not be rebuilt
                raise Refusal(t("table-refusal-moved"))
            return session
        await self.hand_over(
            interaction,
            owner,
            t("table-refusal-busy"),
            t("table-refusal-moved"),
            unsure=t("table-refusal-unsure"),
        )
        return None

    async def hand_over(
        self,
        interaction: discord.Interaction[WizardBot],
        owner: str,
        busy: str,
        moved: str,
        *,
        unsure: str | None = None,
    ) -> None:
        """Hand the interaction to process ``owner``, which answers it; if it has not taken it within
        ``CLAIM_WAIT_SECONDS``, take it back and answer ``busy`` (nothing was done).

        If the database fails as the interaction is taken back (twice), whether the owner took it cannot
        be known: the player is never told that nothing changed, only ``unsure`` (if given: look at the
        table), which fails harmlessly if the owner has answered already."""
        payload = raw_payload(interaction)
        hops = 0 if payload is None else int(payload.get(HOPS_KEY, 0))
        if payload is None or hops >= MAX_HOPS:
            raise Refusal(moved)
        payload = {**payload, HOPS_KEY: hops + 1}
        await self.db.execute(
            "INSERT INTO handoffs (interaction_id, target, payload, created_at)"
            f" VALUES (?, ?, ?, {SERVER_NOW})",
            (interaction.id, owner, json.dumps(payload)),
        )
        taken = self._waiting[interaction.id] = asyncio.Event()
        try:
            try:
                await self.db.notify(CHANNEL, f"{owner}\n{interaction.id}")
            except _FAILED:  # the owner may still find the row when it looks; it is taken back otherwise
                log.warning("Could not tell %s of interaction %d", owner, interaction.id, exc_info=True)
            self.handoffs.inc(outcome="handed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(taken.wait(), claim_wait(hops))
        finally:
            del self._waiting[interaction.id]
        if taken.is_set():
            return
        took_back = await self._take_back(interaction.id, owner)
        if took_back is None:
            self.handoffs.inc(outcome="unsure")
            if unsure is not None:
                raise Refusal(unsure)
        elif took_back:
            log.warning("Process %s did not take interaction %d in time", owner, interaction.id)
            self.handoffs.inc(outcome="busy")
            raise Refusal(busy)

    async def _take_back(self, interaction_id: int, owner: str) -> bool | None:
        """Take back an interaction handed over: True if done, False when its owner took it first,
        None when the database failed twice (which of the two is not known)."""
        for attempt in (1, 2):
            try:
                deleted = await self.db.execute(
                    "DELETE FROM handoffs WHERE interaction_id = ?", (interaction_id,)
                )
            except _FAILED:
                log.warning(
                    "Could not take back interaction %d handed to %s (attempt %d of 2)",
                    interaction_id,
                    owner,
                    attempt,
                    exc_info=True,
                )
                continue
            return deleted > 0
        return None

    def _notified(self, message: str) -> None:
        kind, _, rest = message.partition("\n")
        if kind == ASK_ALIVE:
            name, _, asker = rest.partition("\n")
            if name == self.name and asker != self.instance and self._holds_name():
                self._in_background(self.db.notify(CHANNEL, f"{ALIVE}\n{self.name}\n{self.instance}"))
            return
        if kind == ALIVE:
            name, _, instance = rest.partition("\n")
            answered = self._alive_answers.get(instance)
            if name == self.name and answered is not None:
                answered.set()
            return
        if kind == HOME:
            table_ids = self.homecoming.sent_here(rest)
            if table_ids:
                self._in_background(self.homecoming.take_in(table_ids, handed=True))
            return
        if not rest.isdecimal():
            return
        if kind == TAKEN:
            waiting = self._waiting.get(int(rest))
            if waiting is not None:
                waiting.set()
            return
        if kind == self.name and self._tables is not None and self._running():
            self._serve_later(int(rest))

    def _in_background(self, work: Awaitable[object]) -> None:
        async def run() -> None:
            try:
                await work
            except Exception:
                log.exception("A cluster message could not be sent")

        task = asyncio.create_task(run(), name="wizard-cluster-message")
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def _serve_later(self, interaction_id: int) -> None:
        if interaction_id in self._serving:
            return  # heard and found at once: taken by one of them
        self._serving.add(interaction_id)
        task = asyncio.create_task(self._serve_handed(interaction_id), name="wizard-handoff")
        self._claims.add(task)
        task.add_done_callback(self._claims.discard)
        task.add_done_callback(lambda _: self._serving.discard(interaction_id))

    async def _poll_when_shared(self) -> None:
        """Look for handed interactions every ``POLL_SECONDS`` from the moment another live process shares
        the database (none hands this one anything before)."""
        if self._poll.is_running():
            return
        others = await self.db.fetchone(
            f"SELECT count(*) AS n FROM processes WHERE name <> ? AND heartbeat_at >= {SERVER_NOW} - ?",
            (self.name, self.stale_seconds),
        )
        if others is not None and others["n"]:
            self._tasks.append(self._poll.start())

    async def _poll_handoffs(self) -> None:
        try:
            await self.pick_up_handoffs()
        except Exception:
            log.exception("Could not look for interactions handed to this process")

    async def pick_up_handoffs(self) -> list[int]:
        """Serve the interactions handed to this process and not taken yet, whether or not their NOTIFY
        arrived (a lost listening connection loses them); returns those found."""
        if self._tables is None or not self._running():
            return []
        rows = await self.db.fetchall(
            f"SELECT interaction_id FROM handoffs WHERE target = ? AND created_at >= {SERVER_NOW} - ?",
            (self.name, ANSWER_BY_SECONDS),
        )
        found = [int(row["interaction_id"]) for row in rows]
        for interaction_id in found:
            self._serve_later(interaction_id)
        return found

    async def _serve_handed(self, interaction_id: int) -> None:
        try:
            row = await self.db.fetchone(
                "DELETE FROM handoffs WHERE interaction_id = ? AND target = ?"
                f" RETURNING payload, created_at >= {SERVER_NOW} - ? AS fresh",
                (interaction_id, self.name, ANSWER_BY_SECONDS),
            )
        except Exception:
            log.exception("Could not take handed-over interaction %d", interaction_id)
            return
        if row is None:
            return  # the receiving process answered it already
        if not row["fresh"]:
            log.warning("Handed-over interaction %d is too old to answer; dropped", interaction_id)
            return
        self.handoffs.inc(outcome="served")
        self._dispatch(json.loads(row["payload"]))
        try:
            await self.db.notify(CHANNEL, f"{TAKEN}\n{interaction_id}")
        except Exception:  # the receiving process then finds the interaction gone when it looks
            log.exception("Could not say that interaction %d was taken", interaction_id)


def works_in_dms(interaction: discord.Interaction[Any]) -> bool:
    """Whether the interaction is a click of a table control that is also sent by direct message (the
    family that took the click says, ``cogs.utils.components.SERVED``)."""
    family = interaction.extras.get(SERVED)
    return isinstance(family, type) and issubclass(family, TableComponent) and family.in_dms


def claim_wait(hops: int) -> float:
    """How long the owner has to take a handed interaction: ``CLAIM_WAIT_SECONDS`` the first time, and
    what is left of ``ANSWER_BY_SECONDS`` after that when it is handed on again (a table that moved
    meanwhile), so that its last answer still comes within Discord's 3 seconds. No clock is read:
    hosts' clocks may differ from Discord's."""
    return CLAIM_WAIT_SECONDS if hops == 0 else ANSWER_BY_SECONDS - CLAIM_WAIT_SECONDS


def raw_payload(interaction: discord.Interaction[Any]) -> dict[str, Any] | None:
    """The gateway payload an interaction was made from (kept by the bot as it arrived)."""
    payload = RAW_INTERACTION.get()
    if payload is None or str(payload.get("id")) != str(interaction.id):
        return None
    return payload
