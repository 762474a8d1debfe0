"""Twenty-one round files written from a round played through the protocol
(docs/round-files/twentyone.md, "Exported rounds").

A live table plays a round through ``croupier.core.protocol.Play``; its ``log`` holds every
accepted action, the cards included. ``round_file`` writes that round as a ``croupier.round/1``
file, the dispute record of the round (99-01.3-08-11.17): the inverse of
``croupier.games.twentyone.roundfile.replay``, which must play the file back to the same round.

* The wagers become ``seats`` and the set-up ``setup``; a ``bet`` or ``no-burn-at-start``
  recorded before the deal belongs there too (the reader takes them from nowhere else).
* The dealer's ``deal`` is implied; every card goes to ``shoe`` in the order it left the shoe
  (burned cards included); every decision is listed as it was taken.
* A dealing mistake is anchored where it was recorded (the format's ``before``): a card anchor
  when a player's or the dealer's card was due (the card ``Round.chance_target`` names), the
  index of the next decision when the round waited for a decision, ``"end"`` once the round
  owed nothing more. A mistake recorded while only the burn card of -12.13 was owed is listed
  without an anchor when the reader takes it there (no other card dealt since the preceding
  item, but those the preceding decision asked for).
* The format cannot name a burn card: a mistake recorded while another burn card was owed (a
  remedy of an earlier mistake) is written just after the burn card(s), where the file can
  place it. This is done only when it changes nothing: read back, the file must deal the same
  cards to the same places and reach the same state and settlement as the round played.

The file is read back through the reader before it is returned. If it would tell another story
(another order of actions, another state, another settlement), ``InvalidInput`` names what the
format cannot hold: an exported file always replays to the round that was played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum

from croupier.core.errors import CroupierError, InvalidInput
from croupier.core.events import JSON
from croupier.core.protocol import PendingKind, Play, WagerResult
from croupier.games.roundfile import FORMAT, parse_round
from croupier.games.twentyone import roundfile as reader
from croupier.games.twentyone.actions import Action, ActionKind, SeatWager
from croupier.games.twentyone.game import GAME, Setup
from croupier.games.twentyone.rules import HouseRules
from croupier.games.twentyone.state import Round

__all__ = ["round_file"]

K = ActionKind
_IN_SETUP = frozenset({K.BET, K.NO_BURN_AT_START})
"""Actions a round file gives by ``seats`` and ``setup``, never in ``actions``."""
_WRITTEN = ("space", "hand", "amount", "tip_amount", "exposed")
"""The fields of an action a round file's ``actions`` item carries."""
_UNWRITTEN = ("player", "unlawful", "card", "card_no", "dealer")
"""Fields the format has no place for outside ``seats`` and ``shoe``."""
_AFTER_ROUND_BURN = "burn after the first round (-12.13)"
"""``Target.purpose`` of the -12.13 burn card (``dealing.advance``)."""
_AFTER_ROUND = frozenset({K.DEALER_DREW_ON_17, K.MISCOUNT_SUSPECTED})
"""Mistakes the reader places, without an anchor, only where no card is owed."""

Play21 = Play[HouseRules, Setup, Round, Action]
_KEY = WagerResult.key


class _Place(Enum):
    """Where a mistake goes when its anchor is not a card or ``"end"``."""

    NEXT_DECISION = "the index of the next decision"
    UNANCHORED = "where it is listed"


def round_file(
    rules: Mapping[str, JSON],
    setup: Setup,
    actions: Sequence[Action],
    *,
    title: str = "",
    description: str = "",
) -> dict[str, JSON]:
    """The round file (croupier.round/1) of a twenty-one round played through the protocol:
    ``rules`` the house rules data the table was opened with (written as is), ``setup`` the
    round's protocol setup and ``actions`` its accepted actions (a ``Play.log``). No ``expect``
    block: the caller adds ``croupier.games.roundfile.expect_block(settlement)``.

    ``InvalidInput`` when the actions are not a complete round the engine accepts, or when the
    format cannot hold the round (the reader would play the file to another round)."""
    house = GAME.parse_rules(rules)
    played = _played(house, setup, actions)
    writer = _Writer(house, setup)
    for action in actions:
        writer.take(action)
    writer.finish()
    seats = [_seat(w) for w in writer.seats]
    written_setup: dict[str, JSON] = {
        "dealer_first_card": "up" if setup.dealer_first_card_up else "down",
        "device_malfunction": setup.device_malfunction,
        "no_burn_at_start": writer.no_burn,
    }
    data: dict[str, JSON] = {
        "format": FORMAT,
        "game": GAME.name,
        "title": title,
        "description": description,
        "rules": dict(rules),
        "seats": seats,
        "setup": written_setup,
        "shoe": list(writer.shoe),
        "actions": list(writer.entries),
    }
    _check_read_back(data, house, played, writer)
    return data


