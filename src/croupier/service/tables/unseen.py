"""Cards nobody has seen, at a physical table (issue 27).

At a real table some cards are dealt face down and nobody sees them until they are turned: the
twenty-one and Three Card 21 hole card (99-01.3-08-10.1; N.J.A.C. 13:69F-2C.6(d)4), a burn card
(-08-08.3, 2C.6(c), -09-04.14) and poker's hole cards, seen only if shown (-09-04.24). The
engines need a concrete card at every step, so the hub binds such a card late:

* the dealer keys ``down``; the hub gives the engine a **stand-in**: a card the shoe still holds
  that no other card of the round is (the lowest such card the step accepts). No viewer sees a
  face-down card, the dealer and surveillance included, so nobody sees the stand-in either;
* a command whose step would let the surveillance view show a stand-in (the dealer's turn, a
  hand shown, an exposed card), or ask the card reader about one, is **held**
  (``live.step_held``): nothing of it is recorded until the real card is keyed (or the reader's
  "no" is, which keeps the card unseen);
* the real card then **replaces** the stand-in in the round's actions (``live.cards_replaced``,
  never a deletion) and the round is replayed with it. The replay must tell the same story as
  the one recorded, as surveillance saw it: a card that would have changed anything seen while it
  was face down (the reader's check, a card the shoe did not hold) is not the card dealt, and is
  refused;
* a card keyed face up that a stand-in holds moves the stand-in to another card first;
* a card never turned (a burn, a mucked hand, a hand that won without a showdown, a hole card
  when every player busted) stays a stand-in: the round file says which were never seen.

Everything here is pure: it reads plays and events and returns new ones; the hub records them.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from croupier.core.cards import Card, parse_card
from croupier.core.errors import CroupierError, InvalidInput
from croupier.core.events import JSON, Event
from croupier.core.protocol import PendingKind, Play
from croupier.service.tables._live_events import (
    CardDown,
    CardsReplaced,
    StepHeld,
    StepTaken,
    StepWithdrawn,
)
from croupier.service.tables._live_games import LiveGame

__all__ = [
    "DOWN",
    "READER_NO",
    "Binding",
    "card_named",
    "card_of",
    "corrected_as",
    "exposed_card",
    "is_spin",
    "keyed_as",
    "named",
    "replay",
    "story",
    "visible",
]

DOWN = "down"
"""What the dealer keys for a card dealt face down that nobody has seen."""

READER_NO = "no"
"""What the dealer keys when the card reader shows no twenty-one (blackjack)."""

DECK: tuple[str, ...] = tuple(str(Card.from_index(i)) for i in range(52))
"""Every card face, lowest first: the order stand-ins are tried in."""

_CARD_KEYS = frozenset({"cards", "hole", "board", "dead"})
"""The keys under which the games' seat views list cards (a hidden one is ``None``)."""

SEEN_BY = "surveillance"
"""The viewer who sees the most: a stand-in it may not see, nobody sees."""


def card_of(action: Any) -> str | None:
    """The card an action names (a card dealt, drawn in error, found face up), else None."""
    card = getattr(action, "card", None)
    return str(card) if isinstance(card, Card) else None


def is_spin(action: Any) -> bool:
    """Whether an action is a wheel's spin (chance's move at a paddlewheel, either method)."""
    spin = getattr(action, "spin", None)
    return isinstance(getattr(spin, "stop", None), int) and isinstance(
        getattr(spin, "revolutions", None), int
    )


def keyed_as(play: Play[Any, Any, Any, Any], action: Any) -> str | None:
    """What a chance move is keyed as at a physical table: a card as it left the shoe (``Ah``),
    a spin as the outer section under the pointer, numbered by position, and its revolutions
    (``17/5``, ``Game.keyed``'s form); None for any other action (a decision, an irregularity
    that names a card)."""
    if is_card_move(action):
        return card_of(action)
    wheel = getattr(play.rules, "wheel", None)
    if is_spin(action) and wheel is not None:
        spin = action.spin
        return f"{wheel.section_index(0, spin.stop) + 1}/{spin.revolutions}"
    return None


def corrected_as(action: Any, typed: str) -> str:
    """What a correction typed for the chance move ``action`` keys: a spin's section typed
    alone keeps the revolutions keyed (the slip corrected is the section: ``19`` for ``17/5``
    is ``19/5``); anything else as typed."""
    text = typed.strip()
    if is_spin(action) and "/" not in text:
        return f"{text}/{action.spin.revolutions}"
    return text


