"""Dealing (99-01.3-08-10) and the dealer's hand (99-01.3-08-11.9, -11.10): where each card
goes, and moving the round forward between decisions."""

from __future__ import annotations

from croupier.core.cards import Card, Rank
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.games.base import Outcome
from croupier.games.twentyone import settle
from croupier.games.twentyone.actions import Action
from croupier.games.twentyone.events import (
    Announcement,
    CardDealt,
    DealerChecked,
    HandCompleted,
    RoundEnded,
    SpaceInactive,
)
from croupier.games.twentyone.hand import Hand, Seat, count, is_two_card_21, total
from croupier.games.twentyone.round_data import Phase, RoundData, Target
from croupier.games.twentyone.rules import DealingMethod

DEALING = "99-01.3-08-10.1"
DEVICE_CHECK = "99-01.3-08-10.3"
DEVICE_NATURAL = "99-01.3-08-10.3.a(1)"
DEVICE_INSURANCE_WINS = "99-01.3-08-10.3.a(2)"
DEVICE_NO_NATURAL = "99-01.3-08-10.3.b"
ANNOUNCE_UP = "99-01.3-08-11.1"
INSURANCE = "99-01.3-08-09.2.b"
BUST_NO_SPLIT = "99-01.3-08-11.6"
BUST_SPLIT = "99-01.3-08-11.7"
BUST_WAIT = "99-01.3-08-11.8"
ALL_BUST = "99-01.3-08-11.9"
DEALER_PLAY = "99-01.3-08-11.10"
NATURAL_PAYS = "99-01.3-08-11.11"
COMPARE = "99-01.3-08-11.12"
NO_BURN = "99-01.3-08-12.13"
ONE_CARD = "99-01.3-08-12.2"
FIFTY_CENTS = "99-01.3-08-12.11"


def check_card(r: RoundData, action: Action) -> None:
    if action.card is None:
        raise InvalidInput("a card action needs a card")
    if not r.queue:
        raise RuleViolation(
            "no card is due: a dealer may not take a card from the shoe unless a player has "
            "requested it or the rules call for it",
            "99-01.3-08-11.4",
        )
    if r.seen[action.card] + 1 > r.rules.decks:
        raise RuleViolation(
            f"card {action.card} would appear {r.seen[action.card] + 1} times in a round dealt "
            f"from {r.rules.decks} decks: the shoe holds {r.rules.decks} of each card",
            "99-01.3-08-02.3",
        )


def deliver(r: RoundData, card: Card, events: list[Event]) -> None:
    """The next card out of the shoe goes where the front of the queue says."""
    t = r.queue.pop(0)
    r.seen[card] += 1
    if t.recipient == "burn":
        r.burned.append(card)
        events.append(CardDealt(card, "burn", None, None, False, t.purpose))
        return
    if t.recipient == "dealer":
        r.dealer_cards.append(card)
        r.dealer_faces.append(t.face_up)
        if t.face_up and r.up is None:
            r.up = card
        events.append(CardDealt(card, "dealer", None, None, t.face_up, t.purpose))
        if t.purpose == "dealer hit":
            events.append(Announcement(f"dealer total {total(r.dealer_cards)}", DEALER_PLAY))
        return
    assert t.space is not None
    assert t.hand is not None
    seat = r.seats[t.space]
    hand = t.hand
    if seat.fifty_cent_case:
        # -12.11: a fifty-cent wager dealt a card: return the fifty cents and burn the card.
        r.burned.append(card)
        events.append(CardDealt(card, "burn", seat.space, 0, False, "fifty-cent wager"))
        make_inactive(r, seat, "a fifty-cent wager was dealt a card", FIFTY_CENTS, events)
        return
    hand.cards.append(card)
    index = seat.hands.index(hand)
    events.append(CardDealt(card, "space", seat.space, index, True, t.purpose))
    if r.phase in (Phase.DEALING, Phase.SECOND_CARD_OPTION):
        seat.initial_cards += 1
        return
    if t.purpose == "double":
        hand.done = True
        if hand.busted:
            bust(r, seat, hand, events)
        else:
            events.append(HandCompleted(seat.space, index, hand.total, "doubled down"))
    elif t.purpose == "split card" and hand.split_aces:
        if card.rank == Rank.ACE and len(seat.hands) < 4:
            return  # may be split again (-09.2.c)
        hand.done = True
        events.append(HandCompleted(seat.space, index, hand.total, "split ace, one card"))
    elif hand.busted:
        bust(r, seat, hand, events)


def make_inactive(r: RoundData, seat: Seat, reason: str, section: str, events: list[Event]) -> None:
    seat.active = False
    seat.one_card_option = False
    r.queue = [t for t in r.queue if t.space != seat.space]
    events.append(SpaceInactive(seat.space, reason, section))
    settle.return_seat(r, seat, section, events)


