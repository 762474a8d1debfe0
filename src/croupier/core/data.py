"""Plain data typed by people (rules files, round files): parsed with limits.

``loads_json`` and ``loads_toml`` turn text into plain data or raise ``InvalidInput`` with one
line saying what was wrong: not JSON/TOML, a number longer than any amount or count croupier
accepts, nesting deeper than any croupier file needs, or a file larger than one. Python's own
parsers would otherwise answer a 5,000-digit number or a deeply nested array with a traceback.
"""

from __future__ import annotations

import json
import tomllib
from typing import Any

from croupier.core.errors import InvalidInput

MAX_TEXT = 4_000_000
"""Characters in one rules or round file (a long tournament file is well under this)."""
MAX_DEPTH = 32
"""Nesting of objects and arrays (croupier's own files nest at most five deep)."""
MAX_NUMBER_DIGITS = 15
"""Digits of one number: ten trillion dollars in cents has 15."""


def _check_size(text: str, what: str) -> None:
    if len(text) > MAX_TEXT:
        raise InvalidInput(f"{what} is too large ({len(text):,} characters; at most {MAX_TEXT:,})")


def _depth(value: Any, what: str) -> None:
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict | list):
            if depth > MAX_DEPTH:
                raise InvalidInput(f"{what} nests deeper than {MAX_DEPTH} levels")
            children = node.values() if isinstance(node, dict) else node
            stack.extend((child, depth + 1) for child in children)


def _number(text: str, what: str) -> str:
    digits = sum(ch.isdigit() for ch in text)
    if digits > MAX_NUMBER_DIGITS:
        raise InvalidInput(
            f"{what} holds a number of {digits} digits ({text[:20]}...); "
            f"at most {MAX_NUMBER_DIGITS} digits"
        )
    return text


def _nesting_before_parse(text: str, what: str) -> None:
    """Refuse deep nesting before the parser recurses into it (brackets outside strings)."""
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise InvalidInput(f"{what} nests deeper than {MAX_DEPTH} levels")
        elif ch in "]}":
            depth -= 1


def loads_json(text: str, what: str = "file") -> Any:
    """JSON text to plain data, within the limits above."""
    _check_size(text, what)
    _nesting_before_parse(text, what)

    def parse_int(s: str) -> int:
        return int(_number(s, what))

    def parse_float(s: str) -> float:
        return float(_number(s, what))

    def parse_constant(s: str) -> Any:
        raise InvalidInput(f"{what}: {s} is not a number croupier accepts")

    try:
        data = json.loads(
            text, parse_int=parse_int, parse_float=parse_float, parse_constant=parse_constant
        )
    except json.JSONDecodeError as exc:
        raise InvalidInput(f"{what} is not valid JSON: {exc}") from None
    except RecursionError:
        raise InvalidInput(f"{what} nests deeper than {MAX_DEPTH} levels") from None
    _depth(data, what)
    return data


def loads_toml(text: str, what: str = "file") -> Any:
    """TOML text to plain data, within the limits above."""
    _check_size(text, what)
    try:
        data = tomllib.loads(text, parse_float=lambda s: float(_number(s, what)))
    except tomllib.TOMLDecodeError as exc:
        raise InvalidInput(f"{what} is not valid TOML: {exc}") from None
    except (RecursionError, ValueError) as exc:
        raise InvalidInput(f"{what} cannot be read: {exc}") from None
    _depth(data, what)
    _big_ints(data, what)
    return data


def _big_ints(value: Any, what: str) -> None:
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, int) and not isinstance(node, bool):
            _number(str(abs(node)), what)


def loads(text: str, what: str, *, toml: bool = False) -> Any:
    """``loads_toml`` when ``toml`` else ``loads_json``."""
    return loads_toml(text, what) if toml else loads_json(text, what)
