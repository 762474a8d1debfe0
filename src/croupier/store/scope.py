"""Which organization's rows a database transaction may see (issue 29: row-level security).

On PostgreSQL, row-level security policies (migration ``r0011_row_security``) show a
transaction only the rows of the organization named in its ``croupier.org`` setting: the events
and streams whose names are that organization's (``service.people.namespace``), its prepared
slips and its asks. ``*`` sees every organization's; an empty or missing setting sees nothing,
so a query whose organization was forgotten returns nothing, whatever the application's own
checks (which come first) would have let through.

Each transaction's setting is the ``org_scope`` of the context it begins in, else its engine's
default: ``*`` for the command line (the server's operator), nothing for the web server, whose
every request names its organization (``web.security.tenant_of``). SQLite has no row-level
security; there the application's checks are the only ones.
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Iterator
from contextvars import ContextVar
from typing import TYPE_CHECKING, Final

from croupier.core.errors import InvalidInput

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection, Engine, ExceptionContext

ALL = "*"
"""Every organization's rows (the operator's commands, anchors that sign every stream)."""
NONE = ""
"""No organization's rows."""
SETTING = "croupier.org"
REFUSED: Final = (
    "not this organization's to write (the database's row-level security refused it); "
    "nothing was changed"
)


def refused_by_row_security(found: BaseException) -> bool:
    """Whether PostgreSQL's error ``found`` is a row-level security policy refusing a row."""
    return getattr(found, "sqlstate", None) == "42501" and "row-level security" in str(found)


org_scope: ContextVar[str | None] = ContextVar("croupier_org_scope", default=None)
_defaults: weakref.WeakKeyDictionary[Engine, str] = weakref.WeakKeyDictionary()


def install(engine: Engine, default: str = ALL) -> None:
    """Name each transaction's organization on a PostgreSQL ``engine`` (nothing on SQLite)."""
    from sqlalchemy import event as sa_event

    if engine.dialect.name != "postgresql" or engine in _defaults:
        _defaults[engine] = _defaults.get(engine, default)
        return
    _defaults[engine] = default

    @sa_event.listens_for(engine, "begin")
    def _name_the_organization(conn: Connection) -> None:
        scope = org_scope.get()
        value = scope if scope is not None else _defaults.get(engine, NONE)
        conn.exec_driver_sql(
            "SELECT set_config(%(name)s, %(value)s, true)", {"name": SETTING, "value": value}
        )

    @sa_event.listens_for(engine, "handle_error")
    def _refused_by_row_security(context: ExceptionContext) -> BaseException | None:
        if refused_by_row_security(context.original_exception):
            return InvalidInput(REFUSED)
        return None


def set_default(engine: Engine, default: str) -> None:
    """The organization a transaction of ``engine`` sees when its context names none (the web
    server: ``NONE``)."""
    _defaults[engine] = default


def enter(org: str) -> None:
    """The rest of this context (one request) works in ``org``."""
    org_scope.set(org)


@contextlib.contextmanager
def scoped(org: str) -> Iterator[None]:
    """Inside, transactions work in ``org`` (``ALL``: every organization)."""
    token = org_scope.set(org)
    try:
        yield
    finally:
        org_scope.reset(token)


def bypass_warning(engine: Engine) -> str | None:
    """A line for the operator when PostgreSQL's row-level security cannot apply to the role
    croupier connects as (a superuser, or a role with ``BYPASSRLS``: every policy passes);
    None when it applies, and on SQLite."""
    if engine.dialect.name != "postgresql":
        return None
    with engine.connect() as conn:
        row = conn.exec_driver_sql(
            "SELECT current_user, rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user"
        ).first()
    if row is None or not (row[1] or row[2]):
        return None
    kind = "a superuser" if row[1] else "a role with BYPASSRLS"
    return (
        f"the database role {row[0]!r} is {kind}: PostgreSQL's row-level security does not "
        "apply to it, so only croupier's own checks keep the organizations apart; connect as a "
        "role that owns the database and is neither (docs/deploy.md)"
    )


def ensure_plain_role(engine: Engine, role: str) -> None:
    """Make PostgreSQL role ``role`` (a login that is neither a superuser nor BYPASSRLS, so
    that row-level security applies to it) unless it exists: for the benchmarks and tests,
    which run as such a role what a deployment runs (``docs/deploy.md``). Needs a superuser."""
    if not role.isidentifier():
        raise InvalidInput(f"role name {role!r}: letters, digits and underscores")
    with engine.begin() as conn:
        # processes making it at once (the tests in parallel, two benchmarks) take turns, so
        # that none is refused a role another made between its look and its CREATE
        conn.exec_driver_sql(
            "SELECT pg_advisory_xact_lock(hashtext(%(k)s))", {"k": f"croupier role {role}"}
        )
        found = conn.exec_driver_sql(
            "SELECT 1 FROM pg_roles WHERE rolname = %(r)s", {"r": role}
        ).first()
        if found is None:
            # the lock above is the database's, a role the cluster's: a process connected to
            # another database may still make it first, which is as good
            conn.exec_driver_sql(
                f"DO $$ BEGIN CREATE ROLE {role} LOGIN NOSUPERUSER NOBYPASSRLS; "
                "EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$"
            )