def bust(r: RoundData, seat: Seat, hand: Hand, events: list[Event]) -> None:
    """A player's hand exceeds twenty-one (-11.6, -11.7, -11.8)."""
    hand.done = True
    index = seat.hands.index(hand)
    events.append(HandCompleted(seat.space, index, hand.total, "busted"))
    extra = seat.split_or_doubled or seat.insurance > 0
    waits = (
        r.method is not DealingMethod.CARD_READING_DEVICE
        and r.up_ace_or_ten
        and extra
        and not r.dealer_final
    )
    if waits:
        hand.waiting = True
        settle.settle_hand(r, seat, hand, Outcome.LOSE, BUST_WAIT, events, kinds=settle.TIP_KINDS)
        if seat.hands[0] is hand and not hand.from_split and not hand.doubled:
            settle.settle_hand(r, seat, hand, Outcome.LOSE, BUST_WAIT, events)
        return
    section = BUST_SPLIT if seat.split_or_doubled else BUST_NO_SPLIT
    settle.settle_hand(r, seat, hand, Outcome.LOSE, section, events)


def start_deal(r: RoundData, events: list[Event]) -> None:
    """Build the order of the first cards (-10.1.a, b, c)."""
    seats = r.active_seats()
    for seat in seats:
        seat.hands = [Hand([], seat.wager)]
    first = [Target("space", "first card", space=s.space, hand=s.hands[0]) for s in seats]
    second = [Target("space", "second card", space=s.space, hand=s.hands[0]) for s in seats]
    if r.method.has_hole_card:
        up_first = r.dealer_first_card_up
        d1 = Target("dealer", "dealer's first card", card_no=1, face_up=up_first)
        d2 = Target("dealer", "dealer's second card", card_no=2, face_up=not up_first)
        r.queue = [*first, d1, *second, d2]
    else:
        d1 = Target("dealer", "dealer's up card", card_no=1, face_up=True)
        r.queue = [*first, d1, *second]


def advance(r: RoundData, events: list[Event]) -> None:
    """Move the round forward until a card or a decision is needed, or the round is over."""
    if (
        r.phase is Phase.DEALING
        and r.queue
        and all(t.recipient == "dealer" for t in r.queue)
        and any(s.initial_cards < 2 for s in r.active_seats())
    ):
        # -12.2: a space short of cards is dealt to after every other player's second card,
        # before the dealer's remaining card(s).
        r.held, r.queue = r.queue, []
        _initial_deal_done(r, events)
    while not r.queue:
        if r.phase is Phase.DEALING:
            _initial_deal_done(r, events)
        elif r.phase is Phase.SECOND_CARD_OPTION:
            if r.option_seat() is not None:
                return
            if r.held:
                r.queue, r.held = r.held, []
                continue
            _after_initial_deal(r, events)
        elif r.phase is Phase.INSURANCE:
            if r.insurance_seat() is not None:
                return
            _insurance_closed(r, events)
        elif r.phase is Phase.PLAY:
            if _next_hand(r):
                return
        elif r.phase is Phase.DEALER:
            _dealer_step(r, events)
        elif r.phase is Phase.AFTER:
            if r.burn_after_round and not r.after_burn_done:
                r.after_burn_done = True
                r.queue.append(Target("burn", "burn after the first round (-12.13)"))
                continue
            r.phase = Phase.COMPLETE
        else:
            return


def _initial_deal_done(r: RoundData, events: list[Event]) -> None:
    for seat in r.active_seats():
        if seat.initial_cards == 0:
            make_inactive(r, seat, "no card was dealt to the space", ONE_CARD, events)
        elif seat.initial_cards == 1:
            seat.one_card_option = True
    r.phase = Phase.SECOND_CARD_OPTION


def _after_initial_deal(r: RoundData, events: list[Event]) -> None:
    up = r.up_card
    if up is not None:
        events.append(Announcement(f"dealer shows {up}", ANNOUNCE_UP))
    if not r.active_seats():
        _end(r, "no active betting space", DEALING, events)
        return
    if up is not None and up.rank == Rank.ACE and r.rules.insurance_permitted:
        r.phase = Phase.INSURANCE
        r.insurance_offered = True
        events.append(Announcement("insurance?", INSURANCE))
        return
    _insurance_closed(r, events)


def _insurance_closed(r: RoundData, events: list[Event]) -> None:
    if r.insurance_offered:
        events.append(Announcement("insurance bets are closed", INSURANCE))
    r.phase = Phase.PLAY
    if r.method is DealingMethod.CARD_READING_DEVICE and r.up_ace_or_ten:
        natural = is_two_card_21(r.dealer_cards)
        r.device_checked = True
        events.append(DealerChecked(natural))
        if natural:
            events.append(Announcement("dealer has twenty-one", DEVICE_CHECK))
            _dealer_natural(r, DEVICE_NATURAL, events)
            _end(r, "the dealer's natural ends the round", DEVICE_CHECK + ".a", events)
            return
        for seat in r.active_seats():
            settle.settle_insurance(r, seat, False, DEVICE_NO_NATURAL, events)


