"""One gaming day at a new site run entirely through the browser (issue 28): eight people in their
roles, each in their own browser (Debian's chromium): the gaming manager sets the site up (the
site, two twenty-one tables, the chips received, the cash bank funded) and opens the day; the
shift manager opens both tables; the dealer opens the live table linked to table 1 and asks for
a fill from its console, which the cashier prepares from the ask and the shift manager
verifies; a fill for table 2 prepared at the chip bank; chip sales and the play of table 1
entered at the table; a shift change at table 1; a credit; the shifts ended with their drop
boxes escorted; each box counted by two people on their own screens; the counted cash
deposited; the close; the daily report.

Worked by hand (99-01.3-08-16.1: win = drop box cash + closing tray + credits - opening tray
- fills):
- table 1, shift 1 (d1): a fill of forty $5 and a hundred $1 ($300); $100 of chips sold (the
  fewest: twenty $5); the play: four $5 collected, two $5 paid. Closing tray $300 - $100 + $20
  - $10 = $210; win $100 + $210 - $300 = $10.
- table 2, shift 1 (d2): a fill of twenty $5 ($100); $50 sold (ten $5). Closing tray $50; win
  $50 + $50 - $100 = $0.
- table 1, shift 2 (d2): opening tray $210; a credit of fifty $1 ($50). Closing tray $160; win
  $0 + $160 + $50 - $210 = $0.
- twenty-one's adjusted gross proceeds for the day: $10; gross proceeds (the drop): $150, all
  of it deposited; the cash bank, funded with $2,000 and never drawn on, counted at $2,000 at
  the close.

The same day is then keyed through the command line into a second copy of the demo
organization, and the two daily reports must agree figure for figure.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from croupier.cli.main import app

from .browsing import People, axe_violations, browser, pytestmark, served, shot, sync_api
from .conftest import DAY, START, Demo, make_demo

__all__ = ["browser", "pytestmark", "served"]  # the fixtures and the skip, used by name

RULES = "twentyone-hole-card-no-peek-6deck-s17.toml"


def _money(text: str) -> int:
    negative = text.startswith("(") or text.startswith("-")
    digits = text.strip("()-$ ").replace(",", "").replace("$", "")
    dollars, _, cents = digits.partition(".")
    value = int(dollars) * 100 + int((cents + "00")[:2])
    return -value if negative else value


def _entry(page: Any, base: str, key: str, **values: str) -> None:
    """A books entry through its form (``/books/{key}``), recorded."""
    page.goto(f"{base}/books/{key}")
    form = page.locator("form#entry")
    for name, value in values.items():
        field = form.locator(f"[name={name}]")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    form.get_by_role("button", name="Record").click()
    sync_api.expect(page.locator("div.message")).to_contain_text("recorded")


def _day_form(page: Any, base: str, action: str, **values: str) -> None:
    page.goto(f"{base}/day?site=S2")
    form = page.locator(f"form[action='/day/{action}']")
    for name, value in values.items():
        field = form.locator(f"[name={name}]")
        tag = field.evaluate("e => e.tagName + ':' + (e.type || '')")
        if tag.startswith("SELECT"):
            field.select_option(value)
        elif tag.endswith("checkbox"):
            if value:
                field.check()
        else:
            field.fill(value)
    form.locator("button[type=submit]").click()
    sync_api.expect(page.locator("div.message")).to_be_visible()


def _prepare(page: Any, base: str, kind: str, table: str, chips: str, cashier: str = "") -> str:
    page.goto(f"{base}/slips")
    form = page.locator("form[action='/slips/prepare']")
    form.locator("select[name=kind]").select_option(kind)
    form.locator("select[name=site]").select_option("S2")
    form.locator("input[name=table]").fill(table)
    form.locator("input[name=chips]").fill(chips)
    form.locator("input[name=cashier]").fill(cashier)
    form.get_by_role("button", name="Prepare").click()
    message = page.locator("div.message")
    sync_api.expect(message).to_contain_text("prepared (draft")
    found = re.search(r"draft (\d+)\)", message.inner_text())
    assert found is not None
    return found.group(1)


def _verify(page: Any, base: str, draft: str) -> None:
    page.goto(f"{base}/slips")
    page.locator(f"form[action='/slips/{draft}/verify'] button").click()
    sync_api.expect(page.locator("div.message")).to_contain_text("slip_issued")


def _cli_day(url: str) -> str:
    """The same day keyed through ``croupier books``: the daily report's CSV."""
    runner = CliRunner()
    at = START.isoformat()
    where = ["--db", url, "--org", "demo"]
    timed = [*where, "--at", at]
    for args in (
        ["add-site", "S2", "North Hall", "--surveilled", *where],
        ["add-table", "S2", "1", "21", *where],
        ["add-table", "S2", "2", "21", *where],
        ["receive-chips", "S2", "5x200,1x500", *timed],
        ["fund", "S2", "2,000", *timed],
        ["open-day", "S2", DAY, "--on-duty", "gm,sm,pb,d1,d2,c1", "--by", "gm", *timed],
        ["open-table", "S2", "1", "d1", "--max-wager", "25", "--shoe-inspected-by", "d1", *timed],
        ["open-table", "S2", "2", "d2", "--max-wager", "25", "--shoe-inspected-by", "d2", *timed],
        ["fill", "S2", "1", "5x40,1x100", "c1", "c1", "--verifier", "sm", *timed],
        ["fill", "S2", "2", "5x20", "c1", "c1", "--verifier", "sm", *timed],
        ["sell", "S2", "1", "100", *timed],
        ["sell", "S2", "2", "50", *timed],
        ["play", "S2", "1", "--collected", "5x4", "--paid", "5x2", *timed],
        ["end-shift", "S2", "2", "--removed-by", "sm", "--escort", "pb", "--close", *timed],
        ["end-shift", "S2", "1", "--removed-by", "sm", "--escort", "pb", *timed],
        ["open-table", "S2", "1", "d2", "--max-wager", "25", "--shoe-inspected-by", "d2", *timed],
        ["credit", "S2", "1", "1x50", "d2", "c1", "--verifier", "sm", *timed],
        ["end-shift", "S2", "1", "--removed-by", "sm", "--escort", "pb", "--close", *timed],
    ):
        done = runner.invoke(app, ["books", *args], terminal_width=200)
        assert done.exit_code == 0, (args, done.output)
    for table, shift, cash in (("1", "1", "100"), ("2", "1", "50"), ("1", "2", "0")):
        done = runner.invoke(
            app,
            ["books", "count", "S2", DAY, table, shift, "--team", "ct,ip", "--key-holder", "ct",
             "--first", cash, "--second", cash, "--initials", "CT,II", *timed],
            terminal_width=200,
        )  # fmt: skip
        assert done.exit_code == 0, done.output
    done = runner.invoke(app, ["books", "deposit", "S2", "150", "--by", "gm", *timed])
    assert done.exit_code == 0, done.output
    done = runner.invoke(app, ["books", "close-day", "S2", "2000", "--by", "sm", *timed])
    assert done.exit_code == 0, done.output
    report = runner.invoke(app, ["report", "daily", "S2", DAY, "--format", "csv", *where])
    assert report.exit_code == 0, report.output
    return report.output


