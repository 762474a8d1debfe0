"""The dispute windows after a pot is awarded (N.D. Admin. Code 99-01.3-09-04.26).

"The reading of a shown hand may be disputed until the next hand begins. Accounting errors in
calculating and awarding the pot may be disputed until substantial action occurs on the next
hand. If a hand finishes during a break, the right to any dispute ends one minute after the pot
is awarded."

Values and pure functions only: the table session (``croupier.games.poker.session``) supplies
the facts, and every time comes from the caller. The readings behind each choice are written in
``docs/interpretations/poker-session.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import Enum

from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event, event

DISPUTES = "99-01.3-09-04.26"
BREAK_MINUTE = timedelta(minutes=1)
"""How long any dispute of a hand that finished during a break stays open (-04.26)."""


class DisputeKind(Enum):
    """The two disputes of -04.26."""

    READING = "reading"
    """The reading of a shown hand."""
    ACCOUNTING = "accounting"
    """An accounting error in calculating and awarding the pot."""

    @property
    def subject(self) -> str:
        if self is DisputeKind.READING:
            return "the reading of a shown hand"
        return "an accounting error in calculating and awarding the pot"

    @classmethod
    def of(cls, value: DisputeKind | str) -> DisputeKind:
        """The kind named by ``value`` (an enum member or its value), else ``InvalidInput``."""
        if isinstance(value, DisputeKind):
            return value
        for kind in cls:
            if kind.value == value:
                return kind
        allowed = ", ".join(repr(k.value) for k in cls)
        raise InvalidInput(f"unknown dispute kind {value!r}; a dispute is one of {allowed}")


class Ruling(Enum):
    """How a dispute was decided."""

    UPHELD = "upheld"
    DENIED = "denied"


@dataclass(frozen=True, slots=True)
class Dispute:
    """One recorded dispute and, once decided, its ruling."""

    number: int
    kind: DisputeKind
    hand: int
    at: datetime
    seat: int | None = None
    claim: str = ""
    ruling: Ruling | None = None
    ruled_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class AwardFacts:
    """What decides the windows of one awarded pot: when it was awarded, whether during a break,
    and how far the next hand has gone (``None``: not yet)."""

    hand: int
    awarded_at: datetime
    during_break: bool
    next_begun_at: datetime | None = None
    next_substantial_at: datetime | None = None
    next_ended_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Closing:
    """When a dispute window closes (or closed), and why, in the regulation's terms."""

    at: datetime
    why: str


def closing(kind: DisputeKind, facts: AwardFacts) -> Closing | None:
    """When the window for ``kind`` disputes of hand ``facts.hand`` closes: the earliest of the
    closings that apply, or ``None`` while none is known (the window is open)."""
    n, following = facts.hand, facts.hand + 1
    found: list[Closing] = []
    if facts.during_break:
        ends = facts.awarded_at + BREAK_MINUTE
        found.append(
            Closing(
                ends,
                f"hand {n} finished during a break: the right to any dispute ended one minute "
                f"after its pot was awarded at {_when(facts.awarded_at)}, at {_when(ends)}",
            )
        )
    if kind is DisputeKind.READING:
        if facts.next_begun_at is not None:
            found.append(
                Closing(
                    facts.next_begun_at,
                    f"the reading of a shown hand in hand {n} could be disputed until the next "
                    f"hand began; hand {following} began at {_when(facts.next_begun_at)}",
                )
            )
    elif facts.next_substantial_at is not None:
        found.append(
            Closing(
                facts.next_substantial_at,
                f"accounting errors in hand {n} could be disputed until substantial action "
                f"occurred on the next hand; it occurred on hand {following} at "
                f"{_when(facts.next_substantial_at)}",
            )
        )
    elif facts.next_ended_at is not None:
        found.append(
            Closing(
                facts.next_ended_at,
                f"accounting errors in hand {n} could be disputed until substantial action "
                f"occurred on the next hand; hand {following} ended at "
                f"{_when(facts.next_ended_at)} without substantial action, which closes the "
                "window at the latest",
            )
        )
    return min(found, key=lambda c: c.at, default=None)


def is_open(found: Closing | None, at: datetime) -> bool:
    """Whether a window with closing ``found`` is open at ``at`` (the closing instant is not)."""
    return found is None or at < found.at


def during_break(at: datetime, breaks: Iterable[tuple[datetime, datetime | None]]) -> bool:
    """Whether ``at`` falls in a break: from its start (included) to its end (excluded)."""
    return any(start <= at and (end is None or at < end) for start, end in breaks)


def require_open(kind: DisputeKind, facts: AwardFacts, at: datetime, what: str) -> None:
    """``RuleViolation`` (-04.26) saying which window closed and when, if it has at ``at``."""
    found = closing(kind, facts)
    if found is not None and not is_open(found, at):
        raise RuleViolation(
            f"{found.why}; {what} at {_when(at)} is too late and the award of hand "
            f"{facts.hand} stands",
            DISPUTES,
        )


