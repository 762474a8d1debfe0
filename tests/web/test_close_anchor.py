"""The day closed from the browser signs its anchor when a signing key is configured, as
``croupier books close-day`` does (issue 28: "close day, with the anchor when a key is
configured"; docs/anchors.md), and says the day is not anchored when none is."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    NoEncryption,
    PrivateFormat,
    PublicFormat,
)
from tests.web.conftest import DAY, ORG, Demo

from croupier.service.books.day import end_shift
from croupier.service.database import anchors


def _counted(demo: Demo) -> None:
    books = demo.app.state.server.backoffice.books_service
    for table in (1, 3):
        books.record(end_shift("S1", table, "sm", None, "pb", True), None)
    ct, csrf = demo.page_client("ct")
    ip, ipcsrf = demo.page_client("ip")
    for box, cash, fills in ((f"{DAY}/1/1", "200", "1"), (f"{DAY}/3/1", "0", "2")):
        r = ct.post(
            "/day/count",
            data={"csrf_token": csrf, "site": "S1", "box": box, "partner": "ip", "amount": cash,
                  "fill_copies": fills},
        )  # fmt: skip
        count_id = re.search(r"count (\d+) opened", r.text)
        assert count_id is not None, r.text[-600:]
        r = ip.post(
            f"/day/counts/{count_id.group(1)}/enter",
            data={"csrf_token": ipcsrf, "site": "S1", "amount": cash},
        )
        assert "recorded drop_box_counted" in r.text


def test_99_01_3_08_16_1_the_close_signs_the_days_anchor_with_the_configured_key(
    demo: Demo, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()).decode()
    public = key.public_key().public_bytes(Encoding.PEM, PublicFormat.SubjectPublicKeyInfo)
    monkeypatch.setenv(anchors.KEY_ENV, pem)
    _counted(demo)
    sm, csrf = demo.page_client("sm")
    r = sm.post("/day/close", data={"csrf_token": csrf, "site": "S1", "cash_bank": "5000"})
    assert r.status_code == 200, r.text[-600:]
    assert "signed anchor of the history" in r.text
    line = anchors.latest_line(demo.url)
    assert line is not None
    assert line in r.text.replace("&#43;", "+").replace("&#34;", '"')
    proof = anchors.prove(demo.url, line, public.decode())
    assert proof.proven, proof


def test_without_a_key_the_close_says_the_day_is_not_anchored(
    demo: Demo, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(anchors.KEY_ENV, raising=False)
    _counted(demo)
    sm, csrf = demo.page_client("sm")
    r = sm.post("/day/close", data={"csrf_token": csrf, "site": "S1", "cash_bank": "5000"})
    assert "recorded day_closed" in r.text
    assert "the day is not anchored" in r.text
    assert anchors.latest_line(demo.url) is None


def test_29_on_a_server_of_two_organizations_the_close_signs_its_own_anchor_with_its_key(
    demo: Demo, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Each organization its own anchor key (issue 29): the demo organization's close, with
    beta served beside it, signs a version-2 anchor naming the demo organization, with the key
    ``$CROUPIER_ANCHOR_KEYS/ORG.pem``, covering its streams only; beta's key proves nothing of
    it, the demo's proves it; the database's key (set too) is not used."""
    from tests.web.test_tenancy import BETA, add_second_organization

    add_second_organization(demo)
    server = demo.app.state.server
    own, theirs, database = (Ed25519PrivateKey.generate() for _ in range(3))
    keys = tmp_path / "anchor-keys"
    keys.mkdir()
    for org, key in ((ORG, own), (BETA, theirs)):
        pem = key.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption())
        (keys / f"{org}.pem").write_bytes(pem)
    monkeypatch.setenv(anchors.KEYS_ENV, str(keys))
    pem = database.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()).decode()
    monkeypatch.setenv(anchors.KEY_ENV, pem)
    _counted(demo)
    sm, csrf = demo.page_client("sm")
    r = sm.post("/day/close", data={"csrf_token": csrf, "site": "S1", "cash_bank": "5000"})
    assert "signed anchor of the history" in r.text, r.text[-600:]
    line = anchors.latest_line(demo.url, ORG)
    assert line is not None
    assert line.startswith("croupier-anchor:2:")
    assert anchors.latest_line(demo.url, BETA) is None
    assert line in r.text.replace("&#43;", "+").replace("&#34;", '"')
    ours = server.tenant(ORG).backoffice.namespace
    own_streams = [s for s in server.store.stream_versions() if ours.owns(s)]
    assert len(own_streams) < len(server.store.stream_versions())  # beta's are not its
    proof = anchors.prove(demo.url, line, _public(own))
    assert proof.proven, proof
    assert proof.streams == len(own_streams)
    for other in (theirs, database):
        assert not anchors.prove(demo.url, line, _public(other)).proven


def _public(key: Ed25519PrivateKey) -> str:
    return key.public_key().public_bytes(Encoding.PEM, PublicFormat.SubjectPublicKeyInfo).decode()
