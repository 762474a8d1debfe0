"""Twenty-one round files (docs/round-files/twentyone.md) as a harness ``Script``.

``seats`` and ``setup`` become the protocol ``Setup``; the dealer's ``deal`` comes first; then
each listed action is handed out when the round awaits a decision, and the next ``shoe`` card
whenever the round owes one. A dealing mistake is handed out where it happened: just before the
card its ``before`` names, when the round waits for the action its ``before`` index names, at
the end (``"end"``), or, with no anchor, where it is listed (``RoundScript``); an anchor out of
range or where the rule refuses the mistake is refused under the mistake's section. An action
with ``refused`` must be refused under exactly that section (``games.harness``), and the state is
then unchanged. The settlement gains the ``trace`` and ``excess_returned`` details that
``expect`` may state (``games.roundfile.compare_settlement``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from croupier.core.cards import Card, parse_card
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.games.base import PendingKind, ReplayResult
from croupier.games.harness import ScriptItem
from croupier.games.harness import replay as harness_replay
from croupier.games.roundfile import RoundFile, with_card_trace
from croupier.games.twentyone import mistakes
from croupier.games.twentyone.actions import Action, ActionKind
from croupier.games.twentyone.events import CardDealt, WagerAccepted
from croupier.games.twentyone.game import GAME, SeatWager, Setup
from croupier.games.twentyone.round_data import Phase
from croupier.games.twentyone.rules import DECKS, rules_from_dict
from croupier.games.twentyone.state import Round
from croupier.games.twentyone.transcript import describe_event

_SETUP_KEYS = {"dealer_first_card", "device_malfunction", "no_burn_at_start"}
_ACTION_KEYS = {"action", "space", "hand", "amount", "tip_amount", "exposed", "before", "refused"}


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(f"{what} must be a whole number (cents), got {value!r}")
    return value


def _flag(setup: Mapping[str, Any], key: str) -> bool:
    value = setup.get(key, False)
    if not isinstance(value, bool):
        raise InvalidInput(f"setup.{key} must be true or false")
    return value


def seat_wager(item: Mapping[str, Any]) -> SeatWager:
    """One ``seats`` entry."""
    unknown = set(item) - {"space", "player", "wager", "tip", "unlawful"}
    if unknown:
        raise InvalidInput(f"unknown seat keys {sorted(unknown)}")
    if "space" not in item or "wager" not in item:
        raise InvalidInput(f"a seat needs 'space' and 'wager': {dict(item)!r}")
    player = item.get("player")
    unlawful = item.get("unlawful", False)
    if not isinstance(unlawful, bool):
        raise InvalidInput("seat 'unlawful' must be true or false")
    return SeatWager(
        _int(item["space"], "space"),
        _int(item["wager"], "wager"),
        _int(item.get("tip", 0), "tip"),
        None if player is None else str(player),
        unlawful,
    )


def seat_action(item: Mapping[str, Any]) -> Action:
    """One ``seats`` entry as the engine's ``bet`` action."""
    return seat_wager(item).action()


def setup_of(seats: Sequence[Mapping[str, Any]], setup: Mapping[str, Any]) -> Setup:
    """The protocol setup of a round file's ``seats`` and ``setup``."""
    unknown = set(setup) - _SETUP_KEYS
    if unknown:
        raise InvalidInput(f"unknown setup keys {sorted(unknown)}; known: {sorted(_SETUP_KEYS)}")
    first = setup.get("dealer_first_card", "up")
    if first not in ("up", "down"):
        raise InvalidInput("setup.dealer_first_card must be 'up' or 'down'")
    return Setup(
        tuple(seat_wager(s) for s in seats),
        dealer_first_card_up=first == "up",
        device_malfunction=_flag(setup, "device_malfunction"),
        no_burn_at_start=_flag(setup, "no_burn_at_start"),
    )


