"""The Typer applications that command modules attach their commands to.

``app`` is the registry of root commands (``croupier equity``, ``croupier replay``...); the
groups below gather commands by verb. A command module imports the group it extends and
decorates its functions. ``croupier.cli.main`` does not import the modules: it reads the
static table ``croupier.cli.command_table`` and imports a module only to run its command
(``croupier.cli.lazy``).
"""

from __future__ import annotations

import typer

app = typer.Typer(
    name="croupier",
    help="Regulated casino table games run exactly as the law writes them, with their books.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
play_app = typer.Typer(help="Play a game at a terminal table.", no_args_is_help=True)
disclosure_app = typer.Typer(
    help="Generate the posted house-rules and player-rules handout of a game.", no_args_is_help=True
)
analyze_app = typer.Typer(
    help="Exact game mathematics: house edge, hold, paytables.", no_args_is_help=True
)
bench_app = typer.Typer(
    help="Benchmarks against named peer libraries, run here and now.", no_args_is_help=True
)

tables_app = typer.Typer(
    help="Live tables' rounds as dispute records (99-01.3-08-11.17).", no_args_is_help=True
)

app.add_typer(play_app, name="play")
app.add_typer(disclosure_app, name="disclosure")
app.add_typer(analyze_app, name="analyze")
app.add_typer(bench_app, name="bench")
app.add_typer(tables_app, name="tables")
