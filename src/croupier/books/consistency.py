"""Readers check what they read: every books entry read back from the store is re-validated
before it becomes part of the books.

The hash chain proves that stored entries were not edited unless the editor also recomputed the
hashes (``croupier.store``; the signed anchors catch that rewrite). This module catches what a
rewrite cannot hide: an entry whose content no longer adds up. Two checks, both pure:

- ``check(event)``: the entry's internal consistency, field by field, against the rule that
  defines the record (a slip's grand total is the value of its chip lines, 99-01.3-08-05.3.b;
  chips are sold for currency of equal value, 99-01.3-08-07.3; agreeing counts resolve to
  their amount, 99-01.3-08-14.4; amounts are positive whole cents; times and days parse...).
- ``check_in_books(books, event)``: the entry against the books as they stand before it (a slip
  number out of series, 99-01.3-08-05.2; a table, shift, day or series that the books do not
  hold; chips taken from a tray, bank or player that does not hold them). Every book-keeping
  step that ``Books.apply`` takes for granted is checked here, so that a corrupt entry never
  raises half-way through ``apply``.

``apply_checked(books, event, stream, seq)`` applies a sound entry and records an unsound one as
a ``CorruptEntry`` (stream, seq, what is wrong) in ``books.corrupt`` instead of applying it: the
entry keeps its position in ``books.entries`` (positions are what corrections cite) but changes
no total, tray or register. ``banner_lines(books)`` gives one line per corrupt entry for the top
of a report or status; ``refusal(books)`` the one line a writing command is refused with.
See ``docs/consistency.md`` and ``docs/interpretations/books.md`` (what counts as inconsistent).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from datetime import date, datetime
from typing import Any

from croupier.books import events as ev
from croupier.books.carry import carry_forward, differences, is_quiet
from croupier.books.digest import differences as digest_differences
from croupier.books.model import (
    Chips,
    Counterpart,
    Game,
    SlipKind,
    Token,
    chips_total,
)
from croupier.books.opening import site_activity
from croupier.books.periods import closing_of
from croupier.books.poker_ledger import (
    PokerBuyInRedeemed,
    PokerHalfHourFee,
    PokerOccasionOpened,
    PokerPrizePaid,
    PokerTimeWorked,
    PokerTournamentFee,
    PokerTournamentStarted,
)
from croupier.books.quarters import Quarter
from croupier.books.slips import FORM_JUMP
from croupier.books.state import Books, CorruptEntry
from croupier.books.tickets_ledger import (
    MAX_SERIES_CARDS,
    TicketCardRefunded,
    TicketCardSold,
    TicketPrizePaid,
    TicketSeriesRegistered,
    TicketSpin,
)
from croupier.books.tournament21 import FEE_CAP as T21_FEE_CAP
from croupier.books.tournament21 import fee_refusal as t21_fee_refusal
from croupier.books.tournament21 import prize_refusal as t21_prize_refusal
from croupier.books.tournament21 import site_refusal as t21_site_refusal
from croupier.books.tournament21 import void_refusal as t21_void_refusal
from croupier.books.tournament21_ledger import (
    Tournament21Fee,
    Tournament21FeeVoided,
    Tournament21Prize,
    Tournament21Registered,
)
from croupier.core.errors import InvalidInput
from croupier.core.events import Event

SLIPS = "99-01.3-08-05"
SALES = "99-01.3-08-07.3"
REDEMPTION = "99-01.3-08-06.2"
COUNT = "99-01.3-08-14"
RECORDS = "99-01.3-08-16"
SERIES_SLACK = 1000
"""How far past the next number a slip out of series may move the series on (so that one
edited number flags that slip and the next, not every later one; an absurd number is not
followed)."""

_TOKEN_ORDER: dict[Token, int] = {t: i for i, t in enumerate(Token)}


# -- field checks ----------------------------------------------------------------------------


def _cents(value: object, what: str, *, positive: bool = True) -> list[str]:
    if isinstance(value, bool) or not isinstance(value, int):
        return [f"{what} is not a whole number of cents"]
    if positive and value <= 0:
        return [f"{what} is not a positive amount"]
    if value < 0:
        return [f"{what} is a negative amount"]
    return []


def _count(value: object, what: str, least: int = 1) -> list[str]:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        return [f"{what} is not a whole number of {least} or more"]
    return []


def _time(value: object, what: str = "its time") -> list[str]:
    if not isinstance(value, str):
        return [f"{what} is not a time"]
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return [f"{what} is not an ISO 8601 time"]
    if parsed.tzinfo is None:
        return [f"{what} has no UTC offset"]
    return []


def _day(value: object, what: str = "its gaming day") -> list[str]:
    if not isinstance(value, str):
        return [f"{what} is not a date"]
    try:
        date.fromisoformat(value)
    except ValueError:
        return [f"{what} is not an ISO 8601 date"]
    return []


def _visible(value: object, what: str, *, spaces: bool, empty: bool = False) -> list[str]:
    """An id (no space), a name (single inner spaces) or free text as the commands accept it
    (``model.check_identifier``, ``check_name``, ``check_text``), with a fast path for plain
    ASCII (reading a million entries should not cost a Unicode lookup per character)."""
    if not isinstance(value, str):
        return [f"{what} is not text"]
    if not value:
        return [] if empty else [f"{what} is empty"]
    if value.isascii() and value.isprintable():
        if not spaces and " " in value:
            return [f"{what} holds a space"]
        if spaces and not empty and value != value.strip():
            return [f"{what} starts or ends with a space"]
        return []
    from croupier.books.model import check_identifier, check_name, check_text

    check: Callable[[object, str], str] = (
        check_text if empty else check_name if spaces else check_identifier
    )
    try:
        check(value, what)
    except InvalidInput:
        return [f"{what} holds an invisible or direction-changing character"]
    return []


def _id(value: object, what: str) -> list[str]:
    return _visible(value, what, spaces=False)


def _optional_id(value: object, what: str) -> list[str]:
    return [] if value is None else _id(value, what)


def _ids(values: Iterable[object], what: str) -> list[str]:
    return [p for v in values for p in _id(v, what)]


def _name(value: object, what: str) -> list[str]:
    return _visible(value, what, spaces=True)


def _text(value: object, what: str) -> list[str]:
    return _visible(value, what, spaces=True, empty=True)


def _chips(lines: object, what: str, *, nonempty: bool = False, section: str = "") -> list[str]:
    """Chips as the books keep them: one line per value, in value order, quantities positive."""
    cite = f" ({section})" if section else ""
    if not isinstance(lines, tuple):
        return [f"{what} are not a list of chip lines{cite}"]
    problems: list[str] = []
    last = -1
    for line in lines:
        token = getattr(line, "token", None)
        quantity = getattr(line, "quantity", None)
        if not isinstance(token, Token):
            problems.append(f"{what} hold a line that is not a chip value{cite}")
            continue
        if isinstance(quantity, bool) or not isinstance(quantity, int) or quantity <= 0:
            problems.append(f"{what} hold a line whose quantity is not a positive number{cite}")
        index = _TOKEN_ORDER[token]
        if index <= last:
            problems.append(f"{what} list chips of one value twice or out of order{cite}")
        last = index
    if nonempty and not lines:
        problems.append(f"{what} list no chips{cite}")
    return problems


def _value(lines: Chips) -> int:
    return chips_total(lines)


# -- check(event): internal consistency, one function per event type ---------------------------


def _organization(e: ev.OrganizationRegistered) -> list[str]:
    return [
        *_id(e.org_id, "the organization id"),
        *_name(e.name, "the organization name"),
        *_count(e.first_fill_number, "the first fill slip number"),
        *_count(e.first_credit_number, "the first credit slip number"),
    ]


def _site(e: ev.SiteRegistered) -> list[str]:
    return [*_id(e.site_id, "the site id"), *_name(e.name, "the site name")]


def _table(e: ev.TableRegistered) -> list[str]:
    return [*_id(e.site_id, "the site id"), *_count(e.number, "the table number")]


def _employee(e: ev.EmployeeRegistered) -> list[str]:
    return [
        *_id(e.employee_id, "the employee id"),
        *_name(e.name, "the employee's name"),
        *_name(e.initials, "the employee's initials"),
        *_optional_id(e.supervisor_id, "the supervisor id"),
        *_optional_id(e.household_id, "the household id"),
        *_ids(e.relatives, "a relative's id"),
    ]


def _inventory(e: ev.ChipInventoryReceived) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_chips(e.chips, "the chips received", nonempty=True),
        *_time(e.at),
    ]


def _funded(e: ev.CashBankFunded) -> list[str]:
    return [*_id(e.site_id, "the site id"), *_cents(e.cents, "the funding"), *_time(e.at)]


def _day_opened(e: ev.DayOpened) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_time(e.at),
        *_ids(e.on_duty, "an on-duty employee id"),
        *_id(e.opened_by, "the id of who opened the day"),
    ]


def _shift_started(e: ev.ShiftStarted) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_count(e.table, "the table number"),
        *_count(e.shift, "the shift number"),
        *_id(e.dealer_id, "the dealer id"),
        *_time(e.at),
        *_cents(e.max_wager, "the maximum wager"),
        *_optional_id(e.shoe_inspected_by, "the shoe inspector's id"),
    ]


def _shift_ended(e: ev.ShiftEnded) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_count(e.table, "the table number"),
        *_count(e.shift, "the shift number"),
        *_time(e.at),
        *_chips(e.tray_count, "the tray count", section="99-01.3-08-14.1"),
        *_id(e.removed_by, "the id of who removed the drop box"),
        *_optional_id(e.escort_id, "the escort's id"),
    ]


def _sold(e: ev.ChipsSold) -> list[str]:
    problems = [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_count(e.table, "the table number"),
        *_count(e.shift, "the shift number"),
        *_cents(e.cents, "the cash for chips"),
        *_chips(e.chips, "the chips sold", nonempty=True, section=SALES),
        *_time(e.at),
    ]
    if not problems and _value(e.chips) != e.cents:
        problems.append(
            f"the cash received disagrees with the value of the chips pushed (chips are sold "
            f"for currency of equal value, {SALES})"
        )
    return problems


def _exchanged(e: ev.ChipsExchanged) -> list[str]:
    problems = [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_count(e.table, "the table number"),
        *_chips(e.given, "the chips given", nonempty=True, section=f"{SALES}.c"),
        *_chips(e.received, "the chips received", nonempty=True, section=f"{SALES}.c"),
        *_time(e.at),
    ]
    if not problems and _value(e.given) != _value(e.received):
        problems.append(
            f"the chips given and received differ in value (chips are exchanged only for chips "
            f"equal in value, {SALES}.c)"
        )
    return problems


def _play(e: ev.PlaySettled) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_count(e.table, "the table number"),
        *_count(e.shift, "the shift number"),
        *_chips(e.collected, "the chips collected"),
        *_chips(e.paid, "the chips paid"),
        *_time(e.at),
    ]


def _tip(e: ev.TipReceived) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_count(e.table, "the table number"),
        *_id(e.dealer_id, "the dealer id"),
        *_chips(e.chips, "the tip chips", nonempty=True),
        *_time(e.at),
    ]


def _redemption(e: ev.TipsRedeemed | ev.ChipsRedeemed, what: str, people: list[str]) -> list[str]:
    problems = [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_chips(e.chips, f"the {what}", nonempty=True, section=REDEMPTION),
        *_cents(e.cents, "the cash paid"),
        *people,
        *_time(e.at),
    ]
    if not problems and _value(e.chips) != e.cents:
        problems.append(
            f"the cash paid disagrees with the value of the {what} (a chip is redeemed for "
            f"cash at the value for which it was sold, {REDEMPTION})"
        )
    return problems


def _tips_redeemed(e: ev.TipsRedeemed) -> list[str]:
    people = [*_id(e.dealer_id, "the dealer id"), *_id(e.cashier_id, "the cashier id")]
    return _redemption(e, "tip chips redeemed", people)


def _redeemed(e: ev.ChipsRedeemed) -> list[str]:
    return _redemption(e, "chips redeemed", _id(e.cashier_id, "the cashier id"))


def _slip(e: ev.SlipIssued) -> list[str]:
    problems = [
        *_count(e.number, "the slip number"),
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_time(e.at),
        *_count(e.table, "the table number"),
        *_chips(e.chips, "its chip lines", nonempty=True, section=f"{SLIPS}.3.b"),
        *_cents(e.grand_total, "its grand total"),
        *_id(e.preparer_id, "the preparer's id"),
        *_id(e.cashier_id, "the cashier's id"),
        *_id(e.dealer_id, "the dealer's id"),
        *_optional_id(e.verifier_id, "the verifier's id"),
    ]
    if not problems and _value(e.chips) != e.grand_total:
        problems.append(
            f"its grand total disagrees with the value of its chip lines (a slip carries the "
            f"quantity and value of chips by value and their grand total, {SLIPS}.3.b)"
        )
    if e.verifier_id is not None and e.verifier_id == e.preparer_id:
        problems.append(f"its verifier is its preparer ({SLIPS}.5)")
    return [*problems, *_form(e.form)]


def _form(form: object) -> list[str]:
    if form is None:
        return []
    if isinstance(form, bool) or not isinstance(form, int) or not 1 <= form <= 999_999_999:
        return ["its pre-printed form number is not a form number"]
    return []


def _void(e: ev.SlipVoided) -> list[str]:
    return [
        *_count(e.number, "the slip number"),
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_time(e.at),
        *_id(e.preparer_id, "the preparer's id"),
        *_name(e.preparer_initials, f"the preparer's initials ({SLIPS}.2)"),
        *_form(e.form),
        *(
            ["a voided pre-printed form names its game and its number"]
            if (e.form is None) != (e.game is None)
            or not (e.game is None or isinstance(e.game, Game))
            else []
        ),
    ]


def _iou(e: ev.IouWritten) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_count(e.number, "the IOU number"),
        *_cents(e.cents, "the IOU amount"),
        *_text(e.purpose, "the IOU purpose"),
        *_id(e.by_id, "the writer's id"),
        *_time(e.at),
    ]


def _iou_cleared(e: ev.IouCleared) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_count(e.number, "the IOU number"),
        *_id(e.by_id, "the id of who cleared it"),
        *_time(e.at),
    ]


def _slip_numbers(numbers: object, what: str) -> list[str]:
    if not isinstance(numbers, tuple) or any(
        isinstance(n, bool) or not isinstance(n, int) or n < 1 for n in numbers
    ):
        return [f"the {what} found are not slip numbers"]
    if list(numbers) != sorted(set(numbers)):
        return [f"the {what} found are listed twice or out of order"]
    return []


def _counted(e: ev.DropBoxCounted) -> list[str]:
    problems = [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_count(e.table, "the table number"),
        *_count(e.shift, "the shift number"),
        *_day(e.count_day, "the count day"),
        *_id(e.member_a, "the first count team member's id"),
        *_id(e.member_b, "the second count team member's id"),
        *_id(e.key_holder, "the key holder's id"),
        *_optional_id(e.second_key_holder, "the second key holder's id"),
        *_cents(e.first_count, "the first count", positive=False),
        *_cents(e.second_count, "the second count", positive=False),
        *_cents(e.resolved, "the resolved amount", positive=False),
        *_text(e.resolution, "the resolution"),
        *_name(e.initials_a, f"the first member's initials ({COUNT}.4)"),
        *_name(e.initials_b, f"the second member's initials ({COUNT}.4)"),
        *_slip_numbers(e.slips_found, "fill slip copies"),
        *_slip_numbers(e.credit_slips_found, "credit slip originals"),
    ]
    if problems:
        return problems
    if e.first_count == e.second_count and e.resolved != e.first_count:
        problems.append(
            f"its resolved amount is not the amount both counts found (each member counts the "
            f"cash and any difference is resolved, {COUNT}.4)"
        )
    if e.first_count != e.second_count and not e.resolution.strip():
        problems.append(
            f"its two counts differ and no resolution of the difference is recorded ({COUNT}.4)"
        )
    if e.count_day < e.day:
        problems.append("its count day is before the day of the activity counted")
    if e.member_a == e.member_b:
        problems.append(f"its count team is one person ({COUNT}.2)")
    if e.key_holder not in (e.member_a, e.member_b):
        problems.append(f"its key holder is not a count team member ({COUNT}.3)")
    other = e.member_b if e.key_holder == e.member_a else e.member_a
    if e.second_key_holder is not None and e.second_key_holder != other:
        problems.append(f"its second key is not held by the other member ({COUNT}.3)")
    return problems


def _corrected(e: ev.CountCorrected) -> list[str]:
    problems = [
        *_count(e.corrects_entry, "the corrected entry's number", least=0),
        *_cents(e.cents, "the corrected amount", positive=False),
        *_text(e.reason, "the reason"),
        *_id(e.by_id, "the id of who corrected it"),
        *_time(e.at),
    ]
    if isinstance(e.reason, str) and not e.reason.strip():
        problems.append(f"it does not say why the count is corrected ({RECORDS})")
    return problems


def _deposited(e: ev.CashDeposited) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_cents(e.cents, "the deposit"),
        *_id(e.by_id, "the depositor's id"),
        *_time(e.at),
    ]


def _day_closed(e: ev.DayClosed) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_time(e.at),
        *_cents(e.cash_bank_count, "the cash bank count", positive=False),
        *_chips(e.chip_bank_count, "the chip bank count", section=f"{RECORDS}.1.a"),
        *_id(e.closed_by, "the id of who closed the day"),
    ]


def _reviewed(e: ev.SurveillanceReviewed) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_count(e.table, "the table number"),
        *_id(e.reviewer_id, "the reviewer's id"),
        *_time(e.at),
        *_text(e.note, "the note"),
    ]


def _fault(e: ev.CameraFaultReported) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_count(e.table, "the table number"),
        *_time(e.at),
        *_id(e.reported_by, "the reporter's id"),
        *_text(e.note, "the note"),
    ]


def _repaired(e: ev.CameraRepaired) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_count(e.table, "the table number"),
        *_time(e.at),
        *_id(e.by_id, "the id of who repaired it"),
    ]


def _video(e: ev.VideoReviewDocumented) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_count(e.table, "the table number"),
        *_day(e.reviewed_day, "the reviewed day"),
        *_count(e.shift, "the shift number"),
        *_count(e.minutes, "the minutes reviewed (99-01.3-08-04.8)"),
        *_id(e.reviewer_id, "the reviewer's id"),
        *_time(e.at),
        *_text(e.finding, "the finding"),
    ]


def _discontinued(e: ev.GameDiscontinued) -> list[str]:
    return [*_id(e.site_id, "the site id"), *_day(e.day, "the day discontinued")]


def _rent(e: ev.RentPaid) -> list[str]:
    problems = [
        *_id(e.site_id, "the site id"),
        *_count(e.table, "the table number"),
        *_cents(e.cents, "the rent paid"),
        *_id(e.by_id, "who paid it"),
        *_time(e.at),
    ]
    if not isinstance(e.month, str) or re.fullmatch(r"\d{4}-(0[1-9]|1[0-2])", e.month) is None:
        problems.append("its month is not a month such as 2026-03")
    return problems


def _ctx_rent(books: Books, e: ev.RentPaid) -> list[str]:
    found = _site_of(books, e.site_id)
    if not found and (e.site_id, e.table) not in books.tables:
        found.append(f"there is no table {e.table} at {e.site_id!r}")
    if any((p.site_id, p.table, p.month) == (e.site_id, e.table, e.month) for p in books.rent_paid):
        found.append(f"the rent of table {e.table} for {e.month} was recorded before")
    return found


def _opening(e: ev.OpeningBalances) -> list[str]:
    problems = [
        *_id(e.site_id, "the site id"),
        *_time(e.at),
        *_cents(e.cash_bank, "the opening cash bank", positive=False),
        *_chips(e.chip_bank, "the opening chip bank"),
        *_chips(e.jar_bar, "the opening jar bar"),
        *_chips(e.outstanding, "the chips outstanding"),
        *_id(e.prepared_by, "the preparer's id"),
        *_id(e.audited_by, "the auditor's id"),
    ]
    if not isinstance(e.trays, tuple):
        problems.append("its trays are not a list of tables")
    else:
        for t in e.trays:
            problems += [
                *_count(getattr(t, "table", None), "a tray's table number"),
                *_chips(getattr(t, "chips", None), "a tray's chips"),
            ]
    if e.prepared_by == e.audited_by:
        problems.append(f"its preparer audited it ({RECORDS})")
    return problems


def _ctx_opening(books: Books, e: ev.OpeningBalances) -> list[str]:
    found = _site_of(books, e.site_id)
    if found:
        return found
    held = site_activity(books, e.site_id)
    if held is not None:
        found.append(f"the site already had {held} before it ({RECORDS})")
    for t in e.trays:
        if (e.site_id, t.table) not in books.tables:
            found.append(f"there is no table {t.table} at {e.site_id!r}")
    return found


def _quarter_closed(e: ev.QuarterClosed) -> list[str]:
    problems = [*_id(e.by_id, "who closed it"), *_time(e.at), *_text(e.reason, "the reason")]
    if not isinstance(e.quarter, str) or re.fullmatch(r"\d{4}Q[1-4]", e.quarter) is None:
        problems.append("its quarter is not a quarter such as 2026Q1")
    return problems


def _ctx_quarter_closed(books: Books, e: ev.QuarterClosed) -> list[str]:
    """Closed once, after it ended (``books.periods.close_quarter``)."""
    problems: list[str] = []
    if not isinstance(e.quarter, str) or re.fullmatch(r"\d{4}Q[1-4]", e.quarter) is None:
        return problems  # the entry's own check names it
    if e.quarter in books.closed_quarters:
        problems.append(f"{e.quarter} was closed already")
    last = Quarter.parse(e.quarter).last_day
    if datetime.fromisoformat(e.at).date() <= last:
        problems.append(f"{e.quarter} was closed before it ended ({last})")
    return problems


def _carried(e: ev.BooksCarriedForward) -> list[str]:
    problems: list[str] = []
    if not isinstance(e.position, int) or e.position < 0:
        problems.append("its position is not a count of entries")
    for name in ("next_fill_number", "next_credit_number"):
        value = getattr(e, name)
        if not isinstance(value, int) or value < 1:
            problems.append(f"its {name.replace('_', ' ')} is not a slip number")
    if not isinstance(e.last_iou, int) or e.last_iou < 0:
        problems.append("its last IOU number is not a number")
    return problems


def _digested(e: ev.DaysDigested) -> list[str]:
    """A digest of closed days: every entry it holds must be sound on its own, each day closed
    and each shift's numbers whole."""
    problems: list[str] = []
    for day in e.days:
        nested: list[Event] = [
            day.opened,
            day.closed,
            *day.redemptions,
            *day.tip_redemptions,
            *day.deposits,
            *day.fundings,
            *day.ious,
            *day.reviews,
        ]
        for slip in day.slips:
            one = slip.issued if slip.issued is not None else slip.voided
            if one is not None:
                nested.append(one)
        for n in nested:
            problems += [f"its {n.TYPE} of {day.opened.day}: {p}" for p in check(n)]
        for value, what in (
            (day.start_cash_bank, "starting cash bank"),
            (day.end_ious, "IOUs at the end"),
            (day.start_ious, "IOUs at the start"),
        ):
            problems += _cents(value, f"the {what} of {day.opened.day}", positive=False)
        if not isinstance(day.book_end_cash_bank, int) or isinstance(day.book_end_cash_bank, bool):
            problems.append(f"the book's ending cash bank of {day.opened.day} is not cents")
        if day.closed.day != day.opened.day or day.closed.site_id != day.opened.site_id:
            problems.append(f"its record of {day.opened.day} closes another day")
    for shift in e.shifts:
        parts: list[Event | None] = [shift.started, shift.ended, shift.count]
        for part in parts:
            if part is not None:
                problems += [f"its {part.TYPE}: {p}" for p in check(part)]
        problems += _cents(shift.drop_book_cash, "a shift's drop booked", positive=False)
    return problems


