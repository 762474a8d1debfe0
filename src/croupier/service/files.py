"""Reading and writing the files a person names on the command line or uploads.

Every failure is one ``InvalidInput`` line naming the file and the reason (not found, a
directory, no permission, not UTF-8, a missing folder): never a traceback.
"""

from __future__ import annotations

from pathlib import Path

from croupier.core.errors import InvalidInput

MAX_FILE_BYTES = 16_000_000


def read_text(path: Path, what: str = "file") -> str:
    try:
        if path.is_dir():
            raise InvalidInput(f"{what} {path} is a folder, not a file")
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise InvalidInput(f"{what} {path} is too large ({size:,} bytes)")
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InvalidInput(f"{what} not found: {path}") from None
    except PermissionError:
        raise InvalidInput(f"cannot read {what} {path}: permission denied") from None
    except UnicodeDecodeError:
        raise InvalidInput(f"cannot read {what} {path}: not UTF-8 text") from None
    except OSError as exc:
        raise InvalidInput(f"cannot read {what} {path}: {exc.strerror or exc}") from None


def write_bytes(path: Path, data: bytes, what: str = "output file") -> None:
    try:
        if path.is_dir():
            raise InvalidInput(f"{what} {path} is a folder; name a file")
        if not path.parent.exists():
            raise InvalidInput(f"cannot write {what} {path}: folder {path.parent} does not exist")
        path.write_bytes(data)
    except PermissionError:
        raise InvalidInput(f"cannot write {what} {path}: permission denied") from None
    except OSError as exc:
        raise InvalidInput(f"cannot write {what} {path}: {exc.strerror or exc}") from None


def write_text(path: Path, text: str, what: str = "output file") -> None:
    write_bytes(path, text.encode("utf-8"), what)
