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

Formats. ``"format": "croupier.tournament/1"`` (the default: every file written before issue
30) is read as it always was. ``"croupier.tournament/2"`` (issue 30) adds ``refund`` of one
``fee``, a satellite's ``rebuy`` and ``add_on`` (``tournament``; format 1 always rebought in the
main tournament and ignored the key), and the steps ``award_prize``, ``move_player``,
``remove_chips`` and ``disqualify``; it refuses a key a step does not read (format 1 ignored
them). A format-1 file using what format 2 added is refused with a line saying so rather than
read differently.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from croupier.core.errors import ConfigError, InvalidInput, RuleViolation
from croupier.core.money import format_money, parse_money
from croupier.tournaments.events import FeeKind, PrizeKind
from croupier.tournaments.guards import fee_value, prize_value
from croupier.tournaments.records import prize_register, record_of_win
from croupier.tournaments.tournament import Tournament

Step = Mapping[str, Any]

FORMAT_1 = "croupier.tournament/1"
FORMAT_2 = "croupier.tournament/2"
FORMATS = (FORMAT_1, FORMAT_2)

_COMMON = frozenset({"do", "at", "tournament", "refused", "expect"})
KEYS: dict[str, frozenset[str]] = {
    "register": frozenset({"player", "name", "address", "collected_by", "card", "receipt"}),
    "register_many": frozenset({"players", "cards", "collected_by", "address"}),
    "refund": frozenset({"player", "fee"}),
    "start": frozenset(),
    "rebuy": frozenset({"player", "collected_by"}),
    "add_on": frozenset({"player", "collected_by"}),
    "transfer_buy_in": frozenset({"receipt", "to"}),
    "transfer_chips": frozenset({"from", "to", "chips"}),
    "next_level": frozenset(),
    "start_hand": frozenset({"table", "absent"}),
    "player_returned": frozenset({"table", "seat"}),
    "record_hand": frozenset({"table", "chips", "bets", "eliminated_by"}),
    "eliminate": frozenset({"player", "by"}),
    "withdraw": frozenset({"player"}),
    "cash_out": frozenset({"player"}),
    "end_round": frozenset(),
    "finish": frozenset(),
    "agree_split": frozenset({"shares"}),
    "award_prize": frozenset({"player", "place"}),
    "move_player": frozenset({"player", "table", "seat", "by"}),
    "remove_chips": frozenset({"player", "chips", "by", "reason"}),
    "disqualify": frozenset({"player", "by", "reason"}),
}
"""The keys each step reads (format 2 refuses any other), beside ``do``, ``at``,
``tournament``, ``refused`` and ``expect``."""
FORMAT_2_STEPS = frozenset({"award_prize", "move_player", "remove_chips", "disqualify"})
FORMAT_2_KEYS = {"refund": "fee", "rebuy": "tournament", "add_on": "tournament"}
"""Keys format 2 gave a meaning they did not have (format 1 ignored them)."""


def file_format(data: Mapping[str, Any]) -> str:
    """The format a tournament file declares (format 1 when it declares none)."""
    fmt = data.get("format", FORMAT_1)
    if fmt not in FORMATS:
        raise InvalidInput(f"unknown tournament file format {fmt!r}; one of {', '.join(FORMATS)}")
    return str(fmt)


def step_problem(step: Step, fmt: str) -> str | None:
    """Why ``step`` cannot be read in format ``fmt`` (None when it can)."""
    do = step.get("do")
    if fmt == FORMAT_1:
        if do in FORMAT_2_STEPS:
            return f'{do!r} is a step of format 2: declare "format": "{FORMAT_2}"'
        key = FORMAT_2_KEYS.get(str(do))
        if key is not None and key in step:
            return (
                f"{key!r} of a {do} step is read from format 2 on (format 1 ignored it): "
                f'declare "format": "{FORMAT_2}"'
            )
        return None
    known = KEYS.get(str(do))
    if known is None:
        return None  # an unknown step is reported when it is run
    extra = sorted(set(step) - known - _COMMON)
    if extra:
        return f"a {do} step has no {', '.join(repr(x) for x in extra)}"
    return None


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
        fee = step.get("fee")
        t.refund(str(step["player"]), when, tid, fee=None if fee is None else FeeKind(fee))
    elif do == "start":
        t.start(when, tid)
    elif do == "rebuy":
        collector = str(step.get("collected_by", "cashier"))
        t.rebuy(str(step["player"]), collected_by=collector, at=when, tournament=tid)
    elif do == "add_on":
        collector = str(step.get("collected_by", "cashier"))
        t.add_on(str(step["player"]), collected_by=collector, at=when, tournament=tid)
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
    elif do == "award_prize":
        t.award_prize(str(step["player"]), int(step["place"]), when, tid)
    elif do == "move_player":
        seat = step.get("seat")
        t.move_player(
            str(step["player"]),
            int(step["table"]),
            when,
            by=str(step.get("by", "director")),
            seat=None if seat is None else int(seat),
            tournament=tid,
        )
    elif do == "remove_chips":
        t.remove_chips(
            str(step["player"]),
            int(step["chips"]),
            when,
            by=str(step.get("by", "director")),
            reason=str(step.get("reason", "")),
            tournament=tid,
        )
    elif do == "disqualify":
        t.disqualify(
            str(step["player"]),
            when,
            by=str(step.get("by", "director")),
            reason=str(step.get("reason", "")),
            tournament=tid,
        )
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
    out["chips_removed"] = [
        [x.tournament, x.player, x.chips, x.by, x.reason]
        for p in st.parts.values()
        for x in p.removals
    ]
    out["disqualified"] = [
        [x.tournament, x.player, x.chips, x.by, x.reason]
        for p in st.parts.values()
        for x in p.disqualifications
    ]
    for p in st.parts.values():
        if p.is_satellite:
            out[f"tables:{p.id}"] = {
                str(n): [x for _, x in sorted(s.items())] for n, s in sorted(p.tables.items()) if s
            }
            out[f"standings:{p.id}"] = list(p.standings)
            out[f"fees:{p.id}"] = {k: format_money(e.fees) for k, e in sorted(p.entrants.items())}
            out[f"chips:{p.id}"] = {k: e.chips for k, e in sorted(p.entrants.items()) if e.chips}
            out[f"places:{p.id}"] = {k: e.place for k, e in sorted(p.entrants.items()) if e.place}
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
    fmt = file_format(data)
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
        problem = step_problem(step, fmt)
        if problem is not None:
            diffs.append(f"{where}: {problem}")
            continue
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
