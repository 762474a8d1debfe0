"""Issue 31: a twenty-one rules file validated once is remembered by its bytes and croupier's
rules code, so ``croupier analyze twentyone --rules FILE`` run again imports no pydantic and
prints what the validated file gives (``service.analysis.twentyone_rules_cache``)."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from croupier.analysis.twentyone import AnalysisRules, DealerNatural, DoubleOn
from croupier.core.errors import ConfigError, InvalidInput
from croupier.service.analysis import twentyone_rules_cache as rc
from croupier.service.analysis.twentyone import Options, analyze_twentyone

PACKAGE = Path(rc.__file__).resolve().parents[2]
EXAMPLES = sorted((PACKAGE.parents[1] / "examples" / "rules").glob("twentyone-*.toml"))
EXAMPLE = next(p for p in EXAMPLES if p.name == "twentyone-hole-card-no-peek-6deck-s17.toml")


@pytest.fixture(autouse=True)
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("CROUPIER_CACHE_DIR", str(folder))
    return folder


@pytest.fixture
def validations(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The files the rules model validated (each call of ``validated_rules``)."""
    seen: list[Path] = []
    real = rc.validated_rules

    def spy(path: Path) -> AnalysisRules:
        seen.append(path)
        return real(path)

    monkeypatch.setattr(rc, "validated_rules", spy)
    return seen


def _uncached(path: Path) -> AnalysisRules:
    """The file validated by the house rules model and mapped, with no cache at all."""
    return AnalysisRules.from_house_rules(rc.house_rules(path))


def _entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("twentyone-rules-*.json")) if folder.exists() else []


def test_there_are_twentyone_examples() -> None:
    assert len(EXAMPLES) >= 6


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_reads_the_same_from_the_cache(
    path: Path, cache_dir: Path, validations: list[Path]
) -> None:
    first = rc.file_rules(path)  # validated, then saved
    assert validations == [path]
    assert len(_entries(cache_dir)) == 1
    second = rc.file_rules(path)  # read back
    assert validations == [path]
    assert first == second == _uncached(path)
    for f in dataclasses.fields(AnalysisRules):
        assert type(getattr(second, f.name)) is type(getattr(first, f.name))


def test_a_file_changed_by_one_byte_is_validated_again(
    tmp_path: Path, cache_dir: Path, validations: list[Path]
) -> None:
    path = tmp_path / "rules.toml"
    text = EXAMPLE.read_bytes()
    assert b"decks = 6" in text
    path.write_bytes(text)
    assert rc.file_rules(path).decks == 6
    path.write_bytes(text.replace(b"decks = 6", b"decks = 8", 1))
    assert rc.file_rules(path).decks == 8
    assert len(validations) == 2
    assert len(_entries(cache_dir)) == 2
    path.write_bytes(text + b"#")  # the same rules, other bytes: validated again too
    assert rc.file_rules(path).decks == 6
    assert len(validations) == 3
    path.write_bytes(text)
    assert rc.file_rules(path).decks == 6
    assert len(validations) == 3  # the first bytes again: read back


def test_the_same_bytes_read_as_json_are_another_entry() -> None:
    code = rc.code_fingerprint()
    assert rc.entry_key(b"{}", True, code) != rc.entry_key(b"{}", False, code)
    assert rc.entry_key(b"{}", True, code) != rc.entry_key(b"{} ", True, code)
    assert rc.entry_key(b"{}", True, code) != rc.entry_key(b"{}", True, code[:-1] + "x")


def test_the_fingerprint_follows_croupiers_version(monkeypatch: pytest.MonkeyPatch) -> None:
    import croupier

    before = rc.code_fingerprint()
    monkeypatch.setattr(croupier, "__version__", croupier.__version__ + ".1")
    assert rc.code_fingerprint() != before


_PROBE_SOURCES = """
import json, sys
from pathlib import Path
from croupier.service.analysis import twentyone_rules_cache as rc
before = set(sys.modules)
rc.validated_rules(Path(sys.argv[1]))
print(json.dumps([getattr(sys.modules[m], "__file__", None) for m in set(sys.modules) - before
                  if m.startswith("croupier")]))
"""


