"""Tournament of the computer players: strength, bid accuracy and decision time.

Four-player games with fixed seeds, half classic and half Camelot, in these line-ups:

- ``easy``: four easy players (their bid accuracy);
- ``hard-easy``: one hard player against three easy ones;
- ``hard-medium``: one hard player against three medium ones;
- ``hard``: four hard players (self-play bid accuracy);
- ``medium-easy``: one medium player against three easy ones (for reference).

The seat under test moves round the table from game to game. For each line-up it prints the tested
players' win rate (a shared win counts as a share, so 25% is par), points per game, and bid accuracy
overall and by hand size, each with a 95% confidence interval: mean ± 1.96 standard errors over games
for the first two, Wilson's interval over rounds for accuracies. It also prints the time of the hard
player's decisions (p50, p95, max), all of them and those with a real choice (two legal actions or more),
with the CPU time of the latter (a wall-clock time well above its CPU time means the process waited for
a core) and the deals they sampled.

A level's budget is work, a number of simulated card plays that fixes each decision's sampled deals
(``wizard_core.ai.DEFAULT_WORK``), not time, and the tournament sets no wall-time cap: its results depend
on the seeds alone, however busy the machine, and a second run prints the same figures (the times
aside). It plays every level at half its default work (``--effort 0.5``) so that it finishes in
reasonable time. A latency run then plays a few games of one hard player against three easy ones at the
default work and under the default cap (``DEFAULT_CAP_MS``), the bot's settings, one game at a time in
this process.

Targets (the issue): easy bid accuracy >= 45%; hard against three easy: win rate >= 60%, bid accuracy
>= 65%, >= 300 points a game; hard against three medium: win rate >= 40%; hard self-play bid accuracy
>= 60%; a hard decision within 150 ms at p95 and 500 ms at worst (at the default work, on an unloaded
machine).

Games run in parallel worker processes (``--workers``, default 2: the development machine has two cores,
which it shares with other work, so decision times include that contention).

``--variants`` plays every game with house variants (comma-separated ids of
``wizard_core.variants.VARIANTS``); a round where the tested player did not bid (the Saboteur dealer, an
eliminated player) does not count for bid accuracy.

Run: ``.venv/bin/python benchmarks/ai_tournament.py`` (about 16 minutes on two cores; ``--quick`` for
16 games per line-up in about 3 minutes, ``--games N`` per line-up, ``--effort`` for the share of each
level's default work in the tournament or ``--samples`` for a fixed number of deals per decision,
``--lineups`` to choose them).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wizard_core import Game, Rules, RulesError
from wizard_core.ai import DEFAULT_CAP_MS, DEFAULT_WORK, ComputerPlayer, Level

LINEUPS: dict[str, tuple[Level, Level]] = {
    # name: (the tested seat's level, everyone else's level)
    "easy": ("easy", "easy"),
    "hard-easy": ("hard", "easy"),
    "hard-medium": ("hard", "medium"),
    "hard": ("hard", "hard"),
    "medium-easy": ("medium", "easy"),
}
EDITIONS = ("classic", "camelot")
PLAYERS = 4
# The tournament plays every level at half its default work, to finish in reasonable time; the latency
# run uses the default work and cap, those a table gets.
TOURNAMENT_EFFORT = 0.5
LATENCY_SEEDS = 10_000


@dataclass
class GameRecord:
    """What one game says about the tested seats."""

    lineup: str
    edition: str
    seed: int
    wins: float = 0.0  # shares of wins of the tested seats, averaged over them
    points: float = 0.0
    rounds: list[tuple[int, bool]] = field(default_factory=list)  # (hand size, exact bid)
    times: list[float] = field(default_factory=list)  # wall-clock seconds per hard decision
    choice_times: list[float] = field(default_factory=list)  # the same, with two legal actions or more
    cpu_times: list[float] = field(default_factory=list)  # CPU seconds of the decisions with a choice
    samples: list[int] = field(default_factory=list)  # deals sampled by the decisions with a choice
    capped: int = 0  # hard decisions the wall-time cap cut short


def play_game(
    lineup: str,
    edition: str,
    seed: int,
    effort: float,
    samples: int | None,
    variants: frozenset[str] = frozenset(),
    cap_ms: float | None = None,
) -> GameRecord:
    tested_level, other_level = LINEUPS[lineup]
    everyone = tested_level == other_level
    tested = list(range(PLAYERS)) if everyone else [seed % PLAYERS]
    bots = []
    for seat in range(PLAYERS):
        level = tested_level if seat in tested else other_level
        work = round(DEFAULT_WORK[level] * effort)
        bots.append(ComputerPlayer(level, seed=seed * 10 + seat, work=work, samples=samples, cap_ms=cap_ms))
    game = Game(PLAYERS, Rules(edition, variants), seed=seed)
    record = GameRecord(lineup, edition, seed)
    while game.to_act:
        player = game.to_act[0]  # with simultaneous bids, anyone still to bid
        view = game.view(player)
        start, cpu = time.perf_counter(), time.process_time()
        decision = bots[player].deliberate(view)
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        if bots[player].level == "hard":
            record.times.append(elapsed)
            record.capped += decision.capped
            if len(view.legal_actions) > 1:
                record.choice_times.append(elapsed)
                record.cpu_times.append(cpu)
                record.samples.append(decision.samples)
        game.apply(decision.action, player=player)
    result = game.result()
    for seat in tested:
        if seat in result.winners:
            record.wins += 1 / len(result.winners) / len(tested)
        record.points += result.totals[seat] / len(tested)
        for rnd in result.rounds:
            if rnd.bids[seat] is not None:
                record.rounds.append((rnd.cards_per_player, rnd.bids[seat] == rnd.tricks[seat]))
    return record


# One game of the tournament: line-up, edition, seed, share of the default work, fixed samples, variants.
Task = tuple[str, str, int, float, int | None, frozenset[str]]


def _play(task: Task) -> GameRecord:
    return play_game(*task)


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def wilson(successes: int, trials: int) -> tuple[float, float, float]:
    """A proportion and its 95% Wilson interval."""
    if not trials:
        return math.nan, math.nan, math.nan
    z = 1.96
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return p, centre - half, centre + half


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return math.nan
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(name: str, records: Sequence[GameRecord], by_size: bool) -> None:
    wins, wins_ci = mean_ci([r.wins for r in records])
    points, points_ci = mean_ci([r.points for r in records])
    rounds = [entry for r in records for entry in r.rounds]
    exact = sum(ok for _, ok in rounds)
    accuracy, low, high = wilson(exact, len(rounds))
    print(
        f"  {name:<9} {len(records):4d} games  win {wins:6.1%} ± {wins_ci:5.1%}   "
        f"points {points:6.1f} ± {points_ci:5.1f}   bids {accuracy:6.1%} [{low:.1%}, {high:.1%}]"
    )
    if by_size:
        sizes: dict[int, list[bool]] = defaultdict(list)
        for size, ok in rounds:
            sizes[size].append(ok)
        cells = []
        for size in sorted(sizes):
            p, lo, hi = wilson(sum(sizes[size]), len(sizes[size]))
            cells.append(f"{size:2d}: {p:4.0%} [{lo:.0%}, {hi:.0%}]")
        for start in range(0, len(cells), 5):
            print("      bids by hand size  " + "   ".join(cells[start : start + 5]))


def report_times(records: Sequence[GameRecord]) -> None:
    times = [t * 1000 for r in records for t in r.times]
    choices = [t * 1000 for r in records for t in r.choice_times]
    cpu = [t * 1000 for r in records for t in r.cpu_times]
    if not choices:
        return
    rows = (("all hard decisions", times), ("with a choice", choices), ("  their CPU time", cpu))
    for label, values in rows:
        print(
            f"  {label:<19} {len(values):6d}  p50 {percentile(values, 0.5):6.1f} ms  "
            f"p95 {percentile(values, 0.95):6.1f} ms  max {max(values):6.1f} ms"
        )
    samples = [n for r in records for n in r.samples if n]
    if samples:
        print(
            f"  {'  deals sampled':<19} {len(samples):6d}  p50 {percentile(samples, 0.5):6.0f}     "
            f"min {min(samples):6d}     max {max(samples):6d}    "
            f"cut short by the cap: {sum(r.capped for r in records)}"
        )


def parse_args() -> argparse.Namespace:
    """The command line, checked; ``variants`` becomes a set, ``lineups`` a list, defaults are filled in."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run: 16 games per line-up")
    parser.add_argument("--games", type=int, default=None, help="games per line-up (default 100)")
    parser.add_argument(
        "--effort",
        type=float,
        default=TOURNAMENT_EFFORT,
        help=f"share of each level's default work in the tournament (default {TOURNAMENT_EFFORT})",
    )
    parser.add_argument(
        "--latency-games", type=int, default=None, help="games of the latency run (default 4, quick 1)"
    )
    parser.add_argument(
        "--samples", type=int, default=None, help="a fixed number of sampled deals per decision, instead"
    )
    parser.add_argument("--workers", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=1, help="first game seed")
    parser.add_argument(
        "--lineups",
        default="easy,hard-easy,hard-medium,hard",
        help=f"comma-separated, of {', '.join(LINEUPS)}",
    )
    parser.add_argument("--variants", default="", help="comma-separated variant ids for every game")
    args = parser.parse_args()
    if args.effort <= 0 or (args.samples is not None and args.samples < 1):
        parser.error("--effort must be above 0 and --samples at least 1")
    args.variants = frozenset(name.strip() for name in args.variants.split(",") if name.strip())
    for edition in EDITIONS:
        try:
            Rules(edition, args.variants).check_players(PLAYERS)
        except RulesError as exc:
            parser.error(str(exc))
    if args.games is None:
        args.games = 16 if args.quick else 100
    if args.latency_games is None:
        args.latency_games = 1 if args.quick else 4
    args.lineups = [name.strip() for name in args.lineups.split(",") if name.strip()]
    for name in args.lineups:
        if name not in LINEUPS:
            parser.error(f"unknown line-up {name!r} (known: {', '.join(LINEUPS)})")
    return args


