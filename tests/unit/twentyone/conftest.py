"""Fixture ``stacked_table``: a table stream whose shoe is stacked by hand (scripted sessions).

The stream is written with the table's own public events (``TableOpened``, ``ShoePrepared``), so
``TwentyOneTable.open_or_resume`` and ``croupier play twentyone --db`` resume it as any table.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable

import pytest

from croupier.core.cards import Card, multi_deck, parse_cards
from croupier.games.twentyone.events import ShoePrepared, TableOpened
from croupier.games.twentyone.rules import HouseRules
from croupier.store import EventStore

CUT = 10


def stacked_order(decks: int, first: str) -> tuple[Card, ...]:
    """A complete shoe that, once cut ten cards in, deals ``first`` (burn card first)."""
    wanted = list(parse_cards(first))
    rest = Counter(multi_deck(decks))
    rest.subtract(wanted)
    others: list[Card] = []
    for c in multi_deck(decks):
        if rest[c] > 0:
            others.append(c)
            rest[c] -= 1
    filler, tail = others[:CUT], others[CUT:]
    return tuple(filler + wanted + tail)


def open_stacked_table(
    store: EventStore,
    stream: str,
    rules: HouseRules,
    first: str,
    bankroll: int = 100_00,
    player: str = "player",
) -> None:
    """Write a new table to ``stream`` whose shoe deals ``first`` after the burn card."""
    rules_json = json.dumps(rules.model_dump(mode="json"), sort_keys=True)
    order = stacked_order(rules.decks, first)
    store.append(
        stream,
        [TableOpened(rules_json, player, bankroll), ShoePrepared(order, CUT, 75, "stacked")],
        0,
    )


@pytest.fixture
def stacked_table() -> Callable[..., None]:
    """``open_stacked_table(store, stream, rules, first, bankroll=...)``."""
    return open_stacked_table
