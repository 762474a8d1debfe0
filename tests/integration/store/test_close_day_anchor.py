"""``croupier books close-day`` and anchors: without a signing key it says, in one line, that the
day is not anchored and how to configure a key (and stores no anchor); with
``CROUPIER_ANCHOR_KEY`` set it prints the signed anchor, which proves the history and is the
one the day's report carries."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from croupier.cli.main import app


def test_close_day_anchors_only_with_a_configured_key(tmp_path: Path) -> None:
    runner = CliRunner()
    url = f"sqlite:///{tmp_path / 'b.db'}"
    env = {"CROUPIER_DATABASE_URL": url, "CROUPIER_ORG": "p1", "CROUPIER_ANCHOR_KEY": ""}

    def ok(*args: str, extra: dict[str, str] | None = None) -> str:
        result = runner.invoke(app, list(args), env={**env, **(extra or {})}, terminal_width=400)
        assert result.exit_code == 0, result.output
        return result.output

    ok("books", "setup", "p1", "Post 1")
    ok("books", "add-site", "S1", "Main")
    ok("books", "add-employee", "sm", "Sam", "SS", "--role", "shift manager")
    day = ("--on-duty", "sm", "--by", "sm", "--at")
    ok("books", "open-day", "S1", "2026-01-05", *day, "2026-01-05T18:00:00+00:00")
    out = ok("books", "close-day", "S1", "$0", "--by", "sm", "--at", "2026-01-05T23:00:00+00:00")
    assert "the day is not anchored" in out
    assert "CROUPIER_ANCHOR_KEY" in out
    assert "croupier-anchor:" not in out
    shown = runner.invoke(app, ["anchor", "show"], env=env)
    assert shown.exit_code == 1  # nothing was signed
    assert "no anchor has been signed yet" in shown.output

    key = tmp_path / "anchor.key"
    ok("anchor", "keygen", "--out", str(key))
    ok("books", "open-day", "S1", "2026-01-06", *day, "2026-01-06T18:00:00+00:00")
    out = ok(
        "books", "close-day", "S1", "$0", "--by", "sm", "--at", "2026-01-06T23:00:00+00:00",
        extra={"CROUPIER_ANCHOR_KEY": str(key)},
    )  # fmt: skip
    assert "not anchored" not in out
    line = "".join(out[out.index("croupier-anchor:1:") :].split())
    proven = ok("verify", "--anchor", line, "--public-key", f"{key}.pub")
    assert "proven" in proven
    daily = ok("report", "daily", "S1", "2026-01-06", "--format", "csv")
    assert line in daily
    # the report at an 80-column terminal wraps the anchor; saved, it still proves
    narrow = runner.invoke(app, ["report", "daily", "S1", "2026-01-06"], env=env, terminal_width=80)
    assert narrow.exit_code == 0, narrow.output
    assert line not in narrow.output
    saved = tmp_path / "daily.txt"
    saved.write_text(narrow.output)
    proven = ok("verify", "--anchor", str(saved), "--public-key", f"{key}.pub")
    assert "proven" in proven
