"""The web server: ``create_app(settings)`` builds the FastAPI application of one process.

Pages (``web.pages``, Jinja2 templates and htmx served from ``web/static``, no CDN) and the JSON
API under ``/api`` (``web.api``, OpenAPI at ``/docs``) call the service layer only. Every
request is authorized on the server (``service.people.authz``) and every state-changing one is
checked for its CSRF token first (``web.security.csrf_guard``). A refusal is one line: 401 to
sign in, 403 with the rule's section (``{"detail": ..., "section": ...}`` from the API, a page
for a browser), 422 for input that cannot be read; nothing is changed by any of them.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from starlette.concurrency import run_in_threadpool

from croupier import __version__
from croupier.core.errors import CroupierError, InvalidInput, NotFound, RuleViolation
from croupier.core.money import format_money
from croupier.service.server.webserver import is_sqlite, open_server
from croupier.service.tables.fanout import Notice, PostgresFanout
from croupier.service.tournaments.live import Refused
from croupier.web import (
    api,
    api_office,
    api_tables,
    api_tournaments,
    pages,
    pages_entries,
    pages_factor,
    pages_office,
    pages_tables,
    pages_tournaments,
)
from croupier.web.console_cache import Places
from croupier.web.headers import SecurityHeaders
from croupier.web.limits import BodyLimit
from croupier.web.security import (
    CSRF_SECTION,
    CsrfRefused,
    MustChangePassword,
    MustSetUpSecondFactor,
    NotSignedIn,
    csrf_guard,
    is_api,
    session_of,
)
from croupier.web.settings import WebSettings, from_environment

HERE = Path(__file__).parent
log = logging.getLogger(__name__)

TEMPLATES = Jinja2Templates(directory=str(HERE / "templates"))
TEMPLATES.env.filters["dollars"] = format_money
"""Money is cents inside and dollars on every page: ``{{ net|dollars }}``."""
TEMPLATES.env.auto_reload = False
"""The templates are part of the installed package: read once, not checked on every page."""
TEMPLATES.env.globals["place"] = Places(TEMPLATES.env)
"""A console's places, each drawn once (``web.console_cache``)."""


def _scripted(href: str) -> bool:
    """A page that runs its own script (a live table, the pit): a link to it loads it whole,
    never by htmx's boosted swap, which runs no script of the page (``allowScriptTags`` off)."""
    return href == "/pit" or (href.startswith("/tables/") and href.count("/") == 2)


TEMPLATES.env.tests["scripted"] = _scripted
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "frame-ancestors 'none'; form-action 'self'; base-uri 'none'; object-src 'none'"
)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def create_app(settings: WebSettings | None = None) -> FastAPI:
    """The application of one server process over the settings' database and organization."""
    settings = settings if settings is not None else WebSettings()
    server = open_server(
        settings.database_url,
        settings.org_id,
        clock=settings.clock,
        rng=settings.rng,
        config=settings.accounts,
        tables_rng=settings.tables_rng,
        rules_dir=settings.rules_dir,
    )

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # Several workers (or machines) on one PostgreSQL database: a table's commands on one
        # tell the others through LISTEN/NOTIFY, whose sockets then read the new events.
        fanout = None if is_sqlite(settings.database_url) else PostgresFanout(settings.database_url)
        follower: asyncio.Task[None] | None = None
        if fanout is not None:
            await fanout.start()
            loop = asyncio.get_running_loop()

            def publish(notice: Notice) -> None:
                asyncio.run_coroutine_threadsafe(fanout.publish(notice), loop)

            server.set_publish(publish)

            async def follow() -> None:  # every organization's tables, one listener
                async for notice in fanout.subscribe():
                    # the desk's lock, the store's reads and the views: in a worker thread;
                    # a notice that fails (a database blip) costs that notice, not the listener
                    try:
                        await run_in_threadpool(server.catch_up, notice.stream)
                    except Exception:
                        log.exception("catching up on %s failed", notice.stream)

            follower = asyncio.create_task(follow())
        yield
        if follower is not None:
            follower.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await follower
        if fanout is not None:
            await fanout.close()
        server.close()

    app = FastAPI(
        title="croupier",
        version=__version__,
        description=(
            "The back office of a charitable gaming organization (N.D. Admin. Code 99-01.3). "
            "Sign in with POST /api/login; send the returned csrf_token in the X-CSRF-Token "
            "header of every POST. Amounts are dollars. A refusal is 401 (sign in), 403 "
            '({"detail": ..., "section": ...}: the rule that forbids it) or 422.'
        ),
        docs_url=None,
        redoc_url=None,
        lifespan=lifespan,
        dependencies=[Depends(csrf_guard)],
    )
    app.state.server = server
    server.serve_requests()
    app.state.settings = settings
    app.state.templates = TEMPLATES
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    app.include_router(api.router)
    app.include_router(api_tables.router)
    app.include_router(api_office.router)
    app.include_router(api_tournaments.router)
    app.include_router(pages.router)
    app.include_router(pages_factor.router)
    app.include_router(pages_entries.router)
    app.include_router(pages_tables.router)
    app.include_router(pages_office.router)
    app.include_router(pages_tournaments.router)

    @app.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url="/openapi.json",
            title="croupier API",
            swagger_js_url="/static/swagger-ui/swagger-ui-bundle.js",
            swagger_css_url="/static/swagger-ui/swagger-ui.css",
            swagger_favicon_url="/static/favicon.svg",
        )

    _handlers(app)
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    app.add_middleware(SecurityHeaders, csp=CSP)  # outermost: the 413 above carries them too
    return app


