"""``croupier anchor keygen|sign|show`` and ``croupier verify --anchor``: files, exit codes and
one-line errors."""

from __future__ import annotations

import stat
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.core.events import Event, event
from croupier.store import open_store

runner = CliRunner()


@event("test.store.anchor_cli.noted")
@dataclass(frozen=True, slots=True)
class Noted(Event):
    n: int


def invoke(*args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), terminal_width=400, env=env)
    return result.exit_code, " ".join(result.output.split())


def test_keygen_sign_show_and_prove(sqlite_url: str, tmp_path: Path) -> None:
    with open_store(sqlite_url) as store:
        store.append("tray-1", [Noted(1), Noted(2)], 0)
    key = tmp_path / "anchor.key"
    code, out = invoke("anchor", "keygen", "--out", str(key))
    assert code == 0, out
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert (tmp_path / "anchor.key.pub").exists()
    code, out = invoke("anchor", "keygen", "--out", str(key))
    assert code == 2
    assert "never overwritten" in out

    code, line = invoke("anchor", "sign", "--db", sqlite_url, "--key", str(key))
    assert code == 0, line
    assert line.startswith("croupier-anchor:1:")
    assert invoke("anchor", "show", "--db", sqlite_url) == (0, line)
    (tmp_path / "daily.txt").write_text(f"Daily report ...\nanchor: {line}\n")

    pub = str(tmp_path / "anchor.key.pub")
    for given in (line, str(tmp_path / "daily.txt")):
        code, out = invoke("verify", "--db", sqlite_url, "--anchor", given, "--public-key", pub)
        assert code == 0, out
        assert "proven" in out
        assert "1 streams, 2 events" in out
    code, out = invoke(
        "verify", "--db", sqlite_url, "--anchor", line, env={"CROUPIER_ANCHOR_PUBLIC_KEY": pub}
    )
    assert code == 0, out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("anchor", "sign"), "no anchor signing key: give --key FILE or set CROUPIER_ANCHOR_KEY"),
        (("anchor", "sign", "--key", "/no/such/key"), "anchor signing key not found"),
        (("verify", "--anchor", "croupier-anchor:1:x:y"), "no anchor public key"),
        (("verify", "--anchor", "nonsense", "--public-key", "k"), "anchor file not found"),
    ],
)
def test_bad_keys_and_anchors_are_one_line_errors(
    sqlite_url: str, args: tuple[str, ...], message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CROUPIER_ANCHOR_KEY", raising=False)
    monkeypatch.delenv("CROUPIER_ANCHOR_PUBLIC_KEY", raising=False)
    with open_store(sqlite_url):
        pass
    code, out = invoke(*args, "--db", sqlite_url)
    assert code == 2
    assert message in out
    assert "Traceback" not in out
