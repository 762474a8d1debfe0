"""Money in int cents; casino chips of 99-01.3-08-03."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.core.chips import Chip, chips_value, make_change
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.money import format_money, parse_money


@pytest.mark.parametrize(
    ("text", "cents"),
    [
        ("$12.50", 1250),
        ("12.50", 1250),
        ("12", 1200),
        ("$0.50", 50),
        ("1,250.00", 125000),
        ("$3.5", 350),
        ("-$3.00", -300),
        (" $7 ", 700),
    ],
)
def test_parse_money(text: str, cents: int) -> None:
    assert parse_money(text) == cents


@pytest.mark.parametrize("text", ["", "$", "12.505", "abc", "1,25", "$1.2.3", "12,50"])
def test_parse_money_refuses(text: str) -> None:
    with pytest.raises(InvalidInput):
        parse_money(text)


def test_format_money() -> None:
    assert format_money(1250) == "$12.50"
    assert format_money(5) == "$0.05"
    assert format_money(-300) == "-$3.00"
    assert format_money(123456789) == "$1,234,567.89"


@given(st.integers(min_value=-(10**9), max_value=10**9))
def test_money_round_trip(cents: int) -> None:
    assert parse_money(format_money(cents)) == cents


def test_format_money_refuses_floats() -> None:
    with pytest.raises(InvalidInput):
        format_money(12.5)  # type: ignore[arg-type]


def test_99_01_3_08_03_1_chip_values() -> None:
    assert sorted(c.cents for c in Chip) == [50, 100, 200, 500, 2500, 10000]


@pytest.mark.parametrize(
    ("chip", "color", "spots"),
    [
        (Chip.FIFTY_CENTS, "mustard yellow", "none"),
        (Chip.ONE_DOLLAR, "white", "four solid"),
        (Chip.TWO_DOLLARS, "pink", "four split"),
        (Chip.FIVE_DOLLARS, "red", "six solid"),
        (Chip.TWENTY_FIVE_DOLLARS, "green", "white solid"),
        (Chip.ONE_HUNDRED_DOLLARS, "black", "triple split"),
    ],
)
def test_99_01_3_08_03_3_primary_colors_and_edge_spots(chip: Chip, color: str, spots: str) -> None:
    assert chip.value.primary_color == color
    assert spots in chip.value.edge_spots


def test_99_01_3_08_03_1_no_three_dollar_chip() -> None:
    with pytest.raises(InvalidInput, match="99-01.3-08-03.1"):
        Chip.from_cents(300)


def test_make_change_unlimited_is_fewest_chips() -> None:
    # $17.50 = 5+5+5+2+0.50 (five chips) by hand
    assert make_change(1750) == {Chip.FIVE_DOLLARS: 3, Chip.TWO_DOLLARS: 1, Chip.FIFTY_CENTS: 1}


def test_make_change_from_a_limited_tray() -> None:
    tray = {Chip.FIVE_DOLLARS: 2, Chip.ONE_DOLLAR: 10, Chip.FIFTY_CENTS: 1}
    change = make_change(1750, tray)
    assert chips_value(change) == 1750
    assert all(change[c] <= tray[c] for c in change)
    # by hand: two fives, seven ones and the fifty-cent chip is the only way with no twos
    assert change == {Chip.FIVE_DOLLARS: 2, Chip.ONE_DOLLAR: 7, Chip.FIFTY_CENTS: 1}


def test_make_change_refuses_what_chips_cannot_pay() -> None:
    with pytest.raises(RuleViolation, match="99-01.3-08-03.1"):
        make_change(125)
    with pytest.raises(RuleViolation, match="cannot make exactly"):
        make_change(300, {Chip.FIVE_DOLLARS: 4})


@given(
    st.integers(min_value=0, max_value=400).map(lambda n: n * 50),
    st.dictionaries(st.sampled_from(list(Chip)), st.integers(min_value=0, max_value=12)),
)
def test_make_change_is_exact_and_within_the_tray(amount: int, tray: dict[Chip, int]) -> None:
    try:
        change = make_change(amount, tray)
    except RuleViolation:
        return
    assert chips_value(change) == amount
    assert all(0 < change[c] <= tray.get(c, 0) for c in change)


def test_format_money_remembers_amounts_but_still_refuses_what_is_not_cents() -> None:
    """Formatted amounts are kept (a live table formats the same wagers hundreds of times a
    command); a bool equals 1 or 0 as a key, and must still be refused, not read from there."""
    assert format_money(1) == "$0.01"
    assert format_money(0) == "$0.00"
    assert format_money(1) == "$0.01"
    for bad in (True, False, 1.0, "1"):
        with pytest.raises(InvalidInput, match="money must be an int"):
            format_money(bad)  # type: ignore[arg-type]
    assert format_money(123_456_789) == "$1,234,567.89"
    assert format_money(-123_456_789) == "-$1,234,567.89"
