"""Stored tournaments as people read them (issue 19): the state of a tournament as plain data
(money in dollars, no address), its registers, one line per event, the text of ``croupier
tournament show`` and a rules file's posted schedule. Pure reading; the desk that runs them is
``croupier.service.tournaments.live``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from croupier.core.events import JSON, Event
from croupier.core.money import format_money
from croupier.reports.tournament_schedule import schedule_lines, schedule_pdf, section_of
from croupier.tournaments import (
    Tournament,
    definition_from_dict,
    fee_register,
    prize_register,
    receipts,
    record_of_win,
)
from croupier.tournaments.events import (
    ChipsIssued,
    ChipsRemoved,
    FeeCollected,
    FeeRefunded,
    HandRecorded,
    HandStarted,
    LevelStarted,
    PlayerDisqualified,
    PlayerEliminated,
    PlayerMoved,
    PlayerRegistered,
    PrizeAwarded,
    SeatDrawn,
    TournamentDefined,
    TournamentFinished,
    TournamentStarted,
)
from croupier.tournaments.records import removals

__all__ = [
    "REGISTERS",
    "REGISTER_TITLES",
    "describe",
    "registers",
    "rules_schedule",
    "show_lines",
    "summary",
]

REGISTERS = ("fees", "prizes", "receipts", "win", "penalties")

# -- plain data ------------------------------------------------------------------------------


def summary(t: Tournament, version: int) -> dict[str, JSON]:
    """The state of ``t`` as plain data (money in dollars; no address)."""
    rules = t.rules
    parts: list[JSON] = []
    for part in t.state.parts.values():
        entrants: list[JSON] = [
            {
                "player": e.player,
                "name": e.name,
                "status": e.status.value,
                "chips": e.chips,
                "table": e.table,
                "seat": e.seat,
                "fees": format_money(e.fees),
                "rebuys": e.rebuys,
                "add_ons": e.add_ons,
                "place": e.place,
                "exit": e.exit.value if e.exit else None,
            }
            for e in sorted(
                part.entrants.values(), key=lambda e: (e.place or 0, -e.chips, e.player)
            )
        ]
        tables: dict[str, JSON] = {
            str(n): [
                {"seat": s, "player": p, "chips": part.entrants[p].chips}
                for s, p in sorted(seats.items())
            ]
            for n, seats in sorted(part.tables.items())
            if seats
        }
        level = rules.levels[part.level - 1]
        status = "finished" if part.finished else "running" if part.started else "registering"
        parts.append(
            {
                "id": part.id,
                "satellite": part.is_satellite,
                "status": status,
                "entry_fee": format_money(part.entry_fee),
                "level": part.level,
                "levels": len(rules.levels),
                "blinds": (
                    f"{level.small_blind}/{level.big_blind}"
                    + (f" ante {level.ante}" if level.ante else "")
                    if rules.is_poker
                    else None
                ),
                "round": part.round,
                "players": len(part.entrants),
                "in_play": len(part.in_play()),
                "entrants": entrants,
                "tables": tables,
                "open_hands": sorted(part.open_hands),
                "buttons": {str(k): v for k, v in sorted(part.buttons.items())},
                "standings": list(part.standings),
                "prizes": [
                    {
                        "player": x.player,
                        "place": x.place,
                        "kind": x.kind.value,
                        "amount": format_money(x.cents),
                        "description": x.description,
                        "receipt": x.receipt,
                    }
                    for x in part.prizes
                ],
            }
        )
    return {
        "id": rules.id,
        "name": rules.name,
        "game": rules.game.value,
        "organization": rules.organization,
        "site": rules.site,
        "days": [rules.first_day, rules.last_day],
        "version": version,
        "parts": parts,
        "receipts": [
            {
                "receipt": r.receipt,
                "satellite": r.satellite,
                "holder": r.holder,
                "value": format_money(r.cents),
                "transferable": r.transferable,
                "redeemed_by": r.redeemed_by,
            }
            for _, r in sorted(t.state.receipts.items())
        ],
    }


def registers(t: Tournament) -> dict[str, list[list[str]]]:
    """The tournament's records as rows of text, each with its header row first."""
    state = t.state
    fees = [
        [
            "tournament",
            "player",
            "name",
            "address",
            "paid for",
            "amount",
            "collected by",
            "at",
            "buy-in receipt",
            "refunded",
        ]
    ]
    fees += [
        [
            f.tournament,
            f.player,
            f.name,
            f.address,
            f.kind.value,
            format_money(f.cents),
            f.collected_by,
            f.at,
            f.receipt or "",
            "refunded" if f.refunded else "",
        ]
        for f in fee_register(state)
    ]
    prizes = [["tournament", "player", "place", "prize", "amount", "value", "description", "at"]]
    prizes += [
        [
            p.tournament,
            p.player,
            "" if p.place is None else str(p.place),
            p.kind.value,
            format_money(p.cents),
            format_money(p.value),
            p.description + (f" (receipt {p.receipt})" if p.receipt else ""),
            p.at,
        ]
        for p in prize_register(state)
    ]
    held = [["receipt", "satellite", "won by", "held by", "value", "transferable", "redeemed by"]]
    held += [
        [
            r.receipt,
            r.satellite,
            r.won_by,
            r.holder,
            format_money(r.cents),
            "yes" if r.transferable else "no",
            r.redeemed_by or "",
        ]
        for r in receipts(state)
    ]
    win = [["tournament", "gross proceeds", "prizes", "adjusted gross proceeds"]]
    win += [
        [
            w.tournament,
            format_money(w.gross_proceeds),
            format_money(w.prizes),
            format_money(w.adjusted_gross_proceeds),
        ]
        for w in record_of_win(state)
    ]
    penalties = [["tournament", "player", "chips removed", "by", "reason", "at"]]
    penalties += [
        [x.tournament, x.player, str(x.chips), x.by, x.reason, x.at] for x in removals(state)
    ]
    return {"fees": fees, "prizes": prizes, "receipts": held, "win": win, "penalties": penalties}


