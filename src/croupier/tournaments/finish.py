"""The end: standings, the prizes by place (cash, buy-ins with receipts, merchandise), a place's
prize awarded as soon as the place is decided, the championship of a twenty-one tournament, and
a split-prize agreement among the remaining players (-09-03.4.c, -08-15.4)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.core.money import format_money
from croupier.tournaments import sections as s
from croupier.tournaments.events import (
    FeeKind,
    PrizeAwarded,
    PrizeKind,
    SplitAgreed,
    TournamentFinished,
)
from croupier.tournaments.guards import (
    check_prize_cap,
    emit,
    entrant,
    part_of,
    require_running,
    within_days,
)
from croupier.tournaments.registration import purchase_option
from croupier.tournaments.state import Part, Status, TournamentState


@dataclass(frozen=True, slots=True)
class PlacePrize:
    """What a place pays."""

    place: int
    kind: PrizeKind
    cents: int
    description: str = ""
    from_pool: bool = False
    """A share of the prize pool: known once no more fees can be collected."""


def prize_pool_base(part: Part) -> int:
    """The fees the prize pool is a percent of: the entry fees, rebuys and add-ons kept (not
    refunded before the start); bounties are paid separately (-09-03.4.e)."""
    return sum(f.cents for f in part.kept_fees() if f.kind is not FeeKind.BOUNTY)


def place_prizes(state: TournamentState, part: Part) -> list[PlacePrize]:
    """The payout structure of ``part`` as it stands now, by place."""
    rules = state.rules
    if part.is_satellite:
        sat = rules.satellite(part.id)
        assert sat is not None
        out = [
            PlacePrize(i, PrizeKind.BUY_IN, rules.buy_in_cost, f"buy-in to {rules.id}")
            for i in range(1, sat.buy_ins + 1)
        ]
        out.extend(
            PlacePrize(sat.buy_ins + i, PrizeKind.CASH, c) for i, c in enumerate(sat.cash, 1)
        )
        return out
    p = rules.payout
    out = []
    if p.pool_percent is not None:
        pool = p.pool_percent * prize_pool_base(part) // 100
        shares = [pool * x // 100 for x in p.places]
        if shares:
            shares[0] += pool - sum(shares)
        out = [PlacePrize(i, PrizeKind.CASH, c, "", True) for i, c in enumerate(shares, 1)]
    elif p.amounts:
        out = [PlacePrize(i, PrizeKind.CASH, c) for i, c in enumerate(p.amounts, 1)]
    else:
        out = [
            PlacePrize(x.place, PrizeKind.CASH, x.cash)
            if x.cash is not None
            else PlacePrize(x.place, PrizeKind.MERCHANDISE, x.value or 0, x.merchandise or "")
            for x in p.prizes
        ]
    out.extend(
        PlacePrize(m.place, PrizeKind.MERCHANDISE, m.value, m.description) for m in p.merchandise
    )
    return sorted(out, key=lambda x: (x.place, x.kind.value))


def should_finish(state: TournamentState, part: Part) -> bool:
    """Poker ends when one player holds every chip (a satellite when as many players remain as
    it awards buy-ins); twenty-one when one player is left."""
    if not part.started or part.finished:
        return False
    left = part.in_play()
    if any(e.status is Status.BUSTED for e in left):
        return False
    target = 1
    if part.is_satellite:
        sat = state.rules.satellite(part.id)
        target = sat.buy_ins if sat else 1
    return len(left) <= target


def standings(part: Part) -> tuple[str, ...]:
    left = sorted(part.in_play(), key=lambda e: (-e.chips, e.player))
    out = sorted(
        (e for e in part.entrants.values() if e.status is Status.OUT and e.place is not None),
        key=lambda e: e.place or 0,
    )
    return tuple(e.player for e in left) + tuple(e.player for e in out)


def finish_events(state: TournamentState, part: Part, at: str) -> list[Event]:
    """The standings and every prize (not yet applied). Each prize goes to its place; after a
    split, the remaining players' places are paid their agreed shares instead."""
    order = standings(part)
    awards: list[Event] = []
    buy_ins = 0
    cash = 0
    paid = part.awarded_places()
    for prize in place_prizes(state, part):
        if prize.place > len(order) or (prize.place, prize.kind) in paid:
            continue
        player = order[prize.place - 1]
        if player in part.split:
            continue
        if prize.kind is PrizeKind.BUY_IN:
            buy_ins += prize.cents
        else:
            cash += prize.cents
        awards.append(_award(state, part, player, prize, at))
    for place, player in enumerate(order, 1):
        if player in part.split:
            cash += part.split[player]
            awards.append(
                PrizeAwarded(
                    part.id,
                    player,
                    place,
                    PrizeKind.CASH,
                    part.split[player],
                    at,
                    "split-prize agreement",
                )
            )
    if part.bounty:
        for ent in sorted(part.in_play(), key=lambda e: order.index(e.player)):
            cash += part.bounty
            awards.append(
                PrizeAwarded(
                    part.id,
                    ent.player,
                    None,
                    PrizeKind.BOUNTY,
                    part.bounty,
                    at,
                    "own bounty, never eliminated",
                )
            )
    check_prize_cap(state, part, cash, buy_ins)
    return [TournamentFinished(part.id, order, at), *awards]


