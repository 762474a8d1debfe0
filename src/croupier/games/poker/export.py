"""Write the round file (docs/round-files/poker.md, ``croupier.round/1``) of one poker hand
played through the protocol (``GAME``, ``Play``).

A live table keeps a hand's rules data, its setup (``Setup``: the seats, stacks and button) and
``play.log``, every accepted action with every card as it left the deck. A dispute needs the
round file, which the reader (``croupier.games.poker.roundfile.replay``) plays back; this module
is its inverse, so that the file replays to the same hand and settlement (issue 27).

The reader deals the cards due from ``shoe`` before each action, except before the actions that
happen during the deal (``exposed-card``, ``arrive``, ``misdeal``, ``fouled-hand``, and the
script's own ``deal``/``faced-card``). So the writer replays the log and places:

* every card in ``shoe``, in the order it left the deck (burn cards included);
* before an action of the deal, ``{"action": "deal", "cards": k}`` for the ``k`` cards dealt
  since the item before it (the reader would otherwise apply it before them);
* a card improperly faced in the deck (-04.22) as ``faced-card`` where it came, after a
  ``deal`` of the cards before it;
* any other action as it is: the reader deals the cards due before it, exactly as the hand did.

Not writable (``InvalidInput``): a card not recorded (``card=None``), and an action other than
those of the deal taken while a card was due and followed by more cards (the reader would deal
them first; for instance a hand exposed to another player during the deal, -04.21).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Final

from croupier.core.errors import CroupierError, InvalidInput
from croupier.core.events import JSON
from croupier.core.protocol import PendingKind, Play
from croupier.games.poker.actions import Action, ActionKind
from croupier.games.poker.game import GAME, Setup
from croupier.games.roundfile import FORMAT

__all__ = ["round_file"]

_DURING_DEAL: Final = frozenset(
    {ActionKind.EXPOSED_CARD, ActionKind.ARRIVE, ActionKind.MISDEAL, ActionKind.FOULED_HAND}
)
"""The engine's actions the reader applies without dealing the cards due first."""
_SCRIPT_ONLY: Final = frozenset({ActionKind.DEAL, ActionKind.FACED_CARD})
_FLAGS: Final = (
    "single_chip",
    "announced_raise",
    "face_up",
    "identifiable",
    "induced",
    "intentional",
)


def round_file(
    rules: Mapping[str, JSON],
    setup: Setup,
    actions: Sequence[Action],
    *,
    title: str = "",
    description: str = "",
) -> dict[str, JSON]:
    """The round file (croupier.round/1) of a hand played through the protocol: ``rules`` the
    table rules data, ``setup`` the hand's ``Setup``, ``actions`` its ``play.log`` (cards
    included). No ``expect`` block (the caller adds ``croupier.games.roundfile.expect_block``).
    ``InvalidInput`` names what the format cannot write, or the action the hand does not
    accept."""
    play = Play(GAME, GAME.parse_rules(rules), setup)
    cards_after = _cards_after(actions)
    shoe: list[JSON] = []
    items: list[JSON] = []
    run = 0
    """Cards dealt (not faced) since the last item."""
    for n, action in enumerate(actions):
        due = play.pending.kind is PendingKind.CHANCE
        try:
            play.apply(action)
        except CroupierError as exc:
            raise InvalidInput(
                f"action {n + 1} ({action.describe()}) is not accepted in this hand: {exc}"
            ) from exc
        kind = action.kind
        if kind is ActionKind.CARD:
            if action.card is None:
                raise InvalidInput(
                    f"action {n + 1}: a card not recorded cannot be written in the shoe"
                )
            shoe.append(str(action.card))
            if action.faced:
                items.extend(_deal(run))
                items.append({"action": "faced-card"})
                run = 0
            else:
                run += 1
            continue
        if kind in _DURING_DEAL:
            items.extend(_deal(run))
        elif due and cards_after[n]:
            raise InvalidInput(
                f"action {n + 1} ({action.describe()}) taken while a card was due cannot be "
                "written: the reader deals the cards due before it"
            )
        run = 0
        items.append(_item(action, n + 1))
    return {
        "format": FORMAT,
        "game": "poker",
        "title": title,
        "description": description,
        "rules": copy.deepcopy(dict(rules)),
        "setup": {"button": setup.button},
        "seats": [_seat(s.seat, s.stack, s.player, s.absent) for s in setup.seats],
        "shoe": shoe,
        "actions": items,
    }


def _cards_after(actions: Sequence[Action]) -> list[int]:
    """For each action, how many cards the log deals after it."""
    out = [0] * len(actions)
    later = 0
    for n in range(len(actions) - 1, -1, -1):
        out[n] = later
        if actions[n].kind is ActionKind.CARD:
            later += 1
    return out


def _deal(cards: int) -> list[JSON]:
    return [{"action": "deal", "cards": cards}] if cards else []


def _seat(seat: int, stack: int, player: str | None, absent: bool) -> dict[str, JSON]:
    out: dict[str, JSON] = {"seat": seat, "stack": stack}
    if player is not None:
        out["player"] = player
    if absent:
        out["absent"] = True
    return out


def _item(action: Action, number: int) -> dict[str, JSON]:
    """The round-file item of one action other than a card: the fields its kind uses."""
    if action.kind in _SCRIPT_ONLY or action.card is not None or action.faced:
        raise InvalidInput(f"action {number} ({action!r}) cannot be written as a round-file item")
    item: dict[str, JSON] = {"action": action.kind.value}
    if action.seat is not None:
        item["seat"] = action.seat
    if action.amount:
        item["amount"] = action.amount
    if action.statement is not None:
        item["statement"] = action.statement.value
    for flag in _FLAGS:
        if getattr(action, flag):
            item[flag] = True
    if action.cards:
        item["cards"] = action.cards
    if action.seats:
        item["seats"] = list(action.seats)
    if action.reason:
        item["reason"] = action.reason
    return item
