"""Drop box cash count (99-01.3-08-14, 99-01.3-11-04.5): the two-person count team and its
independence, key control, two independent counts with differences resolved, initials and date;
corrections as new entries."""

from __future__ import annotations

from datetime import date, datetime

from croupier.books import events as ev
from croupier.books.guards import employee, require_positive, require_table, stamp
from croupier.books.model import Affiliation, Role, SlipKind, check_text
from croupier.books.state import Books
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.core.money import format_money

TEAM = "99-01.3-08-14.2"
KEYS = "99-01.3-08-14.3"
COUNT = "99-01.3-08-14.4"


def check_count_team(
    books: Books, member_a: str, member_b: str, site_id: str, activity_day: str, count_day: str
) -> None:
    """Refuse a count team that is not independent (99-01.3-08-14.2)."""
    a, b = employee(books, member_a), employee(books, member_b)
    if a.employee_id == b.employee_id:
        raise RuleViolation("a drop box is opened by a two-person count team", TEAM)
    for person in (a, b):
        if person.has(Role.AUDITOR):
            raise RuleViolation(
                f"{person.name} is responsible for auditing the activity and may not be a count "
                "team member",
                TEAM,
            )
    if a.supervisor_id == b.employee_id or b.supervisor_id == a.employee_id:
        raise RuleViolation(
            f"{a.name} and {b.name} have a direct supervisor and subordinate relationship and may "
            "not form a count team",
            TEAM,
        )
    contractor = Affiliation.REPRESENTATIVE in (a.affiliation, b.affiliation)
    related = (
        (a.household_id is not None and a.household_id == b.household_id)
        or b.employee_id in a.relatives
        or a.employee_id in b.relatives
    )
    if related and not contractor:
        raise RuleViolation(
            f"{a.name} and {b.name} are relatives or members of one household and may not form a "
            "count team",
            TEAM,
        )
    kinds = sorted((a.affiliation.value, b.affiliation.value))
    allowed = [
        sorted((Affiliation.INDEPENDENT_PERSON.value, Affiliation.GAMING_EMPLOYEE.value)),
        [Affiliation.REPRESENTATIVE.value] * 2,
        [Affiliation.NONGAMING_EMPLOYEE.value] * 2,
        [Affiliation.GAMING_EMPLOYEE.value] * 2,
    ]
    if kinds not in allowed:
        raise RuleViolation(
            f"a count team of a {kinds[0]} and a {kinds[1]} is not one the rule allows: an "
            "independent person and a gaming employee; two representatives of a financial "
            "institution, accounting firm, security agency or security company; two nongaming "
            "employees; or two gaming employees one of whom did not conduct games at the site",
            TEAM,
        )
    if kinds == allowed[3]:
        dealt = books.dealers_on(site_id, activity_day) | books.dealers_on(site_id, count_day)
        if a.employee_id in dealt and b.employee_id in dealt:
            raise RuleViolation(
                f"both {a.name} and {b.name} conducted games at site {site_id!r} on the day of the "
                "activity or of the count; two gaming employees may count only if one did not",
                TEAM,
            )


def slips_found(numbers: tuple[int, ...], what: str, section: str) -> tuple[int, ...]:
    """The numbers of the slips a count found in a drop box (fill slip copies, -05.6; credit
    slip originals, -05.4), in order: each a slip number (from 1) listed once, or one line
    saying which is not."""
    seen: set[int] = set()
    for n in numbers:
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise InvalidInput(
                f"{what} {n!r} is not a slip number: slips are numbered from 1 ({section})"
            )
        if n in seen:
            raise InvalidInput(f"{what} {n} is listed twice: each slip is found once ({section})")
        seen.add(n)
    return tuple(sorted(seen))


