"""The command-line equity path: numpy enumeration and cached tables (no numba start-up)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from croupier.core.cards import parse_cards
from croupier.eval import equity_kernels, equity_vector, scale
from croupier.eval import tables as t
from croupier.service.analysis import equity as service


def test_hand_classes_written_out_are_the_classified_ones() -> None:
    assert scale.ENCODED_BY_VALUE[1:] == tuple(scale.classes_by_classification())
    assert scale.HAND_CLASSES == 7462


def test_subset_sums_are_the_sums_of_every_subset_in_order() -> None:
    values = np.array([1, 10, 100, 1000, 10000], dtype=np.int64)
    assert equity_vector.subset_sums(values, 3).tolist() == [
        111, 1011, 10011, 1101, 10101, 11001, 1110, 10110, 11010, 11100,
    ]  # fmt: skip
    assert equity_vector.subset_sums(values, 0).tolist() == [0]


@pytest.mark.parametrize(
    ("hands", "board"),
    [
        (["AhKh", "QsQd"], ""),
        (["AsAh", "KsKh", "7c2d"], "2c7d"),
        (["AhKh", "QhJh", "Td9d", "8s8c"], "Th9h2d"),
    ],
)
def test_numpy_enumeration_equals_the_numba_kernel(hands: list[str], board: str) -> None:
    players = [parse_cards(h) for h in hands]
    known = parse_cards(board)
    tab = t.tables()
    card_pack = np.array([1 << (16 * (c & 3) + (c >> 2)) for c in range(52)], dtype=np.int64)
    used = {c.index for h in players for c in h} | {c.index for c in known}
    deck = np.array([i for i in range(52) if i not in used], dtype=np.int64)
    hole_key = np.array([sum(int(tab.card_key[c.index]) for c in h) for h in players])
    hole_pack = np.array([sum(int(card_pack[c.index]) for c in h) for h in players])
    base_key = t.SUIT_OFFSET + sum(int(tab.card_key[c.index]) for c in known)
    base_pack = sum(int(card_pack[c.index]) for c in known)
    denom = 24
    args = (deck, 5 - len(known), base_key, base_pack, hole_key, hole_pack, tab.card_key)
    ours = equity_vector.holdem_enumerate(*args, card_pack, denom, tab)
    theirs = equity_kernels.holdem_enumerate(
        *args, card_pack, denom, tab.lo_index, tab.hi_offset, tab.rank_value, tab.flush_value
    )
    assert ours.tolist() == theirs.tolist()


def test_tables_cache_round_trip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CROUPIER_CACHE_DIR", str(tmp_path))
    built = t.tables()
    monkeypatch.setattr(t, "_TABLES", [])
    assert service.prepare_tables() == "built"
    assert service.tables_cache_path().exists()
    monkeypatch.setattr(t, "_TABLES", [])
    assert service.prepare_tables() == "cached"
    for name, array in built.arrays().items():
        assert np.array_equal(getattr(t.tables(), name), array), name


def test_a_damaged_tables_cache_is_rebuilt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CROUPIER_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(t, "_TABLES", [])
    path = service.tables_cache_path()
    path.write_bytes(b"not an npz")
    assert service.prepare_tables() == "built"


def test_a_tampered_table_copy_is_refused() -> None:
    arrays = dict(t.tables().arrays())
    arrays["rank_value"] = arrays["rank_value"].copy()
    arrays["rank_value"][0] = 9999
    with pytest.raises(ValueError, match="above 7462"):
        t.use_tables(arrays)
    assert t.tables().rank_value[0] != 9999
