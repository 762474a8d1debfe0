"""The rewrite attack from a shell: plain ``croupier verify`` says intact, ``croupier verify
--anchor`` exits 1 naming the rewritten stream; a proven history is one line; keys that are
missing, malformed or of the wrong kind are one-line errors. Both backends."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ec import SECP256R1, generate_private_key
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat
from tests.integration.store.attack import rewrite_stream
from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.core.events import Event, event
from croupier.store import open_store

runner = CliRunner()


@event("test.store.anchor_cli_attacks.counted")
@dataclass(frozen=True, slots=True)
class Counted(Event):
    cents: int


def invoke(*args: str, env: dict[str, str] | None = None) -> tuple[int, list[str]]:
    result = runner.invoke(app, list(args), terminal_width=400, env=env)
    return result.exit_code, [line for line in result.output.splitlines() if line.strip()]


@pytest.fixture
def keyed(database_url: str, tmp_path: Path) -> tuple[str, Path, str]:
    """Two streams, a key pair, and the anchor line signed over them."""
    with open_store(database_url) as store:
        store.append("tray-1", [Counted(c) for c in (100, 200, 300)], 0)
        store.append("tray-2", [Counted(5), Counted(6)], 0)
    key = tmp_path / "anchor.key"
    assert invoke("anchor", "keygen", "--out", str(key))[0] == 0
    code, out = invoke("anchor", "sign", "--db", database_url, "--key", str(key))
    assert code == 0, out
    return database_url, key, "".join(out)


def rewrite(tamper, url: str, stream: str, seq: int, cents: int) -> None:  # type: ignore[no-untyped-def]
    with open_store(url) as store:
        rewrite_stream(tamper, store, stream, seq, cents)


def test_a_proven_history_is_one_line_and_later_appends_are_allowed(
    keyed: tuple[str, Path, str],
) -> None:
    url, key, line = keyed
    with open_store(url) as store:
        store.append("tray-1", [Counted(400)], 3)
    code, out = invoke("verify", "--db", url, "--anchor", line, "--public-key", f"{key}.pub")
    assert code == 0, out
    assert len(out) == 1, out
    assert "proven" in out[0]
    assert "2 streams, 5 events" in out[0]  # what the anchor covers: 3 + 2 events
    assert "all 2 chains intact" in out[0]


def test_the_rewrite_attack_passes_plain_verify_and_fails_verify_anchor(
    keyed: tuple[str, Path, str],
    tamper,  # type: ignore[no-untyped-def]
) -> None:
    url, key, line = keyed
    rewrite(tamper, url, "tray-1", 2, 20_000)
    code, out = invoke("verify", "--db", url)
    assert code == 0, out
    assert "all 2 chains intact" in out[-1]
    code, out = invoke("verify", "--db", url, "--anchor", line, "--public-key", f"{key}.pub")
    assert code == 1
    assert len(out) == 1, out
    assert out[0].startswith("NOT PROVEN")
    assert "stream 'tray-1' was rewritten" in out[0]


def test_a_chain_broken_after_the_anchor_still_fails_verify_anchor(
    keyed: tuple[str, Path, str],
    tamper,  # type: ignore[no-untyped-def]
) -> None:
    url, key, line = keyed
    with open_store(url) as store:
        store.append("tray-2", [Counted(7)], 2)
    tamper("UPDATE events SET payload = :p WHERE stream = 'tray-2' AND seq = 3", p='{"cents":8}')
    code, out = invoke("verify", "--db", url, "--anchor", line, "--public-key", f"{key}.pub")
    assert code == 1
    assert "proven" in out[0]  # the anchored part is intact ...
    assert "1 of 2 streams broken" in out[-1]  # ... but what came after it is not


def test_a_signing_key_in_the_environment_as_pem_text_signs(
    keyed: tuple[str, Path, str],
) -> None:
    url, key, _line = keyed
    with open_store(url) as store:
        store.append("tray-2", [Counted(9)], 2)
    code, out = invoke("anchor", "sign", "--db", url, env={"CROUPIER_ANCHOR_KEY": key.read_text()})
    assert code == 0, out
    pub = (key.parent / "anchor.key.pub").read_text()
    code, out = invoke(
        "verify", "--db", url, "--anchor", "".join(out), env={"CROUPIER_ANCHOR_PUBLIC_KEY": pub}
    )
    assert code == 0, out
    assert "2 streams, 6 events" in out[0]


def test_malformed_or_wrong_kind_keys_are_one_line_errors(
    keyed: tuple[str, Path, str], tmp_path: Path
) -> None:
    url, key, line = keyed
    garbage = tmp_path / "garbage.key"
    garbage.write_text(
        "-----BEGIN PRIVATE KEY-----\nnot base64 at all\n-----END PRIVATE KEY-----\n"
    )
    ec = tmp_path / "ec.key"
    ec.write_bytes(
        generate_private_key(SECP256R1()).private_bytes(
            Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()
        )
    )
    cases = [
        (("anchor", "sign", "--key", str(garbage)), "not an unencrypted PEM private key"),
        (("anchor", "sign", "--key", f"{key}.pub"), "not an unencrypted PEM private key"),
        (("anchor", "sign", "--key", str(ec)), "must be an Ed25519 key"),
        (("verify", "--anchor", line, "--public-key", str(key)), "not a PEM public key"),
        (("verify", "--anchor", line, "--public-key", str(garbage)), "not a PEM public key"),
        (
            ("verify", "--anchor", "croupier-anchor:1:%%:%%", "--public-key", f"{key}.pub"),
            "two parts after its prefix",
        ),
        (
            ("verify", "--anchor", "croupier-anchor:1:AAAA:BBBB", "--public-key", f"{key}.pub"),
            "damaged: its parts are not base64url JSON",
        ),
    ]
    with open_store(url) as store:
        before = store.stream_versions()
    for args, message in cases:
        code, out = invoke(*args, "--db", url)
        assert code == 2, (args, out)
        assert len(out) == 1, (args, out)
        assert message in out[0], (args, out)
    with open_store(url) as store:
        assert store.stream_versions() == before
    code, out = invoke("anchor", "show", "--db", url)
    assert out == [line]  # no failed attempt stored an anchor
