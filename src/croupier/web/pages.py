"""The browser's pages: sign in and out, the password, a home page per role, the books status
of a site (with the chip bank's redemptions), the fill and credit slip flow, the hash-chain
check, the daily report and accounts; the layout (``render``) and the refusal page every page
module shares. The live tables' pages are in ``web.pages_tables``, the other records and the
day's count and close in ``web.pages_office``.

Server-rendered (Jinja2) with htmx for in-place updates; every form carries the session's CSRF
token and works without JavaScript too. What a page offers comes from the policy
(``service.authz.decide``) and every action is authorized again on the server when it arrives.
"""

from __future__ import annotations

import hmac
from typing import Annotated, Any

from fastapi import APIRouter, Form, Path, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates

from croupier.core.errors import CroupierError, InvalidInput
from croupier.core.money import format_money
from croupier.core.names import ascii_digits
from croupier.service.office.backoffice import Download, Draft, actor_of
from croupier.service.people.accounts import (
    ROLES,
    STATE_AUDITOR,
    CodeWanted,
    SignInRefused,
    random_token,
)
from croupier.service.people.authz import Action, Actor, SlipFacts, authorize, decide
from croupier.service.server.webserver import add_user
from croupier.web.security import (
    CODE_COOKIE,
    LOGIN_COOKIE,
    SESSION_COOKIE,
    ActorDep,
    AnySessionDep,
    DraftId,
    SessionDep,
    client_address,
    server_of,
    session_of,
    set_session_cookie,
    tenant_of,
)

router = APIRouter(include_in_schema=False)


def file_response(file: Download, *, inline: bool = False) -> Response:
    """A file to download (or, ``inline``, to show in the browser: a slip to print)."""
    how = "inline" if inline else "attachment"
    return Response(
        file.data,
        media_type=file.media_type,
        headers={"Content-Disposition": f'{how}; filename="{file.filename}"'},
    )


NAV: tuple[tuple[Action, str, str], ...] = (
    (Action.HOME, "Home", "/"),
    (Action.VIEW_STATUS, "Sites", "/sites"),
    (Action.VIEW_TABLE, "Tables", "/tables"),
    (Action.VIEW_PIT, "Pit", "/pit"),
    (Action.VIEW_TOURNAMENTS, "Tournaments", "/tournaments"),
    (Action.VIEW_SLIPS, "Slips", "/slips"),
    (Action.VIEW_VERIFY, "Verify", "/verify"),
    (Action.CLOSE_DAY, "Count and close", "/day"),
    (Action.RECORD_COUNT, "Count", "/day"),
    (Action.OPEN_TABLE, "The day", "/day"),
    (Action.CAMERAS, "Cameras", "/cameras"),
    (Action.TABLE_ENTRIES, "Books entries", "/books"),
    (Action.BANK_ENTRIES, "Books entries", "/books"),
    (Action.SET_UP_BOOKS, "Books entries", "/books"),
    (Action.POKER_ENTRIES, "Books entries", "/books"),
    (Action.TICKET_ENTRIES, "Books entries", "/books"),
    (Action.TOURNAMENT21_ENTRIES, "Books entries", "/books"),
    (Action.VIEW_DAILY, "Daily report", "/reports/daily"),
    (Action.VIEW_SLIP_REGISTER, "Slip register", "/reports/slips"),
    (Action.VIEW_QUARTERLY, "Quarterly", "/reports/quarterly"),
    (Action.VIEW_HOLD, "Hold", "/reports/hold"),
    (Action.VIEW_ACCOUNTS, "Accounts", "/accounts"),
)


def _templates(request: Request) -> Jinja2Templates:
    found: Jinja2Templates = request.app.state.templates
    return found


