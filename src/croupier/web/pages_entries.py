"""The books' entries of a gaming day as pages (issue 28): ``/books`` lists the entries the
signed-in person may make, grouped by where they happen; ``/books/{entry}`` is one entry's form
(``service.office.entries``: the command line's own request, the one policy, the person as the
employee recorded)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Request
from fastapi.responses import HTMLResponse
from starlette.concurrency import run_in_threadpool

from croupier.core.errors import CroupierError
from croupier.service.office.entries import GROUPS, VALUE_MAX, EntryForm, entry_form
from croupier.service.people.authz import Actor, authorize
from croupier.web.pages import render
from croupier.web.security import ActorDep, tenant_of

router = APIRouter(include_in_schema=False)
EntryKey = Annotated[str, Path(pattern=r"^[a-z0-9][a-z0-9-]{0,39}$")]


@router.get("/books")
def entries(request: Request, actor: ActorDep) -> HTMLResponse:
    forms = tenant_of(request).backoffice.entry_forms(actor)
    groups = [(g, [f for f in forms if f.group == g]) for g in GROUPS]
    return render(
        request, "books_entries.html", title="Books entries", groups=[g for g in groups if g[1]]
    )


def _form_page(
    request: Request,
    actor: Actor,
    form: EntryForm,
    *,
    values: dict[str, str] | None = None,
    message: list[str] | None = None,
    error: str | None = None,
) -> HTMLResponse:
    sites = tenant_of(request).backoffice.sites() if form.at_site else []
    return render(
        request,
        "books_entry.html",
        http_status=422 if error else 200,
        title=form.title,
        form=form,
        sites=sites,
        values=values or {},
        message=message,
        error=error,
        value_max=VALUE_MAX,
    )


@router.get("/books/{entry}")
def entry_page(request: Request, actor: ActorDep, entry: EntryKey) -> HTMLResponse:
    form = entry_form(entry)
    authorize(actor, form.action)
    return _form_page(request, actor, form)


@router.post("/books/{entry}")
async def record_entry(request: Request, actor: ActorDep, entry: EntryKey) -> HTMLResponse:
    form = entry_form(entry)
    authorize(actor, form.action)
    data = await request.form()
    names = {f.name for f in form.fields} | ({"site"} if form.at_site else set())
    values = {k: v[: VALUE_MAX + 1] for k, v in data.items() if k in names and isinstance(v, str)}
    office = tenant_of(request).backoffice
    try:
        done = await run_in_threadpool(office.record_entry, actor, entry, values)
    except CroupierError as exc:
        return await run_in_threadpool(
            _form_page, request, actor, form, values=values, error=str(exc)
        )
    keep = {"site": values.get("site", "")} if form.at_site else {}
    # the page reads the sites, the organization and its warnings: in a worker thread too
    return await run_in_threadpool(
        _form_page, request, actor, form, values=keep, message=list(done.lines)
    )
