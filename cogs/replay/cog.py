"""The replays' extension: what the bot loads to switch replays and game records on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.replay.components import FAMILIES

if TYPE_CHECKING:
    from bot import WizardBot


async def setup(bot: WizardBot) -> None:
    # The commands are in the /wizard group (cogs/wizard.py); the buttons and menus work from here on.
    bot.add_components(*FAMILIES)