def _figures(text: str) -> list[list[str]]:
    """The report's rows with every amount ("$1,200.00", "($5.00)") kept and the rest left
    out: who and when may differ between two keyings; the money may not."""
    amount = re.compile(r"^\(?-?\$[\d,]+\.\d\d\)?$")
    return [[cell for cell in row if amount.match(cell)] for row in csv.reader(io.StringIO(text))]


def test_one_gaming_day_at_a_new_site_by_eight_people_in_the_browser(
    served: tuple[str, Demo], browser: Any, tmp_path: Path
) -> None:
    base, demo = served
    people = People(
        browser, base, demo, ("gm", "sm", "pb", "d1", "d2", "c1", "ct", "ip"), width=1024, axe=True
    )
    gm, sm, d1, d2, c1, ct, ip = (people[n] for n in ("gm", "sm", "d1", "d2", "c1", "ct", "ip"))
    # the gaming manager sets the site up and opens its day
    _entry(gm, base, "add-site", site="S2", name="North Hall", surveilled="yes")
    _entry(gm, base, "add-table", site="S2", table="1", game="21")
    _entry(gm, base, "add-table", site="S2", table="2", game="21")
    _entry(gm, base, "receive-chips", site="S2", chips="5x200,1x500")
    _entry(gm, base, "fund", site="S2", amount="2,000")
    _day_form(gm, base, "open", day=DAY, on_duty="gm,sm,pb,d1,d2,c1")
    # the shift manager opens both tables (-07)
    _day_form(sm, base, "open-table", table="1", dealer="d1", max_wager="25", shoe="d1")
    _day_form(sm, base, "open-table", table="2", dealer="d2", max_wager="25", shoe="d2")
    # the dealer opens the live table linked to table 1 and asks for a fill from its console
    d1.goto(f"{base}/tables")
    opening = d1.locator("form[action='/tables']")
    opening.locator("input[name=table]").fill("north-1")
    opening.locator("select[name=game]").select_option("twentyone")
    opening.locator("select[name=rules]").select_option(RULES)
    opening.locator("select[name=mode]").select_option("physical")
    opening.locator("select[name=books_site]").select_option("S2")
    opening.locator("input[name=books_table]").fill("1")
    opening.get_by_role("button", name="Open").click()
    sync_api.expect(d1.locator("#live")).to_have_text("live")
    d1.locator("#ask summary").click()
    d1.locator("#ask input[name=chips]").fill("5x40,1x100")
    d1.locator("#ask button").click()
    sync_api.expect(d1.locator("#ask-status")).to_contain_text("waits at the chip bank")
    # the cashier prepares it from the ask; the shift manager verifies (-05.3 to .5)
    c1.goto(f"{base}/slips")
    c1.get_by_role("link", name="Prepare its slip").click()
    # the page of the ask, its form filled from it, before its button is pressed (under load
    # the press could land on the page being left, and be lost)
    form = c1.locator("form[action='/slips/prepare']")
    sync_api.expect(form.locator("input[name=chips]")).to_have_value("1x100,5x40")
    form.get_by_role("button", name="Prepare").click()
    sync_api.expect(c1.locator("div.message")).to_contain_text("answered by this slip")
    fill_1 = re.search(r"draft (\d+)\)", c1.locator("div.message").inner_text())
    assert fill_1 is not None
    _verify(sm, base, fill_1.group(1))
    _verify(sm, base, _prepare(c1, base, "fill", "2", "5x20"))
    # at the tables: chip sales and the play of table 1
    _entry(d1, base, "sell", site="S2", table="1", amount="100")
    _entry(d2, base, "sell", site="S2", table="2", amount="50")
    _entry(d1, base, "play", site="S2", table="1", collected="5x4", paid="5x2")
    # table 2 closes; table 1 changes dealer (its drop box out, the next shift in)
    _day_form(sm, base, "end-shift", table="2", escort="pb", close="yes")
    _day_form(sm, base, "end-shift", table="1", escort="pb")
    _day_form(sm, base, "open-table", table="1", dealer="d2", max_wager="25", shoe="d2")
    _verify(sm, base, _prepare(d2, base, "credit", "1", "1x50", cashier="c1"))
    _day_form(sm, base, "end-shift", table="1", escort="pb", close="yes")
    # each box counted by the two members, each on their own screen (-14.2 to .4)
    for box, cash in ((f"{DAY}/1/1", "100"), (f"{DAY}/2/1", "50"), (f"{DAY}/1/2", "0")):
        ct.goto(f"{base}/day?site=S2")
        ct.select_option("select[name=box]", box)
        ct.fill("form[action='/day/count'] input[name=partner]", "ip")
        ct.fill("form[action='/day/count'] input[name=amount]", cash)
        ct.click("form[action='/day/count'] button[type=submit]")
        sync_api.expect(ct.locator("div.message")).to_contain_text("opened with your count")
        ip.goto(f"{base}/day?site=S2")
        ip.fill("section.count form[action$='/enter'] input[name=amount]", cash)
        ip.click("section.count form[action$='/enter'] button[type=submit]")
        sync_api.expect(ip.locator("div.message")).to_contain_text("drop_box_counted")
    # the boxes' custody, table to count (-14.1 to .3), and the counted cash deposited
    sm.goto(f"{base}/day?site=S2")
    custody = sm.locator("h2:text('Drop box custody') + table")
    for table, shift in (("1", "1"), ("2", "1"), ("1", "2")):
        row = (
            custody.locator("tr")
            .filter(has=sm.locator(f"td:nth-child(2):text-is('{table}')"))
            .filter(has=sm.locator(f"td:nth-child(3):text-is('{shift}')"))
        )
        sync_api.expect(row).to_contain_text("sm")
        sync_api.expect(row).to_contain_text("pb")
        sync_api.expect(row).to_contain_text("ct, ip")
    _entry(gm, base, "deposit", site="S2", amount="150")
    _day_form(sm, base, "close", cash_bank="2000")
    sync_api.expect(sm.locator("div.message")).to_contain_text("day_closed")
    assert axe_violations(sm) == []
    shot(sm, "gaming-day-closed.png")
    # the daily report, as the gaming manager downloads it
    gm.goto(f"{base}/reports/daily?site=S2&day={DAY}")
    with gm.expect_download() as got:
        gm.click("text=Download CSV")
    browser_csv = Path(got.value.path()).read_text(encoding="utf-8")
    rows = list(csv.reader(io.StringIO(browser_csv)))
    head = next(i for i, r in enumerate(rows) if r[:3] == ["Table", "Game", "Shift"])
    columns = rows[head]
    shifts = {}
    for r in rows[head + 1 :]:
        if not r or not r[0]:
            break
        row = dict(zip(columns, r, strict=True))
        shifts[(row["Table"], row["Shift"])] = row
    worked = {  # (table, shift): drop, fills, credits, opening tray, closing tray, win
        ("1", "1"): (100_00, 300_00, 0, 0, 210_00, 10_00),
        ("2", "1"): (50_00, 100_00, 0, 0, 50_00, 0),
        ("1", "2"): (0, 0, 50_00, 210_00, 160_00, 0),
    }
    assert set(shifts) == set(worked)
    for key, figures in worked.items():
        s = shifts[key]
        got_figures = tuple(
            _money(s[c])
            for c in ("Drop box cash", "Fills", "Credits", "Opening tray", "Closing tray", "Win")
        )
        assert got_figures == figures, (key, s)
    summary = next(i for i, r in enumerate(rows) if r[:2] == ["Game", "Gross proceeds"])
    names = rows[summary]
    by_game = {r[0]: dict(zip(names, r, strict=False)) for r in rows[summary + 1 :] if r and r[0]}
    assert _money(by_game["21"]["Gross proceeds"]) == 150_00
    assert _money(by_game["21"]["Adjusted gross proceeds"]) == 10_00
    header = {r[0]: r[1] for r in rows[:head] if len(r) >= 2}
    assert _money(header["Ending cash bank (counted)"]) == 2000_00
    deposited = next(i for i, r in enumerate(rows) if r[:1] == ["Deposited"])
    assert _money(rows[deposited + 1][0]) == 150_00
    assert people.errors == []
    # the same day through the command line: the same report, figure for figure
    twin = make_demo(f"sqlite:///{tmp_path / 'cli.db'}")
    twin.app.state.server.close()
    cli_figures = _figures(_cli_day(twin.url))
    assert _figures(browser_csv) == cli_figures
    assert sum(len(r) for r in cli_figures) > 20  # the comparison saw the report's figures
