"""Wagers and the players' decisions (99-01.3-08-01.2, -09, -11.3 to -11.5): checks first,
then effects. ``check`` raises and changes nothing; ``do`` assumes ``check`` passed."""

from __future__ import annotations

from croupier.core.cards import Rank
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.core.money import format_money
from croupier.core.protocol import player_party
from croupier.games.base import Outcome, PendingKind
from croupier.games.twentyone import dealing, settle
from croupier.games.twentyone.actions import Action, ActionKind
from croupier.games.twentyone.events import (
    Announcement,
    DoubledDown,
    HandCompleted,
    HandSplit,
    InsuranceDecided,
    WagerAccepted,
)
from croupier.games.twentyone.hand import Hand, Seat, is_two_card_21, splittable
from croupier.games.twentyone.round_data import Phase, RoundData, Target
from croupier.games.twentyone.rules import DoubleDown, TipDoubleDown

SPACES = "99-01.3-08-02.1"
PLAYERS = "99-01.3-08-01.2"
WAGER = "99-01.3-08-09.1"
NO_CHANGE = "99-01.3-08-09.2"
TIP = "99-01.3-08-09.2.a"
INSURANCE = "99-01.3-08-09.2.b"
SPLIT = "99-01.3-08-09.2.c"
DOUBLE = "99-01.3-08-09.2.d"
TURN = "99-01.3-08-11.4"
HIT = "99-01.3-08-11.5"
NATURAL = "99-01.3-08-11.11"
UNLAWFUL = "99-01.3-08-12.11"
ONE_CARD = "99-01.3-08-12.2"
DEALING = "99-01.3-08-10.1"
BUST_NO_SPLIT = "99-01.3-08-11.6"
BUST_SPLIT = "99-01.3-08-11.7"
BUST_WAIT = "99-01.3-08-11.8"
MAX_HANDS = 4
MAX_SPACES = 7
PLAY_KINDS = frozenset({ActionKind.HIT, ActionKind.STAND, ActionKind.DOUBLE, ActionKind.SPLIT})


def _fail(message: str, section: str) -> RuleViolation:
    return RuleViolation(message, section)


def check(r: RoundData, a: Action) -> None:
    k = a.kind
    if k is ActionKind.BET:
        _check_bet(r, a)
        return
    if k is ActionKind.DEAL:
        if r.phase is not Phase.BETTING:
            raise _fail("the cards have already been dealt for this round", DEALING)
        if not r.seats:
            raise _fail("the dealer deals only to betting spaces with a wager", DEALING)
        return
    _check_not_completed(r, a)
    if r.queue:
        raise _fail(
            f"the dealer owes a card first ({r.queue[0].purpose}); a player may not act before "
            "it is dealt",
            TURN,
        )
    pending = r.pending
    if pending.kind is not PendingKind.SEAT or pending.seat is None:
        raise _fail(f"no player decision is due now ({pending.detail})", TURN)
    if a.space != pending.seat:
        raise _fail(
            f"it is space {pending.seat}'s turn, not space {a.space}'s; the dealer plays the "
            "spaces in order from the dealer's left and may not bypass a player",
            TURN,
        )
    seat = r.seats[pending.seat]
    if r.phase is Phase.SECOND_CARD_OPTION:
        if k not in (ActionKind.SECOND_CARD, ActionKind.DECLINE_SECOND_CARD):
            raise _fail(
                "this space was dealt one card: choose a second card or decline (inactive)",
                ONE_CARD,
            )
        return
    if r.phase is Phase.INSURANCE:
        _check_insurance(r, seat, a)
        return
    if k in (ActionKind.INSURANCE, ActionKind.NO_INSURANCE, ActionKind.EVEN_MONEY):
        raise _fail(_insurance_refusal(r), INSURANCE)
    if k in (ActionKind.SECOND_CARD, ActionKind.DECLINE_SECOND_CARD):
        raise _fail("only a space dealt a single card has that option", ONE_CARD)
    assert r.current is not None
    hand = r.current[1]
    if (a.hand or 0) != seat.hands.index(hand):
        raise _fail(
            f"hand {seat.hands.index(hand)} of space {seat.space} is being played; a split "
            "hand is played to completion before the next (the player's right-hand hand first)",
            SPLIT,
        )
    if k is ActionKind.STAND:
        return
    if k is ActionKind.HIT:
        if hand.split_aces:
            raise _fail("split aces draw only one card each", SPLIT)
        if _is_natural(seat, hand):
            raise _fail(
                "a natural twenty-one is paid three to two unless the player doubles down; it "
                "takes no hit card",
                NATURAL,
            )
        return
    if k is ActionKind.SPLIT:
        _check_split(seat, hand)
        return
    if k is ActionKind.DOUBLE:
        _check_double(r, seat, hand, a)
        return
    raise InvalidInput(f"unknown action {k.value!r}")


