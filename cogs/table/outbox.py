"""News that Discord would not take yet, tried again until it is shown or cannot be.

What an action obliges the bot to show (a round's summary, the new hands, the final standings) is stored
with the action in the outbox and forgotten once shown (``TableSession.deliver``). When Discord refuses
part of it for a reason that passes (too many requests, a server error, a timeout, a dropped connection:
``retryable``), the news stays in the outbox and ``Outbox`` shows it again later, with growing waits
(``RETRY_DELAYS``: five tries over about ten minutes), each try under the table's lock and only for what
is still undelivered then. Showing news again is safe: the table message is edited to the table as it is,
and a member is sent a round's hand only if they have none of that round yet. News that cannot be shown
(the channel is gone, the bot may not post there) or that is still refused after the last try is given
up: logged and counted in ``/metrics`` (``news_undelivered_total``).

Tries are kept in memory: a restart shows every undelivered piece of news again at start-up anyway.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import aiohttp
import discord

from cogs.hosting.metrics import MetricsRegistry

log = logging.getLogger(__name__)

# How long to wait before each try again (seconds): five tries over 600 s.
RETRY_DELAYS = (5.0, 15.0, 45.0, 120.0, 415.0)
# The errors of a request that may well go through if it is sent again later.
PASSING_ERRORS: tuple[type[BaseException], ...] = (aiohttp.ClientError, TimeoutError, OSError)
# What sending a message may raise besides closed DMs: Discord's refusals and the errors above.
SEND_ERRORS: tuple[type[BaseException], ...] = (discord.HTTPException, *PASSING_ERRORS)


def retryable(error: BaseException) -> bool:
    """Whether Discord refused a request for a reason that passes: rate limited (429), a server error
    (5xx, which discord.py has already retried a few times), a timeout or a lost connection. A refusal
    that stays (missing permissions, a deleted channel, closed DMs) is not."""
    if isinstance(error, discord.HTTPException):
        return error.status == 429 or error.status >= 500
    return isinstance(error, PASSING_ERRORS)


class Outbox:
    """Tries again, later, to show the news Discord did not take: one task per table at a time."""

    def __init__(self, metrics: MetricsRegistry, delays: tuple[float, ...] = RETRY_DELAYS) -> None:
        self.delays = delays
        # Shows a table's undelivered news again (``Restorer.deliver_again``, which sets itself here);
        # True once the table has none left.
        self.deliver_again: Callable[[int], Awaitable[bool]] | None = None
        # Gives up a table's undelivered news (``Restorer.give_up``, set with ``deliver_again``).
        self.give_up: Callable[[int], Awaitable[None]] | None = None
        self._waiting: dict[int, asyncio.Task[None]] = {}
        self._closed = False
        self.retries = metrics.counter(
            "news_retries_total", "Tries again to show news Discord did not take (busy, 5xx, a timeout)"
        )
        self.undelivered = metrics.counter(
            "news_undelivered_total",
            "News given up: refused for good (no channel, no permission) or still refused after the last try",
            ("reason",),
        )

    def again_later(self, table_id: int) -> None:
        """Show a table's undelivered news again later (unless that is under way already)."""
        if table_id not in self._waiting and not self._closed:
            self._waiting[table_id] = asyncio.create_task(
                self._retry(table_id), name=f"wizard-news-{table_id}"
            )

    def refused(self, table_id: int) -> None:
        """Some news of a table was refused for good: it is given up, not tried again."""
        log.warning("Table %d: news that Discord refused for good is given up", table_id)
        self.undelivered.inc(reason="refused")

    @property
    def waiting(self) -> frozenset[int]:
        """The tables whose news waits for another try."""
        return frozenset(self._waiting)

    async def _retry(self, table_id: int) -> None:
        try:
            for delay in self.delays:
                await asyncio.sleep(delay)
                if self.deliver_again is None:
                    return
                self.retries.inc()
                try:
                    if await self.deliver_again(table_id):
                        return
                except Exception:
                    log.exception("Could not show the news of table %d again", table_id)
            log.error(
                "Table %d: news still refused after %d tries over %g s is given up",
                table_id,
                len(self.delays),
                sum(self.delays),
            )
            self.undelivered.inc(reason="gave up")
            if self.give_up is not None:
                try:
                    await self.give_up(table_id)
                except Exception:
                    log.exception("Could not give up the news of table %d", table_id)
        finally:
            if self._waiting.get(table_id) is asyncio.current_task():
                del self._waiting[table_id]

    def close(self) -> None:
        """Stop trying (the bot is shutting down; a restart shows what is left)."""
        self._closed = True
        for task in self._waiting.values():
            task.cancel()
        self._waiting.clear()
