"""Play: levels, hands (the button, the dealer's posting for an absent player), eliminations and
bounties, rebalancing, withdrawals, rounds and advancement by chips.

Chips change only through a recorded hand; a poker hand's chips sum to zero. Each command checks
everything first, then applies its events and returns them.
"""

from __future__ import annotations

from collections.abc import Mapping

from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.tournaments import sections as s
from croupier.tournaments.events import (
    Exit,
    HandRecorded,
    HandStarted,
    LevelStarted,
    PlayerEliminated,
    PlayerReturned,
    PrizeAwarded,
    PrizeKind,
    RoundEnded,
)
from croupier.tournaments.finish import finish_events, should_finish
from croupier.tournaments.guards import (
    check_prize_cap,
    emit,
    entrant,
    part_of,
    require_running,
    within_days,
)
from croupier.tournaments.registration import rebalance_events
from croupier.tournaments.seating import next_occupied
from croupier.tournaments.state import Part, Status, TournamentState


def next_level(state: TournamentState, at: str, tournament: str | None = None) -> list[Event]:
    """The next level of the posted structure starts."""
    part = part_of(state, tournament)
    within_days(state, at)
    require_running(part)
    if part.level >= len(state.rules.levels):
        raise InvalidInput(f"level {part.level} is the last level of the structure")
    return emit(state, [LevelStarted(part.id, part.level + 1, at)])


def start_hand(
    state: TournamentState,
    table: int,
    at: str,
    *,
    absent: tuple[int, ...] = (),
    tournament: str | None = None,
) -> list[Event]:
    """A hand starts: the button moves clockwise one position (the first button is the lowest
    occupied seat, a set position); the dealer posts an absent player's blind or ante (-05.11)."""
    rules = state.rules
    part = part_of(state, tournament)
    within_days(state, at)
    require_running(part)
    seated = part.seated(table)
    if len(seated) < 2:
        raise InvalidInput(f"table {table} has fewer than two players")
    if table in part.open_hands:
        raise InvalidInput(f"hand {part.hands[table]} at table {table} is not yet recorded")
    waiting = [p for p in seated.values() if part.entrants[p].status is Status.BUSTED]
    if waiting:
        raise InvalidInput(f"{', '.join(waiting)} must rebuy or be eliminated first")
    seats = sorted(seated)
    for seat in absent:
        if seat not in seated:
            raise InvalidInput(f"seat {seat} at table {table} is empty")
    if absent and not rules.is_poker:
        raise RuleViolation(
            "a player may not temporarily stop playing; a bet must be made on each hand",
            s.TWENTYONE_PLAY,
        )
    previous = part.buttons.get(table)
    if not rules.button and not rules.is_poker:
        button = 0
    elif previous is None:
        button = seats[0]
    else:
        button = next_occupied(seats, previous)
    sb: int | None = None
    bb: int | None = None
    posted: tuple[int, ...] = ()
    if rules.is_poker:
        if len(seats) == 2:
            sb, bb = button, next_occupied(seats, button)
        else:
            sb = next_occupied(seats, button)
            bb = next_occupied(seats, sb)
        ante = rules.levels[part.level - 1].ante
        posted = tuple(x for x in sorted(absent) if ante or x in (sb, bb))
    hand = part.hands.get(table, 0) + 1
    return emit(state, [HandStarted(part.id, table, hand, button, sb, bb, posted)])


def player_returned(
    state: TournamentState, table: int, seat: int, at: str, tournament: str | None = None
) -> list[Event]:
    """The player at ``seat``, absent at the start of the deal, is back before the other players
    have their hole cards (-09-05.11): their hand is live (the dealer's posting stands as their
    blind or ante). Only a seat the dealer posted for, while its hand is open."""
    part = part_of(state, tournament)
    within_days(state, at)
    require_running(part)
    started = part.open_hands.get(table)
    if started is None:
        raise InvalidInput(f"no hand is open at table {table}")
    if seat not in started.posted_by_dealer:
        raise RuleViolation(
            f"seat {seat} at table {table} was not absent at the deal of hand {started.hand} "
            "(or is back already)",
            s.POKER_ABSENT,
        )
    return emit(state, [PlayerReturned(part.id, table, started.hand, seat, at)])


def _forced(state: TournamentState, part: Part, started: HandStarted, seat: int) -> int:
    level = state.rules.levels[part.level - 1]
    owed = level.ante
    if seat == started.small_blind:
        owed += level.small_blind
    if seat == started.big_blind:
        owed += level.big_blind
    return owed


