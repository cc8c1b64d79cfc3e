"""Tables go home: a table runs in the process that runs its server's shard, whenever that process lives.

A process takes over the tables of a process that stopped (``service.Cluster.take_over``), whatever
their servers. Once a process runs a server's shard again (it came back, or started), the taker hands
those tables back at its next heartbeat's look (``Homecoming.send``): each between two moves, under the
table's lock, by a change of owner that only succeeds while the taker still owns it, with the members'
hand messages named for the next process to edit. The taker lets the table go (its clock and computers
stop) and tells the home process by a NOTIFY, which takes the tables in at once (``take_in``): they go on
where they stood, their turns' clocks with the time their players had left, and nothing is shown again.
A click that comes in between is handed to the new owner as any click for a table elsewhere, which takes
the table in first if it has not yet. A lost NOTIFY is made up for at the next heartbeat, which takes in
every table the process owns and does not run.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING

from cogs.storage import DATABASE_ERRORS
from cogs.table.model import now
from cogs.table.store import SERVER_NOW

if TYPE_CHECKING:
    from cogs.hosting.metrics import Counter
    from cogs.storage.postgres import PostgresDatabase
    from cogs.table.registry import OpenTables
    from cogs.table.restore import Restorer
    from cogs.table.session import TableSession

log = logging.getLogger(__name__)

# The kind of NOTIFY that hands tables home: "home\n<the process>\n<table id>,<table id>,…".
HOME = "home"
# Table ids named in one such NOTIFY (PostgreSQL takes payloads of up to 8,000 bytes).
HOME_BATCH = 400
# A table this process owns but does not run is taken in by a heartbeat's look only once it is this old
# (seconds): a lobby being opened here right now is owned before it is run.
TAKE_IN_AFTER_SECONDS = 30.0
# What telling another process may meet when the database fails.
_TELL_ERRORS: tuple[type[BaseException], ...] = (*DATABASE_ERRORS, OSError, TimeoutError)


class Homecoming:
    """Sends the tables of other processes' shards home, and takes in those sent home to this process."""

    def __init__(
        self,
        db: PostgresDatabase,
        *,
        name: str,
        shards: str,
        stale_seconds: float,
        sent: Counter,
        tell: Callable[[str], Awaitable[object]],
        may_take_in: Callable[[], bool],
    ) -> None:
        self.db = db
        self.name = name
        self.shards = shards
        self.stale_seconds = stale_seconds
        # Tables sent home (``/metrics``), and how the other processes are told (a NOTIFY).
        self.sent = sent
        self.tell = tell
        # Whether this process may take tables in now (it runs, and is not cut off from the database).
        self.may_take_in = may_take_in
        self.tables: OpenTables[TableSession] | None = None
        self.restorer: Restorer | None = None
        # One load at a time of the tables this process owns but does not run.
        self._taking_in = asyncio.Lock()

    async def send(self) -> list[int]:
        """Hand back the tables this process runs for servers whose shard another live process runs;
        returns the tables sent."""
        mine = parse_shards(self.shards)
        if mine is None or self.tables is None:
            return []
        own, count = mine
        if len(own) == count:
            return []  # every server's shard is this process's
        away = [s for s in self.tables.sessions.values() if shard_of(s.table.guild_id, count) not in own]
        if not away:
            return []
        homes = await self.homes(count)
        # A table with news still to show, or a table message edit still to come, goes at a later look:
        # what this process owes its members is shown by this process.
        waiting = set(await self.tables.store.pending())
        sent: dict[str, list[int]] = {}
        for session in away:
            home = homes.get(shard_of(session.table.guild_id, count))
            if home is None or session.table.id in waiting or session.redraw is not None:
                continue
            async with session.lock:
                hands = {seat: (hand.channel.id, hand.id) for seat, hand in session.hands.items()}
                if session.is_open and await self.tables.store.hand_home(session.table.id, home, hands):
                    self.tables.forget(session, handed=True)
                    sent.setdefault(home, []).append(session.table.id)
        for home, table_ids in sent.items():
            log.info("Sent %d table(s) home to %s: %s", len(table_ids), home, ", ".join(map(str, table_ids)))
            self.sent.inc(len(table_ids))
            for start in range(0, len(table_ids), HOME_BATCH):
                batch = ",".join(map(str, table_ids[start : start + HOME_BATCH]))
                try:
                    await self.tell(f"{HOME}\n{home}\n{batch}")
                except _TELL_ERRORS:
                    # It finds them at its next heartbeat, or at their next click.
                    log.warning("Could not tell %s of the tables sent home to it", home, exc_info=True)
        return [table_id for table_ids in sent.values() for table_id in table_ids]

    async def homes(self, count: int) -> dict[int, str]:
        """The live processes other than this one that run shards of ``count`` shards, by shard."""
        rows = await self.db.fetchall(
            f"SELECT name, shards FROM processes WHERE name <> ? AND heartbeat_at >= {SERVER_NOW} - ?",
            (self.name, self.stale_seconds),
        )
        homes: dict[int, str] = {}
        for row in rows:
            theirs = parse_shards(str(row["shards"]))
            if theirs is not None and theirs[1] == count:
                homes.update(dict.fromkeys(theirs[0], str(row["name"])))
        return homes

    def sent_here(self, notified: str) -> list[int]:
        """The tables a "home" NOTIFY (without its kind) sends to this process; none if it names another."""
        name, _, listed = notified.partition("\n")
        if name != self.name:
            return []
        return [int(part) for part in listed.split(",") if part.isdecimal()]

    async def take_in(
        self, table_ids: Sequence[int] | None = None, *, handed: bool = False
    ) -> list[TableSession]:
        """Load tables this process owns and does not run: ``table_ids``, or without them every such table
        opened more than ``TAKE_IN_AFTER_SECONDS`` ago (a NOTIFY lost; a restored database). Those
        ``handed`` home by another process's NOTIFY go on where they stood; others are shown again as
        after a restart (their hands sent anew to the members to act: this process cannot know what was
        shown). Returns the sessions now here."""
        tables, restorer = self.tables, self.restorer
        if tables is None or restorer is None or not self.may_take_in():
            return []
        async with self._taking_in:
            if table_ids is None:
                table_ids = await tables.store.owned(opened_before=now() - TAKE_IN_AFTER_SECONDS)
            owned = set(await tables.store.owned()) if table_ids else set()
            missing = [t for t in table_ids if t in owned and tables.find(t) is None]
            if not missing:
                return []
            try:
                return await restorer.adopt(missing, handed=handed)
            except Exception:
                await tables.store.release(missing)
                raise


def parse_shards(spec: str) -> tuple[frozenset[int], int] | None:
    """The shards a process runs and of how many, from its spec in ``processes`` ("0-1,3 of 4", as
    ``WizardBot.shard_spec`` writes it); None for an unsharded process ("all") or a spec not understood."""
    ids, _, count = spec.partition(" of ")
    if not count.isdecimal():
        return None
    found: set[int] = set()
    for part in ids.split(","):
        low, dash, high = part.partition("-")
        if not low.isdecimal() or (dash and not high.isdecimal()):
            return None
        found.update(range(int(low), int(high if dash else low) + 1))
    return frozenset(found), int(count)


def shard_of(guild_id: int, count: int) -> int:
    """The shard of ``count`` whose gateway connection receives a server's events (Discord's formula)."""
    return (guild_id >> 22) % count
