"""Every books entry is an event; the current books are rebuilt from them (``state.Books``).

Times are ISO 8601 strings with offset; gaming days are ISO dates. Money is int cents.
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.books.model import Affiliation, Chips, Counterpart, Game, Role, SlipKind
from croupier.core.events import Event, event


@event("books.organization_registered")
@dataclass(frozen=True, slots=True)
class OrganizationRegistered(Event):
    org_id: str
    name: str
    first_fill_number: int = 1
    first_credit_number: int = 1


@event("books.site_registered")
@dataclass(frozen=True, slots=True)
class SiteRegistered(Event):
    site_id: str
    name: str
    surveilled: bool
    seasonal: bool = False


@event("books.table_registered")
@dataclass(frozen=True, slots=True)
class TableRegistered(Event):
    site_id: str
    number: int
    game: Game


@event("books.employee_registered")
@dataclass(frozen=True, slots=True)
class EmployeeRegistered(Event):
    employee_id: str
    name: str
    initials: str
    roles: tuple[Role, ...]
    affiliation: Affiliation
    supervisor_id: str | None = None
    household_id: str | None = None
    relatives: tuple[str, ...] = ()


@event("books.chip_inventory_received")
@dataclass(frozen=True, slots=True)
class ChipInventoryReceived(Event):
    """Chips bought by the organization, placed in a site's chip bank."""

    site_id: str
    chips: Chips
    at: str


@event("books.cash_bank_funded")
@dataclass(frozen=True, slots=True)
class CashBankFunded(Event):
    """Cash placed in a site's cash bank from the gaming account."""

    site_id: str
    cents: int
    at: str


@event("books.day_opened")
@dataclass(frozen=True, slots=True)
class DayOpened(Event):
    site_id: str
    day: str
    at: str
    on_duty: tuple[str, ...]
    opened_by: str


@event("books.shift_started")
@dataclass(frozen=True, slots=True)
class ShiftStarted(Event):
    """A dealer or wheel operator takes a table; the first shift of the day opens the table."""

    site_id: str
    day: str
    table: int
    shift: int
    dealer_id: str
    at: str
    max_wager: int
    shoe_inspected_by: str | None = None


@event("books.shift_ended")
@dataclass(frozen=True, slots=True)
class ShiftEnded(Event):
    """The tray is counted and the shift's drop box removed (99-01.3-08-14.1)."""

    site_id: str
    day: str
    table: int
    shift: int
    at: str
    tray_count: Chips
    removed_by: str
    escort_id: str | None
    closes_table: bool


@event("books.chips_sold")
@dataclass(frozen=True, slots=True)
class ChipsSold(Event):
    """Chips sold at a table for cash; the cash goes into the drop box (99-01.3-08-06.1)."""

    site_id: str
    day: str
    table: int
    shift: int
    cents: int
    chips: Chips
    at: str


@event("books.chips_exchanged")
@dataclass(frozen=True, slots=True)
class ChipsExchanged(Event):
    """A player's chips exchanged at a table for chips of other values (99-01.3-08-07.3.c,
    99-01.3-11-05.8)."""

    site_id: str
    day: str
    table: int
    given: Chips
    received: Chips
    at: str


@event("books.play_settled")
@dataclass(frozen=True, slots=True)
class PlaySettled(Event):
    """Losing wagers collected into the tray and winning wagers paid from it."""

    site_id: str
    day: str
    table: int
    shift: int
    collected: Chips
    paid: Chips
    at: str


@event("books.tip_received")
@dataclass(frozen=True, slots=True)
class TipReceived(Event):
    site_id: str
    day: str
    table: int
    dealer_id: str
    chips: Chips
    at: str


@event("books.tips_redeemed")
@dataclass(frozen=True, slots=True)
class TipsRedeemed(Event):
    """A dealer's tips redeemed through cash on hand (99-01.3-08-06.2)."""

    site_id: str
    day: str
    dealer_id: str
    chips: Chips
    cents: int
    cashier_id: str
    at: str


