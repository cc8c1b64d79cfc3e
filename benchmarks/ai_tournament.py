"""Tournament of the computer players: strength, bid accuracy and decision time.

Four-player games with fixed seeds, half classic and half Camelot, in these line-ups:

- ``easy``: four easy players (their bid accuracy);
- ``hard-easy``: one hard player against three easy ones;
- ``hard-medium``: one hard player against three medium ones;
- ``hard``: four hard players (self-play bid accuracy);
- ``medium-easy``: one medium player against three easy ones (for reference);
- ``easy-pimc``, ``medium-pimc``, ``hard-pimc``: one player of the level against three independent
  perfect-information Monte Carlo agents (``PimcAgent``, written in this file from the rules alone: 20
  deals a decision, heuristic roll-outs), classic edition, in duplicate: each deal seed is played four
  times, the tested player in each seat in turn, so every line-up sees the same cards from every seat.

The seat under test moves round the table from game to game. For each line-up it prints the tested
players' win rate (a shared win counts as a share, so 25% is par), points per game, and bid accuracy
overall and by hand size, each with a 95% confidence interval: mean ± 1.96 standard errors over games
for the first two (over deal seeds, each the mean of its four seats, in the duplicate line-ups, which
also print the points over the other players' mean), Wilson's interval over rounds for accuracies. Then
the CPU time of each level's decisions that have a choice (mean, p95), over every game played. It also
prints the time of the hard player's decisions (p50, p95, max), all of them and those with a real choice
(two legal actions or more), with the CPU time of the latter (a wall-clock time well above its CPU time
means the process waited for a core) and the deals they sampled.

A level's budget is work, a number of simulated card plays that fixes each decision's sampled deals
(``wizard_core.ai.DEFAULT_WORK``), not time, and the tournament sets no wall-time cap: its results depend
on the seeds alone, however busy the machine, and a second run prints the same figures (the times
aside). It plays every level at half its default work (``--effort 0.5``) so that it finishes in
reasonable time. A latency run then plays a few games of one hard player against three easy ones at the
default work and under the default cap (``DEFAULT_CAP_MS``), the bot's settings, one game at a time in
this process.

Targets (the issues): hard against three PIMC agents: win share >= 60%; easy bid accuracy >= 45%; hard
against three easy: win rate >= 60%, bid accuracy >= 65%, >= 300 points a game; hard against three
medium: win rate >= 40%; hard self-play bid accuracy >= 60%; a hard decision within 150 ms at p95 and
500 ms at worst (at the default work, on an unloaded machine).

Games run in parallel worker processes (``--workers``, default 2: the development machine has two cores,
which it shares with other work, so decision times include that contention).

``--variants`` plays every game with house variants (comma-separated ids of
``wizard_core.variants.VARIANTS``); a round where the tested player did not bid (the Saboteur dealer, an
eliminated player) does not count for bid accuracy.

Run: ``.venv/bin/python benchmarks/ai_tournament.py`` (the default line-ups; ``--quick`` for 16 games
per line-up and 10 deal seeds, ``--games N`` per line-up, ``--seeds N`` deal seeds for the duplicate
line-ups (default 40), ``--effort`` for the share of each level's default work in the tournament or
``--samples`` for a fixed number of deals per decision, ``--lineups`` to choose them). The issue's
measure: ``--lineups hard-pimc --effort 1`` (hard at its default work against three PIMC agents).
``--save FILE`` writes the duplicate games' figures, and ``--paired FILE`` prints this run minus a saved
one, seed by seed, on the seeds both played: to compare two versions of a level on the same deals
(``docs/computers.md`` has the figures; a seed's four games differ so much that pairing narrows the
interval only a little, so only large differences show on a few dozen seeds). ``--common`` narrows it
further for such comparisons: every decision of the duplicate line-ups then draws from a generator
seeded with its player's seed and view (``state_key``), so two versions of a level meet the same PIMC
choices wherever their games are still alike, instead of streams that part at the first difference.
It changes no agent's strength, but its figures are its own: compare ``--common`` runs with each other.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wizard_core import Game, PlayerView, Rules, RulesError
from wizard_core.actions import BID_BASE, TRUMP_BASE
from wizard_core.ai import DEFAULT_CAP_MS, DEFAULT_WORK, LEVELS, ComputerPlayer, Level, deliberate

LINEUPS: dict[str, tuple[Level, Level]] = {
    # name: (the tested seat's level, everyone else's level)
    "easy": ("easy", "easy"),
    "hard-easy": ("hard", "easy"),
    "hard-medium": ("hard", "medium"),
    "hard": ("hard", "hard"),
    "medium-easy": ("medium", "easy"),
}
# Duplicate line-ups against the PIMC agent: name -> the tested seat's level.
PIMC_LINEUPS: dict[str, Level] = {"easy-pimc": "easy", "medium-pimc": "medium", "hard-pimc": "hard"}
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
    other_rounds: list[tuple[int, bool]] = field(default_factory=list)  # the same, the other seats
    times: list[float] = field(default_factory=list)  # wall-clock seconds per hard decision
    choice_times: list[float] = field(default_factory=list)  # the same, with two legal actions or more
    cpu_times: list[float] = field(default_factory=list)  # CPU seconds of the decisions with a choice
    samples: list[int] = field(default_factory=list)  # deals sampled by the decisions with a choice
    capped: int = 0  # hard decisions the wall-time cap cut short
    margin: float = 0.0  # the tested seats' points over the mean of the others'
    cpu_by_level: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))


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
        if len(view.legal_actions) > 1:
            record.cpu_by_level[bots[player].level].append(cpu)
        if bots[player].level == "hard":
            record.times.append(elapsed)
            record.capped += decision.capped
            if len(view.legal_actions) > 1:
                record.choice_times.append(elapsed)
                record.cpu_times.append(cpu)
                record.samples.append(decision.samples)
        game.apply(decision.action, player=player)
    score(record, game, tested)
    return record


def score(record: GameRecord, game: Game, tested: Sequence[int]) -> None:
    """Note the tested seats' wins, points, margin over the others and bids of a finished game."""
    result = game.result()
    others = [seat for seat in range(PLAYERS) if seat not in tested]
    if others:
        others_mean = statistics.fmean(result.totals[seat] for seat in others)
        record.margin = statistics.fmean(result.totals[seat] for seat in tested) - others_mean
    for seat in others:
        for rnd in result.rounds:
            if rnd.bids[seat] is not None:
                record.other_rounds.append((rnd.cards_per_player, rnd.bids[seat] == rnd.tricks[seat]))
    for seat in tested:
        if seat in result.winners:
            record.wins += 1 / len(result.winners) / len(tested)
        record.points += result.totals[seat] / len(tested)
        for rnd in result.rounds:
            if rnd.bids[seat] is not None:
                record.rounds.append((rnd.cards_per_player, rnd.bids[seat] == rnd.tricks[seat]))


