"""A tournament command as a person types it (the command line, the web page's form): its
arguments read and checked (names, counts of chips, a card, seats, a fee, shares), then run on
the tournament, refused with its section when the rules refuse it and changing nothing then.
``TournamentDesk.do`` records what it returns; nothing here reads or writes the store."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from croupier.core.errors import InvalidInput
from croupier.core.events import Event
from croupier.core.money import parse_money
from croupier.tournaments import Tournament
from croupier.tournaments.events import FeeKind

COMMANDS = (
    "register",
    "refund",
    "rebuy",
    "add_on",
    "start",
    "transfer_buy_in",
    "next_level",
    "start_hand",
    "player_returned",
    "record_hand",
    "eliminate",
    "withdraw",
    "cash_out",
    "end_round",
    "finish",
    "agree_split",
    "award_prize",
    "move_player",
    "remove_chips",
    "disqualify",
)
FEE_COMMANDS = frozenset({"register", "refund", "rebuy", "add_on"})
"""Commands that take or hand back a fee: a cashier's or a manager's (-09-07.1.c)."""
ALIASES = {
    "split": "agree_split",
    "addon": "add_on",
    "transfer": "transfer_buy_in",
    "award": "award_prize",
    "move": "move_player",
}


def normalize_command(command: str) -> str:
    """``add-on``, ``Add_On`` and ``addon`` are ``add_on``; ``split`` is ``agree_split``."""
    name = command.strip().lower().replace("-", "_")
    name = ALIASES.get(name, name)
    if name not in COMMANDS:
        raise InvalidInput(f"no tournament command {command!r}; one of {', '.join(COMMANDS)}")
    return name


def _text(args: Mapping[str, Any], key: str, required: bool = False) -> str:
    value = args.get(key)
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise InvalidInput(f"give the {key.replace('_', ' ')}")
        return ""
    if not isinstance(value, str | int):
        raise InvalidInput(f"{key} is text, got {value!r}")
    return str(value).strip()


def _optional(args: Mapping[str, Any], key: str) -> str | None:
    return _text(args, key) or None


def _int(value: object, what: str) -> int:
    if isinstance(value, bool):
        raise InvalidInput(f"{what} is a whole number, got {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, str) and re.fullmatch(r"\s*[+-]?\d{1,12}\s*", value, re.ASCII):
        return int(value)
    raise InvalidInput(f"{what} is a whole number, got {value!r}")


def _pairs(value: object, what: str) -> dict[str, str]:
    """``ann=500,bob=-500`` (or a mapping) as player -> text."""
    if value is None or value == "":
        return {}
    if isinstance(value, Mapping):
        return {str(k).strip(): str(v).strip() for k, v in value.items()}
    if not isinstance(value, str):
        raise InvalidInput(f"{what}: write player=value, comma-separated")
    out: dict[str, str] = {}
    for part in value.split(","):
        if not part.strip():
            continue
        name, sep, amount = part.partition("=")
        if not sep or not name.strip() or not amount.strip():
            raise InvalidInput(f"{what}: {part.strip()!r} is not player=value")
        if name.strip() in out:
            raise InvalidInput(f"{what}: {name.strip()} named twice")
        out[name.strip()] = amount.strip()
    return out


def _chips(value: object, what: str) -> dict[str, int]:
    return {k: _int(v, f"{what} of {k}") for k, v in _pairs(value, what).items()}


def _card(value: object) -> tuple[int, int] | None:
    if value is None or value == "":
        return None
    if isinstance(value, str):
        parts: list[Any] = [p for p in re.split(r"[\s,/]+", value.strip()) if p]
    elif isinstance(value, list | tuple):
        parts = list(value)
    else:
        raise InvalidInput(f"a seat card is table,seat; got {value!r}")
    if len(parts) != 2:
        raise InvalidInput(f"a seat card is table,seat; got {value!r}")
    return _int(parts[0], "the card's table"), _int(parts[1], "the card's seat")


def _seats(value: object) -> tuple[int, ...]:
    if value is None or value == "":
        return ()
    if isinstance(value, str):
        return tuple(_int(p, "an absent seat") for p in re.split(r"[\s,]+", value.strip()) if p)
    if isinstance(value, list | tuple):
        return tuple(_int(p, "an absent seat") for p in value)
    raise InvalidInput(f"absent seats are numbers, got {value!r}")


def _fee(value: object) -> FeeKind | None:
    """One kind of fee (``entry``, ``bounty``, ``rebuy``, ``add-on``), or all of them."""
    if value is None or value == "":
        return None
    text = str(value).strip().lower().replace("_", "-")
    try:
        return FeeKind("add-on" if text == "addon" else text)
    except ValueError:
        kinds = ", ".join(k.value for k in FeeKind)
        raise InvalidInput(f"no fee {value!r}; one of {kinds}") from None


def _shares(value: object) -> dict[str, int]:
    return {k: parse_money(v, f"the share of {k}") for k, v in _pairs(value, "shares").items()}


def run_command(
    t: Tournament,
    command: str,
    args: Mapping[str, Any],
    by: str,
    at: str,
    rng: Callable[[], Any],
) -> list[Event]:
    """Run one command on ``t`` (refused: ``RuleViolation`` or ``InvalidInput``, ``t`` as it
    was). ``by`` collects a fee; a director's move or a penalty is recorded as by ``args["by"]``
    (who decided it) or else ``by``; ``rng()`` gives the seat draw's randomness."""
    part = _optional(args, "tournament")
    player = _text(args, "player", required=command not in _NO_PLAYER)
    if command == "register":
        card = _card(args.get("card"))
        return t.register(
            player,
            collected_by=by,
            at=at,
            name=_text(args, "name"),
            address=_text(args, "address"),
            tournament=part,
            rng=None if card is not None else rng(),
            card=card,
            receipt=_optional(args, "receipt"),
        )
    if command == "refund":
        return t.refund(player, at, part, fee=_fee(args.get("fee")))
    if command == "rebuy":
        return t.rebuy(player, collected_by=by, at=at, tournament=part)
    if command == "add_on":
        return t.add_on(player, collected_by=by, at=at, tournament=part)
    if command == "start":
        return t.start(at, part)
    if command == "transfer_buy_in":
        return t.transfer_buy_in(_text(args, "receipt", True), _text(args, "to", True), at)
    if command == "next_level":
        return t.next_level(at, part)
    if command == "start_hand":
        table = _int(args.get("table"), "the table")
        return t.start_hand(table, at, absent=_seats(args.get("absent")), tournament=part)
    if command == "player_returned":
        table = _int(args.get("table"), "the table")
        return t.player_returned(table, _int(args.get("seat"), "the seat"), at, part)
    if command == "record_hand":
        bets = args.get("bets")
        return t.record_hand(
            _int(args.get("table"), "the table"),
            _chips(args.get("chips"), "chips"),
            at,
            bets=_chips(bets, "bets") if bets not in (None, "") else None,
            eliminated_by=_pairs(args.get("eliminated_by"), "eliminated by") or None,
            tournament=part,
        )
    if command == "eliminate":
        return t.eliminate(player, at, by=_optional(args, "eliminated_by"), tournament=part)
    if command == "withdraw":
        return t.withdraw(player, at, part)
    if command == "cash_out":
        return t.cash_out(player, part)
    if command == "end_round":
        return t.end_round(at, part)
    if command == "finish":
        return t.finish(at, part)
    if command == "agree_split":
        return t.agree_split(_shares(args.get("shares")), at, part)
    if command == "award_prize":
        return t.award_prize(player, _int(args.get("place"), "the place"), at, part)
    if command == "move_player":
        seat = args.get("seat")
        return t.move_player(
            player,
            _int(args.get("table"), "the table"),
            at,
            by=_text(args, "by") or by,
            seat=None if seat in (None, "") else _int(seat, "the seat"),
            tournament=part,
        )
    if command == "remove_chips":
        return t.remove_chips(
            player,
            _int(args.get("chips"), "the chips removed"),
            at,
            by=_text(args, "by") or by,
            reason=_text(args, "reason", required=True),
            tournament=part,
        )
    if command == "disqualify":
        return t.disqualify(
            player,
            at,
            by=_text(args, "by") or by,
            reason=_text(args, "reason", required=True),
            tournament=part,
        )
    raise InvalidInput(f"no tournament command {command!r}")  # pragma: no cover


_NO_PLAYER = frozenset(
    {
        "start",
        "transfer_buy_in",
        "next_level",
        "start_hand",
        "player_returned",
        "record_hand",
        "end_round",
        "finish",
        "agree_split",
    }
)
