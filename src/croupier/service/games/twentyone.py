"""Twenty-one for the CLI and the web server: house rules from a file, the posted rules
handout, the persisted table, the bench. Thin: each function combines the domain
(``croupier.games.twentyone``) with files, the store or the clock."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from croupier.core.rng import LiveRng, Rng, SeededRng
from croupier.games.twentyone.disclosure import disclosure, disclosure_html, sections
from croupier.games.twentyone.rules import HouseRules
from croupier.service.games.rules import load_rules

if TYPE_CHECKING:
    from croupier.service.games.twentyone_table import TwentyOneTable

__all__ = [
    "HouseRules",
    "disclosure",
    "disclosure_html",
    "disclosure_pdf",
    "house_rules",
    "open_table",
]


def house_rules(path: Path | None) -> HouseRules:
    """The validated house rules of ``path`` (JSON or commented TOML; ``"$25.00"`` strings are
    dollars), or the defaults when no file is given."""
    rules: HouseRules = load_rules("twentyone", path)
    return rules


def open_table(
    database_url: str,
    rules: HouseRules,
    *,
    seed: int | None,
    player: str,
    chips: int,
    table: str,
) -> TwentyOneTable:
    """The table ``twentyone/<table>`` of the store at ``database_url``: resumed when it has
    events (its own stored rules), else opened with ``rules`` and ``player`` seated with
    ``chips``."""
    from croupier.service.games.twentyone_table import TwentyOneTable
    from croupier.store import open_existing_store

    store = open_existing_store(database_url)  # a mistyped --db is refused, not a new file
    rng: Rng = SeededRng(seed) if seed is not None else LiveRng()
    return TwentyOneTable.open_or_resume(
        store, rng, rules, player=player, bankroll=chips, stream=f"twentyone/{table}"
    )


def disclosure_pdf(rules: HouseRules) -> bytes:
    """The posted rules handout as a PDF (-13)."""
    from io import BytesIO

    from reportlab.lib.pagesizes import letter
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer

    buffer = BytesIO()
    styles = getSampleStyleSheet()
    story = [Paragraph("Twenty-one: house rules and player rules", styles["Title"])]
    for heading, items in sections(rules):
        story.append(Paragraph(heading, styles["Heading2"]))
        for item in items:
            story.append(Paragraph(item, styles["Normal"]))
        story.append(Spacer(1, 8))
    SimpleDocTemplate(buffer, pagesize=letter, title="Twenty-one rules").build(story)
    return buffer.getvalue()
