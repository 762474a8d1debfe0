"""An independent settlement oracle (review of issue 3): random legal rounds without dealing
mistakes are settled again from their final cards by a separate reading of -09.2, -11.6 to
-11.12 and -10.3, and the engine's settlement must agree wager by wager, cent by cent."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.core.cards import Card, Rank
from croupier.core.protocol import play_randomly
from croupier.core.rng import SeededRng
from croupier.games.base import Outcome
from croupier.games.twentyone.game import GAME
from croupier.games.twentyone.random_play import random_rules
from croupier.games.twentyone.rules import DealingMethod
from croupier.games.twentyone.state import Round

Key = tuple[int, int, str]


def _points(cards: Sequence[Card]) -> tuple[int, bool]:
    """-01.1: an ace counts one or eleven; kings, queens, jacks ten; others face value."""
    hard = 0
    for c in cards:
        if c.rank == Rank.ACE:
            hard += 1
        elif c.rank in (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING):
            hard += 10
        else:
            hard += int(c.rank)
    has_ace = any(c.rank == Rank.ACE for c in cards)
    if has_ace and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def _ten_or_ace(card: Card | None) -> bool:
    return card is not None and card.rank in (
        Rank.ACE,
        Rank.TEN,
        Rank.JACK,
        Rank.QUEEN,
        Rank.KING,
    )


def _expected(r: Round) -> dict[Key, tuple[Outcome, int]]:
    out: dict[Key, tuple[Outcome, int]] = {}
    dealer = r.dealer_cards
    up = r.up_card
    dealer_natural = _ten_or_ace(up) and len(dealer) >= 2 and _points(dealer[:2])[0] == 21
    dealer_total = _points(dealer)[0]
    waits = r.method is not DealingMethod.CARD_READING_DEVICE and _ten_or_ace(up)
    for seat in r.ordered_seats():
        s = seat.space
        if not seat.active:
            out[(s, 0, "original")] = (Outcome.RETURNED, 0)
            if seat.tip:
                out[(s, 0, "tip")] = (Outcome.RETURNED, 0)
            continue
        if seat.insurance:
            won = dealer_natural
            out[(s, 0, "insurance")] = (
                (Outcome.WIN, 2 * seat.insurance) if won else (Outcome.LOSE, -seat.insurance)
            )
        first = seat.hands[0]
        natural = (
            len(seat.hands) == 1 and _points(first.cards[:2])[0] == 21 and len(first.cards) >= 2
        )
        if seat.even_money:
            out[(s, 0, "even money")] = (Outcome.WIN, seat.wager)
            if seat.tip:
                out[(s, 0, "tip")] = (Outcome.PUSH, 0)
            continue
        for i, hand in enumerate(seat.hands):
            parts = [("original", seat.stake, seat.wager) if i == 0 else ("split", hand.wager, 0)]
            if hand.double:
                parts.append(("double", hand.double, hand.double))
            if i == 0 and seat.tip:
                parts.append(("tip", seat.tip, seat.tip))
            if i == 0 and hand.tip_double:
                parts.append(("tip double", hand.tip_double, hand.tip_double))
            total = _points(hand.cards)[0]
            for kind, stake, even_pay in parts:
                key = (s, i, kind)
                if kind == "split":
                    even_pay = stake
                if dealer_natural:
                    if kind in ("original", "tip"):
                        out[key] = (Outcome.PUSH, 0) if natural else (Outcome.LOSE, -stake)
                    elif kind == "tip double" and total > 21 and waits:
                        out[key] = (Outcome.LOSE, -stake)  # -11.8: lost with the tip bet
                    else:
                        out[key] = (Outcome.VOID, 0)  # -11.10.e
                elif total > 21:
                    out[key] = (Outcome.LOSE, -stake)
                elif natural and not hand.double and kind == "original":
                    out[key] = (Outcome.WIN, seat.wager * 3 // 2)
                elif natural and not hand.double and kind == "tip":
                    out[key] = (Outcome.WIN, stake)
                elif dealer_total > 21 or total > dealer_total:
                    out[key] = (Outcome.WIN, even_pay)
                elif total < dealer_total:
                    out[key] = (Outcome.LOSE, -stake)
                else:
                    out[key] = (Outcome.PUSH, 0)
    return out


def _dealer_drew_correctly(r: Round) -> None:
    """-11.10.f, g: a dealer who played draws to 17 and stands (or hits soft 17 if posted)."""
    cards = r.dealer_cards
    if len(cards) <= 2:
        return
    final, soft = _points(cards)
    before, soft_before = _points(cards[:-1])
    hits_soft_17 = r.rules.dealer_hits_soft_17
    assert before <= 16 or (hits_soft_17 and before == 17 and soft_before)
    assert final > 21 or final >= 17
    assert not (hits_soft_17 and final == 17 and soft)


@settings(max_examples=400, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_99_01_3_08_11_settlement_matches_an_independent_reading(seed: int) -> None:
    rng = SeededRng(seed)
    rules = random_rules(rng)
    r = play_randomly(GAME, rules, GAME.random_setup(rules, rng), rng).state
    got = {(w.space, w.hand, w.kind): (w.result, w.net) for w in r.settlement().wagers}
    assert got == _expected(r)
    _dealer_drew_correctly(r)
