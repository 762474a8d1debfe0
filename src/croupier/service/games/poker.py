"""Poker for people (N.D. Admin. Code 99-01.3-09): what ``croupier play poker``, ``croupier poker
phh``, ``croupier disclosure poker`` and ``croupier bench poker`` do, for the CLI and the coming
web server alike.

``PokerTable`` is a terminal table: the person at seat 1 against bots, hand after hand
(``TableSession``: stacks carry over, the button moves). It reads moves as text (``fold``,
``check``, ``call``, ``bet 1.50``, ``raise $2``: amounts in dollars, a bet or raise *to* that
amount) and describes everything that happens as lines of text, money in dollars.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from time import monotonic
from typing import TYPE_CHECKING

from croupier.core.cards import Card, standard_deck
from croupier.core.errors import CroupierError, InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.core.money import format_money, parse_money
from croupier.service.files import read_text
from croupier.service.games.rules import load_rules

if TYPE_CHECKING:
    from croupier.core.rng import Rng
    from croupier.games.poker.actions import Action
    from croupier.games.poker.hand import Hand
    from croupier.games.poker.rules import TableRules
    from croupier.games.poker.session import TableSession

YOU = 1
"""The person's seat."""


def table_rules(path: Path | None) -> TableRules:
    """The poker table rules of ``path`` (JSON or commented TOML; ``"$1.00"`` strings are
    dollars), or the defaults."""
    rules: TableRules = load_rules("poker", path)
    return rules


def disclosure_text(path: Path | None) -> str:
    """The posted house and player rules handout (99-01.3-09-06)."""
    from croupier.games.poker.disclosure import disclosure

    return disclosure(table_rules(path))


# -- PHH hand histories --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PhhPlayer:
    player: str
    """``p1``, ``p2``... as PHH numbers them."""
    name: str
    final_stack: str
    """In the history's own units (PHH records chips, not dollars)."""


@dataclass(frozen=True, slots=True)
class PhhReport:
    """One replayed (or refused) hand history.

    ``mode`` is ``record`` (a record made elsewhere: showdown order, unshown discards and
    voluntary shows as recorded, each difference from ND's rules flagged) or ``strict`` (ND's
    rules as at a live table: the first difference is refused)."""

    file: str
    mode: str
    players: tuple[PhhPlayer, ...] = ()
    matches: bool | None = None
    """Whether the final stacks equal the recorded ``finishing_stacks`` (``None``: none
    recorded, or refused)."""
    recorded_stacks: tuple[str, ...] | None = None
    """The file's ``finishing_stacks`` in its own units (``None``: not recorded)."""
    inferred: tuple[dict[str, str | int], ...] = ()
    inferred_lines: tuple[str, ...] = ()
    flags: tuple[dict[str, str | int], ...] = ()
    flag_lines: tuple[str, ...] = ()
    shows: tuple[dict[str, str | int], ...] = ()
    show_lines: tuple[str, ...] = ()
    refused: str | None = None
    """Why the replay was refused (the action and the section), else ``None``."""

    def to_dict(self) -> dict[str, object]:
        return {
            "file": self.file,
            "mode": self.mode,
            "refused": self.refused,
            "players": [
                {"player": p.player, "name": p.name, "final_stack": p.final_stack}
                for p in self.players
            ],
            "finishing_stacks": None
            if self.recorded_stacks is None
            else list(self.recorded_stacks),
            "matches_finishing_stacks": self.matches,
            "flags": list(self.flags),
            "voluntary_shows": list(self.shows),
            "inferred_folds": list(self.inferred),
        }


@dataclass(frozen=True, slots=True)
class PhhSummary:
    """Several hand histories at once: how many replayed, refused, flagged and checked."""

    files: int
    hands: int
    refused: int
    flags: int
    shows: int
    reproduced: int
    different: int
    unrecorded: int

    def to_dict(self) -> dict[str, int]:
        return {
            "files": self.files,
            "hands": self.hands,
            "refused": self.refused,
            "flags": self.flags,
            "voluntary_shows": self.shows,
            "finishing_stacks_reproduced": self.reproduced,
            "finishing_stacks_different": self.different,
            "finishing_stacks_not_recorded": self.unrecorded,
        }

    def describe(self) -> str:
        return (
            f"{_count(self.files, 'file')}, {_count(self.hands, 'hand')} replayed, "
            f"{self.refused} refused; {_count(self.flags, 'flag')}, "
            f"{_count(self.shows, 'voluntary show')}; finishing_stacks: "
            f"{self.reproduced} reproduced, {self.different} different, {self.unrecorded} "
            "not recorded"
        )


