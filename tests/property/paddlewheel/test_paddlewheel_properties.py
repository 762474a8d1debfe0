"""Invariants under random legal play (``croupier.core.protocol.play_randomly``).

The table method: a table runs spin after spin, each spin a round of ``GAME`` whose setup is the
table the previous spin left; across the whole session betting chips never leave the table
(-03.4) and the money on the table is what the house started with plus what the players paid in,
less what they took out. The ticket-card method (``TICKET_GAME``, which the shared protocol
module does not reach: the registry's game is the table): money conserved, the parties agree
with the wagers, refused actions change nothing and the events rebuild the card.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from croupier.core.errors import CroupierError
from croupier.core.events import event_from_dict
from croupier.core.protocol import HOUSE, Play, play_randomly, player_party
from croupier.core.rng import SeededRng
from croupier.games.paddlewheel import (
    GAME,
    TICKET_GAME,
    Table,
    TableRules,
    TicketRules,
    rules_from_dict,
)
from croupier.games.paddlewheel import actions as a

GOLDEN = Path(__file__).parents[2] / "golden" / "paddlewheel"


def _golden_rules(name: str) -> TableRules | TicketRules:
    data = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    return rules_from_dict(data["rules"])


TABLE_RULES = [_golden_rules(n) for n in ("t01_exact_red_wins", "t12_restrictive_one_chip_policy")]
TICKET_RULES = [
    _golden_rules(n) for n in ("k01_two_prizes_cash_and_merchandise", "k05_claim_time_limit_respin")
]

SETTINGS = settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


def _chips(t: Table) -> int:
    d = t.data
    return d.tray_betting + sum(s.rail for s in d.seats.values()) + sum(d.layout.values())


def _value(t: Table) -> int:
    """Everything on the table in cents, plus what players took out, less what they paid in."""
    d = t.data
    paid = sum(s.cash_out - s.cash_in for s in d.seats.values()) + sum(d.departed.values())
    return d.drop_box + d.tray_casino + d.tip_receptacle + 100 * _chips(t) + paid


@pytest.mark.parametrize("rules", TABLE_RULES, ids=["t01", "t12"])
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_99_01_3_11_03_4_chips_and_money_conserved_spin_after_spin(
    rules: TableRules, seed: int
) -> None:
    rng = SeededRng(seed)
    setup = GAME.random_setup(rules, rng)
    first = GAME.start(rules, setup)
    chips, value = _chips(first), _value(first)
    parties: dict[str, int] = defaultdict(int)
    gone = 0  # what players who left at earlier spins took out less what they paid in
    for spin in range(5):
        play = play_randomly(GAME, rules, setup, rng)
        table = play.state
        assert table.data.spin == setup.spin + 1, "a round is one valid spin"
        assert not table.data.layout, "every bet is settled by the spin"
        assert _chips(table) == chips
        assert _value(table) + gone == value
        gone += sum(table.data.departed.values())
        settlement = play.settlement()
        for who, net in settlement.parties.items():
            parties[who] += net
        for e in play.events:
            assert event_from_dict(e.to_dict()) == e
        setup = table.next_setup()
        assert setup.spin == first.setup.spin + spin + 1
    # The session's parties sum to zero and the house's is the change of its accounts.
    assert sum(parties.values()) == 0
    last = GAME.start(rules, setup)
    house = (
        100 * (last.data.tray_betting - first.data.tray_betting)
        + last.data.tray_casino
        - first.data.tray_casino
        + last.data.drop_box
        - first.data.drop_box
    )
    assert parties[HOUSE] == house
    assert _value(last) + gone == value


@pytest.mark.parametrize("rules", TICKET_RULES, ids=["k01", "k05"])
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_99_01_3_11_02_ticket_card_money_conserved_and_rebuilt(
    rules: TicketRules, seed: int
) -> None:
    rng = SeededRng(seed)
    setup = TICKET_GAME.random_setup(rules, rng)
    play = play_randomly(TICKET_GAME, rules, setup, rng)
    assert TICKET_GAME.is_over(play.state)
    settlement = play.settlement()
    assert sum(settlement.parties.values()) == 0
    by_player: dict[str, int] = defaultdict(int)
    for w in settlement.wagers:
        by_player[player_party(w.player or w.space)] += w.net
    for who, net in by_player.items():
        assert settlement.parties[who] == net
    actions = TICKET_GAME.actions_from_events(play.events)
    assert actions == play.log
    again = Play.rebuilt(TICKET_GAME, rules, setup, actions)
    assert TICKET_GAME.snapshot(again.state) == TICKET_GAME.snapshot(play.state)
    assert again.settlement() == settlement


@pytest.mark.parametrize("rules", TICKET_RULES, ids=["k01", "k05"])
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_ticket_card_refused_action_changes_nothing(rules: TicketRules, seed: int) -> None:
    rng = SeededRng(seed)
    strangers: list[a.TicketAction] = [a.RefundCard(), a.ClaimPrize(1), a.PrizeUnclaimed(0)]
    strangers += [a.SellTicket(1, "ann", rules.flare.price_per_ticket), a.SellTicket(2, "ann", 1)]
    play = Play(TICKET_GAME, rules, TICKET_GAME.random_setup(rules, rng))
    while not play.is_over():
        assert sum(TICKET_GAME.balances(play.state).values()) == 0
        stranger = strangers[rng.randbelow(len(strangers))]
        before, log = TICKET_GAME.snapshot(play.state), list(play.log)
        try:
            play.apply(stranger)
        except CroupierError:
            assert TICKET_GAME.snapshot(play.state) == before
            assert play.log == log
        if play.is_over():
            break
        if play.legal_actions():
            options = play.legal_actions()
            play.apply(options[rng.randbelow(len(options))])
        else:
            play.apply(TICKET_GAME.chance(play.state, rng))
