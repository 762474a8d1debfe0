"""A wager is judged when it is made (issue 27: a $600 Three Card 21 wager, an odd-cents
twenty-one wager and an eighth betting space were accepted, and the deal then refused the whole
round, the player never told). The limits come from the example rules files and the rule texts:
Three Card 21's posted limits $5 to $500 (``threecard21-6deck.toml``, N.J.A.C. 13:69F-2C.5(a));
twenty-one's even dollars from $2 to $25 (``twentyone-hole-card-no-peek-6deck-s17.toml``,
99-01.3-08-09.1) on at most seven betting spaces (99-01.3-08-02.1)."""

from __future__ import annotations

import pytest

from croupier.service.tables.live import LiveTableHub, SeededRngSource, stream_of
from croupier.store import open_store

from .conftest import RULES


def _hub(sqlite_db: str, game: str) -> tuple[LiveTableHub, object]:
    store = open_store(sqlite_db)
    hub = LiveTableHub(store, SeededRngSource(1))
    assert hub.open_table("t", game, RULES[game], "dealer-1").accepted
    return hub, store


def _refused(hub: LiveTableHub, store: object, seat: int, amount: str, section: str) -> str:
    version = store.version(stream_of("t"))  # type: ignore[attr-defined]
    result = hub.wager("t", seat, amount, f"p{seat}")
    assert not result.accepted, amount
    assert result.section == section, (amount, result.refusal)
    assert store.version(stream_of("t")) == version  # type: ignore[attr-defined]
    return result.refusal or ""


@pytest.mark.parametrize("amount", ["$600", "$0.50", "$500.01"])
def test_n_j_a_c_13_69f_2c_5_a_a_wager_outside_the_posted_limits_is_refused_when_made(
    sqlite_db: str, amount: str
) -> None:
    hub, store = _hub(sqlite_db, "threecard21")
    assert hub.seat("t", 1, "p1", "p1").accepted
    assert "outside the table limits $5.00 to $500.00" in _refused(
        hub, store, 1, amount, "N.J.A.C. 13:69F-2C.5(a)"
    )
    for fine in ("$5", "$500"):
        assert hub.wager("t", 1, fine, "p1").accepted


@pytest.mark.parametrize(
    ("amount", "says"),
    [
        ("$12.50", "even dollar"),
        ("$1", "minimum wager at this table is $2.00"),
        ("$26", "maximum wager at this table is $25.00"),
        ("$1,000", "maximum wager at this table is $25.00"),
    ],
)
def test_99_01_3_08_09_1_an_original_wager_is_judged_when_made(
    sqlite_db: str, amount: str, says: str
) -> None:
    hub, store = _hub(sqlite_db, "twentyone")
    assert hub.seat("t", 1, "p1", "p1").accepted
    assert says in _refused(hub, store, 1, amount, "99-01.3-08-09.1")
    for fine in ("$2", "$25", "$12"):
        assert hub.wager("t", 1, fine, "p1").accepted


def test_99_01_3_08_02_1_a_wager_on_an_eighth_betting_space_is_refused_when_made(
    sqlite_db: str,
) -> None:
    hub, store = _hub(sqlite_db, "twentyone")
    assert hub.seat("t", 8, "p8", "p8").accepted
    assert "at most seven betting spaces" in _refused(hub, store, 8, "$10", "99-01.3-08-02.1")
    assert hub.seat("t", 7, "p7", "p7").accepted
    assert hub.wager("t", 7, "$10", "p7").accepted
