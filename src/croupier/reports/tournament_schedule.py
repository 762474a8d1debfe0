"""The posted schedule of a tournament as a one-page printable PDF (99-01.3-09-05.1; twenty-one:
the disclosures of 99-01.3-08-15).

Built from the same data as ``croupier.tournaments.schedule_text`` (its lines, in its order:
site, organization, dates, buy-in, bounty, rebuys, add-ons, the most a player can pay, bets,
the payout structure with its amounts once determined, each satellite), followed by what a
player is told about play: the levels, the seats a table, how players advance and who deals.
``schedule_lines`` is what the PDF prints; the command line and the web page show the same.
"""

from __future__ import annotations

import io

from croupier.core.money import format_money
from croupier.tournaments import TournamentRules, schedule_text
from croupier.tournaments.state import TournamentState

POKER_SECTION = "99-01.3-09-05.1"
TWENTYONE_SECTION = "99-01.3-08-15"


def section_of(rules: TournamentRules) -> str:
    """The section a posted schedule rests on."""
    return POKER_SECTION if rules.is_poker else TWENTYONE_SECTION


def _level_line(rules: TournamentRules, number: int) -> str:
    level = rules.levels[number - 1]
    if rules.is_poker:
        ante = f", ante {level.ante}" if level.ante else ""
        length = f", {level.minutes} minutes" if level.minutes else ""
        return f"  Level {number}: blinds {level.small_blind}/{level.big_blind}{ante}{length}"
    for count, word in ((level.hands, "hands"), (level.shoes, "shoes"), (level.minutes, "minutes")):
        if count is not None:
            return f"  Level {number}: {count} {word}"
    return f"  Level {number}"  # pragma: no cover - a validated level has one length


def play_lines(rules: TournamentRules) -> list[str]:
    """Levels, seats, advancement and dealing, as posted for the players."""
    lines = ["", "Levels:"]
    lines.extend(_level_line(rules, i) for i in range(1, len(rules.levels) + 1))
    lines.append("")
    where = "players" if rules.is_poker else "players (seven betting spaces a table)"
    lines.append(f"Seats: at most {rules.table_seats} {where} a table; seats drawn at the buy-in")
    lines.append(f"Players: {rules.min_players} to start, at most {rules.max_players}")
    if rules.advance_per_table:
        for i, keep in enumerate(rules.advance_per_table, 1):
            lines.append(
                f"Round {i}: the {keep} player(s) with the most chips at each table advance"
            )
        lines.append(
            f"Round {len(rules.advance_per_table) + 1} (championship): the player with the "
            "most chips wins"
        )
    elif rules.is_poker:
        lines.append("Play continues until one player holds every chip")
    else:
        lines.append("One round: the player with the most chips wins")
    if not rules.is_poker:
        button = (
            "a rotating button moves clockwise after each hand" if rules.button else "no button"
        )
        lines.append(f"Button: {button}; chips have no cash value")
    else:
        if rules.dealing.value == "dealer":
            lines.append("Dealing: a dealer who does not play")
        else:
            lines.append("Dealing: the players alternate as dealer")
        lines.append("Chips have no cash value; no fee is refunded after the start")
    return lines


def schedule_lines(rules: TournamentRules, state: TournamentState | None = None) -> list[str]:
    """Every line of the posted schedule: ``schedule_text`` and then ``play_lines``."""
    return schedule_text(rules, state).rstrip("\n").split("\n") + play_lines(rules)


def schedule_pdf(rules: TournamentRules, state: TournamentState | None = None) -> bytes:
    """The posted schedule on one letter page (the font shrinks to fit a long schedule)."""
    from reportlab.lib.pagesizes import letter
    from reportlab.pdfgen.canvas import Canvas

    lines = schedule_lines(rules, state)
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=letter, invariant=True, pageCompression=0)
    canvas.setTitle(f"Posted schedule: {rules.name}")
    _width, height = letter
    margin = 54.0
    canvas.setFont("Helvetica-Bold", 16)
    canvas.drawString(margin, height - margin, _ascii(rules.name))
    canvas.setFont("Helvetica", 9)
    canvas.drawString(
        margin,
        height - margin - 14,
        f"Posted schedule (N.D. Admin. Code {section_of(rules)}); most a player can pay "
        f"{format_money(rules.payable_per_player)}",
    )
    top = height - margin - 34
    room = top - margin
    size = min(10.0, max(5.0, room / max(1, len(lines)) / 1.25))
    canvas.setFont("Helvetica", size)
    y = top
    for line in lines:
        canvas.drawString(margin, y, _ascii(line))
        y -= size * 1.25
    canvas.showPage()
    canvas.save()
    return buf.getvalue()


def _ascii(text: str) -> str:
    """Text for the PDF's standard fonts (Latin-1; anything else as ``?``)."""
    return text.encode("latin-1", "replace").decode("latin-1")
