"""The JSON API of the back office's records and day's work beyond the slips (the pages in
``web.pages`` do the same): the quarterly summary, percent-of-hold, the slip registers, a slip's
two-part form, the count, the daily close, the chip bank's redemptions.

Reports come as JSON (``format=json``: title, section, header, tables, notes, warning) or as CSV
or PDF files. A command answers with what the books recorded, one line an entry.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field

from croupier.service.office.backoffice import MAX_TABLE_NUMBER, Download, FormView, Recorded
from croupier.service.office.counting import CountView
from croupier.web.bodies import Body
from croupier.web.security import ActorDep, tenant_of

router = APIRouter(prefix="/api", tags=["back office"])

REFUSALS: dict[int | str, dict[str, Any]] = {
    401: {"description": "not signed in"},
    403: {"description": "refused: {detail, section} names the rule"},
    404: {"description": "no such count, slip, ask or entry (or not yours): {detail}"},
    422: {"description": "input that cannot be read, or refused by the books: {detail}"},
}
FILES: dict[int | str, dict[str, Any]] = {
    **REFUSALS,
    200: {"content": {"text/csv": {}, "application/pdf": {}, "application/json": {}}},
}
Format = Annotated[str, Query(pattern="^(json|csv|pdf)$")]
Site = Annotated[str, Path(max_length=200, description="a site id")]


class RecordedOut(BaseModel):
    lines: list[str] = Field(description="what the books recorded, one line an entry")


def _form(form: FormView) -> JSONResponse:
    return JSONResponse(
        {
            "title": form.title,
            "section": form.section,
            "header": [list(h) for h in form.header],
            "tables": [
                {"title": t.title, "columns": list(t.columns), "rows": [list(r) for r in t.rows]}
                for t in form.tables
            ],
            "notes": list(form.notes),
            "warning": form.warning,
        }
    )


def _file(file: Download, *, inline: bool = False) -> Response:
    how = "inline" if inline else "attachment"
    return Response(
        file.data,
        media_type=file.media_type,
        headers={"Content-Disposition": f'{how}; filename="{file.filename}"'},
    )


def _recorded(done: Recorded) -> RecordedOut:
    return RecordedOut(lines=list(done.lines))


@router.get("/reports/quarterly", responses=FILES)
def quarterly(
    request: Request,
    actor: ActorDep,
    quarter: Annotated[str, Query(max_length=10, description="2026Q1")],
    format: Format = "json",
) -> Response:
    """The quarterly summary and compliance findings (99-01.3-08-16.1.g)."""
    office = tenant_of(request).backoffice
    if format == "json":
        return _form(office.quarterly(actor, quarter))
    return _file(office.report_file(actor, "quarterly", format, quarter=quarter))


@router.get("/reports/hold", responses=FILES)
def hold(
    request: Request,
    actor: ActorDep,
    start: Annotated[str | None, Query(alias="from", max_length=20)] = None,
    end: Annotated[str | None, Query(alias="to", max_length=20)] = None,
    format: Format = "json",
) -> Response:
    """Percent-of-hold by dealer and wheel operator between two days (99-01.3-08-04.8); the
    PDF carries the weekly plot against the 10% and 15% lines."""
    office = tenant_of(request).backoffice
    if format == "json":
        form, _plot = office.hold(actor, start, end)
        return _form(form)
    return _file(office.report_file(actor, "hold", format, start=start, end=end))


@router.get("/reports/slips", responses=FILES)
def slip_register(
    request: Request,
    actor: ActorDep,
    kind: Annotated[str, Query(pattern="^(fill|credit)$")] = "fill",
    format: Format = "json",
) -> Response:
    """The fill or credit slip register: every number accounted for (99-01.3-08-05.2)."""
    office = tenant_of(request).backoffice
    if format == "json":
        return _form(office.slip_register(actor, kind))
    return _file(office.report_file(actor, kind, format))


@router.get(
    "/slip-forms",
    responses={**REFUSALS, 200: {"content": {"application/pdf": {}}}},
)
def slip_form(
    request: Request,
    actor: ActorDep,
    kind: Annotated[str, Query(pattern="^(fill|credit)$")],
    number: Annotated[int, Query(ge=1, le=2**31 - 1)],
) -> Response:
    """A completed slip's two-part form, to print (99-01.3-08-05.2, .3)."""
    return _file(tenant_of(request).backoffice.slip_pdf(actor, kind, number), inline=True)


