"""The set-up, period and game-ledger rules of the stateful writer/reader test: ``croupier books
add-site, add-table, add-employee, opening-balances, rent, close-quarter``, ``poker-...``
(occasions, half-hour fees, time worked, tournaments, fees, prizes, buy-ins redeemed, refunds),
``ticket-...`` (series, card sales, refunds, spins, prizes) and ``twentyone-tournament...``
(registration, fees, prizes, voids)."""

from __future__ import annotations

from datetime import date, timedelta

from hypothesis import strategies as st
from hypothesis.stateful import rule
from writer_reader import (
    ANYONE,
    CENTS,
    NAMES,
    OFFSETS,
    SMALL,
    TEXT,
    Machine,
    chips_of,
    mixed,
)

from croupier.books import operations as ops
from croupier.books import periods, poker, tickets, tournament21
from croupier.books import rent as rent_
from croupier.books.model import Affiliation, Game, Role
from croupier.books.opening import opening_balances
from croupier.books.poker_ledger import FeeKind
from croupier.books.quarters import Quarter
from croupier.books.tournament21_ledger import Fee21Kind

IDS = mixed(["x1", "x2"], ["", "a b", "x\u200b", "\u202ex"])
SITES = mixed(["S1", "S2"], ["S9", "", "s 1"])
OCCASIONS = mixed(["p1"], ["p2", "p3", "", "p 1"])
TOURNAMENTS = mixed(["t1"], ["t2", "t9", "", "t 1"])
SERIES = mixed(["s1"], ["s2", "s9", ""])
PLAYERS = mixed(["Ann Lee", "Bo"], ["sm", "gm", "", " Bo", "Bo\u200b", "x" * 300])
CARDS = mixed([1, 2], [0, -1, 3, 10**9])
WHICH_DAY = mixed(["open"], ["first", "never"])


