"""``service.anchors.anchor_text``: the anchor an auditor gives ``verify --anchor`` is found in
the line itself or in a saved report, wrapped by a terminal or a PDF, inside an HTML cell or a
CSV row, and cut exactly at the end of its signature."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from croupier.core.errors import InvalidInput
from croupier.service.database.anchors import anchor_text

# the shape of an anchor: prefix, a base64url record, ':', an 86-character base64url signature
# (64 bytes, unpadded); the content does not matter to finding it
RECORD = "eyJhdCI6IjIwMjYtMDEtMDVUMjM6MDA6MDArMDA6MDAi" + "Q_x-9" * 40
SIGNATURE = "7HI2IxIz8shsPp0F1CUjLKsbqCYjzbpCyJ0JHD3quoj2Q1_PlWnyWGVIaw5x7ohPebfDR36HOy9FpYewGSYrDQ"
LINE = f"croupier-anchor:1:{RECORD}:{SIGNATURE}"


def test_the_signature_fixture_has_the_length_of_an_ed25519_signature() -> None:
    assert len(SIGNATURE) == 86  # ceil(64 * 8 / 6)


@pytest.mark.parametrize(
    "saved",
    [
        f"{LINE}\n",
        f"Daily report\nSigned anchor of the history:\n{LINE}\nPage 1 of 1\n",
        "Signed anchor:\n" + "\n".join(textwrap.wrap(LINE, 80)) + "\nPrinted by croupier\n",
        "anchor\n" + "\n".join(textwrap.wrap(LINE, 100)) + "\n\n",
        f"<tr><td>Signed anchor</td><td style='x'>{LINE}</td></tr>",
        f"Signed anchor (keep it),{LINE},\nnext,row\n",
        f'"Signed anchor","{LINE}"\n',
    ],
)
def test_an_anchor_is_found_in_a_saved_report(saved: str, tmp_path: Path) -> None:
    path = tmp_path / "daily.txt"
    path.write_text(saved)
    assert anchor_text(str(path)) == LINE


def test_an_anchor_given_as_text_may_hold_line_breaks() -> None:
    assert anchor_text(LINE) == LINE
    assert anchor_text("  " + "\n".join(textwrap.wrap(LINE, 64)) + "\n") == LINE


def test_a_file_without_an_anchor_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("nothing to see\n")
    with pytest.raises(InvalidInput, match="no croupier anchor in"):
        anchor_text(str(path))


ORG_LINE = f"croupier-anchor:2:{RECORD}:{SIGNATURE}"


@pytest.mark.parametrize(
    "saved",
    [
        f"Daily report\nSigned anchor of the history:\n{ORG_LINE}\n",
        "Signed anchor:\n" + "\n".join(textwrap.wrap(ORG_LINE, 80)) + "\n",
        f"<td>{ORG_LINE}</td>",
    ],
)
def test_29_an_organizations_anchor_is_found_too(saved: str, tmp_path: Path) -> None:
    """A version-2 anchor (one organization's: docs/anchors.md) is found like a version-1."""
    path = tmp_path / "daily.txt"
    path.write_text(saved)
    assert anchor_text(str(path)) == ORG_LINE
    assert anchor_text(ORG_LINE) == ORG_LINE


def test_29_the_first_anchor_of_a_file_holding_both_versions_is_taken(tmp_path: Path) -> None:
    path = tmp_path / "two.txt"
    path.write_text(f"database: {LINE}\norganization: {ORG_LINE}\n")
    assert anchor_text(str(path)) == LINE
    path.write_text(f"organization: {ORG_LINE}\ndatabase: {LINE}\n")
    assert anchor_text(str(path)) == ORG_LINE
