"""The familiar strategy chart of a twenty-one analysis: hard totals, soft totals and pairs
against the dealer's up card, each cell coloured by the action the strategy takes
(``croupier analyze twentyone --chart``). PNG and PDF through matplotlib, HTML as a table a
disclosure page can show."""

from __future__ import annotations

import html
import io
from collections import defaultdict

from croupier.analysis.twentyone import Action, Analysis

UP_ORDER = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0)
"""Up cards as players read them: 2 to 10, then the ace (ranks: 0 ace, 9 ten-count)."""
UP_LABELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "A")
RANK = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
COLOURS = {
    "H": "#f4f1bb",
    "S": "#e6a57e",
    "D": "#9bc1bc",
    "P": "#b497d6",
    "R": "#d9d9d9",
}
"""Hit pale yellow, stand orange, double teal, split purple, surrender grey (readable in print
and for the common colour-vision deficiencies: the letter is always in the cell too)."""
NAMES = {"H": "hit", "S": "stand", "D": "double (else hit)", "P": "split", "R": "surrender"}

Grid = list[tuple[str, list[str]]]


def _letter(action: Action) -> str:
    return "H" if action is Action.NATURAL else action.letter


def grids(analysis: Analysis) -> dict[str, Grid]:
    """The chart's three grids: row label and one action letter per up card. A hard total
    made of several two-card hands shows the action of most of them (by probability), with a
    star when the composition-dependent strategy plays some of them differently."""
    hard: dict[int, dict[int, dict[str, float]]] = defaultdict(lambda: defaultdict(dict))
    soft: dict[int, dict[int, str]] = defaultdict(dict)
    pairs: dict[int, dict[int, str]] = defaultdict(dict)
    for h in analysis.hands:
        a, b = h.cards
        letter = _letter(h.action)
        if a == b:
            pairs[a][h.up] = letter
        elif a == 0:  # an ace and another card: soft 13 to 20 (A,10 is a natural)
            if b != 9:
                soft[b][h.up] = letter
        else:
            votes = hard[(a + 1) + (b + 1)][h.up]
            votes[letter] = votes.get(letter, 0.0) + h.probability
    out: dict[str, Grid] = {"Hard totals": [], "Soft totals": [], "Pairs": []}
    for total in range(5, 20):
        if total not in hard:
            continue
        cells = []
        for up in UP_ORDER:
            votes = hard[total][up]
            best = max(votes, key=lambda k: votes[k])
            cells.append(best + ("*" if len(votes) > 1 else ""))
        out["Hard totals"].append((str(total), cells))
    for other in sorted(soft, reverse=True):
        out["Soft totals"].append((f"A,{RANK[other]}", [soft[other][up] for up in UP_ORDER]))
    for rank in (0, 9, 8, 7, 6, 5, 4, 3, 2, 1):
        if rank in pairs:
            out["Pairs"].append(
                (f"{RANK[rank]},{RANK[rank]}", [pairs[rank][up] for up in UP_ORDER])
            )
    return out


def chart_html(analysis: Analysis, title: str) -> str:
    """The chart as a self-contained HTML page (inline styles, no scripts)."""
    parts = [
        "<!doctype html><meta charset='utf-8'>",
        f"<title>{html.escape(title)}</title>",
        "<style>body{font-family:sans-serif}table{border-collapse:collapse;margin:0 1em 1em 0;"
        "display:inline-table}td,th{border:1px solid #777;padding:2px 6px;text-align:center}"
        "</style>",
        f"<h1>{html.escape(title)}</h1>",
    ]
    for name, rows in grids(analysis).items():
        parts.append(f"<table><caption>{html.escape(name)}</caption><tr><th></th>")
        parts.extend(f"<th>{u}</th>" for u in UP_LABELS)
        parts.append("</tr>")
        for label, cells in rows:
            parts.append(f"<tr><th>{html.escape(label)}</th>")
            for cell in cells:
                colour = COLOURS.get(cell[:1], "#fff")
                parts.append(f"<td style='background:{colour}'>{html.escape(cell)}</td>")
            parts.append("</tr>")
        parts.append("</table>")
    legend = ", ".join(f"{k} {v}" for k, v in NAMES.items())
    parts.append(f"<p>{html.escape(legend)}; * some hands of this total are played otherwise.</p>")
    return "".join(parts)


def chart_image(analysis: Analysis, title: str, fmt: str) -> bytes:
    """The chart as PNG or PDF (matplotlib)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    sections = grids(analysis)
    fig, axes = plt.subplots(1, 3, figsize=(15, 6.5))
    for ax, (name, rows) in zip(axes, sections.items(), strict=True):
        ax.axis("off")
        ax.set_title(name)
        if not rows:
            continue
        table = ax.table(
            cellText=[cells for _, cells in rows],
            rowLabels=[label for label, _ in rows],
            colLabels=list(UP_LABELS),
            cellColours=[[COLOURS.get(c[:1], "#ffffff") for c in cells] for _, cells in rows],
            loc="upper center",
            cellLoc="center",
        )
        table.scale(1, 1.3)
    legend = ", ".join(f"{k} {v}" for k, v in NAMES.items())
    fig.suptitle(title)
    fig.text(0.5, 0.02, f"{legend}; * some hands of this total are played otherwise", ha="center")
    buffer = io.BytesIO()
    fig.savefig(buffer, format=fmt)
    plt.close(fig)
    return buffer.getvalue()
