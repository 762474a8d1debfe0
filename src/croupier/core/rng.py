"""Injected randomness.

Two implementations of one small protocol:

* ``LiveRng`` draws from the operating system's CSPRNG (``secrets``) for live play;
* ``SeededRng`` uses numpy's PCG64 for simulation; ``spawn`` gives independent streams for
  worker processes through ``SeedSequence.spawn``.

Domain code receives an ``Rng``; nothing in ``src/`` uses the global ``random`` module.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:  # numpy is imported when a seeded generator is made, not by every command
    import numpy as np


@runtime_checkable
class Rng(Protocol):
    """A source of uniform random integers."""

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)``; ``n`` must be positive."""
        ...


class LiveRng:
    """Cryptographically secure randomness for live play (``secrets.randbelow``)."""

    def randbelow(self, n: int) -> int:
        if n <= 0:
            raise ValueError(f"randbelow needs a positive bound, got {n}")
        return secrets.randbelow(n)


class SeededRng:
    """Reproducible randomness for simulation and tests (numpy PCG64)."""

    def __init__(self, seed: int | np.random.SeedSequence) -> None:
        import numpy as np

        self._seq = (
            seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
        )
        self._gen = np.random.Generator(np.random.PCG64(self._seq))

    @property
    def generator(self) -> np.random.Generator:
        """The underlying numpy generator, for vectorised simulation kernels."""
        return self._gen

    def randbelow(self, n: int) -> int:
        if n <= 0:
            raise ValueError(f"randbelow needs a positive bound, got {n}")
        return int(self._gen.integers(0, n))

    def spawn(self, count: int) -> list[SeededRng]:
        """``count`` statistically independent child generators (one per worker)."""
        return [SeededRng(child) for child in self._seq.spawn(count)]
