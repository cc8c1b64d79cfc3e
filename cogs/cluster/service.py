"""The processes sharing one database: heartbeats, taking over the tables of a stopped process, and
handing interactions to the process that runs their table.

Exactly once: an interaction handed over is a row of ``handoffs``; whoever deletes that row serves the
interaction, the owner when it answers the NOTIFY in time, else the process that received it, which
then only says that nothing changed. A table changes hands by one conditional UPDATE of its ``owner``
under a row lock (``TableStore.claim``), and every write to a table checks its owner in the same
transaction (``TableStore._fence``): a process that was thought gone and comes back cannot write.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from cogs.hosting.payloads import RAW_INTERACTION
from cogs.storage.postgres import PostgresDatabase
from cogs.table.manager import TableManager
from cogs.table.model import Table
from cogs.table.store import SERVER_NOW
from cogs.utils.replies import Refusal, reader_texts

if TYPE_CHECKING:
    from bot import WizardBot

log = logging.getLogger(__name__)

CHANNEL = "wizard_handoff"
# How long the receiving process waits for the owner to claim a handed-over interaction before it
# answers itself: well inside Discord's 3 seconds for the first answer.
CLAIM_WAIT_SECONDS = 1.5
# Discord wants a first answer within 3 seconds of the interaction's creation; an interaction handed on
# twice must still leave the last process time to answer.
ANSWER_BY_SECONDS = 2.5
# Handed interactions nobody took are deleted after this long.
HANDOFF_KEPT_SECONDS = 60
# A heartbeat takes over at most this many tables (the rest at the next ones), so it stays short.
TAKEOVER_BATCH = 500
# The owner answers a handed interaction's NOTIFY with this one, once it has taken the interaction.
TAKEN = "taken"
# A handed-over interaction passes at most this many processes (a table that moved twice meanwhile).
MAX_HOPS = 2
HOPS_KEY = "wizard_hops"


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
    ) -> None:
        self.db = db
        self._tables: TableManager | None = None
        self.name = name
        self.shards = shards
        self.heartbeat_seconds = heartbeat_seconds
        # A process is gone when it has not beaten for this long.
        self.stale_seconds = 3 * heartbeat_seconds
        self._dispatch = dispatch
        self._tasks: list[asyncio.Task[None]] = []
        self._claims: set[asyncio.Task[None]] = set()
        self.handoffs = bot.metrics.counter(
            "handoffs_total",
            "Interactions for tables another process runs: handed over, served for another, or answered"
            " busy because the owner did not take them in time",
            ("outcome",),
        )
        # The interactions this process handed over, until their owner says it took them.
        self._waiting: dict[int, asyncio.Event] = {}
        self.takeovers = bot.metrics.counter(
            "takeovers_total", "Tables taken over from a process that stopped"
        )

    @property
    def tables(self) -> TableManager:
        if self._tables is None:
            raise RuntimeError("the cluster has not started")
        return self._tables

    def start_beating(self) -> None:
        """Beat every ``heartbeat_seconds`` from now on, whatever else this process is doing."""
        self._tasks.append(asyncio.create_task(self._beat_forever(), name="wizard-heartbeat"))

    async def start(self, tables: TableManager) -> None:
        """Route the tables' interactions for other processes through this one, listen for those handed
        to it, and start watching the other processes."""
        self._tables = tables
        tables.elsewhere = self
        await self.db.listen(CHANNEL, self._notified)
        self._tasks.append(asyncio.create_task(self._watch_forever(), name="wizard-cluster"))

    async def stop(self, *, clean: bool = True) -> None:
        """Stop beating; a clean stop also leaves the process list, so another process takes this one's
        tables over at once. Interactions already taken from another process are served first."""
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
            try:
                await self.db.execute("DELETE FROM processes WHERE name = ?", (self.name,))
            except Exception:
                log.exception("Could not leave the process list")

    async def beat(self) -> None:
        """Say this process is alive, by the database server's clock."""
        await self.db.execute(
            "INSERT INTO processes (name, shards, started_at, heartbeat_at)"
            f" VALUES (?, ?, {SERVER_NOW}, {SERVER_NOW})"
            " ON CONFLICT (name) DO UPDATE SET shards = excluded.shards,"
            " heartbeat_at = excluded.heartbeat_at",
            (self.name, self.shards),
        )

    async def _beat_forever(self) -> None:
        while True:
            await asyncio.sleep(self.heartbeat_seconds)
            await self._step("say this process is alive", self.beat)

    async def _watch_forever(self) -> None:
        while True:
            await asyncio.sleep(self.heartbeat_seconds)
            await self.tick()

    async def tick(self) -> None:
        """Look after the others once a heartbeat: listen again if the connection was lost, let go of
        tables another process took over, take over those of stopped processes, forget old handoffs.
        A step that fails is logged and the others still run."""
        await self._step("listen again", self.db.keep_listening)
        await self._step("let go of tables that moved", self._let_go)
        await self._step("take tables over", self.take_over)
        await self._step("show the standings of stopped processes' games", self.take_over_news)
        await self._step("forget old handoffs", self._forget_old_handoffs)

    async def _step(self, what: str, step: Callable[[], Awaitable[object]]) -> None:
        try:
            await step()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("Could not %s; trying again in %g s", what, self.heartbeat_seconds)

    async def _let_go(self) -> None:
        for table_id in await self.tables.store.moved_away(list(self.tables.tables)):
            table = self.tables.find(table_id)
            if table is not None:
                self.tables.forget(table)

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

    async def take_over(self) -> list[Table]:
        """Take over the open tables of processes that stopped beating (and of none), up to
        ``TAKEOVER_BATCH`` a heartbeat (the rest at the next ones); returns them."""
        store = self.tables.store
        orphans = await store.orphans(self.stale_seconds, TAKEOVER_BATCH)
        claimed = [
            table_id for table_id, owner in orphans if await store.claim(table_id, owner, self.stale_seconds)
        ]
        if not claimed:
            return []
        self.takeovers.inc(len(claimed))
        return await self.adopt(claimed)

    async def take_over_news(self) -> list[int]:
        """Show what stopped processes left unshown of games they finished (the final standings); returns
        those games."""
        store = self.tables.store
        orphans = await store.orphaned_news(self.stale_seconds, TAKEOVER_BATCH)
        claimed = [
            table_id
            for table_id, owner in orphans
            if await store.claim(table_id, owner, self.stale_seconds, status="finished")
        ]
        if claimed:
            await self.tables.show_finished(claimed)
        return claimed

    async def adopt(self, claimed: list[int]) -> list[Table]:
        """Load tables just claimed; if that fails, give them up again (no owner), so that a process
        (this one, at its next heartbeat, or the next click's) takes them over anew."""
        try:
            return await self.tables.adopt(claimed)
        except Exception:
            await self.tables.store.release(claimed)
            raise

    # -- interactions for tables elsewhere -----------------------------------------------------------

    async def route(self, interaction: discord.Interaction[WizardBot], table_id: int) -> Table | None:
        """Serve an interaction for table ``table_id``, which this process does not run: take the table
        over if its process is gone (returns it), else hand the interaction to that process (None)."""
        t = reader_texts(interaction)
        found = await self.tables.store.owner_of(table_id)
        if found is None or not found[1]:
            raise Refusal(t("table-refusal-no-longer-open"))
        owner = found[0]
        if owner == self.name:
            # Being opened or taken over by this process right now: it is here in a moment.
            raise Refusal(t("table-refusal-busy"))
        if owner is None or not await self.alive(owner):
            if await self.tables.store.claim(table_id, owner, self.stale_seconds):
                self.takeovers.inc()
                await self.adopt([table_id])
            table = self.tables.find(table_id)
            if table is None:  # someone else was quicker, or it could not be rebuilt
                raise Refusal(t("table-refusal-moved"))
            return table
        await self.hand_over(interaction, owner, t("table-refusal-busy"), t("table-refusal-moved"))
        return None

    async def hand_over(
        self, interaction: discord.Interaction[WizardBot], owner: str, busy: str, moved: str
    ) -> None:
        """Hand the interaction to process ``owner``, which answers it; if it has not taken it within
        ``CLAIM_WAIT_SECONDS``, take it back and answer ``busy`` (nothing was done)."""
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
            await self.db.notify(CHANNEL, f"{owner}\n{interaction.id}")
            self.handoffs.inc(outcome="handed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(taken.wait(), claim_wait(hops))
        finally:
            del self._waiting[interaction.id]
        if not taken.is_set() and await self._claim(interaction.id) is not None:
            log.warning("Process %s did not take interaction %d in time", owner, interaction.id)
            self.handoffs.inc(outcome="busy")
            raise Refusal(busy)

    async def _claim(self, interaction_id: int) -> str | None:
        row = await self.db.fetchone(
            "DELETE FROM handoffs WHERE interaction_id = ? RETURNING payload", (interaction_id,)
        )
        return None if row is None else str(row["payload"])

    def _notified(self, message: str) -> None:
        target, _, identifier = message.partition("\n")
        if not identifier.isdecimal():
            return
        if target == TAKEN:
            waiting = self._waiting.get(int(identifier))
            if waiting is not None:
                waiting.set()
            return
        if target != self.name:
            return
        task = asyncio.create_task(self._serve_handed(int(identifier)), name="wizard-handoff")
        self._claims.add(task)
        task.add_done_callback(self._claims.discard)

    async def _serve_handed(self, interaction_id: int) -> None:
        try:
            payload = await self._claim(interaction_id)
        except Exception:
            log.exception("Could not take handed-over interaction %d", interaction_id)
            return
        if payload is None:
            return  # the receiving process answered it already
        self.handoffs.inc(outcome="served")
        self._dispatch(json.loads(payload))
        try:
            await self.db.notify(CHANNEL, f"{TAKEN}\n{interaction_id}")
        except Exception:  # the receiving process then finds the interaction gone when it looks
            log.exception("Could not say that interaction %d was taken", interaction_id)


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
