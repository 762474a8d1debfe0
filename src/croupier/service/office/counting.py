"""The drop box count with both members present (issue 28; 99-01.3-08-14.2 to .4): each member
of the two-person count team enters their own count on their own signed-in session, and the
books record the count only when both have: neither can finish it alone.

1. A member opens the count of a drop box awaiting it, naming the other member and entering
   their own count (and the slips found in the box). The team's independence is checked then
   (-14.2, the policy's ``CountFacts``).
2. The other member, signed in, enters their own count without seeing the first (each person
   counts independently, -14.4). Equal counts are recorded in the books at once.
3. Counts that differ are shown to both; one member proposes the amount agreed and how the
   difference was resolved, and the other agrees: the books then record the count with both
   figures and the resolution (-14.4). Either member may change the proposal before the other
   agrees, or withdraw the count until it is recorded.

Each step is an event of the organization's ``counts-<org>`` stream (append-only, hash-chained
like every stream): who entered what and when is kept, the figures in cents. The books' own
count entry (``books.drop_box_counted``) is written by the step that completes it, with both
members' initials (-14.4: the documentation is initialed by both)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from croupier.books.model import Role
from croupier.core.errors import InvalidInput, NotFound
from croupier.core.events import Event, event
from croupier.core.money import format_money
from croupier.core.names import check_text
from croupier.service.books.input import amount as parse_amount
from croupier.service.office.base import employee_of
from croupier.service.office.day import DayDesk
from croupier.service.office.views import Recorded
from croupier.service.people.authz import Action, Actor, CountFacts, authorize

if TYPE_CHECKING:
    from croupier.books.state import Books
    from croupier.service.books.service import Request

OPEN, DIFFER, RECORDED, WITHDRAWN = "awaiting the other count", "differ", "recorded", "withdrawn"


@event("office.count_opened")
@dataclass(frozen=True, slots=True)
class CountOpened(Event):
    """A member opened a drop box's count with their own count (cents) and the slips found."""

    count_id: int
    site: str
    day: str
    table: int
    shift: int
    by: str
    partner: str
    amount: int
    key_holder: str
    fill_copies: str
    credit_originals: str
    at: str


@event("office.count_entered")
@dataclass(frozen=True, slots=True)
class CountEntered(Event):
    """The other member's own count (cents)."""

    count_id: int
    by: str
    amount: int
    at: str


@event("office.count_resolution_proposed")
@dataclass(frozen=True, slots=True)
class ResolutionProposed(Event):
    """Counts that differ: the amount one member says the team agreed, and how."""

    count_id: int
    by: str
    amount: int
    resolution: str
    at: str


@event("office.count_recorded")
@dataclass(frozen=True, slots=True)
class CountRecorded(Event):
    """The books recorded the count (both members having entered or agreed)."""

    count_id: int
    by: str
    at: str


@event("office.count_withdrawn")
@dataclass(frozen=True, slots=True)
class CountWithdrawn(Event):
    count_id: int
    by: str
    reason: str
    at: str


@dataclass
class TeamCount:
    """One count as its events tell it."""

    opened: CountOpened
    second: int | None = None
    proposal: ResolutionProposed | None = None
    status: str = OPEN
    history: list[str] = field(default_factory=list)

    @property
    def count_id(self) -> int:
        return self.opened.count_id

    @property
    def box(self) -> str:
        o = self.opened
        return f"{o.site} {o.day} table {o.table} shift {o.shift}"

    def members(self) -> tuple[str, str]:
        return self.opened.by, self.opened.partner