def _count(n: int, what: str) -> str:
    return f"{n} {what}" + ("" if n == 1 else "s")


def phh_report(path: Path, infer_folds: bool = False, strict: bool = False) -> PhhReport:
    """Replay a PHH hand history through the engine and compare its final stacks with the
    file's ``finishing_stacks``. By default as a record made elsewhere (each difference from
    ND's rules flagged, omitted folds inferred); ``strict``: ND's rules as at a live table, a
    difference is refused (raises), omitted folds only with ``infer_folds`` (-04.10)."""
    from croupier.games.poker.phh import parse_phh, replay_phh

    parsed = parse_phh(read_text(path, "PHH file"), str(path))
    result = replay_phh(parsed, infer_folds=infer_folds, record=not strict)
    names = [s.player or f"p{k + 1}" for k, s in enumerate(parsed.seats)]
    stacks = result.display_stacks()
    matches = None
    if parsed.finishing_stacks is not None:
        matches = tuple(result.final_stacks) == parsed.finishing_stacks
    return PhhReport(
        str(path),
        "strict" if strict else "record",
        tuple(
            PhhPlayer(f"p{k + 1}", name, stack)
            for k, (name, stack) in enumerate(zip(names, stacks, strict=True))
        ),
        matches,
        parsed.recorded_stacks(),
        tuple(f.to_dict() for f in result.inferred_folds),
        tuple(f.describe() for f in result.inferred_folds),
        tuple(f.to_dict() for f in result.flags),
        tuple(f.describe() for f in result.flags),
        tuple(s.to_dict() for s in result.shows),
        tuple(s.describe() for s in result.shows),
    )


def phh_reports(
    paths: Sequence[Path], infer_folds: bool = False, strict: bool = False
) -> list[PhhReport]:
    """``phh_report`` of each file; a refused file is a report saying why (the others go on)."""
    out: list[PhhReport] = []
    for path in paths:
        try:
            out.append(phh_report(path, infer_folds, strict))
        except RuleViolation as exc:
            why = f"{exc.detail} (section {exc.section})"
            out.append(PhhReport(str(path), "strict" if strict else "record", refused=why))
        except CroupierError as exc:
            out.append(PhhReport(str(path), "strict" if strict else "record", refused=str(exc)))
    return out


def phh_summary(reports: Sequence[PhhReport]) -> PhhSummary:
    done = [r for r in reports if r.refused is None]
    return PhhSummary(
        len(reports),
        len(done),
        len(reports) - len(done),
        sum(len(r.flags) for r in done),
        sum(len(r.shows) for r in done),
        sum(r.matches is True for r in done),
        sum(r.matches is False for r in done),
        sum(r.matches is None for r in done),
    )


# -- the terminal table --------------------------------------------------------------------------
class _Clock:
    """The session's step times: the wall clock at start, then monotonic time (never backward)."""

    def __init__(self) -> None:
        self.start = datetime.now(UTC)
        self.origin = monotonic()

    def now(self) -> datetime:
        return self.start + timedelta(seconds=monotonic() - self.origin)


def _cards(cards: Sequence[Card | None]) -> str:
    return " ".join(str(c) for c in cards if c is not None)


@dataclass(frozen=True, slots=True)
class Turn:
    """What the person sees when it is their turn."""

    cards: str
    board: str
    pot: int
    to_call: int
    options: str
    showdown: bool

    def describe(self) -> str:
        if self.showdown:
            return f"  your cards {self.cards}  board [{self.board}]  showdown: {self.options}"
        return (
            f"  your cards {self.cards}  board [{self.board}]  pot {format_money(self.pot)}  "
            f"to call {format_money(self.to_call)}  ({self.options})"
        )