@dataclass(frozen=True, slots=True)
class Entry:
    """One ``actions`` item: the action, where a dealing mistake happened, its expected refusal.

    ``before`` is a card anchor (the mistake happened just before that card left the shoe);
    ``at`` a decision anchor: the index of the action in ``actions`` the mistake happened just
    before (the round waiting for it), or ``"end"`` (after the round's last card). A mistake
    with neither happens where it is listed (``RoundScript``)."""

    action: Action
    before: Mapping[str, Any] | None = None
    refused: str | None = None
    at: int | str | None = None


def parse_entry(item: Mapping[str, Any]) -> Entry:
    action, before = parse_action(item)
    refused = item.get("refused")
    if refused is not None and not isinstance(refused, str):
        raise InvalidInput("'refused' must be the section the action is refused under")
    if before is None or isinstance(before, Mapping):
        return Entry(action, before, refused)
    return Entry(action, None, refused, before)


_ANCHOR_KEYS = {"space", "hand", "card", "dealer"}


def _card_anchor(before: Mapping[str, Any]) -> Mapping[str, Any]:
    """A ``before`` card anchor, checked: ``{"space": s, "hand": h, "card": n}`` or
    ``{"dealer": true, "card": n}`` (``card`` counts that hand's cards from 1)."""
    unknown = set(before) - _ANCHOR_KEYS
    if unknown:
        raise InvalidInput(
            f"unknown 'before' keys {sorted(unknown)}; a card is named by space, hand and card "
            "(or dealer and card)"
        )
    dealer = before.get("dealer", False)
    if not isinstance(dealer, bool):
        raise InvalidInput("'before.dealer' must be true or false")
    if dealer and ("space" in before or "hand" in before):
        raise InvalidInput("'before' names either the dealer or a space, not both")
    if not dealer and "space" not in before:
        raise InvalidInput("'before' must name a space (or 'dealer': true) and the card")
    for key in ("space", "hand", "card"):
        if key in before:
            _int(before[key], f"before.{key}")
    if "card" in before and before["card"] < 1:
        raise InvalidInput("'before.card' counts the hand's cards from 1")
    return before


def parse_action(item: Mapping[str, Any]) -> tuple[Action, Mapping[str, Any] | int | str | None]:
    """An action and its optional ``before`` anchor (a card, an action index or ``"end"``)."""
    unknown = set(item) - _ACTION_KEYS
    if unknown:
        raise InvalidInput(f"unknown action keys {sorted(unknown)} in {dict(item)!r}")
    try:
        kind = ActionKind(item.get("action"))
    except ValueError:
        names = ", ".join(k.value for k in ActionKind if k not in (ActionKind.BET, ActionKind.CARD))
        raise InvalidInput(f"unknown action {item.get('action')!r}; known: {names}") from None
    given = (ActionKind.BET, ActionKind.CARD, ActionKind.NO_BURN_AT_START)
    if kind in given or (kind is ActionKind.DEAL and item.get("refused") is None):
        raise InvalidInput(f"{kind.value!r} is given by 'seats', 'shoe' and 'setup'")
    before = item.get("before")
    if isinstance(before, dict):
        before = _card_anchor(before)
    elif before is not None:
        if not kind.is_mistake:
            raise InvalidInput(
                f"'before' of {kind.value!r} may only name a card; an action index or 'end' "
                "anchors a dealing mistake"
            )
        if not (before == "end" or (isinstance(before, int) and not isinstance(before, bool))):
            raise InvalidInput(
                '\'before\' is a card ({"space": 2, "card": 1}), the index of an action in '
                f"'actions', or \"end\"; got {before!r}"
            )
    space = item.get("space")
    if space is None and isinstance(before, dict) and kind in (K_MISSED, K_HIT_MISSED):
        space = before.get("space")
    exposed = item.get("exposed")
    if exposed is not None and not isinstance(exposed, bool):
        raise InvalidInput("'exposed' must be true or false")
    hand = item.get("hand")
    if kind.is_decision and hand is None:
        hand = 0
    amount, tip = item.get("amount"), item.get("tip_amount")
    return (
        Action(
            kind,
            space=None if space is None else _int(space, "space"),
            hand=None if hand is None else _int(hand, "hand"),
            amount=None if amount is None else _int(amount, "amount"),
            tip_amount=None if tip is None else _int(tip, "tip_amount"),
            exposed=exposed,
        ),
        before,
    )


