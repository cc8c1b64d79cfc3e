"""Scoring: the rulebook's worked examples and the formula."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizard_core import round_score


@pytest.mark.parametrize(
    ("example", "bid", "tricks", "points"),
    [
        ("Hand One, Paul", 0, 0, 20),
        ("Hand One, Thomas", 1, 0, -10),
        ("Hand One, Marie", 1, 1, 30),
        ("Hand Five, Thomas", 2, 1, -10),
        ("Hand Five, Marie", 0, 0, 20),
        ("Hand Five, Paul", 3, 1, -20),
        ("Hand Twenty, Marie", 11, 11, 130),
        ("Hand Twenty, Paul", 10, 9, -10),
        ("Hand Twenty, Thomas", 0, 0, 20),
    ],
)
def test_camelot_rulebook_scoring_examples(example: str, bid: int, tricks: int, points: int) -> None:
    assert round_score(bid, tricks) == points


@given(st.integers(0, 20), st.integers(0, 20))
def test_score_formula(bid: int, tricks: int) -> None:
    score = round_score(bid, tricks)
    if bid == tricks:
        assert score == 20 + 10 * tricks
    else:
        assert score == -10 * abs(bid - tricks) < 0


def test_negative_numbers_are_refused() -> None:
    with pytest.raises(ValueError):
        round_score(-1, 0)
