"""Twenty-one tournament events and the ledger rebuilt from them (99-01.3-08-15, -08-16.1.e, f).

A twenty-one tournament's money is twenty-one money of the site's gaming days: entry fees,
rebuys and add-ons are gross proceeds (cash into the site's cash bank), cash prizes are paid
from the cash bank and merchandise prizes at their cost (bought from the gaming account, like
paddlewheel merchandise). The ledger keeps each tournament's register of players and fees and
its prize register, which a tournament can carry over more than one gaming day.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum

from croupier.core.events import Event, event


class Fee21Kind(Enum):
    ENTRY = "entry"
    REBUY = "rebuy"
    ADD_ON = "add-on"


@event("books.t21_tournament_registered")
@dataclass(frozen=True, slots=True)
class Tournament21Registered(Event):
    """A twenty-one tournament at a site, with the entry fee disclosed to its players
    (-08-15.1): every entry pays it, and no rebuy or add-on may be larger."""

    tournament_id: str
    site_id: str
    name: str
    entry_fee: int


@event("books.t21_tournament_fee")
@dataclass(frozen=True, slots=True)
class Tournament21Fee(Event):
    """A fee collected: the player's name, what it paid for, the employee who collected it and
    when (-08-16.1.e)."""

    tournament_id: str
    day: str
    player: str
    name: str
    kind: Fee21Kind
    cents: int
    collected_by: str
    at: str
    played_at: str | None = None
    """When it was collected in the tournament, if recorded later (a posted tournament file);
    ``at`` is when the books recorded it."""


@event("books.t21_tournament_prize")
@dataclass(frozen=True, slots=True)
class Tournament21Prize(Event):
    """A prize paid: cash, or merchandise at its cost with its description (-08-15.4,
    -08-16.1.f with 99-01.3-03-07)."""

    tournament_id: str
    day: str
    player: str
    cash: int
    merchandise_cost: int
    description: str
    at: str
    played_at: str | None = None
    """When it was awarded in the tournament, if recorded later (a posted tournament file)."""


@event("books.t21_tournament_fee_voided")
@dataclass(frozen=True, slots=True)
class Tournament21FeeVoided(Event):
    """A fee recorded in error, voided on its own gaming day while that day is open (its cash
    handed back before the cash bank is counted): the entry references the fee it corrects by its
    number in the tournament's fee register (the first fee is 1), says why and who voided it."""

    tournament_id: str
    fee: int
    day: str
    reason: str
    by: str
    at: str


TOURNAMENT21_EVENTS: tuple[type[Event], ...] = (
    Tournament21Registered,
    Tournament21Fee,
    Tournament21Prize,
    Tournament21FeeVoided,
)


@dataclass
class Tournament21:
    registered: Tournament21Registered
    fees: list[Tournament21Fee] = field(default_factory=list)
    prizes: list[Tournament21Prize] = field(default_factory=list)
    paid: dict[str, int] = field(default_factory=dict)
    """Player -> fees paid in all (the $200 cap of -08-15.1)."""
    names: dict[str, str] = field(default_factory=dict)
    voided: dict[int, Tournament21FeeVoided] = field(default_factory=dict)
    """Fee number (1-based) -> the entry that voided it."""

    def kept_fees(self) -> list[Tournament21Fee]:
        return [f for n, f in enumerate(self.fees, start=1) if n not in self.voided]

    def entered(self, player: str) -> bool:
        """Whether ``player`` has an entry fee that stands."""
        return any(f.player == player and f.kind is Fee21Kind.ENTRY for f in self.kept_fees())

    @property
    def gross_proceeds(self) -> int:
        return sum(f.cents for f in self.kept_fees())

    @property
    def prizes_total(self) -> int:
        return sum(p.cash + p.merchandise_cost for p in self.prizes)

    @property
    def adjusted_gross_proceeds(self) -> int:
        return self.gross_proceeds - self.prizes_total


class Tournament21Ledger:
    """Every twenty-one tournament of the books, from its own entries."""

    def __init__(self) -> None:
        self.tournaments: dict[str, Tournament21] = {}
        self.events: list[Event] = []

    @classmethod
    def from_events(cls, events: Iterable[Event]) -> Tournament21Ledger:
        ledger = cls()
        for e in events:
            ledger.apply(e)
        return ledger

    def apply(self, e: Event) -> None:
        if isinstance(e, Tournament21Registered):
            self.tournaments[e.tournament_id] = Tournament21(e)
        elif isinstance(e, Tournament21Fee):
            t = self.tournaments[e.tournament_id]
            t.fees.append(e)
            t.paid[e.player] = t.paid.get(e.player, 0) + e.cents
            t.names.setdefault(e.player, e.name)
        elif isinstance(e, Tournament21Prize):
            self.tournaments[e.tournament_id].prizes.append(e)
        elif isinstance(e, Tournament21FeeVoided):
            t = self.tournaments[e.tournament_id]
            fee = t.fees[e.fee - 1]
            t.voided[e.fee] = e
            t.paid[fee.player] -= fee.cents
        else:
            raise TypeError(f"not a twenty-one tournament event: {type(e).__name__}")
        self.events.append(e)

    def site_of(self, e: Tournament21Fee | Tournament21Prize | Tournament21FeeVoided) -> str:
        return self.tournaments[e.tournament_id].registered.site_id

    def voided_fee(self, e: Tournament21FeeVoided) -> Tournament21Fee:
        return self.tournaments[e.tournament_id].fees[e.fee - 1]

    def cash_effect(self, e: Event) -> int:
        """What a twenty-one tournament entry does to its site's cash bank, in cents (a void
        hands back the fee it voids: call before applying it)."""
        if isinstance(e, Tournament21Fee):
            return e.cents
        if isinstance(e, Tournament21Prize):
            return -e.cash
        if isinstance(e, Tournament21FeeVoided):
            return -self.voided_fee(e).cents
        return 0
