"""What a person reads for a game action at a table: its label, money in dollars, hands
counted from 1, never a card (issue 27: labels read ``raise to 150``, ``amount 1000``, four
misdeals alike). The desk labels the options it offers with it."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from croupier.core.events import Event
from croupier.core.money import format_money

HIDDEN_FIELDS = ("card", "cards", "card_no", "minutes")
"""Fields an action label never shows: a dealer's action about a card may concern one that the
dealer may not see (a hole card); a ticket card's claim minutes are the server clock's, filled
in when the claim is recorded (``TablesDesk.choose``)."""


def remedy_of(events: Sequence[Event]) -> tuple[str | None, str | None]:
    """The section and the remedy (or the fact recorded) that an irregularity's events name."""
    for e in events:
        section = getattr(e, "section", None)
        if isinstance(section, str) and section:
            text = getattr(e, "remedy", None) or getattr(e, "reason", None)
            return section, text if isinstance(text, str) else None
    return None, None


def label(action: object) -> str:
    """A person's label for a game action, money in dollars (issue 27: labels read ``raise to
    150`` and ``amount 1000``): an action with a ``kind`` (poker, twenty-one) reads as its kind,
    its seat or space and hand, and its amount (``seat 3 raise to $1.50``); any other as its
    name and its fields, every field of money in dollars (never a card)."""
    kind = getattr(action, "kind", None)
    if kind is not None and isinstance(getattr(kind, "value", None), str):
        return _kind_label(action, kind.value)
    name = re.sub(r"(?<!^)(?=[A-Z])", " ", type(action).__name__).lower()
    parts = []
    if dataclasses.is_dataclass(action):
        for f in dataclasses.fields(action):
            value = getattr(action, f.name)
            if f.name in HIDDEN_FIELDS or value in (None, (), False):
                continue
            if f.name in MONEY_FIELDS:
                shown = _dollars(value)
            elif f.name == "hand" and isinstance(value, int):
                shown = str(value + 1)  # hands are counted from 1 wherever a person reads them
            else:
                shown = str(value)
            parts.append(f"{f.name.replace('_', ' ')} {shown}")
    return name + (f" ({', '.join(parts)})" if parts else "")


MONEY_FIELDS = frozenset({"amount", "tip_amount", "currency", "stake", "wager", "price"})
"""The fields of the games' actions that hold cents (counts of chips do not)."""


def _dollars(value: object) -> str:
    return (
        format_money(value)
        if isinstance(value, int) and not isinstance(value, bool)
        else str(value)
    )


def _kind_label(action: object, kind: str) -> str:
    parts = []
    seat = getattr(action, "seat", None)
    if seat is not None:
        parts.append(f"seat {seat}")
    parts.append(kind)
    space = getattr(action, "space", None)
    if space is not None:
        parts.append(f"space {space}")
    hand = getattr(action, "hand", None)
    if hand:
        parts.append(f"hand {hand + 1}")  # the first hand is hand 1, as the console counts
    amount = getattr(action, "amount", None)
    if isinstance(amount, int) and not isinstance(amount, bool) and amount:
        parts.append(("to " if kind == "raise" else "") + format_money(amount))
    tip = getattr(action, "tip_amount", None)
    if isinstance(tip, int) and not isinstance(tip, bool) and tip:
        parts.append(f"tip {format_money(tip)}")
    reason = getattr(action, "reason", None)
    if isinstance(reason, str) and reason:  # four misdeals read apart (issue 27)
        return " ".join(parts) + f": {reason}"
    return " ".join(parts)