def card_named(
    live: LiveGame, play: Play[Any, Any, Any, Any]
) -> list[tuple[Any, tuple[Event, ...]]]:
    """The irregularities naming a card out of the shoe that the round would accept now, each
    with the events recording it would cause (its section and remedy): a game's
    ``card_irregularities``. Three Card 21's name the card (2A.14(a), (c), (d), which
    ``Game.irregularities`` leaves out: the card each holds stands in for the card entered,
    ``named``); twenty-one's exposed-card mistakes (-12.1, -12.8, -12.10) carry none: their card
    is the next out of the shoe, burned, so one is kept only if a card is due after it. Each is
    tried on a play rebuilt from the round's actions, as ``Play.irregularities`` tries the
    others: the refusal of ``Play`` decides, and trying changes nothing."""
    propose = getattr(live.game, "card_irregularities", None)
    if propose is None:
        return []
    out: list[tuple[Any, tuple[Event, ...]]] = []
    for candidate in propose(play.state):
        trial = Play.rebuilt(play.game, play.rules, play.setup, play.log)
        try:
            events = tuple(trial.apply(candidate).events)
        except CroupierError:
            continue
        if card_of(candidate) is None and trial.pending.kind is not PendingKind.CHANCE:
            continue  # pragma: no cover - each such mistake owes the card it burns
        out.append((candidate, events))
    return out


def exposed_card(typed: str) -> str:
    """The card typed for an irregularity that exposed it, as the engines write it: the card is
    face up by definition, so ``down`` is no card here."""
    text = typed.strip() if isinstance(typed, str) else ""
    if not text or text.lower() == DOWN:
        raise InvalidInput("type the card exposed, face up, as it left the shoe: 'Ah' or '10d'")
    return str(parse_card(text))


def named(action: Any, card: str) -> Any:
    """An irregularity that names a card (``card_named``) with ``card`` in its place."""
    return dataclasses.replace(action, card=parse_card(card))


def is_card_move(action: Any) -> bool:
    """Whether an action is a card leaving the shoe (chance's move), not a decision or a
    recorded irregularity that names a card."""
    if type(action).__name__ == "Deal":  # Three Card 21
        return True
    kind = getattr(action, "kind", None)
    return getattr(kind, "value", None) == "card" and card_of(action) is not None


def dealt(actions: Iterable[Any]) -> set[str]:
    """Every card the round's actions name."""
    return {c for c in (card_of(a) for a in actions) if c is not None}


def visible(live: LiveGame, state: Any) -> Counter[str]:
    """The cards the surveillance view shows now, each with how often."""
    out: Counter[str] = Counter()

    def walk(node: JSON, key: str | None) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, k)
        elif isinstance(node, list):
            for item in node:
                if key in _CARD_KEYS and isinstance(item, str):
                    out[str(parse_card(item))] += 1
                else:
                    walk(item, key)

    walk(live.seat_view(state, SEEN_BY), None)
    return out


def story(live: LiveGame, events: Sequence[Event]) -> list[dict[str, JSON]]:
    """The events as surveillance received them: what a stand-in may not change."""
    return [live.redact_event(e, SEEN_BY) for e in events]


def replay(
    live: LiveGame,
    rules: Any,
    setup: Any,
    actions: Sequence[Any],
    cards: Mapping[int, str] | None = None,
) -> Play[Any, Any, Any, Any]:
    """The round replayed from ``actions``, the chance move of action ``i`` replaced by
    ``cards[i]``, keyed again where it falls (a card, or a spin's ``17/5``: a card the shoe does
    not hold, a section the wheel does not have, is refused there)."""
    game = live.game
    play: Play[Any, Any, Any, Any] = Play(game, rules, setup)
    for i, action in enumerate(actions):
        if cards and i in cards:
            action = game.keyed(play.state, cards[i])
        play.apply(action)
    return play


@dataclass
class Binding:
    """What a round's stream says about its cards bound late: the cards replaced (action ->
    card), the stand-ins not yet turned (action -> what the game asked for) and the command
    held for a card, if any. ``fold`` reads the hub's events in order."""

    cards: dict[int, str] = field(default_factory=dict)
    unseen: dict[int, str] = field(default_factory=dict)
    held: StepHeld | None = None

    def fold(self, e: Event) -> bool:
        """Take in one of the hub's late-binding events (False for any other event)."""
        if isinstance(e, CardDown):
            self.unseen[e.step] = e.what
        elif isinstance(e, CardsReplaced):
            for step, card in zip(e.steps, e.cards, strict=True):
                self.cards[step] = card
                if e.why == "turned":
                    self.unseen.pop(step, None)
        elif isinstance(e, StepHeld):
            self.held = e
        elif isinstance(e, StepWithdrawn):
            self.held = None
        elif isinstance(e, StepTaken):
            self.held = None
            return False
        else:
            return False
        return True


