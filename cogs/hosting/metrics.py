"""Counters, gauges and histograms in Prometheus's text format, and the small server that shows them.

Any part of the bot registers what it measures in the one ``MetricsRegistry`` the bot holds
(``bot.metrics``), by name, without importing anything of the others:

    actions = bot.metrics.counter("actions_total", "Moves stored", labels=("kind", "by"))
    actions.inc(kind="bid", by="member")
    bot.metrics.gauge("guilds", "Servers the bot is in", read=lambda: len(bot.guilds))

Asking again for a name returns the same instrument, so a feature may look one up where it is used.
Names get the registry's namespace in front (``wizard_actions_total``). The server is off unless the
bot is given a port; ``/metrics`` renders the registry and ``/healthz`` asks a health check.
"""

from __future__ import annotations

import asyncio
import bisect
import logging
import math
import re
import threading
import time
from collections.abc import Awaitable, Callable, Iterator, Mapping
from typing import Any

import aiohttp
import discord
from aiohttp import web

__all__ = (
    "DEFAULT_BUCKETS",
    "Counter",
    "Gauge",
    "Histogram",
    "MetricsRegistry",
    "MetricsServer",
    "MetricsServerError",
    "discord_http_trace",
    "interaction_finished",
    "interaction_started",
)

log = logging.getLogger(__name__)

# Seconds: from a fast click (a few ms) to a slow picture or a Discord call (seconds).
DEFAULT_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
HEALTH_TIMEOUT = 5.0
_NAME = re.compile(r"[a-zA-Z_:][a-zA-Z0-9_:]*")
_LABEL = re.compile(r"[a-zA-Z_][a-zA-Z0-9_]*")
_STARTED = "metrics.started"

Labels = tuple[str, ...]


def _number(value: float) -> str:
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    return str(int(value)) if float(value).is_integer() and abs(value) < 2**53 else repr(float(value))


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')


def _label_text(names: Labels, values: Labels, extra: str = "") -> str:
    pairs = [f'{name}="{_escape(value)}"' for name, value in zip(names, values, strict=True)]
    if extra:
        pairs.append(extra)
    return "{" + ",".join(pairs) + "}" if pairs else ""


class _Instrument:
    kind = ""

    def __init__(self, name: str, help_text: str, labels: Labels) -> None:
        self.name = name
        self.help = help_text
        self.labels = labels
        # Computer players think in a worker thread; what they measure may be counted from there.
        self._lock = threading.Lock()

    def _key(self, labels: Mapping[str, object]) -> Labels:
        if set(labels) != set(self.labels):
            raise ValueError(f"{self.name} takes the labels {list(self.labels)}, got {sorted(labels)}")
        return tuple(str(labels[name]) for name in self.labels)

    def lines(self) -> Iterator[str]:
        """The instrument's samples in the text format, without the HELP and TYPE lines."""
        raise NotImplementedError


class Counter(_Instrument):
    """A count that only goes up (requests, actions), one per combination of label values."""

    kind = "counter"

    def __init__(self, name: str, help_text: str, labels: Labels) -> None:
        super().__init__(name, help_text, labels)
        self._values: dict[Labels, float] = {}

    def inc(self, amount: float = 1.0, **labels: object) -> None:
        if amount < 0:
            raise ValueError("a counter only goes up")
        key = self._key(labels)
        with self._lock:
            self._values[key] = self._values.get(key, 0.0) + amount

    def value(self, **labels: object) -> float:
        return self._values.get(self._key(labels), 0.0)

    def lines(self) -> Iterator[str]:
        with self._lock:
            values = sorted(self._values.items())
        if not self.labels and not values:
            yield f"{self.name} 0"
        for key, value in values:
            yield f"{self.name}{_label_text(self.labels, key)} {_number(value)}"


class Gauge(_Instrument):
    """A value that goes up and down: set by its owner, or read when scraped (``read``).

    With labels, ``read`` returns a mapping from the label values to the value: a tuple of them, or
    the value alone for a single label (a ``collections.Counter`` of statuses, say).
    """

    kind = "gauge"

    def __init__(
        self, name: str, help_text: str, labels: Labels, read: Callable[[], Any] | None = None
    ) -> None:
        super().__init__(name, help_text, labels)
        self._values: dict[Labels, float] = {}
        self.read = read

    def set(self, value: float, **labels: object) -> None:
        key = self._key(labels)
        with self._lock:
            self._values[key] = float(value)

    def lines(self) -> Iterator[str]:
        with self._lock:
            values = dict(self._values)
        if self.read is not None:
            current = self.read()
            if isinstance(current, Mapping):
                for key, value in current.items():
                    names = tuple(map(str, key)) if isinstance(key, tuple) else (str(key),)
                    values[names] = float(value)
            else:
                values[()] = float(current)
        for key, value in sorted(values.items()):
            yield f"{self.name}{_label_text(self.labels, key)} {_number(value)}"