def render(request: Request, name: str, http_status: int = 200, **context: Any) -> HTMLResponse:
    """A page in the site's layout: the signed-in person, the menu the policy allows, the
    CSRF token for its forms, the organization and the damaged-chain banner if any."""
    session = session_of(request)
    server = server_of(request)
    nav: list[tuple[str, str]] = []
    may: dict[str, bool] = {}
    due = session is not None and (
        session.account.must_change_password or server.accounts.factor_due(session.account)
    )
    if session is not None and not due:
        actor = actor_of(session.account)
        may = {a.name: decide(actor, a).allowed for a in Action}
        for action, label, href in NAV:  # one entry a page: the first the person may use
            if may[action.name] and all(href != h for _, h in nav):
                nav.append((label, href))
    org = None
    warning = None
    try:
        org = tenant_of(request).backoffice.organization()
        warning = tenant_of(request).backoffice.warning() if session is not None else None
    except CroupierError:
        org = None
    base = {
        "session": session,
        "account": session.account if session else None,
        "csrf": session.csrf if session else "",
        "nav": nav,
        "may": may,
        "org": org,
        "org_id": session.account.org_id if session is not None else None,
        "orgs": server.accounts.orgs_of(session.account.account_id) if session else [],
        "chain_warning": warning,
        "money": format_money,
    }
    return _templates(request).TemplateResponse(
        request, name, {**base, **context}, status_code=http_status
    )


def fragment(request: Request, name: str, **context: Any) -> str:
    """A part of a page (no layout), for a page's script to swap in: a table's console."""
    return _templates(request).get_template(name).render(**context)


def error_page(request: Request, status: int, detail: str, section: str | None) -> HTMLResponse:
    titles = {403: "Refused", 409: "Refused", 422: "Not understood", 500: "Internal error"}
    return render(
        request,
        "error.html",
        http_status=status,
        title=titles.get(status, "Error"),
        status_code=status,
        detail=detail,
        section=section,
    )


# -- signing in and out -------------------------------------------------------------------


def login_page(request: Request, error: str | None = None, status: int = 200) -> HTMLResponse:
    token = random_token(server_of(request).accounts.rng, 24)
    page = render(
        request, "login.html", http_status=status, title="Sign in", login_csrf=token, error=error
    )
    secure = request.app.state.settings.secure_cookie
    page.set_cookie(
        LOGIN_COOKIE, token, httponly=True, samesite="strict", secure=secure, max_age=3600
    )
    return page


@router.get("/login")
def login_form(request: Request) -> Response:
    if session_of(request) is not None:
        return RedirectResponse("/", status_code=303)
    return login_page(request)


