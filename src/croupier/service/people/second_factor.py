"""The second factor of a sign-in (issue 29): an authenticator's time-based code (TOTP, RFC 6238,
computed by ``pyotp``) and single-use recovery codes.

- **Who needs one**: the owner, gaming managers and auditors (``AccountsConfig
  .second_factor_roles``): the accounts that can change or read all of an organization's books.
  Anyone else may set one up. An account that needs one and has none signs in with its password
  and can do nothing but set it up.
- **Setting it up**: a shared key (160 random bits from the injected ``Rng``, base32 as
  authenticator apps take it) is kept unconfirmed until a code from the person's authenticator
  proves it holds the key; ten recovery codes are then shown, once.
- **Codes**: six digits, a 30-second step, the step before and after accepted for a clock
  that drifts; a code's step must be later than the last one accepted, so a code seen over a
  shoulder cannot be used again.
- **Recovery codes**: sixteen characters of a 31-letter alphabet without look-alikes (about 79
  bits), grouped in fours, typed in any case with or without the dashes; the store keeps their
  SHA-256, and each is used once.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from datetime import datetime
from urllib.parse import quote

import pyotp

from croupier.core.rng import Rng

SECOND_FACTOR_ROLES: frozenset[str] = frozenset(
    {"owner", "gaming manager", "auditor", "state auditor"}
)
"""The roles that must sign in with a second factor (issue 29)."""
STEP_SECONDS = 30
DIGITS = 6
DRIFT_STEPS = 1
"""Steps either side of now accepted (a phone's clock a little off)."""
RECOVERY_COUNT = 10
RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
"""Lower-case letters and digits without the look-alikes (i, l, o, 0, 1)."""
RECOVERY_LENGTH = 16
ISSUER = "croupier"


def new_secret(rng: Rng) -> str:
    """A shared key: 20 random bytes (RFC 4226's recommended length), base32 without padding."""
    raw = bytes(rng.randbelow(256) for _ in range(20))
    return base64.b32encode(raw).decode().rstrip("=")


def grouped(secret: str) -> str:
    """The key as a person types it into an authenticator: groups of four."""
    return " ".join(secret[i : i + 4] for i in range(0, len(secret), 4))


def setup_uri(secret: str, account: str, organization: str) -> str:
    """The ``otpauth://`` address an authenticator reads (as a link or a QR code)."""
    label = quote(f"{ISSUER} {organization}:{account}", safe="")
    return (
        f"otpauth://totp/{label}?secret={secret}&issuer={quote(ISSUER)}"
        f"&algorithm=SHA1&digits={DIGITS}&period={STEP_SECONDS}"
    )


def step_of(now: datetime) -> int:
    return int(now.timestamp()) // STEP_SECONDS


def code_at(secret: str, step: int) -> str:
    """The code of ``step`` (RFC 6238 with SHA-1, six digits, as authenticator apps compute)."""
    return pyotp.TOTP(secret, digits=DIGITS, interval=STEP_SECONDS).generate_otp(step)


def matching_step(secret: str, code: str, now: datetime, last_step: int | None) -> int | None:
    """The step whose code ``code`` is (now, or one step either side), if later than
    ``last_step``; None if it matches none of them."""
    typed = "".join(code.split())
    if len(typed) != DIGITS or not typed.isascii() or not typed.isdigit():
        return None
    now_step = step_of(now)
    found = None
    for step in range(now_step - DRIFT_STEPS, now_step + DRIFT_STEPS + 1):
        # every candidate compared (no early exit): the time does not tell which one matched
        if hmac.compare_digest(code_at(secret, step), typed) and found is None:
            found = step
    if found is None or (last_step is not None and found <= last_step):
        return None
    return found


def new_recovery_codes(rng: Rng) -> list[str]:
    """Ten recovery codes, ``abcd-efgh-jkmn-pqrs``."""
    codes = []
    for _ in range(RECOVERY_COUNT):
        raw = "".join(
            RECOVERY_ALPHABET[rng.randbelow(len(RECOVERY_ALPHABET))] for _ in range(RECOVERY_LENGTH)
        )
        codes.append("-".join(raw[i : i + 4] for i in range(0, RECOVERY_LENGTH, 4)))
    return codes


def recovery_digest(code: str) -> str | None:
    """The stored form of a recovery code as typed (any case, dashes and spaces ignored), or
    None when it cannot be one."""
    typed = "".join(ch for ch in code.lower() if ch not in "- ")
    if len(typed) != RECOVERY_LENGTH or any(ch not in RECOVERY_ALPHABET for ch in typed):
        return None
    return hashlib.sha256(typed.encode()).hexdigest()


def looks_like_recovery(code: str) -> bool:
    return recovery_digest(code) is not None
