"""Many Wizard tables at once, played through SimCord (an offline simulated Discord) by simulated users.

For each size N (10, 100 and 500 concurrent tables by default) one bot gets N tables in N channels
(25 channels per server) with 3 players each (``--players``). Every table is opened (``/wizard new``,
the others "Join", "Start"), so all N games run at once; then the players act round-robin, one click per
table in turn, K game actions per table or whole games (``--whole-games``). By default K is 210 up to
100 tables, which reaches the second half of a game (round 11 of a 3-player game's 20), and about 21,000
clicks in all above that (42 at 500 tables, 30 at 1,000); ``--actions`` sets K, for every size or one
per size. Each size runs in a fresh process, so its peak RSS is its own. One extra table plays first, as
many actions, then its host ends it; it is left out of the figures, so one-time costs (caches, the first
DM channel, lazily built tables) are not counted as per-table costs.

A player finds their controls as a member would: on their newest DM from the bot, or else by pressing
"Show my hand" on the table message and using the private reply. They press an enabled
``wizard:act:<table>:<version>:<code>`` button whose code the game allows them now
(``Game.legal_actions``; a hand message may carry more buttons than that). A click the bot refuses
stops the run: it is a bug.

Simulated time. SimCord gives the bot a simulated clock (``asyncio.sleep``, ``discord.utils.utcnow``)
that moves when the driver moves it. Here each table sees one game action every ``--pace`` simulated
seconds (default 4: members who act before the bot's nudge; ``--pace 10`` for slow ones): the driver
moves the clock after every 10 clicks, or sooner when they owe half a simulated second. The tables open
within a few simulated milliseconds of each other. The bot's timers (turn clocks with their nudges and
reminders, coalesced table edits) fire inside those steps, and their requests are counted like others.

Why long runs failed after about 60 s of wall time: the driver never moved the simulated clock, while
SimCord also fires a bot timer once as many wall-clock seconds have passed (its fallback for tests that
never move the clock). Every table's turn had begun at the same simulated instant, so after 60 s of wall
time (half the 120 s turn timer) the first fallback moved the clock to the reminder time of every table
at once, and the bot had N reminders to send within one 5 s settle deadline. Besides, every click cost
more the more tables there were: to settle, SimCord checks each pending task of the bot (each table's
turn clock sleeps in one) against every timer it tracks (N x N work, several times per click), and each
move of its clock looks through every stored message for polls to close. So, for this run only
(``SimCordForLongRuns``):

- the wall-clock fallback is off: a bot timer fires when simulated time reaches it, as the driver moves
  it (in production the bot never sees SimCord's wall clock);
- SimCord finds the timer that wakes a sleeping task through an index (``TimerIndex``) instead of a scan,
  builds its settle state once per change instead of once per task, and skips the poll search while no
  request of the bot has carried a poll. The answers are SimCord's own: ``--check-simcord`` runs
  SimCord's functions beside them and stops at the first difference;
- after every step, SimCord's log of requests is counted and emptied, and its transcript and the bytes
  of uploaded files are dropped (nothing reads them back: the bot never downloads its own pictures). The
  messages SimCord stores are kept: the bot edits and deletes its own messages later.

What is printed, per size:

- Handling time per game click (p50, p99, max): ``time.perf_counter()`` around the awaited
  ``TableComponent.handle``, which every button of the game goes through. SimCord runs in this
  process, so it includes awaiting the SQLite write (aiosqlite's thread), the pictures drawn in a worker
  thread, SimCord's fake HTTP calls made while handling (the interaction response, the table message
  edit, the DMs) and whatever else the event loop runs while the handler waits (SimCord's settle passes
  among them). Time inside SimCord's fake HTTP routing (``simcord.http.router.dispatch``) is also
  measured and shown subtracted ("excl. fake HTTP"), and the mean is split into database, fake HTTP and
  the rest. Pauses of Python's garbage collector (any thread) during a click are timed too: SimCord
  keeps every message in this process, which makes full collections far slower than the bot's own heap
  would, so the max is shown with and without them. Handling time is not the wall time of a simulated
  click, which adds SimCord's delivery and settling.
- ``/wizard new`` (``Lobbies.new_table``), Join, Start and Show my hand handling times.
- Interactions per second: bot throughput = game clicks / the sum of their handling times (SimCord
  delivers one interaction at a time), and the wall rate: simulated clicks per wall-clock second,
  including SimCord and this driver.
- Memory per running table: the bytes of the objects the bot keeps alive (reachable from the bot and
  its modules' globals; SimCord's and the driver's objects are not followed) after the K actions, minus
  the same before the first table, divided by N (with whole games: what finished games leave behind).
  Beside it, the process's peak RSS and its growth per table, an upper bound that also holds SimCord's
  message store and SQLite's page cache.
- Discord REST requests. Discord's global limit (50 requests a second per bot) counts every request
  except interaction callbacks (``POST /interactions/{id}/{token}/callback``) and the webhooks of an
  interaction's token (``/webhooks/{application id}/{token}/...``: followups, the original response).
  From SimCord's log of every request the bot made: counted and uncounted requests per game action in
  the measured phase (every request made then, the bot's timers' included, over every game action then,
  computers' included), the game actions a second one bot can sustain within the limit, and the
  requests by route (ids replaced by ``{id}``). Then, per table, the bot messages created in the game's
  channel (``POST /channels/{channel}/messages``) and, per player, the DMs created
  (``POST /channels/{dm channel}/messages``): while the table opened, in the measured phase, per game
  action, and for a whole game: measured with ``--whole-games``, otherwise extrapolated from the
  measured phase both by rounds and by game actions (``per_game``).

Targets (the load issue): p99 handling under 50 ms at 100 tables; under 200 KB of memory per running
table. For a 4-member game (``--players 4``) the issue on messages asks at most 1.2 counted requests per
game action, 4 bot messages in the game's channel and 35 DMs per player per game.

Run: ``.venv/bin/python benchmarks/bot_load.py`` (10, 100 and 500 tables); ``--quick`` for 10 and 50
tables with 8 actions; ``--tables 100 500 1000`` for the long run; ``--tables 10 --whole-games`` for
whole games; ``--actions 30``, ``--pace 10``, ``--players 4`` to choose.
"""

from __future__ import annotations

import argparse
import asyncio
import contextvars
import functools
import gc
import inspect
import itertools
import json
import math
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
import types
from collections import Counter
from collections.abc import Awaitable, Callable, Collection, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import simcord
import simcord._settlement as simcord_settlement
import simcord.env as simcord_env
from simcord import Env, MemberActor
from simcord._dpy_internals import _original_callback
from simcord.backend import Backend
from simcord.builders import ChannelHandle, UserHandle
from simcord.components import walk_components
from simcord.http import router as simcord_router
from simcord.results import ResponseMessage

from bot import WizardBot, create_bot
from cogs.server_settings.store import ServerSettings, ServerSettingsStore
from cogs.table import pictures
from cogs.table.components import TableComponent
from cogs.table.lobby_flow import Lobbies
from cogs.table.model import Table as TableModel
from cogs.table.registry import OpenTables
from cogs.table.store import TableStore
from wizard_core import Game

