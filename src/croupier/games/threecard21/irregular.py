"""Irregularities of N.J.A.C. 13:69F-2A.14(a)-(l) as the Three Card 21 proposal applies them.

Each is a recordable action; its remedy is applied here and recorded as an ``Irregularity``
event naming the paragraph.
"""

from __future__ import annotations

from croupier.core.cards import Card
from croupier.core.errors import RuleViolation
from croupier.core.events import Event
from croupier.core.shoe import NJShuffleMethod
from croupier.games.base import Outcome
from croupier.games.threecard21 import actions as a
from croupier.games.threecard21.events import CardBurned, Irregularity, RoundVoided
from croupier.games.threecard21.model import (
    DEALER,
    Phase,
    RoundData,
    Spot,
    hard_total,
    irregularity_section,
    is_ace_or_ten,
    settle,
    settle_hand,
)
from croupier.games.threecard21.play import current_turn, finish
from croupier.games.threecard21.rules import HouseRules


def _note(letter: str, what: str, remedy: str) -> Irregularity:
    return Irregularity(irregularity_section(letter), what, remedy)


def _return_spot(r: RoundData, spot: Spot, result: Outcome) -> list[Event]:
    """Return every wager still on a spot (bonus included if not yet resolved)."""
    events: list[Event] = []
    if spot.space not in r.bonus:
        for i, person in enumerate(spot.persons):
            events.append(settle(r, spot, 0, "bonus", i, person.wager, result, 0))
    for i, hand in enumerate(spot.hands):
        if hand.stakes or hand.doubles:
            events.extend(settle_hand(r, spot, i, result))
        hand.done = True
    return events


def face_up_in_shoe(r: RoundData, act: a.FaceUpCardInShoe) -> list[Event]:
    """(a) Not used, to the discard rack; a second one during the deal voids the round."""
    if r.phase is Phase.DONE:
        raise RuleViolation("the round is complete", irregularity_section("a"))
    r.first_card_out = True
    events: list[Event] = [
        _note("a", f"card {act.card} found face up in the shoe", "placed in the discard rack"),
        CardBurned(act.card, "found face up in the shoe"),
    ]
    if r.phase is Phase.DEALING:
        r.face_up_in_shoe += 1
        if r.face_up_in_shoe > 1:
            events.append(RoundVoided("more than one card found face up in the shoe"))
            for spot in r.spots:
                if not spot.dead:
                    events.extend(_return_spot(r, spot, Outcome.VOID))
            r.void = True
            r.phase = Phase.DONE
    return events


def unexposed_in_error(r: RoundData) -> list[Event]:
    """(b) Used as though it were the next card from the shoe: nothing else changes."""
    if r.phase is Phase.DONE:
        raise RuleViolation("the round is complete", irregularity_section("b"))
    return [_note("b", "card drawn in error, face not exposed", "used as the next card")]


def exposed_in_error(r: RoundData, act: a.ExposedCardDrawnInError) -> list[Event]:
    """(c) After the initial three cards: dealt as though it were the next card (the next card
    due: a player's draw, a split hand's card or the dealer's draw)."""
    after_initial = (Phase.INSURANCE, Phase.SURRENDER, Phase.PLAY, Phase.DEALER)
    if r.phase not in after_initial or r.exposed is not None:
        raise RuleViolation(
            "this remedy applies to one card drawn in error and exposed after the initial three "
            "cards have been dealt",
            irregularity_section("c"),
        )
    r.exposed = act.card
    return [
        _note(
            "c",
            f"card {act.card} drawn in error and exposed",
            "dealt as the next card; a player who refuses it receives no more cards",
        )
    ]


def refuse_exposed(r: RoundData, act: a.RefuseExposedCard) -> list[Event]:
    turn = current_turn(r) if r.phase is Phase.PLAY else None
    if r.exposed is None or turn is None or turn.card or turn.spot.space != act.space:
        raise RuleViolation(
            "only the player next to act may refuse an exposed card drawn in error",
            irregularity_section("c"),
        )
    spot = turn.spot
    spot.refused = True
    events: list[Event] = [
        _note("c", f"space {act.space} refused the exposed card", "no more cards to that player")
    ]
    for i, hand in enumerate(spot.hands):
        if hand.done:
            continue
        hand.awaiting = False
        hand.owed = False
        if hard_total(hand.cards) > 21:
            events.extend(settle_hand(r, spot, i, Outcome.LOSE))
        hand.done = True
    return events


