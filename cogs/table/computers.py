"""Where computer players think: worker processes, so that decisions use every core and never hold the loop.

A decision is pure Python: in a thread of the bot's process it would hold the interpreter lock while it
runs, competing with the event loop for it, and the whole bot could make only as many decisions a second
as one core allows. So the computers think in a pool of worker processes (``Thinkers``), as many as the
setting ``WIZARD_COMPUTER_PROCESSES`` says (one per core by default): each decision runs in one of them,
several tables' decisions at once, and the bot's process only sends the view and reads the answer back.
The workers start when the first decision needs one, not with the bot, so a bot that never meets a
computer never starts a process. They come from a fork server where the platform has one (a clean process
that has imported the rules core, forked for each worker: quick, and no copy of the bot's threads or
connections), else they are spawned.

With 0 processes, or when processes cannot be started or a worker dies (a platform without them, a host
out of memory), decisions run in one thread of the bot's process instead, one at a time, as they always
could: with one thread the loop waits at most about one of the interpreter's 5 ms switch intervals, with
more threads much longer (``benchmarks/computer_latency.py``), so the fallback keeps a single thread.

A decision's strength is a fixed amount of work (``wizard_core.ai.DEFAULT_WORK``), not time, so a busy
host makes the computers slower, never weaker; ``budget_ms`` (``WIZARD_COMPUTER_BUDGET_MS``) is only a
safety net that stops a decision which takes too long. Each decision's random generator is seeded from
the game's seed, the seat and the game's version (``decision_seed``), whatever process it runs in: the
same view and seed make the same decision in a worker as in the bot's own process, and replaying a game
replays its computers' decisions, unless the safety net cut one short.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars
import functools
import hashlib
import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from wizard_core import Game, LogEntry, Phase, PlayerView, Rules
from wizard_core.ai import Decision, Level, deliberate
from wizard_core.ai.advise import Advice, advise, would_bid

__all__ = ["Thinkers", "advice", "decision_seed", "hard_bid_in_round", "process_context", "run", "think"]

log = logging.getLogger(__name__)

T = TypeVar("T")

# What the fork server imports before it forks the first worker: the main module (which every worker
# would otherwise import again, as the spawn method does), the rules core and the pictures (whose workers
# come from the same fork server, ``cogs.table.pictures.workers``), so a worker starts ready.
_PRELOAD = ["__main__", "wizard_core.ai", "cogs.table.pictures"]
# Whether a decision has reached the time cap yet in this process (said once as a warning, then quietly).
_capped_before = False


def decision_seed(game_seed: int, seat: int, version: int) -> int:
    """The seed of the decision of ``seat`` at the game's ``version``: the same for every replay.

    A one-way hash, so the decision's random generator tells nothing of the game's, which deals the cards.
    """
    digest = hashlib.blake2b(f"wizard-computer:{game_seed}:{seat}:{version}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big")


def advice(view: PlayerView, game_seed: int) -> Advice:
    """The coach's advice for the player of ``view`` on their turn: what the hard level would do there, with
    the seed its decision would have (``decision_seed``), so the hint's pick is the hard computer's."""
    return advise(view, decision_seed(game_seed, view.player, view.version))


def hard_bid_in_round(
    players: tuple[str, ...], rules: Rules, seed: int, log: tuple[LogEntry, ...], seat: int, round_number: int
) -> int | None:
    """What the hard level would have bid in ``seat`` in round ``round_number`` of the game whose setup and
    log are given, from the view that seat had on its turn to bid (None if it did not bid that round).

    The game is rebuilt up to that round's deal and played forward to the seat's turn to bid: a pure job
    for a worker, like a decision, so the coach's line after a round costs the bot's process nothing.
    """
    deals = [index for index, entry in enumerate(log) if not isinstance(entry, int) and entry[0] == "deal"]
    if not 0 < round_number <= len(deals):
        return None
    start = deals[round_number - 1] + 1
    game = Game.replay(players, rules, seed, log[:start])
    for entry in log[start:]:
        if game.round_number != round_number:
            return None
        if game.phase is Phase.BID and seat in game.to_act and game.legal_actions(seat):
            view = game.view(seat)
            return would_bid(view, decision_seed(seed, seat, view.version))
        if not isinstance(entry, int):
            return None  # the next deal: the round ended without the seat's bid
        game.apply_logged(entry)
    return None


def process_context() -> multiprocessing.context.BaseContext:
    """How worker processes start here: from a fork server where the platform has one, else spawned."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(_PRELOAD)
        return context
    return multiprocessing.get_context("spawn")


