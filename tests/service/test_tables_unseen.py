"""Cards nobody has seen at a physical table (issue 27, ``service.tables.unseen``).

Each round is played twice at a physical table with the same cards and the same decisions: once
keyed as the cards would be if the dealer looked at every one (the way the hub took them before),
and once as a real table deals them: a face-down card (the hole card, a burn card, a poker hole
card) is keyed ``down`` and keyed for real only when the hub holds a command that turns it (the
dealer's turn, a hand shown), or the card reader's answer is given. The two must settle alike:
that is the independent check (the first way needs no late binding at all). Each round is then
exported, and the file replays to what was paid, naming the cards never seen.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from croupier.core.cards import Card
from croupier.core.protocol import PendingKind
from croupier.core.rng import SeededRng
from croupier.service.games.replay import replay_text
from croupier.service.tables import rounds, unseen
from croupier.service.tables.live import LiveTableHub, SeededRngSource, stream_of
from croupier.store import open_store

from .conftest import PLAYERS, ROOT, RULES, pay_fees

CARD_GAMES = ("twentyone", "threecard21", "poker")
READER = ROOT / "examples/rules/twentyone-card-reader-4deck-h17.toml"


def _open(hub: LiveTableHub, table: str, game: str, rules: Path) -> None:
    assert hub.open_table(table, game, rules, "dealer-1", mode="physical").accepted
    for seat, player, wager in PLAYERS[game]:
        assert hub.seat(table, seat, player, "dealer-1").accepted
        assert hub.wager(table, seat, wager, "dealer-1").accepted
    pay_fees(hub, table)
    dealt = hub.deal(table, "dealer-1")
    assert dealt.accepted, dealt.refusal


class Dealer:
    """Plays one round: the cards come from a seeded generator in dealing order (the real
    shoe), decisions from a second one (the same in both plays, counted by decision)."""

    def __init__(self, hub: LiveTableHub, table: str, seed: int, late: bool) -> None:
        self.hub, self.table, self.late = hub, table, late
        decks = getattr(hub.table(table).rules, "decks", 1)
        order = [str(Card.from_index(i)) for i in range(52)] * decks
        shuffle = SeededRng(seed)
        for i in range(len(order) - 1, 0, -1):
            j = shuffle.randbelow(i + 1)
            order[i], order[j] = order[j], order[i]
        self.order = order
        """The real shoe, shuffled: the same cards in the same order in both plays."""
        self.choices = SeededRng(seed + 7)
        self.shoe: list[str] = []
        """The real card of each chance move, in order (the stand-ins' true cards)."""
        self.down: dict[int, int] = {}
        """Action index of a card keyed down -> its place in ``shoe``."""
        self.downs = 0
        self.holds = 0
        self.natural = False

    def _real(self) -> str:
        card = self.order[len(self.shoe)]
        self.shoe.append(card)
        return card

    def _held_answer(self) -> str:
        t = self.hub.table(self.table)
        held = t.binding.held
        assert held is not None
        assert t.play is not None
        self.holds += 1
        steps = [i for i in sorted(t.binding.unseen) if t.binding.unseen[i] in held.need]
        real = [self.shoe[self.down[i]] for i in steps]
        if held.reader and not self.natural:
            return "no"
        return " ".join(real)

    def play(self) -> None:
        for _ in range(600):
            t = self.hub.table(self.table)
            assert t.play is not None
            if t.binding.held is not None:
                result = self.hub.key(self.table, self._held_answer(), "dealer-1")
                assert result.accepted, result.refusal
                continue
            pending = t.play.pending
            if pending.kind is PendingKind.NONE:
                return
            if pending.kind is PendingKind.CHANCE:
                index = len(t.play.log)
                card = self._real()
                result = None
                if self.late:
                    result = self.hub.key(self.table, "down", "dealer-1")
                    if result.accepted and self.hub.table(self.table).binding.held is None:
                        self.down[index] = len(self.shoe) - 1
                        self.downs += 1
                        continue
                    if result.accepted:  # held for the reader at once
                        self.down[index] = len(self.shoe) - 1
                        self.downs += 1
                        answer = "no" if not self.natural else card
                        if answer != "no":
                            self.down.pop(index)
                        result = self.hub.key(self.table, answer, "dealer-1")
                        assert result.accepted, result.refusal
                        continue
                    assert "face up" in (result.refusal or ""), result.refusal
                result = self.hub.key(self.table, card, "dealer-1")
                assert result.accepted, result.refusal
                continue
            options = self.hub.legal_actions(self.table)
            action = options[self.choices.randbelow(len(options))]
            seat = pending.seat if pending.kind is PendingKind.SEAT else None
            result = self.hub.act(self.table, action, "dealer-1", seat=seat)
            assert result.accepted, result.refusal
        raise AssertionError("the round did not end")


def _settled(hub: LiveTableHub, table: str) -> dict[str, int]:
    result = hub.settle(table, "dealer-1")
    assert result.accepted, result.refusal
    assert result.settlement is not None
    return dict(result.settlement.parties)


def _natural(hub: LiveTableHub, table: str) -> bool:
    """Whether the card reader found a twenty-one in the round keyed in full."""
    stream = hub.store.read(stream_of(table))
    return any(
        type(r.event).__name__ in ("DealerChecked", "HoleCardChecked")
        and getattr(r.event, "natural", getattr(r.event, "blackjack", False))
        for r in stream
    )


def _both(tmp_path: Path, game: str, rules: Path, seed: int) -> tuple[Dealer, Any, Any]:
    seen = LiveTableHub(open_store(f"sqlite:///{tmp_path}/seen.db"), SeededRngSource(1))
    _open(seen, "t", game, rules)
    full = Dealer(seen, "t", seed, late=False)
    full.play()
    paid = _settled(seen, "t")
    store = open_store(f"sqlite:///{tmp_path}/late.db")
    hub = LiveTableHub(store, SeededRngSource(1))
    _open(hub, "t", game, rules)
    late = Dealer(hub, "t", seed, late=True)
    late.natural = _natural(seen, "t")
    late.play()
    return late, paid, _settled(hub, "t")


@pytest.mark.parametrize("game", CARD_GAMES)
@pytest.mark.parametrize("seed", range(8))
def test_issue_27_a_round_dealt_face_down_settles_as_if_every_card_were_seen(
    tmp_path: Path, game: str, seed: int
) -> None:
    late, paid, settled = _both(tmp_path, game, RULES[game], seed)
    assert settled == paid
    assert late.downs >= 1  # the hole card, a burn card or the poker hole cards
    # the dispute record: the round file replays to what was paid, naming the cards never seen
    record = rounds.round_record(late.hub.store, "t", 1)
    data = rounds.round_file(record)
    report = replay_text(json.dumps(data), "exported", check=True)
    assert report.ok, report.differences
    never = list(record.unseen)
    if never:
        assert data["format"] == "croupier.round/2"
        shoe = data["shoe"]
        assert isinstance(shoe, list)
        stand_ins = [unseen.card_of(record.actions[i]) for i in never]
        assert [shoe[k] for k in data["unseen"]] == stand_ins
        assert any("never seen" in line for line in report.transcript)
    else:
        assert data.get("format", "croupier.round/1") == "croupier.round/1"
        assert "unseen" not in data
    # every card turned was keyed as the real one: the replaced cards are the real shoe's
    for replaced in record.replaced:
        if replaced.why == "turned":
            for step, card in zip(replaced.steps, replaced.cards, strict=True):
                assert card == late.shoe[late.down[step]]


@pytest.mark.parametrize("seed", range(10))
def test_99_01_3_08_10_3_the_card_reader_is_asked_and_its_no_keeps_the_card_unseen(
    tmp_path: Path, seed: int
) -> None:
    _late, paid, settled = _both(tmp_path, "twentyone", READER, seed)
    assert settled == paid


# -- scenarios, worked by hand from the rules ------------------------------------------------


def _kinds(hub: LiveTableHub, table: str) -> dict[str, Any]:
    return {getattr(a.kind, "value", ""): a for a in hub.legal_actions(table)}


def _act(hub: LiveTableHub, table: str, kind: str) -> Any:
    t = hub.table(table)
    assert t.play is not None
    pending = t.play.pending
    seat = pending.seat if pending.kind is PendingKind.SEAT else None
    return hub.act(table, _kinds(hub, table)[kind], "dealer-1", seat=seat)


def _key(hub: LiveTableHub, table: str, *outcomes: str) -> None:
    for outcome in outcomes:
        result = hub.key(table, outcome, "dealer-1")
        assert result.accepted, (outcome, result.refusal)


def _twentyone(tmp_path: Path, rules: Path = RULES["twentyone"]) -> LiveTableHub:
    hub = LiveTableHub(open_store(f"sqlite:///{tmp_path}/t.db"), SeededRngSource(1))
    _open(hub, "t", "twentyone", rules)
    # first cards to spaces 2, 4, 6, the dealer's up card, second cards (-10.1.a)
    _key(hub, "t", "9h", "8d", "7c", "6s", "Ts", "9c", "Tc")
    return hub


def _cards_seen_by_anyone(hub: LiveTableHub, table: str) -> str:
    out = []
    for viewer in ("dealer", "surveillance", "public", "player:2"):
        out.append(json.dumps(hub.events(table, viewer)))
        out.append(json.dumps(hub.view(table, viewer)))
    return " ".join(out)


def test_99_01_3_08_10_1_the_hole_card_is_keyed_down_and_turned_after_the_players(
    tmp_path: Path,
) -> None:
    hub = _twentyone(tmp_path)
    assert hub.view("t", "dealer")["face_down_due"] is True
    _key(hub, "t", "down")
    t = hub.table("t")
    assert t.play is not None
    stand_in = unseen.card_of(t.play.log[-1])
    assert stand_in is not None
    assert hub.view("t", "surveillance")["state"]["dealer"]["cards"] == ["6s", None]
    assert f'"{stand_in}"' not in _cards_seen_by_anyone(hub, "t")
    assert hub.view("t", "dealer")["unseen"] == 1
    # spaces 2 (19), 4 (17) and 6 (17) stand; the last stand turns the hole card (-11.10): held
    assert _act(hub, "t", "stand").accepted
    assert _act(hub, "t", "stand").accepted
    before = hub.store.version(stream_of("t"))
    held = _act(hub, "t", "stand")
    assert held.accepted
    assert [type(e).__name__ for e in held.events] == ["StepHeld"]
    assert hub.view("t", "public")["held"] == {
        "need": ["dealer's second card"],
        "reader": False,
        "actor": "player:6",
    }
    # nothing else is taken while the card is owed
    refused = hub.settle("t", "dealer-1")
    assert not refused.accepted
    assert "being turned" in (refused.refusal or "")
    # kill -9 and restart: the hold is in the stream
    again = LiveTableHub(open_store(f"sqlite:///{tmp_path}/t.db"), SeededRngSource(1))
    assert again.view("t", "dealer")["held"] is not None
    # withdrawn: space 6 decides again, and nothing of the stand was recorded
    assert again.withdraw("t", "dealer-1").accepted
    assert again.view("t", "dealer")["held"] is None
    assert again.view("t", "dealer")["pending"]["seat"] == 6
    assert again.store.version(stream_of("t")) == before + 2
    assert _act(again, "t", "stand").accepted  # held again
    _key(again, "t", "Kh")  # the hole card turned: 6 + K = 16
    replaced = [e for e in again.events("t", "public") if e["type"] == "live.cards_replaced"]
    assert replaced[-1]["why"] == "turned"
    assert replaced[-1]["cards"] == ["Kh"]
    assert replaced[-1]["was"] == [None]  # no viewer is told what stood in
    stored = [r.event for r in again.store.read(stream_of("t"))]
    assert [e.was for e in stored if type(e).__name__ == "CardsReplaced"] == [(stand_in,)]
    assert again.view("t", "public")["state"]["dealer"]["cards"] == ["6s", "Kh"]
    _key(again, "t", "5d")  # the dealer draws to 16 and stands on 21 (-11.10.f)
    settled = again.settle("t", "dealer-1")
    assert settled.accepted, settled.refusal
    assert settled.settlement is not None
    # the dealer's 21 beats 19, 17 and 17: each original wager lost
    assert dict(settled.settlement.parties) == {
        "house": 1000 + 2500 + 200,
        "player:alice": -1000,
        "player:bob": -2500,
        "player:carol": -200,
    }
    data = rounds.round_file(rounds.round_record(again.store, "t", 1))
    assert data.get("format", "croupier.round/1") == "croupier.round/1"  # every card was seen
    assert data["shoe"] == ["9h", "8d", "7c", "6s", "Ts", "9c", "Tc", "Kh", "5d"]


def test_issue_27_a_card_keyed_that_a_stand_in_holds_moves_the_stand_in(tmp_path: Path) -> None:
    hub = _twentyone(tmp_path)
    _key(hub, "t", "down")
    t = hub.table("t")
    assert t.play is not None
    stand_in = unseen.card_of(t.play.log[-1])
    assert stand_in == "2c"  # the lowest card no other card of the round is
    assert _act(hub, "t", "hit").accepted  # space 2 (19) hits
    _key(hub, "t", "2c")  # 21: the stand-in moves off the card just dealt
    t = hub.table("t")
    assert t.play is not None
    moved = [e for e in hub.events("t", "surveillance") if e["type"] == "live.cards_replaced"]
    assert moved[-1]["why"] == "moved"
    assert moved[-1]["was"] == [None]
    assert moved[-1]["cards"] == [None]
    now = unseen.card_of(t.play.log[sorted(t.binding.unseen)[0]])
    assert now not in (None, "2c")
    assert f'"{now}"' not in _cards_seen_by_anyone(hub, "t")


def test_issue_27_a_card_keyed_wrongly_is_corrected_not_deleted(tmp_path: Path) -> None:
    hub = LiveTableHub(open_store(f"sqlite:///{tmp_path}/t.db"), SeededRngSource(1))
    _open(hub, "t", "twentyone", RULES["twentyone"])
    _key(hub, "t", "9h")
    assert hub.correctable("t") == "9h"
    fixed = hub.correct("t", "9d", "floor-1")
    assert fixed.accepted, fixed.refusal
    (event,) = fixed.events
    assert (event.why, event.was, event.cards, event.by) == (
        "corrected",
        ("9h",),
        ("9d",),
        "floor-1",
    )
    spaces = hub.view("t", "public")["state"]["spaces"]
    assert spaces[0]["hands"][0]["cards"] == ["9d"]
    # the keyed card is still in the stream: corrected, never deleted
    assert any("9h" in json.dumps(e) for e in hub.events("t", "surveillance"))
    _key(hub, "t", "8d", "7c", "6s", "Ts", "9c", "Tc", "down")
    assert hub.correctable("t") is None  # the card just keyed was dealt face down
    assert _act(hub, "t", "stand").accepted
    refused = hub.correct("t", "5h", "dealer-1")
    assert not refused.accepted
    assert "dealing mistake" in (refused.refusal or "")
    # a restarted hub replays the correction
    again = LiveTableHub(open_store(f"sqlite:///{tmp_path}/t.db"), SeededRngSource(1))
    assert again.view("t", "public")["state"]["spaces"][0]["hands"][0]["cards"] == ["9d", "Ts"]


def test_99_01_3_08_10_3_a_turned_card_the_reader_would_have_read_as_21_is_refused(
    tmp_path: Path,
) -> None:
    hub = LiveTableHub(open_store(f"sqlite:///{tmp_path}/t.db"), SeededRngSource(1))
    _open(hub, "t", "twentyone", READER)
    _key(hub, "t", "9h", "8d", "7c", "Ts", "9c", "Tc", "8c")  # the dealer shows a ten
    held = hub.key("t", "down", "dealer-1")
    assert held.accepted
    assert hub.view("t", "dealer")["held"]["reader"] is True
    _key(hub, "t", "no")  # the reader shows no twenty-one: the card stays face down
    checked = [e for e in hub.events("t", "public") if e["type"] == "twentyone.dealer_checked"]
    assert checked
    assert checked[-1]["natural"] is False
    assert _act(hub, "t", "stand").accepted
    assert _act(hub, "t", "stand").accepted
    assert _act(hub, "t", "stand").accepted  # held: the hole card is turned
    refused = hub.key("t", "As", "dealer-1")
    assert not refused.accepted
    assert "cannot be the card dealt" in (refused.refusal or "")
    _key(hub, "t", "7h")  # ten and seven: 17, the dealer stands (-11.10)
    settled = hub.settle("t", "dealer-1")
    assert settled.accepted, settled.refusal
    assert settled.settlement is not None
    # against 17: space 2 (9h 9c, 18) wins $10 and space 4 (8d Tc, 18) $25 at even money;
    # space 6 (7c 8c, 15) loses its $2
    assert dict(settled.settlement.parties) == {
        "house": -1000 - 2500 + 200,
        "player:alice": 1000,
        "player:bob": 2500,
        "player:carol": -200,
    }


def test_99_01_3_08_10_3_a_reader_twenty_one_is_keyed_as_the_card_turned(tmp_path: Path) -> None:
    hub = LiveTableHub(open_store(f"sqlite:///{tmp_path}/t.db"), SeededRngSource(1))
    _open(hub, "t", "twentyone", READER)
    _key(hub, "t", "9h", "8d", "7c", "Ts", "9c", "Tc", "8c")
    assert hub.key("t", "down", "dealer-1").accepted  # held for the reader
    refused = hub.key("t", "7h", "dealer-1")
    assert not refused.accepted
    assert "does not make one" in (refused.refusal or "")
    _key(hub, "t", "Ad")  # the reader shows twenty-one: every original wager lost (-10.3.a)
    settled = hub.settle("t", "dealer-1")
    assert settled.accepted, settled.refusal
    assert settled.settlement is not None
    assert dict(settled.settlement.parties) == {
        "house": 1000 + 2500 + 200,
        "player:alice": -1000,
        "player:bob": -2500,
        "player:carol": -200,
    }


def _poker(tmp_path: Path) -> LiveTableHub:
    hub = LiveTableHub(open_store(f"sqlite:///{tmp_path}/p.db"), SeededRngSource(1))
    _open(hub, "p", "poker", RULES["poker"])
    for _ in range(6):  # two hole cards to each of three seats, nobody sees them (-04.14)
        assert hub.view("p", "dealer")["face_down_due"] is True
        _key(hub, "p", "down")
    return hub


def test_99_01_3_09_04_24_a_hand_won_without_a_showdown_is_never_keyed(tmp_path: Path) -> None:
    hub = _poker(tmp_path)
    for _ in range(8):
        t = hub.table("p")
        assert t.play is not None
        if t.play.pending.kind is not PendingKind.SEAT:
            break
        assert _act(hub, "p", "fold").accepted
    t = hub.table("p")
    assert t.play is not None
    assert t.play.is_over()
    settled = hub.settle("p", "dealer-1")
    assert settled.accepted, settled.refusal
    record = rounds.round_record(hub.store, "p", 1)
    data = rounds.round_file(record)
    assert data["format"] == "croupier.round/2"
    assert data["unseen"] == [0, 1, 2, 3, 4, 5]  # every hole card, never seen
    report = replay_text(json.dumps(data), "exported", check=True)
    assert report.ok, report.differences


def test_99_01_3_09_04_24_a_hand_shown_at_the_showdown_is_keyed_then(tmp_path: Path) -> None:
    hub = _poker(tmp_path)
    board = iter(["2h", "3h", "4h", "9s", "2d", "Jc", "5c", "8d"])
    shown: list[str] = []
    for _ in range(80):
        t = hub.table("p")
        assert t.play is not None
        view = hub.view("p", "dealer")
        if view["held"] is not None:
            assert view["held"]["need"]
            assert not view["held"]["reader"]
            cards = ["As Ad", "Ks Kd", "Qs Qd"][len(shown)]
            _key(hub, "p", cards)
            shown.append(cards)
            continue
        pending = t.play.pending
        if pending.kind is PendingKind.NONE:
            break
        if pending.kind is PendingKind.CHANCE:
            _key(hub, "p", "down" if view["face_down_due"] else next(board))
            continue
        kinds = _kinds(hub, "p")
        choice = next(k for k in ("show", "check", "call") if k in kinds)
        assert _act(hub, "p", choice).accepted
    assert shown, "the showdown asked for the hands shown"
    settled = hub.settle("p", "dealer-1")
    assert settled.accepted, settled.refusal
    data = rounds.round_file(rounds.round_record(hub.store, "p", 1))
    report = replay_text(json.dumps(data), "exported", check=True)
    assert report.ok, report.differences
    # the aces shown win the pot: whoever showed them is the only winner
    assert settled.settlement is not None
    winners = [p for p, net in settled.settlement.parties.items() if net > 0 and p != "house"]
    assert len(winners) == 1


@pytest.mark.parametrize("game", ["paddlewheel"])
def test_issue_27_a_spin_is_never_keyed_face_down(tmp_path: Path, game: str) -> None:
    hub = LiveTableHub(open_store(f"sqlite:///{tmp_path}/w.db"), SeededRngSource(1))
    _open(hub, "w", game, RULES[game])
    before = hub.store.version(stream_of("w"))
    refused = hub.key("w", "down", "dealer-1")
    assert not refused.accepted
    assert hub.store.version(stream_of("w")) == before


def test_issue_27_a_correction_to_a_card_a_stand_in_holds_moves_the_stand_in(
    tmp_path: Path,
) -> None:
    hub = _twentyone(tmp_path)
    _key(hub, "t", "down")  # the hole card's stand-in is 2c
    assert _act(hub, "t", "hit").accepted  # space 2 (19) hits
    _key(hub, "t", "3c")  # keyed wrongly: the card was the 2c
    fixed = hub.correct("t", "2c", "dealer-1")
    assert fixed.accepted, fixed.refusal
    assert [(e.why, e.was) for e in fixed.events] == [("moved", ("2c",)), ("corrected", ("3c",))]
    t = hub.table("t")
    assert t.play is not None
    assert unseen.card_of(t.play.log[-1]) == "2c"
    stand_in = unseen.card_of(t.play.log[sorted(t.binding.unseen)[0]])
    assert stand_in not in (None, "2c", "3c")
    assert hub.view("t", "public")["state"]["spaces"][0]["hands"][0]["cards"] == ["9h", "Ts", "2c"]
