"""Before and beside play: registering with the fee and the seat draw, refunds, the start,
rebuys, add-ons, buy-in receipts and the chip-transfer refusal.

Every command checks everything first, then applies its events to the state and returns them;
a refused command raises ``RuleViolation`` (with its section) or ``InvalidInput`` and changes
nothing.
"""

from __future__ import annotations

from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.core.money import format_money
from croupier.core.names import check_name, check_text
from croupier.core.rng import Rng
from croupier.tournaments import sections as s
from croupier.tournaments.events import (
    BuyInTransferred,
    ChipsIssued,
    FeeCollected,
    FeeKind,
    FeeRefunded,
    LevelStarted,
    PlayerMoved,
    PlayerRegistered,
    SeatDrawn,
    TableBroken,
    TournamentStarted,
)
from croupier.tournaments.guards import (
    emit,
    entrant,
    part_of,
    refuse_disqualified,
    require_running,
    within_days,
)
from croupier.tournaments.model import ChipPurchase, Dealing, SeatDraw
from croupier.tournaments.seating import balance, room_cards, seat_cards
from croupier.tournaments.state import Part, Status, TournamentState


def _same(a: str, b: str | None) -> bool:
    return b is not None and a.strip().casefold() == b.strip().casefold()


def _check_staff(state: TournamentState, player: str, name: str) -> None:
    rules = state.rules
    if not rules.is_poker:
        return
    for role, person in (("director", rules.director), ("managing employee", rules.manager)):
        if _same(player, person) or _same(name, person):
            raise RuleViolation(
                f"{name} is the tournament {role}: a director of a tournament and the employee "
                "managing, conducting or controlling the poker activity may not participate",
                s.POKER_STAFF,
            )
    if rules.dealing is Dealing.DEALER and any(
        _same(player, d) or _same(name, d) for d in rules.dealers
    ):
        raise RuleViolation(f"{name} deals the tournament: a dealer cannot play", s.POKER_DEALER)


def _satellite_fees(state: TournamentState, player: str) -> int:
    return sum(
        p.entrants[player].fees
        for p in state.parts.values()
        if p.is_satellite and player in p.entrants
    )


def _check_fee_cap(state: TournamentState, part: Part, player: str, adding: int) -> None:
    rules = state.rules
    if part.is_satellite:
        paid = _satellite_fees(state, player)
        if paid + adding > s.POKER_FEE_CAP:
            raise RuleViolation(
                f"{player}'s satellite fees would total {format_money(paid + adding)}; total "
                "fees for qualifying satellite tournaments may not exceed $300.00 per player",
                s.POKER_FEES,
            )
        return
    paid = part.entrants[player].fees if player in part.entrants else 0
    if paid + adding > rules.fee_cap:
        cap = format_money(rules.fee_cap)
        raise RuleViolation(
            f"{player}'s fees would total {format_money(paid + adding)}; the cumulative fees "
            f"for a tournament may not exceed {cap} per player",
            rules.fee_section,
        )


def offered_cards(state: TournamentState, part: Part) -> list[tuple[int, int]]:
    """The seat cards offered to the next player to buy in (-09-05.3): the free seats of the
    least-filled tables the entries need, or of every table of the room (a whole-room deck)."""
    rules = state.rules
    seats = rules.table_seats
    if rules.seat_draw is not SeatDraw.WHOLE_ROOM:
        return seat_cards(part.tables, seats)
    most = rules.max_players
    if part.is_satellite:
        sat = rules.satellite(part.id)
        most = sat.max_players if sat else most
    return room_cards(part.tables, seats, rules.room_tables(most))


def _draw(
    state: TournamentState, part: Part, rng: Rng | None, card: tuple[int, int] | None
) -> tuple[int, int]:
    offered = offered_cards(state, part)
    whole_room = state.rules.seat_draw is SeatDraw.WHOLE_ROOM
    if not offered:
        raise RuleViolation(
            f"every seat of the room's tables is taken: at most {state.rules.table_seats} a table",
            s.POKER_TABLES,
        )
    if card is None:
        if rng is None:
            raise InvalidInput("a seat card is drawn: give the drawn card or a random source")
        return offered[rng.randbelow(len(offered))]
    if card not in offered:
        deck = "the free seats of the least-filled tables"
        if whole_room:
            deck = "every free seat of the room's tables"
        raise RuleViolation(
            f"seat card table {card[0]} seat {card[1]} is not among the cards offered ({deck}): "
            "players are distributed as evenly as possible, at most eleven a table",
            s.POKER_TABLES,
        )
    return card


