"""A tournament's definition: the rules file of one twenty-one or poker tournament.

``definition_from_dict`` validates plain data (a parsed TOML or JSON rules file) and reports
every problem at once as a ``ConfigError``, each problem naming its field and section. Money is
int cents (written ``"$12.50"`` in files); chips have no value and are bare integers. The
regulation limits are checked in ``checks.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from pydantic import Field

from croupier.core.errors import Problem
from croupier.core.money import format_money
from croupier.games.config import validate_rules
from croupier.tournaments import sections as s
from croupier.tournaments.model import (
    Balancing,
    ChipPurchase,
    Dealing,
    FrozenModel,
    GameKind,
    Level,
    Payout,
    PokerVariant,
    Satellite,
    SeatDraw,
)
from croupier.tournaments.seating import tables_needed

WHAT = "tournament rules"


class TournamentRules(FrozenModel):
    """One tournament (with its satellites, for poker), validated against the regulation."""

    game: GameKind
    id: str
    name: str
    organization: str
    site: str
    first_day: str
    last_day: str
    variant: PokerVariant | None = None
    dealing: Dealing = Dealing.DEALER
    director: str | None = None
    manager: str | None = None
    dealers: tuple[str, ...] = ()
    entry_fee: int
    starting_chips: int
    rebuy: ChipPurchase | None = None
    add_on: ChipPurchase | None = None
    bounty: int = 0
    min_players: int = 2
    max_players: int = 99
    seats_per_table: int | None = None
    levels: tuple[Level, ...] = Field(min_length=1)
    minimum_bet: int | None = None
    maximum_bet: int | None = None
    betting_spaces: int = 1
    split_hands: int = 4
    """Twenty-one: the most hands a betting space may be split into (1: no splitting; at most
    four hands per betting space, -08-13.2.h)."""
    double_down: bool = True
    """Twenty-one: whether a player may double down (-08-13.2.i, j)."""
    button: bool = True
    advance_per_table: tuple[int, ...] = ()
    payout: Payout
    satellites: tuple[Satellite, ...] = ()
    seat_draw: SeatDraw = SeatDraw.LEAST_FILLED
    tables: int | None = None
    balancing: Balancing = Balancing.AUTOMATIC

    @property
    def is_poker(self) -> bool:
        return self.game is GameKind.POKER

    @property
    def fee_cap(self) -> int:
        return s.POKER_FEE_CAP if self.is_poker else s.TWENTYONE_FEE_CAP

    @property
    def fee_section(self) -> str:
        return s.POKER_FEES if self.is_poker else s.TWENTYONE_FEES

    @property
    def table_seats(self) -> int:
        """Players a table seats: eleven at most for poker (-05.2); seven betting spaces for
        twenty-one (-08-01.2), so three players with two spaces each."""
        if self.seats_per_table is not None:
            return self.seats_per_table
        if self.is_poker:
            return s.POKER_TABLE_SEATS
        return s.TWENTYONE_TABLE_SPACES // max(1, self.betting_spaces)

    @property
    def buy_in_cost(self) -> int:
        """The cost of a buy-in to this tournament: the entry fee and the bounty (-09-03.4.d)."""
        return self.entry_fee + self.bounty

    @property
    def max_fees_per_player(self) -> int:
        """The most one player can pay: entry, every rebuy and add-on, and the bounty."""
        total = self.entry_fee + self.bounty
        for option in (self.rebuy, self.add_on):
            if option is not None:
                total += option.count * option.amount
        return total

    @property
    def payable_per_player(self) -> int:
        """The most one player can pay under the cap: the schedule's fees stop there (a rebuy or
        add-on that would cross it is refused, -08-15.1, -09-01)."""
        return min(self.max_fees_per_player, self.fee_cap)

    def satellite(self, satellite_id: str) -> Satellite | None:
        return next((x for x in self.satellites if x.id == satellite_id), None)

    def room_tables(self, max_players: int) -> int:
        """The tables of the room a whole-room seat card deck covers: ``tables``, else as many
        as ``max_players`` need."""
        if self.tables is not None:
            return self.tables
        return tables_needed(max_players, self.table_seats)

    def problems(self) -> list[Problem]:
        """Every way this definition breaks the regulation (empty when valid)."""
        return _problems(self)


_COMMON_SECTIONS = {
    "game": s.POKER_GAMES,
    "seats_per_table": s.POKER_TABLES,
    "tables": s.POKER_TABLES,
    "balancing": s.POKER_TABLES,
}
_SECTIONS = {  # each field's section, by the game its rules are for (found by an audit)
    "poker": {
        **_COMMON_SECTIONS,
        "variant": s.POKER_GAMES,
        "dealing": s.POKER_DEALER,
        "entry_fee": s.POKER_FEES,
        "rebuy": s.POKER_REBUY,
        "add_on": s.POKER_ADD_ON,
        "bounty": s.POKER_BOUNTY,
        "levels": s.POKER_BLINDS,
        "advance_per_table": s.POKER_ADVANCE,
        "payout": s.POKER_PRIZES,
        "satellites": s.POKER_SATELLITE,
        "first_day": s.POKER_DAYS,
        "last_day": s.POKER_DAYS,
        "seat_draw": s.POKER_SEAT_DRAW,
    },
    "twentyone": {
        **_COMMON_SECTIONS,
        "entry_fee": s.TWENTYONE_FEES,
        "rebuy": s.TWENTYONE_FEES,
        "add_on": s.TWENTYONE_FEES,
        "levels": s.TWENTYONE_SPACES,
        "betting_spaces": s.TWENTYONE_SPACES,
        "split_hands": s.TWENTYONE_HOUSE_RULES,
        "double_down": s.TWENTYONE_HOUSE_RULES,
        "minimum_bet": s.TWENTYONE_PLAY,
        "maximum_bet": s.TWENTYONE_PLAY,
        "payout": s.TWENTYONE_ADVANCE,
        "first_day": s.TWENTYONE_RECORDS,
        "last_day": s.TWENTYONE_RECORDS,
    },
}


def _known_bounties(data: dict[str, Any], found: list[Problem]) -> None:
    """A bounty written as anything but an amount ("unknown", "mystery", a range) is a bounty of
    unknown value: refused (-09-02.8) and left out so the other fields are still checked."""
    bounty = data.get("bounty")
    if bounty is None or (isinstance(bounty, int) and not isinstance(bounty, bool)):
        return
    if isinstance(bounty, str) and bounty.strip().startswith(("$", "-$")):
        return
    found.append(
        Problem(
            "bounty",
            f"{bounty!r} is not a known amount: bounties must be of equal value and no bounty "
            "may be of an unknown value",
            s.POKER_BOUNTY,
        )
    )
    data.pop("bounty")


def definition_from_dict(data: Mapping[str, Any]) -> TournamentRules:
    """Validate a tournament rules mapping; every problem is reported at once (``ConfigError``)."""
    found: list[Problem] = []
    cleaned = plain_days(data) if isinstance(data, Mapping) else data
    if isinstance(cleaned, dict):
        _known_bounties(cleaned, found)
    game = cleaned.get("game") if isinstance(cleaned, dict) else None
    sections = _SECTIONS.get(game if isinstance(game, str) else "", _SECTIONS["poker"])
    return validate_rules(TournamentRules, cleaned, sections, WHAT, found)


def plain_days(data: Mapping[str, Any]) -> dict[str, Any]:
    """``data`` with TOML dates (``first_day = 2026-07-10`` unquoted) written ``YYYY-MM-DD``."""
    out = dict(data)
    for key in ("first_day", "last_day"):
        if isinstance(out.get(key), date):
            out[key] = out[key].isoformat()
    return out


def parse_day(text: str) -> date:
    """A calendar day written ``YYYY-MM-DD``."""
    return date.fromisoformat(text)


def _ratio_over_cap(prizes: int, fees: int) -> bool:
    num, den = s.PRIZE_SHARE
    return prizes * den > fees * num


def _problems(r: TournamentRules) -> list[Problem]:
    out: list[Problem] = []
    out.extend(_common_problems(r))
    out.extend(_poker_problems(r) if r.is_poker else _twentyone_problems(r))
    out.extend(_payout_problems(r))
    return out


def _common_problems(r: TournamentRules) -> list[Problem]:
    out: list[Problem] = []
    fee = r.fee_section
    schedule = s.POKER_SCHEDULE if r.is_poker else s.TWENTYONE_RECORDS
    for name in ("id", "name", "organization", "site"):
        if not str(getattr(r, name)).strip():
            out.append(Problem(name, "must not be empty", schedule))
    try:
        first, last = parse_day(r.first_day), parse_day(r.last_day)
    except ValueError:
        out.append(Problem("first_day", "days are written YYYY-MM-DD", schedule))
    else:
        if last < first:
            out.append(Problem("last_day", "must not be before first_day", schedule))
        elif r.is_poker and (last - first).days + 1 > s.OCCASION_DAYS:
            out.append(
                Problem(
                    "last_day",
                    "tournament activity, satellites included, is an occasion of not more than "
                    "three consecutive calendar days of play",
                    s.POKER_DAYS,
                )
            )
    if r.entry_fee <= 0:
        out.append(Problem("entry_fee", "a player is charged an entry fee: more than $0", fee))
    if r.starting_chips <= 0:
        out.append(Problem("starting_chips", "a fixed number of chips: at least 1", fee))
    if r.bounty < 0:
        out.append(Problem("bounty", "must not be negative", s.POKER_BOUNTY))
    out.extend(_purchase_problems(r, "", r.rebuy, r.add_on))
    if r.entry_fee + r.bounty > r.fee_cap:
        # the fees every player pays (issue 30: the caps limit what a player pays, so optional
        # rebuys and add-ons past the cap are posted as stopping there, and the payment that
        # would cross it is refused when made, ``registration._check_fee_cap``)
        cap = "$300.00" if r.is_poker else "$200.00"
        out.append(
            Problem(
                "entry_fee",
                f"every player pays {format_money(r.entry_fee + r.bounty)} (the entry fee"
                f"{' and the bounty' if r.is_poker else ''}); the total may not exceed {cap} "
                "per player",
                fee,
            )
        )
    if not 2 <= r.min_players <= r.max_players:
        out.append(Problem("min_players", "2 <= min_players <= max_players", s.POKER_TABLES))
    if r.table_seats < 2:
        out.append(Problem("seats_per_table", "a table seats at least 2 players", s.POKER_TABLES))
    for i, k in enumerate(r.advance_per_table):
        if not 1 <= k < r.table_seats:
            out.append(
                Problem(
                    f"advance_per_table[{i}]",
                    f"from 1 to {r.table_seats - 1} players of a table advance",
                    s.POKER_ADVANCE if r.is_poker else s.TWENTYONE_ADVANCE,
                )
            )
    out.extend(_seat_draw_problems(r))
    return out


def _purchase_problems(
    r: TournamentRules, where: str, rebuy: ChipPurchase | None, add_on: ChipPurchase | None
) -> list[Problem]:
    """A rebuy's or add-on's number, amount, chips and last level (of the main tournament, or
    of the satellite at ``where``)."""
    out: list[Problem] = []
    for name, option in (("rebuy", rebuy), ("add_on", add_on)):
        if option is None:
            continue
        fee = r.fee_section
        if r.is_poker:
            fee = s.POKER_REBUY if name == "rebuy" else s.POKER_ADD_ON
        if option.count < 1 or option.amount <= 0 or option.chips <= 0:
            out.append(Problem(f"{where}{name}", "count, amount and chips must be positive", fee))
        if not 1 <= option.through_level <= len(r.levels):
            out.append(
                Problem(
                    f"{where}{name}.through_level",
                    f"must be a level from 1 to {len(r.levels)}",
                    fee,
                )
            )
    last_rebuy = rebuy.through_level if rebuy is not None else 0
    if r.is_poker and add_on is not None and last_rebuy > add_on.through_level:
        out.append(
            Problem(
                f"{where}rebuy.through_level",
                f"rebuys run through level {last_rebuy}, past the add-on's level "
                f"{add_on.through_level}: an add-on is the last opportunity to buy "
                "additional chips",
                s.POKER_ADD_ON,
            )
        )
    return out


def _seat_draw_problems(r: TournamentRules) -> list[Problem]:
    """A whole-room seat card deck (issue 30) covers ``tables`` tables (or as many as
    ``max_players`` need), enough to seat the players needed to start (-09-05.2, -05.3)."""
    out: list[Problem] = []
    if r.tables is not None and r.seat_draw is not SeatDraw.WHOLE_ROOM:
        out.append(
            Problem(
                "tables",
                "the room's tables are those of a whole-room seat card deck (seat_draw = "
                '"whole-room")',
                s.POKER_SEAT_DRAW,
            )
        )
    if r.seat_draw is not SeatDraw.WHOLE_ROOM or r.table_seats < 2:
        return out
    if r.tables is not None and r.tables < 1:
        out.append(Problem("tables", "the room has at least one table", s.POKER_TABLES))
        return out
    parts = [("", r.min_players, r.max_players)]
    parts += [
        (f"satellites[{i}].", x.min_players, x.max_players) for i, x in enumerate(r.satellites)
    ]
    for where, least, most in parts:
        tables = r.room_tables(most)
        if tables * r.table_seats < least:
            out.append(
                Problem(
                    f"{where}min_players",
                    f"the room's {tables} table(s) of {r.table_seats} seat {tables * r.table_seats}"
                    f" players, fewer than the {least} needed to start",
                    s.POKER_TABLES,
                )
            )
    return out


def _poker_problems(r: TournamentRules) -> list[Problem]:
    out: list[Problem] = []
    if r.seats_per_table is not None and r.seats_per_table > s.POKER_TABLE_SEATS:
        out.append(Problem("seats_per_table", "a table seats eleven at most", s.POKER_TABLES))
    for i, lv in enumerate(r.levels):
        if not 0 <= lv.small_blind <= lv.big_blind or lv.big_blind <= 0 or lv.ante < 0:
            out.append(
                Problem(
                    f"levels[{i}]",
                    "0 <= small blind <= big blind, big blind > 0, ante >= 0",
                    s.POKER_BLINDS,
                )
            )
    for name in ("minimum_bet", "maximum_bet"):
        if getattr(r, name) is not None:
            out.append(
                Problem(name, "a twenty-one tournament setting; poker uses levels", s.POKER_BLINDS)
            )
    if r.split_hands != 4 or not r.double_down:
        out.append(Problem("split_hands", "a twenty-one tournament setting", s.POKER_GAMES))
    if r.dealing is Dealing.PLAYERS_ALTERNATE and r.dealers:
        out.append(Problem("dealers", "players alternate as dealers: no dealer", s.POKER_DEALER))
    sat_ids: set[str] = set()
    for i, sat in enumerate(r.satellites):
        where = f"satellites[{i}]"
        if not sat.id.strip() or sat.id in sat_ids or sat.id == r.id:
            out.append(Problem(f"{where}.id", "a satellite needs its own id", s.POKER_SATELLITE))
        sat_ids.add(sat.id)
        if sat.entry_fee <= 0 or sat.starting_chips <= 0:
            out.append(Problem(where, "entry fee and chips must be positive", s.POKER_FEES))
        if sat.entry_fee > s.POKER_FEE_CAP:
            out.append(
                Problem(
                    f"{where}.entry_fee",
                    f"{format_money(sat.entry_fee)}: total fees for qualifying satellites may "
                    "not exceed $300.00 per player",
                    s.POKER_FEES,
                )
            )
        if sat.buy_ins < 1:
            out.append(
                Problem(
                    f"{where}.buy_ins",
                    "a satellite's prizes include a buy-in to the larger tournament",
                    s.POKER_SATELLITE,
                )
            )
        if not 2 <= sat.min_players <= sat.max_players:
            out.append(Problem(f"{where}.min_players", "2 <= min <= max", s.POKER_TABLES))
        out.extend(_purchase_problems(r, f"{where}.", sat.rebuy, sat.add_on))
        prizes = sat.buy_ins * r.buy_in_cost + sum(sat.cash)
        if sat.rebuy is None and sat.add_on is None:
            field, players = sat.min_players * sat.entry_fee, f"{sat.min_players} players"
        else:
            # with rebuys or add-ons the fees collected are known only as they are paid: as
            # for the main tournament's fixed prizes, refused here only what no full field
            # paying every fee (up to the $300) could cover; each award is checked when made
            per = min(sat.max_fees_per_player, s.POKER_FEE_CAP)
            field = sat.max_players * per
            players = f"a full field of {sat.max_players} paying every fee"
        if sat.entry_fee > 0 and _ratio_over_cap(prizes, field):
            out.append(
                Problem(
                    f"{where}.buy_ins",
                    f"{sat.buy_ins} buy-in(s) at {format_money(r.buy_in_cost)} and "
                    f"{format_money(sum(sat.cash))} cash exceed ninety percent of the "
                    f"{format_money(field)} in fees of {players}",
                    s.POKER_PRIZES,
                )
            )
    return out


def _twentyone_problems(r: TournamentRules) -> list[Problem]:
    out: list[Problem] = []
    fee = s.TWENTYONE_FEES
    if r.variant is not None:
        out.append(Problem("variant", "a poker setting", s.POKER_GAMES))
    for name, option in (("rebuy", r.rebuy), ("add_on", r.add_on)):
        if option is not None and option.amount > r.entry_fee:
            out.append(
                Problem(
                    f"{name}.amount",
                    f"{format_money(option.amount)} is more than the original entry fee "
                    f"{format_money(r.entry_fee)}; a rebuy or add-on may be less than or equal "
                    "to it",
                    fee,
                )
            )
    if r.bounty:
        out.append(
            Problem(
                "bounty",
                "a twenty-one tournament's fees are an entry fee, rebuys and add-ons: no bounty",
                fee,
            )
        )
    if r.satellites:
        out.append(
            Problem("satellites", "satellites are a poker tournament feature", s.TWENTYONE_ADVANCE)
        )
    if r.balancing is Balancing.DIRECTOR:
        out.append(
            Problem(
                "balancing",
                "a player may not move from table to table: twenty-one tables are balanced only "
                "at the start and between rounds",
                s.TWENTYONE_PLAY,
            )
        )
    if r.betting_spaces not in (1, 2):
        out.append(Problem("betting_spaces", "one or two betting spaces", s.TWENTYONE_SPACES))
    if not 1 <= r.split_hands <= 4:
        out.append(
            Problem(
                "split_hands",
                "splitting is limited to a maximum of four hands per betting space (1: none)",
                s.TWENTYONE_HOUSE_RULES,
            )
        )
    if r.seats_per_table is not None and r.seats_per_table * r.betting_spaces > 7:
        out.append(
            Problem(
                "seats_per_table", "a table has seven betting spaces at most", s.TWENTYONE_TABLE
            )
        )
    if r.minimum_bet is None or r.minimum_bet < 1:
        out.append(Problem("minimum_bet", "a minimum bet of at least 1 chip", s.TWENTYONE_PLAY))
    elif r.maximum_bet is not None and r.maximum_bet < r.minimum_bet:
        out.append(Problem("maximum_bet", "must not be below the minimum bet", s.TWENTYONE_PLAY))
    for i, lv in enumerate(r.levels):
        lengths = [x for x in (lv.hands, lv.shoes, lv.minutes) if x is not None]
        if len(lengths) != 1 or lengths[0] < 1 or lv.small_blind or lv.big_blind or lv.ante:
            out.append(
                Problem(
                    f"levels[{i}]",
                    "a level is a number of hands, shoes or minutes",
                    s.TWENTYONE_SPACES,
                )
            )
    return out


def _payout_problems(r: TournamentRules) -> list[Problem]:
    out: list[Problem] = []
    p = r.payout
    sec = s.POKER_PRIZES if r.is_poker else s.TWENTYONE_ADVANCE
    if sum((p.pool_percent is not None, bool(p.amounts), bool(p.prizes))) != 1:
        out.append(
            Problem(
                "payout",
                "one of: pool_percent with places, amounts, or prizes (a prize for each place)",
                sec,
            )
        )
        return out
    if p.pool_percent is not None:
        if not 1 <= p.pool_percent <= 100:
            out.append(Problem("payout.pool_percent", "from 1 to 100 percent", sec))
        if not p.places or any(x <= 0 for x in p.places) or sum(p.places) != 100:
            out.append(Problem("payout.places", "positive shares summing to 100 percent", sec))
    elif any(x <= 0 for x in p.amounts):
        out.append(Problem("payout.amounts", "positive amounts", sec))
    out.extend(_place_prize_problems(r, sec))
    if p.merchandise and r.is_poker:
        out.append(
            Problem(
                "payout.merchandise",
                "only a cash prize or a buy-in to a larger tournament may be awarded",
                s.POKER_PRIZES,
            )
        )
    for i, item in enumerate(p.merchandise):
        if item.value <= 0 or item.place < 1:
            out.append(Problem(f"payout.merchandise[{i}]", "a place and a value", sec))
    if r.is_poker and p.pool_percent is not None:
        # a pool is a share of the fees: checked on the smallest field (bounties are fixed per
        # player, so the share is the same for any field)
        m = r.min_players
        fees = m * (r.entry_fee + r.bounty)
        prizes = p.pool_percent * m * r.entry_fee // 100 + m * r.bounty
        if fees > 0 and _ratio_over_cap(prizes, fees):
            out.append(
                Problem(
                    "payout",
                    f"with {m} players prizes of {format_money(prizes)} (bounties included) "
                    f"would exceed ninety percent of the {format_money(fees)} in fees",
                    s.POKER_PRIZES,
                )
            )
    elif r.is_poker:
        # fixed prizes: the rule weighs them against every fee collected (entries, rebuys,
        # add-ons, bounties), known only as they are paid; each award is checked then
        # (``guards.check_prize_cap``). Refused here only what no full field could ever cover
        # (issue 30: they were weighed against the smallest field's entry fees alone).
        m = r.max_players
        fees = m * r.payable_per_player
        prizes = sum(p.amounts) + sum(x.cash or 0 for x in p.prizes) + m * r.bounty
        if fees > 0 and _ratio_over_cap(prizes, fees):
            out.append(
                Problem(
                    "payout",
                    f"prizes of {format_money(prizes)} (bounties included) would exceed ninety "
                    f"percent of the {format_money(fees)} in fees that even a full field of "
                    f"{m} paying every fee would bring",
                    s.POKER_PRIZES,
                )
            )
    return out


def _place_prize_problems(r: TournamentRules, sec: str) -> list[Problem]:
    """``payout.prizes``: a place each, one kind each (cash, or merchandise with its value);
    poker awards only cash or a buy-in to a larger tournament (-09-03.4.f)."""
    out: list[Problem] = []
    seen: set[int] = set()
    for i, x in enumerate(r.payout.prizes):
        where = f"payout.prizes[{i}]"
        if x.place < 1 or x.place in seen:
            out.append(Problem(f"{where}.place", "a place from 1, each place once", sec))
        seen.add(x.place)
        if (x.cash is None) == (x.merchandise is None):
            out.append(Problem(where, "one kind of prize: cash, or merchandise and its value", sec))
            continue
        if x.cash is not None:
            if x.cash <= 0 or x.value is not None:
                out.append(Problem(f"{where}.cash", "a positive amount (no value)", sec))
            continue
        if r.is_poker:
            out.append(
                Problem(
                    f"{where}.merchandise",
                    "only a cash prize or a buy-in to a larger tournament may be awarded",
                    s.POKER_PRIZES,
                )
            )
        elif not (x.merchandise or "").strip() or x.value is None or x.value <= 0:
            out.append(Problem(where, "merchandise is described, with a positive value", sec))
    return out
