"""Many writers at once: four processes each issue 200 fill slips at their own table of one site,
through the path ``croupier books fill`` takes (``service.books.record`` with the request of
``service.books_day.slip``, at the time of the clock), on SQLite and on PostgreSQL.

Expected (issue 17, "Many writers"): none refused, 800 fill slips numbered 1 to 800 with no gap
and no number twice (fill and credit slips are consecutively numbered, used in sequential order
and all accounted for, 99-01.3-08-05.2), and every table's tray holding exactly the chips its
fills brought (a fill slip moves chips from the chip bank to a table, 99-01.3-08-05.1).
"""

from __future__ import annotations

import multiprocessing
import re
from collections import Counter
from datetime import UTC, datetime
from multiprocessing.synchronize import Barrier

import pytest

from croupier.books import events as ev
from croupier.books.model import SlipKind, Token, chips_total
from croupier.books.state import Books
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.service.books import day as books_day
from croupier.service.books import setup as books_setup
from croupier.service.books.service import Request, rebuild, record
from croupier.store import ConcurrencyError, CorruptStream, open_store

WRITERS = 4
SLIPS_EACH = 200
ORG = "org"
SITE = "S1"
DEALERS = tuple(f"d{n}" for n in range(1, WRITERS + 1))
FILL = "1x1"
"""Each fill slip brings one $1 chip: a table's tray ends with one chip per slip."""

pytestmark = pytest.mark.slow


def _set_up(url: str) -> None:
    """The organization, site S1 with twenty-one tables 1-4, a cashier, a pit boss, four dealers,
    a chip bank of 1,000 $1 chips, and today's gaming day open with every table open."""
    now = datetime.now(UTC)
    at = now.isoformat()

    def run(request: Request, when: str | None = at) -> None:
        record(url, ORG, when, request)

    record(url, ORG, None, books_setup.init(ORG, "Many Writers Post"), create=True)
    run(books_setup.add_site(SITE, "Main Street Bar", False, False), None)
    for table in range(1, WRITERS + 1):
        run(books_setup.add_table(SITE, table, "21"), None)
    staff = [("c1", "Cass Cashier", "CC", "cashier"), ("pb", "Pat Boss", "PB", "pit boss")]
    staff += [(d, f"Dealer {d}", d.upper(), "dealer") for d in DEALERS]
    for person, name, initials, role in staff:
        run(
            books_setup.add_employee(person, name, initials, [role], "gaming", None, None, []), None
        )
    run(books_setup.receive_chips(SITE, "1x1000"))
    on_duty = ",".join(("c1", "pb", *DEALERS))
    run(books_day.open_day(SITE, now.date().isoformat(), on_duty, "pb"))
    for table, dealer in enumerate(DEALERS, start=1):
        run(books_day.open_table(SITE, table, dealer, "$25", dealer))


def writer(url: str, table: int, barrier: Barrier, results: multiprocessing.Queue[object]) -> None:
    """Issue SLIPS_EACH fill slips at ``table``, each as its own command; report what was
    recorded and every refusal (its one line)."""
    recorded = 0
    refused: list[str] = []
    barrier.wait()
    for _ in range(SLIPS_EACH):
        request = books_day.slip("fill", SITE, table, FILL, "c1", "c1", "pb", False)
        try:
            record(url, ORG, None, request)
            recorded += 1
        except (InvalidInput, RuleViolation, ConcurrencyError, CorruptStream) as exc:
            refused.append(f"{type(exc).__name__}: {exc}")
    results.put((table, recorded, refused))


def _books(url: str) -> Books:
    store = open_store(url)
    try:
        assert store.verify() == []
        books = rebuild(store, ORG)  # read as the service reads: every entry checked
        assert books.corrupt == []
        return books
    finally:
        store.close()


def test_99_01_3_08_05_2_four_writers_of_200_fill_slips_none_refused_numbers_gap_free(
    database_url: str,
) -> None:
    _set_up(database_url)
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(WRITERS)
    results: multiprocessing.Queue[object] = context.Queue()
    processes = [
        context.Process(target=writer, args=(database_url, table, barrier, results))
        for table in range(1, WRITERS + 1)
    ]
    for process in processes:
        process.start()
    reports = [results.get(timeout=600) for _ in processes]
    for process in processes:
        process.join(timeout=60)
        assert process.exitcode == 0
    recorded = sum(done for _table, done, _refused in reports)  # type: ignore[misc]
    refused = [line for _table, _done, lines in reports for line in lines]  # type: ignore[misc]
    books = _books(database_url)
    fills = [e for e in books.entries if isinstance(e, ev.SlipIssued) and e.kind is SlipKind.FILL]
    # What was recorded is sound whatever was refused: one slip per recorded command, numbered
    # from 1 with no gap and no repeat, and each tray holding what its fills brought.
    assert len(fills) == recorded
    assert sorted(s.number for s in fills) == list(range(1, recorded + 1))
    for table in range(1, WRITERS + 1):
        at_table = [s for s in fills if s.table == table]
        tray = books.sites[SITE].trays[table]
        assert chips_total(tray) == sum(s.grand_total for s in at_table) == 100 * len(at_table)
    # And nothing was refused: every writer recorded all of its slips.
    assert not refused, f"{len(refused)} of {WRITERS * SLIPS_EACH} refused: {_kinds(refused)}"
    assert recorded == WRITERS * SLIPS_EACH
    for table in range(1, WRITERS + 1):
        tray = books.sites[SITE].trays[table]
        assert {line.token: line.quantity for line in tray} == {Token.ONE_DOLLAR: SLIPS_EACH}


def _kinds(refused: list[str]) -> list[tuple[str, int]]:
    """The refusals grouped by their line with times and numbers blanked out."""
    return Counter(re.sub(r"[0-9][0-9:.T+-]*", "#", line)[:200] for line in refused).most_common(3)
