"""Setting up an organization and running a gaming day: open tables, sell and redeem chips,
settle play, tips, IOUs, deposits, close (99-01.3-08-06, -07, -14.1, 99-01.3-11-04).

Every function validates everything and returns the events to record; none changes ``books``.
The caller applies the events (``books.apply_all``) and stores them.
"""

from __future__ import annotations

from datetime import date, datetime

from croupier.books import events as ev
from croupier.books.guards import (
    employee,
    require_game_chips,
    require_open_day,
    require_open_shift,
    require_org,
    require_positive,
    require_role,
    require_site,
    require_table,
    stamp,
)
from croupier.books.model import (
    MAX_TABLE_NUMBER,
    Affiliation,
    Chips,
    Game,
    Role,
    Token,
    add_chips,
    check_identifier,
    check_name,
    check_text,
    chips_total,
    take_chips,
)
from croupier.books.model import chips as make_chips
from croupier.books.state import Books
from croupier.books.tickets import unfinished_cards
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.core.money import format_money

CHIP_BANK = "99-01.3-08-06"
OPENING = "99-01.3-08-07"
_EMPLOYEES = (Affiliation.GAMING_EMPLOYEE, Affiliation.NONGAMING_EMPLOYEE)
PADDLEWHEEL_MAX_BET = 2000
"""The most a player bets on one spin of a paddlewheel (99-01.3-11-05.3): a table's limit."""
DROP = "99-01.3-08-14.1"


def check_organization(org_id: str, name: str, first_fill: int, first_credit: int) -> None:
    """What an organization's registration needs of its own fields (``books init`` asks this
    before it creates a database, so that a refusal leaves nothing behind)."""
    check_identifier(org_id, "organization id")
    check_name(name, "organization name")
    if first_fill < 1 or first_credit < 1:
        raise InvalidInput("slip numbers start at 1 or more")


def register_organization(
    books: Books, org_id: str, name: str, first_fill: int = 1, first_credit: int = 1
) -> list[Event]:
    if books.org_id is not None:
        raise InvalidInput(f"the books already belong to organization {books.org_id!r}")
    check_organization(org_id, name, first_fill, first_credit)
    return [ev.OrganizationRegistered(org_id, name, first_fill, first_credit)]


def register_site(
    books: Books, site_id: str, name: str, surveilled: bool, seasonal: bool = False
) -> list[Event]:
    require_org(books)
    check_identifier(site_id, "site id")
    check_name(name, "site name")
    if site_id in books.sites:
        raise InvalidInput(f"site {site_id!r} already exists")
    return [ev.SiteRegistered(site_id, name, surveilled, seasonal)]


def register_table(books: Books, site_id: str, number: int, game: Game) -> list[Event]:
    require_site(books, site_id)
    if not 1 <= number <= MAX_TABLE_NUMBER:
        raise InvalidInput(f"a table number is 1 to {MAX_TABLE_NUMBER:,}, got {number:,}")
    if (site_id, number) in books.tables:
        raise RuleViolation(
            f"site {site_id!r} already has a table {number}; tables and their drop boxes must "
            "carry distinct matching numbers",
            "99-01.3-08-02.2",
        )
    return [ev.TableRegistered(site_id, number, game)]


def register_employee(
    books: Books,
    employee_id: str,
    name: str,
    initials: str,
    roles: tuple[Role, ...],
    affiliation: Affiliation,
    supervisor_id: str | None = None,
    household_id: str | None = None,
    relatives: tuple[str, ...] = (),
) -> list[Event]:
    require_org(books)
    check_identifier(employee_id, "employee id")
    check_name(name, "employee name")
    if employee_id in books.employees:
        raise InvalidInput(f"employee {employee_id!r} already exists")
    if not initials.strip():
        raise InvalidInput("an employee needs initials (slips and counts are initialed)")
    check_name(initials, "initials")
    for other, what in (
        (supervisor_id, "supervisor id"),
        (household_id, "household id"),
        *((r, "relative's id") for r in relatives),
    ):
        if other is not None:
            check_identifier(other, what)
    if supervisor_id is not None and supervisor_id not in books.employees:
        raise InvalidInput(f"no employee {supervisor_id!r} to be the supervisor")
    return [
        ev.EmployeeRegistered(
            employee_id,
            name,
            initials,
            tuple(roles),
            affiliation,
            supervisor_id,
            household_id,
            tuple(relatives),
        )
    ]