class Histogram(_Instrument):
    """How long things took (or how big they were), counted into cumulative buckets."""

    kind = "histogram"

    def __init__(self, name: str, help_text: str, labels: Labels, buckets: tuple[float, ...]) -> None:
        super().__init__(name, help_text, labels)
        if list(buckets) != sorted(set(buckets)) or not buckets:
            raise ValueError(f"{name}: buckets must be increasing")
        self.buckets = buckets
        self._counts: dict[Labels, list[int]] = {}
        self._sums: dict[Labels, float] = {}

    def observe(self, value: float, **labels: object) -> None:
        key = self._key(labels)
        index = bisect.bisect_left(self.buckets, value)
        with self._lock:
            counts = self._counts.setdefault(key, [0] * (len(self.buckets) + 1))
            counts[index] += 1
            self._sums[key] = self._sums.get(key, 0.0) + value

    def count(self, **labels: object) -> int:
        key = self._key(labels)
        with self._lock:
            return sum(self._counts.get(key, ()))

    def lines(self) -> Iterator[str]:
        with self._lock:
            snapshot = {key: list(counts) for key, counts in self._counts.items()}
            sums = dict(self._sums)
        keys = sorted(snapshot) or ([()] if not self.labels else [])
        for key in keys:
            counts = snapshot.get(key, [0] * (len(self.buckets) + 1))
            running = 0
            for bound, count in zip((*self.buckets, math.inf), counts, strict=True):
                running += count
                labels = _label_text(self.labels, key, f'le="{_number(bound)}"')
                yield f"{self.name}_bucket{labels} {running}"
            yield f"{self.name}_sum{_label_text(self.labels, key)} {_number(sums.get(key, 0.0))}"
            yield f"{self.name}_count{_label_text(self.labels, key)} {running}"


class MetricsRegistry:
    """Every instrument of the process, by name; ``render()`` is the body of ``/metrics``."""

    def __init__(self, namespace: str = "") -> None:
        self.namespace = namespace
        self._instruments: dict[str, _Instrument] = {}
        self._lock = threading.RLock()

    def _full_name(self, name: str) -> str:
        full = f"{self.namespace}_{name}" if self.namespace else name
        if not _NAME.fullmatch(full):
            raise ValueError(f"{full!r} is not a valid metric name")
        return full

    def _instrument(
        self, name: str, kind: type[_Instrument], help_text: str, labels: Labels, make: Callable[[str], Any]
    ) -> Any:
        full = self._full_name(name)
        with self._lock:
            existing = self._instruments.get(full)
            if existing is not None:
                if type(existing) is not kind or (labels and labels != existing.labels):
                    raise ValueError(
                        f"{full} is already a {existing.kind} with labels {list(existing.labels)}"
                    )
                return existing
            if not help_text:
                raise ValueError(f"{full} is new: give it a help text")
            for label in labels:
                if not _LABEL.fullmatch(label) or label == "le":
                    raise ValueError(f"{label!r} is not a valid label name")
            created = self._instruments[full] = make(full)
            return created

    def counter(self, name: str, help_text: str = "", labels: Labels = ()) -> Counter:
        counter: Counter = self._instrument(
            name, Counter, help_text, labels, lambda full: Counter(full, help_text, labels)
        )
        return counter

    def gauge(
        self, name: str, help_text: str = "", labels: Labels = (), read: Callable[[], Any] | None = None
    ) -> Gauge:
        """The gauge of that name; giving ``read`` (again) makes it the function read at each scrape."""
        gauge: Gauge = self._instrument(
            name, Gauge, help_text, labels, lambda full: Gauge(full, help_text, labels, read)
        )
        if read is not None:
            gauge.read = read
        return gauge

    def histogram(
        self,
        name: str,
        help_text: str = "",
        labels: Labels = (),
        buckets: tuple[float, ...] = DEFAULT_BUCKETS,
    ) -> Histogram:
        histogram: Histogram = self._instrument(
            name, Histogram, help_text, labels, lambda full: Histogram(full, help_text, labels, buckets)
        )
        return histogram

    def render(self) -> str:
        """Every instrument in Prometheus's text format (version 0.0.4); a failing gauge is left out."""
        out: list[str] = []
        with self._lock:
            instruments = sorted(self._instruments.items())
        for name, instrument in instruments:
            try:
                samples = list(instrument.lines())
            except Exception:
                log.exception("Could not read the metric %s; left out of this scrape", name)
                continue
            help_text = instrument.help.replace("\\", "\\\\").replace("\n", "\\n")
            out += [f"# HELP {name} {help_text}", f"# TYPE {name} {instrument.kind}", *samples]
        return "\n".join(out) + "\n"


