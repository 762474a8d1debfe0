"""The daily report's PDF draws the signed anchor as a QR code beside its text: once an anchor
covers the day, the page content gains the QR code's modules (filled rectangles), far more than
any table rule; before, there are none of them."""

from __future__ import annotations

import re
from pathlib import Path

from pdftext import _STREAM, _decode
from reporthelp import Invoke

_RECT = re.compile(rb"\bre\b")


def rectangles(data: bytes) -> int:
    """How many rectangles (``re`` operators) the PDF's content streams draw."""
    return sum(
        len(_RECT.findall(_decode(head, body)))
        for head, body in _STREAM.findall(data)
        if b"/Subtype /Image" not in head
    )


def test_the_daily_pdf_draws_a_qr_code_once_an_anchor_covers_the_day(
    invoke: Invoke, tmp_path: Path
) -> None:
    before = tmp_path / "before.pdf"
    assert invoke("report", "daily", "S1", "2026-01-03", "--out", str(before)).exit_code == 0
    key = tmp_path / "anchor.key"
    assert invoke("anchor", "keygen", "--out", str(key)).exit_code == 0
    assert invoke("anchor", "sign", "--key", str(key)).exit_code == 0
    after = tmp_path / "after.pdf"
    assert invoke("report", "daily", "S1", "2026-01-03", "--out", str(after)).exit_code == 0
    # a QR code holding ~430 characters is at least version 10 (57 x 57 modules, ISO/IEC
    # 18004 capacity at level L): its three finder patterns alone are 3 x 33 dark modules, and
    # its rows hold hundreds of dark runs; a table's rules are a few dozen lines
    added = rectangles(after.read_bytes()) - rectangles(before.read_bytes())
    assert added >= 300, added