def _occasion(e: PokerOccasionOpened) -> list[str]:
    problems = [
        *_id(e.occasion_id, "the occasion id"),
        *_day(e.first_day, "its first day"),
        *_day(e.last_day, "its last day"),
        *_id(e.manager_id, "the manager's id"),
        *_ids(e.sites, "a site id"),
    ]
    if not problems and e.last_day < e.first_day:
        problems.append("its last day is before its first day (99-01.3-09-03.1)")
    return problems


def _half_hour_fee(e: PokerHalfHourFee) -> list[str]:
    return [
        *_id(e.occasion_id, "the occasion id"),
        *_count(e.table, "the table number"),
        *_name(e.player, "the player"),
        *_time(e.period_start, "the half hour's start"),
        *_cents(e.cents, "the fee"),
        *_id(e.collected_by, "the collector's id"),
        *_time(e.collected_at, "the time collected"),
        *_optional_id(e.site_id, "the site id"),
    ]


def _time_worked(e: PokerTimeWorked) -> list[str]:
    problems = [
        *_id(e.occasion_id, "the occasion id"),
        *_id(e.employee_id, "the employee id"),
        *_id(e.site_id, "the site id"),
        *_time(e.start, "the start"),
        *_time(e.end, "the end"),
    ]
    if not problems and datetime.fromisoformat(e.end) <= datetime.fromisoformat(e.start):
        problems.append("the time worked ends before it starts (99-01.3-09-07.1.b)")
    return problems


