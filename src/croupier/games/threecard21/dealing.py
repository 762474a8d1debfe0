"""From the first card to the players' decisions: the deal (2C.6(c), (d)), the bonus wager
(2C.5(b), 2C.6(e)), three-card 21s (2C.5(c)1, 2C.6(f)), insurance (2C.7), surrender (2C.8) and
the dealer's check for blackjack (2C.5(c)1-4, 2C.6(g)-(j))."""

from __future__ import annotations

from croupier.core.cards import Card, Rank
from croupier.core.errors import RuleViolation
from croupier.core.events import Event
from croupier.eval.threecard import classify
from croupier.games.base import Outcome
from croupier.games.threecard21.events import (
    BonusResolved,
    CardBurned,
    CardDealt,
    HoleCardChecked,
    HoleCardRevealed,
    InsuranceDeclined,
    SurrenderDecided,
    TotalAnnounced,
)
from croupier.games.threecard21.model import (
    DEALER,
    S_DEAL_ORDER,
    S_INSURANCE,
    S_INSURANCE_AMOUNT,
    S_SURRENDER,
    Phase,
    RoundData,
    Spot,
    dollars,
    hard_total,
    is_ace_or_ten,
    is_blackjack,
    place,
    points,
    settle,
    settle_hand,
)
from croupier.games.threecard21.play import finish
from croupier.games.threecard21.rules import HouseRules


def deal_plan(spots: list[Spot]) -> list[tuple[int, int]]:
    """The order of 2C.6(d): a card to each spot from the dealer's left, the dealer's up card,
    a second card to each spot, the dealer's hole card, a third card to each spot."""
    plan: list[tuple[int, int]] = []
    for pass_no in (1, 2, 3):
        plan.extend((s.space, pass_no) for s in spots)
        if pass_no < 3:
            plan.append((DEALER, pass_no))
    return plan


def burn(r: RoundData, card: Card, reason: str) -> list[Event]:
    r.burn_due = False
    r.first_card_out = True
    return [CardBurned(card, reason)]


def deal_initial(r: RoundData, rules: HouseRules, card: Card) -> list[Event]:
    """The next card of the initial deal goes to the next target of 2C.6(d)."""
    if not r.queue:  # pragma: no cover - the phase changes when the queue empties
        raise RuleViolation("the initial deal is complete", S_DEAL_ORDER)
    space, _pass = r.queue.pop(0)
    r.first_card_out = True
    events: list[Event] = []
    if space == DEALER:
        face_up = not r.dealer
        r.dealer.append(card)
        events.append(CardDealt(DEALER, 0, card, face_up))
    else:
        spot = r.spot(space)
        assert spot is not None
        spot.hands[0].cards.append(card)
        events.append(CardDealt(space, 0, card, True))
    if not r.queue:
        events.extend(after_deal(r, rules))
    return events


def after_deal(r: RoundData, rules: HouseRules) -> list[Event]:
    """Bonus wagers first (2C.5(b), 2C.6(e)), then three-card 21s paid at once (2C.6(f))."""
    events: list[Event] = []
    live = [s for s in r.spots if not s.dead]
    for spot in live:
        hand = spot.hands[0]
        category = classify(hand.cards)
        r.bonus[spot.space] = category.value if category else ""
        events.append(BonusResolved(spot.space, category.value if category else ""))
        for i, person in enumerate(spot.persons):
            if category is None:
                events.append(
                    settle(r, spot, 0, "bonus", i, person.wager, Outcome.LOSE, -person.wager)
                )
            else:
                win = rules.bonus_paytable.win_amount(category, person.wager)
                events.append(settle(r, spot, 0, "bonus", i, person.wager, Outcome.WIN, win))
    for spot in live:
        hand = spot.hands[0]
        events.append(TotalAnnounced(spot.space, 0, points(hand.cards)))
        if points(hand.cards) == 21:
            events.extend(settle_hand(r, spot, 0, Outcome.WIN))
    r.phase = Phase.INSURANCE
    events.extend(next_phase(r, rules))
    return events


def insurance_waiting(r: RoundData) -> tuple[Spot, int] | None:
    """The next (spot, person) to decide on insurance, from the dealer's left (2C.6(g))."""
    for spot in r.spots:
        if spot.dead or spot.hands[0].done:
            continue
        for i in range(len(spot.persons)):
            if i not in spot.insurance:
                return spot, i
    return None


def surrender_waiting(r: RoundData, rules: HouseRules) -> Spot | None:
    if not rules.surrender:
        return None
    for spot in r.spots:
        if spot.dead or spot.hands[0].done or spot.surrender is not None:
            continue
        if hard_total(spot.hands[0].cards) > 21:
            return spot
    return None


def next_phase(r: RoundData, rules: HouseRules) -> list[Event]:
    """Move past any phase in which nobody is left to decide."""
    events: list[Event] = []
    if r.phase is Phase.INSURANCE:
        up = r.up_card
        if up is not None and up.rank == Rank.ACE and insurance_waiting(r) is not None:
            return events
        r.phase = Phase.SURRENDER
    if r.phase is Phase.SURRENDER:
        if surrender_waiting(r, rules) is not None:
            return events
        events.extend(check_for_blackjack(r))
    return events


