"""The organization's vocabulary: games, roles, places, chips in inventory, sites, tables, staff.

Sources: 99-01.3-08-03 (casino chips), 99-01.3-11-03.4 (paddlewheel betting chips),
99-01.3-08-05 (fill and credit slips), 99-01.3-08-14 (count team).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum

from croupier.core.chips import Chip
from croupier.core.errors import InvalidInput
from croupier.core.money import Cents
from croupier.core.names import check_identifier, check_name, check_text

# -- names and identifiers: the one validator of what a person types (``core.names``) -------

__all__ = ["check_identifier", "check_name", "check_text"]


class Game(Enum):
    """The games the books account for; the value is the slip reference (99-01.3-08-05.3.a)."""

    TWENTY_ONE = "21"
    PADDLEWHEEL = "PW"


class Role(Enum):
    """What an employee may do."""

    GAMING_MANAGER = "gaming manager"
    SHIFT_MANAGER = "shift manager"
    PIT_BOSS = "pit boss"
    DEALER = "dealer"
    WHEEL_OPERATOR = "wheel operator"
    CASHIER = "cashier"
    COUNT_TEAM_MEMBER = "count team member"
    AUDITOR = "auditor"
    INDEPENDENT_PERSON = "independent person"


class Affiliation(Enum):
    """Who a person is to the organization, for count-team independence (99-01.3-08-14.2)."""

    GAMING_EMPLOYEE = "gaming employee"
    NONGAMING_EMPLOYEE = "nongaming employee"
    INDEPENDENT_PERSON = "independent person"
    REPRESENTATIVE = "representative of a financial institution, accounting firm or security firm"


class SlipKind(Enum):
    """Fill and credit slips are separate forms (99-01.3-08-05.2)."""

    FILL = "fill"
    CREDIT = "credit"


class Counterpart(Enum):
    """Where a slip's chips come from (fill) or go to (credit) (99-01.3-08-05.1)."""

    CHIP_BANK = "chip bank"
    JAR_BAR = "jar bar"


class Token(Enum):
    """A chip in inventory: a casino chip of a value (99-01.3-08-03.1) or a paddlewheel betting
    chip, each valued at one dollar (99-01.3-11-03.4)."""

    FIFTY_CENTS = "0.50"
    ONE_DOLLAR = "1"
    TWO_DOLLARS = "2"
    FIVE_DOLLARS = "5"
    TWENTY_FIVE_DOLLARS = "25"
    ONE_HUNDRED_DOLLARS = "100"
    BETTING_CHIP = "betting"

    @property
    def cents(self) -> Cents:
        return _TOKEN_CENTS[self]

    @classmethod
    def of(cls, chip: Chip) -> Token:
        """The inventory token of a casino chip."""
        return _CHIP_TOKEN[chip]

    @classmethod
    def parse(cls, text: str) -> Token:
        """A token from its label (``"5"``, ``"0.50"``, ``"betting"``)."""
        for token in cls:
            if token.value == text.strip().lstrip("$"):
                return token
        labels = ", ".join(t.value for t in cls)
        raise InvalidInput(f"no chip {text!r}; chips are {labels}")


_TOKEN_CENTS: dict[Token, Cents] = {
    Token.FIFTY_CENTS: 50,
    Token.ONE_DOLLAR: 100,
    Token.TWO_DOLLARS: 200,
    Token.FIVE_DOLLARS: 500,
    Token.TWENTY_FIVE_DOLLARS: 2500,
    Token.ONE_HUNDRED_DOLLARS: 10000,
    Token.BETTING_CHIP: 100,
}
_CHIP_TOKEN: dict[Chip, Token] = {
    Chip.FIFTY_CENTS: Token.FIFTY_CENTS,
    Chip.ONE_DOLLAR: Token.ONE_DOLLAR,
    Chip.TWO_DOLLARS: Token.TWO_DOLLARS,
    Chip.FIVE_DOLLARS: Token.FIVE_DOLLARS,
    Chip.TWENTY_FIVE_DOLLARS: Token.TWENTY_FIVE_DOLLARS,
    Chip.ONE_HUNDRED_DOLLARS: Token.ONE_HUNDRED_DOLLARS,
}


@dataclass(frozen=True, slots=True)
class ChipLine:
    """One line of a slip or count: the quantity of chips of one value."""

    token: Token
    quantity: int

    @property
    def value(self) -> Cents:
        return self.token.cents * self.quantity


