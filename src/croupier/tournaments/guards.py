"""Checks shared by the tournament commands: which part, the occasion's days, the prize cap."""

from __future__ import annotations

from datetime import datetime

from croupier.core.clock import within_years
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.core.money import format_money
from croupier.tournaments import sections as s
from croupier.tournaments.definition import parse_day
from croupier.tournaments.events import PlayerDisqualified, PrizeKind
from croupier.tournaments.state import Entrant, Part, TournamentState


def part_of(state: TournamentState, tournament: str | None) -> Part:
    """The main tournament (``None``) or the named satellite."""
    key = state.rules.id if tournament is None else tournament
    try:
        return state.parts[key]
    except KeyError:
        raise InvalidInput(f"no tournament or satellite {key!r}") from None


def entrant(part: Part, player: str) -> Entrant:
    try:
        return part.entrants[player]
    except KeyError:
        raise InvalidInput(f"{player!r} is not registered in {part.id}") from None


def stamp(at: str) -> str:
    """A time written ISO 8601 (checked, returned as written)."""
    try:
        value = datetime.fromisoformat(at)
    except ValueError:
        raise InvalidInput(f"not a time: {at!r} (expected YYYY-MM-DDTHH:MM)") from None
    within_years(value, "the time", at)
    return at


def within_days(state: TournamentState, at: str) -> str:
    """Poker tournament activity, satellites included, falls on the occasion's days (-03.1)."""
    when = datetime.fromisoformat(stamp(at)).date()
    rules = state.rules
    if rules.is_poker and not parse_day(rules.first_day) <= when <= parse_day(rules.last_day):
        raise RuleViolation(
            f"{when.isoformat()} is outside the tournament's days {rules.first_day} to "
            f"{rules.last_day}: tournament activity, satellites included, is an occasion of not "
            "more than three consecutive calendar days",
            s.POKER_DAYS,
        )
    return at


def emit(state: TournamentState, events: list[Event]) -> list[Event]:
    """Apply ``events`` (already validated) and return them."""
    for e in events:
        state.apply(e)
    return events


def prize_value(state: TournamentState, part: Part) -> int:
    """The prizes of a part as accounted: a buy-in prize counts only once redeemed, at its
    cost; an unredeemed one is valued at zero (-09-03.4.d)."""
    total = 0
    for p in part.prizes:
        if p.kind is PrizeKind.BUY_IN:
            receipt = state.receipts.get(p.receipt or "")
            if receipt is None or receipt.redeemed_by is None:
                continue
        total += p.cents
    return total


def fee_value(part: Part) -> int:
    """Gross proceeds of a part: every fee collected (a redeemed buy-in included), less refunds
    made before the start."""
    return part.cash_fees()


def check_prize_cap(state: TournamentState, part: Part, adding: int, assume: int = 0) -> None:
    """Poker prizes may not exceed ninety percent of the fees: each tournament on its own
    (-03.4.f) and the main tournament with its satellites (-09-01). ``assume`` counts buy-in
    prizes being awarded now at their cost (they may yet be redeemed)."""
    if not state.rules.is_poker:
        return
    num, den = s.PRIZE_SHARE
    prizes = prize_value(state, part) + adding + assume
    fees = fee_value(part)
    if prizes * den > fees * num:
        raise RuleViolation(
            f"prizes of {part.id} would total {format_money(prizes)}, over ninety percent of "
            f"its {format_money(fees)} in fees",
            s.POKER_PRIZES,
        )
    all_prizes = sum(prize_value(state, p) for p in state.parts.values()) + adding + assume
    all_fees = sum(fee_value(p) for p in state.parts.values())
    if all_prizes * den > all_fees * num:
        raise RuleViolation(
            f"prizes of {state.rules.id} with its satellites would total "
            f"{format_money(all_prizes)}, over ninety percent of {format_money(all_fees)} in fees",
            s.POKER_FEES,
        )


def require_running(part: Part) -> None:
    if not part.started:
        raise InvalidInput(f"{part.id} has not started")
    if part.finished:
        raise InvalidInput(f"{part.id} has finished")


def disqualified_in(state: TournamentState, player: str) -> PlayerDisqualified | None:
    """The player's disqualification in any part of the tournament (main or satellite)."""
    for part in state.parts.values():
        for x in part.disqualifications:
            if x.player == player:
                return x
    return None


def refuse_disqualified(state: TournamentState, player: str, what: str) -> None:
    """A disqualified player buys no more chips and does not re-enter (-09-06.2.f)."""
    dq = disqualified_in(state, player)
    if dq is not None:
        raise RuleViolation(
            f"{player} was disqualified from {dq.tournament} ({dq.reason}, by {dq.by}): no {what}",
            s.POKER_PENALTY,
        )