def dealer_drew_in_error(r: RoundData, act: a.DealerDrewInError) -> list[Event]:
    """(d) A card drawn by the dealer to a complete hand is burned (a standing total, or any
    total when no outcome depends on it, 2C.11(c))."""
    if r.phase is not Phase.DONE or r.void or len(r.dealer) < 2:
        raise RuleViolation(
            "this remedy applies to a card the dealer draws after his hand is complete",
            irregularity_section("d"),
        )
    return [
        _note("d", f"dealer drew {act.card} to a complete hand", "card burned"),
        CardBurned(act.card, "drawn by the dealer in error"),
    ]


def dealer_card_missed(r: RoundData) -> list[Event]:
    """(e) Finish the players' three cards, then deal the dealer's cards."""
    if r.phase is not Phase.DEALING or not r.queue or r.queue[0][0] != DEALER or r.burn_due:
        raise RuleViolation(
            "this remedy applies when the dealer's own first or second card is due in the deal",
            irregularity_section("e"),
        )
    owed = sum(1 for space, _ in r.queue if space == DEALER)
    r.queue = [t for t in r.queue if t[0] != DEALER] + [(DEALER, 9)] * owed
    return [
        _note(
            "e",
            "dealer missed dealing a card to the dealer",
            "players' three cards completed, then the dealer's cards dealt",
        )
    ]


def insufficient_cards(r: RoundData) -> list[Event]:
    """(f) Shuffle and cut the discard rack, burn its first card, complete the round."""
    if r.phase is Phase.DONE:
        raise RuleViolation("the round is complete", irregularity_section("f"))
    r.burn_due = True
    return [
        _note(
            "f",
            "insufficient cards in the shoe to complete the round",
            "discard rack shuffled and cut; first card burned; round completed",
        )
    ]


def spot_missed(r: RoundData, act: a.SpotMissed) -> list[Event]:
    """(g) No initial card: the hand is dead. A missed second or third card: dealt after the
    other players' at the player's option, or the hand is dead."""
    if r.phase is not Phase.DEALING or not r.queue or r.queue[0][0] != act.space or r.burn_due:
        raise RuleViolation(
            f"space {act.space} is not the next to receive a card in the initial deal",
            irregularity_section("g"),
        )
    spot = r.spot(act.space)
    assert spot is not None
    _space, pass_no = r.queue.pop(0)
    if pass_no == 1 or not act.take_late_card:
        r.queue = [t for t in r.queue if t[0] != act.space]
        spot.dead = True
        events: list[Event] = [
            _note("g", f"space {act.space} missed in the deal", "hand dead; wagers returned")
        ]
        events.extend(_return_spot(r, spot, Outcome.RETURNED))
        return events
    last = max(
        (i for i, (s, p) in enumerate(r.queue) if p == pass_no and s != DEALER),
        default=-1,
    )
    r.queue.insert(last + 1, (act.space, pass_no))
    return [
        _note(
            "g",
            f"space {act.space} missed card {pass_no} of the deal",
            "card dealt after the other players' at the player's option",
        )
    ]


def hit_missed(r: RoundData, act: a.HitMissed) -> list[Event]:
    """(h) A requested card not dealt: late, before the hole card, or the hand dead."""
    turn = current_turn(r) if r.phase is Phase.PLAY else None
    if (
        turn is None
        or not turn.card
        or (turn.spot.space, turn.hand) != (act.space, act.hand)
        or not turn.spot.hands[act.hand].awaiting
    ):
        raise RuleViolation(
            f"space {act.space} hand {act.hand} has not requested a card now due",
            irregularity_section("h"),
        )
    spot = turn.spot
    hand = spot.hands[act.hand]
    hand.awaiting = False
    if act.late:
        hand.owed = True
        return [
            _note(
                "h",
                f"requested card not dealt to space {act.space} hand {act.hand}",
                "dealt after the other players' additional cards, before the hole card",
            )
        ]
    events: list[Event] = [
        _note(
            "h",
            f"requested card not dealt to space {act.space} hand {act.hand}",
            "hand dead; wager returned",
        )
    ]
    events.extend(settle_hand(r, spot, act.hand, Outcome.RETURNED))
    return events


