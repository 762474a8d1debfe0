"""Poker Hand History (PHH, the open TOML standard) for hold'em, Omaha and Omaha high-low.

``parse_phh`` reads a PHH document (``tomllib``); ``replay_phh`` plays it through the engine
under a tournament configuration that permits the recorded structure (published hands are
no-limit or pot-limit at real stakes). Strict (the default of ``replay_phh``, ND's rules as at a
live table): a recorded action that breaks a rule is refused with the action and the section.
As a record made elsewhere (``record=True``, the default of ``croupier poker phh``): the
showdown order, unshown discards and a winner's voluntary show are taken from the record and
each difference from ND's rules is flagged, not refused (``croupier.games.poker.phh_replay``).
``write_phh`` writes a played hand back (``tomli_w``).

PHH seats players ``p1..pN`` clockwise from the first seat left of the button, so the button is
``pN``; in heads-up play the blinds are reversed (the button posts the small blind, -04.11).
Amounts may be decimals: every amount is scaled by the smallest power of ten that makes them
all whole numbers.
"""

from __future__ import annotations

import tomllib
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

import tomli_w

from croupier.core.cards import Card, parse_card
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.names import ascii_digits
from croupier.games.base import PendingKind
from croupier.games.poker.actions import Action, ActionKind
from croupier.games.poker.hand import Hand
from croupier.games.poker.phh_folds import InferredFold
from croupier.games.poker.phh_folds import infer_folds as _infer
from croupier.games.poker.phh_replay import (
    RecordFlag,
    VoluntaryShow,
    hand_over,
    inferred_flag,
    showdown_turn,
    voluntary_show,
)
from croupier.games.poker.rules import (
    AntePayer,
    MinimumRaise,
    Structure,
    TableRules,
    Variant,
    validated,
)
from croupier.games.poker.table import SeatSpec

VARIANTS: dict[str, tuple[Variant, Structure]] = {
    "NT": (Variant.HOLDEM, Structure.NO_LIMIT),
    "FT": (Variant.HOLDEM, Structure.FIXED_LIMIT),
    "PT": (Variant.HOLDEM, Structure.POT_LIMIT),
    "NO": (Variant.OMAHA, Structure.NO_LIMIT),
    "PO": (Variant.OMAHA, Structure.POT_LIMIT),
    "FO": (Variant.OMAHA, Structure.FIXED_LIMIT),
    "FO/8": (Variant.OMAHA_HILO, Structure.FIXED_LIMIT),
    "PO/8": (Variant.OMAHA_HILO, Structure.POT_LIMIT),
}
CODES = {v: k for k, v in VARIANTS.items()}
GAMES = "99-01.3-09-03.4.a"


@dataclass(frozen=True, slots=True)
class PhhHand:
    """A parsed hand history: the table rules, the seats, the action notations and the scale."""

    rules: TableRules
    seats: tuple[SeatSpec, ...]
    button: int
    actions: tuple[str, ...]
    scale: int
    finishing_stacks: tuple[int, ...] | None
    raw: Mapping[str, Any]

    def recorded_stacks(self) -> tuple[str, ...] | None:
        """The recorded ``finishing_stacks`` in the file's own units (``None``: not recorded)."""
        if self.finishing_stacks is None:
            return None
        return tuple(_unscale(s, self.scale) for s in self.finishing_stacks)


@dataclass(frozen=True, slots=True)
class PhhResult:
    """A replayed hand: the engine's hand and the final stacks in the file's own units."""

    hand: Hand
    scale: int
    inferred_folds: tuple[InferredFold, ...] = ()
    flags: tuple[RecordFlag, ...] = ()
    """Replaying a record: each place where ND's rules ask for something else (section cited)."""
    shows: tuple[VoluntaryShow, ...] = ()
    """Replaying a record: the winner's shows after an uncontested award."""

    @property
    def final_stacks(self) -> list[int]:
        return [p.stack for p in self.hand.players]

    def display_stacks(self) -> list[str]:
        return [_unscale(s, self.scale) for s in self.final_stacks]


def _decimal(value: Any, what: str) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise InvalidInput(f"{what} must be a number, got {value!r}")
    try:
        found = Decimal(str(value))
    except InvalidOperation as exc:
        raise InvalidInput(f"{what} must be a number, got {value!r}") from exc
    if not found.is_finite() or found.adjusted() >= _DIGITS:
        raise InvalidInput(
            f"{what} must be a finite amount of at most {_DIGITS} digits, got {value!r}"
        )
    return found


_DIGITS = 15
"""The most digits before the point of an amount in a hand history: far above any stack, and
within what the arithmetic that scales amounts to whole units keeps exact."""


def _unscale(amount: int, scale: int) -> str:
    if scale == 1:
        return str(amount)
    return format((Decimal(amount) / scale).normalize(), "f")  # "9950", never "9.95E+3"