def _check_bets(state: TournamentState, seated: dict[int, str], bets: Mapping[str, int]) -> None:
    rules = state.rules
    low = rules.minimum_bet or 1
    high = rules.maximum_bet
    for player in seated.values():
        bet = bets.get(player)
        if bet is None:
            raise RuleViolation(
                f"{player} made no bet: a bet must be made on each hand", s.TWENTYONE_PLAY
            )
        top = None if high is None else high * rules.betting_spaces
        if bet < low or (top is not None and bet > top):
            raise RuleViolation(
                f"{player} bet {bet} chips; the tournament's limits are {low} to "
                f"{'no maximum' if top is None else top} chips",
                s.TWENTYONE_PLAY,
            )
    extra = set(bets) - set(seated.values())
    if extra:
        raise InvalidInput(f"{', '.join(sorted(extra))} not seated at this table")


def record_hand(
    state: TournamentState,
    table: int,
    chips: Mapping[str, int],
    at: str,
    *,
    bets: Mapping[str, int] | None = None,
    eliminated_by: Mapping[str, str] | None = None,
    tournament: str | None = None,
) -> list[Event]:
    """The result of the open hand at ``table``: chips won (+) and lost (-) by player. Players
    left without chips are eliminated (unless a rebuy is still open to them), the bounty of each
    goes to the player named in ``eliminated_by``, the tables are rebalanced (poker), and the
    tournament finishes when its last places are decided."""
    rules = state.rules
    part = part_of(state, tournament)
    within_days(state, at)
    require_running(part)
    started = part.open_hands.get(table)
    if started is None:
        raise InvalidInput(f"no hand is open at table {table}")
    seated = part.seated(table)
    at_table = set(seated.values())
    unknown = set(chips) - at_table
    if unknown:
        raise InvalidInput(f"{', '.join(sorted(unknown))} not seated at table {table}")
    if rules.is_poker:
        if sum(chips.values()) != 0:
            raise RuleViolation(
                "the chips a hand's winners take are the chips its losers lost: chips may not "
                "be transferred or purchased otherwise",
                s.POKER_NO_TRANSFER,
            )
        for seat in started.posted_by_dealer:
            player = seated[seat]
            owed = min(part.entrants[player].chips, _forced(state, part, started, seat))
            if chips.get(player, 0) != -owed:
                raise RuleViolation(
                    f"{player} was absent at the deal: the dealer posted {owed} chips for them "
                    "and the hand is not live (they lose exactly what was posted)",
                    s.POKER_ABSENT,
                )
    else:
        _check_bets(state, seated, bets or {})
    for player, delta in chips.items():
        if part.entrants[player].chips + delta < 0:
            raise InvalidInput(f"{player} has {part.entrants[player].chips} chips; lost {-delta}")
    before = {p: part.entrants[p].chips for p in at_table}
    busted = [p for p in at_table if before[p] + chips.get(p, 0) == 0]
    out = [p for p in busted if not _rebuy_open(state, part, p)]
    by = dict(eliminated_by or {})
    bounty_events = _bounties(state, part, out, by, chips, at)
    rec = HandRecorded(
        part.id,
        table,
        started.hand,
        {k: v for k, v in sorted(chips.items()) if v},
        dict(sorted((bets or {}).items())),
    )
    emit(state, [rec])
    events: list[Event] = [rec]
    events.extend(_eliminate(state, part, out, before, by, Exit.BUSTED, at, bounty_events))
    return events


def _rebuy_open(state: TournamentState, part: Part, player: str) -> bool:
    option = state.rules.rebuy
    if part.is_satellite or option is None or part.level > option.through_level:
        return False
    return part.entrants[player].rebuys < option.count


def _bounties(
    state: TournamentState,
    part: Part,
    out: list[str],
    by: dict[str, str],
    chips: Mapping[str, int],
    at: str,
) -> list[Event]:
    if not part.bounty or not out:
        return []
    events: list[Event] = []
    for player in out:
        winner = by.get(player)
        if winner is None or chips.get(winner, 0) <= 0:
            raise InvalidInput(
                f"name the player who eliminated {player} (a winner of the hand): the bounty "
                "is theirs"
            )
        events.append(
            PrizeAwarded(
                part.id, winner, None, PrizeKind.BOUNTY, part.bounty, at, f"bounty of {player}"
            )
        )
    check_prize_cap(state, part, part.bounty * len(out))
    return events


def _eliminate(
    state: TournamentState,
    part: Part,
    out: list[str],
    before: Mapping[str, int],
    by: Mapping[str, str],
    how: Exit,
    at: str,
    extra: list[Event],
) -> list[Event]:
    """Eliminate ``out`` (the one with more chips before the hand takes the better place),
    pay the bounties, rebalance poker tables, and finish when the last places are decided."""
    events: list[Event] = []
    place = part.next_place()
    for player in sorted(out, key=lambda p: (before.get(p, 0), p)):
        events.append(PlayerEliminated(part.id, player, place, how, by.get(player), at))
        place -= 1
    events.extend(extra)
    emit(state, events)
    if state.rules.is_poker and not part.finished:
        events.extend(emit(state, rebalance_events(state, part)))
    if should_finish(state, part):
        events.extend(emit(state, finish_events(state, part, at)))
    return events