K_MISSED = ActionKind.MISSED_CARD
K_HIT_MISSED = ActionKind.HIT_CARD_MISSED


def _matches(state: Round, before: Mapping[str, Any]) -> bool:
    target = state.chance_target()
    if target is None:
        return False
    if before.get("dealer"):
        if target.recipient != "dealer":
            return False
    else:
        if target.recipient != "space" or target.space != before.get("space"):
            return False
        if "hand" in before and target.hand != before["hand"]:
            return False
    return "card" not in before or target.card_no == before["card"]


def check_listed_shoe(decks: int, shoe: Sequence[Card]) -> None:
    """The cards a round file lists come from a shoe of the table's decks (99-01.3-08-02.3):
    no more than ``decks`` x 52 cards, no card more than ``decks`` times."""
    if len(shoe) > 52 * decks:
        raise RuleViolation(
            f"a shoe holds the table's {decks} decks ({52 * decks} cards); this one lists "
            f"{len(shoe)} cards",
            DECKS,
        )
    over = sorted({str(c) for c, n in Counter(shoe).items() if n > decks})
    if over:
        raise RuleViolation(
            f"a shoe of {decks} decks holds each card {decks} times; this one lists "
            f"{', '.join(over)} more often",
            DECKS,
        )


_DEAL_PHASES = (Phase.DEALING, Phase.SECOND_CARD_OPTION)
_OWN_CARDS = {
    ActionKind.HIT: frozenset({"hit"}),
    ActionKind.DOUBLE: frozenset({"double"}),
    ActionKind.SPLIT: frozenset({"split card"}),
}
"""The cards a decision itself asks for (by ``Target.purpose``); the deal, the -12.2 choice and
a mistake's burn card are recognised apart (``RoundScript._own``)."""
_AFTER_ROUND = frozenset({ActionKind.DEALER_DREW_ON_17, ActionKind.MISCOUNT_SUSPECTED})
"""Mistakes recorded only once the round is over (-12.10, -12.12): without an anchor they wait
for the next point where no card is owed (the end of the round, when they are listed last)."""
_CARD_MISTAKES = frozenset(
    {
        ActionKind.MISSED_CARD,
        ActionKind.CARD_TO_INACTIVE_SPACE,
        ActionKind.DEALER_CARD_MISSED,
        ActionKind.CARD_DROPPED,
        ActionKind.HIT_CARD_MISSED,
    }
)
"""Mistakes that happen as a particular card is dealt: ``before`` must name that card."""
_FIRST_TWO = frozenset({ActionKind.MISSED_CARD, ActionKind.CARD_TO_INACTIVE_SPACE})
_BURN_AFTER_ROUND = "burn after the first round (-12.13)"