DEFAULT_PLAYERS = 3
TABLES_PER_GUILD = 25
DEFAULT_TABLES = (10, 100, 500)
QUICK_TABLES = (10, 50)
# Default game actions per table: into the second half of a game up to 100 tables (round 11 of a
# 3-player game's 20: 3 bids and 3 x r cards a round make 195 actions in rounds 1 to 10, and a trump
# choice when a Wizard is turned up), then about as many clicks in all (at least 30 actions a table).
SECOND_HALF_ACTIONS = 210
CLICK_BUDGET = 21_000
MIN_ACTIONS = 30
QUICK_ACTIONS = 8
# Simulated seconds between two game actions at one table, and between two tables opening.
DEFAULT_PACE = 4.0
# The turn timer of every server in the run (seconds, 0 = off): the bot's default.
DEFAULT_TURN_TIMER = 120
# The pictures issue: with pictures on, at least this share of the throughput without them, and no game
# click over SLOWEST_TARGET_MS at SLOWEST_TARGET_TABLES tables.
PICTURE_RATIO_TARGET = 2 / 3
SLOWEST_TARGET_MS = 200.0
SLOWEST_TARGET_TABLES = 1000
PICTURE_MODES = {"on": (True,), "off": (False,), "both": (True, False)}
OPEN_PACE = 0.002
# The simulated clock moves after this many clicks, or sooner once they owe this many simulated seconds
# (with few tables, so that a table's clicks are not bunched together); at the end of a phase it is given
# a little more time for the bot's delayed work (a coalesced table edit waits at most a second).
STEP_CLICKS = 10
STEP_SECONDS = 0.5
FLUSH_SECONDS = 2.0
PROGRESS_SECONDS = 60.0
HANDLE_TARGET_MS = 50.0
HANDLE_TARGET_TABLES = 100
MEMORY_TARGET_KB = 200.0
HANDLE_TARGET_TEXT = f"< {HANDLE_TARGET_MS:.0f} at {HANDLE_TARGET_TABLES} tables"
# Discord's global rate limit: REST requests a second per bot, interaction callbacks and interaction
# webhooks not counted.
GLOBAL_LIMIT = 50
RESULT_PREFIX = "BOT_LOAD_RESULT "
ROUTE_ID = re.compile(r"/(?:\d+|[\w.-]{32,})(?=/|$)")  # ids and interaction tokens in a path
INTERACTION_CALLBACK = re.compile(r"/interactions/\d+/[^/]+/callback")
MESSAGE_CREATE = re.compile(r"/channels/(\d+)/messages")
ACT_ID = re.compile(r"wizard:act:(?P<table>\d+):(?P<version>\d+):(?P<code>\d+)")


# -- counting Discord REST requests --------------------------------------------------------------------


def is_counted(path: str, application_id: int) -> bool:
    """Whether Discord counts a REST request against the bot's global limit: every request but the
    interaction callbacks and the webhooks of an interaction's token (under the application's id).

    >>> is_counted("/interactions/12/tok/callback", 7)
    False
    >>> is_counted("/webhooks/7/tok/messages/@original", 7), is_counted("/webhooks/7/tok", 7)
    (False, False)
    >>> is_counted("/channels/5/messages", 7), is_counted("/webhooks/8/secret", 7)
    (True, True)
    """
    if INTERACTION_CALLBACK.fullmatch(path):
        return False
    return not path.startswith(f"/webhooks/{application_id}/")


def route_of(method: str, path: str) -> str:
    """A request's route: its method and path with ids and tokens replaced by ``{id}``.

    >>> route_of("PATCH", "/channels/12/messages/34")
    'PATCH /channels/{id}/messages/{id}'
    >>> route_of("POST", "/interactions/1/simcord_interaction_1456074443980800011/callback")
    'POST /interactions/{id}/{id}/callback'
    """
    return f"{method} {ROUTE_ID.sub('/{id}', path)}"


def created_in(method: str, path: str) -> int | None:
    """The channel in which a request creates a message (``POST /channels/{id}/messages``), or None.

    >>> created_in("POST", "/channels/12/messages"), created_in("PATCH", "/channels/12/messages/3")
    (12, None)
    """
    match = MESSAGE_CREATE.fullmatch(path)
    return int(match[1]) if method == "POST" and match else None


@dataclass
class RequestTally:
    """The REST requests the bot made during one phase of a run."""

    counted: int = 0
    uncounted: int = 0
    routes: Counter[str] = field(default_factory=Counter)  # counted requests by route
    uncounted_routes: Counter[str] = field(default_factory=Counter)
    created: Counter[int] = field(default_factory=Counter)  # messages created, by channel id

    def add(self, method: str, path: str, application_id: int) -> None:
        """Count one request."""
        if is_counted(path, application_id):
            self.counted += 1
            self.routes[route_of(method, path)] += 1
        else:
            self.uncounted += 1
            self.uncounted_routes[route_of(method, path)] += 1
        channel = created_in(method, path)
        if channel is not None:
            self.created[channel] += 1

    def summary(self, game_channels: Collection[int], dm_channels: Collection[int]) -> dict[str, Any]:
        """What the report needs: the counts, the routes, and the messages created in the game channels
        and in the players' DM channels."""
        return {
            "counted": self.counted,
            "uncounted": self.uncounted,
            "routes": dict(self.routes),
            "uncounted_routes": dict(self.uncounted_routes),
            "channel_messages": sum(self.created[channel] for channel in game_channels),
            "dms": sum(self.created[channel] for channel in dm_channels),
        }


# -- replacing attributes for one run ------------------------------------------------------------------


class Patches:
    """Attributes replaced for one run, put back by ``undo``."""

    def __init__(self) -> None:
        self._undo: list[Callable[[], None]] = []

    def patch(self, owner: Any, name: str, replacement: Any) -> Any:
        """Replace ``owner.name``; returns the original."""
        original = getattr(owner, name)
        setattr(owner, name, replacement)
        self._undo.append(lambda: setattr(owner, name, original))
        return original

    def undo(self) -> None:
        """Put every replaced attribute back."""
        while self._undo:
            self._undo.pop()()


# -- SimCord for long runs -----------------------------------------------------------------------------


def woken_futures(record: Any) -> list[int]:
    """The ids of the futures a timer SimCord tracks for the bot resolves, when it is the wake-up of an
    ``asyncio.sleep`` (SimCord's own test for a sleeping task); none otherwise."""
    handle = record.handle
    if record.when is None or handle is None or handle.cancelled():
        return []
    if getattr(_original_callback(handle._callback), "__name__", "") != "_set_result_unless_cancelled":
        return []
    return [id(arg) for arg in handle._args or ()]


def is_live(record: Any) -> bool:
    """Whether SimCord still counts a tracked callback (its test in ``_active_callbacks``)."""
    return record.handle is not None and not record.handle.cancelled()


class TimerIndex(list[Any]):
    """SimCord's list of the callbacks it tracks for the bot (``_WorkState.callbacks``), with the sleeping
    futures the timers among them wake, kept up to date as SimCord appends to it and removes from it."""

    def __init__(self, records: Iterable[Any] = ()) -> None:
        super().__init__(records)
        self.waking: dict[int, list[Any]] = {}  # future id -> the timers that wake it
        self.keys: dict[int, list[int]] = {}  # timer id -> the future ids it is indexed under
        for record in self:
            self._index(record)

    def append(self, record: Any, /) -> None:
        """SimCord tracks a new callback."""
        super().append(record)
        self._index(record)

    def remove(self, record: Any, /) -> None:
        """A callback ran. Found by identity from the end, where recent ones are (SimCord's ``list.remove``
        compares dataclasses field by field from the start); ValueError if absent, as SimCord expects."""
        for position in range(len(self) - 1, -1, -1):
            if self[position] is record:
                del self[position]
                self._forget(record)
                return
        raise ValueError("not a tracked callback")

    def clear(self) -> None:
        """The bot is detached."""
        super().clear()
        self.waking.clear()
        self.keys.clear()

    def prune(self) -> None:
        """Drop the cancelled callbacks, in place (SimCord replaces the list by a new one)."""
        dropped = [record for record in self if not is_live(record)]
        if dropped:
            self[:] = [record for record in self if is_live(record)]
            for record in dropped:
                self._forget(record)

    def _index(self, record: Any) -> None:
        keys = woken_futures(record)
        if keys:
            self.keys[id(record)] = keys
            for key in keys:
                self.waking.setdefault(key, []).append(record)

    def _forget(self, record: Any) -> None:
        for key in self.keys.pop(id(record), ()):
            waking = [other for other in self.waking.get(key, ()) if other is not record]
            if waking:
                self.waking[key] = waking
            else:
                self.waking.pop(key, None)


def timer_index(state: Any) -> TimerIndex:
    """The bot's tracked callbacks as a TimerIndex (indexed once, then kept up to date)."""
    timers = state.work.callbacks
    if type(timers) is not TimerIndex:
        timers = state.work.callbacks = TimerIndex(timers)
    return timers


def active_callbacks(state: Any) -> list[Any]:
    """SimCord's ``_active_callbacks``: the live callbacks, the cancelled ones dropped from the list."""
    timers = timer_index(state)
    timers.prune()
    return timers


