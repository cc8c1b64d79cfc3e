"""The finished games of a server, as a replay or a record reads them: the stored table with its seats,
seed and action log, refused in words when the member may not see it that way.

A game is the server's: any member may replay it or download its record, in that server only. A game
of another server is refused with the same words as a game that does not exist, so its id says nothing
about other servers; a game still in its lobby or being played, or one ended early, is refused for what
it is. Names are the seats' as stored: an erased member's seat says "Former player" (``erasure``).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from cogs.table.model import Table
from cogs.table.store import TableRecord, TableStore, table_of
from cogs.utils.i18n import Texts
from cogs.utils.replies import Refusal

if TYPE_CHECKING:
    from bot import WizardBot

# Why a table that exists in this server is not a finished game, by its status.
REFUSAL_KEYS = {
    "lobby": "replay-refusal-not-started",
    "cancelled": "replay-refusal-not-started",
    "playing": "replay-refusal-running",
    "ended": "replay-refusal-ended",
}


@dataclass(frozen=True)
class FinishedGame:
    """A finished game as stored: its table (seats, rules, seed, log) and when it finished."""

    record: TableRecord

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def table(self) -> Table:
        """The table as it was (without its game), for the seats' names as the table showed them."""
        return table_of(self.record)

    @property
    def finished_at(self) -> str:
        """When the game finished, as an ISO 8601 time in UTC (the table's last change: its finish)."""
        moment = datetime.datetime.fromtimestamp(self.record.updated_at, tz=datetime.UTC)
        return moment.isoformat(timespec="seconds").replace("+00:00", "Z")

    def names(self, t: Texts) -> tuple[str, ...]:
        """The seats' names as the table showed them, computers marked, in ``t``'s language."""
        return self.table.labels(t)


async def finished_game(interaction: discord.Interaction[WizardBot], game_id: int, t: Texts) -> FinishedGame:
    """A finished game of the interaction's server, or a ``Refusal`` saying why not."""
    if interaction.guild_id is None:
        raise Refusal(t("replay-refusal-server-only"))
    record = await TableStore(interaction.client.db).get(game_id)
    if record is None or record.guild_id != interaction.guild_id:
        raise Refusal(t("replay-refusal-no-game", game=str(game_id)))
    if record.status != "finished" or record.seed is None:
        raise Refusal(t(REFUSAL_KEYS.get(record.status, "replay-refusal-running"), game=str(game_id)))
    return FinishedGame(record)
