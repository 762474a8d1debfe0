"""The settings of one ``croupier serve`` process.

``croupier serve`` passes them to the worker processes through environment variables
(``from_environment``), since Uvicorn starts each worker from an import string; tests build
them directly, with a fixed clock, a seeded RNG and cheap password hashes.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from croupier.core.clock import Clock
from croupier.core.rng import Rng
from croupier.data import RULES_DIR
from croupier.service.people.accounts import TEST_CONFIG, AccountsConfig
from croupier.service.tables.live import RngSource

ENV_DB = "CROUPIER_DATABASE_URL"
ENV_ORG = "CROUPIER_ORG"
ENV_INSECURE = "CROUPIER_WEB_INSECURE_COOKIE"
ENV_TEST_HASHES = "CROUPIER_WEB_TEST_HASHES"
ENV_RULES = "CROUPIER_RULES_DIR"
ENV_MAX_BODY = "CROUPIER_MAX_BODY_BYTES"
DEFAULT_RULES_DIR = RULES_DIR
"""The example rules files installed with croupier (``croupier.data``): found wherever the
server starts, not only in a checkout (issue 29)."""
DEFAULT_DATABASE_URL = "sqlite:///croupier.db"
DEFAULT_ORG = "org"
LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})


@dataclass
class WebSettings:
    """What a server process needs: the database, the organization, the cookie policy, and
    the injected clock, randomness and password-hash cost."""

    database_url: str = DEFAULT_DATABASE_URL
    org_id: str = DEFAULT_ORG
    secure_cookie: bool = True
    """The session cookie's ``Secure`` flag; off only for plain HTTP on a loopback address."""
    clock: Clock | None = None
    rng: Rng | None = None
    accounts: AccountsConfig = field(default_factory=AccountsConfig)
    title: str = "croupier"
    tables_rng: RngSource | None = None
    """Where the live tables' shuffles and spins come from (default: the operating system)."""
    rules_dir: Path | None = None
    """The posted rules files a live table may be opened with (``CROUPIER_RULES_DIR``)."""
    max_body_bytes: int = 1 << 20
    """The largest request body read (``CROUPIER_MAX_BODY_BYTES``); larger is refused, 413."""


def from_environment() -> WebSettings:
    """The settings ``croupier serve`` put in the environment for its worker processes."""
    return WebSettings(
        database_url=os.environ.get(ENV_DB) or DEFAULT_DATABASE_URL,
        org_id=os.environ.get(ENV_ORG) or DEFAULT_ORG,
        secure_cookie=os.environ.get(ENV_INSECURE) != "1",
        accounts=TEST_CONFIG if os.environ.get(ENV_TEST_HASHES) == "1" else AccountsConfig(),
        rules_dir=Path(os.environ[ENV_RULES]) if os.environ.get(ENV_RULES) else DEFAULT_RULES_DIR,
        max_body_bytes=_positive(os.environ.get(ENV_MAX_BODY), 1 << 20),
    )


def _positive(text: str | None, default: int) -> int:
    """A positive whole number from the environment, or ``default`` when unset or not one."""
    value = (text or "").strip()
    return int(value) if value.isascii() and value.isdigit() and int(value) > 0 else default