def sleeps_past_deadline(state: Any, waiter: Any, deadline: float) -> bool:
    """SimCord's ``_is_virtual_sleep_waiter`` through the index: whether ``waiter`` is a sleep's future
    that one of the bot's live timers resolves only after the settle deadline. SimCord scans every timer
    for it, for every pending task."""
    if waiter is None or waiter.done():
        return False
    for record in timer_index(state).waking.get(id(waiter), ()):
        if not record.handle.cancelled() and simcord_settlement._callback_fire_time(state, record) > deadline:
            return True
    return False


def no_wall_clock_fallback(env: Env, record: Any, callback: Any, args: Any, context: Any) -> None:
    """In place of ``Env._schedule_timer``, which arms a wall-clock fallback for each timer of the bot:
    here a timer fires only when the driver moves simulated time past it."""


class SimCordForLongRuns(Patches):
    """The changes to SimCord for long runs with many tables (see the module's docstring).

    The wall-clock fallback is switched off. The bot's tracked callbacks are a ``TimerIndex``, through
    which SimCord's search for the timer of a sleeping task goes; SimCord's settle step builds its state
    once per change rather than once per task and callback it looks at; ``_virtualize_recognized_waits``,
    which only cancels wall-clock fallbacks, has none to cancel. Each move of the simulated clock looks
    for polls to close in every stored message, twice: while no request of the bot has carried a poll,
    there is none (the driver sends no messages). With ``check``, SimCord's own functions run too and
    any difference stops the run.
    """

    def __init__(self, check: bool) -> None:
        super().__init__()
        self.check = check
        self.polls = False  # whether a request of the bot carried a poll
        self._next_poll: Callable[[Backend], Any] = Backend.next_poll_deadline
        self._scan: Callable[..., bool] = simcord_settlement._is_virtual_sleep_waiter
        self._parked: Callable[..., bool] = simcord_env._is_parked
        self._state: Callable[[Env], Any] = simcord_env.Env._settlement_state

    def install(self) -> None:
        """Change SimCord (until ``undo``)."""
        self.patch(simcord_env.Env, "_schedule_timer", no_wall_clock_fallback)
        self.patch(simcord_env, "_virtualize_recognized_waits", self.virtualize_recognized_waits)
        self.patch(simcord_env, "_active_callbacks", active_callbacks)
        self._scan = self.patch(simcord_settlement, "_is_virtual_sleep_waiter", self.is_virtual_sleep_waiter)
        self._parked = self.patch(simcord_env, "_is_parked", self.is_parked)
        self._state = self.patch(simcord_env.Env, "_settlement_state", self.settlement_state())
        self.patch(simcord_router, "dispatch", self.poll_watch(simcord_router.dispatch))
        self._next_poll = Backend.next_poll_deadline
        for name in ("next_poll_deadline", "expire_due_polls"):
            self.patch(Backend, name, self.unless_polls(getattr(Backend, name)))

    def poll_watch(self, dispatch: Callable[..., Any]) -> Callable[..., Any]:
        """SimCord's request routing, noting a request that carries a poll (in a message or in an
        interaction response)."""

        @functools.wraps(dispatch)
        def route(*args: Any, json: Any = None, **kwargs: Any) -> Any:
            if isinstance(json, dict) and ("poll" in json or "poll" in (json.get("data") or {})):
                self.polls = True
            return dispatch(*args, json=json, **kwargs)

        return route

    def unless_polls(self, original: Callable[[Backend], Any]) -> Callable[[Backend], Any]:
        """A poll method of SimCord's backend, skipped (no deadline, nothing to close) while no poll
        exists."""

        @functools.wraps(original)
        def method(backend: Backend) -> Any:
            if self.polls:
                return original(backend)
            if self.check and self._next_poll(backend) is not None:
                raise AssertionError("a stored message has a poll")
            return None

        return method

    def settlement_state(self) -> Callable[[Env], Any]:
        """``Env._settlement_state``, which makes a new frozen state for every task and callback the
        settle step looks at, returning the last one while nothing in it changed."""
        made = self._state
        last: list[Any] = [None]

        def state(env: Env) -> Any:
            old = last[0]
            if (
                old is not None
                and old.virtual_time == env.backend.clock.elapsed
                and old.advancing is env._advancing
                and old.generation == env._generation
                and old.last_dispatch is env._last_dispatch
                and old.work is env._work
                and old.bot is env.bot
                and old.loop is env._loop
            ):
                return old
            last[0] = made(env)
            return last[0]

        return state

    def is_virtual_sleep_waiter(self, state: Any, waiter: Any, deadline: float) -> bool:
        """SimCord's test, through the index."""
        found = sleeps_past_deadline(state, waiter, deadline)
        if self.check and found != self._scan(state, waiter, deadline):
            raise AssertionError(f"the timer index says {found} for a sleeping task, SimCord the contrary")
        return found

    def is_parked(self, state: Any, task: asyncio.Task[Any], deadline: float) -> bool:
        """SimCord's test of a task that may wait (parked) while the bot settles. A task asleep past the
        deadline is parked whatever else SimCord would look at first (listeners, views, composed waits),
        so that answer comes first, from the index."""
        asleep = sleeps_past_deadline(state, getattr(task, "_fut_waiter", None), deadline)  # None once done
        if asleep and not self.check:
            return True
        parked = self._parked(state, task, deadline)
        if asleep and not parked:
            raise AssertionError("the timer index found a sleeping task SimCord does not see as parked")
        return parked

    def virtualize_recognized_waits(self, state: Any, pending: list[asyncio.Task[Any]]) -> None:
        """Nothing to do: no timer has a wall-clock fallback to cancel."""
        if self.check and any(record.real_handle is not None for record in state.work.callbacks):
            raise AssertionError("a timer of the bot has a wall-clock fallback")


def drain_simcord_logs(env: Env, tally: RequestTally) -> None:
    """Count the requests SimCord logged since the last call, then empty its request log, its transcript
    and its store of uploaded bytes (nothing reads them back), which would otherwise grow with every
    click."""
    backend = env.backend
    for entry in backend.http_requests:
        tally.add(entry.method, entry.path, backend.application_id)
    backend.http_requests.clear()
    backend.transcript.clear()
    backend.cdn._blobs.clear()


class Pacer:
    """Moves SimCord's simulated clock on as the players click, in steps of at most ``STEP_CLICKS``
    clicks and ``STEP_SECONDS`` simulated seconds, and counts the requests of each step into ``tally``."""

    def __init__(self, env: Env, tally: RequestTally) -> None:
        self.env = env
        self.tally = tally
        self.owed = 0.0
        self.clicks = 0
        self.seconds = 0.0  # simulated time moved so far

    async def click(self, seconds: float) -> None:
        """One click was made; ``seconds`` of simulated time pass before the next one."""
        self.owed += seconds
        self.clicks += 1
        if self.clicks >= STEP_CLICKS or self.owed >= STEP_SECONDS:
            await self.flush()

    async def flush(self, extra: float = 0.0) -> None:
        """Move the clock by what is owed (and ``extra`` seconds), and count the requests made so far."""
        owed, self.owed, self.clicks = self.owed + extra, 0.0, 0
        if owed > 0:
            await self.env.advance_time(owed)
            self.seconds += owed
        drain_simcord_logs(self.env, self.tally)


# -- measuring the bot ---------------------------------------------------------------------------------


@dataclass
class Sample:
    """One interaction handled by the bot."""

    kind: str
    total: float = 0.0
    http: float = 0.0
    http_calls: int = 0
    db: float = 0.0
    db_depth: int = 0
    gc: float = 0.0


_SAMPLE: contextvars.ContextVar[Sample | None] = contextvars.ContextVar("bot_load_sample", default=None)


def click_kind(cid: str) -> str:
    """What a custom_id does: join, start, act (a bid, trump or card), hand (Show my hand) or other."""
    parts = cid.split(":")
    if len(parts) == 5 and parts[1] == "lobby":
        return "start" if parts[4] == "start" else parts[4]
    if len(parts) == 5 and parts[1] in ("act", "hand"):
        return parts[1]
    return "other"


def store_methods() -> list[str]:
    """The TableStore methods the bot awaits; time inside them is the database's share."""
    return [
        name
        for name, value in vars(TableStore).items()
        if not name.startswith("_") and inspect.iscoroutinefunction(value)
    ]


