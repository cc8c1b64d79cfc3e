"""The search of the hard level (issue 30): its options race on shared deals and the ones surely worse, or
surely worth the same, leave the race; the greedy policy's memo changes no playout; bids are chosen by
their expected score; every decision is legal and a function of the view and the seed."""

from __future__ import annotations

import random
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_computer_budget import random_view

from wizard_core import Game, Phase, Rules
from wizard_core.actions import BID_BASE
from wizard_core.ai import LEVELS, Knowledge, Level, deliberate
from wizard_core.ai import search as search_module
from wizard_core.ai.search import Estimate
from wizard_core.ai.sim import PolicyMemo, TrickState, play_out

RULE_SETS = (
    Rules("classic"),
    Rules("camelot"),
    Rules("classic", frozenset({"hidden-bid", "gizzard-fester"})),
    Rules("camelot", frozenset({"nannie", "canadian"})),
    Rules("classic", frozenset({"saboteur", "third-time"})),
)


# -- racing ----------------------------------------------------------------------------------------------


def test_options_worth_the_same_on_every_deal_leave_the_race_at_the_first_look() -> None:
    estimate = Estimate([3, 1, 2])
    for _ in range(search_module._FIRST_LOOK):
        estimate.add(1.0, [10.0, 10.0, 10.0])
    assert estimate.live == [3]  # the first of equals leads, and the others are worth the same
    assert estimate.best() == 3


def test_a_surely_worse_option_leaves_and_a_close_one_stays() -> None:
    rng = random.Random(1)
    estimate = Estimate([0, 1, 2])
    for _ in range(search_module._FIRST_LOOK):
        luck = rng.choice((-20.0, 0.0, 30.0))  # the deal's luck, shared by every option
        noise = rng.choice((-10.0, 10.0))  # where the two close options part
        points = {0: luck + 30, 1: luck + noise, 2: luck + 30 - noise}
        estimate.add(1.0, [points[option] for option in estimate.live])
    assert estimate.live == [0, 2]
    assert estimate.best() in (0, 2)
    assert estimate.totals[1] < estimate.totals[0]  # a dropped option keeps what it had


@settings(max_examples=200, deadline=None)
@given(
    rows=st.lists(
        st.tuples(
            st.floats(0.01, 1.0),
            st.lists(st.sampled_from((-30.0, -10.0, 0.0, 20.0, 40.0)), min_size=4, max_size=4),
        ),
        min_size=1,
        max_size=80,
    )
)
def test_the_leader_never_leaves_the_race(rows: list[tuple[float, list[float]]]) -> None:
    estimate = Estimate([10, 11, 12, 13])
    for weight, points in rows:
        live = estimate.live
        best_before = estimate.best()
        estimate.add(weight, [points[option - 10] for option in live])
        assert estimate.live and set(estimate.live) <= set(live)
        assert estimate.best() in estimate.live
        if len(estimate.live) < len(live):  # a look was taken: the leader of that moment stayed
            leader = max(live, key=estimate.totals.__getitem__)
            assert leader in estimate.live
        assert best_before in live
    # Every option still in the race has a value for every sample.
    assert all(len(estimate.values[option]) == estimate.samples for option in estimate.live)


# -- the greedy policy's memo ------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(3, 6),
    rules=st.sampled_from(RULE_SETS[:2]),
    moves=st.integers(0, 300),
)
def test_the_policy_memo_changes_no_playout(seed: int, players: int, rules: Rules, moves: int) -> None:
    view = random_view(seed, players, rules, moves)
    if view is None or view.phase is not Phase.PLAY:
        return
    know = Knowledge(view)
    rng = random.Random(seed)
    state = TrickState(know.leader, know.trick, know.trump, know.tricks, know.null, know.remaining_tricks())
    bids = [0 if bid is None else bid for bid in know.bids]
    memo: PolicyMemo = {}
    for _ in range(6):
        hands = know.sample(rng)
        shared = play_out(hands.copy(), bids, know.trump, state, memo=memo)
        assert shared == play_out(hands.copy(), bids, know.trump, state)
    assert memo


# -- bids by expected score, legal decisions -----------------------------------------------------------------


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(3, 6),
    rules=st.sampled_from(RULE_SETS[:2]),
    level=st.sampled_from(("medium", "hard")),
)
def test_the_bid_is_the_one_with_the_best_expected_score(
    seed: int, players: int, rules: Rules, level: Level
) -> None:
    game = Game(players, rules, seed=seed)
    while game.phase is not Phase.BID or game.round_number < 3:
        game.apply(game.legal_actions()[0])
    view = game.view(game.to_act[0])
    seen: list[Estimate] = []
    real = search_module.bid_values

    def watched(*args: object, **kwargs: object) -> Estimate:
        estimate = real(*args, **kwargs)  # type: ignore[arg-type]
        seen.append(estimate)
        return estimate

    with mock.patch("wizard_core.ai.players.bid_values", watched):
        decision = deliberate(view, level, seed=seed, work=6_000, cap_ms=None)
    assert len(seen) == 1
    estimate = seen[0]
    bid = decision.action - BID_BASE
    assert bid in estimate.live
    # Its mean points are the highest of the bids still in the race, all of them measured on the same
    # deals; not the bid nearest the tricks the hand expects.
    assert all(estimate.totals[bid] >= estimate.totals[other] for other in estimate.live)
    assert decision.samples == estimate.samples <= decision.planned


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(3, 6),
    rules=st.sampled_from(RULE_SETS),
    moves=st.integers(0, 400),
    level=st.sampled_from(LEVELS),
)
def test_every_decision_at_the_default_work_is_legal_and_repeatable(
    seed: int, players: int, rules: Rules, moves: int, level: Level
) -> None:
    try:
        view = random_view(seed, players, rules, moves)
    except ValueError:  # a combination of variants this many players cannot play
        return
    if view is None:
        return
    decision = deliberate(view, level, seed=seed, cap_ms=None)
    assert decision.action in view.legal_actions
    assert not decision.capped and decision.samples <= decision.planned
    assert deliberate(view, level, seed=seed, cap_ms=None) == decision
