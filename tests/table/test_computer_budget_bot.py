"""The bot's computer decisions are reproducible (issue 14): each is seeded from the game's seed, the seat
and the game's version, so replaying a game (after a restart too) replays its computers' moves, and a
decision cut short by the wall-time cap still plays a legal action."""

from __future__ import annotations

import logging

import pytest

from cogs.table import computers
from cogs.table.driver import ComputerDriver
from cogs.table.model import Occupant, Table
from wizard_core import Game, Phase, Rules
from wizard_core.ai import Level, deliberate

# Far above any decision's time: no decision in these tests is cut short, so all are reproducible.
NO_CAP_MS = 60_000.0
LEVELS: list[Level] = ["hard", "medium", "easy"]


def computer_table(game: Game) -> Table:
    """A table of computers around ``game``, one level per seat."""
    seats = [Occupant(-1 - seat, f"Computer {seat}", computer=level) for seat, level in enumerate(LEVELS)]
    return Table(1, 10, 20, 30, game.rules, "playing", seats, game=game)


async def play(table: Table, driver: ComputerDriver, rounds: int) -> None:
    """Let the driver decide every move, as the bot does, until ``rounds`` rounds are over."""
    game = table.running
    while not game.is_over and game.round_number <= rounds:
        seat = game.to_act[0]
        game.apply(await driver.decide(table, seat, game.view(seat)), player=seat)


def driver(budget_ms: float = NO_CAP_MS) -> ComputerDriver:
    """A driver whose decisions the tests apply themselves (it never drives a table here)."""
    return ComputerDriver(lambda: False, delay=0, budget_ms=budget_ms)


def test_a_decision_seed_is_fixed_by_the_game_seed_the_seat_and_the_version() -> None:
    seed = computers.decision_seed(123, 2, 40)
    assert seed == computers.decision_seed(123, 2, 40)
    assert 0 <= seed < 2**64
    others = {
        computers.decision_seed(*key) for key in [(124, 2, 40), (123, 1, 40), (123, 2, 41), (40, 2, 123)]
    }
    assert seed not in others and len(others) == 4
    # Not the game's seed itself: a decision's generator must not replay the deals' generator.
    assert computers.decision_seed(7, 0, 0) != 7


async def test_think_gives_the_same_action_for_the_same_view_and_seed() -> None:
    game = Game(4, Rules("classic"), seed=8)
    while game.round_number < 7 or game.phase is not Phase.PLAY:
        game.apply(game.legal_actions()[0])
    view = game.view(game.to_act[0])
    seed = computers.decision_seed(game.seed, view.player, game.version)
    for level in LEVELS:
        first = (await computers.think(view, level, NO_CAP_MS, seed=seed)).action
        assert (await computers.think(view, level, NO_CAP_MS, seed=seed)).action == first
        assert first == deliberate(view, level, seed=seed, cap_ms=None).action


async def test_replaying_a_game_replays_its_computers_decisions() -> None:
    first, second = Game(3, Rules("camelot"), seed=99), Game(3, Rules("camelot"), seed=99)
    await play(computer_table(first), driver(), rounds=3)
    await play(computer_table(second), driver(), rounds=3)
    assert first.to_json() == second.to_json()


async def test_a_restored_game_makes_the_decision_it_would_have_made() -> None:
    """A restart while a computer was to move: the game restored from its save makes the same move.

    (A restored game deals its later rounds from a generator of its own, so the comparison stops at the
    round under way.)
    """
    game = Game(3, Rules("classic"), seed=5)
    table = computer_table(game)
    await play(table, driver(), rounds=2)
    moves = []
    while game.round_number == 3:
        seat = game.to_act[0]
        restored = Game.from_json(game.to_json())
        assert restored.view(seat) == game.view(seat)
        action = await driver().decide(table, seat, game.view(seat))
        assert await driver().decide(computer_table(restored), seat, restored.view(seat)) == action
        game.apply(action, player=seat)
        moves.append(action)
    assert len(moves) >= 3 + 9  # the bids and the nine cards


async def test_a_capped_decision_plays_a_legal_action_and_says_so_once(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = Game(4, Rules("classic"), seed=3)
    while game.round_number < 12 or game.phase is not Phase.PLAY:
        game.apply(game.legal_actions()[0])
    table = Table(
        1, 10, 20, 30, game.rules, "playing", [Occupant(-1 - s, "C", computer="hard") for s in range(4)]
    )
    table.game = game
    monkeypatch.setattr(computers, "_capped_before", False)
    with caplog.at_level(logging.DEBUG, logger="cogs.table.computers"):
        for _ in range(2):
            seat = game.to_act[0]
            view = game.view(seat)
            action = await driver(budget_ms=0).decide(table, seat, view)
            assert action in view.legal_actions
            game.apply(action, player=seat)
    capped = [record for record in caplog.records if "cap" in record.getMessage()]
    assert [record.levelno for record in capped] == [logging.WARNING, logging.DEBUG]
    assert "WIZARD_COMPUTER_BUDGET_MS" in capped[0].getMessage()
