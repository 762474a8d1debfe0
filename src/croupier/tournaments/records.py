"""A tournament's records: the fee register, the prize register, the buy-in receipts, the record
of win (-09-07.1.c, d, h; -08-16.1.e, f), the chips removed as penalties (-09-06.2.f) and the
posted schedule (-09-05.1).

Each tournament of an occasion keeps its own records, never combined with another's (-09-01);
a main tournament's satellites are part of its records (their fees are gross proceeds of the
tournament, -09-01), listed by satellite.
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.core.money import format_money
from croupier.tournaments.definition import TournamentRules
from croupier.tournaments.events import (
    ChipsRemoved,
    FeeCollected,
    FeeKind,
    PlayerDisqualified,
    PlayerRegistered,
    PrizeKind,
)
from croupier.tournaments.finish import place_prizes
from croupier.tournaments.guards import fee_value, prize_value
from croupier.tournaments.model import Balancing, ChipPurchase, SeatDraw
from croupier.tournaments.state import Part, TournamentState


@dataclass(frozen=True, slots=True)
class FeeLine:
    """One fee: the player (name and address), what it paid for, who collected it and when."""

    tournament: str
    player: str
    name: str
    address: str
    kind: FeeKind
    cents: int
    collected_by: str
    at: str
    receipt: str | None
    refunded: bool


@dataclass(frozen=True, slots=True)
class PrizeLine:
    """One prize; a buy-in is valued at its cost once redeemed, at zero until then."""

    tournament: str
    player: str
    place: int | None
    kind: PrizeKind
    cents: int
    value: int
    description: str
    receipt: str | None
    at: str


@dataclass(frozen=True, slots=True)
class ReceiptLine:
    """A buy-in prize: who won it, who holds it, who redeemed it (-09-07.1.h)."""

    receipt: str
    satellite: str
    won_by: str
    holder: str
    cents: int
    transferable: bool
    redeemed_by: str | None


@dataclass(frozen=True, slots=True)
class WinLine:
    """Gross proceeds, prizes and adjusted gross proceeds of one tournament or satellite."""

    tournament: str
    gross_proceeds: int
    prizes: int

    @property
    def adjusted_gross_proceeds(self) -> int:
        return self.gross_proceeds - self.prizes


@dataclass(frozen=True, slots=True)
class RemovalLine:
    """A penalty (-09-06.2.f): chips taken out of play, or a disqualification (the player's
    chips leave play with them): whose, how many chips, who imposed it, why, when."""

    tournament: str
    player: str
    chips: int
    by: str
    reason: str
    at: str
    disqualified: bool = False


def removals(state: TournamentState) -> list[RemovalLine]:
    """Every penalty (-09-06.2.f), chips removed and disqualifications, satellites first, each
    part's in the order imposed. A disqualification's reason reads ``disqualified: ...``."""
    out: list[RemovalLine] = []
    for part in _parts(state):
        for e in state.events:
            if isinstance(e, ChipsRemoved) and e.tournament == part.id:
                out.append(RemovalLine(e.tournament, e.player, e.chips, e.by, e.reason, e.at))
            elif isinstance(e, PlayerDisqualified) and e.tournament == part.id:
                why = f"disqualified: {e.reason}"
                out.append(RemovalLine(e.tournament, e.player, e.chips, e.by, why, e.at, True))
    return out


def _payers(state: TournamentState) -> dict[int, tuple[str, str]]:
    """For each fee collected (by the identity of its event): the name and address its player
    registered with then. A refund before the start takes the player out of the entrants, and
    the register keeps the name and address of every fee all the same (-09-07.1.c)."""
    registered: dict[tuple[str, str], tuple[str, str]] = {}
    out: dict[int, tuple[str, str]] = {}
    for e in state.events:
        if isinstance(e, PlayerRegistered):
            registered[(e.tournament, e.player)] = (e.name, e.address)
        elif isinstance(e, FeeCollected):
            out[id(e)] = registered.get((e.tournament, e.player), (e.player, ""))
    return out


def fee_register(state: TournamentState) -> list[FeeLine]:
    """Every fee, satellites first, in the order collected."""
    payers = _payers(state)
    out: list[FeeLine] = []
    for part in _parts(state):
        for i, f in enumerate(part.fees):
            name, address = payers.get(id(f), (f.player, ""))
            out.append(
                FeeLine(
                    part.id,
                    f.player,
                    name,
                    address,
                    f.kind,
                    f.cents,
                    f.collected_by,
                    f.at,
                    f.receipt,
                    i in part.refunded,
                )
            )
    return out


def prize_register(state: TournamentState) -> list[PrizeLine]:
    out: list[PrizeLine] = []
    for part in _parts(state):
        for p in part.prizes:
            value = p.cents
            if p.kind is PrizeKind.BUY_IN:
                held = state.receipts.get(p.receipt or "")
                value = p.cents if held is not None and held.redeemed_by is not None else 0
            out.append(
                PrizeLine(
                    part.id,
                    p.player,
                    p.place,
                    p.kind,
                    p.cents,
                    value,
                    p.description,
                    p.receipt,
                    p.at,
                )
            )
    return out


def receipts(state: TournamentState) -> list[ReceiptLine]:
    won = {p.receipt: p.player for part in state.parts.values() for p in part.prizes if p.receipt}
    return [
        ReceiptLine(
            r.receipt,
            r.satellite,
            won.get(r.receipt, r.holder),
            r.holder,
            r.cents,
            r.transferable,
            r.redeemed_by,
        )
        for _, r in sorted(state.receipts.items())
    ]


def record_of_win(state: TournamentState) -> list[WinLine]:
    """One line per satellite and one for the main tournament on its own, then the tournament's
    total with its satellites (the figure for the books, -09-01). Never combined with another
    tournament of the occasion."""
    lines = [WinLine(p.id, fee_value(p), prize_value(state, p)) for p in _parts(state)]
    total = WinLine(
        f"{state.rules.id} with satellites",
        sum(x.gross_proceeds for x in lines),
        sum(x.prizes for x in lines),
    )
    return [*lines, total]


def _parts(state: TournamentState) -> list[Part]:
    sats = [p for p in state.parts.values() if p.is_satellite]
    return [*sats, state.main]


def schedule_text(rules: TournamentRules, state: TournamentState | None = None) -> str:
    """The written schedule posted for the tournament and each satellite (-09-05.1): site and
    organization, dates, the payout structure (amounts once determined), and the buy-in, fee,
    add-on, rebuy and bounty options."""
    game = "Poker" if rules.is_poker else "Twenty-one"
    variant = f" ({rules.variant.value})" if rules.variant else ""
    days = (
        rules.first_day
        if rules.first_day == rules.last_day
        else (f"{rules.first_day} to {rules.last_day}")
    )
    lines = [
        f"{game} tournament{variant}: {rules.name}",
        f"Organization: {rules.organization}",
        f"Site: {rules.site}",
        f"Dates: {days}",
        "",
        f"Buy-in (entry fee): {format_money(rules.entry_fee)} for {rules.starting_chips} "
        "no-value chips",
    ]
    if rules.bounty:
        lines.append(
            f"Bounty: {format_money(rules.bounty)} a player, paid in cash to the player "
            "who eliminates them (every bounty the same)"
        )
    else:
        lines.append("Bounty: none")
    lines.extend(_purchase_lines(rules.rebuy, rules.add_on, ""))
    cap = format_money(rules.fee_cap)
    lines.append(f"Most a player can pay: {format_money(rules.payable_per_player)} (cap {cap})")
    if rules.max_fees_per_player > rules.fee_cap:
        lines.append(
            f"Fees stop at {cap}: a rebuy or add-on that would take a player's fees past it is "
            "not sold"
        )
    if not rules.is_poker:
        top = "no maximum" if rules.maximum_bet is None else f"{rules.maximum_bet} chips"
        lines.append(
            f"Bets: {rules.minimum_bet} chips minimum, {top}; a bet on every hand; "
            f"{rules.betting_spaces} betting space(s) a player"
        )
    lines.extend(_seating_lines(rules))
    lines.append("")
    lines.append("Payout structure:")
    lines.extend(_payout_lines(rules, state))
    for sat in rules.satellites:
        lines.append("")
        lines.append(f"Satellite {sat.id}{': ' + sat.name if sat.name else ''}")
        lines.append(f"  Buy-in: {format_money(sat.entry_fee)} for {sat.starting_chips} chips")
        kind = "transferable (a receipt is issued)" if sat.transferable else "not transferable"
        lines.append(
            f"  Prizes: {sat.buy_ins} buy-in(s) to {rules.name}, valued at "
            f"{format_money(rules.buy_in_cost)}, {kind}"
        )
        for i, c in enumerate(sat.cash, sat.buy_ins + 1):
            lines.append(f"  Place {i}: {format_money(c)}")
        if sat.rebuy is not None or sat.add_on is not None:
            lines.extend(_purchase_lines(sat.rebuy, sat.add_on, "  "))
            most = min(sat.max_fees_per_player, rules.fee_cap)
            lines.append(
                f"  Most a player can pay: {format_money(most)} (satellites together: cap "
                f"{format_money(rules.fee_cap)})"
            )
    return "\n".join(lines) + "\n"


def _purchase_lines(rebuy: ChipPurchase | None, add_on: ChipPurchase | None, pad: str) -> list[str]:
    out: list[str] = []
    for word, option in (("Rebuy", rebuy), ("Add-on", add_on)):
        if option is None:
            out.append(f"{pad}{word}: none")
        else:
            out.append(
                f"{pad}{word}: up to {option.count} at {format_money(option.amount)} for "
                f"{option.chips} chips, through level {option.through_level}"
            )
    return out


def _seating_lines(rules: TournamentRules) -> list[str]:
    """How seats are drawn and who balances the tables (-09-05.2, -05.3)."""
    out: list[str] = []
    if rules.seat_draw is SeatDraw.WHOLE_ROOM:
        tables = rules.room_tables(rules.max_players)
        out.append(
            f"Seat draw: a card from a deck of every seat of the room's {tables} table(s) of "
            f"{rules.table_seats}; the tables are balanced at the start"
        )
    if rules.balancing is Balancing.DIRECTOR:
        out.append(
            "Table balancing: the director moves players to keep the tables as even as possible "
            "before each hand"
        )
    return out


def _payout_lines(rules: TournamentRules, state: TournamentState | None) -> list[str]:
    p = rules.payout
    out: list[str] = []
    if p.pool_percent is not None:
        out.append(f"  Prize pool: {p.pool_percent}% of the entry fees, rebuys and add-ons")
        amounts: dict[int, int] = {}
        if state is not None and state.main.started:
            amounts = {
                x.place: x.cents
                for x in place_prizes(state, state.main)
                if x.kind is PrizeKind.CASH
            }
        for i, share in enumerate(p.places, 1):
            known = f": {format_money(amounts[i])}" if i in amounts else ""
            out.append(f"  Place {i}: {share}% of the pool{known}")
    else:
        out.extend(f"  Place {i}: {format_money(c)}" for i, c in enumerate(p.amounts, 1))
        for x in sorted(p.prizes, key=lambda x: x.place):
            if x.cash is not None:
                out.append(f"  Place {x.place}: {format_money(x.cash)}")
            else:
                out.append(
                    f"  Place {x.place}: {x.merchandise} (value {format_money(x.value or 0)})"
                )
    out.extend(
        f"  Place {m.place}: {m.description} (value {format_money(m.value)})" for m in p.merchandise
    )
    return out