@router.post("/login")
def login(
    request: Request,
    name: Annotated[str, Form(max_length=200)] = "",
    password: Annotated[str, Form(max_length=2048)] = "",
    login_csrf: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    expected = request.cookies.get(LOGIN_COOKIE, "")
    if not expected or not hmac.compare_digest(expected.encode(), login_csrf.encode()):
        return login_page(request, "the sign-in form expired; please try again", 403)
    server = server_of(request)
    try:
        signed = server.accounts.sign_in(name.strip(), password, client_address(request))
    except SignInRefused as exc:
        return login_page(request, str(exc), 429 if exc.locked else 401)
    if isinstance(signed, CodeWanted):  # the password was right: now the second factor
        return code_page(request, signed.token)
    return signed_in_response(request, signed.token, signed.session.account.must_change_password)


def code_page(
    request: Request, waiting: str | None, error: str | None = None, status: int = 200
) -> HTMLResponse:
    """The second step of a sign-in: the code. ``waiting``: a new waiting sign-in's token
    for its cookie (None: the cookie the browser holds stays)."""
    server = server_of(request)
    form = random_token(server.accounts.rng, 24)
    page = render(
        request,
        "login_code.html",
        http_status=status,
        title="Sign in: second factor",
        login_csrf=form,
        error=error,
    )
    secure = request.app.state.settings.secure_cookie
    page.set_cookie(
        LOGIN_COOKIE, form, httponly=True, samesite="strict", secure=secure, max_age=600
    )
    if waiting is not None:
        wait = int(server.accounts.config.code_wait.total_seconds())
        page.set_cookie(
            CODE_COOKIE, waiting, httponly=True, samesite="strict", secure=secure, max_age=wait
        )
    return page


def signed_in_response(request: Request, token: str, must_change: bool) -> Response:
    """After a sign-in: the session's cookie set, on to the password page or home."""
    response = RedirectResponse("/password" if must_change else "/", status_code=303)
    set_session_cookie(request, response, token)
    response.delete_cookie(LOGIN_COOKIE)
    return response


@router.post("/logout")
def logout(request: Request) -> Response:
    server_of(request).accounts.sign_out(request.cookies.get(SESSION_COOKIE))
    response = RedirectResponse("/login", status_code=303)
    response.delete_cookie(SESSION_COOKIE, path="/")
    return response


@router.post("/org")
def switch_org(
    request: Request, session: SessionDep, org: Annotated[str, Form(max_length=200)]
) -> Response:
    """Work in another organization the person belongs to (the switcher in every page's
    header): a new session identifier, then the home page of that organization."""
    token, _account = server_of(request).accounts.switch(session, org.strip())
    response = RedirectResponse("/", status_code=303)
    set_session_cookie(request, response, token)
    return response


@router.get("/password")
def password_form(request: Request, session: AnySessionDep) -> HTMLResponse:
    return render(request, "password.html", title="Change password")


@router.post("/password")
def change_password(
    request: Request,
    session: AnySessionDep,
    current: Annotated[str, Form(max_length=2048)] = "",
    new: Annotated[str, Form(max_length=2048)] = "",
    again: Annotated[str, Form(max_length=2048)] = "",
) -> Response:
    try:
        if new != again:
            raise InvalidInput("the new password and its repetition differ; nothing was changed")
        token = server_of(request).accounts.change_password(
            session.account, current, new, session.token_hash, client_address(request)
        )
    except (InvalidInput, SignInRefused) as exc:
        status = 429 if isinstance(exc, SignInRefused) else 422
        return render(
            request, "password.html", http_status=status, title="Change password", error=str(exc)
        )
    done = RedirectResponse("/?done=password", status_code=303)
    if token is not None:  # the session goes on under a new identifier (issue 29)
        set_session_cookie(request, done, token)
    return done


# -- home -----------------------------------------------------------------------------------


@router.get("/")
def home(request: Request, session: SessionDep, done: str | None = None) -> HTMLResponse:
    actor = actor_of(session.account)
    tenant = tenant_of(request)
    sites = tenant.backoffice.sites() if decide(actor, Action.VIEW_STATUS).allowed else []
    pending: list[Draft] = []
    if decide(actor, Action.VIEW_SLIPS).allowed:
        pending = tenant.backoffice.drafts(actor)
    message = "Your password was changed." if done == "password" else None
    from croupier.service.server.today import next_steps

    return render(
        request,
        "home.html",
        title="Home",
        sites=sites,
        pending=pending,
        message=message,
        can=_slip_rights(actor, pending),
        steps=next_steps(tenant, actor),
    )


# -- sites ----------------------------------------------------------------------------------


@router.get("/sites")
def sites(request: Request, actor: ActorDep) -> HTMLResponse:
    authorize(actor, Action.VIEW_STATUS)
    return render(request, "sites.html", title="Sites", sites=tenant_of(request).backoffice.sites())


@router.get("/sites/{site}")
def site_status(request: Request, actor: ActorDep, site: str) -> HTMLResponse:
    return _status_page(request, actor, site)


def _status_page(
    request: Request, actor: Actor, site: str, message: list[str] | None = None
) -> HTMLResponse:
    tenant = tenant_of(request)
    status = tenant.backoffice.status(actor, site)
    info = next((s for s in tenant.backoffice.sites() if s.site_id == site), None)
    return render(
        request,
        "status.html",
        title=f"Site {site}",
        site=site,
        info=info,
        status=status,
        message=message,
    )


@router.post("/sites/{site}/redeem")
def redeem(
    request: Request,
    actor: ActorDep,
    site: Annotated[str, Path(max_length=200)],
    chips: Annotated[str, Form(max_length=400)],
) -> HTMLResponse:
    done = tenant_of(request).backoffice.redeem(actor, site, chips)
    return _status_page(request, actor, site, list(done.lines))


@router.post("/sites/{site}/redeem-tips")
def redeem_tips(
    request: Request,
    actor: ActorDep,
    site: Annotated[str, Path(max_length=200)],
    dealer: Annotated[str, Form(max_length=200)],
) -> HTMLResponse:
    done = tenant_of(request).backoffice.redeem_tips(actor, site, dealer)
    return _status_page(request, actor, site, list(done.lines))


# -- slips ----------------------------------------------------------------------------------


def _slip_rights(actor: Actor, drafts: list[Draft]) -> dict[int, dict[str, bool]]:
    """For each draft: may the person verify it, may they void it (the policy's answer)."""
    out: dict[int, dict[str, bool]] = {}
    for d in drafts:
        facts = SlipFacts(d.preparer_account, d.preparer_employee)
        void = Action.VOID_FILL if d.kind.value == "fill" else Action.VOID_CREDIT
        out[d.draft_id] = {
            "verify": decide(actor, Action.VERIFY_SLIP, slip=facts).allowed,
            "void": decide(actor, void, slip=facts).allowed,
        }
    return out


def _slips_page(
    request: Request,
    actor: Actor,
    message: list[str] | None = None,
    error: str | None = None,
    status: int = 200,
    answering: int | None = None,
) -> HTMLResponse:
    tenant = tenant_of(request)
    pending = tenant.backoffice.drafts(actor)
    asks = tenant.backoffice.slip_asks(actor)
    chosen = next((a for a in asks if a.ask_id == answering), None)
    recent = [d for d in tenant.backoffice.drafts(actor, None) if d.status != "pending"][:20]
    return render(
        request,
        "slips.html",
        http_status=status,
        title="Fill and credit slips",
        pending=pending,
        recent=recent,
        can=_slip_rights(actor, pending),
        sites=tenant.backoffice.sites(),
        message=message,
        error=error,
        asks=asks,
        answering=chosen,
    )


@router.get("/slips")
def slips(
    request: Request,
    actor: ActorDep,
    ask: Annotated[int | None, Query(ge=1, le=2**31 - 1)] = None,
) -> HTMLResponse:
    """The slips awaiting verification, the asks of the tables' consoles and the forms;
    ``ask``: the prepare form filled in from that ask."""
    authorize(actor, Action.VIEW_SLIPS)
    return _slips_page(request, actor, answering=ask)


@router.post("/slips/prepare")
def prepare(
    request: Request,
    actor: ActorDep,
    kind: Annotated[str, Form(max_length=20)],
    site: Annotated[str, Form(max_length=200)],
    table: Annotated[int, Form(ge=0, le=100000)],
    chips: Annotated[str, Form(max_length=400)],
    cashier: Annotated[str, Form(max_length=200)] = "",
    jar_bar: Annotated[bool, Form()] = False,
    form: Annotated[str, Form(max_length=12)] = "",
    ask: Annotated[int | None, Form(ge=1, le=2**31 - 1)] = None,
) -> HTMLResponse:
    number = form.strip()
    if number and not ascii_digits(number):
        raise InvalidInput(f"a form number is a number printed on the form, not {number!r}")
    office = tenant_of(request).backoffice
    if ask is not None:
        office.ask_to_answer(ask, kind, site, table)  # refused before anything is prepared
    draft = office.prepare(
        actor,
        kind,
        site,
        table,
        chips,
        cashier or None,
        jar_bar,
        int(number) if number else None,
        answers=ask,
    )
    lines = [
        f"{draft.kind.value} slip prepared (draft {draft.draft_id}): table {draft.table}, "
        f"{draft.described}; it awaits verification by another person (99-01.3-08-05.5)"
    ]
    if ask is not None:
        lines.append(f"the ask of the table's console ({ask}) is answered by this slip")
    return _slips_page(request, actor, lines)


@router.post("/slips/{draft_id}/verify")
def verify_slip(request: Request, actor: ActorDep, draft_id: DraftId) -> HTMLResponse:
    done = tenant_of(request).backoffice.verify_slip(actor, draft_id)
    return _slips_page(request, actor, list(done.lines))


@router.post("/slips/{draft_id}/void")
def void_slip(request: Request, actor: ActorDep, draft_id: DraftId) -> HTMLResponse:
    done = tenant_of(request).backoffice.void_slip(actor, draft_id)
    return _slips_page(request, actor, list(done.lines))


@router.post("/slips/void-next")
def void_next(
    request: Request,
    actor: ActorDep,
    kind: Annotated[str, Form(max_length=20)],
    site: Annotated[str, Form(max_length=200)],
) -> HTMLResponse:
    done = tenant_of(request).backoffice.void_next(actor, kind, site)
    return _slips_page(request, actor, list(done.lines))


# -- verify and the daily report --------------------------------------------------------------


@router.get("/verify")
def verify(request: Request, actor: ActorDep) -> HTMLResponse:
    checks = tenant_of(request).backoffice.check_chains(actor)
    broken = [c for c in checks if c.broken_at is not None]
    return render(request, "verify.html", title="Hash chains", checks=checks, broken=broken)


@router.get("/reports/daily")
def daily(
    request: Request,
    actor: ActorDep,
    site: Annotated[str | None, Query(max_length=200)] = None,
    day: Annotated[str | None, Query(max_length=20)] = None,
) -> HTMLResponse:
    authorize(actor, Action.VIEW_DAILY)
    tenant = tenant_of(request)
    all_sites = tenant.backoffice.sites()
    chosen = site or (all_sites[0].site_id if all_sites else None)
    when = day or (tenant.backoffice.default_day(chosen) if chosen else None)
    form = None
    if chosen is not None and when is not None:
        form = tenant.backoffice.daily(actor, chosen, when)
    return render(
        request,
        "daily.html",
        title="Daily report",
        sites=all_sites,
        site=chosen,
        day=when,
        form=form,
    )


@router.get("/reports/daily/download")
def daily_download(
    request: Request,
    actor: ActorDep,
    site: Annotated[str, Query(max_length=200)],
    day: Annotated[str, Query(max_length=20)],
    format: Annotated[str, Query(max_length=10)] = "pdf",
) -> Response:
    file = tenant_of(request).backoffice.daily_file(actor, site, day, format)
    return file_response(file)


# -- accounts -------------------------------------------------------------------------------


def accounts_page(
    request: Request,
    actor: Actor,
    created: tuple[str, str] | None = None,
    error: str | None = None,
    message: str | None = None,
) -> HTMLResponse:
    authorize(actor, Action.VIEW_ACCOUNTS)
    server = server_of(request)
    return render(
        request,
        "accounts.html",
        http_status=422 if error else 200,
        title="Accounts",
        accounts=server.accounts.all(tenant_of(request).org_id),
        roles=[r for r in ROLES if r != STATE_AUDITOR],  # the operator's to grant
        created=created,
        error=error,
        message=message,
        due=server.accounts.factor_due,
        can_reset=decide(actor, Action.MANAGE_ACCOUNTS).allowed,
    )


@router.get("/accounts")
def accounts(request: Request, actor: ActorDep) -> HTMLResponse:
    return accounts_page(request, actor)


@router.post("/accounts")
def create_account(
    request: Request,
    session: SessionDep,
    name: Annotated[str, Form(max_length=200)],
    roles: Annotated[list[str], Form()],
    employee: Annotated[str, Form(max_length=200)] = "",
) -> HTMLResponse:
    actor = actor_of(session.account)
    authorize(actor, Action.MANAGE_ACCOUNTS)
    try:
        account, password = add_user(
            server_of(request),
            name.strip(),
            roles,
            employee or None,
            session.account.name,
            org=tenant_of(request).org_id,
        )
    except InvalidInput as exc:
        return accounts_page(request, actor, error=str(exc))
    return accounts_page(request, actor, created=(account.name, password))
