"""The error hierarchy.

Every refusal says what was wrong, what is allowed, and where the rule is written::

    CroupierError
    ├── ConfigError      invalid house rules, wheel or paytable; lists every problem
    ├── RuleViolation    an action the regulation forbids; carries the section
    └── InvalidInput     malformed input (a card that does not parse, a corrupt file, a bad URL)
        └── NotFound     a thing asked for by its name or number that is not there (or not yours)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


class CroupierError(Exception):
    """Base class of every error croupier raises on purpose."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One invalid field of a configuration."""

    field: str
    message: str
    section: str | None = None

    def __str__(self) -> str:
        where = f" ({self.section})" if self.section else ""
        return f"{self.field}: {self.message}{where}"


class ConfigError(CroupierError):
    """A configuration is invalid; ``problems`` lists every invalid field at once."""

    def __init__(self, problems: Iterable[Problem], what: str = "configuration") -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        self.what = what
        lines = "\n".join(f"  - {p}" for p in self.problems)
        count = len(self.problems)
        noun = "problem" if count == 1 else "problems"
        super().__init__(f"invalid {what}: {count} {noun}\n{lines}")


class RuleViolation(CroupierError):
    """An action the regulation does not allow. Raised before any state changes."""

    def __init__(self, message: str, section: str) -> None:
        self.section = section
        self.detail = message
        super().__init__(f"{message} [{section}]")


class InvalidInput(CroupierError):
    """Input that cannot be understood: a malformed card, money amount, file or URL."""


class NotFound(InvalidInput):
    """A thing asked for by its name or number (a live table, a round, a tournament, a count)
    that is not there, or not the asker's organization's: the server answers 404 without
    saying which. Everywhere else it is an ``InvalidInput`` like any other."""