def test_the_fingerprint_holds_every_croupier_module_the_validation_imports() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE_SOURCES, str(EXAMPLE)],
        capture_output=True,
        text=True,
        check=True,
    )
    files = json.loads(done.stdout.strip().splitlines()[-1])
    assert any(f.endswith("games/twentyone/rules.py") for f in files)  # the model was imported
    named = {(PACKAGE / s).resolve() for s in rc.RULES_SOURCES}
    assert all((PACKAGE / s).is_file() for s in rc.RULES_SOURCES)
    # a module compiled by mypyc is its source's: events.cpython-311-x86_64-linux-gnu.so
    sources = [Path(f).with_name(Path(f).name.split(".")[0] + ".py").resolve() for f in files]
    missing = sorted(str(f) for f in sources if f not in named)
    assert missing == [], "add these to RULES_SOURCES"


def _damaged(saved: dict[str, Any], how: str) -> dict[str, Any]:
    """A saved copy changed as ``how`` says."""
    key, rules = saved["key"], dict(saved["rules"])
    if how == "another key":  # a well-formed copy recorded under another key
        key = key[::-1]
    elif how == "a field changed":  # the digest no longer matches
        return {**saved, "rules": {**rules, "decks": 8}}
    elif how == "a field missing":
        del rules["insurance"]
    elif how == "a bool as 1":
        rules["insurance"] = 1
    elif how == "a fraction by zero":
        rules["blackjack_pays"] = "3/0"
    elif how == "an unknown enum value":
        rules["double_on"] = "ANY"
    elif how == "no digest":
        return {"key": key, "rules": rules}
    return {"key": key, "rules": rules, "check": rc._check(key, rules)}


@pytest.mark.parametrize(
    "damage",
    [
        b"",
        b"\xff\xfe\x00",
        b"{",
        b"[]",
        b"null",
        b"[" * 100_000 + b"]" * 100_000,
        b'{"key": "x", "rules": {}, "check": "y"}',
        "another key",
        "a field changed",
        "a field missing",
        "a bool as 1",
        "a fraction by zero",
        "an unknown enum value",
        "no digest",
    ],
    ids=lambda d: d if isinstance(d, str) else repr(d[:20]),
)
def test_a_damaged_entry_is_ignored_and_written_again(
    damage: bytes | str, cache_dir: Path, validations: list[Path]
) -> None:
    good = rc.file_rules(EXAMPLE)
    (entry,) = _entries(cache_dir)
    if isinstance(damage, str):
        damage = json.dumps(_damaged(json.loads(entry.read_text()), damage)).encode()
    entry.write_bytes(damage)
    assert rc.file_rules(EXAMPLE) == good
    assert len(validations) == 2  # validated again
    assert rc.file_rules(EXAMPLE) == good
    assert len(validations) == 2  # and saved again, whole
    assert _entries(cache_dir) == [entry]


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {},
        {**AnalysisRules().to_data(), "extra": 1},
        {**AnalysisRules().to_data(), "decks": 9},
        {**AnalysisRules().to_data(), "decks": 6.0},
        {**AnalysisRules().to_data(), "decks": True},
        {**AnalysisRules().to_data(), "das": False},
        {**AnalysisRules().to_data(), "double_after_split": "yes"},
        {**AnalysisRules().to_data(), "double_on": "ANY"},
        {**AnalysisRules().to_data(), "dealer_natural": ["peek"]},
        {**AnalysisRules().to_data(), "blackjack_pays": "1/2"},
        {**AnalysisRules().to_data(), "blackjack_pays": "3:2"},
        {**AnalysisRules().to_data(), "blackjack_pays": "-3/2"},
        {**AnalysisRules().to_data(), "blackjack_pays": 1.5},
        {**AnalysisRules().to_data(), "insurance": False, "even_money": True},
    ],
)
def test_rules_data_not_written_by_to_data_is_refused(data: object) -> None:
    assert AnalysisRules.from_data(data) is None