def register(
    state: TournamentState,
    player: str,
    *,
    collected_by: str,
    at: str,
    name: str = "",
    address: str = "",
    tournament: str | None = None,
    rng: Rng | None = None,
    card: tuple[int, int] | None = None,
    receipt: str | None = None,
) -> list[Event]:
    """A player buys in: the fees (entry and bounty) and who collected them, the chips, and the
    seat card drawn at the buy-in (-09-05.3; recorded so a replay needs no randomness). A
    ``receipt`` pays the main tournament's entry with a satellite's buy-in prize."""
    part = part_of(state, tournament)
    rules = state.rules
    name = name.strip() or player
    within_days(state, at)
    if not player.strip() or not collected_by.strip():
        raise InvalidInput("name the player and the employee who collected the fee")
    # what the records keep is what a reader sees (issue 29: the same check as the books)
    check_name(player, "player")
    if "," in player or "=" in player:
        # a player's chips are written player=value, comma-separated (found by an audit: a
        # player registered as "x,y" could never have their chips recorded)
        raise InvalidInput(f"player {player!r}: a player is named without ',' or '='")
    check_name(name, "player's name")
    check_name(collected_by, "collected by")
    check_text(address, "player's address")
    if part.started:
        raise InvalidInput(f"registration for {part.id} closed when it started")
    refuse_disqualified(state, player, "re-entry")
    if player in part.entrants:
        raise InvalidInput(f"{player} is already registered in {part.id}")
    if rules.is_poker and not address.strip():
        raise RuleViolation(
            "the record of a tournament fee keeps the name and address of each player",
            s.POKER_RECORDS,
        )
    _check_staff(state, player, name)
    if receipt is not None:
        if part.is_satellite:
            raise InvalidInput("a buy-in prize pays the entry of the main tournament")
        held = state.receipts.get(receipt)
        if held is None or held.redeemed_by is not None:
            raise InvalidInput(f"no unredeemed buy-in prize {receipt!r}")
        if held.holder != player:
            raise RuleViolation(
                f"buy-in prize {receipt} is held by {held.holder}"
                + (": it is not transferable" if not held.transferable else ""),
                s.POKER_BUY_IN_PRIZE,
            )
    _check_fee_cap(state, part, player, part.entry_fee + part.bounty)
    table, seat = _draw(state, part, rng, card)
    tid = part.id
    events: list[Event] = [
        PlayerRegistered(tid, player, name, address.strip(), at),
        FeeCollected(tid, player, FeeKind.ENTRY, part.entry_fee, collected_by, at, receipt),
    ]
    if part.bounty:
        events.append(
            FeeCollected(tid, player, FeeKind.BOUNTY, part.bounty, collected_by, at, receipt)
        )
    events.append(ChipsIssued(tid, player, part.starting_chips, FeeKind.ENTRY))
    events.append(SeatDrawn(tid, player, table, seat))
    return emit(state, events)


def refund(
    state: TournamentState,
    player: str,
    at: str,
    tournament: str | None = None,
    fee: FeeKind | None = None,
) -> list[Event]:
    """Fees handed back before the start; after it no buy-in or other fee is refunded
    (-09-03.4.g; for twenty-one, no cash-out before the end unless withdrawing, -08-15.3).
    ``fee`` names one kind of fee to hand back rather than all of them (issue 30); before the
    start a player has paid only the entry (and the bounty with it), and the bounty goes with
    the entry: one without the other is refused (-09-02.8)."""
    part = part_of(state, tournament)
    entrant(part, player)
    if fee is not None:
        _check_one_fee(state, part, player, fee)
    if part.started:
        if state.rules.is_poker:
            raise RuleViolation(
                "after the start of the tournament no buy-in or other fee may be refunded",
                s.POKER_NO_REFUND,
            )
        raise RuleViolation(
            "after the start a player may not cash out before the end of play; a player who "
            "withdraws leaves with nothing back",
            s.TWENTYONE_PLAY,
        )
    within_days(state, at)
    # the fees handed back now: not a buy-in prize's (no cash was paid), not one handed back
    # already (a player who registered again after a refund, -09-07.1.c: the fees collected)
    cash = sum(f.cents for f in part.kept_fees() if f.player == player and f.receipt is None)
    return emit(state, [FeeRefunded(part.id, player, cash, at)])


def _check_one_fee(state: TournamentState, part: Part, player: str, fee: FeeKind) -> None:
    """A refund of one kind of fee: only what the player paid; the entry and the bounty go
    back together or not at all (-09-02.8: every entrant pays the same bounty, a reward for
    eliminating them); a rebuy or add-on is bought only after the start, when nothing is
    refunded (-09-03.4.g, -08-15.3)."""
    paid = [f for f in part.kept_fees() if f.player == player and f.kind is fee]
    if fee in (FeeKind.REBUY, FeeKind.ADD_ON):
        if not part.started:
            raise InvalidInput(f"{player} has paid no {fee.value} fee in {part.id}")
        return  # after the start: refused below with the section of the game
    if not paid:
        raise InvalidInput(f"{player} has paid no {fee.value} fee in {part.id}")
    if part.bounty and not part.started:
        other = "bounty" if fee is FeeKind.ENTRY else "entry fee"
        raise RuleViolation(
            f"{player}'s {other} cannot stay without the {fee.value} fee: every entrant pays the "
            "same bounty with the entry, the reward for eliminating them; refund both or neither",
            s.POKER_BOUNTY,
        )


