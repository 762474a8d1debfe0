"""Registers an auditor checks line by line: the drop box count documentation
(99-01.3-08-14) and the fill and credit slip registers (99-01.3-08-05)."""

from __future__ import annotations

from croupier.books import events as ev
from croupier.books.model import SlipKind, Token
from croupier.books.slips import form_registers, slip_register, where_parts_go
from croupier.books.state import Books
from croupier.core.money import format_money
from croupier.reports.labels import org_label, site_label, sites_label, span
from croupier.reports.model import Form, FormTable
from croupier.reports.people import People, count_people, slip_people


def chip_label(token: Token) -> str:
    """A chip's value in dollars (a paddlewheel betting chip is valued at one dollar)."""
    if token is Token.BETTING_CHIP:
        return f"{format_money(token.cents)} betting chip"
    return format_money(token.cents)


def count_form(books: Books, site_id: str, day: str) -> Form:
    """Drop box count documentation (99-01.3-08-14)."""
    rows: list[tuple[str, ...]] = []
    people = People(books)
    people.gaming_managers()
    for key, rec in sorted(books.shifts.items()):
        if key[0] != site_id or key[1] != day:
            continue
        where = f"table {key[2]} shift {key[3]}"
        people.add(rec.started.dealer_id, "dealer or operator", where)
        if rec.ended is not None:
            people.add(rec.ended.removed_by, "removed the drop box", where)
            people.add(rec.ended.escort_id, "escorted the drop box", where)
        cnt = rec.count
        if cnt is not None:
            count_people(people, cnt)
        if cnt is None:
            rows.append((str(key[2]), str(key[3]), "not counted", "", "", "", "", "", "", ""))
            continue
        corrected = rec.counted_cash
        rows.append(
            (
                str(key[2]),
                str(key[3]),
                cnt.count_day,
                f"{cnt.member_a} / {cnt.member_b}",
                cnt.key_holder + (f" / {cnt.second_key_holder}" if cnt.second_key_holder else ""),
                format_money(cnt.first_count),
                format_money(cnt.second_count),
                format_money(cnt.resolved)
                + (
                    f" (corrected {format_money(corrected)})"
                    if corrected != cnt.resolved and corrected is not None
                    else ""
                ),
                cnt.resolution,
                f"{cnt.initials_a} {cnt.initials_b} {cnt.count_day}",
            )
        )
    table = FormTable(
        "Drop box cash count",
        (
            "Table",
            "Shift",
            "Count date",
            "Count team",
            "Keys",
            "First count",
            "Second count",
            "Resolved",
            "Difference resolved by",
            "Initials and date",
        ),
        tuple(rows),
    )
    return Form(
        "Drop box cash count",
        "99-01.3-08-14",
        (),
        (table,),
        organization=org_label(books),
        site=site_label(books, site_id),
        period=f"gaming day {day}",
        people=people.build(),
    )


def slips_form(books: Books, kind: SlipKind) -> Form:
    """The register of a slip series: every number accounted for (99-01.3-08-05.2)."""
    original, copy = where_parts_go(kind)
    rows: list[tuple[str, ...]] = []
    register = slip_register(books, kind)
    dated = [x.entry for x in register if isinstance(x.entry, ev.SlipIssued | ev.SlipVoided)]
    people = People(books)
    people.gaming_managers()
    slip_people(people, dated)
    for line in register:
        e = line.entry
        if isinstance(e, ev.SlipIssued):
            detail = ", ".join(
                f"{x.quantity} x {chip_label(x.token)} = {format_money(x.value)}" for x in e.chips
            )
            rows.append(
                (
                    str(line.number),
                    line.status,
                    e.game.value,
                    e.site_id,
                    e.at,
                    str(e.table),
                    detail,
                    format_money(e.grand_total),
                    e.preparer_id,
                    e.verifier_id or "",
                    e.cashier_id,
                    e.dealer_id,
                )
            )
        elif isinstance(e, ev.SlipVoided):
            rows.append(
                (
                    str(line.number),
                    "VOID",
                    "",
                    e.site_id,
                    e.at,
                    "",
                    "",
                    "",
                    e.preparer_id,
                    "",
                    e.preparer_initials,
                    "",
                )
            )
        else:
            rows.append((str(line.number), "MISSING", "", "", "", "", "", "", "", "", "", ""))
    table = FormTable(
        f"{kind.value.capitalize()} slips",
        (
            "Number",
            "Status",
            "Ref",
            "Site",
            "Date and time",
            "Table",
            "Chips by value",
            "Grand total",
            "Prepared",
            "Verified",
            "Cashier",
            "Dealer/operator",
        ),
        tuple(rows),
    )
    forms = form_registers(books, kind)
    printed = FormTable(
        f"Pre-printed {kind.value} forms by series (site, game): every number accounted for",
        ("Site", "Game", "Form", "Status", "Books' entry", "Date and time", "Table"),
        tuple(
            (
                f.site_id,
                f.game.value,
                str(f.number),
                f.status,
                str(f.entry.number) if f.entry is not None else "",
                f.entry.at if f.entry is not None else "",
                str(f.entry.table) if isinstance(f.entry, ev.SlipIssued) else "",
            )
            for f in forms
        ),
    )
    return Form(
        f"{kind.value.capitalize()} slip register",
        "99-01.3-08-05",
        (("Original", original), ("Copy", copy)),
        (table, *((printed,) if forms else ())),
        organization=org_label(books),
        site=sites_label(books, (x.site_id for x in dated)) if dated else sites_label(books),
        period=span((x.day for x in dated), "no slips recorded"),
        people=people.build(),
    )