def eliminate(
    state: TournamentState,
    player: str,
    at: str,
    *,
    by: str | None = None,
    tournament: str | None = None,
) -> list[Event]:
    """A busted player who does not rebuy is eliminated (``by`` the player who won the chips,
    for the bounty)."""
    part = part_of(state, tournament)
    within_days(state, at)
    require_running(part)
    ent = entrant(part, player)
    if ent.status is not Status.BUSTED:
        raise InvalidInput(f"{player} still has chips; a player with chips may withdraw")
    extra: list[Event] = []
    if part.bounty:
        if by is None or by not in part.entrants or by == player:
            raise InvalidInput(f"name the player who eliminated {player}: the bounty is theirs")
        extra.append(
            PrizeAwarded(
                part.id, by, None, PrizeKind.BOUNTY, part.bounty, at, f"bounty of {player}"
            )
        )
        check_prize_cap(state, part, part.bounty)
    return _eliminate(state, part, [player], {}, {player: by} if by else {}, Exit.BUSTED, at, extra)


def withdraw(
    state: TournamentState, player: str, at: str, tournament: str | None = None
) -> list[Event]:
    """A player withdraws: the chips leave play (they have no value); no fee comes back
    (-08-15.3, -09-03.4.g)."""
    part = part_of(state, tournament)
    within_days(state, at)
    require_running(part)
    ent = entrant(part, player)
    if ent.status not in (Status.PLAYING, Status.BUSTED):
        raise InvalidInput(f"{player} is out of the tournament")
    if ent.table is not None and ent.table in part.open_hands:
        raise InvalidInput(f"hand at table {ent.table} is in progress")
    return _eliminate(state, part, [player], {}, {}, Exit.WITHDREW, at, [])


def cash_out(state: TournamentState, player: str, tournament: str | None = None) -> list[Event]:
    """Tournament chips have no cash redemption value (twenty-one -08-15.1; poker's no-value
    chips, -09-03.4.b): a cash-out is refused at any time, before play, during it, after the end,
    for anyone, a player who withdrew included (issue 30: one after the end was accepted)."""
    part_of(state, tournament)
    section = s.TWENTYONE_FEES if not state.rules.is_poker else s.POKER_NO_VALUE_CHIPS
    raise RuleViolation(
        f"{player}'s tournament chips have no cash redemption value: they are never cashed out "
        "(a player may withdraw, with nothing back)",
        section,
    )


def end_round(state: TournamentState, at: str, tournament: str | None = None) -> list[Event]:
    """A preliminary round ends: at each table the players with the most chips advance
    (``advance_per_table`` of the round, -09-03.4.c, -08-15.4); the others are out, placed by
    their chips; the advancing players' tables are then balanced."""
    rules = state.rules
    part = part_of(state, tournament)
    within_days(state, at)
    require_running(part)
    section = s.POKER_ADVANCE if rules.is_poker else s.TWENTYONE_ADVANCE
    if part.is_satellite or part.round > len(rules.advance_per_table):
        raise RuleViolation(
            f"round {part.round} is the championship round: the player with the most chips wins",
            section,
        )
    if part.open_hands:
        raise InvalidInput("a hand is in progress")
    keep = rules.advance_per_table[part.round - 1]
    advanced: list[str] = []
    losers: list[str] = []
    for table in sorted(part.tables):
        ranked = sorted(part.tables[table].values(), key=lambda p: -part.entrants[p].chips)
        if len(ranked) > keep:
            cut = part.entrants[ranked[keep - 1]].chips
            if part.entrants[ranked[keep]].chips == cut:
                raise InvalidInput(
                    f"table {table}: a tie at {cut} chips for the last advancing place must be "
                    "played off first"
                )
        advanced.extend(ranked[:keep])
        losers.extend(ranked[keep:])
    before = {p: part.entrants[p].chips for p in losers}
    events: list[Event] = [RoundEnded(part.id, part.round, tuple(advanced), at)]
    emit(state, events)
    place = part.next_place()
    outs: list[Event] = []
    for player in sorted(losers, key=lambda p: (before[p], p)):
        outs.append(PlayerEliminated(part.id, player, place, Exit.NOT_ADVANCED, None, at))
        place -= 1
    events.extend(emit(state, outs))
    events.extend(emit(state, rebalance_events(state, part)))
    return events
