"""The ``croupier`` command. Each command module attaches its commands to ``croupier.cli.apps``.

To add a command module, list it in ``COMMAND_MODULES``.
"""

from __future__ import annotations

import importlib
from typing import Annotated

import typer

from croupier import __version__
from croupier.cli.apps import app

COMMAND_MODULES: tuple[str, ...] = (
    "croupier.cli.replay_cmds",
    "croupier.cli.books_cmds",
    "croupier.cli.store_cmds",
    "croupier.cli.threecard21_cmds",
    "croupier.cli.paddlewheel_cmds",
    "croupier.cli.twentyone_cmds",
    "croupier.cli.poker_cmds",
    "croupier.cli.eval_cmds",
)

for _name in COMMAND_MODULES:
    importlib.import_module(_name)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"croupier {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print the version."),
    ] = False,
) -> None:
    """Regulated casino table games run exactly as the law writes them, with their books."""


def main() -> None:
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