def shuffler_malfunction(r: RoundData, rules: HouseRules) -> list[Event]:
    if rules.shuffle is not NJShuffleMethod.AUTOMATIC or r.first_card_out:
        raise RuleViolation(
            "applies to an automated shuffler at this table, before the round's first card",
            irregularity_section("i"),
        )
    return [_note("i", "automated shuffler failed to complete a shuffle", "cards reshuffled")]


def shuffler_removed(r: RoundData, act: a.ShufflerRemoved) -> list[Event]:
    if r.first_card_out:
        raise RuleViolation(
            "a shuffler is removed between rounds, not during one", irregularity_section("j")
        )
    if not act.supervisor_inspected:
        raise RuleViolation(
            "before removal a supervisor must inspect the shuffler for cards remaining in it",
            irregularity_section("j"),
        )
    return [
        _note("j", "automated shuffler removed", "inspected by a supervisor; no cards remained")
    ]


def reader_inserted_in_error(
    r: RoundData, rules: HouseRules, act: a.ReaderInsertedInError
) -> list[Event]:
    """(k) Hole card into the reader with a non-ace, non-ten up card."""
    if (
        not rules.card_reader
        or not r.reader_in_service
        or len(r.dealer) < 2
        or is_ace_or_ten(r.up_card)
        or r.phase not in (Phase.INSURANCE, Phase.SURRENDER, Phase.PLAY)
    ):
        raise RuleViolation(
            "applies when the dealer inserts the hole card into a card reader while the up card "
            "is not an ace, king, queen, jack or 10, before the dealer's hand is played",
            irregularity_section("k"),
        )
    if not act.device_reveals_hole_card:
        return [
            _note(
                "k",
                "hole card inserted in the reader with a non-ace, non-ten up card",
                "supervisor notified; play continues (the device shows no player the hole card)",
            )
        ]
    events: list[Event] = [
        _note(
            "k",
            "hole card inserted in the reader with a non-ace, non-ten up card",
            "supervisor notified; all hands dead; wagers returned",
        )
    ]
    for spot in r.spots:
        if not spot.dead:
            events.extend(_return_spot(r, spot, Outcome.RETURNED))
            spot.dead = True
    events.extend(finish(r))
    return events


def reader_malfunction(r: RoundData, rules: HouseRules) -> list[Event]:
    if not rules.card_reader or not r.reader_in_service or r.phase is Phase.DONE or r.checked:
        raise RuleViolation(
            "applies to a card reader in service at this table before the dealer's check",
            irregularity_section("l"),
        )
    r.reader_in_service = False
    return [
        _note(
            "l",
            "card reader device malfunctioned",
            "dealing continues under the procedure for a table without a card reader",
        )
    ]


def candidates(r: RoundData) -> list[a.Action]:
    """The irregularities of 2A.14 a dealer might record now, with the options they take (the
    spot, the hand, the player's choice of a late card): ``Play.irregularities`` keeps those the
    round accepts. The three that name a card ((a) face up in the shoe, (c) exposed, (d) drawn
    by the dealer in error) are entered with their card, not chosen from a list."""
    if r.void or r.phase is Phase.DONE:
        return []
    out: list[a.Action] = [
        a.UnexposedCardDrawnInError(),
        a.DealerCardMissed(),
        a.InsufficientCards(),
        a.ShufflerMalfunction(),
        a.ShufflerRemoved(supervisor_inspected=True),
        a.ReaderInsertedInError(device_reveals_hole_card=False),
        a.ReaderInsertedInError(device_reveals_hole_card=True),
        a.ReaderMalfunction(),
    ]
    for spot in r.spots:
        out.append(a.RefuseExposedCard(spot.space))
        out.extend(a.SpotMissed(spot.space, take_late_card=t) for t in (True, False))
        for hand in range(len(spot.hands)):
            out.extend(a.HitMissed(spot.space, hand, late=late) for late in (True, False))
    return out


def card_candidates(r: RoundData, card: Card) -> list[a.Action]:
    """The three irregularities of 2A.14 that name a card out of the shoe, each with ``card``
    in the place of the card the dealer enters: (a) a card found face up in the shoe, (c) a card
    drawn in error and exposed after the initial three cards, (d) a card the dealer drew to a
    complete hand. Each takes its card out of the shoe (a card the shoe no longer holds is
    refused, 2C.2(a)); ``Play``'s refusal decides which the round accepts now."""
    if r.void:
        return []
    return [a.FaceUpCardInShoe(card), a.ExposedCardDrawnInError(card), a.DealerDrewInError(card)]
