"""The cluster's extension: when processes share a PostgreSQL database, this one joins them."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from cogs.cluster.service import Cluster
from cogs.storage.postgres import PostgresDatabase
from cogs.table.registry import OpenTables
from cogs.table.restore import Restorer

if TYPE_CHECKING:
    from bot import WizardBot

log = logging.getLogger(__name__)


async def setup(bot: WizardBot) -> None:
    db = bot.db
    if not isinstance(db, PostgresDatabase):
        return  # SQLite: one process has the database to itself
    cluster = Cluster(
        bot,
        db,
        name=bot.process_name,
        shards=bot.shard_spec,
        heartbeat_seconds=bot.settings.heartbeat_seconds,
        dispatch=bot.dispatch_interaction_payload,
        shut_down=bot.close,
    )
    # Alive before the tables are read, and all along, so no other process takes this one's over while
    # they are rebuilt; a second live process under the same name stops here (ProcessNameInUseError).
    await cluster.join()
    cluster.start_beating()
    # Closed after the tables (the bot closes its services in reverse order): a clean stop leaves the
    # process list only once this process's clocks and computers have stopped.
    bot.provide(cluster, on_close=cluster.stop)
    bot.after_setup(lambda: cluster.start(bot.service(OpenTables), bot.service(Restorer)))
    log.info("Process %r (shards %s) shares the database with others", cluster.name, bot.shard_spec)
