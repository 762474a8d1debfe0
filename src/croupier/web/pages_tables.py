"""The live tables' pages: the open tables and a form for staff to open one, a table's page (the
dealer's console, a player's phone view or the surveillance view, by who is signed in; updates
over the table's WebSocket, ``web.api_tables``) and its posted rules."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Path, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from croupier.service.people.authz import Action, authorize
from croupier.web.pages import error_page, render
from croupier.web.security import ActorDep, server_of

router = APIRouter(include_in_schema=False)


# -- live tables ----------------------------------------------------------------------------


LIVE_GAMES = ("twentyone", "threecard21", "poker", "paddlewheel")


@router.get("/tables")
def tables_page(request: Request, actor: ActorDep) -> HTMLResponse:
    authorize(actor, Action.VIEW_TABLE)
    desk = server_of(request).tables
    return render(
        request,
        "tables.html",
        title="Live tables",
        tables=desk.tables(),
        rules=desk.rules_files(),
        games=LIVE_GAMES,
    )


@router.post("/tables")
def open_table_form(
    request: Request,
    actor: ActorDep,
    table: Annotated[str, Form(max_length=40)],
    game: Annotated[str, Form(max_length=40)],
    rules: Annotated[str, Form(max_length=200)],
) -> Response:
    result = server_of(request).tables.open_table(actor, table.strip(), game, rules)
    if not result.accepted:
        return error_page(
            request, 403 if result.section else 422, result.refusal or "", result.section
        )
    return RedirectResponse(f"/tables/{table.strip()}", status_code=303)


@router.get("/tables/{table}")
def table_page(
    request: Request,
    actor: ActorDep,
    table: Annotated[str, Path(pattern=r"^[a-z0-9][a-z0-9-]{0,39}$")],
) -> HTMLResponse:
    """A live table: the dealer's console, a player's view (it works on a phone) or the
    surveillance view, by who is signed in; updates over the table's WebSocket."""
    view = server_of(request).tables.view(actor, table)
    return render(request, "table.html", title=f"Table {table}", view=view)


@router.get("/tables/{table}/disclosure")
def table_disclosure(
    request: Request,
    actor: ActorDep,
    table: Annotated[str, Path(pattern=r"^[a-z0-9][a-z0-9-]{0,39}$")],
) -> HTMLResponse:
    """The posted house and player rules of a live table, from the rules it was opened with."""
    game, text = server_of(request).tables.disclosure(actor, table)
    return render(
        request, "disclosure.html", title=f"Table {table}: {game} rules", table=table, text=text
    )
