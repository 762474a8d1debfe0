"""``croupier books poker-...`` (poker occasions, half-hour fees, tournaments: 99-01.3-09-01,
-03, -07) and ``croupier books ticket-...`` (paddlewheel ticket card series: 99-01.3-11-02,
-07.1). Thin commands over ``croupier.service.books.games`` in the shape of
``books_common.record``."""

from __future__ import annotations

from typing import Annotated

import typer

from croupier.cli.books_common import AMOUNTS, At, ByOpt, Db, Org, books_app, org_id, record, warn
from croupier.cli.common import console, database_url, reports_errors
from croupier.core.money import format_money

DayOpt = Annotated[
    str | None, typer.Option("--day", help="YYYY-MM-DD (default: the date of --at).")
]
SiteOpt = Annotated[
    str | None, typer.Option("--site", help="the occasion's site (default: its only one)")
]
Dollars = Annotated[str, typer.Argument(help="dollars, e.g. 200 or $200.00")]
Occasion = Annotated[str, typer.Argument(help="The poker occasion's id.")]
Tournament = Annotated[str, typer.Argument(help="The tournament's id.")]
PokerPlayer = Annotated[
    str, typer.Argument(help="The player, by name or the number the record knows them by.")
]
Series = Annotated[str, typer.Argument(help="The ticket card series' id.")]
Card = Annotated[int, typer.Argument(help="The ticket card's number in the series.")]
Player21 = Annotated[
    str, typer.Argument(help="The player, by the id or number the register lists them under.")
]
Description = Annotated[
    str,
    typer.Option("--description", help="What a merchandise prize is, for the prize register."),
]

# -- poker ----------------------------------------------------------------------------------


@books_app.command("poker-occasion")
@reports_errors
def poker_occasion(
    occasion: Annotated[
        str, typer.Argument(help="A short id for the occasion, no spaces (e.g. spring26).")
    ],
    first_day: Annotated[str, typer.Argument(help="The occasion's first day, YYYY-MM-DD.")],
    last_day: Annotated[
        str,
        typer.Argument(
            help="The occasion's last day, YYYY-MM-DD: at most three consecutive days "
            "(99-01.3-09-03.1)."
        ),
    ],
    manager: Annotated[str, typer.Option("--manager", help="employee managing the poker")],
    sites: Annotated[str, typer.Option("--sites", help="site ids of the occasion, comma-sep")],
    db: Db = None,
    org: Org = None,
) -> None:
    """Register a poker occasion at its sites (two per fiscal year, at most three days:
    99-01.3-09-03.1)."""
    from croupier.service.books import games as s

    record(db, org, None, s.poker_occasion(occasion, first_day, last_day, manager, sites))


