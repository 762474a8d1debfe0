"""Compile the twenty-one analysis's loops ahead of time (``make compile``, by ``compile.py``).

numba's ``pycc`` compiles each function of ``croupier/analysis/twentyone/kernels.py`` named in
``compiled.SIGNATURES`` into one extension, ``_kernels``, beside it, and this script then writes
``_kernels.sha256``, the digest of the source it compiled. ``compiled.py`` uses the extension
only while that digest is the source's: an edited ``kernels.py`` falls back to numba's JIT until
the next ``make compile``. The extension is built for a generic x86-64 (numba's default), so an
image built on one machine runs on another.
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "src" / "croupier" / "analysis" / "twentyone"
SOURCE = HERE / "kernels.py"
"""The loops' source (``compiled.SOURCE``; named here so that listing it imports nothing: make
reads the list with whatever Python it finds)."""


def built() -> list[Path]:
    """The files ``build`` places under ``src/`` (the extension and ``compiled.STAMP``)."""
    return [*HERE.glob("_kernels.*.so"), HERE / "_kernels.sha256"]


def clean() -> None:
    for path in built():
        path.unlink(missing_ok=True)


def build() -> None:
    from numba.core.errors import NumbaPendingDeprecationWarning

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NumbaPendingDeprecationWarning)
        from numba.pycc import CC  # type: ignore[attr-defined]

    sys.path.insert(0, str(ROOT / "src"))
    from croupier.analysis.twentyone import compiled, kernels

    clean()
    digest = compiled.source_digest()
    name = compiled.EXTENSION.rsplit(".", 1)[1]
    cc = CC(name)  # type: ignore[no-untyped-call]
    cc.output_dir = str(compiled.HERE)
    cc.verbose = False
    for function, signature in compiled.SIGNATURES.items():
        export = cc.export(function, signature)  # type: ignore[no-untyped-call]
        export(getattr(kernels, function).py_func)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NumbaPendingDeprecationWarning)
        cc.compile()
    compiled.STAMP.write_text(digest + "\n", encoding="ascii")


if __name__ == "__main__":
    if "--clean" in sys.argv:
        clean()
    elif "--list" in sys.argv:
        print(SOURCE)
    else:
        build()