def _tournament(e: PokerTournamentStarted) -> list[str]:
    return [
        *_id(e.occasion_id, "the occasion id"),
        *_id(e.tournament_id, "the tournament id"),
        *_id(e.director_id, "the director's id"),
        *_time(e.at),
    ]


def _tournament_fee(e: PokerTournamentFee) -> list[str]:
    return [
        *_id(e.occasion_id, "the occasion id"),
        *_id(e.tournament_id, "the tournament id"),
        *_name(e.player, "the player"),
        *_cents(e.cents, "the fee"),
        *_id(e.collected_by, "the collector's id"),
        *_time(e.at),
    ]


def _poker_prize(e: PokerPrizePaid) -> list[str]:
    return [
        *_id(e.occasion_id, "the occasion id"),
        *_id(e.tournament_id, "the tournament id"),
        *_name(e.player, "the player"),
        *_cents(e.cents, "the prize"),
        *_time(e.at),
    ]


def _buy_in_redeemed(e: PokerBuyInRedeemed) -> list[str]:
    problems = [
        *_id(e.occasion_id, "the occasion id"),
        *_id(e.satellite_id, "the satellite id"),
        *_id(e.tournament_id, "the tournament id"),
        *_id(e.receipt, "the receipt"),
        *_name(e.player, "the player"),
        *_cents(e.cents, "the buy-in"),
        *_id(e.collected_by, "the collector's id"),
        *_time(e.at),
    ]
    if not problems and e.satellite_id == e.tournament_id:
        problems.append("it redeems a buy-in in its own satellite (99-01.3-09-03.4.d)")
    return problems