@event("books.chips_redeemed")
@dataclass(frozen=True, slots=True)
class ChipsRedeemed(Event):
    """A player's chips redeemed for cash at the value sold (99-01.3-08-06.2)."""

    site_id: str
    day: str
    chips: Chips
    cents: int
    cashier_id: str
    at: str


@event("books.slip_issued")
@dataclass(frozen=True, slots=True)
class SlipIssued(Event):
    """A fill or credit slip, both parts, with who prepared, verified and received it."""

    kind: SlipKind
    number: int
    game: Game
    site_id: str
    day: str
    at: str
    table: int
    counterpart: Counterpart
    chips: Chips
    grand_total: int
    preparer_id: str
    cashier_id: str
    dealer_id: str
    verifier_id: str | None
    form: int | None = None
    """The number printed on the paper form (the organization's series per site, game and
    kind), when the site uses pre-printed forms; ``number`` is the books' own entry number."""


@event("books.slip_voided")
@dataclass(frozen=True, slots=True)
class SlipVoided(Event):
    """Original and copy marked VOID and initialed by the preparer (99-01.3-08-05.2)."""

    kind: SlipKind
    number: int
    site_id: str
    day: str
    at: str
    preparer_id: str
    preparer_initials: str
    form: int | None = None
    """The pre-printed form voided (its number in the site's series of ``game``), if any."""
    game: Game | None = None


@event("books.iou_written")
@dataclass(frozen=True, slots=True)
class IouWritten(Event):
    site_id: str
    day: str
    number: int
    cents: int
    purpose: str
    by_id: str
    at: str


@event("books.iou_cleared")
@dataclass(frozen=True, slots=True)
class IouCleared(Event):
    site_id: str
    day: str
    number: int
    by_id: str
    at: str


@event("books.drop_box_counted")
@dataclass(frozen=True, slots=True)
class DropBoxCounted(Event):
    """Both count-team members' independent counts, the resolved amount, initials and date."""

    site_id: str
    day: str
    table: int
    shift: int
    count_day: str
    member_a: str
    member_b: str
    key_holder: str
    second_key_holder: str | None
    first_count: int
    second_count: int
    resolved: int
    resolution: str
    initials_a: str
    initials_b: str
    slips_found: tuple[int, ...]
    credit_slips_found: tuple[int, ...]


@event("books.count_corrected")
@dataclass(frozen=True, slots=True)
class CountCorrected(Event):
    """A correction is a new entry that references the corrected one; nothing is edited."""

    corrects_entry: int
    cents: int
    reason: str
    by_id: str
    at: str


@event("books.cash_deposited")
@dataclass(frozen=True, slots=True)
class CashDeposited(Event):
    site_id: str
    day: str
    cents: int
    by_id: str
    at: str


@event("books.day_closed")
@dataclass(frozen=True, slots=True)
class DayClosed(Event):
    """Ending cash bank and chip bank as counted."""

    site_id: str
    day: str
    at: str
    cash_bank_count: int
    chip_bank_count: Chips
    closed_by: str


@event("books.surveillance_reviewed")
@dataclass(frozen=True, slots=True)
class SurveillanceReviewed(Event):
    """The daily review that each table's camera records a clear view (99-01.3-08-04.6)."""

    site_id: str
    day: str
    table: int
    working: bool
    reviewer_id: str
    at: str
    note: str = ""


@event("books.camera_fault_reported")
@dataclass(frozen=True, slots=True)
class CameraFaultReported(Event):
    """A camera found not working outside the daily review (99-01.3-08-04.6)."""

    site_id: str
    table: int
    at: str
    reported_by: str
    note: str = ""


@event("books.camera_repaired")
@dataclass(frozen=True, slots=True)
class CameraRepaired(Event):
    site_id: str
    table: int
    at: str
    by_id: str