class RoundScript:
    """A round file's actions and shoe, handed out as the round asks for them.

    Where a dealing mistake happened is explicit and checked (docs/round-files/twentyone.md):

    * ``before`` a card: just before that card leaves the shoe; the card must come between the
      preceding action and the next decision;
    * ``before`` an action index ``k``: when the round waits for action ``k`` (every card due
      before it dealt); ``k`` must be the next decision listed after the mistake;
    * ``before: "end"``: once the round owes nothing more; only mistakes may follow it;
    * no anchor: where it is listed, i.e. after the preceding action and the cards that action
      itself asked for (the deal's first two cards, a hit, double-down or split card, a burn
      card of a preceding mistake), before any other card; -12.10 and -12.12 at the end.

    An anchor out of range, or a place where the rule does not allow the mistake, is refused
    under the mistake's section (an expected ``refused`` then skips it, as for any action).
    """

    def __init__(self, entries: Sequence[Entry], shoe: Sequence[Card]) -> None:
        self.entries = list(entries)
        self.shoe = list(shoe)
        self.i = 0  # next entry
        self.j = 0  # next shoe card
        self.dealt = False
        self.own: ActionKind | None = None
        """The last decision taken (``DEAL`` for the deal): the cards it asked for are dealt
        before an unanchored mistake listed after it."""
        self.checked = -1
        """The index of the last entry whose anchor was checked."""

    def next(self, state: Round) -> ScriptItem[Action] | None:
        if state.phase is Phase.BETTING and not self.dealt:
            self.dealt = True
            self.own = ActionKind.DEAL
            return ScriptItem(Action(ActionKind.DEAL), label="deal")
        while True:
            nxt = self.entries[self.i] if self.i < len(self.entries) else None
            if nxt is None:
                break
            try:
                take = self._due(nxt, state)
            except RuleViolation as exc:
                if nxt.refused is None:
                    raise
                if exc.section != nxt.refused:
                    raise InvalidInput(
                        f"action {self.i} ({nxt.action.describe()}) was refused under "
                        f"{exc.section}, not {nxt.refused}: {exc}"
                    ) from exc
                self.i += 1
                continue
            if take:
                return self._take(nxt)
            break
        pending = state.pending
        if pending.kind is PendingKind.CHANCE:
            if self.j >= len(self.shoe):
                raise InvalidInput(
                    f"the shoe ran out: a card is due ({pending.detail}) after {self.j} cards"
                )
            card = self.shoe[self.j]
            self.j += 1
            return ScriptItem(Action(ActionKind.CARD, card=card), label=f"card {card}")
        if pending.kind is PendingKind.NONE:
            if nxt is not None:
                raise InvalidInput(
                    f"the round is over but action {self.i} ({nxt.action.describe()}) and "
                    "those after it were not used"
                )
            return None
        raise InvalidInput(
            f"the round needs a decision from space {pending.seat} hand {pending.hand} "
            f"({pending.detail}) but the action list ended after {self.i} actions"
        )

    def _fail(self, entry: Entry, message: str) -> RuleViolation:
        what = f"action {self.i} ({entry.action.kind.value})"
        if not entry.action.kind.is_mistake:
            raise InvalidInput(f"{what}: {message}")
        return RuleViolation(f"{what}: {message}", mistakes.section_of(entry.action))

    def _due(self, entry: Entry, state: Round) -> bool:
        """Whether ``entry`` is taken now (``False``: the card due is dealt first)."""
        kind = entry.action.kind
        if self.checked < self.i:
            self._check_anchor(entry)
            self.checked = self.i
        pending = state.pending.kind
        chance = pending is PendingKind.CHANCE
        if entry.before is not None:
            if chance:
                return _matches(state, entry.before)
            raise self._fail(
                entry,
                f"the card it names in 'before' ({_anchor_text(entry.before)}) is not dealt "
                "between the preceding action and the next decision",
            )
        if entry.at is not None or kind in _AFTER_ROUND or not kind.is_mistake:
            if chance:
                return False
            if entry.at == "end" and pending is not PendingKind.NONE:
                raise self._fail(
                    entry,
                    "anchored at the end of the round, but the round still waits for "
                    f"{state.pending.detail} of space {state.pending.seat}",
                )
            if isinstance(entry.at, int) and pending is PendingKind.NONE:
                raise self._fail(entry, f"the round ended before action {entry.at}")
            return True
        # no anchor: where it is listed
        return not (chance and self._own(state))

    def _own(self, state: Round) -> bool:
        """Whether the card now due is one the preceding decision asked for."""
        target = state.chance_target()
        if target is None:
            return False
        if target.recipient == "burn":
            return target.purpose != _BURN_AFTER_ROUND
        if self.own in (
            ActionKind.DEAL,
            ActionKind.SECOND_CARD,
            ActionKind.DECLINE_SECOND_CARD,
        ):
            return state.phase in _DEAL_PHASES
        return self.own is not None and target.purpose in _OWN_CARDS.get(self.own, ())

    def _check_anchor(self, entry: Entry) -> None:
        kind = entry.action.kind
        if not kind.is_mistake:
            return
        before, at = entry.before, entry.at
        if kind in _CARD_MISTAKES and before is None:
            raise self._fail(entry, "it happens as a card is dealt: 'before' must name that card")
        if before is not None:
            card = before.get("card")
            first_two = kind in _FIRST_TWO or kind is ActionKind.DEALER_CARD_MISSED
            if first_two and (card is None or card > 2):
                raise self._fail(
                    entry,
                    f"'before' names card {card}; it happens while the first two cards "
                    "are dealt (card 1 or 2)",
                )
            if kind is ActionKind.DEALER_CARD_MISSED and not before.get("dealer"):
                raise self._fail(entry, "'before' must name the dealer's card")
            return
        later = self.entries[self.i + 1 :]
        if at == "end":
            for n, other in enumerate(later, start=self.i + 1):
                if not other.action.kind.is_mistake:
                    raise self._fail(
                        entry,
                        f"anchored at the end of the round, but action {n} "
                        f"({other.action.kind.value}) is listed after it",
                    )
            return
        if isinstance(at, int):
            if not self.i < at < len(self.entries):
                raise self._fail(
                    entry,
                    f"'before': {at} is out of range: the actions after it are "
                    f"{self.i + 1}..{len(self.entries) - 1}",
                )
            if self.entries[at].action.kind.is_mistake:
                raise self._fail(entry, f"'before': {at} names another mistake, not a decision")
            for n in range(self.i + 1, at):
                if not self.entries[n].action.kind.is_mistake:
                    raise self._fail(
                        entry,
                        f"anchored before action {at}, but action {n} "
                        f"({self.entries[n].action.kind.value}) comes between: list the mistake "
                        "where it happened",
                    )

    def _take(self, entry: Entry) -> ScriptItem[Action]:
        self.i += 1
        kind = entry.action.kind
        if entry.refused is None and not kind.is_mistake:
            self.own = kind
        label = f"action {self.i - 1} ({entry.action.describe()})"
        return ScriptItem(entry.action, entry.refused, label)