class PokerTable:
    """The person at seat 1 and ``bots`` bots on seats 2, 3...; ``stack`` each, in cents.

    Randomness is the operating system's (``seed`` only for tests). The first button is dealt
    for the high card (-04.8) unless ``button`` sets it."""

    def __init__(
        self,
        rules: TableRules,
        bots: int,
        stack: int,
        seed: int | None = None,
    ) -> None:
        from croupier.core.rng import LiveRng, SeededRng
        from croupier.games.poker.session import TableSession

        if not 1 <= bots <= rules.max_players - 1:
            raise InvalidInput(f"bots: 1 to {rules.max_players - 1} at this table, not {bots}")
        if stack <= 0:
            raise InvalidInput(f"stack: must be more than $0.00, not {format_money(stack)}")
        self.rules = rules
        self.rng: Rng = SeededRng(seed) if seed is not None else LiveRng()
        self.clock = _Clock()
        self.session: TableSession = TableSession(rules)
        for seat in range(1, bots + 2):
            self.session.seat(
                seat, stack, self.clock.now(), "you" if seat == YOU else f"bot {seat}"
            )
        self.number = 0
        self._board = 0
        self._hand: Hand | None = None
        self._events: list[Event] = []

    # -- the hands ------------------------------------------------------------------------------
    def deal_for_button(self) -> tuple[str, int]:
        """-04.8: one card to each player from a shuffled deck; the high card takes the button.
        The draw in words and the button."""
        from croupier.core.shuffle import fisher_yates
        from croupier.games.poker.table import first_button

        deck = fisher_yates(standard_deck(), self.rng)
        draws = dict(zip(sorted(self.session.stacks), deck, strict=False))
        line = "Dealing for the button (99-01.3-09-04.8): " + ", ".join(
            f"seat {s} {c}" for s, c in draws.items()
        )
        return line, first_button(draws)

    def begin_hand(self, button: int | None = None) -> str:
        """The next hand (``button`` for the first one only); its heading."""
        self.session.begin_hand(self.clock.now(), button)
        self.number += 1
        self._hand = self.session.hand
        self._board = 0
        self._events = []
        return f"Hand {self.number} button seat {self.session.button}"

    @property
    def hand(self) -> Hand:
        if self._hand is None:
            raise InvalidInput("no hand has begun")
        return self._hand

    def in_progress(self) -> bool:
        return self.session.hand is not None

    def your_turn(self) -> bool:
        from croupier.games.base import PendingKind

        pending = self.hand.pending
        return self.in_progress() and pending.kind is PendingKind.SEAT and pending.seat == YOU

    def play_others(self) -> list[str]:
        """Deal what is due and let the bots act until it is the person's turn or the hand is
        over; what happened, one line each."""
        from croupier.games.base import PendingKind
        from croupier.games.poker.game import GAME

        lines: list[str] = []
        first = not self._events
        if first:
            lines.extend(self._describe(self.hand.events))
        while self.in_progress():
            hand = self.hand
            pending = hand.pending
            if pending.kind is PendingKind.CHANCE:
                self._apply(GAME.chance(hand, self.rng), lines)
                continue
            lines.extend(self._board_line())
            if pending.seat == YOU:
                break
            self._apply(self._bot_choice(), lines)
        lines.extend(self._board_line())
        return lines

    def turn(self) -> Turn:
        """What the person sees now (their turn)."""
        from croupier.games.poker.actions import ActionKind
        from croupier.games.poker.game import GAME

        hand = self.hand
        me = hand.player(YOU)
        options = GAME.legal_actions(hand)
        return Turn(
            _cards(me.hole),
            _cards(hand.board),
            hand.pot,
            max(0, hand.bet_level - me.bet),
            _options(options),
            any(a.kind is ActionKind.SHOW for a in options),
        )

    def move(self, text: str) -> list[str]:
        """The person's move from its text; a refused move raises (``RuleViolation`` citing
        the section, ``InvalidInput``) and changes nothing."""
        from croupier.games.poker.game import GAME

        action = parse_move(text, GAME.legal_actions(self.hand))
        lines: list[str] = []
        self._apply(action, lines)
        return lines

    def finish(self) -> list[str]:
        """After a hand: the stacks, and the bots that lost every chip leave (-05.7)."""
        stacks = self.session.stacks
        lines = ["  stacks: " + ", ".join(f"seat {s} {format_money(v)}" for s, v in stacks.items())]
        for seat, chips in stacks.items():
            if chips == 0 and seat != YOU:
                self.session.unseat(seat, self.clock.now())
                lines.append(f"  seat {seat} has no chips and leaves the table")
        return lines

    def can_go_on(self) -> bool:
        stacks = self.session.stacks
        return stacks.get(YOU, 0) > 0 and len(stacks) >= 2

    # -- inside ---------------------------------------------------------------------------------
    def _apply(self, action: Action, lines: list[str]) -> None:
        found = self.session.apply(action, self.clock.now())
        self._events.extend(found)
        lines.extend(self._describe(found))

    def _bot_choice(self) -> Action:
        """A bot: always shows at the showdown, never folds when it may check, otherwise a
        random legal move (a bet or raise of a random legal size)."""
        from croupier.games.poker.actions import ActionKind
        from croupier.games.poker.game import GAME, choose_sized

        options = list(GAME.legal_actions(self.hand))
        shows = [a for a in options if a.kind is ActionKind.SHOW]
        if shows:
            return shows[0]
        if any(a.kind is ActionKind.CHECK for a in options):
            options = [a for a in options if a.kind is not ActionKind.FOLD]
        return choose_sized(options, self.rng)

    def _board_line(self) -> list[str]:
        board = self.hand.board
        if len(board) == self._board:
            return []
        street = {3: "flop", 4: "turn", 5: "river"}.get(len(board), "board")
        self._board = len(board)
        return [f"  {street}: {_cards(board)}"]

    def _describe(self, events: Sequence[Event]) -> list[str]:
        return [f"  {line}" for line in describe_events(events, self._events) if line]


