"""``croupier anchor keygen|sign|show``: signed anchors of the stored history (docs/anchors.md).

``croupier verify --anchor`` (in ``store_cmds``) proves the history against a printed one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from croupier.cli.apps import app
from croupier.cli.common import Db as DbOption
from croupier.cli.common import console, database_url, reports_errors

anchor_app = typer.Typer(
    help="Signed anchors: the heads of every stream, signed with a key kept outside the database.",
    no_args_is_help=True,
)
app.add_typer(anchor_app, name="anchor")

OrgOption = Annotated[
    str | None,
    typer.Option(
        "--org",
        help="The organization whose own anchor to sign or show (its streams only, its key "
        "from $CROUPIER_ANCHOR_KEYS/ORG.pem unless --key); default: the database's.",
        show_default=False,
    ),
]
KeyOption = Annotated[
    str | None,
    typer.Option(
        "--key",
        help="Signing key file (default: $CROUPIER_ANCHOR_KEY, a path or the PEM text).",
        show_default=False,
    ),
]


@anchor_app.command("keygen")
@reports_errors
def keygen(
    out: Annotated[Path, typer.Option("--out", help="Where to write the signing key (0600).")],
) -> None:
    """Make a new Ed25519 signing key (OUT) and its public key (OUT.pub)."""
    from croupier.service.database.anchors import keygen as make

    private, public, kid = make(out)
    console.print(f"signing key {private} (keep it off the database machine's backups)")
    console.print(f"public key {public} (give it to the auditors); key id {kid}")


@anchor_app.command("sign")
@reports_errors
def sign(db: DbOption = None, key: KeyOption = None, org: OrgOption = None) -> None:
    """Check the chains, then sign the heads of every stream (or of one organization's);
    print the anchor to keep."""
    from croupier.service.database.anchors import sign as sign_heads

    line = sign_heads(database_url(db), key, org=org)
    console.print(line, soft_wrap=True, highlight=False)


@anchor_app.command("show")
@reports_errors
def show(db: DbOption = None, org: OrgOption = None) -> None:
    """Print the newest anchor kept in the database (or one organization's own)."""
    from croupier.service.database.anchors import latest_line

    line = latest_line(database_url(db), org)
    if line is None:
        hint = "croupier anchor sign" + ("" if org is None else f" --org {org}")
        console.print(f"no anchor has been signed yet (`{hint}`)", highlight=False)
        raise typer.Exit(1)
    console.print(line, soft_wrap=True, highlight=False)
