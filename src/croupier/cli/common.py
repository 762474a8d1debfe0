"""Helpers shared by the command modules: error reporting, reading files, the database URL."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Annotated, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

from croupier.core.errors import ConfigError, CroupierError, RuleViolation

P = ParamSpec("P")
R = TypeVar("R")

console = Console()
err_console = Console(stderr=True)

DEFAULT_DATABASE_URL = "sqlite:///croupier.db"
EXIT_REFUSED = 2


def database_url(option: str | None = None) -> str:
    """The database URL: ``--db``, else ``CROUPIER_DATABASE_URL``, else ``croupier.db`` here."""
    return option or os.environ.get("CROUPIER_DATABASE_URL") or DEFAULT_DATABASE_URL


def read_text(path: Path, what: str = "file") -> str:
    """The text of ``path``; any failure is one ``InvalidInput`` line (``service.files``)."""
    from croupier.service.files import read_text as read

    return read(path, what)


def fail(message: str, code: int = EXIT_REFUSED) -> typer.Exit:
    err_console.print(f"[bold red]error:[/] {escape(message)}", highlight=False, soft_wrap=True)
    return typer.Exit(code)


def _os_error(exc: OSError) -> str:
    """One line for a failed file operation: what the system said and the file it named."""
    reason = exc.strerror or type(exc).__name__
    where = exc.filename if exc.filename is not None else ""
    return f"cannot use {where}: {reason}" if where else f"file error: {reason}"


def reports_errors(func: Callable[P, R]) -> Callable[P, R]:
    """Turn croupier's errors into one clear message on stderr and a non-zero exit (2).

    Besides ``CroupierError``: an ``OSError`` (an unwritable ``--out``, an unreadable file) is
    one line naming the file and the reason; a ``ValueError`` (a date such as 2026-02-30 that
    ``date.fromisoformat`` refuses) is one line with its message.
    """

    @wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except ConfigError as exc:
            raise fail(str(exc)) from None
        except RuleViolation as exc:
            raise fail(f"refused: {exc.detail} (section {exc.section})") from None
        except CroupierError as exc:
            raise fail(str(exc)) from None
        except OSError as exc:
            raise fail(_os_error(exc)) from None
        except ValueError as exc:
            raise fail(f"invalid value: {' '.join(str(exc).split())}") from None

    return wrapper


def is_tty() -> bool:
    return sys.stdout.isatty()


Db = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="Database URL (default: $CROUPIER_DATABASE_URL, else sqlite:///croupier.db).",
        show_default=False,
    ),
]
"""The ``--db`` option of every command that opens the database."""
