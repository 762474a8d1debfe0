"""Render a ``Form`` to CSV, HTML or PDF bytes, and the hold-by-dealer-and-week plot to PNG."""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Sequence
from enum import Enum
from fractions import Fraction
from typing import Any

from croupier.books.hold import HOLD_FLOOR, HoldLine, hold_by_dealer_week
from croupier.books.model import Game
from croupier.core.errors import InvalidInput
from croupier.reports.csvsafe import csv_bytes
from croupier.reports.model import Form, FormTable


class Format(Enum):
    CSV = "csv"
    HTML = "html"
    PDF = "pdf"


def render(form: Form, fmt: Format) -> bytes:
    if fmt is Format.CSV:
        return to_csv(form)
    if fmt is Format.HTML:
        return to_html(form)
    if fmt is Format.PDF:
        return to_pdf(form)
    raise InvalidInput(f"unknown format {fmt!r}")  # pragma: no cover


def _tables(form: Form) -> tuple[FormTable, ...]:
    """The form's tables, then the people it names (if any)."""
    return (*form.tables, form.people_table()) if form.people else form.tables


def to_csv(form: Form) -> bytes:
    """Each table under a title row; the warning and the header fields first. Every cell is
    made safe for a spreadsheet (``reports.csvsafe``)."""
    rows: list[Sequence[object]] = [[f"WARNING: {warning}"] for warning in form.warnings]
    rows.append([form.title, form.section])
    rows.extend([name, value] for name, value in form.header)
    for table in _tables(form):
        rows.extend(([], [table.title], table.columns, *table.rows))
    for note in form.notes:
        rows.extend(([], [note]))
    if form.anchor:
        rows.extend(([], [ANCHOR_LABEL, form.anchor]))
    return csv_bytes(rows)


def to_html(form: Form) -> bytes:
    e = html.escape
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>{e(form.title)}</title>",
        "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;"
        "margin-bottom:1.5em}td,th{border:1px solid #999;padding:3px 6px;font-size:12px}"
        "th{background:#eee}.warning{border:3px solid #b00;color:#b00;padding:.5em;"
        "font-weight:bold}</style></head><body>",
    ]
    parts.extend(
        f"<div class='warning' role='alert'>WARNING: {e(warning)}</div>"
        for warning in form.warnings
    )
    parts.append(f"<h1>{e(form.title)}</h1><p>N.D. Admin. Code {e(form.section)}</p><dl>")
    for name, value in form.header:
        parts.append(f"<dt><b>{e(name)}</b></dt><dd>{e(value)}</dd>")
    parts.append("</dl>")
    for table in _tables(form):
        parts.append(f"<h2>{e(table.title)}</h2><table><tr>")
        parts.extend(f"<th>{e(c)}</th>" for c in table.columns)
        parts.append("</tr>")
        for row in table.rows:
            parts.append("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>")
        parts.append("</table>")
    if form.hold_lines:
        png = base64.b64encode(hold_plot(list(form.hold_lines))).decode("ascii")
        parts.append(
            f"<h2>Hold by dealer and week</h2><img alt='hold plot' "
            f"src='data:image/png;base64,{png}'>"
        )
    parts.extend(f"<p><i>{e(n)}</i></p>" for n in form.notes)
    if form.anchor:
        code = f"<code style='word-break:break-all'>{e(form.anchor)}</code>"
        parts.append(f"<p>{e(ANCHOR_LABEL)}:<br>{code}</p>")
    parts.extend(
        f"<p>{e(who)}: ______________________ Signature or initials: ________ "
        "Date: ____________</p>"
        for who in form.signatures
    )
    parts.append("</body></html>")
    return "".join(parts).encode("utf-8")