def tournament_tasks(args: argparse.Namespace) -> list[Task]:
    """Every game of the tournament, the two editions taking turns within each line-up."""
    tasks = []
    for name in args.lineups:
        # Self-play costs four times as much per game: a quarter of the games give as many tested seats.
        count = max(2, args.games // 4) if name == "hard" else args.games
        for i in range(count):
            seed = args.seed + i
            tasks.append((name, EDITIONS[i % 2], seed, args.effort, args.samples, args.variants))
    return tasks


def run_tasks(tasks: Sequence[Task], workers: int) -> dict[str, list[GameRecord]]:
    """Play the games, in worker processes if there are several, and group the records by line-up."""
    records: dict[str, list[GameRecord]] = defaultdict(list)
    if workers > 1:
        with multiprocessing.Pool(workers) as pool:
            for record in pool.imap_unordered(_play, tasks):
                records[record.lineup].append(record)
    else:
        for task in tasks:
            record = _play(task)
            records[record.lineup].append(record)
    return records


def report_lineup(name: str, records: Sequence[GameRecord]) -> None:
    tested, other = LINEUPS[name]
    title = f"{tested} self-play" if tested == other else f"one {tested} against three {other}"
    print(f"\n{name}: {title}")
    for edition in EDITIONS:
        report(edition, [r for r in records if r.edition == edition], by_size=False)
    report("both", records, by_size=True)
    report_times(records)


def latency_run(games: int, variants: frozenset[str]) -> None:
    """Decision time at the default work and cap, one game at a time in this process.

    It runs once the tournament is over, but the machine may still be busy with other work.
    """
    print(
        f"\nlatency: one hard against three easy at the default work ({DEFAULT_WORK['hard']:,} card plays) "
        f"and cap ({DEFAULT_CAP_MS:g} ms), {games} games, one process"
    )
    runs = [
        play_game("hard-easy", EDITIONS[i % 2], LATENCY_SEEDS + i, 1.0, None, variants, DEFAULT_CAP_MS)
        for i in range(games)
    ]
    report_times(runs)


def main() -> None:
    args = parse_args()
    tasks = tournament_tasks(args)
    print(
        f"AI tournament: {PLAYERS} players, {args.games} games per line-up "
        f"(self-play: {max(2, args.games // 4)}), both editions, "
        + (f"{args.samples} deals a decision" if args.samples else f"{args.effort:g} of the default work")
        + f", no time cap, {args.workers} workers"
        + (f", variants {', '.join(sorted(args.variants))}" if args.variants else "")
    )
    start = time.perf_counter()
    records = run_tasks(tasks, args.workers)
    for name in args.lineups:
        report_lineup(name, records[name])
    if args.latency_games:
        latency_run(args.latency_games, args.variants)
    print(f"\n{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
