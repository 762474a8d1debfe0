"""Activity before these books began (issue 30): an organization that starts its books here
mid-life enters, per quarter before its first gaming day, each table's days of use (table rent,
99-01.3-08-01) and the twenty-one gross proceeds (the surveillance test, 99-01.3-08-04), audited.
Expected figures are worked from the rule text: an additional table used thirteen times or more
in all four quarters before the licensing year may carry $200 a month, $300 with a wager over $5;
in some of them, monthly x 3 x qualifying quarters / 12 ($200 x 3 x 2 / 12 = $100)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.cli.main import app

AT = "--at"


class Books:
    def __init__(self, tmp_path: Path) -> None:
        self.env = {"CROUPIER_DATABASE_URL": f"sqlite:///{tmp_path / 'b.db'}", "CROUPIER_ORG": "p1"}
        self.runner = CliRunner()

    def ok(self, *args: str) -> str:
        result = self.runner.invoke(app, list(args), env=self.env)
        assert result.exit_code == 0, result.output
        return result.output

    def refused(self, *args: str) -> str:
        result = self.runner.invoke(app, list(args), env=self.env)
        assert result.exit_code == 2, result.output
        return " ".join(result.output.split())

    def findings(self, quarter: str) -> list[list[str]]:
        text = self.ok("report", "quarterly", quarter, "--format", "csv")
        rows = list(csv.reader(io.StringIO(text, newline="")))
        head = next(
            i for i, r in enumerate(rows) if r[:4] == ["Section", "Site", "Finding", "Deadline"]
        )
        out = []
        for r in rows[head + 1 :]:
            if not r or not r[0]:
                break
            out.append(r)
        return out


def _organization(b: Books, surveilled: bool = True) -> None:
    b.ok("books", "setup", "p1", "Post 1")
    b.ok("books", "add-site", "S1", "Main", *(["--surveilled"] if surveilled else []))
    for table in ("1", "2", "3"):
        b.ok("books", "add-table", "S1", table, "21")
    b.ok("books", "add-employee", "gm", "Gail Manager", "GM", "--role", "gaming manager")
    b.ok("books", "add-employee", "au", "Al Auditor", "AU", "--role", "auditor",
         "--affiliation", "independent")  # fmt: skip
    b.ok(
        "books", "add-employee", "sm", "Sam", "SS", "--role", "shift manager", "--supervisor", "gm"
    )


def test_99_01_3_08_01_rent_reads_the_usage_of_quarters_before_the_books(tmp_path: Path) -> None:
    b = Books(tmp_path)
    _organization(b)
    # the licensing year 2026-07 to 2027-06: its previous four quarters are 2025Q3 to 2026Q2
    for quarter in ("2025Q3", "2025Q4", "2026Q1", "2026Q2"):
        early = quarter in ("2025Q3", "2025Q4")
        b.ok("books", "prior-activity", "S1", quarter, "--by", "gm", "--audited-by", "au",
             "--table-days", f"1=60,2=20,3={13 if early else 5}", "--over-five", "2",
             AT, "2026-07-01T09:00:00-05:00")  # fmt: skip
    for table, paid in (("2", "$300"), ("3", "$150")):
        b.ok("books", "rent", "S1", table, "2026-07", paid, "--by", "gm",
             AT, "2026-07-01T12:00:00-05:00")  # fmt: skip
    rent = [f for f in b.findings("2026Q3") if f[0] == "99-01.3-08-01"]
    # table 2: used 20 days in each of the four, a wager over $5: $300 allowed, $300 paid
    # table 3: 13, 13, 5, 5: two qualifying quarters: $200 x 3 x 2 / 12 = $100, $150 paid
    assert len(rent) == 1, rent
    assert "table 3" in rent[0][2]
    assert "$150.00 exceeds the allowable $100.00" in rent[0][2]
    assert rent[0][3]  # a deadline, never an empty cell


def test_without_the_prior_usage_every_additional_tables_rent_is_a_finding(tmp_path: Path) -> None:
    """The finding the independent check reported, for contrast: the same rent with no entry of
    the quarters before reads $0.00 allowed (the books hold no use of those quarters)."""
    b = Books(tmp_path)
    _organization(b)
    for table, paid in (("2", "$300"), ("3", "$150")):
        b.ok("books", "rent", "S1", table, "2026-07", paid, "--by", "gm",
             AT, "2026-07-01T12:00:00-05:00")  # fmt: skip
    rent = [f for f in b.findings("2026Q3") if f[0] == "99-01.3-08-01"]
    assert len(rent) == 2
    assert all("the allowable $0.00" in f[2] for f in rent)


def test_99_01_3_08_04_the_surveillance_test_reads_the_gross_of_the_quarter_before(
    tmp_path: Path,
) -> None:
    b = Books(tmp_path)
    _organization(b, surveilled=False)
    b.ok("books", "add-employee", "d1", "Dee", "D1", "--role", "dealer", "--supervisor", "sm")
    b.ok("books", "add-employee", "c1", "Cass", "CC", "--role", "cashier", "--supervisor", "sm")
    b.ok("books", "add-employee", "pb", "Pat", "PB", "--role", "pit boss", "--supervisor", "sm")
    b.ok("books", "add-employee", "ip", "Ida", "II", "--role", "independent person",
         "--affiliation", "independent")  # fmt: skip
    b.ok("books", "prior-activity", "S1", "2025Q4", "--gross", "$19,900", "--table-days", "1=30",
         "--by", "gm", "--audited-by", "au", AT, "2026-01-04T12:00:00-06:00")  # fmt: skip
    b.ok("books", "receive-chips", "S1", "1x500,5x400", AT, "2026-01-04T12:00:00-06:00")
    b.ok("books", "fund", "S1", "$2,000", AT, "2026-01-04T12:00:00-06:00")
    b.ok("books", "open-day", "S1", "2026-01-05", "--on-duty", "sm,pb,d1,c1", "--by", "sm",
         AT, "2026-01-05T18:00:00-06:00")  # fmt: skip
    b.ok("books", "open-table", "S1", "1", "d1", "--max-wager", "$25", "--shoe-inspected-by", "d1",
         AT, "2026-01-05T18:05:00-06:00")  # fmt: skip
    b.ok("books", "fill", "S1", "1", "5x40,1x100", "c1", "c1", "--verifier", "sm",
         AT, "2026-01-05T18:06:00-06:00")  # fmt: skip
    b.ok("books", "sell", "S1", "1", "$200", AT, "2026-01-05T18:10:00-06:00")
    b.ok("books", "end-shift", "S1", "1", "--removed-by", "sm", "--escort", "pb", "--close",
         AT, "2026-01-05T22:00:00-06:00")  # fmt: skip
    b.ok("books", "count", "S1", "2026-01-05", "1", "1", "--team", "ip,pb", "--key-holder", "ip",
         "--first", "$200", "--second", "$200", "--initials", "II,PB", "--fill-copies", "1",
         AT, "2026-01-05T22:05:00-06:00")  # fmt: skip
    found = [f for f in b.findings("2026Q1") if f[0] == "99-01.3-08-04"]
    # (2025Q4 $19,900 + 2026Q1 $200) / 2 = $10,050 a quarter: at least $10,000, wagers over $2
    assert len(found) == 1, found
    assert "$10,050.00" in found[0][2]
    assert found[0][3] == "2026-05-15"  # forty-five days after the quarter's end


def test_the_entry_is_audited_once_and_only_for_a_quarter_before_the_books(tmp_path: Path) -> None:
    b = Books(tmp_path)
    _organization(b)
    b.ok("books", "add-employee", "d1", "Dee", "D1", "--role", "dealer", "--supervisor", "sm")
    b.ok("books", "open-day", "S1", "2026-01-05", "--on-duty", "sm,d1", "--by", "sm",
         AT, "2026-01-05T18:00:00-06:00")  # fmt: skip
    entry = ["books", "prior-activity", "S1", "2025Q4", "--table-days", "1=30"]
    when = [AT, "2026-01-05T19:00:00-06:00"]
    assert "99-01.3-08-16" in b.refused(*entry, "--by", "gm", "--audited-by", "gm", *when)
    assert "gaming manager" in b.refused(*entry, "--by", "sm", "--audited-by", "au", *when)
    late = b.refused("books", "prior-activity", "S1", "2026Q1", "--table-days", "1=3",
                     "--by", "gm", "--audited-by", "au", *when)  # fmt: skip
    assert "2026Q1 is not before its first gaming day here, 2026-01-05" in late
    assert "92" in b.refused(*entry[:5], "1=93", "--by", "gm", "--audited-by", "au", *when)
    assert "no table 9" in b.refused(*entry[:5], "9=3", "--by", "gm", "--audited-by", "au", *when)
    b.ok(*entry, "--by", "gm", "--audited-by", "au", *when)
    assert "entered already" in b.refused(*entry, "--by", "gm", "--audited-by", "au", *when)


@pytest.mark.parametrize("typed", ["1=٣٠", "1=30,1=31", "one=30", "1:30"])
def test_table_days_are_typed_table_equals_ascii_days(tmp_path: Path, typed: str) -> None:
    b = Books(tmp_path)
    _organization(b)
    out = b.refused("books", "prior-activity", "S1", "2025Q4", "--table-days", typed, "--by",
                    "gm", "--audited-by", "au", AT, "2026-01-04T12:00:00-06:00")  # fmt: skip
    assert "table" in out
