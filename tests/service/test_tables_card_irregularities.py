"""Irregularities that name a card out of the shoe, entered at a physical table's console.

At a physical Three Card 21 "N" Done table the dealer keys each card as it leaves the shoe. The
irregularities of N.J.A.C. 13:69F-2A.14 that name such a card, (a) a card found face up in the
shoe, (c) a card drawn in error and exposed after the initial deal, (d) a card the dealer drew to
a complete hand, are offered to the dealer with a field for that card (``Entered``); choosing one
with the card typed records it with that card, taken from the shoe as a keyed card is (a
stand-in holding it moves off; a card the shoe no longer holds is refused, 2C.2(a)). The card is
exposed, face up by definition: ``down`` is no card here. A virtual table's cards are drawn by
the generator: it has no shoe for a card to be found in, and none is offered.

Worked by hand from the rule text and ``threecard21-6deck.toml`` (six decks, the dealer stands on
all 17s, a hand shuffle: the round begins with a burn card, 2C.6(c)); alice wagers $5 on spot 1
and bob $40 on spot 3, each with the equal bonus wager (2C.5(a)). The initial deal (2C.6(d)):
spot 1, spot 3, the dealer's up card, spot 1, spot 3, the hole card (face down), spot 1, spot 3.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from croupier.core.clock import FixedClock
from croupier.service.games.replay import replay_text
from croupier.service.people.authz import Actor
from croupier.service.tables import rounds, unseen
from croupier.service.tables.desk import TablesDesk
from croupier.service.tables.live import LiveTableHub, SeededRngSource, stream_of
from croupier.store import open_store

from .conftest import ROOT

DEALER = Actor("dl", frozenset({"dealer"}), "dl")
TABLE = "tc"
FACE_UP = "face up card in shoe (N.J.A.C. 13:69F-2A.14(a))"
EXPOSED = "exposed card drawn in error (N.J.A.C. 13:69F-2A.14(c))"
DREW = "dealer drew in error (N.J.A.C. 13:69F-2A.14(d))"
CARD_FIELD = {"name": "card", "kind": "text", "label": "card exposed", "choices": []}
SHOE = "N.J.A.C. 13:69F-2C.2(a)"


def _desk(path: str = "sqlite://", mode: str = "physical") -> TablesDesk:
    clock = FixedClock(datetime(2026, 11, 28, 19, 0, tzinfo=UTC))
    desk = TablesDesk(
        open_store(path, clock=clock), SeededRngSource(4), ROOT / "examples/rules", clock
    )
    opened = desk.open_table(DEALER, TABLE, "threecard21", "threecard21-6deck.toml", mode)
    assert opened.accepted, opened.refusal
    for seat, player, wager in ((1, "alice", "$5"), (3, "bob", "$40")):
        assert desk.hub.seat(TABLE, seat, player, "dl").accepted
        assert desk.hub.wager(TABLE, seat, wager, "dl").accepted
    assert desk.hub.deal(TABLE, "dl").accepted
    return desk


def _options(desk: TablesDesk) -> dict[str, dict[str, Any]]:
    options = desk.view(DEALER, TABLE)["options"]
    assert isinstance(options, list)
    return {str(o["label"]): o for o in options}


def _choose(desk: TablesDesk, label: str, **values: str) -> Any:
    view = desk.view(DEALER, TABLE)
    for o in view["options"]:
        assert isinstance(o, dict)
        if str(o["label"]).startswith(label):
            return desk.choose(DEALER, TABLE, int(o["index"]), int(view["version"]), values)
    raise AssertionError(f"no option {label!r} in {[o['label'] for o in view['options']]}")


def _key(hub: LiveTableHub, *cards: str) -> None:
    for card in cards:
        keyed = hub.key(TABLE, card, "dl")
        assert keyed.accepted, (card, keyed.refusal)


def _kinds(result: Any) -> list[str]:
    return [type(e).__name__ for e in result.events]


def _hand(hub: LiveTableHub, space: int) -> list[str]:
    play = hub.table(TABLE).play
    assert play is not None
    spot = next(s for s in play.state.view().spots if s.space == space)
    return [str(c) for c in spot.hands[0].cards]


def _exported(hub: LiveTableHub) -> dict[str, Any]:
    """Round 1's file, replayed by the engine to what was paid."""
    data = rounds.round_file(rounds.round_record(hub.store, TABLE, 1))
    report = replay_text(json.dumps(data), "exported", check=True)
    assert report.ok, report.differences
    return data


