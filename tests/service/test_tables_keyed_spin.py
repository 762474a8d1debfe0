"""A spin keyed wrongly at a physical paddlewheel is corrected like a card (issue 27).

The wheel operator keys the section under the pointer as the wheel stops (``17/5``); the engine
pays it at once on the console ("pay and collect, then settle"), and the round stays open until
the operator settles it, the winners paid. Until then the spin keyed last may be corrected (a
typing slip seen at once: ``LiveTableHub.correct``, the console's **Correct the spin just
keyed**), recorded as a replacement (who, when, what it replaced), never by deleting, and the
round replayed with it. Once the round is settled the spin stands as paid (99-01.3-11-05.5); at
the ticket-card method, once the winning ticket's prize is claimed or declared unclaimed
(-02.6).

Worked by hand from ``examples/rules/paddlewheel-table.toml`` (red numbers 38 to 1, -06.2):
ann buys $20 of betting chips (-05.2) and bets 3 chips on red 17 and 2 on red 19 ($5, within
the $20 a spin, -05.3). The wheel stops at section 19 after five revolutions, but 17/5 is keyed:
ann would be paid 3 x 38 = $114 and lose $2, +$112.00. Corrected to 19: she is paid 2 x 38 =
$76 and loses $3, +$73.00.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from croupier.core.clock import FixedClock
from croupier.games.paddlewheel import actions as a
from croupier.service.games.replay import replay_text
from croupier.service.people.authz import Actor
from croupier.service.tables import rounds
from croupier.service.tables.console import console
from croupier.service.tables.desk import TablesDesk
from croupier.service.tables.live import LiveTableHub, SeededRngSource, stream_of
from croupier.store import open_store

from .conftest import ROOT, RULES

KEYED_17 = 11_200
"""ann's net on the spin as keyed (17/5): 3 x $38 won, $2 lost."""
CORRECTED_19 = 7_300
"""ann's net on the spin corrected (19/5): 2 x $38 won, $3 lost."""


def _spun(tmp_path: Path, keyed: str = "17/5") -> LiveTableHub:
    """A physical paddlewheel whose first spin, ann's bets on red 17 and red 19, is keyed."""
    hub = LiveTableHub(open_store(f"sqlite:///{tmp_path}/w.db"), SeededRngSource(1))
    opened = hub.open_table("w", "paddlewheel", RULES["paddlewheel"], "op-1", mode="physical")
    assert opened.accepted, opened.refusal
    assert hub.deal("w", "op-1").accepted
    for action in (
        a.Join(1, "ann", "red"),
        a.BuyChips(1, 2_000),
        a.PlaceBet(1, "red 17", 3),
        a.PlaceBet(1, "red 19", 2),
        a.CloseBets(),
    ):
        result = hub.act("w", action, "op-1")
        assert result.accepted, result.refusal
    assert hub.correctable("w") is None  # nothing keyed yet
    spun = hub.key("w", keyed, "op-1")
    assert spun.accepted, spun.refusal
    return hub


def _ann(hub: LiveTableHub) -> int:
    play = hub.table("w").play
    assert play is not None
    return play.settlement().parties["player:ann"]


def test_99_01_3_11_05_5_a_spin_keyed_wrongly_is_corrected_before_settling_and_pays_the_section(
    tmp_path: Path,
) -> None:
    hub = _spun(tmp_path)
    assert _ann(hub) == KEYED_17
    assert hub.correctable("w") == "17/5"
    # the section typed alone keeps the revolutions keyed: the slip was the section
    fixed = hub.correct("w", "19", "floor-1")
    assert fixed.accepted, fixed.refusal
    (event,) = fixed.events
    assert (event.why, event.was, event.cards, event.by) == (
        "corrected",
        ("17/5",),
        ("19/5",),
        "floor-1",
    )
    assert _ann(hub) == CORRECTED_19
    assert hub.correctable("w") == "19/5"  # still open: corrected again if need be
    # the spin keyed is still in the stream: corrected, never deleted
    seen = hub.events("w", "surveillance")
    assert any(e["type"] == "live.cards_replaced" and e["was"] == ["17/5"] for e in seen)
    # a restarted hub replays the correction; the settlement pays the section corrected
    again = LiveTableHub(open_store(f"sqlite:///{tmp_path}/w.db"), SeededRngSource(1))
    assert _ann(again) == CORRECTED_19
    settled = again.settle("w", "op-1")
    assert settled.accepted, settled.refusal
    assert settled.settlement is not None
    assert settled.settlement.parties["player:ann"] == CORRECTED_19


