"""The current books, rebuilt by applying books events in order (``Books.apply``).

``apply`` trusts its events: they were validated by the command that produced them (the
functions in ``croupier.books.operations`` and friends). Entries read back from the store go
through ``croupier.books.consistency.apply_checked`` first, which applies an entry that adds up
and records one that does not in ``corrupt`` instead.

Why one module of over 600 lines: ``Books`` is one projection, one handler per event type
over one state object; split by family, the handlers would share every field anyway. The
rules of what may be applied live apart, one module per family (``books.consistency``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from croupier.books import events as ev
from croupier.books.model import (
    Chips,
    Counterpart,
    Employee,
    Game,
    Site,
    SlipKind,
    Table,
    Token,
    add_chips,
    chips,
    chips_total,
    take_chips,
)
from croupier.books.poker_ledger import POKER_EVENTS, PokerLedger
from croupier.books.quarters import Quarter
from croupier.books.tickets_ledger import (
    TICKET_EVENTS,
    TicketCardRefunded,
    TicketCardSold,
    TicketCashDeposited,
    TicketLedger,
    TicketPrizePaid,
    TicketSpin,
)
from croupier.books.tournament21_ledger import (
    TOURNAMENT21_EVENTS,
    Tournament21Fee,
    Tournament21FeeVoided,
    Tournament21Ledger,
    Tournament21Prize,
)
from croupier.core.events import Event

ShiftKey = tuple[str, str, int, int]
"""(site, day, table, shift)."""

TIME_FIELDS = ("at", "collected_at")
"""The fields that say when an entry was made (``PokerHalfHourFee`` calls it ``collected_at``)."""


def entry_time(e: Event) -> datetime | None:
    """When a books entry was made, or None for an entry without a time (a registration)."""
    for name in TIME_FIELDS:
        value = getattr(e, name, None)
        if isinstance(value, str):
            return datetime.fromisoformat(value)
    return None


@dataclass
class ShiftRecord:
    """One dealer's shift at one table: its tray counts, slips and drop box."""

    started: ev.ShiftStarted
    game: Game
    opening_tray: Chips
    ended: ev.ShiftEnded | None = None
    book_closing_tray: Chips | None = None
    drop_book_cash: int = 0
    fills: list[ev.SlipIssued] = field(default_factory=list)
    credits: list[ev.SlipIssued] = field(default_factory=list)
    count: ev.DropBoxCounted | None = None
    count_entry: int | None = None
    corrections: list[ev.CountCorrected] = field(default_factory=list)
    action: int = 0
    """Chips collected from losing wagers plus chips paid to winning ones (the settlements)."""

    @property
    def counted_cash(self) -> int | None:
        """The drop box cash as counted, after any correction; None before the count."""
        if self.count is None:
            return None
        if self.corrections:
            return self.corrections[-1].cents
        return self.count.resolved


@dataclass
class DayRecord:
    """One gaming day at one site."""

    opened: ev.DayOpened
    start_cash_bank: int
    start_ious: int
    start_chip_bank: Chips
    closed: ev.DayClosed | None = None
    closed_position: int | None = None
    """The position of the close entry among the books' entries (its stored event is the next
    one, ``closed_position + 1``): the daily report prints the first anchor that covers it."""
    end_ious: int | None = None
    book_end_cash_bank: int | None = None
    book_end_chip_bank: Chips | None = None
    sales: list[ev.ChipsSold] = field(default_factory=list)
    redemptions: list[ev.ChipsRedeemed] = field(default_factory=list)
    tip_redemptions: list[ev.TipsRedeemed] = field(default_factory=list)
    deposits: list[ev.CashDeposited] = field(default_factory=list)
    fundings: list[ev.CashBankFunded] = field(default_factory=list)
    ious: list[ev.IouWritten] = field(default_factory=list)
    reviews: list[ev.SurveillanceReviewed] = field(default_factory=list)
    slips: list[ev.SlipIssued | ev.SlipVoided] = field(default_factory=list)
    shifts: list[ShiftKey] = field(default_factory=list)
    ticket_sales: int = 0
    ticket_refunds: int = 0
    ticket_cash_prizes: int = 0
    ticket_merchandise_prizes: int = 0
    ticket_activity: bool = False
    ticket_deposits: int = 0
    """Ticket cash deposited from the cash bank this day (``TicketCashDeposited``)."""
    t21_fees: int = 0
    t21_cash_prizes: int = 0
    t21_merchandise_prizes: int = 0
    t21_activity: bool = False
    """Twenty-one tournament fees and prizes of the day (99-01.3-08-16.1.e, f)."""


