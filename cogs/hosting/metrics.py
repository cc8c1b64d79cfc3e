"""The bot's counters, gauges and histograms, kept by ``prometheus_client``, and the small server that
shows them.

Any part of the bot registers what it measures in the one ``MetricsRegistry`` the bot holds
(``bot.metrics``), by name, without importing anything of the others:

    actions = bot.metrics.counter("actions_total", "Moves stored", labels=("kind", "by"))
    actions.inc(kind="bid", by="member")
    bot.metrics.gauge("guilds", "Servers the bot is in", read=lambda: len(bot.guilds))

Asking again for a name returns the same instrument, so a feature may look one up where it is used.
Names get the registry's namespace in front (``wizard_actions_total``). Each registry has its own
``prometheus_client.CollectorRegistry``, never the library's global one: a process may hold several bots
(the tests do). Counting is thread-safe: computer players think, and are counted, in a worker thread.
The server is off unless the bot is given a port; ``/metrics`` renders the registry and ``/healthz`` asks
a health check.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Awaitable, Callable, Iterator, Mapping
from typing import Any, TypeVar

import aiohttp
import discord
import prometheus_client
from aiohttp import web
from prometheus_client import CollectorRegistry
from prometheus_client.metrics import MetricWrapperBase
from prometheus_client.metrics_core import GaugeMetricFamily, Metric
from prometheus_client.samples import Sample

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
# The text format `prometheus_client.generate_latest` writes.
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
HEALTH_TIMEOUT = 5.0
_STARTED = "metrics.started"

Labels = tuple[str, ...]
_Wrapped = TypeVar("_Wrapped", bound=MetricWrapperBase)
_Kind = TypeVar("_Kind", bound="_Instrument")


class _Instrument:
    kind = ""

    def __init__(self, name: str, help_text: str, labels: Labels) -> None:
        self.name = name
        self.help = help_text
        self.labels = labels

    def _key(self, labels: Mapping[str, object]) -> Labels:
        if set(labels) != set(self.labels):
            raise ValueError(f"{self.name} takes the labels {list(self.labels)}, got {sorted(labels)}")
        return tuple(str(labels[name]) for name in self.labels)

    def _child(self, metric: _Wrapped, labels: Mapping[str, object]) -> _Wrapped:
        """The series of `metric` for these label values (`metric` itself when it has no labels)."""
        key = self._key(labels)
        return metric.labels(*key) if key else metric


class Counter(_Instrument):
    """A count that only goes up (requests, actions), one per combination of label values."""

    kind = "counter"

    def __init__(self, name: str, help_text: str, labels: Labels, registry: CollectorRegistry) -> None:
        # prometheus_client names the series <name>_total whatever it was given: ask for that name.
        if not name.endswith("_total"):
            raise ValueError(f"{name}: the name of a counter ends in _total")
        super().__init__(name, help_text, labels)
        self._counter = prometheus_client.Counter(name, help_text, labels, registry=registry)

    def inc(self, amount: float = 1.0, **labels: object) -> None:
        self._child(self._counter, labels).inc(amount)

    def value(self, **labels: object) -> float:
        """The count for these label values, 0 before the first ``inc``."""
        wanted = dict(zip(self.labels, self._key(labels), strict=True))
        samples = (sample for metric in self._counter.collect() for sample in metric.samples)
        return next((s.value for s in samples if s.name == self.name and s.labels == wanted), 0.0)


class Gauge(_Instrument):
    """A value that goes up and down: set by its owner, or read when scraped (``read``).

    With labels, ``read`` returns a mapping from the label values to the value: a tuple of them, or
    the value alone for a single label (a ``collections.Counter`` of statuses, say). A gauge is a
    ``prometheus_client`` collector of its own, registered as such; one whose ``read`` fails is logged
    and left out of that scrape.
    """

    kind = "gauge"

    def __init__(
        self, name: str, help_text: str, labels: Labels, read: Callable[[], Any] | None = None
    ) -> None:
        super().__init__(name, help_text, labels)
        self.read = read
        self._values: dict[Labels, float] = {}
        self._lock = threading.Lock()

    def set(self, value: float, **labels: object) -> None:
        key = self._key(labels)
        with self._lock:
            self._values[key] = float(value)

    def describe(self) -> list[Metric]:
        return [GaugeMetricFamily(self.name, self.help, labels=self.labels)]

    def collect(self) -> list[Metric]:
        with self._lock:
            values = dict(self._values)
        try:
            if self.read is not None:
                current = self.read()
                if isinstance(current, Mapping):
                    for key, value in current.items():
                        names = tuple(map(str, key)) if isinstance(key, tuple) else (str(key),)
                        values[names] = float(value)
                else:
                    values[()] = float(current)
        except Exception:
            log.exception("Could not read the metric %s; left out of this scrape", self.name)
            return []
        family = GaugeMetricFamily(self.name, self.help, labels=self.labels)
        for key, value in values.items():
            family.add_metric(key, value)
        return [family]


class Histogram(_Instrument):
    """How long things took (or how big they were), counted into cumulative buckets."""

    kind = "histogram"

    def __init__(
        self,
        name: str,
        help_text: str,
        labels: Labels,
        buckets: tuple[float, ...],
        registry: CollectorRegistry,
    ) -> None:
        super().__init__(name, help_text, labels)
        self._histogram = prometheus_client.Histogram(
            name, help_text, labels, registry=registry, buckets=buckets
        )

    def observe(self, value: float, **labels: object) -> None:
        self._child(self._histogram, labels).observe(value)


def _series(sample: Sample) -> Labels:
    return tuple(value for name, value in sample.labels.items() if name != "le")


class MetricsRegistry:
    """Every instrument of one bot, by name; ``render()`` is the body of ``/metrics``."""

    def __init__(self, namespace: str = "") -> None:
        self.namespace = namespace
        # Its own, never prometheus_client's global registry: a process may hold several bots.
        self.collectors = CollectorRegistry()
        self._instruments: dict[str, _Instrument] = {}
        self._lock = threading.Lock()

    def _instrument(
        self, name: str, kind: type[_Kind], help_text: str, labels: Labels, make: Callable[[str], _Kind]
    ) -> _Kind:
        full = f"{self.namespace}_{name}" if self.namespace else name
        with self._lock:
            existing = self._instruments.get(full)
            if existing is not None:
                if not isinstance(existing, kind) or (labels and labels != existing.labels):
                    raise ValueError(
                        f"{full} is already a {existing.kind} with labels {list(existing.labels)}"
                    )
                return existing
            if not help_text:
                raise ValueError(f"{full} is new: give it a help text")
            created = self._instruments[full] = make(full)
            return created

    def counter(self, name: str, help_text: str = "", labels: Labels = ()) -> Counter:
        return self._instrument(
            name, Counter, help_text, labels, lambda full: Counter(full, help_text, labels, self.collectors)
        )

    def gauge(
        self, name: str, help_text: str = "", labels: Labels = (), read: Callable[[], Any] | None = None
    ) -> Gauge:
        """The gauge of that name; giving ``read`` (again) makes it the function read at each scrape."""

        def make(full: str) -> Gauge:
            gauge = Gauge(full, help_text, labels, read)
            self.collectors.register(gauge)
            return gauge

        gauge = self._instrument(name, Gauge, help_text, labels, make)
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
        return self._instrument(
            name,
            Histogram,
            help_text,
            labels,
            lambda full: Histogram(full, help_text, labels, buckets, self.collectors),
        )

    def collect(self) -> Iterator[Metric]:
        """The metrics by name, their series by label values, without the ``_created`` samples
        (their time of creation, which Prometheus does not need)."""
        for metric in sorted(self.collectors.collect(), key=lambda metric: metric.name):
            created = metric.name + "_created"
            metric.samples = sorted((s for s in metric.samples if s.name != created), key=_series)
            yield metric

    def render(self) -> str:
        """Every metric in Prometheus's text format (version 0.0.4)."""
        return prometheus_client.generate_latest(self).decode()


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
        body = prometheus_client.generate_latest(self.registry)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE})

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
