"""The back office's pages beyond the slips: the quarterly summary, percent-of-hold with its plot,
the slip registers and a slip's two-part form, and the day's count and close with drop box
custody (the JSON API does the same: ``web.api_office``)."""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Form, Path, Query, Request
from fastapi.responses import HTMLResponse, Response

from croupier.core.errors import InvalidInput, NotFound
from croupier.core.names import ascii_digits
from croupier.service.office.backoffice import Recorded
from croupier.service.people.authz import Action, Actor, authorize, decide
from croupier.web.pages import file_response, render
from croupier.web.security import ActorDep, tenant_of

router = APIRouter(include_in_schema=False)


# -- the quarterly summary and percent-of-hold ----------------------------------------------


def _download(request: Request, actor: Actor, kind: str, fmt: str, **what: Any) -> Response:
    file = tenant_of(request).backoffice.report_file(actor, kind, fmt, **what)
    return file_response(file)


@router.get("/reports/quarterly")
def quarterly(
    request: Request,
    actor: ActorDep,
    quarter: Annotated[str | None, Query(max_length=10)] = None,
) -> HTMLResponse:
    """The quarterly summary and compliance findings (this quarter unless one is asked)."""
    authorize(actor, Action.VIEW_QUARTERLY)
    chosen = (quarter or "").strip() or _this_quarter(request)
    return _quarterly_page(request, actor, chosen)


def _quarterly_page(
    request: Request, actor: Actor, chosen: str, message: list[str] | None = None
) -> HTMLResponse:
    form = tenant_of(request).backoffice.quarterly(actor, chosen)
    return render(
        request,
        "report.html",
        title="Quarterly summary",
        action="/reports/quarterly",
        fields=(("quarter", "Quarter", chosen, "2026Q1"),),
        form=form,
        plot=None,
        download=f"/reports/quarterly/download?quarter={quote(chosen)}",
        close_quarter=chosen,
        message=message,
    )


@router.post("/reports/quarterly/close")
def close_quarter(
    request: Request,
    actor: ActorDep,
    quarter: Annotated[str, Form(max_length=10)],
    return_filed: Annotated[bool, Form()] = False,
) -> HTMLResponse:
    """Close the quarter's records once its report is produced (or its tax return filed):
    a gaming manager (99-01.3-08-16)."""
    done = tenant_of(request).backoffice.close_quarter(actor, quarter, return_filed)
    return _quarterly_page(request, actor, quarter.strip(), list(done.lines))


def _this_quarter(request: Request) -> str:
    today = tenant_of(request).backoffice.clock.now().date()
    return f"{today.year}Q{(today.month - 1) // 3 + 1}"


@router.get("/reports/quarterly/download")
def quarterly_download(
    request: Request,
    actor: ActorDep,
    quarter: Annotated[str, Query(max_length=10)],
    format: Annotated[str, Query(max_length=10)] = "pdf",
) -> Response:
    return _download(request, actor, "quarterly", format, quarter=quarter)


@router.get("/reports/hold")
def hold(
    request: Request,
    actor: ActorDep,
    start: Annotated[str | None, Query(alias="from", max_length=20)] = None,
    end: Annotated[str | None, Query(alias="to", max_length=20)] = None,
) -> HTMLResponse:
    """Percent-of-hold by dealer and wheel operator, with the weekly plot (-04.8)."""
    import base64

    authorize(actor, Action.VIEW_HOLD)
    start, end = (start or "").strip() or None, (end or "").strip() or None
    form, png = tenant_of(request).backoffice.hold(actor, start, end)
    query = "&".join(f"{k}={quote(v)}" for k, v in (("from", start), ("to", end)) if v is not None)
    return render(
        request,
        "report.html",
        title="Percent-of-hold",
        action="/reports/hold",
        fields=(("from", "From", start, "YYYY-MM-DD"), ("to", "To", end, "YYYY-MM-DD")),
        form=form,
        plot=base64.b64encode(png).decode("ascii") if png else None,
        download=f"/reports/hold/download?{query}",
    )


@router.get("/reports/hold/download")
def hold_download(
    request: Request,
    actor: ActorDep,
    start: Annotated[str | None, Query(alias="from", max_length=20)] = None,
    end: Annotated[str | None, Query(alias="to", max_length=20)] = None,
    format: Annotated[str, Query(max_length=10)] = "pdf",
) -> Response:
    return _download(request, actor, "hold", format, start=start or None, end=end or None)


# -- the count and the daily close ------------------------------------------------------------