class Meter(Patches):
    """Wraps the bot's handlers, its store and SimCord's fake HTTP routing with timers."""

    def __init__(self) -> None:
        super().__init__()
        self.samples: list[Sample] = []
        self._gc_start = 0.0
        # Every pause of the garbage collector since ``restart`` (inside a handler or not), as
        # (seconds, generation): the longest one is what a click may meet at worst.
        self.pauses: list[tuple[float, int]] = []
        # The interaction being handled (they are handled one at a time); GC in any thread (the
        # aiosqlite thread included) while it is handled counts towards it.
        self._active: Sample | None = None

    def _timed_handler(self, original: Callable[..., Awaitable[None]], kind: Callable[..., str]) -> Any:
        meter = self

        @functools.wraps(original)
        async def handler(owner: Any, interaction: Any, *args: Any) -> None:
            sample = Sample(kind(owner, *args))
            token = _SAMPLE.set(sample)
            meter._active = sample
            start = time.perf_counter()
            try:
                await original(owner, interaction, *args)
            finally:
                sample.total = time.perf_counter() - start
                meter._active = None
                _SAMPLE.reset(token)
                meter.samples.append(sample)

        return handler

    def _timed_store(self, original: Callable[..., Awaitable[Any]]) -> Any:
        @functools.wraps(original)
        async def method(*args: Any, **kwargs: Any) -> Any:
            sample = _SAMPLE.get()
            if sample is None:
                return await original(*args, **kwargs)
            sample.db_depth += 1
            start = time.perf_counter()
            try:
                return await original(*args, **kwargs)
            finally:
                sample.db_depth -= 1
                if sample.db_depth == 0:
                    sample.db += time.perf_counter() - start

        return method

    def install(self) -> None:
        """Start timing (until ``undo``)."""
        handle = self._timed_handler(TableComponent.handle, lambda item, *_: click_kind(item.custom_id))
        self.patch(TableComponent, "handle", handle)
        self.patch(Lobbies, "new_table", self._timed_handler(Lobbies.new_table, lambda *_: "new"))
        for name in store_methods():
            self.patch(TableStore, name, self._timed_store(getattr(TableStore, name)))
        # Both of SimCord's fake transports (the HTTP client and the webhook adapter that carries
        # interaction responses) look `router.dispatch` up at call time.
        original_dispatch = simcord_router.dispatch

        @functools.wraps(original_dispatch)
        def dispatch(*args: Any, **kwargs: Any) -> Any:
            sample = _SAMPLE.get()
            if sample is None:
                return original_dispatch(*args, **kwargs)
            start = time.perf_counter()
            try:
                return original_dispatch(*args, **kwargs)
            finally:
                sample.http += time.perf_counter() - start
                sample.http_calls += 1

        self.patch(simcord_router, "dispatch", dispatch)
        gc.callbacks.append(self._on_gc)
        self._undo.append(lambda: gc.callbacks.remove(self._on_gc))

    def restart(self) -> None:
        """Forget what was measured so far (the warm-up)."""
        self.samples.clear()
        self.pauses.clear()

    def _on_gc(self, phase: str, info: dict[str, int]) -> None:
        """Time every pause of Python's garbage collector, and count it to the handler it ran in."""
        if phase == "start":
            self._gc_start = time.perf_counter()
            return
        pause = time.perf_counter() - self._gc_start
        self.pauses.append((pause, info.get("generation", -1)))
        sample = self._active
        if sample is not None:
            sample.gc += pause


# -- the simulated players -----------------------------------------------------------------------------


@dataclass
class Table:
    """The driver's view of one table."""

    channel: ChannelHandle
    players: list[MemberActor]
    rng: random.Random
    table_id: int = 0
    # The bot's own table, whose game the bot replaces by a new one at every action (kept after the
    # game is over, when the bot lets go of it).
    state: TableModel | None = None
    actions_before: int = 0  # game actions taken before the measured phase

    @property
    def game(self) -> Game | None:
        """The table's game as it stands."""
        return None if self.state is None else self.state.game

    def member(self, user_id: int) -> MemberActor:
        """The player with this user id."""
        return next(player for player in self.players if player.id == user_id)


def game_actions(game: Game | None) -> int:
    """The game actions (bids, trump choices, calls, cards) taken in a game so far: its log's entries
    that are action codes, not chance events."""
    return 0 if game is None else sum(isinstance(entry, int) for entry in game.log)


def build_world(env: Env, tables: int, players: int) -> list[Table]:
    """Servers, channels and players for every table (25 tables per server)."""
    world: list[Table] = []
    guild = None
    for index in range(tables):
        if index % TABLES_PER_GUILD == 0:
            guild = env.create_guild(f"Server {index // TABLES_PER_GUILD}")
        assert guild is not None
        channel = guild.create_text_channel(f"wizard-{index}")
        members = [guild.add_member(env.create_user(f"t{index}p{seat}")) for seat in range(players)]
        world.append(Table(channel, members, random.Random(index)))
    return world


async def open_table(bot: WizardBot, table: Table) -> None:
    """``/wizard new``, the others join, the host starts."""
    host = table.players[0]
    result = await host.slash(table.channel, "wizard new")
    if result.response is None or result.ephemeral:
        raise RuntimeError(f"/wizard new was refused in {table.channel.name}")
    lobby = result.response
    for player in table.players[1:]:
        joined = await player.click(lobby, label="Join")
        if joined.ephemeral:
            raise RuntimeError("a Join was refused")
    started = await host.click(lobby, label="Start")
    if started.ephemeral:
        raise RuntimeError("Start was refused")
    session = bot.service(OpenTables).in_channel(table.channel.id)
    running = None if session is None else session.table
    if running is None or running.status != "playing" or running.game is None:
        raise RuntimeError(f"the table in {table.channel.name} did not start")
    table.table_id, table.state = running.id, running


async def end_game(bot: WizardBot, table: Table) -> None:
    """The host ends the game: ``/wizard end``, then "Yes, end it"."""
    host = table.players[0]
    asked = await host.slash(table.channel, "wizard end")
    if asked.response is None:
        raise RuntimeError(f"/wizard end got no reply at table {table.table_id}")
    await host.click(asked.response, custom_id=f"wizard:end:{table.table_id}:0:yes")
    if table.table_id in bot.service(OpenTables).sessions:
        raise RuntimeError(f"the game at table {table.table_id} could not be ended")


def action_ids(rows: Any, table_id: int, legal: Collection[int]) -> list[str]:
    """The custom_ids of the enabled action buttons among a message's components that the game takes
    from the player now: this table's, with a legal action code. Their version is not looked at: a hand
    message may keep buttons drawn earlier in the round, and a click the bot refuses is a bug to report.
    """
    found = []
    for item in walk_components(rows):
        cid = item.get("custom_id")
        match = ACT_ID.fullmatch(cid) if item.get("type") == 2 and isinstance(cid, str) else None
        if match and not item.get("disabled") and int(match["table"]) == table_id:
            found += [match[0]] if int(match["code"]) in legal else []
    return found


def newest_dm(env: Env, player: MemberActor) -> ResponseMessage | None:
    """The newest message in the player's DMs with the bot, or None."""
    channel_id = env.backend.dm_channels.get(player.id)
    stored = env.backend.messages.get(channel_id, {}) if channel_id is not None else {}
    return ResponseMessage(env, stored[max(stored)]) if stored else None


async def show_hand(env: Env, bot: WizardBot, table: Table, player: MemberActor) -> ResponseMessage:
    """The player presses Show my hand on the table message; the bot's private reply."""
    running = bot.service(OpenTables).sessions[table.table_id].table
    assert running.message_id is not None
    message = ResponseMessage(env, env.backend.get_message(table.channel.id, running.message_id))
    result = await player.click(message, label="Show my hand")
    if result.response is None:
        raise RuntimeError(f"Show my hand got no reply at table {table.table_id}")
    return result.response


async def act_once(env: Env, bot: WizardBot, table: Table) -> bool:
    """A player whose turn it is presses one of their action buttons; False once the game is over."""
    game = table.game
    if game is None or game.is_over or not game.to_act:
        return False
    if table.table_id not in bot.service(OpenTables).sessions:
        raise RuntimeError(f"table {table.table_id} closed before its game was over")
    seat = table.rng.choice(game.to_act)
    player = table.member(table.state.seats[seat].user_id if table.state is not None else 0)
    legal = set(game.legal_actions(seat))
    message = newest_dm(env, player)
    clicker: MemberActor | UserHandle = player.user
    choices = action_ids(message.components, table.table_id, legal) if message is not None else []
    if message is None or not choices:
        message, clicker = await show_hand(env, bot, table, player), player
        choices = action_ids(message.components, table.table_id, legal)
    if not choices:
        raise RuntimeError(f"{player.name} found no controls for their turn: {message.content!r}")
    result = await clicker.click(message, custom_id=table.rng.choice(choices))
    if result.ephemeral:
        text = result.response.content if result.response else None
        raise RuntimeError(f"a game action was refused: {text}")
    return True


