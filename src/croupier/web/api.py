"""The JSON API under ``/api``: the same operations as the pages, for programs (OpenAPI at
``/docs``). Sign in with ``POST /api/login``; the session cookie comes back and the response
holds the ``csrf_token`` to send in the ``X-CSRF-Token`` header of every POST. Amounts and chip
values are dollars (``12.50``, ``$12.50``; chips ``5x40,1x100``)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field

from croupier.core.errors import InvalidInput
from croupier.core.money import format_money
from croupier.service.office.backoffice import MAX_TABLE_NUMBER, Draft, Recorded, actor_of
from croupier.service.people.accounts import Account, CodeWanted, SignInRefused, csrf_token
from croupier.service.people.authz import Action, allowed_actions, authorize
from croupier.service.server.webserver import add_user
from croupier.web.bodies import Body
from croupier.web.security import (
    SESSION_COOKIE,
    ActorDep,
    AnySessionDep,
    DraftId,
    SessionDep,
    client_address,
    server_of,
    set_session_cookie,
    tenant_of,
)

router = APIRouter(prefix="/api", tags=["api"])

REFUSALS: dict[int | str, dict[str, object]] = {
    401: {"description": "not signed in"},
    403: {"description": "refused: {detail, section} names the rule"},
    404: {"description": "no such thing here (or not your organization's): {detail}"},
    422: {"description": "input that cannot be read: {detail}"},
}


class Credentials(Body):
    name: str = Field(max_length=200)
    password: str = Field(max_length=2048)
    code: str | None = Field(default=None, max_length=64)
    """The authenticator's code (or a recovery code), for an account with a second factor."""


class PasswordChange(Body):
    current: str = Field(max_length=2048)
    new: str = Field(max_length=2048)


class Me(BaseModel):
    name: str
    org: str | None = Field(description="the organization the session works in")
    roles: list[str] = Field(description="the account's roles in that organization")
    employee_id: str | None
    must_change_password: bool
    csrf_token: str
    may: list[str] = Field(description="the actions of the policy this account may do")


class SlipRequest(Body):
    kind: str = Field(description="fill or credit", max_length=20)
    site: str = Field(max_length=200)
    table: int = Field(ge=0, le=MAX_TABLE_NUMBER)
    chips: str = Field(description="value x quantity, e.g. 5x40,1x100", max_length=400)
    cashier: str | None = Field(
        None,
        description="the chip bank cashier's employee id (default: the preparer, if a cashier)",
        max_length=200,
    )
    jar_bar: bool = False
    form: int | None = Field(
        None,
        ge=1,
        le=999_999_999,
        description="the number printed on the paper form, where the site uses pre-printed forms",
    )


class VoidRequest(Body):
    kind: str = Field(description="fill or credit", max_length=20)
    site: str = Field(max_length=200)
    form: int | None = Field(
        None, ge=1, le=999_999_999, description="the pre-printed form voided (its number)"
    )
    game: str | None = Field(
        None, max_length=4, description="the game of the form's series: 21 or PW"
    )


class SlipOut(BaseModel):
    draft_id: int
    kind: str
    site: str
    table: int
    chips: str
    total: str
    cashier: str
    jar_bar: bool
    preparer_account: str
    preparer_employee: str
    prepared_at: datetime
    status: str
    closed_by_account: str | None
    number: int | None
    form: int | None = None


class RecordedOut(BaseModel):
    recorded: list[str]
    number: int | None
    slip: SlipOut | None = None


class TableOut(BaseModel):
    number: int
    game: str
    open: bool
    dealer: str | None


class SiteOut(BaseModel):
    site_id: str
    name: str
    surveilled: bool
    open_day: str | None
    tables: list[TableOut]


class TrayOut(BaseModel):
    table: int
    tray: str
    drop_box: str


class StatusOut(BaseModel):
    site: str
    open_day: str | None
    cash_bank: str
    count_cash: str
    deposited: str
    chip_bank: str
    trays: list[TrayOut]
    warning: str | None


class StreamOut(BaseModel):
    stream: str
    events: int
    intact: bool
    broken_at: int | None
    kind: str
    detail: str


class AccountOut(BaseModel):
    name: str
    roles: list[str]
    employee_id: str | None
    disabled: bool
    must_change_password: bool


class NewAccount(Body):
    name: str = Field(max_length=200)
    roles: list[str] = Field(max_length=20)
    employee_id: str | None = Field(None, max_length=200)


class CreatedAccount(BaseModel):
    account: AccountOut
    password: str = Field(description="the one-time password, shown this once")


def _roles(account: Account) -> list[str]:
    return [r for r in account.roles_text.split(", ") if r]


def _me(account: Account, csrf: str) -> Me:
    return Me(
        name=account.name,
        org=account.org_id,
        roles=_roles(account),
        employee_id=account.employee_id,
        must_change_password=account.must_change_password,
        csrf_token=csrf,
        may=[a.value for a in allowed_actions(actor_of(account))],
    )


