"""Compile the analysis's numba loops ahead of time (``make compile``, by ``compile.py``).

For each kernel set (``croupier.analysis.native.KernelSet``: the twenty-one analysis's loops and
the simulation's kernel), numba's ``pycc`` compiles the functions named in its signatures into
one extension beside the sources, and this script then writes the sources' digest beside it
(``EXTENSION.sha256``). The process uses an extension only while that digest is the sources':
an edited source falls back to numba's JIT until the next ``make compile``. Extensions are built
for a generic x86-64 (numba's default), so an image built on one machine runs on another.
"""

from __future__ import annotations

import importlib
import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ANALYSIS = ROOT / "src" / "croupier" / "analysis"
SETS = {
    "croupier.analysis.twentyone.compiled": ANALYSIS / "twentyone",
    "croupier.analysis.twentyone_sim.compiled": ANALYSIS / "twentyone_sim",
}
"""Each module defining a ``KERNELS`` set, and its folder."""
SOURCES = [
    ANALYSIS / "native.py",
    ANALYSIS / "twentyone" / "kernels.py",
    ANALYSIS / "twentyone_sim" / "kernel.py",
    ANALYSIS / "twentyone_sim" / "shoe.py",
    ANALYSIS / "twentyone_sim" / "layout.py",
]
"""What make watches (listing them imports nothing: make reads the list with whatever Python it
finds); ``tests/analysis/twentyone/test_ahead_of_time.py`` holds it to the sets' sources."""


def built() -> list[Path]:
    """The files ``build`` places under ``src/`` (extensions and stamps)."""
    found: list[Path] = []
    for folder in SETS.values():
        for pattern in ("_kernel*.so", "_kernel*.sha256"):
            found.extend(folder.glob(pattern))
    return found


def clean() -> None:
    for path in built():
        path.unlink(missing_ok=True)


def build() -> None:
    from numba.core.errors import NumbaPendingDeprecationWarning

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NumbaPendingDeprecationWarning)
        from numba.pycc import CC  # type: ignore[attr-defined]

    sys.path.insert(0, str(ROOT / "src"))
    clean()
    for name in SETS:
        kernels = importlib.import_module(name).KERNELS
        source = importlib.import_module(kernels.numba_module)
        digest = kernels.digest()
        cc = CC(kernels.extension.rsplit(".", 1)[1])  # type: ignore[no-untyped-call]
        cc.output_dir = str(kernels.folder)
        cc.verbose = False
        for function, signature in kernels.signatures.items():
            export = cc.export(function, signature)  # type: ignore[no-untyped-call]
            export(getattr(source, function).py_func)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", NumbaPendingDeprecationWarning)
            cc.compile()
        kernels.stamp.write_text(digest + "\n", encoding="ascii")


if __name__ == "__main__":
    if "--clean" in sys.argv:
        clean()
    elif "--list" in sys.argv:
        print("\n".join(str(path) for path in SOURCES))
    else:
        build()
