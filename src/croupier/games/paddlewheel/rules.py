"""House rules of both paddlewheel methods (N.D. Admin. Code 99-01.3-11-01), frozen and validated.

``rules_from_dict`` reads ``{"method": "table", ...}`` (-03 to -06) or
``{"method": "ticket-card", ...}`` (-02) and raises ``ConfigError`` listing every problem at once.
Money is int cents.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from croupier.core.errors import ConfigError, Problem
from croupier.core.money import format_money
from croupier.games.config import validate_rules
from croupier.games.paddlewheel.prizes import BetSpot, PrizeTable
from croupier.games.paddlewheel.wheel import Wheel

DOLLAR = 100
MAX_BET_PER_SPIN = 20 * DOLLAR
MAX_TICKET_PRICE = 2 * DOLLAR
MAX_TICKET_PRIZE = 100 * DOLLAR
MAX_CLAIM_MINUTES = 60
MUSTARD_YELLOW = "mustard yellow"

BET_LIMIT = "99-01.3-11-05.3"
PLAYERS = "99-01.3-11-05.1"
CHIPS = "99-01.3-11-03.4"
EMPLOYEES = "99-01.3-11-04.2"
SURVEILLANCE = "99-01.3-11-03.5"
PAYOUT_ORDER = "99-01.3-11-05.5"
FLARE = "99-01.3-11-02.1"
PRICE = "99-01.3-11-02.2"
PRIZE = "99-01.3-11-02.4"
CLAIM = "99-01.3-11-02.6.d"
TICKET_LIMIT = "99-01.3-11-02.6.a"
WINNER = "99-01.3-11-02.3"

DEFAULT_CHIP_COLORS = ("red", "blue", "green", "purple", "orange", "black", "brown", "grey")


def person_key(name: str) -> str:
    """One person's name as the $20 a spin counts it (-02.6.a, -05.3): case and spacing aside,
    so "Ann" at one seat and "ann" at another are one player."""
    return " ".join(name.split()).casefold()


class TableRules(BaseModel):
    """A paddlewheel table of the table method (-01.2, -03 to -06)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    method: Literal["table"] = "table"
    wheel: Wheel
    prize_table: PrizeTable
    maximum_bet_per_spin: int = MAX_BET_PER_SPIN
    minimum_players: int = 1
    maximum_players: int = 8
    several_chips_on_one_spot: bool = True
    betting_chip_colors: tuple[str, ...] = DEFAULT_CHIP_COLORS
    payout_order: tuple[str, ...] | None = None
    employees_on_duty: int = 2
    video_surveillance: bool = True
    tip_bets: bool = False

    def spots(self) -> tuple[BetSpot, ...]:
        """The layout's bet spots in the order winning bets are paid: most accessible first
        (``payout_order`` lists the most accessible spots; the rest follow in prize-table order)."""
        spots = self.prize_table.spots(self.wheel)
        if not self.payout_order:
            return spots
        rank = {label: i for i, label in enumerate(self.payout_order)}
        return tuple(sorted(spots, key=lambda s: rank.get(s.label, len(rank))))

    def problems(self) -> list[Problem]:
        out = self.wheel.problems(table_method=True)
        prize_problems = self.prize_table.problems(self.wheel)
        out.extend(prize_problems)
        limit = self.maximum_bet_per_spin
        if limit % DOLLAR or not DOLLAR <= limit <= MAX_BET_PER_SPIN:
            out.append(
                Problem(
                    "maximum_bet_per_spin",
                    "a player's limit a spin is whole dollars from $1 up to $20, not "
                    f"{format_money(limit)}",
                    BET_LIMIT,
                )
            )
        if self.minimum_players < 1:
            out.append(Problem("minimum_players", "at least one player", PLAYERS))
        if self.maximum_players < max(1, self.minimum_players):
            out.append(
                Problem(
                    "maximum_players", "must be at least the minimum number of players", PLAYERS
                )
            )
        colors = [c.strip().lower() for c in self.betting_chip_colors]
        if MUSTARD_YELLOW in colors:
            out.append(
                Problem(
                    "betting_chip_colors",
                    "no betting chip can be the primary color of mustard yellow",
                    CHIPS,
                )
            )
        if len(set(colors)) != len(colors) or any(not c for c in colors):
            out.append(
                Problem(
                    "betting_chip_colors", "each set of betting chips needs its own colour", CHIPS
                )
            )
        if len(colors) < self.maximum_players:
            out.append(
                Problem(
                    "betting_chip_colors",
                    f"{self.maximum_players} players need as many colour-coded chip sets, "
                    f"not {len(colors)}",
                    CHIPS,
                )
            )
        if self.employees_on_duty < 2:
            out.append(
                Problem(
                    "employees_on_duty",
                    "paddlewheels are not conducted unless two employees are on duty at the site",
                    EMPLOYEES,
                )
            )
        if not self.video_surveillance:
            out.append(
                Problem(
                    "video_surveillance",
                    "a picture-in-picture or simultaneous recording video surveillance system is "
                    "required on a table and paddlewheel",
                    SURVEILLANCE,
                )
            )
        if self.tip_bets:
            out.append(
                Problem(
                    "tip_bets",
                    "a player may not place a tip bet for a wheel operator; a tip is given with a "
                    "betting or casino chip instead",
                    BET_LIMIT,
                )
            )
        if self.payout_order and not prize_problems:
            labels = {s.label for s in self.prize_table.spots(self.wheel)}
            unknown = [x for x in self.payout_order if x not in labels]
            if unknown or len(set(self.payout_order)) != len(self.payout_order):
                out.append(
                    Problem(
                        "payout_order",
                        f"must list layout spots once each; unknown or repeated: {unknown}",
                        PAYOUT_ORDER,
                    )
                )
        return out


