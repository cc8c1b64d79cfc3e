"""`/healthz` and `/metrics`, scraped over real HTTP from the bot running under SimCord."""

from __future__ import annotations

import collections
import socket
import threading
from typing import TYPE_CHECKING

import aiohttp
import pytest
from aiohttp import web
from prometheus_client.parser import text_string_to_metric_families
from simcord import Env

from bot import WizardBot, version
from cogs.hosting.metrics import MetricsRegistry

if TYPE_CHECKING:
    from conftest import MakeBot


@pytest.fixture
def simcord_bot(make_bot: MakeBot) -> WizardBot:
    # Port 0: the system picks a free port, so tests running side by side never collide.
    return make_bot(metrics_port=0)


async def get(bot: WizardBot, path: str) -> tuple[int, str, str]:
    assert bot.metrics_server is not None
    url = f"http://127.0.0.1:{bot.metrics_server.port}{path}"
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        return response.status, response.headers["Content-Type"], await response.text()


Series = tuple[str, frozenset[tuple[str, str]]]


def samples(text: str) -> dict[Series, float]:
    """A scrape's samples by name and labels, parsed as Prometheus parses them."""
    families = text_string_to_metric_families(text)
    return {(s.name, frozenset(s.labels.items())): s.value for family in families for s in family.samples}


def sample(text: str, name: str) -> float:
    """The value of one sample (`name` with its labels, in any order) of a scrape."""
    [series] = samples(f"{name} 0\n")
    found = samples(text)
    assert series in found, f"no sample {name} in:\n{text}"
    return found[series]


async def test_healthz_is_ok_while_connected_with_a_writable_database(
    simcord_env: Env, simcord_bot: WizardBot
) -> None:
    status, _, body = await get(simcord_bot, "/healthz")
    assert (status, body) == (200, "ok\n")


async def test_healthz_says_why_the_database_is_not_writable(
    simcord_env: Env, simcord_bot: WizardBot
) -> None:
    await simcord_bot.db.execute("PRAGMA query_only = ON")
    status, _, body = await get(simcord_bot, "/healthz")
    assert status == 503
    assert body.startswith("the database is not writable: ")
    assert "readonly" in body

    await simcord_bot.db.execute("PRAGMA query_only = OFF")
    assert (await get(simcord_bot, "/healthz"))[0] == 200
    # The check's write was rolled back.
    assert await simcord_bot.db.get_meta("health_check") is None


async def test_healthz_fails_without_the_gateway(simcord_env: Env, simcord_bot: WizardBot) -> None:
    simcord_bot.ws.open = False  # type: ignore[misc]  # SimCord's socket, as a dropped connection leaves it
    try:
        status, _, body = await get(simcord_bot, "/healthz")
        _, _, metrics = await get(simcord_bot, "/metrics")
    finally:
        simcord_bot.ws.open = True  # type: ignore[misc]
    assert (status, body) == (503, "not connected to the Discord gateway\n")
    assert sample(metrics, "wizard_gateway_connected") == 0


async def test_metrics_count_interactions_and_their_handling_time(
    simcord_env: Env, simcord_bot: WizardBot
) -> None:
    status, content_type, before = await get(simcord_bot, "/metrics")
    assert status == 200
    assert content_type == "text/plain; version=0.0.4; charset=utf-8"
    assert "# TYPE wizard_interaction_seconds histogram" not in before
    assert sample(before, "wizard_gateway_connected") == 1
    assert sample(before, 'wizard_build_info{version="' + version() + '"}') == 1

    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("general")
    alice = guild.add_member(simcord_env.create_user("alice"))
    await alice.slash(channel, "wizard help")
    await alice.slash(channel, "wizard new")

    _, _, after = await get(simcord_bot, "/metrics")
    assert "# TYPE wizard_interaction_seconds histogram" in after
    assert sample(after, 'wizard_interactions_total{type="application_command"}') == 2
    assert sample(after, 'wizard_interaction_seconds_count{type="application_command"}') == 2
    assert sample(after, 'wizard_interaction_seconds_bucket{type="application_command",le="+Inf"}') == 2
    assert sample(after, "wizard_guilds") == 1
    assert "_created" not in after
    # Opening the table wrote it in a transaction.
    assert sample(after, "wizard_database_commit_seconds_count") > sample(
        before, "wizard_database_commit_seconds_count"
    )


async def test_features_register_their_own_gauges(simcord_env: Env, simcord_bot: WizardBot) -> None:
    statuses = ["lobby", "playing", "playing"]
    simcord_bot.metrics.gauge(
        "tables", "Open tables, by status", ("status",), read=lambda: collections.Counter(statuses)
    )
    _, _, text = await get(simcord_bot, "/metrics")
    assert sample(text, 'wizard_tables{status="playing"}') == 2
    statuses.append("playing")
    _, _, text = await get(simcord_bot, "/metrics")
    assert sample(text, 'wizard_tables{status="playing"}') == 3
    assert sample(text, 'wizard_tables{status="lobby"}') == 1


async def test_the_server_stops_with_the_bot(simcord_env: Env, simcord_bot: WizardBot) -> None:
    assert simcord_bot.metrics_server is not None
    port = simcord_bot.metrics_server.port
    await simcord_bot.close()
    assert simcord_bot.metrics_server is None
    with pytest.raises(aiohttp.ClientConnectionError):
        async with aiohttp.ClientSession() as session:
            await session.get(f"http://127.0.0.1:{port}/healthz")


def test_no_server_unless_a_port_is_given(make_bot: MakeBot) -> None:
    assert make_bot().settings.metrics_port is None


