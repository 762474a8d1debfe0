"""The disk cache of computed analyses (``service.analysis.cache``): the default game's
simulated moments behind the quarterly report's hold findings (99-01.3-08-04.8) are read back
exactly as simulated, keyed by the code that decides them, and a damaged or unwritable cache
only costs the simulation again."""

from __future__ import annotations

from pathlib import Path

import pytest

from croupier.core.errors import InvalidInput
from croupier.service.analysis import cache
from croupier.service.books import hold_chance as hc


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("CROUPIER_CACHE_DIR", str(tmp_path / "cache"))
    hc._default_moments.cache_clear()
    yield tmp_path / "cache"
    hc._default_moments.cache_clear()


def _simulated() -> hc.GameMoments:
    return hc.game_moments(None, hc.QUARTER_ROUNDS, seed=1)


def test_99_01_3_08_04_8_moments_saved_then_read_back_exactly(
    fresh: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = hc._default_moments()
    assert first == _simulated()
    (saved,) = fresh.glob("twentyone-moments-*.json")
    hc._default_moments.cache_clear()

    def no_simulation(*_args: object, **_kwargs: object) -> hc.GameMoments:
        raise AssertionError("the saved moments should have been read")

    monkeypatch.setattr(hc, "game_moments", no_simulation)
    assert hc._default_moments() == first  # every digit of the floats
    assert list(fresh.glob("twentyone-moments-*.json")) == [saved]


@pytest.mark.parametrize(
    "damage",
    ["", "{", "[1, 2]", '{"edge": "0.5", "variance": 1.3, "action": 1.1, "source": "x"}',
     '{"edge": 0.5, "variance": 1.3, "action": 1.1}'],
)  # fmt: skip
def test_99_01_3_08_04_8_a_damaged_copy_is_simulated_again(fresh: Path, damage: str) -> None:
    expected = hc._default_moments()
    (saved,) = fresh.glob("twentyone-moments-*.json")
    saved.write_text(damage, encoding="utf-8")
    hc._default_moments.cache_clear()
    assert hc._default_moments() == expected
    assert hc._saved_moments(saved) == expected  # and saved again


def test_99_01_3_08_04_8_an_unwritable_cache_still_answers(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("CROUPIER_CACHE_DIR", str(blocker / "cache"))
    hc._default_moments.cache_clear()
    try:
        assert hc._default_moments() == _simulated()
    finally:
        hc._default_moments.cache_clear()


def test_the_fingerprint_follows_the_sources_text(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "sim").mkdir()
    (tmp_path / "sim" / "a.py").write_text("A = 1\n", encoding="utf-8")
    (tmp_path / "rules.py").write_text("R = 1\n", encoding="utf-8")
    monkeypatch.setattr(cache, "PACKAGE", tmp_path)
    before = cache.fingerprint(["sim", "rules.py"], "2.4")
    assert cache.fingerprint(["sim", "rules.py"], "2.4") == before
    assert cache.fingerprint(["sim", "rules.py"], "2.5") != before
    (tmp_path / "sim" / "b.py").write_text("B = 1\n", encoding="utf-8")
    added = cache.fingerprint(["sim", "rules.py"], "2.4")
    assert added != before
    (tmp_path / "rules.py").write_text("R = 2\n", encoding="utf-8")
    assert cache.fingerprint(["sim", "rules.py"], "2.4") not in (before, added)
    with pytest.raises(InvalidInput, match="cannot find the source gone.py"):
        cache.fingerprint(["gone.py"])


def test_the_moments_sources_are_there() -> None:
    assert len(cache.fingerprint(hc.MOMENT_SOURCES, cache.numpy_version())) == 16
    import numpy as np

    assert f'"{np.__version__}"' in cache.numpy_version()
