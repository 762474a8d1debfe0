"""How this process calls the simulation's kernel (``kernel.py`` and the shoe it calls): the
extension ``make compile`` builds from them ahead of time, or numba's compilation at first call
(``analysis/native.py``). A quarterly report's hold-chance finding simulates a million rounds;
before the extension, numba's import and cache load took about half a second of it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from croupier.analysis.native import KernelSet

KERNELS: Final = KernelSet(
    folder=Path(__file__).resolve().parent,
    sources=("kernel.py", "shoe.py", "layout.py"),
    numba_module="croupier.analysis.twentyone_sim.kernel",
    extension="croupier.analysis.twentyone_sim._kernel",
    signatures={
        "run_chunk_kernel": (
            "i8[::1](i8[::1], i1[:, ::1], i1[:, ::1], i1[:, ::1], b1, i8, i8, u8[::1], i8[::1], "
            "i8[:, ::1])"
        ),
    },
)

_native, KIND = KERNELS.load()
"""``KIND``: "ahead-of-time" or "numba", how the kernel below was compiled."""

run_chunk_kernel: Callable[..., Any] = _native.run_chunk_kernel
