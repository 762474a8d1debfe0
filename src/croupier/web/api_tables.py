"""The live tables' JSON API and WebSocket (``service.tables.desk``).

A table is run by staff and played by players, each seeing it as the rules let them
(``GET /api/tables/{table}``: the view and the actions offered to this person now). An action is
chosen by its number among those offered, with the table's version (``POST .../choose``); a
version that moved on is a 409 and nothing is done. Updates come over
``/api/tables/{table}/ws`` (``?after=N`` resumes after version N): one JSON message per change,
the redacted events and the view as this person may see them. The table's page asks
``?render=console``: each message is then the console as the server renders it (``version`` and
``html``), so a browser shows a change without asking for it again.

Refusals: 403 with the section when a rule refuses (``{"detail", "section"}``), 409 when the
table moved on, 422 for input that cannot be read.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

from fastapi import APIRouter, Path, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from croupier.core.errors import CroupierError, InvalidInput
from croupier.core.events import JSON
from croupier.service.office.backoffice import MAX_TABLE_NUMBER, actor_of
from croupier.service.people.authz import Forbidden
from croupier.service.tables.console import Console
from croupier.service.tables.desk import TablesDesk, describe_result
from croupier.service.tables.live import CommandResult
from croupier.web.bodies import Body
from croupier.web.postbox import postbox
from croupier.web.security import SESSION_COOKIE, ActorDep, tenant_of

router = APIRouter(prefix="/api/tables", tags=["live tables"])

TableId = Annotated[
    str, Path(pattern=r"^[a-z0-9][a-z0-9-]{0,39}$", description="a live table's id")
]
RESPONSES: dict[int | str, dict[str, Any]] = {
    401: {"description": "not signed in"},
    403: {"description": "refused: {detail, section} names the rule"},
    404: {"description": "no such live table or round (or not your organization's)"},
    409: {"description": "the table moved on: reload and choose again; nothing was done"},
    422: {"description": "input that cannot be read: {detail}"},
}


class OpenTable(Body):
    table: str = Field(pattern=r"^[a-z0-9][a-z0-9-]{0,39}$")
    game: str = Field(max_length=40)
    rules: str = Field(max_length=200, description="a rules file the server offers")
    mode: Literal["physical", "virtual"] = Field(
        "virtual",
        description="physical: each card and spin keyed as it happens at a real table; "
        "virtual: drawn by the server (training, demos)",
    )
    books_site: str | None = Field(
        None, max_length=200, description="the site of the books' table this physical table is"
    )
    books_table: int | None = Field(
        None,
        ge=1,
        le=MAX_TABLE_NUMBER,
        description="that table's number: its fills and credits asked for",
    )


class Keyed(Body):
    outcome: str = Field(
        min_length=1,
        max_length=20,
        description="a card as it leaves the shoe or deck (Ah, 10d), 'down' for a card dealt "
        "face down that nobody sees, the card(s) turned when a step is held for them (Ah Kd), "
        "'no' when the card reader shows no twenty-one, or a spin's section under the pointer "
        "with its revolutions (17 or 17/5)",
    )
    version: int | None = Field(
        None,
        ge=0,
        le=2**31 - 1,
        description="the table's version the card was keyed at: if it moved on, 409 and nothing "
        "is keyed (a retry is never recorded twice)",
    )


_RETRY_SAFE = (
    "the table's version the console showed: if it moved on, 409 and nothing is recorded (a "
    "retry after a lost answer is never recorded twice)"
)


class SeatWager(Body):
    seat: int = Field(ge=1, le=99)
    amount: str = Field(max_length=40, description="dollars, e.g. 25 or $12.50")
    player: str | None = Field(
        None, max_length=40, description="who sits there, if the seat is empty (else 'seat N')"
    )
    version: int | None = Field(None, ge=0, le=2**31 - 1, description=_RETRY_SAFE)
    unlawful: bool = Field(
        False,
        description="twenty-one: an amount the dealer accepted though the rules do not allow "
        "it (over the maximum, or fifty cents); -12.11's remedy then applies",
    )


class TakeSeat(Body):
    seat: int = Field(ge=1, le=99)


class Wager(Body):
    amount: str = Field(max_length=40, description="dollars, e.g. 25 or $12.50")
    version: int | None = Field(None, ge=0, le=2**31 - 1, description=_RETRY_SAFE)


class Choice(Body):
    option: int = Field(ge=0, le=100_000, description="the number of an offered action")
    version: int = Field(ge=0, le=2**31 - 1, description="the table's version it was offered at")
    values: dict[str, Annotated[str, Field(max_length=40)]] | None = Field(
        None,
        max_length=8,
        description="an entry's fields as typed (an amount in dollars, a count of chips, one "
        "of the offered choices, a name)",
    )


class CommandOut(BaseModel):
    accepted: bool
    version: int
    refusal: str | None = None
    section: str | None = None
    conflict: bool = False


def _desk(request: Request) -> TablesDesk:
    return tenant_of(request).tables


def _result(result: CommandResult) -> Any:
    body = describe_result(result)
    if result.accepted:
        return CommandOut(**body)
    if result.conflict:
        return JSONResponse({"detail": result.refusal, "conflict": True}, status_code=409)
    if result.section:
        return JSONResponse({"detail": result.refusal, "section": result.section}, status_code=403)
    return JSONResponse({"detail": result.refusal}, status_code=422)


@router.get("", responses=RESPONSES)
def tables(request: Request, actor: ActorDep) -> dict[str, Any]:
    """The open tables and the rules files a table may be opened with."""
    desk = _desk(request)
    return {"tables": desk.tables(), "rules": desk.rules_files()}


@router.post("", responses=RESPONSES, status_code=201)
def open_table(request: Request, actor: ActorDep, body: OpenTable) -> Any:
    return _result(
        tenant_of(request).open_live_table(
            actor, body.table, body.game, body.rules, body.mode, body.books_site, body.books_table
        )
    )


@router.get("/{table}", responses=RESPONSES)
def view(request: Request, actor: ActorDep, table: TableId) -> dict[str, Any]:
    """The table as this person may see it, with ``options``: the actions offered to them."""
    return _desk(request).view(actor, table)


@router.post("/{table}/seat", responses=RESPONSES)
def seat(request: Request, actor: ActorDep, table: TableId, body: TakeSeat) -> Any:
    return _result(_desk(request).seat(actor, table, body.seat))


@router.post("/{table}/unseat", responses=RESPONSES)
def unseat(request: Request, actor: ActorDep, table: TableId) -> Any:
    return _result(_desk(request).unseat(actor, table))


class SeatOf(Body):
    seat: int = Field(ge=1, le=99)
    version: int | None = Field(None, ge=0, le=2**31 - 1, description=_RETRY_SAFE)


@router.post("/{table}/dealer-unseat", responses=RESPONSES)
def dealer_unseat(request: Request, actor: ActorDep, table: TableId, body: SeatOf) -> Any:
    """At a physical table: the dealer empties a seat whose player left, between rounds
    (poker: the player takes the chips)."""
    return _result(_desk(request).dealer_unseat(actor, table, body.seat, body.version))


@router.post("/{table}/wager", responses=RESPONSES)
def wager(request: Request, actor: ActorDep, table: TableId, body: Wager) -> Any:
    return _result(_desk(request).wager(actor, table, body.amount, body.version))


@router.post("/{table}/deal", responses=RESPONSES)
def deal(request: Request, actor: ActorDep, table: TableId) -> Any:
    return _result(_desk(request).deal(actor, table))


@router.post("/{table}/chance", responses=RESPONSES)
def chance(request: Request, actor: ActorDep, table: TableId) -> Any:
    """Every chance move due now: cards from the shoe, a spin of the wheel."""
    return _result(_desk(request).chance(actor, table))


@router.post("/{table}/key", responses=RESPONSES)
def key(request: Request, actor: ActorDep, table: TableId, body: Keyed) -> Any:
    """At a physical table: the chance move that just happened, as the dealer keys it. One
    that cannot be (a card the shoe no longer holds, a section the wheel lacks) is 403 with
    its section; nothing changes."""
    return _result(_desk(request).key(actor, table, body.outcome, body.version))


@router.post("/{table}/dealer-wager", responses=RESPONSES)
def dealer_wager(request: Request, actor: ActorDep, table: TableId, body: SeatWager) -> Any:
    """At a physical table: the dealer keys a seat's wager (players need no account there),
    seating the named player, or ``seat N``, if the seat is empty. Judged when made (limits,
    chips, spaces, with the section); a virtual table refuses it (its players wager)."""
    return _result(
        _desk(request).seat_wager(
            actor, table, body.seat, body.amount, body.player, body.version, body.unlawful
        )
    )


class AskOf(Body):
    kind: Literal["fill", "credit"]
    chips: str = Field(max_length=400, description="value x quantity, e.g. 5x20,1x50")


class AskOut(BaseModel):
    ask_id: int
    kind: str
    site: str
    table: int
    chips: str
    detail: str


@router.post("/{table}/ask", responses=RESPONSES)
def ask(request: Request, actor: ActorDep, table: TableId, body: AskOf) -> AskOut:
    """From a physical table linked to a table of the books: ask the chip bank for a fill or a
    credit. The ask waits on the slips page until a slip is prepared from it (99-01.3-08-05.3);
    it records nothing in the books itself."""

    made = tenant_of(request).ask_slip(actor, table, body.kind, body.chips)
    return AskOut(
        ask_id=made.ask_id,
        kind=made.kind,
        site=made.site,
        table=made.table,
        chips=made.chips,
        detail=f"{made.kind} of {made.described} asked for {made.site} table {made.table}: "
        "it waits at the chip bank (the slips page)",
    )


class FeeOf(Body):
    seat: int = Field(ge=1, le=99)
    version: int | None = Field(None, ge=0, le=2**31 - 1, description=_RETRY_SAFE)


@router.post("/{table}/fee", responses=RESPONSES)
def fee(request: Request, actor: ActorDep, table: TableId, body: FeeOf) -> Any:
    """At a poker table: the fee of the player at ``seat`` for their next half hour of play,
    collected in advance (99-01.3-09-03.3); a physical table deals no hand to a seat whose
    half hour now playing is unpaid."""
    return _result(_desk(request).collect_fee(actor, table, body.seat, body.version))


@router.post("/{table}/choose", responses=RESPONSES)
def choose(request: Request, actor: ActorDep, table: TableId, body: Choice) -> Any:
    desk = _desk(request)
    return _result(desk.choose(actor, table, body.option, body.version, body.values))


@router.post("/{table}/settle", responses=RESPONSES)
def settle(request: Request, actor: ActorDep, table: TableId) -> Any:
    return _result(_desk(request).settle(actor, table))


@router.post("/{table}/close", responses=RESPONSES)
def close_table(request: Request, actor: ActorDep, table: TableId) -> Any:
    return _result(_desk(request).close_table(actor, table))


@router.get("/{table}/rounds", responses=RESPONSES)
def rounds(request: Request, actor: ActorDep, table: TableId) -> dict[str, Any]:
    """Every round of the table: when it was dealt and settled, by whom, and each party's net
    as paid (cents), to find a disputed round by table and time."""
    return {"table": table, "rounds": _desk(request).rounds(actor, table)}


@router.get("/{table}/rounds/{number}", responses=RESPONSES)
def round_file(
    request: Request,
    actor: ActorDep,
    table: TableId,
    number: Annotated[int, Path(ge=1, le=2**31 - 1)],
) -> JSONResponse:
    """A settled round as its round file (docs/round-files.md), its ``expect`` the settlement
    that was paid: ``croupier replay --check`` accepts it (99-01.3-08-11.17)."""
    data = _desk(request).export_round(actor, table, number)
    name = f"{table}-round-{number}.json"
    return JSONResponse(data, headers={"Content-Disposition": f'attachment; filename="{name}"'})


SESSION_RECHECK_SECONDS = 10.0
"""How long a table's socket goes on without looking up its session again (only when an update
is to go out): the longest it may stream after the session ended."""


def _same_origin(websocket: WebSocket) -> bool:
    """A browser's socket must come from a page of this server (no cross-site socket rides on
    the session cookie); a program that sends no Origin is let through to the session check."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc == websocket.headers.get("host", "")


