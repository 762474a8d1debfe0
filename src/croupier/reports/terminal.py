"""A ``Form`` as rich renderables for a terminal: the warning banner, the header, one table per
form table, the people named, the notes. Plots are left to the HTML and PDF forms."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from croupier.reports.model import Form, FormTable

_MONEY_COLUMNS = ("$", "proceeds", "prizes", "cash", "deposit", "fee", "fill", "credit", "tray")


def _is_figure(col: str) -> bool:
    lowered = col.lower()
    return any(w in lowered for w in _MONEY_COLUMNS) or lowered.startswith("percent")


def _table(t: FormTable) -> Table:
    table = Table(title=t.title, title_justify="left")
    for i, col in enumerate(t.columns):
        figure = _is_figure(col)
        widest = max((len(row[i]) for row in t.rows), default=0)
        table.add_column(
            col,
            justify="right" if figure else "left",
            overflow="fold",
            min_width=min(widest, 16) if figure else None,
        )
    for row in t.rows:
        table.add_row(*(Text(c) for c in row))
    if not t.rows:
        table.caption = "none"
    return table


def _comfortable_width(t: FormTable) -> int:
    """The width the table needs for its figures whole and its words unbroken (capped)."""
    width = 1
    for i, col in enumerate(t.columns):
        word = max((len(w) for w in col.split()), default=0)
        cells = max((len(row[i]) for row in t.rows), default=0)
        width += min(max(word, cells), 24) + 3
    return width


def _records(t: FormTable) -> RenderableType:
    """A table too wide for the terminal: one block of "column: value" lines per row."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column(overflow="fold")
    for n, row in enumerate(t.rows):
        if n:
            grid.add_row("", "")
        for col, cell in zip(t.columns, row, strict=True):
            grid.add_row(col, Text(cell))
    if not t.rows:
        grid.add_row("", "none")
    return Group(Text(t.title, style="italic"), grid)


class FittedTable:
    """A form table as a rich table when it fits the terminal, else as one block per row."""

    def __init__(self, table: FormTable) -> None:
        self.table = table

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if _comfortable_width(self.table) <= options.max_width:
            yield _table(self.table)
        else:
            yield _records(self.table)


def terminal_view(form: Form) -> RenderableType:
    """The whole form, top to bottom."""
    parts: list[RenderableType] = []
    if form.warnings:
        banner = Text("\n".join(f"WARNING: {w}" for w in form.warnings), style="bold red")
        parts.append(Panel(banner, border_style="red"))
    parts.append(
        Text.from_markup(f"[bold]{escape(form.title)}[/] (N.D. Admin. Code {escape(form.section)})")
    )
    head = Table.grid(padding=(0, 2))
    head.add_column(style="bold")
    head.add_column()
    for name, value in form.header:
        head.add_row(name, Text(value))
    parts.append(head)
    parts.extend(Text(n, style="bold red") for n in form.notes if n.startswith("WARNING"))
    for t in form.tables:
        parts.append(Text(""))
        parts.append(FittedTable(t))
    if form.people:
        parts.append(Text(""))
        parts.append(FittedTable(form.people_table()))
    if form.hold_lines:
        parts.append(Text("The weekly hold plot is in the HTML and PDF forms (--format)."))
    parts.extend(Text(n, style="italic") for n in form.notes if not n.startswith("WARNING"))
    if form.anchor:
        parts.append(Text(""))
        parts.append(Text("Signed anchor of the history (keep it; croupier verify --anchor):"))
        parts.append(Text(form.anchor, overflow="fold"))
    return Group(*parts)
