"""What a twenty-one screen needs from the game (the terminal table of ``croupier play
twentyone``, later the web table): the action kinds, the house-rule options, the round's
hands and events, card counts and the dealer's play-by-play lines. Re-exported here so the CLI
reaches the game only through ``croupier.service`` (the layering of ARCHITECTURE.md)."""

from __future__ import annotations

from croupier.games.twentyone.actions import Action, ActionKind
from croupier.games.twentyone.events import (
    CardBurned,
    CardDealt,
    DiscardsReshuffled,
    DoubledDown,
    HandCompleted,
    HandSplit,
    PlayerJoined,
    PlayerLeft,
    RoundClosed,
    ShoePrepared,
    WagerAccepted,
    WagerSettled,
)
from croupier.games.twentyone.hand import Hand, Seat, count, total
from croupier.games.twentyone.rules import DoubleDown, HouseRules, TipDoubleDown
from croupier.games.twentyone.state import Round
from croupier.games.twentyone.transcript import describe_event

__all__ = [
    "Action",
    "ActionKind",
    "CardBurned",
    "CardDealt",
    "DiscardsReshuffled",
    "DoubleDown",
    "DoubledDown",
    "Hand",
    "HandCompleted",
    "HandSplit",
    "HouseRules",
    "PlayerJoined",
    "PlayerLeft",
    "Round",
    "RoundClosed",
    "Seat",
    "ShoePrepared",
    "TipDoubleDown",
    "WagerAccepted",
    "WagerSettled",
    "count",
    "describe_event",
    "total",
]
