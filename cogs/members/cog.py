"""The members' settings extension: provides the store of their own settings and registers the
``/wizard me`` panel's components."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.members.panel import FAMILIES
from cogs.members.store import MemberSettingsStore

if TYPE_CHECKING:
    from bot import WizardBot


async def setup(bot: WizardBot) -> None:
    bot.provide(MemberSettingsStore(bot.db))
    bot.add_components(*FAMILIES)
