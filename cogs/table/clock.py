"""The turn clock: each member's turn is timed, with a nudge after a few seconds, a reminder at half time
and a stand-in at the end.

A table's clock is one task that sleeps until the next event of any turn under way (a nudge, a reminder
or a time-out) and looks again when it wakes, so most moves need no timer of their own. What a nudge and
a reminder say and what happens when a turn runs out is the session's business (``TableSession.nudge``,
``remind`` and ``time_out``). Without a turn timer (``Table.turn_seconds`` 0) there is only the nudge.

A nudge is for a member who is not watching. One who made a move of their own, or was sent the round's
new hand message (itself a notification), in the last ``WATCHING_SECONDS`` is taken to be at the table,
and one is nudged at most once a round: a nudge is a new DM (Discord notifies only for new messages) and
a request to make and another to delete. If they go away after all, the reminder at half time still
reaches them. That keeps a whole game to a few dozen DMs per member however slowly they play.

After a restart, a turn that was under way resumes with the time its player had left when the bot
stopped (``Table.paused``): the time the bot was down does not count, and the tables' deadlines stay as
spread out as they were. A turn that had nearly run out gets a short grace (``resumed_left``).
"""

from __future__ import annotations

import asyncio
from typing import Protocol

from cogs.table.model import Table, Turn, now
from wizard_core import Game

# After this many turns in a row that ran out, a computer plays the member's seat until they return.
MISSED_TURNS_FOR_TAKEOVER = 2
# A turn resumed after a restart leaves its player at least this share of the turn and these seconds
# (never more than the whole turn).
GRACE_SHARE = 0.1
GRACE_SECONDS = 10.0
# A member who moved or got a new hand this recently is watching the table: their turn needs no nudge.
WATCHING_SECONDS = 90.0


def turn_since(game: Game) -> int:
    """The game version at which the turns of the members to act now began.

    While everyone bids at once, each bid is one step of the game: the bidders' turns began that many
    steps ago, when the bidding opened (this matters after a restart, when their controls are older than
    the game).
    """
    since = game.version
    if game.current_player is None:
        since -= sum(bid is not None for bid in game.bids)
    return since


def resumed_left(spent: float, limit: float) -> float:
    """The seconds a turn has left when it resumes after a restart, ``spent`` of its ``limit`` seconds
    having passed before the bot stopped.

    What was left is kept, except near the end: below twice the grace, half of what was left is added to
    the grace. Nobody is timed out the instant the bot is back, and turns that were about to end still
    end in the order they would have, spread over a few seconds rather than all together.
    """
    grace = min(limit, max(GRACE_SECONDS, GRACE_SHARE * limit))
    left = max(0.0, limit - spent)
    if left < 2 * grace:
        left = grace + left / 2
    return min(limit, left)


def track_turns(table: Table) -> None:
    """Start the turns of the members who are to act now, and forget the turns that are over.

    The first time after a restart, the turns that were under way resume (``Table.paused``).
    """
    game = table.running
    waiting = [s for s in game.to_act if not table.seats[s].played_by_computer]
    for seat in list(table.turns):
        if seat not in waiting:
            end_turn(table, seat)
    since = turn_since(game)
    for seat in waiting:
        if seat not in table.turns:
            table.turns[seat] = _begin(table, seat, since)
    table.paused.clear()


def end_turn(table: Table, seat: int) -> None:
    """A member's turn is over: by a move of theirs (remembered: they are watching the table), unless a
    computer made it for them or their time had run out."""
    ended = table.turns.pop(seat, None)
    member = table.seats[seat]
    if ended is None or member.played_by_computer:
        return
    if table.turn_seconds <= 0 or now() < ended.started + table.turn_seconds:
        member.attended_at = now()


def _begin(table: Table, seat: int, since: int) -> Turn:
    """A member's turn, begun now or resumed where the bot stopped."""
    paused = table.paused.get(seat)
    limit = table.turn_seconds
    if paused is None or paused.since != since or limit <= 0:
        # No nudge for a turn that a hand message sent just now (a new round) announces, nor for a
        # member who is watching or was nudged this round already.
        member = table.seats[seat]
        told = member.hand_version == table.running.version
        watching = now() - member.attended_at < WATCHING_SECONDS
        once = member.nudged_round == table.running.round_number
        return Turn(now(), since, nudged=told or watching or once)
    left = resumed_left(paused.spent, limit)
    spent = paused.spent
    nudged = spent >= table.nudge_seconds
    return Turn(now() - (limit - left), since, reminded=spent >= limit / 2, nudged=nudged)


def next_event(table: Table) -> tuple[float, int] | None:
    """When the turn clock has something to do next (a nudge, a reminder or a time-out), and for which
    seat."""
    due = [(min(_events(table, turn)), seat) for seat, turn in table.turns.items() if _events(table, turn)]
    return min(due) if due else None


def _events(table: Table, turn: Turn) -> list[float]:
    """The times of a turn's events still to come: its nudge, its reminder, its end."""
    limit = table.turn_seconds
    times = [] if turn.nudged else [turn.started + table.nudge_seconds]
    if limit > 0:
        times.append(turn.started + (limit if turn.reminded else limit / 2))
    return times


class Clocked(Protocol):
    """What the turn clock needs of a table's session (``session.TableSession``): its table and lock, its
    clock's task, and what to do when a turn's event comes."""

    table: Table
    lock: asyncio.Lock
    clock_task: asyncio.Task[None] | None
    clock_due: float

    @property
    def is_open(self) -> bool: ...

    async def nudge(self, seat: int) -> None: ...

    async def remind(self, seat: int, deadline: float) -> None: ...

    async def time_out(self, seat: int) -> None: ...


class TurnClock:
    """Keeps time for every table's turns."""

    def arm(self, session: Clocked) -> None:
        """Make sure the table's clock wakes in time for its next event.

        A sleeping clock is left alone when it wakes early enough: it looks again when it wakes. Most
        turns end long before their reminder, so one timer serves many turns, instead of a new timer (and
        a cancelled one) for every move.
        """
        event = next_event(session.table)
        if event is None:
            return
        task = session.clock_task
        running = task is not None and not task.done()
        if running and session.clock_due <= event[0]:
            return
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        session.clock_due = event[0]
        session.clock_task = asyncio.create_task(self._run(session), name=f"wizard-clock-{session.table.id}")

    async def _run(self, session: Clocked) -> None:
        """Nudge members, remind them at half their turn time, and have their turn played when it runs out."""
        while session.clock_task is asyncio.current_task():
            event = next_event(session.table)
            if event is None:
                return
            when, seat = event
            if when > now():
                session.clock_due = when
                await asyncio.sleep(when - now())
                continue
            async with session.lock:
                if not session.is_open or session.clock_task is not asyncio.current_task():
                    return
                await self._due(session, seat)

    @staticmethod
    async def _due(session: Clocked, seat: int) -> None:
        """The event of one seat's turn has come (the table's lock is held): the latest one due is done,
        the earlier ones skipped (a reminder says all a nudge would)."""
        table = session.table
        turn = table.turns.get(seat)
        if turn is None:
            return
        limit = table.turn_seconds
        deadline = turn.started + limit
        if limit > 0 and now() >= deadline:
            turn.nudged = turn.reminded = True
            await session.time_out(seat)
        elif limit > 0 and not turn.reminded and now() >= turn.started + limit / 2:
            turn.nudged = turn.reminded = True
            await session.remind(seat, deadline)
        elif not turn.nudged:
            turn.nudged = True
            table.seats[seat].nudged_round = table.running.round_number
            await session.nudge(seat)