class MasterFlare(BaseModel):
    """The posted master flare of a series of ticket cards (-02.1)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    ticket_type: str
    price_per_ticket: int
    first_card_number: int
    last_card_number: int
    stamp_number: str
    stamp_card_number: int
    posted: bool = True


class TicketPrize(BaseModel):
    """One prize of a card, awarded by one spin: cash (cents) or merchandise (description, retail
    price and cost, cents). A prize is a fixed amount, never a multiple of what was bet (-02.4)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    cash: int | None = None
    merchandise: str | None = None
    retail_price: int | None = None
    cost: int | None = None

    @property
    def value(self) -> int:
        """The prize's value to the winner: the cash, or the merchandise's retail price."""
        return self.cash if self.cash is not None else (self.retail_price or 0)

    def describe(self) -> str:
        if self.cash is not None:
            return f"${self.cash // 100}.{self.cash % 100:02d}"
        return f"{self.merchandise} (retail ${(self.retail_price or 0) / 100:.2f})"


class Bundle(BaseModel):
    """Several tickets of a card sold together for ``price`` cents: a convenience only, at the
    series price of every ticket (no discount) and never required (-02.2)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tickets: int
    price: int


class TicketRules(BaseModel):
    """The ticket-card method (-01.1, -02): the wheel, the series' master flare, the preprinted
    tickets of every card of the series (``tickets``: each a tuple of numbers of the outer circle),
    the prizes of a card (one spin each, in order) and the claim policy.

    The sales policy (-02.2): ``minimum_purchase`` is the number of tickets a person must buy
    (one: nobody is required to buy more); ``bundles`` are optional several-ticket sales at the
    series price of each ticket; ``advance_sales`` and ``off_site_sales`` (tickets sold before
    the day the game is conducted, or away from the site) must be false."""

    model_config = ConfigDict(frozen=True, extra="forbid", coerce_numbers_to_str=True)

    method: Literal["ticket-card"] = "ticket-card"
    wheel: Wheel
    flare: MasterFlare
    tickets: tuple[tuple[str, ...], ...]
    prizes: tuple[TicketPrize, ...]
    presence_required: bool = True
    claim_limit_minutes: int | None = None
    minimum_purchase: int = 1
    bundles: tuple[Bundle, ...] = ()
    advance_sales: bool = False
    off_site_sales: bool = False

    def ticket_of(self, symbol: str) -> int | None:
        """The ticket number (1-based) carrying ``symbol``, or None."""
        for i, numbers in enumerate(self.tickets, start=1):
            if symbol in numbers:
                return i
        return None

    def problems(self) -> list[Problem]:
        out = self.wheel.problems(table_method=False)
        f = self.flare
        if not 0 < f.price_per_ticket <= MAX_TICKET_PRICE:
            out.append(
                Problem(
                    "flare.price_per_ticket",
                    "the price per ticket is more than $0 and at most $2, not "
                    f"{format_money(f.price_per_ticket)}",
                    PRICE,
                )
            )
        if not f.ticket_type.strip():
            out.append(Problem("flare.ticket_type", "the flare states the ticket type", FLARE))
        if f.first_card_number < 1:
            out.append(
                Problem(
                    "flare.first_card_number",
                    f"card numbers are counted from 1, not {f.first_card_number}",
                    FLARE,
                )
            )
        if f.first_card_number > f.last_card_number:
            out.append(
                Problem("flare.last_card_number", "the range of card numbers is empty", FLARE)
            )
        if f.stamp_card_number != f.first_card_number:
            out.append(
                Problem(
                    "flare.stamp_card_number",
                    "the state gaming stamp bears the card number of the lowest-numbered ticket "
                    f"card ({f.first_card_number}), not {f.stamp_card_number}",
                    FLARE,
                )
            )
        if not f.stamp_number.strip():
            out.append(Problem("flare.stamp_number", "a state gaming stamp is affixed", FLARE))
        if not f.posted:
            out.append(Problem("flare.posted", "the master flare must be posted", FLARE))
        out.extend(self._ticket_problems())
        out.extend(self._sales_problems())
        if not self.prizes:
            out.append(Problem("prizes", "a card awards at least one prize", WINNER))
        for i, prize in enumerate(self.prizes):
            out.extend(_prize_problems(f"prizes[{i}]", prize))
        if self.presence_required and self.claim_limit_minutes is not None:
            out.append(
                Problem(
                    "claim_limit_minutes",
                    "a claim time limit applies only when a player need not be present",
                    CLAIM,
                )
            )
        if not self.presence_required and (
            self.claim_limit_minutes is None
            or not 0 < self.claim_limit_minutes <= MAX_CLAIM_MINUTES
        ):
            out.append(
                Problem(
                    "claim_limit_minutes",
                    "when a player need not be present, state a time limit to claim a prize of at "
                    f"most one hour (1..60 minutes), not {self.claim_limit_minutes}",
                    CLAIM,
                )
            )
        return out

    def _sales_problems(self) -> list[Problem]:
        """The sales policy of -02.2: one price, no discount, one ticket enough, sold on the
        site the day the game is conducted."""
        out: list[Problem] = []
        price = self.flare.price_per_ticket
        if self.minimum_purchase != 1:
            out.append(
                Problem(
                    "minimum_purchase",
                    "a person may not be required to buy more than one ticket; the minimum "
                    f"purchase is 1 ticket, not {self.minimum_purchase}",
                    PRICE,
                )
            )
        for i, bundle in enumerate(self.bundles):
            where = f"bundles[{i}]"
            if not 2 <= bundle.tickets <= len(self.tickets):
                out.append(
                    Problem(
                        f"{where}.tickets",
                        f"a bundle sells 2 to {len(self.tickets)} tickets of a card, not "
                        f"{bundle.tickets}",
                        PRICE,
                    )
                )
            if bundle.price != bundle.tickets * price:
                out.append(
                    Problem(
                        f"{where}.price",
                        f"all the tickets of a series are sold for the same price and cannot be "
                        f"discounted: {bundle.tickets} tickets cost "
                        f"{format_money(bundle.tickets * price)}, not {format_money(bundle.price)}",
                        PRICE,
                    )
                )
            if bundle.price > MAX_BET_PER_SPIN:
                out.append(
                    Problem(
                        f"{where}.price",
                        "a player may not bet tickets that exceed a value of twenty dollars for "
                        f"one spin; the bundle costs {format_money(bundle.price)}",
                        TICKET_LIMIT,
                    )
                )
        if self.advance_sales:
            out.append(
                Problem(
                    "advance_sales",
                    "all tickets must be sold the day the game is conducted",
                    PRICE,
                )
            )
        if self.off_site_sales:
            out.append(
                Problem(
                    "off_site_sales",
                    "all tickets must be sold on the site where the game is conducted",
                    PRICE,
                )
            )
        return out

    def _ticket_problems(self) -> list[Problem]:
        out: list[Problem] = []
        if not self.tickets:
            return [Problem("tickets", "a card holds preprinted tickets", FLARE)]
        seen: dict[str, int] = {}
        repeated: list[str] = []
        for i, numbers in enumerate(self.tickets, start=1):
            if not numbers:
                out.append(Problem(f"tickets[{i - 1}]", "a ticket carries a number", FLARE))
            for n in numbers:
                if n in seen:
                    repeated.append(f"{n} (tickets {seen[n]} and {i})")
                seen[n] = i
        if repeated:
            out.append(
                Problem(
                    "tickets",
                    f"a number or symbol cannot be repeated on the tickets of a card: {repeated}",
                    FLARE,
                )
            )
        if self.wheel.circles:
            outer = set(self.wheel.outer.sections)
            off = sorted(set(seen) - outer)
            if off:
                out.append(
                    Problem(
                        "tickets",
                        f"ticket numbers must correspond to the paddlewheel; {off} are not on "
                        "its outer circle",
                        FLARE,
                    )
                )
            uncovered = sorted(outer - set(seen))
            if uncovered:
                out.append(
                    Problem(
                        "tickets",
                        f"a winner must be determined by a spin: {uncovered} of the wheel are on "
                        "no ticket of the card",
                        WINNER,
                    )
                )
        return out


def _prize_problems(where: str, prize: TicketPrize) -> list[Problem]:
    out: list[Problem] = []
    if (prize.cash is None) == (prize.merchandise is None):
        return [Problem(where, "a prize is either cash or merchandise", PRIZE)]
    if prize.cash is not None and not 0 < prize.cash <= MAX_TICKET_PRIZE:
        out.append(
            Problem(
                f"{where}.cash",
                f"no cash prize may exceed $100.00, not {format_money(prize.cash)}",
                PRIZE,
            )
        )
    if prize.merchandise is not None:
        if prize.retail_price is None or not 0 < prize.retail_price <= MAX_TICKET_PRIZE:
            out.append(
                Problem(
                    f"{where}.retail_price",
                    "the retail price of a merchandise prize may not exceed $100.00, not "
                    + (
                        "missing"
                        if prize.retail_price is None
                        else format_money(prize.retail_price)
                    ),
                    PRIZE,
                )
            )
        if prize.cost is None or prize.cost < 0:
            out.append(Problem(f"{where}.cost", "record the cost of a merchandise prize", PRIZE))
    return out


Rules = TableRules | TicketRules

_SECTIONS = {
    "wheel": "99-01.3-11-03.1",
    "prize_table": "99-01.3-11-06.2",
    "maximum_bet_per_spin": BET_LIMIT,
    "minimum_players": PLAYERS,
    "maximum_players": PLAYERS,
    "several_chips_on_one_spot": BET_LIMIT,
    "betting_chip_colors": CHIPS,
    "payout_order": PAYOUT_ORDER,
    "employees_on_duty": EMPLOYEES,
    "video_surveillance": SURVEILLANCE,
    "flare": FLARE,
    "tickets": FLARE,
    "prizes": PRIZE,
    "presence_required": "99-01.3-11-02.6.c",
    "claim_limit_minutes": CLAIM,
    "minimum_purchase": PRICE,
    "bundles": PRICE,
    "advance_sales": PRICE,
    "off_site_sales": PRICE,
    "tip_bets": BET_LIMIT,
}


def rules_from_dict(data: Mapping[str, Any]) -> Rules:
    """Validated rules of either method; ``ConfigError`` lists every problem: wrong types and
    unknown keys, and the rule-by-rule problems of everything else."""
    if not isinstance(data, Mapping):
        raise ConfigError([Problem("rules", "must be an object")], "paddlewheel rules")
    method = data.get("method", "table")
    model: type[TableRules] | type[TicketRules]
    problems: list[Problem] = []
    if method == "table":
        model = TableRules
    elif method == "ticket-card":
        model = TicketRules
        problems.extend(_multiple_prizes(data))
        data = _without_multiples(data)
    else:
        raise ConfigError(
            [Problem("method", f"'table' or 'ticket-card', not {method!r}", "99-01.3-11-01")],
            "paddlewheel rules",
        )
    return validate_rules(model, data, _SECTIONS, "paddlewheel rules", problems)


def _without_multiples(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """``data`` with the ``multiple...`` keys of its prizes left out (reported separately)."""
    prizes = data.get("prizes")
    if not isinstance(prizes, list):
        return data
    cleaned = [
        {k: v for k, v in prize.items() if not str(k).startswith("multiple")}
        if isinstance(prize, dict)
        else prize
        for prize in prizes
    ]
    return {**data, "prizes": cleaned}


def _multiple_prizes(data: Mapping[str, Any]) -> list[Problem]:
    """A prize written as a multiple of the ticket price is refused (-02.4)."""
    prizes = data.get("prizes")
    out: list[Problem] = []
    if isinstance(prizes, list):
        for i, prize in enumerate(prizes):
            if isinstance(prize, dict) and any(k.startswith("multiple") for k in prize):
                out.append(
                    Problem(
                        f"prizes[{i}]",
                        "no cash prize may be a variable multiple of the price of a ticket; "
                        "state a fixed cash amount",
                        PRIZE,
                    )
                )
    return out


def _money_or_missing(cents: int | None) -> str:
    return "missing" if cents is None else format_money(cents)
