"""Pictures drawn in worker processes (issue 27): the same bytes as drawn in this process, the pool
started when first needed and warmed up, a thread when processes fail, and stopped when closed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from test_pictures_look import CHARTS, HANDS, TABLES

from cogs.table import computers, pictures
from wizard_core import Game, Rules


@pytest.fixture
def restore_painters() -> object:
    """Whatever pool a test gives the pictures, they draw in a thread of this process afterwards."""
    yield
    pictures.draw_in(pictures.painters(0))
    pictures.cache_clear()


async def test_a_worker_process_draws_the_bytes_this_process_draws(restore_painters: object) -> None:
    pool = pictures.painters(1)
    scenes: list[tuple[Callable[[Any], bytes], object]] = [
        *((pictures.draw_hand, scene) for scene in HANDS.values()),
        *((pictures.draw_table, scene) for scene in TABLES.values()),
        *((pictures.draw_chart, scene) for scene in CHARTS.values()),
    ]
    try:
        there = [await pool.run(draw, scene) for draw, scene in scenes]
        assert pool.in_processes
        workers = list(getattr(pool._pool, "_processes", {}).values())
        assert len(workers) == 1 and workers[0].is_alive()
    finally:
        await pool.close()
    here = [draw(scene) for draw, scene in scenes]
    assert there == here
    assert all(not worker.is_alive() for worker in workers)


async def test_the_files_come_from_the_bots_pool(restore_painters: object) -> None:
    pool = pictures.painters(1)
    pictures.draw_in(pool)
    pictures.cache_clear()
    game = Game(["Ann", "Ben", "Cy"], Rules("camelot"), seed=8)
    try:
        assert pool._pool is None  # nothing started before the first picture
        hand = await pictures.hand_file(game.view(0))
        table = await pictures.table_file(game.public_view())
        assert pool._pool is not None and pool.in_processes
    finally:
        await pool.close()
    assert hand.fp.read() == pictures.draw_hand(pictures.hand_scene(game.view(0)))
    assert table.fp.read() == pictures.draw_table(pictures.table_scene(game.public_view()))
    # Once the bot's pool is closed, pictures are drawn in a thread.
    game.apply(game.legal_actions()[0])
    after = await pictures.table_file(game.public_view())
    assert after.fp.read() == pictures.draw_table(pictures.table_scene(game.public_view()))


async def test_pictures_are_drawn_in_a_thread_when_processes_fail(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, restore_painters: object
) -> None:
    def no_processes() -> object:
        raise OSError("no worker processes on this host")

    monkeypatch.setattr(computers, "process_context", no_processes)
    pool = pictures.painters(2)
    pictures.draw_in(pool)
    pictures.cache_clear()
    game = Game(["Ann", "Ben", "Cy"], Rules("classic"), seed=2)
    file = await pictures.hand_file(game.view(1))
    assert file.fp.read() == pictures.draw_hand(pictures.hand_scene(game.view(1)))
    assert not pool.in_processes
    assert "Pictures are drawn in a thread" in caplog.text and "no worker processes" in caplog.text
    await pool.close()

