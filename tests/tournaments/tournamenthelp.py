"""Rules and set-ups shared by the tournament tests."""

from __future__ import annotations

from typing import Any

from croupier.tournaments import Tournament

ADDRESS = "12 Oak St, Minot ND"
DAY = "2026-07-10T12:00"


def poker_rules(**changes: Any) -> dict[str, Any]:
    rules: dict[str, Any] = {
        "game": "poker",
        "id": "main",
        "name": "Spring Classic",
        "organization": "Elks Lodge 1",
        "site": "Lodge Hall, Minot",
        "first_day": "2026-07-10",
        "last_day": "2026-07-12",
        "variant": "holdem",
        "director": "Dana Director",
        "manager": "Mo Manager",
        "entry_fee": "$100",
        "starting_chips": 5000,
        "levels": [{"small_blind": 25, "big_blind": 50}, {"small_blind": 50, "big_blind": 100}],
        "payout": {"pool_percent": 80, "places": [70, 30]},
    }
    rules.update(changes)
    return rules


def twentyone_rules(**changes: Any) -> dict[str, Any]:
    rules: dict[str, Any] = {
        "game": "twentyone",
        "id": "bj",
        "name": "Blackjack Night",
        "organization": "Elks Lodge 1",
        "site": "Lodge Hall, Minot",
        "first_day": "2026-08-01",
        "last_day": "2026-08-01",
        "entry_fee": "$25",
        "starting_chips": 500,
        "minimum_bet": 10,
        "maximum_bet": 100,
        "levels": [{"hands": 20}],
        "payout": {"amounts": ["$100", "$50"]},
    }
    rules.update(changes)
    return rules


def seated(t: Tournament, players: list[str], at: str = DAY) -> None:
    """Register ``players`` in order, each drawing the first seat card offered."""
    from croupier.tournaments.seating import seat_cards

    for p in players:
        card = seat_cards(t.main.tables, t.rules.table_seats)[0]
        t.register(p, collected_by="Cass Cashier", at=at, address=ADDRESS, card=card)
