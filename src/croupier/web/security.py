"""Sessions, CSRF and the signed-in person, for every request.

- The session cookie (``croupier_session``) holds a random token; the server keeps only its
  hash (``service.people.accounts``). It is ``HttpOnly``, ``SameSite=Lax``, ``Path=/`` and
  ``Secure`` unless the server runs on plain HTTP at a loopback address with the flag turned off.
- CSRF: a synchronizer token tied to the session (an HMAC of the session token, so nothing is
  stored). Every state-changing request (POST, PUT, PATCH, DELETE) of a signed-in browser must
  carry it, in the form field ``csrf_token`` or the ``X-CSRF-Token`` header (htmx sends the
  header, pages put the field in every form); ``csrf_guard`` runs before every route. Signing in
  has no session yet: the sign-in form is protected by a double-submit token (a random value in
  a ``croupier_login`` cookie and in the form), the JSON sign-in by its content type (a page of
  another site cannot send ``application/json`` here without a CORS preflight, which this server
  never grants).
"""

from __future__ import annotations

import hmac
from typing import Annotated

from fastapi import Depends, Path, Request, Response
from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection

from croupier.service.office.backoffice import actor_of
from croupier.service.people.accounts import Session
from croupier.service.people.authz import Actor
from croupier.service.server.webserver import Server, Tenant

DraftId = Annotated[int, Path(ge=1, le=2**31 - 1, description="a prepared slip's number")]
"""A prepared slip's id in a path: a database integer (a larger one is a 422, not a crash)."""


SESSION_COOKIE = "croupier_session"
LOGIN_COOKIE = "croupier_login"
CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
CODE_COOKIE = "croupier_code"
"""A sign-in whose password was right, waiting for its second factor's code (minutes)."""
SESSIONLESS = frozenset({"/login", "/login/code", "/api/login"})
CSRF_SECTION = "CSRF protection (docs/web.md)"


class NotSignedIn(Exception):
    """No live session: 401 for the API, the sign-in page for a browser."""


class MustChangePassword(Exception):
    """A generated password is still in use: it must be changed before anything else."""


class MustSetUpSecondFactor(Exception):
    """The account's role signs in with a second factor and it has none yet: it is set up
    before anything else (``service.people.second_factor``)."""


class CsrfRefused(Exception):
    """A state-changing request without the session's CSRF token."""


def is_api(request: Request) -> bool:
    return request.url.path.startswith("/api/")


def server_of(request: Request) -> Server:
    server: Server = request.app.state.server
    return server


def tenant_of(request: Request) -> Tenant:
    """The tenant of the signed-in session's organization: the only way a request reaches a
    back office, a live table or a tournament (issue 29). A request without a session gets
    the server's default organization's, which serves only what anyone may see (the sign-in
    page's heading); every route that does more is signed in first."""
    session = session_of(request)
    server = server_of(request)
    org = session.account.org_id if session is not None else None
    return server.tenant(org if org is not None else server.org_id).enter()


def session_of(request: Request) -> Session | None:
    """The live session of the request's cookie (looked up once per request)."""
    if not hasattr(request.state, "session"):
        token = request.cookies.get(SESSION_COOKIE)
        request.state.session = server_of(request).accounts.session(token)
    found: Session | None = request.state.session
    return found


async def looked_up_session(request: Request) -> Session | None:
    """``session_of`` for a coroutine. The first look-up of a request reads the database and
    now and then writes to it (an expired session deleted, when it was last seen), with a
    blocking driver that may wait for a lock: it runs in a worker thread, never on the event
    loop, where that wait would stall every socket and request of the worker. Later look-ups
    of the same request read what it kept."""
    if not hasattr(request.state, "session"):
        await run_in_threadpool(session_of, request)
    return session_of(request)


def client_address(request: Request) -> str:
    return request.client.host if request.client is not None else "unknown"


async def csrf_guard(connection: HTTPConnection) -> None:
    """Refuse a state-changing request of a signed-in browser without its CSRF token. (A
    WebSocket changes nothing and is checked for its origin instead: ``web.api_tables``.)"""
    if not isinstance(connection, Request):
        return
    request = connection
    if request.method not in UNSAFE or request.url.path in SESSIONLESS:
        return
    session = await looked_up_session(request)
    if session is None:
        return  # the route's sign-in check answers 401 (or the sign-in page)
    expected = session.csrf.encode()
    sent = request.headers.get(CSRF_HEADER)
    if sent is not None and hmac.compare_digest(sent.encode(), expected):
        return
    # else the form's own field: a page whose session was just given a new identifier (a
    # password or a second factor set) still carries the old token in its htmx header, while
    # each form it shows carries the new one
    content = request.headers.get("content-type", "")
    if content.startswith(("application/x-www-form-urlencoded", "multipart/form-data")):
        form = await request.form()
        value = form.get(CSRF_FIELD)
        if isinstance(value, str) and hmac.compare_digest(value.encode(), expected):
            return
    raise CsrfRefused()


# The dependencies below are coroutines: the session is looked up once per request, in a
# worker thread (``looked_up_session``), and every later dependency of the request reads it on
# the loop instead of hopping to a thread and back for each (docs/bench-serve.md).


async def _signed_in(
    request: Request, *, allow_stale_password: bool, allow_factor_due: bool
) -> Session:
    session = await looked_up_session(request)
    if session is None:
        raise NotSignedIn()
    if session.account.must_change_password and not allow_stale_password:
        raise MustChangePassword()
    if not allow_factor_due and server_of(request).accounts.factor_due(session.account):
        raise MustSetUpSecondFactor()
    return session


async def current_session(request: Request) -> Session:
    """The signed-in session, its password its own and its second factor set up if due."""
    return await _signed_in(request, allow_stale_password=False, allow_factor_due=False)


async def any_session(request: Request) -> Session:
    """The signed-in session, even one that must change its password (the password page)."""
    return await _signed_in(request, allow_stale_password=True, allow_factor_due=True)


async def setting_up_session(request: Request) -> Session:
    """The signed-in session whose password is its own, its second factor perhaps still due
    (the second factor's page)."""
    return await _signed_in(request, allow_stale_password=False, allow_factor_due=True)


async def current_actor(request: Request) -> Actor:
    return actor_of((await current_session(request)).account)


def set_session_cookie(request: Request, response: Response, token: str) -> None:
    """The session cookie: HttpOnly, SameSite=Lax, Secure (unless turned off for localhost)."""
    settings = request.app.state.settings
    response.set_cookie(
        SESSION_COOKIE,
        token,
        httponly=True,
        samesite="lax",
        secure=settings.secure_cookie,
        path="/",
        max_age=int(settings.accounts.session_lifetime.total_seconds()),
    )


SessionDep = Annotated[Session, Depends(current_session)]
AnySessionDep = Annotated[Session, Depends(any_session)]
SettingUpDep = Annotated[Session, Depends(setting_up_session)]
ActorDep = Annotated[Actor, Depends(current_actor)]