def _series(e: TicketSeriesRegistered) -> list[str]:
    problems = [
        *_id(e.series_id, "the series id"),
        *_id(e.site_id, "the site id"),
        *_cents(e.price, "the ticket price"),
        *_count(e.first_card, "the first card number"),
        *_count(e.last_card, "the last card number"),
        *_count(e.tickets_per_card, "the tickets on each card"),
        *_name(e.stamp_number, "the master flare's stamp number (99-01.3-11-02.1)"),
    ]
    if not problems and e.last_card < e.first_card:
        problems.append("its last card number is before its first")
    elif not problems and e.last_card - e.first_card >= MAX_SERIES_CARDS:
        problems.append(f"it holds more than {MAX_SERIES_CARDS:,} cards")
    return problems


def _card_sold(e: TicketCardSold) -> list[str]:
    return [
        *_id(e.series_id, "the series id"),
        *_count(e.card, "the card number"),
        *_day(e.day),
        *_count(e.tickets, "the tickets sold"),
        *_time(e.at),
    ]


def _card_refunded(e: TicketCardRefunded) -> list[str]:
    return [
        *_id(e.series_id, "the series id"),
        *_count(e.card, "the card number"),
        *_day(e.day),
        *_time(e.at),
    ]


def _spin(e: TicketSpin) -> list[str]:
    return [
        *_id(e.series_id, "the series id"),
        *_count(e.card, "the card number"),
        *_day(e.day),
        *_name(e.winning_number, "the winning number"),
        *_time(e.at),
    ]


def _ticket_prize(e: TicketPrizePaid) -> list[str]:
    problems = [
        *_id(e.series_id, "the series id"),
        *_count(e.card, "the card number"),
        *_day(e.day),
        *_cents(e.cash, "the cash prize", positive=False),
        *_cents(e.merchandise_cost, "the merchandise cost", positive=False),
        *_text(e.description, "the description"),
        *_time(e.at),
    ]
    if not problems and e.cash + e.merchandise_cost == 0:
        problems.append("it records no prize (99-01.3-11-02.4)")
    if not problems and e.cash and e.merchandise_cost:
        problems.append("it records a cash and a merchandise prize in one entry")
    return problems


