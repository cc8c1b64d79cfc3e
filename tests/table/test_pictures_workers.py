"""Pictures drawn in worker processes (issue 27): the same bytes as drawn in this process, the workers
started when first needed without a picture waiting for them, a thread when processes fail or a worker
dies, and stopped when closed."""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from test_pictures_look import CHARTS, HANDS, TABLES

from cogs.table import pictures
from cogs.table.pictures import HandScene, Painters
from cogs.table.pictures import workers as workers_module
from wizard_core import Game, Rules


@pytest.fixture
def restore_painters() -> object:
    """Whatever pool a test gives the pictures, they draw in a thread of this process afterwards."""
    yield
    pictures.draw_in(Painters(0))
    pictures.cache_clear()


async def test_a_worker_process_draws_the_bytes_this_process_draws() -> None:
    painters = Painters(2)
    scenes: list[tuple[Callable[[Any], bytes], object]] = [
        *((pictures.draw_hand, scene) for scene in HANDS.values()),
        *((pictures.draw_table, scene) for scene in TABLES.values()),
        *((pictures.draw_chart, scene) for scene in CHARTS.values()),
    ]
    try:
        assert not painters.workers  # nothing starts before the first picture
        assert await painters.started()
        # All at once: both workers draw, each picture comes back to the one who asked for it.
        there = await asyncio.gather(*(painters.draw(draw, scene) for draw, scene in scenes))
        assert painters.in_processes
        workers = painters.workers
        assert len(workers) == 2 and all(worker.is_alive() for worker in workers)
    finally:
        await painters.close()
    here = [draw(scene) for draw, scene in scenes]
    assert there == here
    assert all(not worker.is_alive() for worker in workers)


async def test_the_files_come_from_the_bots_painters(restore_painters: object) -> None:
    painters = Painters(1)
    pictures.draw_in(painters)
    pictures.cache_clear()
    game = Game(["Ann", "Ben", "Cy"], Rules("camelot"), seed=8)
    try:
        hand = await pictures.hand_file(game.view(0))  # in the thread: the worker is starting
        assert await painters.started()
        table = await pictures.table_file(game.public_view())  # by the worker
        assert len(painters.workers) == 1 and painters.in_processes
    finally:
        await painters.close()
    assert hand.fp.read() == pictures.draw_hand(pictures.hand_scene(game.view(0)))
    assert table.fp.read() == pictures.draw_table(pictures.table_scene(game.public_view()))
    # Once the bot's workers are stopped, pictures are drawn in a thread.
    game.apply(game.legal_actions()[0])
    after = await pictures.table_file(game.public_view())
    assert after.fp.read() == pictures.draw_table(pictures.table_scene(game.public_view()))
    assert not painters.workers


async def test_a_drawing_error_reaches_the_caller_and_the_worker_draws_on() -> None:
    painters = Painters(1)
    try:
        assert await painters.started()
        with pytest.raises(ValueError, match="999"):  # no card has that face
            await painters.draw(pictures.draw_hand, HandScene((999,), None))
        scene = TABLES["table-winner"]
        assert await painters.draw(pictures.draw_table, scene) == pictures.draw_table(scene)
        assert painters.in_processes
    finally:
        await painters.close()


async def test_pictures_are_drawn_in_a_thread_when_a_worker_dies(caplog: pytest.LogCaptureFixture) -> None:
    painters = Painters(1)
    scene = HANDS["hand-20-on-turn"]
    try:
        assert await painters.started()
        painters.workers[0].kill()
        assert await painters.draw(pictures.draw_hand, scene) == pictures.draw_hand(scene)
        assert not painters.in_processes and not painters.workers
        assert "Pictures are drawn in a thread" in caplog.text and "died" in caplog.text
    finally:
        await painters.close()


