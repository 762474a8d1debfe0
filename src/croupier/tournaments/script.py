"""Tournament files: a rules object, the steps run against it, and what they must produce.

A file is plain data (JSON)::

    {"description": "...", "rules": {...}, "at": "2026-07-10T12:00",
     "steps": [{"do": "register", "player": "Ann", "address": "...", "card": [1, 4]}, ...,
               {"do": "refund", "player": "Ann", "refused": "99-01.3-09-03.4.g"}],
     "expect": {"gross_proceeds": {"main": "$1,000.00"}, ...}}

A definition that must be refused is ``{"rules": {...}, "expect": {"refused": [sections]}}``.
A step with ``refused`` must raise ``RuleViolation`` citing that section and change nothing; a
step's own ``expect`` is checked right after it. ``run_file`` returns the differences from the
expectations (empty when the file passes); the tournament's events are replayed and must give
the identical state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from croupier.core.errors import ConfigError, RuleViolation
from croupier.core.money import format_money, parse_money
from croupier.tournaments.events import PrizeKind
from croupier.tournaments.guards import fee_value, prize_value
from croupier.tournaments.records import prize_register, record_of_win
from croupier.tournaments.tournament import Tournament

Step = Mapping[str, Any]


def _cents(value: Any) -> int:
    return parse_money(value) if isinstance(value, str) else int(value)


def _chips(values: Mapping[str, Any]) -> dict[str, int]:
    return {str(k): int(v) for k, v in values.items()}


def _card(value: Any) -> tuple[int, int] | None:
    return None if value is None else (int(value[0]), int(value[1]))


def _do(t: Tournament, step: Step, at: str) -> None:
    do = step["do"]
    when = str(step.get("at", at))
    tid = step.get("tournament")
    if do == "register":
        t.register(
            str(step["player"]),
            collected_by=str(step.get("collected_by", "cashier")),
            at=when,
            name=str(step.get("name", "")),
            address=str(step.get("address", "")),
            tournament=tid,
            card=_card(step.get("card")),
            receipt=step.get("receipt"),
        )
    elif do == "register_many":
        for player, card in zip(step["players"], step["cards"], strict=True):
            t.register(
                str(player),
                collected_by=str(step.get("collected_by", "cashier")),
                at=when,
                address=str(step.get("address", "")),
                tournament=tid,
                card=_card(card),
            )
    elif do == "refund":
        t.refund(str(step["player"]), when, tid)
    elif do == "start":
        t.start(when, tid)
    elif do == "rebuy":
        t.rebuy(str(step["player"]), collected_by=str(step.get("collected_by", "cashier")), at=when)
    elif do == "add_on":
        t.add_on(
            str(step["player"]), collected_by=str(step.get("collected_by", "cashier")), at=when
        )
    elif do == "transfer_buy_in":
        t.transfer_buy_in(str(step["receipt"]), str(step["to"]), when)
    elif do == "transfer_chips":
        t.transfer_chips(str(step["from"]), str(step["to"]), int(step["chips"]))
    elif do == "next_level":
        t.next_level(when, tid)
    elif do == "start_hand":
        t.start_hand(int(step["table"]), when, absent=tuple(step.get("absent", ())), tournament=tid)
    elif do == "player_returned":
        t.player_returned(int(step["table"]), int(step["seat"]), when, tournament=tid)
    elif do == "record_hand":
        t.record_hand(
            int(step["table"]),
            _chips(step["chips"]),
            when,
            bets=_chips(step["bets"]) if "bets" in step else None,
            eliminated_by=step.get("eliminated_by"),
            tournament=tid,
        )
    elif do == "eliminate":
        t.eliminate(str(step["player"]), when, by=step.get("by"), tournament=tid)
    elif do == "withdraw":
        t.withdraw(str(step["player"]), when, tid)
    elif do == "cash_out":
        t.cash_out(str(step["player"]), tid)
    elif do == "end_round":
        t.end_round(when, tid)
    elif do == "finish":
        t.finish(when, tid)
    elif do == "agree_split":
        t.agree_split({str(k): _cents(v) for k, v in step["shares"].items()}, when, tid)
    else:
        raise ValueError(f"unknown step {do!r}")


def observed(t: Tournament) -> dict[str, Any]:
    """The figures a file's ``expect`` may name, in file form (dollars as ``"$12.50"``)."""
    st = t.state
    out: dict[str, Any] = {
        "gross_proceeds": {p.id: format_money(fee_value(p)) for p in st.parts.values()},
        "prizes": {p.id: format_money(prize_value(st, p)) for p in st.parts.values()},
        "record_of_win": [
            [
                w.tournament,
                format_money(w.gross_proceeds),
                format_money(w.prizes),
                format_money(w.adjusted_gross_proceeds),
            ]
            for w in record_of_win(st)
        ],
        "fees": {k: format_money(e.fees) for k, e in sorted(st.main.entrants.items())},
        "chips": {k: e.chips for k, e in sorted(st.main.entrants.items()) if e.chips},
        "tables": {
            str(n): [p for _, p in sorted(s.items())]
            for n, s in sorted(st.main.tables.items())
            if s
        },
        "table_sizes": [len(s) for _, s in sorted(st.main.tables.items()) if s],
        "standings": list(st.main.standings),
        "places": {k: e.place for k, e in sorted(st.main.entrants.items()) if e.place},
        "buttons": {str(k): v for k, v in sorted(st.main.buttons.items())},
        "prize_register": [
            [
                x.tournament,
                x.player,
                x.place,
                x.kind.value,
                format_money(x.cents),
                format_money(x.value),
            ]
            for x in prize_register(st)
        ],
        "receipts": {k: [r.holder, r.redeemed_by] for k, r in sorted(st.receipts.items())},
        "bounties": {
            p.player: format_money(
                sum(
                    x.cents
                    for x in st.main.prizes
                    if x.player == p.player and x.kind is PrizeKind.BOUNTY
                )
            )
            for p in st.main.prizes
            if p.kind is PrizeKind.BOUNTY
        },
    }
    for p in st.parts.values():
        if p.is_satellite:
            out[f"tables:{p.id}"] = {
                str(n): [x for _, x in sorted(s.items())] for n, s in sorted(p.tables.items()) if s
            }
            out[f"standings:{p.id}"] = list(p.standings)
    return out