async def test_a_port_in_use_is_a_clear_error(make_bot: MakeBot) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        bot = make_bot(metrics_port=port)
        with pytest.raises(Exception, match=rf"cannot serve metrics on 127\.0\.0\.1:{port}: "):
            await bot.start_metrics_server()
    assert bot.metrics_server is None


async def test_discord_requests_and_rate_limits_are_counted(make_bot: MakeBot) -> None:
    """The bot's aiohttp trace counts every response, and each 429 by its scope, retries included."""
    answers = [
        web.Response(status=429, headers={"X-RateLimit-Scope": "user"}),
        web.Response(status=429, headers={"X-RateLimit-Scope": "shared"}),
        web.json_response({}, status=200),
    ]

    async def handler(request: web.Request) -> web.Response:
        return answers.pop(0)

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", handler)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    bot = make_bot()
    trace = bot.http.http_trace
    assert trace is not None
    try:
        async with aiohttp.ClientSession(trace_configs=[trace]) as session:
            for method in ("POST", "POST", "GET"):
                async with session.request(method, f"http://127.0.0.1:{port}/api/v10/channels/1/messages"):
                    pass
            with pytest.raises(aiohttp.ClientConnectionError):
                await session.get("http://127.0.0.1:1/unreachable")
    finally:
        await runner.cleanup()

    text = bot.metrics.render()
    assert sample(text, 'wizard_discord_requests_total{method="POST",status="429"}') == 2
    assert sample(text, 'wizard_discord_requests_total{method="GET",status="200"}') == 1
    assert sample(text, 'wizard_discord_requests_total{method="GET",status="error"}') == 1
    assert sample(text, 'wizard_discord_rate_limits_total{scope="user"}') == 1
    assert sample(text, 'wizard_discord_rate_limits_total{scope="shared"}') == 1


def test_the_text_format() -> None:
    """prometheus_client's text format: metrics by name, series by label values, no _created samples."""
    registry = MetricsRegistry("app")
    hits = registry.counter("hits_total", "Hits, by path", ("path",))
    hits.inc(path='/a"b\\c\n')
    hits.inc(2, path="/")
    registry.gauge("temperature", "A reading", read=lambda: 21.5)
    latency = registry.histogram("latency_seconds", "Latency", buckets=(0.1, 1.0))
    for seconds in (0.05, 0.5, 0.7, 3.0):
        latency.observe(seconds)

    assert registry.render() == (
        "# HELP app_hits_total Hits, by path\n"
        "# TYPE app_hits_total counter\n"
        'app_hits_total{path="/"} 2.0\n'
        'app_hits_total{path="/a\\"b\\\\c\\n"} 1.0\n'
        "# HELP app_latency_seconds Latency\n"
        "# TYPE app_latency_seconds histogram\n"
        'app_latency_seconds_bucket{le="0.1"} 1.0\n'
        'app_latency_seconds_bucket{le="1.0"} 3.0\n'
        'app_latency_seconds_bucket{le="+Inf"} 4.0\n'
        "app_latency_seconds_count 4.0\n"
        "app_latency_seconds_sum 4.25\n"
        "# HELP app_temperature A reading\n"
        "# TYPE app_temperature gauge\n"
        "app_temperature 21.5\n"
    )
    assert hits.value(path="/") == 2
    assert hits.value(path="/never") == 0


def test_asking_again_gives_the_same_instrument_and_conflicts_are_refused() -> None:
    registry = MetricsRegistry("app")
    counter = registry.counter("actions_total", "Actions", ("kind",))
    assert registry.counter("actions_total") is counter
    with pytest.raises(ValueError, match="already a counter"):
        registry.gauge("actions_total")
    with pytest.raises(ValueError, match="give it a help text"):
        registry.histogram("unknown_seconds")
    with pytest.raises(ValueError, match=r"takes the labels \['kind'\]"):
        counter.inc(level="hard")
    with pytest.raises(ValueError, match="ends in _total"):
        registry.counter("actions", "Actions")


def test_each_registry_is_its_own() -> None:
    """Every bot has its own registry (a process may hold several): the same names do not collide."""
    first, second = MetricsRegistry("app"), MetricsRegistry("app")
    first.counter("actions_total", "Actions").inc(3)
    second.counter("actions_total", "Actions").inc()
    first.gauge("guilds", "Servers", read=lambda: 2)
    second.gauge("guilds", "Servers", read=lambda: 5)
    assert sample(first.render(), "app_actions_total") == 3
    assert sample(second.render(), "app_actions_total") == 1
    assert sample(first.render(), "app_guilds") == 2
    assert sample(second.render(), "app_guilds") == 5


def test_counting_from_worker_threads() -> None:
    registry = MetricsRegistry("app")
    decisions = registry.counter("decisions_total", "Decisions", ("level",))
    seconds = registry.histogram("decision_seconds", "Decision time", ("level",))

    def count() -> None:
        for _ in range(1000):
            decisions.inc(level="hard")
            seconds.observe(0.01, level="hard")

    threads = [threading.Thread(target=count) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    text = registry.render()
    assert sample(text, 'app_decisions_total{level="hard"}') == 4000
    assert sample(text, 'app_decision_seconds_count{level="hard"}') == 4000


def test_a_failing_gauge_is_left_out_of_the_scrape(caplog: pytest.LogCaptureFixture) -> None:
    registry = MetricsRegistry("app")
    registry.gauge("broken", "Raises", read=lambda: 1 / 0)
    registry.counter("fine_total", "Still shown").inc()
    text = registry.render()
    assert "app_broken" not in text
    assert "app_fine_total 1" in text
    assert "Could not read the metric app_broken" in caplog.text