def _day_page(
    request: Request, actor: Actor, site: str | None, message: list[str] | None = None
) -> HTMLResponse:
    tenant = tenant_of(request)
    sites = tenant.backoffice.sites()
    if site and all(s.site_id != site for s in sites):  # not an empty page (an audit)
        raise NotFound(f"no site {site!r}")
    chosen = site or (sites[0].site_id if sites else None)
    open_day = None
    awaiting: list[tuple[str, int, int, str]] = []
    open_tables: list[Any] = []
    closed_tables: list[Any] = []
    if chosen is not None:
        info = next((s for s in sites if s.site_id == chosen), None)
        open_day = getattr(info, "open_day", None)
        awaiting = tenant.backoffice.awaiting_count(chosen)
        open_tables = [t for t in (info.tables if info else ()) if t.open]
        closed_tables = [t for t in (info.tables if info else ()) if not t.open]
    custody = tenant.backoffice.custody(chosen) if chosen is not None else []
    counting = decide(actor, Action.RECORD_COUNT).allowed
    counts = tenant.backoffice.team_counts(actor) if counting else []
    return render(
        request,
        "day.html",
        title="Count and daily close",
        sites=sites,
        site=chosen,
        open_day=open_day,
        awaiting=awaiting,
        custody=custody,
        counts=counts,
        open_tables=open_tables,
        closed_tables=closed_tables,
        message=message,
    )


@router.get("/day")
def day_page(
    request: Request, actor: ActorDep, site: Annotated[str | None, Query(max_length=200)] = None
) -> HTMLResponse:
    """The drop boxes awaiting the count and the daily close, for those who do them."""
    day_work = (Action.RECORD_COUNT, Action.CLOSE_DAY, Action.OPEN_TABLE, Action.OPEN_DAY)
    if not any(decide(actor, a).allowed for a in day_work):
        authorize(actor, Action.CLOSE_DAY)  # refused, with the section
    return _day_page(request, actor, site)


@router.post("/day/count")
def count_box(
    request: Request,
    actor: ActorDep,
    site: Annotated[str, Form(max_length=200)],
    box: Annotated[str, Form(max_length=60)],
    partner: Annotated[str, Form(max_length=200)],
    amount: Annotated[str, Form(max_length=40)],
    fill_copies: Annotated[str, Form(max_length=400)] = "",
    credit_originals: Annotated[str, Form(max_length=400)] = "",
) -> HTMLResponse:
    """Open a drop box's count with your own count; the other member enters theirs on their
    own session (99-01.3-08-14.4)."""
    authorize(actor, Action.RECORD_COUNT)  # the role first; the team's independence below
    parts = box.split("/")
    if len(parts) != 3 or not ascii_digits(parts[1]) or not ascii_digits(parts[2]):
        raise InvalidInput(f"not a drop box: {box!r} (day/table/shift)")
    view = tenant_of(request).backoffice.open_count(
        actor,
        site,
        parts[0],
        int(parts[1]),
        int(parts[2]),
        partner,
        amount,
        None,
        fill_copies or None,
        credit_originals or None,
    )
    said = f"count {view.count_id} opened with your count {view.mine}: {view.partner} enters theirs"
    return _day_page(request, actor, site, [said])


@router.post("/day/counts/{count_id}/{step}")
def count_step(
    request: Request,
    actor: ActorDep,
    count_id: Annotated[int, Path(ge=1, le=2**31 - 1)],
    step: Annotated[str, Path(pattern="^(enter|propose|agree|record|withdraw)$")],
    site: Annotated[str, Form(max_length=200)],
    amount: Annotated[str, Form(max_length=40)] = "",
    resolution: Annotated[str, Form(max_length=400)] = "",
    reason: Annotated[str, Form(max_length=400)] = "",
    proposal: Annotated[str, Form(max_length=600)] = "",
) -> HTMLResponse:
    """A member's step in a count (``CountingDesk``): their own count, a resolution proposed
    or agreed to, equal counts recorded, or the count withdrawn."""
    office = tenant_of(request).backoffice
    lines: list[str]
    if step == "enter":
        done = office.enter_count(actor, count_id, amount)
        lines = (
            list(done.lines)
            if isinstance(done, Recorded)
            else [
                f"count {count_id}: your count {done.mine} differs from {done.theirs}; resolve it "
                "together and one of you proposes the amount agreed"
            ]
        )
    elif step == "propose":
        office.propose_resolution(actor, count_id, amount, resolution)
        lines = [f"count {count_id}: proposed; the other member agrees to record it"]
    elif step == "agree":
        lines = list(office.agree_resolution(actor, count_id, proposal).lines)
    elif step == "record":
        lines = list(office.record_count(actor, count_id).lines)
    else:
        office.withdraw_count(actor, count_id, reason)
        lines = [f"count {count_id} withdrawn"]
    return _day_page(request, actor, site, lines)


# -- the cameras ---------------------------------------------------------------------------------


def _cameras_page(
    request: Request, actor: Actor, site: str | None, message: list[str] | None = None
) -> HTMLResponse:
    office = tenant_of(request).backoffice
    sites = office.sites()
    chosen = site or (sites[0].site_id if sites else None)
    rows = office.cameras(actor, chosen) if chosen is not None else []
    return render(
        request,
        "cameras.html",
        title="Cameras",
        sites=sites,
        site=chosen,
        cameras=rows,
        message=message,
    )


