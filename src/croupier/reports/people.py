"""The people a record names, by name and role: who the form is about (dealers, wheel operators,
cashiers, the count team) and who is answerable for it (the gaming manager).

Each builder collects employee ids with what they did in the record; ``People.build`` looks
their names and registered roles up in the books. An id the books do not know is still listed
("not registered"), never dropped.
"""

from __future__ import annotations

from collections.abc import Iterable

from croupier.books import events as ev
from croupier.books.consistency import corrupt_positions
from croupier.books.model import Role
from croupier.books.state import Books
from croupier.reports.model import FormPerson

_ROLE_ORDER = {role: i for i, role in enumerate(Role)}


class People:
    """Employee ids in the order first named, each with what they did in the record: an action
    ("count team") and the things it was done to ("table 1 shift 1"), gathered per action."""

    def __init__(self, books: Books) -> None:
        self.books = books
        self._did: dict[str, dict[str, list[str]]] = {}

    def add(self, employee_id: str | None, did: str, what: str | None = None) -> None:
        if not employee_id:
            return
        things = self._did.setdefault(employee_id, {}).setdefault(did, [])
        if what is not None and what not in things:
            things.append(what)

    def gaming_managers(self) -> None:
        """The organization's gaming managers: every record is kept under their authority."""
        for emp_id, emp in sorted(self.books.employees.items()):
            if Role.GAMING_MANAGER in emp.roles:
                self.add(emp_id, "gaming manager")

    def named(self) -> list[tuple[str, tuple[str, ...]]]:
        """Each employee id with the actions they did, in the order first named."""
        return [(emp_id, tuple(did)) for emp_id, did in self._did.items()]

    def _text(self, employee_id: str) -> str:
        return "; ".join(
            f"{did}: {', '.join(things)}" if things else did
            for did, things in self._did[employee_id].items()
        )

    def build(self) -> tuple[FormPerson, ...]:
        out: list[FormPerson] = []
        for emp_id in self._did:
            emp = self.books.employees.get(emp_id)
            if emp is None:
                out.append(FormPerson("not registered", emp_id, "", self._text(emp_id)))
                continue
            roles = ", ".join(r.value for r in sorted(emp.roles, key=_ROLE_ORDER.__getitem__))
            out.append(FormPerson(emp.name, emp_id, roles, self._text(emp_id)))
        return tuple(out)


def slip_people(people: People, slips: Iterable[ev.SlipIssued | ev.SlipVoided]) -> None:
    """Whoever prepared, verified, took or received a fill or credit slip (99-01.3-08-05.3)."""
    for s in slips:
        kind, number = s.kind.value, str(s.number)
        if isinstance(s, ev.SlipIssued):
            people.add(s.preparer_id, f"prepared {kind} slips", number)
            people.add(s.verifier_id, f"verified {kind} slips", number)
            people.add(s.cashier_id, f"cashier on {kind} slips", number)
            people.add(s.dealer_id, f"dealer or operator on {kind} slips", number)
        else:
            people.add(s.preparer_id, f"voided {kind} slips", number)


def count_people(people: People, count: ev.DropBoxCounted) -> None:
    """The count team and the key holders of one drop box count (99-01.3-08-14)."""
    box = f"table {count.table} shift {count.shift}"
    people.add(count.member_a, "count team", box)
    people.add(count.member_b, "count team", box)
    people.add(count.key_holder, "drop box key", box)
    people.add(count.second_key_holder, "second key", box)


def day_people(books: Books, site_id: str, day: str) -> People:
    """Everyone in one site's gaming day: opened and closed it, on duty, dealt, signed slips,
    redeemed, deposited, counted the drop boxes, reviewed the cameras."""
    people = People(books)
    people.gaming_managers()
    rec = books.days[(site_id, day)]
    people.add(rec.opened.opened_by, "opened the day")
    for emp_id in rec.opened.on_duty:
        people.add(emp_id, "on duty")
    for key in rec.shifts:
        shift = books.shifts[key]
        st = shift.started
        where = f"table {st.table} shift {st.shift}"
        people.add(st.dealer_id, "dealer or operator", where)
        people.add(st.shoe_inspected_by, "inspected the shoe", where)
        if shift.ended is not None:
            people.add(shift.ended.removed_by, "removed the drop box", where)
            people.add(shift.ended.escort_id, "escorted the drop box", where)
        if shift.count is not None:
            count_people(people, shift.count)
    slip_people(people, rec.slips)
    for r in rec.redemptions:
        people.add(r.cashier_id, "cashier on chip redemptions")
    for t in rec.tip_redemptions:
        people.add(t.cashier_id, "cashier on tip redemptions")
        people.add(t.dealer_id, "redeemed tips")
    for iou in rec.ious:
        people.add(iou.by_id, "wrote an IOU")
    for d in rec.deposits:
        people.add(d.by_id, "bank deposit")
    for review in rec.reviews:
        people.add(review.reviewer_id, "daily surveillance review")
    for cup in books.t21_tournaments.tournaments.values():
        if cup.registered.site_id == site_id:
            for f in cup.fees:
                if f.day == day:
                    people.add(
                        f.collected_by, "collected tournament fees", cup.registered.tournament_id
                    )
    if rec.closed is not None:
        people.add(rec.closed.closed_by, "closed the day")
    return people


def quarter_people(books: Books, days: Iterable[tuple[str, str]]) -> People:
    """Everyone in the gaming days of a period, with what they did and the number of gaming
    days they did anything."""
    kinds: dict[str, dict[str, set[tuple[str, str]]]] = {}
    for key in days:
        for emp_id, did in day_people(books, *key).named():
            for d in did:
                kinds.setdefault(emp_id, {}).setdefault(d, set()).add(key)
    people = People(books)
    people.gaming_managers()
    for emp_id, by_kind in kinds.items():
        if set(by_kind) == {"gaming manager"}:
            continue
        days_worked = {k for ks in by_kind.values() for k in ks}
        what = ", ".join(k for k in by_kind if k != "gaming manager")
        n = len(days_worked)
        people.add(emp_id, f"{what} ({n} gaming day{'s' if n != 1 else ''})")
    return people


def poker_people(books: Books) -> People:
    """Occasion managers, tournament directors, the employees who collected fees or whose
    time worked is recorded (99-01.3-09-07.1.b)."""
    from croupier.books.poker_ledger import PokerTournamentFee

    people = People(books)
    people.gaming_managers()
    for occ_id, occ in sorted(books.poker.occasions.items()):
        people.add(occ.opened.manager_id, "manager of occasion", occ_id)
        for t_id, t in sorted(occ.tournaments.items()):
            people.add(t.director_id, "director of tournament", f"{occ_id} {t_id}")
        for f in occ.half_hour_fees:
            people.add(f.collected_by, "collected half-hour fees", occ_id)
        for w in occ.time_worked:
            people.add(w.employee_id, "time worked recorded", occ_id)
    corrupt = corrupt_positions(books)  # read back but not data (``books.consistency``)
    for position, e in enumerate(books.entries, books.base):
        if isinstance(e, PokerTournamentFee) and position not in corrupt:
            people.add(
                e.collected_by, "collected tournament fees", f"{e.occasion_id} {e.tournament_id}"
            )
    return people