def _t21_registered(e: Tournament21Registered) -> list[str]:
    problems = [
        *_id(e.tournament_id, "the tournament id"),
        *_id(e.site_id, "the site id"),
        *_name(e.name, "the tournament's name"),
        *_cents(e.entry_fee, "the entry fee (99-01.3-08-15.1)"),
    ]
    if not problems and e.entry_fee > T21_FEE_CAP:
        problems.append("its entry fee is over $200.00 (99-01.3-08-15.1)")
    return problems


def _t21_fee(e: Tournament21Fee) -> list[str]:
    problems = [
        *_id(e.tournament_id, "the tournament id"),
        *_day(e.day),
        *_name(e.player, "the player"),
        *_name(e.name, "the player's name (99-01.3-08-16.1.e)"),
        *_cents(e.cents, "the fee"),
        *_id(e.collected_by, "the employee who collected it (99-01.3-08-16.1.e)"),
        *_time(e.at),
        *([] if e.played_at is None else _time(e.played_at, "its time in the tournament")),
    ]
    if not problems and e.cents > T21_FEE_CAP:
        problems.append("the fee is over $200.00 (99-01.3-08-15.1)")
    return problems


def _t21_prize(e: Tournament21Prize) -> list[str]:
    problems = [
        *_id(e.tournament_id, "the tournament id"),
        *_day(e.day),
        *_name(e.player, "the player"),
        *_cents(e.cash, "the cash prize", positive=False),
        *_cents(e.merchandise_cost, "the merchandise cost", positive=False),
        *_text(e.description, "the description"),
        *_time(e.at),
        *([] if e.played_at is None else _time(e.played_at, "its time in the tournament")),
    ]
    if not problems and e.cash + e.merchandise_cost == 0:
        problems.append("it records no prize (99-01.3-08-15.4)")
    if not problems and e.merchandise_cost and not e.description.strip():
        problems.append("a merchandise prize without its description (99-01.3-08-16.1.f)")
    if not problems and e.cash and e.merchandise_cost:
        problems.append("it records a cash and a merchandise prize in one entry")
    return problems


def _t21_void(e: Tournament21FeeVoided) -> list[str]:
    problems = [
        *_id(e.tournament_id, "the tournament id"),
        *_count(e.fee, "the fee number"),
        *_day(e.day),
        *_name(e.reason, "the reason"),
        *_id(e.by, "who voided it"),
        *_time(e.at),
    ]
    return problems


CHECKS: dict[type[Event], Callable[[Any], list[str]]] = {
    ev.OrganizationRegistered: _organization,
    ev.SiteRegistered: _site,
    ev.TableRegistered: _table,
    ev.EmployeeRegistered: _employee,
    ev.ChipInventoryReceived: _inventory,
    ev.CashBankFunded: _funded,
    ev.DayOpened: _day_opened,
    ev.ShiftStarted: _shift_started,
    ev.ShiftEnded: _shift_ended,
    ev.ChipsSold: _sold,
    ev.ChipsExchanged: _exchanged,
    ev.PlaySettled: _play,
    ev.TipReceived: _tip,
    ev.TipsRedeemed: _tips_redeemed,
    ev.ChipsRedeemed: _redeemed,
    ev.SlipIssued: _slip,
    ev.SlipVoided: _void,
    ev.IouWritten: _iou,
    ev.IouCleared: _iou_cleared,
    ev.DropBoxCounted: _counted,
    ev.CountCorrected: _corrected,
    ev.CashDeposited: _deposited,
    ev.DayClosed: _day_closed,
    ev.SurveillanceReviewed: _reviewed,
    ev.CameraFaultReported: _fault,
    ev.CameraRepaired: _repaired,
    ev.VideoReviewDocumented: _video,
    ev.GameDiscontinued: _discontinued,
    ev.QuarterClosed: _quarter_closed,
    ev.OpeningBalances: _opening,
    ev.RentPaid: _rent,
    ev.BooksCarriedForward: _carried,
    ev.DaysDigested: _digested,
    PokerOccasionOpened: _occasion,
    PokerHalfHourFee: _half_hour_fee,
    PokerTimeWorked: _time_worked,
    PokerTournamentStarted: _tournament,
    PokerTournamentFee: _tournament_fee,
    PokerPrizePaid: _poker_prize,
    PokerBuyInRedeemed: _buy_in_redeemed,
    TicketSeriesRegistered: _series,
    TicketCardSold: _card_sold,
    TicketCardRefunded: _card_refunded,
    TicketSpin: _spin,
    TicketPrizePaid: _ticket_prize,
    Tournament21Registered: _t21_registered,
    Tournament21Fee: _t21_fee,
    Tournament21Prize: _t21_prize,
    Tournament21FeeVoided: _t21_void,
}
"""The internal-consistency check of every books event type."""


def check(e: Event) -> list[str]:
    """What is internally inconsistent in one books entry (empty when it adds up).

    Pure: looks at the entry alone. An event type that is not a books entry is a problem too.
    """
    found = CHECKS.get(type(e))
    if found is None:
        return [f"{type(e).__name__} is not a books entry"]
    return found(e)


# -- check_in_books(books, event): the entry against the books before it -----------------------


def _site_of(books: Books, site_id: str) -> list[str]:
    return [] if site_id in books.sites else [f"it names site {site_id!r}, which the books lack"]


def _table_of(books: Books, site_id: str, table: int) -> list[str]:
    if site_id not in books.sites:
        return _site_of(books, site_id)
    if (site_id, table) not in books.tables:
        return [f"it names table {table} at {site_id!r}, which the books lack"]
    return []


def _day_of(books: Books, site_id: str, day: str) -> list[str]:
    if site_id not in books.sites:
        return _site_of(books, site_id)
    if (site_id, day) not in books.days:
        return [f"it names the gaming day {day} at {site_id!r}, which was never opened"]
    return []


def _open_shift(books: Books, site_id: str, day: str, table: int, shift: int | None) -> list[str]:
    """The table's open shift must be the one the entry names (``shift`` None: any of ``day``)."""
    found = _table_of(books, site_id, table)
    if found:
        return found
    key = books.sites[site_id].open_shift.get(table)
    if key is None:
        return [f"table {table} at {site_id!r} has no open shift at this point of the books"]
    if key[1] != day or (shift is not None and key[3] != shift):
        return [f"it names a shift of table {table} that is not the one open at this point"]
    if (site_id, day) not in books.days:
        return _day_of(books, site_id, day)
    return []


def _holds(source: Chips, taken: Chips, where: str, plus: Chips = ()) -> list[str]:
    """``source`` (with ``plus`` added) holds every chip of ``taken`` (as ``take_chips``, but
    without building the remainder: this runs for every entry read)."""
    have: dict[Token, int] = {}
    for line in (*source, *plus):
        have[line.token] = have.get(line.token, 0) + line.quantity
    for line in taken:
        if have.get(line.token, 0) < line.quantity:
            return [f"it takes chips that {where} does not hold at this point of the books"]
    return []


def _in_series(books: Books, kind: SlipKind, number: int) -> list[str]:
    expected = books.next_number[kind]
    if number != expected:
        return [
            f"its number {number} is out of series: the next {kind.value} slip is number "
            f"{expected} (slips are consecutively numbered and used in sequential order, "
            f"{SLIPS}.2)"
        ]
    return []


def _ctx_organization(books: Books, e: ev.OrganizationRegistered) -> list[str]:
    if books.org_id is not None:
        return [f"the books already belong to organization {books.org_id!r}"]
    return []