def play_duplicate(
    lineup: str, seed: int, seat: int, effort: float, samples: int | None, common: bool = False
) -> GameRecord:
    """One game of a duplicate line-up: the tested level in ``seat``, PIMC agents in the others; the deal
    seed fixes the cards, so the four seats of a seed see the same deals. ``common``: every decision
    draws from a generator seeded with its player's seed and what the player sees (``state_key``)."""
    level = PIMC_LINEUPS[lineup]
    work = round(DEFAULT_WORK[level] * effort)
    tested = ComputerPlayer(level, seed=seed * 10 + seat, work=work, samples=samples, cap_ms=None)
    agents = {p: PimcAgent(seed * 10 + p, common=common) for p in range(PLAYERS) if p != seat}
    game = Game(PLAYERS, Rules("classic"), seed=seed)
    record = GameRecord(lineup, "classic", seed)
    while game.to_act:
        player = game.to_act[0]
        view = game.view(player)
        cpu = time.process_time()
        if player == seat and common:
            rng = random.Random(f"{seed * 10 + seat}:{state_key(view)}")
            decision = deliberate(view, level, rng=rng, work=work, samples=samples, cap_ms=None)
        elif player == seat:
            decision = tested.deliberate(view)
        if player == seat:
            action = decision.action
            record.capped += decision.capped
            if len(view.legal_actions) > 1:
                record.samples.append(decision.samples)
        else:
            action = agents[player].act(view)
        cpu = time.process_time() - cpu
        if len(view.legal_actions) > 1:
            record.cpu_by_level[level if player == seat else "pimc"].append(cpu)
        game.apply(action, player=player)
    score(record, game, [seat])
    return record