def insurance_limit(wager: int, chip: int) -> int:
    """2C.7(b): half the initial wager, or the next unit that can be wagered in chips of
    ``chip`` cents when half cannot be."""
    half = wager // 2
    return half if half % chip == 0 and 2 * half == wager else -(-wager // (2 * chip)) * chip


def insure(
    r: RoundData, rules: HouseRules, space: int, player: str | None, amount: int
) -> list[Event]:
    spot, person = _insurance_turn(r, space, player)
    wager = spot.persons[person].wager
    chip = rules.smallest_chip
    limit = insurance_limit(wager, chip)
    if amount <= 0 or amount > limit or amount % chip:
        raise RuleViolation(
            f"an insurance bet on a wager of {dollars(wager)} may be at most {dollars(limit)} "
            f"(half the wager, or the next chip unit when half cannot be bet in chips of "
            f"{dollars(chip)}), in whole chips; not {dollars(amount)}",
            S_INSURANCE_AMOUNT,
        )
    spot.insurance[person] = amount
    events: list[Event] = [place(r, spot, 0, "insurance", person, amount)]
    events.extend(next_phase(r, rules))
    return events


def decline_insurance(
    r: RoundData, rules: HouseRules, space: int, player: str | None
) -> list[Event]:
    spot, person = _insurance_turn(r, space, player)
    spot.insurance[person] = 0
    events: list[Event] = [InsuranceDeclined(space, spot.player(person))]
    events.extend(next_phase(r, rules))
    return events


def _insurance_turn(r: RoundData, space: int, player: str | None) -> tuple[Spot, int]:
    if r.phase is not Phase.INSURANCE:
        raise RuleViolation(
            "insurance is offered only when the dealer's first card is an ace, after the first "
            "three cards and before any other decision or card",
            S_INSURANCE,
        )
    waiting = insurance_waiting(r)
    assert waiting is not None
    spot, person = waiting
    if spot.space != space or spot.player(person) != player:
        who = f"space {spot.space}" + (f" ({spot.player(person)})" if spot.shared else "")
        raise RuleViolation(f"it is {who}'s turn to decide on insurance", S_INSURANCE)
    return spot, person


def decide_surrender(r: RoundData, rules: HouseRules, space: int, surrender: bool) -> list[Event]:
    waiting = surrender_waiting(r, rules) if r.phase is Phase.SURRENDER else None
    if waiting is None or waiting.space != space:
        where = f"space {waiting.space} decides first" if waiting else "no surrender is pending"
        raise RuleViolation(
            "surrender of a three-card hand over 21 is decided after the totals are announced "
            f"and before any other decision ({where})",
            S_SURRENDER,
        )
    spot = waiting
    spot.surrender = surrender
    events: list[Event] = [SurrenderDecided(space, surrender)]
    if surrender:
        if is_ace_or_ten(r.up_card):
            spot.surrender_held = True  # 2C.8(a)2: settled when the hole card is revealed
        else:
            events.extend(_settle_surrender(r, spot, half=True))
    events.extend(next_phase(r, rules))
    return events


def _settle_surrender(r: RoundData, spot: Spot, half: bool) -> list[Event]:
    hand = spot.hands[0]
    events: list[Event] = []
    for person, stake in sorted(hand.stakes.items()):
        if half:
            events.append(
                settle(r, spot, 0, "original", person, stake, Outcome.SURRENDER, -(stake // 2))
            )
        else:
            events.append(settle(r, spot, 0, "original", person, stake, Outcome.LOSE, -stake))
    hand.stakes = {}
    hand.done = True
    spot.surrender_held = False
    return events


def check_for_blackjack(r: RoundData) -> list[Event]:
    """With an ace or ten up, the dealer checks for blackjack before any further decision
    (2C.5(c)1-5): by the card reader, else by revealing the hole card (2C.6(i)). Insurance is
    then settled (2C.7(c), (d)) and, on a blackjack, every remaining wager collected."""
    events: list[Event] = []
    r.phase = Phase.PLAY
    up = r.up_card
    if not is_ace_or_ten(up):
        return events
    r.checked = True
    blackjack = is_blackjack(r.dealer)
    r.dealer_blackjack = blackjack
    if r.reader_in_service:
        events.append(HoleCardChecked("card reader device", blackjack))
    else:
        r.hole_revealed = True
        events.append(HoleCardChecked("hole card revealed", blackjack))
        events.append(HoleCardRevealed(r.dealer[1]))
    if blackjack and not r.hole_revealed:
        r.hole_revealed = True
        events.append(HoleCardRevealed(r.dealer[1]))
    for losing_first in (True, False):  # 2C.7(c): losers collected, then (d) winners paid
        for spot in r.spots:
            for person, amount in sorted(spot.insurance.items()):
                if amount and blackjack is not losing_first:
                    net = 2 * amount if blackjack else -amount
                    result = Outcome.WIN if blackjack else Outcome.LOSE
                    events.append(settle(r, spot, 0, "insurance", person, amount, result, net))
    for spot in r.spots:
        if spot.surrender_held:
            events.extend(_settle_surrender(r, spot, half=not blackjack))
    if blackjack:
        for spot in r.spots:
            if not spot.dead and not spot.hands[0].done:
                events.extend(settle_hand(r, spot, 0, Outcome.LOSE))
        events.extend(finish(r))  # an exposed card nobody can use is burned (2A.14(c))
    return events
