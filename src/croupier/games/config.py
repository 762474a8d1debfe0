"""Validating a game's house rules from plain data, with every problem reported at once.

A rules model is a frozen pydantic model whose ``problems()`` method lists the rule-level
problems (limits of the regulation) of an otherwise well-typed configuration. ``validate_rules``
runs pydantic's type checks and the rule checks together, so that a wrongly typed field never
hides the rule problems of the other fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from croupier.core.errors import ConfigError, Problem

M = TypeVar("M", bound=BaseModel)


def validate_rules(
    model: type[M], data: Mapping[str, Any], sections: Mapping[str, str], what: str
) -> M:
    """Build ``model`` from ``data`` or raise ``ConfigError`` listing every problem.

    Floats are refused outright (money and counts are integers) and so are booleans given for a
    non-boolean field; ``sections`` names the regulation section of each field for the message.
    """
    if not isinstance(data, Mapping):
        raise ConfigError([Problem("rules", f"{what} must be an object")], what)
    cleaned = dict(data)
    problems: list[Problem] = []
    for key, value in data.items():
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
            problems.append(Problem(name, err["msg"], sections.get(name)))
        bad = {str(err["loc"][0]) for err in exc.errors() if err["loc"]}
        try:
            partial = model.model_validate({k: v for k, v in cleaned.items() if k not in bad})
        except ValidationError:
            partial = None
        if partial is not None:
            problems.extend(p for p in _problems_of(partial) if p.field not in bad)
        raise ConfigError(problems, what) from None
    problems.extend(_problems_of(rules))
    if problems:
        raise ConfigError(problems, what)
    return rules


def require_valid(rules: M, what: str) -> M:
    """``rules`` if its rule checks pass, else ``ConfigError`` (for rules built by code)."""
    problems = _problems_of(rules)
    if problems:
        raise ConfigError(problems, what)
    return rules


def _problems_of(rules: BaseModel) -> list[Problem]:
    check = getattr(rules, "problems", None)
    return list(check()) if callable(check) else []
