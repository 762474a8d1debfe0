"""Which of the poker engine's modules run compiled (mypyc) and whether a compiled one is stale.

``make compile`` (``tools/compile.py``) turns the modules in ``COMPILED_MODULES`` into C
extensions placed beside their sources; Python then imports the extension instead of the
``.py``. An extension older than its source would silently run old code, so the test session
refuses to start on one (``tests/conftest.py``) and ``croupier bench poker`` says what it ran.
"""

from __future__ import annotations

import importlib.machinery
from dataclasses import dataclass
from pathlib import Path

COMPILED_MODULES = (
    "croupier.service.bench.poker_play",
    "croupier.core.events",
    "croupier.core.protocol",
    "croupier.eval.scalar",
    "croupier.games.poker.events",
    "croupier.games.poker.betting",
    "croupier.games.poker.conduct",
    "croupier.games.poker.game",
    "croupier.games.poker.hand",
    "croupier.games.poker.pots",
    "croupier.games.poker.rounds",
    "croupier.games.poker.showdown",
    "croupier.games.poker.showdown_eval",
    "croupier.games.poker.state",
    "croupier.games.poker.table",
)

PACKAGE_ROOT = Path(__file__).resolve().parents[2]
"""``src/croupier`` (or the installed package directory)."""


@dataclass(frozen=True, slots=True)
class ModuleBuild:
    module: str
    source: Path
    extension: Path | None
    """The compiled extension beside the source, if any."""

    @property
    def stale(self) -> bool:
        """An extension older than its source (the source changed since ``make compile``)."""
        return (
            self.extension is not None
            and self.source.stat().st_mtime > self.extension.stat().st_mtime
        )


def source_path(module: str) -> Path:
    """The ``.py`` file of a module listed in ``COMPILED_MODULES`` (found without importing)."""
    parts = module.split(".")
    return PACKAGE_ROOT.joinpath(*parts[1:]).with_suffix(".py")


def builds() -> list[ModuleBuild]:
    """Each compiled-engine module with its extension (``None`` when it runs as plain Python)."""
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    out = []
    for module in COMPILED_MODULES:
        source = source_path(module)
        extension = next(
            (
                source.with_name(source.stem + suffix)
                for suffix in suffixes
                if source.with_name(source.stem + suffix).exists()
            ),
            None,
        )
        out.append(ModuleBuild(module, source, extension))
    return out


def describe() -> str:
    """One line: whether the engine runs compiled, as plain Python, or (a fault) stale."""
    found = builds()
    stale = [b.module for b in found if b.stale]
    if stale:
        return f"STALE compiled modules (run `make compile`): {', '.join(stale)}"
    compiled = sum(1 for b in found if b.extension is not None)
    if compiled == len(found):
        return f"poker engine compiled with mypyc ({compiled} modules)"
    if compiled == 0:
        return "poker engine running as plain Python (`make compile` builds the compiled one)"
    return f"poker engine partly compiled ({compiled} of {len(found)} modules)"
