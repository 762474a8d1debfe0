"""Compile the poker engine's hot modules with mypyc, and the twenty-one analysis's loops ahead of
time (``make compile``).

The modules listed in ``COMPILED`` are ordinary, type-checked Python; mypyc turns each into a C
extension placed beside its source (``src/croupier/.../name.cpython-*.so``), which Python then
imports instead of the ``.py``. Nothing else changes: the same source is the only definition of
the rules, and without a compiler the package runs as plain Python. Run from the repository
root: ``python tools/compile.py`` (build files go to ``build/mypyc``); ``--clean`` removes the
extensions again, ``--list`` prints the sources. The analysis's loops are ``aot.py``'s.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
BUILD = ROOT / "build" / "mypyc"
sys.path.insert(0, str(SRC))

import aot  # noqa: E402

from croupier.service.bench.engine_build import COMPILED_MODULES, builds  # noqa: E402

COMPILED = [module.replace(".", "/") + ".py" for module in COMPILED_MODULES]
"""The sources, relative to ``src/``."""


def extensions() -> list[Path]:
    """The compiled files this script may have placed under ``src/``."""
    found = list(SRC.glob("*__mypyc*.so"))
    found.extend(b.extension for b in builds() if b.extension is not None)
    return found


def clean() -> None:
    for path in extensions():
        path.unlink()
    aot.clean()


def build() -> None:
    from mypyc.build import mypycify
    from setuptools import setup

    clean()
    os.chdir(SRC)
    setup(
        name="croupier-compiled",
        ext_modules=mypycify(COMPILED, opt_level="3", target_dir=str(BUILD / "c")),
        script_args=[
            "build_ext",
            "--inplace",
            "--build-temp",
            str(BUILD / "temp"),
            "--build-lib",
            str(BUILD / "lib"),
        ],
    )
    # The per-module extensions are small shims (the code is in the shared ``*__mypyc`` library)
    # that the build may copy unchanged with their old times: date them all now, so that "older
    # than its source" means stale (croupier.service.bench.engine_build).
    for path in extensions():
        os.utime(path)
    aot.build()


if __name__ == "__main__":
    if "--list" in sys.argv:
        print("\n".join([*(str(SRC / s) for s in COMPILED), *(str(s) for s in aot.SOURCES)]))
    elif "--clean" in sys.argv:
        clean()
    else:
        build()