Chips = tuple[ChipLine, ...]
"""A collection of chips, one line per value, in ``Token`` order, quantities positive."""


_ORDER: dict[Token, int] = {t: i for i, t in enumerate(Token)}
"""Each chip's place in ``Token`` order (the order of a normalised chip list)."""


def chips(counts: Mapping[Token, int] | Iterable[tuple[Token, int]]) -> Chips:
    """Normalise chip counts: merge duplicates, drop zeros, refuse negatives, order by value."""
    merged: dict[Token, int] = {}
    items = counts.items() if isinstance(counts, Mapping) else counts
    for token, quantity in items:
        if quantity.__class__ is not int or quantity < 0:
            raise InvalidInput(f"chip quantity must be a non-negative integer, got {quantity!r}")
        merged[token] = merged.get(token, 0) + quantity
    return tuple(
        ChipLine(t, merged[t]) for t in sorted(merged, key=_ORDER.__getitem__) if merged[t]
    )


def chips_total(lines: Chips) -> Cents:
    """Grand total value of chips (99-01.3-08-05.3.b)."""
    return sum(line.value for line in lines)


def as_counts(lines: Chips) -> dict[Token, int]:
    return {line.token: line.quantity for line in lines}


def add_chips(a: Chips, b: Chips) -> Chips:
    return chips([*((x.token, x.quantity) for x in a), *((x.token, x.quantity) for x in b)])


def take_chips(source: Chips, taken: Chips) -> Chips | None:
    """``source`` less ``taken``; None when ``source`` does not hold them all."""
    counts = as_counts(source)
    for line in taken:
        have = counts.get(line.token, 0)
        if have < line.quantity:
            return None
        counts[line.token] = have - line.quantity
    return chips(counts)


MAX_TABLE_NUMBER = 100_000
"""The highest table number at a site: the bound of every edge (the API's too), so that a
number typed with digits too many is refused rather than kept in books that cannot drop it."""

MAX_CHIP_QUANTITY = 1_000_000
"""The most chips of one value a typed chip list may name (a guard against typing slips)."""


def parse_chips(text: str) -> Chips:
    """Parse ``"5x20,25x4,betting x10"`` (value x quantity, comma separated)."""
    pairs: list[tuple[Token, int]] = []
    for part in text.split(","):
        if not part.strip():
            continue
        label, sep, qty = part.replace("X", "x").rpartition("x")
        digits = qty.strip()
        shown = part.strip() if len(part.strip()) <= 40 else part.strip()[:37] + "..."
        if not sep or not digits.isascii() or not digits.isdigit():
            raise InvalidInput(
                f"chips must read like '5x20,25x4' (value x quantity), got {shown!r}"
            )
        if len(digits.lstrip("0")) > len(str(MAX_CHIP_QUANTITY)) or int(digits) > MAX_CHIP_QUANTITY:
            raise InvalidInput(
                f"at most {MAX_CHIP_QUANTITY:,} chips of one value in a line, got {shown!r}"
            )
        pairs.append((Token.parse(label), int(digits)))
    return chips(pairs)


def format_chips(lines: Chips) -> str:
    """Chips in the form ``parse_chips`` reads (``5x40,1x100``): ``parse_chips(format_chips(x))
    == x``. The one text form of a chip list kept outside the events (a prepared slip's draft)."""
    return ",".join(f"{x.token.value}x{x.quantity}" for x in lines)


@dataclass(frozen=True, slots=True)
class Site:
    """A place where the organization conducts games."""

    site_id: str
    name: str
    surveilled: bool
    seasonal: bool = False


@dataclass(frozen=True, slots=True)
class Table:
    """A numbered table at a site; its drop box carries the same number (99-01.3-08-02.2)."""

    site_id: str
    number: int
    game: Game

    @property
    def label(self) -> str:
        return f"{self.site_id}/{self.game.value}-{self.number}"


@dataclass(frozen=True, slots=True)
class Employee:
    """A person who works for, or counts for, the organization."""

    employee_id: str
    name: str
    initials: str
    roles: frozenset[Role]
    affiliation: Affiliation
    supervisor_id: str | None = None
    household_id: str | None = None
    relatives: tuple[str, ...] = ()

    def has(self, *roles: Role) -> bool:
        return any(role in self.roles for role in roles)
