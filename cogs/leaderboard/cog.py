"""The leaderboard's extension: what the bot loads to switch this feature on."""


from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.leaderboard.admin import Admin
from cogs.leaderboard.board import LeaderboardItem, rebuild_if_pending

if TYPE_CHECKING:
    from bot import WizardBot


async def setup(bot: WizardBot) -> None:
    # Results stored before the leaderboard existed get their ratings and aggregates once.
    await rebuild_if_pending(bot.db)
    bot.add_components(LeaderboardItem)
    await bot.add_cog(Admin(bot))