@router.websocket("/{table}/ws")
async def updates(
    websocket: WebSocket,
    table: Annotated[str, Path(pattern=r"^[a-z0-9][a-z0-9-]{0,39}$")],
    after: Annotated[int | None, Query(ge=0, le=2**31 - 1)] = None,
    render: Literal["console"] | None = None,
) -> None:
    """One JSON message per change of the table, as this person may see it (with
    ``render=console``: the console's HTML as the page shows it)."""
    server = websocket.app.state.server
    # the session's look-up reads (and may write) the database: in a worker thread, as below
    session = await run_in_threadpool(
        server.accounts.session, websocket.cookies.get(SESSION_COOKIE)
    )
    if (
        not _same_origin(websocket)
        or session is None
        or session.account.must_change_password
        or server.accounts.factor_due(session.account)
    ):
        await websocket.close(code=1008)  # policy violation: sign in (from this site) first
        return
    actor = actor_of(session.account)
    assert session.account.org_id is not None  # a session works in an organization
    token, account = websocket.cookies.get(SESSION_COOKIE), session.account
    checked = time.monotonic()

    async def still_theirs() -> bool:
        """Whether the session this socket was opened in still stands, as it was: looked up
        again at most every ``SESSION_RECHECK_SECONDS`` when an update is to go out. Signing
        out, a new password, an account disabled, its roles or organization changed all end
        what the socket may show (found by a security audit: it went on streaming)."""
        nonlocal checked
        if time.monotonic() - checked < SESSION_RECHECK_SECONDS:
            return True
        again = await run_in_threadpool(server.accounts.session, token)
        checked = time.monotonic()
        return (
            again is not None
            and again.account.account_id == account.account_id
            and again.account.org_id == account.org_id
            and actor_of(again.account) == actor
            and not again.account.must_change_password
            and not again.account.disabled
        )

    # made in a worker thread the first time (it reads the organization), entered here
    tenant = await run_in_threadpool(server.tenant, session.account.org_id)
    desk: TablesDesk = tenant.enter().tables
    queue: asyncio.Queue[dict[str, JSON]] = asyncio.Queue()
    box = postbox()

    def deliver(update: dict[str, Any]) -> None:
        box.post(queue, update)

    pages = render == "console"
    templates = websocket.app.state.templates

    def rendered(c: Console) -> dict[str, JSON]:
        html = templates.get_template(f"console_{c.game}.html").render(c=c)
        return {"table": table, "version": c.version, "html": html}

    try:
        # the desk holds a thread lock and reads the store: never on the event loop itself
        sub = await run_in_threadpool(desk.subscribe, actor, table, deliver, after, pages)
    except (Forbidden, InvalidInput, CroupierError) as exc:
        await websocket.accept()
        await websocket.send_json({"error": str(exc)})
        await websocket.close(code=1008)
        return
    await websocket.accept()

    async def send() -> None:
        if pages:
            first = await run_in_threadpool(desk.console, actor, table)
            shown = first.version
            await websocket.send_json(rendered(first))
        else:
            view = await run_in_threadpool(desk.view, actor, table)
            shown = int(view["version"])
            await websocket.send_json({"view": view})
        while True:
            # the view in it is this person's, with the actions offered to them, and the
            # console built from it (``TablesDesk.subscribe``): nothing to read again
            update = await queue.get()
            if not await still_theirs():
                await websocket.close(code=1008)  # sign in again
                return
            if pages and int(update["version"]) <= shown:
                # queued before the first message was read, which already shows this console
                # (a program's socket keeps it: it carries the events a resume asked for)
                continue
            console = update.pop("console", None)
            await websocket.send_json(rendered(console) if pages and console else update)

    async def listen() -> None:
        # nothing is read from the browser; this notices it leaving (and a server shutting
        # down), which a socket only waiting for updates would not
        while (await websocket.receive())["type"] != "websocket.disconnect":
            pass

    tasks = {asyncio.create_task(send()), asyncio.create_task(listen())}
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect, Exception):
                await task
        await run_in_threadpool(desk.unsubscribe, sub)
        with contextlib.suppress(Exception):
            await websocket.close()