def describe_events(events: Sequence[Event], hand_events: Sequence[Event]) -> list[str]:
    """Lines in words for what a person at the table sees happen, money in dollars (the
    showdown: who won what, with which hand; ``hand_events`` are the hand's so far)."""
    from croupier.games.poker import events as ev

    shown: dict[int, tuple[int | None, int | None]] = {}
    for e in hand_events:
        if isinstance(e, ev.HandShown):
            shown[e.seat] = (e.high, e.low)
    out: list[str] = []
    for e in events:
        if isinstance(e, ev.ForcedBet):
            who = " (posted by the dealer: absent)" if e.posted_by_dealer else ""
            out.append(f"seat {e.seat} posts the {e.kind} {format_money(e.amount)}{who}")
        elif isinstance(e, ev.PlayerActed):
            out.append(_acted(e))
        elif isinstance(e, ev.HandShown):
            shown[e.seat] = (e.high, e.low)
            out.append(f"seat {e.seat} shows {_cards(e.cards)}{_values(e.high, e.low)}")
        elif isinstance(e, ev.HandDiscarded):
            out.append(f"seat {e.seat} mucks")
        elif isinstance(e, ev.UncalledReturned):
            out.append(f"seat {e.seat}'s uncalled {format_money(e.amount)} is returned")
        elif isinstance(e, ev.HandDead):
            out.append(f"seat {e.seat}'s hand is dead: {e.reason} [{e.section}]")
        elif isinstance(e, ev.PotAwarded):
            out.extend(_awarded(e, shown))
        elif isinstance(e, ev.Misdeal):
            out.append(f"misdeal: {e.reason} [{e.section}]; every wager is returned")
    return out


def _acted(e: object) -> str:
    from croupier.games.poker.events import PlayerActed

    assert isinstance(e, PlayerActed)
    tail = " (all in)" if e.all_in else ""
    if e.action == "fold":
        return f"seat {e.seat} folds"
    if e.action == "check":
        return f"seat {e.seat} checks{tail}"
    if e.action == "call":
        return f"seat {e.seat} calls {format_money(e.added)}{tail}"
    verb = "bets" if e.action == "bet" else "raises to"
    return f"seat {e.seat} {verb} {format_money(e.to)}{tail}"