@event("books.video_review_documented")
@dataclass(frozen=True, slots=True)
class VideoReviewDocumented(Event):
    """One review of recorded video of a shift (99-01.3-08-04.8)."""

    site_id: str
    table: int
    reviewed_day: str
    shift: int
    minutes: int
    reviewer_id: str
    at: str
    finding: str = ""


@event("books.game_discontinued")
@dataclass(frozen=True, slots=True)
class GameDiscontinued(Event):
    site_id: str
    game: Game
    day: str


@event("books.quarter_closed")
@dataclass(frozen=True, slots=True)
class QuarterClosed(Event):
    """A quarter's records are final: its report was produced for the attorney general or its
    tax return filed (``reason``). Nothing dated in it is recorded after this; a correction is
    a new entry dated when it is made that references what it corrects (``books.periods``)."""

    quarter: str
    reason: str
    by_id: str
    at: str


@event("books.rent_paid")
@dataclass(frozen=True, slots=True)
class RentPaid(Event):
    """Monthly rent paid for a table (99-01.3-08-01, NDCC 53-06.1-11.5)."""

    site_id: str
    table: int
    month: str
    """The month the rent is for, ``YYYY-MM``."""
    cents: int
    by_id: str
    at: str


@event("books.opening_balances")
@dataclass(frozen=True, slots=True)
class OpeningBalances(Event):
    """Where a site's cash and chips stood when the organization began keeping these books
    (an organization that starts using croupier mid-life): entered once, before any activity
    at the site, by a gaming manager and audited by an auditor (issue 20)."""

    site_id: str
    at: str
    cash_bank: int
    chip_bank: Chips
    jar_bar: Chips
    trays: tuple[TableChips, ...]
    outstanding: Chips
    """Chips with players (sold before these books and not yet redeemed)."""
    prepared_by: str
    audited_by: str


@dataclass(frozen=True, slots=True)
class TableDays:
    """A table's days of use in a quarter (the usage -01 counts for table rent)."""

    table: int
    days: int


@event("books.prior_activity")
@dataclass(frozen=True, slots=True)
class PriorActivity(Event):
    """A site's activity in a quarter before these books began (issue 30): each table's days of
    use, the tables that accepted a wager over $5 (rent, -01) and the twenty-one gross proceeds
    (the surveillance test, -04); entered by a gaming manager, audited by an auditor."""

    site_id: str
    quarter: str
    table_days: tuple[TableDays, ...]
    twentyone_gross: int | None
    over_five: tuple[int, ...]
    prepared_by: str
    audited_by: str
    at: str


# -- balances brought forward (issue 17: the books at a year's scale) -------------------------
@dataclass(frozen=True, slots=True)
class FormSeriesCarried:
    """A site's series of pre-printed forms of one game and kind: the lowest and highest numbers
    used and the numbers between never used (a form keyed twice is refused across checkpoints)."""

    game: Game
    kind: SlipKind
    lowest: int
    highest: int
    unused: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TableChips:
    table: int
    chips: Chips


@dataclass(frozen=True, slots=True)
class TableCents:
    table: int
    cents: int


@dataclass(frozen=True, slots=True)
class HolderChips:
    holder: str
    chips: Chips


@dataclass(frozen=True, slots=True)
class OpenFault:
    """A camera fault still open: when it was found and the time its table has been open since
    (in microseconds, exact), which its deadline counts (99-01.3-08-04.6)."""

    table: int
    since: str
    active_us: int


@dataclass(frozen=True, slots=True)
class Discontinuance:
    game: Game
    day: str


