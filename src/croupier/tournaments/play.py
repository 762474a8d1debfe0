"""Play: levels, hands (the button, the dealer's posting for an absent player), eliminations and
bounties, rebalancing and the director's moves, chips removed as a penalty, withdrawals, rounds
and advancement by chips.

Chips change only through a recorded hand (a poker hand's chips sum to zero) or a penalty that
takes them out of play. Each command checks everything first, then applies its events and
returns them.
"""

from __future__ import annotations

from collections.abc import Mapping

from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.core.names import check_name, check_text
from croupier.tournaments import sections as s
from croupier.tournaments.events import (
    ChipsRemoved,
    Exit,
    FeeKind,
    HandRecorded,
    HandStarted,
    LevelStarted,
    PlayerDisqualified,
    PlayerEliminated,
    PlayerMoved,
    PlayerReturned,
    PrizeAwarded,
    PrizeKind,
    RoundEnded,
    TableBroken,
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
from croupier.tournaments.model import Balancing
from croupier.tournaments.registration import purchase_option, rebalance_events
from croupier.tournaments.seating import is_balanced, move_keeps_balance, next_occupied
from croupier.tournaments.state import Entrant, Part, Status, TournamentState


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
    if rules.is_poker and not is_balanced(part.tables, rules.table_seats):
        sizes = ", ".join(f"{len(x)}" for _, x in sorted(part.tables.items()) if x)
        raise RuleViolation(
            f"the tables hold {sizes} players: move players first (players are distributed as "
            "evenly as possible between all tables)",
            s.POKER_TABLES,
        )
    seats = sorted(seated)
    for seat in absent:
        if seat not in seated:
            raise InvalidInput(f"seat {seat} at table {table} is empty")
    length = rules.levels[part.level - 1].hands
    if not rules.is_poker and length is not None and part.level_hands.get(table, 0) >= length:
        raise RuleViolation(
            f"level {part.level} is {length} hand(s), played at table {table}: the organization "
            "sets the number of hands to be played (start the next level or end the round)",
            s.TWENTYONE_SPACES,
        )
    if absent and not rules.is_poker:
        raise RuleViolation(
            "a player may not temporarily stop playing; a bet must be made on each hand",
            s.TWENTYONE_PLAY,
        )
    previous = part.buttons.get(table)
    if not rules.button and not rules.is_poker:
        button = 0
    elif rules.is_poker and len(seats) == 2 and _becomes_heads_up(part, table):
        button = _heads_up_button(part, seated)
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
    away = tuple(sorted(set(absent)))
    return emit(state, [HandStarted(part.id, table, hand, button, sb, bb, posted, away)])


def _becomes_heads_up(part: Part, table: int) -> bool:
    """Whether the table's last hand had more than two players (play becomes heads-up now):
    with three or more the small blind is not the button's seat; heads-up it is."""
    last = part.last_hand.get(table)
    return last is not None and last.small_blind != last.button


def _heads_up_button(part: Part, seated: Mapping[int, str]) -> int:
    """When play becomes heads-up the player who had the big blind most recently is given the
    button (and posts the small blind); the other is given the big blind (-09-04.11)."""
    latest = max(seated, key=lambda seat: (part.last_big_blind.get(seated[seat], 0), -seat))
    return latest


def player_returned(
    state: TournamentState, table: int, seat: int, at: str, tournament: str | None = None
) -> list[Event]:
    """The player at ``seat``, absent at the start of the deal, is back before the other players
    have their hole cards (-09-05.11): their hand is live (the dealer's posting stands as their
    blind or ante). Only a seat absent at the deal (posted for or not), while its hand is
    open."""
    part = part_of(state, tournament)
    within_days(state, at)
    require_running(part)
    started = part.open_hands.get(table)
    if started is None:
        raise InvalidInput(f"no hand is open at table {table}")
    if seat not in started.posted_by_dealer and seat not in started.absent:
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


def _check_results(
    state: TournamentState,
    part: Part,
    seated: dict[int, str],
    chips: Mapping[str, int],
    bets: Mapping[str, int],
) -> None:
    """Twenty-one: a bet is made with the player's chips (-08-03.1), and a hand's result is what
    that bet can settle for (-08-15.1: the fixed number of chips changes only by the wagers):
    at most the chips wagered lost (the bet, each split hand's bet and each double-down, as the
    tournament allows, never more than the player held) and at most a natural's 3 to 2 or the
    chips wagered won at even money."""
    rules = state.rules
    per_bet = rules.split_hands * (2 if rules.double_down else 1)
    for player in sorted(seated.values()):
        held = part.entrants[player].chips
        bet = bets[player]
        if bet > held:
            raise RuleViolation(
                f"{player} bet {bet} chips holding {held}: a wager is made with chips",
                s.TWENTYONE_CHIPS,
            )
        wagered = min(held, bet * per_bet)
        delta = chips.get(player, 0)
        if -delta > wagered:
            raise RuleViolation(
                f"{player} lost {-delta} chips on a bet of {bet}: at most {wagered} can be "
                f"wagered on it (splits up to {rules.split_hands} hands"
                f"{', each doubled' if rules.double_down else ''}, within the chips held)",
                s.TWENTYONE_FEES,
            )
        most = max((3 * bet + 1) // 2, wagered)
        if delta > most:
            raise RuleViolation(
                f"{player} won {delta} chips on a bet of {bet}: at most {most} (a natural pays "
                "3 to 2, other wins even money on the chips wagered)",
                s.TWENTYONE_FEES,
            )


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
        for seat in sorted(set(started.posted_by_dealer) | set(started.absent)):
            player = seated[seat]
            owed = 0
            if seat in started.posted_by_dealer:
                owed = min(part.entrants[player].chips, _forced(state, part, started, seat))
            if chips.get(player, 0) != -owed:
                if owed:
                    why = (
                        f"the dealer posted {owed} chips for them and the hand is not live "
                        "(they lose exactly what was posted)"
                    )
                else:
                    why = "they owed no forced bet and have no live hand: no chips won or lost"
                raise RuleViolation(f"{player} was absent at the deal: {why}", s.POKER_ABSENT)
    else:
        _check_bets(state, seated, bets or {})
        _check_results(state, part, seated, chips, bets or {})
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
    option = purchase_option(state, part, FeeKind.REBUY)
    if option is None or part.level > option.through_level:
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
        if winner is None:
            raise InvalidInput(
                f"name the player who eliminated {player} (a winner of the hand): the bounty "
                "is theirs"
            )
        if chips.get(winner, 0) <= 0:
            raise RuleViolation(
                f"{winner} won none of {player}'s last chips: the bounty rewards the player "
                "who eliminated them",
                s.POKER_BOUNTY,
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
    rules = state.rules
    if rules.is_poker and not part.finished and rules.balancing is Balancing.AUTOMATIC:
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
    if ent.forfeited:
        # a penalty took the last chips: nobody eliminated them, so no bounty is paid
        if by is not None:
            raise InvalidInput(f"{player}'s last chips were removed as a penalty, not won by {by}")
        return _eliminate(state, part, [player], {}, {}, Exit.FORFEITED, at, [])
    extra: list[Event] = []
    if by is not None and by not in ent.bust_winners:
        won = ", ".join(ent.bust_winners) or "nobody recorded"
        message = (
            f"{by} did not win {player}'s last chips (won by {won}): the player who eliminated "
            f"{player} is the one who won them"
        )
        if part.bounty:
            raise RuleViolation(message + "; the bounty rewards that player", s.POKER_BOUNTY)
        raise InvalidInput(message)
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


def move_player(
    state: TournamentState,
    player: str,
    table: int,
    at: str,
    *,
    by: str,
    seat: int | None = None,
    tournament: str | None = None,
) -> list[Event]:
    """The director moves a poker player to another table in use, to balance the tables
    (-09-05.2): the move must bring the tables toward as even as possible (off a table being
    broken, or from a table with at least two more players), or keep every table within one of
    the others; a table left empty is broken. Twenty-one: a player may not move from table to
    table (-08-15.3); its tables are balanced only at the start and between rounds."""
    rules = state.rules
    part = part_of(state, tournament)
    within_days(state, at)
    require_running(part)
    ent = entrant(part, player)
    if not by.strip():
        raise InvalidInput("name who moves the player")
    check_name(by.strip(), "moved by")
    if not rules.is_poker:
        raise RuleViolation(
            f"{player} may not move from table to table during the tournament", s.TWENTYONE_PLAY
        )
    if ent.status not in (Status.PLAYING, Status.BUSTED) or ent.table is None or ent.seat is None:
        raise InvalidInput(f"{player} is not seated in {part.id}")
    source, seats = ent.table, rules.table_seats
    if table == source:
        raise InvalidInput(f"{player} is at table {table} already")
    for busy in (source, table):
        if busy in part.open_hands:
            raise InvalidInput(f"hand {part.hands[busy]} at table {busy} is in progress")
    target = part.seated(table)
    if not target:
        raise RuleViolation(
            f"table {table} is not in use: players are distributed as evenly as possible "
            "between the tables in use",
            s.POKER_TABLES,
        )
    if len(target) >= seats:
        raise RuleViolation(
            f"table {table} seats {seats} players and has no free seat", s.POKER_TABLES
        )
    if seat is None:
        seat = next(x for x in range(1, seats + 1) if x not in target)
    elif not 1 <= seat <= seats or seat in target:
        raise InvalidInput(f"seat {seat} at table {table} is not a free seat")
    if not move_keeps_balance(part.tables, seats, source, table):
        sizes = ", ".join(f"table {t}: {len(x)}" for t, x in sorted(part.tables.items()) if x)
        raise RuleViolation(
            f"moving {player} from table {source} to table {table} ({sizes}) does not bring the "
            "tables toward as even as possible",
            s.POKER_TABLES,
        )
    events: list[Event] = [
        PlayerMoved(part.id, player, source, ent.seat, table, seat, by.strip(), at)
    ]
    if len(part.seated(source)) == 1:
        events.append(TableBroken(part.id, source))
    return emit(state, events)


def remove_chips(
    state: TournamentState,
    player: str,
    chips: int,
    at: str,
    *,
    by: str,
    reason: str,
    tournament: str | None = None,
) -> list[Event]:
    """Chips taken out of play from a poker player as a penalty: "the penalty may include
    either chip forfeiture or disqualification or both" (-09-06.2.f), recorded with who imposed
    it and why. Nobody receives them (-09-05.9). A player left without chips is out (placed as
    a busted player, nobody's elimination, no bounty paid for them) unless a rebuy is still
    open to them. Twenty-one: a dealer may not remove a player's chip (-08-11.2; -08-15 gives
    no penalty)."""
    part, ent = _penalized(
        state,
        player,
        at,
        by,
        reason,
        tournament,
        ("a penalty names who imposed it and why", "removed by", "penalize"),
        f"{player}'s chips may not be removed: a dealer may not remove a player's chip or do "
        "anything to alter a fair and legal outcome",
    )
    if ent.status is not Status.PLAYING:
        raise InvalidInput(f"{player} has no chips in play")
    if chips < 1 or chips > ent.chips:
        raise InvalidInput(f"{player} has {ent.chips} chips; remove from 1 to {ent.chips}")
    if ent.table is not None and ent.table in part.open_hands:
        raise InvalidInput(f"hand {part.hands[ent.table]} at table {ent.table} is in progress")
    removed = ChipsRemoved(part.id, player, chips, by.strip(), reason.strip(), at)
    emit(state, [removed])
    events: list[Event] = [removed]
    if ent.chips == 0 and not _rebuy_open(state, part, player):
        events.extend(_eliminate(state, part, [player], {}, {}, Exit.FORFEITED, at, []))
    return events


def _penalized(
    state: TournamentState,
    player: str,
    at: str,
    by: str,
    reason: str,
    tournament: str | None,
    words: tuple[str, str, str],
    not_in_twentyone: str,
) -> tuple[Part, Entrant]:
    """The checks a penalty makes before anything (chips removed, a disqualification): the
    tournament running, the player entered, who decided and why named (``words``: the missing
    message, the name's label, the verb), poker only (-08-11.2), nobody penalizing themself.
    The part and the entrant."""
    part = part_of(state, tournament)
    within_days(state, at)
    require_running(part)
    ent = entrant(part, player)
    missing, label, verb = words
    if not by.strip() or not reason.strip():
        raise InvalidInput(missing)
    check_name(by.strip(), label)
    check_text(reason.strip(), "reason")
    if not state.rules.is_poker:
        raise RuleViolation(not_in_twentyone, s.TWENTYONE_DEALER_CHIPS)
    if by.strip().casefold() == player.strip().casefold():
        raise InvalidInput(f"a player does not {verb} themself")
    return part, ent


def disqualify(
    state: TournamentState,
    player: str,
    at: str,
    *,
    by: str,
    reason: str,
    tournament: str | None = None,
) -> list[Event]:
    """A poker player disqualified: "any player involved in chip dumping and other forms of
    collusion shall be disqualified" (soft play may be penalized so too), -09-06.2.f. The
    player is out of the tournament with no place and no prize (the places below move up);
    the chips they hold leave play, nobody receiving them (-09-05.9); no rebuy, add-on or
    re-entry; no bounty is paid for them (nobody eliminated them) and no fee comes back
    (-09-03.4.g). Recorded with who decided, why and when; between hands at their table.
    Twenty-one: -08-15 gives no penalty and a dealer may not remove a player's chip (-08-11.2)."""
    rules = state.rules
    part, ent = _penalized(
        state,
        player,
        at,
        by,
        reason,
        tournament,
        ("a disqualification names who decided it and why", "disqualified by", "disqualify"),
        f"{player} may not be disqualified: a twenty-one tournament's rules give no penalty and "
        "a dealer may not remove a player's chip",
    )
    if ent.status not in (Status.PLAYING, Status.BUSTED):
        raise InvalidInput(f"{player} is out of {part.id} already")
    if ent.table is not None and ent.table in part.open_hands:
        raise InvalidInput(f"hand {part.hands[ent.table]} at table {ent.table} is in progress")
    out = PlayerDisqualified(part.id, player, ent.chips, by.strip(), reason.strip(), at)
    emit(state, [out])
    events: list[Event] = [out]
    if rules.balancing is Balancing.AUTOMATIC and not part.finished:
        events.extend(emit(state, rebalance_events(state, part)))
    if should_finish(state, part):
        events.extend(emit(state, finish_events(state, part, at)))
    return events