def _played(house: HouseRules, setup: Setup, actions: Sequence[Action]) -> Play21:
    """The round the actions play (they must all be accepted, and the round over)."""
    try:
        played: Play21 = Play.rebuilt(GAME, house, setup, actions)
    except CroupierError as exc:
        raise InvalidInput(f"the actions are not a round the engine accepts: {exc}") from exc
    pending = played.pending
    if pending.kind is not PendingKind.NONE:
        raise InvalidInput(
            f"a round file holds a complete round; this one still waits for {pending.kind.value}"
            f" ({pending.detail})"
        )
    return played


class _Writer:
    """Walks the log and writes the file's parts; ``play`` is the round as the file tells it
    (the log itself, but for a mistake moved past a burn card)."""

    def __init__(self, house: HouseRules, setup: Setup) -> None:
        self.play: Play21 = Play(GAME, house, setup)
        self.seats: list[SeatWager] = list(setup.wagers)
        self.no_burn = setup.no_burn_at_start
        self.shoe: list[str] = []
        self.entries: list[dict[str, JSON]] = []
        self.waiting: list[tuple[dict[str, JSON], bool]] = []
        """Mistakes anchored at the next decision (its index is not known yet), each with
        whether the reader would also take it, unanchored, where it was recorded."""
        self.deferred: list[Action] = []
        """Mistakes recorded while a burn card was owed, waiting for a place the file names."""
        self.moved: list[Action] = []
        """Every mistake written after the burn card it was recorded before."""
        self.own: ActionKind | None = None
        """The last decision (or the deal): an unanchored mistake follows its own cards."""
        self.own_run = True
        """Whether every card since the last listed item was one ``own`` asked for."""
        self._script = reader.RoundScript([], [])

    def take(self, action: Action) -> None:
        kind = action.kind
        if kind is K.CARD:
            self._card(action)
            self._flush()
            return
        self._flush()
        if kind is K.BET:
            if action.space is None or action.amount is None:
                raise InvalidInput(f"a wager needs a space and an amount: {action!r}")
            self.seats.append(
                SeatWager(
                    action.space,
                    action.amount,
                    action.tip_amount or 0,
                    action.player,
                    bool(action.unlawful),
                )
            )
            self._apply(action)
        elif kind is K.NO_BURN_AT_START:
            self.no_burn = True
            self._apply(action)
        elif kind is K.DEAL:
            self._apply(action)
            self.own, self.own_run = K.DEAL, True
        elif kind.is_mistake:
            if self.deferred:
                self.deferred.append(action)  # after the mistakes recorded before it
                self.moved.append(action)
            else:
                self._mistake(action)
        else:
            self._decision(action)

    def finish(self) -> None:
        self._flush()
        if self.deferred:
            raise InvalidInput(
                f"round file cannot hold {self.deferred[0].describe()}: it was recorded while a "
                "burn card was owed, and no later moment of the round can take it"
            )
        for entry, unanchored in self.waiting:
            if not unanchored:
                raise InvalidInput(
                    f"round file cannot hold {entry['action']}: it was recorded while the round "
                    "waited for a decision that never came, after cards the format would deal "
                    "after it"
                )
        self.waiting.clear()

    # -- the parts --------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        try:
            self.play.apply(action)
        except CroupierError as exc:
            why = (
                "it was recorded while a burn card was owed, which no anchor names, and after "
                "that card"
                if action in self.deferred or action in self.moved
                else "where the format places it,"
            )
            raise InvalidInput(
                f"round file cannot hold {action.describe()}: {why} it is refused ({exc})"
            ) from exc

    def _card(self, action: Action) -> None:
        if action.card is None:
            raise InvalidInput("a card action needs a card")
        if not self._own_card():
            self.own_run = False
        self._apply(action)
        self.shoe.append(str(action.card))

    def _own_card(self) -> bool:
        """Whether the card now due is one the last decision asked for (the reader's rule for a
        mistake listed without an anchor: ``RoundScript._own``)."""
        self._script.own = self.own
        return self._script._own(self.play.state)

    def _decision(self, action: Action) -> None:
        if self.deferred:
            raise InvalidInput(
                f"round file cannot hold {self.deferred[0].describe()}: it was recorded while a "
                f"burn card was owed, and {action.describe()} follows before the file can place it"
            )
        entry = _fields(action)
        index = len(self.entries)
        for waiting, _ in self.waiting:
            waiting["before"] = index
        self.waiting.clear()
        self._apply(action)
        self.entries.append(entry)
        self.own, self.own_run = action.kind, True

    def _mistake(self, action: Action) -> None:
        place = self._anchor(action.kind)
        if place is None:
            self.deferred.append(action)
            self.moved.append(action)
            return
        self._write_mistake(action, place)

    def _flush(self) -> None:
        while self.deferred:
            place = self._anchor(self.deferred[0].kind)
            if place is None:
                return
            self._write_mistake(self.deferred.pop(0), place)

    def _write_mistake(self, action: Action, place: JSON | _Place) -> None:
        entry = _fields(action)
        if place is _Place.NEXT_DECISION:
            self.waiting.append((entry, self.own_run))
        elif place is not _Place.UNANCHORED:
            entry["before"] = place
        self._apply(action)
        self.entries.append(entry)
        self.own_run = True

    def _anchor(self, kind: ActionKind) -> JSON | _Place | None:
        """Where the file places a mistake recorded now, or ``None`` when it cannot name this
        moment (a burn card is owed)."""
        state = self.play.state
        pending = state.pending.kind
        if pending is PendingKind.NONE:
            return "end"
        if pending is PendingKind.SEAT:
            return _Place.NEXT_DECISION
        target = state.chance_target()
        if pending is not PendingKind.CHANCE or target is None:
            return None
        if target.recipient == "dealer":
            return {"dealer": True, "card": target.card_no}
        if target.recipient == "space":
            anchor: dict[str, JSON] = {"space": target.space}
            if target.hand is not None:
                anchor["hand"] = target.hand
            anchor["card"] = target.card_no
            return anchor
        if target.purpose == _AFTER_ROUND_BURN and kind not in _AFTER_ROUND and self.own_run:
            return _Place.UNANCHORED  # the reader takes it before the -12.13 burn card
        return None


