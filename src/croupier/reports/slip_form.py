"""The two-part fill or credit slip as a PDF to print (99-01.3-08-05).

One page, the original above and the copy below, each part carrying what -05.3 requires: the
game's reference (21 or PW), the site, the date and time with a.m. or p.m., the table; the
quantity and total value of chips by value and the grand total; the initials of the chip bank
cashier (a fill) or of the dealer or wheel operator (a credit); and lines for the initials the
parts collect as they travel (-05.5, -05.6), with where each part goes (-05.4, -05.6). A voided
form is printed marked VOID with its preparer's initials (-05.2).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from datetime import datetime

from croupier.books import events as ev
from croupier.books.model import SlipKind
from croupier.books.slips import where_parts_go
from croupier.core.money import format_money


@dataclass(frozen=True)
class SlipPeople:
    """Initials of the people a slip names (employee id -> initials)."""

    initials: dict[str, str]

    def of(self, employee_id: str | None) -> str:
        if not employee_id:
            return ""
        return self.initials.get(employee_id, employee_id)


def _when(at: str) -> str:
    moment = datetime.fromisoformat(at)
    return moment.strftime("%Y-%m-%d %I:%M %p %Z").strip()


def slip_lines(
    entry: ev.SlipIssued | ev.SlipVoided, org: str, site: str, people: SlipPeople
) -> list[list[str]]:
    """The text of each part: [original lines, copy lines]."""
    kind = entry.kind
    title = "FILL SLIP" if kind is SlipKind.FILL else "CREDIT SLIP"
    original_to, copy_to = where_parts_go(kind)
    parts: list[list[str]] = []
    for part, destination in (("ORIGINAL", original_to), ("COPY", copy_to)):
        lines = [f"{title} No. {entry.number}    {part}: {destination}", f"{org}, site {site}"]
        if isinstance(entry, ev.SlipVoided):
            lines += [
                f"Date and time: {_when(entry.at)}",
                "",
                "*** VOID ***",
                f"Voided and initialed by the preparer: {people.of(entry.preparer_id)}"
                f" ({entry.preparer_initials})",
            ]
            parts.append(lines)
            continue
        lines += [
            f"Game: {entry.game.value}    Table: {entry.table}    Date and time: {_when(entry.at)}",
            f"{'From' if kind is SlipKind.FILL else 'To'}: {entry.counterpart.value}",
            "",
            "Value        Quantity     Total",
        ]
        for line in entry.chips:
            value = (
                "betting chip" if line.token.value == "betting" else format_money(line.token.cents)
            )
            lines.append(f"{value:<12} {line.quantity:>8}     {format_money(line.value):>12}")
        lines += [
            f"Grand total value: {format_money(entry.grand_total)}",
            "",
            f"Prepared by: {people.of(entry.preparer_id)}",
            (
                f"Chip bank cashier: {people.of(entry.cashier_id)}"
                if kind is SlipKind.FILL
                else f"Dealer or wheel operator: {people.of(entry.dealer_id)}"
            ),
            f"Verified by (-05.5): {people.of(entry.verifier_id)}",
            (
                f"Dealer or wheel operator (-05.6): {people.of(entry.dealer_id)} ______"
                if kind is SlipKind.FILL
                else f"Cashier (-05.6): {people.of(entry.cashier_id)} ______"
            ),
        ]
        parts.append(lines)
    return parts


def slip_pdf(
    entry: ev.SlipIssued | ev.SlipVoided, org: str, site: str, people: SlipPeople
) -> bytes:
    """The slip's two parts on one letter page, a cut line between them."""
    from reportlab.lib.pagesizes import letter
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    page = canvas.Canvas(buffer, pagesize=letter)
    width, height = letter
    tops = (height - 54, height / 2 - 30)
    for top, lines in zip(tops, slip_lines(entry, org, site, people), strict=True):
        y = top
        for n, line in enumerate(lines):
            page.setFont("Helvetica-Bold" if n == 0 or "VOID" in line else "Courier", 11)
            page.drawString(54, y, line)
            y -= 15
    page.setDash(4, 4)
    page.line(36, height / 2, width - 36, height / 2)
    page.setFont("Helvetica", 8)
    page.drawString(54, height / 2 + 4, "cut here: two-part form (99-01.3-08-05.2)")
    page.showPage()
    page.save()
    return buffer.getvalue()