def state_key(view: PlayerView) -> str:
    """What a player sees that a decision depends on, as text: seat, round, hand, bids and the cards
    played, in order. Two games that reach the same view give the same key."""
    plays = [(p.player, p.card.face) for t in (*view.completed_tricks, view.current_trick) for p in t.plays]
    hand = [card.face for card in view.hand]
    return f"{view.player}:{view.cards_per_player}:{hand}:{list(view.bids)}:{plays}:{view.legal_actions}"


# -- an independent PIMC agent ------------------------------------------------------------------------------
# The yardstick of the issue: a perfect-information Monte Carlo player written here from the rules alone,
# sharing nothing with wizard_core.ai. For every option it deals the unseen cards 20 times (respecting the
# suits players have shown they lack), plays each deal out with a simple heuristic for everyone, and takes
# the option with the best mean round score. Classic edition only (suit cards, Wizards, Jesters).

PIMC_DEALS = 20
_WIZARD, _JESTER = 52, 53
_CLASSIC_DECK = (*range(52), *(_WIZARD,) * 4, *(_JESTER,) * 4)


def _led_suit(faces: Sequence[int]) -> int | None:
    """The suit to follow after these cards: the first card that is not a Jester, unless it is a Wizard."""
    for face in faces:
        if face != _JESTER:
            return None if face == _WIZARD else face // 13
    return None


def _trick_winner(faces: Sequence[int], trump: int | None) -> int:
    """The position that takes a trick: the first Wizard, else the highest trump, else the highest card of
    the led suit; a trick of Jesters only goes to the first."""
    if _WIZARD in faces:
        return faces.index(_WIZARD)
    led = _led_suit(faces)
    winner, best = 0, -1
    for position, face in enumerate(faces):
        if face < 52:
            suit = face // 13
            key = 100 + face % 13 if suit == trump else face % 13 if suit == led else -1
            if key > best:
                winner, best = position, key
    return winner


