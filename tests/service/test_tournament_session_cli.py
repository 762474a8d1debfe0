"""A tournament session from the command line: each ``croupier tournament new|do|show|list|
schedule`` opens the database anew (the last one in a separate process), so the tournament
lives in the SQLite file, not in a process.

Figures worked by hand from golden file 12's rules: four players at $100 = $400; the pool is
75% = $300, places 50/30/20 = $150/$90/$60; after D is busted, A, B and C split the $300 as
$110/$100/$90 (-09-03.4.c). Record of win: $400 gross, $300 prizes, $100 adjusted.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from croupier.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "tournaments"
POKER = ROOT / "examples" / "rules" / "tournament-poker-holdem-bounty-satellite.toml"
RUNNER = CliRunner()
AT = "2026-07-10T12:00"


def _cli(*args: str) -> tuple[int, str]:
    result = RUNNER.invoke(app, list(args), terminal_width=200)
    return result.exit_code, result.output


def test_a_tournament_session_survives_each_process(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'session.db'}"
    db = ("--db", url)
    assert _cli("db", "upgrade", *db)[0] == 0
    rules = tmp_path / "split.json"
    data = json.loads((GOLDEN / "12_poker_split_prize_agreement.json").read_text())
    rules.write_text(json.dumps(data["rules"]))
    code, out = _cli(
        "tournament", "new", str(rules), "--id", "split", "--by", "gm", "--at", AT, *db
    )
    assert code == 0, out
    assert "tournament split created" in out
    code, out = _cli("tournament", "new", str(rules), "--id", "split", "--at", AT, *db)
    assert code == 2
    assert "exists already" in out
    for seat, player in enumerate("ABCD", 1):
        code, out = _cli(
            "tournament", "do", "split", "register", "--player", player,
            "--address", "12 Oak St, Minot ND", "--collected-by", "c1",
            "--card", f"1,{seat}", "--at", AT, *db,
        )  # fmt: skip
        assert code == 0, out
        assert f"entry fee $100.00 from {player} collected by c1" in out
    code, out = _cli("tournament", "do", "split", "register", "--player", "E", *db)
    assert code == 2
    assert "--collected-by" in out
    assert _cli("tournament", "do", "split", "start", "--by", "gm", "--at", AT, *db)[0] == 0

    # -09-03.4.g: after the start, no refund; one line with the section, nothing recorded
    code, out = _cli("tournament", "do", "split", "refund", "--player", "A", "--at", AT, *db)
    assert code == 2
    assert "99-01.3-09-03.4.g" in out
    assert "Traceback" not in out
    assert len(out.strip().splitlines()) == 1

    for args in (
        ("start-hand", "--table", "1"),
        ("record-hand", "--table", "1", "--chips", "A=5000,D=-5000"),
    ):
        code, out = _cli("tournament", "do", "split", *args, "--by", "gm", "--at", AT, *db)
        assert code == 0, out
    code, out = _cli(
        "tournament", "do", "split", "split", "--shares", "A=$110,B=$100,C=$100", "--at", AT, *db
    )
    assert code == 2
    assert "99-01.3-09-03.4.c" in out
    code, out = _cli(
        "tournament", "do", "split", "split", "--shares", "A=$110,B=$100,C=$90", "--at", AT, *db
    )
    assert code == 0, out

    code, out = _cli("tournament", "list", *db)
    assert code == 0
    assert "split: Spring Classic (poker): split finished (4 players)" in out

    code, out = _cli("tournament", "schedule", "split", "--pdf", str(tmp_path / "s.pdf"), *db)
    assert code == 0, out
    assert "Place 1: 50% of the pool: $150.00" in out
    assert (tmp_path / "s.pdf").read_bytes().startswith(b"%PDF-")

    shown = subprocess.run(
        [sys.executable, "-m", "croupier.cli.main", "tournament", "show", "split", *db],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert shown.returncode == 0, shown.stderr
    text = shown.stdout
    assert "main tournament split: finished" in text
    assert "split | A | A | 12 Oak St, Minot ND | entry | $100.00 | c1 |" in text
    for line in (
        "split | A | 1 | cash | $110.00 | $110.00",
        "split | B | 2 | cash | $100.00 | $100.00",
        "split | C | 3 | cash | $90.00 | $90.00",
        "split | $400.00 | $300.00 | $100.00",
    ):
        assert line in text, line


def test_99_01_3_09_05_1_the_schedule_of_a_rules_file(tmp_path: Path) -> None:
    out_pdf = tmp_path / "posted.pdf"
    code, out = _cli("tournament", "schedule", str(POKER), "--pdf", str(out_pdf))
    assert code == 0, out
    assert "Most a player can pay: $300.00 (cap $300.00)" in out
    assert "(posted schedule, N.D. Admin. Code 99-01.3-09-05.1)" in out
    assert out_pdf.read_bytes().startswith(b"%PDF-")