def test_rules_data_round_trips() -> None:
    odd = AnalysisRules(
        decks=1,
        dealer_hits_soft_17=True,
        double_on=DoubleOn.TEN_ELEVEN,
        double_after_split=False,
        max_split_hands=2,
        resplit_aces=False,
        hit_split_aces=True,
        late_surrender=True,
        dealer_natural=DealerNatural.ALL_BETS,
        blackjack_pays=Fraction(6, 5),
        insurance=False,
        even_money=False,
    )
    for rules in (AnalysisRules(), odd):
        data = json.loads(json.dumps(rules.to_data()))
        assert AnalysisRules.from_data(data) == rules


def test_an_invalid_file_is_never_saved_and_fails_the_same_each_time(
    tmp_path: Path, cache_dir: Path
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('decks = 5\ndealing_method = "nope"\n')
    with pytest.raises(ConfigError) as uncached:
        _uncached(path)
    for _ in range(2):
        with pytest.raises(ConfigError) as cached:
            rc.file_rules(path)
        assert str(cached.value) == str(uncached.value)
        assert "(99-01.3-08-02.3)" in str(cached.value)
    assert _entries(cache_dir) == []


@pytest.mark.parametrize("name", ["missing.toml", "folder.toml", "other-game.toml"])
def test_an_unreadable_or_foreign_file_fails_as_before(
    name: str, tmp_path: Path, cache_dir: Path
) -> None:
    path = tmp_path / name
    if name == "folder.toml":
        path.mkdir()
    elif name == "other-game.toml":
        path.write_text('game = "paddlewheel"\n')
    with pytest.raises(InvalidInput) as uncached:
        _uncached(path)
    with pytest.raises(InvalidInput) as cached:
        rc.file_rules(path)
    assert str(cached.value) == str(uncached.value)
    assert _entries(cache_dir) == []


def test_a_cache_that_cannot_be_written_is_not_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, validations: list[Path]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("CROUPIER_CACHE_DIR", str(blocker / "cache"))
    assert rc.file_rules(EXAMPLE) == rc.file_rules(EXAMPLE) == _uncached(EXAMPLE)
    assert len(validations) == 2


def _report(report: Any) -> dict[str, Any]:
    out: dict[str, Any] = report.to_dict()
    del out["seconds"]
    return out


def test_the_analysis_reads_a_rules_file_through_the_cache_to_the_same_report(
    validations: list[Path],
) -> None:
    """The service's one path (``analysis_rules``): the file validated the first time, read
    back the second, the options applied to it the same way both times."""
    options = Options(hits_soft_17=True, decks=2)
    first = analyze_twentyone(EXAMPLE, "basic", options)
    second = analyze_twentyone(EXAMPLE, "basic", options)
    assert validations == [EXAMPLE]
    assert _report(first) == _report(second)
    assert first.rules == second.rules
    assert (second.rules.decks, second.rules.dealer_hits_soft_17) == (2, True)


_PROBE = """
import json, sys
from croupier.cli.main import run, app
run(app, sys.argv[1:])
print(json.dumps(sorted(sys.modules)), file=sys.__stderr__)
"""


def _run(cache: Path, *args: str) -> tuple[dict[str, Any], set[str]]:
    env = {**os.environ, "CROUPIER_CACHE_DIR": str(cache)}
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, *args], capture_output=True, text=True, env=env, check=True
    )
    printed = json.loads(done.stdout)
    del printed["seconds"]
    return printed, set(json.loads(done.stderr.strip().splitlines()[-1]))


def test_a_second_run_imports_no_pydantic_and_prints_the_same(cache_dir: Path) -> None:
    """In new processes, as typed: the first run validates the file (pydantic), the second
    reads the saved rules and imports neither pydantic nor the game's rules model."""
    args = ("analyze", "twentyone", "--rules", str(EXAMPLE), "--json")
    first, first_modules = _run(cache_dir, *args)
    assert "croupier.games.twentyone.rules" in first_modules
    assert len(_entries(cache_dir)) == 1
    second, second_modules = _run(cache_dir, *args)
    assert "croupier.analysis.twentyone.analyzer" in second_modules  # the analysis did run
    assert not [m for m in second_modules if m.startswith(("pydantic", "croupier.games"))]
    assert second == first