def describe(e: Event) -> str:
    """One line for an event, money in dollars."""
    if isinstance(e, PlayerRegistered):
        return f"{e.player} registered in {e.tournament} ({e.name})"
    if isinstance(e, FeeCollected):
        paid = f" with buy-in receipt {e.receipt}" if e.receipt else ""
        return (
            f"{e.kind.value} fee {format_money(e.cents)} from {e.player} collected by "
            f"{e.collected_by}{paid}"
        )
    if isinstance(e, FeeRefunded):
        return f"{format_money(e.cents)} refunded to {e.player}"
    if isinstance(e, TournamentDefined):
        return "tournament defined (its rules recorded)"
    if isinstance(e, ChipsIssued):
        return f"{e.chips} chips issued to {e.player} ({e.kind.value})"
    if isinstance(e, TournamentStarted):
        return f"{e.tournament} started"
    if isinstance(e, SeatDrawn):
        return f"{e.player} drew table {e.table} seat {e.seat}"
    if isinstance(e, LevelStarted):
        return f"{e.tournament}: level {e.level} started"
    if isinstance(e, PlayerMoved):
        by = f" by {e.by}" if e.by else ""
        return f"{e.player} moved to table {e.to_table} seat {e.to_seat}{by}"
    if isinstance(e, ChipsRemoved):
        return f"{e.chips} chips removed from {e.player} by {e.by}: {e.reason}"
    if isinstance(e, PlayerDisqualified):
        return (
            f"{e.player} disqualified from {e.tournament} by {e.by}: {e.reason} ({e.chips} chips "
            "out of play, no place, no prize)"
        )
    if isinstance(e, HandStarted):
        return f"table {e.table}: hand {e.hand}, button seat {e.button}"
    if isinstance(e, HandRecorded):
        moves = ", ".join(f"{p} {d:+d}" for p, d in e.chips.items())
        return f"table {e.table}: hand {e.hand} recorded ({moves or 'no chips moved'})"
    if isinstance(e, PlayerEliminated):
        by = f" by {e.by}" if e.by else ""
        return f"{e.player} out in place {e.place} ({e.exit.value}{by})"
    if isinstance(e, TournamentFinished):
        return f"{e.tournament} finished: {', '.join(e.standings)}"
    if isinstance(e, PrizeAwarded):
        place = f"place {e.place} " if e.place is not None else ""
        return f"{place}{e.player}: {e.kind.value} {format_money(e.cents)} {e.description}".strip()
    name = e.TYPE.split(".", 1)[-1].replace("_", " ")
    return f"{getattr(e, 'tournament', '')}: {name}".strip(": ")


def rules_schedule(data: Mapping[str, Any]) -> tuple[str, list[str], bytes]:
    """A rules file's posted schedule (validated: every problem at once): its section, its
    lines and its PDF."""
    rules = definition_from_dict(data)
    return section_of(rules), schedule_lines(rules), schedule_pdf(rules)


REGISTER_TITLES = {
    "fees": "Fee register (99-01.3-09-07.1.c; twenty-one 99-01.3-08-16.1.e)",
    "prizes": "Prize register (99-01.3-09-07.1.d; twenty-one 99-01.3-08-16.1.f)",
    "receipts": "Buy-in receipts (99-01.3-09-07.1.h)",
    "win": "Record of win (this tournament only, never combined: 99-01.3-09-01)",
    "penalties": "Penalties: chips removed, disqualifications (99-01.3-09-06.2.f)",
}


def show_lines(view: Mapping[str, JSON], records: Mapping[str, list[list[str]]]) -> list[str]:
    """A stored tournament as text (its ``summary`` and ``registers``): each part's state, then
    its records."""
    first, last = view["days"] if isinstance(view["days"], list) else ("", "")
    lines = [
        f"{view['id']}: {view['name']} ({view['game']}), {view['organization']}, "
        f"{view['site']}, {first} to {last} (version {view['version']})"
    ]
    for part in view["parts"] if isinstance(view["parts"], list) else []:
        assert isinstance(part, dict)
        kind = "satellite" if part["satellite"] else "main tournament"
        blinds = f", blinds {part['blinds']}" if part["blinds"] else ""
        lines.append(
            f"{kind} {part['id']}: {part['status']}, level {part['level']} of "
            f"{part['levels']}{blinds}, round {part['round']}, {part['players']} registered, "
            f"{part['in_play']} in play"
        )
        tables = part["tables"]
        assert isinstance(tables, dict)
        for number, seats in tables.items():
            assert isinstance(seats, list)
            seated = ", ".join(
                f"{s['seat']}:{s['player']} {s['chips']}" for s in seats if isinstance(s, dict)
            )
            lines.append(f"  table {number}: {seated}")
        entrants = part["entrants"]
        assert isinstance(entrants, list)
        out = [e for e in entrants if isinstance(e, dict) and e["place"] is not None]
        if out:
            lines.append(
                "  places: " + ", ".join(f"{e['place']} {e['player']} ({e['exit']})" for e in out)
            )
    for which, rows in records.items():
        lines.append(REGISTER_TITLES[which] + ":")
        if len(rows) == 1:
            lines.append("  (none)")
        lines.extend("  " + " | ".join(r) for r in rows[1:])
    return lines
