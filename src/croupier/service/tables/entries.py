"""Actions with an amount or a name typed at the console, still chosen among those offered.

The table page never builds a game action: it sends back the number of an action the rules
offer now (``TablesDesk.choose``). Some actions differ only by an amount or a place the person
names: a paddlewheel bet of so many chips on a spot (the engine offers one chip on each spot,
248 buttons for three players, issue 27), chips bought for so many dollars, a poker bet or raise
of an amount. Those are offered here as one *entry* per kind of action and seat, with the fields
the person fills in: a money amount in dollars, a count of chips, a number (a ticket's), a
choice among the values the engine offered (the spots) or a name. The action is then the offered
one with those fields replaced, and the engine judges it like any other (its refusal cites the
section). Nothing else of the action can be changed, and a choice outside the offered values is
refused.

Which fields of which action are typed is declared per game (``ENTRIES``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from croupier.core.errors import InvalidInput
from croupier.core.money import parse_money

MONEY, COUNT, CHOICE, TEXT, NUMBER = "money", "count", "choice", "text", "number"

ENTRIES: dict[str, dict[str, tuple[tuple[str, str], ...]]] = {
    "paddlewheel": {
        "Join": (("player", TEXT),),
        "BuyChips": (("currency", MONEY),),
        "ExchangeCasinoChips": (("amount", MONEY),),
        "PlaceBet": (("spot", CHOICE), ("chips", COUNT)),
        "RemoveBet": (("spot", CHOICE), ("chips", COUNT)),
        "Tip": (("chips", COUNT),),
        "RedeemChips": (("chips", COUNT),),
    },
    "paddlewheel-tickets": {
        "SellTicket": (("ticket", NUMBER), ("player", TEXT)),
    },
    "poker": {
        "Action:bet": (("amount", MONEY),),
        "Action:raise": (("amount", MONEY),),
    },
}
"""Game -> action (its class name, ``:kind`` for a game whose actions have kinds) -> the fields
typed at the console and what each holds."""

MOST_CHIPS = 10_000


@dataclass(frozen=True)
class Field:
    """A field of an entry: its name, what it holds and, for a choice, the values offered."""

    name: str
    kind: str
    choices: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "choices": list(self.choices)}


@dataclass(frozen=True)
class Entry:
    """Offered actions of one kind for one seat, to be completed with ``fields``."""

    key: str
    seat: int | None
    fields: tuple[Field, ...]
    offered: tuple[Any, ...]


def key_of(action: object) -> str:
    kind = getattr(action, "kind", None)
    value = getattr(kind, "value", None)
    return type(action).__name__ + (f":{value}" if isinstance(value, str) else "")


def _seat_of(action: object) -> int | None:
    seat = getattr(action, "seat", getattr(action, "space", None))
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def grouped(game: str, actions: Sequence[Any]) -> list[Any]:
    """The offered actions with those of an entry kind gathered, per seat, into one ``Entry``
    at the place of their first; every other action as it is."""
    declared = ENTRIES.get(game, {})
    out: list[Any] = []
    groups: dict[tuple[str, int | None], list[Any]] = {}
    for action in actions:
        key = key_of(action)
        if key not in declared:
            out.append(action)
            continue
        slot = (key, _seat_of(action))
        if slot not in groups:
            groups[slot] = []
            out.append(slot)
        groups[slot].append(action)
    result: list[Any] = []
    for item in out:
        if isinstance(item, tuple):
            key, seat = item
            offered = tuple(groups[item])
            fields = tuple(
                Field(
                    name,
                    kind,
                    tuple(dict.fromkeys(str(getattr(a, name)) for a in offered))
                    if kind == CHOICE
                    else (),
                )
                for name, kind in declared[key]
            )
            result.append(Entry(key, seat, fields, offered))
        else:
            result.append(item)
    return result


def entry_label(entry: Entry) -> str:
    """``place bet (seat 1)``, ``raise (seat 3)``."""
    name = entry.key.split(":")[-1]
    if name in ("raise", "bet"):  # poker: the amount typed is what the seat's bet comes to
        name = f"{name} to"
    words = "".join(f" {c.lower()}" if c.isupper() else c for c in name).strip()
    return words + (f" (seat {entry.seat})" if entry.seat is not None else "")


def complete(entry: Entry, values: Mapping[str, object]) -> Any:
    """The offered action with the entry's fields set from ``values`` (as typed: dollars, a
    count, one of the choices, a name); any other key, a missing field or a value that
    cannot be read is ``InvalidInput`` naming it."""
    if not isinstance(values, Mapping):
        raise InvalidInput("the entry's values are missing")
    known = {f.name for f in entry.fields}
    extra = sorted(set(values) - known)
    if extra:
        raise InvalidInput(f"not a field of {entry_label(entry)}: {', '.join(extra)}")
    changes: dict[str, object] = {}
    for f in entry.fields:
        raw = values.get(f.name)
        text = str(raw).strip() if raw is not None else ""
        if not text:
            raise InvalidInput(f"{entry_label(entry)}: say the {f.name}")
        if f.kind == MONEY:
            changes[f.name] = parse_money(text, f.name)
        elif f.kind == COUNT:
            if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= MOST_CHIPS:
                raise InvalidInput(
                    f"{entry_label(entry)}: {f.name} is a count of chips from 1 to "
                    f"{MOST_CHIPS:,}, not {text!r}"
                )
            changes[f.name] = int(text)
        elif f.kind == NUMBER:
            if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= MOST_CHIPS:
                raise InvalidInput(
                    f"{entry_label(entry)}: {f.name} is a number from 1 to {MOST_CHIPS:,}, "
                    f"not {text!r}"
                )
            changes[f.name] = int(text)
        elif f.kind == CHOICE:
            if text not in f.choices:
                shown = ", ".join(f.choices[:12]) + (" ..." if len(f.choices) > 12 else "")
                raise InvalidInput(f"{entry_label(entry)}: {f.name} {text!r} is not one of {shown}")
            changes[f.name] = text
        else:
            if len(text) > 40:
                raise InvalidInput(f"{entry_label(entry)}: {f.name} is at most 40 characters")
            changes[f.name] = text
    base = entry.offered[0]
    for f in entry.fields:  # the offered action of the chosen spot: its other fields are its own
        if f.kind == CHOICE:
            base = next(a for a in entry.offered if str(getattr(a, f.name)) == changes[f.name])
    return dataclasses.replace(base, **changes)
