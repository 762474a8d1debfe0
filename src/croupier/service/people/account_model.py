"""What an account is, apart from how it is stored: the roles an account may hold, an account
(never its password hash) and the accounts' configuration (hash cost, session life, throttle,
the roles that sign in with a second factor). ``people.accounts`` keeps them; the second
factor's part (``people.factor_accounts``) reads them too."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from croupier.service.people import second_factor as factor

OWNER = "owner"
PLAYER = "player"
AUDITOR = "auditor"
STATE_AUDITOR = "state auditor"
"""The state's auditor (issue 29): reads what an organization's own auditor reads, in each
organization they are granted (``croupier users grant``), and never records anything. Not a
role of the books: no employee of the organization."""
BOOKS_ROLES: tuple[str, ...] = (
    "gaming manager",
    "shift manager",
    "pit boss",
    "dealer",
    "wheel operator",
    "cashier",
    "count team member",
    "auditor",
    "independent person",
)
"""The roles the rules name, as ``croupier.books.model.Role`` spells them."""
ROLES: tuple[str, ...] = (OWNER, *BOOKS_ROLES, STATE_AUDITOR, PLAYER)
"""Every role an account may hold."""


@dataclass(frozen=True)
class AccountsConfig:
    """The cost of a password hash, the life of a session and the throttle's limits."""

    time_cost: int = 3
    memory_kib: int = 65536
    parallelism: int = 4
    session_lifetime: timedelta = timedelta(hours=12)
    idle_timeout: timedelta = timedelta(minutes=30)
    account_free_failures: int = 5
    address_free_failures: int = 20
    account_all_failures: int = 50
    known_address_days: int = 30
    failure_window: timedelta = timedelta(minutes=15)
    lockout: timedelta = timedelta(minutes=1)
    lockout_max: timedelta = timedelta(minutes=15)
    min_password_length: int = 12
    one_time_password_lifetime: timedelta = timedelta(hours=24)
    """How long a one-time password (a new account's, the owner's first, a reset's) signs in
    for: after it, the owner (or ``croupier users reset-password``) gives a new one."""
    second_factor_roles: frozenset[str] = factor.SECOND_FACTOR_ROLES
    """The roles that must sign in with a second factor (``service.people.second_factor``)."""
    code_wait: timedelta = timedelta(minutes=5)
    """How long a sign-in whose password was right waits for its code."""
    code_tries: int = 5
    """Wrong codes a waiting sign-in takes before the password must be given again."""


TEST_CONFIG = AccountsConfig(
    time_cost=1, memory_kib=8, parallelism=1, second_factor_roles=frozenset()
)
"""Argon2id at its lowest cost, and no role made to set up a second factor: for tests of other
things only (fast, still argon2id). The second factor's own tests use the roles as shipped."""


@dataclass(frozen=True)
class Account:
    """One person's account (never its password hash)."""

    account_id: int
    name: str
    roles: frozenset[str]
    employee_id: str | None
    disabled: bool
    must_change_password: bool
    created_at: datetime
    second_factor: bool = False
    """Whether an authenticator is set up (confirmed by a code)."""
    org_id: str | None = None
    """The organization whose roles ``roles`` are (and whose employee ``employee_id`` is): a
    person holds roles in each organization they belong to (``people.orgs``); None, no
    organization's."""

    def has(self, *roles: str) -> bool:
        return any(r in self.roles for r in roles)

    @property
    def roles_text(self) -> str:
        return ", ".join(r for r in ROLES if r in self.roles)