@books_app.command("poker-fee")
@reports_errors
def poker_fee(
    occasion: Occasion,
    table: Annotated[int, typer.Argument(help="The poker table number, e.g. 1.")],
    player: PokerPlayer,
    half_hour_from: Annotated[
        str, typer.Option("--from", help="start of the half hour paid for (ISO time with offset)")
    ],
    by: ByOpt,
    fee: Annotated[str, typer.Option("--fee", help="at most $2")] = "$2",
    site: SiteOpt = None,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Record a nontournament fee for one player, table and half hour, collected in advance by
    an employee (99-01.3-09-03.3, 99-01.3-09-07.1.b)."""
    from croupier.service.books import games as s

    record(db, org, at, s.poker_fee(occasion, table, player, half_hour_from, by, fee, site))


@books_app.command("poker-fee-void")
@reports_errors
def poker_fee_void(
    occasion: Occasion,
    player: PokerPlayer,
    half_hour_from: Annotated[
        str, typer.Option("--from", help="start of the half hour the fee was for (ISO time)")
    ],
    reason: Annotated[str, typer.Option("--reason", help="why it is voided")],
    by: ByOpt,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Void a nontournament fee keyed in error (its cash handed back), the day it was collected:
    it no longer counts; the record keeps both (99-01.3-09-07.1.b)."""
    from croupier.service.books import games as s

    record(db, org, at, s.poker_fee_void(occasion, player, half_hour_from, reason, by))


@books_app.command("poker-time-worked")
@reports_errors
def poker_time_worked(
    occasion: Occasion,
    employee_id: Annotated[str, typer.Argument(help="Employee id of who worked.")],
    start: Annotated[str, typer.Option("--start", help="ISO time with offset")],
    end: Annotated[str, typer.Option("--end", help="ISO time with offset")],
    site: SiteOpt = None,
    db: Db = None,
    org: Org = None,
) -> None:
    """Record when an employee worked at the occasion: the time worked of the employee who
    collects the fees is part of the record (99-01.3-09-07.1.b)."""
    from croupier.service.books import games as s

    record(db, org, None, s.poker_time_worked(occasion, employee_id, start, end, site))


@books_app.command("poker-tournament-start")
@reports_errors
def poker_tournament_start(
    occasion: Occasion,
    tournament: Annotated[
        str, typer.Argument(help="A short id for the tournament, no spaces (e.g. main).")
    ],
    director: Annotated[str, typer.Option("--director", help="employee id")],
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Start a tournament: no fee is refunded after this (99-01.3-09-03.4.g)."""
    from croupier.service.books import games as s

    record(db, org, at, s.poker_tournament_start(occasion, tournament, director))


@books_app.command("poker-tournament-fee", **AMOUNTS)
@reports_errors
def poker_tournament_fee(
    occasion: Occasion,
    tournament: Tournament,
    player: PokerPlayer,
    fee: Dollars,
    by: ByOpt,
    kind: Annotated[str, typer.Option("--kind", help="entry, rebuy, add-on or bounty")] = "entry",
    name: Annotated[
        str, typer.Option("--name", help="The player's name (with the player's first fee).")
    ] = "",
    address: Annotated[
        str, typer.Option("--address", help="The player's address (with the player's first fee).")
    ] = "",
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Record a tournament fee ($300 in all per player: 99-01.3-09-01); the player's name and
    address with the first (99-01.3-09-07.1.c)."""
    from croupier.service.books import games as s

    record(
        db,
        org,
        at,
        s.poker_tournament_fee(occasion, tournament, player, fee, by, kind, name, address),
    )


ActivityOpt = Annotated[
    str | None,
    typer.Option(
        "--tournament", help="The tournament whose cash it is (none: the nontournament play)."
    ),
]


@books_app.command("poker-cash", **AMOUNTS)
@reports_errors
def poker_cash(
    occasion: Occasion,
    moment: Annotated[str, typer.Argument(help="start or end")],
    cash: Annotated[str, typer.Argument(help="The cash on hand counted, in dollars.")],
    by: ByOpt,
    chips: Annotated[str, typer.Option("--chips", help="The chips counted, in dollars.")] = "0",
    tournament: ActivityOpt = None,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Record the starting or ending cash on hand and chips of a tournament or of the
    nontournament play (99-01.3-09-07.1.a)."""
    from croupier.service.books import games as s

    record(db, org, at, s.poker_cash(occasion, tournament, moment.strip().lower(), cash, chips, by))


@books_app.command("poker-deposit", **AMOUNTS)
@reports_errors
def poker_deposit(
    occasion: Occasion,
    amount: Dollars,
    by: ByOpt,
    tournament: ActivityOpt = None,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Deposit a tournament's or the nontournament play's cash once its ending cash on hand is
    counted (99-01.3-09-07.1.f)."""
    from croupier.service.books import games as s

    record(db, org, at, s.poker_deposit(occasion, tournament, amount, by))


@books_app.command("poker-prize", **AMOUNTS)
@reports_errors
def poker_prize(
    occasion: Occasion,
    tournament: Tournament,
    player: PokerPlayer,
    amount: Dollars,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Pay a tournament cash prize (at most 90% of its fees: 99-01.3-09-03.4.f)."""
    from croupier.service.books import games as s

    record(db, org, at, s.poker_prize(occasion, tournament, player, amount))


# -- paddlewheel ticket card series ---------------------------------------------------------


@books_app.command("ticket-series")
@reports_errors
def ticket_series(
    series: Annotated[str, typer.Argument(help="A short id for the series, no spaces (e.g. A26).")],
    site: Annotated[str, typer.Argument(help="The site's id where the cards are played, e.g. S1.")],
    cards: Annotated[str, typer.Option("--cards", help="range of card numbers, FIRST-LAST")],
    tickets_per_card: Annotated[
        int,
        typer.Option(
            "--tickets-per-card",
            help="How many tickets each card holds, as stated on the master flare "
            "(99-01.3-11-02.1).",
        ),
    ],
    stamp: Annotated[str, typer.Option("--stamp", help="state gaming stamp on the master flare")],
    price: Annotated[str, typer.Option("--price", help="per ticket, at most $2")] = "$1",
    db: Db = None,
    org: Org = None,
) -> None:
    """Register a series of paddlewheel ticket cards from its master flare (99-01.3-11-02.1)."""
    from croupier.service.books import games as s

    record(db, org, None, s.ticket_series(series, site, cards, tickets_per_card, stamp, price))


@books_app.command("ticket-sell")
@reports_errors
def ticket_sell(
    series: Series,
    card: Card,
    count: Annotated[int, typer.Argument(help="tickets sold")],
    day: DayOpt = None,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Record tickets of a card sold (all on the day of the game: 99-01.3-11-02.2)."""
    from croupier.service.books import games as s

    record(db, org, at, s.ticket_sell(series, card, count, day))


@books_app.command("ticket-refund")
@reports_errors
def ticket_refund(
    series: Series, card: Card, day: DayOpt = None, db: Db = None, org: Org = None, at: At = None
) -> None:
    """Refund a card not sold out before the spin (99-01.3-11-02.2)."""
    from croupier.service.books import games as s

    record(db, org, at, s.ticket_refund(series, card, day))


@books_app.command("ticket-spin")
@reports_errors
def ticket_spin(
    series: Series,
    card: Card,
    winning_number: Annotated[str, typer.Argument(help="The winning number the wheel stopped on.")],
    revolutions: Annotated[int, typer.Option("--revolutions", help="at least 4")],
    day: DayOpt = None,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Record a spin for a sold-out card (at least four revolutions: 99-01.3-11-02.3)."""
    from croupier.service.books import games as s

    record(db, org, at, s.ticket_spin(series, card, winning_number, revolutions, day))


@books_app.command("ticket-prize")
@reports_errors
def ticket_prize(
    series: Series,
    card: Card,
    cash: Annotated[str, typer.Option("--cash", help="cash prize")] = "$0",
    merchandise_cost: Annotated[
        str, typer.Option("--merchandise-cost", help="cost of a merchandise prize")
    ] = "$0",
    description: Description = "",
    day: DayOpt = None,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Record a prize payoff: date, card, cash or cost and description (99-01.3-11-02.4)."""
    from croupier.service.books import games as s

    record(db, org, at, s.ticket_prize(series, card, cash, merchandise_cost, description, day))


@books_app.command("ticket-status")
@reports_errors
def ticket_status(series: Series, db: Db = None, org: Org = None) -> None:
    """The per-series summary: cards played, unsold cards retained, proceeds, prizes, cash
    profit, long or short and deposit (99-01.3-11-07.3.b, 11-02.5)."""
    from croupier.service.books import games as s

    st = s.ticket_status(database_url(db), org_id(org), series)
    warn(st.warning)
    console.print(f"series {series}, reported in {st.quarter or 'not yet played'}", highlight=False)
    console.print(
        f"cards played: {', '.join(map(str, st.cards_played)) or 'none'}", highlight=False
    )
    console.print(f"unsold cards (retained): {_ranges(st.unsold_cards) or 'none'}", highlight=False)
    console.print(
        f"gross proceeds {format_money(st.gross_proceeds)}; prizes {format_money(st.prizes)}; "
        f"adjusted gross proceeds {format_money(st.adjusted_gross_proceeds)}",
        highlight=False,
    )
    console.print(
        f"cash profit {s.show(st.cash_profit)}; cash long or short {s.show(st.cash_long_short)}; "
        f"bank deposit {format_money(st.bank_deposit)}",
        highlight=False,
    )


def _ranges(numbers: tuple[int, ...]) -> str:
    """1, 2, 3, 5 -> '1-3, 5'."""
    out: list[str] = []
    for n in sorted(numbers):
        if out and out[-1].split("-")[-1] == str(n - 1):
            out[-1] = f"{out[-1].split('-')[0]}-{n}"
        else:
            out.append(str(n))
    return ", ".join(out)


# -- twenty-one tournaments ------------------------------------------------------------------


@books_app.command("twentyone-tournament")
@reports_errors
def twentyone_tournament(
    tournament: Annotated[
        str, typer.Argument(help="A short id for the tournament, no spaces (e.g. t1).")
    ],
    site: Annotated[str, typer.Argument(help="The site's id where it is played, e.g. S1.")],
    entry_fee: Annotated[str, typer.Option("--entry-fee", help="dollars; at most $200")],
    name: Annotated[str, typer.Option("--name", help="the tournament's name")],
    db: Db = None,
    org: Org = None,
) -> None:
    """Register a twenty-one tournament at a site with the entry fee disclosed to its players
    (99-01.3-08-15.1)."""
    from croupier.service.books import games as s

    record(db, org, None, s.twentyone_tournament(tournament, site, name, entry_fee))


@books_app.command("twentyone-tournament-fee", **AMOUNTS)
@reports_errors
def twentyone_tournament_fee(
    tournament: Tournament,
    player: Player21,
    fee: Dollars,
    name: Annotated[str, typer.Option("--name", help="the player's name")],
    by: ByOpt,
    kind: Annotated[str, typer.Option("--kind", help="entry, rebuy or add-on")] = "entry",
    day: DayOpt = None,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Record a twenty-one tournament fee with the player's name and the employee who collected
    it: the entry fee once, rebuys and add-ons each at most the entry fee, $200 in all per
    player (99-01.3-08-15.1, -16.1.e)."""
    from croupier.service.books import games as s

    record(db, org, at, s.twentyone_tournament_fee(tournament, player, name, fee, by, kind, day))


@books_app.command("twentyone-tournament-prize")
@reports_errors
def twentyone_tournament_prize(
    tournament: Tournament,
    player: Player21,
    cash: Annotated[str, typer.Option("--cash", help="cash prize")] = "$0",
    merchandise_cost: Annotated[
        str, typer.Option("--merchandise-cost", help="cost of a merchandise prize")
    ] = "$0",
    description: Description = "",
    day: DayOpt = None,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Record a twenty-one tournament prize: cash, or merchandise at its cost with its
    description (99-01.3-08-15.4, -16.1.f)."""
    from croupier.service.books import games as s

    record(
        db,
        org,
        at,
        s.twentyone_tournament_prize(tournament, player, cash, merchandise_cost, description, day),
    )


@books_app.command("twentyone-tournament-void")
@reports_errors
def twentyone_tournament_void(
    tournament: Tournament,
    fee: Annotated[int, typer.Argument(help="the fee's number in the register (1 is the first)")],
    reason: Annotated[str, typer.Option("--reason", help="why it is voided")],
    by: ByOpt,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Void a twenty-one tournament fee recorded in error, on its own gaming day while it is open
    (its cash handed back); the void references the fee by its number (99-01.3-08-16)."""
    from croupier.service.books import games as s

    record(db, org, at, s.twentyone_tournament_void(tournament, fee, reason, by))


@books_app.command("twentyone-tournament-record")
@reports_errors
def twentyone_tournament_record(tournament: Tournament, db: Db = None, org: Org = None) -> None:
    """A twenty-one tournament's register of players and fees, prize register and record of
    win, never combined with another tournament's (99-01.3-08-15.1, -16.1.e, f)."""
    from croupier.service.books import games as s

    lines, warning = s.twentyone_tournament_record(database_url(db), org_id(org), tournament)
    warn(warning)
    for line in lines:
        console.print(line, highlight=False, markup=False, soft_wrap=True)