def _slip(d: Draft) -> SlipOut:
    return SlipOut(
        draft_id=d.draft_id,
        kind=d.kind.value,
        site=d.site,
        table=d.table,
        chips=d.described,
        total=d.total,
        cashier=d.cashier,
        jar_bar=d.jar_bar,
        preparer_account=d.preparer_account,
        preparer_employee=d.preparer_employee,
        prepared_at=d.prepared_at,
        status=d.status,
        closed_by_account=d.closed_by_account,
        number=d.number,
        form=d.form,
    )


def _recorded(done: Recorded) -> RecordedOut:
    return RecordedOut(
        recorded=list(done.lines),
        number=done.number,
        slip=_slip(done.draft) if done.draft is not None else None,
    )


def _account(a: Account) -> AccountOut:
    return AccountOut(
        name=a.name,
        roles=_roles(a),
        employee_id=a.employee_id,
        disabled=a.disabled,
        must_change_password=a.must_change_password,
    )


@router.post("/login", responses={401: {}, 429: {"description": "locked for a while"}})
def login(request: Request, body: Credentials) -> Response:
    """Sign in: sets the session cookie; the response holds the CSRF token for later POSTs.
    An account with a second factor sends its code in the same request (``code``)."""
    accounts = server_of(request).accounts
    address = client_address(request)
    try:
        signed = accounts.sign_in(body.name.strip(), body.password, address)
        if isinstance(signed, CodeWanted):
            if not body.code:
                return JSONResponse(
                    {
                        "detail": "this account signs in with a second factor: send the code "
                        'your authenticator shows (or a recovery code) as "code"',
                        "second_factor": True,
                    },
                    status_code=401,
                )
            signed = accounts.finish_sign_in(signed.token, body.code, address)
    except SignInRefused as exc:
        return JSONResponse({"detail": str(exc)}, status_code=429 if exc.locked else 401)
    response = JSONResponse(_me(signed.session.account, signed.session.csrf).model_dump())
    set_session_cookie(request, response, signed.token)
    return response


@router.post("/logout", responses=REFUSALS)
def logout(request: Request, session: AnySessionDep) -> Response:
    """End this session."""
    server_of(request).accounts.sign_out(request.cookies.get(SESSION_COOKIE))
    response = JSONResponse({"detail": "signed out"})
    response.delete_cookie(SESSION_COOKIE, path="/")
    return response


class OrgChoice(Body):
    org: str = Field(max_length=200, description="an organization the account belongs to")


@router.post("/org", responses=REFUSALS, response_model=Me)
def switch_org(request: Request, session: SessionDep, body: OrgChoice) -> JSONResponse:
    """Work in another organization the account belongs to: a new session identifier (a new
    cookie and CSRF token); its roles there from now on. Refused (422) for an organization
    it does not belong to, in the same words whether or not that organization exists."""
    token, account = server_of(request).accounts.switch(session, body.org.strip())
    response = JSONResponse(_me(account, csrf_token(token)).model_dump())
    set_session_cookie(request, response, token)
    return response


@router.get("/me", responses=REFUSALS)
def me(session: AnySessionDep) -> Me:
    """The signed-in account, its CSRF token and what the policy lets it do."""
    return _me(session.account, session.csrf)


@router.post(
    "/password",
    responses={**REFUSALS, 429: {"description": "locked for a while"}},
    response_model=Me,
)
def password(request: Request, session: AnySessionDep, body: PasswordChange) -> JSONResponse:
    """Change the signed-in account's password (required after a one-time password); the
    current password is checked under the sign-in throttle."""
    accounts = server_of(request).accounts
    try:
        token = accounts.change_password(
            session.account, body.current, body.new, session.token_hash, client_address(request)
        )
    except SignInRefused as exc:  # the throttle locked the name or address: a wait
        return JSONResponse({"detail": str(exc)}, status_code=429)
    assert token is not None
    changed = accounts.get(session.account.name, session.account.org_id)
    assert changed is not None
    me = _me(changed, csrf_token(token))  # a new session: a new cookie and CSRF token
    response = JSONResponse(me.model_dump())
    set_session_cookie(request, response, token)
    return response


@router.get("/sites", responses=REFUSALS)
def sites(request: Request, actor: ActorDep) -> list[SiteOut]:
    """The organization's sites and tables (who deals at each open table)."""
    authorize(actor, Action.VIEW_STATUS)
    return [
        SiteOut(
            site_id=s.site_id,
            name=s.name,
            surveilled=s.surveilled,
            open_day=s.open_day,
            tables=[
                TableOut(number=t.number, game=t.game, open=t.open, dealer=t.dealer)
                for t in s.tables
            ],
        )
        for s in tenant_of(request).backoffice.sites()
    ]