def _ctx_site(books: Books, e: ev.SiteRegistered) -> list[str]:
    if books.org_id is None:
        return ["it comes before the organization is registered"]
    return [f"site {e.site_id!r} is registered twice"] if e.site_id in books.sites else []


def _ctx_table(books: Books, e: ev.TableRegistered) -> list[str]:
    found = _site_of(books, e.site_id)
    if not found and (e.site_id, e.number) in books.tables:
        found.append(f"table {e.number} is registered twice (99-01.3-08-02.2)")
    return found


def _ctx_employee(books: Books, e: ev.EmployeeRegistered) -> list[str]:
    if books.org_id is None:
        return ["it comes before the organization is registered"]
    if e.employee_id in books.employees:
        return [f"employee {e.employee_id!r} is registered twice"]
    if e.supervisor_id is not None and e.supervisor_id not in books.employees:
        return [f"it names supervisor {e.supervisor_id!r}, whom the books lack"]
    return []


def _ctx_site_only(books: Books, e: Any) -> list[str]:
    return _site_of(books, e.site_id)


def _ctx_day_opened(books: Books, e: ev.DayOpened) -> list[str]:
    found = _site_of(books, e.site_id)
    if found:
        return found
    if books.sites[e.site_id].open_day is not None:
        return [f"another gaming day is still open at {e.site_id!r}"]
    if books.day_known(e.site_id, e.day):
        return [f"the gaming day {e.day} is opened twice ({RECORDS})"]
    return []


def _ctx_shift_started(books: Books, e: ev.ShiftStarted) -> list[str]:
    found = _table_of(books, e.site_id, e.table) or _day_of(books, e.site_id, e.day)
    if found:
        return found
    st = books.sites[e.site_id]
    if st.open_day != e.day:
        return [f"the gaming day {e.day} is not open at {e.site_id!r} at this point"]
    if e.table in st.open_shift:
        return [f"table {e.table} already has an open shift at this point"]
    earlier = sum(1 for k in books.days[(e.site_id, e.day)].shifts if k[2] == e.table)
    if e.shift != earlier + 1:
        return [f"its shift number {e.shift} does not follow the table's {earlier} earlier"]
    return []


def _ctx_shift_ended(books: Books, e: ev.ShiftEnded) -> list[str]:
    return _open_shift(books, e.site_id, e.day, e.table, e.shift)


def _ctx_sold(books: Books, e: ev.ChipsSold) -> list[str]:
    found = _open_shift(books, e.site_id, e.day, e.table, e.shift)
    if found:
        return found
    return _holds(books.sites[e.site_id].trays[e.table], e.chips, f"the tray of table {e.table}")


def _ctx_exchanged(books: Books, e: ev.ChipsExchanged) -> list[str]:
    found = _open_shift(books, e.site_id, e.day, e.table, None)
    if found:
        return found
    st = books.sites[e.site_id]
    return [
        *_holds(st.with_players, e.given, "the players"),
        *_holds(st.trays[e.table], e.received, f"the tray of table {e.table}"),
    ]


def _ctx_play(books: Books, e: ev.PlaySettled) -> list[str]:
    found = _open_shift(books, e.site_id, e.day, e.table, e.shift)
    if found:
        return found
    st = books.sites[e.site_id]
    return [
        *_holds(st.with_players, e.collected, "the players"),
        *_holds(st.trays[e.table], e.paid, f"the tray of table {e.table}", plus=e.collected),
    ]


def _ctx_tip(books: Books, e: ev.TipReceived) -> list[str]:
    found = _open_shift(books, e.site_id, e.day, e.table, None)
    return found or _holds(books.sites[e.site_id].with_players, e.chips, "the players")


def _ctx_tips_redeemed(books: Books, e: ev.TipsRedeemed) -> list[str]:
    found = _day_of(books, e.site_id, e.day)
    if found:
        return found
    tips = books.sites[e.site_id].tips.get(e.dealer_id, ())
    return _holds(tips, e.chips, f"the tips of {e.dealer_id}")


def _ctx_redeemed(books: Books, e: ev.ChipsRedeemed) -> list[str]:
    found = _day_of(books, e.site_id, e.day)
    return found or _holds(books.sites[e.site_id].with_players, e.chips, "the players")


def _form_unused(
    books: Books, site_id: str, game: Game | None, kind: SlipKind, form: int | None
) -> list[str]:
    """A pre-printed form is used once in its site's series (99-01.3-08-05.2)."""
    if form is None or game is None or site_id not in books.sites:
        return []
    series = books.sites[site_id].forms.get((game, kind))
    if (
        series is not None
        and series.highest
        and not (series.lowest - FORM_JUMP <= form <= series.highest + FORM_JUMP)
    ):
        return [f"its pre-printed form {form} is far from the numbers of its series ({SLIPS}.2)"]
    if series is not None and series.used(form):
        return [f"its pre-printed form {form} was used before in its series ({SLIPS}.2)"]
    return []


def _ctx_slip(books: Books, e: ev.SlipIssued) -> list[str]:
    found = [
        *_in_series(books, e.kind, e.number),
        *_form_unused(books, e.site_id, e.game, e.kind, e.form),
    ]
    shift = _open_shift(books, e.site_id, e.day, e.table, None)
    if shift:
        return [*found, *shift]
    st = books.sites[e.site_id]
    rec = books.shifts[st.open_shift[e.table]]
    if e.game is not rec.game:
        found.append(f"its game reference is not the game of table {e.table} ({SLIPS}.3.a)")
    if e.dealer_id != rec.started.dealer_id:
        found.append(f"its dealer is not the dealer of the open shift of table {e.table}")
    if e.kind is SlipKind.FILL:
        bank = e.counterpart is Counterpart.CHIP_BANK
        source = st.chip_bank if bank else st.jar_bar
        found += _holds(source, e.chips, f"the {e.counterpart.value}")
    else:
        found += _holds(st.trays[e.table], e.chips, f"the tray of table {e.table}")
    return found


def _ctx_void(books: Books, e: ev.SlipVoided) -> list[str]:
    return [
        *_in_series(books, e.kind, e.number),
        *_day_of(books, e.site_id, e.day),
        *_form_unused(books, e.site_id, e.game, e.kind, e.form),
    ]


def _ctx_iou(books: Books, e: ev.IouWritten) -> list[str]:
    found = _day_of(books, e.site_id, e.day)
    if not found and e.number in books.sites[e.site_id].ious:
        found.append(f"IOU {e.number} is already outstanding")
    return found


def _ctx_iou_cleared(books: Books, e: ev.IouCleared) -> list[str]:
    found = _site_of(books, e.site_id)
    if not found and e.number not in books.sites[e.site_id].ious:
        found.append(f"IOU {e.number} is not outstanding at this point")
    return found


def _ctx_counted(books: Books, e: ev.DropBoxCounted) -> list[str]:
    rec = books.shifts.get((e.site_id, e.day, e.table, e.shift))
    if rec is None:
        return [f"it counts shift {e.shift} of table {e.table} on {e.day}, which the books lack"]
    if rec.ended is None:
        return ["it counts a drop box still on its table (99-01.3-08-14.1)"]
    if rec.count is not None:
        return [f"it counts a drop box that was already counted ({RECORDS})"]
    return []