def _award(
    state: TournamentState, part: Part, player: str, prize: PlacePrize, at: str
) -> PrizeAwarded:
    """The award of a place's prize; a buy-in with its receipt (-09-03.4.d)."""
    receipt = None
    transferable = False
    if prize.kind is PrizeKind.BUY_IN:
        receipt = f"{part.id}-{prize.place}"
        sat = state.rules.satellite(part.id)
        transferable = bool(sat and sat.transferable)
    return PrizeAwarded(
        part.id,
        player,
        prize.place,
        prize.kind,
        prize.cents,
        at,
        prize.description,
        receipt,
        transferable,
    )


def purchases_open(state: TournamentState, part: Part) -> bool:
    """Whether a rebuy or an add-on may still be bought in ``part`` (so its fees, and a prize
    pool that is a share of them, are not yet final)."""
    for kind in (FeeKind.REBUY, FeeKind.ADD_ON):
        option = purchase_option(state, part, kind)
        if option is None or part.level > option.through_level:
            continue
        for ent in part.in_play():
            used = ent.rebuys if kind is FeeKind.REBUY else ent.add_ons
            if used < option.count:
                return True
    return False


def award_prize(
    state: TournamentState, player: str, place: int, at: str, tournament: str | None = None
) -> list[Event]:
    """The posted prize of ``place`` (cash, merchandise, a buy-in) awarded now, before the end,
    to the player who finished in it (issue 30: a place is paid when it is decided, e.g. when
    its player busts): only a place the player holds, only the posted prize of that place
    (-09-05.1.c; twenty-one -08-15.4), once; a share of the prize pool only once no more fees
    can be collected; poker prizes within ninety percent of the fees collected (-09-03.4.f).
    The end then pays the other places."""
    rules = state.rules
    part = part_of(state, tournament)
    within_days(state, at)
    require_running(part)
    ent = entrant(part, player)
    section = s.POKER_PAYOUT if rules.is_poker else s.TWENTYONE_ADVANCE
    if ent.status is not Status.OUT or ent.place is None:
        raise RuleViolation(
            f"{player} is still playing: a place's prize goes to the player who finished in it",
            section,
        )
    if ent.place != place:
        raise RuleViolation(
            f"{player} finished in place {ent.place}, not {place}: prizes are paid by place as "
            "posted",
            section,
        )
    due = [x for x in place_prizes(state, part) if x.place == place]
    if not due:
        raise RuleViolation(
            f"the posted payout structure of {part.id} has no prize for place {place}", section
        )
    paid = part.awarded_places()
    due = [x for x in due if (x.place, x.kind) not in paid]
    if not due:
        raise InvalidInput(f"the prize of place {place} was awarded already")
    if any(x.from_pool for x in due) and purchases_open(state, part):
        raise RuleViolation(
            f"place {place}'s share of the prize pool is not determined while rebuys or add-ons "
            "may still be bought",
            section,
        )
    cash = sum(x.cents for x in due if x.kind is not PrizeKind.BUY_IN)
    buy_ins = sum(x.cents for x in due if x.kind is PrizeKind.BUY_IN)
    check_prize_cap(state, part, cash, buy_ins)
    return emit(state, [_award(state, part, player, x, at) for x in due])