def test_99_01_3_11_05_5_a_spin_is_not_corrected_once_the_round_is_settled(
    tmp_path: Path,
) -> None:
    hub = _spun(tmp_path)
    assert hub.settle("w", "op-1").accepted
    assert hub.correctable("w") is None
    version = hub.store.version(stream_of("w"))
    refused = hub.correct("w", "19", "floor-1")
    assert not refused.accepted
    assert refused.section == "99-01.3-11-05.5"
    assert "settled" in (refused.refusal or "")
    assert "\n" not in (refused.refusal or "")
    assert hub.store.version(stream_of("w")) == version
    assert _ann(hub) == KEYED_17


def test_99_01_3_11_03_1_a_correction_to_a_section_the_wheel_lacks_is_refused(
    tmp_path: Path,
) -> None:
    hub = _spun(tmp_path)
    version = hub.store.version(stream_of("w"))
    refused = hub.correct("w", "41", "floor-1")  # the outer circle has 40 sections
    assert not refused.accepted
    assert refused.section == "99-01.3-11-03.1"
    assert "no section 41" in (refused.refusal or "")
    again = hub.correct("w", "17/5", "floor-1")
    assert not again.accepted
    assert "already 17/5" in (again.refusal or "")
    assert hub.store.version(stream_of("w")) == version
    assert hub.correctable("w") == "17/5"


def test_99_01_3_11_05_4_a_spin_corrected_to_fewer_than_four_revolutions_is_spun_again(
    tmp_path: Path,
) -> None:
    hub = _spun(tmp_path)
    fixed = hub.correct("w", "17/3", "op-1")  # the wheel made three revolutions: void
    assert fixed.accepted, fixed.refusal
    play = hub.table("w").play
    assert play is not None
    assert not play.is_over()
    assert not hub.settle("w", "op-1").accepted
    assert hub.key("w", "19/6", "op-1").accepted
    settled = hub.settle("w", "op-1")
    assert settled.accepted, settled.refusal
    assert settled.settlement is not None
    assert settled.settlement.parties["player:ann"] == CORRECTED_19


def test_99_01_3_11_05_5_the_round_record_shows_the_correction_and_replays_to_what_was_paid(
    tmp_path: Path,
) -> None:
    hub = _spun(tmp_path)
    assert hub.correct("w", "19/5", "floor-1").accepted
    assert hub.settle("w", "op-1").accepted
    record = rounds.round_record(hub.store, "w", 1)
    assert [(r.why, r.was, r.cards, r.by) for r in record.replaced] == [
        ("corrected", ("17/5",), ("19/5",), "floor-1")
    ]
    assert record.paid["player:ann"] == CORRECTED_19
    data = rounds.round_file(record)
    assert data["expect"]["parties"]["player:ann"] == CORRECTED_19
    report = replay_text(json.dumps(data), "exported", check=True)
    assert report.ok, report.differences


OPERATOR = Actor("op", frozenset({"dealer"}), "op")


def _desk() -> tuple[TablesDesk, FixedClock]:
    clock = FixedClock(datetime(2026, 11, 28, 19, 0, tzinfo=UTC))
    store = open_store("sqlite://", clock=clock)
    return TablesDesk(store, SeededRngSource(4), ROOT / "examples/rules", clock), clock


def _choose(desk: TablesDesk, table: str, words: str, **values: str) -> Any:
    view = desk.view(OPERATOR, table)
    options = view["options"]
    assert isinstance(options, list)
    for o in options:
        assert isinstance(o, dict)
        if str(o["label"]).startswith(words):
            return desk.choose(OPERATOR, table, int(o["index"]), int(view["version"]), values)
    raise AssertionError(f"no option {words!r} in {[o['label'] for o in options]}")


