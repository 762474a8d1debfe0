"""The tournaments' pages (issue 19): the list with a form to create one from a rules file of the
rules directory or pasted TOML; a tournament's page (its parts, tables and seats, levels, chips,
places and prizes; a form for every command; its fee register, prize register, buy-in receipts
and record of win, each also as CSV); its posted schedule as a printable page and a PDF.

Everything goes through ``service.tournaments.live`` (the JSON API does the same:
``web.api_tournaments``). A refused command is a page with its one-line reason and section:
403 when the person may not do it, 409 when the tournament's rules refuse it now, 422 when the
input cannot be read; nothing is recorded.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Path, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from croupier.core.errors import InvalidInput
from croupier.service.people.authz import Action, Actor, authorize, decide
from croupier.service.tournaments.live import rules_from_text
from croupier.service.tournaments.view import REGISTER_TITLES, REGISTERS
from croupier.web.pages import render
from croupier.web.security import ActorDep, tenant_of

router = APIRouter(include_in_schema=False)

TournamentId = Annotated[str, Path(pattern=r"^[a-z0-9][a-z0-9-]{0,59}$")]
Text = Annotated[str, Form(max_length=400)]


@router.get("/tournaments")
def tournaments_page(request: Request, actor: ActorDep) -> HTMLResponse:
    authorize(actor, Action.VIEW_TOURNAMENTS)
    desk = tenant_of(request).tournaments
    return render(
        request,
        "tournaments.html",
        title="Tournaments",
        tournaments=desk.listing(),
        rules=desk.rules_files(),
    )


@router.post("/tournaments")
def create_tournament(
    request: Request,
    actor: ActorDep,
    tournament_id: Annotated[str, Form(alias="id", max_length=60)] = "",
    rules: Annotated[str, Form(max_length=200)] = "",
    toml: Annotated[str, Form(max_length=100_000)] = "",
    at: Annotated[str, Form(max_length=40)] = "",
) -> Response:
    """A new tournament from a rules file of the rules directory or pasted TOML (a gaming or
    shift manager)."""
    authorize(actor, Action.CREATE_TOURNAMENT)
    desk = tenant_of(request).tournaments
    if toml.strip():
        data = rules_from_text(toml)
    elif rules.strip():
        data = desk.rules_file(rules.strip())
    else:
        raise InvalidInput("choose a rules file or paste the rules")
    done = desk.create_as(actor, data, tournament_id.strip() or None, at or None)
    return RedirectResponse(f"/tournaments/{done.tournament_id}", status_code=303)


def tournament_page(
    request: Request, actor: Actor, tournament_id: str, message: list[str] | None = None
) -> HTMLResponse:
    authorize(actor, Action.VIEW_TOURNAMENTS)
    desk = tenant_of(request).tournaments
    view = desk.view(tournament_id)
    records = None
    if decide(actor, Action.VIEW_TOURNAMENT_RECORDS).allowed:
        records = desk.records(tournament_id)
    parts = view["parts"] if isinstance(view["parts"], list) else []
    return render(
        request,
        "tournament.html",
        title=f"Tournament {view['name']}",
        view=view,
        parts=parts,
        satellites=[p["id"] for p in parts if isinstance(p, dict) and p["satellite"]],
        records=records,
        register_titles=REGISTER_TITLES,
        registers=REGISTERS,
        now=desk.now(),
        message=message,
    )


@router.get("/tournaments/{tournament_id}")
def tournament(request: Request, actor: ActorDep, tournament_id: TournamentId) -> HTMLResponse:
    """A tournament: its state for everyone signed in; its commands and records for staff."""
    return tournament_page(request, actor, tournament_id)


@router.post("/tournaments/{tournament_id}/commands")
def command(
    request: Request,
    actor: ActorDep,
    tournament_id: TournamentId,
    command: Annotated[str, Form(max_length=40)],
    player: Text = "",
    name: Text = "",
    address: Text = "",
    card: Text = "",
    receipt: Text = "",
    to: Text = "",
    table: Text = "",
    absent: Text = "",
    chips: Text = "",
    bets: Text = "",
    eliminated_by: Text = "",
    shares: Text = "",
    seat: Text = "",
    place: Text = "",
    fee: Text = "",
    reason: Text = "",
    tournament: Annotated[str, Form(alias="part", max_length=60)] = "",
    at: Annotated[str, Form(max_length=40)] = "",
) -> HTMLResponse:
    """One command: a fee (register, rebuy, add-on, refund) by a cashier or manager, who is
    recorded as its collector; the others by a gaming or shift manager."""
    args = {
        "player": player,
        "name": name,
        "address": address,
        "card": card,
        "receipt": receipt,
        "to": to,
        "table": table,
        "absent": absent,
        "chips": chips,
        "bets": bets,
        "eliminated_by": eliminated_by,
        "shares": shares,
        "seat": seat,
        "place": place,
        "fee": fee,
        "reason": reason,
        "tournament": tournament,
    }
    desk = tenant_of(request).tournaments
    done = desk.do_as(
        actor, tournament_id, command, {k: v for k, v in args.items() if v.strip()}, at or None
    )
    lines = done.lines or ["nothing to record"]
    return tournament_page(request, actor, tournament_id, lines)


@router.post("/tournaments/{tournament_id}/books")
def post_to_books(
    request: Request,
    actor: ActorDep,
    tournament_id: TournamentId,
    site: Annotated[str, Form(max_length=60)] = "",
    occasion: Annotated[str, Form(max_length=60)] = "",
    utc_offset: Annotated[str, Form(max_length=6)] = "",
) -> HTMLResponse:
    """A finished tournament's money recorded in the books by a gaming manager: poker under an
    occasion, twenty-one at a site in its open gaming day (``croupier tournament post``)."""
    tenant = tenant_of(request)
    done = tenant.backoffice.post_tournament(
        actor,
        tenant.tournaments.load(tournament_id),
        site.strip() or None,
        occasion.strip() or None,
        utc_offset.strip() or None,
    )
    return tournament_page(request, actor, tournament_id, list(done.lines))


@router.get("/tournaments/{tournament_id}/records/{register}")
def register_csv(
    request: Request,
    actor: ActorDep,
    tournament_id: TournamentId,
    register: Annotated[str, Path(pattern="^(fees|prizes|receipts|win)$")],
) -> Response:
    """One register of one tournament as CSV (never combined with another tournament's)."""
    authorize(actor, Action.VIEW_TOURNAMENT_RECORDS)
    data = tenant_of(request).tournaments.register_csv(tournament_id, register)
    return Response(
        data,
        media_type="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{tournament_id}-{register}.csv"'},
    )


@router.get("/tournaments/{tournament_id}/schedule")
def schedule(request: Request, actor: ActorDep, tournament_id: TournamentId) -> HTMLResponse:
    """The posted schedule, printable (players may read it: -09-05.1)."""
    authorize(actor, Action.VIEW_TOURNAMENT_SCHEDULE)
    desk = tenant_of(request).tournaments
    section, lines = desk.schedule(tournament_id)
    view = desk.view(tournament_id)
    return render(
        request,
        "tournament_schedule.html",
        title=f"{view['name']}: posted schedule",
        tournament_id=tournament_id,
        section=section,
        lines=lines,
    )


@router.get("/tournaments/{tournament_id}/schedule.pdf")
def schedule_pdf(request: Request, actor: ActorDep, tournament_id: TournamentId) -> Response:
    """The posted schedule as a one-page PDF to print and post."""
    authorize(actor, Action.VIEW_TOURNAMENT_SCHEDULE)
    data = tenant_of(request).tournaments.schedule_pdf(tournament_id)
    return Response(
        data,
        media_type="application/pdf",
        headers={"Content-Disposition": f'inline; filename="{tournament_id}-schedule.pdf"'},
    )
