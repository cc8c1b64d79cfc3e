"""The garbage collector's full passes kept short: what is long-lived is frozen out of them (issue 27).

CPython 3.11's collector looks at every object it tracks in a full pass (its oldest generation), with
the event loop stopped meanwhile: at 1,000 open tables, some 400,000 objects and 700 ms on the
development machine (``benchmarks/bot_load.py``). Most of them live as long as their table, so:

- once the bot is set up and its open tables restored, everything alive is frozen (``gc.freeze``): the
  modules, the restored tables; full passes never look at them again;
- after each full pass, what survived it is frozen too, so the next full pass looks only at what became
  long-lived since (the tables opened meanwhile), not at the whole heap again;
- frozen objects that later become garbage through reference cycles only (an ended table's session and
  its tasks) are not reclaimed while frozen, so once the frozen heap has grown ``GROWTH`` times since the
  last thaw, it is thawed: the next full pass looks at everything once, reclaims them, and freezes what
  is left. Memory held that way is bounded; a long pause happens at that rate only (a bot restored with
  its tables thaws after growing eightfold, one that starts empty after about 800,000 objects).

The frozen heap's size is kept as a count of what each pass froze, checked by ``gc.get_freeze_count``
only when it says the heap has grown enough: that walks every frozen object (5 ms for 700,000 of them
on a quiet machine), and with the long-lived objects frozen, full passes come often (each is short), so
asking it after each one cost more than the pass.

``close`` (when the bot shuts down) thaws everything: a test process starts many bots.
"""

from __future__ import annotations

import gc
from typing import Any

__all__ = ["GROWTH", "LongLived"]

GROWTH = 8


class LongLived:
    """The freezing policy of one bot: ``freeze`` once it is set up, ``close`` when it shuts down."""

    def __init__(self) -> None:
        self.thawed_at = 0  # the frozen objects after the last thaw (or the first freeze)
        self.frozen = 0  # the frozen objects now, as counted when they were frozen
        self.thawing = False  # the next full pass looks at everything
        self._watching = False

    async def freeze(self) -> None:
        """Freeze what lives now, after a full pass; then freeze the survivors of every full pass."""
        gc.collect()
        gc.freeze()
        self.frozen = self.thawed_at = gc.get_freeze_count()
        if not self._watching:
            gc.callbacks.append(self.after_pass)
            self._watching = True

    def after_pass(self, phase: str, info: dict[str, Any]) -> None:
        """After a full pass: freeze its survivors, or thaw once the frozen heap has grown ``GROWTH``
        times (the collector calls this, in whatever thread collected)."""
        if phase != "stop" or info.get("generation") != 2:
            return
        if self.thawing:  # this pass looked at everything: start counting again
            self.thawing = False
            gc.freeze()
            self.frozen = self.thawed_at = gc.get_freeze_count()
            return
        # The pass left its survivors in the oldest generation: counting them costs what the pass did.
        self.frozen += len(gc.get_objects(generation=2))
        gc.freeze()
        limit = GROWTH * max(1, self.thawed_at)
        if self.frozen > limit:
            # The count only grows (a frozen object freed by its last reference is not taken off it):
            # the frozen heap is walked to be sure, only when the count says it is time to thaw.
            self.frozen = gc.get_freeze_count()
        if self.frozen > limit:
            gc.unfreeze()
            self.frozen = 0
            self.thawing = True

    def close(self) -> None:
        """Stop freezing and thaw everything."""
        if self._watching:
            gc.callbacks.remove(self.after_pass)
            self._watching = False
        gc.unfreeze()
        self.frozen = 0
