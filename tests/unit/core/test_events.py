"""Events: frozen dataclasses with a canonical JSON form that round-trips exactly."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass
from enum import Enum

import pytest

from croupier.core.cards import Card, parse_card
from croupier.core.errors import InvalidInput
from croupier.core.events import Event, canonical_json, event, event_from_dict, event_from_json


class Kind(Enum):
    ORIGINAL = "original"
    TIP = "tip"


@dataclass(frozen=True, slots=True)
class Stake:
    kind: Kind
    cents: int


@event("test.core.sample")
@dataclass(frozen=True, slots=True)
class Sample(Event):
    space: int
    card: Card
    cards: tuple[Card, ...]
    stakes: tuple[Stake, ...]
    note: str | None = None
    labels: dict[str, int] | None = None


def sample() -> Sample:
    return Sample(
        space=3,
        card=parse_card("10d"),
        cards=(parse_card("Ah"), parse_card("7c")),
        stakes=(Stake(Kind.ORIGINAL, 1000), Stake(Kind.TIP, 50)),
        labels={"a": 1},
    )


def test_round_trip_through_dict_and_json() -> None:
    ev = sample()
    assert event_from_dict(ev.to_dict()) == ev
    assert event_from_json(ev.to_json()) == ev


def test_canonical_json_is_stable() -> None:
    ev = sample()
    assert ev.to_json() == canonical_json(ev.to_dict())
    assert ev.to_json().startswith('{"card":"Td","cards":["Ah","7c"]')


def test_events_are_frozen() -> None:
    with pytest.raises(FrozenInstanceError):
        sample().space = 4  # type: ignore[misc]


def test_unknown_type_and_bad_fields_are_refused() -> None:
    with pytest.raises(InvalidInput, match="unknown event type"):
        event_from_dict({"type": "nope"})
    data = sample().to_dict()
    data["space"] = "three"
    with pytest.raises(InvalidInput, match="space"):
        event_from_dict(data)
    data = sample().to_dict()
    data["extra"] = 1
    with pytest.raises(InvalidInput, match="unknown fields"):
        event_from_dict(data)
    data = sample().to_dict()
    del data["card"]
    with pytest.raises(InvalidInput, match="missing field"):
        event_from_dict(data)


def test_floats_never_enter_an_event() -> None:
    @event("test.core.floaty")
    @dataclass(frozen=True, slots=True)
    class Floaty(Event):
        amount: int

    with pytest.raises(TypeError, match="float"):
        Floaty(amount=1.5).to_dict()  # type: ignore[arg-type]


def test_an_enum_value_decodes_to_its_member_and_nothing_else_does() -> None:
    data = sample().to_dict()
    decoded = event_from_dict(data)
    assert isinstance(decoded, Sample)
    assert decoded.stakes[1].kind is Kind.TIP
    for bad in ("bonus", ["tip"], 7, None):
        wrong = sample().to_dict()
        wrong["stakes"] = [{"kind": bad, "cents": 50}]
        with pytest.raises(InvalidInput, match="stakes"):
            event_from_dict(wrong)


def test_a_small_value_decoded_again_is_shared_and_still_checked() -> None:
    """A frozen value of an enum and a number (a chip line's shape) is decoded once per distinct
    JSON and shared: the same instance wherever it recurs, equal to one built directly; a flag,
    a float, text or a list where the number belongs, or the number missing, is refused even
    after the number itself was seen."""
    data = sample().to_dict()
    data["stakes"] = [
        {"kind": "tip", "cents": 100},
        {"kind": "tip", "cents": 100},
        {"kind": "original", "cents": 100},
    ]
    first = event_from_dict(data)
    again = event_from_dict(data)
    assert isinstance(first, Sample)
    assert isinstance(again, Sample)
    assert first.stakes == (Stake(Kind.TIP, 100), Stake(Kind.TIP, 100), Stake(Kind.ORIGINAL, 100))
    assert first.stakes[0] is first.stakes[1]
    assert first.stakes[0] is again.stakes[0]
    assert first.stakes[2] is not first.stakes[0]
    for bad in (True, 100.0, "100", [100], {"cents": 100}):
        data["stakes"] = [{"kind": "tip", "cents": bad}]
        with pytest.raises(InvalidInput, match="stakes"):
            event_from_dict(data)
    data["stakes"] = [{"kind": "tip"}]
    with pytest.raises(InvalidInput, match="stakes"):
        event_from_dict(data)
    data["stakes"] = [{"kind": "bonus", "cents": 100}]
    with pytest.raises(InvalidInput, match="stakes"):
        event_from_dict(data)
