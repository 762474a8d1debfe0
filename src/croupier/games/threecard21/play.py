"""The players' decisions (2C.5(c)5, 2C.9, 2C.10, 2C.11(a), 2C.12(d)), the dealer's hand
(2C.11(b), (c), 2C.6(k)) and the final settlement (2C.5(d), 2C.6(l))."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.core.cards import Card
from croupier.core.errors import RuleViolation
from croupier.core.events import Event
from croupier.games.base import Outcome
from croupier.games.threecard21.events import (
    CardBurned,
    CardDealt,
    DealerFinished,
    Decision,
    HoleCardRevealed,
    TotalAnnounced,
)
from croupier.games.threecard21.model import (
    DEALER,
    S_CALLER,
    S_DOUBLE,
    S_DRAW,
    S_OPTIONS,
    S_RESPLIT,
    S_SHARED_DOUBLE,
    S_SPLIT,
    S_SPLIT_ORDER,
    Hand,
    Phase,
    RoundData,
    Spot,
    dollars,
    hard_total,
    live_hands,
    place,
    points,
    settle_hand,
    split_triggers,
    total,
)
from croupier.games.threecard21.rules import S_CHIPS, HouseRules


@dataclass(frozen=True, slots=True)
class Turn:
    """What the round waits for in the players' phase: a card for a hand, or a decision."""

    spot: Spot
    hand: int
    card: bool


def current_turn(r: RoundData) -> Turn | None:
    """The first incomplete hand from the dealer's left (2C.6(f), 2C.10(b)); hands owed a
    card under 2A.14(h) come after every other hand."""
    for owed_pass in (False, True):
        for spot in r.spots:
            if spot.dead:
                continue
            for i, hand in enumerate(spot.hands):
                if hand.done or hand.owed is not owed_pass:
                    continue
                return Turn(spot, i, hand.awaiting or hand.owed or len(hand.cards) < 2)
    return None


def require_turn(r: RoundData, space: int, hand: int) -> tuple[Spot, Hand]:
    if r.phase is not Phase.PLAY:
        raise RuleViolation(
            "players decide only after the bonus, the 21s, insurance, surrender and the "
            f"dealer's check for blackjack; the round is at: {r.phase.value}",
            S_OPTIONS,
        )
    turn = current_turn(r)
    if turn is None or turn.card:
        raise RuleViolation("a card is due before any decision", S_SPLIT_ORDER)
    if (turn.spot.space, turn.hand) != (space, hand):
        raise RuleViolation(
            f"space {turn.spot.space} hand {turn.hand} decides now; the dealer completes each "
            "hand before going on, from the dealer's left",
            S_SPLIT_ORDER,
        )
    return turn.spot, turn.spot.hands[hand]


def stand(r: RoundData, space: int, hand_no: int) -> list[Event]:
    spot, hand = require_turn(r, space, hand_no)
    hand.done = True
    events: list[Event] = [Decision(space, hand_no, "stand")]
    if hard_total(hand.cards) > 21:  # a three-card hand over 21 that was neither split nor
        events.extend(settle_hand(r, spot, hand_no, Outcome.LOSE))  # surrendered loses
    return events


def hit(r: RoundData, space: int, hand_no: int) -> list[Event]:
    spot, hand = require_turn(r, space, hand_no)
    _require_can_draw(spot, hand, hand_no)
    hand.awaiting = True
    return [Decision(space, hand_no, "hit")]


def double(
    r: RoundData,
    space: int,
    hand_no: int,
    amount: int,
    others: tuple[tuple[str, int], ...],
    chip: int,
) -> list[Event]:
    spot, hand = require_turn(r, space, hand_no)
    _require_can_draw(spot, hand, hand_no)
    initial = 2 if spot.split else 3
    if len(hand.cards) != initial:
        raise RuleViolation(
            "a double down is made before any additional card is dealt to the hand", S_DOUBLE
        )
    amounts: dict[int, int] = {spot.controller: amount}
    names = {p.name: i for i, p in enumerate(spot.persons)}
    for name, extra in others:
        person = names.get(name)
        if person is None or person == spot.controller or person in amounts:
            raise RuleViolation(
                f"{name!r} is not another person wagering on space {space}", S_SHARED_DOUBLE
            )
        amounts[person] = extra
    for person, extra in amounts.items():
        stake = hand.stakes.get(person, 0)
        if stake == 0 or not 0 < extra <= stake:
            raise RuleViolation(
                f"a double down wager must be more than nothing and not more than the original "
                f"wager ({dollars(stake)}), not {dollars(extra)}",
                S_DOUBLE,
            )
        if extra % chip:
            raise RuleViolation(
                f"a double down wager is made in chips: {dollars(extra)} is not a whole number "
                f"of chips of {dollars(chip)}",
                S_CHIPS,
            )
    events: list[Event] = [Decision(space, hand_no, "double")]
    for person, extra in sorted(amounts.items()):
        hand.doubles[person] = extra
        events.append(place(r, spot, hand_no, "double", person, extra))
    hand.awaiting = True
    return events