def _next_hand(r: RoundData) -> bool:
    """Find the next hand to play; queue its split card if due. True when a decision waits."""
    r.current = None
    for seat in r.active_seats():
        if seat.settled:
            continue
        for hand in seat.hands:
            if hand.done or hand.deferred:
                continue
            if len(hand.cards) < 2:
                r.queue.append(Target("space", "split card", space=seat.space, hand=hand))
                return False
            r.current = (seat, hand)
            return True
    for seat in r.active_seats():
        for hand in seat.hands:
            if hand.deferred and not hand.done:
                hand.deferred = False
                r.queue.append(Target("space", "missed hit card", space=seat.space, hand=hand))
                return False
    r.phase = Phase.DEALER
    r.dealer_stage = "start"
    return False


def _live(r: RoundData) -> list[tuple[Seat, Hand]]:
    return [
        (s, h)
        for s in r.active_seats()
        if not s.settled
        for h in s.hands
        if not h.busted and settle.open_kinds(s, h)
    ]


def _dealer_step(r: RoundData, events: list[Event]) -> None:
    """One step of the dealer's hand (-11.9, -11.10)."""
    if r.dealer_stage == "start":
        seats = [s for s in r.active_seats() if not s.settled]
        all_bust = all(h.busted for s in seats for h in s.hands)
        extra = any(s.split_or_doubled or s.insurance for s in seats)
        if not seats or (all_bust and (not r.up_ace_or_ten or not extra)):
            why = "every player busted" if seats else "no hand remains in play"
            _end(r, why, ALL_BUST, events)
            return
        r.dealer_stage = "reveal"
    if r.dealer_stage == "reveal":
        if len(r.dealer_cards) < 2:
            purpose = "new hole card" if r.method.has_hole_card else "dealer's second card"
            r.queue.append(Target("dealer", purpose, card_no=2, face_up=True))
            return
        for i, face_up in enumerate(r.dealer_faces):
            if not face_up:
                r.dealer_faces[i] = True
                events.append(Announcement(f"dealer turns up {r.dealer_cards[i]}", DEALER_PLAY))
        events.append(Announcement(f"dealer total {total(r.dealer_cards)}", DEALER_PLAY))
        r.dealer_stage = "check"
    if r.dealer_stage == "check":
        if is_two_card_21(r.dealer_cards):
            _dealer_natural(r, DEALER_PLAY + ".d", events)
            _end(r, "dealer natural", DEALER_PLAY + ".d", events)
            return
        sub = ".a" if r.up_card is not None and r.up_card.rank == Rank.ACE else ".b"
        for seat in r.active_seats():
            settle.settle_insurance(r, seat, False, DEALER_PLAY + ".a", events)
        for seat in r.active_seats():
            for hand in seat.hands:
                if hand.busted:
                    settle.settle_hand(r, seat, hand, Outcome.LOSE, DEALER_PLAY + sub, events)
        for seat in r.active_seats():
            if seat.original_natural and not seat.settled and not seat.hands[0].doubled:
                settle.settle_hand(
                    r, seat, seat.hands[0], Outcome.WIN, NATURAL_PAYS, events, natural=True
                )
        r.dealer_stage = "draw"
    if r.dealer_stage == "draw":
        points, soft = count(r.dealer_cards)
        if _live(r) and (points <= 16 or (points == 17 and soft and r.rules.dealer_hits_soft_17)):
            r.queue.append(Target("dealer", "dealer hit", face_up=True))
            return
        r.dealer_final = True
        events.append(Announcement(f"dealer's final total {points}", DEALER_PLAY + ".g"))
        for seat, hand in _live(r):
            if points > 21 or hand.total > points:
                outcome, section = Outcome.WIN, (DEALER_PLAY + ".h" if points > 21 else COMPARE)
            elif hand.total < points:
                outcome, section = Outcome.LOSE, COMPARE
            else:
                outcome, section = Outcome.PUSH, COMPARE
            settle.settle_hand(r, seat, hand, outcome, section, events)
        _end(r, "dealer's hand complete", DEALER_PLAY, events)


def _dealer_natural(r: RoundData, section: str, events: list[Event]) -> None:
    """The dealer's natural (-10.3.a, -11.10.c, d, e)."""
    r.dealer_final = True
    for seat in r.active_seats():
        if seat.settled:
            continue
        ins_section = DEVICE_INSURANCE_WINS if section == DEVICE_NATURAL else DEALER_PLAY + ".c"
        settle.settle_insurance(r, seat, True, ins_section, events)
        first = seat.hands[0]
        outcome = Outcome.PUSH if seat.original_natural else Outcome.LOSE
        settle.settle_hand(r, seat, first, outcome, section, events, kinds=("original", "tip"))
        for hand in seat.hands:
            settle.settle_hand(r, seat, hand, Outcome.VOID, DEALER_PLAY + ".e", events)


def _end(r: RoundData, reason: str, section: str, events: list[Event]) -> None:
    r.phase = Phase.AFTER
    r.current = None
    r.end_reason = reason
    events.append(RoundEnded(reason, section))
