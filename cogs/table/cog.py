"""The game table's extension: what the bot loads to switch this feature on."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from cogs.server_settings.store import ServerSettingsStore
from cogs.table.components import FAMILIES
from cogs.table.manager import TableManager
from cogs.table.store import TableStore

if TYPE_CHECKING:
    from bot import WizardBot


async def setup(bot: WizardBot) -> None:
    tables = TableManager(bot, TableStore(bot.db, owner=bot.process_name), bot.service(ServerSettingsStore))
    bot.provide(tables, on_close=tables.close)
    bot.metrics.gauge(
        "open_tables",
        "Open tables, by status (lobby or playing)",
        ("status",),
        read=lambda: Counter(table.status for table in tables.tables.values()),
    )
    await tables.restore()
    bot.add_components(*FAMILIES)