def _insurance_refusal(r: RoundData) -> str:
    up = r.up_card
    if not r.rules.insurance_permitted:
        return "insurance is not permitted at this table"
    if up is None or up.rank != Rank.ACE:
        return f"insurance is offered only when the dealer's up card is an ace (it is {up})"
    return "insurance bets are closed"


def _check_not_completed(r: RoundData, a: Action) -> None:
    """A hand already completed (stood, busted, doubled, split aces, even money) takes no
    further decision; the refusal names the rule that completed it."""
    if a.kind not in PLAY_KINDS or r.phase in (Phase.BETTING, Phase.DEALING):
        return
    seat = r.seats.get(a.space) if a.space is not None else None
    index = a.hand or 0
    if seat is None or not seat.active or not 0 <= index < len(seat.hands):
        return
    hand = seat.hands[index]
    name = f"hand {index} of space {seat.space}"
    if seat.even_money:
        raise _fail(f"space {seat.space} took even money; its hand is over", INSURANCE)
    if not hand.done:
        return
    if hand.busted:
        if hand.waiting:
            section = BUST_WAIT
        elif seat.split_or_doubled:
            section = BUST_SPLIT
        else:
            section = BUST_NO_SPLIT
        raise _fail(f"{name} busted at {hand.total}; it takes no further decision", section)
    if hand.doubled:
        raise _fail(f"{name} was doubled down: only one additional card is dealt", DOUBLE)
    if hand.split_aces:
        raise _fail(f"{name} is a split ace: split aces draw only one card each", SPLIT)
    raise _fail(
        f"{name} stood at {hand.total}; a dealer deals a hit card only on the player's request "
        "before standing",
        TURN,
    )


def _check_insurance(r: RoundData, seat: Seat, a: Action) -> None:
    k = a.kind
    if k is ActionKind.INSURANCE:
        if a.tip_amount:
            raise _fail("insurance betting is not permitted on a tip bet", INSURANCE)
        half = seat.wager // 2
        if a.amount is not None and a.amount != half:
            raise _fail(
                f"an insurance bet must be one-half the original wager: {format_money(half)}, "
                f"not {format_money(a.amount)}",
                INSURANCE,
            )
        return
    if k is ActionKind.EVEN_MONEY:
        if not r.rules.even_money_offered:
            raise _fail("this organization does not offer even money", INSURANCE)
        if not seat.original_natural:
            raise _fail("even money is offered only to a player dealt a natural", INSURANCE)
        return
    if k is not ActionKind.NO_INSURANCE:
        raise _fail(
            "the dealer first asks each player about insurance (insurance or no-insurance)",
            INSURANCE,
        )


def _is_natural(seat: Seat, hand: Hand) -> bool:
    return seat.hands[0] is hand and seat.original_natural and len(hand.cards) == 2


def _check_split(seat: Seat, hand: Hand) -> None:
    if len(hand.cards) != 2:
        raise _fail("only a hand of two cards may be split", SPLIT)
    if not splittable(hand.cards):
        raise _fail(
            f"{hand.cards[0]} and {hand.cards[1]} are neither a pair nor two 10-count cards",
            SPLIT,
        )
    if len(seat.hands) >= MAX_HANDS:
        raise _fail("a player is allowed a maximum of four hands per betting space", SPLIT)


def _check_double(r: RoundData, seat: Seat, hand: Hand, a: Action) -> None:
    if len(hand.cards) != 2:
        raise _fail(
            "doubling-down is permitted only on the first two cards dealt to a betting space or "
            "of a split hand",
            DOUBLE,
        )
    if hand.split_aces:
        raise _fail("doubling-down is not permitted on split aces", DOUBLE)
    amount = hand.wager if a.amount is None else a.amount
    if r.rules.double_down is DoubleDown.EQUAL and amount != hand.wager:
        raise _fail(
            f"the double-down wager must equal the wager ({format_money(hand.wager)})", DOUBLE
        )
    if amount % 100 or not 100 <= amount <= hand.wager:
        raise _fail(
            f"the double-down wager must be whole dollars from $1 up to the wager "
            f"({format_money(hand.wager)}), not {format_money(amount)}",
            DOUBLE,
        )
    tip = a.tip_amount or 0
    if tip:
        mode = r.rules.tip_double_down
        if mode is TipDoubleDown.NOT_PERMITTED:
            raise _fail("doubling-down on tip bets is not permitted at this table", DOUBLE)
        if seat.hands[0] is not hand or not seat.tip:
            raise _fail("this hand carries no tip bet to double", DOUBLE)
        if mode is TipDoubleDown.EQUAL and tip != seat.tip:
            raise _fail(
                f"the tip double-down must equal the tip bet ({format_money(seat.tip)})", DOUBLE
            )
        if tip % 50 or not 50 <= tip <= seat.tip:
            raise _fail(
                f"the tip double-down must be fifty cents up to the tip bet "
                f"({format_money(seat.tip)}), not {format_money(tip)}",
                DOUBLE,
            )


