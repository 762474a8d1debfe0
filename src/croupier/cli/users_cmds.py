"""``croupier users add|list|reset-password|reset-factor|disable|enable``: the accounts of
``croupier serve``."""

from __future__ import annotations

import os
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from croupier.cli.apps import app
from croupier.cli.common import Db, console, database_url, reports_errors

users_app = typer.Typer(
    help="Accounts of the people who sign in to croupier serve.", no_args_is_help=True
)
app.add_typer(users_app, name="users")

Role = Annotated[
    list[str],
    typer.Option(
        "--role",
        help="A role (repeat for several): owner, gaming manager, shift manager, pit boss, "
        "dealer, wheel operator, cashier, count team member, auditor, independent person, "
        "state auditor, player.",
    ),
]


@users_app.command("add")
@reports_errors
def add(
    name: str,
    role: Role,
    employee: Annotated[
        str | None, typer.Option(help="The employee id in the books (for a books role).")
    ] = None,
    db: Db = None,
    org: Annotated[
        str | None,
        typer.Option(
            "--org", help="Organization id (default: $CROUPIER_ORG, else org).", show_default=False
        ),
    ] = None,
) -> None:
    """Create an account with a one-time password, printed once."""
    from croupier.service.server.serve import add_account

    org_id = org or os.environ.get("CROUPIER_ORG") or "org"
    account, password = add_account(database_url(db), org_id, name, role, employee)
    console.print(
        f"created account [bold]{escape(account.name)}[/] ({escape(account.roles_text)}). "
        "One-time password (shown once; changed at the first sign-in): "
        f"[bold]{escape(password)}[/]",
        soft_wrap=True,
    )


@users_app.command("list")
@reports_errors
def list_(db: Db = None) -> None:
    """List the accounts: each organization they belong to with their roles and employee
    there, and their state."""
    from croupier.service.server.serve import list_accounts

    table = Table(title="Accounts")
    for column in ("account", "organization", "roles", "employee", "state", "second factor"):
        table.add_column(column, no_wrap=column == "state")
    for a in list_accounts(database_url(db)):
        state = (
            "disabled"
            if a.disabled
            else "one-time password"
            if a.must_change_password
            else "active"
        )
        second = "set up" if a.second_factor else "none"
        table.add_row(
            Text(a.name),
            Text(a.org_id or ""),
            a.roles_text,
            Text(a.employee_id or ""),
            state,
            second,
        )
    console.print(table, soft_wrap=True)


@users_app.command("reset-password")
@reports_errors
def reset(name: str, db: Db = None) -> None:
    """Give an account a new one-time password, printed once; its sessions end."""
    from croupier.service.server.serve import reset_password

    password = reset_password(database_url(db), name)
    console.print(
        f"new one-time password of [bold]{escape(name)}[/] (shown once): "
        f"[bold]{escape(password)}[/]",
        soft_wrap=True,
    )


@users_app.command("reset-factor")
@reports_errors
def reset_factor(name: str, db: Db = None) -> None:
    """Remove an account's lost second factor; its sessions end and it sets up a new one at its
    next sign-in."""
    from croupier.service.server.serve import reset_second_factor

    reset_second_factor(database_url(db), name)
    console.print(
        f"second factor of {escape(name)} removed; a new one is set up at the next sign-in"
    )


@users_app.command("disable")
@reports_errors
def disable(name: str, db: Db = None) -> None:
    """Disable an account: it cannot sign in and its sessions end."""
    from croupier.service.server.serve import set_disabled

    set_disabled(database_url(db), name, True)
    console.print(f"account {escape(name)} disabled")


@users_app.command("enable")
@reports_errors
def enable(name: str, db: Db = None) -> None:
    """Enable a disabled account again."""
    from croupier.service.server.serve import set_disabled

    set_disabled(database_url(db), name, False)
    console.print(f"account {escape(name)} enabled")


OrgOption = Annotated[str, typer.Option("--org", help="The organization's id.")]


@users_app.command("grant")
@reports_errors
def grant(
    name: str,
    org: OrgOption,
    role: Role,
    employee: Annotated[
        str | None,
        typer.Option(help="The employee id in that organization's books (for a books role)."),
    ] = None,
    db: Db = None,
) -> None:
    """Give an existing account roles in an organization (replacing any it held there); its
    sessions in that organization end."""
    from croupier.service.server.serve import grant as grant_roles

    account = grant_roles(database_url(db), name, org, role, employee)
    console.print(
        f"{escape(account.name)} holds {escape(account.roles_text)} in {escape(org)}",
        soft_wrap=True,
    )


@users_app.command("revoke")
@reports_errors
def revoke(name: str, org: OrgOption, db: Db = None) -> None:
    """Take every role an account holds in an organization away; its sessions there end."""
    from croupier.service.server.serve import revoke as revoke_roles

    revoke_roles(database_url(db), name, org)
    console.print(f"{escape(name)} no longer belongs to {escape(org)}", soft_wrap=True)
