"""Where computer players think: worker threads, so the event loop keeps serving every other table.

A decision is pure Python and holds the interpreter lock while it runs, so a thinking thread competes
with the event loop for it. One thread thinks at a time and further decisions wait in the pool's queue:
with one thread the loop waited at most about one of the interpreter's 5 ms switch intervals, with two
threads up to 80 ms and with four up to 100 ms, because the lock need not go back to the loop when it
changes hands (``benchmarks/computer_latency.py``). The price is throughput: about ten hard decisions
a second for the whole bot, at the default 100 ms budget.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import secrets

from wizard_core import PlayerView
from wizard_core.ai import Level, decide

THINKING_THREADS = 1
_POOL = concurrent.futures.ThreadPoolExecutor(THINKING_THREADS, thread_name_prefix="wizard-computer")


async def think(view: PlayerView, level: Level, budget_ms: float) -> int:
    """The action code a computer of ``level`` chooses from ``view``, decided in a worker thread."""
    job = functools.partial(decide, view, level, seed=secrets.randbits(64), budget_ms=budget_ms)
    return await asyncio.get_running_loop().run_in_executor(_POOL, job)
