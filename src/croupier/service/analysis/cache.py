"""The disk cache of computed analyses: results that are a pure function of croupier's code and
a few inputs (the evaluator's tables, the default game's simulated moments), saved so that the
next process reads them instead of computing them again.

A cached file's name holds a fingerprint of the source files whose code decides it (and of
anything else it depends on, numpy's version for instance), so a changed computation never reads
a stale copy; a copy that cannot be read is computed again, and a cache that cannot be written
(a read-only home) is simply not kept.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from pathlib import Path

from croupier.core.errors import InvalidInput

PACKAGE = Path(__file__).resolve().parents[2]
"""The ``croupier`` package folder: sources are named relative to it."""


def cache_folder() -> Path:
    """``$CROUPIER_CACHE_DIR``, else ``$XDG_CACHE_HOME/croupier``, else ``~/.cache/croupier``."""
    root = os.environ.get("CROUPIER_CACHE_DIR")
    if root:
        return Path(root)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "croupier"


def fingerprint(sources: Iterable[str], *extra: str) -> str:
    """Sixteen hex digits of the SHA-256 of ``extra`` and the text of ``sources``: paths
    relative to the ``croupier`` package, a folder standing for every ``.py`` file in it."""
    digest = hashlib.sha256("\0".join(extra).encode())
    for name in sources:
        path = PACKAGE / name
        files = sorted(path.glob("*.py")) if path.is_dir() else [path]
        if not files or not all(f.is_file() for f in files):
            raise InvalidInput(f"cannot find the source {name} in {PACKAGE}")
        for f in files:
            digest.update(f.relative_to(PACKAGE).as_posix().encode())
            digest.update(f.read_bytes())
    return digest.hexdigest()[:16]


def numpy_version() -> str:
    """The text of the installed numpy's ``version.py``, read without importing numpy (a cached
    figure's process may need no numpy at all): numpy's random streams and arithmetic are part
    of what a cached result depends on."""
    import importlib.util

    spec = importlib.util.find_spec("numpy")
    if spec is None or spec.origin is None:
        raise InvalidInput("numpy is not installed")
    return (Path(spec.origin).parent / "version.py").read_text(encoding="utf-8")


def write_atomically(path: Path, data: bytes) -> bool:
    """Save ``data`` at ``path`` through a temporary file and a rename (a reader never sees half
    a file); False when the folder cannot be written."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        partial.write_bytes(data)
        os.replace(partial, path)
    except OSError:
        return False
    return True
