"""What a poker table session records: its events (``poker.session.<name>``, frozen, JSON
round-trip), the seats and each finished hand's result, and the share of forfeited chips.

Times in events are ISO 8601 strings of the caller's timezone-aware datetimes. The dispute events
are in ``croupier.games.poker.disputes``; each hand's own events stay in its ``Hand.events``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from croupier.core.events import JSON, Event, event
from croupier.games.base import Settlement
from croupier.games.poker.disputes import AwardFacts, during_break
from croupier.games.poker.hand import Hand
from croupier.games.poker.pots import high_low_halves, split_evenly

ABSENT = "99-01.3-09-05.11"
DEFECTIVE = "99-01.3-09-04.28"
AWARDED = "awarded"
DEFECTIVE_DECK = "defective-deck"


@dataclass(frozen=True, slots=True)
class SeatState:
    """A seated player: chips (behind, while a hand is in progress) and absence (-05.11)."""

    seat: int
    player: str | None
    stack: int
    absent: bool


@dataclass(frozen=True, slots=True)
class HandResult:
    """A finished hand: its pot awarded (``awarded``) or its wagers returned because the deck
    was defective (``defective-deck``, -04.28). ``stacks`` are the players' chips after it,
    ``forfeit`` the forfeited chips of an earlier game that joined its main pot, by seat."""

    hand: int
    button: int
    seats: tuple[int, ...]
    outcome: str
    ended_at: datetime
    settlement: Settlement
    stacks: Mapping[int, int]
    shown: bool
    forfeit: Mapping[int, int] = field(default_factory=dict)

    @property
    def awarded_at(self) -> datetime | None:
        """When the pot was awarded (``None`` when no pot was: a defective deck)."""
        return self.ended_at if self.outcome == AWARDED else None

    @property
    def pot(self) -> int:
        """Every chip awarded in this hand (its wagers plus any forfeit that joined them)."""
        return sum(w.stake for w in self.settlement.wagers) + sum(self.forfeit.values())


@dataclass(slots=True)
class SeatRecord:
    """A seated player, as the session keeps it (mutable; owned by the session)."""

    player: str | None
    stack: int
    absent: bool
    sitting: int
    """Which sitting at the table this is (a new player in the same seat is a new sitting)."""


@dataclass(slots=True)
class HandLog:
    """One hand across its deals (a misdeal or a call-back deals it again), as the session
    keeps it (mutable; owned by the session)."""

    number: int
    begun_at: datetime
    button: int
    sittings: dict[int, int]
    deals: list[Hand]
    substantial_at: datetime | None = None
    result: HandResult | None = None


def award_facts(
    log: HandLog, after: HandLog | None, breaks: list[tuple[datetime, datetime | None]]
) -> AwardFacts:
    """The facts that decide the dispute windows of hand ``log`` (``after``: the next hand)."""
    assert log.result is not None
    ended = after.result.ended_at if after is not None and after.result else None
    return AwardFacts(
        log.number,
        log.result.ended_at,
        during_break(log.result.ended_at, breaks),
        after.begun_at if after is not None else None,
        after.substantial_at if after is not None else None,
        ended,
    )


def by_seat(stacks: Mapping[int, int]) -> dict[str, int]:
    """Stacks by seat as a JSON object (keys are strings)."""
    return {str(seat): stack for seat, stack in sorted(stacks.items())}


# -- events -----------------------------------------------------------------------------------


@event("poker.session.player_seated")
@dataclass(frozen=True, slots=True)
class PlayerSeated(Event):
    seat: int
    player: str | None
    stack: int
    at: str


@event("poker.session.player_left")
@dataclass(frozen=True, slots=True)
class PlayerLeft(Event):
    seat: int
    player: str | None
    stack: int
    at: str


@event("poker.session.absence_marked")
@dataclass(frozen=True, slots=True)
class AbsenceMarked(Event):
    seat: int
    absent: bool
    at: str
    section: str = ABSENT


@event("poker.session.break_started")
@dataclass(frozen=True, slots=True)
class BreakStarted(Event):
    at: str


@event("poker.session.break_ended")
@dataclass(frozen=True, slots=True)
class BreakEnded(Event):
    at: str


@event("poker.session.hand_begun")
@dataclass(frozen=True, slots=True)
class HandBegun(Event):
    """A hand (or, ``deal`` > 1, the same hand dealt again) begins with its shuffle (-02.17)."""

    hand: int
    deal: int
    button: int
    seats: tuple[int, ...]
    stacks: tuple[int, ...]
    absent: tuple[int, ...]
    at: str


@event("poker.session.deal_voided")
@dataclass(frozen=True, slots=True)
class DealVoided(Event):
    """A deal is void and every wager returned; the hand is dealt again with the same button."""

    hand: int
    deal: int
    reason: str
    at: str
    section: str


@event("poker.session.hand_finished")
@dataclass(frozen=True, slots=True)
class HandFinished(Event):
    """A hand is over: ``awarded`` (its pot awarded) or ``defective-deck`` (-04.28)."""

    hand: int
    outcome: str
    stacks: dict[str, int]
    at: str


@event("poker.session.forfeit_carried")
@dataclass(frozen=True, slots=True)
class ForfeitCarried(Event):
    """Forfeited wagers that stay in the pot for the next game (-04.28)."""

    hand: int
    amount: int
    at: str
    section: str = DEFECTIVE


@event("poker.session.forfeit_awarded")
@dataclass(frozen=True, slots=True)
class ForfeitAwarded(Event):
    """Forfeited chips of an earlier game awarded with this hand's main pot (-04.28)."""

    hand: int
    amount: int
    seats: tuple[int, ...]
    shares: tuple[int, ...]
    at: str
    section: str = DEFECTIVE


def forfeit_shares(details: Mapping[str, JSON], carried: int, unit: int) -> dict[int, int]:
    """What each winner of the main pot gains when ``carried`` forfeited chips join it (-04.28):
    the main pot is divided again with them (-04.25, -04.27), less what each already got."""
    awards = list(details.get("pots", []))
    main = min(int(a["pot"]) for a in awards)
    entries = {str(a["half"]): a for a in awards if int(a["pot"]) == main}
    total = sum(int(a["amount"]) for a in entries.values()) + carried
    if "whole" in entries:
        parts = [(total, entries["whole"])]
    else:
        high, low = high_low_halves(total, unit)
        parts = [(high, entries["high"]), (low, entries["low"])]
    gained: dict[int, int] = {}
    for amount, entry in parts:
        seats = [int(s) for s in entry["seats"]]
        for seat, new, old in zip(
            seats, split_evenly(amount, seats, unit), entry["shares"], strict=True
        ):
            gained[seat] = gained.get(seat, 0) + new - int(old)
    return {seat: share for seat, share in sorted(gained.items()) if share}