def _anchor_text(before: Mapping[str, Any]) -> str:
    who = "dealer" if before.get("dealer") else f"space {before.get('space')}"
    hand = f" hand {before['hand']}" if "hand" in before else ""
    card = f" card {before['card']}" if "card" in before else " next card"
    return who + hand + card


def card_trace(events: Sequence[Event]) -> list[str]:
    """Every card out of the shoe, in order, and where it went: ``"Th space 1"``,
    ``"9d space 1 hand 1"`` (split hands by their number when the card was dealt),
    ``"6c dealer"`` (face up), ``"Td dealer hole"`` (face down), ``"5s burn"``."""
    out = []
    for e in events:
        if not isinstance(e, CardDealt):
            continue
        if e.recipient == "space":
            hand = f" hand {e.hand}" if e.hand else ""
            out.append(f"{e.card} space {e.space}{hand}")
        elif e.recipient == "dealer":
            out.append(f"{e.card} dealer" + ("" if e.face_up else " hole"))
        else:
            out.append(f"{e.card} burn")
    return out


def excess_returned(events: Sequence[Event]) -> dict[int, int]:
    """Each space's wager above the table maximum, returned when the wager was taken
    (-09.1)."""
    out: dict[int, int] = {}
    for e in events:
        if isinstance(e, WagerAccepted) and e.excess_returned:
            out[e.space] = out.get(e.space, 0) + e.excess_returned
    return out


def replay(round_file: RoundFile) -> ReplayResult:
    """Play a round file through the protocol and the harness (``SPEC.replay``); the events
    and the transcript begin with the wagers placed in the setup."""
    rules = rules_from_dict(round_file.rules)
    setup = setup_of(round_file.seats, round_file.setup)
    entries = [parse_entry(a) for a in round_file.actions]
    shoe = [parse_card(c) for c in (round_file.shoe or [])]
    check_listed_shoe(rules.decks, shoe)
    opening = tuple(GAME.start(rules, setup).opening)
    result = harness_replay(GAME, rules, setup, RoundScript(entries, shoe), describe_event)
    lines = tuple(t for t in (describe_event(e) for e in opening) if t)
    events: tuple[Event, ...] = (*opening, *result.events)
    settlement = with_card_trace(result.settlement, card_trace(events), excess_returned(events))
    return replace(
        result, settlement=settlement, events=events, transcript=lines + result.transcript
    )
