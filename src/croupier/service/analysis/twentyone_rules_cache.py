"""A twenty-one rules file's analysis rules remembered once validated (issue 31), so that
``croupier analyze twentyone --rules FILE`` run again imports neither the game's rules model nor
pydantic.

A rules file is validated as every command validates it (``house_rules``: the house rules model,
pydantic) and mapped by ``AnalysisRules.from_house_rules``; the result is saved in
the analysis cache (``service.analysis.cache``: ``$CROUPIER_CACHE_DIR``, else
``~/.cache/croupier``) under a key that is the SHA-256 of the file's bytes, whether it is read as
TOML, and a fingerprint of the code that reads, validates and maps it (``RULES_SOURCES``,
croupier's version, pydantic's and Python's). The next process with the same file and the same
code reads the saved fields back (``AnalysisRules.from_data``). A saved copy that cannot be read,
is malformed, records another key or does not match its digest is ignored and written again; a
file that fails validation is never saved, so its error is printed each time as the model words
it.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from croupier.analysis.twentyone import AnalysisRules
from croupier.core.errors import InvalidInput

RULES_SOURCES = (
    "service/files.py",  # read_text
    "core/data.py",  # TOML and JSON
    "service/games/rules.py",  # rules_data: the game key
    "core/errors.py",
    "core/cards.py",  # imported by the rules model's helpers
    "core/events.py",
    "service/games/__init__.py",
    "core/money.py",
    "games/__init__.py",
    "games/config.py",  # validate_rules, the money fields
    "games/twentyone/__init__.py",
    "games/twentyone/disclosure.py",  # imported by the package
    "games/twentyone/rules.py",  # the house rules model
    "analysis/twentyone/rules.py",  # AnalysisRules.from_house_rules, to_data and from_data
    "service/analysis/twentyone_rules_cache.py",  # this module: the key and the saved form
)
"""The modules whose code decides a rules file's analysis rules (paths relative to the
``croupier`` package): a saved copy is keyed by their text."""


def _package_version(name: str) -> str:
    """The text of an installed package's ``version.py``, read without importing it ("" when
    there is none)."""
    import importlib.util

    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        return ""
    try:
        return (Path(spec.origin).parent / "version.py").read_text(encoding="utf-8")
    except OSError:
        return ""


def code_fingerprint() -> str:
    """The fingerprint of the code that reads, validates and maps a rules file: the text of
    ``RULES_SOURCES``, croupier's version, pydantic's (with the pydantic-core it requires) and
    Python's (``tomllib``, ``json``)."""
    import croupier
    from croupier.service.analysis.cache import fingerprint

    return fingerprint(
        RULES_SOURCES, croupier.__version__, _package_version("pydantic"), sys.version
    )


def entry_key(data: bytes, toml: bool, code: str) -> str:
    """The key of a rules file's saved copy: the SHA-256 of the file's bytes, how it is parsed
    and the code's fingerprint."""
    digest = hashlib.sha256(b"twentyone-analysis-rules\0")
    digest.update(b"toml\0" if toml else b"json\0")
    digest.update(code.encode() + b"\0")
    digest.update(data)
    return digest.hexdigest()


def _file_key(path: Path, code: str) -> str | None:
    """The key of the file at ``path`` as it is now; None when it cannot be read here (the
    validation then reads it and says why)."""
    from croupier.service.files import MAX_FILE_BYTES

    try:
        if not path.is_file() or path.stat().st_size > MAX_FILE_BYTES:
            return None
        data = path.read_bytes()
    except OSError:
        return None
    return entry_key(data, path.suffix.lower() == ".toml", code)


def entry_path(key: str) -> Path:
    from croupier.service.analysis.cache import cache_folder

    return cache_folder() / f"twentyone-rules-{key[:32]}.json"


def _check(key: str, rules: object) -> str:
    """The digest of a saved copy's key and fields (a damaged byte in either is noticed)."""
    text = json.dumps([key, rules], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def read_entry(path: Path, key: str) -> AnalysisRules | None:
    """The rules saved at ``path`` under ``key``; None when there is no copy, it cannot be read,
    it is not what ``write_entry`` writes, it records another key or its digest does not match."""
    try:
        saved = json.loads(path.read_bytes())
        if not isinstance(saved, dict) or set(saved) != {"key", "rules", "check"}:
            return None
        if saved["key"] != key or saved["check"] != _check(key, saved["rules"]):
            return None
    except (OSError, ValueError, TypeError, RecursionError):  # not UTF-8, not JSON, too deep
        return None
    return AnalysisRules.from_data(saved["rules"])


def write_entry(path: Path, key: str, rules: AnalysisRules) -> bool:
    """Save ``rules`` under ``key`` (a temporary file renamed over ``path``); False when the
    cache folder cannot be written (nothing is then kept)."""
    from croupier.service.analysis.cache import write_atomically

    data = rules.to_data()
    entry = {"key": key, "rules": data, "check": _check(key, data)}
    return write_atomically(path, json.dumps(entry, indent=1, sort_keys=True).encode())


def validated_rules(path: Path) -> AnalysisRules:
    """The rules file's N.D. table validated by the house rules model and mapped (what
    ``twentyone.analysis_rules`` does with a rules file): pydantic is imported."""
    return AnalysisRules.from_house_rules(house_rules(path))


def house_rules(path: Path) -> Any:
    """The twenty-one house rules of the file at ``path``, read and validated as ``load_rules``
    does, but through the rules model alone: the registry's ``SPEC`` would also import the
    game's engine, which an analysis does not use (issue 31)."""
    from croupier.games.twentyone.rules import rules_from_dict
    from croupier.service.games.rules import rules_data

    return rules_from_dict(rules_data(path, "twentyone"))


def file_rules(path: Path) -> AnalysisRules:
    """The analysis rules of the twenty-one rules file at ``path``: read from the cache when the
    same bytes were validated by the same code, else validated (an invalid file raises the
    model's ``ConfigError`` or ``InvalidInput``, as every command does) and then saved, unless
    the file changed while it was being validated."""
    try:
        code = code_fingerprint()
    except (OSError, InvalidInput):  # a source not installed beside croupier: no cache
        return validated_rules(path)
    key = _file_key(path, code)
    if key is None:
        return validated_rules(path)
    saved_at = entry_path(key)
    saved = read_entry(saved_at, key)
    if saved is not None:
        return saved
    rules = validated_rules(path)
    if _file_key(path, code) == key:
        write_entry(saved_at, key, rules)  # a read-only cache folder: not kept
    return rules
