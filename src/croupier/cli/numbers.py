"""Numbers on the command line are written in the digits 0-9 (issue 31).

Click reads an ``int`` option with Python's ``int()``, which also takes other scripts' digits
(``１２``, ``١٢``) and surrounding blanks, and a ``float`` with ``float()``, which also takes
``nan`` and ``inf``. A table number, a count of rounds or a seed typed that way is almost
always a slip (a full-width keyboard layout, a pasted figure), and the books would record a
number nobody read as typed. So every command's integer and decimal parameters are given the
types below when the command is built (``cli.lazy.load_command``): the same conversion and the
same ranges, after a check that the text is written in ASCII digits (an optional sign,
underscores between digits as Python allows, a decimal point and exponent for decimals).
"""

from __future__ import annotations

import re
from typing import Any, Final

from typer import _click as click  # Typer's own copy of click, the one its commands are made of

_WHOLE: Final = re.compile(r"[+-]?[0-9]+(?:_[0-9]+)*")
_DECIMAL: Final = re.compile(
    r"[+-]?(?:[0-9]+(?:_[0-9]+)*(?:\.(?:[0-9]+(?:_[0-9]+)*)?)?|\.[0-9]+(?:_[0-9]+)*)"
    r"(?:[eE][+-]?[0-9]+)?"
)


def _checked(
    value: Any,
    pattern: re.Pattern[str],
    what: str,
    kind: click.types.ParamType,
    param: click.Parameter | None,
    ctx: click.Context | None,
) -> None:
    if isinstance(value, str) and pattern.fullmatch(value) is None:
        kind.fail(f"{value!r} is not {what} written in the digits 0-9.", param, ctx)


class Whole(click.types.IntParamType):
    """An integer written in ASCII digits."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        _checked(value, _WHOLE, "a whole number", self, param, ctx)
        return super().convert(value, param, ctx)


class WholeRange(click.types.IntRange):
    """An integer range (``min=``/``max=``) written in ASCII digits."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        _checked(value, _WHOLE, "a whole number", self, param, ctx)
        return super().convert(value, param, ctx)


class Decimal(click.types.FloatParamType):
    """A decimal number written in ASCII digits (no ``nan`` or ``inf``)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        _checked(value, _DECIMAL, "a number", self, param, ctx)
        return super().convert(value, param, ctx)


class DecimalRange(click.types.FloatRange):
    """A decimal range written in ASCII digits."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        _checked(value, _DECIMAL, "a number", self, param, ctx)
        return super().convert(value, param, ctx)


def ascii_type(kind: click.types.ParamType) -> click.types.ParamType:
    """``kind`` checking for ASCII digits first, if it reads numbers; else ``kind`` itself."""
    if isinstance(kind, (Whole, WholeRange, Decimal, DecimalRange)):
        return kind
    if isinstance(kind, click.types.IntRange):
        return WholeRange(kind.min, kind.max, kind.min_open, kind.max_open, kind.clamp)
    if isinstance(kind, click.types.FloatRange):
        return DecimalRange(kind.min, kind.max, kind.min_open, kind.max_open, kind.clamp)
    if isinstance(kind, click.types.IntParamType):
        return Whole()
    if isinstance(kind, click.types.FloatParamType):
        return Decimal()
    return kind


def ascii_numbers(command: click.Command) -> click.Command:
    """``command`` with every number parameter read in ASCII digits only (returned as is)."""
    for param in command.params:
        param.type = ascii_type(param.type)
    return command