class CountIn(Body):
    site: str = Field(max_length=200)
    day: str = Field(max_length=20, description="the gaming day of the shift, YYYY-MM-DD")
    table: int = Field(ge=0, le=MAX_TABLE_NUMBER)
    shift: int = Field(ge=1, le=1_000)
    partner: str = Field(max_length=200, description="the other member of the count team")
    amount: str = Field(max_length=40, description="your own count, dollars")
    key_holder: str | None = Field(default=None, max_length=200)
    fill_copies: str | None = Field(default=None, max_length=400)
    credit_originals: str | None = Field(default=None, max_length=400)


class AmountIn(Body):
    amount: str = Field(max_length=40, description="dollars")


class ResolutionIn(Body):
    amount: str = Field(max_length=40, description="the amount agreed, dollars")
    resolution: str = Field(max_length=400, description="how the difference was resolved")


class AgreeIn(Body):
    proposal: str = Field(
        max_length=600, description="the proposal agreed to, as the count shows it"
    )


class ReasonIn(Body):
    reason: str = Field(default="", max_length=400)


CountId = Annotated[int, Path(ge=1, le=2**31 - 1)]


@router.get("/counts", responses=REFUSALS)
def team_counts(request: Request, actor: ActorDep) -> list[CountView]:
    """The drop box counts you are a member of that are not finished (99-01.3-08-14.4)."""
    return tenant_of(request).backoffice.team_counts(actor)


@router.post("/counts", responses=REFUSALS)
def open_count(request: Request, actor: ActorDep, body: CountIn) -> CountView:
    """Open a drop box's count with your own count; it is recorded only when ``partner``, the
    other member, has entered theirs on their own session (99-01.3-08-14.2 to .4)."""
    view = tenant_of(request).backoffice.open_count(
        actor,
        body.site,
        body.day,
        body.table,
        body.shift,
        body.partner,
        body.amount,
        body.key_holder,
        body.fill_copies,
        body.credit_originals,
    )
    return view


@router.post("/counts/{count_id}/enter", responses=REFUSALS)
def enter_count(
    request: Request, actor: ActorDep, count_id: CountId, body: AmountIn
) -> CountView | RecordedOut:
    """Your own count of a count opened by the other member: equal, the books record it."""
    done = tenant_of(request).backoffice.enter_count(actor, count_id, body.amount)
    return _recorded(done) if isinstance(done, Recorded) else done


@router.post("/counts/{count_id}/propose", responses=REFUSALS)
def propose_resolution(
    request: Request, actor: ActorDep, count_id: CountId, body: ResolutionIn
) -> CountView:
    """Counts that differ: the amount agreed and how; the other member must agree."""
    office = tenant_of(request).backoffice
    return office.propose_resolution(actor, count_id, body.amount, body.resolution)


@router.post("/counts/{count_id}/agree", responses=REFUSALS)
def agree_resolution(
    request: Request, actor: ActorDep, count_id: CountId, body: AgreeIn
) -> RecordedOut:
    """Agree to the other member's resolution as read (``proposal``, as the count showed it):
    the books record the count; a proposal made again since is refused (read it again)."""
    office = tenant_of(request).backoffice
    return _recorded(office.agree_resolution(actor, count_id, body.proposal))


@router.post("/counts/{count_id}/record", responses=REFUSALS)
def record_count(request: Request, actor: ActorDep, count_id: CountId) -> RecordedOut:
    """Record equal counts whose recording was interrupted."""
    return _recorded(tenant_of(request).backoffice.record_count(actor, count_id))


@router.post("/counts/{count_id}/withdraw", responses=REFUSALS)
def withdraw_count(
    request: Request, actor: ActorDep, count_id: CountId, body: ReasonIn
) -> RecordedOut:
    """Withdraw a count that is not recorded (opened in error); the box awaits its count."""
    tenant_of(request).backoffice.withdraw_count(actor, count_id, body.reason)
    return RecordedOut(lines=[f"count {count_id} withdrawn"])


