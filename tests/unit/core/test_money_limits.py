"""Money typed by a person has limits: absurd amounts and negative quantities are refused."""

from __future__ import annotations

import pytest

from croupier.core.errors import InvalidInput
from croupier.core.money import MAX_DOLLAR_DIGITS, parse_amount, parse_money


def test_twelve_digits_of_dollars_is_the_largest_amount() -> None:
    assert MAX_DOLLAR_DIGITS == 12
    assert parse_money("999,999,999,999.99") == 99_999_999_999_999


@pytest.mark.parametrize("text", ["1000000000000", "$12345678901234567890123456", "9" * 5000])
def test_more_than_twelve_digits_of_dollars_is_refused(text: str) -> None:
    with pytest.raises(InvalidInput, match="too large"):
        parse_money(text)


def test_leading_zeros_do_not_count_as_digits() -> None:
    assert parse_money("0000000000000012.50") == 1250


def test_the_label_names_the_amount() -> None:
    with pytest.raises(InvalidInput, match=r"^wager: not a money amount"):
        parse_money("twelve", what="wager")


def test_parse_money_still_takes_a_negative_amount() -> None:
    assert parse_money("-3.00") == -300


def test_parse_amount_refuses_a_negative_quantity() -> None:
    with pytest.raises(InvalidInput, match="bankroll cannot be negative"):
        parse_amount("-$5", "bankroll")


@pytest.mark.parametrize("text", ["", "   "])
def test_parse_amount_says_what_is_missing(text: str) -> None:
    with pytest.raises(InvalidInput, match="^wager is missing$"):
        parse_amount(text, "wager")


def test_parse_amount_of_dollars_and_cents() -> None:
    assert parse_amount("$1,250.05", "buy-in") == 125_005


@pytest.mark.parametrize(
    "typed",
    ["$٢٠٠", "$۲۰۰", "$２００", "२००", "$2٠0"],
    ids=["arabic-indic", "extended-arabic-indic", "full-width", "devanagari", "mixed"],
)
def test_money_is_typed_with_ascii_digits_only(typed: str) -> None:
    """Issue 30: '$٢٠٠' was read as $200 while full-width digits were refused; a person at a
    cage types 0-9, and any other digit is refused alike (one line, nothing recorded)."""
    with pytest.raises(InvalidInput, match="not a money amount"):
        parse_money(typed)
    assert parse_money("$200") == 200_00
