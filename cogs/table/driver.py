"""The computer driver: a table's computer players move one at a time, each after a short pause.

One task per table makes the moves while a computer is to act, each under the table's lock. The decision
is computed in a worker process (``computers.Thinkers``, the bot's pool), so the event loop serves every
other table meanwhile and several tables' computers think at once; the move itself is stored and shown
exactly like a member's click (``TableSession.computer_move``). A decision is seeded from the game's
seed, the seat and the game's version, whichever process makes it, so a replayed game gets the same
moves.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, TypeVar, cast

from cogs.table import computers
from cogs.table.model import Table
from wizard_core import PlayerView
from wizard_core.ai import Level

if TYPE_CHECKING:
    from cogs.hosting.metrics import Counter, Histogram, MetricsRegistry

log = logging.getLogger(__name__)

T = TypeVar("T")

# The level of the computer that stands in for a member who runs out of time or leaves.
STAND_IN_LEVEL = "medium"


def computer_to_act(table: Table) -> int | None:
    """A seat a computer plays that may act now, if there is one.

    A computer standing in for an away member plays only while some member is still at the table: when
    everyone is away the game waits, rather than play itself out and record it for them.
    """
    game = table.game
    if game is None or game.is_over:
        return None
    present = table.members_present
    for seat in game.to_act:
        player = table.seats[seat]
        if player.computer is not None or (player.auto and present):
            return seat
    return None


class Driven(Protocol):
    """What the driver needs of a table's session (``session.TableSession``): its table and lock, the
    driver's task, and how a computer's move is made."""

    table: Table
    lock: asyncio.Lock
    driver_task: asyncio.Task[None] | None

    @property
    def is_open(self) -> bool: ...

    async def computer_move(self, seat: int) -> None: ...


class ComputerDriver:
    """Makes the computers' moves at every table."""

    def __init__(
        self,
        closing: Callable[[], bool],
        *,
        delay: float,
        budget_ms: float,
        metrics: MetricsRegistry | None = None,
        thinkers: computers.Thinkers | None = None,
    ) -> None:
        """``budget_ms`` caps the wall time of one decision: a safety net, its work being fixed. Each
        decision is counted and timed in ``metrics``, by level (and whether the cap cut it short).
        ``closing`` tells when the bot is shutting down: no move is begun then. Decisions run in
        ``thinkers`` (the bot's pool of worker processes), or in a thread of this process without one."""
        self.closing = closing
        self.delay = delay
        self.budget_ms = budget_ms
        self.thinkers = thinkers
        self.decisions: Counter | None = None
        self.decision_seconds: Histogram | None = None
        if metrics is not None:
            self.decisions = metrics.counter(
                "computer_decisions_total", "Computer players' decisions, by level", ("level", "capped")
            )
            self.decision_seconds = metrics.histogram(
                "computer_decision_seconds", "Wall time of a computer player's decision", ("level",)
            )

    def wake(self, session: Driven) -> None:
        """Start the table's driver if a computer is to act and it is not running yet."""
        task = session.driver_task
        if computer_to_act(session.table) is not None and (task is None or task.done()):
            name = f"wizard-computers-{session.table.id}"
            session.driver_task = asyncio.create_task(self._drive(session), name=name)

    async def _drive(self, session: Driven) -> None:
        """Make the computers' moves, one at a time, each after a short pause, until a member is to act."""
        try:
            while True:
                if self.delay:
                    await asyncio.sleep(self.delay)
                async with session.lock:
                    if not session.is_open or self.closing():
                        return
                    seat = computer_to_act(session.table)
                    if seat is None:
                        return
                    await session.computer_move(seat)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("The computer players of table %d stopped", session.table.id)

    async def run(self, job: Callable[[], T]) -> T:
        """Run a pure job where the computers think (the coach's advice): a worker process, or a thread."""
        return await computers.run(job, self.thinkers)

    async def decide(self, table: Table, seat: int, view: PlayerView) -> int:
        """The action code the computer playing ``seat`` chooses; a legal one even if thinking fails."""
        level = cast(Level, table.seats[seat].computer or STAND_IN_LEVEL)
        try:
            game = table.running
            seed = computers.decision_seed(game.seed, seat, game.version)
            started = time.perf_counter()
            decision = await computers.think(view, level, self.budget_ms, seed=seed, thinkers=self.thinkers)
            if self.decisions is not None and self.decision_seconds is not None:
                self.decision_seconds.observe(time.perf_counter() - started, level=level)
                self.decisions.inc(level=level, capped="yes" if decision.capped else "no")
            return decision.action
        except Exception:
            log.exception("A computer of table %d could not decide; it plays a legal action", table.id)
            return view.legal_actions[0]