def _values(high: int | None, low: int | None) -> str:
    from croupier.eval.reference import describe, describe_low

    if high is None:
        return ""
    text = f" ({describe(high)}"
    if low is not None:
        text += f"; {describe_low(low)}"
    return text + ")"


_ARTICLE = ("royal", "straight", "four", "full", "flush", "three")


def _hand_words(value: int) -> str:
    from croupier.eval.reference import describe

    words = describe(value)
    return f"a {words}" if words.startswith(_ARTICLE) else words


def _awarded(e: object, shown: dict[int, tuple[int | None, int | None]]) -> list[str]:
    from croupier.eval.reference import describe_low
    from croupier.games.poker.events import PotAwarded

    assert isinstance(e, PotAwarded)
    which = "" if e.pot == 0 else f" from side pot {e.pot}"
    half = "" if e.half == "whole" else f" ({e.half} half)"
    out = []
    for seat, share in zip(e.seats, e.shares, strict=True):
        high, low = shown.get(seat, (None, None))
        if e.half == "low" and low is not None:
            how = f" with {describe_low(low)}"
        elif high is not None:
            how = f" with {_hand_words(high)}"
        else:
            how = " (no showdown)"
        out.append(f"seat {seat} wins {format_money(share)}{which}{half}{how}")
    return out


def _options(options: Sequence[Action]) -> str:
    from croupier.games.poker.actions import ActionKind

    words: list[str] = []
    for kind in dict.fromkeys(a.kind for a in options):
        sizes = sorted({a.amount for a in options if a.kind is kind})
        if kind is ActionKind.BET or kind is ActionKind.RAISE:
            span = format_money(sizes[0])
            if sizes[-1] != sizes[0]:
                span += f" to {format_money(sizes[-1])}"
            words.append(f"{'b' if kind is ActionKind.BET else 'r'} X: {kind.value} to {span}")
        else:
            words.append(kind.value)
    return ", ".join(words)


_VERBS = {
    "f": "fold",
    "fold": "fold",
    "k": "check",
    "x": "check",
    "check": "check",
    "c": "call",
    "call": "call",
    "b": "bet",
    "bet": "bet",
    "r": "raise",
    "raise": "raise",
    "s": "show",
    "show": "show",
    "m": "muck",
    "muck": "muck",
}
HELP = (
    "type fold (f), check (k or x), call (c), bet X (b X), raise X (r X): a bet or raise to X "
    "dollars in this betting round, e.g. 'r 1.50'; at the showdown show (s) or muck (m)"
)


def parse_move(text: str, options: Sequence[Action]) -> Action:
    """The person's move from its words (see ``HELP``). An amount is in dollars (``1``, ``$1``,
    ``0.50``); a bet or raise with no amount is the only size allowed, when there is one (fixed
    limit). A move the rules refuse (a bet when there is a bet to call, a check facing one) is
    left for the hand to refuse, citing its section."""
    from croupier.games.poker.actions import Action, ActionKind

    words = text.strip().lower().split()
    if not words:
        raise InvalidInput(HELP)
    verb = _VERBS.get(words[0])
    if verb is None:
        raise InvalidInput(f"unknown move {words[0]!r}: {HELP}")
    kind = ActionKind(verb)
    rest = words[1:]
    if rest and rest[0] == "to":
        rest = rest[1:]
    seat = YOU
    if kind is not ActionKind.BET and kind is not ActionKind.RAISE:
        if rest:
            raise InvalidInput(f"{verb} takes no amount")
        return Action(kind, seat)
    if len(rest) > 1:
        raise InvalidInput(f"{verb} takes one amount in dollars, e.g. '{verb} 1.50'")
    if not rest:
        sizes = sorted({a.amount for a in options if a.kind is kind})
        if len(sizes) > 1:
            raise InvalidInput(f"say how much: {verb} X, to X dollars")
        # one size allowed: that one; none: the hand refuses the move, citing its section
        return Action(kind, seat, amount=sizes[0] if sizes else 0)
    return Action(kind, seat, amount=parse_money(rest[0], verb))