async def test_pictures_are_drawn_in_a_thread_when_processes_fail(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, restore_painters: object
) -> None:
    def no_processes() -> object:
        raise OSError("no worker processes on this host")

    monkeypatch.setattr(workers_module, "process_context", no_processes)
    painters = Painters(2)
    pictures.draw_in(painters)
    pictures.cache_clear()
    game = Game(["Ann", "Ben", "Cy"], Rules("classic"), seed=2)
    file = await pictures.hand_file(game.view(1))
    assert file.fp.read() == pictures.draw_hand(pictures.hand_scene(game.view(1)))
    assert not await painters.started()
    assert not painters.in_processes
    assert "Pictures are drawn in a thread" in caplog.text and "no worker processes" in caplog.text
    # Said once: later pictures go to the thread quietly.
    caplog.clear()
    game.apply(game.legal_actions()[0])
    await pictures.table_file(game.public_view())
    assert not caplog.text
    await painters.close()


async def test_no_picture_waits_for_the_workers_to_start(monkeypatch: pytest.MonkeyPatch) -> None:
    go_on = threading.Event()
    real = workers_module.process_context

    def held_back() -> object:
        go_on.wait(30)  # the workers start only once the picture is drawn
        return real()

    monkeypatch.setattr(workers_module, "process_context", held_back)
    painters = Painters(1)
    scene = HANDS["hand-8-waiting"]
    try:
        drawn = await asyncio.wait_for(painters.draw(pictures.draw_hand, scene), 20)
        assert drawn == pictures.draw_hand(scene) and not painters.workers
        go_on.set()
        assert await painters.started()
        assert await painters.draw(pictures.draw_hand, scene) == drawn
    finally:
        go_on.set()
        await painters.close()


def test_a_negative_number_of_processes_is_refused() -> None:
    with pytest.raises(ValueError, match="processes"):
        Painters(-1)


def slow_to_start(connection: object) -> None:
    """A worker that hangs while it warms up (a stuck import, a starved host), then ends unready."""
    time.sleep(30)


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="needs fork")
async def test_closing_while_a_worker_hangs_at_its_start_does_not_wait_for_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Forked, the worker runs this module's stand-in for ``serve`` (a fork server would import the real one).
    monkeypatch.setattr(workers_module, "process_context", lambda: multiprocessing.get_context("fork"))
    monkeypatch.setattr(workers_module, "serve", slow_to_start)
    painters = Painters(1)
    scene = HANDS["hand-8-waiting"]
    assert await painters.draw(pictures.draw_hand, scene) == pictures.draw_hand(scene)  # in the thread
    deadline = time.monotonic() + 20
    while not painters._started and time.monotonic() < deadline:
        await asyncio.sleep(0.05)  # the worker is starting
    [worker] = [started.process for started in painters._started]
    assert worker.is_alive()
    await asyncio.wait_for(painters.close(), 10)  # not the 30 s the worker would take to end by itself
    assert not worker.is_alive() and not painters.workers
    assert await painters.draw(pictures.draw_hand, scene) == pictures.draw_hand(scene)


async def test_an_unforeseen_failure_to_start_sends_the_pictures_to_the_thread(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    real: Any = workers_module.process_context()
    made: list[Any] = []

    class SecondFails:
        """The host's processes, of which the second cannot be made (not an OSError)."""

        Pipe = staticmethod(real.Pipe)

        def Process(self, **kwargs: Any) -> Any:
            if made:
                raise RuntimeError("no second process")
            made.append(real.Process(**kwargs))
            return made[-1]

    monkeypatch.setattr(workers_module, "process_context", SecondFails)
    painters = Painters(2)
    try:
        assert not await asyncio.wait_for(painters.started(), 60)
        assert not painters.in_processes and not painters.workers
        assert "Pictures are drawn in a thread" in caplog.text and "no second process" in caplog.text
        scene = TABLES["table-winner"]
        assert await painters.draw(pictures.draw_table, scene) == pictures.draw_table(scene)
    finally:
        await asyncio.wait_for(painters.close(), 10)
    [first] = made
    assert not first.is_alive()  # the one that started is not left behind