def _fold(events: list[Event]) -> dict[int, TeamCount]:
    counts: dict[int, TeamCount] = {}
    for e in events:
        if isinstance(e, CountOpened):
            counts[e.count_id] = TeamCount(e)
            continue
        c = counts.get(getattr(e, "count_id", -1))
        if c is None:  # pragma: no cover - every event follows its opening
            continue
        if isinstance(e, CountEntered):
            c.second = e.amount  # equal counts stay open until the books record them
            c.status = OPEN if e.amount == c.opened.amount else DIFFER
        elif isinstance(e, ResolutionProposed):
            c.proposal = e
        elif isinstance(e, CountRecorded):
            c.status = RECORDED
        elif isinstance(e, CountWithdrawn):
            c.status = WITHDRAWN
    return counts


def _proposal_text(p: ResolutionProposed) -> str:
    """A proposal as a member reads it (and agrees to it): amount, who, how resolved."""
    return f"{format_money(p.amount)} by {p.by}: {p.resolution}"


@dataclass(frozen=True)
class CountView:
    """A count as one member may see it now, with what they may do."""

    count_id: int
    box: str
    opened_by: str
    partner: str
    status: str
    mine: str | None
    """This member's own count, in dollars (None before they entered it)."""
    theirs: str | None
    """The other member's count: shown only once both are entered (-14.4: independently)."""
    proposal: str | None
    may: tuple[str, ...]
    """``enter``, ``propose``, ``agree``, ``withdraw``: what this member may do now."""


