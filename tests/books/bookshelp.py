"""A small organization to run books tests against.

Site S1 (video surveillance) has twenty-one tables 1 and 2 and paddlewheel table 3. Staff:
gaming manager gm; shift manager sm (supervisor of pit boss pb and of dealers d1, d2, wheel
operator w1 and cashier c1); count people: independent person ip, nongaming employees ng1 and
ng2, auditor au, bank representatives r1 and r2; d2 and c1 share a household.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta

from croupier.books import operations as ops
from croupier.books.model import Affiliation, Chips, Game, Role, Token, chips
from croupier.books.state import Books
from croupier.core.events import Event

DAY = date(2026, 1, 5)
T0 = datetime(2026, 1, 5, 18, 0, tzinfo=UTC)
G = Affiliation.GAMING_EMPLOYEE

STAFF: tuple[tuple[str, str, str, tuple[Role, ...], Affiliation, str | None, str | None], ...] = (
    ("gm", "Gail Manager", "GM", (Role.GAMING_MANAGER,), G, None, None),
    ("sm", "Sam Shift", "SS", (Role.SHIFT_MANAGER,), G, "gm", None),
    ("pb", "Pat Boss", "PB", (Role.PIT_BOSS,), G, "sm", None),
    ("d1", "Dee One", "D1", (Role.DEALER,), G, "sm", None),
    ("d2", "Dan Two", "D2", (Role.DEALER,), G, "sm", "h1"),
    ("w1", "Wes Wheel", "WW", (Role.WHEEL_OPERATOR,), G, "sm", None),
    ("c1", "Cass Cashier", "CC", (Role.CASHIER,), G, "sm", "h1"),
    (
        "ip",
        "Ida Independent",
        "II",
        (Role.INDEPENDENT_PERSON, Role.COUNT_TEAM_MEMBER),
        Affiliation.INDEPENDENT_PERSON,
        None,
        None,
    ),
    (
        "ng1",
        "Ned Nongaming",
        "N1",
        (Role.COUNT_TEAM_MEMBER,),
        Affiliation.NONGAMING_EMPLOYEE,
        None,
        None,
    ),
    (
        "ng2",
        "Nora Nongaming",
        "N2",
        (Role.COUNT_TEAM_MEMBER,),
        Affiliation.NONGAMING_EMPLOYEE,
        None,
        None,
    ),
    ("au", "Al Auditor", "AA", (Role.AUDITOR,), Affiliation.NONGAMING_EMPLOYEE, None, None),
    ("r1", "Rita Bank", "R1", (Role.COUNT_TEAM_MEMBER,), Affiliation.REPRESENTATIVE, None, "h2"),
    ("r2", "Rob Bank", "R2", (Role.COUNT_TEAM_MEMBER,), Affiliation.REPRESENTATIVE, None, "h2"),
)

INVENTORY: Chips = chips(
    {
        Token.ONE_DOLLAR: 500,
        Token.FIVE_DOLLARS: 400,
        Token.TWENTY_FIVE_DOLLARS: 100,
        Token.BETTING_CHIP: 300,
    }
)


def at(minutes: int) -> datetime:
    """T0 plus some minutes."""
    return T0 + timedelta(minutes=minutes)


def setup_events(surveilled: bool = True) -> list[Event]:
    """The events that set up the test organization (applied one by one)."""
    books = Books()
    out: list[Event] = []

    def add(events: list[Event]) -> None:
        books.apply_all(events)
        out.extend(events)

    add(ops.register_organization(books, "org", "Test Post 1"))
    add(ops.register_site(books, "S1", "Main Street Bar", surveilled))
    add(ops.register_table(books, "S1", 1, Game.TWENTY_ONE))
    add(ops.register_table(books, "S1", 2, Game.TWENTY_ONE))
    add(ops.register_table(books, "S1", 3, Game.PADDLEWHEEL))
    for eid, name, initials, roles, aff, sup, household in STAFF:
        add(ops.register_employee(books, eid, name, initials, roles, aff, sup, household))
    add(ops.receive_chip_inventory(books, "S1", INVENTORY, T0 - timedelta(days=1)))
    add(ops.fund_cash_bank(books, "S1", 200_000, T0 - timedelta(days=1)))
    return out


Run = Callable[[list[Event]], list[Event]]


def fingerprint(books: object) -> str:
    """Everything the books hold, to show that a refused command changed nothing."""
    from croupier.books.state import Books

    assert isinstance(books, Books)
    return repr(
        (books.entries, books.sites, books.days, books.shifts, books.slips, books.next_number)
    )


def c(**counts: int) -> Chips:
    """Chips by keyword: c(one=3, five=2, twentyfive=1, betting=4, half=1, two=1, hundred=1)."""
    names = {
        "half": Token.FIFTY_CENTS,
        "one": Token.ONE_DOLLAR,
        "two": Token.TWO_DOLLARS,
        "five": Token.FIVE_DOLLARS,
        "twentyfive": Token.TWENTY_FIVE_DOLLARS,
        "hundred": Token.ONE_HUNDRED_DOLLARS,
        "betting": Token.BETTING_CHIP,
    }
    return chips({names[k]: v for k, v in counts.items()})


# -- a seeded "quarter of activity" ---------------------------------------------------------


@dataclass(frozen=True)
class PlannedShift:
    """What the test decided would happen at one table on one day (the independent truth)."""

    site: str
    day: date
    table: int
    game: Game
    dealer: str
    sales: int
    win: int


@dataclass
class Plan:
    shifts: list[PlannedShift] = field(default_factory=list)
    long_short: dict[tuple[str, date], int] = field(default_factory=dict)


def saturdays(first: date, count: int) -> list[date]:
    start = first + timedelta(days=(5 - first.weekday()) % 7)
    return [start + timedelta(weeks=i) for i in range(count)]


def play_quarter_activity(seed: int) -> tuple[Books, Plan]:
    """Q4 2025 at site S2 and Q1 2026 at S1 and S2, every Saturday, with seeded amounts.

    S1 (surveilled): twenty-one table 1 held about 5 percent, paddlewheel table 3 about 25.
    S2 (no surveillance, wagers to $25): twenty-one table 1, $1,000+ a day; the house wins 10
    percent in Q4 2025 and loses 10 percent in Q1 2026.
    """
    from croupier.books import count as cnt
    from croupier.books import slips
    from croupier.books import surveillance as sv
    from croupier.books.model import SlipKind
    from croupier.core.rng import SeededRng

    rng = SeededRng(seed)
    books = Books.from_events(setup_events())

    def run(events: list[Event]) -> None:
        books.apply_all(events)

    run(ops.register_site(books, "S2", "Lakeside Lodge", surveilled=False))
    run(ops.register_table(books, "S2", 1, Game.TWENTY_ONE))
    run(ops.register_employee(books, "d3", "Dot Three", "D3", (Role.DEALER,), G, "sm"))
    t_setup = datetime(2025, 9, 30, 12, tzinfo=UTC)
    run(ops.receive_chip_inventory(books, "S2", chips({Token.FIVE_DOLLARS: 2000}), t_setup))
    run(ops.fund_cash_bank(books, "S2", 6_000_000, t_setup))
    run(ops.fund_cash_bank(books, "S1", 2_000_000, t_setup))
    plan = Plan()
    schedule: list[tuple[date, str]] = [(d, "S2") for d in saturdays(date(2025, 10, 1), 13)]
    for d in saturdays(date(2026, 1, 1), 13):
        schedule += [(d, "S1"), (d, "S2")]
    for day, site in schedule:
        t = datetime(day.year, day.month, day.day, 18, tzinfo=UTC)
        tables: list[tuple[int, Game, str, Token, int, int]] = []
        if site == "S1":
            s = 80 + rng.randbelow(41)
            tables.append((1, Game.TWENTY_ONE, "d1", Token.FIVE_DOLLARS, s, s // 20))
            b = 50 + rng.randbelow(31)
            tables.append((3, Game.PADDLEWHEEL, "w1", Token.BETTING_CHIP, b, b // 4))
        else:
            s = 200 + rng.randbelow(61)
            sign = 1 if day < date(2026, 1, 1) else -1
            dealer = "d1" if day.day % 2 else "d3"
            tables.append((1, Game.TWENTY_ONE, dealer, Token.FIVE_DOLLARS, s, sign * (s // 10)))
        on_duty = ("sm", "pb", "c1", *(x[2] for x in tables))
        run(ops.open_day(books, site, day, t, on_duty, "sm"))
        for n, (table, game, dealer, token, sold, win_chips) in enumerate(tables):
            m = 10 * n
            unit = token.cents
            fill = chips({token: 2 * sold + 50})
            if game is Game.PADDLEWHEEL:  # and $1 casino chips for betting chips (-05.8)
                fill = chips({token: 2 * sold + 50, Token.ONE_DOLLAR: sold})
            inspector = "sm" if game is Game.TWENTY_ONE else None
            run(
                ops.start_shift(
                    books,
                    site,
                    day,
                    table,
                    dealer,
                    t + timedelta(minutes=m + 1),
                    2500 if game is Game.TWENTY_ONE else 2000,
                    inspector,
                )
            )
            run(
                slips.issue_slip(
                    books,
                    SlipKind.FILL,
                    site,
                    table,
                    fill,
                    t + timedelta(minutes=m + 2),
                    "c1",
                    "c1",
                    "pb",
                )
            )
            run(
                ops.sell_chips(
                    books,
                    site,
                    table,
                    sold * unit,
                    chips({token: sold}),
                    t + timedelta(minutes=m + 3),
                )
            )
            collected = sold // 2
            paid = collected - win_chips
            run(
                ops.settle_play(
                    books,
                    site,
                    table,
                    chips({token: collected}),
                    chips({token: paid}),
                    t + timedelta(minutes=m + 4),
                )
            )
            if game is Game.PADDLEWHEEL:
                # the players' betting chips for casino chips at the wheel (-11-05.8)
                left = {x.token: x.quantity for x in books.sites[site].with_players}
                betting = left.get(Token.BETTING_CHIP, 0)
                if betting:
                    run(
                        ops.exchange_chips(
                            books,
                            site,
                            table,
                            chips({Token.BETTING_CHIP: betting}),
                            chips({Token.ONE_DOLLAR: betting}),
                            t + timedelta(minutes=m + 5),
                        )
                    )
            tray = books.sites[site].trays[table]
            run(
                slips.issue_slip(
                    books,
                    SlipKind.CREDIT,
                    site,
                    table,
                    tray,
                    t + timedelta(minutes=m + 5),
                    dealer,
                    "c1",
                    "pb",
                )
            )
            run(ops.end_shift(books, site, table, t + timedelta(hours=4), (), "sm", "pb", True))
            if books.sites[site].site.surveilled:
                run(sv.review_camera(books, site, day, table, True, "sm", t))
            plan.shifts.append(
                PlannedShift(site, day, table, game, dealer, sold * unit, win_chips * unit)
            )
        # Players redeem what they hold at the cashier (casino chips only: -11-05.8).
        held = books.sites[site].with_players
        if held:
            run(ops.redeem_chips(books, site, day, held, "c1", t + timedelta(hours=5)))
        for table, *_ in tables:
            cash = books.shifts[(site, day.isoformat(), table, 1)].drop_book_cash
            credits = tuple(
                s.number for s in books.shifts[(site, day.isoformat(), table, 1)].credits
            )
            fills = tuple(s.number for s in books.shifts[(site, day.isoformat(), table, 1)].fills)
            run(
                cnt.count_drop_box(
                    books,
                    site,
                    day,
                    table,
                    1,
                    day,
                    "ip",
                    "pb",
                    "ip",
                    None,
                    cash,
                    cash,
                    cash,
                    "",
                    "II",
                    "PB",
                    fills,
                    credits,
                )
            )
        drop = books.sites[site].count_cash
        run(ops.deposit(books, site, day, drop, "gm", t + timedelta(hours=6)))
        long_short = 500 * (rng.randbelow(3) - 1)
        plan.long_short[(site, day)] = long_short
        st = books.sites[site]
        run(
            ops.close_day(
                books,
                site,
                day,
                t + timedelta(hours=7),
                st.cash_bank + long_short,
                st.chip_bank,
                "sm",
            )
        )
    return books, plan


# -- a scripted day for the persistence tests ----------------------------------------------


def scripted_commands(sales: int = 150) -> list[Callable[[Books], list[Event]]]:
    """Set-up, then one day at S1 with many small sales and plays, then count and close."""
    from croupier.books import count as cnt
    from croupier.books import slips
    from croupier.books.model import SlipKind

    cmds: list[Callable[[Books], list[Event]]] = []
    template = Books()
    for e in setup_events():
        cmds.append(lambda b, e=e: [e])  # type: ignore[misc]
        template.apply(e)
    cmds.append(lambda b: ops.open_day(b, "S1", DAY, at(0), ("sm", "pb", "d1", "c1"), "sm"))
    cmds.append(lambda b: ops.start_shift(b, "S1", DAY, 1, "d1", at(1), 2500, "d1"))
    cmds.append(
        lambda b: slips.issue_slip(
            b, SlipKind.FILL, "S1", 1, c(five=300, one=400), at(2), "c1", "c1", "sm"
        )
    )
    for i in range(sales):
        cmds.append(lambda b, i=i: ops.sell_chips(b, "S1", 1, 600, c(five=1, one=1), at(3 + i)))
        cmds.append(
            lambda b, i=i: ops.settle_play(
                b, "S1", 1, c(one=1), c(five=1) if i % 3 else (), at(3 + i)
            )
        )
    cmds.append(
        lambda b: ops.end_shift(b, "S1", 1, at(400), b.sites["S1"].trays[1], "sm", "pb", True)
    )
    cmds.append(
        lambda b: cnt.count_drop_box(
            b,
            "S1",
            DAY,
            1,
            1,
            DAY,
            "ip",
            "pb",
            "ip",
            None,
            600 * sales,
            600 * sales,
            600 * sales,
            "",
            "II",
            "PB",
            (1,),
            (),
        )
    )
    cmds.append(
        lambda b: ops.close_day(
            b, "S1", DAY, at(500), b.sites["S1"].cash_bank, b.sites["S1"].chip_bank, "sm"
        )
    )
    return cmds


def child_main(url: str, slow_after: int = 0) -> None:
    """Run the scripted day through the service, reporting each committed command on stdout.
    After ``slow_after`` commands (when given) it pauses 20 ms between commands, still writing:
    the parent that kills it then always finds it mid-day, however busy the machine is (a child
    that finished the day first made the test fail on a loaded machine)."""
    import sys
    import time

    from croupier.service.books.service import BooksService

    svc = BooksService.open(url, "org")
    for n, cmd in enumerate(scripted_commands(), start=1):
        svc.execute(cmd)
        sys.stdout.write(f"committed {n}\n")
        sys.stdout.flush()
        if slow_after and n >= slow_after:
            time.sleep(0.02)
