"""The gaming tax schedules (``data/gaming_tax.toml``, NDCC 53-06.1-12), read and checked.

The brackets are data: a new statute is a new ``[[schedule]]`` in the file (or a file of the
organization's own named by ``CROUPIER_TAX_FILE``), never a code change. Every problem in the
file is reported at once (``ConfigError``), each citing the statute.
"""

from __future__ import annotations

import os
import tomllib
from datetime import date
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from croupier.books.tax import STATUTE, TaxBracket, TaxSchedule
from croupier.core.errors import ConfigError, CroupierError, InvalidInput, Problem
from croupier.core.money import parse_money
from croupier.service.files import read_text

DEFAULT = Path(__file__).with_name("data") / "gaming_tax.toml"
ENV = "CROUPIER_TAX_FILE"


def parse_schedules(
    data: dict[str, Any], where: str = "gaming tax file"
) -> tuple[TaxSchedule, ...]:
    """The schedules of a parsed tax file; ``ConfigError`` lists every problem."""
    problems: list[Problem] = []
    out: list[TaxSchedule] = []
    raw = data.get("schedule")
    if not isinstance(raw, list) or not raw:
        raise ConfigError(
            [Problem("schedule", "at least one [[schedule]] is needed", STATUTE)], where
        )
    for n, item in enumerate(raw, 1):
        label = f"schedule {n}"
        try:
            effective = date.fromisoformat(str(item.get("effective_from", "")))
        except ValueError:
            problems.append(
                Problem(f"{label}.effective_from", "must be a date YYYY-MM-DD", STATUTE)
            )
            continue
        brackets: list[TaxBracket] = []
        for k, b in enumerate(item.get("bracket", []), 1):
            field = f"{label}.bracket {k}"
            try:
                over = parse_money(str(b["over"]), f"{field}.over")
                base = parse_money(str(b["base"]), f"{field}.base")
                rate = Fraction(str(b["rate"]))
            except (KeyError, ValueError, ZeroDivisionError, CroupierError) as e:
                problems.append(
                    Problem(field, f"needs over, base (dollars) and rate ({e})", STATUTE)
                )
                continue
            brackets.append(TaxBracket(over, base, rate))
        schedule = TaxSchedule(effective, tuple(brackets), str(item.get("source", STATUTE)))
        problems.extend(schedule.problems())
        out.append(schedule)
    dates = [s.effective_from for s in out]
    if len(set(dates)) != len(dates):
        problems.append(
            Problem("effective_from", "two schedules take effect the same day", STATUTE)
        )
    if problems:
        raise ConfigError(problems, where)
    return tuple(sorted(out, key=lambda s: s.effective_from))


@cache
def _load(path: str) -> tuple[TaxSchedule, ...]:
    text = read_text(Path(path), "gaming tax file")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise InvalidInput(f"gaming tax file {path} is not valid TOML: {e}") from None
    return parse_schedules(data, path)


def schedules() -> tuple[TaxSchedule, ...]:
    """The schedules in force: ``CROUPIER_TAX_FILE`` if set, else the statute's as shipped."""
    return _load(os.environ.get(ENV) or str(DEFAULT))
