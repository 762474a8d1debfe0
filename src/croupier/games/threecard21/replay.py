"""Round files for Three Card 21 "N" Done (docs/round-files/threecard21.md).

``replay(round_file)`` builds the round from ``rules``, ``seats`` and ``setup``, deals the
``shoe`` cards whenever a card is due and applies ``actions`` in order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from croupier.core.cards import Card, check_cards_from_decks, parse_card
from croupier.core.errors import InvalidInput
from croupier.core.events import Event
from croupier.games.base import PendingKind, ReplayResult
from croupier.games.roundfile import RoundFile
from croupier.games.threecard21 import actions as a
from croupier.games.threecard21.events import (
    CardBurned,
    CardDealt,
    Decision,
    Irregularity,
    WagerSettled,
)
from croupier.games.threecard21.model import Phase
from croupier.games.threecard21.rules import rules_from_dict
from croupier.games.threecard21.state import PersonWager, Round, SpotWagers

SOURCE = "threecard21 round file"


def _int(data: Mapping[str, Any], key: str, default: int | None = None) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(f"{SOURCE}: {key!r} must be an integer in {dict(data)!r}")
    return value


def _bool(data: Mapping[str, Any], key: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise InvalidInput(f"{SOURCE}: {key!r} must be true or false in {dict(data)!r}")
    return value


def _opt_str(data: Mapping[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise InvalidInput(f"{SOURCE}: {key!r} must be text in {dict(data)!r}")
    return value


def _check_keys(data: Mapping[str, Any], allowed: set[str], what: str) -> None:
    extra = set(data) - allowed
    if extra:
        raise InvalidInput(f"{SOURCE}: unknown keys {sorted(extra)} in {what} {dict(data)!r}")


def _person(data: Mapping[str, Any]) -> PersonWager:
    _check_keys(data, {"name", "wager", "bonus", "seated"}, "player")
    bonus = data.get("bonus")
    return PersonWager(
        amount=_int(data, "wager"),
        name=_opt_str(data, "name"),
        seated=_bool(data, "seated", False),
        bonus=None if bonus is None else _int(data, "bonus"),
    )


def parse_seats(seats: Sequence[Mapping[str, Any]]) -> list[SpotWagers]:
    """``{"space": 1, "wager": 1000}`` or ``{"space": 2, "players": [{"name": "A", ...}]}``."""
    out: list[SpotWagers] = []
    for seat in seats:
        _check_keys(seat, {"space", "wager", "bonus", "player", "players"}, "seat")
        space = _int(seat, "space")
        if "players" in seat:
            players = seat["players"]
            if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
                raise InvalidInput(f"{SOURCE}: 'players' must be a list of objects")
            out.append(SpotWagers(space, tuple(_person(p) for p in players)))
        else:
            person = {"wager": seat.get("wager"), "bonus": seat.get("bonus")}
            if seat.get("player") is not None:
                person["name"] = seat["player"]
            out.append(
                SpotWagers(space, (_person({k: v for k, v in person.items() if v is not None}),))
            )
    return out


Builder = Callable[[Mapping[str, Any], Callable[[], Card]], object]


def _card_or_next(data: Mapping[str, Any], next_card: Callable[[], Card]) -> Card:
    text = data.get("card")
    return parse_card(text) if isinstance(text, str) else next_card()


# name -> (allowed keys, builder, which cards to deal before applying: "all" that are due,
# "initial" (finish the initial deal only) or "none")
ACTIONS: dict[str, tuple[set[str], Builder, str]] = {
    "change_wager": (
        {"space", "amount", "player"},
        lambda d, n: a.ChangeWager(_int(d, "space"), _int(d, "amount"), _opt_str(d, "player")),
        "none",
    ),
    "insure": (
        {"space", "amount", "player"},
        lambda d, n: a.Insure(_int(d, "space"), _int(d, "amount"), _opt_str(d, "player")),
        "all",
    ),
    "decline_insurance": (
        {"space", "player"},
        lambda d, n: a.DeclineInsurance(_int(d, "space"), _opt_str(d, "player")),
        "all",
    ),
    "surrender": ({"space"}, lambda d, n: a.Surrender(_int(d, "space")), "all"),
    "decline_surrender": ({"space"}, lambda d, n: a.DeclineSurrender(_int(d, "space")), "all"),
    "stand": ({"space", "hand"}, lambda d, n: a.Stand(_int(d, "space"), _int(d, "hand", 0)), "all"),
    "hit": ({"space", "hand"}, lambda d, n: a.Hit(_int(d, "space"), _int(d, "hand", 0)), "all"),
    "double": (
        {"space", "hand", "amount", "others"},
        lambda d, n: a.Double(
            _int(d, "space"), _int(d, "hand", 0), _int(d, "amount"), _others_amounts(d)
        ),
        "all",
    ),
    "split": (
        {"space", "others"},
        lambda d, n: a.Split(_int(d, "space"), _others_names(d)),
        "all",
    ),
    "face_up_in_shoe": (
        {"card"},
        lambda d, n: a.FaceUpCardInShoe(_card_or_next(d, n)),
        "none",
    ),
    "unexposed_card_drawn_in_error": (set(), lambda d, n: a.UnexposedCardDrawnInError(), "none"),
    "exposed_card_drawn_in_error": (
        {"card"},
        lambda d, n: a.ExposedCardDrawnInError(_card_or_next(d, n)),
        "initial",
    ),
    "refuse_exposed_card": ({"space"}, lambda d, n: a.RefuseExposedCard(_int(d, "space")), "all"),
    "dealer_drew_in_error": (
        {"card"},
        lambda d, n: a.DealerDrewInError(_card_or_next(d, n)),
        "all",
    ),
    "dealer_card_missed": ({"card"}, lambda d, n: a.DealerCardMissed(), "none"),
    "insufficient_cards": (set(), lambda d, n: a.InsufficientCards(), "none"),
    "spot_missed": (
        {"space", "card", "take_late_card"},
        lambda d, n: a.SpotMissed(_int(d, "space"), _bool(d, "take_late_card", True)),
        "none",
    ),
    "hit_missed": (
        {"space", "hand", "late"},
        lambda d, n: a.HitMissed(_int(d, "space"), _int(d, "hand", 0), _bool(d, "late", True)),
        "initial",
    ),
    "shuffler_malfunction": (set(), lambda d, n: a.ShufflerMalfunction(), "none"),
    "shuffler_removed": (
        {"supervisor_inspected"},
        lambda d, n: a.ShufflerRemoved(_bool(d, "supervisor_inspected", True)),
        "none",
    ),
    "reader_inserted_in_error": (
        {"device_reveals_hole_card"},
        lambda d, n: a.ReaderInsertedInError(_bool(d, "device_reveals_hole_card", False)),
        "initial",
    ),
    "reader_malfunction": (set(), lambda d, n: a.ReaderMalfunction(), "none"),
}


def _others_amounts(d: Mapping[str, Any]) -> tuple[tuple[str, int], ...]:
    others = d.get("others", {})
    if not isinstance(others, dict):
        raise InvalidInput(f"{SOURCE}: double 'others' must map names to amounts")
    return tuple((str(k), _int(others, k)) for k in others)


def _others_names(d: Mapping[str, Any]) -> tuple[str, ...]:
    others = d.get("others", [])
    if not isinstance(others, list) or not all(isinstance(x, str) for x in others):
        raise InvalidInput(f"{SOURCE}: split 'others' must be a list of names")
    return tuple(others)


class _Shoe:
    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards = list(cards)
        self.used = 0

    def next(self) -> Card:
        if self.used >= len(self.cards):
            raise InvalidInput(f"{SOURCE}: the shoe ran out after {self.used} cards")
        card = self.cards[self.used]
        self.used += 1
        return card


def _wants_position(state: Round, name: str, data: Mapping[str, Any]) -> bool:
    """For spot_missed / dealer_card_missed: is the deal at the card the action names?"""
    p = state.pending
    if p.kind is not PendingKind.CHANCE or p.detail == "burn card":
        return False
    card_no = data.get("card", 1)
    if name == "spot_missed":
        return p.seat == data.get("space") and p.detail == f"card {card_no}"
    wanted = "dealer's up card" if card_no == 1 else "dealer's hole card"
    return p.detail == wanted


def replay(round_file: RoundFile) -> ReplayResult:
    """Play a round file through the engine and return its settlement and events."""
    rules = rules_from_dict(round_file.rules)
    _check_keys(round_file.setup, {"burn"}, "setup")
    burn = _bool(round_file.setup, "burn", False)
    cards = [parse_card(c) for c in (round_file.shoe or [])]
    check_cards_from_decks(cards, rules.decks)
    shoe = _Shoe(cards)
    state = Round(rules, parse_seats(round_file.seats), burn_first=burn)
    events: list[Event] = list(state.opening_events)

    def deal_while(cond: Callable[[], bool]) -> None:
        while state.pending.kind is PendingKind.CHANCE and cond():
            events.extend(state.apply(a.Deal(shoe.next())))

    for index, item in enumerate(round_file.actions):
        name = item.get("action")
        if not isinstance(name, str) or name not in ACTIONS:
            raise InvalidInput(
                f"{SOURCE}: action {index + 1} has unknown 'action' {name!r}; known: "
                f"{', '.join(sorted(ACTIONS))}"
            )
        allowed, build, deal_first = ACTIONS[name]
        _check_keys(item, allowed | {"action"}, f"action {index + 1}")
        if deal_first == "all":
            deal_while(lambda: True)
        elif deal_first == "initial":
            deal_while(lambda: state.phase is Phase.DEALING)
        elif name in ("spot_missed", "dealer_card_missed"):
            deal_while(lambda n=name, d=item: not _wants_position(state, n, d))  # type: ignore[misc]
        events.extend(state.apply(build(item, shoe.next)))
    deal_while(lambda: True)
    pending = state.pending
    if pending.kind is not PendingKind.NONE:
        raise InvalidInput(
            f"{SOURCE}: the actions end while space {pending.seat} must decide ({pending.detail})"
        )
    return ReplayResult(state.settlement(), tuple(events), tuple(transcript(events)))


def transcript(events: Sequence[Event]) -> list[str]:
    """A dealer's play-by-play of the events."""
    lines: list[str] = []
    for e in events:
        if isinstance(e, CardDealt):
            who = "dealer" if e.space == 0 else f"space {e.space} hand {e.hand}"
            lines.append(f"{who}: {e.card if e.face_up else 'face-down card'}")
        elif isinstance(e, CardBurned):
            lines.append(f"burned {e.card} ({e.reason})")
        elif isinstance(e, Decision):
            lines.append(f"space {e.space} hand {e.hand}: {e.decision}")
        elif isinstance(e, WagerSettled):
            who = f" ({e.player})" if e.player else ""
            lines.append(
                f"space {e.space} hand {e.hand} {e.kind}{who}: {e.result} {e.net:+d} cents"
            )
        elif isinstance(e, Irregularity):
            lines.append(f"irregularity {e.section}: {e.what} -> {e.remedy}")
        else:
            lines.append(str(e.to_dict()))
    return lines
