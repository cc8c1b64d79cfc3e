"""Speed and memory of the rules core, through the API the computer players use.

Prints:
- full games per second with random legal play (``legal_actions`` then ``apply``), for 3 to 6 players
  and both editions, and for 4 players with a few sets of house variants (these take the game's general
  path, which the variants need; the classic path is the one the targets are about);
- the time of one ``legal_plays`` call on a 15-card hand;
- the memory of one mid-game state, measured with tracemalloc over 1,000 states.

Targets (issue 3, on the 2-core development machine, one process): at least 1,000 full 4-player
classic games per second, ``legal_plays`` under 2 µs, at most 20 KB per state.

Timings on a shared machine jitter, so each figure is the best of several repeats (the least disturbed
run), with the median beside it.

Run: ``.venv/bin/python benchmarks/core_bench.py`` (``--quick`` for a short run).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import timeit
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wizard_core import Game, Rules, deck, legal_plays


def play_random_game(players: int, rules: Rules, seed: int) -> Game:
    """One full game, every action chosen uniformly among the legal ones."""
    game = Game(players, rules, seed=seed)
    pick = random.Random(seed).random
    legal_actions, apply = game.legal_actions, game.apply
    while actions := legal_actions():
        apply(actions[int(pick() * len(actions))])
    return game


def play_random_variant_game(players: int, rules: Rules, seed: int) -> Game:
    """One full game with variants: any player who may act (simultaneous bids) takes a random legal action."""
    game = Game(players, rules, seed=seed)
    pick = random.Random(seed).random
    while to_act := game.to_act:
        player = to_act[int(pick() * len(to_act))]
        actions = game.legal_actions(player)
        game.apply(actions[int(pick() * len(actions))], player=player)
    return game


VARIANT_SETS = (
    frozenset({"no-even-bids"}),
    frozenset({"hidden-bid", "saboteur", "quick"}),
    frozenset({"nannie", "hidden-bid", "gizzard-fester", "third-time", "forehead"}),
)


def games_per_second(
    players: int, edition: str, games: int, repeats: int, variants: frozenset[str] = frozenset()
) -> tuple[float, float]:
    """Best and median games per second over several repeats."""
    rules = Rules(edition, variants)
    play = play_random_variant_game if variants else play_random_game
    rates = []
    for repeat in range(repeats):
        start = time.perf_counter()
        for seed in range(repeat * games, (repeat + 1) * games):
            play(players, rules, seed)
        rates.append(games / (time.perf_counter() - start))
    return max(rates), statistics.median(rates)


def legal_plays_time(calls: int, repeats: int) -> tuple[float, float]:
    """Best and median microseconds per ``legal_plays`` call on a 15-card hand, mixed tricks."""
    rng = random.Random(1)
    cases = []
    for _ in range(200):
        cards = deck("classic")
        rng.shuffle(cards)
        hand, trick = cards[:15], cards[15 : 15 + rng.randrange(0, 6)]
        cases.append((hand, trick))

    def run() -> None:
        for hand, trick in cases:
            legal_plays(hand, trick)

    per_call = [t / len(cases) * 1e6 for t in timeit.repeat(run, number=calls // len(cases), repeat=repeats)]
    per_call = [t / (calls // len(cases)) for t in per_call]
    return min(per_call), statistics.median(per_call)


def mid_game_states(count: int) -> list[Game]:
    """States halfway through a 4-player classic game: round 8 of 15, in the middle of its play."""
    states = []
    for seed in range(count):
        game = Game(4, Rules("classic"), seed=seed)
        pick = random.Random(seed).random
        while not (game.round_number == 8 and game.hand_mask(0).bit_count() == 4):
            actions = game.legal_actions()
            game.apply(actions[int(pick() * len(actions))])
        states.append(game)
    return states


def bytes_per_state(count: int) -> float:
    """Memory allocated per mid-game state, traced while the states are built and kept."""
    Game(4, seed=0)  # build the shared lookup tables outside the measurement
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    states = mid_game_states(count)
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert len(states) == count
    return (after - before) / count


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games and repeats")
    args = parser.parse_args()
    games, repeats = (100, 3) if args.quick else (500, 5)

    Game(4, seed=0)  # the first game builds lookup tables once per process; keep that out of the timing
    print(f"Python {sys.version.split()[0]}; {games} games x {repeats} repeats per setting")
    print("full games per second, random legal play (best / median):")
    for edition in ("classic", "camelot"):
        for players in (3, 4, 5, 6):
            best, median = games_per_second(players, edition, games, repeats)
            target = "   target >= 1000" if (edition, players) == ("classic", 4) else ""
            print(f"  {edition:8} {players} players: {best:7.0f} / {median:7.0f}{target}")
    for variants in VARIANT_SETS:
        best, median = games_per_second(4, "classic", games, repeats, variants)
        print(f"  classic  4 players + {', '.join(sorted(variants))}: {best:7.0f} / {median:7.0f}")
    best, median = legal_plays_time(200_000, repeats)
    print(f"legal_plays on a 15-card hand: {best:.2f} / {median:.2f} us per call   target < 2 us")
    per_state = bytes_per_state(1000)
    kb = per_state / 1024
    print(f"memory per mid-game state (tracemalloc, 1,000 states): {kb:.1f} KB   target <= 20 KB")


if __name__ == "__main__":
    main()
