"""The daily report carries the signed anchor that covers its day (docs/anchors.md): at the
terminal, in CSV and HTML, and in the PDF as text beside a QR code; and the anchor printed on
it proves the stored history."""

from __future__ import annotations

import html
from pathlib import Path

from pdftext import pdf_text
from reporthelp import Invoke


def test_the_daily_report_prints_the_anchor_signed_after_the_day_closed(
    invoke: Invoke, tmp_path: Path
) -> None:
    before = invoke("report", "daily", "S1", "2026-01-03")
    assert before.exit_code == 0, before.output
    assert "croupier-anchor" not in before.output  # nothing signed yet

    key = tmp_path / "anchor.key"
    assert invoke("anchor", "keygen", "--out", str(key)).exit_code == 0
    signed = invoke("anchor", "sign", "--key", str(key))
    assert signed.exit_code == 0, signed.output
    line = "".join(signed.stdout.split())

    shown = invoke("report", "daily", "S1", "2026-01-03")
    assert shown.exit_code == 0, shown.output
    assert line in "".join(shown.stdout.split())
    for fmt in ("csv", "html", "pdf"):
        target = tmp_path / f"daily.{fmt}"
        result = invoke("report", "daily", "S1", "2026-01-03", "--out", str(target))
        assert result.exit_code == 0, result.output
        data = target.read_bytes()
        text = pdf_text(data) if fmt == "pdf" else html.unescape(data.decode())
        assert line in "".join(text.split()), fmt
        assert "Signed anchor of the history" in text, fmt

    proven = invoke("verify", "--anchor", str(tmp_path / "daily.csv"), "--public-key", f"{key}.pub")
    assert proven.exit_code == 0, proven.output
    assert "proven" in proven.stdout