def receive_chip_inventory(books: Books, site_id: str, lines: Chips, at: datetime) -> list[Event]:
    require_site(books, site_id)
    if not lines:
        raise InvalidInput("no chips received")
    return [ev.ChipInventoryReceived(site_id, lines, stamp(at))]


def fund_cash_bank(books: Books, site_id: str, cents: int, at: datetime) -> list[Event]:
    require_site(books, site_id)
    require_positive(cents, "cash bank funding")
    return [ev.CashBankFunded(site_id, cents, stamp(at))]


def open_day(
    books: Books, site_id: str, day: date, at: datetime, on_duty: tuple[str, ...], by: str
) -> list[Event]:
    require_site(books, site_id)
    st = books.sites[site_id]
    if st.open_day is not None:
        raise InvalidInput(f"the gaming day {st.open_day} is still open at site {site_id!r}")
    if books.day_known(site_id, day.isoformat()):
        raise RuleViolation(
            f"the gaming day {day.isoformat()} at site {site_id!r} was already recorded and "
            "closed; it cannot be reopened",
            "99-01.3-08-16",
        )
    for person in (*on_duty, by):
        employee(books, person)
    twice = sorted({p for p in on_duty if on_duty.count(p) > 1})
    if twice:  # the day's people on duty are a list of persons (-16.1; found by an audit)
        raise InvalidInput(f"{', '.join(twice)} named twice among the people on duty")
    return [ev.DayOpened(site_id, day.isoformat(), stamp(at), tuple(on_duty), by)]


def start_shift(
    books: Books,
    site_id: str,
    day: date,
    table: int,
    dealer_id: str,
    at: datetime,
    max_wager: int,
    shoe_inspected_by: str | None = None,
) -> list[Event]:
    """Open a table or hand it to the next dealer; the first shift opens the table."""
    iso = require_open_day(books, site_id, day)
    tbl = require_table(books, site_id, table)
    st = books.sites[site_id]
    if table in st.open_shift:
        raise InvalidInput(f"table {table} already has a dealer; end that shift first")
    operator = (Role.DEALER,) if tbl.game is Game.TWENTY_ONE else (Role.WHEEL_OPERATOR,)
    require_role(books, dealer_id, operator, f"conduct {tbl.game.value} at a table", OPENING)
    require_positive(max_wager, "maximum wager")
    if tbl.game is Game.PADDLEWHEEL and max_wager > PADDLEWHEEL_MAX_BET:
        raise RuleViolation(
            f"a player bets at most {format_money(PADDLEWHEEL_MAX_BET)} a spin at a paddlewheel, "
            f"not {format_money(max_wager)}",
            "99-01.3-11-05.3",
        )
    on_duty = books.days[(site_id, iso)].opened.on_duty
    # -14.2 sets an independent person and a firm's representative apart from the
    # organization's (gaming and nongaming) employees
    employees_on_duty = {
        p for p in on_duty if p in books.employees and books.employees[p].affiliation in _EMPLOYEES
    }
    if tbl.game is Game.PADDLEWHEEL and len(employees_on_duty) < 2:
        raise RuleViolation(
            "paddlewheels may not be conducted unless two employees are on duty at the site",
            "99-01.3-11-04.2",
        )
    shifts_today = [k for k in books.days[(site_id, iso)].shifts if k[2] == table]
    if tbl.game is Game.TWENTY_ONE and not shifts_today:
        if shoe_inspected_by is None:
            raise RuleViolation(
                "a dealer or shift manager must inspect the dealing shoe before the day's activity",
                "99-01.3-08-07.2",
            )
        require_role(
            books,
            shoe_inspected_by,
            (Role.DEALER, Role.SHIFT_MANAGER),
            "inspect the dealing shoe",
            "99-01.3-08-07.2",
        )
    _check_camera(books, site_id, table, at, max_wager)
    shift = len(shifts_today) + 1
    return [
        ev.ShiftStarted(
            site_id, iso, table, shift, dealer_id, stamp(at), max_wager, shoe_inspected_by
        )
    ]


def _check_camera(books: Books, site_id: str, table: int, at: datetime, max_wager: int) -> None:
    from croupier.books.surveillance import camera_deadline_passed

    if max_wager > 200 and camera_deadline_passed(books, site_id, table, at):
        raise RuleViolation(
            f"the camera of table {table} was not repaired within forty-eight hours of activity "
            "or four calendar days: close the table or limit wagers to $2.00",
            "99-01.3-08-04.6",
        )