class GameRules(Machine):
    # -- set-up and periods -----------------------------------------------------------------

    @rule(site=IDS, name=NAMES, surveilled=st.booleans())
    def add_site(self, site: str, name: str, surveilled: bool) -> None:
        self.try_("add_site", lambda b: ops.register_site(b, site, name, surveilled))

    @rule(site=SITES, number=mixed([4, 5], [0, -1, 1, 10**12]), game=st.sampled_from(Game))
    def add_table(self, site: str, number: int, game: Game) -> None:
        self.try_("add_table", lambda b: ops.register_table(b, site, number, game))

    @rule(
        eid=IDS,
        name=NAMES,
        initials=mixed(["XY"], ["", " ", "X\u200b"]),
        supervisor=mixed([None, "sm"], ["nobody", ""]),
        household=mixed([None, "h9"], ["", "h 9"]),
    )
    def add_employee(
        self, eid: str, name: str, initials: str, supervisor: str | None, household: str | None
    ) -> None:
        self.try_(
            "add_employee",
            lambda b: ops.register_employee(
                b,
                eid,
                name,
                initials,
                (Role.DEALER,),
                Affiliation.GAMING_EMPLOYEE,
                supervisor,
                household,
            ),
        )

    @rule(
        site=SITES,
        cash=mixed([0, 100_000], [-1, 2**63]),
        bank=st.tuples(SMALL, SMALL),
        trays=mixed([{}, {1: (2, 0)}], [{0: (1, 0)}, {9: (1, 0)}, {1: (0, 0)}]),
        outstanding=st.tuples(SMALL, SMALL),
        people=mixed([("gm", "au")], [("gm", "gm"), ("sm", "au"), ("gm", "nobody")]),
    )
    def opening(
        self,
        site: str,
        cash: int,
        bank: tuple[int, int],
        trays: dict[int, tuple[int, int]],
        outstanding: tuple[int, int],
        people: tuple[str, str],
    ) -> None:
        by, auditor = people
        lines = {t: chips_of(*n) for t, n in trays.items()}
        self.try_(
            "opening",
            lambda b: opening_balances(
                b,
                site,
                self.when(),
                cash,
                chips_of(*bank),
                (),
                lines,
                chips_of(*outstanding),
                by,
                auditor,
            ),
        )

    @rule(
        site=SITES,
        table=mixed([1, 2], [3, 0, 9]),
        month=mixed(["2026-01", "2026-02"], ["2026-13", "2026-1", "", "2026-01\n", "٢٠٢٦-01"]),
        cents=CENTS,
        by=ANYONE,
    )
    def rent(self, site: str, table: int, month: str, cents: int, by: str) -> None:
        self.try_("rent", lambda b: rent_.pay_rent(b, site, table, month, cents, by, self.when()))

    @rule(
        quarter=mixed(["2025Q4"], ["2026Q1", "2025Q3", "2026Q2"]),
        reason=mixed(list(periods.REASONS), ["", "lunch"]),
        by=mixed(["gm"], ["sm", "nobody"]),
    )
    def close_quarter(self, quarter: str, reason: str, by: str) -> None:
        q = Quarter.parse(quarter)
        self.try_("close_quarter", lambda b: periods.close_quarter(b, q, reason, by, self.when()))

    # -- poker ----------------------------------------------------------------------------

    @rule(
        occasion=OCCASIONS,
        first=mixed([0, -1], [-400, 200]),
        length=mixed([0, 2], [-1, 3]),
        manager=mixed(["gm"], ["nobody"]),
        sites=mixed([("S1",), ("S1", "S2")], [(), ("S9",), ("S1", "S1")]),
    )
    def poker_occasion(
        self, occasion: str, first: int, length: int, manager: str, sites: tuple[str, ...]
    ) -> None:
        a = self.when().date() + timedelta(days=first)
        z = a + timedelta(days=length)
        self.try_(
            "poker_occasion", lambda b: poker.open_occasion(b, occasion, a, z, manager, sites)
        )

    @rule(
        occasion=OCCASIONS,
        table=mixed([1, 2], [0, -1, 10**9]),
        player=PLAYERS,
        start=OFFSETS,
        cents=CENTS,
        by=ANYONE,
        site=mixed([None, "S1"], ["S2", "S9"]),
    )
    def poker_fee(
        self,
        occasion: str,
        table: int,
        player: str,
        start: int,
        cents: int,
        by: str,
        site: str | None,
    ) -> None:
        self.try_(
            "poker_fee",
            lambda b: poker.collect_half_hour_fee(
                b, occasion, table, player, self.when(start), cents, by, self.when(), site
            ),
        )

    @rule(
        occasion=OCCASIONS,
        employee=ANYONE,
        start=OFFSETS,
        length=mixed([60, 240], [0, -30]),
        site=mixed([None, "S1"], ["S2", "S9"]),
    )
    def poker_time(
        self, occasion: str, employee: str, start: int, length: int, site: str | None
    ) -> None:
        self.try_(
            "poker_time",
            lambda b: poker.record_time_worked(
                b, occasion, employee, self.when(start), self.when(start + length), site
            ),
        )

    @rule(occasion=OCCASIONS, tournament=TOURNAMENTS, director=mixed(["pb"], ["gm", "nobody"]))
    def poker_tournament(self, occasion: str, tournament: str, director: str) -> None:
        self.try_(
            "poker_tournament",
            lambda b: poker.start_tournament(b, occasion, tournament, director, self.when()),
        )

    @rule(
        occasion=OCCASIONS,
        tournament=TOURNAMENTS,
        player=PLAYERS,
        kind=st.sampled_from(FeeKind),
        cents=CENTS,
        by=ANYONE,
    )
    def poker_tournament_fee(
        self, occasion: str, tournament: str, player: str, kind: FeeKind, cents: int, by: str
    ) -> None:
        self.try_(
            "poker_tournament_fee",
            lambda b: poker.collect_tournament_fee(
                b, occasion, tournament, player, kind, cents, by, self.when(), player, "1 Elm St"
            ),
        )

    @rule(occasion=OCCASIONS, tournament=TOURNAMENTS, player=PLAYERS, cents=CENTS)
    def poker_prize(self, occasion: str, tournament: str, player: str, cents: int) -> None:
        self.try_(
            "poker_prize",
            lambda b: poker.pay_prize(b, occasion, tournament, player, cents, self.when()),
        )

    @rule(
        occasion=OCCASIONS,
        tournaments=mixed([("t1", "t2")], [("t1", "t1"), ("t2", "t1"), ("", "t2")]),
        receipt=mixed(["r1", "r2"], ["", "r 1"]),
        player=PLAYERS,
        cents=CENTS,
        by=ANYONE,
    )
    def poker_buy_in(
        self,
        occasion: str,
        tournaments: tuple[str, str],
        receipt: str,
        player: str,
        cents: int,
        by: str,
    ) -> None:
        satellite, main = tournaments
        self.try_(
            "poker_buy_in",
            lambda b: poker.redeem_buy_in(
                b,
                occasion,
                satellite,
                main,
                receipt,
                player,
                cents,
                by,
                self.when(),
                player,
                "Minot",
            ),
        )

    @rule(occasion=OCCASIONS, tournament=TOURNAMENTS)
    def poker_refund(self, occasion: str, tournament: str) -> None:
        # always refused: before the start not recorded, after it forbidden (-09-03.4.g)
        self.try_("poker_refund", lambda b: poker.refund_tournament_fee(b, occasion, tournament))

    # -- paddlewheel ticket card series -----------------------------------------------------

    @rule(
        series=SERIES,
        site=SITES,
        price=mixed([100, 200], [0, -1, 201, 2**63]),
        cards=mixed([(1, 2)], [(0, 1), (2, 1), (1, 10**7)]),
        per_card=mixed([1, 2], [0, -1]),
        stamp=mixed(["ND-1"], ["", " ", "N D", "ND\u200b"]),
    )
    def ticket_series(
        self, series: str, site: str, price: int, cards: tuple[int, int], per_card: int, stamp: str
    ) -> None:
        first, last = cards
        self.try_(
            "ticket_series",
            lambda b: tickets.register_series(b, series, site, price, first, last, per_card, stamp),
        )

    def _series_day(self, series: str, which: str) -> date:
        found = self.b.tickets.series.get(series)
        return self.day(found.registered.site_id if found else "S1", which)

    @rule(series=SERIES, card=CARDS, count=mixed([1, 2], [0, -1, 3]), which=WHICH_DAY)
    def ticket_sell(self, series: str, card: int, count: int, which: str) -> None:
        day = self._series_day(series, which)
        self.try_(
            "ticket_sell", lambda b: tickets.sell_tickets(b, series, card, day, count, self.when())
        )

    @rule(series=SERIES, card=CARDS, which=WHICH_DAY)
    def ticket_refund(self, series: str, card: int, which: str) -> None:
        day = self._series_day(series, which)
        self.try_("ticket_refund", lambda b: tickets.refund_card(b, series, card, day, self.when()))

    @rule(
        series=SERIES,
        card=CARDS,
        revolutions=mixed([4, 5], [3, 0, -1]),
        number=mixed(["7", "12"], ["", "1 2", "7\u200b"]),
        which=WHICH_DAY,
    )
    def ticket_spin(
        self, series: str, card: int, revolutions: int, number: str, which: str
    ) -> None:
        day = self._series_day(series, which)
        self.try_(
            "ticket_spin",
            lambda b: tickets.spin(b, series, card, day, revolutions, number, self.when()),
        )

    @rule(
        series=SERIES,
        card=CARDS,
        prize=mixed([(500, 0), (0, 800)], [(0, 0), (-1, 0), (1, 1), (10_001, 0), (0, 2**63)]),
        description=TEXT,
        which=WHICH_DAY,
    )
    def ticket_prize(
        self, series: str, card: int, prize: tuple[int, int], description: str, which: str
    ) -> None:
        day, (cash, cost) = self._series_day(series, which), prize
        self.try_(
            "ticket_prize",
            lambda b: tickets.pay_ticket_prize(
                b, series, card, day, cash, cost, description, self.when()
            ),
        )

    # -- twenty-one tournaments ---------------------------------------------------------------

    @rule(tournament=TOURNAMENTS, site=SITES, name=NAMES, fee=CENTS)
    def t21_register(self, tournament: str, site: str, name: str, fee: int) -> None:
        self.try_(
            "t21_register",
            lambda b: tournament21.register_tournament(b, tournament, site, name, fee),
        )

    def _t21_day(self, tournament: str, which: str) -> date:
        found = self.b.t21_tournaments.tournaments.get(tournament)
        return self.day(found.registered.site_id if found else "S1", which)

    @rule(
        tournament=TOURNAMENTS,
        player=PLAYERS,
        name=NAMES,
        kind=st.sampled_from(Fee21Kind),
        fee=mixed(["entry", 500], [0, -1, 20_001, 2**63]),
        by=ANYONE,
        which=WHICH_DAY,
    )
    def t21_fee(
        self,
        tournament: str,
        player: str,
        name: str,
        kind: Fee21Kind,
        fee: object,
        by: str,
        which: str,
    ) -> None:
        day = self._t21_day(tournament, which)
        found = self.b.t21_tournaments.tournaments.get(tournament)
        cents = (found.registered.entry_fee if found else 100) if fee == "entry" else fee
        assert isinstance(cents, int)
        self.try_(
            "t21_fee",
            lambda b: tournament21.collect_fee(
                b, tournament, day, player, name, kind, cents, by, self.when()
            ),
        )

    @rule(
        tournament=TOURNAMENTS,
        player=PLAYERS,
        prize=mixed([(500, 0), (0, 800)], [(0, 0), (-1, 0), (1, 1), (2**63, 0)]),
        description=TEXT,
        which=WHICH_DAY,
    )
    def t21_prize(
        self, tournament: str, player: str, prize: tuple[int, int], description: str, which: str
    ) -> None:
        day, (cash, cost) = self._t21_day(tournament, which), prize
        self.try_(
            "t21_prize",
            lambda b: tournament21.pay_prize(
                b, tournament, day, player, cash, cost, description, self.when()
            ),
        )

    @rule(tournament=TOURNAMENTS, fee=mixed([1, 2], [0, -1, 99]), reason=TEXT, by=ANYONE)
    def t21_void(self, tournament: str, fee: int, reason: str, by: str) -> None:
        self.try_(
            "t21_void", lambda b: tournament21.void_fee(b, tournament, fee, reason, by, self.when())
        )
