"""Three Card 21 "N" Done round files written from a round played through the protocol
(docs/round-files/threecard21.md, "Exported rounds").

A live table plays a round through ``croupier.core.protocol.Play``; its ``log`` holds every
accepted action, the cards included. ``round_file`` writes that round as a ``croupier.round/1``
file, the dispute record of the round: the inverse of
``croupier.games.threecard21.replay.replay``, which must play the file back to the same round.

* The spots' wagers become ``seats`` (a spot with several people, or a seated person, in the
  ``players`` form) and the first burn card ``setup.burn``.
* Every card out of the shoe goes to ``shoe`` in order: the cards dealt and burned, and the
  card of an irregularity that names one (found face up, drawn in error and exposed, drawn by
  the dealer in error), which the reader takes from the shoe when it applies the irregularity.
* Every other action is listed in the order taken, with its fields; ``spot_missed`` and
  ``dealer_card_missed`` name the card of the initial deal that was due (``card``), which is
  how the format places them.
* The format places every other irregularity by the cards the reader deals before it: none
  (it applies where it stands, right after the preceding action), the initial deal only, or
  every card due. An irregularity recorded after cards that the reader would deal after it (say
  ``unexposed_card_drawn_in_error`` in the middle of the deal) is therefore read a few cards
  earlier than it was recorded. That is accepted only when it changes nothing: the same cards
  to the same places, the same state and the same settlement.

The file is read back through the reader before it is returned. If it would tell another story
(another order of actions that changes the round, or any other difference), ``InvalidInput``
names what the format cannot hold: an exported file always replays to the round that was
played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields

from croupier.core.cards import parse_card
from croupier.core.errors import CroupierError, InvalidInput
from croupier.core.events import JSON
from croupier.core.names import ascii_digits
from croupier.core.protocol import PendingKind, Play, WagerResult
from croupier.games.roundfile import FORMAT, RoundFile, parse_round
from croupier.games.threecard21 import actions as a
from croupier.games.threecard21.actions import ACTION_NAMES, Action
from croupier.games.threecard21.game import GAME, Setup
from croupier.games.threecard21.replay import RoundFileScript, card_trace, replay, setup_of
from croupier.games.threecard21.rules import HouseRules
from croupier.games.threecard21.state import PersonWager, Round, SpotWagers

__all__ = ["round_file"]

PlayTC = Play[HouseRules, Setup, Round, Action]
_KEY = WagerResult.key
_CARD_OUT = (a.Deal, a.FaceUpCardInShoe, a.ExposedCardDrawnInError, a.DealerDrewInError)
"""Actions that take a card out of the shoe: the card is written in ``shoe``."""
_AT_DEAL_CARD = (a.SpotMissed, a.DealerCardMissed)
"""Irregularities the format places at the card of the initial deal they name."""
_AFTER_CARDS = (a.FaceUpCardInShoe, a.InsufficientCards)
"""Irregularities placed by the cards out of the shoe before them (``after_cards``) when cards
left the shoe since the preceding action: each takes or burns the shoe's next card, so read
right after the preceding action it would take another card."""


def round_file(
    rules: Mapping[str, JSON],
    setup: Setup,
    actions: Sequence[Action],
    *,
    title: str = "",
    description: str = "",
) -> dict[str, JSON]:
    """The round file (croupier.round/1) of a Three Card 21 round played through the protocol:
    ``rules`` the house rules data the table was opened with (written as is), ``setup`` the
    round's protocol setup and ``actions`` its accepted actions (a ``Play.log``). No ``expect``
    block: the caller adds ``croupier.games.roundfile.expect_block(settlement)``.

    ``InvalidInput`` when the actions are not a complete round the engine accepts, or when the
    format cannot hold the round (the reader would play the file to another round)."""
    house = GAME.parse_rules(rules)
    walk: PlayTC = Play(GAME, house, setup)
    shoe: list[str] = []
    items: list[dict[str, JSON]] = []
    out_at_last_item = 0
    for action in actions:
        out_before = len(shoe)
        if isinstance(action, _CARD_OUT):
            shoe.append(str(action.card))
        if not isinstance(action, a.Deal):
            item = _item(action, walk.state)
            if isinstance(action, _AFTER_CARDS) and out_before > out_at_last_item:
                item["after_cards"] = out_before
            items.append(item)
            out_at_last_item = len(shoe)
        try:
            walk.apply(action)
        except CroupierError as exc:
            raise InvalidInput(f"the actions are not a round the engine accepts: {exc}") from exc
    pending = walk.pending
    if pending.kind is not PendingKind.NONE:
        raise InvalidInput(
            f"a round file holds a complete round; this one still waits for {pending.kind.value}"
            f" ({pending.detail})"
        )
    data: dict[str, JSON] = {
        "format": FORMAT,
        "game": GAME.name,
        "title": title,
        "description": description,
        "rules": dict(rules),
        "seats": [_seat(spot) for spot in setup.spots],
        "setup": {"burn": setup.burn_first},
        "shoe": shoe,
        "actions": items,
    }
    _check_read_back(data, house, setup, walk)
    return data


def _item(action: Action, state: Round) -> dict[str, JSON]:
    """An ``actions`` item: the action's name and fields (its card is in ``shoe``), and the
    card of the initial deal a ``spot_missed`` or ``dealer_card_missed`` names."""
    out: dict[str, JSON] = {"action": ACTION_NAMES[type(action)]}
    for field in fields(action):
        value = getattr(action, field.name)
        if field.name == "card" or value is None:
            continue
        if field.name == "others":
            if not value:
                continue
            value = dict(value) if isinstance(action, a.Double) else list(value)
        out[field.name] = value
    if isinstance(action, _AT_DEAL_CARD):
        out["card"] = _deal_card(state)
    return out


def _deal_card(state: Round) -> int:
    """The card of the initial deal now due as the format counts it: a spot's card 1, 2 or 3,
    the dealer's 1 (up) or 2 (hole) (``Round.pending``'s detail)."""
    pending = state.pending
    detail = pending.detail
    if pending.kind is PendingKind.CHANCE:
        if detail == "dealer's up card":
            return 1
        if detail == "dealer's hole card":
            return 2
        number = detail.removeprefix("card ")
        if ascii_digits(number):
            return int(number)
    raise InvalidInput(f"no card of the initial deal is due now ({detail or pending.kind.value})")


def _seat(spot: SpotWagers) -> dict[str, JSON]:
    """A ``seats`` entry: the one-person form, or ``players`` for several people or a person
    seated (the one-person form cannot say seated)."""
    if len(spot.persons) == 1 and not spot.persons[0].seated:
        person = spot.persons[0]
        out: dict[str, JSON] = {"space": spot.space}
        if person.name is not None:
            out["player"] = person.name
        out["wager"] = person.amount
        if person.bonus is not None:
            out["bonus"] = person.bonus
        return out
    return {"space": spot.space, "players": [_person(p) for p in spot.persons]}


def _person(person: PersonWager) -> dict[str, JSON]:
    out: dict[str, JSON] = {}
    if person.name is not None:
        out["name"] = person.name
    out["wager"] = person.amount
    if person.bonus is not None:
        out["bonus"] = person.bonus
    if person.seated:
        out["seated"] = True
    return out


def _check_read_back(
    data: dict[str, JSON], house: HouseRules, setup: Setup, played: PlayTC
) -> None:
    """Read the file back: the reader must take the setup as given and play the actions in
    the order played or, where the format places an irregularity earlier, to the same round."""
    try:
        parsed = parse_round(data, "exported round")
        read_setup = setup_of(parsed, house)
    except CroupierError as exc:
        raise InvalidInput(f"round file cannot hold this round: read back, {exc}") from exc
    if read_setup != setup:
        raise InvalidInput("round file cannot hold this setup: read back, it differs")
    told = _as_read(parsed, house, setup, played)
    try:
        result = replay(parsed)
    except CroupierError as exc:  # pragma: no cover - _as_read has played the same script
        raise InvalidInput(f"round file cannot hold this round: read back, {exc}") from exc
    if GAME.actions_from_events(result.events) != told:  # pragma: no cover - the same script
        raise InvalidInput("round file cannot hold this round: read back, its actions differ")


def _as_read(parsed: RoundFile, house: HouseRules, setup: Setup, played: PlayTC) -> list[Action]:
    """The round's actions in the order the reader takes them from the file (the reader's own
    script, stepped beside the log). Where the reader applies an irregularity before cards dealt
    since the preceding action, the round with that one irregularity moved must be the round
    played: the same cards to the same places, the same state and settlement."""
    cards = [parse_card(c) for c in parsed.shoe or []]
    script = RoundFileScript(parsed.actions, cards)
    step: PlayTC = Play(GAME, house, setup)
    meant = list(played.log)
    while True:
        try:
            item = script.next(step.state)
        except CroupierError as exc:
            raise InvalidInput(f"round file cannot hold this round: read back, {exc}") from exc
        if item is None:
            break
        n = len(step.log)
        if n >= len(meant) or item.action != meant[n]:
            meant = _moved(meant, n, item.action, house, setup, played)
        try:
            step.apply(item.action)
        except CroupierError as exc:  # pragma: no cover - the moved round was played
            raise InvalidInput(f"round file cannot hold this round: read back, {exc}") from exc
    if step.log != meant:
        raise InvalidInput(
            f"round file cannot hold this round: read back, {len(step.log)} of its "
            f"{len(meant)} actions are played"
        )
    return meant


def _moved(
    meant: list[Action], n: int, got: Action, house: HouseRules, setup: Setup, played: PlayTC
) -> list[Action]:
    """The actions with ``got`` moved to position ``n``, where the reader takes it, if that is
    the round played; otherwise ``InvalidInput`` naming the irregularity and what it changes."""
    if isinstance(got, a.Deal):
        what = ACTION_NAMES[type(meant[n])] if n < len(meant) else "the end of the round"
        raise InvalidInput(
            f"round file cannot hold {what}: it was recorded while a card was due, and the format "
            "deals that card first"
        )
    name = ACTION_NAMES[type(got)]
    j = next((i for i in range(n, len(meant)) if not isinstance(meant[i], a.Deal)), len(meant))
    if j == len(meant) or type(meant[j]) is not type(got):  # pragma: no cover - listed in order
        raise InvalidInput(f"round file cannot hold this round: read back, {name} is out of order")
    skipped = meant[n:j]
    where = (
        f"{name}: it was recorded after {len(skipped)} card(s) had left the shoe since the "
        "preceding action, and the format applies it before them"
    )
    if meant[j] != got:
        raise InvalidInput(f"round file cannot hold {where}, taking another card from the shoe")
    moved = [*meant[:n], got, *skipped, *meant[j + 1 :]]
    try:
        again: PlayTC = Play.rebuilt(GAME, house, setup, moved)
    except CroupierError as exc:
        raise InvalidInput(f"round file cannot hold {where}, where it is refused ({exc})") from exc
    changes = _changes(played, again)
    if changes:
        raise InvalidInput(f"round file cannot hold {where}; there it changes {changes}")
    return moved


def _changes(played: PlayTC, again: PlayTC) -> str:
    """What differs between two rounds (empty when nothing does): the cards and where they
    went, the state, the wagers' results, the parties' nets."""
    if again.pending.kind is not PendingKind.NONE:
        return "the end of the round"
    settled, replayed = played.settlement(), again.settlement()
    checks = (
        ("the cards", card_trace(played.events) == card_trace(again.events)),
        ("the state", GAME.snapshot(played.state) == GAME.snapshot(again.state)),
        ("the wagers", sorted(settled.wagers, key=_KEY) == sorted(replayed.wagers, key=_KEY)),
        ("the parties", dict(settled.parties) == dict(replayed.parties)),
    )
    return " and ".join(what for what, same in checks if not same)