def _legal(hand: Sequence[int], faces: Sequence[int]) -> list[int]:
    led = _led_suit(faces)
    if led is not None and any(f < 52 and f // 13 == led for f in hand):
        return [f for f in hand if f >= 52 or f // 13 == led]
    return list(hand)


def _power(face: int, trump: int | None) -> int:
    if face == _WIZARD:
        return 100
    if face == _JESTER:
        return -1
    return face % 13 + (50 if face // 13 == trump else 0)


def _rollout_card(hand: Sequence[int], faces: Sequence[int], trump: int | None, want: bool) -> int:
    """The heuristic: wanting a trick, win it as cheaply as possible (or lead the strongest card);
    not wanting one, play the strongest card that loses (or lead the weakest)."""
    options = sorted(set(_legal(hand, faces)), key=lambda f: _power(f, trump))
    if not faces:
        return options[-1] if want else options[0]
    here = len(faces)
    winning = [f for f in options if _trick_winner([*faces, f], trump) == here]
    if want:
        return winning[0] if winning else options[0]
    losing = [f for f in options if f not in winning]
    return losing[-1] if losing else options[-1]


def _quick_bid(hand: Sequence[int], trump: int | None) -> int:
    value = 0.0
    for face in hand:
        if face == _WIZARD:
            value += 1
        elif face < 52 and face // 13 == trump:
            value += 0.9 if face % 13 >= 10 else 0.4
        elif face < 52 and face % 13 == 12:
            value += 0.6
    return round(value)


def _score(bid: int, tricks: int) -> int:
    return 20 + 10 * tricks if bid == tricks else -10 * abs(bid - tricks)


class PimcAgent:
    """The independent perfect-information Monte Carlo player (classic edition)."""

    level = "pimc"

    def __init__(self, seed: int, deals: int = PIMC_DEALS, common: bool = False) -> None:
        """An agent drawing from one generator seeded with ``seed``; ``common``: each decision from a
        generator seeded with ``seed`` and the agent's view (``state_key``)."""
        self.rng = random.Random(seed)
        self.seed = seed
        self.deals = deals
        self.common = common

    def act(self, view: PlayerView) -> int:
        if self.common:
            self.rng.seed(f"{self.seed}:{state_key(view)}")
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if legal[0] >= TRUMP_BASE:  # a Wizard turned up: the suit this hand is longest and highest in
            faces = [card.face for card in view.hand]
            return TRUMP_BASE + max(
                range(4), key=lambda s: sum(1 + f % 13 / 13 for f in faces if f < 52 and f // 13 == s)
            )
        me, players = view.player, len(view.players)
        hand = [card.face for card in view.hand]
        trump = None if view.trump is None else int(view.trump)
        unseen = list(_CLASSIC_DECK)
        for face in hand:
            unseen.remove(face)
        if view.turned_up is not None:
            unseen.remove(view.turned_up.face)
        voids = [set[int]() for _ in range(players)]
        for trick in (*view.completed_tricks, view.current_trick):
            so_far: list[int] = []
            for play in trick.plays:
                face = play.card.face
                unseen.remove(face)
                led = _led_suit(so_far)
                if led is not None and face < 52 and face // 13 != led:
                    voids[play.player].add(led)
                so_far.append(face)
        open_trick = [play.card.face for play in view.current_trick.plays]
        leader = view.current_trick.leader
        totals: dict[int, float] = dict.fromkeys(legal, 0.0)
        for _ in range(self.deals):
            hands = self._deal(unseen, view.hand_sizes, voids, me, hand)
            bids = [
                bid if bid is not None else _quick_bid(hands[p], trump) for p, bid in enumerate(view.bids)
            ]
            for action in legal:
                if action >= BID_BASE:
                    bids[me] = action - BID_BASE
                    tricks = self._play_out(hands, bids, trump, [0] * players, leader, [], None)
                    totals[action] += _score(bids[me], tricks[me])
                else:
                    tricks = self._play_out(
                        hands, bids, trump, list(view.tricks_won), leader, open_trick, action
                    )
                    totals[action] += _score(bids[me], tricks[me])
        return max(legal, key=totals.__getitem__)

    def _deal(
        self, unseen: list[int], sizes: Sequence[int], voids: list[set[int]], me: int, hand: list[int]
    ) -> list[list[int]]:
        """The unseen cards dealt to the other hands at their sizes and to the undealt rest, each card to a
        holder not void in its suit, in proportion to the room left (drawn again when stuck; the last
        try ignores the voids)."""
        others = [p for p in range(len(sizes)) if p != me]
        rest = len(unseen) - sum(sizes[p] for p in others)
        for attempt in range(51):
            cards = unseen.copy()
            self.rng.shuffle(cards)
            hands: list[list[int]] = [[] for _ in sizes]
            hands[me] = hand.copy()
            room = {p: sizes[p] for p in others}
            room[-1] = rest
            for face in cards:
                fits = [
                    p
                    for p, free in room.items()
                    if free and (p < 0 or attempt == 50 or face >= 52 or face // 13 not in voids[p])
                ]
                if not fits:
                    break
                pick = self.rng.randrange(sum(room[p] for p in fits))
                for holder in fits:
                    pick -= room[holder]
                    if pick < 0:
                        break
                room[holder] -= 1
                if holder >= 0:
                    hands[holder].append(face)
            else:
                return hands
        raise AssertionError("unreachable: the last try ignores the voids")

    def _play_out(
        self,
        hands: list[list[int]],
        bids: Sequence[int],
        trump: int | None,
        tricks: list[int],
        leader: int,
        trick: list[int],
        first: int | None,
    ) -> list[int]:
        hands = [hand.copy() for hand in hands]
        tricks = tricks.copy()
        trick = trick.copy()
        players = len(hands)
        while True:
            player = (leader + len(trick)) % players
            if not hands[player]:
                return tricks
            if first is None:
                face = _rollout_card(hands[player], trick, trump, tricks[player] < bids[player])
            else:
                face, first = first, None
            hands[player].remove(face)
            trick.append(face)
            if len(trick) == players:
                leader = (leader + _trick_winner(trick, trump)) % players
                tricks[leader] += 1
                trick = []


# One game of the tournament: line-up, edition (or the tested seat, as text, in a duplicate line-up), seed,
# share of the default work, fixed samples, variants, common random numbers (duplicate line-ups).
Task = tuple[str, str, int, float, int | None, frozenset[str], bool]


def _play(task: Task) -> GameRecord:
    lineup, edition, seed, effort, samples, variants, common = task
    if lineup in PIMC_LINEUPS:
        return play_duplicate(lineup, seed, int(edition), effort, samples, common)
    return play_game(lineup, edition, seed, effort, samples, variants)


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


def per_seed(records: Sequence[GameRecord], value: str) -> list[float]:
    """One figure per deal seed, the mean of its games: the duplicate line-ups' unit of sampling."""
    seeds: dict[int, list[float]] = defaultdict(list)
    for r in records:
        seeds[r.seed].append(getattr(r, value))
    return [statistics.fmean(values) for values in seeds.values()]


def report(name: str, records: Sequence[GameRecord], by_size: bool, duplicate: bool = False) -> None:
    def figures(value: str) -> list[float]:
        return per_seed(records, value) if duplicate else [getattr(r, value) for r in records]

    wins, wins_ci = mean_ci(figures("wins"))
    points, points_ci = mean_ci(figures("points"))
    rounds = [entry for r in records for entry in r.rounds]
    exact = sum(ok for _, ok in rounds)
    accuracy, low, high = wilson(exact, len(rounds))
    print(
        f"  {name:<9} {len(records):4d} games  win {wins:6.1%} ± {wins_ci:5.1%}   "
        f"points {points:6.1f} ± {points_ci:5.1f}   bids {accuracy:6.1%} [{low:.1%}, {high:.1%}]"
    )
    if duplicate:
        margin, margin_ci = mean_ci(figures("margin"))
        print(
            f"  {'':<9} {len(set(r.seed for r in records)):4d} seeds  "
            f"points over the PIMC agents {margin:+.1f} ± {margin_ci:.1f} (CIs over seeds)"
        )
        others = [entry for r in records for entry in r.other_rounds]
        accuracy, low, high = wilson(sum(ok for _, ok in others), len(others))
        print(f"  {'':<9} the PIMC agents' bids {accuracy:6.1%} [{low:.1%}, {high:.1%}]")
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
    parser.add_argument("--quick", action="store_true", help="a short run: 16 games per line-up, 10 seeds")
    parser.add_argument("--games", type=int, default=None, help="games per line-up (default 100)")
    parser.add_argument(
        "--seeds",
        type=int,
        default=None,
        help="deal seeds of the duplicate line-ups, 4 games each (default 40)",
    )
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
        default="easy,hard-easy,hard-medium,hard,easy-pimc,medium-pimc,hard-pimc",
        help=f"comma-separated, of {', '.join([*LINEUPS, *PIMC_LINEUPS])}",
    )
    parser.add_argument("--variants", default="", help="comma-separated variant ids for every game")
    parser.add_argument("--save", default=None, help="write the duplicate games' figures to this JSON file")
    parser.add_argument(
        "--common",
        action="store_true",
        help="duplicate line-ups: seed every decision from its player and view (to compare versions)",
    )
    parser.add_argument(
        "--paired", default=None, help="a file of --save: print this run minus that one, seed by seed"
    )
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
    if args.seeds is None:
        args.seeds = 10 if args.quick else 40
    if args.latency_games is None:
        args.latency_games = 1 if args.quick else 4
    args.lineups = [name.strip() for name in args.lineups.split(",") if name.strip()]
    for name in args.lineups:
        if name not in LINEUPS and name not in PIMC_LINEUPS:
            parser.error(f"unknown line-up {name!r} (known: {', '.join(LINEUPS)})")
    return args


def tournament_tasks(args: argparse.Namespace) -> list[Task]:
    """Every game of the tournament, the two editions taking turns within each line-up."""
    tasks: list[Task] = []
    for name in args.lineups:
        if name in PIMC_LINEUPS:  # classic only: the variants are for the other line-ups
            for i in range(args.seeds):
                for seat in range(PLAYERS):
                    seed = args.seed + i
                    tasks.append((name, str(seat), seed, args.effort, args.samples, frozenset(), args.common))
            continue
        # Self-play costs four times as much per game: a quarter of the games give as many tested seats.
        count = max(2, args.games // 4) if name == "hard" else args.games
        for i in range(count):
            seed = args.seed + i
            tasks.append((name, EDITIONS[i % 2], seed, args.effort, args.samples, args.variants, False))
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
    if name in PIMC_LINEUPS:
        print(f"\n{name}: one {PIMC_LINEUPS[name]} against three PIMC agents, duplicate, classic")
        report("classic", records, by_size=True, duplicate=True)
        return
    tested, other = LINEUPS[name]
    title = f"{tested} self-play" if tested == other else f"one {tested} against three {other}"
    print(f"\n{name}: {title}")
    for edition in EDITIONS:
        report(edition, [r for r in records if r.edition == edition], by_size=False)
    report("both", records, by_size=True)
    report_times(records)


def report_cpu(records: Sequence[GameRecord]) -> None:
    """CPU time per decision with a choice, per level, over every game of the run."""
    levels: dict[str, list[float]] = defaultdict(list)
    for r in records:
        for level, times in r.cpu_by_level.items():
            levels[level].extend(t * 1000 for t in times)
    print("\nCPU per decision with a choice (all games of the run)")
    for level in (*LEVELS, "pimc"):
        times = levels.get(level, [])
        if times:
            print(
                f"  {level:<7} {len(times):7d} decisions  mean {statistics.fmean(times):7.2f} ms  "
                f"p95 {percentile(times, 0.95):7.2f} ms  max {max(times):7.1f} ms"
            )


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


def save_duplicates(path: str, records: dict[str, list[GameRecord]]) -> None:
    """Write the duplicate line-ups' figures per game (line-up, seed, wins, points, margin) as JSON."""
    rows = [
        {"lineup": r.lineup, "seed": r.seed, "wins": r.wins, "points": r.points, "margin": r.margin}
        for name, rs in records.items()
        if name in PIMC_LINEUPS
        for r in rs
    ]
    Path(path).write_text(json.dumps(rows), encoding="utf-8")


def report_paired(path: str, records: dict[str, list[GameRecord]]) -> None:
    """This run minus an earlier one saved with ``--save``, seed by seed on the seeds both played: the
    luck of the deals cancels out of the difference, so a change shows with fewer seeds."""
    earlier: dict[str, dict[int, list[dict[str, float]]]] = defaultdict(lambda: defaultdict(list))
    for row in json.loads(Path(path).read_text(encoding="utf-8")):
        earlier[row["lineup"]][row["seed"]].append(row)
    for name, rs in records.items():
        before = earlier.get(name)
        if name not in PIMC_LINEUPS or not before:
            continue
        now: dict[int, list[GameRecord]] = defaultdict(list)
        for r in rs:
            now[r.seed].append(r)
        seeds = sorted(set(now) & set(before))
        if len(seeds) < 2:
            continue
        print(f"\n{name} minus {path}, paired over {len(seeds)} seeds")
        for value in ("wins", "margin"):
            diffs = [
                statistics.fmean(getattr(r, value) for r in now[seed])
                - statistics.fmean(row[value] for row in before[seed])
                for seed in seeds
            ]
            mean, ci = mean_ci(diffs)
            scale, unit = (100, " points of percentage") if value == "wins" else (1, " points")
            label = "win share" if value == "wins" else "points over the PIMC agents"
            print(f"  {label:<28} {mean * scale:+.1f} ± {ci * scale:.1f}{unit}")


def main() -> None:
    args = parse_args()
    tasks = tournament_tasks(args)
    print(
        f"AI tournament: {PLAYERS} players, {args.games} games per line-up "
        f"(self-play: {max(2, args.games // 4)}; against PIMC: {args.seeds} seeds x 4 seats), both editions, "
        + (f"{args.samples} deals a decision" if args.samples else f"{args.effort:g} of the default work")
        + f", no time cap, {args.workers} workers"
        + (", common random numbers" if args.common else "")
        + (f", variants {', '.join(sorted(args.variants))}" if args.variants else "")
    )
    start = time.perf_counter()
    records = run_tasks(tasks, args.workers)
    for name in args.lineups:
        report_lineup(name, records[name])
    report_cpu([r for rs in records.values() for r in rs])
    if args.paired:
        report_paired(args.paired, records)
    if args.save:
        save_duplicates(args.save, records)
    if args.latency_games:
        latency_run(args.latency_games, args.variants)
    print(f"\n{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
