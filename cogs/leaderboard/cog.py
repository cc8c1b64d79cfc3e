"""The leaderboard's extension: what the bot loads to switch this feature on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.leaderboard import confirm
from cogs.leaderboard.admin import Admin
from cogs.leaderboard.components import FAMILIES
from cogs.leaderboard.results import rebuild_if_pending
from cogs.leaderboard.season_watch import SeasonWatch

if TYPE_CHECKING:
    from bot import WizardBot


async def setup(bot: WizardBot) -> None:
    # A migration may ask for every rating and aggregate to be computed again from the stored results.
    await rebuild_if_pending(bot.db)
    # The erase questions this process asked, whose answers stop their two-minute timers.
    bot.provide(confirm.OpenQuestions())
    bot.add_components(*FAMILIES, *confirm.FAMILIES)
    await bot.add_cog(Admin(bot))
    # Seasons whose end has come are archived and announced at start-up and then periodically.
    await bot.add_cog(SeasonWatch(bot))