# -- memory ---------------------------------------------------------------------------------------------


def _project_modules() -> list[Any]:
    return [
        module
        for name, module in list(sys.modules.items())
        if name == "bot" or name.split(".")[0] in ("cogs", "wizard_core")
    ]


def retained_bytes(bot: WizardBot) -> tuple[int, int]:
    """Bytes of the objects the bot keeps alive: everything reachable from the bot object and from the
    globals of its own modules (bot, cogs, wizard_core), by ``gc.get_referents``, each counted once
    with ``sys.getsizeof``. Returns the bytes and the number of objects.

    The walk stops at modules, classes, the event loop, SimCord's objects (its fake HTTP client,
    gateway and backend, whose message store and request log hold what the bot sent) and this
    driver's objects: in production none of those would be there.
    """
    barrier_ids = {id(vars(module)) for module in list(sys.modules.values()) if hasattr(module, "__dict__")}
    roots: list[Any] = [bot, *(vars(module) for module in _project_modules())]
    seen = {id(root) for root in roots}
    stack = [referent for root in roots for referent in gc.get_referents(root)]
    total = count = 0
    while stack:
        obj = stack.pop()
        key = id(obj)
        if key in seen:
            continue
        seen.add(key)
        if key in barrier_ids or isinstance(obj, (type, types.ModuleType, asyncio.AbstractEventLoop)):
            continue
        module = type(obj).__module__
        if module.split(".")[0] == "simcord" or module == __name__:
            continue
        total += sys.getsizeof(obj)
        count += 1
        stack.extend(gc.get_referents(obj))
    return total, count


def max_rss_bytes() -> int:
    """The peak resident set size of this process so far (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


# -- one size, in its own process ----------------------------------------------------------------------


def picture_settings(processes: int | None) -> dict[str, int]:
    """The bot's setting of picture worker processes, when the run gives one."""
    return {} if processes is None else {"picture_processes": processes}


@dataclass
class SizeResult:
    """What one run measured; passed from the worker process as JSON."""

    tables: int
    actions: int
    players: int
    pace: float
    whole_games: bool
    pictures: bool = True
    turn_timer: int = DEFAULT_TURN_TIMER
    picture_processes: int | None = None  # None: the bot's default
    open_tables: int = 0
    setup_wall: float = 0.0
    play_wall: float = 0.0
    play_clicks: int = 0
    play_seconds: float = 0.0  # simulated time of the measured phase
    game_actions: int = 0  # game actions in the measured phase, computers' included
    games_over: int = 0
    rounds: list[int] = field(default_factory=list)  # the round each game had reached at the end
    # Rounds played in the measured phase, all tables, a round under way counted by the share of its
    # actions taken; a whole game's rounds, and its actions (measured, or its bids and cards).
    rounds_measured: float = 0.0
    rounds_per_game: int = 0
    actions_per_game: float = 0.0
    # REST requests while the tables opened and in the measured phase (RequestTally.summary).
    opening: dict[str, Any] = field(default_factory=dict)
    play: dict[str, Any] = field(default_factory=dict)
    # (kind, handling time, of which: in SimCord's fake HTTP, in the database; fake HTTP calls; of which
    # in Python's garbage collector)
    samples: list[tuple[str, float, float, float, int, float]] = field(default_factory=list)
    retained_before: int = 0
    retained_after: int = 0
    kept_objects_before: int = 0  # objects the bot keeps alive, before the first table and at the end
    kept_objects_after: int = 0
    gc_objects: int = 0  # objects the garbage collector tracks in the whole process at the end
    simcord_messages: int = 0  # messages SimCord stores at the end
    # Pauses of the garbage collector from the tables' opening to the end of play: how many, and the
    # longest (seconds) with its generation.
    gc_pauses: int = 0
    gc_longest: float = 0.0
    gc_longest_generation: int = -1
    rss_before: int = 0
    rss_after: int = 0


class Progress:
    """A line on stderr now and then, so a long run shows it is alive."""

    def __init__(self, tables: int) -> None:
        self.tables = tables
        self.start = self.last = time.perf_counter()

    def say(self, text: str, *, force: bool = False) -> None:
        """Print ``text`` if it has been a while since the last line (or with ``force``)."""
        now = time.perf_counter()
        if force or now - self.last >= PROGRESS_SECONDS:
            self.last = now
            print(f"    {self.tables} tables, {now - self.start:.0f} s: {text}", file=sys.stderr, flush=True)


async def play(env: Env, bot: WizardBot, world: list[Table], pacer: Pacer, result: SizeResult) -> int:
    """Round-robin passes, one click per table in turn, ``result.actions`` of them or until every game is
    over; each table sees one action every ``pace`` simulated seconds. Returns the clicks made."""
    progress = Progress(len(world))
    step = result.pace / len(world)
    clicks = passes = 0
    while result.whole_games or passes < result.actions:
        acted = 0
        for table in world:
            acted += await act_once(env, bot, table)
            await pacer.click(step)
        clicks += acted
        passes += 1
        if not acted:
            break
        rounds = [table.game.round_number for table in world if table.game is not None]
        progress.say(f"{passes} passes, {clicks} clicks, rounds {min(rounds)} to {max(rounds)}")
    return clicks


async def warm_up(env: Env, bot: WizardBot, table: Table, pacer: Pacer, result: SizeResult) -> None:
    """One table plays first, alone, as many actions as each measured table will (or a whole game), so
    one-time costs are paid before anything is measured; then its host ends it, so that it does nothing
    in the background (its turn clock would time its players out). With pictures, the run then waits
    until they are drawn at their usual speed: the picture workers started, or without them the card
    pieces drawn in this process (``pictures.ready``), which the first picture starts."""
    await open_table(bot, table)
    for _ in itertools.count() if result.whole_games else range(result.actions):
        if not await act_once(env, bot, table):
            break
        await pacer.click(result.pace)
    if table.game is not None and not table.game.is_over:
        await end_game(bot, table)
    if result.pictures and not await pictures.ready():
        raise RuntimeError("the pictures could not be made ready (see the log)")
    await pacer.flush(FLUSH_SECONDS)


def rounds_done(actions: int, per_round: Sequence[int]) -> float:
    """The rounds that ``actions`` game actions make, given each round's actions, the round under way
    counted by the share of its actions taken (trump choices, a few a game, are not told apart).

    >>> rounds_done(9, [6, 9, 12])  # round 1's 6 actions, then 3 of round 2's 9
    1.3333333333333333
    """
    done = 0.0
    for size in per_round:
        if actions < size:
            return done + actions / size
        actions -= size
        done += 1
    return done


def record_games(result: SizeResult, world: list[Table], bot: WizardBot) -> None:
    """How far the games went, and a whole game's rounds and actions for the extrapolations."""
    games = [table.game for table in world if table.game is not None]
    result.game_actions = sum(game_actions(table.game) - table.actions_before for table in world)
    result.games_over = sum(game.is_over for game in games)
    result.rounds = [game.round_number for game in games]
    result.open_tables = sum(table.table_id in bot.service(OpenTables).sessions for table in world)
    if not games:
        return
    per_round = [result.players * (size + 1) for size in games[0].rules.hand_sizes(result.players)]
    result.rounds_per_game = len(per_round)
    result.rounds_measured = sum(
        rounds_done(game_actions(table.game), per_round) - rounds_done(table.actions_before, per_round)
        for table in world
    )
    result.actions_per_game = sum(per_round)
    if result.whole_games and result.games_over:
        result.actions_per_game = (
            sum(game_actions(game) for game in games if game.is_over) / result.games_over
        )


def record_requests(
    env: Env, result: SizeResult, world: list[Table], opening: RequestTally, tally: RequestTally
) -> None:
    """The requests of both phases, with the messages created in the game channels and the DMs."""
    channels = {table.channel.id for table in world}
    dms = {env.backend.dm_channels.get(player.id) for table in world for player in table.players}
    dm_channels = {channel for channel in dms if channel is not None}
    result.opening = opening.summary(channels, dm_channels)
    result.play = tally.summary(channels, dm_channels)


