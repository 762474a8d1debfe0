"""The paddlewheel's ticket-card method at a live table (issue 27; 99-01.3-11-02).

A table opened with ticket-card rules plays one card a round: the operator sells the card's
tickets (the ticket number and the buyer typed), the wheel is spun once every ticket is sold and
its stop keyed, and the winning ticket's claim is recorded with the minutes since the spin
measured by the server's clock, never typed, so a claim past the time limit is refused with its
subdivision and the prize is then declared unclaimed and spun again (-02.6.d, e). The card is
the dispute record: it exports and replays to what was paid.

The card, worked by hand from ``examples/rules/paddlewheel-ticket-card.toml`` (20 tickets of
three numbers at $2.00, ticket n holding n, n + 20 and n + 40; prize 1 $15.00 cash, prize 2 a
stadium blanket, retail $20.00, cost $12.00; claims within 30 minutes):

- ann buys tickets 1-10 ($20.00, the most a spin allows, -02.6.a), bo tickets 11-20;
- the wheel stops at 17: ticket 17 (bo) wins prize 1, claimed 10 minutes later: +$15.00;
- the wheel stops at 41: ticket 1 (ann) wins prize 2; 45 minutes pass: her claim is refused
  (-02.6.d), the prize is declared unclaimed and the wheel spun again (-02.6.e): 22, ticket 2
  (ann again), claimed at once: the blanket, valued at its retail price for her net;
- ann: -$20.00 + $20.00 = $0.00; bo: -$20.00 + $15.00 = -$5.00; the house: +$5.00.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from croupier.core.clock import FixedClock
from croupier.service.games.replay import replay_text
from croupier.service.people.authz import Actor
from croupier.service.tables import rounds
from croupier.service.tables.console import console
from croupier.service.tables.desk import TablesDesk
from croupier.service.tables.live import SeededRngSource
from croupier.store import open_store

ROOT = Path(__file__).resolve().parents[2]
RULES = "paddlewheel-ticket-card.toml"
OPERATOR = Actor("op", frozenset({"dealer"}), "op")


def _desk() -> tuple[TablesDesk, FixedClock]:
    clock = FixedClock(datetime(2026, 11, 28, 19, 0, tzinfo=UTC))
    store = open_store("sqlite://", clock=clock)
    return TablesDesk(store, SeededRngSource(4), ROOT / "examples/rules", clock), clock


def _option(desk: TablesDesk, words: str) -> tuple[int, int]:
    view = desk.view(OPERATOR, "tk")
    options = view["options"]
    assert isinstance(options, list)
    for o in options:
        assert isinstance(o, dict)
        if str(o["label"]).startswith(words):
            return int(o["index"]), int(view["version"])  # type: ignore[call-overload]
    raise AssertionError(f"no option {words!r} in {[o['label'] for o in options]}")  # type: ignore[index]


def _choose(desk: TablesDesk, words: str, **values: str) -> Any:
    index, version = _option(desk, words)
    return desk.choose(OPERATOR, "tk", index, version, values or None)


def _spin(desk: TablesDesk, section: str) -> None:
    result = desk.key(OPERATOR, "tk", f"{section}/5")
    assert result.accepted, result.refusal


def test_99_01_3_11_02_a_ticket_card_sold_spun_and_claimed_in_time_and_late() -> None:
    desk, clock = _desk()
    opened = desk.open_table(OPERATOR, "tk", "paddlewheel", RULES, "physical")
    assert opened.accepted, opened.refusal
    assert desk.deal(OPERATOR, "tk").accepted
    c = console(desk.view(OPERATOR, "tk"))
    assert c.game == "paddlewheel-tickets"
    assert ("card", f"5001 (serial 005001), {clock.now().astimezone().date()}") in c.facts
    assert c.prompt.startswith("Sell the card's tickets")
    # a spin before the card is sold out is refused (-02.2, -02.3)
    assert not desk.key(OPERATOR, "tk", "17/5").accepted
    for ticket in range(1, 21):
        buyer = "ann" if ticket <= 10 else "bo"
        sold = _choose(desk, "sell ticket", ticket=str(ticket), player=buyer)
        assert sold.accepted, sold.refusal
    _spin(desk, "17")
    c = console(desk.view(OPERATOR, "tk"))
    assert ("winning ticket", "17 (bo)") in c.facts
    assert c.prompt.startswith("Ticket 17 wins")
    clock.advance(timedelta(minutes=10))
    claimed = _choose(desk, "claim prize")
    assert claimed.accepted, claimed.refusal
    _spin(desk, "41")
    clock.advance(timedelta(minutes=45))
    late = _choose(desk, "claim prize")
    assert not late.accepted
    assert late.section == "99-01.3-11-02.6.d"
    unclaimed = _choose(desk, "prize unclaimed")
    assert unclaimed.accepted, unclaimed.refusal
    _spin(desk, "22")
    assert _choose(desk, "claim prize").accepted
    settled = desk.settle(OPERATOR, "tk")
    assert settled.accepted, settled.refusal
    assert settled.settlement is not None
    assert dict(settled.settlement.parties) == {
        "house": 500,
        "player:ann": 0,
        "player:bo": -500,
    }
    c = console(desk.view(OPERATOR, "tk"))
    assert ("prize 1", "$15.00 to ticket 17") in c.facts
    assert ("prize 2", "stadium blanket to ticket 2") in c.facts
    # the dispute record: the card replays to what was paid, the claims with their minutes
    data = rounds.round_file(rounds.round_record(desk.hub.store, "tk", 1))
    assert [i for i in data["actions"] if i["action"] in ("claim", "unclaimed")] == [  # type: ignore[union-attr]
        {"action": "claim", "ticket": 17, "minutes": 10},
        {"action": "unclaimed", "minutes": 45},
        {"action": "claim", "ticket": 2, "minutes": 0},
    ]
    report = replay_text(json.dumps(data), "exported", check=True)
    assert report.ok, report.differences
    # the next round is the series' next card
    assert desk.deal(OPERATOR, "tk").accepted
    assert ("card", f"5002 (serial 005002), {clock.now().astimezone().date()}") in console(
        desk.view(OPERATOR, "tk")
    ).facts