def finish(state: TournamentState, at: str, tournament: str | None = None) -> list[Event]:
    """The end of a twenty-one championship round: the player with the most chips wins
    (-08-15.4). A poker tournament ends by itself when one player holds every chip."""
    part = part_of(state, tournament)
    within_days(state, at)
    require_running(part)
    rules = state.rules
    if rules.is_poker:
        raise InvalidInput(
            "a poker tournament ends when one player holds every chip, or by a "
            "split-prize agreement"
        )
    if part.round <= len(rules.advance_per_table):
        raise RuleViolation(
            f"round {part.round} is a preliminary round: end it and advance its players",
            s.TWENTYONE_ADVANCE,
        )
    if part.open_hands:
        raise InvalidInput("a hand is in progress")
    left = sorted(part.in_play(), key=lambda e: -e.chips)
    if len(left) > 1 and left[0].chips == left[1].chips:
        raise InvalidInput(f"a tie at {left[0].chips} chips for first place must be played off")
    return emit(state, finish_events(state, part, at))


def agree_split(
    state: TournamentState, shares: Mapping[str, int], at: str, tournament: str | None = None
) -> list[Event]:
    """The remaining players agree to split the prize rather than finish: every remaining
    player is party, and the shares total the prizes of the places they hold (-09-03.4.c: any
    remaining players; -08-15.4: when two players remain)."""
    rules = state.rules
    part = part_of(state, tournament)
    within_days(state, at)
    require_running(part)
    section = s.POKER_ADVANCE if rules.is_poker else s.TWENTYONE_ADVANCE
    if part.is_satellite:
        raise InvalidInput("a satellite awards buy-ins; its players cannot split them")
    if part.open_hands:
        raise InvalidInput("a hand is in progress")
    left = {e.player for e in part.in_play()}
    if not rules.is_poker and len(left) != 2:
        raise RuleViolation(
            f"{len(left)} players remain: two remaining players may agree to split the prize",
            section,
        )
    if set(shares) != left:
        raise RuleViolation(
            f"the remaining players ({', '.join(sorted(left))}) must all agree to the split",
            section,
        )
    if any(v < 0 for v in shares.values()):
        raise InvalidInput("a share cannot be negative")
    held = [p for p in place_prizes(state, part) if p.place <= len(left)]
    goods = [p for p in held if p.kind is PrizeKind.MERCHANDISE]
    if goods:
        # a split pays the shares in cash and awards nothing more: a merchandise prize of a
        # place still held would be neither awarded nor recorded (found by an audit)
        what = ", ".join(f"place {p.place}: {p.description or 'merchandise'}" for p in goods)
        raise RuleViolation(
            f"a merchandise prize cannot be split ({what}); play on to award it",
            section,
        )
    due = sum(p.cents for p in held if p.kind is PrizeKind.CASH)
    if sum(shares.values()) != due:
        raise RuleViolation(
            f"the shares total {format_money(sum(shares.values()))}; the prize for places 1 to "
            f"{len(left)} is {format_money(due)}",
            section,
        )
    agreed = SplitAgreed(part.id, dict(sorted(shares.items())), at)
    emit(state, [agreed])
    return [agreed, *emit(state, finish_events(state, part, at))]
