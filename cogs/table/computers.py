"""Where computer players think: worker threads, so the event loop keeps serving every other table.

A decision is pure Python and holds the interpreter lock while it runs, so a thinking thread competes
with the event loop for it. One thread thinks at a time and further decisions wait in the pool's queue:
with one thread the loop waited at most about one of the interpreter's 5 ms switch intervals, with two
threads up to 80 ms and with four up to 100 ms, because the lock need not go back to the loop when it
changes hands (``benchmarks/computer_latency.py``). The price is throughput: about ten hard decisions
a second for the whole bot (a hard decision's work takes about 100 ms on the development machine).

A decision's strength is a fixed amount of work (``wizard_core.ai.DEFAULT_WORK``), not time, so a busy
host makes the computers slower, never weaker; ``budget_ms`` (``WIZARD_COMPUTER_BUDGET_MS``) is only a
safety net that stops a decision which takes too long. Each decision's random generator is seeded from
the game's seed, the seat and the game's version (``decision_seed``): replaying a game replays its
computers' decisions, unless the safety net cut one short.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import hashlib
import logging

from wizard_core import PlayerView
from wizard_core.ai import Decision, Level, deliberate

log = logging.getLogger(__name__)

THINKING_THREADS = 1
_POOL = concurrent.futures.ThreadPoolExecutor(THINKING_THREADS, thread_name_prefix="wizard-computer")
# Whether a decision has reached the time cap yet in this process (said once as a warning, then quietly).
_capped_before = False


def decision_seed(game_seed: int, seat: int, version: int) -> int:
    """The seed of the decision of ``seat`` at the game's ``version``: the same for every replay.

    A one-way hash, so the decision's random generator tells nothing of the game's, which deals the cards.
    """
    digest = hashlib.blake2b(f"wizard-computer:{game_seed}:{seat}:{version}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big")


async def think(view: PlayerView, level: Level, budget_ms: float, *, seed: int) -> Decision:
    """What a computer of ``level`` chooses from ``view`` (its ``action`` code), decided in a worker thread.

    The decision does its level's fixed work with a generator seeded by ``seed``; ``budget_ms`` caps its
    wall time (a safety net for a slow or very busy host: ``capped`` says the cap cut it short).
    """
    job = functools.partial(deliberate, view, level, seed=seed, cap_ms=budget_ms)
    decision = await asyncio.get_running_loop().run_in_executor(_POOL, job)
    if decision.capped:
        _report_capped(decision, level, budget_ms)
    return decision


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