def _ctx_corrected(books: Books, e: ev.CountCorrected) -> list[str]:
    index = e.corrects_entry
    if not isinstance(index, int) or not isinstance(books.entry(index), ev.DropBoxCounted):
        return [f"it corrects entry {index}, which is not a drop box count"]
    if index in corrupt_positions(books):
        return [f"it corrects entry {index}, which is itself corrupt"]
    counted = books.entry(index)
    assert isinstance(counted, ev.DropBoxCounted)
    key = (counted.site_id, counted.day, counted.table, counted.shift)
    if key not in books.shifts or counted.site_id not in books.sites:
        return [f"it corrects entry {index}, whose drop box the books lack"]
    return []


def _ctx_carried(books: Books, e: ev.BooksCarriedForward) -> list[str]:
    """Balances brought forward must be what the entries before them add up to, at a moment
    when no gaming day is open (``books.carry``)."""
    if not is_quiet(books):
        return ["it carries the balances forward while a gaming day or a shift is open"]
    if e.position != books.next_position:
        return [f"it says {e.position} entries precede it, but {books.next_position} do"]
    return differences(e, carry_forward(books))


def _ctx_digested(books: Books, e: ev.DaysDigested) -> list[str]:
    """The records of closed days must be what the entries before them add up to, written when
    no gaming day is open (``books.digest``)."""
    if not is_quiet(books):
        return ["it digests the gaming days while a gaming day or a shift is open"]
    return digest_differences(e, books)


def _ctx_deposited(books: Books, e: ev.CashDeposited) -> list[str]:
    return _day_of(books, e.site_id, e.day)


def _ctx_day_closed(books: Books, e: ev.DayClosed) -> list[str]:
    found = _day_of(books, e.site_id, e.day)
    if found:
        return found
    st = books.sites[e.site_id]
    if st.open_day != e.day:
        return [f"it closes the gaming day {e.day}, which is not open at this point"]
    if st.open_shift:
        return ["it closes a day with a table still open (99-01.3-08-14.1)"]
    return []


def _ctx_reviewed(books: Books, e: ev.SurveillanceReviewed) -> list[str]:
    return _day_of(books, e.site_id, e.day)


def _ctx_occasion(books: Books, e: PokerOccasionOpened) -> list[str]:
    if e.occasion_id in books.poker.occasions:
        return [f"poker occasion {e.occasion_id!r} is opened twice"]
    return []


def _ctx_in_occasion(books: Books, e: Any) -> list[str]:
    if e.occasion_id not in books.poker.occasions:
        return [f"it names poker occasion {e.occasion_id!r}, which the books lack"]
    return []


def _ctx_poker_prize(books: Books, e: PokerPrizePaid) -> list[str]:
    found = _ctx_in_occasion(books, e)
    if not found and e.tournament_id not in books.poker.occasions[e.occasion_id].tournaments:
        found.append(f"it names tournament {e.tournament_id!r}, which the books lack")
    return found


def _ctx_buy_in(books: Books, e: PokerBuyInRedeemed) -> list[str]:
    found = _ctx_in_occasion(books, e)
    if found:
        return found
    occ = books.poker.occasions[e.occasion_id]
    if e.satellite_id not in occ.tournaments:
        found.append(f"it names satellite {e.satellite_id!r}, which the books lack")
    if e.receipt in occ.redeemed:
        found.append(f"buy-in prize {e.receipt} is redeemed twice (99-01.3-09-03.4.d)")
    return found


def _ctx_series(books: Books, e: TicketSeriesRegistered) -> list[str]:
    if e.series_id in books.tickets.series:
        return [f"ticket series {e.series_id!r} is registered twice"]
    return _site_of(books, e.site_id)


def _ctx_card(books: Books, e: Any) -> list[str]:
    series = books.tickets.series.get(e.series_id)
    if series is None:
        return [f"it names ticket series {e.series_id!r}, which the books lack"]
    if e.card not in series.cards:
        return [f"card {e.card} is not in series {e.series_id!r}"]
    return _open_day_of(books, series.registered.site_id, e.day)


def _refusal_text(refused: Exception) -> str:
    section = getattr(refused, "section", None)
    return f"{refused} ({section})" if section else str(refused)


def _ctx_t21_registered(books: Books, e: Tournament21Registered) -> list[str]:
    if e.tournament_id in books.t21_tournaments.tournaments:
        return [f"twenty-one tournament {e.tournament_id!r} is registered twice"]
    found = _site_of(books, e.site_id)
    refused = None if found else t21_site_refusal(books, e.site_id)
    return found or ([_refusal_text(refused)] if refused is not None else [])


def _ctx_t21_entry(books: Books, e: Tournament21Fee | Tournament21Prize) -> list[str]:
    """The same rules the writer applies (``books.tournament21``), and the day must be the one
    open at the site: a fee or prize is cash of that day's bank."""
    t = books.t21_tournaments.tournaments.get(e.tournament_id)
    if t is None:
        return [f"it names twenty-one tournament {e.tournament_id!r}, which the books lack"]
    site_id = t.registered.site_id
    found = _open_day_of(books, site_id, e.day)
    if found:
        return found
    if isinstance(e, Tournament21Fee):
        if e.collected_by not in books.employees:
            found.append(f"it was collected by {e.collected_by!r}, who is not an employee")
        refused = t21_fee_refusal(t, e.player, e.kind, e.cents) or t21_site_refusal(books, site_id)
    else:
        refused = t21_prize_refusal(t, e.player, e.cash, e.merchandise_cost, e.description)
    if refused is not None:
        found.append(_refusal_text(refused))
    return found


def _ctx_t21_void(books: Books, e: Tournament21FeeVoided) -> list[str]:
    t = books.t21_tournaments.tournaments.get(e.tournament_id)
    if t is None:
        return [f"it names twenty-one tournament {e.tournament_id!r}, which the books lack"]
    found = [] if e.by in books.employees else [f"it was voided by {e.by!r}, not an employee"]
    refused = t21_void_refusal(books, t, e.fee)
    if refused is not None:
        found.append(_refusal_text(refused))
    elif t.fees[e.fee - 1].day != e.day:
        found.append(f"it is dated {e.day}, not the day of the fee it voids")
    return found


def _open_day_of(books: Books, site_id: str, day: str) -> list[str]:
    """The entry's gaming day must be the one open at the site (its cash is that day's)."""
    found = _day_of(books, site_id, day)
    if not found and books.sites[site_id].open_day != day:
        found.append(f"it is dated the gaming day {day} at {site_id!r}, which is not open")
    return found


