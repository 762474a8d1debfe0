"""The second factor in the browser (issue 29): the code asked after a right password, the page
where a person sets up their authenticator and renews their recovery codes, and the owner's
reset of a lost one (``service.people.second_factor``)."""

from __future__ import annotations

import hmac
from typing import Annotated

from fastapi import APIRouter, Form, Path, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from croupier.core.errors import InvalidInput
from croupier.service.office.backoffice import actor_of
from croupier.service.people import second_factor as factor
from croupier.service.people.accounts import SignInRefused, csrf_token
from croupier.service.people.authz import Action, authorize
from croupier.web.pages import code_page, login_page, render, signed_in_response
from croupier.web.security import (
    CODE_COOKIE,
    LOGIN_COOKIE,
    SessionDep,
    SettingUpDep,
    client_address,
    server_of,
    set_session_cookie,
    tenant_of,
)

router = APIRouter(include_in_schema=False)


@router.post("/login/code")
def login_code(
    request: Request,
    code: Annotated[str, Form(max_length=64)] = "",
    login_csrf: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    expected = request.cookies.get(LOGIN_COOKIE, "")
    if not expected or not hmac.compare_digest(expected.encode(), login_csrf.encode()):
        return login_page(request, "the sign-in form expired; please sign in again", 403)
    accounts = server_of(request).accounts
    try:
        signed = accounts.finish_sign_in(
            request.cookies.get(CODE_COOKIE), code, client_address(request)
        )
    except SignInRefused as exc:
        if "sign in again" in str(exc):
            page = login_page(request, str(exc), 401)
            page.delete_cookie(CODE_COOKIE)
            return page
        return code_page(request, None, str(exc), 401)
    response = signed_in_response(
        request, signed.token, signed.session.account.must_change_password
    )
    response.delete_cookie(CODE_COOKIE)
    return response


def _factor_page(
    request: Request,
    session: SettingUpDep,
    *,
    codes: list[str] | None = None,
    error: str | None = None,
    new_token: str | None = None,
    status: int = 422,
) -> HTMLResponse:
    """The page; ``new_token``: the session's new identifier, whose CSRF token its forms carry."""
    accounts = server_of(request).accounts
    fresh = accounts.get(session.account.name, session.account.org_id)
    account = fresh if fresh is not None else session.account
    secret = None if account.second_factor else accounts.pending_secret(account)
    org = tenant_of(request).org_id
    return render(
        request,
        "second_factor.html",
        http_status=status if error else 200,
        title="Second factor",
        enrolled=account.second_factor,
        due=accounts.factor_due(account),
        secret=factor.grouped(secret) if secret else None,
        uri=factor.setup_uri(secret, account.name, org) if secret else None,
        left=accounts.recovery_codes_left(account) if account.second_factor else 0,
        codes=codes,
        error=error,
        **({"csrf": csrf_token(new_token)} if new_token else {}),
    )


@router.get("/second-factor")
def second_factor(request: Request, session: SettingUpDep) -> HTMLResponse:
    return _factor_page(request, session)


@router.post("/second-factor/start")
def second_factor_start(request: Request, session: SettingUpDep) -> Response:
    try:
        server_of(request).accounts.start_second_factor(session.account)
    except InvalidInput as exc:
        return _factor_page(request, session, error=str(exc))
    return RedirectResponse("/second-factor", status_code=303)


@router.post("/second-factor/confirm")
def second_factor_confirm(
    request: Request, session: SettingUpDep, code: Annotated[str, Form(max_length=64)] = ""
) -> Response:
    accounts = server_of(request).accounts
    try:
        # every other session of the account ends (``confirm_second_factor``)
        codes = accounts.confirm_second_factor(session.account, code, session.token_hash)
    except InvalidInput as exc:
        return _factor_page(request, session, error=str(exc))
    # the session's rights changed (it could only set this up): a new identifier (issue 29)
    token = accounts.rotate_session(session.account, session.token_hash)
    page = _factor_page(request, session, codes=codes, new_token=token)
    set_session_cookie(request, page, token)
    return page


@router.post("/second-factor/recovery-codes")
def second_factor_codes(
    request: Request, session: SessionDep, code: Annotated[str, Form(max_length=64)] = ""
) -> Response:
    try:
        codes = server_of(request).accounts.renew_recovery_codes(
            session.account, code, client_address(request)
        )
    except SignInRefused as exc:  # the sign-in throttle locked the name or address
        return _factor_page(request, session, error=str(exc), status=429)
    except InvalidInput as exc:
        return _factor_page(request, session, error=str(exc))
    return _factor_page(request, session, codes=codes)


@router.post("/accounts/{name}/second-factor/reset")
def second_factor_reset(
    request: Request,
    session: SessionDep,
    name: Annotated[str, Path(max_length=200)],
) -> Response:
    """The owner removes a person's lost second factor; they set up a new one next time."""
    authorize(actor_of(session.account), Action.MANAGE_ACCOUNTS)
    from croupier.web.pages import accounts_page

    try:
        accounts = server_of(request).accounts
        accounts.check_manageable(name, tenant_of(request).org_id)
        accounts.reset_second_factor(name, session.account.name)
    except InvalidInput as exc:
        return accounts_page(request, actor_of(session.account), error=str(exc))
    return accounts_page(
        request, actor_of(session.account), message=f"{name}'s second factor was reset"
    )
