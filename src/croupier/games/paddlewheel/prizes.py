"""The prize table of the table method (N.D. Admin. Code 99-01.3-11-06.2) and its bet spots.

Payoffs are written as the regulation writes them, relating the prize to one winning betting
chip: ``"40 to 1"`` (the chip is kept and 40 chips are paid) or ``"2 for 1"`` (the chip and one
more come back: 2 in all). Each betting chip is one dollar (-03.4) and a separate chance (-05.3).

The prize information references each differently coloured number or symbol and states each
prize payoff (-06.2): a circle's exact-number payoff is one payoff for all its numbers
(``red = "38 to 1"``) or a payoff for each of its numbers or symbols
(``red = {"1" = "38 to 1", ..., "0" = "40 to 1"}``), so two numbers of one colour may pay
differently. The odd and the even bet state their own payoffs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    ValidationError,
    ValidatorFunctionWrapHandler,
    WrapValidator,
)

from croupier.core.errors import InvalidInput, Problem
from croupier.games.paddlewheel.wheel import ODD_EVEN, Wheel

PRIZE_INFO = "99-01.3-11-06.2"
LAYOUT = "99-01.3-11-03.3.b"
NO_MERCHANDISE = "99-01.3-11-01.2"

_PAYOFF = re.compile(r"^\s*(\d+)\s+(to|for)\s+(\d+)\s*$", re.IGNORECASE | re.ASCII)


class PayoffForm(Enum):
    """``_ to _`` (winnings beside the kept chip) or ``_ for _`` (everything returned)."""

    TO = "to"
    FOR = "for"


@dataclass(frozen=True, slots=True)
class Payoff:
    """A payoff for one winning betting chip."""

    amount: int
    form: PayoffForm

    @property
    def winnings_per_chip(self) -> int:
        """Chips won beside the winning chip itself (the player's net gain per chip)."""
        return self.amount if self.form is PayoffForm.TO else self.amount - 1

    def __str__(self) -> str:
        return f"{self.amount} {self.form.value} 1"


def parse_payoff(text: str) -> Payoff:
    """``"40 to 1"`` or ``"2 for 1"``; the prize relates to one winning betting chip (-06.2)."""
    match = _PAYOFF.match(text)
    if match is None:
        raise InvalidInput(
            f"a payoff is stated as '_ to 1' or '_ for 1' dollars per betting chip, not {text!r}"
        )
    amount, form, per = int(match[1]), PayoffForm(match[2].lower()), int(match[3])
    if per != 1:
        raise InvalidInput(
            f"the payoff relates the prize to one winning betting chip: '_ {form.value} 1', "
            f"not {text!r}"
        )
    least = 1 if form is PayoffForm.TO else 2
    if amount < least:
        raise InvalidInput(f"{text!r} pays nothing; a prize must exceed the chip bet")
    return Payoff(amount, form)


class BetKind(Enum):
    """The wagers of a table layout (-03.3.b)."""

    EXACT = "exact"
    SET = "set"
    ODD = "odd"
    EVEN = "even"


@dataclass(frozen=True, slots=True)
class BetSpot:
    """One place on the layout. ``label`` names it in round files, events and settlements:
    ``"red 17"`` (exact number on the red circle), ``"set low red"``, ``"odd"``, ``"even"``."""

    kind: BetKind
    circle: int
    symbols: frozenset[str]
    label: str
    payoff: Payoff

    def wins(self, reading: tuple[str, ...], wheel: Wheel) -> bool:
        """Whether this spot wins on ``reading`` (outermost first)."""
        symbol = reading[self.circle]
        if self.kind in (BetKind.ODD, BetKind.EVEN):
            return bool(wheel.parity(symbol) == self.kind.value)
        return symbol in self.symbols


class BetSet(BaseModel):
    """A set of numbers or symbols of one circle bet as one spot, e.g. ``1-5 on red``."""

    model_config = ConfigDict(frozen=True, extra="forbid", coerce_numbers_to_str=True)

    name: str
    circle: str
    members: tuple[str, ...]
    payoff: str


def _one_payoff_or_table(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
    """A circle's exact payoff as posted: one payoff, or a payoff for each number or symbol. A
    wrong type is one problem at the colour (not one for each form tried)."""
    try:
        return handler(value)
    except ValidationError:
        raise ValueError(
            "state one payoff for the circle ('38 to 1') or a table of a payoff for each of its "
            "numbers or symbols ({'1': '38 to 1', ...})"
        ) from None


ExactPayoffs = Annotated[str | dict[str, str], WrapValidator(_one_payoff_or_table)]
"""One circle's exact-number payoffs: one for all its numbers, or one for each (-06.2)."""


class PrizeTable(BaseModel):
    """The posted payoffs: ``exact`` maps each circle colour to its exact-number payoff, one for
    the whole circle or one for each of its numbers or symbols (-06.2); ``sets`` are optional
    set bets; ``odd``/``even`` the optional odd and even bets, each with its own payoff."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    exact: dict[str, ExactPayoffs]
    sets: tuple[BetSet, ...] = ()
    odd: str | None = None
    even: str | None = None

    def problems(self, wheel: Wheel, prefix: str = "prize_table") -> list[Problem]:
        """Every way this prize table fails the wheel and the regulation."""
        out: list[Problem] = []
        for color, stated in self.exact.items():
            index = wheel.circle_named(color)
            if index is None:
                out.append(
                    Problem(f"{prefix}.exact.{color}", f"no circle is coloured {color!r}", LAYOUT)
                )
            if isinstance(stated, str):
                out.extend(_payoff_problem(f"{prefix}.exact.{color}", stated))
                continue
            for symbol, text in stated.items():
                out.extend(_payoff_problem(f"{prefix}.exact.{color}.{symbol}", text))
            if index is not None:
                out.extend(_symbol_problems(f"{prefix}.exact.{color}", stated, wheel, index))
        named = {c.strip().lower() for c in self.exact}
        for circle in wheel.circles:
            if circle.name not in named:
                out.append(
                    Problem(
                        f"{prefix}.exact",
                        f"the prize information must reference each differently coloured number "
                        f"or symbol: state the payoff of the {circle.name} circle",
                        PRIZE_INFO,
                    )
                )
        names: set[str] = set()
        for i, bet_set in enumerate(self.sets):
            where = f"{prefix}.sets[{i}]"
            if not bet_set.name.strip() or bet_set.name in names:
                out.append(Problem(f"{where}.name", "each set needs its own name", LAYOUT))
            names.add(bet_set.name)
            index = wheel.circle_named(bet_set.circle)
            if index is None:
                out.append(
                    Problem(f"{where}.circle", f"no circle is coloured {bet_set.circle!r}", LAYOUT)
                )
            else:
                missing = sorted(set(bet_set.members) - set(wheel.circles[index].sections))
                if missing:
                    out.append(
                        Problem(
                            f"{where}.members",
                            f"{missing} are not on the {wheel.circles[index].name} circle",
                            LAYOUT,
                        )
                    )
            if len(set(bet_set.members)) < 2 or len(set(bet_set.members)) != len(bet_set.members):
                out.append(
                    Problem(
                        f"{where}.members",
                        "a set holds two or more different numbers or symbols",
                        LAYOUT,
                    )
                )
            out.extend(_payoff_problem(f"{where}.payoff", bet_set.payoff))
        for name in ("odd", "even"):
            text = getattr(self, name)
            if text is None:
                continue
            if wheel.odd_even_circle is None:
                out.append(
                    Problem(
                        f"{prefix}.{name}",
                        "an odd or even bet needs a designated odd/even circle on the wheel",
                        ODD_EVEN,
                    )
                )
            out.extend(_payoff_problem(f"{prefix}.{name}", text))
        return out

    def spots(self, wheel: Wheel) -> tuple[BetSpot, ...]:
        """Every bet spot of the layout, in prize-table order: each circle's numbers outermost
        circle first, then the sets, then odd and even. The table must be valid."""
        out: list[BetSpot] = []
        for i, circle in enumerate(wheel.circles):
            for symbol in dict.fromkeys(circle.sections):
                out.append(
                    BetSpot(
                        BetKind.EXACT,
                        i,
                        frozenset({symbol}),
                        f"{circle.name} {symbol}",
                        self.exact_payoff(circle.name, symbol),
                    )
                )
        for bet_set in self.sets:
            index = wheel.circle_named(bet_set.circle)
            assert index is not None
            out.append(
                BetSpot(
                    BetKind.SET,
                    index,
                    frozenset(bet_set.members),
                    f"set {bet_set.name}",
                    parse_payoff(bet_set.payoff),
                )
            )
        if wheel.odd_even_circle is not None:
            index = wheel.circle_named(wheel.odd_even_circle)
            assert index is not None
            for kind, text in ((BetKind.ODD, self.odd), (BetKind.EVEN, self.even)):
                if text is not None:
                    out.append(BetSpot(kind, index, frozenset(), kind.value, parse_payoff(text)))
        return tuple(out)

    def exact_payoff(self, color: str, symbol: str) -> Payoff:
        """The posted payoff of an exact bet on ``symbol`` of the ``color`` circle: the circle's
        one payoff, or the payoff stated for that number or symbol (-06.2). The table must be
        valid."""
        wanted = color.strip().lower()
        for name, stated in self.exact.items():
            if name.strip().lower() != wanted:
                continue
            if isinstance(stated, str):
                return parse_payoff(stated)
            for key, text in stated.items():
                if key.strip() == symbol:
                    return parse_payoff(text)
        raise InvalidInput(f"no payoff is posted for {color} {symbol}")

    def exact_payoffs(self, color: str) -> list[tuple[tuple[str, ...], Payoff]]:
        """The exact-number payoffs of the ``color`` circle as posted: one group of numbers or
        symbols a payoff, in the order first stated (a single group with no symbols when one
        payoff covers the circle). The table must be valid."""
        wanted = color.strip().lower()
        for name, stated in self.exact.items():
            if name.strip().lower() != wanted:
                continue
            if isinstance(stated, str):
                return [((), parse_payoff(stated))]
            groups: dict[Payoff, list[str]] = {}
            for key, text in stated.items():
                groups.setdefault(parse_payoff(text), []).append(key.strip())
            return [(tuple(symbols), payoff) for payoff, symbols in groups.items()]
        return []


def _symbol_problems(field: str, stated: dict[str, str], wheel: Wheel, index: int) -> list[Problem]:
    """A payoff for each number or symbol of a circle: every one of them referenced, once, and
    nothing that is not on the circle (-06.2)."""
    circle = wheel.circles[index]
    sections = list(dict.fromkeys(circle.sections))
    keys = [k.strip() for k in stated]
    out: list[Problem] = []
    unknown = [k for k in keys if k not in sections]
    if unknown:
        out.append(
            Problem(
                field,
                f"{unknown} are not numbers or symbols of the {circle.name} circle",
                PRIZE_INFO,
            )
        )
    repeated = sorted({k for k in keys if keys.count(k) > 1})
    if repeated:
        out.append(Problem(field, f"{repeated} are given more than one payoff", PRIZE_INFO))
    missing = [s for s in sections if s not in keys]
    if missing:
        out.append(
            Problem(
                field,
                "the prize information must reference each differently coloured number or "
                f"symbol and state its payoff: none is stated for {circle.name} {missing}",
                PRIZE_INFO,
            )
        )
    return out


def _payoff_problem(field: str, text: str) -> list[Problem]:
    try:
        parse_payoff(text)
    except InvalidInput as exc:
        section = NO_MERCHANDISE if not any(ch.isdigit() for ch in text) else PRIZE_INFO
        message = str(exc)
        if section == NO_MERCHANDISE:
            message += "; the table method pays cash multiples only, no merchandise prize"
        return [Problem(field, message, section)]
    return []