class CloseIn(Body):
    cash_bank: str = Field(max_length=40, description="the cash bank as counted, dollars")
    chip_bank: str = Field(
        default="", max_length=400, description="as counted (value x quantity); blank: as booked"
    )


@router.post("/sites/{site}/close", responses=REFUSALS)
def close_day(request: Request, actor: ActorDep, site: Site, body: CloseIn) -> RecordedOut:
    """Close the site's gaming day with the banks as counted (99-01.3-08-16.1.a)."""
    office = tenant_of(request).backoffice
    return _recorded(office.close_day(actor, site, body.cash_bank, body.chip_bank))


class CloseQuarterIn(Body):
    return_filed: bool = Field(
        default=False, description="the tax return was filed (not only the report produced)"
    )


@router.post("/quarters/{quarter}/close", responses=REFUSALS)
def close_quarter(
    request: Request,
    actor: ActorDep,
    quarter: Annotated[str, Path(max_length=10, description="2026Q1")],
    body: CloseQuarterIn,
) -> RecordedOut:
    """Close a quarter's records (99-01.3-08-16): a gaming manager, once the quarter is over,
    its days closed and its drop boxes counted; entries dated in it are refused afterwards."""
    office = tenant_of(request).backoffice
    return _recorded(office.close_quarter(actor, quarter, body.return_filed))


class OpeningIn(Body):
    cash_bank: str = Field(max_length=40, description="the cash bank, dollars")
    chip_bank: str = Field(default="", max_length=400, description="value x quantity")
    jar_bar: str = Field(default="", max_length=400, description="value x quantity")
    trays: list[Annotated[str, Field(max_length=420)]] = Field(
        default_factory=list, max_length=50, description="TABLE=CHIPS, e.g. 1=5x40,1x100"
    )
    outstanding: str = Field(
        default="", max_length=400, description="chips still with players (value x quantity)"
    )
    audited_by: str = Field(max_length=200, description="the auditor's employee id")


@router.post("/sites/{site}/opening-balances", responses=REFUSALS)
def opening_balances(request: Request, actor: ActorDep, site: Site, body: OpeningIn) -> RecordedOut:
    """A site's audited opening entry, once, before any activity (the books start mid-life)."""
    office = tenant_of(request).backoffice
    done = office.opening_balances(
        actor,
        site,
        body.cash_bank,
        body.chip_bank,
        body.jar_bar,
        body.trays,
        body.outstanding,
        body.audited_by,
    )
    return _recorded(done)


class RentIn(Body):
    table: int = Field(ge=1, le=MAX_TABLE_NUMBER)
    month: str = Field(max_length=7, description="YYYY-MM")
    amount: str = Field(max_length=40, description="dollars paid")


@router.post("/sites/{site}/rent", responses=REFUSALS)
def pay_rent(request: Request, actor: ActorDep, site: Site, body: RentIn) -> RecordedOut:
    """A month's rent paid for a table (99-01.3-08-01)."""
    office = tenant_of(request).backoffice
    return _recorded(office.pay_rent(actor, site, body.table, body.month, body.amount))


class RedeemIn(Body):
    chips: str = Field(max_length=400, description="value x quantity, e.g. 5x4,1x3")


class RedeemTipsIn(Body):
    dealer: str = Field(max_length=200)


@router.post("/sites/{site}/redemptions", responses=REFUSALS)
def redeem(request: Request, actor: ActorDep, site: Site, body: RedeemIn) -> RecordedOut:
    """The cashier redeems a player's chips for cash (99-01.3-08-06.2)."""
    return _recorded(tenant_of(request).backoffice.redeem(actor, site, body.chips))


@router.post("/sites/{site}/tip-redemptions", responses=REFUSALS)
def redeem_tips(request: Request, actor: ActorDep, site: Site, body: RedeemTipsIn) -> RecordedOut:
    """The cashier redeems a dealer's tips for cash (99-01.3-08-06.2)."""
    return _recorded(tenant_of(request).backoffice.redeem_tips(actor, site, body.dealer))
