"""The live tables' pages: the open tables and a form for staff to open one, a table's page (the
dealer's console, a player's phone view or the surveillance view, by who is signed in; updates
over the table's WebSocket, ``web.api_tables``) and its posted rules."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Path, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from croupier.core.errors import InvalidInput
from croupier.service.people.authz import Action, authorize
from croupier.web.pages import error_page, fragment, render
from croupier.web.security import ActorDep, tenant_of

router = APIRouter(include_in_schema=False)


# -- live tables ----------------------------------------------------------------------------


LIVE_GAMES = ("twentyone", "threecard21", "poker", "paddlewheel")


@router.get("/tables")
def tables_page(request: Request, actor: ActorDep) -> HTMLResponse:
    authorize(actor, Action.VIEW_TABLE)
    desk = tenant_of(request).tables
    return render(
        request,
        "tables.html",
        title="Live tables",
        tables=desk.tables(),
        rules=desk.rules_files(),
        games=LIVE_GAMES,
        sites=tenant_of(request).backoffice.sites(),
    )


@router.post("/tables")
def open_table_form(
    request: Request,
    actor: ActorDep,
    table: Annotated[str, Form(max_length=40)],
    game: Annotated[str, Form(max_length=40)],
    rules: Annotated[str, Form(max_length=200)],
    mode: Annotated[str, Form(max_length=20)] = "virtual",
    books_site: Annotated[str, Form(max_length=200)] = "",
    books_table: Annotated[str, Form(max_length=7)] = "",
) -> Response:
    number = books_table.strip()
    if number and (not number.isascii() or not number.isdigit()):
        raise InvalidInput(f"the books' table is a number, not {number!r}")
    result = tenant_of(request).open_live_table(
        actor,
        table.strip(),
        game,
        rules,
        mode,
        books_site.strip() or None,
        int(number) if number else None,
    )
    if not result.accepted:
        return error_page(
            request, 403 if result.section else 422, result.refusal or "", result.section
        )
    return RedirectResponse(f"/tables/{table.strip()}", status_code=303)


@router.get("/pit")
def pit_page(request: Request, actor: ActorDep) -> HTMLResponse:
    """The pit and surveillance page: every open table live (issue 27)."""
    tables = tenant_of(request).tables.pit(actor)
    return render(request, "pit.html", title="The pit", tables=tables)


@router.get("/pit/tables")
def pit_tables(request: Request, actor: ActorDep) -> HTMLResponse:
    """The pit's table of tables as it is now (the page swaps it in on each update)."""
    tables = tenant_of(request).tables.pit(actor)
    return HTMLResponse(fragment(request, "pit_tables.html", tables=tables))


@router.get("/tables/{table}")
def table_page(
    request: Request,
    actor: ActorDep,
    table: Annotated[str, Path(pattern=r"^[a-z0-9][a-z0-9-]{0,39}$")],
) -> HTMLResponse:
    """A live table: the dealer's console, a player's view (it works on a phone) or the
    surveillance view, by who is signed in; updates over the table's WebSocket."""
    desk = tenant_of(request).tables
    view = desk.view(actor, table, mistakes=False)
    c = desk.console(actor, table)
    return render(request, "table.html", title=f"Table {table}", view=view, c=c)


@router.get("/tables/{table}/console")
def table_console(
    request: Request,
    actor: ActorDep,
    table: Annotated[str, Path(pattern=r"^[a-z0-9][a-z0-9-]{0,39}$")],
) -> HTMLResponse:
    """The console part of a table's page as it is now (the page swaps it in on each update
    over the WebSocket): one template per game (``console_<game>.html``)."""
    c = tenant_of(request).tables.console(actor, table)
    html = fragment(request, f"console_{c.game}.html", c=c)
    return HTMLResponse(html, headers={"X-Table-Version": str(c.version)})


@router.get("/tables/{table}/mistakes")
def table_mistakes(
    request: Request,
    actor: ActorDep,
    table: Annotated[str, Path(pattern=r"^[a-z0-9][a-z0-9-]{0,39}$")],
) -> HTMLResponse:
    """The dealing mistakes and irregularities the round would accept now, each with its
    remedy and section: the items of the console's list, which the page asks for when the
    dealer opens it (they are tried on a replay of the round, so not made for every update)."""
    version, mistakes = tenant_of(request).tables.mistakes(actor, table)
    html = fragment(request, "_mistakes.html", mistakes=mistakes, version=version)
    return HTMLResponse(html, headers={"X-Table-Version": str(version)})


@router.get("/tables/{table}/disclosure")
def table_disclosure(
    request: Request,
    actor: ActorDep,
    table: Annotated[str, Path(pattern=r"^[a-z0-9][a-z0-9-]{0,39}$")],
) -> HTMLResponse:
    """The posted house and player rules of a live table, from the rules it was opened with."""
    game, text = tenant_of(request).tables.disclosure(actor, table)
    return render(
        request, "disclosure.html", title=f"Table {table}: {game} rules", table=table, text=text
    )


@router.get("/tables/{table}/rounds")
def rounds_page(
    request: Request,
    actor: ActorDep,
    table: Annotated[str, Path(pattern=r"^[a-z0-9][a-z0-9-]{0,39}$")],
) -> HTMLResponse:
    """The disputes page of a table: its rounds by time, each to step through or download as
    its round file (99-01.3-08-11.17)."""
    rounds = tenant_of(request).tables.rounds(actor, table)
    return render(
        request, "rounds.html", title=f"Table {table}: rounds", table=table, rounds=rounds
    )


@router.get("/tables/{table}/rounds/{number}")
def round_page(
    request: Request,
    actor: ActorDep,
    table: Annotated[str, Path(pattern=r"^[a-z0-9][a-z0-9-]{0,39}$")],
    number: Annotated[int, Path(ge=1, le=2**31 - 1)],
    step: Annotated[int | None, Query(ge=0, le=100_000)] = None,
) -> HTMLResponse:
    """One round played back from its round file, step by step (``?step=N`` shows the first
    N steps), with the settlement that was paid and the engine's check of it."""
    data, report = tenant_of(request).tables.replay_round(actor, table, number)
    steps = list(report.transcript)
    shown = len(steps) if step is None else min(step, len(steps))
    return render(
        request,
        "round.html",
        title=f"Table {table}: round {number}",
        table=table,
        number=number,
        description=data.get("description", ""),
        steps=steps,
        shown=shown,
        report=report,
    )