def to_pdf(form: Form) -> bytes:
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import landscape, letter
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import (
        Image,
        KeepTogether,
        Paragraph,
        SimpleDocTemplate,
        Spacer,
        Table,
        TableStyle,
    )

    buf = io.BytesIO()
    doc = SimpleDocTemplate(
        buf, pagesize=landscape(letter), title=form.title, invariant=True, bottomMargin=54
    )
    styles = getSampleStyleSheet()
    small = styles["BodyText"].clone("small", fontSize=7, leading=8)
    story: list[object] = []
    if form.warnings:
        banner = styles["Normal"].clone(
            "banner",
            textColor=colors.red,
            borderColor=colors.red,
            borderWidth=2,
            borderPadding=6,
            fontName="Helvetica-Bold",
        )
        for warning in form.warnings:
            story += [Paragraph(f"WARNING: {html.escape(warning)}", banner), Spacer(1, 12)]
    story += [
        Paragraph(html.escape(form.title), styles["Title"]),
        Paragraph(f"N.D. Admin. Code {html.escape(form.section)}", styles["Normal"]),
        Spacer(1, 6),
    ]
    for name, value in form.header:
        story.append(
            Paragraph(f"<b>{html.escape(name)}:</b> {html.escape(value)}", styles["Normal"])
        )
    for table in _tables(form):
        story.append(Spacer(1, 10))
        # A heading never ends a page without its table (keepWithNext).
        heading = styles["Heading3"].clone("heading", keepWithNext=1)
        story.append(Paragraph(html.escape(table.title), heading))
        data = [[Paragraph(html.escape(c), small) for c in table.columns]]
        data += [[Paragraph(html.escape(c), small) for c in row] for row in table.rows]
        # Columns share the frame width by how much text they hold, so a long finding gets
        # room and short amounts do not.
        weights = [
            min(max(len(x) for x in (col, *(r[i] for r in table.rows))), 60) + 6
            for i, col in enumerate(table.columns)
        ]
        widths = [doc.width * w / sum(weights) for w in weights]
        t = Table(data, repeatRows=1, colWidths=widths)
        t.setStyle(
            TableStyle(
                [
                    ("GRID", (0, 0), (-1, -1), 0.4, colors.grey),
                    ("BACKGROUND", (0, 0), (-1, 0), colors.lightgrey),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ]
            )
        )
        story.append(t)
    if form.hold_lines:
        story.append(Spacer(1, 10))
        story.append(Image(io.BytesIO(hold_plot(list(form.hold_lines))), width=640, height=320))
    for note in form.notes:
        story.append(Spacer(1, 6))
        story.append(Paragraph(html.escape(note), small))
    if form.anchor:
        story.append(Spacer(1, 10))
        story.append(KeepTogether(_anchor_block(form.anchor, small)))
    if form.signatures:
        lines = [
            [f"{who}:", "_" * 40, "Signature or initials:", "_" * 14, "Date:", "_" * 16]
            for who in form.signatures
        ]
        sig = Table(lines, hAlign="LEFT", rowHeights=[26] * len(lines))
        sig.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "BOTTOM")]))
        story.append(Spacer(1, 18))
        story.append(KeepTogether([sig]))
    doc.build(story, canvasmaker=_numbered_canvas(form))
    return buf.getvalue()


ANCHOR_LABEL = "Signed anchor of the history (keep it; prove it with croupier verify --anchor)"


def _anchor_block(anchor: str, style: Any) -> list[Any]:
    """The anchor as text (broken every 100 characters) beside its QR code."""
    from reportlab.graphics.barcode.qr import QrCodeWidget
    from reportlab.graphics.shapes import Drawing
    from reportlab.platypus import Paragraph, Table

    qr = QrCodeWidget(anchor, barLevel="L")
    x0, y0, x1, y1 = qr.getBounds()
    size = 150.0
    drawing = Drawing(size, size, transform=[size / (x1 - x0), 0, 0, size / (y1 - y0), 0, 0])
    drawing.add(qr)
    chunks = "<br/>".join(html.escape(anchor[i : i + 100]) for i in range(0, len(anchor), 100))
    text = Paragraph(
        f"<b>{html.escape(ANCHOR_LABEL)}:</b><br/><font face='Courier'>{chunks}</font>", style
    )
    return [Table([[text, drawing]], colWidths=[520, 160], hAlign="LEFT")]


def _numbered_canvas(form: Form) -> Any:
    """A canvas class that prints on every page who and what the page belongs to and
    "page N of M", so a loose page of a record can be put back (layout only)."""
    from reportlab.lib.pagesizes import landscape, letter
    from reportlab.pdfgen.canvas import Canvas

    ident = " | ".join(x for x in (form.title, form.organization, form.site, form.period) if x)
    if len(ident) > 150:
        ident = ident[:149] + "…"
    width, _height = landscape(letter)

    class NumberedCanvas(Canvas):  # type: ignore[misc]  # reportlab ships no types
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._pages: list[dict[str, Any]] = []

        def showPage(self) -> None:  # noqa: N802 - reportlab's name
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._pages)
            for state in self._pages:
                self.__dict__.update(state)
                self.setFont("Helvetica", 7)
                self.drawString(72, 30, ident)
                self.drawRightString(width - 72, 30, f"page {self._pageNumber} of {total}")
                super().showPage()
            super().save()

    return NumberedCanvas


def hold_plot(lines: list[HoldLine]) -> bytes:
    """PNG of each dealer's weekly percent-of-hold against the 10% and 15% lines."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    weeks = hold_by_dealer_week(lines)
    fig, ax = plt.subplots(figsize=(8, 4), dpi=100)
    labels = sorted({w for by_week in weeks.values() for w in by_week})
    for dealer, by_week in sorted(weeks.items()):
        xs = [labels.index(w) for w, v in sorted(by_week.items()) if isinstance(v, Fraction)]
        ys = [float(v) * 100 for _, v in sorted(by_week.items()) if isinstance(v, Fraction)]
        ax.plot(xs, ys, marker="o", label=dealer)
    for game, floor in HOLD_FLOOR.items():
        name = "twenty-one" if game is Game.TWENTY_ONE else "paddlewheel"
        ax.axhline(
            float(floor) * 100,
            linestyle="--",
            color="red" if game is Game.TWENTY_ONE else "orange",
            label=f"{name} {int(floor * 100)}%",
        )
    ax.set_xticks(range(len(labels)), labels, rotation=45, fontsize=7)
    ax.set_ylabel("percent-of-hold (%)")
    ax.set_title("Percent-of-hold by dealer and week (99-01.3-08-04.7, -04.8)")
    ax.legend(fontsize=7)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": None})
    plt.close(fig)
    return buf.getvalue()