async def set_turn_timer(bot: WizardBot, world: list[Table], seconds: int) -> None:
    """Give every server of the run a turn timer of ``seconds`` (0: off), as /wizard settings would."""
    store = bot.service(ServerSettingsStore)
    for guild_id in {table.channel.guild.id for table in world if table.channel.guild is not None}:
        await store.set(guild_id, ServerSettings(turn_timer_seconds=seconds))


async def measure(env: Env, bot: WizardBot, meter: Meter, result: SizeResult) -> None:
    """Warm up, open the tables, play, and record everything."""
    opening, tally = RequestTally(), RequestTally()
    pacer = Pacer(env, RequestTally())
    warmup, *world = build_world(env, result.tables + 1, result.players)
    await set_turn_timer(bot, [warmup, *world], result.turn_timer)
    await warm_up(env, bot, warmup, pacer, result)
    gc.collect()
    result.retained_before, result.kept_objects_before = retained_bytes(bot)
    result.rss_before = max_rss_bytes()
    meter.restart()

    pacer.tally = opening
    start = time.perf_counter()
    for table in world:
        await open_table(bot, table)
        await pacer.click(OPEN_PACE)
    await pacer.flush()
    result.setup_wall = time.perf_counter() - start
    for table in world:
        table.actions_before = game_actions(table.game)

    pacer.tally, moved = tally, pacer.seconds
    start = time.perf_counter()
    result.play_clicks = await play(env, bot, world, pacer, result)
    await pacer.flush(FLUSH_SECONDS)
    result.play_wall = time.perf_counter() - start
    result.play_seconds = pacer.seconds - moved
    record_games(result, world, bot)
    record_requests(env, result, world, opening, tally)
    result.simcord_messages = sum(len(messages) for messages in env.backend.messages.values())
    result.rss_after = max_rss_bytes()
    result.gc_pauses = len(meter.pauses)
    result.gc_longest, result.gc_longest_generation = max(meter.pauses, default=(0.0, -1))
    gc.collect()
    result.retained_after, result.kept_objects_after = retained_bytes(bot)
    result.gc_objects = len(gc.get_objects()) + gc.get_freeze_count()  # frozen ones too


async def run_size(options: SizeResult, check: bool) -> SizeResult:
    """One size: ``options`` says what to run, and receives the figures."""
    result = options
    meter, tuning = Meter(), SimCordForLongRuns(check)
    meter.install()
    tuning.install()
    try:
        with tempfile.TemporaryDirectory(prefix="wizard-bot-load-") as tmp:
            bot = create_bot(
                token=None,
                database_path=Path(tmp) / "wizard.sqlite3",
                log_level="WARNING",
                dev_guild_id=None,
                force_sync=False,
                # The benchmark's own SQLite file, whatever .env says.
                database_url=None,
                shard_count=None,
                shard_ids=None,
                images=result.pictures,
                **picture_settings(result.picture_processes),
            )
            try:
                async with simcord.run(bot) as env:
                    await measure(env, bot, meter, result)
            finally:
                # SimCord detaches the bot without closing it; the aiosqlite thread would keep the
                # process alive.
                await bot.close()
    finally:
        tuning.undo()
        meter.undo()
    result.samples = [(s.kind, s.total, s.http, s.db, s.http_calls, s.gc) for s in meter.samples]
    return result


def run_worker(options: SizeResult, check: bool) -> SizeResult:
    """Run one size in a fresh process (so the peak RSS is that size's) and read its result back; the
    worker's progress lines and errors go to this process's stderr."""
    command = [sys.executable, __file__, "--worker", json.dumps(asdict(options))]
    command += ["--check-simcord"] if check else []
    done = subprocess.run(command, stdout=subprocess.PIPE, text=True, check=False)
    for line in done.stdout.splitlines():
        if line.startswith(RESULT_PREFIX):
            data = json.loads(line[len(RESULT_PREFIX) :])
            data["samples"] = [tuple(sample) for sample in data["samples"]]
            return SizeResult(**data)
    raise RuntimeError(f"the run with {options.tables} tables failed (exit status {done.returncode})")


