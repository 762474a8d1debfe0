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

The rules live one module per family of entries (``setup``, ``day``, ``slips``, ``count``,
``surveillance``, ``carry``, ``poker``, ``tickets``, ``tournament21``; ``fields`` holds the
checks they share); this package names them per event type (``CHECKS``, ``CONTEXT_CHECKS``)
and applies them: for every reader (``apply_checked``) and for the writer before it appends
(``admit``), so that the writer never writes what a reader rejects.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from croupier.books import events as ev
from croupier.books.consistency.carry import (
    _carried,
    _ctx_carried,
    _ctx_digested,
    _digested,
)
from croupier.books.consistency.count import (
    _corrected,
    _counted,
    _ctx_corrected,
    _ctx_counted,
)
from croupier.books.consistency.day import (
    _ctx_day_closed,
    _ctx_day_opened,
    _ctx_deposited,
    _ctx_exchanged,
    _ctx_iou,
    _ctx_iou_cleared,
    _ctx_play,
    _ctx_redeemed,
    _ctx_shift_ended,
    _ctx_shift_started,
    _ctx_sold,
    _ctx_tip,
    _ctx_tips_redeemed,
    _day_closed,
    _day_opened,
    _deposited,
    _exchanged,
    _iou,
    _iou_cleared,
    _play,
    _redeemed,
    _shift_ended,
    _shift_started,
    _sold,
    _tip,
    _tips_redeemed,
)
from croupier.books.consistency.fields import (
    SERIES_SLACK,
    _ctx_site_only,
    corrupt_positions,
)
from croupier.books.consistency.poker import (
    _buy_in_redeemed,
    _cash_counted,
    _cash_deposited,
    _ctx_buy_in,
    _ctx_fee_void,
    _ctx_in_occasion,
    _ctx_occasion,
    _ctx_poker_prize,
    _half_hour_fee,
    _half_hour_void,
    _occasion,
    _poker_prize,
    _time_worked,
    _tournament,
    _tournament_fee,
)
from croupier.books.consistency.setup import (
    _ctx_employee,
    _ctx_opening,
    _ctx_organization,
    _ctx_prior,
    _ctx_quarter_closed,
    _ctx_rent,
    _ctx_site,
    _ctx_table,
    _discontinued,
    _employee,
    _funded,
    _inventory,
    _opening,
    _organization,
    _prior,
    _quarter_closed,
    _rent,
    _site,
    _table,
)
from croupier.books.consistency.slips import (
    _ctx_slip,
    _ctx_void,
    _slip,
    _void,
)
from croupier.books.consistency.surveillance import (
    _ctx_reviewed,
    _fault,
    _repaired,
    _reviewed,
    _video,
)
from croupier.books.consistency.tickets import (
    _card_refunded,
    _card_sold,
    _ctx_card,
    _ctx_series,
    _ctx_ticket_deposit,
    _series,
    _spin,
    _ticket_deposit,
    _ticket_prize,
)
from croupier.books.consistency.tournament21 import (
    _ctx_t21_entry,
    _ctx_t21_registered,
    _ctx_t21_void,
    _t21_fee,
    _t21_prize,
    _t21_registered,
    _t21_void,
)
from croupier.books.model import (
    SlipKind,
)
from croupier.books.periods import closing_of
from croupier.books.poker_ledger import (
    PokerBuyInRedeemed,
    PokerCashCounted,
    PokerCashDeposited,
    PokerHalfHourFee,
    PokerHalfHourFeeVoided,
    PokerOccasionOpened,
    PokerPrizePaid,
    PokerTimeWorked,
    PokerTournamentFee,
    PokerTournamentStarted,
)
from croupier.books.state import Books, CorruptEntry
from croupier.books.tickets_ledger import (
    TicketCardRefunded,
    TicketCardSold,
    TicketCashDeposited,
    TicketPrizePaid,
    TicketSeriesRegistered,
    TicketSpin,
)
from croupier.books.tournament21_ledger import (
    Tournament21Fee,
    Tournament21FeeVoided,
    Tournament21Prize,
    Tournament21Registered,
)
from croupier.core.events import Event

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
    ev.PriorActivity: _prior,
    ev.RentPaid: _rent,
    ev.BooksCarriedForward: _carried,
    ev.DaysDigested: _digested,
    PokerOccasionOpened: _occasion,
    PokerHalfHourFee: _half_hour_fee,
    PokerHalfHourFeeVoided: _half_hour_void,
    PokerTimeWorked: _time_worked,
    PokerTournamentStarted: _tournament,
    PokerTournamentFee: _tournament_fee,
    PokerPrizePaid: _poker_prize,
    PokerBuyInRedeemed: _buy_in_redeemed,
    PokerCashCounted: _cash_counted,
    PokerCashDeposited: _cash_deposited,
    TicketSeriesRegistered: _series,
    TicketCardSold: _card_sold,
    TicketCardRefunded: _card_refunded,
    TicketSpin: _spin,
    TicketPrizePaid: _ticket_prize,
    TicketCashDeposited: _ticket_deposit,
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
    ev.PriorActivity: _ctx_prior,
    ev.RentPaid: _ctx_rent,
    PokerOccasionOpened: _ctx_occasion,
    PokerHalfHourFee: _ctx_in_occasion,
    PokerHalfHourFeeVoided: _ctx_fee_void,
    PokerTimeWorked: _ctx_in_occasion,
    PokerTournamentStarted: _ctx_in_occasion,
    PokerTournamentFee: _ctx_in_occasion,
    PokerPrizePaid: _ctx_poker_prize,
    PokerBuyInRedeemed: _ctx_buy_in,
    PokerCashCounted: _ctx_in_occasion,
    PokerCashDeposited: _ctx_in_occasion,
    TicketSeriesRegistered: _ctx_series,
    Tournament21Registered: _ctx_t21_registered,
    Tournament21Fee: _ctx_t21_entry,
    Tournament21Prize: _ctx_t21_entry,
    Tournament21FeeVoided: _ctx_t21_void,
    TicketCardSold: _ctx_card,
    TicketCardRefunded: _ctx_card,
    TicketSpin: _ctx_card,
    TicketPrizePaid: _ctx_card,
    TicketCashDeposited: _ctx_ticket_deposit,
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