@router.get("/cameras")
def cameras_page(
    request: Request, actor: ActorDep, site: Annotated[str | None, Query(max_length=200)] = None
) -> HTMLResponse:
    """Each table's camera: today's review, an open fault and the clock it runs (-04.6)."""
    authorize(actor, Action.CAMERAS)
    return _cameras_page(request, actor, site)


@router.post("/cameras/{step}")
def camera_step(
    request: Request,
    actor: ActorDep,
    step: Annotated[str, Path(pattern="^(review|fault|repaired)$")],
    site: Annotated[str, Form(max_length=200)],
    table: Annotated[int, Form(ge=1, le=100_000)],
    working: Annotated[str, Form(pattern="^(yes|no)$")] = "yes",
    note: Annotated[str, Form(max_length=400)] = "",
) -> HTMLResponse:
    """The daily review of a table's camera, a fault found, or its repair."""
    office = tenant_of(request).backoffice
    if step == "review":
        done = office.review_camera(actor, site, table, working == "yes", note)
    elif step == "fault":
        done = office.camera_fault(actor, site, table, note)
    else:
        done = office.camera_repaired(actor, site, table)
    return _cameras_page(request, actor, site, list(done.lines))


@router.post("/day/open")
def open_day(
    request: Request,
    actor: ActorDep,
    site: Annotated[str, Form(max_length=200)],
    day: Annotated[str, Form(max_length=20)],
    on_duty: Annotated[str, Form(max_length=2000)],
) -> HTMLResponse:
    """Open the site's gaming day with the people on duty (99-01.3-08-16.1)."""
    done = tenant_of(request).backoffice.open_day(actor, site, day, on_duty)
    return _day_page(request, actor, site, list(done.lines))


@router.post("/day/open-table")
def open_table(
    request: Request,
    actor: ActorDep,
    site: Annotated[str, Form(max_length=200)],
    table: Annotated[int, Form(ge=1, le=100_000)],
    dealer: Annotated[str, Form(max_length=200)],
    max_wager: Annotated[str, Form(max_length=40)],
    shoe: Annotated[str, Form(max_length=200)] = "",
) -> HTMLResponse:
    """Open a table (or its next dealer's shift) with its maximum wager (99-01.3-08-07)."""
    office = tenant_of(request).backoffice
    done = office.open_table(actor, site, table, dealer, max_wager, shoe.strip() or None)
    return _day_page(request, actor, site, list(done.lines))


@router.post("/day/end-shift")
def end_shift(
    request: Request,
    actor: ActorDep,
    site: Annotated[str, Form(max_length=200)],
    table: Annotated[int, Form(ge=1, le=100_000)],
    tray: Annotated[str, Form(max_length=400)] = "",
    escort: Annotated[str, Form(max_length=200)] = "",
    close: Annotated[str, Form(pattern="^(|yes)$")] = "",
) -> HTMLResponse:
    """End a table's shift: the tray counted, the drop box removed by the signed-in shift
    manager and escorted (99-01.3-08-14.1); the table closed too when asked."""
    done = tenant_of(request).backoffice.end_shift(
        actor, site, table, tray.strip() or None, escort.strip() or None, close == "yes"
    )
    return _day_page(request, actor, site, list(done.lines))


@router.post("/day/close")
def close_day(
    request: Request,
    actor: ActorDep,
    site: Annotated[str, Form(max_length=200)],
    cash_bank: Annotated[str, Form(max_length=40)],
    chip_bank: Annotated[str, Form(max_length=400)] = "",
) -> HTMLResponse:
    done = tenant_of(request).backoffice.close_day(actor, site, cash_bank, chip_bank)
    return _day_page(request, actor, site, list(done.lines))


@router.get("/reports/slips")
def slip_register(
    request: Request,
    actor: ActorDep,
    kind: Annotated[str, Query(max_length=10)] = "fill",
) -> HTMLResponse:
    """The fill or credit slip register: every number accounted for (-05.2)."""
    form = tenant_of(request).backoffice.slip_register(actor, kind)
    return render(
        request,
        "report.html",
        title="Slip register",
        action="/reports/slips",
        fields=(("kind", "Series (fill or credit)", kind, "fill"),),
        form=form,
        plot=None,
        download=f"/reports/slips/download?kind={quote(kind)}",
    )


@router.get("/reports/slips/download")
def slip_register_download(
    request: Request,
    actor: ActorDep,
    kind: Annotated[str, Query(max_length=10)] = "fill",
    format: Annotated[str, Query(max_length=10)] = "pdf",
) -> Response:
    if kind not in ("fill", "credit"):
        raise InvalidInput(f"slips are fill or credit, got {kind!r}")
    return _download(request, actor, kind, format)


@router.get("/slips/print")
def slip_print(
    request: Request,
    actor: ActorDep,
    kind: Annotated[str, Query(max_length=10)],
    number: Annotated[int, Query(ge=1, le=2**31 - 1)],
) -> Response:
    """A completed slip's two-part form as a PDF to print (-05.2, -05.3)."""
    file = tenant_of(request).backoffice.slip_pdf(actor, kind, number)
    return file_response(file, inline=True)
