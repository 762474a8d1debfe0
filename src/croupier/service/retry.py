"""Retrying a command that lost an optimistic-concurrency race, with jittered back-off.

A ``ConcurrencyError`` means another writer appended to the same stream between our read and
our write: nothing was written, and the command is run again on the refreshed state (where the
domain may now refuse it, for its own reason). Writers that collide and retry at once collide
again, so each retry waits a random time up to an exponentially growing cap ("full jitter"):
the k-th retry waits ``uniform(0, min(cap, base * 2**k))``. The race is given up only after
``deadline`` seconds of trying, so a busy table slows a writer down but does not refuse it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from croupier.core.rng import LiveRng, Rng
from croupier.store import ConcurrencyError

T = TypeVar("T")


@dataclass(frozen=True)
class Backoff:
    """How long to keep retrying a lost race, and how long to wait between tries."""

    base: float = 0.002
    """Seconds: the cap of the first wait."""
    cap: float = 0.25
    """Seconds: no single wait is longer than this."""
    deadline: float = 30.0
    """Seconds of retrying after which the ``ConcurrencyError`` is raised."""
    sleep: Callable[[float], None] = field(default=time.sleep, compare=False)
    rng: Rng = field(default_factory=LiveRng, compare=False)
    monotonic: Callable[[], float] = field(default=time.monotonic, compare=False)

    def wait(self, attempt: int) -> float:
        """The jittered wait before retry number ``attempt`` (0-based), in seconds."""
        top = min(self.cap, self.base * 2.0 ** min(attempt, 30))
        return top * self.rng.randbelow(1_000_000) / 1_000_000


DEFAULT_BACKOFF = Backoff()


def retrying(run: Callable[[], T], backoff: Backoff = DEFAULT_BACKOFF) -> T:
    """``run()``, run again after a jittered wait each time it raises ``ConcurrencyError``.

    ``run`` must read fresh state on each call. After ``backoff.deadline`` seconds the last
    ``ConcurrencyError`` is raised (nothing was written by any attempt that raised it).
    """
    started = backoff.monotonic()
    attempt = 0
    while True:
        try:
            return run()
        except ConcurrencyError:
            if backoff.monotonic() - started >= backoff.deadline:
                raise
        backoff.sleep(backoff.wait(attempt))
        attempt += 1