def _check_bet(r: RoundData, a: Action) -> None:
    if r.phase is not Phase.BETTING:
        raise _fail("after the first card has been dealt no wager or tip bet may change", NO_CHANGE)
    space, wager, tip = a.space, a.amount, a.tip_amount or 0
    if space is None or wager is None:
        raise InvalidInput("a wager needs a space and an amount")
    if not 1 <= space <= MAX_SPACES:
        raise _fail(f"a table has at most seven betting spaces, 1 to 7 (not {space})", SPACES)
    player = a.player or f"space {space}"
    if space in r.seats:
        other = r.seats[space].player
        if other != player:
            raise _fail(
                f"space {space} is played by {other}; no one may wager on another player's hand",
                PLAYERS,
            )
        raise _fail(f"space {space} already has its wager", NO_CHANGE)
    mine = [s.space for s in r.seats.values() if s.player == player]
    if len(mine) >= 2:
        raise _fail(f"{player} already plays two betting spaces, the maximum", PLAYERS)
    if mine and abs(mine[0] - space) != 1:
        raise _fail(
            f"{player} plays space {mine[0]}; a second betting space must be adjacent", PLAYERS
        )
    rules = r.rules
    if a.unlawful:
        # Over the maximum: valued at the maximum, the excess returned (-09.1); see _do_bet.
        if wager % 50 or wager <= 0:
            raise InvalidInput("an unlawful amount accepted must be in fifty-cent chips")
        if wager % 100 == 0 and rules.minimum_wager <= wager <= rules.maximum_wager:
            raise InvalidInput(f"{format_money(wager)} is a lawful wager; do not flag it unlawful")
    else:
        if wager % 100:
            raise _fail(
                f"an original wager must be an even dollar amount, not {format_money(wager)}",
                WAGER,
            )
        if wager < rules.minimum_wager:
            raise _fail(
                f"the minimum wager at this table is {format_money(rules.minimum_wager)}", WAGER
            )
    if tip:
        if not rules.tip_betting_permitted:
            raise _fail("tip betting is not permitted at this table", TIP)
        if tip % 50 or not 50 <= tip <= rules.tip_bet_limit:
            raise _fail(
                f"a tip bet ranges from fifty cents to {format_money(rules.tip_bet_limit)} in "
                f"fifty-cent chips, not {format_money(tip)}",
                TIP,
            )


def do(r: RoundData, a: Action, events: list[Event]) -> None:
    k = a.kind
    if k is ActionKind.BET:
        _do_bet(r, a, events)
        return
    if k is ActionKind.DEAL:
        r.phase = Phase.DEALING
        dealing.start_deal(r, events)
        return
    assert a.space is not None
    seat = r.seats[a.space]
    if k is ActionKind.SECOND_CARD:
        seat.one_card_option = False
        r.queue.append(Target("space", "second card", space=seat.space, hand=seat.hands[0]))
    elif k is ActionKind.DECLINE_SECOND_CARD:
        hand = seat.hands[0]
        r.burned.extend(hand.cards)
        hand.cards.clear()
        dealing.make_inactive(r, seat, "the player declined a second card", ONE_CARD, events)
    elif k is ActionKind.INSURANCE:
        seat.insurance_decided = True
        seat.insurance = seat.wager // 2
        settle.wager_in(r, seat, seat.insurance)
        events.append(InsuranceDecided(seat.space, "insurance", seat.insurance))
    elif k is ActionKind.NO_INSURANCE:
        seat.insurance_decided = True
        events.append(InsuranceDecided(seat.space, "no insurance", 0))
    elif k is ActionKind.EVEN_MONEY:
        seat.insurance_decided = True
        seat.settled = True
        seat.even_money = True
        hand = seat.hands[0]
        hand.done = True
        events.append(InsuranceDecided(seat.space, "even money", seat.wager))
        events.append(Announcement("even money", INSURANCE))
        settle.record(
            r, seat, hand, "even money", seat.stake, Outcome.WIN, seat.wager, INSURANCE, events
        )
        hand.settled.add("original")
        if seat.tip:
            settle.settle_hand(r, seat, hand, Outcome.PUSH, INSURANCE, events, kinds=("tip",))
    else:
        assert r.current is not None
        _do_play(r, seat, r.current[1], a, events)