# -- report --------------------------------------------------------------------------------------------


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0 to 100), interpolated between the closest ranks."""
    ordered = sorted(values)
    if not ordered:
        return math.nan
    rank = (len(ordered) - 1) * q / 100
    low = math.floor(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def per(count: float, total: float) -> float:
    """``count / total``, NaN when there is nothing to divide by."""
    return count / total if total else math.nan


def figures(result: SizeResult) -> dict[str, Any]:
    """The printed figures of one size: times in milliseconds, memory in KB (MB for the RSS)."""
    acts = [sample for sample in result.samples if sample[0] == "act"]
    totals = [sample[1] for sample in acts]
    own = [sample[1] - sample[2] for sample in acts]
    no_gc = [sample[1] - sample[5] for sample in acts]
    count = len(acts) or 1
    out: dict[str, Any] = {
        "actions": per(result.game_actions, result.tables),
        "clicks": len(acts),
        "running": result.open_tables,
        "p50": percentile(totals, 50) * 1000,
        "p99": percentile(totals, 99) * 1000,
        "max": max(totals, default=math.nan) * 1000,
        "own_p50": percentile(own, 50) * 1000,
        "own_p99": percentile(own, 99) * 1000,
        "own_max": max(own, default=math.nan) * 1000,
        "no_gc_p99": percentile(no_gc, 99) * 1000,
        "no_gc_max": max(no_gc, default=math.nan) * 1000,
        "mean": sum(totals) / count * 1000,
        "db": sum(sample[3] for sample in acts) / count * 1000,
        "http": sum(sample[2] for sample in acts) / count * 1000,
        "gc": sum(sample[5] for sample in acts) / count * 1000,
        "http_calls": sum(sample[4] for sample in acts) / count,
        "throughput": len(acts) / sum(totals) if totals else math.nan,
        "wall_rate": per(result.play_clicks, result.play_wall),
        "kept_kb": (result.retained_after - result.retained_before) / result.tables / 1024,
        "rss_mb": result.rss_after / 1024 / 1024,
        "rss_kb": (result.rss_after - result.rss_before) / result.tables / 1024,
        "gc_objects": result.gc_objects / 1000,
        "kept_objects": (result.kept_objects_after - result.kept_objects_before) / result.tables,
        "simcord_messages": result.simcord_messages / 1000,
        "gc_longest": result.gc_longest * 1000,
        "gc_pauses": result.gc_pauses,
    }
    out["rest"] = out["mean"] - out["db"] - out["http"]
    for kind in ("new", "join", "start", "hand"):
        times = [sample[1] for sample in result.samples if sample[0] == kind]
        out[f"{kind}_p50"] = percentile(times, 50) * 1000
        out[f"{kind}_p99"] = percentile(times, 99) * 1000
    return out | request_figures(result)


def request_figures(result: SizeResult) -> dict[str, Any]:
    """Requests per game action, and messages per table and DMs per player: while the table opened,
    per game action, and for a whole game (measured with whole games, extrapolated otherwise)."""
    actions, opening, play = result.game_actions, result.opening, result.play
    seats = result.tables * result.players
    out: dict[str, Any] = {
        "game_actions": actions,
        "play_seconds": result.play_seconds,
        "rounds": f"{min(result.rounds, default=0)} to {max(result.rounds, default=0)}",
        "games_over": result.games_over,
        "counted": per(play["counted"], actions),
        "uncounted": per(play["uncounted"], actions),
        "open_counted": per(opening["counted"], result.tables),
        "channel_open": per(opening["channel_messages"], result.tables),
        "channel_play": per(play["channel_messages"], result.tables),
        "channel_action": per(play["channel_messages"], actions),
        "dm_open": per(opening["dms"], seats),
        "dm_play": per(play["dms"], seats),
        "dm_action": per(play["dms"], actions * result.players),
        "limit_rate": per(GLOBAL_LIMIT, per(play["counted"], actions)),
    }
    out["channel_game"] = per_game(result, out["channel_open"], play["channel_messages"], result.tables)
    out["dm_game"] = per_game(result, out["dm_open"], play["dms"], seats)
    return out


def per_game(result: SizeResult, opening: float, measured: int, owners: int) -> str:
    """Messages per table (or DMs per player, ``owners`` being the seats) for a whole game: measured
    with whole games; otherwise extrapolated from the measured phase by rounds and by actions, a range.

    Messages sent once a round (round results, a hand message) are extrapolated right by rounds and
    overestimated by actions (early rounds have fewer actions); messages sent once a turn or a trick are
    extrapolated right by actions and underestimated by rounds (later rounds have more actions).
    """
    if result.whole_games:
        return f"{opening + per(measured, owners):.1f}"
    tables_per_owner = result.tables / owners
    by_rounds = opening + per(measured, result.rounds_measured) * tables_per_owner * result.rounds_per_game
    by_actions = opening + per(measured, result.game_actions) * tables_per_owner * result.actions_per_game
    return f"{by_rounds:.1f} to {by_actions:.1f}"


Row = tuple[str, str, str, str]
# (label, figure key, format, target shown beside it); an empty format prints "<key>_p50 / <key>_p99".
ROWS: list[Row] = [
    ("game actions per table", "actions", "{:.0f}", ""),
    ("game clicks handled", "clicks", "{:.0f}", ""),
    ("tables still running at the end", "running", "{:.0f}", ""),
    ("handling per game click, p50 (ms)", "p50", "{:.1f}", ""),
    ("handling per game click, p99 (ms)", "p99", "{:.1f}", HANDLE_TARGET_TEXT),
    ("handling per game click, max (ms)", "max", "{:.1f}", ""),
    ("  excl. fake HTTP: p50 (ms)", "own_p50", "{:.1f}", ""),
    ("  excl. fake HTTP: p99 (ms)", "own_p99", "{:.1f}", ""),
    ("  excl. fake HTTP: max (ms)", "own_max", "{:.1f}", ""),
    ("  excl. GC pauses: p99 (ms)", "no_gc_p99", "{:.1f}", ""),
    ("  excl. GC pauses: max (ms)", "no_gc_max", "{:.1f}", ""),
    ("  mean (ms)", "mean", "{:.2f}", ""),
    ("    in the database (ms)", "db", "{:.2f}", ""),
    ("    in SimCord's fake HTTP (ms)", "http", "{:.2f}", ""),
    ("    the rest: bot + discord.py (ms)", "rest", "{:.2f}", ""),
    ("    (GC pauses, in any of those) (ms)", "gc", "{:.2f}", ""),
    ("longest GC pause, any time (ms)", "gc_longest", "{:.1f}", ""),
    ("GC pauses from opening to the end", "gc_pauses", "{:.0f}", ""),
    ("  fake HTTP calls per game click", "http_calls", "{:.1f}", ""),
    ("/wizard new, p50 / p99 (ms)", "new", "", ""),
    ("Join click, p50 / p99 (ms)", "join", "", ""),
    ("Start click, p50 / p99 (ms)", "start", "", ""),
    ("Show my hand, p50 / p99 (ms)", "hand", "", ""),
    ("bot throughput (interactions/s)", "throughput", "{:.0f}", ""),
    ("wall rate incl. SimCord (clicks/s)", "wall_rate", "{:.0f}", ""),
    ("memory kept by the bot (KB/table)", "kept_kb", "{:.1f}", f"< {MEMORY_TARGET_KB:.0f}"),
    ("peak RSS of the process (MB)", "rss_mb", "{:.0f}", ""),
    ("peak RSS growth (KB/table)", "rss_kb", "{:.0f}", ""),
    ("objects kept by the bot (per table)", "kept_objects", "{:.0f}", ""),
    ("GC-tracked objects, process (thousands)", "gc_objects", "{:.0f}", ""),
    ("messages SimCord stores (thousands)", "simcord_messages", "{:.0f}", ""),
]


def request_rows(whole_games: bool) -> list[Row]:
    """The rows of the requests table; a whole game's figures are measured or extrapolated."""
    game = "measured" if whole_games else "by rounds to by actions"
    return [
        ("game actions measured, all tables", "game_actions", "{:.0f}", ""),
        ("simulated time of the measured play (s)", "play_seconds", "{:.0f}", ""),
        ("game rounds reached at the end", "rounds", "{}", ""),
        ("games over at the end", "games_over", "{:.0f}", ""),
        ("counted requests per game action", "counted", "{:.2f}", "<= 1.2 (4 members)"),
        ("uncounted requests per game action", "uncounted", "{:.2f}", ""),
        (f"game actions/s within {GLOBAL_LIMIT} requests/s", "limit_rate", "{:.0f}", ""),
        ("counted requests to open a table", "open_counted", "{:.1f}", ""),
        ("channel messages per table: opening", "channel_open", "{:.2f}", ""),
        ("  in the measured play", "channel_play", "{:.1f}", ""),
        ("  per game action", "channel_action", "{:.3f}", ""),
        (f"  per game ({game})", "channel_game", "{}", "<= 4 (4 members)"),
        ("DMs per player: opening", "dm_open", "{:.2f}", ""),
        ("  in the measured play", "dm_play", "{:.1f}", ""),
        ("  per game action", "dm_action", "{:.3f}", ""),
        (f"  per game ({game})", "dm_game", "{}", "<= 35 (4 members)"),
    ]


def table_text(results: list[SizeResult], rows: list[Row]) -> list[str]:
    """The figures of every size side by side, the targets on the right."""
    columns = [figures(result) for result in results]
    width = max(len(row[0]) for row in rows)
    lines = [f"{'':{width}}" + "".join(f"{f'{r.tables} tables':>14}" for r in results) + "   target"]
    if len({r.pictures for r in results}) > 1:
        lines.append(f"{'':{width}}" + "".join(f"{picture_label(r):>14}" for r in results))
    for label, key, fmt, target in rows:
        if fmt:
            cells = [fmt.format(column[key]) for column in columns]
        else:
            cells = [f"{column[f'{key}_p50']:.1f} / {column[f'{key}_p99']:.1f}" for column in columns]
        lines.append(f"{label:{width}}" + "".join(f"{cell:>14}" for cell in cells) + f"   {target}".rstrip())
    return lines


def picture_label(result: SizeResult) -> str:
    """Whether a run had pictures: "pictures on" or "pictures off"."""
    return "pictures on" if result.pictures else "pictures off"


def picture_comparison(results: list[SizeResult]) -> list[str]:
    """For each size run with pictures on and off: both runs' throughput, p50 / p99, slowest click and
    longest GC pause, and the ratio on / off, with the pictures issue's targets."""
    lines = []
    for tables in dict.fromkeys(result.tables for result in results):
        runs = {result.pictures: figures(result) for result in results if result.tables == tables}
        if set(runs) != {True, False}:
            continue
        on, off = runs[True], runs[False]
        lines.append(f"{tables} tables, pictures on / off / on:off")
        for label, key, fmt in (
            ("bot throughput (interactions/s)", "throughput", "{:.0f}"),
            ("p50 per game click (ms)", "p50", "{:.1f}"),
            ("p99 per game click (ms)", "p99", "{:.1f}"),
            ("slowest game click (ms)", "max", "{:.1f}"),
            ("longest GC pause (ms)", "gc_longest", "{:.1f}"),
        ):
            ratio = per(on[key], off[key])
            lines.append(f"    {label:<34}{fmt.format(on[key]):>9} {fmt.format(off[key]):>9} {ratio:>8.2f}")
        if tables == HANDLE_TARGET_TABLES:
            ratio = per(on["throughput"], off["throughput"])
            met = "met" if ratio >= PICTURE_RATIO_TARGET else "MISSED"
            lines.append(f"    throughput on:off {ratio:.2f} (target >= {PICTURE_RATIO_TARGET:.2f}): {met}")
    return lines


def by_route(routes: dict[str, int], actions: int) -> str:
    """Requests per game action by route, the most frequent first."""
    ordered = sorted(routes.items(), key=lambda item: (-item[1], item[0]))
    return ", ".join(f"{route} {count / actions:.3f}" for route, count in ordered) or "none"


