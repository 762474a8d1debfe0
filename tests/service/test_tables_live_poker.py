"""Poker at a live table: a misdeal is the same hand dealt again (99-01.3-09-02.18, -04.13;
docs/interpretations/poker-session.md): the redeal keeps the button, where an ordinary next hand
moves it one seat to the left (-04.11)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from croupier.core.clock import FixedClock
from croupier.service.tables.live import LiveTableHub, SeededRngSource
from croupier.store import open_store

from .conftest import PLAYERS, RULES, open_and_deal, play_out


def _button(hub: LiveTableHub, table: str) -> int:
    t = hub.table(table)
    assert t.play is not None
    return int(t.play.state.players[t.play.state.button].seat)


def test_99_01_3_09_04_13_the_redeal_after_a_misdeal_keeps_the_button() -> None:
    hub = LiveTableHub(open_store("sqlite://"), rng=SeededRngSource(2))
    open_and_deal(hub, "pk", "poker")
    first = _button(hub, "pk")
    misdeals = [a for a, _ in hub.irregularities("pk") if getattr(a, "reason", "")]
    assert misdeals, "a misdeal may be called during the deal"
    assert hub.remedy("pk", misdeals[0], "dealer-1").accepted
    assert hub.settle("pk", "dealer-1").accepted
    assert hub.deal("pk", "dealer-1").accepted
    assert _button(hub, "pk") == first


def test_99_01_3_09_04_11_an_ordinary_next_hand_moves_the_button() -> None:
    hub = LiveTableHub(open_store("sqlite://"), rng=SeededRngSource(2))
    open_and_deal(hub, "pk", "poker")
    first = _button(hub, "pk")
    play_out(hub, "pk", 4)
    assert hub.settle("pk", "dealer-1").accepted
    assert hub.deal("pk", "dealer-1").accepted
    assert _button(hub, "pk") != first


def test_issue_27_a_poker_stack_changes_only_by_play_or_by_chips_bought_between_hands() -> None:
    """The chips keyed for a poker seat are chips bought, added to what the seat has; while a
    hand is in play nothing is bought (the chips in play stay as they are until it is settled);
    after it, each seat has what the hand left it (the settlement), plus what it buys."""
    hub = LiveTableHub(open_store("sqlite://"), rng=SeededRngSource(2))
    open_and_deal(hub, "pk", "poker")  # alice $20, bob $15, carol $30
    refused = hub.wager("pk", 1, "$5", "alice")
    assert not refused.accepted
    assert "between hands" in (refused.refusal or "")
    play_out(hub, "pk", 4)
    settled = hub.settle("pk", "dealer-1")
    assert settled.accepted
    assert settled.settlement is not None
    after = {s: hub.table("pk").wagers[s] for s in (1, 4, 7)}
    nets = settled.settlement.parties
    assert after == {
        1: 2000 + nets["player:alice"],
        4: 1500 + nets["player:bob"],
        7: 3000 + nets["player:carol"],
    }
    bought = hub.wager("pk", 4, "$10", "bob")
    assert bought.accepted, bought.refusal
    assert hub.table("pk").wagers[4] == after[4] + 1000
    assert not hub.wager("pk", 4, "$0", "bob").accepted
    assert hub.table("pk").wagers[4] == after[4] + 1000


def test_99_01_3_09_03_3_the_half_hour_fee_is_collected_in_advance_before_the_deal() -> None:
    """A nontournament player pays the posted fee ($2.00 in ``poker-holdem.toml``) for each
    half hour of play, collected in advance: a physical table deals no hand to a seat whose
    half hour now playing is unpaid; a fee collected while a half hour is still paid buys the
    next one, from when the paid one ends."""
    clock = FixedClock(datetime(2026, 11, 28, 19, 0, tzinfo=UTC))
    hub = LiveTableHub(open_store("sqlite://", clock=clock), SeededRngSource(2), clock=clock)
    assert hub.open_table("pk", "poker", RULES["poker"], "dealer-1", mode="physical").accepted
    for seat, player, chips in PLAYERS["poker"]:
        assert hub.seat_wager("pk", seat, chips, "dealer-1", player).accepted
    refused = hub.deal("pk", "dealer-1")
    assert not refused.accepted
    assert refused.section == "99-01.3-09-03.3"
    assert hub.fees_due("pk") == [1, 4, 7]
    paid = hub.collect_fee("pk", 1, "cashier-1")
    assert paid.accepted
    (fee,) = paid.events
    assert (fee.seat, fee.player, fee.cents) == (1, "alice", 200)
    assert datetime.fromisoformat(fee.start) == clock.now()
    assert not hub.deal("pk", "dealer-1").accepted  # seats 4 and 7 still owe theirs
    for seat in (4, 7):
        assert hub.collect_fee("pk", seat, "cashier-1").accepted
    assert hub.fees_due("pk") == []
    assert hub.view("pk", "public")["fees"] == {
        str(s): (clock.now() + timedelta(minutes=30)).astimezone().strftime("%H:%M")
        for s in (1, 4, 7)
    }
    # the next half hour is bought when this one is about to end, not two ahead
    ahead = hub.collect_fee("pk", 1, "cashier-1")
    assert ahead.accepted  # 19:30-20:00, collected at 19:00: in advance
    assert not hub.collect_fee("pk", 1, "cashier-1").accepted
    assert hub.deal("pk", "dealer-1").accepted
    misdeal = next(a for a, _ in hub.irregularities("pk") if getattr(a, "reason", ""))
    assert hub.remedy("pk", misdeal, "dealer-1").accepted  # the hand ends at once
    assert hub.settle("pk", "dealer-1").accepted
    clock.advance(timedelta(minutes=31))  # 19:31: seats 4 and 7 paid only to 19:30
    refused = hub.deal("pk", "dealer-1")
    assert not refused.accepted
    assert "seat 4, 7" in (refused.refusal or "")
    assert hub.fees_due("pk") == [4, 7]
    # a virtual table is training: it charges no fee
    assert hub.open_table("pv", "poker", RULES["poker"], "dealer-1").accepted
    for seat, player, chips in PLAYERS["poker"]:
        assert hub.seat("pv", seat, player, player).accepted
        assert hub.wager("pv", seat, chips, player).accepted
    assert hub.deal("pv", "dealer-1").accepted


def test_99_01_3_09_04_13_after_a_misdeal_the_console_says_to_settle_and_redeal() -> None:
    # found by an audit: the prompt said "push each pot to its winner" for a void hand
    from croupier.service.tables.console import console

    hub = LiveTableHub(open_store("sqlite://"), rng=SeededRngSource(2))
    open_and_deal(hub, "pk", "poker")
    misdeals = [a for a, _ in hub.irregularities("pk") if getattr(a, "reason", "")]
    assert hub.remedy("pk", misdeals[0], "dealer-1").accepted
    prompt = console(hub.view("pk", "dealer")).prompt
    assert "void" in prompt
    assert "redeal" in prompt
    assert "winner" not in prompt
