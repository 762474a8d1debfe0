"""The back office's gaming day around the tables: redemptions at the chip bank, drop box custody,
the count, the daily close, the quarter, rent, opening balances and tournaments posted to the
books (99-01.3-08-06, -14, -16, -01, -15)."""

from __future__ import annotations

from datetime import timezone

from croupier.core.clock import Clock
from croupier.core.money import format_money
from croupier.service.books import day as books_day
from croupier.service.office.base import OfficeBase, employee_of
from croupier.service.office.views import (
    Recorded,
    local_offset,
)
from croupier.service.people.authz import Action, Actor, authorize
from croupier.tournaments import Tournament


class DayDesk(OfficeBase):
    """The day's requests of the chip bank, the count team and the gaming manager."""

    def redeem(self, actor: Actor, site: str, chips: str) -> Recorded:
        """The cashier redeems a player's chips for cash from the cash bank (99-01.3-08-06.2)."""
        authorize(actor, Action.REDEEM_CHIPS)
        self._require_org()
        return self._record(books_day.redeem(site, chips, employee_of(actor)))

    def redeem_tips(self, actor: Actor, site: str, dealer: str) -> Recorded:
        """An employee redeems a dealer's tips through cash on hand (99-01.3-08-06.2)."""
        authorize(actor, Action.REDEEM_TIPS)
        self._require_org()
        return self._record(books_day.redeem_tips(site, dealer.strip(), employee_of(actor)))

    def awaiting_count(self, site: str) -> list[tuple[str, int, int, str]]:
        """The drop boxes removed but not counted at a site: (day, table, shift, dealer)."""
        with self._lock:
            books = self.books_service.books()
        return [
            (key[1], key[2], key[3], rec.started.dealer_id)
            for key, rec in sorted(books.shifts.items())
            if key[0] == site and rec.ended is not None and rec.count is None
        ]

    def custody(self, site: str) -> list[dict[str, str]]:
        """Each drop box of the books' window at a site, from its table to the count: who
        removed it and who escorted it (-14.1), who held the keys and who counted it, and the
        cash counted (-14.2 to .4)."""
        with self._lock:
            books = self.books_service.books()
        rows: list[dict[str, str]] = []
        for key, rec in sorted(books.shifts.items()):
            if key[0] != site:
                continue
            ended, counted = rec.ended, rec.count
            cash = rec.counted_cash
            rows.append(
                {
                    "day": key[1],
                    "table": str(key[2]),
                    "shift": str(key[3]),
                    "removed": "on the table" if ended is None else ended.removed_by,
                    "escort": "" if ended is None else ended.escort_id or "",
                    "key_holder": "" if counted is None else counted.key_holder,
                    "counted_by": ""
                    if counted is None
                    else f"{counted.member_a}, {counted.member_b}",
                    "cash": "" if cash is None else format_money(cash),
                }
            )
        return rows

    def open_day(self, actor: Actor, site: str, day: str, on_duty: str) -> Recorded:
        """Open the site's gaming day with the people on duty (-16.1), by the signed-in person."""
        from croupier.service.books.day import open_day

        authorize(actor, Action.OPEN_DAY)
        return self._record(open_day(site, day, on_duty, employee_of(actor)))

    def open_table(
        self, actor: Actor, site: str, table: int, dealer: str, max_wager: str, shoe: str | None
    ) -> Recorded:
        """Open a table, or its next dealer's shift, with the maximum wager posted (-07);
        ``shoe``: who inspected the dealing shoe (-07.2)."""
        from croupier.service.books.day import open_table

        authorize(actor, Action.OPEN_TABLE)
        return self._record(open_table(site, table, dealer, max_wager, shoe))

    def end_shift(
        self,
        actor: Actor,
        site: str,
        table: int,
        tray: str | None,
        escort: str | None,
        close: bool,
    ) -> Recorded:
        """End a table's shift (99-01.3-08-14.1): the tray as counted (as booked when not
        given), the drop box removed by the signed-in shift manager and escorted; ``close``
        closes the table too."""
        from croupier.service.books.day import end_shift

        authorize(actor, Action.END_SHIFT)
        request = end_shift(site, table, employee_of(actor), tray, escort, close)
        return self._record(request)

    def close_day(self, actor: Actor, site: str, cash_bank: str, chip_bank: str) -> Recorded:
        """Close the site's gaming day with the banks as counted (99-01.3-08-16.1.a)."""
        from croupier.service.books.close import close_day as close_request
        from croupier.service.database import anchors
        from croupier.service.database.store import check_in_background

        authorize(actor, Action.CLOSE_DAY)
        self._require_org()
        assert actor.employee_id is not None  # authorize refuses an unlinked account
        done = self._record(
            close_request(site, cash_bank, actor.employee_id, chip_bank.strip() or None)
        )
        lines = list(done.lines)
        if anchors.signing_configured(self.org_id):  # as `croupier books close-day`
            lines += [
                "signed anchor of the history (keep it with the daily report):",
                _sign_day(self.url, self.org_id, self.clock),
            ]
        else:
            lines.append(
                "the day is not anchored: no signing key (set CROUPIER_ANCHOR_KEYS or "
                "CROUPIER_ANCHOR_KEY where the server starts; docs/anchors.md)"
            )
        check_in_background(self.url)  # the full re-hash, nobody waits (status page: result)
        return Recorded(tuple(lines), done.number)

    def close_quarter(self, actor: Actor, quarter: str, return_filed: bool) -> Recorded:
        """Close a quarter's records once its report is produced or its tax return filed:
        nothing dated in it is recorded afterwards (``books.periods``, -16)."""
        from croupier.service.books.close import close_quarter as close_request

        authorize(actor, Action.CLOSE_QUARTER)
        self._require_org()
        assert actor.employee_id is not None  # authorize refuses an unlinked account
        return self._record(close_request(quarter, actor.employee_id, return_filed))

    def opening_balances(
        self,
        actor: Actor,
        site: str,
        cash_bank: str,
        chip_bank: str,
        jar_bar: str,
        trays: list[str],
        outstanding: str,
        audited_by: str,
    ) -> Recorded:
        """A site's audited opening entry (``books.opening``), by the signed-in gaming manager,
        naming the auditor who checked the balances."""
        from croupier.service.books.setup import opening_balances as request

        authorize(actor, Action.OPENING_BALANCES)
        self._require_org()
        assert actor.employee_id is not None  # authorize refuses an unlinked account
        return self._record(
            request(
                site,
                cash_bank,
                chip_bank.strip() or None,
                jar_bar.strip() or None,
                trays,
                outstanding.strip() or None,
                actor.employee_id,
                audited_by,
            )
        )

    def post_tournament(
        self,
        actor: Actor,
        tournament: Tournament,
        site: str | None,
        occasion: str | None,
        utc_offset: str | None = None,
    ) -> Recorded:
        """A finished tournament kept in the database recorded in the books (``croupier
        tournament post``): poker under an occasion, twenty-one at a site in its open gaming
        day. Its times are this server's local time unless ``utc_offset`` says otherwise."""
        from croupier.service.tournaments.post import parse_offset, post_with

        authorize(actor, Action.POST_TOURNAMENT)
        self._require_org()
        tz = parse_offset(utc_offset) if utc_offset else timezone(local_offset())
        with self._lock:
            posted = post_with(self.books_service, tournament, occasion, tz, None, site, None)
        return Recorded((f"posted {posted.entries} books entries", *posted.lines), None)

    def pay_rent(self, actor: Actor, site: str, table: int, month: str, amount: str) -> Recorded:
        """A month's rent paid for a table (99-01.3-08-01)."""
        from croupier.service.books.rent import pay_rent as request

        authorize(actor, Action.PAY_RENT)
        self._require_org()
        assert actor.employee_id is not None  # authorize refuses an unlinked account
        return self._record(request(site, table, month, amount, actor.employee_id))


def _sign_day(url: str, org: str, clock: Clock) -> str:
    """The day's anchor (``anchors.sign_day``): the organization's own on a database of several,
    else the database's, of every stream, so it reads past the request's organization."""
    from croupier.service.database import anchors
    from croupier.store import scope

    with scope.scoped(scope.ALL):
        return anchors.sign_day(url, org, clock=clock)
