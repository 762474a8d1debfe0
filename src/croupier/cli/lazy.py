"""Lazy command registration: ``croupier --help`` imports no command module.

The command tree is a static table (``croupier.cli.command_table``): every group with its help,
every command with its group, its one-paragraph help and the module that defines it. A
``LazyGroup`` lists its commands from the table; only when a command is run (or its own
``--help`` is asked for) does it import the module that defines it, and then it builds that one
command from the function the module attached to ``croupier.cli.apps``. A group's help page
shows the table's help lines, so ``croupier GROUP --help`` imports nothing either.

``tests/unit/cli/test_cli_lazy.py`` checks that the table matches what the modules define;
``python -m croupier.cli.lazy`` prints the table as the modules define it, to paste in.
"""

from __future__ import annotations

import importlib
import inspect
import json
from typing import Any

import typer
from typer import _click as click  # Typer's own copy of click, the one its groups are made of
from typer.core import TyperCommand, TyperGroup

from croupier.cli.command_table import COMMANDS, GROUPS, CommandEntry, GroupEntry


def help_paragraph(text: str | None) -> str:
    """The first paragraph of a help text on one line (what a group's help page shows)."""
    cleaned = inspect.cleandoc(text or "").partition("\f")[0]
    return " ".join(cleaned.split("\n\n")[0].split())


class LazyGroup(TyperGroup):
    """A group whose commands come from the static table and are imported on first use."""

    def __init__(self, *, path: str = "", **attrs: Any) -> None:
        super().__init__(**attrs)
        self.path = path
        self._listing = False

    def _groups(self) -> tuple[GroupEntry, ...]:
        return GROUPS if self.path == "" else ()

    def _commands(self) -> tuple[CommandEntry, ...]:
        return tuple(c for c in COMMANDS if c.group == self.path)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [c.name for c in self._commands()] + [g.name for g in self._groups()]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        known = self.commands.get(cmd_name)
        if known is not None:
            return known
        for group in self._groups():
            if group.name == cmd_name:
                sub = LazyGroup(
                    path=group.name,
                    name=group.name,
                    help=group.help,
                    no_args_is_help=True,
                    rich_markup_mode=self.rich_markup_mode,
                    suggest_commands=self.suggest_commands,
                )
                self.commands[cmd_name] = sub
                return sub
        for entry in self._commands():
            if entry.name == cmd_name:
                if self._listing:  # a help page lists the command: its help line is enough
                    return TyperCommand(name=entry.name, help=entry.help)
                command = load_command(entry)
                self.commands[cmd_name] = command
                return command
        return None

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        known = self.list_commands(ctx)
        if name and not name.startswith("-") and name not in known and not ctx.resilient_parsing:
            import difflib

            message = f"No such command {name!r}."
            matches = difflib.get_close_matches(name, known)
            if matches:
                message += f" Did you mean {', '.join(repr(m) for m in matches)}?"
            ctx.fail(message)
        return super().resolve_command(ctx, args)


def registered_typer(group: str) -> typer.Typer:
    """The Typer application of ``group`` ("" for the root) that command modules attach to."""
    from croupier.cli.apps import app

    if not group:
        return app
    for info in app.registered_groups:
        if info.name == group and info.typer_instance is not None:
            return info.typer_instance
    raise LookupError(f"no command module registered the group {group!r}")


def command_name(info: Any) -> str:
    """The name Typer gives a registered command (its own, or its function's, dashed)."""
    name = info.name or typer.main.get_command_name(info.callback.__name__)
    return str(name)


def load_command(entry: CommandEntry) -> click.Command:
    """Import the module of ``entry`` and build the click command it defines."""
    importlib.import_module(entry.module)
    owner = registered_typer(entry.group)
    for info in owner.registered_commands:
        if command_name(info) == entry.name:
            from croupier.cli.numbers import ascii_numbers

            return ascii_numbers(
                typer.main.get_command_from_info(
                    info,
                    pretty_exceptions_short=owner.pretty_exceptions_short,
                    rich_markup_mode=owner.rich_markup_mode,
                )
            )
    raise LookupError(f"{entry.module} defines no command {entry.group} {entry.name}".strip())


def defined_table(modules: tuple[str, ...]) -> tuple[list[GroupEntry], list[CommandEntry]]:
    """The groups and commands the command ``modules`` really define (imports them all)."""
    for module in modules:
        importlib.import_module(module)
    from croupier.cli.apps import app

    def commands_of(owner: typer.Typer, group: str) -> list[CommandEntry]:
        out = []
        for info in owner.registered_commands:
            text = info.help if info.help is not None else inspect.getdoc(info.callback)
            module = str(info.callback.__module__) if info.callback else ""
            out.append(CommandEntry(group, command_name(info), help_paragraph(text), module))
        return out

    groups: list[GroupEntry] = []
    commands = commands_of(app, "")
    for info in app.registered_groups:
        sub = info.typer_instance
        if sub is None or info.name is None:
            continue
        text = info.help if isinstance(info.help, str) else sub.info.help
        groups.append(GroupEntry(info.name, help_paragraph(text if isinstance(text, str) else "")))
        commands.extend(commands_of(sub, info.name))
    return groups, commands


def _q(text: str) -> str:
    """A double-quoted Python string literal of ``text``."""
    return json.dumps(text, ensure_ascii=False)


def table_source(modules: tuple[str, ...]) -> str:
    """The body of ``croupier.cli.command_table`` for what ``modules`` define."""
    groups, commands = defined_table(modules)
    lines = ["# fmt: off", "GROUPS: tuple[GroupEntry, ...] = ("]
    lines += [f"    GroupEntry({_q(g.name)}, {_q(g.help)})," for g in groups]
    lines += [")", "COMMANDS: tuple[CommandEntry, ...] = ("]
    lines += [
        f"    CommandEntry({_q(c.group)}, {_q(c.name)}, {_q(c.help)}, {_q(c.module)}),"
        for c in commands
    ]
    lines += [")", "# fmt: on"]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # pragma: no cover
    from croupier.cli.command_table import MODULES

    print(table_source(MODULES), end="")