CONTEXT_CHECKS: dict[type[Event], Callable[[Books, Any], list[str]]] = {
    ev.OrganizationRegistered: _ctx_organization,
    ev.SiteRegistered: _ctx_site,
    ev.TableRegistered: _ctx_table,
    ev.EmployeeRegistered: _ctx_employee,
    ev.ChipInventoryReceived: _ctx_site_only,
    ev.CashBankFunded: _ctx_site_only,
    ev.DayOpened: _ctx_day_opened,
    ev.BooksCarriedForward: _ctx_carried,
    ev.DaysDigested: _ctx_digested,
    ev.ShiftStarted: _ctx_shift_started,
    ev.ShiftEnded: _ctx_shift_ended,
    ev.ChipsSold: _ctx_sold,
    ev.ChipsExchanged: _ctx_exchanged,
    ev.PlaySettled: _ctx_play,
    ev.TipReceived: _ctx_tip,
    ev.TipsRedeemed: _ctx_tips_redeemed,
    ev.ChipsRedeemed: _ctx_redeemed,
    ev.SlipIssued: _ctx_slip,
    ev.SlipVoided: _ctx_void,
    ev.IouWritten: _ctx_iou,
    ev.IouCleared: _ctx_iou_cleared,
    ev.DropBoxCounted: _ctx_counted,
    ev.CountCorrected: _ctx_corrected,
    ev.CashDeposited: _ctx_deposited,
    ev.DayClosed: _ctx_day_closed,
    ev.SurveillanceReviewed: _ctx_reviewed,
    ev.CameraFaultReported: _ctx_site_only,
    ev.CameraRepaired: _ctx_site_only,
    ev.GameDiscontinued: _ctx_site_only,
    ev.QuarterClosed: _ctx_quarter_closed,
    ev.OpeningBalances: _ctx_opening,
    ev.RentPaid: _ctx_rent,
    PokerOccasionOpened: _ctx_occasion,
    PokerHalfHourFee: _ctx_in_occasion,
    PokerTimeWorked: _ctx_in_occasion,
    PokerTournamentStarted: _ctx_in_occasion,
    PokerTournamentFee: _ctx_in_occasion,
    PokerPrizePaid: _ctx_poker_prize,
    PokerBuyInRedeemed: _ctx_buy_in,
    TicketSeriesRegistered: _ctx_series,
    Tournament21Registered: _ctx_t21_registered,
    Tournament21Fee: _ctx_t21_entry,
    Tournament21Prize: _ctx_t21_entry,
    Tournament21FeeVoided: _ctx_t21_void,
    TicketCardSold: _ctx_card,
    TicketCardRefunded: _ctx_card,
    TicketSpin: _ctx_card,
    TicketPrizePaid: _ctx_card,
}
"""What each entry needs the books before it to hold (``VideoReviewDocumented`` needs none)."""


def check_in_books(books: Books, e: Event) -> list[str]:
    """What makes ``e`` impossible as the next entry of ``books``: a slip number out of series
    (99-01.3-08-05.2), or a site, table, shift, day, count, occasion or series it names that
    the books do not hold as they stand, or chips taken from where there are none. Call it
    only on an entry that ``check`` passes. Pure: ``books`` is not changed."""
    found = CONTEXT_CHECKS.get(type(e))
    problems = [] if found is None else found(books, e)
    found_closed = closing_of(books, e)
    if found_closed is not None:
        day, closed = found_closed
        problems.append(f"it is dated {day}, in {closed.quarter}, closed before it (-16)")
    return problems


# -- reading entries into the books ------------------------------------------------------------


def label(e: Event) -> str:
    """What an entry says it is, for a banner: its kind and where, never its amounts."""
    if isinstance(e, ev.SlipIssued | ev.SlipVoided):
        kind = e.kind.value if isinstance(e.kind, SlipKind) else "?"
        what = f"{kind} slip {e.number}" + (" (void)" if isinstance(e, ev.SlipVoided) else "")
    else:
        what = e.TYPE.removeprefix("books.").replace("_", " ") if e.TYPE else type(e).__name__
    table = getattr(e, "table", None)
    where = [
        f"table {table}" if isinstance(table, int) else "",
        " ".join(
            str(v)
            for v in (getattr(e, "site_id", None), getattr(e, "day", None))
            if isinstance(v, str)
        ),
    ]
    details = ", ".join(w for w in where if w)
    return f"{what}, {details}" if details else what


APPLY_FAILURES = (KeyError, IndexError, AssertionError, TypeError, ValueError, AttributeError)
"""What ``Books.apply`` raises on an entry it cannot take (it trusts what it is given)."""


def apply_checked(books: Books, e: Event, stream: str, seq: int) -> CorruptEntry | None:
    """Apply stored entry ``seq`` of ``stream`` to ``books`` if it adds up; otherwise record it
    in ``books.corrupt`` (and return it) without applying it.

    A corrupt entry keeps its position in ``books.entries`` (corrections cite positions) but
    moves no money or chips and does not advance the books' clock. A corrupt slip whose number
    is not absurd moves its series on past that number, so that one edited entry does not make
    every later slip look out of series."""
    problems = check(e)
    if not problems:
        problems = check_in_books(books, e)
    if not problems:
        try:
            books.apply(e)
        except APPLY_FAILURES as exc:  # pragma: no cover - check_in_books covers apply's needs
            problems = [f"it cannot be applied to the books as they stand ({type(exc).__name__})"]
        else:
            return None
    return _record(books, e, stream, seq, problems)


def admit(books: Books, events: Sequence[Event], stream: str, first_seq: int) -> str | None:
    """The writer's side of the one rule per entry: apply ``events`` (to be stored as entries
    ``first_seq``, ``first_seq + 1``, ... of ``stream``) to ``books`` exactly as every reader
    will (``apply_checked``), before they are written. None when each was applied; otherwise
    the one line the command is refused with, naming the first entry a reader would reject and
    why. ``books`` has then taken part of the batch and must be read again; nothing that a
    reader would record as corrupt is ever written."""
    for offset, e in enumerate(events):
        found = apply_checked(books, e, stream, first_seq + offset)
        if found is not None:
            return (
                f"refused: every reader of the books would reject this entry ({found.label}): "
                f"{'; '.join(found.problems)}; nothing was written"
            )
    return None


def _record(books: Books, e: Event, stream: str, seq: int, problems: list[str]) -> CorruptEntry:
    if books.corrupt:
        first = books.corrupt[0]
        problems = [
            *problems,
            f"the books before it hold a corrupt entry (stream {first.stream!r} event {first.seq})",
        ]
    found = CorruptEntry(
        stream, seq, e.TYPE or type(e).__name__, books.next_position, label(e), tuple(problems)
    )
    books.corrupt.append(found)
    books.entries.append(e)
    if isinstance(e, ev.SlipIssued | ev.SlipVoided) and isinstance(e.kind, SlipKind):
        number = e.number
        expected = books.next_number[e.kind]
        if isinstance(number, int) and 1 <= number <= expected + SERIES_SLACK:
            books.next_number[e.kind] = number + 1
    return found


def apply_stored(books: Books, stored: Iterable[tuple[str, int, Event]]) -> list[CorruptEntry]:
    """``apply_checked`` every ``(stream, seq, event)`` in order; the corrupt entries found."""
    found: list[CorruptEntry] = []
    for stream, seq, e in stored:
        corrupt = apply_checked(books, e, stream, seq)
        if corrupt is not None:
            found.append(corrupt)
    return found


def corrupt_positions(books: Books) -> frozenset[int]:
    """The positions in ``books.entries`` of the corrupt entries (not data: skip them)."""
    return frozenset(c.position for c in books.corrupt)


def banner_lines(books: Books) -> list[str]:
    """One line per corrupt entry, to print above anything read from the books."""
    return [c.line() for c in books.corrupt]


def refusal(books: Books) -> str | None:
    """The one line a writing command is refused with while the books hold a corrupt entry
    (naming the first), or None."""
    if not books.corrupt:
        return None
    first = books.corrupt[0]
    more = len(books.corrupt) - 1
    others = f" (and {more} more)" if more else ""
    return (
        f"stream {first.stream!r} holds a corrupt entry at event {first.seq} ({first.label}): "
        f"{first.problems[0]}{others}; nothing was written "
        "(run `croupier verify --anchor` with the last printed anchor)"
    )


__all__ = [
    "CHECKS",
    "CONTEXT_CHECKS",
    "CorruptEntry",
    "admit",
    "apply_checked",
    "apply_stored",
    "banner_lines",
    "check",
    "check_in_books",
    "corrupt_positions",
    "label",
    "refusal",
]
