"""Round files for Three Card 21 "N" Done (docs/round-files/threecard21.md).

``replay(round_file)`` builds the setup from ``seats`` and ``setup``, turns ``actions`` and the
``shoe`` into a ``Script`` (the shoe's next card whenever a card is due) and plays it through
the shared harness (``croupier.games.harness.replay``): an item with ``"refused": "<section>"``
must be refused under exactly that section, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from croupier.core.cards import Card, check_cards_from_decks, parse_card
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.core.money import format_money
from croupier.games import harness
from croupier.games.base import PendingKind, ReplayResult
from croupier.games.harness import ScriptItem
from croupier.games.roundfile import RoundFile, with_card_trace
from croupier.games.threecard21 import actions as a
from croupier.games.threecard21.actions import Action
from croupier.games.threecard21.events import (
    ActionTaken,
    BonusResolved,
    CardBurned,
    CardDealt,
    DealerFinished,
    Decision,
    HoleCardChecked,
    HoleCardRevealed,
    InsuranceDeclined,
    Irregularity,
    RoundVoided,
    SurrenderDecided,
    TotalAnnounced,
    WagerPlaced,
    WagerSettled,
)
from croupier.games.threecard21.game import GAME, Setup
from croupier.games.threecard21.model import Phase, irregularity_section
from croupier.games.threecard21.rules import HouseRules, rules_from_dict
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


Builder = Callable[[Mapping[str, Any], Callable[[], Card]], Action]


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
        {"card", "after_cards"},
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
    "insufficient_cards": ({"after_cards"}, lambda d, n: a.InsufficientCards(), "none"),
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


class RoundFileScript:
    """A round file's ``actions`` as a ``Script``: before each action, the shoe's next cards
    for whatever the round owes (every card due, the initial deal only, or up to the card an
    irregularity names; see docs/round-files/threecard21.md); after the last, every card due."""

    def __init__(self, actions: Sequence[Mapping[str, Any]], shoe: Sequence[Card]) -> None:
        self.actions = actions
        self.shoe = _Shoe(shoe)
        self.index = 0

    def next(self, state: Round) -> ScriptItem[Action] | None:
        due = state.pending
        if self.index >= len(self.actions):
            if due.kind is PendingKind.CHANCE:
                return ScriptItem(a.Deal(self.shoe.next()), label="card from the shoe")
            if due.kind is not PendingKind.NONE:
                raise InvalidInput(
                    f"{SOURCE}: the actions end while space {due.seat} must decide ({due.detail})"
                )
            return None
        item = self.actions[self.index]
        name = item.get("action")
        if not isinstance(name, str) or name not in ACTIONS:
            raise InvalidInput(
                f"{SOURCE}: action {self.index + 1} has unknown 'action' {name!r}; known: "
                f"{', '.join(sorted(ACTIONS))}"
            )
        allowed, build, deal_first = ACTIONS[name]
        _check_keys(item, allowed | {"action", "refused"}, f"action {self.index + 1}")
        refused = item.get("refused")
        if refused is not None and not isinstance(refused, str):
            raise InvalidInput(f"{SOURCE}: 'refused' must name a section in {dict(item)!r}")
        try:
            _check_anchor(name, item, self.index + 1)
        except RuleViolation as exc:
            if refused is None:
                raise
            if exc.section != refused:
                raise InvalidInput(
                    f"{SOURCE}: action {self.index + 1} was refused under {exc.section}, not "
                    f"{refused}: {exc}"
                ) from exc
            self.index += 1
            return self.next(state)
        after = self._after_cards(item, due)
        if after is not None:
            if self.shoe.used < after:
                return ScriptItem(a.Deal(self.shoe.next()), label="card from the shoe")
        elif due.kind is PendingKind.CHANCE and _deal_before(state, name, item, deal_first):
            return ScriptItem(a.Deal(self.shoe.next()), label="card from the shoe")
        self.index += 1
        return ScriptItem(build(item, self.shoe.next), refused, f"{dict(item)!r}")

    def _after_cards(self, item: Mapping[str, Any], due: Any) -> int | None:
        """An irregularity's ``after_cards``: how many cards of ``shoe`` left it before the
        irregularity applies (the cards dealt since the preceding action); None without one."""
        if "after_cards" not in item:
            return None
        after = item["after_cards"]
        where = f"action {self.index + 1}"
        if isinstance(after, bool) or not isinstance(after, int) or after < 0:
            raise InvalidInput(f"{SOURCE}: {where}'s 'after_cards' is a number of cards")
        if self.shoe.used > after:
            raise InvalidInput(
                f"{SOURCE}: {where} applies after {after} cards of the shoe, but "
                f"{self.shoe.used} have left it already"
            )
        if self.shoe.used < after and due.kind is not PendingKind.CHANCE:
            raise InvalidInput(
                f"{SOURCE}: {where} applies after {after} cards of the shoe; no card is due "
                f"once {self.shoe.used} have left it"
            )
        return after


_ANCHORED = {"spot_missed": ("g", 3), "dealer_card_missed": ("e", 2)}
"""The irregularities placed at a named card of the initial deal (``card``: a spot's card 1-3,
the dealer's 1 up or 2 hole), with the letter of their 2A.14 subsection."""


def _check_anchor(name: str, item: Mapping[str, Any], number: int) -> None:
    """An irregularity's anchor must be a card the initial deal has (2A.14(e), (g)): a card
    number out of range is refused under the irregularity's section, never read as another
    card."""
    if name not in _ANCHORED:
        return
    letter, last = _ANCHORED[name]
    card = item.get("card", 1)
    if isinstance(card, bool) or not isinstance(card, int) or not 1 <= card <= last:
        raise RuleViolation(
            f"action {number} ({name}) names card {card!r}: the initial deal gives "
            + ("a spot cards 1 to 3" if last == 3 else "the dealer card 1 (up) and 2 (hole)"),
            irregularity_section(letter),
        )


def _deal_before(state: Round, name: str, item: Mapping[str, Any], deal_first: str) -> bool:
    """Whether the card now due is dealt before the action ``name`` applies."""
    if deal_first == "all":
        return True
    if deal_first == "initial":
        return state.phase is Phase.DEALING
    if name in ("spot_missed", "dealer_card_missed"):
        return not _wants_position(state, name, item)
    return False


def setup_of(round_file: RoundFile, rules: HouseRules) -> Setup:
    """The round's setup: the ``seats`` and the ``setup`` block's ``burn``."""
    _check_keys(round_file.setup, {"burn"}, "setup")
    burn = _bool(round_file.setup, "burn", False)
    return Setup(tuple(parse_seats(round_file.seats)), burn)


def replay(round_file: RoundFile) -> ReplayResult:
    """Play a round file through ``croupier.games.harness.replay`` (its settlement, events and
    the dealer's play-by-play)."""
    rules = rules_from_dict(round_file.rules)
    setup = setup_of(round_file, rules)
    cards = [parse_card(c) for c in (round_file.shoe or [])]
    check_cards_from_decks(cards, rules.decks)
    result = harness.replay(
        GAME, rules, setup, RoundFileScript(round_file.actions, cards), describe
    )
    # Three Card 21 has no excess to return: a wager outside the table limits is refused
    # (2C.5(a)), so ``excess_returned`` is always empty.
    settlement = with_card_trace(result.settlement, card_trace(result.events), {})
    return replace(result, settlement=settlement)


def card_trace(events: Sequence[Event]) -> list[str]:
    """Every card out of the shoe, in order, and where it went: ``"9h space 1"``,
    ``"5d space 1 hand 1"`` (split hands), ``"7c dealer"`` (face up), ``"Ks dealer hole"``
    (face down), ``"4s burn"`` (to the discard rack unused: a burn card, a card found face up
    or drawn in error, an exposed card refused)."""
    out = []
    for e in events:
        if isinstance(e, CardDealt):
            if e.space == 0:
                out.append(f"{e.card} dealer" + ("" if e.face_up else " hole"))
            else:
                hand = f" hand {e.hand}" if e.hand else ""
                out.append(f"{e.card} space {e.space}{hand}")
        elif isinstance(e, CardBurned):
            out.append(f"{e.card} burn")
    return out


def describe(e: Event) -> str:
    """One line of the dealer's play-by-play for an event ("" for ``ActionTaken``, whose
    effects have lines of their own)."""
    if isinstance(e, ActionTaken):
        return ""
    if isinstance(e, CardDealt):
        who = "dealer" if e.space == 0 else f"space {e.space} hand {e.hand}"
        return f"{who}: {e.card if e.face_up else 'face-down card'}"
    if isinstance(e, CardBurned):
        return f"burned {e.card} ({e.reason})"
    if isinstance(e, Decision):
        return f"space {e.space} hand {e.hand}: {e.decision}"
    if isinstance(e, WagerPlaced | WagerSettled):
        return _describe_wager(e)
    if isinstance(e, Irregularity):
        return f"irregularity {e.section}: {e.what} -> {e.remedy}"
    return _describe_other(e)


def _describe_wager(e: WagerPlaced | WagerSettled) -> str:
    who = f" ({e.player})" if e.player else ""
    where = f"space {e.space} hand {e.hand} {e.kind}{who}"
    if isinstance(e, WagerPlaced):
        return f"{where}: wager {format_money(e.amount)}"
    net = ("+" if e.net >= 0 else "") + format_money(e.net)
    return f"{where}: {e.result} {net}"


def _describe_other(e: Event) -> str:
    if isinstance(e, BonusResolved):
        return f"space {e.space} bonus hand: {e.category or 'no bonus category'}"
    if isinstance(e, TotalAnnounced):
        return f"space {e.space} hand {e.hand}: total {e.total}"
    if isinstance(e, HoleCardChecked):
        found = "blackjack" if e.blackjack else "no blackjack"
        return f"dealer checks for blackjack ({e.method}): {found}"
    if isinstance(e, HoleCardRevealed):
        return f"dealer's hole card: {e.card}"
    if isinstance(e, DealerFinished):
        if e.total > 21:
            return f"dealer's hand: {e.total}, over 21"
        if e.total >= 17:
            return f"dealer stands on {e.total}"
        return f"dealer's hand: {e.total}; no wager depends on it, no card drawn"
    if isinstance(e, InsuranceDeclined):
        who = f" ({e.player})" if e.player else ""
        return f"space {e.space}{who}: no insurance"
    if isinstance(e, SurrenderDecided):
        return f"space {e.space}: {'surrenders' if e.surrendered else 'keeps the hand'}"
    if isinstance(e, RoundVoided):
        return f"round void: {e.reason}"
    return str(e.to_dict())


def transcript(events: Sequence[Event]) -> list[str]:
    """A dealer's play-by-play of the events."""
    return [line for line in (describe(e) for e in events) if line]
