"""Dealing mistakes (99-01.3-08-12): each is an action the dealer or floor records; the engine
applies the remedy the regulation prescribes. ``check`` raises and changes nothing."""

from __future__ import annotations

from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.games.twentyone.actions import MISTAKE_SECTIONS, Action, ActionKind
from croupier.games.twentyone.events import CardsPlayedBack, InsuranceDecided, MistakeRemedied
from croupier.games.twentyone.hand import total
from croupier.games.twentyone.round_data import Phase, RoundData, Target
from croupier.games.twentyone.rules import DealingMethod

K = ActionKind


def section_of(a: Action) -> str:
    if a.kind is K.CARD_DRAWN_IN_ERROR and a.exposed:
        return "99-01.3-08-12.8"
    return MISTAKE_SECTIONS[a.kind]


def check(r: RoundData, a: Action) -> None:
    k, section = a.kind, section_of(a)

    def fail(message: str) -> RuleViolation:
        return RuleViolation(message, section)

    dealing_phases = (
        Phase.DEALING,
        Phase.SECOND_CARD_OPTION,
        Phase.INSURANCE,
        Phase.PLAY,
        Phase.DEALER,
        Phase.AFTER,
    )
    if k is K.NO_BURN_AT_START:
        if r.phase is not Phase.BETTING or r.burn_after_round:
            raise fail("recorded once, before the first round of a shoe is dealt")
        return
    if k in (K.CARD_FACE_UP_IN_SHOE, K.RESHUFFLE_DISCARDS):
        if r.phase not in dealing_phases:
            raise fail("recorded while the round is being dealt")
        return
    if k is K.CARD_DROPPED:
        if not r.queue:
            raise fail("recorded as a card is being dealt (no card is owed now)")
        return
    if k is K.CARD_DRAWN_IN_ERROR:
        if a.exposed is None:
            raise InvalidInput("card-drawn-in-error needs 'exposed': true or false")
        if r.phase not in dealing_phases:
            raise fail("recorded while the round is being dealt")
        if a.exposed and r.phase in (Phase.DEALING, Phase.SECOND_CARD_OPTION):
            raise fail(
                "an exposed card drawn in error is burned only after every player has two cards"
            )
        return
    if k is K.MISSED_CARD:
        t = r.queue[0] if r.queue else None
        if r.phase is not Phase.DEALING or t is None or t.recipient != "space":
            raise fail("a missed card is recorded while the first two cards are dealt to spaces")
        if a.space != t.space:
            raise fail(f"the card now due goes to space {t.space}, not space {a.space}")
        return
    if k is K.CARD_TO_INACTIVE_SPACE:
        if r.phase is not Phase.DEALING:
            raise fail("recorded while the first two cards are dealt")
        if a.space is None or not 1 <= a.space <= 7:
            raise InvalidInput("card-to-inactive-space needs the space 1..7")
        if a.space in r.seats and r.seats[a.space].active:
            raise fail(f"space {a.space} is active (it has a wager)")
        return
    if k is K.DEALER_CARD_MISSED:
        t = r.queue[0] if r.queue else None
        if r.phase is not Phase.DEALING or t is None or t.recipient != "dealer":
            raise fail("recorded when the dealer's own first or second card is due")
        return
    if k is K.INSURANCE_NOT_OFFERED:
        if r.phase is not Phase.INSURANCE or r.queue:
            raise fail("recorded while insurance is being offered")
        if a.space is not None:
            seat = r.seats.get(a.space)
            if seat is None or not seat.active or seat.insurance_decided:
                raise fail(f"space {a.space} is not waiting to be asked about insurance")
        return
    if k is K.DEALER_DREW_ON_17:
        if r.phase not in (Phase.AFTER, Phase.COMPLETE) or not r.dealer_final:
            raise fail("recorded after the dealer's hand is complete")
        if total(r.dealer_cards) < 17:
            raise fail("the dealer's count is under seventeen")
        return
    if k is K.MISCOUNT_SUSPECTED:
        if r.phase is not Phase.COMPLETE or r.queue:
            raise fail("the cards are played back after the round")
        return
    if k is K.HOLE_CARD_EXPOSED:
        if not r.hole_card_down:
            raise fail("there is no facedown hole card")
        before_decisions = (Phase.DEALING, Phase.SECOND_CARD_OPTION, Phase.INSURANCE, Phase.PLAY)
        if r.phase not in before_decisions:
            raise fail("recorded before the decisions of all the players are carried out")
        device = r.method is DealingMethod.CARD_READING_DEVICE
        if device and r.up_ace_or_ten and not r.device_checked:
            raise fail("with the reading device, recorded after the device check")
        return
    if k is K.HIT_CARD_MISSED:
        t = r.queue[0] if r.queue else None
        if r.phase is not Phase.PLAY or t is None or t.purpose != "hit":
            raise fail("recorded when a requested hit card is due")
        if a.space != t.space:
            raise fail(f"the hit card now due goes to space {t.space}")
        return
    raise InvalidInput(f"{k.value!r} is not a dealing mistake")