def _do_play(r: RoundData, seat: Seat, hand: Hand, a: Action, events: list[Event]) -> None:
    k = a.kind
    index = seat.hands.index(hand)
    if k is ActionKind.STAND:
        hand.done = True
        events.append(HandCompleted(seat.space, index, hand.total, "stood"))
    elif k is ActionKind.HIT:
        r.queue.append(Target("space", "hit", space=seat.space, hand=hand))
    elif k is ActionKind.DOUBLE:
        amount = hand.wager if a.amount is None else a.amount
        tip = a.tip_amount or 0
        hand.double = amount
        hand.tip_double = tip
        settle.wager_in(r, seat, amount + tip)
        events.append(DoubledDown(seat.space, index, amount, tip))
        r.queue.append(Target("space", "double", space=seat.space, hand=hand))
    elif k is ActionKind.SPLIT:
        aces = hand.cards[0].rank == Rank.ACE
        moved = hand.cards.pop()
        new = Hand([moved], seat.wager, from_split=True, split_aces=aces)
        hand.from_split = True
        hand.split_aces = aces
        seat.hands.insert(index + 1, new)
        settle.wager_in(r, seat, new.wager)
        events.append(HandSplit(seat.space, index, index + 1, new.wager))
        r.queue.append(Target("space", "split card", space=seat.space, hand=hand))


def _do_bet(r: RoundData, a: Action, events: list[Event]) -> None:
    assert a.space is not None
    assert a.amount is not None
    rules = r.rules
    player = a.player or f"space {a.space}"
    stake = a.amount
    excess = 0
    if stake > rules.maximum_wager:  # -09.1, before -12.11: the maximum is whole dollars
        excess = stake - rules.maximum_wager
        stake = rules.maximum_wager
    proper = stake - stake % 100 if a.unlawful else stake
    tip = a.tip_amount or 0
    seat = Seat(a.space, player, proper, stake, tip, unlawful=bool(a.unlawful))
    seat.name = a.player
    seat.party = player_party(a.player if a.player else a.space)
    r.seats[a.space] = seat
    settle.wager_in(r, seat, stake + tip)
    events.append(WagerAccepted(a.space, player, stake, tip, excess, bool(a.unlawful)))


def legal_actions(r: RoundData) -> list[Action]:
    """Decisions that may be taken now (mistakes excluded)."""
    if r.queue:
        return [Action(ActionKind.CARD)]
    if r.phase is Phase.BETTING:
        return [Action(ActionKind.DEAL)] if r.seats else []
    pending = r.pending
    if pending.kind is not PendingKind.SEAT or pending.seat is None:
        return []
    space = pending.seat
    if r.phase is Phase.SECOND_CARD_OPTION:
        return [
            Action(ActionKind.SECOND_CARD, space),
            Action(ActionKind.DECLINE_SECOND_CARD, space),
        ]
    seat = r.seats[space]
    if r.phase is Phase.INSURANCE:
        out = [Action(ActionKind.INSURANCE, space), Action(ActionKind.NO_INSURANCE, space)]
        if r.rules.even_money_offered and seat.original_natural:
            out.append(Action(ActionKind.EVEN_MONEY, space))
        return out
    assert r.current is not None
    hand = r.current[1]
    h = seat.hands.index(hand)
    candidates = [
        Action(ActionKind.STAND, space, h),
        Action(ActionKind.HIT, space, h),
        Action(ActionKind.SPLIT, space, h),
        Action(ActionKind.DOUBLE, space, h),
    ]
    if r.rules.double_down is DoubleDown.EQUAL_OR_LESS and hand.wager > 100:
        candidates.append(Action(ActionKind.DOUBLE, space, h, amount=100))
    if r.rules.tip_double_down is not TipDoubleDown.NOT_PERMITTED and seat.tip and h == 0:
        candidates.append(Action(ActionKind.DOUBLE, space, h, tip_amount=seat.tip))
    out = []
    for c in candidates:
        try:
            check(r, c)
        except (RuleViolation, InvalidInput):
            continue
        out.append(c)
    return out


__all__ = ["check", "do", "is_two_card_21", "legal_actions"]