def _dealt(desk: TablesDesk) -> None:
    """The burn card face down, then the initial deal: alice 4c 3d 9h (16), bob 7s 6h 3s (16),
    the dealer's up card 9s, the hole card face down (nobody looks: it is an 8d)."""
    _key(desk.hub, "down", "4c", "7s", "9s", "3d", "6h", "down", "9h", "3s")


def test_13_69f_2a_14_a_c_d_offered_with_a_card_field_at_a_physical_table_only() -> None:
    desk = _desk()
    options = _options(desk)
    assert options[FACE_UP]["kind"] == "irregularity"
    assert options[FACE_UP]["section"] == "N.J.A.C. 13:69F-2A.14(a)"
    assert options[FACE_UP]["remedy"] == "placed in the discard rack"
    assert options[FACE_UP]["fields"] == (CARD_FIELD,)
    assert EXPOSED not in options  # (c) only after the initial three cards
    _dealt(desk)
    options = _options(desk)
    assert options[EXPOSED]["fields"] == (CARD_FIELD,)
    assert "dealt as the next card" in options[EXPOSED]["remedy"]
    # listed on request as the full view numbers them (``TablesDesk.mistakes``)
    _version, listed = desk.mistakes(DEALER, TABLE)
    assert {o.label: o.index for o in listed if o.fields} == {
        FACE_UP: options[FACE_UP]["index"],
        EXPOSED: options[EXPOSED]["index"],
    }
    # a virtual table's cards are drawn: no card is found face up in a shoe there
    virtual = _desk(mode="virtual")
    assert not any(o["fields"] for o in _options(virtual).values() if o["kind"] == "irregularity")
    refused = virtual.hub.enter(TABLE, listed[-1], "Kd", "dl")  # not offered, nor taken
    assert not refused.accepted


def test_13_69f_2a_14_a_a_second_card_found_face_up_during_the_deal_voids_the_round() -> None:
    """(a): "A card found turned face upwards in the shoe shall not be used in the game and
    shall be placed in the discard rack. If more than one card is found face up in the shoe
    during the dealing of the cards, the round of play shall be void." The dealer finds the Kd,
    then the Qs, face up at the top of the shoe as the deal begins."""
    desk = _desk()
    first = _choose(desk, FACE_UP, card="Kd")
    assert first.accepted, first.refusal
    assert "RoundVoided" not in _kinds(first)
    assert [str(e.card) for e in first.events if type(e).__name__ == "CardBurned"] == ["Kd"]
    second = _choose(desk, FACE_UP, card="qs")
    assert second.accepted, second.refusal
    assert "RoundVoided" in _kinds(second)
    settled = desk.hub.settle(TABLE, "dl")
    assert settled.accepted, settled.refusal
    assert settled.settlement is not None
    assert dict(settled.settlement.parties) == {"house": 0, "player:1": 0, "player:3": 0}
    data = _exported(desk.hub)
    assert data["shoe"] == ["Kd", "Qs"]
    assert data["expect"]["parties"] == {"house": 0, "player:1": 0, "player:3": 0}


