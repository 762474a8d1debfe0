"""``croupier serve``: the back office in a browser and the JSON API (FastAPI on Uvicorn).

Nothing here imports the web framework until the command runs: Uvicorn starts the application
from its import string in each worker process, with the settings in the environment
(``croupier.web.settings.from_environment``)."""

from __future__ import annotations

import os
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from croupier.cli.apps import app
from croupier.cli.common import console, database_url, err_console, reports_errors
from croupier.core.errors import InvalidInput

DEMO_DATABASE_URL = "sqlite:///croupier-demo.db"
LOOPBACK = ("127.0.0.1", "localhost", "::1")


@app.command()
@reports_errors
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", min=1, max=65535)] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="Database URL (default: $CROUPIER_DATABASE_URL, else sqlite:///croupier.db; "
            "with --demo: sqlite:///croupier-demo.db).",
            show_default=False,
        ),
    ] = None,
    org: Annotated[
        str | None,
        typer.Option(
            "--org",
            help="Organization id (default: $CROUPIER_ORG, else org; with --demo: demo).",
            show_default=False,
        ),
    ] = None,
    workers: Annotated[
        int, typer.Option(help="Worker processes (more than 1 needs PostgreSQL).", min=1)
    ] = 1,
    demo: Annotated[
        bool, typer.Option("--demo", help="Seed a demo organization with an account per role.")
    ] = False,
    insecure_cookie: Annotated[
        bool,
        typer.Option(
            "--insecure-cookie",
            help="Session cookie without the Secure flag: plain HTTP on a loopback address only.",
        ),
    ] = False,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            "--forwarded-allow-ips",
            help="The proxies whose X-Forwarded-For and X-Forwarded-Proto are believed: "
            "addresses or networks, comma-separated (e.g. 172.18.0.0/16). Default: none, every "
            "client is the address that connected (the sign-in throttle counts it).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Serve the back office in a browser and the JSON API (FastAPI on Uvicorn)."""
    from croupier.service.server.serve import prepare
    from croupier.service.server.webserver import check_workers, is_sqlite

    url = db or (DEMO_DATABASE_URL if demo else database_url(None))
    org_id = org or os.environ.get("CROUPIER_ORG") or ("demo" if demo else "org")
    check_workers(url, workers)
    if insecure_cookie and host not in LOOPBACK:
        raise InvalidInput(
            f"--insecure-cookie is for plain HTTP on 127.0.0.1, localhost or ::1 only, not {host}"
        )
    _proxies(forwarded_allow_ips)  # refused before anything is printed
    _check_port(host, port)  # before anything is printed, a password above all
    notes = prepare(url, org_id, demo)
    for line in notes.warnings:
        err_console.print(f"warning: {escape(line)}", soft_wrap=True, highlight=False)
    if notes.owner_password is not None:
        console.print(
            "First start: created the organization's owner account [bold]owner[/]. "
            f"One-time password (shown once; change it at the first sign-in): "
            f"[bold]{escape(notes.owner_password)}[/]",
            soft_wrap=True,
        )
    if notes.demo:
        table = Table(title=f"Demo accounts of organization {org_id} (passwords shown once)")
        for column in ("account", "roles", "employee", "password"):
            table.add_column(column)
        for login in notes.demo:
            table.add_row(login.name, login.roles, login.employee_id or "", login.password)
        console.print(table, soft_wrap=True)
    elif notes.demo_existed:
        console.print(
            f"the demo organization {org_id!r} is seeded already in {url} (its passwords were "
            "printed when it was made; `croupier users reset-password NAME` makes a new one)",
            soft_wrap=True,
        )
    if workers > 1 and not is_sqlite(url):
        console.print(
            f"{workers} worker processes on PostgreSQL: pages, API and live tables in each; "
            "a table's updates reach every worker's sockets through LISTEN/NOTIFY",
            soft_wrap=True,
        )
    os.environ["CROUPIER_DATABASE_URL"] = url
    os.environ["CROUPIER_ORG"] = org_id
    os.environ["CROUPIER_WEB_INSECURE_COOKIE"] = "1" if insecure_cookie else "0"
    shown = f"[{host}]" if ":" in host else host
    console.print(f"serving http://{shown}:{port}/ (API: /api, OpenAPI: /docs); Ctrl+C stops")
    import uvicorn

    from croupier.service.server.transport import (
        APP_FACTORY,
        SERVER_HEADER,
        WS_PER_MESSAGE_DEFLATE,
    )

    # a forwarded client address is believed only from a proxy named here (issue 29: Uvicorn
    # believes any client on 127.0.0.1 by default, so the sign-in throttle could be dodged)
    proxies = _proxies(forwarded_allow_ips)
    uvicorn.run(
        APP_FACTORY,
        factory=True,
        host=host,
        port=port,
        workers=workers,
        proxy_headers=bool(proxies),
        forwarded_allow_ips=proxies or None,
        ws_per_message_deflate=WS_PER_MESSAGE_DEFLATE,  # why: service/server/transport.py
        server_header=SERVER_HEADER,  # no "server: uvicorn" banner
    )


def _proxies(text: str | None) -> list[str]:
    """The proxies of ``--forwarded-allow-ips``, each an address or a network; one line if not."""
    import ipaddress

    found = [p.strip() for p in (text or "").split(",") if p.strip()]
    for p in found:
        try:
            ipaddress.ip_network(p, strict=False)
        except ValueError:
            raise InvalidInput(
                f"--forwarded-allow-ips takes addresses or networks (127.0.0.1, 10.0.0.0/8), "
                f"not {p!r}"
            ) from None
    return found


def _check_port(host: str, port: int) -> None:
    """Refuse, in one line, a port another process holds (issue 29: the server printed the
    owner's one-time password and "serving" before failing to bind)."""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            raise InvalidInput(
                f"cannot listen on {host}:{port}: {exc.strerror or exc}; is another server "
                "running there? (give --port)"
            ) from None