def split(r: RoundData, space: int, others: tuple[str, ...]) -> list[Event]:
    spot, hand = require_turn(r, space, 0)
    if spot.split:
        raise RuleViolation("pairs may be split only once, never re-split", S_RESPLIT)
    if len(hand.cards) != 3:
        raise RuleViolation("only the initial three cards may be split three ways", S_SPLIT)
    triggers = split_triggers(hand.cards)
    if not triggers:
        raise RuleViolation(
            "a three-way split needs a hand over 21, an ace that would put the hand over 21 as "
            "eleven, or a pair",
            "N.J.A.C. 13:69F-2C.5(c)5.ii-iii",
        )
    names = {p.name: i for i, p in enumerate(spot.persons)}
    joining = {spot.controller}
    for name in others:
        person = names.get(name)
        if person is None or person in joining:
            raise RuleViolation(f"{name!r} is not another person on space {space}", S_CALLER)
        joining.add(person)
    cards = hand.cards
    stakes = dict(hand.stakes)
    spot.split = True
    spot.hands = []
    events: list[Event] = [Decision(space, 0, "split")]
    for i, card in enumerate(cards):
        # each of the three cards heads its own hand; the people who split place two more
        # wagers equal to their wagers (hands 1 and 2); the others' wagers stay on hand 0
        hand_stakes = stakes if i == 0 else {p: stakes[p] for p in sorted(joining)}
        spot.hands.append(Hand(cards=[card], stakes=hand_stakes))
        if i:
            for person, amount in sorted(hand_stakes.items()):
                events.append(place(r, spot, i, "split", person, amount))
    return events


def _require_can_draw(spot: Spot, hand: Hand, hand_no: int) -> None:
    value = points(hand.cards)
    if value >= 21:
        raise RuleViolation(
            f"a hand totalling {value} may not draw; a hand over 21 may only be split or "
            "surrendered",
            S_DRAW,
        )
    if spot.refused:
        raise RuleViolation(
            "a player who refused an exposed card receives no more cards this round",
            "N.J.A.C. 13:69F-2A.14(c)",
        )


def receive_card(r: RoundData, spot: Spot, hand_no: int, card: Card) -> list[Event]:
    """A card to a player's hand in the players' phase; 21 is paid 1:1 at once (2C.5(c)5.iv-v,
    2C.9(c), 2C.10(c)2), over 21 is collected."""
    hand = spot.hands[hand_no]
    hand.cards.append(card)
    hand.awaiting = False
    hand.owed = False
    value = points(hand.cards)
    events: list[Event] = [CardDealt(spot.space, hand_no, card, True)]
    events.append(TotalAnnounced(spot.space, hand_no, value))
    if value == 21:
        events.extend(settle_hand(r, spot, hand_no, Outcome.WIN))
    elif value > 21:
        events.extend(settle_hand(r, spot, hand_no, Outcome.LOSE))
    elif hand.doubles:
        hand.done = True  # one and only one card after a double down (2C.9(b))
    return events


# -- the dealer ------------------------------------------------------------------------------


def dealer_must_draw(r: RoundData, rules: HouseRules) -> bool:
    value, soft = total(r.dealer)
    return value < 17 or (value == 17 and soft and rules.hits_soft_17)


def start_dealer(r: RoundData, rules: HouseRules) -> list[Event]:
    """Every decision made: reveal the hole card and play the dealer's hand (2C.6(k))."""
    r.phase = Phase.DEALER
    events: list[Event] = []
    if not r.hole_revealed:
        r.hole_revealed = True
        events.append(HoleCardRevealed(r.dealer[1]))
    if not live_hands(r):
        # 2C.11(c): no outcome depends on the dealer's hand, so he draws nothing
        events.append(DealerFinished(points(r.dealer), drew=False))
        events.extend(finish(r))
        return events
    events.extend(dealer_continue(r, rules))
    return events


def dealer_continue(r: RoundData, rules: HouseRules) -> list[Event]:
    if dealer_must_draw(r, rules):
        return []
    events: list[Event] = [DealerFinished(points(r.dealer), drew=r.dealer_drew)]
    events.extend(settle_against_dealer(r))
    events.extend(finish(r))
    return events


def dealer_draws(r: RoundData, rules: HouseRules, card: Card) -> list[Event]:
    r.dealer.append(card)
    r.dealer_drew = True
    events: list[Event] = [CardDealt(DEALER, 0, card, True)]
    events.extend(dealer_continue(r, rules))
    return events


def settle_against_dealer(r: RoundData) -> list[Event]:
    """Winning hands paid 1 to 1, losing ones collected, ties pushed (2C.5(d), 2C.6(l)),
    from the dealer's right (the highest space) counter-clockwise."""
    dealer = points(r.dealer)
    events: list[Event] = []
    for spot, i in sorted(live_hands(r), key=lambda si: (-si[0].space, -si[1])):
        mine = points(spot.hands[i].cards)
        if dealer > 21 or mine > dealer:
            result = Outcome.WIN
        elif mine < dealer:
            result = Outcome.LOSE
        else:
            result = Outcome.PUSH
        events.extend(settle_hand(r, spot, i, result))
    return events


def finish(r: RoundData) -> list[Event]:
    r.phase = Phase.DONE
    events: list[Event] = []
    if r.exposed is not None:  # 2A.14(c): refused by the players, not usable by the dealer
        events.append(CardBurned(r.exposed, "exposed card drawn in error, not used"))
        r.exposed = None
    return events