def test_13_69f_2a_14_a_a_card_found_face_up_mid_deal_is_taken_from_the_shoe_as_keyed(
    tmp_path: Any,
) -> None:
    """The burn card was keyed ``down``: its stand-in is a card nobody saw. The dealer then
    finds that very card face up in the shoe: it is the card found, so the stand-in moves to
    another card (as when the card is keyed, ``unseen``); a second card found face up during
    the deal voids the round. The round's record replays from its stream to what was paid."""
    path = f"sqlite:///{tmp_path}/t.db"
    desk = _desk(path)
    _key(desk.hub, "down", "8h")
    play = desk.hub.table(TABLE).play
    assert play is not None
    standing_in = unseen.card_of(play.log[0])
    assert standing_in is not None
    found = _choose(desk, FACE_UP, card=standing_in)
    assert found.accepted, found.refusal
    assert _kinds(found)[0] == "CardsReplaced"
    assert found.events[0].why == "moved"
    play = desk.hub.table(TABLE).play
    assert play is not None
    assert unseen.card_of(play.log[0]) != standing_in  # the burn card is still unseen
    assert desk.hub.table(TABLE).binding.unseen == {0: "burn card"}
    _key(desk.hub, "9s")
    voided = _choose(desk, FACE_UP, card="Qs")
    assert "RoundVoided" in _kinds(voided)
    assert desk.hub.settle(TABLE, "dl").accepted
    record = rounds.round_record(desk.hub.store, TABLE, 1)
    assert record.paid == {"house": 0, "player:1": 0, "player:3": 0}
    assert record.unseen == (0,)
    again = LiveTableHub(open_store(path), SeededRngSource(1))
    assert again.table(TABLE).version == desk.hub.store.version(stream_of(TABLE))
    # a card found face up between two cards of the deal is placed by the cards out of the
    # shoe before it (``after_cards``): the file replays to what was paid (before, the format
    # could only place it right after the preceding action, and the export was refused)
    data = _exported(desk.hub)
    found_up = [i for i in data["actions"] if i["action"] == "face_up_in_shoe"]
    # the shoe: the burn card (unseen), 8h, the card found face up, 9s, Qs found face up
    assert [i.get("after_cards") for i in found_up] == [2, 4]
    assert data["shoe"][1:5] == ["8h", standing_in, "9s", "Qs"]


def test_13_69f_2a_14_c_exposed_card_keyed_at_the_console() -> None:
    """(c): "After the initial three cards have been dealt to each player and a card is drawn
    in error and exposed to the players, such card shall be dealt to the players or dealer as
    though it were the next card from the shoe." The 5h is drawn in error and exposed while
    alice (16) decides; she hits and receives it, nothing keyed: 21. Bob stands on 16; the
    hole card is turned (8d): the dealer's 9 + 8 = 17 stands (2C.11(b))."""
    desk = _desk()
    _dealt(desk)
    exposed = _choose(desk, EXPOSED, card="5h")
    assert exposed.accepted, exposed.refusal
    assert _kinds(exposed) == ["StepTaken", "ActionTaken", "Irregularity"]
    assert exposed.events[-1].section == "N.J.A.C. 13:69F-2A.14(c)"
    hit = _choose(desk, "hit (space 1)")
    assert hit.accepted, hit.refusal
    assert _hand(desk.hub, 1) == ["4c", "3d", "9h", "5h"]  # 21: her hand is complete
    held = _choose(desk, "stand (space 3)")  # the dealer's turn turns the hole card
    assert held.accepted, held.refusal
    _key(desk.hub, "8d")
    play = desk.hub.table(TABLE).play
    assert play is not None
    assert play.is_over()
    # alice's 21 wins $5, her bonus (4c 3d 9h: no category of 2C.5(b)1) loses $5; bob's 16
    # loses $40 and his bonus $40
    paid = {"house": 8000, "player:1": 0, "player:3": -8000}
    assert dict(play.settlement().parties) == paid
    assert desk.hub.settle(TABLE, "dl").accepted
    data = _exported(desk.hub)
    assert data["expect"]["parties"] == paid
    # the exposed card left the shoe where it was drawn, after the initial deal (the hole card
    # was turned: the real 8d)
    assert data["shoe"][1:] == ["4c", "7s", "9s", "3d", "6h", "8d", "9h", "3s", "5h"]


def test_13_69f_2a_14_c_a_card_the_shoe_no_longer_holds_is_refused() -> None:
    """Six decks hold six 2c (2C.2(a)): with all six dealt, a 2c cannot be drawn in error. The
    refusal is one line citing the section, and changes nothing; ``down`` is no card for an
    exposed one."""
    desk = _desk()
    _key(desk.hub, "down", "2c", "2c", "9s", "2c", "2c", "down", "2c", "2c")
    version = desk.hub.store.version(stream_of(TABLE))
    refused = _choose(desk, EXPOSED, card="2c")
    assert not refused.accepted
    assert refused.section == SHOE
    assert "\n" not in (refused.refusal or "")
    assert desk.hub.store.version(stream_of(TABLE)) == version
    for typed, why in (("down", "face up"), ("2x", "not a card")):
        wrong = _choose(desk, EXPOSED, card=typed)
        assert not wrong.accepted
        assert why in (wrong.refusal or "")
    assert desk.hub.store.version(stream_of(TABLE)) == version
    assert _choose(desk, EXPOSED, card="2d").accepted


