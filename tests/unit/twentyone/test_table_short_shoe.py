"""A shoe that runs short within a round at the twenty-one table (99-01.3-08-12.9, found by an
audit): seven spaces splitting small cards can empty a shoe behind the indicator card. "All of
the cards in a discard holder must be shuffled and cut, the first card must be burned, and a
dealer shall complete the round": the table did not, and stopped with a card owed."""

from __future__ import annotations

import pytest

from croupier.core.cards import Rank, multi_deck
from croupier.core.errors import RuleViolation
from croupier.core.events import Event
from croupier.core.protocol import PendingKind
from croupier.core.rng import SeededRng
from croupier.games.twentyone.actions import Action, SeatWager
from croupier.games.twentyone.actions import ActionKind as K
from croupier.games.twentyone.events import DiscardsReshuffled, ShoePrepared
from croupier.games.twentyone.hand import splittable
from croupier.games.twentyone.rules import rules_from_dict
from croupier.games.twentyone.table import Table

SPACES = [SeatWager(n, 200, 0, f"p{(n + 1) // 2}") for n in range(1, 8)]


def _stacked() -> tuple[Table, list[Event]]:
    """Six decks dealt with every ace, two and three last: once the high cards are gone the
    shoe holds only 72 small cards, and a round of seven spaces that split and hit them uses
    more than that."""
    cards = multi_deck(6)
    small = [c for c in cards if c.rank in (Rank.ACE, Rank.TWO, Rank.THREE)]
    dealt = [c for c in cards if c.rank not in (Rank.ACE, Rank.TWO, Rank.THREE)] + small
    table = Table()
    events = table.open(rules_from_dict({}), "p1", 10**6)
    for player in ("p2", "p3", "p4"):
        events += table.join(player, 10**6)
    shoe = ShoePrepared(tuple(dealt[-10:] + dealt[:-10]), 10, 50, "test")  # cut 10: as dealt
    table.apply(shoe)
    events.append(shoe)
    return table, events


def _play(table: Table, split: bool) -> list[Event]:
    out: list[Event] = []
    while table.round is not None and table.play is not None:
        pending = table.play.pending
        if pending.kind is PendingKind.NONE:
            break
        if pending.detail == "insurance?":
            out += table.act(Action(K.NO_INSURANCE, space=pending.seat))
            continue
        hand = table.round.seats[pending.seat].hands[pending.hand]
        spaces = table.round.seats[pending.seat].hands
        if split and splittable(hand.cards) and hand.cards[0].rank != Rank.ACE and len(spaces) < 4:
            kind = K.SPLIT
        elif split and sum(c.count_value for c in hand.cards) < 21:
            kind = K.HIT
        else:
            kind = K.STAND
        out += table.act(Action(kind, space=pending.seat, hand=pending.hand))
    return out


def _to_the_small_cards(table: Table, events: list[Event]) -> None:
    while table.shoe is not None and table.shoe.remaining > 73:
        events += table.start_round(SPACES)
        events += _play(table, split=False)
        assert table.after_round(SeededRng(0)) == []  # the indicator not yet at the face


def test_99_01_3_08_12_9_the_discards_complete_a_round_the_shoe_cannot() -> None:
    table, events = _stacked()
    table.rng = SeededRng(7)
    _to_the_small_cards(table, events)
    discards = len(table.shoe.discards) if table.shoe else 0
    events += table.start_round(SPACES)
    events += _play(table, split=True)
    (refill,) = [e for e in events if isinstance(e, DiscardsReshuffled)]
    assert len(refill.order) == discards  # every card of the discard holder, shuffled
    assert 10 <= refill.cut <= discards - 10  # cut at least ten cards from either end
    assert table.round is None or table.play is None or table.play.is_over()
    assert table.shoe is not None
    assert table.shoe.reshuffle_due  # everything reshuffled after this round
    again = Table.rebuilt(events)  # the dispute record plays back to the same table
    assert again.shoe is not None
    assert (again.shoe.stack, again.chips, again.rounds) == (
        table.shoe.stack,
        table.chips,
        table.rounds,
    )
    assert any(isinstance(e, ShoePrepared) for e in table.after_round(SeededRng(1)))


def test_99_01_3_08_12_9_without_a_shuffler_the_table_says_what_the_rule_asks() -> None:
    table, events = _stacked()
    _to_the_small_cards(table, events)
    with pytest.raises(RuleViolation) as short:
        _splitting_round(table)
    assert short.value.section == "99-01.3-08-12.9"


def _splitting_round(table: Table) -> list[Event]:
    return table.start_round(SPACES) + _play(table, split=True)
