"""The server settings extension: provides the settings store and registers the panel's components."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.server_settings.panel import FAMILIES
from cogs.server_settings.store import ServerSettingsStore

if TYPE_CHECKING:
    from bot import WizardBot


async def setup(bot: WizardBot) -> None:
    store = ServerSettingsStore(bot.db)
    await store.listen()
    bot.provide(store)
    bot.add_components(*FAMILIES)