@dataclass(frozen=True, slots=True)
class SiteCarried:
    """Where a site's cash and chips stand when no gaming day is open, and what it has done."""

    site_id: str
    cash_bank: int
    chip_bank: Chips
    jar_bar: Chips
    with_players: Chips
    deposited: int
    count_cash: int
    ious: tuple[IouWritten, ...]
    trays: tuple[TableChips, ...]
    drop_boxes: tuple[TableCents, ...]
    tips: tuple[HolderChips, ...]
    open_faults: tuple[OpenFault, ...]
    discontinued: tuple[Discontinuance, ...]
    days: tuple[str, ...]
    """Every gaming day ever opened at the site (a day is opened once: 99-01.3-08-16)."""
    forms: tuple[FormSeriesCarried, ...] = ()
    """The site's series of pre-printed slip forms (99-01.3-08-05.2)."""


@event("books.carried_forward")
@dataclass(frozen=True, slots=True)
class BooksCarriedForward(Event):
    """The balances brought forward: the books as they stand between gaming days, written (by
    ``books.carry``) before a day opens when no day is open anywhere. Hash-chained and anchored
    like every entry; whoever reads the books from here on starts from it instead of replaying
    the history before it, and whoever replays that history checks it against this entry."""

    at: str | None
    """The time of the latest entry before it (None if none was timed)."""
    position: int
    """How many entries precede it (its own position in the books)."""
    next_fill_number: int
    next_credit_number: int
    last_iou: int
    sites: tuple[SiteCarried, ...]


@dataclass(frozen=True, slots=True)
class SlipEntry:
    """One slip entry of a day, issued or voided, in the order recorded."""

    issued: SlipIssued | None = None
    voided: SlipVoided | None = None


@dataclass(frozen=True, slots=True)
class ShiftDigested:
    """A closed shift's record as the books hold it (``books.state.ShiftRecord``): its tray
    counts and the book's tray, the drop box cash booked and counted, its slips by number."""

    started: ShiftStarted
    opening_tray: Chips
    ended: ShiftEnded | None
    book_closing_tray: Chips | None
    drop_book_cash: int
    fills: tuple[int, ...]
    credits: tuple[int, ...]
    count: DropBoxCounted | None
    count_entry: int | None
    action: int = 0
    """Chips collected plus chips paid in the shift's settlements (its action)."""


@dataclass(frozen=True, slots=True)
class DayDigested:
    """A closed gaming day's record as the books hold it (``books.state.DayRecord``): its
    opening and closing entries and balances, and its low-volume entries (redemptions, slips,
    deposits, reviews...). The sales and settlements that moved chips during the day are in
    the book's figures (the trays, the drop, the banks), not listed."""

    opened: DayOpened
    start_cash_bank: int
    start_ious: int
    start_chip_bank: Chips
    closed: DayClosed
    end_ious: int
    book_end_cash_bank: int
    book_end_chip_bank: Chips
    redemptions: tuple[ChipsRedeemed, ...]
    tip_redemptions: tuple[TipsRedeemed, ...]
    deposits: tuple[CashDeposited, ...]
    fundings: tuple[CashBankFunded, ...]
    ious: tuple[IouWritten, ...]
    reviews: tuple[SurveillanceReviewed, ...]
    slips: tuple[SlipEntry, ...]
    shifts: tuple[tuple[str, str, int, int], ...]
    ticket_sales: int = 0
    ticket_refunds: int = 0
    ticket_cash_prizes: int = 0
    ticket_merchandise_prizes: int = 0
    ticket_activity: bool = False
    t21_fees: int = 0
    t21_cash_prizes: int = 0
    t21_merchandise_prizes: int = 0
    t21_activity: bool = False
    ticket_deposits: int = 0
    """Ticket cash deposited from the cash bank (0 in digests written before it existed,
    when there was none)."""


@event("books.days_digested")
@dataclass(frozen=True, slots=True)
class DaysDigested(Event):
    """The records of the gaming days closed since the previous balances brought forward,
    written with the next ones (``books.digest``): a report of many days (the quarterly report)
    reads these instead of replaying every sale and settlement. Whoever replays the entries
    before it checks it against them (``books.consistency``), as for the balances."""

    days: tuple[DayDigested, ...]
    shifts: tuple[ShiftDigested, ...]
    """The days' shifts, in the order they started."""