def end_shift(
    books: Books,
    site_id: str,
    table: int,
    at: datetime,
    tray_count: Chips,
    removed_by: str,
    escort_id: str | None,
    closes_table: bool,
) -> list[Event]:
    """Count the tray and remove the shift's drop box (transported by the shift manager and,
    with more than one employee on duty, escorted: 99-01.3-08-14.1)."""
    key, rec = require_open_shift(books, site_id, table)
    iso = require_open_day(books, site_id, date.fromisoformat(key[1]))
    require_role(books, removed_by, (Role.SHIFT_MANAGER,), "transport a drop box", DROP)
    on_duty = set(books.days[(site_id, iso)].opened.on_duty)
    if len(on_duty) > 1:
        if escort_id is None or escort_id == removed_by:
            raise RuleViolation(
                "with more than one employee on duty the drop box must be escorted by another "
                "employee to safe storage",
                DROP,
            )
        employee(books, escort_id)
    dealer = rec.started.dealer_id
    tips = books.sites[site_id].tips.get(dealer, ())
    if tips:
        raise RuleViolation(
            f"dealer {dealer} holds {format_money(chips_total(tips))} in tip chips; tips are "
            "redeemed through cash on hand before the dealer leaves and no chip leaves the "
            "gaming area",
            "99-01.3-08-06.3",
        )
    return [
        ev.ShiftEnded(
            site_id,
            iso,
            table,
            key[3],
            stamp(at),
            tray_count,
            removed_by,
            escort_id,
            closes_table,
        )
    ]


def sell_chips(
    books: Books,
    site_id: str,
    table: int,
    cents: int,
    lines: Chips,
    at: datetime,
    tender: str = "cash",
) -> list[Event]:
    """Sell chips at a table for cash only; the cash goes into the drop box (-06.1, -07.3)."""
    key, _rec = require_open_shift(books, site_id, table)
    iso = require_open_day(books, site_id, date.fromisoformat(key[1]))
    if tender != "cash":
        raise RuleViolation(
            f"chips are sold at a table only for cash, not for a {tender}; a cashier may cash "
            "checks",
            "99-01.3-08-06.1",
        )
    require_positive(cents, "cash for chips")
    if chips_total(lines) != cents:
        raise RuleViolation(
            f"chips pushed ({format_money(chips_total(lines))}) must equal the currency "
            f"({format_money(cents)})",
            "99-01.3-08-07.3",
        )
    require_game_chips(books, site_id, table, lines, "chips sold")
    _require_held(books.sites[site_id].trays[table], lines, f"the tray of table {table}")
    return [ev.ChipsSold(site_id, iso, table, key[3], cents, lines, stamp(at))]


def exchange_chips(
    books: Books, site_id: str, table: int, given: Chips, received: Chips, at: datetime
) -> list[Event]:
    key, _rec = require_open_shift(books, site_id, table)
    iso = require_open_day(books, site_id, date.fromisoformat(key[1]))
    if chips_total(given) != chips_total(received) or not given:
        raise RuleViolation(
            "chips are exchanged only for chips equal in value", "99-01.3-08-07.3.c"
        )
    require_game_chips(books, site_id, table, given, "chips given")
    require_game_chips(books, site_id, table, received, "chips received")
    st = books.sites[site_id]
    _require_held(st.with_players, given, "the players' chips")
    _require_held(st.trays[table], received, f"the tray of table {table}")
    return [ev.ChipsExchanged(site_id, iso, table, given, received, stamp(at))]


def settle_play(
    books: Books, site_id: str, table: int, collected: Chips, paid: Chips, at: datetime
) -> list[Event]:
    """Losing wagers collected into the tray, winning wagers paid from it. At a paddlewheel the
    wagers are betting chips only (99-01.3-11-05.2); the winners may be paid in betting or
    casino chips (-05.6)."""
    key, _rec = require_open_shift(books, site_id, table)
    iso = require_open_day(books, site_id, date.fromisoformat(key[1]))
    require_game_chips(books, site_id, table, collected, "chips collected")
    require_game_chips(books, site_id, table, paid, "chips paid")
    wheel = books.tables[(site_id, table)].game is Game.PADDLEWHEEL
    if wheel and any(x.token is not Token.BETTING_CHIP and x.quantity for x in collected):
        raise RuleViolation(
            "only a betting chip can be used to place a bet at a paddlewheel: a casino chip is "
            "first exchanged for betting chips (`books exchange`)",
            "99-01.3-11-05.2",
        )
    st = books.sites[site_id]
    _require_held(st.with_players, collected, "the players' chips")
    tray_after = take_chips(add_chips(st.trays[table], collected), paid)
    if tray_after is None:
        raise RuleViolation(
            f"the tray of table {table} cannot pay {format_money(chips_total(paid))}; "
            "prepare a fill slip",
            "99-01.3-08-05.1",
        )
    return [ev.PlaySettled(site_id, iso, table, key[3], collected, paid, stamp(at))]


