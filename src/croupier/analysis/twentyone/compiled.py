"""How this process calls the analysis's loops (``kernels.py``).

``make compile`` builds ``_kernels``, an extension compiled ahead of time from ``kernels.py``
(``tools/aot.py``), and beside it ``_kernels.sha256``, the digest of the source it was built
from. Where both are present and the digest is that of today's ``kernels.py``, the extension is
used: importing it takes well under a millisecond, and neither numba nor a cache is loaded (on
this machine numba's import and its cached kernels took about half a second of every ``croupier
analyze twentyone``). Anywhere else (a checkout that was never compiled, a ``kernels.py`` edited
since) the same functions are compiled by numba at their first call, as before. Both run the one
source; ``tests/analysis/twentyone/test_ahead_of_time.py`` holds them to equal results.
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Final

HERE: Final = Path(__file__).resolve().parent
SOURCE: Final = HERE / "kernels.py"
STAMP: Final = HERE / "_kernels.sha256"
EXTENSION: Final = "croupier.analysis.twentyone._kernels"

_I8, _I8_2, _I64, _I64_2 = "i1[::1]", "i1[:, ::1]", "i8[::1]", "i8[:, ::1]"
_F64, _F64_2, _BOOL = "f8[::1]", "f8[:, ::1]", "b1[::1]"
_TRIE = f"{_I64}, {_I64}, {_I64}, {_I64}, {_F64}, {_I64}, {_I8_2}, {_I64}, {_I8}, {_I64}"
"""A dealer trie's arrays, in ``DealerTrie``'s order less ``counts``."""

SIGNATURES: Final[dict[str, str]] = {
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
}
"""Each exported loop's one signature (C-contiguous arrays of exactly these types)."""


def source_digest() -> str:
    """The SHA-256 of ``kernels.py`` as it is now."""
    return hashlib.sha256(SOURCE.read_bytes()).hexdigest()


def ahead_of_time() -> ModuleType | None:
    """The extension, if it was built from today's ``kernels.py``; else None."""
    try:
        built_from = STAMP.read_text(encoding="ascii").strip()
    except OSError:
        return None
    if built_from != source_digest():
        return None
    try:
        return importlib.import_module(EXTENSION)
    except ImportError:
        return None


def _chosen() -> tuple[ModuleType, str]:
    native = ahead_of_time()
    if native is not None:
        return native, "ahead-of-time"
    return importlib.import_module("croupier.analysis.twentyone.kernels"), "numba"


_native, KIND = _chosen()
"""``KIND``: "ahead-of-time" or "numba", how the loops below were compiled."""

dealer_probabilities: Callable[..., None] = _native.dealer_probabilities
evaluate: Callable[..., None] = _native.evaluate
mark_needed: Callable[..., None] = _native.mark_needed
table_pass: Callable[..., None] = _native.table_pass
