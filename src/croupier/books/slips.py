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
    require_game_chips,
    require_open_day,
    require_open_shift,
    require_role,
    require_table,
    stamp,
)
from croupier.books.model import (
    Chips,
    Counterpart,
    Game,
    Role,
    SlipKind,
    chips_total,
    take_chips,
)
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
    form: int | None = None,
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
    require_game_chips(books, site_id, table, lines, f"a {kind.value} slip")
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
    check_form(books, site_id, tbl.game, kind, form)
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
            form,
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
    form: int | None = None,
    game: Game | None = None,
) -> list[Event]:
    """Void a form: original and copy marked VOID and initialed by the preparer
    (99-01.3-08-05.2). Without ``form``, the next number of the books' own series is voided;
    with it, the pre-printed form of that number in the site's series of ``game`` (it is then
    used and accounted for in that series; the books' entry number records the VOID entry)."""
    iso = require_open_day(books, site_id, day)
    person = employee(books, preparer_id)
    preparers = FILL_PREPARERS if kind is SlipKind.FILL else CREDIT_PREPARERS
    require_role(books, preparer_id, preparers, f"prepare (and void) a {kind.value} slip", SLIPS)
    if initials.strip().upper() != person.initials.upper():
        raise RuleViolation(
            f"a voided slip is initialed by its preparer ({person.initials}), not {initials!r}",
            f"{SLIPS}.2",
        )
    if form is not None and game is None:
        raise InvalidInput("a pre-printed form is voided in its game's series: give the game")
    if game is not None and form is None:
        raise InvalidInput("give the number of the pre-printed form voided")
    if game is not None:
        if not any(t.game is game for (s, _), t in books.tables.items() if s == site_id):
            raise InvalidInput(f"site {site_id} has no {game.value} table: no such form series")
        check_form(books, site_id, game, kind, form)
    return [
        ev.SlipVoided(
            kind,
            books.next_number[kind],
            site_id,
            iso,
            stamp(at),
            preparer_id,
            person.initials,
            form,
            game,
        )
    ]


FORM_JUMP = 1_000
"""The furthest a form may be from the numbers its series has used: a printer's book or box of
forms, not a typing slip (whose gap would be reported as missing numbers by the thousand)."""


def check_form(books: Books, site_id: str, game: Game, kind: SlipKind, form: int | None) -> None:
    """A pre-printed form's number: a positive number not used before in the site's series of
    ``game`` and ``kind`` (issued or voided); the forms are all accounted for (-05.2). Once a
    site has keyed a form of a series, every slip of that series names its form."""
    series = books.sites[site_id].forms.get((game, kind))
    if form is None:
        if series is not None and series.highest:
            # issue 30: a site keying its forms' numbers keys every one; a slip without its
            # number is not accounted for among the forms (and could be the same paper twice)
            raise RuleViolation(
                f"the {site_id} {game.value} {kind.value} slips are pre-printed forms "
                f"({series.lowest} to {series.highest} used): key this slip's form number",
                f"{SLIPS}.2",
            )
        return
    if isinstance(form, bool) or not isinstance(form, int) or not 1 <= form <= 999_999_999:
        raise InvalidInput(f"a form number is a number from 1 to 999999999, not {form!r}")
    if (
        series is not None
        and series.highest
        and not (series.lowest - FORM_JUMP <= form <= series.highest + FORM_JUMP)
    ):
        raise InvalidInput(
            f"{kind.value} form {form} is far from the {site_id} {game.value} series "
            f"({series.lowest} to {series.highest} used): a form more than {FORM_JUMP:,} "
            "numbers away is a new series (a typing slip?); check the number on the form"
        )
    if series is not None and series.used(form):
        was = series.forms.get(form)
        how = (
            "voided"
            if isinstance(was, ev.SlipVoided)
            else f"issued as entry {was.number} on {was.day}"
            if was is not None
            else "used before"
        )
        raise RuleViolation(
            f"{kind.value} form {form} of the {site_id} {game.value} series was {how}: a form "
            "is used once (the same paper slip keyed twice?)",
            f"{SLIPS}.2",
        )


@dataclass(frozen=True, slots=True)
class FormLine:
    """One number of a site's pre-printed form series as its register shows it."""

    site_id: str
    game: Game
    kind: SlipKind
    number: int
    status: str
    """issued, VOID, missing (never used, below the highest used) or out of order."""
    entry: ev.SlipIssued | ev.SlipVoided | None


def form_registers(books: Books, kind: SlipKind) -> list[FormLine]:
    """Every series of pre-printed ``kind`` forms, site by site and game by game: each number
    from the lowest used to the highest, issued, VOID or missing, and those used after a
    higher one marked out of order."""
    out: list[FormLine] = []
    for site_id in sorted(books.sites):
        for (game, k), series in sorted(
            books.sites[site_id].forms.items(), key=lambda i: i[0][0].value
        ):
            if k is not kind or not series.forms:
                continue
            late = set(series.out_of_order)
            for n in range(series.lowest, series.highest + 1):
                entry = series.forms.get(n)
                if entry is None:
                    status = "missing" if n in series.unused else "before these books"
                elif isinstance(entry, ev.SlipVoided):
                    status = "VOID"
                else:
                    status = "issued"
                if n in late and entry is not None:
                    status += " (out of order)"
                out.append(FormLine(site_id, game, kind, n, status, entry))
    return out


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
