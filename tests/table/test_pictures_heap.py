"""The garbage collector's full passes are kept short (issue 27): what lives once the bot is set up is
frozen, then the survivors of each full pass, until the frozen heap has grown enough to be thawed once."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from cogs.table import heap
from cogs.table.heap import LongLived


class Node:
    """An object in a reference cycle: only the collector reclaims it."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def long_lived() -> Iterator[LongLived]:
    policy = LongLived()
    yield policy
    policy.close()


async def test_what_lives_after_set_up_is_frozen_then_thawed_at_close(long_lived: LongLived) -> None:
    kept = [Node() for _ in range(100)]
    await long_lived.freeze()
    assert long_lived.thawed_at >= len(kept) and gc.get_freeze_count() >= len(kept)
    assert long_lived.after_pass in gc.callbacks
    long_lived.close()
    assert gc.get_freeze_count() == 0 and long_lived.after_pass not in gc.callbacks


async def test_the_survivors_of_a_full_pass_are_frozen(long_lived: LongLived) -> None:
    await long_lived.freeze()
    frozen = gc.get_freeze_count()
    later = [Node() for _ in range(1000)]
    gc.collect()  # a full pass: its survivors, the later nodes among them, are frozen after it
    assert gc.get_freeze_count() >= frozen + len(later)
    assert not gc.get_objects(2)  # nothing left for the next full pass to look at


async def test_a_grown_frozen_heap_is_thawed_once_and_its_cycles_reclaimed(
    long_lived: LongLived, monkeypatch: pytest.MonkeyPatch
) -> None:
    await long_lived.freeze()
    garbage = [Node() for _ in range(1000)]
    gc.collect()  # frozen with the survivors
    assert not long_lived.thawing
    del garbage  # cycles now, frozen: not reclaimed yet
    monkeypatch.setattr(heap, "GROWTH", 1)  # any growth is enough
    gc.collect()  # the frozen heap grew: thawed after this pass
    assert long_lived.thawing and gc.get_freeze_count() == 0
    assert gc.collect() >= 1000  # this pass looks at everything and reclaims the cycles
    assert not long_lived.thawing and gc.get_freeze_count() == long_lived.thawed_at > 0


async def test_a_full_pass_counts_what_it_froze_without_walking_the_frozen_heap(
    long_lived: LongLived, monkeypatch: pytest.MonkeyPatch
) -> None:
    await long_lived.freeze()
    walks: list[int] = []
    real = gc.get_freeze_count

    def walked() -> int:
        walks.append(1)
        return real()

    monkeypatch.setattr(gc, "get_freeze_count", walked)
    before = long_lived.frozen
    later = [Node() for _ in range(1000)]
    gc.collect()
    gc.collect()
    assert walks == []  # gc.get_freeze_count walks every frozen object: not after each pass
    monkeypatch.undo()
    # Counted as frozen (objects frozen and freed since by their last reference are not taken off).
    assert long_lived.frozen >= before + len(later)
    assert long_lived.frozen >= gc.get_freeze_count()
    # When the count says the heap grew enough to thaw, the frozen heap is walked to be sure: it did not.
    long_lived.frozen = heap.GROWTH * long_lived.thawed_at + 1
    gc.collect()
    assert not long_lived.thawing and long_lived.frozen == gc.get_freeze_count()