def receive_tip(books: Books, site_id: str, table: int, lines: Chips, at: datetime) -> list[Event]:
    """A tip to the dealer or wheel operator of the table. At a paddlewheel a tip made with a
    betting chip is exchanged at once for a casino chip from the tray, and the casino chip goes
    in the tip receptacle, the betting chip in the tray (99-01.3-11-05.7): the books record the
    exchange and the tip in casino chips. A tray with no casino chips for it cannot exchange it:
    the tip is then recorded as given (what happened, not refused)."""
    key, rec = require_open_shift(books, site_id, table)
    iso = require_open_day(books, site_id, date.fromisoformat(key[1]))
    if not lines or chips_total(lines) <= 0:
        raise InvalidInput("a tip is made with chips: list at least one (99-01.3-08-03.1)")
    require_game_chips(books, site_id, table, lines, "a tip")
    _require_held(books.sites[site_id].with_players, lines, "the players' chips")
    betting = tuple(x for x in lines if x.token is Token.BETTING_CHIP and x.quantity)
    if not betting:
        return [ev.TipReceived(site_id, iso, table, rec.started.dealer_id, lines, stamp(at))]
    casino = _casino_chips_for(books.sites[site_id].trays.get(table, ()), chips_total(betting))
    if casino is None:  # nothing to exchange it for: the tip is recorded as it was given
        return [ev.TipReceived(site_id, iso, table, rec.started.dealer_id, lines, stamp(at))]
    kept = tuple(x for x in lines if x.token is not Token.BETTING_CHIP)
    return [
        ev.ChipsExchanged(site_id, iso, table, betting, casino, stamp(at)),
        ev.TipReceived(
            site_id, iso, table, rec.started.dealer_id, add_chips(kept, casino), stamp(at)
        ),
    ]


def _casino_chips_for(tray: Chips, cents: int) -> Chips | None:
    """The fewest casino chips of a paddlewheel's tray ($1 and up, -11-03.4) worth ``cents``,
    or None when the tray cannot make it."""
    from croupier.core.chips import Chip, make_change

    available = {
        Chip.from_cents(x.token.cents): x.quantity
        for x in tray
        if x.quantity and x.token not in (Token.BETTING_CHIP, Token.FIFTY_CENTS)
    }
    try:
        picked = make_change(cents, available)
    except RuleViolation:
        return None
    return make_chips({Token.of(chip): n for chip, n in picked.items()})


def redeem_tips(
    books: Books, site_id: str, day: date, dealer_id: str, cashier_id: str, at: datetime
) -> list[Event]:
    """An employee redeems a dealer's tips through cash on hand (99-01.3-08-06.2): any
    employee, the cashier or another, but not the dealer or wheel operator whose tips they are."""
    iso = require_open_day(books, site_id, day)
    employee(books, dealer_id)  # "no employee 'x'", not "x holds no tip chips"
    employee(books, cashier_id)
    if cashier_id == dealer_id:
        raise RuleViolation(
            f"{dealer_id}'s tips are redeemed by another employee through cash on hand",
            "99-01.3-08-06.2",
        )
    tips = books.sites[site_id].tips.get(dealer_id, ())
    if not tips:
        raise InvalidInput(f"{dealer_id} holds no tip chips")
    cents = chips_total(tips)
    _require_cash(books, site_id, cents)
    return [ev.TipsRedeemed(site_id, iso, dealer_id, tips, cents, cashier_id, stamp(at))]


def redeem_chips(
    books: Books, site_id: str, day: date, lines: Chips, cashier_id: str, at: datetime
) -> list[Event]:
    """Redeem a player's chips for cash at the value sold (99-01.3-08-06.2). A betting chip is
    not redeemed by the cashier: it is exchanged for a casino chip at the paddlewheel table
    (99-01.3-11-05.8)."""
    iso = require_open_day(books, site_id, day)
    require_role(books, cashier_id, (Role.CASHIER,), "redeem chips", "99-01.3-08-06.2")
    if not lines:
        raise InvalidInput("no chips to redeem")
    if any(line.token is Token.BETTING_CHIP for line in lines):
        raise RuleViolation(
            "a betting chip is exchanged for a casino chip at the paddlewheel table (`books "
            "exchange`), not redeemed by the cashier",
            "99-01.3-11-05.8",
        )
    _require_held(books.sites[site_id].with_players, lines, "the chips outstanding with players")
    cents = chips_total(lines)
    _require_cash(books, site_id, cents)
    return [ev.ChipsRedeemed(site_id, iso, lines, cents, cashier_id, stamp(at))]


