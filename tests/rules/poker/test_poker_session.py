"""Rule tests for the poker table across hands (N.D. Admin. Code 99-01.3-09), named by section.

The dispute windows of -04.26, the button (-04.8, -04.11), absent players (-05.11), misdeals
(-04.13), a defective deck's forfeited wagers (-04.28) and the conservation of the table's chips.
Readings: docs/interpretations/poker-session.md.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.core.cards import parse_cards
from croupier.core.errors import CroupierError, InvalidInput, RuleViolation
from croupier.core.events import Event, event_from_dict
from croupier.core.rng import SeededRng
from croupier.games.base import PendingKind
from croupier.games.poker import Action, ActionKind, Structure, TableRules
from croupier.games.poker.disputes import (
    ChipsCorrected,
    DisputeDenied,
    DisputeKind,
    DisputeRaised,
    Ruling,
)
from croupier.games.poker.events import ForcedBet, HandDead
from croupier.games.poker.game import GAME, choose_sized
from croupier.games.poker.session import TableSession
from croupier.games.poker.session_records import (
    DealVoided,
    ForfeitAwarded,
    ForfeitCarried,
    HandBegun,
    HandFinished,
)

DISPUTES = "99-01.3-09-04.26"
T0 = datetime(2025, 7, 4, 18, 0, tzinfo=UTC)
TICK = timedelta(microseconds=1)
MINUTE = timedelta(minutes=1)
DECK = parse_cards("As Ah Kd Kc 7s 2h 9d 8d 3c 4h 5s Jh Qc 6d Ts Td 2c 3d 4s 5d 6c 7c 8h 9h")
NO_LIMIT = TableRules(
    structure=Structure.NO_LIMIT,
    tournament=True,
    small_blind=5,
    big_blind=10,
    minimum_bet=10,
    max_raises=None,
    odd_chip_unit=1,
    max_players=11,
)


def t(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def _table(n: int = 3, stack: int = 1000, rules: TableRules | None = None) -> TableSession:
    session = TableSession(rules or TableRules())
    for seat in range(1, n + 1):
        session.seat(seat, stack, t(0), f"p{seat}")
    return session


def _begin(session: TableSession, at: datetime, button: int = 1) -> None:
    session.begin_hand(at, button if session.hand_number == 0 else None)


def _deal(session: TableSession, at: datetime) -> None:
    while session.hand is not None and session.hand.pending.kind is PendingKind.CHANCE:
        session.apply(Action(ActionKind.CARD), at)


def _act(session: TableSession, kind: ActionKind, at: datetime, amount: int = 0) -> None:
    assert session.hand is not None
    session.apply(Action(kind, session.hand.pending.seat, amount=amount), at)


def _showdown(session: TableSession, at: datetime, button: int = 1) -> None:
    """A hand checked and called down to a showdown where every hand is shown."""
    _begin(session, at, button)
    deck = list(DECK)
    while session.hand is not None:
        hand = session.hand
        if hand.pending.kind is PendingKind.CHANCE:
            session.apply(Action(ActionKind.CARD, card=deck.pop(0)), at)
            continue
        kinds = {a.kind for a in hand.legal_actions()}
        for kind in (ActionKind.SHOW, ActionKind.CHECK, ActionKind.CALL):
            if kind in kinds:
                _act(session, kind, at)
                break


def _fold_out(session: TableSession, at: datetime, button: int = 1) -> None:
    """A hand in which every player folds to the big blind (no hand shown)."""
    _begin(session, at, button)
    _deal(session, at)
    while session.hand is not None:
        _act(session, ActionKind.FOLD, at)


def _number(events: list[Event]) -> int:
    raised = events[0]
    assert isinstance(raised, DisputeRaised)
    return raised.dispute


def _state(session: TableSession) -> object:
    """Everything a refused step must leave as it was (the hand by its events and stacks)."""
    hand = session.hand
    return (
        [e.to_dict() for e in session.events],
        session.seats,
        session.disputes,
        session.results,
        session.hand_number,
        session.button,
        session.last_big_blind,
        session.on_break,
        session.carried,
        session.chips_in,
        session.chips_out,
        None if hand is None else ([e.to_dict() for e in hand.events], hand.stacks),
        copy.copy(vars(session)["_now"]),
    )


def _refused(
    session: TableSession, step: Callable[[], object], error: type[CroupierError]
) -> CroupierError:
    before = _state(session)
    with pytest.raises(error) as info:
        step()
    assert _state(session) == before
    return info.value


def _conserved(session: TableSession) -> None:
    assert session.chips_on_table == session.chips_in - session.chips_out


# -- the reading of a shown hand: until the next hand begins -------------------------------------
def test_99_01_3_09_04_26_reading_dispute_open_until_the_next_hand_begins() -> None:
    session = _table()
    _showdown(session, t(100))
    assert session.result(1).awarded_at == t(100)
    assert session.window("reading", 1) is None  # open; no closing known yet
    first = _number(session.dispute("reading", 1, t(100), seat=2, claim="misread flush"))
    session.deny(first, t(150))
    later = _number(session.dispute(DisputeKind.READING, 1, t(200) - TICK))  # last instant
    session.deny(later, t(200) - TICK)
    session.begin_hand(t(200))
    assert [d.ruling for d in session.disputes] == [Ruling.DENIED, Ruling.DENIED]


def test_99_01_3_09_04_26_reading_dispute_closes_when_next_hand_begins() -> None:
    session = _table()
    _showdown(session, t(100))
    session.begin_hand(t(200))  # the shuffle of hand 2 begins: hand 2 begins (-02.17)
    err = _refused(session, lambda: session.dispute("reading", 1, t(200)), RuleViolation)
    assert isinstance(err, RuleViolation)
    assert err.section == DISPUTES
    assert "until the next hand began" in str(err)
    assert f"hand 2 began at {t(200).isoformat()}" in str(err)
    closing = session.window("reading", 1)
    assert closing is not None
    assert closing.at == t(200)


def test_99_01_3_09_04_26_reading_dispute_needs_a_shown_hand() -> None:
    session = _table()
    _fold_out(session, t(100))
    err = _refused(session, lambda: session.dispute("reading", 1, t(110)), RuleViolation)
    assert isinstance(err, RuleViolation)
    assert err.section == DISPUTES
    assert "no hand was shown" in str(err)
    session.dispute("accounting", 1, t(110))  # the amount can still be disputed


# -- accounting errors: until substantial action on the next hand ------------------------------
def test_99_01_3_09_04_26_accounting_dispute_outlives_the_next_hands_beginning() -> None:
    session = _table(4)
    _showdown(session, t(100))
    session.begin_hand(t(200))
    _deal(session, t(200))
    number = _number(session.dispute("accounting", 1, t(210)))
    assert session.open_disputes(t(210))[0].number == number


def test_99_01_3_09_04_26_accounting_dispute_closes_at_substantial_action_on_next_hand() -> None:
    # Three players acting by betting or folding is substantial action (-04.13).
    session = _table(4)
    _showdown(session, t(100))
    session.begin_hand(t(200))  # button 2: seat 3 small blind, seat 4 big blind, seat 1 first
    _deal(session, t(200))
    _act(session, ActionKind.CALL, t(210))  # seat 1: one player acting
    _act(session, ActionKind.CALL, t(220))  # seat 2: two players acting, no raise
    session.deny(_number(session.dispute("accounting", 1, t(230) - TICK)), t(230) - TICK)
    _act(session, ActionKind.FOLD, t(230))  # seat 3: the third player acting
    err = _refused(session, lambda: session.dispute("accounting", 1, t(230)), RuleViolation)
    assert isinstance(err, RuleViolation)
    assert err.section == DISPUTES
    assert f"it occurred on hand 2 at {t(230).isoformat()}" in str(err)


def test_99_01_3_09_04_26_two_players_acting_after_a_raise_close_the_accounting_window() -> None:
    session = _table(4)
    _showdown(session, t(100))
    session.begin_hand(t(200))
    _deal(session, t(200))
    _act(session, ActionKind.RAISE, t(210), amount=100)  # seat 1 raises: one player acting
    session.deny(_number(session.dispute("accounting", 1, t(211))), t(211))
    _act(session, ActionKind.FOLD, t(220))  # seat 2: two players acting, one has raised
    err = _refused(session, lambda: session.dispute("accounting", 1, t(220)), RuleViolation)
    assert "substantial action" in str(err)


def test_99_01_3_09_04_13_substantial_action_counts_players_not_acts() -> None:
    # Heads-up, no raise: two players bet and call three times; "three players acting" has
    # not happened, so hand 1's accounting window stays open.
    session = _table(2)
    _showdown(session, t(100))
    session.begin_hand(t(200))  # button 2 posts the small blind (-04.11)
    _deal(session, t(200))
    _act(session, ActionKind.CALL, t(210))  # seat 2
    _act(session, ActionKind.CHECK, t(210))  # seat 1
    _deal(session, t(210))
    _act(session, ActionKind.BET, t(220), amount=50)  # seat 1
    _act(session, ActionKind.CALL, t(220))  # seat 2
    assert session.hand is not None
    assert not session.hand.substantial_action()
    session.deny(_number(session.dispute("accounting", 1, t(230))), t(230))
    _deal(session, t(230))
    _act(session, ActionKind.BET, t(240), amount=50)  # seat 1
    _act(session, ActionKind.RAISE, t(250), amount=100)  # seat 2 raises: substantial action
    err = _refused(session, lambda: session.dispute("accounting", 1, t(250)), RuleViolation)
    assert f"it occurred on hand 2 at {t(250).isoformat()}" in str(err)


def test_99_01_3_09_04_26_accounting_window_closes_when_next_hand_ends_unsubstantially() -> None:
    session = _table()
    _showdown(session, t(100))
    session.begin_hand(t(200))
    _deal(session, t(200))
    _act(session, ActionKind.FOLD, t(210))  # one player acting
    session.deny(_number(session.dispute("accounting", 1, t(220) - TICK)), t(220) - TICK)
    _act(session, ActionKind.FOLD, t(220))  # two players acting; the big blind wins hand 2
    assert session.result(2).awarded_at == t(220)
    err = _refused(session, lambda: session.dispute("accounting", 1, t(220)), RuleViolation)
    assert f"hand 2 ended at {t(220).isoformat()} without substantial action" in str(err)


def test_99_01_3_09_04_26_earlier_hands_cannot_be_disputed() -> None:
    session = _table()
    _showdown(session, t(100))
    _showdown(session, t(200))
    _showdown(session, t(300))
    for kind in ("reading", "accounting"):
        err = _refused(session, lambda kind=kind: session.dispute(kind, 1, t(301)), RuleViolation)
        assert "hand 2" in str(err)
    session.dispute("reading", 3, t(301))


# -- a hand that finishes during a break -----------------------------------------------------
def test_99_01_3_09_04_26_hand_finished_during_a_break_disputes_end_one_minute_after_award() -> (
    None
):
    session = _table()
    _begin(session, t(0))
    _deal(session, t(0))
    session.start_break(t(50))  # the break is called while hand 1 is played out
    _act(session, ActionKind.FOLD, t(100))
    _act(session, ActionKind.FOLD, t(100))  # pot awarded at t(100), during the break
    ends = t(100) + MINUTE
    session.deny(_number(session.dispute("accounting", 1, ends - TICK)), ends - TICK)
    err = _refused(session, lambda: session.dispute("accounting", 1, ends), RuleViolation)
    assert isinstance(err, RuleViolation)
    assert err.section == DISPUTES
    assert "finished during a break" in str(err)
    assert f"one minute after its pot was awarded at {t(100).isoformat()}" in str(err)
    assert f"at {ends.isoformat()}" in str(err)


def test_99_01_3_09_04_26_reading_dispute_during_a_break_also_ends_after_one_minute() -> None:
    session = _table()
    _begin(session, t(0))
    session.start_break(t(0))
    deck = list(DECK)
    while session.hand is not None:
        hand = session.hand
        if hand.pending.kind is PendingKind.CHANCE:
            session.apply(Action(ActionKind.CARD, card=deck.pop(0)), t(30))
        else:
            kinds = {a.kind for a in hand.legal_actions()}
            kind = next(
                k for k in (ActionKind.SHOW, ActionKind.CHECK, ActionKind.CALL) if k in kinds
            )
            _act(session, kind, t(30))
    ends = t(30) + MINUTE
    session.deny(_number(session.dispute("reading", 1, ends - TICK)), ends - TICK)
    _refused(session, lambda: session.dispute("reading", 1, ends), RuleViolation)


def test_99_01_3_09_04_26_break_starting_at_the_award_instant_counts_as_during_it() -> None:
    session = _table()
    _fold_out(session, t(100))
    session.start_break(t(100))
    _refused(session, lambda: session.dispute("accounting", 1, t(160)), RuleViolation)
    session.dispute("accounting", 1, t(160) - TICK)


def test_99_01_3_09_04_26_break_ending_at_the_award_instant_does_not_count() -> None:
    session = _table()
    _begin(session, t(0))
    _deal(session, t(0))
    session.start_break(t(50))
    session.end_break(t(100))
    _act(session, ActionKind.FOLD, t(100))
    _act(session, ActionKind.FOLD, t(100))
    session.dispute("accounting", 1, t(1000))  # no one-minute limit


def test_99_01_3_09_04_26_hand_finished_before_a_break_keeps_its_windows_through_it() -> None:
    session = _table()
    _showdown(session, t(100))
    session.start_break(t(101))
    session.deny(_number(session.dispute("reading", 1, t(900))), t(900))
    session.end_break(t(1000))
    session.begin_hand(t(1010))
    _refused(session, lambda: session.dispute("reading", 1, t(1010)), RuleViolation)


def test_99_01_3_09_04_26_no_hand_begins_during_a_break() -> None:
    session = _table()
    _showdown(session, t(100))
    session.start_break(t(110))
    err = _refused(session, lambda: session.begin_hand(t(120)), InvalidInput)
    assert "break" in str(err)
    session.end_break(t(130))
    session.begin_hand(t(130))


# -- rulings and corrections ----------------------------------------------------------------
def test_99_01_3_09_04_26_an_open_dispute_holds_play() -> None:
    session = _table(4)
    _showdown(session, t(100))
    number = _number(session.dispute("reading", 1, t(110)))
    err = _refused(session, lambda: session.begin_hand(t(120)), RuleViolation)
    assert isinstance(err, RuleViolation)
    assert err.section == DISPUTES
    assert "play is held" in str(err)
    _refused(session, lambda: session.unseat(4, t(120)), RuleViolation)
    session.deny(number, t(130))
    session.begin_hand(t(140))
    _deal(session, t(140))
    number = _number(session.dispute("accounting", 1, t(150)))
    assert session.hand is not None
    seat = session.hand.pending.seat
    _refused(session, lambda: session.apply(Action(ActionKind.CALL, seat), t(160)), RuleViolation)
    session.deny(number, t(170))
    session.apply(Action(ActionKind.CALL, seat), t(170))


def test_99_01_3_09_04_26_correction_moves_chips_as_its_own_event() -> None:
    session = _table()
    _showdown(session, t(100))
    result = session.result(1)
    before = dict(session.stacks)
    winner = max(before, key=lambda s: before[s])
    loser = min(before, key=lambda s: before[s])
    number = _number(session.dispute("accounting", 1, t(110), seat=loser, claim="short 25"))
    events = session.correct(number, {winner: -25, loser: 25}, t(120))
    assert events == [
        ChipsCorrected(number, 1, t(120).isoformat(), {str(loser): 25, str(winner): -25})
    ]
    assert session.stacks[winner] == before[winner] - 25
    assert session.stacks[loser] == before[loser] + 25
    assert session.result(1) == result  # the hand's own record is never edited
    assert session.disputes[0].ruling is Ruling.UPHELD
    assert session.disputes[0].ruled_at == t(120)
    _conserved(session)
    session.begin_hand(t(130))  # the ruling released the table


def test_99_01_3_09_04_26_correction_refused_once_the_window_has_closed() -> None:
    session = _table()
    _begin(session, t(0))
    _deal(session, t(0))
    session.start_break(t(50))
    _act(session, ActionKind.FOLD, t(100))
    _act(session, ActionKind.FOLD, t(100))
    number = _number(session.dispute("accounting", 1, t(130)))
    ends = t(100) + MINUTE
    err = _refused(session, lambda: session.correct(number, {3: -25, 2: 25}, ends), RuleViolation)
    assert isinstance(err, RuleViolation)
    assert err.section == DISPUTES
    assert "the correction" in str(err)
    assert "stands" in str(err)
    _refused(session, lambda: session.deny(number, ends), RuleViolation)
    assert session.open_disputes(ends) == ()  # lapsed: it no longer holds the table
    session.end_break(t(200))
    session.begin_hand(t(200))


def test_99_01_3_09_04_26_correction_during_the_next_hand_calls_its_deal_back() -> None:
    session = _table(4)
    _showdown(session, t(100))
    after_one = dict(session.stacks)
    session.begin_hand(t(200))
    button = session.button
    _deal(session, t(200))
    _act(session, ActionKind.CALL, t(210))
    number = _number(session.dispute("accounting", 1, t(220)))
    assert session.pot_in_play > 0
    events = session.correct(number, {1: -25, 2: 25}, t(230))
    assert isinstance(events[0], DealVoided)
    assert events[0].hand == 2
    assert events[0].section == DISPUTES
    assert session.hand is None
    assert session.pot_in_play == 0
    assert session.stacks == {**after_one, 1: after_one[1] - 25, 2: after_one[2] + 25}
    begun = session.begin_hand(t(240))[0]
    assert isinstance(begun, HandBegun)
    assert (begun.hand, begun.deal, begun.button) == (2, 2, button)
    _conserved(session)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({}, "names the stacks"),
        ({1: -25, 2: 30}, "sum to zero"),
        ({1: -25, 9: 25}, "was not dealt in hand 1"),
        ({1: 0, 2: 0}, "non-zero"),
        ({1: -25.0, 2: 25}, "non-zero int"),
        ({1: -5000, 2: 5000}, "at most its pot"),
    ],
)
def test_99_01_3_09_04_26_correction_must_move_chips_between_the_hands_players(
    changes: dict[int, int], message: str
) -> None:
    session = _table()
    _showdown(session, t(100))
    number = _number(session.dispute("accounting", 1, t(110)))
    err = _refused(session, lambda: session.correct(number, changes, t(120)), InvalidInput)
    assert message in str(err)


def test_99_01_3_09_04_26_correction_cannot_take_more_than_a_stack() -> None:
    session = TableSession(TableRules())
    for seat, stack in ((1, 1000), (2, 1000), (3, 60)):
        session.seat(seat, stack, t(0))
    _showdown(session, t(100))  # seat 2's ace-king wins; seat 3 keeps 10
    assert session.stacks == {1: 950, 2: 1100, 3: 10}
    number = _number(session.dispute("accounting", 1, t(110)))
    err = _refused(session, lambda: session.correct(number, {3: -50, 2: 50}, t(120)), InvalidInput)
    assert "seat 3 has 10 chips and cannot give 50" in str(err)


def test_99_01_3_09_04_26_a_dispute_is_ruled_on_once() -> None:
    session = _table()
    _showdown(session, t(100))
    number = _number(session.dispute("accounting", 1, t(110)))
    events = session.deny(number, t(120))
    assert events == [DisputeDenied(number, 1, t(120).isoformat())]
    err = _refused(session, lambda: session.correct(number, {1: -25, 2: 25}, t(130)), InvalidInput)
    assert "already ruled" in str(err)


# -- the button ----------------------------------------------------------------------------
def test_99_01_3_09_04_8_the_first_hand_needs_its_button_and_later_hands_do_not_take_one() -> None:
    session = _table()
    err = _refused(session, lambda: session.begin_hand(t(10)), InvalidInput)
    assert "99-01.3-09-04.8" in str(err)
    _refused(session, lambda: session.begin_hand(t(10), button=7), InvalidInput)
    _showdown(session, t(10), button=3)
    assert session.button == 3
    _refused(session, lambda: session.begin_hand(t(20), button=1), InvalidInput)


def test_99_01_3_09_04_11_button_moves_clockwise_past_empty_seats() -> None:
    session = TableSession(TableRules())
    for seat in (2, 5, 9):
        session.seat(seat, 1000, t(0))
    buttons = []
    for k in range(4):
        _fold_out(session, t(10 * (k + 1)), button=5)
        buttons.append(session.button)
    assert buttons == [5, 9, 2, 5]


def test_99_01_3_09_04_11_heads_up_button_goes_to_the_most_recent_big_blind() -> None:
    session = _table(3)
    _fold_out(session, t(10), button=1)  # hand 1: button 1, big blind 3
    _fold_out(session, t(20))  # hand 2: button 2, big blind 1
    _fold_out(session, t(30))  # hand 3: button 3, big blind 2
    assert session.last_big_blind == {3: 1, 1: 2, 2: 3}
    session.unseat(3, t(40))  # play becomes heads-up
    events = session.begin_hand(t(50))
    # Seat 2 had the big blind most recently: it gets the button (clockwise would give seat 1),
    # posts the small blind and the other player the big blind.
    assert session.button == 2
    blinds = {(e.seat, e.kind) for e in events if isinstance(e, ForcedBet)}
    assert blinds == {(2, "small blind"), (1, "big blind")}


def test_99_01_3_09_04_11_a_new_player_in_a_seat_does_not_inherit_its_big_blind() -> None:
    session = _table(3)
    _fold_out(session, t(10), button=1)
    session.unseat(3, t(15))
    session.seat(3, 500, t(15), "newcomer")
    assert 3 not in session.last_big_blind


# -- absent players (-05.11) ----------------------------------------------------------------
def test_99_01_3_09_05_11_absent_players_blind_posted_by_the_dealer_and_hand_dead() -> None:
    session = _table(3)
    session.mark_absent(3, t(5))
    events = session.begin_hand(t(10), button=1)  # seat 3 has the big blind
    posted = [e for e in events if isinstance(e, ForcedBet) and e.seat == 3]
    assert posted == [ForcedBet(3, "big blind", 50, posted_by_dealer=True)]
    begun = events[0]
    assert isinstance(begun, HandBegun)
    assert begun.absent == (3,)
    _deal(session, t(10))
    assert session.hand is not None
    assert HandDead(3, "absent when the hole cards were dealt", "99-01.3-09-05.11") in (
        session.hand.events
    )
    while session.hand is not None:
        _act(session, ActionKind.FOLD, t(20))
    assert session.stacks == {1: 1000, 2: 1050, 3: 950}  # the dead blind stayed in the pot
    _conserved(session)
    assert session.seats[2].absent  # still away for the next hand
    _refused(session, lambda: session.mark_absent(3, t(30)), InvalidInput)
    session.mark_present(3, t(30))
    assert not session.seats[2].absent


def test_99_01_3_09_05_11_player_arriving_before_the_hole_cards_has_a_live_hand() -> None:
    session = _table(3)
    session.mark_absent(2, t(5))
    session.begin_hand(t(10), button=1)
    session.apply(Action(ActionKind.ARRIVE, 2), t(11))
    _deal(session, t(11))
    while session.hand is not None:
        _act(session, ActionKind.FOLD, t(20))
    assert not session.seats[1].absent


def test_99_01_3_09_05_11_absence_is_marked_between_hands() -> None:
    session = _table(3)
    session.begin_hand(t(10), button=1)
    _refused(session, lambda: session.mark_absent(2, t(11)), InvalidInput)


# -- misdeals, defective decks, players without chips --------------------------------------
def test_99_01_3_09_04_13_a_misdeal_deals_the_same_hand_again_with_the_same_button() -> None:
    session = _table(3)
    session.begin_hand(t(10), button=2)
    session.apply(Action(ActionKind.CARD), t(11))
    events = session.apply(Action(ActionKind.MISDEAL, reason="card off the table"), t(12))
    assert events[-1] == DealVoided(1, 1, "misdeal", t(12).isoformat(), "99-01.3-09-04.13")
    assert session.stacks == {1: 1000, 2: 1000, 3: 1000}
    assert session.results == ()
    begun = session.begin_hand(t(20))[0]
    assert isinstance(begun, HandBegun)
    assert (begun.hand, begun.deal, begun.button) == (1, 2, 2)
    _refused(session, lambda: session.dispute("accounting", 1, t(21)), InvalidInput)


def test_99_01_3_09_04_28_forfeited_wagers_join_the_next_hands_main_pot() -> None:
    session = _table(3)
    session.begin_hand(t(10), button=1)  # seat 2 small blind, seat 3 big blind
    _deal(session, t(10))
    _act(session, ActionKind.RAISE, t(11), amount=100)  # seat 1 raises, knowing of the defect
    events = session.apply(Action(ActionKind.DEFECTIVE_DECK, seats=(1,)), t(12))
    assert ForfeitCarried(1, 100, t(12).isoformat()) in events
    assert session.carried == 100
    assert session.stacks == {1: 900, 2: 1000, 3: 1000}
    assert session.result(1).outcome == "defective-deck"
    err = _refused(session, lambda: session.dispute("accounting", 1, t(13)), InvalidInput)
    assert "no pot was awarded" in str(err)
    _conserved(session)
    _fold_out(session, t(20))  # hand 2: button 2, seat 1 big blind wins the blinds
    result = session.result(2)
    assert result.forfeit == {1: 100}
    assert session.stacks == {1: 900 + 25 + 100, 2: 1000, 3: 975}
    assert result.pot == 25 + 25 + 100  # the big blind's uncalled 25 went back to it
    assert session.carried == 0
    assert any(isinstance(e, ForfeitAwarded) for e in session.events)
    _conserved(session)


def test_99_01_3_09_05_7_a_player_who_loses_everything_leaves_or_rebuys() -> None:
    session = TableSession(NO_LIMIT)
    session.seat(1, 100, t(0))
    session.seat(2, 1000, t(0))
    session.seat(3, 1000, t(0))
    session.begin_hand(t(10), button=1)
    # seat 2 (first dealt) gets As Ah, seat 3 3d Kh, seat 1 2c 7d; the board Kd 9c 4h Js 8h
    cards = list(parse_cards("As 3d 2c Ah Kh 7d 9s Kd 9c 4h Qs Js Jd 8h"))
    while session.hand is not None:
        hand = session.hand
        if hand.pending.kind is PendingKind.CHANCE:
            session.apply(Action(ActionKind.CARD, card=cards.pop(0)), t(11))
            continue
        kinds = {a.kind for a in hand.legal_actions()}
        if hand.pending.seat == 1 and ActionKind.RAISE in kinds:
            _act(session, ActionKind.RAISE, t(11), amount=100)
        elif ActionKind.SHOW in kinds:
            _act(session, ActionKind.SHOW, t(11))
        elif hand.pending.seat == 2:
            _act(session, ActionKind.CALL, t(11))
        else:
            _act(session, ActionKind.FOLD, t(11))
    assert session.stacks[1] == 0
    err = _refused(session, lambda: session.begin_hand(t(20)), RuleViolation)
    assert isinstance(err, RuleViolation)
    assert err.section == "99-01.3-09-05.7"
    session.unseat(1, t(21))
    session.begin_hand(t(22))
    _conserved(session)


# -- bad input ------------------------------------------------------------------------------
def _bad_steps(session: TableSession) -> list[Callable[[], object]]:
    naive = datetime(2025, 7, 4, 18, 5)
    return [
        lambda: session.seat(4, 1000, naive),
        lambda: session.seat(4, 1000, t(-1)),  # before the last step
        lambda: session.seat(0, 1000, t(200)),
        lambda: session.seat(11, 1000, t(200)),  # TableRules() seats 10
        lambda: session.seat(True, 1000, t(200)),  # type: ignore[arg-type]
        lambda: session.seat(1, 1000, t(200)),  # taken
        lambda: session.seat(4, 0, t(200)),
        lambda: session.seat(4, "100", t(200)),  # type: ignore[arg-type]
        lambda: session.seat(4, 100, t(200), "p1"),  # already seated at seat 1
        lambda: session.unseat(7, t(200)),
        lambda: session.mark_present(1, t(200)),  # not absent
        lambda: session.end_break(t(200)),
        lambda: session.apply(Action(ActionKind.FOLD, 1), t(200)),  # no hand in progress
        lambda: session.dispute("misread", 1, t(200)),
        lambda: session.dispute("accounting", 0, t(200)),
        lambda: session.dispute("accounting", 9, t(200)),
        lambda: session.dispute("accounting", 1, t(200), seat=-3),
        lambda: session.deny(1, t(200)),  # no such dispute
        lambda: session.correct(1, {1: -25, 2: 25}, t(200)),
        lambda: session.window("reading", 2),
        lambda: session.result(5),
    ]


def test_99_01_3_09_04_26_bad_input_is_refused_and_changes_nothing() -> None:
    session = _table()
    _showdown(session, t(100))
    for step in _bad_steps(session):
        err = _refused(session, step, InvalidInput)
        assert str(err)
    session.begin_hand(t(200))
    during = [
        lambda: session.seat(4, 100, t(201)),
        lambda: session.unseat(1, t(201)),
        lambda: session.begin_hand(t(201)),
        lambda: session.dispute("accounting", 2, t(201)),  # hand 2 is still in progress
    ]
    for step in during:
        _refused(session, step, InvalidInput)
    assert session.hand is not None
    wrong = 1 if session.hand.pending.seat != 1 else 2
    err = _refused(
        session, lambda: session.apply(Action(ActionKind.CALL, wrong), t(201)), RuleViolation
    )
    assert isinstance(err, RuleViolation)
    assert err.section.startswith("99-01.3-09")


def test_99_01_3_09_04_26_a_hand_played_outside_the_session_is_refused() -> None:
    session = _table()
    session.begin_hand(t(10), button=1)
    assert session.hand is not None
    session.hand.apply(Action(ActionKind.CARD))  # no time recorded for this action
    err = _refused(session, lambda: session.apply(Action(ActionKind.CARD), t(11)), InvalidInput)
    assert "outside the session" in str(err)
    err = _refused(session, lambda: session.begin_hand(t(11)), InvalidInput)
    assert "outside the session" in str(err)


def test_99_01_3_09_04_26_session_events_round_trip_through_json() -> None:
    session = _table()
    _showdown(session, t(100))
    number = _number(session.dispute("accounting", 1, t(110), seat=2, claim="short"))
    session.correct(number, {1: -25, 2: 25}, t(120))
    session.start_break(t(130))
    session.end_break(t(140))
    session.mark_absent(3, t(150))
    session.unseat(3, t(160))
    kinds = {type(e) for e in session.events}
    assert {DisputeRaised, ChipsCorrected, HandBegun, HandFinished} <= kinds
    for e in session.events:
        assert event_from_dict(e.to_dict()) == e


# -- chips conserved across many hands -----------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 2**32),
    st.integers(2, 6),
    st.lists(st.integers(0, 9), min_size=12, max_size=40),
)
def test_99_01_3_09_04_26_chips_conserved_across_many_hands(
    seed: int, players: int, plan: list[int]
) -> None:
    draws = SeededRng(seed)
    session = TableSession(NO_LIMIT)
    clock = [0.0]

    def now() -> datetime:
        clock[0] += 1.5
        return t(clock[0])

    for seat in range(1, players + 1):
        session.seat(seat, 200 + 50 * seat, now(), f"p{seat}")
    for step in plan:
        for s in session.seats:  # a player who lost everything leaves (-05.7)
            if s.stack == 0:
                session.unseat(s.seat, now())
        free = [n for n in range(1, 12) if n not in session.stacks]
        if step == 0 or len(session.seats) < 2:
            session.seat(free[step % len(free)], 100 + 25 * step, now())
        elif step == 1 and len(session.seats) > 2:
            session.unseat(session.seats[-1].seat, now())
        elif step == 2:
            target = session.seats[0]
            present = sum(1 for s in session.seats if not s.absent)
            if target.absent:
                session.mark_present(target.seat, now())
            elif present > 2:
                session.mark_absent(target.seat, now())
        if sum(1 for s in session.seats if not s.absent) < 2:
            # Never fewer than two players present: the engine cannot end a hand whose only
            # live player folds to dead hands (StopIteration in showdown.showing_order).
            for s in session.seats:
                if s.absent:
                    session.mark_present(s.seat, now())
        _play_random(session, draws, now)
        _conserved(session)
        _dispute_randomly(session, step, now)
        _conserved(session)
    for result in session.results:
        assert sum(w.net for w in result.settlement.wagers) == 0
        engine = result.settlement.details["stacks"]
        assert result.stacks == {s: engine[str(s)] + result.forfeit.get(s, 0) for s in result.seats}
    assert [r.hand for r in session.results] == list(range(1, session.hand_number + 1))


def _play_random(session: TableSession, draws: SeededRng, now: Callable[[], datetime]) -> None:
    session.begin_hand(now(), session.seats[0].seat if session.hand_number == 0 else None)
    while session.hand is not None:
        hand = session.hand
        if hand.pending.kind is PendingKind.CHANCE:
            session.apply(GAME.chance(hand, draws), now())
        else:
            session.apply(choose_sized(GAME.legal_actions(hand), draws), now())
        _conserved(session)


def _dispute_randomly(session: TableSession, step: int, now: Callable[[], datetime]) -> None:
    last = session.results[-1]
    if step < 6:
        return
    number = _number(session.dispute("accounting", last.hand, now()))
    still = [s for s in last.seats if s in session.stacks and session.stacks[s] > 0]
    if step >= 8 and len(still) >= 2:
        give, take = still[0], still[1]
        amount = min(session.stacks[give], last.pot, 1 + step)
        session.correct(number, {give: -amount, take: amount}, now())
    else:
        session.deny(number, now())
