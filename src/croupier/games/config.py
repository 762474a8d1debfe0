"""Validating a game's house rules from plain data, with every problem reported at once.

A rules model is a frozen pydantic model whose ``problems()`` method lists the rule-level
problems (limits of the regulation) of an otherwise well-typed configuration. ``validate_rules``
runs pydantic's type checks and the rule checks together, so that a wrongly typed field never
hides the rule problems of the other fields: each offending part is left out (its default
applies) until the rest validates, and the rule problems of that rest are reported too.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from croupier.core.errors import ConfigError, InvalidInput, Problem
from croupier.core.money import parse_money

M = TypeVar("M", bound=BaseModel)
_Loc = tuple[int | str, ...]
_MAX_PRUNING_PASSES = 8


def validate_rules(
    model: type[M],
    data: Mapping[str, Any],
    sections: Mapping[str, str],
    what: str,
    found: Iterable[Problem] = (),
) -> M:
    """Build ``model`` from ``data`` or raise ``ConfigError`` listing every problem.

    Floats are refused outright (money and counts are integers) and so are booleans given for a
    non-boolean field; ``sections`` names the regulation section of each field for the message;
    ``found`` holds problems the caller already found in ``data`` (listed first).
    """
    if not isinstance(data, Mapping):
        raise ConfigError([Problem("rules", f"{what} must be an object")], what)
    problems: list[Problem] = list(found)
    cleaned = _dollars_to_cents(dict(data), "", problems)
    for key, value in list(cleaned.items()):
        field = model.model_fields.get(key)
        if field is not None and (
            isinstance(value, float) or (isinstance(value, bool) and field.annotation is not bool)
        ):
            problems.append(Problem(key, f"must not be {value!r}", sections.get(key)))
            cleaned.pop(key)
    try:
        rules = model.model_validate(cleaned)
    except ValidationError as exc:
        for err in exc.errors():
            name = ".".join(str(p) for p in err["loc"]) or "rules"
            first = str(err["loc"][0]) if err["loc"] else name
            problems.append(Problem(name, err["msg"], sections.get(name, sections.get(first))))
        problems.extend(_despite_type_errors(model, cleaned, exc))
        raise ConfigError(problems, what) from None
    problems.extend(_problems_of(rules))
    if problems:
        raise ConfigError(problems, what)
    return rules


_DECIMAL_AS_TEXT = re.compile(r"\s*[-+]?\d[\d_]*\.\d*\s*")
"""A number with a decimal point, in quotes: no label (a wheel's "00") or count has one."""


def _dollars_to_cents(value: Any, where: str, problems: list[Problem]) -> Any:
    """Every string written as dollars (``"$25"``, ``"$0.50"``) at any depth, as cents: house
    rules typed by a person state money in dollars; a bare integer stays cents. An amount with
    a decimal point in quotes but without its dollar sign (``"300.00"``) is refused: read as a
    whole number it would be cents, $3.00 where $300.00 was meant."""
    if isinstance(value, str) and value.strip().startswith(("$", "-$")):
        try:
            return parse_money(value)
        except InvalidInput as exc:
            problems.append(Problem(where or "rules", str(exc)))
            return None
    if isinstance(value, str) and _DECIMAL_AS_TEXT.fullmatch(value):
        problems.append(
            Problem(
                where or "rules",
                f"{value!r} is an amount without its dollar sign: write money in dollars "
                f'with its sign ("${value.strip()}"), or whole cents as a number without quotes',
            )
        )
        return None
    if isinstance(value, Mapping):
        return {
            k: _dollars_to_cents(v, f"{where}.{k}" if where else str(k), problems)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_dollars_to_cents(v, f"{where}[{i}]", problems) for i, v in enumerate(value)]
    return value


def require_valid(rules: M, what: str) -> M:
    """``rules`` if its rule checks pass, else ``ConfigError`` (for rules built by code)."""
    problems = _problems_of(rules)
    if problems:
        raise ConfigError(problems, what)
    return rules


def _problems_of(rules: BaseModel) -> list[Problem]:
    check = getattr(rules, "problems", None)
    return list(check()) if callable(check) else []


def _despite_type_errors(
    model: type[BaseModel], data: Mapping[str, Any], exc: ValidationError
) -> list[Problem]:
    """The rule problems of the rest of a configuration that has wrong-typed or unknown parts:
    each offending part (a key or list item, at any depth) is left out until the rest validates;
    problems naming a left-out part are not repeated. Nothing if a required part is lost."""
    pruned: Any = copy.deepcopy(dict(data))
    removed: list[str] = []
    errors = exc.errors()
    for _ in range(_MAX_PRUNING_PASSES):
        locs: list[_Loc] = []
        for err in errors:
            loc: _Loc = tuple(err["loc"])
            if err["type"] == "missing":
                loc = loc[:-1]  # a required part is missing: leave out what holds it
            if not loc:
                return []
            locs.append(loc)
        progressed = False
        for loc in sorted(set(locs), key=_loc_key, reverse=True):
            if _delete(pruned, loc):
                removed.append(".".join(str(p) for p in loc))
                progressed = True
        if not progressed:
            return []
        try:
            rules = model.model_validate(pruned)
        except ValidationError as again:
            errors = again.errors()
            continue
        return [
            p
            for p in _problems_of(rules)
            if not any(p.field == x or p.field.startswith((x + ".", x + "[")) for x in removed)
        ]
    return []


def _loc_key(loc: _Loc) -> tuple[tuple[int, int, str], ...]:
    return tuple((0, p, "") if isinstance(p, int) else (1, 0, p) for p in loc)


def _delete(tree: Any, loc: _Loc) -> bool:
    """Remove the item at ``loc`` (keys and list indices) from ``tree``; False if absent."""
    node = tree
    for part in loc[:-1]:
        if not _holds(node, part):
            return False
        node = node[part]
    if not _holds(node, loc[-1]):
        return False
    del node[loc[-1]]
    return True


def _holds(node: Any, part: int | str) -> bool:
    if isinstance(node, dict):
        return part in node
    return isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