def _compare(expect: Mapping[str, Any], got: Mapping[str, Any], where: str) -> list[str]:
    diffs: list[str] = []
    for key, want in expect.items():
        if key not in got:
            diffs.append(f"{where}: unknown expectation {key!r}")
        elif _norm(got[key]) != _norm(want):
            diffs.append(f"{where}: {key}: expected {want!r}, got {got[key]!r}")
    return diffs


def _norm(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_norm(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _norm(v) for k, v in value.items()}
    return value


def run_file(data: Mapping[str, Any]) -> tuple[Tournament | None, list[str]]:
    """Run a tournament file; the tournament (``None`` if its rules were refused) and every
    difference from its expectations."""
    expect = data.get("expect", {})
    try:
        t = Tournament.define(data["rules"])
    except ConfigError as exc:
        want = sorted(expect.get("refused", []))
        got = sorted({p.section or "" for p in exc.problems})
        if not want:
            return None, [f"rules refused: {exc}"]
        missing = [w for w in want if w not in got]
        return None, [f"rules: expected refusal citing {m}; got {got}" for m in missing]
    if "refused" in expect:
        return t, [f"rules accepted; expected refusal citing {expect['refused']}"]
    at = str(data.get("at", f"{t.rules.first_day}T12:00"))
    diffs: list[str] = []
    for i, step in enumerate(data.get("steps", [])):
        where = f"step {i + 1} ({step.get('do')})"
        diffs.extend(_run_step(t, step, at, where, _do))
        if "expect" in step:
            diffs.extend(_compare(step["expect"], observed(t), where))
    diffs.extend(_compare(expect, observed(t), "expect"))
    again = Tournament.replay(t.events)
    if again.state.snapshot() != t.state.snapshot():
        diffs.append("replaying the events gave a different state")
    return t, diffs


def _run_step(
    t: Tournament, step: Step, at: str, where: str, do: Callable[[Tournament, Step, str], None]
) -> list[str]:
    section = step.get("refused")
    before = t.state.snapshot()
    try:
        do(t, step, at)
    except RuleViolation as exc:
        if section is None:
            return [f"{where}: refused: {exc}"]
        if exc.section != section:
            return [f"{where}: refused citing {exc.section}, expected {section}: {exc}"]
        if t.state.snapshot() != before:
            return [f"{where}: a refused step changed the tournament"]
        return []
    except Exception as exc:
        return [f"{where}: {type(exc).__name__}: {exc}"]
    if section is not None:
        return [f"{where}: accepted; expected refusal citing {section}"]
    return []
