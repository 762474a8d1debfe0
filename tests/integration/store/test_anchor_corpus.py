"""Every version of a printed anchor keeps proving (``tests/corpora/anchors``): a database
written on 2026-11-28 with a version-1 anchor and two organizations' version-2 anchors,
loaded from its dump and proved line by line with ``croupier verify --anchor`` as an auditor
would, each with the public key it was signed with; and each line with another key fails."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.cli.main import app

CORPUS = Path(__file__).resolve().parents[2] / "corpora" / "anchors"
runner = CliRunner()


def _lines() -> list[tuple[str, str, str]]:
    rows = (line.split(" ") for line in (CORPUS / "lines.txt").read_text().splitlines())
    return [(v, who, line) for v, who, line in rows]


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("anchor-corpus") / "corpus.db"
    with sqlite3.connect(path) as conn:
        conn.executescript((CORPUS / "corpus.sql").read_text())
    return f"sqlite:///{path}"


def test_the_corpus_holds_both_versions() -> None:
    assert {v for v, _who, _line in _lines()} == {"1", "2"}
    assert all(line.startswith(f"croupier-anchor:{v}:") for v, _who, line in _lines())


@pytest.mark.parametrize(("version", "who", "line"), _lines())
def test_29_an_anchor_of_each_version_proves_with_its_key_only(
    url: str, version: str, who: str, line: str
) -> None:
    own = runner.invoke(
        app, ["verify", "--db", url, "--anchor", line, "--public-key", str(CORPUS / f"{who}.pub")]
    )
    assert own.exit_code == 0, own.output
    assert own.output.startswith("proven: the stored history matches the anchor signed")
    other = "beta" if who != "beta" else "alpha"
    wrong = runner.invoke(
        app, ["verify", "--db", url, "--anchor", line, "--public-key", str(CORPUS / f"{other}.pub")]
    )
    assert wrong.exit_code == 1
    assert "NOT PROVEN" in wrong.output
