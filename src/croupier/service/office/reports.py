"""The back office's reports: the daily summary, the quarterly summary, percent-of-hold, the slip
register and a slip's printed form, as pages and as files (99-01.3-08-16, -04.8, -05)."""

from __future__ import annotations

from croupier.core.errors import InvalidInput
from croupier.service.books import reports as rpt
from croupier.service.office.base import OfficeBase
from croupier.service.office.views import (
    MEDIA,
    Download,
    FormView,
    form_view,
    kind_of,
)
from croupier.service.people.authz import Action, Actor, authorize


class ReportsDesk(OfficeBase):
    """The records an auditor and a gaming manager read, each asking the policy first."""

    def default_day(self, site: str) -> str | None:
        """The open gaming day of a site, else its latest recorded day."""
        with self._lock:
            books = self.books_service.books()
            st = books.sites.get(site)
            if st is None:
                return None
            if st.open_day is not None:
                return st.open_day
            days = sorted(books.days_opened(site))  # with those before the books' window
            return days[-1] if days else None

    def _daily(self, actor: Actor, site: str, day: str) -> rpt.Report:
        authorize(actor, Action.VIEW_DAILY)
        self._require_org()
        with self._lock:
            return rpt.daily_report(self.books_service, site, day)

    def daily(self, actor: Actor, site: str, day: str) -> FormView:
        """The daily summary of a site (99-01.3-08-16.1), ready for a page."""
        return form_view(self._daily(actor, site, day).form)

    def daily_file(self, actor: Actor, site: str, day: str, fmt: str) -> Download:
        """The daily summary as a CSV or PDF file."""
        f = rpt.check_format(fmt)
        if f == "html":
            raise InvalidInput("a download is csv or pdf")
        data = rpt.render(self._daily(actor, site, day), f)
        return Download(data, f"daily-{self.org_id}-{site}-{day}.{f}", MEDIA[f])

    def _quarterly(self, actor: Actor, quarter: str) -> rpt.Report:
        authorize(actor, Action.VIEW_QUARTERLY)
        self._require_org()
        with self._lock:
            return rpt.quarterly_report(self.books_service, quarter, self.clock.now().date())

    def _hold(self, actor: Actor, start: str | None, end: str | None) -> rpt.Report:
        authorize(actor, Action.VIEW_HOLD)
        self._require_org()
        with self._lock:
            return rpt.hold_report(self.books_service, start, end)

    def slip_pdf(self, actor: Actor, kind: str, number: int) -> Download:
        """A completed fill or credit slip (issued or VOID) as its two-part form to print."""
        from croupier.books import events as ev
        from croupier.reports.slip_form import SlipPeople, slip_pdf

        authorize(actor, Action.VIEW_SLIPS)
        k = kind_of(kind)
        books = self._require_org()
        with self._lock:
            books = self.books_service.books()
            entry = books.slips.get((k, number))
            if entry is None and number >= books.next_number[k]:
                raise InvalidInput(f"no {k.value} slip {number} in the books yet")
            if entry is None:  # issued before the books' window: read the whole history
                books, _chain = self.books_service.read_history()
                entry = books.slips.get((k, number))
        if not isinstance(entry, ev.SlipIssued | ev.SlipVoided):
            raise InvalidInput(f"no {k.value} slip {number} in the books")
        site = books.sites[entry.site_id].site
        people = SlipPeople({e: p.initials for e, p in books.employees.items()})
        data = slip_pdf(entry, books.org_name, f"{site.site_id} {site.name}", people)
        return Download(data, f"{k.value}-slip-{number}.pdf", MEDIA["pdf"])

    def _register(self, actor: Actor, kind: str) -> rpt.Report:
        authorize(actor, Action.VIEW_SLIP_REGISTER)
        self._require_org()
        with self._lock:
            return rpt.slips_report(self.books_service, kind)

    def slip_register(self, actor: Actor, kind: str) -> FormView:
        """Every number of the fill or credit series from the first used, each accounted for:
        issued, VOID or missing (99-01.3-08-05.2), read from the whole history."""
        return form_view(self._register(actor, kind).form)

    def quarterly(self, actor: Actor, quarter: str) -> FormView:
        """The quarterly summary and compliance findings (99-01.3-08-16.1.g), for a page."""
        return form_view(self._quarterly(actor, quarter).form)

    def hold(
        self, actor: Actor, start: str | None, end: str | None
    ) -> tuple[FormView, bytes | None]:
        """Percent-of-hold by dealer and wheel operator (99-01.3-08-04.8) for a page, with the
        plot of each one's weekly hold against the 10% and 15% lines (PNG; None without
        shifts)."""
        from croupier.reports.render import hold_plot

        form = self._hold(actor, start, end).form
        plot = hold_plot(list(form.hold_lines)) if form.hold_lines else None
        return form_view(form), plot

    def report_file(
        self,
        actor: Actor,
        kind: str,
        fmt: str,
        *,
        quarter: str = "",
        start: str | None = None,
        end: str | None = None,
    ) -> Download:
        """The quarterly or hold report as a CSV or PDF file."""
        f = rpt.check_format(fmt)
        if f == "html":
            raise InvalidInput("a download is csv or pdf")
        if kind == "quarterly":
            report, name = self._quarterly(actor, quarter), f"quarterly-{self.org_id}-{quarter}"
        elif kind in ("fill", "credit"):
            report, name = self._register(actor, kind), f"{kind}-slips-{self.org_id}"
        else:
            report = self._hold(actor, start, end)
            name = f"hold-{self.org_id}-{start or 'first'}-{end or 'last'}"
        return Download(rpt.render(report, f), f"{name}.{f}", MEDIA[f])