def test_13_69f_2a_14_d_a_card_the_dealer_draws_to_a_complete_hand_is_burned() -> None:
    """(d): the dealer, standing on 17 (9s, 8d), draws the Jc: it is burned, and the round is
    settled as it stood (alice 16 and bob 16 lose to 17)."""
    desk = _desk()
    _dealt(desk)
    assert DREW not in _options(desk)
    assert _choose(desk, "stand (space 1)").accepted
    assert _choose(desk, "stand (space 3)").accepted
    _key(desk.hub, "8d")
    play = desk.hub.table(TABLE).play
    assert play is not None
    before = dict(play.settlement().parties)
    assert _options(desk)[DREW]["fields"] == (CARD_FIELD,)
    drew = _choose(desk, DREW, card="Jc")
    assert drew.accepted, drew.refusal
    assert [str(e.card) for e in drew.events if type(e).__name__ == "CardBurned"] == ["Jc"]
    assert drew.events[-2].remedy == "card burned"
    settled = desk.hub.settle(TABLE, "dl")
    assert settled.settlement is not None
    assert dict(settled.settlement.parties) == before
    assert before["player:1"] < 0
    assert before["player:3"] < 0
    data = _exported(desk.hub)
    assert data["shoe"][-1] == "Jc"


# -- twenty-one (99-01.3-08-12) ------------------------------------------------------------------
# A twenty-one dealing mistake carries no card: its remedy burns the next card out of the shoe.
# At a physical table the three whose card leaves the shoe exposed, -12.1, -12.8 and -12.10, are
# offered with the card to enter, which is keyed as that next card (burned, face up: never keyed
# "down"). ``twentyone-hole-card-no-peek-6deck-s17.toml``: six decks, the dealer stands on soft
# 17; alice wagers $10 on space 2. The deal: space 2, the dealer's up card, space 2, the hole
# card face down (-10.1).

BJ_FACE_UP = "card-face-up-in-shoe (99-01.3-08-12.1)"
BJ_EXPOSED = "card-drawn-in-error (99-01.3-08-12.8)"
BJ_DREW = "dealer-drew-on-17 (99-01.3-08-12.10)"


def _twentyone() -> TablesDesk:
    clock = FixedClock(datetime(2026, 11, 28, 19, 0, tzinfo=UTC))
    store = open_store("sqlite://", clock=clock)
    desk = TablesDesk(store, SeededRngSource(4), ROOT / "examples/rules", clock)
    rules = "twentyone-hole-card-no-peek-6deck-s17.toml"
    assert desk.open_table(DEALER, TABLE, "twentyone", rules, "physical").accepted
    assert desk.hub.seat(TABLE, 2, "alice", "dl").accepted
    assert desk.hub.wager(TABLE, 2, "$10", "dl").accepted
    assert desk.hub.deal(TABLE, "dl").accepted
    return desk


def _burned(result: Any) -> list[str]:
    return [
        str(e.card)
        for e in result.events
        if type(e).__name__ == "CardDealt" and getattr(e, "recipient", "") == "burn"
    ]


