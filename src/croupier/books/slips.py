"""Fill and credit slips (99-01.3-08-05).

A fill slip moves chips from the chip bank (or, temporarily, a jar bar) to a table; a credit slip
returns them. The forms are separate, consecutively numbered, used in order and all accounted
for: the books issue the next number themselves, and a spoiled form is voided (marked VOID and
initialed by the preparer), never skipped. Chips never move directly between two tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from croupier.books import events as ev
from croupier.books.guards import (
    employee,
    require_open_day,
    require_open_shift,
    require_role,
    require_table,
    stamp,
)
from croupier.books.model import Chips, Counterpart, Role, SlipKind, chips_total, take_chips
from croupier.books.state import Books
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event

SLIPS = "99-01.3-08-05"
FILL_PREPARERS = (Role.CASHIER, Role.PIT_BOSS, Role.SHIFT_MANAGER)
CREDIT_PREPARERS = (Role.DEALER, Role.WHEEL_OPERATOR, Role.PIT_BOSS, Role.SHIFT_MANAGER)
VERIFIERS = (Role.SHIFT_MANAGER, Role.PIT_BOSS, Role.GAMING_MANAGER)


def transfer_between_tables(
    books: Books, site_id: str, from_table: int, to_table: int
) -> list[Event]:
    """Always refused: an organization may not transfer or exchange chips directly between two
    tables (99-01.3-08-05.1); use a credit slip to the chip bank and a fill slip from it."""
    require_table(books, site_id, from_table)
    require_table(books, site_id, to_table)
    raise RuleViolation(
        f"chips may not be transferred or exchanged directly between table {from_table} and "
        f"table {to_table}; return them to the chip bank on a credit slip and issue a fill slip",
        "99-01.3-08-05.1",
    )


def issue_slip(
    books: Books,
    kind: SlipKind,
    site_id: str,
    table: int,
    lines: Chips,
    at: datetime,
    preparer_id: str,
    cashier_id: str,
    verifier_id: str | None,
    counterpart: Counterpart = Counterpart.CHIP_BANK,
) -> list[Event]:
    """Prepare, verify and complete a fill or credit slip; chips move when it is complete.

    ``cashier_id`` is the chip bank cashier (or dealer acting as cashier) who initials the fill
    original or verifies the credit copy; the table's dealer or wheel operator initials the fill
    copy or the credit original (99-01.3-08-05.3.c, .6). ``verifier_id`` is the shift manager or
    authorized employee, not presently dealing, who verifies and carries the chips (.5).
    """
    key, rec = require_open_shift(books, site_id, table)
    iso = require_open_day(books, site_id, date.fromisoformat(key[1]))
    tbl = books.tables[(site_id, table)]
    dealer_id = rec.started.dealer_id
    if kind is SlipKind.FILL:
        require_role(books, preparer_id, FILL_PREPARERS, "prepare a fill slip", f"{SLIPS}.3")
        require_role(
            books,
            cashier_id,
            (Role.CASHIER, Role.DEALER),
            "initial a fill slip as the chip bank cashier",
            f"{SLIPS}.3.c",
        )
    else:
        require_role(books, preparer_id, CREDIT_PREPARERS, "prepare a credit slip", f"{SLIPS}.3")
        require_role(
            books,
            cashier_id,
            (Role.CASHIER, Role.DEALER),
            "verify and retain the copy of a credit slip",
            f"{SLIPS}.6",
        )
    if not lines or chips_total(lines) <= 0:
        raise InvalidInput("a slip must list at least one chip")
    dealing_now = {
        books.shifts[k].started.dealer_id for k in books.sites[site_id].open_shift.values()
    }
    on_duty = set(books.days[(site_id, iso)].opened.on_duty)
    if verifier_id is None:
        available = [
            p
            for p in on_duty - dealing_now
            if p in books.employees and books.employees[p].has(Role.SHIFT_MANAGER)
        ]
        if available:
            raise RuleViolation(
                f"shift manager {sorted(available)[0]} is on duty and not dealing, so must verify "
                "the chips and initial the original",
                f"{SLIPS}.5",
            )
    else:
        require_role(books, verifier_id, VERIFIERS, "verify a slip", f"{SLIPS}.5")
        if verifier_id == preparer_id:
            raise RuleViolation(
                f"{verifier_id} prepared this slip and may not also verify it: the verification "
                "is a second person's check of the chips",
                f"{SLIPS}.5",
            )
        if verifier_id in dealing_now:
            raise RuleViolation(
                f"{verifier_id} is presently dealing or operating a paddlewheel and may not verify "
                "a slip",
                f"{SLIPS}.5",
            )
    st = books.sites[site_id]
    if kind is SlipKind.FILL:
        source = st.chip_bank if counterpart is Counterpart.CHIP_BANK else st.jar_bar
        if take_chips(source, lines) is None:
            raise InvalidInput(f"the {counterpart.value} does not hold the chips on the fill slip")
    elif take_chips(st.trays[table], lines) is None:
        raise InvalidInput(f"the tray of table {table} does not hold the chips on the credit slip")
    number = books.next_number[kind]
    return [
        ev.SlipIssued(
            kind,
            number,
            tbl.game,
            site_id,
            iso,
            stamp(at),
            table,
            counterpart,
            lines,
            chips_total(lines),
            preparer_id,
            cashier_id,
            dealer_id,
            verifier_id,
        )
    ]


def void_slip(
    books: Books,
    kind: SlipKind,
    site_id: str,
    day: date,
    at: datetime,
    preparer_id: str,
    initials: str,
) -> list[Event]:
    """Void the next form of its series: original and copy marked VOID and initialed by the
    preparer (99-01.3-08-05.2). The number is used and accounted for."""
    iso = require_open_day(books, site_id, day)
    person = employee(books, preparer_id)
    preparers = FILL_PREPARERS if kind is SlipKind.FILL else CREDIT_PREPARERS
    require_role(books, preparer_id, preparers, f"prepare (and void) a {kind.value} slip", SLIPS)
    if initials.strip().upper() != person.initials.upper():
        raise RuleViolation(
            f"a voided slip is initialed by its preparer ({person.initials}), not {initials!r}",
            f"{SLIPS}.2",
        )
    return [
        ev.SlipVoided(
            kind, books.next_number[kind], site_id, iso, stamp(at), preparer_id, person.initials
        )
    ]


@dataclass(frozen=True, slots=True)
class SlipLine:
    """One number of a slip series as the register shows it."""

    kind: SlipKind
    number: int
    status: str
    entry: ev.SlipIssued | ev.SlipVoided | None


def slip_register(books: Books, kind: SlipKind) -> list[SlipLine]:
    """Every number of a series from the first to the last used, each accounted for."""
    lines: list[SlipLine] = []
    for number in range(books.first_number[kind], books.next_number[kind]):
        entry = books.slips.get((kind, number))
        status = (
            "missing" if entry is None else "VOID" if isinstance(entry, ev.SlipVoided) else "issued"
        )
        lines.append(SlipLine(kind, number, status, entry))
    return lines


def unaccounted_numbers(books: Books, kind: SlipKind) -> list[int]:
    """Numbers of the series that no issued or voided slip accounts for (should be empty)."""
    return [line.number for line in slip_register(books, kind) if line.status == "missing"]


def where_parts_go(kind: SlipKind) -> tuple[str, str]:
    """(original, copy) destinations (99-01.3-08-05.4, .6)."""
    if kind is SlipKind.FILL:
        return ("daily records (chip bank cashier)", "drop box (dealer or wheel operator)")
    return ("drop box (dealer or wheel operator)", "daily records (cashier)")
