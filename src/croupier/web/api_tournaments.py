"""The tournaments' JSON API (issue 19; the pages in ``web.pages_tournaments`` do the same).

``GET /api/tournaments`` lists them; ``POST /api/tournaments`` creates one from a rules file of
the rules directory, TOML text or rules data; ``GET /api/tournaments/{id}`` is its state,
``.../schedule`` its posted schedule (JSON or PDF), ``.../records`` its registers (JSON or CSV);
``POST .../commands`` runs one command. A refusal is 403 (the person may not), 409 (the
tournament's rules refuse it now, with the section) or 422 (input that cannot be read), and
records nothing.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field

from croupier.core.errors import InvalidInput
from croupier.service.people.authz import Action, authorize
from croupier.service.tournaments.live import Done, rules_from_text
from croupier.web.bodies import Body
from croupier.web.security import ActorDep, tenant_of

router = APIRouter(prefix="/api/tournaments", tags=["tournaments"])

REFUSALS: dict[int | str, dict[str, Any]] = {
    401: {"description": "not signed in"},
    403: {"description": "refused: {detail, section} names the rule"},
    404: {"description": "no such tournament (or not your organization's)"},
    409: {"description": "the tournament's rules refuse it now: {detail, section}"},
    422: {"description": "input that cannot be read: {detail}"},
}
TournamentId = Annotated[
    str, Path(pattern=r"^[a-z0-9][a-z0-9-]{0,59}$", description="a tournament id")
]
Short = Annotated[str | None, Field(default=None, max_length=400)]


class DoneOut(BaseModel):
    tournament: str
    version: int = Field(description="the tournament stream's version after the command")
    lines: list[str] = Field(description="what was recorded, one line an event")


def _done(done: Done) -> DoneOut:
    return DoneOut(tournament=done.tournament_id, version=done.version, lines=done.lines)


class CreateIn(Body):
    id: str | None = Field(default=None, max_length=60, description="replaces the rules' id")
    rules: str | None = Field(default=None, max_length=200, description="a rules file's name")
    toml: str | None = Field(default=None, max_length=100_000, description="rules as TOML")
    data: dict[str, Any] | None = Field(default=None, description="rules as data")
    at: str | None = Field(default=None, max_length=40, description="YYYY-MM-DDTHH:MM")


class CommandIn(Body):
    command: str = Field(max_length=40, description="register, start, record_hand, ...")
    player: Short = None
    name: Short = None
    address: Short = None
    card: list[int] | str | None = Field(default=None, description="[table, seat]")
    receipt: Short = None
    to: Short = None
    table: int | None = Field(default=None, ge=1, le=100_000)
    absent: list[int] | str | None = None
    chips: dict[str, int] | str | None = Field(default=None, description="player -> chips")
    bets: dict[str, int] | str | None = None
    eliminated_by: dict[str, str] | str | None = Field(
        default=None, description="record_hand: busted -> winner; eliminate: the winner"
    )
    shares: dict[str, str] | str | None = Field(default=None, description="player -> dollars")
    tournament: Short = Field(default=None, description="a satellite's id")
    seat: int | None = Field(
        default=None, ge=1, le=99, description="player_returned, move_player: the seat"
    )
    place: int | None = Field(
        default=None, ge=1, le=100_000, description="award_prize: the place whose prize is paid"
    )
    fee: Short = Field(default=None, description="refund: the one fee refunded (entry, bounty)")
    reason: str | None = Field(
        default=None, max_length=400, description="remove_chips: why, as the director wrote it"
    )
    at: str | None = Field(default=None, max_length=40, description="YYYY-MM-DDTHH:MM")


@router.get("", responses=REFUSALS)
def tournaments(request: Request, actor: ActorDep) -> JSONResponse:
    """Every stored tournament: id, name, game, days, status and players."""
    authorize(actor, Action.VIEW_TOURNAMENTS)
    return JSONResponse(tenant_of(request).tournaments.listing())


@router.post("", status_code=201, responses=REFUSALS)
def create(request: Request, actor: ActorDep, body: CreateIn) -> DoneOut:
    """A new tournament (a gaming or shift manager): its rules checked, every problem at
    once; an id already stored is refused."""
    authorize(actor, Action.CREATE_TOURNAMENT)
    desk = tenant_of(request).tournaments
    given = [x for x in (body.rules, body.toml, body.data) if x]
    if len(given) != 1:
        raise InvalidInput("give the rules one way: rules (a file's name), toml or data")
    if body.data:
        data = body.data
    elif body.toml:
        data = rules_from_text(body.toml)
    else:
        data = desk.rules_file(str(body.rules))
    return _done(desk.create_as(actor, data, body.id, body.at))


@router.get("/{tournament_id}", responses=REFUSALS)
def tournament(request: Request, actor: ActorDep, tournament_id: TournamentId) -> JSONResponse:
    """Its state: parts, tables and seats, levels, chips, places, prizes (no address)."""
    authorize(actor, Action.VIEW_TOURNAMENTS)
    return JSONResponse(tenant_of(request).tournaments.view(tournament_id))


@router.get(
    "/{tournament_id}/schedule",
    responses={**REFUSALS, 200: {"content": {"application/json": {}, "application/pdf": {}}}},
)
def schedule(
    request: Request,
    actor: ActorDep,
    tournament_id: TournamentId,
    format: Annotated[str, Query(pattern="^(json|pdf)$")] = "json",
) -> Response:
    """The posted schedule (99-01.3-09-05.1; twenty-one 99-01.3-08-15)."""
    authorize(actor, Action.VIEW_TOURNAMENT_SCHEDULE)
    desk = tenant_of(request).tournaments
    if format == "pdf":
        return Response(desk.schedule_pdf(tournament_id), media_type="application/pdf")
    section, lines = desk.schedule(tournament_id)
    return JSONResponse({"section": section, "lines": lines})


@router.get(
    "/{tournament_id}/records",
    responses={**REFUSALS, 200: {"content": {"application/json": {}, "text/csv": {}}}},
)
def records(
    request: Request,
    actor: ActorDep,
    tournament_id: TournamentId,
    register: Annotated[str | None, Query(pattern="^(fees|prizes|receipts|win)$")] = None,
    format: Annotated[str, Query(pattern="^(json|csv)$")] = "json",
) -> Response:
    """The fee register, prize register, buy-in receipts and record of win (rows, the header
    first); CSV one register at a time."""
    authorize(actor, Action.VIEW_TOURNAMENT_RECORDS)
    desk = tenant_of(request).tournaments
    if format == "csv":
        if register is None:
            raise InvalidInput("name the register for CSV: fees, prizes, receipts or win")
        return Response(desk.register_csv(tournament_id, register), media_type="text/csv")
    found = desk.records(tournament_id)
    return JSONResponse(found if register is None else {register: found[register]})


@router.post("/{tournament_id}/commands", responses=REFUSALS)
def command(
    request: Request, actor: ActorDep, tournament_id: TournamentId, body: CommandIn
) -> DoneOut:
    """One command. A fee (register, rebuy, add-on, refund) by a cashier or a gaming or shift
    manager, recorded as its collector; every other command by a gaming or shift manager."""
    args = body.model_dump(exclude={"command", "at"}, exclude_none=True)
    desk = tenant_of(request).tournaments
    return _done(desk.do_as(actor, tournament_id, body.command, args, body.at))


class PostIn(Body):
    site: str | None = Field(default=None, max_length=60, description="twenty-one: the site")
    occasion: str | None = Field(default=None, max_length=60, description="poker: the occasion")
    utc_offset: str | None = Field(
        default=None, max_length=6, description="of the tournament's times (default: the server's)"
    )


class PostedOut(BaseModel):
    lines: list[str] = Field(description="what the books recorded")


@router.post("/{tournament_id}/books", responses=REFUSALS)
def post_to_books(
    request: Request, actor: ActorDep, tournament_id: TournamentId, body: PostIn
) -> PostedOut:
    """A finished tournament's fees and prizes recorded in the books, once, all or nothing (a
    gaming manager): poker under an occasion (99-01.3-09-07), twenty-one at a site in its open
    gaming day (99-01.3-08-16.1.e, f)."""
    tenant = tenant_of(request)
    done = tenant.backoffice.post_tournament(
        actor,
        tenant.tournaments.load(tournament_id),
        body.site,
        body.occasion,
        body.utc_offset,
    )
    return PostedOut(lines=list(done.lines))