def _fields(action: Action) -> dict[str, JSON]:
    """An ``actions`` item (without its anchor)."""
    extra = [name for name in _UNWRITTEN if getattr(action, name) is not None]
    if extra:
        raise InvalidInput(
            f"round file cannot hold {action.describe()}: an action item has no {', '.join(extra)}"
        )
    out: dict[str, JSON] = {"action": action.kind.value}
    for name in _WRITTEN:
        value = getattr(action, name)
        if value is not None:
            out[name] = value
    return out


def _seat(wager: SeatWager) -> dict[str, JSON]:
    out: dict[str, JSON] = {"space": wager.space}
    if wager.player is not None:
        out["player"] = wager.player
    out["wager"] = wager.wager
    if wager.tip:
        out["tip"] = wager.tip
    if wager.unlawful:
        out["unlawful"] = True
    return out


def _as_read(action: Action) -> Action:
    """An action as the reader builds it from its item (a decision's hand defaults to 0)."""
    if action.kind.is_decision and action.hand is None:
        return Action(
            action.kind,
            space=action.space,
            hand=0,
            amount=action.amount,
            tip_amount=action.tip_amount,
            exposed=action.exposed,
        )
    return action


def _check_read_back(
    data: dict[str, JSON], house: HouseRules, played: Play21, writer: _Writer
) -> None:
    """Read the file back: the reader must take the actions as written (``writer.play``) and
    reach the state, the cards and the settlement of the round ``played``."""
    told = writer.play
    try:
        parsed = parse_round(data, "exported round")
        result = reader.replay(parsed)
        setup = reader.setup_of(parsed.seats, parsed.setup)
    except CroupierError as exc:
        raise InvalidInput(f"round file cannot hold this round: read back, {exc}") from exc
    read = [_as_read(a) for a in GAME.actions_from_events(result.events)]
    meant = [_as_read(a) for a in told.log if a.kind not in _IN_SETUP]
    if read != meant:
        n = next((i for i, (r, m) in enumerate(zip(read, meant, strict=False)) if r != m), None)
        where = (
            f"action {n}: {meant[n].describe()} is read as {read[n].describe()}"
            if n is not None
            else f"{len(read)} actions read, {len(meant)} written"
        )
        raise InvalidInput(f"round file cannot hold this round: read back, {where}")
    again: Play21 = Play.rebuilt(GAME, house, setup, GAME.actions_from_events(result.events))
    settled, replayed = played.settlement(), again.settlement()
    differences = [
        what
        for what, same in (
            ("the cards", reader.card_trace(played.events) == reader.card_trace(result.events)),
            ("the state", GAME.snapshot(played.state) == GAME.snapshot(again.state)),
            ("the wagers", sorted(settled.wagers, key=_KEY) == sorted(replayed.wagers, key=_KEY)),
            ("the parties", dict(settled.parties) == dict(replayed.parties)),
        )
        if not same
    ]
    if differences:
        moved = ", ".join(a.describe() for a in writer.moved) or "none moved"
        raise InvalidInput(
            "round file cannot hold this round: the format places a mistake recorded while a "
            f"burn card was owed after that card ({moved}), and there it changes "
            f"{' and '.join(differences)}"
        )
