"""Poker events and the poker ledger rebuilt from them (99-01.3-09-07)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum

from croupier.core.events import Event, event


class FeeKind(Enum):
    ENTRY = "entry"
    REBUY = "rebuy"
    ADD_ON = "add-on"
    BOUNTY = "bounty"


@event("books.poker_occasion_opened")
@dataclass(frozen=True, slots=True)
class PokerOccasionOpened(Event):
    """An occasion: its calendar days and the authorized sites it includes (09-03.1)."""

    occasion_id: str
    first_day: str
    last_day: str
    manager_id: str
    sites: tuple[str, ...] = ()


@event("books.poker_half_hour_fee")
@dataclass(frozen=True, slots=True)
class PokerHalfHourFee(Event):
    """A nontournament fee for one player and one half hour at one table (09-07.1.b)."""

    occasion_id: str
    table: int
    player: str
    period_start: str
    cents: int
    collected_by: str
    collected_at: str
    site_id: str | None = None


@event("books.poker_half_hour_fee_voided")
@dataclass(frozen=True, slots=True)
class PokerHalfHourFeeVoided(Event):
    """A nontournament fee keyed in error, voided (its cash handed back) the day it was
    collected, by an employee saying why: it no longer counts (issue 30, as twenty-one's fees)."""

    occasion_id: str
    player: str
    period_start: str
    reason: str
    by: str
    at: str


@event("books.poker_time_worked")
@dataclass(frozen=True, slots=True)
class PokerTimeWorked(Event):
    """When an employee worked at a poker occasion's site (the time worked of the employee who
    collects fees, 99-01.3-09-07.1.b)."""

    occasion_id: str
    employee_id: str
    site_id: str
    start: str
    end: str


@event("books.poker_tournament_started")
@dataclass(frozen=True, slots=True)
class PokerTournamentStarted(Event):
    occasion_id: str
    tournament_id: str
    director_id: str
    at: str


@event("books.poker_tournament_fee")
@dataclass(frozen=True, slots=True)
class PokerTournamentFee(Event):
    occasion_id: str
    tournament_id: str
    player: str
    kind: FeeKind
    cents: int
    collected_by: str
    at: str
    name: str = ""
    """The player's name and address (99-01.3-09-07.1.c), given with the player's first fee
    of the occasion (empty in later fees, and in entries written before they were kept)."""
    address: str = ""


@event("books.poker_prize_paid")
@dataclass(frozen=True, slots=True)
class PokerPrizePaid(Event):
    occasion_id: str
    tournament_id: str
    player: str
    cents: int
    at: str


@event("books.poker_buy_in_redeemed")
@dataclass(frozen=True, slots=True)
class PokerBuyInRedeemed(Event):
    """A satellite's buy-in prize redeemed as a player's entry to the larger tournament: at its
    cost a prize of the satellite and a fee (gross proceeds) of the tournament; until redeemed
    it is valued at zero and not recorded (99-01.3-09-03.4.d, -07.1.h)."""

    occasion_id: str
    satellite_id: str
    tournament_id: str
    receipt: str
    player: str
    cents: int
    collected_by: str
    at: str
    name: str = ""
    """The player's name and address, as with a fee (-07.1.c): with the player's first entry
    of the occasion, empty otherwise (and in entries written before they were kept)."""
    address: str = ""


@event("books.poker_cash_counted")
@dataclass(frozen=True, slots=True)
class PokerCashCounted(Event):
    """The cash on hand and chips of one activity of a poker occasion (a tournament, or
    ``None``: the nontournament play and side games), counted at its start or at its end
    (99-01.3-09-07.1.a). Chips are counted at their value in cents."""

    occasion_id: str
    tournament_id: str | None
    moment: str
    cash: int
    chips: int
    by: str
    at: str


@event("books.poker_cash_deposited")
@dataclass(frozen=True, slots=True)
class PokerCashDeposited(Event):
    """Cash of one activity of a poker occasion deposited in the gaming account, after its
    ending cash on hand was counted: its bank deposit (99-01.3-09-07.1.f)."""

    occasion_id: str
    tournament_id: str | None
    cents: int
    by: str
    at: str


START, END = "start", "end"


@dataclass
class CashOnHand:
    """One activity's counts and deposits (``PokerCashCounted``, ``PokerCashDeposited``)."""

    start: PokerCashCounted | None = None
    end: PokerCashCounted | None = None
    deposited: int = 0


@dataclass
class Tournament:
    director_id: str | None = None
    started_at: str | None = None
    fees: dict[str, int] = field(default_factory=dict)
    prizes: int = 0

    @property
    def gross_proceeds(self) -> int:
        return sum(self.fees.values())


@dataclass
class Occasion:
    opened: PokerOccasionOpened
    tournaments: dict[str, Tournament] = field(default_factory=dict)
    half_hour_fees: list[PokerHalfHourFee] = field(default_factory=list)
    first_play: datetime | None = None
    time_worked: list[PokerTimeWorked] = field(default_factory=list)
    redeemed: dict[str, PokerBuyInRedeemed] = field(default_factory=dict)
    """Buy-in prizes redeemed, by receipt (99-01.3-09-03.4.d)."""
    voided: list[PokerHalfHourFeeVoided] = field(default_factory=list)
    """Nontournament fees voided (their fee leaves ``half_hour_fees``)."""
    cash: dict[str | None, CashOnHand] = field(default_factory=dict)
    """Each activity's cash on hand (a tournament id, ``None`` for nontournament play)."""
    players: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Each tournament player's name and address, from the first fee that gave them."""

    def on_hand(self, tournament_id: str | None) -> CashOnHand:
        return self.cash.setdefault(tournament_id, CashOnHand())


class PokerLedger:
    """The poker part of the books, rebuilt from poker events."""

    def __init__(self) -> None:
        self.occasions: dict[str, Occasion] = {}
        self.events: list[Event] = []
        """The poker entries applied, in order: the ledger is a function of them."""

    @classmethod
    def from_events(cls, events: Iterable[Event]) -> PokerLedger:
        """A ledger rebuilt from its entries (a what-if copy to judge entries not yet made)."""
        ledger = cls()
        for e in events:
            ledger.apply(e)
        return ledger

    def apply(self, e: Event) -> None:
        self._apply(e)
        self.events.append(e)

    def _apply(self, e: Event) -> None:
        if isinstance(e, PokerOccasionOpened):
            self.occasions[e.occasion_id] = Occasion(e)
        elif isinstance(e, PokerHalfHourFee):
            occ = self.occasions[e.occasion_id]
            occ.half_hour_fees.append(e)
            start = datetime.fromisoformat(e.period_start)
            occ.first_play = start if occ.first_play is None else min(occ.first_play, start)
        elif isinstance(e, PokerHalfHourFeeVoided):
            occ = self.occasions[e.occasion_id]
            occ.half_hour_fees = [
                f
                for f in occ.half_hour_fees
                if not (f.player == e.player and f.period_start == e.period_start)
            ]
            occ.voided.append(e)
        elif isinstance(e, PokerTournamentStarted):
            t = self.occasions[e.occasion_id].tournaments.setdefault(e.tournament_id, Tournament())
            t.director_id, t.started_at = e.director_id, e.at
        elif isinstance(e, PokerTournamentFee):
            occ = self.occasions[e.occasion_id]
            t = occ.tournaments.setdefault(e.tournament_id, Tournament())
            t.fees[e.player] = t.fees.get(e.player, 0) + e.cents
            if e.name and e.player not in occ.players:
                occ.players[e.player] = (e.name, e.address)
        elif isinstance(e, PokerCashCounted):
            hand = self.occasions[e.occasion_id].on_hand(e.tournament_id)
            if e.moment == START:
                hand.start = e
            else:
                hand.end = e
        elif isinstance(e, PokerCashDeposited):
            self.occasions[e.occasion_id].on_hand(e.tournament_id).deposited += e.cents
        elif isinstance(e, PokerTimeWorked):
            self.occasions[e.occasion_id].time_worked.append(e)
        elif isinstance(e, PokerPrizePaid):
            self.occasions[e.occasion_id].tournaments[e.tournament_id].prizes += e.cents
        elif isinstance(e, PokerBuyInRedeemed):
            occ = self.occasions[e.occasion_id]
            occ.tournaments.setdefault(e.satellite_id, Tournament()).prizes += e.cents
            t = occ.tournaments.setdefault(e.tournament_id, Tournament())
            t.fees[e.player] = t.fees.get(e.player, 0) + e.cents
            occ.redeemed[e.receipt] = e
            if e.name and e.player not in occ.players:
                occ.players[e.player] = (e.name, e.address)
        else:
            raise TypeError(f"not a poker event: {type(e).__name__}")


POKER_EVENTS: tuple[type[Event], ...] = (
    PokerOccasionOpened,
    PokerHalfHourFee,
    PokerTournamentStarted,
    PokerTournamentFee,
    PokerPrizePaid,
    PokerTimeWorked,
    PokerBuyInRedeemed,
    PokerHalfHourFeeVoided,
    PokerCashCounted,
    PokerCashDeposited,
)
