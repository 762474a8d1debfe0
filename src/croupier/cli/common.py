"""Helpers shared by the command modules: error reporting, reading files, the database URL."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import ParamSpec, TypeVar

import typer
from rich.console import Console

from croupier.core.errors import ConfigError, CroupierError, InvalidInput, RuleViolation

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
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise InvalidInput(f"{what} not found: {path}") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise InvalidInput(f"cannot read {what} {path}: {exc}") from exc


def fail(message: str, code: int = EXIT_REFUSED) -> typer.Exit:
    err_console.print(f"[bold red]error:[/] {message}", highlight=False, soft_wrap=True)
    return typer.Exit(code)


def reports_errors(func: Callable[P, R]) -> Callable[P, R]:
    """Turn croupier's errors into one clear message on stderr and a non-zero exit."""

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

    return wrapper


def is_tty() -> bool:
    return sys.stdout.isatty()
