"""How a game ends: it finishes (the final standings shown), it is ended early, or a member leaves it.

``/wizard end`` and ``/wizard leave`` ask first, privately, and the answer is checked again when it comes
(even after a restart). A game ended early records nothing for the leaderboard; a member who leaves a
running game hands their seat to a computer for good, and the game goes on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from cogs.table import lobby
from cogs.table.components import end_question_view
from cogs.table.driver import STAND_IN_LEVEL
from cogs.table.model import Table, now
from cogs.table.open_tables import OpenTables, manages_server, reader
from cogs.utils.i18n import Texts
from cogs.utils.replies import Refusal
from cogs.utils.text import display_name

if TYPE_CHECKING:
    from bot import WizardBot

# The questions of /wizard end and /wizard leave.
END_QUESTIONS = {"end": "table-question-end", "leave": "table-question-leave"}


class Ending(OpenTables):
    """A game's end: finished, ended early, or left by a member."""

    async def _finish(self, table: Table) -> None:
        table.status = "finished"
        self._remove(table)
        await self.delivery.clear_ping(table)
        await self.announcer.clear_nudges(table, all_seats=True)
        await self.announcer.final_standings(table)

    # -- ending a game early -----------------------------------------------------------------------

    @staticmethod
    def _check_may_end(
        interaction: discord.Interaction[WizardBot], table: Table, kind: str, t: Texts
    ) -> None:
        if kind == "end" and not lobby.may_manage(table, interaction.user.id, manages_server(interaction)):
            raise Refusal(t("table-refusal-end"))
        if kind == "leave" and table.seat_of(interaction.user.id) is None:
            raise Refusal(t("table-refusal-not-playing"))

    async def ask_to_end(self, interaction: discord.Interaction[WizardBot], table: Table, kind: str) -> None:
        """Ask, privately, whether to end the game (``end``) or to leave it (``leave``).

        The answers are game buttons, so they work at any later time, even after a restart; the
        permission is checked again when one is pressed.
        """
        t = reader(interaction, table)
        self._check_may_end(interaction, table, kind, t)
        await interaction.response.send_message(
            t(END_QUESTIONS[kind]), view=end_question_view(table, kind, t), ephemeral=True
        )

    async def confirm_end(
        self, interaction: discord.Interaction[WizardBot], table: Table, kind: str, yes: bool
    ) -> None:
        """The answer to ``ask_to_end``."""
        t = reader(interaction, table)
        if not yes:
            await interaction.response.edit_message(content=t("table-nothing-changed"), view=None)
            return
        self._check_may_end(interaction, table, kind, t)
        if kind == "leave":
            await interaction.response.edit_message(content=t("table-you-left"), view=None)
            await self.replace_with_computer(table, interaction.user.id)
            return
        await interaction.response.edit_message(content=t("table-ended"), view=None)
        await self.end_game(table, table.texts("table-ended-by", name=interaction.user.mention))

    async def replace_with_computer(self, table: Table, user_id: int) -> None:
        """A member leaves a running game: a computer takes their seat for good, and the game goes on.

        The seat gets a computer's id, so the game's result is recorded as a computer's, not theirs.
        """
        seat = table.seat_of(user_id)
        assert seat is not None
        player = table.seats[seat]
        await self.delivery.delete(player.nudge)
        player.nudge = None
        await self.announcer.retire_hand(table, seat)
        stand_in = table.new_computer(STAND_IN_LEVEL)
        left = player.name
        t = table.texts
        player.user_id, player.name = stand_in.user_id, t("table-stand-in-name", name=left)
        player.computer = STAND_IN_LEVEL
        player.auto, player.missed = False, 0
        await self.store.set_seat(table.id, table.record(seat))
        if seat in table.running.to_act:
            await self.delivery.clear_ping(table)
        table.turns.pop(seat, None)
        table.notice = (seat, t("table-left-notice", name=display_name(left)))
        await self.announcer.redraw_table(table)
        self._keep_going(table)

    async def end_game(self, table: Table, why: str) -> None:
        """Stop a running game (the caller holds its lock); nothing is recorded for the leaderboard."""
        await self.store.close(table.id, "ended", now())
        table.status = "ended"
        self._remove(table)
        await self.delivery.clear_ping(table)
        await self.announcer.clear_nudges(table, all_seats=True)
        for seat in range(len(table.seats)):
            await self.announcer.retire_hand(table, seat)
        note = f"{why} {table.texts('table-no-results')}"
        await self.delivery.show_table(table, table.running.public_view(), None, note)
