"""Casino chips of N.D. Admin. Code 99-01.3-08-03 and making change in them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.money import Cents, format_money


@dataclass(frozen=True, slots=True)
class ChipSpec:
    """The value, prescribed primary colour and edge spots of one chip value (99-01.3-08-03.3)."""

    cents: Cents
    primary_color: str
    edge_spots: str


class Chip(Enum):
    """The chip values an organization may issue (99-01.3-08-03.1)."""

    FIFTY_CENTS = ChipSpec(50, "mustard yellow", "none")
    ONE_DOLLAR = ChipSpec(100, "white", "four solid edge spots")
    TWO_DOLLARS = ChipSpec(200, "pink", "four split edge spots")
    FIVE_DOLLARS = ChipSpec(500, "red", "six solid edge spots")
    TWENTY_FIVE_DOLLARS = ChipSpec(2500, "green", "eight or three white solid edge spots")
    ONE_HUNDRED_DOLLARS = ChipSpec(10000, "black", "four white triple split edge spots")

    @property
    def cents(self) -> Cents:
        return self.value.cents

    @classmethod
    def from_cents(cls, cents: Cents) -> Chip:
        for chip in cls:
            if chip.cents == cents:
                return chip
        allowed = ", ".join(format_money(c.cents) for c in cls)
        raise InvalidInput(
            f"no casino chip of value {format_money(cents)}; chips are issued in {allowed} "
            "(99-01.3-08-03.1)"
        )

    def __str__(self) -> str:
        return format_money(self.cents)


CHIPS_HIGH_TO_LOW: tuple[Chip, ...] = tuple(sorted(Chip, key=lambda c: -c.cents))


def chips_value(chips: Mapping[Chip, int]) -> Cents:
    """Total value of a collection of chips."""
    total = 0
    for chip, count in chips.items():
        if count < 0:
            raise InvalidInput(f"negative chip count {count} for {chip}")
        total += chip.cents * count
    return total


def make_change(amount: Cents, available: Mapping[Chip, int] | None = None) -> dict[Chip, int]:
    """The fewest chips worth exactly ``amount``, drawn from ``available`` (unlimited if None).

    Raises ``RuleViolation`` (99-01.3-08-03.1: wagers and tips are made with chips) when the
    amount cannot be made from the chips at hand, for example an amount that is not a multiple
    of fifty cents.
    """
    if amount < 0:
        raise InvalidInput(f"cannot make change for a negative amount {format_money(amount)}")
    # Chip values 50, 100, 200, 500, 2500, 10000: with unlimited chips greedy is optimal, but a
    # limited tray needs a search. A small dynamic programme over 50-cent units is exact.
    unit = 50
    if amount % unit:
        raise RuleViolation(
            f"{format_money(amount)} cannot be paid in casino chips; the smallest chip is $0.50",
            "99-01.3-08-03.1",
        )
    if available is None:
        result: dict[Chip, int] = {}
        rest = amount
        for chip in CHIPS_HIGH_TO_LOW:
            count, rest = divmod(rest, chip.cents)
            if count:
                result[chip] = count
        return result
    held = sum(chip.cents * count for chip, count in available.items() if count > 0)
    if amount > held:  # before the search, which is as long as the amount (an audit: $1M, 3 s)
        raise RuleViolation(
            f"the chips available ({format_money(held)}) cannot make {format_money(amount)}",
            "99-01.3-08-03.1",
        )
    target = amount // unit
    # Bounded knapsack, minimising the number of chips: each chip count is split into binary
    # bundles (1, 2, 4, ...) so that every count up to the available one can be formed.
    bundles: list[tuple[Chip, int]] = []
    for chip, count in sorted(available.items(), key=lambda item: -item[0].cents):
        size = 1
        while count > 0:
            take = min(size, count)
            bundles.append((chip, take))
            count -= take
            size *= 2
    impossible = 1 << 60
    best = [0] + [impossible] * target
    used: list[bytearray] = []
    for chip, take in bundles:
        weight = chip.cents // unit * take
        row = bytearray(target + 1)
        for value in range(target, weight - 1, -1):
            candidate = best[value - weight] + take
            if candidate < best[value]:
                best[value] = candidate
                row[value] = 1
        used.append(row)
    if best[target] >= impossible:
        raise RuleViolation(
            f"the chips available cannot make exactly {format_money(amount)}",
            "99-01.3-08-03.1",
        )
    picked: dict[Chip, int] = {}
    value = target
    for index in range(len(bundles) - 1, -1, -1):
        if used[index][value]:
            chip, take = bundles[index]
            picked[chip] = picked.get(chip, 0) + take
            value -= chip.cents // unit * take
    return picked
