"""Balancing (-09-05.2) and the seat draw (-09-05.3) as properties of the seating functions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.tournaments.seating import balance, seat_cards, tables_needed


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 11), min_size=1, max_size=12), st.sampled_from([7, 9, 11]))
def test_99_01_3_09_05_2_balance_is_as_even_as_possible(sizes: list[int], seats: int) -> None:
    tables = {
        t: {s: f"t{t}s{s}" for s in range(1, min(n, seats) + 1)} for t, n in enumerate(sizes, 1)
    }
    total = sum(len(s) for s in tables.values())
    broken, moves = balance(tables, seats)
    for m in moves:
        seat = tables[m.from_table].pop(m.from_seat)
        assert seat == m.player
        assert m.to_seat not in tables[m.to_table]
        tables[m.to_table][m.to_seat] = m.player
    for t in broken:
        assert not tables.get(t)
    left = [len(s) for s in tables.values() if s]
    assert sum(left) == total
    assert len(left) == tables_needed(total, seats)
    assert all(n <= seats for n in left)
    if left:
        assert max(left) - min(left) <= 1


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 1000), min_size=1, max_size=60))
def test_99_01_3_09_05_3_draws_fill_the_least_filled_tables(picks: list[int]) -> None:
    tables: dict[int, dict[int, str]] = {}
    for i, pick in enumerate(picks):
        cards = seat_cards(tables, 11)
        table, seat = cards[pick % len(cards)]
        tables.setdefault(table, {})[seat] = f"p{i}"
        sizes = [len(s) for s in tables.values()]
        assert max(sizes) <= 11
        assert len(tables) == tables_needed(i + 1, 11)
