"""Domain events: frozen dataclasses with a canonical JSON form.

Declare an event by decorating a frozen dataclass::

    @event("twentyone.card_dealt")
    @dataclass(frozen=True, slots=True)
    class CardDealt(Event):
        space: int
        card: Card

Events of the compiled poker engine are declared without the decorator and registered with
``register_events({"poker.name": Class, ...})``: mypyc compiles a class to a fast native class
only when its decorators are ones it knows.

Field types may be ``int``, ``str``, ``bool``, ``None``, ``Card``, an ``Enum``, a frozen
dataclass of such fields, ``tuple[X, ...]``, ``X | None`` and ``dict[str, X]``. ``to_dict`` gives
plain JSON data with a ``"type"`` key; ``event_from_dict`` rebuilds the identical event;
``canonical_json`` is the byte-stable form that the store hashes.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Mapping
from enum import Enum
from typing import Any, ClassVar, TypeVar, Union, get_args, get_origin

from mypy_extensions import mypyc_attr

from croupier.core.cards import Card, parse_card
from croupier.core.errors import InvalidInput

JSON = Any
"""A JSON-compatible value (dict, list, str, int, bool, None)."""

_REGISTRY: dict[str, type[Event]] = {}
E = TypeVar("E", bound="type[Event]")


@mypyc_attr(allow_interpreted_subclasses=True)
class Event:
    """Base class of all events. Subclasses are frozen dataclasses registered with ``@event``."""

    TYPE: ClassVar[str] = ""

    def to_dict(self) -> dict[str, JSON]:
        if not dataclasses.is_dataclass(self):  # pragma: no cover - programming error
            raise TypeError(f"{type(self).__name__} must be a dataclass")
        data: dict[str, JSON] = {"type": self.TYPE}
        for field in dataclasses.fields(self):
            data[field.name] = to_json_value(getattr(self, field.name))
        return data

    def to_json(self) -> str:
        return canonical_json(self.to_dict())

    def __reduce__(self) -> tuple[object, ...]:
        return reduce_dataclass(self)


def reduce_dataclass(obj: object, init_fields: int | None = None) -> tuple[object, ...]:
    """``__reduce__`` (what ``copy`` and ``pickle`` use) of a dataclass compiled by mypyc with a
    written ``__init__``: call the class with its first ``init_fields`` fields (all of them by
    default) in order, then set the others. Without it mypyc would rebuild such an object
    without running its ``__init__``, and the copy would have no attributes."""
    fields = dataclasses.fields(obj)  # type: ignore[arg-type]
    n = len(fields) if init_fields is None else init_fields
    args = tuple(getattr(obj, f.name) for f in fields[:n])
    if n == len(fields):
        return (type(obj), args)
    return (rebuild, (type(obj), args, {f.name: getattr(obj, f.name) for f in fields[n:]}))


def rebuild(cls: type, args: tuple[object, ...], others: dict[str, object]) -> object:
    """The object ``reduce_dataclass`` took apart: ``cls(*args)``, then the other fields."""
    obj = cls(*args)
    for name, value in others.items():
        setattr(obj, name, value)
    return obj


def event(name: str) -> typing.Callable[[E], E]:
    """Class decorator registering an event type under a stable, dotted ``name``."""

    def register(cls: E) -> E:
        if name in _REGISTRY and _REGISTRY[name] is not cls:
            raise TypeError(f"event type {name!r} registered twice")
        cls.TYPE = name
        _REGISTRY[name] = cls
        return cls

    return register


def register_events(named: Mapping[str, type[Event]]) -> None:
    """Register event types under stable, dotted names (what ``@event`` does for one class)."""
    for name, cls in named.items():
        if name in _REGISTRY and _REGISTRY[name] is not cls:
            raise TypeError(f"event type {name!r} registered twice")
        cls.TYPE = name
        _REGISTRY[name] = cls


def registered_event_types() -> Mapping[str, type[Event]]:
    return dict(_REGISTRY)


def canonical_json(data: JSON) -> str:
    """Byte-stable JSON: sorted keys, no spaces, UTF-8 characters kept."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def to_json_value(value: object) -> JSON:
    """Convert a field value to plain JSON data."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        raise TypeError("floats are not allowed in events (money is int cents)")
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return to_json_value(value.value)
    if isinstance(value, tuple | list):
        return [to_json_value(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): to_json_value(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json_value(getattr(value, f.name)) for f in dataclasses.fields(value)}
    raise TypeError(f"cannot put {type(value).__name__} into an event")


def from_json_value(tp: Any, value: JSON) -> Any:
    """Rebuild a field value of annotated type ``tp`` from JSON data."""
    return _decoder(tp)(value)


Decoder = typing.Callable[[Any], Any]
_DECODERS: dict[Any, Decoder] = {}


def _decoder(tp: Any) -> Decoder:
    """The function that rebuilds values of type ``tp``, built once per type: decoding a stored
    event then costs a few calls per field instead of re-inspecting its annotations."""
    found = _DECODERS.get(tp)
    if found is None:
        found = _build_decoder(tp)
        _DECODERS[tp] = found
    return found


def _union_decoder(tp: Any) -> Decoder:
    args = get_args(tp)
    optional = type(None) in args
    parts = [(arg, _decoder(arg)) for arg in args if arg is not type(None)]

    def decode(value: Any) -> Any:
        if value is None and optional:
            return None
        errors: list[str] = []
        for _arg, part in parts:
            try:
                return part(value)
            except (TypeError, ValueError, InvalidInput) as exc:
                errors.append(str(exc))
        raise ValueError(f"{value!r} matches none of {tp}: {errors}")

    return decode


def _tuple_decoder(tp: Any) -> Decoder:
    args = get_args(tp)
    if len(args) == 2 and args[1] is Ellipsis:
        item = _decoder(args[0])

        def decode_all(value: Any) -> Any:
            if not isinstance(value, list):
                raise ValueError(f"expected a list for {tp}, got {value!r}")
            return tuple(item(v) for v in value)

        return decode_all
    items = [_decoder(a) for a in args]

    def decode_fixed(value: Any) -> Any:
        if not isinstance(value, list):
            raise ValueError(f"expected a list for {tp}, got {value!r}")
        return tuple(f(v) for f, v in zip(items, value, strict=True))

    return decode_fixed


def _mapping_decoder(tp: Any) -> Decoder:
    _key_tp, val_tp = get_args(tp)
    item = _decoder(val_tp)

    def decode(value: Any) -> Any:
        if not isinstance(value, dict):
            raise ValueError(f"expected an object for {tp}, got {value!r}")
        return {k: item(v) for k, v in value.items()}

    return decode


def _scalar(tp: type, what: str) -> Decoder:
    def decode(value: Any) -> Any:
        if isinstance(value, bool) and tp is not bool:
            raise ValueError(f"expected {what}, got {value!r}")
        if not isinstance(value, tp):
            raise ValueError(f"expected {what}, got {value!r}")
        return value

    return decode


def _card(value: Any) -> Any:
    if not isinstance(value, str):
        raise ValueError(f"expected a card, got {value!r}")
    return parse_card(value)


def _none(value: Any) -> Any:
    if value is not None:
        raise ValueError(f"expected null, got {value!r}")
    return None


def _any(value: Any) -> Any:
    return value


SHARED_MAX = 4_096
"""The most decoded values of one small value class kept for sharing (``_dataclass_decoder``)."""

_ABSENT = object()


def _is_number_like(hint: Any) -> bool:
    """A field type whose JSON is one number or flag: ``int``, ``bool``, an enum, or one of
    those or None (no text: ids, times and names are seldom repeated)."""
    if hint is int or hint is bool:
        return True
    if isinstance(hint, type) and issubclass(hint, Enum):
        return True
    if get_origin(hint) in (Union, types.UnionType):
        return all(a is type(None) or _is_number_like(a) for a in get_args(hint))
    return False


def _dataclass_decoder(tp: type) -> Decoder:
    spec = _field_types(tp)
    fields = [(name, _decoder(hint)) for name, hint, _optional in spec]

    def decode(value: Any) -> Any:
        if not isinstance(value, dict):
            raise ValueError(f"expected an object for {tp.__name__}, got {value!r}")
        return tp(**{name: part(value[name]) for name, part in fields if name in value})

    params = getattr(tp, "__dataclass_params__", None)
    if params is None or not params.frozen or not all(_is_number_like(h) for _, h, _ in spec):
        return decode
    # A small frozen value of numbers and enums (a chip line: a books digest holds tens of
    # thousands, a few hundred of them distinct): one instance per distinct JSON, decoded (and
    # checked) the first time it is seen. The key holds each value's class, so that ``true``
    # is never taken for ``1``.
    names = [name for name, _, _ in spec]
    shared: dict[tuple[Any, ...], Any] = {}

    def decode_shared(value: Any) -> Any:
        if not isinstance(value, dict):
            return decode(value)
        raw = [value.get(name, _ABSENT) for name in names]
        key = tuple([(v.__class__, v) for v in raw])
        try:
            found = shared.get(key)
        except TypeError:  # a list or an object where a number belongs: refused as before
            return decode(value)
        if found is None:
            found = decode(value)
            if len(shared) < SHARED_MAX:
                shared[key] = found
        return found

    return decode_shared


def _enum_decoder(tp: type[Enum]) -> Decoder:
    """An enum's member from its value by one dictionary look-up (calling the class costs
    microseconds: a books digest decodes tens of thousands); anything the look-up does not find
    goes to the class, which answers or refuses as it always did."""
    members: dict[Any, Enum] = dict(tp._value2member_map_)

    def decode(value: Any) -> Any:
        try:
            return members[value]
        except (KeyError, TypeError):
            return tp(value)

    return decode


def _build_decoder(tp: Any) -> Decoder:
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        return _union_decoder(tp)
    if origin is tuple:
        return _tuple_decoder(tp)
    if origin in (dict, Mapping):
        return _mapping_decoder(tp)
    if tp is Any:
        return _any
    if tp is Card:
        return _card
    if isinstance(tp, type) and issubclass(tp, Enum):
        return _enum_decoder(tp)
    if tp is bool:
        return _scalar(bool, "a boolean")
    if tp is int:
        return _scalar(int, "an integer")
    if tp is str:
        return _scalar(str, "a string")
    if tp is type(None):
        return _none
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_decoder(tp)
    raise TypeError(f"unsupported event field type {tp!r}")


_FIELD_TYPES: dict[type, tuple[tuple[str, Any, bool], ...]] = {}


def _field_types(cls: type) -> tuple[tuple[str, Any, bool], ...]:
    """(name, resolved type, has a default) of each field of a dataclass, resolved once per
    class: ``typing.get_type_hints`` compiles every string annotation each time it is called,
    which made decoding a stored event cost hundreds of microseconds."""
    found = _FIELD_TYPES.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = tuple(
            (
                f.name,
                hints[f.name],
                f.default is not dataclasses.MISSING
                or f.default_factory is not dataclasses.MISSING,
            )
            for f in dataclasses.fields(cls)
        )
        _FIELD_TYPES[cls] = found
    return found


def event_from_dict(data: Mapping[str, JSON]) -> Event:
    """Rebuild an event from its ``to_dict`` form; unknown types and bad fields are refused."""
    name = data.get("type")
    if not isinstance(name, str) or name not in _REGISTRY:
        raise InvalidInput(f"unknown event type {name!r}")
    cls = _REGISTRY[name]
    fields = _field_types(cls)
    kwargs: dict[str, Any] = {}
    for field_name, hint, optional in fields:
        if field_name not in data:
            if optional:
                continue
            raise InvalidInput(f"event {name!r} is missing field {field_name!r}")
        try:
            kwargs[field_name] = _decoder(hint)(data[field_name])
        except (TypeError, ValueError) as exc:
            raise InvalidInput(f"event {name!r} field {field_name!r}: {exc}") from exc
    extra = set(data) - {"type"} - {f[0] for f in fields}
    if extra:
        raise InvalidInput(f"event {name!r} has unknown fields {sorted(extra)}")
    return cls(**kwargs)


def event_from_json(text: str) -> Event:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidInput(f"event is not valid JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise InvalidInput("an event must be a JSON object")
    return event_from_dict(data)