def test_99_01_3_08_12_1_a_card_found_face_up_in_the_shoe_is_keyed_at_the_console_and_burned() -> (
    None
):
    """-12.1: "A card found turned face upwards in a dealing shoe must be burned." The Kd is
    found face up as the deal begins: entered with the mistake, it is burned, and the deal goes
    on with the next card (9h to space 2). Alice stands on 17 (9h 8s); the hole card is turned,
    Tc: the dealer's 7 + 10 = 17 stands, a push."""
    desk = _twentyone()
    options = _options(desk)
    assert options[BJ_FACE_UP]["fields"] == (CARD_FIELD,)
    assert options[BJ_FACE_UP]["remedy"] == "the card is burned"
    refused = _choose(desk, BJ_FACE_UP, card="down")
    assert not refused.accepted
    assert "face up" in (refused.refusal or "")
    found = _choose(desk, BJ_FACE_UP, card="Kd")
    assert found.accepted, found.refusal
    assert _burned(found) == ["Kd"]
    assert "Dealt face down, unseen" not in _options(desk)  # the next card is space 2's
    _key(desk.hub, "9h", "7c", "8s", "down")
    assert _choose(desk, "stand space 2").accepted
    _key(desk.hub, "Tc")  # the hole card, turned
    settled = desk.hub.settle(TABLE, "dl")
    assert settled.settlement is not None
    assert dict(settled.settlement.parties)["player:alice"] == 0
    data = _exported(desk.hub)
    assert data["expect"]["parties"]["player:alice"] == 0


def test_99_01_3_08_12_8_an_exposed_card_drawn_in_error_is_keyed_at_the_console_and_burned() -> (
    None
):
    """-12.8: "After the first two cards are dealt to each player and a card is drawn from a
    dealing shoe in error with the card's face exposed to any player, the card must be burned."
    Not offered during the first two cards; once they are dealt, the 4h drawn in error is
    entered and burned; alice (9h 8s) hits and receives the next card, the 2d: 19."""
    desk = _twentyone()
    assert BJ_EXPOSED not in _options(desk)
    _key(desk.hub, "9h", "7c", "8s", "down")
    exposed = _choose(desk, BJ_EXPOSED, card="4h")
    assert exposed.accepted, exposed.refusal
    assert _burned(exposed) == ["4h"]
    assert _choose(desk, "hit space 2").accepted
    _key(desk.hub, "2d")
    play = desk.hub.table(TABLE).play
    assert play is not None
    seat = play.state.seats[2]
    assert [str(c) for c in seat.hands[0].cards] == ["9h", "8s", "2d"]


def test_99_01_3_08_12_10_the_card_the_dealer_drew_on_seventeen_is_keyed_and_burned() -> None:
    """-12.10: "If a dealer has a count of at least seventeen and draws a hit card, the card
    must be burned." The dealer stands on 17 (7c Tc) and draws the 5d: entered, burned; the
    push stands."""
    desk = _twentyone()
    _key(desk.hub, "9h", "7c", "8s", "down")
    assert BJ_DREW not in _options(desk)
    assert _choose(desk, "stand space 2").accepted
    _key(desk.hub, "Tc")
    drew = _choose(desk, BJ_DREW, card="5d")
    assert drew.accepted, drew.refusal
    assert _burned(drew) == ["5d"]
    settled = desk.hub.settle(TABLE, "dl")
    assert settled.settlement is not None
    assert dict(settled.settlement.parties)["player:alice"] == 0
    _exported(desk.hub)


def test_99_01_3_08_12_1_the_round_file_places_a_card_never_seen_after_a_mistake() -> None:
    """Found by a helper while building the card entry: the round file's ``unseen`` places
    counted every action taken while a card was due as a card out of the shoe, so a mistake
    that names no card (-12.1's, before its burned card) moved the hole card's place onto the
    next card dealt. The shoe holds Kd (burned), 9h, 7c, 8s, the hole card, Kc: alice busts
    with Kc, the hole card is never turned, and it is the fifth card out (place 4)."""
    desk = _twentyone()
    found = _choose(desk, BJ_FACE_UP, card="Kd")
    assert found.accepted, found.refusal
    _key(desk.hub, "9h", "7c", "8s", "down")
    assert _choose(desk, "hit space 2").accepted
    _key(desk.hub, "Kc")  # 9 + 8 + 10: alice busts; the dealer need not turn the hole card
    settled = desk.hub.settle(TABLE, "dl")
    assert settled.settlement is not None, settled.refusal
    data = rounds.round_file(rounds.round_record(desk.hub.store, TABLE, 1))
    assert data["shoe"][:4] == ["Kd", "9h", "7c", "8s"]
    assert data["shoe"][5] == "Kc"
    assert data["unseen"] == [4]
    report = replay_text(json.dumps(data), "exported", check=True)
    assert report.ok, report.differences