def start(state: TournamentState, at: str, tournament: str | None = None) -> list[Event]:
    """Registration closes and play starts at level 1; the tables are balanced (-09-05.2)."""
    part = part_of(state, tournament)
    within_days(state, at)
    if part.started:
        raise InvalidInput(f"{part.id} already started")
    minimum = state.rules.min_players
    if part.is_satellite:
        sat = state.rules.satellite(part.id)
        minimum = sat.min_players if sat else minimum
    if len(part.entrants) < minimum:
        raise InvalidInput(
            f"{part.id} needs {minimum} players to start (its payout is set for them); "
            f"{len(part.entrants)} registered"
        )
    events: list[Event] = [TournamentStarted(part.id, at), LevelStarted(part.id, 1, at)]
    events.extend(rebalance_events(state, part))
    return emit(state, events)


def rebalance_events(state: TournamentState, part: Part) -> list[Event]:
    """Table breaks and moves that balance the tables (not yet applied)."""
    broken, moves = balance(part.tables, state.rules.table_seats)
    out: list[Event] = [
        PlayerMoved(part.id, m.player, m.from_table, m.from_seat, m.to_table, m.to_seat)
        for m in moves
    ]
    out.extend(TableBroken(part.id, t) for t in broken)
    return out


def purchase_option(state: TournamentState, part: Part, kind: FeeKind) -> ChipPurchase | None:
    """The rebuy or add-on the rules sell in ``part`` (the main tournament's, or the
    satellite's own)."""
    rules = state.rules
    if part.is_satellite:
        sat = rules.satellite(part.id)
        if sat is None:  # pragma: no cover - a part is a satellite of the rules
            return None
        return sat.rebuy if kind is FeeKind.REBUY else sat.add_on
    return rules.rebuy if kind is FeeKind.REBUY else rules.add_on


def buy_chips(
    state: TournamentState,
    player: str,
    kind: FeeKind,
    *,
    collected_by: str,
    at: str,
    tournament: str | None = None,
) -> list[Event]:
    """A rebuy or an add-on in the main tournament or a satellite (issue 30: a satellite may
    sell its own), within its number and its last level."""
    rules = state.rules
    part = part_of(state, tournament)
    option = purchase_option(state, part, kind)
    word = "rebuy" if kind is FeeKind.REBUY else "add-on"
    within_days(state, at)
    require_running(part)
    ent = entrant(part, player)
    section = rules.fee_section
    if rules.is_poker:
        section = s.POKER_REBUY if kind is FeeKind.REBUY else s.POKER_ADD_ON
    if option is None:
        raise RuleViolation(f"the rules of {part.id} allow no {word}", section)
    refuse_disqualified(state, player, word)
    if ent.status not in (Status.PLAYING, Status.BUSTED):
        raise InvalidInput(f"{player} is out of the tournament")
    if part.level > option.through_level:
        raise RuleViolation(
            f"the {word} period ended with level {option.through_level} (now level "
            f"{part.level}): the time restriction is in the tournament rules",
            section,
        )
    used = ent.rebuys if kind is FeeKind.REBUY else ent.add_ons
    if used >= option.count:
        raise RuleViolation(
            f"{player} has taken {used} of the {option.count} {word}(s) the rules allow", section
        )
    if rules.is_poker and kind is FeeKind.REBUY and ent.add_ons:
        raise RuleViolation(
            f"{player} has taken an add-on, the last opportunity to buy additional chips: no "
            "rebuy after it",
            s.POKER_ADD_ON,
        )
    _check_fee_cap(state, part, player, option.amount)
    events: list[Event] = [
        FeeCollected(part.id, player, kind, option.amount, collected_by, at),
        ChipsIssued(part.id, player, option.chips, kind),
    ]
    return emit(state, events)


def transfer_buy_in(state: TournamentState, receipt: str, to_player: str, at: str) -> list[Event]:
    """Hand a transferable buy-in prize (with its receipt) to another player (-09-03.4.d)."""
    held = state.receipts.get(receipt)
    if held is None:
        raise InvalidInput(f"no buy-in prize {receipt!r}")
    within_days(state, at)
    if not held.transferable:
        raise RuleViolation(
            f"buy-in prize {receipt} was awarded as not transferable (no receipt issued)",
            s.POKER_BUY_IN_PRIZE,
        )
    if held.redeemed_by is not None:
        raise InvalidInput(f"buy-in prize {receipt} was redeemed by {held.redeemed_by}")
    if not to_player.strip() or to_player == held.holder:
        raise InvalidInput("name another player")
    return emit(state, [BuyInTransferred(receipt, held.holder, to_player, at)])


def transfer_chips(state: TournamentState, from_player: str, to_player: str, chips: int) -> None:
    """Always refused: chips are never transferred or bought between players (-09-05.9,
    -08-15.3)."""
    if state.rules.is_poker:
        raise RuleViolation(
            f"{from_player} may not transfer {chips} chips to {to_player}: chips may not be "
            "transferred or purchased from another player",
            s.POKER_NO_TRANSFER,
        )
    raise RuleViolation(
        f"{from_player} may not transfer {chips} chips to {to_player}: a player may not "
        "transfer chips to or from another player",
        s.TWENTYONE_PLAY,
    )