def do(r: RoundData, a: Action, events: list[Event]) -> None:
    k, section = a.kind, section_of(a)

    def remedy(text: str) -> None:
        events.append(MistakeRemedied(k.value, section, text))

    def burn_next(why: str) -> None:
        r.queue.insert(0, Target("burn", why))

    if k is K.NO_BURN_AT_START:
        r.burn_after_round = True
        remedy("one card will be burned after the first complete round")
    elif k is K.CARD_FACE_UP_IN_SHOE:
        burn_next("card found face up in the shoe")
        remedy("the card is burned")
    elif k is K.RESHUFFLE_DISCARDS:
        burn_next("first card after shuffling the discards")
        remedy("the discards are shuffled and cut; the first card is burned")
    elif k is K.CARD_DROPPED:
        burn_next("dropped card")
        remedy("the dropped card is burned")
    elif k is K.CARD_DRAWN_IN_ERROR:
        if a.exposed:
            burn_next("card drawn in error, exposed")
            remedy("the exposed card is burned")
        else:
            remedy("the unexposed card is used as the next card from the shoe")
    elif k is K.CARD_TO_INACTIVE_SPACE:
        burn_next(f"card dealt to inactive space {a.space}")
        remedy("the card dealt to the inactive space is burned")
    elif k is K.MISSED_CARD:
        t = r.queue.pop(0)
        remedy(f"space {t.space} missed its {t.purpose}")
    elif k is K.DEALER_CARD_MISSED:
        dealer = [t for t in r.queue if t.recipient == "dealer"]
        r.queue = [t for t in r.queue if t.recipient != "dealer"] + dealer
        remedy("the dealer's cards are dealt after every player's first two cards")
    elif k is K.INSURANCE_NOT_OFFERED:
        for seat in r.active_seats():
            if (a.space is None or seat.space == a.space) and not seat.insurance_decided:
                seat.insurance_decided = True
                events.append(InsuranceDecided(seat.space, "not offered", 0))
        remedy("the hand is valid without insurance")
    elif k is K.DEALER_DREW_ON_17:
        r.phase = Phase.AFTER
        burn_next("dealer drew on seventeen or more")
        remedy("the card is burned")
    elif k is K.MISCOUNT_SUSPECTED:
        events.append(CardsPlayedBack(play_back(r)))
        remedy("the cards are played back")
    elif k is K.HOLE_CARD_EXPOSED:
        i = next(i for i, f in enumerate(r.dealer_faces) if not f)
        r.burned.append(r.dealer_cards.pop(i))
        r.dealer_faces.pop(i)
        remedy("the hole card is burned; a new one is drawn after the players' decisions")
    elif k is K.HIT_CARD_MISSED:
        t = r.queue.pop(0)
        assert t.hand is not None
        t.hand.deferred = True
        remedy(f"space {t.space}'s hit card is dealt after the other players' hit cards")


def play_back(r: RoundData) -> tuple[str, ...]:
    """The cards in pick-up order (-11.17): from the dealer's right, then the dealer's."""
    lines = []
    for seat in reversed(r.ordered_seats()):
        for i, hand in enumerate(seat.hands):
            cards = " ".join(str(c) for c in hand.cards)
            lines.append(f"space {seat.space} hand {i}: {cards} ({hand.total})")
    lines.append(
        "dealer: " + " ".join(str(c) for c in r.dealer_cards) + f" ({total(r.dealer_cards)})"
    )
    return tuple(lines)


SPACES = range(1, 8)
"""The betting spaces of a twenty-one layout (-02.1: seven)."""


def candidates(r: RoundData) -> list[Action]:
    """The dealing mistakes that may be recorded now (``check`` passes), each with the
    parameters it takes: the space for a missed card, a card dealt to an inactive space, a
    missed hit card or a player not offered insurance; exposed or not for a card drawn in
    error."""
    kinds: list[Action] = []
    for kind in MISTAKE_SECTIONS:
        if kind in (K.MISSED_CARD, K.CARD_TO_INACTIVE_SPACE, K.HIT_CARD_MISSED):
            kinds.extend(Action(kind, space=s) for s in SPACES)
        elif kind is K.INSURANCE_NOT_OFFERED:
            kinds.append(Action(kind))
            kinds.extend(Action(kind, space=s) for s in SPACES)
        elif kind is K.CARD_DRAWN_IN_ERROR:
            kinds.extend(Action(kind, exposed=e) for e in (False, True))
        else:
            kinds.append(Action(kind))
    out: list[Action] = []
    for a in kinds:
        try:
            check(r, a)
        except (InvalidInput, RuleViolation):
            continue
        out.append(a)
    return out


def card_candidates(r: RoundData) -> list[Action]:
    """The dealing mistakes whose card leaves the shoe exposed and is then burned, as the next
    card out of the shoe (the mistake carries no card): a card found face up in the shoe
    (-12.1), a card drawn in error with its face exposed (-12.8), a hit card the dealer drew on
    seventeen or more (-12.10, dealt face up). At a physical table the dealer enters that card
    with the mistake (it is face up: never keyed ``down``); those ``check`` passes now."""
    return [
        a
        for a in candidates(r)
        if a.kind in (K.CARD_FACE_UP_IN_SHOE, K.DEALER_DREW_ON_17)
        or (a.kind is K.CARD_DRAWN_IN_ERROR and a.exposed)
    ]