class DisputeBook:
    """The disputes recorded at one table, in order (numbered from 1), with their rulings."""

    def __init__(self) -> None:
        self._records: list[Dispute] = []

    @property
    def records(self) -> tuple[Dispute, ...]:
        return tuple(self._records)

    def open_at(self, at: datetime, facts: Callable[[int], AwardFacts]) -> tuple[Dispute, ...]:
        """The disputes not ruled on whose window is still open at ``at`` (``facts`` gives the
        facts of a hand by its number)."""
        return tuple(
            d
            for d in self._records
            if d.ruling is None and is_open(closing(d.kind, facts(d.hand)), at)
        )

    def record(
        self,
        kind: DisputeKind,
        facts: AwardFacts,
        shown: bool,
        at: datetime,
        seat: int | None = None,
        claim: str = "",
    ) -> DisputeRaised:
        """Record a dispute of the hand ``facts`` describes; refused outside its window."""
        hand = facts.hand
        if kind is DisputeKind.READING and not shown:
            raise RuleViolation(
                f"no hand was shown in hand {hand}: there is no reading to dispute (an error in "
                "the amount awarded is an accounting dispute)",
                DISPUTES,
            )
        require_open(kind, facts, at, "the dispute")
        if seat is not None and (not _is_int(seat) or seat < 1):
            raise InvalidInput(f"the disputing seat is a seat number, not {seat!r}")
        if not isinstance(claim, str):
            raise InvalidInput(f"a claim is text, not {claim!r}")
        number = len(self._records) + 1
        self._records.append(Dispute(number, kind, hand, at, seat, claim))
        return DisputeRaised(number, hand, kind.value, _when(at), seat, claim)

    def unruled(self, number: int) -> Dispute:
        """Dispute ``number``, which must exist and not be ruled on yet."""
        if not _is_int(number) or not 1 <= number <= len(self._records):
            raise InvalidInput(f"there is no dispute {number!r}")
        found = self._records[number - 1]
        if found.ruling is not None:
            raise InvalidInput(f"dispute {number} was already ruled on ({found.ruling.value})")
        return found

    def rule(self, number: int, ruling: Ruling, at: datetime) -> None:
        self._records[number - 1] = replace(self._records[number - 1], ruling=ruling, ruled_at=at)


def checked_changes(
    changes: Mapping[int, int],
    hand: int,
    dealt: Mapping[int, int],
    seated: Mapping[int, tuple[int, int]],
    pot: int,
) -> dict[int, int]:
    """The chips a correction of hand ``hand`` moves, by seat, once checked: only among the
    players dealt in that hand (``dealt``: seat to sitting) who are still seated (``seated``:
    seat to sitting and stack), summing to zero, moving at most the pot, and leaving no stack
    below zero."""
    if not isinstance(changes, Mapping) or not changes:
        raise InvalidInput("a correction names the stacks it changes, e.g. {3: -50, 5: 50}")
    for seat, amount in changes.items():
        if not _is_int(seat) or seat not in dealt:
            raise InvalidInput(
                f"seat {seat!r} was not dealt in hand {hand}: a correction moves chips among "
                "that hand's players"
            )
        now = seated.get(seat)
        if now is None or now[0] != dealt[seat]:
            raise InvalidInput(f"the player of seat {seat} in hand {hand} has left the table")
        if not _is_int(amount) or amount == 0:
            raise InvalidInput(f"seat {seat}'s change is a non-zero int, not {amount!r}")
    total = sum(changes.values())
    if total:
        raise InvalidInput(
            "a correction moves chips between stacks, so the changes sum to zero (the table's "
            f"chips are conserved); these sum to {total:+d}"
        )
    moved = sum(a for a in changes.values() if a > 0)
    if moved > pot:
        raise InvalidInput(
            f"a correction of hand {hand} moves at most its pot ({pot}), not {moved}"
        )
    for seat, amount in changes.items():
        stack = seated[seat][1]
        if stack + amount < 0:
            raise InvalidInput(f"seat {seat} has {stack} chips and cannot give {-amount}")
    return {seat: changes[seat] for seat in sorted(changes)}


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _when(at: datetime) -> str:
    return at.isoformat()


# -- events -----------------------------------------------------------------------------------
@event("poker.session.dispute_raised")
@dataclass(frozen=True, slots=True)
class DisputeRaised(Event):
    dispute: int
    hand: int
    kind: str
    at: str
    seat: int | None
    claim: str
    section: str = DISPUTES


@event("poker.session.dispute_denied")
@dataclass(frozen=True, slots=True)
class DisputeDenied(Event):
    dispute: int
    hand: int
    at: str
    section: str = DISPUTES


@event("poker.session.chips_corrected")
@dataclass(frozen=True, slots=True)
class ChipsCorrected(Event):
    """An upheld dispute's correction: chips moved between seats' stacks (``changes`` by seat,
    summing to zero). The disputed hand's own record is never edited."""

    dispute: int
    hand: int
    at: str
    changes: dict[str, int]
    section: str = DISPUTES


def changes_field(changes: Mapping[int, int]) -> dict[str, int]:
    """The ``changes`` of a ``ChipsCorrected`` event (JSON object keys are strings)."""
    return {str(seat): amount for seat, amount in sorted(changes.items())}