SERVER_GC = (20_000, 20, 20)
"""The cyclic collector's thresholds in a server worker, after ``gc.freeze``. With CPython's
defaults, 20 physical tables dealt flat out (``croupier bench serve --mode physical``) ran about
eleven full collections in fifteen seconds, each walking every module, template and cache of the
process: 1.4-1.5 s of collections in all, single pauses of 140 ms that every table's command in
flight waited for (issue 27's 99th percentile). With the start-up heap frozen and a young
collection every 20,000 new objects, the same runs collected 8-9 times, 65-84 ms in all, the
longest pause 24 ms (docs/bench-serve.md)."""


def create_app_from_environment() -> FastAPI:
    """The application ``croupier serve`` starts in each worker (``uvicorn --factory``), with
    the collection policy of a long-running server (``SERVER_GC``)."""
    app = create_app(from_environment())
    gc.collect()  # what start-up left as garbage is freed, not frozen with the rest
    gc.freeze()  # the modules, templates, rules and tenants made so far: never walked again
    gc.set_threshold(*SERVER_GC)
    return app


def _refusal(request: Request, status: int, detail: str, section: str | None) -> Response:
    if is_api(request):
        body: dict[str, str] = {"detail": detail}
        if section is not None:
            body["section"] = section
        return JSONResponse(body, status_code=status)
    return pages.error_page(request, status, detail, section)


def _handlers(app: FastAPI) -> None:
    # A handler that may draw a page (the refusals, the errors) is a plain function, which
    # Starlette runs in a worker thread: the page reads the books, the organization and the
    # session from the database, never on the event loop. The redirects are coroutines.
    @app.exception_handler(NotSignedIn)
    async def not_signed_in(request: Request, _exc: NotSignedIn) -> Response:
        if is_api(request):
            return JSONResponse(
                {"detail": "sign in first (POST /api/login)"},
                status_code=401,
                headers={"WWW-Authenticate": 'Cookie realm="croupier"'},
            )
        return RedirectResponse("/login", status_code=303)

    @app.exception_handler(MustChangePassword)
    async def stale_password(request: Request, _exc: MustChangePassword) -> Response:
        if is_api(request):
            return JSONResponse(
                {
                    "detail": "change your one-time password first (POST /api/password)",
                    "section": "first sign-in (docs/web.md)",
                },
                status_code=403,
            )
        return RedirectResponse("/password", status_code=303)

    @app.exception_handler(MustSetUpSecondFactor)
    async def factor_due(request: Request, _exc: MustSetUpSecondFactor) -> Response:
        if is_api(request):
            return JSONResponse(
                {
                    "detail": "this account signs in with a second factor: set it up first "
                    "(the page /second-factor)",
                    "section": "second factor (docs/web.md)",
                },
                status_code=403,
            )
        return RedirectResponse("/second-factor", status_code=303)

    @app.exception_handler(CsrfRefused)
    def csrf(request: Request, _exc: CsrfRefused) -> Response:
        return _refusal(
            request,
            403,
            "missing or wrong CSRF token: reload the page and try again; nothing was changed",
            CSRF_SECTION,
        )

    @app.exception_handler(Refused)
    def refused_now(request: Request, exc: Refused) -> Response:
        # a tournament's rules refuse the command in its present state: a conflict
        return _refusal(request, 409, _one_line(exc.detail), exc.section)

    @app.exception_handler(RuleViolation)
    def refused(request: Request, exc: RuleViolation) -> Response:
        return _refusal(request, 403, _one_line(exc.detail), exc.section)

    @app.exception_handler(NotFound)
    def not_found(request: Request, exc: NotFound) -> Response:
        return _refusal(request, 404, _one_line(str(exc)), None)

    @app.exception_handler(InvalidInput)
    def invalid(request: Request, exc: InvalidInput) -> Response:
        return _refusal(request, 422, _one_line(str(exc)), None)

    @app.exception_handler(CroupierError)
    def other(request: Request, exc: CroupierError) -> Response:
        return _refusal(request, 422, _one_line(str(exc)), None)

    @app.exception_handler(RequestValidationError)
    def unreadable(request: Request, exc: RequestValidationError) -> Response:
        problems = []
        for err in exc.errors():
            where = ".".join(str(x) for x in err.get("loc", ()) if x not in ("body", "query"))
            problems.append(f"{where}: {err.get('msg', 'invalid')}" if where else err["msg"])
        detail = "; ".join(problems) or "the request could not be read"
        if is_api(request):
            return JSONResponse({"detail": detail}, status_code=422)
        if session_of(request) is None:
            return RedirectResponse("/login", status_code=303)
        return pages.error_page(request, 422, detail, None)

    @app.exception_handler(Exception)
    def internal(request: Request, exc: Exception) -> Response:
        detail = f"internal error ({type(exc).__name__}); please report"
        if is_api(request):
            return JSONResponse({"detail": detail}, status_code=500)
        return pages.error_page(request, 500, detail, None)