class CountingDesk(DayDesk):
    """Two-person drop box counts, each member on their own session (see the module)."""

    def _stream(self) -> str:
        return f"counts-{self.org_id}"

    def _counts(self) -> tuple[dict[int, TeamCount], int]:
        records = self.store.read(self._stream())
        events = [r.event for r in records if r.event is not None]
        return _fold(events), len(records)

    def _append(self, version: int, *events: Event) -> None:
        self.store.append(self._stream(), list(events), version)

    def _today(self) -> str:
        """The date of the count being made: the clock's, in local time."""
        return self.clock.now().astimezone().date().isoformat()

    def _me(self, actor: Actor) -> str:
        authorize(actor, Action.RECORD_COUNT)
        return employee_of(actor)

    def team_counts(self, actor: Actor) -> list[CountView]:
        """The counts this person is a member of that are not finished, newest first."""
        me = self._me(actor)
        with self._lock:
            counts, _ = self._counts()
        out = []
        for c in sorted(counts.values(), key=lambda c: -c.count_id):
            if me in c.members() and c.status in (OPEN, DIFFER):
                out.append(self._view(c, me))
        return out

    def _view(self, c: TeamCount, me: str) -> CountView:
        a, b = c.members()
        first, second = c.opened.amount, c.second
        mine = first if me == a else second
        theirs = second if me == a else first
        both = second is not None
        may: list[str] = ["withdraw"]
        if me == b and second is None:
            may.insert(0, "enter")
        if c.status == OPEN and second is not None:  # equal, the books not yet written
            may.insert(0, "record")
        if c.status == DIFFER:
            may.insert(0, "propose")
            if c.proposal is not None and c.proposal.by != me:
                may.insert(0, "agree")
        proposal = None if c.proposal is None else _proposal_text(c.proposal)
        return CountView(
            c.count_id,
            c.box,
            a,
            b,
            c.status,
            None if mine is None else format_money(mine),
            format_money(theirs) if both and theirs is not None else None,
            proposal,
            tuple(may),
        )

    def open_count(
        self,
        actor: Actor,
        site: str,
        day: str,
        table: int,
        shift: int,
        partner: str,
        amount: str,
        key_holder: str | None = None,
        fill_copies: str | None = None,
        credit_originals: str | None = None,
    ) -> CountView:
        """Open a drop box's count with this member's own count; it waits for ``partner``'s."""
        me = self._me(actor)
        partner = partner.strip()
        cents = parse_amount(amount, "your count")
        with self._lock:
            books = self.books_service.books()
            if (day, table, shift) not in {(d, t, s) for d, t, s, _ in self.awaiting_count(site)}:
                raise InvalidInput(
                    f"no drop box of {site} {day} table {table} shift {shift} awaits its count"
                )
            for person in (me, partner):
                if person not in books.employees:
                    raise InvalidInput(f"no employee {person or '(none)'} in the books")
            if partner == me:
                raise InvalidInput("a count team is two people (99-01.3-08-14.2)")
            # -14.2: who conducted games on the day of the activity or on the day of the count
            conducted = books.dealers_on(site, day) | books.dealers_on(site, self._today())
            facts = CountFacts((me, partner), frozenset(conducted & {me, partner}))
            authorize(actor, Action.RECORD_COUNT, count=facts)
            holder = (key_holder or "").strip() or me
            if holder not in (me, partner):
                raise InvalidInput(
                    "the drop box key is held by a member of the count team (99-01.3-08-14.3)"
                )
            if not books.employees[partner].has(Role.COUNT_TEAM_MEMBER, Role.INDEPENDENT_PERSON):
                # found by an audit: a dealer named as the partner could never enter a count
                # (the policy refuses them), and the box stayed blocked by the open count
                raise InvalidInput(
                    f"{partner} is not a count team member or an independent person and may "
                    "not count a drop box (99-01.3-08-14.2)"
                )
            counts, version = self._counts()
            for c in counts.values():
                o = c.opened
                if (o.site, o.day, o.table, o.shift) == (site, day, table, shift) and c.status in (
                    OPEN,
                    DIFFER,
                ):
                    raise InvalidInput(
                        f"that drop box's count is open already (count {c.count_id})"
                    )
            opened = CountOpened(
                version + 1,
                site,
                day,
                table,
                shift,
                me,
                partner,
                cents,
                holder,
                (fill_copies or "").strip(),
                (credit_originals or "").strip(),
                self.clock.now().isoformat(),
            )
            # what the books would refuse of this count (its slips, key holder, team) is
            # refused now, taking the partner's count as equal: not once both have counted
            self._books_request(books, opened, cents, None, "").build(books, self.clock.now())
            self._append(version, opened)
            counts, _ = self._counts()
            return self._view(counts[opened.count_id], me)

    def _member_count(self, count_id: int, me: str) -> tuple[TeamCount, int]:
        counts, version = self._counts()
        c = counts.get(count_id)
        if c is None or me not in c.members():
            raise NotFound(f"no count {count_id} of yours")
        if c.status not in (OPEN, DIFFER):
            raise InvalidInput(f"count {count_id} is {c.status}")
        return c, version

    def enter_count(self, actor: Actor, count_id: int, amount: str) -> Recorded | CountView:
        """The other member's own count: equal, the books record the count (both members
        having counted); different, both see both figures and resolve the difference."""
        me = self._me(actor)
        cents = parse_amount(amount, "your count")
        with self._lock:
            c, version = self._member_count(count_id, me)
            if me != c.opened.partner:
                raise InvalidInput(
                    f"count {count_id} waits for {c.opened.partner}'s own count "
                    "(each member counts independently, 99-01.3-08-14.4)"
                )
            if c.second is not None:
                raise InvalidInput(f"your count of count {count_id} is entered already")
            if cents == c.opened.amount:
                # equal counts go to the books at once: what the books would refuse (found by
                # an audit: slip numbers they cannot read) is refused before the count is
                # entered, or it would stay entered and unrecordable
                books = self.books_service.books()
                self._books_request(books, c.opened, cents, None, "").build(books, self.clock.now())
            now = self.clock.now().isoformat()
            self._append(version, CountEntered(count_id, me, cents, now))
            if cents != c.opened.amount:
                counts, _ = self._counts()
                return self._view(counts[count_id], me)
            return self._finish(count_id, me, None, "")

    def propose_resolution(
        self, actor: Actor, count_id: int, amount: str, resolution: str
    ) -> CountView:
        """Counts that differ: the amount agreed and how the difference was resolved; the
        other member must agree before the books record it."""
        me = self._me(actor)
        cents = parse_amount(amount, "the amount agreed")
        text = check_text(resolution.strip(), "how the difference was resolved")
        if not text:
            raise InvalidInput("say how the difference was resolved (99-01.3-08-14.4)")
        with self._lock:
            c, version = self._member_count(count_id, me)
            if c.status != DIFFER:
                raise InvalidInput(f"count {count_id} has no difference to resolve")
            now = self.clock.now().isoformat()
            self._append(version, ResolutionProposed(count_id, me, cents, text, now))
            counts, _ = self._counts()
            return self._view(counts[count_id], me)

    def agree_resolution(self, actor: Actor, count_id: int, proposal: str) -> Recorded:
        """The other member agrees to the proposal they read (``proposal``: as ``CountView``
        showed it to them): the books record the count. A proposal made again since they read
        it is not the one they agree to (found by an audit: the proposer could change the
        amount between the other's reading and their agreeing); they read it again."""
        me = self._me(actor)
        with self._lock:
            c, _ = self._member_count(count_id, me)
            p = c.proposal
            if c.status != DIFFER or p is None:
                raise InvalidInput(f"count {count_id} has no proposal to agree to")
            if p.by == me:
                raise InvalidInput(
                    "the other member of the team agrees to a resolution, not the one who "
                    "proposed it (99-01.3-08-14.4)"
                )
            if proposal.strip() != _proposal_text(p):
                raise InvalidInput(
                    f"count {count_id}: the proposal is now {_proposal_text(p)!r}, not the one "
                    "you agreed to; read it again (99-01.3-08-14.4)"
                )
            return self._finish(count_id, me, p.amount, p.resolution)

    def record_count(self, actor: Actor, count_id: int) -> Recorded:
        """Equal counts whose recording was interrupted (the server stopped between the second
        count and the books): either member records them now."""
        me = self._me(actor)
        with self._lock:
            c, _ = self._member_count(count_id, me)
            if c.status != OPEN or c.second is None:
                raise InvalidInput(f"count {count_id} waits for both counts")
            return self._finish(count_id, me, None, "")

    def withdraw_count(self, actor: Actor, count_id: int, reason: str) -> None:
        me = self._me(actor)
        text = check_text(reason.strip(), "the reason")
        with self._lock:
            _, version = self._member_count(count_id, me)
            self._append(version, CountWithdrawn(count_id, me, text, self.clock.now().isoformat()))

    def _books_request(
        self, books: Books, o: CountOpened, second: int, resolved: int | None, resolution: str
    ) -> Request:
        """The books' count entry of this team's count."""
        from croupier.service.books.close import CountTyped
        from croupier.service.books.close import count as count_request

        initials = ",".join(books.employees[e].initials for e in (o.by, o.partner))
        typed = CountTyped(
            f"{o.by},{o.partner}",
            o.key_holder,
            format_money(o.amount),
            format_money(second),
            initials,
            None if resolved is None else format_money(resolved),
            resolution,
            None,
            o.fill_copies or None,
            o.credit_originals or None,
            self._today(),  # -14.4: dated the day the count is made
        )
        return count_request(o.site, o.day, o.table, o.shift, typed)

    def _finish(self, count_id: int, me: str, resolved: int | None, resolution: str) -> Recorded:
        """Record the count in the books (both counts entered, any difference agreed), then
        mark it recorded. Refused by the books, nothing is marked."""
        counts, version = self._counts()
        c = counts[count_id]
        o = c.opened
        assert c.second is not None
        books = self.books_service.books()
        shift = books.shifts.get((o.site, o.day, o.table, o.shift))
        if shift is not None and shift.count is not None:  # the books have it: mark it only
            self._append(version, CountRecorded(count_id, me, self.clock.now().isoformat()))
            return Recorded((f"count {count_id} was recorded in the books already",), None)
        done = self._record(self._books_request(books, o, c.second, resolved, resolution))
        self._append(version, CountRecorded(count_id, me, self.clock.now().isoformat()))
        return done
