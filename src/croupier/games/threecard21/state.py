"""One round of Three Card 21 "N" Done as a state machine (driven by ``game.GAME``).

``Round(rules, spots, burn_first=...)`` places the mandatory wagers; ``pending`` says who acts;
``apply(action)`` returns the events it caused (an ``ActionTaken`` first; the first action's
events start with the wagers placed before it) or raises ``RuleViolation`` naming the section.
A refused action may leave the round half-changed: drive a round through
``croupier.core.protocol.Play``, which rebuilds it from its accepted actions on a refusal.
``settlement()`` gives every wager's result and every party's net once the round is over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from croupier.core.cards import Card
from croupier.core.errors import RuleViolation
from croupier.core.events import JSON, Event, to_json_value
from croupier.core.shoe import NJShuffleMethod
from croupier.games.base import Pending, PendingKind, Settlement
from croupier.games.threecard21 import actions as a
from croupier.games.threecard21 import dealing, irregular, play
from croupier.games.threecard21.actions import Action, record
from croupier.games.threecard21.model import (
    DEALER,
    LAYOUT,
    S_BURN,
    S_CALLER,
    S_MULTI,
    S_NO_CHANGE,
    S_SHARED,
    S_SURRENDER,
    S_SURRENDER_OFFERED,
    S_TABLE,
    S_WAGERS,
    Hand,
    Person,
    Phase,
    RoundData,
    Spot,
    dollars,
    hard_total,
    place,
    points,
    split_triggers,
    total,
)
from croupier.games.threecard21.rules import HouseRules
from croupier.games.threecard21.view import RoundView, view_of


@dataclass(frozen=True, slots=True)
class PersonWager:
    """One person's wagers on a spot: the Three Card 21 wager and the equal bonus wager."""

    amount: int
    name: str | None = None
    seated: bool = False
    bonus: int | None = None


@dataclass(frozen=True, slots=True)
class SpotWagers:
    space: int
    persons: tuple[PersonWager, ...]


def _check_amount(rules: HouseRules, amount: int, what: str) -> None:
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise RuleViolation(f"{what} must be a whole number of cents, not {amount!r}", S_WAGERS)
    if not rules.table_minimum <= amount <= rules.table_maximum:
        raise RuleViolation(
            f"{what} of {dollars(amount)} is outside the table limits "
            f"{dollars(rules.table_minimum)} to {dollars(rules.table_maximum)}",
            S_WAGERS,
        )
    if amount % rules.smallest_chip:
        raise RuleViolation(
            f"{what} of {dollars(amount)} is not a whole number of chips of "
            f"{dollars(rules.smallest_chip)}",
            "N.J.A.C. 13:69F-2C.5(e)",
        )


def _build_spots(rules: HouseRules, spots: Sequence[SpotWagers]) -> list[Spot]:
    if not spots:
        raise RuleViolation("a round needs at least one spot with wagers", S_WAGERS)
    seen: set[int] = set()
    owners: dict[str, int] = {}
    out: list[Spot] = []
    for sw in sorted(spots, key=lambda s: s.space):
        if not 1 <= sw.space <= rules.betting_positions:
            raise RuleViolation(
                f"space {sw.space} does not exist; this table has betting positions "
                f"1..{rules.betting_positions}",
                S_TABLE,
            )
        if sw.space in seen:
            raise RuleViolation(f"space {sw.space} is listed twice", S_TABLE)
        seen.add(sw.space)
        if not 1 <= len(sw.persons) <= rules.max_persons_per_spot:
            raise RuleViolation(
                f"space {sw.space} has {len(sw.persons)} people wagering; this table allows "
                f"{rules.max_persons_per_spot} (at most three, with the first person's consent)",
                S_SHARED,
            )
        names = [p.name for p in sw.persons]
        if len(sw.persons) > 1 and (None in names or len(set(names)) != len(names)):
            raise RuleViolation(
                f"the people wagering on space {sw.space} must each be named, once", S_SHARED
            )
        if sum(p.seated for p in sw.persons) > 1:
            raise RuleViolation(f"only one person can be seated at space {sw.space}", S_CALLER)
        for p in sw.persons:
            _check_amount(rules, p.amount, "the Three Card 21 wager")
            if p.bonus is not None and p.bonus != p.amount:
                raise RuleViolation(
                    f"the Three Card 21 wager ({p.amount}) and the bonus wager ({p.bonus}) must "
                    "be equal amounts",
                    S_WAGERS,
                )
            if p.name is not None:
                if p.name in owners and not rules.multiple_spots:
                    raise RuleViolation(
                        f"{p.name} already wagers on space {owners[p.name]}; this table does not "
                        "permit wagering on more than one spot",
                        S_MULTI,
                    )
                owners.setdefault(p.name, sw.space)
        persons = [Person(p.name, p.amount, p.seated) for p in sw.persons]
        spot = Spot(sw.space, persons, _controller(persons))
        spot.hands = [Hand(cards=[], stakes={i: p.wager for i, p in enumerate(persons)})]
        out.append(spot)
    return out


