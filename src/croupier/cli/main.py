"""The ``croupier`` command.

Commands are registered lazily (``croupier.cli.lazy``): the tree comes from the static table
``croupier.cli.command_table``, and a command's module is imported only when that command runs,
so ``croupier --help`` and every ``croupier CMD --help`` answer at once. To add a command
module, list it and its commands in ``croupier.cli.command_table``.

``main`` is the last line of defence: no Python traceback reaches a user. A croupier error is
one line and exit 2; anything unexpected is one line ("internal error: ...; please report") and
exit 70 (``EX_SOFTWARE``).
"""

from __future__ import annotations

import gc
import sys
from typing import Annotated

import typer

from croupier import __version__
from croupier.cli.lazy import LazyGroup

COMMAND_GC = (100_000, 50, 50)
"""The collector's thresholds in a command a person types. A command builds large, long-lived
and acyclic data (its imports, a day's or a quarter's books read from the store), which the
default thresholds (700 new objects a young collection) walk again and again to free nothing:
about a tenth of ``books status`` and a fifth of ``report quarterly`` went to collections
(issue 31). Reference counting still frees everything at once; only cycles wait for a
collection, after a hundred thousand new objects instead of seven hundred (the same approach
as mypy's). ``croupier serve``'s workers set a server's own policy (``web.app.SERVER_GC``)."""

EXIT_INTERNAL = 70
"""Exit status of an unexpected failure (``EX_SOFTWARE`` of sysexits.h)."""
EXIT_INTERRUPTED = 130

app = typer.Typer(
    cls=LazyGroup,
    name="croupier",
    help="Regulated casino table games run exactly as the law writes them, with their books.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


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


def _one_line(text: str) -> str:
    return " ".join(text.split())


def run(command: typer.Typer, args: list[str] | None = None) -> int:
    """Run ``command`` and return the exit status; never lets a traceback out. A mistyped
    command line (a missing argument, a bad option or value) is one line too, not a boxed
    usage message (found by an audit)."""
    from typer import Abort
    from typer._click.exceptions import ClickException, NoArgsIsHelpError, UsageError

    from croupier.core.errors import CroupierError

    try:
        # not standalone: a usage error comes here as an exception, to be said in one line
        done = command(args=args, prog_name="croupier", standalone_mode=False)
        if done == EXIT_INTERRUPTED:  # Typer's answer to a KeyboardInterrupt
            sys.stderr.write("interrupted\n")
        return done if isinstance(done, int) else 0
    except NoArgsIsHelpError as exc:  # the group's help is printed already
        return exc.exit_code
    except UsageError as exc:
        where = exc.ctx.command_path if exc.ctx is not None else "croupier"
        said = _one_line(exc.format_message())
        sys.stderr.write(f"error: {said} (`{where} --help` says how)\n")
        return exc.exit_code
    except ClickException as exc:
        sys.stderr.write(f"error: {_one_line(exc.format_message())}\n")
        return exc.exit_code
    except Abort:
        sys.stderr.write("aborted\n")
        return 1
    except SystemExit as done:
        code = done.code
        if code is None:
            return 0
        return code if isinstance(code, int) else 1
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        return EXIT_INTERRUPTED
    except CroupierError as exc:
        sys.stderr.write(f"error: {exc}\n")
        return 2
    except Exception as exc:
        what = _one_line(str(exc))
        name = type(exc).__name__
        sys.stderr.write(f"internal error: {name}{': ' + what if what else ''}; please report\n")
        return EXIT_INTERNAL
    return 0


def main() -> None:
    gc.set_threshold(*COMMAND_GC)
    sys.exit(run(app))


if __name__ == "__main__":  # pragma: no cover
    main()