def write_iou(
    books: Books, site_id: str, day: date, cents: int, purpose: str, by: str, at: datetime
) -> list[Event]:
    iso = require_open_day(books, site_id, day)
    require_positive(cents, "IOU amount")
    check_text(purpose, "IOU purpose")
    employee(books, by)
    _require_cash(books, site_id, cents)
    st = books.sites[site_id]
    number = max([books.last_iou, *st.ious])
    return [ev.IouWritten(site_id, iso, number + 1, cents, purpose, by, stamp(at))]


def clear_iou(
    books: Books, site_id: str, day: date, number: int, by: str, at: datetime
) -> list[Event]:
    iso = require_open_day(books, site_id, day)
    if number not in books.sites[site_id].ious:
        raise InvalidInput(f"no outstanding IOU {number} at site {site_id!r}")
    employee(books, by)
    return [ev.IouCleared(site_id, iso, number, by, stamp(at))]


def deposit(
    books: Books, site_id: str, day: date, cents: int, by: str, at: datetime
) -> list[Event]:
    """Deposit counted drop box cash in the gaming account."""
    iso = require_open_day(books, site_id, day)
    require_positive(cents, "deposit")
    employee(books, by)
    held = books.sites[site_id].count_cash
    if cents > held:
        raise InvalidInput(
            f"only {format_money(held)} of counted cash is on hand to deposit at {site_id!r}"
        )
    return [ev.CashDeposited(site_id, iso, cents, by, stamp(at))]


def close_day(
    books: Books,
    site_id: str,
    day: date,
    at: datetime,
    cash_bank_count: int,
    chip_bank_count: Chips,
    by: str,
) -> list[Event]:
    """Close the day: every table closed and every used drop box removed (99-01.3-08-14.1)."""
    iso = require_open_day(books, site_id, day)
    require_role(
        books,
        by,
        (Role.SHIFT_MANAGER, Role.GAMING_MANAGER),
        "close the gaming day",
        "99-01.3-08-16.1.a",
    )
    st = books.sites[site_id]
    if st.open_shift:
        tables = ", ".join(str(t) for t in sorted(st.open_shift))
        raise RuleViolation(
            f"table(s) {tables} are still open: a used drop box must be removed from its table by "
            "the end of the day's activity",
            DROP,
        )
    unfinished = unfinished_cards(books, site_id, iso)
    if unfinished:
        raise RuleViolation(
            f"{', '.join(unfinished)}: tickets sold today, neither spun nor refunded; all the "
            "tickets of a card are sold before a spin, otherwise the proceeds are refunded",
            "99-01.3-11-02.2",
        )
    if isinstance(cash_bank_count, bool) or cash_bank_count < 0:
        raise InvalidInput("the cash bank count must be zero or more cents")
    return [ev.DayClosed(site_id, iso, stamp(at), cash_bank_count, chip_bank_count, by)]


def discontinue_game(books: Books, site_id: str, game: Game, day: date) -> list[Event]:
    require_site(books, site_id)
    return [ev.GameDiscontinued(site_id, game, day.isoformat())]


def redemption_required(books: Books, site_id: str, game: Game, on: date) -> bool:
    """Whether chips of a discontinued game must still be redeemed: for thirty days after the
    game is discontinued at the site (99-01.3-08-06.2)."""
    since = books.sites[site_id].discontinued.get(game)
    if since is None:
        return True
    return (on - date.fromisoformat(since)).days <= 30


def _require_held(source: Chips, lines: Chips, where: str) -> None:
    if take_chips(source, lines) is None:
        raise InvalidInput(f"{where} does not hold {_describe(lines)}")


def _require_cash(books: Books, site_id: str, cents: int) -> None:
    held = books.sites[site_id].cash_bank
    if cents > held:
        raise InvalidInput(
            f"the cash bank at {site_id!r} holds {format_money(held)}, not {format_money(cents)}"
        )


def _describe(lines: Chips) -> str:
    return ", ".join(f"{x.quantity} x ${x.token.value}" for x in lines) or "no chips"