def details(results: list[SizeResult]) -> list[str]:
    """The slowest game click of each size, and the requests per game action by route."""
    lines = []
    for result in results:
        acts = [sample for sample in result.samples if sample[0] == "act"]
        if acts:
            _, total, http, db, calls, collect = max(acts, key=lambda sample: sample[1])
            lines.append(
                f"{result.tables} tables, {picture_label(result)}: slowest game click {total * 1000:.1f} ms "
                f"(database {db * 1000:.1f}, fake HTTP {http * 1000:.1f} in {calls} calls; "
                f"GC pauses {collect * 1000:.1f})"
            )
        lines.append(
            f"    longest GC pause {result.gc_longest * 1000:.1f} ms (generation "
            f"{result.gc_longest_generation}) of {result.gc_pauses} from the tables' opening to the end"
        )
        if result.game_actions:
            lines.append(
                "    counted requests per game action: "
                + by_route(result.play["routes"], result.game_actions)
            )
            lines.append(
                "    uncounted per game action: "
                + by_route(result.play["uncounted_routes"], result.game_actions)
            )
    return lines


def verdicts(results: list[SizeResult]) -> list[str]:
    """Whether the targets were met, for the sizes they apply to."""
    lines = []
    for result in results:
        if result.tables == HANDLE_TARGET_TABLES:
            p99 = figures(result)["p99"]
            met = "met" if p99 < HANDLE_TARGET_MS else "MISSED"
            lines.append(
                f"p99 handling per game click at {result.tables} tables, {picture_label(result)}: "
                f"{p99:.1f} ms (target < {HANDLE_TARGET_MS:.0f} ms): {met}"
            )
        if result.tables == SLOWEST_TARGET_TABLES:
            slowest = figures(result)["max"]
            met = "met" if slowest < SLOWEST_TARGET_MS else "MISSED"
            lines.append(
                f"slowest game click at {result.tables} tables, {picture_label(result)}: {slowest:.1f} ms "
                f"(target < {SLOWEST_TARGET_MS:.0f} ms): {met}"
            )
    if not any(result.tables == HANDLE_TARGET_TABLES for result in results):
        lines.append(f"p99 handling target: for {HANDLE_TARGET_TABLES} tables, which were not run")
    worst = max(results, key=lambda result: figures(result)["kept_kb"])
    kept = figures(worst)["kept_kb"]
    met = "met" if kept < MEMORY_TARGET_KB else "MISSED"
    lines.append(
        f"memory kept per running table, worst size ({worst.tables} tables): {kept:.1f} KB "
        f"(target < {MEMORY_TARGET_KB:.0f} KB): {met}"
    )
    return lines


NOTES = """\
Handling = time inside TableComponent.handle per game click (bid, trump or card), including
awaiting the SQLite write, the pictures drawn in a thread, SimCord's fake HTTP calls made meanwhile and
what else the event loop ran while the handler waited (SimCord's settle passes); not the wall time of a
simulated click. Bot throughput = clicks / sum of handling time; wall rate includes SimCord and the
driver. GC pauses are mostly SimCord's doing: it keeps every message in this process. Memory kept =
bytes reachable from the bot (SimCord's and the driver's objects not followed) after the run minus
before the first table, per table; peak RSS includes SimCord and SQLite.
Requests: every REST request the bot made in the measured phase (its timers' included) over the game
actions then; counted = all but interaction callbacks and interaction-token webhooks. A whole game,
unless measured, is extrapolated from the measured phase by rounds, then by game actions: a message
sent once a round is right by rounds, one sent once a turn or a trick is right by actions."""


def print_report(results: list[SizeResult]) -> None:
    """Both tables, the details, the verdicts and the notes."""
    print()
    print("\n".join(table_text(results, ROWS)))
    print()
    print("Discord REST requests (global limit: 50 a second per bot) and messages")
    print("\n".join(table_text(results, request_rows(results[0].whole_games))))
    print()
    print("\n".join(details(results)))
    print()
    comparison = picture_comparison(results)
    if comparison:
        print("\n".join(comparison))
        print()
    print("\n".join(verdicts(results)))
    print()
    print(NOTES)


def default_actions(tables: int) -> int:
    """Game actions per table when none are given: into a game's second half up to 100 tables, then
    about the same number of clicks in all.

    >>> default_actions(10), default_actions(100), default_actions(500), default_actions(1000)
    (210, 210, 42, 30)
    """
    return max(MIN_ACTIONS, min(SECOND_HALF_ACTIONS, CLICK_BUDGET // tables))


def parse_arguments() -> tuple[argparse.ArgumentParser, argparse.Namespace]:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--tables", type=int, nargs="+", metavar="N", help=f"concurrent tables (default {DEFAULT_TABLES})"
    )
    parser.add_argument(
        "--actions",
        type=int,
        nargs="+",
        metavar="K",
        help=f"game actions per table, one number or one per size (default {SECOND_HALF_ACTIONS} up to "
        f"{CLICK_BUDGET // SECOND_HALF_ACTIONS} tables, then {CLICK_BUDGET} / N but at least {MIN_ACTIONS}; "
        f"with --quick {QUICK_ACTIONS})",
    )
    parser.add_argument("--whole-games", action="store_true", help="play every game to its end")
    parser.add_argument(
        "--pictures",
        choices=sorted(PICTURE_MODES),
        default="both",
        help="run every size with pictures on, off, or both back to back (default both)",
    )
    parser.add_argument(
        "--turn-timer",
        type=int,
        default=DEFAULT_TURN_TIMER,
        metavar="SECONDS",
        help=f"every server's turn timer, 0 = off (default {DEFAULT_TURN_TIMER})",
    )
    parser.add_argument(
        "--picture-processes",
        type=int,
        metavar="N",
        help="worker processes that draw the pictures, 0 = in the bot's process (default: the bot's)",
    )
    parser.add_argument(
        "--players", type=int, default=DEFAULT_PLAYERS, help=f"players per table (default {DEFAULT_PLAYERS})"
    )
    parser.add_argument(
        "--pace",
        type=float,
        default=DEFAULT_PACE,
        metavar="SECONDS",
        help=f"simulated seconds between two actions at a table (default {DEFAULT_PACE:g})",
    )
    parser.add_argument(
        "--quick", action="store_true", help=f"tables {QUICK_TABLES}, {QUICK_ACTIONS} actions per table"
    )
    parser.add_argument(
        "--check-simcord",
        action="store_true",
        help="check the changed SimCord functions against SimCord's own on every call (slow)",
    )
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    return parser, parser.parse_args()


def main() -> None:
    """Run every size in its own process and print the figures."""
    parser, args = parse_arguments()
    if args.worker is not None:
        result = asyncio.run(run_size(SizeResult(**json.loads(args.worker)), args.check_simcord))
        print(RESULT_PREFIX + json.dumps(asdict(result)))
        return

    sizes = args.tables or (QUICK_TABLES if args.quick else DEFAULT_TABLES)
    actions = args.actions or [QUICK_ACTIONS if args.quick else default_actions(tables) for tables in sizes]
    actions = actions * len(sizes) if len(actions) == 1 else actions
    if len(actions) != len(sizes):
        parser.error("--actions takes one number, or one per size of --tables")
    if min(sizes) < 1 or min(actions) < 1 or args.pace <= 0 or not 3 <= args.players <= 6:
        parser.error("--tables and --actions must be at least 1, --pace above 0, --players 3 to 6")
    per_size = ", ".join(f"{count} at {tables} tables" for tables, count in zip(sizes, actions, strict=True))
    played = "whole games" if args.whole_games else f"game actions per table: {per_size}"
    print(
        f"Python {sys.version.split()[0]}; {args.players} players per table, {TABLES_PER_GUILD} tables per "
        f"server; {played}, round-robin, one action per table every {args.pace:g} simulated seconds; "
        f"turn timer {f'{args.turn_timer} s' if args.turn_timer else 'off'}"
    )
    results = []
    for tables, count in zip(sizes, actions, strict=True):
        for shown in PICTURE_MODES[args.pictures]:
            start = time.perf_counter()
            options = SizeResult(
                tables,
                count,
                args.players,
                args.pace,
                args.whole_games,
                pictures=shown,
                turn_timer=args.turn_timer,
                picture_processes=args.picture_processes,
            )
            results.append(run_worker(options, args.check_simcord))
            took = time.perf_counter() - start
            print(
                f"  {tables} tables, {picture_label(options)}, measured in {took:.0f} s of wall time",
                flush=True,
            )
    print_report(results)


if __name__ == "__main__":
    main()