def needs(
    live: LiveGame,
    play: Play[Any, Any, Any, Any],
    unseen: Mapping[int, str],
    events: Sequence[Event],
) -> tuple[tuple[int, ...], bool]:
    """After a step: the stand-ins it would let surveillance see (in the round's order), and
    whether it asked the card reader about a face-down card that is a stand-in."""
    if not unseen:
        return (), False
    shown = visible(live, play.state)
    revealed = tuple(i for i in sorted(unseen) if card_of(play.log[i]) in shown)
    asked = live.reader is not None and live.reader(events) is not None
    return revealed, bool(asked and readable(unseen))


def readable(unseen: Mapping[int, str]) -> tuple[int, ...]:
    """The stand-ins a card reader may read: the face-down cards that are not burn cards."""
    return tuple(i for i in sorted(unseen) if "burn" not in unseen[i].lower())


def rebind(
    live: LiveGame,
    play: Play[Any, Any, Any, Any],
    cards: Mapping[int, str],
    unseen: Mapping[int, str],
    *,
    avoid: Iterable[str] = (),
    force: Iterable[int] = (),
    then: Callable[[Play[Any, Any, Any, Any]], bool] | None = None,
) -> tuple[Play[Any, Any, Any, Any], dict[int, str]]:
    """The round replayed with ``cards`` in place of its actions' cards, after moving to a
    card nobody holds every other stand-in that holds one of them or one of ``avoid``, and every
    stand-in of ``force``. Each replay must tell the story surveillance saw, then pass ``then``
    (which may step the replay further: the play returned is as it left it). Returns the play
    and the stand-ins moved; refuses (``InvalidInput``) when no replay does."""
    log = list(play.log)
    wanted = dict(cards)
    blocked = set(wanted.values()) | set(avoid)
    taken = dealt(log) | blocked
    moving = sorted(
        j for j in unseen if j not in wanted and (card_of(log[j]) in blocked or j in set(force))
    )
    seen = story(live, play.events)

    def fits(trial_cards: Mapping[int, str], last: bool) -> Play[Any, Any, Any, Any] | None:
        try:
            trial = replay(live, play.rules, play.setup, log, trial_cards)
            if story(live, trial.events) != seen:
                return None
            if last and then is not None and not then(trial):
                return None
        except CroupierError:
            return None
        return trial

    moved: dict[int, str] = {}
    for n, j in enumerate(moving):
        final = n == len(moving) - 1
        for code in DECK:
            if code in taken:
                continue
            if fits({**wanted, **moved, j: code}, final) is not None:
                moved[j] = code
                taken.add(code)
                break
        else:
            break
    result = fits({**wanted, **moved}, True) if len(moved) == len(moving) else None
    if result is None:
        named = ", ".join(f"{c} as {unseen.get(i, 'the card')}" for i, c in sorted(wanted.items()))
        raise InvalidInput(
            (f"{named} cannot be the card dealt" if named else "no card can stand in")
            + ": the round as recorded would have gone otherwise (a card reader's check, a "
            "card the shoe did not hold); nothing was recorded"
        )
    return result, moved


def replaced(
    play: Play[Any, Any, Any, Any], cards: Mapping[int, str], why: str, by: str
) -> CardsReplaced:
    """The event recording ``cards`` in place of what ``play``'s actions held (a spin
    corrected is recorded alike: its section and revolutions, ``keyed_as``)."""
    steps = tuple(sorted(cards))
    was = tuple(keyed_as(play, play.log[i]) or card_of(play.log[i]) or "" for i in steps)
    return CardsReplaced(steps, tuple(cards[i] for i in steps), was, why, by)


def due_face_down(play: Play[Any, Any, Any, Any]) -> str:
    """What the card due is, in the game's words (its pending detail)."""
    p = play.pending
    if p.kind is not PendingKind.CHANCE:
        raise InvalidInput("no card is due: only a card being dealt can be keyed face down")
    where = f"seat {p.seat} " if p.seat is not None else ""
    return (where + (p.detail or "the next card")).strip()


def parse_turned(text: str, count: int) -> tuple[str, ...]:
    """``count`` cards keyed at once (``Ah Kd``), each as the engines write it."""
    from croupier.core.cards import parse_cards

    cards = tuple(str(c) for c in parse_cards(text))
    if len(cards) != count:
        raise InvalidInput(
            f"key {count} card{'s' if count != 1 else ''} (space between), got {len(cards)}"
        )
    return cards