@router.get("/sites/{site}/status", responses=REFUSALS)
def status(request: Request, actor: ActorDep, site: str) -> StatusOut:
    """Where a site's cash and chips are now (``croupier books status``)."""
    st = tenant_of(request).backoffice.status(actor, site)
    return StatusOut(
        site=site,
        open_day=st.open_day,
        cash_bank=format_money(st.cash_bank),
        count_cash=format_money(st.count_cash),
        deposited=format_money(st.deposited),
        chip_bank=st.chip_bank,
        trays=[
            TrayOut(table=t.table, tray=t.tray, drop_box=format_money(t.drop_box)) for t in st.trays
        ],
        warning=st.warning,
    )


@router.get("/slips", responses=REFUSALS)
def slips(
    request: Request,
    actor: ActorDep,
    status: Annotated[str | None, Query(pattern="^(pending|issued|void|all)$")] = "pending",
) -> list[SlipOut]:
    """Prepared slips (by default those awaiting verification), newest first."""
    wanted = None if status == "all" else status
    return [_slip(d) for d in tenant_of(request).backoffice.drafts(actor, wanted)]


@router.post("/slips", responses=REFUSALS, status_code=201)
def prepare(request: Request, actor: ActorDep, body: SlipRequest) -> SlipOut:
    """Prepare a fill or credit slip as the signed-in person (99-01.3-08-05.3)."""
    draft = tenant_of(request).backoffice.prepare(
        actor, body.kind, body.site, body.table, body.chips, body.cashier, body.jar_bar, body.form
    )
    return _slip(draft)


@router.post("/slips/{draft_id}/verify", responses=REFUSALS)
def verify_slip(request: Request, actor: ActorDep, draft_id: DraftId) -> RecordedOut:
    """Verify a prepared slip (not its preparer: 99-01.3-08-05.5); the books record it."""
    return _recorded(tenant_of(request).backoffice.verify_slip(actor, draft_id))


@router.post("/slips/{draft_id}/void", responses=REFUSALS)
def void_slip(request: Request, actor: ActorDep, draft_id: DraftId) -> RecordedOut:
    """Void a prepared slip, as its preparer (99-01.3-08-05.2)."""
    return _recorded(tenant_of(request).backoffice.void_slip(actor, draft_id))


@router.post("/slips/void-next", responses=REFUSALS)
def void_next(request: Request, actor: ActorDep, body: VoidRequest) -> RecordedOut:
    """Void the next blank form of a series (a spoiled form), as a preparer (99-01.3-08-05.2)."""
    office = tenant_of(request).backoffice
    return _recorded(office.void_next(actor, body.kind, body.site, body.form, body.game))


@router.get("/verify", responses=REFUSALS)
def verify(request: Request, actor: ActorDep) -> list[StreamOut]:
    """Every event stream's hash chain (``croupier verify``)."""
    return [
        StreamOut(
            stream=c.stream,
            events=c.events,
            intact=c.broken_at is None,
            broken_at=c.broken_at,
            kind=c.kind,
            detail=c.detail,
        )
        for c in tenant_of(request).backoffice.check_chains(actor)
    ]


@router.get(
    "/reports/daily",
    responses={
        **REFUSALS,
        200: {"content": {"text/csv": {}, "application/pdf": {}, "application/json": {}}},
    },
)
def daily(
    request: Request,
    actor: ActorDep,
    site: Annotated[str, Query(max_length=200)],
    day: Annotated[str, Query(max_length=20, description="YYYY-MM-DD")],
    format: Annotated[str, Query(pattern="^(json|csv|pdf)$")] = "json",
) -> Response:
    """The daily summary of a site (99-01.3-08-16.1) as JSON, CSV or PDF."""
    backoffice = tenant_of(request).backoffice
    if format == "json":
        form = backoffice.daily(actor, site, day)
        return JSONResponse(
            {
                "title": form.title,
                "section": form.section,
                "header": [list(h) for h in form.header],
                "tables": [
                    {
                        "title": t.title,
                        "columns": list(t.columns),
                        "rows": [list(r) for r in t.rows],
                    }
                    for t in form.tables
                ],
                "notes": list(form.notes),
                "warning": form.warning,
            }
        )
    file = backoffice.daily_file(actor, site, day, format)
    return Response(
        file.data,
        media_type=file.media_type,
        headers={"Content-Disposition": f'attachment; filename="{file.filename}"'},
    )


@router.get("/accounts", responses=REFUSALS)
def accounts(request: Request, actor: ActorDep) -> list[AccountOut]:
    """Every account (the owner's)."""
    authorize(actor, Action.VIEW_ACCOUNTS)
    return [_account(a) for a in server_of(request).accounts.all(tenant_of(request).org_id)]


@router.post("/accounts", responses=REFUSALS, status_code=201)
def create_account(request: Request, session: SessionDep, body: NewAccount) -> CreatedAccount:
    """Create an account with a one-time password (the owner's)."""
    authorize(actor_of(session.account), Action.MANAGE_ACCOUNTS)
    if not body.roles:
        raise InvalidInput("an account needs a role")
    account, password = add_user(
        server_of(request),
        body.name.strip(),
        body.roles,
        body.employee_id,
        session.account.name,
        org=tenant_of(request).org_id,
    )
    return CreatedAccount(account=_account(account), password=password)