def _split_cards(text: str) -> list[Card | None]:
    if len(text) % 2:
        raise InvalidInput(f"not a card list: {text!r}")
    out: list[Card | None] = []
    for k in range(0, len(text), 2):
        chunk = text[k : k + 2]
        out.append(None if chunk == "??" else parse_card(chunk))
    return out


def parse_phh(text: str, source: str = "PHH file") -> PhhHand:
    """Parse a PHH document into table rules, seats and action notations."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InvalidInput(f"{source} is not valid TOML: {exc}") from exc
    code = data.get("variant")
    if code not in VARIANTS:
        raise InvalidInput(
            f"{source}: variant {code!r} is not hold'em or Omaha ({GAMES}); known: "
            f"{', '.join(VARIANTS)}"
        )
    variant, structure = VARIANTS[code]
    stacks = data.get("starting_stacks")
    if not isinstance(stacks, list) or len(stacks) < 2:
        raise InvalidInput(f"{source}: starting_stacks must list at least two stacks")
    n = len(stacks)
    antes = data.get("antes", [0] * n)
    blinds = data.get("blinds_or_straddles", [0] * n)
    if len(antes) != n or len(blinds) != n:
        raise InvalidInput(f"{source}: antes and blinds_or_straddles need {n} entries")
    amounts = [("starting_stacks", s) for s in stacks] + [("antes", a) for a in antes]
    amounts += [("blinds_or_straddles", b) for b in blinds]
    for key in ("min_bet", "small_bet", "big_bet"):
        if key in data:
            amounts.append((key, data[key]))
    notations = data.get("actions", [])
    if not isinstance(notations, list) or not all(isinstance(a, str) for a in notations):
        raise InvalidInput(f"{source}: actions must be a list of strings")
    for note in notations:
        words = note.split("#", 1)[0].split()
        if len(words) == 3 and words[1] == "cbr":
            amounts.append(("cbr", words[2]))
    finishing = data.get("finishing_stacks")
    if finishing is not None:
        amounts += [("finishing_stacks", f) for f in finishing]
    decimals = [(what, _decimal(v, what)) for what, v in amounts]
    scale = 1
    while any((d * scale) % 1 for _, d in decimals):
        scale *= 10
        if scale > 10**6:
            raise InvalidInput(f"{source}: amounts with more than six decimals")

    def units(value: Any, what: str) -> int:
        return int(_decimal(value, what) * scale)

    if any(b for b in blinds[2:]):
        raise InvalidInput(f"{source}: straddles are not part of 99-01.3-09")
    ante_units = [units(a, "antes") for a in (list(reversed(antes)) if n == 2 else antes)]
    bb_index = 0 if n == 2 else 1
    nonzero = {a for a in ante_units if a}
    if not nonzero:
        ante, payer = 0, AntePayer.EVERY_PLAYER
    elif len(set(ante_units)) == 1:
        ante, payer = ante_units[0], AntePayer.EVERY_PLAYER
    elif [i for i, a in enumerate(ante_units) if a] == [bb_index]:
        ante, payer = ante_units[bb_index], AntePayer.BIG_BLIND
    else:
        raise InvalidInput(f"{source}: antes {antes} are neither uniform nor a big-blind ante")
    small_blind, big_blind = units(blinds[0], "blinds"), units(blinds[1], "blinds")
    min_bet = units(data.get("min_bet", data.get("small_bet", blinds[1])), "min_bet")
    rules = validated(
        TableRules(
            variant=variant,
            structure=structure,
            tournament=True,
            small_blind=small_blind,
            big_blind=big_blind,
            ante=ante,
            ante_payer=payer,
            minimum_bet=max(min_bet, 1),
            small_bet=units(data.get("small_bet", 0), "small_bet"),
            big_bet=units(data.get("big_bet", 0), "big_bet"),
            max_raises=None,
            minimum_raise=MinimumRaise.LAST_RAISE,
            odd_chip_unit=1,
            max_players=max(n, 2),
        )
    )
    players = data.get("players", [None] * n)
    seats = tuple(
        SeatSpec(
            k + 1,
            units(stacks[k], "starting_stacks"),
            None if players[k] is None else str(players[k]),
        )
        for k in range(n)
    )
    fin = None if finishing is None else tuple(units(f, "finishing_stacks") for f in finishing)
    return PhhHand(rules, seats, n, tuple(notations), scale, fin, data)


def _actor(word: str, n: int, note: str) -> int:
    if not (word.startswith("p") and ascii_digits(word[1:]) and 1 <= int(word[1:]) <= n):
        raise InvalidInput(f"unknown actor {word!r} in {note!r}")
    return int(word[1:])


def replay_phh(parsed: PhhHand, *, infer_folds: bool = False, record: bool = False) -> PhhResult:
    """Play a hand history through the engine; a refused action names itself and its section.

    Strict by default: a recorded action out of turn is refused (99-01.3-09-04.10), so is a
    show out of the -04.23 order, an unshown discard -04.24 forbids and a show after the award
    (-04.26). With ``infer_folds`` a skipped player's omitted fold is inferred under the
    conditions of ``croupier.games.poker.phh_folds``; each is listed in
    ``PhhResult.inferred_folds`` and, if the file records ``finishing_stacks``, they must be
    reproduced or the replay is refused.

    With ``record`` the file is a record made elsewhere (``croupier.games.poker.phh_replay``):
    folds are inferred as above, and the showdown (order, unshown discards) and a winner's
    voluntary show after an uncontested award are replayed as recorded; each difference from
    ND's rules is in ``PhhResult.flags`` (the inferred folds too), each voluntary show in
    ``PhhResult.shows``. The betting itself is checked as strictly as ever.
    """
    infer = infer_folds or record
    hand = Hand(parsed.rules, parsed.seats, parsed.button)
    n = len(parsed.seats)
    holes: dict[int, deque[Card | None]] = {s.seat: deque() for s in parsed.seats}
    board: deque[Card | None] = deque()
    inferred: list[InferredFold] = []
    flags: list[RecordFlag] = []
    shows: list[VoluntaryShow] = []
    for number, note in enumerate(parsed.actions, start=1):
        words = note.split("#", 1)[0].split()
        if not words:
            continue
        try:
            if words[0] == "d":
                _dealer(words, note, holes, board, n)
                continue
            _drain(hand, holes, board)
            seat = _actor(words[0], n, note)
            if infer and len(words) > 1 and words[1] in ("f", "cc", "cbr"):
                while folds := _infer(hand, seat, number, note):
                    inferred.extend(folds)
                    flags.extend(inferred_flag(f) for f in folds)
                    _drain(hand, holes, board)
            if record and len(words) in (2, 3) and words[1] == "sm":
                if hand_over(hand):
                    cards = _split_cards(words[2]) if len(words) == 3 else []
                    shows.append(voluntary_show(hand, seat, cards, number, note))
                    continue
                pending = hand.pending
                if pending.kind is PendingKind.SEAT and pending.detail == "showdown":
                    action = _player_action(hand, seat, words, note, parsed.scale)
                    flags.extend(showdown_turn(hand, action, number, note))
                    continue
            hand.apply(_player_action(hand, seat, words, note, parsed.scale))
        except RuleViolation as exc:
            raise RuleViolation(
                f"action {number} {note.strip()!r} refused: {exc.detail}", exc.section
            ) from None
    _drain(hand, holes, board)
    while hand.pending.kind is PendingKind.SEAT and hand.pending.detail == "showdown":
        hand.apply(Action(ActionKind.SHOW, hand.pending.seat))
        _drain(hand, holes, board)
    if hand.pending.kind is not PendingKind.NONE:
        raise InvalidInput(f"the hand history stops before the hand ends ({hand.pending})")
    finals = tuple(p.stack for p in hand.players)
    if inferred and parsed.finishing_stacks is not None and finals != parsed.finishing_stacks:
        raise InvalidInput(
            "the inferred folds ("
            + "; ".join(f.describe() for f in inferred)
            + f") do not reproduce the recorded finishing_stacks: {list(finals)} against "
            f"{list(parsed.finishing_stacks)}"
        )
    return PhhResult(hand, parsed.scale, tuple(inferred), tuple(flags), tuple(shows))


def _dealer(
    words: list[str],
    note: str,
    holes: dict[int, deque[Card | None]],
    board: deque[Card | None],
    n: int,
) -> None:
    if len(words) == 4 and words[1] == "dh":
        holes[_actor(words[2], n, note)].extend(_split_cards(words[3]))
    elif len(words) == 3 and words[1] == "db":
        board.extend(_split_cards(words[2]))
    else:
        raise InvalidInput(f"not a hold'em or Omaha dealer action: {note!r}")


def _drain(hand: Hand, holes: dict[int, deque[Card | None]], board: deque[Card | None]) -> None:
    while hand.pending.kind is PendingKind.CHANCE:
        pending = hand.pending
        if pending.detail == "burn":
            card: Card | None = None
        elif pending.detail == "board":
            if not board:
                return
            card = board.popleft()
        else:
            queue = holes[pending.seat if pending.seat is not None else -1]
            if not queue:
                return
            card = queue.popleft()
        hand.apply(Action(ActionKind.CARD, card=card))


def _player_action(hand: Hand, seat: int, words: list[str], note: str, scale: int) -> Action:
    verb = words[1] if len(words) > 1 else ""
    if verb == "f":
        return Action(ActionKind.FOLD, seat)
    if verb == "cc":
        p = hand.player(seat)
        kind = ActionKind.CALL if hand.bet_level > p.bet else ActionKind.CHECK
        return Action(kind, seat)
    if verb == "cbr" and len(words) == 3:
        amount = int(_decimal(words[2], "cbr") * scale)
        kind = ActionKind.BET if hand.bet_level == 0 else ActionKind.RAISE
        return Action(kind, seat, amount=amount)
    if verb == "sm":
        if len(words) == 2:
            return Action(ActionKind.MUCK, seat)
        shown = _split_cards(words[2])
        p = hand.player(seat)
        if len(shown) == len(p.hole):
            for k, (had, now) in enumerate(zip(p.hole, shown, strict=True)):
                if had is None and now is not None:
                    if hand.seen >> now.index & 1:
                        raise InvalidInput(f"{now} shown by seat {seat} was already dealt")
                    hand.seen |= 1 << now.index
                    p.hole[k] = now
                elif now is not None and had != now:
                    raise InvalidInput(f"seat {seat} shows {now} but was dealt {had}")
        return Action(ActionKind.SHOW, seat)
    raise InvalidInput(f"not a hold'em or Omaha player action: {note!r}")


def write_phh(
    rules: TableRules,
    seats: Sequence[SeatSpec],
    button: int,
    actions: Sequence[Action],
    extra: Mapping[str, Any] | None = None,
) -> str:
    """The PHH document of a hand: replays ``actions`` on a fresh hand and writes them down."""
    hand = Hand(rules, seats, button)
    order = hand._clockwise((hand.button + 1) % hand.n)
    number = {hand.players[i].seat: k + 1 for k, i in enumerate(order)}
    notes: list[str] = []
    board: list[Card | None] = []
    holes_written = False

    def flush() -> None:
        nonlocal holes_written
        if not holes_written:
            for i in order:
                cards = "".join(str(c) if c else "??" for c in hand.players[i].hole)
                notes.append(f"d dh p{number[hand.players[i].seat]} {cards}")
            holes_written = True
        if board:
            notes.append("d db " + "".join(str(c) if c else "??" for c in board))
            board.clear()

    for action in actions:
        if action.kind is ActionKind.CARD:
            detail = hand.pending.detail
            hand.apply(action)
            if detail == "board" and not action.faced:
                board.append(action.card)
            continue
        flush()
        notes.extend(_notation(hand, action, number))
        hand.apply(action)
    flush()
    doc = _header(rules, hand, order)
    doc["actions"] = notes
    doc["finishing_stacks"] = [hand.players[i].stack for i in order]
    doc.update(extra or {})
    return tomli_w.dumps(doc)


def _notation(hand: Hand, action: Action, number: Mapping[int, int]) -> list[str]:
    if action.seat is None:
        return []
    who = f"p{number[action.seat]}"
    kind = action.kind
    if kind is ActionKind.FOLD:
        return [f"{who} f"]
    if kind in (ActionKind.CHECK, ActionKind.CALL):
        return [f"{who} cc"]
    if kind in (ActionKind.BET, ActionKind.RAISE):
        return [f"{who} cbr {action.amount}"]
    if kind is ActionKind.SHOW:
        return [f"{who} sm " + "".join(str(c) for c in hand.player(action.seat).hole if c)]
    if kind is ActionKind.MUCK:
        return [f"{who} sm"]
    return [f"{who} # {action.describe()}"]


def _header(rules: TableRules, hand: Hand, order: list[int]) -> dict[str, Any]:
    n = hand.n
    code = (
        CODES.get((rules.variant, rules.structure))
        or {
            Variant.HOLDEM: "FT",
            Variant.OMAHA: "FO",
            Variant.OMAHA_HILO: "FO/8",
        }[rules.variant]
    )
    blinds = [0] * n
    if rules.uses_blinds:
        blinds[0], blinds[1] = rules.small_blind, rules.big_blind
    antes = [rules.ante] * n if rules.ante_payer is AntePayer.EVERY_PLAYER else [0] * n
    if rules.ante and rules.ante_payer is AntePayer.BIG_BLIND:
        antes[1] = rules.ante
    if n == 2:
        blinds, antes = list(reversed(blinds)), list(reversed(antes))
    doc: dict[str, Any] = {"variant": code, "antes": antes, "blinds_or_straddles": blinds}
    if rules.structure is Structure.FIXED_LIMIT:
        doc["small_bet"], doc["big_bet"] = rules.small_bet, rules.big_bet
    elif rules.structure is Structure.NONTOURNAMENT:
        doc["small_bet"] = doc["big_bet"] = rules.minimum_bet
    else:
        doc["min_bet"] = rules.minimum_bet
    doc["starting_stacks"] = [hand.players[i].start for i in order]
    return doc
