"""Where pictures are drawn: worker processes the event loop talks to itself, or this process.

Drawing and encoding a picture is about a millisecond of work that holds the interpreter lock; in a
thread of the bot's process it competes with the event loop (and the database's thread) for that lock.
So pictures are drawn in worker processes (``Painters``), as many as the setting
``WIZARD_PICTURE_PROCESSES`` says, beside the computers' pool (``cogs.table.computers``) and from the same
fork server. By default there are none on a host with two cores or fewer: without a spare core, waking
another process takes the event loop's core, and the hand-over cost more than the picture
(``docs/pictures.md``).

A job is so short that the helper threads of ``concurrent.futures.ProcessPoolExecutor`` would cost more
than it: each hand-over wakes one of them, and the loop then waits for the interpreter lock again
(``benchmarks/bot_load.py`` measured about 2 ms a picture). So the loop itself writes each job to a
worker's pipe and is called back when the picture's bytes can be read: no thread in between.

The workers start together when the first picture is wanted, in a thread of their own; the pictures
asked for until they are ready are drawn in a thread of the bot's process. Each worker draws the palette
first (``warm_up``), then, while no picture is asked for, every card piece (``pieces.warming``), so that
no picture waits for a card to be drawn. With 0 processes, or once processes cannot be started or a
worker dies, pictures are drawn in the bot's process (the bytes are the same). There a hand or a table
(``quick``) is drawn in the event loop itself once the process's pieces are drawn (by a thread of their
own, as a worker does, from the first picture on): a hand-over to a thread and back cost more than such
a picture (about 0.5 ms against 0.4 to 1 ms, the two wake-ups of threads of a virtual machine), and the
thread held the interpreter lock for the drawing all the same. Charts, tens of milliseconds each, and
every picture until then, are drawn in a thread of the process, one at a time. ``close`` stops the
workers.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any, TypeVar

from cogs.table.computers import process_context
from cogs.table.pictures import pieces
from cogs.table.pictures.png import card_palette
from cogs.table.pictures.sprites import DRAWING

__all__ = ["Painters", "warm_up"]

log = logging.getLogger(__name__)

S = TypeVar("S")
Draw = Callable[[Any], bytes]
# How much lower a worker's priority is than the bot's: woken by a picture, it does not take the core of
# the event loop that wrote it (on a busy host, the loop then lost about as long as the picture took).
WORKER_NICENESS = 5
# How long a stopping worker is given to finish the picture under way (seconds).
STOP_SECONDS = 5.0
# How long a starting worker is given to be ready (the fork server's imports and the warm-up take
# seconds on a busy host); one that is not ready by then counts as failed to start.
START_SECONDS = 120.0
# How often a starter waiting for a worker looks whether it died or the painters were closed (seconds).
START_POLL_SECONDS = 0.1


class WorkerFailed(Exception):
    """A picture worker died, or could not start."""


def warm_up() -> None:
    """What a picture worker does first: the palette, drawn from a sample of every card face (their
    tiles are kept), so that its first picture is as quick as the others."""
    card_palette()


def serve(connection: Connection) -> None:
    """A worker's life: say it is ready, then draw each picture asked for until told to stop (None),
    drawing the card pieces (``pieces.warming``) while no picture is asked for."""
    with contextlib.suppress(OSError):  # a platform without it
        os.nice(WORKER_NICENESS)
    warm_up()
    connection.send(True)
    warming = pieces.warming()
    while True:
        while not connection.poll(0) and (step := next(warming, None)) is not None:
            step()
        job = connection.recv()
        if job is None:
            return
        draw, scene = job
        try:
            connection.send((True, draw(scene)))
        except Exception as error:  # the bot's process raises it where the picture was asked for
            connection.send((False, error))


@dataclass(eq=False)
class _Worker:
    """One worker process, its end of the pipe, and the picture it is drawing (if any)."""

    process: Any
    connection: Connection
    drawing: asyncio.Future[bytes] | None = None


@dataclass(eq=False)
class _Job:
    draw: Draw
    scene: object
    done: asyncio.Future[bytes] = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class Painters:
    """The pictures of one bot: drawn by ``processes`` worker processes, or in the bot's process (0).

    Nothing starts until the first picture. The workers then start in a thread of their own, and the
    pictures asked for meanwhile are drawn in the bot's thread: no picture waits for a process to start
    (a fork server, its imports and each worker's warm-up take seconds on a busy host). ``close`` (when
    the bot shuts down) stops the workers; a picture asked for after that is drawn in the bot's process.
    """

    def __init__(self, processes: int) -> None:
        """Pictures drawn by ``processes`` workers, started when first needed; 0 draws in a thread."""
        if processes < 0:
            raise ValueError(f"a number of processes must be 0 or more, not {processes}")
        self.processes = processes
        self._workers: list[_Worker] = []
        self._waiting: collections.deque[_Job] = collections.deque()
        self._starter: threading.Thread | None = None
        self._stopping = threading.Event()  # set by ``close``: a start under way gives up
        self._started: list[_Worker] = []  # what the starter started, until the loop takes them over
        self._thread: ThreadPoolExecutor | None = None
        self._warmer: threading.Thread | None = None  # draws this process's pieces (``_pieces_ready``)
        self._warm_done = False
        self._failed = False
        self._closed = False

    @property
    def in_processes(self) -> bool:
        """True while pictures go to worker processes (none may have started yet)."""
        return self.processes > 0 and not self._failed and not self._closed

    @property
    def workers(self) -> list[Any]:
        """The worker processes running now."""
        return [worker.process for worker in self._workers]

    async def draw(self, draw: Callable[[S], bytes], scene: S, *, quick: bool = False) -> bytes:
        """The PNG bytes ``draw(scene)`` returns, drawn by a worker process, else in this process: a
        ``quick`` picture (a hand, a table) in the event loop once the pieces are drawn, any other in the
        thread."""
        if quick and not self.in_processes and self._pieces_ready():
            return draw(scene)
        if self.in_processes and self._workers:
            job = _Job(draw, scene)
            self._waiting.append(job)
            self._hand_out()
            try:
                return await job.done
            except WorkerFailed as error:
                self._fall_back(error)
        elif self.in_processes and self._starter is None:
            self._start_soon()
        return await asyncio.get_running_loop().run_in_executor(self._one_thread(), draw, scene)

    def _pieces_ready(self) -> bool:
        """Whether this process's card pieces are drawn and no picture is being drawn in the thread (the
        loop would wait for it); the first call starts drawing the pieces."""
        if self._warmer is None:
            self._warmer = threading.Thread(target=self._warm, name="wizard-pictures-warm", daemon=True)
            self._warmer.start()
            return False
        return self._warm_done and not DRAWING.locked()

    def _warm(self) -> None:
        """Draw the palette and every card piece in this process, one at a time between the pictures the
        thread draws (the fonts are not safe to share between threads)."""
        try:
            for step in (warm_up, *pieces.warming()):
                if self._stopping.is_set():
                    return
                with DRAWING:
                    step()
        except Exception:  # the pictures then draw what they need as they go, in the thread
            log.exception("Could not draw the pictures' card pieces ahead")
            return
        self._warm_done = True

    async def warmed(self) -> bool:
        """Wait (off the loop) until the pieces this process draws are drawn; whether they were."""
        if self._warmer is None:
            self._pieces_ready()
        assert self._warmer is not None
        await asyncio.to_thread(self._warmer.join)
        return self._warm_done

    async def started(self) -> bool:
        """Start the workers if they are not yet, and wait (off the loop) until they are ready; whether
        pictures now go to them."""
        if self.in_processes and self._starter is None:
            self._start_soon()
        if self._starter is not None:
            await asyncio.to_thread(self._starter.join)
        while self.in_processes and not self._workers and self._started:
            await asyncio.sleep(0)  # the loop takes them over next
        return self.in_processes and bool(self._workers)

    # -- the workers -----------------------------------------------------------------------------------

    def _start_soon(self) -> None:
        """Start the workers in a thread of their own, which hands them to the loop once they are ready.

        The thread is none of the loop's: a harness that waits for the loop's own work (SimCord) does
        not wait for it."""
        loop = asyncio.get_running_loop()
        self._starter = threading.Thread(
            target=self._start, args=(loop,), name="wizard-pictures-start", daemon=True
        )
        self._starter.start()

    def _start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Start the workers and wait for each to be ready. Whatever goes wrong (no processes here, a
        worker that dies or hangs while warming up, ``close`` meanwhile) ends with every worker killed
        and the pictures in the thread: nothing is left for ``started`` or ``close`` to wait for."""
        workers: list[_Worker] = []
        try:
            context: Any = process_context()
            for _ in range(self.processes):
                mine, theirs = context.Pipe()
                process = context.Process(target=serve, args=(theirs,), name="wizard-pictures", daemon=True)
                process.start()
                theirs.close()
                workers.append(_Worker(process, mine))
                self._started = workers
            for worker in workers:
                self._wait_ready(worker)
        except Exception as error:  # any failure to start sends the pictures to the thread
            _kill(workers)
            self._started = []
            failure = (
                error if isinstance(error, WorkerFailed) else WorkerFailed(f"{type(error).__name__}: {error}")
            )
            with contextlib.suppress(RuntimeError):  # the loop is closed: nothing to tell
                loop.call_soon_threadsafe(self._fall_back, failure)
            return
        try:
            loop.call_soon_threadsafe(self._take_over)
        except RuntimeError:  # the loop is closed
            _stop(workers)
            self._started = []

    def _wait_ready(self, worker: _Worker) -> None:
        """Wait until a starting worker says it is ready; WorkerFailed if it dies first, is not ready in
        ``START_SECONDS``, or ``close`` is called meanwhile (EOFError: its pipe closed)."""
        deadline = time.monotonic() + START_SECONDS
        while not worker.connection.poll(START_POLL_SECONDS):
            if self._stopping.is_set():
                raise WorkerFailed("the picture workers were closed while they started")
            if not worker.process.is_alive():
                raise WorkerFailed(
                    f"a picture worker ended while it started (exit code {worker.process.exitcode})"
                )
            if time.monotonic() > deadline:
                raise WorkerFailed(f"a picture worker was not ready in {START_SECONDS:.0f} s")
        worker.connection.recv()

    def _take_over(self) -> None:
        """The workers are ready: the loop reads their pipes from now on."""
        workers, self._started = self._started, []
        if not self.in_processes or self._workers:
            threading.Thread(target=_stop, args=(workers,), daemon=True).start()
            return
        loop = asyncio.get_running_loop()
        self._workers = workers
        for worker in workers:
            loop.add_reader(worker.connection.fileno(), self._read, worker)

    def _hand_out(self) -> None:
        """Give the waiting pictures to the idle workers."""
        idle = [worker for worker in self._workers if worker.drawing is None]
        while idle and self._waiting:
            job = self._waiting.popleft()
            if job.done.done():
                continue  # whoever asked for it stopped waiting
            worker = idle.pop()
            try:
                worker.connection.send((job.draw, job.scene))
            except OSError as error:
                self._waiting.appendleft(job)
                self._broken(WorkerFailed(f"a picture worker is gone ({type(error).__name__}: {error})"))
                return
            worker.drawing = job.done

    def _read(self, worker: _Worker) -> None:
        """A worker's picture is ready (or the worker died): hand it over, then give it the next one."""
        drawing, worker.drawing = worker.drawing, None
        try:
            ok, result = worker.connection.recv()
        except (EOFError, OSError) as error:
            worker.drawing = drawing
            self._broken(WorkerFailed(f"a picture worker died ({type(error).__name__})"))
            return
        if drawing is not None and not drawing.done():
            if ok:
                drawing.set_result(result)
            else:
                drawing.set_exception(result)
        self._hand_out()

    def _broken(self, error: WorkerFailed) -> None:
        """A worker is gone: the workers stop, and every picture they owe fails over to the thread."""
        self._fall_back(error)
        self._fail_all(error)
        workers, self._workers = self._workers, []
        for worker in workers:
            worker.process.kill()
            worker.connection.close()

    def _fail_all(self, error: WorkerFailed) -> None:
        """Every picture waiting or being drawn ends in ``error``; the workers' pipes are not read now."""
        owed = [job.done for job in self._waiting] + [worker.drawing for worker in self._workers]
        self._waiting.clear()
        loop = asyncio.get_running_loop()
        for worker in self._workers:
            loop.remove_reader(worker.connection.fileno())
            worker.drawing = None
        for done in owed:
            if done is not None and not done.done():
                done.set_exception(error)

    def _one_thread(self) -> ThreadPoolExecutor:
        if self._thread is None:
            self._thread = ThreadPoolExecutor(1, thread_name_prefix="wizard-pictures")
        return self._thread

    def _fall_back(self, error: WorkerFailed) -> None:
        """Draw in a thread from now on: the worker processes could not start, or one died (said once)."""
        if not self._failed and not self._closed:
            log.warning(
                "Pictures are drawn in a thread of the bot's process from now on: their worker processes "
                "failed (%s)",
                error,
            )
        self._failed = True

    async def close(self) -> None:
        """Stop the workers and the thread, for the bot's shutdown: a picture still owed is drawn in a
        thread, as is one asked for later."""
        self._closed = True
        self._stopping.set()
        if self._starter is not None and self._starter.is_alive():
            await asyncio.to_thread(self._starter.join)
        self._fail_all(WorkerFailed("the picture workers stopped"))
        workers, self._workers, self._started = self._workers + self._started, [], []
        await asyncio.to_thread(_stop, workers)
        if self._warmer is not None:
            await asyncio.to_thread(self._warmer.join)
        if self._thread is not None:
            thread, self._thread = self._thread, None
            await asyncio.to_thread(thread.shutdown, wait=True)


def _stop(workers: list[_Worker]) -> None:
    """Tell each worker to stop once its picture under way is done (read and dropped, so that it is not
    left writing to a full pipe), and wait for it; one that does not stop in time is killed."""
    for worker in workers:
        with contextlib.suppress(OSError):  # gone already
            worker.connection.send(None)
    deadline = time.monotonic() + STOP_SECONDS
    for worker in workers:
        with contextlib.suppress(EOFError, OSError):
            while worker.process.is_alive() and time.monotonic() < deadline:
                if worker.connection.poll(0.05):
                    worker.connection.recv()
        if worker.process.is_alive():
            worker.process.kill()
        worker.process.join()
        worker.connection.close()


def _kill(workers: list[_Worker]) -> None:
    """End workers that never drew a picture (their start failed): nothing under way to wait for."""
    for worker in workers:
        with contextlib.suppress(OSError):  # gone already
            worker.process.kill()
        worker.process.join()
        worker.connection.close()