def interaction_started(interaction: discord.Interaction[Any]) -> None:
    """Note that the handling of `interaction` begins now (the earliest call counts)."""
    interaction.extras.setdefault(_STARTED, time.perf_counter())


def interaction_finished(interaction: discord.Interaction[Any]) -> None:
    """Count the handling time of `interaction` into its client's ``metrics``, once per interaction.

    Does nothing unless ``interaction_started`` was called for it and the client has a registry.
    """
    started = interaction.extras.pop(_STARTED, None)
    registry = getattr(interaction.client, "metrics", None)
    if started is None or not isinstance(registry, MetricsRegistry):
        return
    histogram = registry.histogram(
        "interaction_seconds",
        "Time from the start of an interaction's handling to its end, by interaction type",
        ("type",),
    )
    histogram.observe(time.perf_counter() - started, type=interaction.type.name)


def discord_http_trace(registry: MetricsRegistry) -> aiohttp.TraceConfig:
    """Count every HTTP request discord.py makes (REST, interaction replies, the gateway's upgrade),
    by method and status, and the 429 answers by rate-limit scope, retried ones included."""
    requests = registry.counter(
        "discord_requests_total", "HTTP requests to Discord, by method and status", ("method", "status")
    )
    limited = registry.counter(
        "discord_rate_limits_total", "429 answers from Discord, by rate-limit scope", ("scope",)
    )

    async def on_end(session: Any, context: Any, params: aiohttp.TraceRequestEndParams) -> None:
        status = params.response.status
        requests.inc(method=params.method, status=status)
        if status == 429:
            limited.inc(scope=params.response.headers.get("X-RateLimit-Scope", "unknown"))

    async def on_exception(session: Any, context: Any, params: aiohttp.TraceRequestExceptionParams) -> None:
        requests.inc(method=params.method, status="error")

    trace = aiohttp.TraceConfig()
    trace.on_request_end.append(on_end)
    trace.on_request_exception.append(on_exception)
    return trace


HealthCheck = Callable[[], Awaitable[str | None]]


class MetricsServerError(RuntimeError):
    """The metrics server could not listen where it was told to."""


class MetricsServer:
    """``GET /metrics`` (the registry) and ``GET /healthz`` (200 "ok", or 503 and the reason).

    ``health`` returns None when all is well, else why not; it gets ``HEALTH_TIMEOUT`` seconds.
    """

    def __init__(self, registry: MetricsRegistry, health: HealthCheck, host: str, port: int) -> None:
        self.registry = registry
        self.health = health
        self.host = host
        self.requested_port = port
        self._runner: web.AppRunner | None = None
        self._check: asyncio.Task[str | None] | None = None

    @property
    def port(self) -> int:
        """The port listened on (the one chosen by the system when started with port 0)."""
        if self._runner is None or not self._runner.addresses:
            raise RuntimeError("the metrics server is not running")
        return int(self._runner.addresses[0][1])

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/metrics", self._metrics)
        app.router.add_get("/healthz", self._healthz)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        try:
            await web.TCPSite(runner, self.host, self.requested_port).start()
        except OSError as error:
            await runner.cleanup()
            raise MetricsServerError(
                f"cannot serve metrics on {self.host}:{self.requested_port}: {error.strerror or error}"
            ) from error
        self._runner = runner

    async def stop(self) -> None:
        """Stop listening, and let a health check under way finish before its database closes."""
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()
        if self._check is not None:
            await asyncio.wait({self._check}, timeout=HEALTH_TIMEOUT)

    async def _metrics(self, request: web.Request) -> web.Response:
        return web.Response(body=self.registry.render().encode(), headers={"Content-Type": CONTENT_TYPE})

    async def _healthz(self, request: web.Request) -> web.Response:
        # One check at a time, and it finishes even when this request gives up on it: a database
        # check cut short could leave a transaction open on the bot's connection.
        if self._check is None or self._check.done():
            self._check = asyncio.ensure_future(self.health())
            # Its outcome is read here, or dropped when this request gave up waiting for it.
            self._check.add_done_callback(lambda done: done.cancelled() or done.exception())
        try:
            problem = await asyncio.wait_for(asyncio.shield(self._check), HEALTH_TIMEOUT)
        except TimeoutError:
            problem = f"the health check took more than {HEALTH_TIMEOUT:g} s"
        except Exception as error:
            log.exception("The health check failed")
            problem = f"the health check failed: {error}"
        if problem is None:
            return web.Response(text="ok\n")
        return web.Response(status=503, text=problem + "\n")