def _options(desk: TablesDesk, table: str) -> list[dict[str, Any]]:
    options = desk.view(OPERATOR, table)["options"]
    assert isinstance(options, list)
    return options


def test_99_01_3_11_05_5_the_console_offers_to_correct_the_spin_just_keyed(
    tmp_path: Path,
) -> None:
    desk, _clock = _desk()
    opened = desk.open_table(OPERATOR, "pw", "paddlewheel", "paddlewheel-table.toml", "physical")
    assert opened.accepted, opened.refusal
    assert desk.deal(OPERATOR, "pw").accepted
    assert _choose(desk, "pw", "join (seat 1)", player="ann").accepted
    assert _choose(desk, "pw", "buy chips (seat 1)", currency="20").accepted
    assert _choose(desk, "pw", "place bet (seat 1)", spot="red 17", chips="3").accepted
    assert _choose(desk, "pw", "place bet (seat 1)", spot="red 19", chips="2").accepted
    assert _choose(desk, "pw", "close bets").accepted
    assert not [o for o in _options(desk, "pw") if "Correct" in o["label"]]
    assert desk.key(OPERATOR, "pw", "17/5").accepted
    (offer,) = [o for o in _options(desk, "pw") if "Correct" in o["label"]]
    assert offer["label"] == "Correct the spin just keyed (17/5)"
    assert [(f["name"], f.get("label")) for f in offer["fields"]] == [("card", "section")]
    fixed = _choose(desk, "pw", "Correct the spin just keyed", card="19")
    assert fixed.accepted, fixed.refusal
    c = console(desk.view(OPERATOR, "pw"))
    assert ("red wins", "19") in c.facts  # the outer circle's winning number (-05.5)
    settled = desk.settle(OPERATOR, "pw")
    assert settled.accepted, settled.refusal
    assert settled.settlement is not None
    assert settled.settlement.parties["player:ann"] == CORRECTED_19
    assert not [o for o in _options(desk, "pw") if "Correct" in o["label"]]


def _sell_out_and_spin(desk: TablesDesk, section: str) -> None:
    rules = "paddlewheel-ticket-card.toml"
    opened = desk.open_table(OPERATOR, "tk", "paddlewheel", rules, "physical")
    assert opened.accepted, opened.refusal
    assert desk.deal(OPERATOR, "tk").accepted
    for ticket in range(1, 21):
        buyer = "ann" if ticket <= 10 else "bo"
        sold = _choose(desk, "tk", "sell ticket", ticket=str(ticket), player=buyer)
        assert sold.accepted, sold.refusal
    assert desk.key(OPERATOR, "tk", f"{section}/5").accepted


def test_99_01_3_11_02_6_a_ticket_card_spin_is_corrected_until_its_prize_is_claimed() -> None:
    """``paddlewheel-ticket-card.toml``: ticket n holds n, n + 20 and n + 40; tickets 1-10 are
    ann's, 11-20 bo's. 17 is keyed (bo's ticket 17) where the wheel stopped at 2 (ann's
    ticket 2): corrected before the claim, ann's ticket wins; after the claim, refused."""
    desk, clock = _desk()
    _sell_out_and_spin(desk, "17")
    c = console(desk.view(OPERATOR, "tk"))
    assert ("winning ticket", "17 (bo)") in c.facts
    fixed = _choose(desk, "tk", "Correct the spin just keyed (17/5)", card="2")
    assert fixed.accepted, fixed.refusal
    c = console(desk.view(OPERATOR, "tk"))
    assert ("winning ticket", "2 (ann)") in c.facts
    clock.advance(timedelta(minutes=5))
    assert _choose(desk, "tk", "claim prize").accepted
    refused = desk.hub.correct("tk", "17", "op")
    assert not refused.accepted
    assert refused.section == "99-01.3-11-02.6"