class Thinkers:
    """The pool the decisions of one bot run in: ``processes`` worker processes, or a thread (0).

    Nothing starts until the first decision. ``close`` (when the bot shuts down) stops the workers; a
    decision asked for after that runs in a thread.
    """

    def __init__(self, processes: int) -> None:
        """A pool of ``processes`` workers, started when first needed; 0 thinks in a thread instead."""
        if processes < 0:
            raise ValueError(f"a number of processes must be 0 or more, not {processes}")
        self.processes = processes
        self._pool: Executor | None = None
        self._thread: ThreadPoolExecutor | None = None
        self._closed = False

    @property
    def in_processes(self) -> bool:
        """True while decisions go to worker processes (none may have started yet)."""
        return self.processes > 0 and not self._closed and not isinstance(self._pool, ThreadPoolExecutor)

    async def think(self, view: PlayerView, level: Level, budget_ms: float, *, seed: int) -> Decision:
        """What a computer of ``level`` chooses from ``view``, decided in a worker (see ``think``)."""
        return await self.run(functools.partial(deliberate, view, level, seed=seed, cap_ms=budget_ms))

    async def run(self, job: Callable[[], T]) -> T:
        """Run a pure job of the rules core (a decision, the coach's advice) in a worker, or in the thread
        when there are no workers; the job and its result must pickle."""
        if not self.in_processes:
            return await asyncio.get_running_loop().run_in_executor(self._one_thread(), job)
        try:
            # Submitting may start a worker (a fork, or a whole interpreter where spawned): off the loop.
            future = await asyncio.to_thread(_submit, self._process_pool(), job)
            return await asyncio.wrap_future(future)
        except (BrokenProcessPool, OSError, ImportError, NotImplementedError) as exc:
            if self._closed:
                raise
            self._fall_back(exc)
            return await asyncio.get_running_loop().run_in_executor(self._one_thread(), job)

    def _process_pool(self) -> Executor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.processes, mp_context=process_context())
        return self._pool

    def _one_thread(self) -> ThreadPoolExecutor:
        if self._thread is None:
            self._thread = ThreadPoolExecutor(1, thread_name_prefix="wizard-computer")
        return self._thread

    def _fall_back(self, error: BaseException) -> None:
        """Think in a thread from now on: the worker processes could not start, or one died."""
        log.warning(
            "Computer players think in a thread of the bot's process from now on: their worker processes "
            "failed (%s: %s)",
            type(error).__name__,
            error,
        )
        broken, self._pool = self._pool, self._one_thread()
        if broken is not None and broken is not self._pool:
            broken.shutdown(wait=False, cancel_futures=True)

    async def close(self) -> None:
        """Stop the workers, waiting (off the loop) for the decisions under way; for the bot's shutdown."""
        self._closed = True
        pools: list[Executor] = []
        for pool in (self._pool, self._thread):
            if pool is not None and pool not in pools:
                pools.append(pool)
        self._pool = self._thread = None
        for pool in pools:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)


def _submit(pool: Executor, job: Callable[[], T]) -> concurrent.futures.Future[T]:
    """Hand a job to the pool in a context of its own: starting a worker process waits on the real
    clock, whatever the caller's context holds (a test harness's simulated clock, say)."""
    return contextvars.Context().run(pool.submit, job)


# Thinking for the callers that have no pool of their own (tests, tools): in a thread of this process.
_IN_THREAD = Thinkers(0)


async def think(
    view: PlayerView, level: Level, budget_ms: float, *, seed: int, thinkers: Thinkers | None = None
) -> Decision:
    """What a computer of ``level`` chooses from ``view`` (its ``action`` code), decided in ``thinkers``
    (by default a thread of this process).

    The decision does its level's fixed work with a generator seeded by ``seed``; ``budget_ms`` caps its
    wall time (a safety net for a slow or very busy host: ``capped`` says the cap cut it short).
    """
    decision = await (thinkers or _IN_THREAD).think(view, level, budget_ms, seed=seed)
    if decision.capped:
        _report_capped(decision, level, budget_ms)
    return decision


async def run(job: Callable[[], T], thinkers: Thinkers | None = None) -> T:
    """Run a pure job in ``thinkers`` (by default a thread of this process)."""
    return await (thinkers or _IN_THREAD).run(job)


def _report_capped(decision: Decision, level: Level, budget_ms: float) -> None:
    global _capped_before
    level_name = f"A {level} computer"
    args = (level_name, budget_ms, decision.samples, decision.planned)
    if _capped_before:
        log.debug("%s stopped at the %g ms cap after %d of %d sampled deals", *args)
        return
    _capped_before = True
    log.warning(
        "%s stopped at the %g ms cap (WIZARD_COMPUTER_BUDGET_MS) after %d of %d sampled deals: this host is "
        "too slow or too busy for it, and such decisions are weaker and not reproducible "
        "(said once; further ones are logged at DEBUG)",
        *args,
    )
