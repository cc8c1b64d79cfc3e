"""Which process is a table's home: the shard specs processes write, and Discord's shard of a server."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot import shard_ranges
from cogs.cluster.home import HOME, parse_shards, shard_of
from cogs.cluster.service import ALIVE, ASK_ALIVE, TAKEN
from cogs.utils import config
from cogs.utils.config import SettingsError


@given(
    st.integers(1, 64).flatmap(
        lambda count: st.tuples(st.sets(st.integers(0, count - 1), min_size=1), st.just(count))
    )
)
def test_a_process_s_shard_spec_reads_back_as_its_shards(shards: tuple[set[int], int]) -> None:
    ids, count = shards
    assert parse_shards(f"{shard_ranges(sorted(ids))} of {count}") == (frozenset(ids), count)


def test_specs_that_name_no_shards_are_not_homes() -> None:
    for spec in ("all", "", "0-1", "0-1 of", "x of 2", "1- of 2", "0,,1 of 2"):
        assert parse_shards(spec) is None, spec


def test_a_server_s_shard_is_discords() -> None:
    # Discord's formula: the server id's timestamp bits, modulo the shard count.
    # A server id is a timestamp above 22 low bits (worker, process, increment), which play no part.
    assert [shard_of(n << 22, 4) for n in range(6)] == [0, 1, 2, 3, 0, 1]
    assert shard_of((5 << 22) | 0x3FFFFF, 4) == 1
    assert shard_of(41771983423143937, 1) == 0


def test_the_words_processes_tell_each_other_are_no_process_s_name() -> None:
    """A NOTIFY's first line is a kind ("taken", "home", …) or a process's name: a process named like a
    kind would never be handed its interactions."""
    assert frozenset({TAKEN, ASK_ALIVE, ALIVE, HOME}) == config._RESERVED_PROCESS_NAMES
    for name in sorted(config._RESERVED_PROCESS_NAMES):
        with pytest.raises(SettingsError):
            config._parse_process_name(f" {name} ", "WIZARD_PROCESS_NAME")
    assert config._parse_process_name(" homer ", "WIZARD_PROCESS_NAME") == "homer"
