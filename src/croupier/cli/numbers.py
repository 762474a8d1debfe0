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


class _Ascii(click.types.ParamType):
    """Checks that the text is written in ASCII digits, then converts as the type it is mixed
    into (the next in the method order: an int or float type, or its range)."""

    pattern: re.Pattern[str]
    what: str

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and self.pattern.fullmatch(value) is None:
            self.fail(f"{value!r} is not {self.what} written in the digits 0-9.", param, ctx)
        return super().convert(value, param, ctx)


class Whole(_Ascii, click.types.IntParamType):
    """An integer written in ASCII digits."""

    pattern, what = _WHOLE, "a whole number"


class WholeRange(_Ascii, click.types.IntRange):
    """An integer range (``min=``/``max=``) written in ASCII digits."""

    pattern, what = _WHOLE, "a whole number"


class Decimal(_Ascii, click.types.FloatParamType):
    """A decimal number written in ASCII digits (no ``nan`` or ``inf``)."""

    pattern, what = _DECIMAL, "a number"


class DecimalRange(_Ascii, click.types.FloatRange):
    """A decimal range written in ASCII digits."""

    pattern, what = _DECIMAL, "a number"


def ascii_type(kind: click.types.ParamType) -> click.types.ParamType:
    """``kind`` checking for ASCII digits first, if it reads numbers; else ``kind`` itself."""
    if isinstance(kind, _Ascii):
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
