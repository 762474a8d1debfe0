"""Physical tables (issue 27, first step): a table opened ``physical`` takes its cards and spins
keyed as they happen (``LiveTableHub.key``) and never draws them; a ``virtual`` one draws them and
takes no key. The mode is in the table's stream (it survives a restart) and on every view. A
keyed move that cannot be is refused with its section and appends nothing; a round keyed card by
card is played to its settlement (that it settles as the round drawn is the protocol's property,
``tests/property/test_keyed_chance.py``)."""

from __future__ import annotations

import pytest

from croupier.core.protocol import PendingKind
from croupier.core.rng import SeededRng
from croupier.service.tables.live import LiveTableHub, SeededRngSource, stream_of
from croupier.store import open_store

from .conftest import GAMES, PLAYERS, RULES, pay_fees, pick


def _open(hub: LiveTableHub, table: str, game: str, mode: str) -> None:
    opened = hub.open_table(table, game, RULES[game], "dealer-1", mode=mode)
    assert opened.accepted, opened.refusal
    for seat, player, wager in PLAYERS[game]:
        assert hub.seat(table, seat, player, player).accepted
        assert hub.wager(table, seat, wager, player).accepted
    pay_fees(hub, table)
    dealt = hub.deal(table, "dealer-1")
    assert dealt.accepted, dealt.refusal


def _outcome(hub: LiveTableHub, table: str, rng: SeededRng) -> str:
    """What the person at the table keys for the next chance move: the move the generator
    would draw, named as text (a card, or a section with its revolutions, never a peg)."""
    t = hub.table(table)
    assert t.play is not None
    drawn = t.live.game.chance(t.play.state, rng)
    card = getattr(drawn, "card", None)
    if card is not None:
        return str(card)
    wheel = t.play.state.rules.wheel
    stop = drawn.spin.stop if not wheel.is_peg_stop(drawn.spin.stop) else drawn.spin.stop + 1
    return f"{wheel.section_index(0, stop) + 1}/{drawn.spin.revolutions}"


def _play_keyed(hub: LiveTableHub, table: str, seed: int) -> None:
    """The round to its end, each chance move keyed as text by the dealer."""
    rng = SeededRng(seed)
    for _ in range(400):
        t = hub.table(table)
        assert t.play is not None
        pending = t.play.pending
        if pending.kind is PendingKind.NONE:
            return
        if pending.kind is PendingKind.CHANCE:
            result = hub.key(table, _outcome(hub, table, rng), "dealer-1")
        else:
            action = pick(hub.legal_actions(table), t.version, seed)
            seat = pending.seat if pending.kind is PendingKind.SEAT else None
            who = t.seats.get(seat, "dealer-1") if seat is not None else "dealer-1"
            result = hub.act(table, action, who, seat=seat)
        assert result.accepted, result.refusal
    raise AssertionError("the round did not end")


@pytest.mark.parametrize("game", GAMES)
def test_a_physical_table_takes_keyed_moves_and_refuses_to_draw(sqlite_db: str, game: str) -> None:
    store = open_store(sqlite_db)
    hub = LiveTableHub(store, SeededRngSource(3))
    _open(hub, "t", game, "physical")
    assert hub.view("t", "public")["mode"] == "physical"
    refused = hub.chance("t", "dealer-1")
    assert not refused.accepted
    assert "is physical: key each card or spin" in (refused.refusal or "")
    before = store.version(stream_of("t"))
    _play_keyed(hub, "t", 3)
    assert store.version(stream_of("t")) > before
    settled = hub.settle("t", "dealer-1")
    assert settled.accepted, settled.refusal
    assert settled.settlement is not None
    assert sum(settled.settlement.parties.values()) == 0
    # the mode is in the stream: a restarted hub reads it back
    again = LiveTableHub(open_store(sqlite_db), SeededRngSource(3))
    assert again.table("t").mode == "physical"
    assert again.view("t", "public")["mode"] == "physical"


@pytest.mark.parametrize("game", GAMES)
def test_a_virtual_table_takes_no_key(sqlite_db: str, game: str) -> None:
    hub = LiveTableHub(open_store(sqlite_db), SeededRngSource(4))
    _open(hub, "v", game, "virtual")
    assert hub.view("v", "public")["mode"] == "virtual"
    refused = hub.key("v", "Ah" if game != "paddlewheel" else "1", "dealer-1")
    assert not refused.accepted
    assert "is virtual" in (refused.refusal or "")


@pytest.mark.parametrize(
    ("game", "impossible", "section"),
    [
        ("poker", None, "99-01.3-09-04.2"),
        ("paddlewheel", "999", "99-01.3-11-03.1"),
    ],
)
def test_a_keyed_move_that_cannot_be_appends_nothing(
    sqlite_db: str, game: str, impossible: str | None, section: str
) -> None:
    store = open_store(sqlite_db)
    hub = LiveTableHub(store, SeededRngSource(5))
    _open(hub, "k", game, "physical")
    rng = SeededRng(5)
    _to_the_first_chance_move(hub, "k")
    if impossible is None:  # poker: the card just keyed, keyed again
        first = _outcome(hub, "k", rng)
        assert hub.key("k", first, "dealer-1").accepted
        impossible = first
    version = store.version(stream_of("k"))
    refused = hub.key("k", impossible, "dealer-1")
    assert not refused.accepted
    assert refused.section == section
    assert store.version(stream_of("k")) == version
    assert hub.key("k", "not a card", "dealer-1").accepted is False
    assert store.version(stream_of("k")) == version


def test_a_table_is_opened_physical_or_virtual(sqlite_db: str) -> None:
    hub = LiveTableHub(open_store(sqlite_db), SeededRngSource(1))
    with pytest.raises(Exception, match="physical or virtual"):
        hub.open_table("x", "poker", RULES["poker"], "dealer-1", mode="real")


def test_a_keyed_spin_of_impossible_revolutions_is_refused_and_appends_nothing(
    sqlite_db: str,
) -> None:
    """Found by an audit: ``1/99999999999999999`` was keyed, recorded and paid, and the round
    could then not be played back for a dispute (a round file holds at most 15 digits)."""
    from croupier.games.paddlewheel.wheel import MOST_KEYED_REVOLUTIONS

    store = open_store(sqlite_db)
    hub = LiveTableHub(store, SeededRngSource(5))
    _open(hub, "w", "paddlewheel", "physical")
    _to_the_first_chance_move(hub, "w")  # the spin
    version = store.version(stream_of("w"))
    for keyed in ("1/99999999999999999", f"1/{MOST_KEYED_REVOLUTIONS + 1}"):
        refused = hub.key("w", keyed, "dealer-1")
        assert not refused.accepted
        assert "revolutions" in (refused.refusal or "")
    assert store.version(stream_of("w")) == version
    assert hub.key("w", f"1/{MOST_KEYED_REVOLUTIONS}", "dealer-1").accepted


def _to_the_first_chance_move(hub: LiveTableHub, table_id: str) -> None:
    """Play the table's offered actions (the first of each, seeded) until a card or a spin is
    owed."""
    for _ in range(100):
        t = hub.table(table_id)
        assert t.play is not None
        if t.play.pending.kind is PendingKind.CHANCE:
            return
        action = pick(hub.legal_actions(table_id), t.version, 5)
        pending = t.play.pending
        seat = pending.seat if pending.kind is PendingKind.SEAT else None
        who = t.seats.get(seat, "dealer-1") if seat is not None else "dealer-1"
        assert hub.act(table_id, action, who, seat=seat).accepted
    raise AssertionError(f"table {table_id} owed no card or spin within 100 actions")