def count_drop_box(
    books: Books,
    site_id: str,
    day: date,
    table: int,
    shift: int,
    count_day: date,
    member_a: str,
    member_b: str,
    key_holder: str,
    second_key_holder: str | None,
    first_count: int,
    second_count: int,
    resolved: int,
    resolution: str,
    initials_a: str,
    initials_b: str,
    fill_copies_found: tuple[int, ...],
    credit_originals_found: tuple[int, ...],
) -> list[Event]:
    """Record the count of one drop box by an independent two-person team."""
    require_table(books, site_id, table)
    iso, count_iso = day.isoformat(), count_day.isoformat()
    rec = books.shifts.get((site_id, iso, table, shift))
    if rec is None:
        raise InvalidInput(f"no shift {shift} of table {table} at {site_id!r} on {iso}")
    if rec.ended is None:
        raise InvalidInput("the drop box is still on the table; end the shift to remove it first")
    if rec.count is not None:
        raise RuleViolation(
            "this drop box was already counted; a change is a correction entry", "99-01.3-08-16"
        )
    if count_day < day:
        raise InvalidInput("a drop box cannot be counted before the day of its activity")
    check_count_team(books, member_a, member_b, site_id, iso, count_iso)
    if key_holder not in (member_a, member_b):
        raise RuleViolation("the drop box key is controlled by one count team member", KEYS)
    other = member_b if key_holder == member_a else member_a
    if second_key_holder is not None and second_key_holder != other:
        raise RuleViolation(
            "the key to a second lock is controlled by the other count team member", KEYS
        )
    for value, what in (
        (first_count, "first count"),
        (second_count, "second count"),
        (resolved, "resolved amount"),
    ):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InvalidInput(f"the {what} must be zero or more cents, got {value!r}")
    check_text(resolution, "resolution")
    if first_count != second_count:
        if not resolution.strip():
            raise RuleViolation(
                f"the two counts differ ({format_money(first_count)} and "
                f"{format_money(second_count)}); the team must resolve the difference and say how",
                COUNT,
            )
    elif resolved != first_count:
        raise RuleViolation(
            f"both counts found {format_money(first_count)}; the resolved amount must agree",
            COUNT,
        )
    fills = slips_found(fill_copies_found, "fill slip copy", "99-01.3-08-05.6")
    credits = slips_found(credit_originals_found, "credit slip original", "99-01.3-08-05.4")
    for member, initials in ((member_a, initials_a), (member_b, initials_b)):
        person = employee(books, member)
        if initials.strip().upper() != person.initials.upper():
            raise RuleViolation(
                f"the count documentation must be initialed by {person.name} "
                f"({person.initials}), not {initials!r}",
                COUNT,
            )
    return [
        ev.DropBoxCounted(
            site_id,
            iso,
            table,
            shift,
            count_iso,
            member_a,
            member_b,
            key_holder,
            second_key_holder,
            first_count,
            second_count,
            resolved,
            resolution.strip(),
            initials_a.strip().upper(),
            initials_b.strip().upper(),
            fills,
            credits,
        )
    ]


def correct_count(
    books: Books, entry: int, cents: int, reason: str, by: str, at: datetime
) -> list[Event]:
    """A correction of a recorded count: a new entry that references it (99-01.3-08-16)."""
    if not isinstance(books.entry(entry), ev.DropBoxCounted):
        raise InvalidInput(f"entry {entry} is not a drop box count")
    if not reason.strip():
        raise InvalidInput("a correction must say why")
    check_text(reason, "reason")
    if cents != 0:
        require_positive(cents, "corrected drop box cash")
    employee(books, by)
    return [ev.CountCorrected(entry, cents, reason.strip(), by, stamp(at))]


def slip_discrepancies(books: Books, site_id: str, day: str) -> list[str]:
    """Slips that should be in a counted drop box but were not found, or found but not issued:
    fill copies and credit originals go into the table's drop box (99-01.3-08-05.4, .6)."""
    problems: list[str] = []
    counted = [
        (key, rec)
        for key, rec in books.shifts.items()
        if key[0] == site_id and key[1] == day and rec.count is not None
    ]  # the day's shifts picked out before sorting: the books hold every day's
    for key, rec in sorted(counted, key=lambda kr: kr[0]):
        if rec.count is None:  # pragma: no cover - filtered above (for the type checker)
            continue
        expected = {
            SlipKind.FILL: {s.number for s in rec.fills},
            SlipKind.CREDIT: {s.number for s in rec.credits},
        }
        found = {
            SlipKind.FILL: set(rec.count.slips_found),
            SlipKind.CREDIT: set(rec.count.credit_slips_found),
        }
        for kind in SlipKind:
            for n in sorted(expected[kind] - found[kind]):
                problems.append(f"table {key[2]} shift {key[3]}: {kind.value} slip {n} not found")
            for n in sorted(found[kind] - expected[kind]):
                problems.append(
                    f"table {key[2]} shift {key[3]}: {kind.value} slip {n} found but not issued to "
                    "this shift"
                )
    return problems
