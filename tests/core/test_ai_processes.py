"""Computers think in worker processes (issue 30): a decision made in a worker is the one the bot's own
process would make from the same view and seed, so replays stay reproducible wherever decisions run; the
pool starts when first needed, falls back to a thread when processes fail, and stops when closed."""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor

import pytest

from cogs.table import computers
from cogs.table.computers import Thinkers, decision_seed, process_context
from wizard_core import Game, PlayerView, Rules
from wizard_core.ai import LEVELS, Decision, deliberate

RULE_SETS = (
    Rules("classic"),
    Rules("camelot"),
    Rules("classic", frozenset({"hidden-bid", "gizzard-fester"})),
    Rules("camelot", frozenset({"nannie", "canadian"})),
)
# No decision here is cut short by the wall-time cap: all of them are reproducible.
NO_CAP_MS = 60_000.0
# A light work, so that a dozen decisions take well under a second.
WORK = 4_000


def views(count: int, seed: int = 21) -> list[PlayerView]:
    """Views of the player to act at random points of random games, with a real choice to make."""
    rng = random.Random(seed)
    found: list[PlayerView] = []
    while len(found) < count:
        game = Game(rng.choice((3, 4, 5)), rng.choice(RULE_SETS), seed=rng.randrange(2**32))
        for _ in range(rng.randrange(200)):
            if game.is_over:
                break
            seat = game.to_act[0]
            game.apply(rng.choice(game.legal_actions(seat)), player=seat)
        if not game.is_over and len(game.legal_actions(game.to_act[0])) > 1:
            found.append(game.view(game.to_act[0]))
    return found


def decide_here(view: PlayerView, level: str, seed: int) -> Decision:
    return deliberate(view, level, seed=seed, work=WORK, cap_ms=None)  # type: ignore[arg-type]


def test_a_worker_process_makes_the_decisions_of_this_process() -> None:
    cases = [
        (view, LEVELS[i % 3], decision_seed(i, view.player, view.version)) for i, view in enumerate(views(12))
    ]
    with ProcessPoolExecutor(2, mp_context=process_context()) as pool:
        there = list(pool.map(decide_here, *zip(*cases, strict=True)))
    here = [decide_here(*case) for case in cases]
    assert there == here
    assert all(not decision.capped for decision in there)
    assert any(decision.samples for decision in there)  # some of them really sampled


async def test_the_bots_pool_decides_as_this_process_does_and_stops_when_closed() -> None:
    thinkers = Thinkers(1)
    assert thinkers.in_processes
    chosen = views(4, seed=5)
    got = [await thinkers.think(view, "hard", NO_CAP_MS, seed=7) for view in chosen]
    assert got == [deliberate(view, "hard", seed=7, cap_ms=NO_CAP_MS) for view in chosen]
    pool = thinkers._pool
    assert isinstance(pool, ProcessPoolExecutor)
    workers = list(pool._processes.values())
    assert len(workers) == 1
    await thinkers.close()
    assert all(not worker.is_alive() for worker in workers)
    assert not thinkers.in_processes


async def test_no_process_starts_before_the_first_decision_and_none_with_zero() -> None:
    lazy = Thinkers(2)
    assert lazy._pool is None
    await lazy.close()
    in_thread = Thinkers(0)
    view = views(1, seed=3)[0]
    decision = await in_thread.think(view, "medium", NO_CAP_MS, seed=1)
    assert decision == deliberate(view, "medium", seed=1, cap_ms=NO_CAP_MS)
    assert in_thread._pool is None and not in_thread.in_processes
    await in_thread.close()


async def test_decisions_go_on_in_a_thread_when_processes_fail(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def no_processes() -> object:
        raise OSError("no worker processes on this host")

    monkeypatch.setattr(computers, "process_context", no_processes)
    thinkers = Thinkers(2)
    view = views(1, seed=9)[0]
    decision = await thinkers.think(view, "hard", NO_CAP_MS, seed=4)
    assert decision == deliberate(view, "hard", seed=4, cap_ms=NO_CAP_MS)
    assert not thinkers.in_processes
    assert "think in a thread" in caplog.text and "no worker processes" in caplog.text
    # Said once: later decisions go to the thread quietly.
    caplog.clear()
    assert (await thinkers.think(view, "hard", NO_CAP_MS, seed=4)) == decision
    assert not caplog.text
    await thinkers.close()


def test_a_negative_number_of_processes_is_refused() -> None:
    with pytest.raises(ValueError, match="processes"):
        Thinkers(-1)