def _controller(persons: Sequence[Person]) -> int:
    """2C.12(b): the seated player calls the decisions; with none, the highest wager does
    (ties: the first listed)."""
    seated = [i for i, p in enumerate(persons) if p.seated]
    if seated:
        return seated[0]
    return max(range(len(persons)), key=lambda i: (persons[i].wager, -i))


class Round:
    """One round at a Three Card 21 "N" Done table."""

    def __init__(
        self, rules: HouseRules, spots: Sequence[SpotWagers], *, burn_first: bool = False
    ) -> None:
        if burn_first and rules.shuffle is NJShuffleMethod.BART_CARTER:
            raise RuleViolation(
                "the burn card procedure does not apply to the Bart Carter shuffle", S_BURN
            )
        self.rules = rules
        built = _build_spots(rules, spots)
        self._r = RoundData(spots=built, burn_due=burn_first, reader_in_service=rules.card_reader)
        self._r.queue = dealing.deal_plan(built)
        self.opening_events: tuple[Event, ...] = tuple(
            place(self._r, s, 0, kind, i, p.wager)
            for s in built
            for i, p in enumerate(s.persons)
            for kind in ("bonus", "original")
        )

    # -- reading the state ----------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return self._r.phase

    def view(self) -> RoundView:
        """What the table shows now (read-only; for display)."""
        return view_of(self._r)

    def snapshot(self) -> JSON:
        """Everything about the round as plain data, to compare two rounds."""
        return to_json_value(self._r)

    def balances(self) -> dict[str, int]:
        """The chips moved since the round began: each person's party, the ``layout`` (the
        wagers not yet settled) and the ``house``; they sum to zero."""
        return dict(self._r.accounts)

    def irregularities(self) -> list[Action]:
        """The irregularities a dealer might record now (``irregular.candidates``)."""
        return irregular.candidates(self._r)

    def card_irregularities(self) -> list[Action]:
        """The irregularities that name a card out of the shoe (``irregular.card_candidates``),
        each with the first card the shoe still holds in the place of the card entered."""
        held = next(
            (
                c
                for c in map(Card.from_index, range(_FACES))
                if self._r.seen.count(c) < self.rules.decks
            ),
            None,
        )
        return [] if held is None else irregular.card_candidates(self._r, held)

    @property
    def cards_seen(self) -> tuple[Card, ...]:
        """Every card out of the shoe this round (dealt, burned, found face up, drawn in
        error), in order."""
        return tuple(self._r.seen)

    @property
    def pending(self) -> Pending:
        r = self._r
        if r.phase is Phase.DONE:
            return Pending(PendingKind.NONE)
        if r.burn_due:
            return Pending(PendingKind.CHANCE, detail="burn card")
        if r.phase is Phase.DEALING:
            space, pass_no = r.queue[0]
            if space == DEALER:
                return Pending(
                    PendingKind.CHANCE,
                    detail="dealer's " + ("up card" if not r.dealer else "hole card"),
                )
            return Pending(PendingKind.CHANCE, seat=space, hand=0, detail=f"card {pass_no}")
        if r.phase is Phase.INSURANCE:
            waiting = dealing.insurance_waiting(r)
            assert waiting is not None
            spot, person = waiting
            who = spot.player(person)
            return Pending(
                PendingKind.SEAT,
                seat=spot.space,
                hand=0,
                detail="insurance" + (f": {who}" if who else ""),
            )
        if r.phase is Phase.SURRENDER:
            spot_s = dealing.surrender_waiting(r, self.rules)
            assert spot_s is not None
            return Pending(PendingKind.SEAT, seat=spot_s.space, hand=0, detail="surrender")
        if r.phase is Phase.PLAY:
            turn = play.current_turn(r)
            assert turn is not None
            kind = PendingKind.CHANCE if turn.card else PendingKind.SEAT
            return Pending(
                kind,
                seat=turn.spot.space,
                hand=turn.hand,
                detail="card" if turn.card else "decision",
            )
        return Pending(PendingKind.CHANCE, detail="dealer draws")

    def legal_actions(self) -> Sequence[Action]:
        """The decisions open now (none while a card is due: the shoe supplies it, or when the
        round is over). Irregularities are recorded whenever their conditions hold and are not
        listed."""
        p = self.pending
        r = self._r
        if p.kind is not PendingKind.SEAT or p.seat is None:
            return ()
        if r.phase is Phase.INSURANCE:
            who = p.detail.partition(": ")[2] or None
            spot = r.spot(p.seat)
            assert spot is not None
            wager = next(x.wager for i, x in enumerate(spot.persons) if spot.player(i) == who)
            limit = dealing.insurance_limit(wager, self.rules.smallest_chip)
            return (a.Insure(p.seat, limit, who), a.DeclineInsurance(p.seat, who))
        if r.phase is Phase.SURRENDER:
            return (a.Surrender(p.seat), a.DeclineSurrender(p.seat))
        spot = r.spot(p.seat)
        assert spot is not None
        assert p.hand is not None
        hand = spot.hands[p.hand]
        out: list[Action] = [a.Stand(p.seat, p.hand)]
        if points(hand.cards) < 21 and not spot.refused:
            out.append(a.Hit(p.seat, p.hand))
            if len(hand.cards) == (2 if spot.split else 3):
                out.append(a.Double(p.seat, p.hand, hand.stakes.get(spot.controller, 0)))
        if not spot.split and len(hand.cards) == 3 and split_triggers(hand.cards):
            out.append(a.Split(p.seat))
        return tuple(out)

    # -- acting ---------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply one action and return its events, or raise ``RuleViolation`` (the round may
        then be half-changed: ``Play`` rebuilds it)."""
        card = _card_out(action)
        if card is not None:  # a card out of the shoe must be one the shoe still holds
            held = self.rules.decks - self._r.seen.count(card)
            if held <= 0:
                raise RuleViolation(
                    f"card {card} cannot come out of the shoe again: a shoe of "
                    f"{self.rules.decks} decks holds {self.rules.decks} of each card and all "
                    "are out this round",
                    "N.J.A.C. 13:69F-2C.2(a)",
                )
        events = self._apply(action)
        events.extend(self._advance())
        r = self._r
        if card is not None:
            r.seen.append(card)
        opening = () if r.opened else self.opening_events
        r.opened = True
        return [*opening, record(action), *events]

    def _apply(self, act: Action) -> list[Event]:
        r, rules = self._r, self.rules
        if isinstance(act, a.Deal):
            return self._deal(act)
        if isinstance(act, a.ChangeWager):
            return self._change_wager(act)
        if isinstance(act, a.Insure):
            return dealing.insure(r, rules, act.space, act.player, act.amount)
        if isinstance(act, a.DeclineInsurance):
            return dealing.decline_insurance(r, rules, act.space, act.player)
        if isinstance(act, a.Surrender | a.DeclineSurrender):
            if not rules.surrender:
                raise RuleViolation("this table does not offer surrender", S_SURRENDER_OFFERED)
            if r.phase is Phase.SURRENDER or not isinstance(act, a.Surrender):
                return dealing.decide_surrender(r, rules, act.space, isinstance(act, a.Surrender))
            spot = r.spot(act.space)
            if spot is not None and spot.hands and hard_total(spot.hands[0].cards) <= 21:
                raise RuleViolation(
                    "only a three-card hand over 21 may be surrendered",
                    "N.J.A.C. 13:69F-2C.5(c)5.i",
                )
            raise RuleViolation(
                "surrender is decided after the totals are announced and before any other decision",
                S_SURRENDER,
            )
        if isinstance(act, a.Stand):
            return play.stand(r, act.space, act.hand)
        if isinstance(act, a.Hit):
            return play.hit(r, act.space, act.hand)
        if isinstance(act, a.Double):
            return play.double(
                r, act.space, act.hand, act.amount, act.others, self.rules.smallest_chip
            )
        if isinstance(act, a.Split):
            return play.split(r, act.space, act.others)
        return self._irregularity(act)

    def _irregularity(self, act: Action) -> list[Event]:
        r, rules = self._r, self.rules
        if isinstance(act, a.FaceUpCardInShoe):
            return irregular.face_up_in_shoe(r, act)
        if isinstance(act, a.UnexposedCardDrawnInError):
            return irregular.unexposed_in_error(r)
        if isinstance(act, a.ExposedCardDrawnInError):
            return irregular.exposed_in_error(r, act)
        if isinstance(act, a.RefuseExposedCard):
            return irregular.refuse_exposed(r, act)
        if isinstance(act, a.DealerDrewInError):
            return irregular.dealer_drew_in_error(r, act)
        if isinstance(act, a.DealerCardMissed):
            return irregular.dealer_card_missed(r)
        if isinstance(act, a.InsufficientCards):
            return irregular.insufficient_cards(r)
        if isinstance(act, a.SpotMissed):
            events = irregular.spot_missed(r, act)
            if r.phase is Phase.DEALING and not r.queue:
                # the missed card was the deal's last: the deal is over (2C.6(e), (f))
                events.extend(dealing.after_deal(r, rules))
            return events
        if isinstance(act, a.HitMissed):
            return irregular.hit_missed(r, act)
        if isinstance(act, a.ShufflerMalfunction):
            return irregular.shuffler_malfunction(r, rules)
        if isinstance(act, a.ShufflerRemoved):
            return irregular.shuffler_removed(r, act)
        if isinstance(act, a.ReaderInsertedInError):
            return irregular.reader_inserted_in_error(r, rules, act)
        if isinstance(act, a.ReaderMalfunction):
            return irregular.reader_malfunction(r, rules)
        raise RuleViolation(f"not an action of this game: {act!r}", "N.J.A.C. 13:69F-2C.5(j)")

    def _deal(self, act: a.Deal) -> list[Event]:
        r, rules = self._r, self.rules
        if r.phase is Phase.DONE:
            raise RuleViolation("the round is complete; no card is due", "N.J.A.C. 13:69F-2C.6(m)")
        if r.burn_due:
            return dealing.burn(r, act.card, "burn card")
        if r.phase is Phase.DEALING:
            return dealing.deal_initial(r, rules, act.card)
        if r.phase is Phase.PLAY:
            turn = play.current_turn(r)
            if turn is None or not turn.card:
                raise RuleViolation(
                    "no card is due: the player must first decide to draw or double",
                    "N.J.A.C. 13:69F-2C.11(a)",
                )
            return play.receive_card(r, turn.spot, turn.hand, act.card)
        if r.phase is Phase.DEALER:
            return play.dealer_draws(r, rules, act.card)
        raise RuleViolation(
            f"no card is dealt during {r.phase.value}; a player's decision is due",
            S_SURRENDER if r.phase is Phase.SURRENDER else "N.J.A.C. 13:69F-2C.7(a)1",
        )

    def _change_wager(self, act: a.ChangeWager) -> list[Event]:
        r = self._r
        if r.first_card_out:
            raise RuleViolation(
                "no wager may be made, altered or removed once the first card of the round has "
                "been removed from the shoe",
                S_NO_CHANGE,
            )
        spot = r.spot(act.space)
        if spot is None:
            raise RuleViolation(f"nobody wagers on space {act.space}", S_WAGERS)
        matches = [i for i in range(len(spot.persons)) if spot.player(i) == act.player]
        if not matches:
            raise RuleViolation(f"{act.player!r} does not wager on space {act.space}", S_WAGERS)
        _check_amount(self.rules, act.amount, "the Three Card 21 wager")
        person = matches[0]
        r.move(LAYOUT, spot.party(person), 2 * spot.persons[person].wager)  # both taken back
        spot.persons[person].wager = act.amount
        spot.hands[0].stakes[person] = act.amount
        spot.controller = _controller(spot.persons)  # the highest wager may have changed
        return [
            place(r, spot, 0, "bonus", person, act.amount),
            place(r, spot, 0, "original", person, act.amount),
        ]

    def _advance(self) -> list[Event]:
        """Automatic steps: an exposed card used as the next card, the dealer's turn."""
        r, rules = self._r, self.rules
        events: list[Event] = []
        while True:
            if r.phase is Phase.PLAY and not r.burn_due:
                turn = play.current_turn(r)
                if turn is None:
                    events.extend(play.start_dealer(r, rules))
                    continue
                if turn.card and r.exposed is not None:
                    card, r.exposed = r.exposed, None
                    events.extend(play.receive_card(r, turn.spot, turn.hand, card))
                    continue
            if r.phase is Phase.DEALER and r.exposed is not None and not r.burn_due:
                card, r.exposed = r.exposed, None
                events.extend(play.dealer_draws(r, rules, card))
                continue
            return events

    # -- result ---------------------------------------------------------------------------
    def settlement(self) -> Settlement:
        """Every wager's result; refused until the round is complete (2C.6(l))."""
        r = self._r
        if r.phase is not Phase.DONE:
            raise RuleViolation(
                f"the round is not complete ({r.phase.value}); wagers are settled at its end",
                "N.J.A.C. 13:69F-2C.6(l)",
            )
        value, _soft = total(r.dealer) if r.dealer else (0, False)
        details = {
            "dealer": {"cards": [str(c) for c in r.dealer], "total": value},
            "bonus": {str(k): v for k, v in sorted(r.bonus.items())},
        }
        return Settlement(tuple(r.results), details, self.parties())

    def parties(self) -> Mapping[str, int]:
        """Each party's net for the round from the chips moved (the layout is empty once the
        round is complete)."""
        return {k: v for k, v in sorted(self._r.accounts.items()) if k != LAYOUT}


_FACES = 52
"""The faces of a deck (a shoe holds ``decks`` of each)."""


def _card_out(action: Action) -> Card | None:
    """The card an action takes out of the shoe, if any."""
    if isinstance(
        action, a.Deal | a.FaceUpCardInShoe | a.ExposedCardDrawnInError | a.DealerDrewInError
    ):
        return action.card
    return None
