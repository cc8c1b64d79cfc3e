"""The game table's extension: what the bot loads to switch this feature on.

It puts the table service together: the parts every session shares (``session.TableParts``), the registry
of open tables, the lobby opener and the restorer, then brings the open tables back.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from cogs.members.store import MemberSettingsStore
from cogs.server_settings.store import ServerSettingsStore
from cogs.table.announce import Announcer
from cogs.table.clock import TurnClock
from cogs.table.components import FAMILIES
from cogs.table.computers import Thinkers
from cogs.table.delivery import Delivery
from cogs.table.driver import ComputerDriver
from cogs.table.heap import LongLived
from cogs.table.lobby_flow import Lobbies
from cogs.table.model import Table
from cogs.table.outbox import Outbox
from cogs.table.pictures import Painters, draw_in
from cogs.table.registry import OpenTables
from cogs.table.restore import Restorer
from cogs.table.session import TableParts, TableSession
from cogs.table.store import TableStore

if TYPE_CHECKING:
    from bot import WizardBot


def open_tables(
    bot: WizardBot,
    store: TableStore,
    server_settings: ServerSettingsStore,
    thinkers: Thinkers | None = None,
    members: MemberSettingsStore | None = None,
) -> tuple[OpenTables[TableSession], Lobbies, Restorer]:
    """The table service of one bot: the registry of open tables, the lobby opener and the restorer, with
    everything they work with; computers think in ``thinkers`` (else in a thread)."""
    settings = bot.settings
    registry: OpenTables[TableSession] = OpenTables(store)
    delivery = Delivery(bot, may_write=registry.may_write)
    parts = TableParts(
        bot=bot,
        store=store,
        server_settings=server_settings,
        delivery=delivery,
        announcer=Announcer(delivery, interval=settings.table_edit_interval),
        clock=TurnClock(),
        driver=ComputerDriver(
            lambda: bot.closing,
            delay=settings.computer_delay,
            budget_ms=settings.computer_budget_ms,
            metrics=bot.metrics,
            thinkers=thinkers,
        ),
        actions=bot.metrics.counter("actions_total", "Moves stored, by kind and by whom", ("kind", "by")),
        outbox=Outbox(bot.metrics),
        members=members or MemberSettingsStore(bot.db),
    )
    parts.members.listeners.append(registry.member_settings_changed)

    def new_session(table: Table) -> TableSession:
        return TableSession(table, parts, registry)

    return registry, Lobbies(registry, parts, new_session), Restorer(registry, parts, new_session)


async def setup(bot: WizardBot) -> None:
    store = TableStore(bot.db, owner=bot.process_name)
    # Provided before the tables, so that the computers' and pictures' worker processes stop after them.
    thinkers = Thinkers(bot.settings.computer_processes)
    bot.provide(thinkers, on_close=thinkers.close)
    drawers = Painters(bot.settings.picture_processes)
    bot.provide(drawers, on_close=drawers.close)
    draw_in(drawers)
    long_lived = LongLived()
    bot.provide(long_lived, on_close=long_lived.close)
    bot.after_setup(long_lived.freeze)
    server_settings, members = bot.service(ServerSettingsStore), bot.service(MemberSettingsStore)
    tables, lobbies, restorer = open_tables(bot, store, server_settings, thinkers, members)
    bot.provide(tables, on_close=tables.close)
    bot.provide(lobbies)
    bot.provide(restorer, on_close=restorer.close)
    bot.metrics.gauge(
        "open_tables",
        "Open tables, by status (lobby or playing)",
        ("status",),
        read=lambda: Counter(session.table.status for session in tables.sessions.values()),
    )
    await restorer.restore()
    bot.add_components(*FAMILIES)
