"""Loops compiled ahead of time where ``make compile`` built them, else by numba at first call.

A kernel set is the numba source of some analysis loops (one or more files of a package) and the
extension ``tools/aot.py`` compiles from it with numba's ``pycc``, with ``EXTENSION.sha256``
beside it: the digest of the sources it was built from. ``KernelSet.load`` imports the
extension only while that digest is the sources' digest now (importing it takes well under a
millisecond, and neither numba nor its cache is loaded); anywhere else (never compiled, a source
edited since) it imports the numba module, whose functions compile at their first call as
before. Either way the one source defines the loops: the extension's exported functions are
those functions compiled for one signature each.
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

AHEAD_OF_TIME = "ahead-of-time"
NUMBA = "numba"


@dataclass(frozen=True)
class KernelSet:
    """One package's compiled loops (see the module docstring)."""

    folder: Path
    """The package's folder (the sources, the extension and its stamp are in it)."""
    sources: tuple[str, ...]
    """The files whose digest the extension must match, the numba module's own first."""
    numba_module: str
    extension: str
    """The extension's dotted module name."""
    signatures: Mapping[str, str]
    """Each exported function of the numba module and its one signature."""

    @property
    def stamp(self) -> Path:
        return self.folder / (self.extension.rsplit(".", 1)[1] + ".sha256")

    def digest(self) -> str:
        """The SHA-256 of the sources as they are now (each file's name, then its bytes)."""
        h = hashlib.sha256()
        for name in self.sources:
            h.update(name.encode() + b"\0")
            h.update((self.folder / name).read_bytes())
        return h.hexdigest()

    def ahead_of_time(self) -> ModuleType | None:
        """The extension, if it was built from the sources as they are now; else None."""
        try:
            built_from = self.stamp.read_text(encoding="ascii").strip()
        except OSError:
            return None
        if built_from != self.digest():
            return None
        try:
            return importlib.import_module(self.extension)
        except ImportError:
            return None

    def load(self) -> tuple[ModuleType, str]:
        """The module to call the loops from, and how they were compiled."""
        native = self.ahead_of_time()
        if native is not None:
            return native, AHEAD_OF_TIME
        return importlib.import_module(self.numba_module), NUMBA
