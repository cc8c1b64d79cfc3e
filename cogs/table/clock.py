"""The turn clock: each member's turn is timed, with a reminder at half time and a stand-in at the end.

A table's clock is one task that sleeps until the next event of any turn under way (a reminder or a
time-out) and looks again when it wakes, so most moves need no timer of their own. What a reminder
says and what happens when a turn runs out is the table flow's business (``remind`` and ``time_out``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from cogs.table.model import Table, Turn, now

# After this many turns in a row that ran out, a computer plays the member's seat until they return.
MISSED_TURNS_FOR_TAKEOVER = 2


def track_turns(table: Table) -> None:
    """Start the turns of the members who are to act now, and forget the turns that are over.

    While everyone bids at once, each bid is one step of the game: the bidders' turns began that many
    steps ago (this matters after a restart, when their controls are older than the game).
    """
    game = table.running
    waiting = [s for s in game.to_act if not table.seats[s].played_by_computer]
    for seat in list(table.turns):
        if seat not in waiting:
            del table.turns[seat]
    since = game.version
    if game.current_player is None:
        since -= sum(bid is not None for bid in game.bids)
    for seat in waiting:
        table.turns.setdefault(seat, Turn(now(), since))


def next_event(table: Table) -> tuple[float, int] | None:
    """When the turn clock has something to do next (a reminder or a time-out), and for which seat."""
    limit = table.turn_seconds
    due = [
        (turn.started + (limit if turn.reminded else limit / 2), seat) for seat, turn in table.turns.items()
    ]
    return min(due) if due and limit > 0 else None


class TurnClock:
    """Keeps time for every table's turns."""

    def __init__(
        self,
        remind: Callable[[Table, int, float], Awaitable[None]],
        time_out: Callable[[Table, int], Awaitable[None]],
        is_open: Callable[[Table], bool],
    ) -> None:
        self.remind = remind
        self.time_out = time_out
        self.is_open = is_open

    def arm(self, table: Table) -> None:
        """Make sure the table's clock wakes in time for its next event.

        A sleeping clock is left alone when it wakes early enough: it looks again when it wakes. Most
        turns end long before their reminder, so one timer serves many turns, instead of a new timer (and
        a cancelled one) for every move.
        """
        event = next_event(table)
        if event is None:
            return
        running = table.clock is not None and not table.clock.done()
        if running and table.clock_due <= event[0]:
            return
        if table.clock is not None and table.clock is not asyncio.current_task():
            table.clock.cancel()
        table.clock_due = event[0]
        table.clock = asyncio.create_task(self._run(table), name=f"wizard-clock-{table.id}")

    async def _run(self, table: Table) -> None:
        """Remind members at half their turn time, and have their turn played when it runs out."""
        while table.clock is asyncio.current_task():
            event = next_event(table)
            if event is None:
                return
            when, seat = event
            if when > now():
                table.clock_due = when
                await asyncio.sleep(when - now())
                continue
            async with table.lock:
                if not self.is_open(table) or table.clock is not asyncio.current_task():
                    return
                await self._due(table, seat)

    async def _due(self, table: Table, seat: int) -> None:
        """The event of one seat's turn has come (the table's lock is held)."""
        turn = table.turns.get(seat)
        if turn is None:
            return
        deadline = turn.started + table.turn_seconds
        if not turn.reminded:
            turn.reminded = True
            if now() < deadline:
                await self.remind(table, seat, deadline)
                return
        if now() >= deadline:
            await self.time_out(table, seat)