@dataclass
class FormSeries:
    """A site's series of pre-printed fill or credit forms of one game (99-01.3-08-05.2): the
    lowest and highest numbers used, the numbers between them not used (gaps), the numbers used
    after a higher one (out of order), and the forms of these books by number."""

    lowest: int = 0
    highest: int = 0
    unused: set[int] = field(default_factory=set)
    out_of_order: list[int] = field(default_factory=list)
    forms: dict[int, ev.SlipIssued | ev.SlipVoided] = field(default_factory=dict)

    def used(self, number: int) -> bool:
        return self.lowest <= number <= self.highest and number not in self.unused

    def use(self, number: int, entry: ev.SlipIssued | ev.SlipVoided) -> None:
        if self.highest == 0:
            self.lowest = self.highest = number
        elif number > self.highest:
            self.unused.update(range(self.highest + 1, number))
            self.highest = number
        elif number < self.lowest:
            self.unused.update(range(number + 1, self.lowest))
            self.lowest = number
            self.out_of_order.append(number)
        else:
            self.unused.discard(number)
            self.out_of_order.append(number)
        self.forms[number] = entry


@dataclass
class SiteState:
    """Where the cash and chips of a site are right now."""

    site: Site
    cash_bank: int = 0
    chip_bank: Chips = ()
    jar_bar: Chips = ()
    with_players: Chips = ()
    deposited: int = 0
    count_cash: int = 0
    ious: dict[int, ev.IouWritten] = field(default_factory=dict)
    trays: dict[int, Chips] = field(default_factory=dict)
    drop_boxes: dict[int, int] = field(default_factory=dict)
    tips: dict[str, Chips] = field(default_factory=dict)
    open_shift: dict[int, ShiftKey] = field(default_factory=dict)
    open_day: str | None = None
    camera_fault_since: dict[int, str] = field(default_factory=dict)
    discontinued: dict[Game, str] = field(default_factory=dict)
    forms: dict[tuple[Game, SlipKind], FormSeries] = field(default_factory=dict)
    """The site's pre-printed form series, by game and kind."""


@dataclass(frozen=True, slots=True)
class CorruptEntry:
    """A stored entry that does not add up: where it is and what is wrong with it."""

    stream: str
    seq: int
    type: str
    position: int
    """Its index in ``Books.entries`` (where corrections would cite it)."""
    label: str
    """What it claims to be, without its amounts (e.g. ``fill slip 5, table 1, S1 2026-01-05``)."""
    problems: tuple[str, ...]

    def line(self) -> str:
        """One line naming the stream, the event number and what disagrees."""
        return (
            f"CORRUPT ENTRY: stream {self.stream!r} event {self.seq} ({self.label}): "
            f"{'; '.join(self.problems)}. It is not shown as data; run `croupier verify --anchor`."
        )


