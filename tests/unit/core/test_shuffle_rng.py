"""Fisher-Yates over injected RNGs: permutations, reproducibility, uniformity."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.core.rng import LiveRng, Rng, SeededRng
from croupier.core.shuffle import fisher_yates


@given(st.lists(st.integers(), max_size=60), st.integers(min_value=0, max_value=2**32))
def test_every_shuffle_is_a_permutation(items: list[int], seed: int) -> None:
    out = fisher_yates(items, SeededRng(seed))
    assert sorted(out) == sorted(items)


def test_shuffle_does_not_change_its_input() -> None:
    items = list(range(10))
    fisher_yates(items, SeededRng(1))
    assert items == list(range(10))


@given(st.integers(min_value=0, max_value=2**32))
@settings(max_examples=25)
def test_seeded_shuffles_are_reproducible(seed: int) -> None:
    deck = list(range(52))
    assert fisher_yates(deck, SeededRng(seed)) == fisher_yates(deck, SeededRng(seed))


def test_spawned_streams_differ_and_reproduce() -> None:
    a1, b1 = SeededRng(7).spawn(2)
    a2, _ = SeededRng(7).spawn(2)
    seq_a1 = [a1.randbelow(1000) for _ in range(20)]
    seq_b1 = [b1.randbelow(1000) for _ in range(20)]
    assert seq_a1 == [a2.randbelow(1000) for _ in range(20)]
    assert seq_a1 != seq_b1


def test_live_rng_is_an_rng_and_in_range() -> None:
    rng: Rng = LiveRng()
    assert isinstance(rng, Rng)
    assert all(0 <= rng.randbelow(3) < 3 for _ in range(200))
    with pytest.raises(ValueError, match="positive"):
        rng.randbelow(0)


# Chi-square critical values at p = 0.001 (standard tables): df 5 -> 20.515, df 23 -> 49.728.
@pytest.mark.parametrize(("size", "critical"), [(3, 20.515), (4, 49.728)])
def test_shuffle_is_uniform_chi_square(size: int, critical: float) -> None:
    rng = SeededRng(20261123 + size)
    trials = 24_000
    counts = Counter(tuple(fisher_yates(range(size), rng)) for _ in range(trials))
    perms = list(itertools.permutations(range(size)))
    assert set(counts) == set(perms)
    expected = trials / len(perms)
    chi2 = sum((counts[p] - expected) ** 2 / expected for p in perms)
    assert chi2 < critical
