"""How this process calls the analysis's loops (``kernels.py``): the extension ``make compile``
builds from them ahead of time, or numba's compilation at first call (``analysis/native.py``).

On this machine numba's import and its cached kernels took about half a second of every
``croupier analyze twentyone`` before the arithmetic began; the extension loads in well under
a millisecond. ``tests/analysis/twentyone/test_ahead_of_time.py`` holds the two to equal
results.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Final

from croupier.analysis.native import KernelSet

_I8, _I8_2, _I64, _I64_2 = "i1[::1]", "i1[:, ::1]", "i8[::1]", "i8[:, ::1]"
_F64, _F64_2, _BOOL = "f8[::1]", "f8[:, ::1]", "b1[::1]"
_TRIE = f"{_I64}, {_I64}, {_I64}, {_I64}, {_F64}, {_I64}, {_I8_2}, {_I64}, {_I8}, {_I64}"
"""A dealer trie's arrays, in ``DealerTrie``'s order less ``counts``."""

KERNELS: Final = KernelSet(
    folder=Path(__file__).resolve().parent,
    sources=("kernels.py",),
    numba_module="croupier.analysis.twentyone.kernels",
    extension="croupier.analysis.twentyone._kernels",
    signatures={
        "dealer_probabilities": f"void({_I64}, {_TRIE}, b1, {_F64}, {_F64})",
        "evaluate": (
            f"void({_I64}, {_I8_2}, {_I64}, {_BOOL}, {_I64_2}, {_I8}, {_I8}, i8, b1, b1, i8, "
            f"{_TRIE}, {_I64}, {_I64}, {_F64_2}, {_F64}, {_F64}, {_F64}, {_F64})"
        ),
        "mark_needed": f"void({_I64}, {_I8}, {_I64_2}, {_I8})",
        "table_pass": (
            f"void({_I64}, {_I8_2}, {_I64}, {_BOOL}, {_I64}, {_I64_2}, {_F64}, {_F64}, i8, b1, "
            f"{_I8}, {_F64})"
        ),
    },
)

_native, KIND = KERNELS.load()
"""``KIND``: "ahead-of-time" or "numba", how the loops below were compiled."""

dealer_probabilities: Callable[..., None] = _native.dealer_probabilities
evaluate: Callable[..., None] = _native.evaluate
mark_needed: Callable[..., None] = _native.mark_needed
table_pass: Callable[..., None] = _native.table_pass