class Books:
    """An organization's books: the state of every site and every record, from events."""

    def __init__(self) -> None:
        self.org_id: str | None = None
        self.org_name: str = ""
        self.next_number: dict[SlipKind, int] = {SlipKind.FILL: 1, SlipKind.CREDIT: 1}
        self.first_number: dict[SlipKind, int] = {SlipKind.FILL: 1, SlipKind.CREDIT: 1}
        self.slips: dict[tuple[SlipKind, int], ev.SlipIssued | ev.SlipVoided] = {}
        self.sites: dict[str, SiteState] = {}
        self.tables: dict[tuple[str, int], Table] = {}
        self.employees: dict[str, Employee] = {}
        self.days: dict[tuple[str, str], DayRecord] = {}
        self.shifts: dict[ShiftKey, ShiftRecord] = {}
        self.entries: list[Event] = []
        self.last_at: datetime | None = None
        """The latest time of any entry: the books' clock never goes back past it."""
        self.camera_repairs: list[ev.CameraRepaired] = []
        self.faults: list[tuple[str, int, str]] = []
        self.video_reviews: list[ev.VideoReviewDocumented] = []
        self.poker = PokerLedger()
        self.tickets = TicketLedger()
        self.t21_tournaments = Tournament21Ledger()
        self.corrupt: list[CorruptEntry] = []
        """Stored entries that did not add up when read (``consistency.apply_checked``): in
        ``entries`` at their positions, but not applied."""
        self.base = 0
        """The position of ``entries[0]``: 0 for books replayed from the first entry, the
        checkpoint's position for books read from balances brought forward (``books.carry``)."""
        self.window: ev.BooksCarriedForward | None = None
        """The checkpoint these books were restored from (``books.carry.restore``), or None."""
        self.past_days: set[tuple[str, str]] = set()
        """(site, day) of the gaming days opened before ``window`` (their records are not here)."""
        self.last_iou = 0
        """The highest IOU number written so far (IOUs are numbered across the organization)."""
        self.adjustments: dict[int, int] = {}
        """Position of a count correction -> its difference from the amount it corrects."""
        self.corrected_cash: dict[int, int] = {}
        """Counts of closed quarters corrected afterwards: their position -> the amount now."""
        self.rent_paid: list[ev.RentPaid] = []
        self.prior: dict[tuple[str, str], ev.PriorActivity] = {}
        """Each site's activity in a quarter before these books (site, quarter): ``books.prior``."""
        """Table rent paid (99-01.3-08-01), read by type across checkpoints."""
        self.closed_quarters: dict[str, ev.QuarterClosed] = {}
        """Quarters whose records are final (``books.periods``), by label ("2026Q1")."""
        self.since_checkpoint: list[tuple[str, str]] = []
        """(site, day) of the gaming days opened since the latest balances brought forward (or
        since the first entry): the days the next digest covers (``books.digest``)."""
        self.carried_activity: dict[tuple[str, int], tuple[str, int]] = {}
        """(site, table) -> (fault found at, microseconds the table was open since then up to
        ``window``): the part of a camera fault's activity before these books (-04.6)."""
        self._handlers: dict[type[Event], Callable[[Any], None]] = {
            ev.OrganizationRegistered: self._organization,
            ev.SiteRegistered: self._site,
            ev.TableRegistered: self._table,
            ev.EmployeeRegistered: self._employee,
            ev.ChipInventoryReceived: self._inventory,
            ev.CashBankFunded: self._funded,
            ev.DayOpened: self._day_opened,
            ev.ShiftStarted: self._shift_started,
            ev.ShiftEnded: self._shift_ended,
            ev.ChipsSold: self._sold,
            ev.ChipsExchanged: self._exchanged,
            ev.PlaySettled: self._play,
            ev.TipReceived: self._tip,
            ev.TipsRedeemed: self._tips_redeemed,
            ev.ChipsRedeemed: self._redeemed,
            ev.SlipIssued: self._slip,
            ev.SlipVoided: self._void,
            ev.IouWritten: self._iou,
            ev.IouCleared: self._iou_cleared,
            ev.DropBoxCounted: self._counted,
            ev.CountCorrected: self._corrected,
            ev.CashDeposited: self._deposited,
            ev.DayClosed: self._day_closed,
            ev.SurveillanceReviewed: self._reviewed,
            ev.CameraRepaired: self._repaired,
            ev.CameraFaultReported: self._fault_reported,
            ev.VideoReviewDocumented: self._video_review,
            ev.GameDiscontinued: self._discontinued,
            ev.QuarterClosed: self._quarter_closed,
            ev.OpeningBalances: self._opening,
            ev.PriorActivity: self._prior,
            ev.RentPaid: self._rent,
            ev.BooksCarriedForward: self._carried,
            ev.DaysDigested: self._digested,
        }

    # -- rebuilding -------------------------------------------------------------------------
    @classmethod
    def from_events(cls, events: Iterable[Event]) -> Books:
        """Rebuild the books from their events."""
        books = cls()
        books.apply_all(events)
        return books

    def apply_all(self, events: Iterable[Event]) -> None:
        for e in events:
            self.apply(e)

    def apply(self, e: Event) -> None:
        """Record one (already validated) event."""
        handler = self._handlers.get(type(e))
        if handler is None and isinstance(e, POKER_EVENTS):
            handler = self.poker.apply
        if handler is None and isinstance(e, TICKET_EVENTS):
            handler = self._ticket
        if handler is None and isinstance(e, TOURNAMENT21_EVENTS):
            handler = self._tournament21
        if handler is None:
            raise TypeError(f"not a books event: {type(e).__name__}")
        handler(e)
        self.entries.append(e)
        when = entry_time(e)
        if when is not None and (self.last_at is None or when > self.last_at):
            self.last_at = when

    def apply_setup(self, e: Event) -> None:
        """Take a set-up entry read from before a checkpoint (``books.carry.restore``): its
        effect on who and where, without a position among the entries."""
        self._handlers[type(e)](e)

    # -- queries -----------------------------------------------------------------------------
    @property
    def next_position(self) -> int:
        """The position the next entry will have (``base`` plus the entries held)."""
        return self.base + len(self.entries)

    def entry(self, position: int) -> Event | None:
        """The entry at ``position``, or None when it is not among these books' entries."""
        index = position - self.base
        if 0 <= index < len(self.entries):
            return self.entries[index]
        return None

    def days_opened(self, site_id: str) -> set[str]:
        """Every gaming day opened at a site, here or before these books' window."""
        return {d for (s, d) in self.days if s == site_id} | {
            d for (s, d) in self.past_days if s == site_id
        }

    def day_known(self, site_id: str, day: str) -> bool:
        """Whether the day was ever opened at the site (here or before the window)."""
        return (site_id, day) in self.days or (site_id, day) in self.past_days

    def site(self, site_id: str) -> SiteState:
        return self.sites[site_id]

    def day(self, site_id: str, day: str) -> DayRecord:
        return self.days[(site_id, day)]

    def dealers_on(self, site_id: str, day: str) -> set[str]:
        """Everyone who conducted a game at the site on the day (dealt or ran a wheel)."""
        return {
            rec.started.dealer_id
            for key, rec in self.shifts.items()
            if key[0] == site_id and key[1] == day
        }

    def chip_inventory(self, site_id: str) -> Chips:
        """Every chip of the site wherever it is: bank, trays, jar bar, tips, players."""
        st = self.sites[site_id]
        total = add_chips(st.chip_bank, st.jar_bar)
        total = add_chips(total, st.with_players)
        for tray in st.trays.values():
            total = add_chips(total, tray)
        for tips in st.tips.values():
            total = add_chips(total, tips)
        return total

    # -- handlers ----------------------------------------------------------------------------
    def _organization(self, e: ev.OrganizationRegistered) -> None:
        self.org_id, self.org_name = e.org_id, e.name
        self.next_number = {
            SlipKind.FILL: e.first_fill_number,
            SlipKind.CREDIT: e.first_credit_number,
        }
        self.first_number = dict(self.next_number)

    def _site(self, e: ev.SiteRegistered) -> None:
        self.sites[e.site_id] = SiteState(Site(e.site_id, e.name, e.surveilled, e.seasonal))

    def _table(self, e: ev.TableRegistered) -> None:
        self.tables[(e.site_id, e.number)] = Table(e.site_id, e.number, e.game)
        self.sites[e.site_id].trays[e.number] = ()
        self.sites[e.site_id].drop_boxes[e.number] = 0

    def _employee(self, e: ev.EmployeeRegistered) -> None:
        self.employees[e.employee_id] = Employee(
            e.employee_id,
            e.name,
            e.initials,
            frozenset(e.roles),
            e.affiliation,
            e.supervisor_id,
            e.household_id,
            e.relatives,
        )

    def _inventory(self, e: ev.ChipInventoryReceived) -> None:
        st = self.sites[e.site_id]
        st.chip_bank = add_chips(st.chip_bank, e.chips)

    def _funded(self, e: ev.CashBankFunded) -> None:
        st = self.sites[e.site_id]
        st.cash_bank += e.cents
        if st.open_day is not None:
            # Outside money put into the bank during a day is not proceeds (-16.1.c).
            self.days[(e.site_id, st.open_day)].fundings.append(e)

    def _day_opened(self, e: ev.DayOpened) -> None:
        st = self.sites[e.site_id]
        st.open_day = e.day
        self.since_checkpoint.append((e.site_id, e.day))
        self.days[(e.site_id, e.day)] = DayRecord(
            e, st.cash_bank, sum(i.cents for i in st.ious.values()), st.chip_bank
        )

    def _shift_started(self, e: ev.ShiftStarted) -> None:
        st = self.sites[e.site_id]
        key = (e.site_id, e.day, e.table, e.shift)
        game = self.tables[(e.site_id, e.table)].game
        self.shifts[key] = ShiftRecord(e, game, st.trays[e.table])
        st.open_shift[e.table] = key
        self.days[(e.site_id, e.day)].shifts.append(key)

    def _shift_ended(self, e: ev.ShiftEnded) -> None:
        st = self.sites[e.site_id]
        key = (e.site_id, e.day, e.table, e.shift)
        rec = self.shifts[key]
        rec.ended = e
        rec.book_closing_tray = st.trays[e.table]
        rec.drop_book_cash = st.drop_boxes[e.table]
        st.drop_boxes[e.table] = 0
        # The counted tray is the tray from now on; any difference stays visible in the record.
        st.trays[e.table] = e.tray_count
        del st.open_shift[e.table]

    def _sold(self, e: ev.ChipsSold) -> None:
        st = self.sites[e.site_id]
        st.trays[e.table] = _take(st.trays[e.table], e.chips)
        st.with_players = add_chips(st.with_players, e.chips)
        st.drop_boxes[e.table] += e.cents
        self.days[(e.site_id, e.day)].sales.append(e)

    def _exchanged(self, e: ev.ChipsExchanged) -> None:
        st = self.sites[e.site_id]
        st.with_players = add_chips(_take(st.with_players, e.given), e.received)
        st.trays[e.table] = add_chips(_take(st.trays[e.table], e.received), e.given)

    def _play(self, e: ev.PlaySettled) -> None:
        st = self.sites[e.site_id]
        st.with_players = add_chips(_take(st.with_players, e.collected), e.paid)
        # Collected first: a payout may use chips just collected (as ``settle_play`` checks).
        st.trays[e.table] = _take(add_chips(st.trays[e.table], e.collected), e.paid)
        self.shifts[(e.site_id, e.day, e.table, e.shift)].action += chips_total(
            e.collected
        ) + chips_total(e.paid)

    def _tip(self, e: ev.TipReceived) -> None:
        st = self.sites[e.site_id]
        st.with_players = _take(st.with_players, e.chips)
        st.tips[e.dealer_id] = add_chips(st.tips.get(e.dealer_id, ()), e.chips)

    def _tips_redeemed(self, e: ev.TipsRedeemed) -> None:
        st = self.sites[e.site_id]
        st.tips[e.dealer_id] = _take(st.tips.get(e.dealer_id, ()), e.chips)
        st.chip_bank = add_chips(st.chip_bank, e.chips)
        st.cash_bank -= e.cents
        self.days[(e.site_id, e.day)].tip_redemptions.append(e)

    def _redeemed(self, e: ev.ChipsRedeemed) -> None:
        st = self.sites[e.site_id]
        st.with_players = _take(st.with_players, e.chips)
        st.chip_bank = add_chips(st.chip_bank, e.chips)
        st.cash_bank -= e.cents
        self.days[(e.site_id, e.day)].redemptions.append(e)

    def _slip(self, e: ev.SlipIssued) -> None:
        st = self.sites[e.site_id]
        self.slips[(e.kind, e.number)] = e
        self.next_number[e.kind] = e.number + 1
        rec = self.shifts[st.open_shift[e.table]]
        source_is_bank = e.counterpart is Counterpart.CHIP_BANK
        if e.kind is SlipKind.FILL:
            if source_is_bank:
                st.chip_bank = _take(st.chip_bank, e.chips)
            else:
                st.jar_bar = _take(st.jar_bar, e.chips)
            st.trays[e.table] = add_chips(st.trays[e.table], e.chips)
            rec.fills.append(e)
        else:
            st.trays[e.table] = _take(st.trays[e.table], e.chips)
            if source_is_bank:
                st.chip_bank = add_chips(st.chip_bank, e.chips)
            else:
                st.jar_bar = add_chips(st.jar_bar, e.chips)
            rec.credits.append(e)
        self.days[(e.site_id, e.day)].slips.append(e)
        if e.form is not None:
            st.forms.setdefault((e.game, e.kind), FormSeries()).use(e.form, e)

    def _void(self, e: ev.SlipVoided) -> None:
        self.slips[(e.kind, e.number)] = e
        self.next_number[e.kind] = e.number + 1
        self.days[(e.site_id, e.day)].slips.append(e)
        if e.form is not None and e.game is not None:
            series = self.sites[e.site_id].forms.setdefault((e.game, e.kind), FormSeries())
            series.use(e.form, e)

    def _iou(self, e: ev.IouWritten) -> None:
        st = self.sites[e.site_id]
        st.ious[e.number] = e
        st.cash_bank -= e.cents
        self.last_iou = max(self.last_iou, e.number)
        self.days[(e.site_id, e.day)].ious.append(e)

    def _iou_cleared(self, e: ev.IouCleared) -> None:
        st = self.sites[e.site_id]
        st.cash_bank += st.ious.pop(e.number).cents

    def _counted(self, e: ev.DropBoxCounted) -> None:
        rec = self.shifts[(e.site_id, e.day, e.table, e.shift)]
        rec.count = e
        rec.count_entry = self.next_position
        self.sites[e.site_id].count_cash += e.resolved

    def _corrected(self, e: ev.CountCorrected) -> None:
        """A count corrected: the shift's record takes the new amount, unless the count's
        quarter was closed before (its records are final, -16): then the difference is a
        correction of a closed quarter, carried by the quarter it is made in
        (``adjustments``). Either way the cash to deposit moves by the difference."""
        counted = self.entry(e.corrects_entry)
        assert isinstance(counted, ev.DropBoxCounted)
        rec = self.shifts[(counted.site_id, counted.day, counted.table, counted.shift)]
        previous = self.corrected_cash.get(e.corrects_entry, rec.counted_cash or 0)
        difference = e.cents - previous
        self.adjustments[self.next_position] = difference
        if str(Quarter.of(date.fromisoformat(counted.day))) in self.closed_quarters:
            self.corrected_cash[e.corrects_entry] = e.cents
        else:
            rec.corrections.append(e)
        self.sites[counted.site_id].count_cash += difference

    def _deposited(self, e: ev.CashDeposited) -> None:
        st = self.sites[e.site_id]
        st.count_cash -= e.cents
        st.deposited += e.cents
        self.days[(e.site_id, e.day)].deposits.append(e)

    def _day_closed(self, e: ev.DayClosed) -> None:
        st = self.sites[e.site_id]
        rec = self.days[(e.site_id, e.day)]
        rec.closed = e
        rec.closed_position = self.next_position
        rec.end_ious = sum(i.cents for i in st.ious.values())
        rec.book_end_cash_bank = st.cash_bank
        rec.book_end_chip_bank = st.chip_bank
        st.cash_bank = e.cash_bank_count
        st.chip_bank = e.chip_bank_count
        st.open_day = None

    def _reviewed(self, e: ev.SurveillanceReviewed) -> None:
        st = self.sites[e.site_id]
        self.days[(e.site_id, e.day)].reviews.append(e)
        if not e.working and e.table not in st.camera_fault_since:
            st.camera_fault_since[e.table] = e.at
            self.faults.append((e.site_id, e.table, e.at))

    def _fault_reported(self, e: ev.CameraFaultReported) -> None:
        st = self.sites[e.site_id]
        if e.table not in st.camera_fault_since:
            st.camera_fault_since[e.table] = e.at
            self.faults.append((e.site_id, e.table, e.at))

    def _repaired(self, e: ev.CameraRepaired) -> None:
        self.sites[e.site_id].camera_fault_since.pop(e.table, None)
        self.camera_repairs.append(e)

    def _video_review(self, e: ev.VideoReviewDocumented) -> None:
        self.video_reviews.append(e)

    def _ticket(self, e: Event) -> None:
        """Ticket cards are sold for cash into the site's cash bank; refunds and cash prizes
        are paid from it (99-01.3-11-07.1.a, 11-07.3). Merchandise is bought from the gaming
        account, so its cost is a prize but not a cash bank movement."""
        self.tickets.apply(e)
        if isinstance(e, TicketCashDeposited):
            site_id = self.tickets.series[e.series_id].registered.site_id
            st = self.sites[site_id]
            st.cash_bank -= e.cents
            st.deposited += e.cents
            self.days[(site_id, e.day)].ticket_deposits += e.cents
            return
        if isinstance(e, TicketSpin):
            site_id = self.tickets.series[e.series_id].registered.site_id
            self.days[(site_id, e.day)].ticket_activity = True
        if not isinstance(e, TicketCardSold | TicketCardRefunded | TicketPrizePaid):
            return
        series = self.tickets.series[e.series_id]
        site_id = series.registered.site_id
        st = self.sites[site_id]
        rec = self.days[(site_id, e.day)]
        rec.ticket_activity = True
        if isinstance(e, TicketCardSold):
            cents = e.tickets * series.registered.price
            st.cash_bank += cents
            rec.ticket_sales += cents
        elif isinstance(e, TicketCardRefunded):
            cents = series.cards[e.card].sold * series.registered.price
            st.cash_bank -= cents
            rec.ticket_refunds += cents
        else:
            st.cash_bank -= e.cash
            rec.ticket_cash_prizes += e.cash
            rec.ticket_merchandise_prizes += e.merchandise_cost

    def _tournament21(self, e: Event) -> None:
        """Twenty-one tournament fees are cash into the site's cash bank and cash prizes are
        paid from it; merchandise is bought from the gaming account, so its cost is a prize
        but not a cash bank movement (as for paddlewheel merchandise). A voided fee is handed
        back: out of the cash bank and the day's fees."""
        if not isinstance(e, Tournament21Fee | Tournament21Prize | Tournament21FeeVoided):
            self.t21_tournaments.apply(e)
            return
        cash = self.t21_tournaments.cash_effect(e)
        self.t21_tournaments.apply(e)
        site_id = self.t21_tournaments.site_of(e)
        self.sites[site_id].cash_bank += cash
        rec = self.days[(site_id, e.day)]
        rec.t21_activity = True
        if isinstance(e, Tournament21FeeVoided):
            rec.t21_fees += cash
        elif isinstance(e, Tournament21Fee):
            rec.t21_fees += e.cents
        else:
            rec.t21_cash_prizes += e.cash
            rec.t21_merchandise_prizes += e.merchandise_cost

    def _discontinued(self, e: ev.GameDiscontinued) -> None:
        self.sites[e.site_id].discontinued[e.game] = e.day

    def _rent(self, e: ev.RentPaid) -> None:
        self.rent_paid.append(e)

    def _prior(self, e: ev.PriorActivity) -> None:
        self.prior[(e.site_id, e.quarter)] = e

    def _opening(self, e: ev.OpeningBalances) -> None:
        st = self.sites[e.site_id]
        st.cash_bank += e.cash_bank
        st.chip_bank = add_chips(st.chip_bank, e.chip_bank)
        st.jar_bar = add_chips(st.jar_bar, e.jar_bar)
        st.with_players = add_chips(st.with_players, e.outstanding)
        for t in e.trays:
            st.trays[t.table] = add_chips(st.trays.get(t.table, ()), t.chips)

    def _quarter_closed(self, e: ev.QuarterClosed) -> None:
        self.closed_quarters[e.quarter] = e

    def _carried(self, e: ev.BooksCarriedForward) -> None:
        """Balances brought forward change nothing: they state what the entries before them
        add up to (``books.consistency`` checks that they do)."""
        self.since_checkpoint = []

    def _digested(self, e: ev.DaysDigested) -> None:
        """A digest of closed days changes nothing either: it states what the entries of those
        days left in their records (``books.consistency`` checks that it does)."""


def _take(source: Chips, taken: Chips) -> Chips:
    left = take_chips(source, taken)
    if left is None:  # pragma: no cover - commands validate before events exist
        raise AssertionError(f"books event takes chips that are not there: {taken} from {source}")
    return left


def value_of(lines: Chips) -> int:
    """Total value of chips."""
    return chips_total(lines)


EMPTY: Chips = chips({})
__all__ = ["EMPTY", "Books", "DayRecord", "ShiftRecord", "SiteState", "Token", "value_of"]
