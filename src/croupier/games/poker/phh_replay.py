"""Replaying a record made elsewhere: ``replay_phh(..., record=True)``, the default of
``croupier poker phh``.

A hand history published elsewhere records what happened at another table under other rules.
Its showdown is a fact of that record: who showed, who discarded unshown, in which order, and
whether the winner of a pot everyone else folded showed the hand anyway. Replaying a record,
croupier takes those facts from it instead of policing them, and flags every place where North
Dakota's rules would have asked for something else, with the section:

- a hand shown or discarded at the showdown before the player that -04.23 has show next
  (``99-01.3-09-04.23.a`` to ``.e``: the lettered rule that puts that player first);
- a hand discarded unshown that -04.24 requires shown (a player who called all betting action,
  or any hand once a player is all in and the betting is over);
- a fold absent from the record and inferred under the conditions of ``phh_folds`` (-04.10).

A show after every other hand folded or was discarded (the pot already awarded) is the
winner's voluntary show: with one hand left there is no showdown (-04.24: "if two or more
players remain in the pot"), so no rule differs and nothing is flagged; the show is listed
(``VoluntaryShow``) and its cards are checked against the deal.

Nothing here changes the engine: at a live table ``Hand`` still refuses a show out of order
(-04.23), a caller's unshown discard (-04.24) and an action after the award (-04.26). For one
recorded showdown action the replay gives the turn to the recorded player (and, for a recorded
unshown discard, lifts that player's duty to show), then lets the engine apply it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from croupier.core.cards import Card
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.games.poker.actions import Action, ActionKind
from croupier.games.poker.hand import Hand
from croupier.games.poker.phh_folds import InferredFold
from croupier.games.poker.state import Phase

ORDER = "99-01.3-09-04.23"
SHOWDOWN = "99-01.3-09-04.24"
OMITTED = "99-01.3-09-04.10"
OVER = "99-01.3-09-04.26"

_WHY = {
    "a": "the final round's bettor shows first",
    "b": "the final round's last raiser shows first",
    "c": "the final round was checked by all: the player who acted first shows first",
    "d": "hands are shown clockwise from the player who shows first",
    "e": "players in a side pot show before a player all in for only the main pot",
}


@dataclass(frozen=True, slots=True)
class RecordFlag:
    """A place where the record differs from what North Dakota requires: replayed as recorded.

    ``number`` is the recorded action's place in the file's ``actions`` (from 1), ``recorded``
    its text, ``section`` the rule that asks for something else, ``detail`` what it asks.
    """

    number: int
    recorded: str
    section: str
    detail: str

    def to_dict(self) -> dict[str, str | int]:
        return {
            "action": self.number,
            "recorded": self.recorded,
            "section": self.section,
            "detail": self.detail,
        }

    def describe(self) -> str:
        return f"action {self.number} {self.recorded!r}: {self.detail} ({self.section})"


@dataclass(frozen=True, slots=True)
class VoluntaryShow:
    """The winner of a pot nobody else contested showing (or discarding) the hand after the
    award: a fact of the record, not a showdown. ``cards`` as shown (empty: discarded)."""

    number: int
    recorded: str
    player: str
    seat: int
    cards: str

    def to_dict(self) -> dict[str, str | int]:
        return {
            "action": self.number,
            "recorded": self.recorded,
            "player": self.player,
            "seat": self.seat,
            "cards": self.cards,
        }

    def describe(self) -> str:
        what = f"shows {self.cards}" if self.cards else "discards unshown"
        return (
            f"action {self.number} {self.recorded!r}: {self.player} won the pot uncontested and "
            f"{what} (no showdown: one hand left)"
        )


def inferred_flag(fold: InferredFold) -> RecordFlag:
    """The flag of a fold the record omits and the replay inferred (-04.10)."""
    return RecordFlag(
        fold.before_action,
        fold.recorded,
        OMITTED,
        f"{fold.player}'s turn comes first and the record has no decision of it: its fold is "
        f"inferred (forced bets left in the pot: {fold.forced})",
    )


def hand_over(hand: Hand) -> bool:
    """Whether the pot has been awarded (a recorded show now is a voluntary one)."""
    return hand.phase is Phase.COMPLETE


def _wager(hand: Hand, i: int) -> int:
    p = hand.players[i]
    return p.contributed - p.ante


def order_rule(hand: Hand, expected: int, recorded: int) -> str:
    """The letter of -04.23 that has player index ``expected`` show before ``recorded``."""
    if _wager(hand, expected) > _wager(hand, recorded):
        return "e"
    if hand.shown_order or expected != hand.show_first:
        return "d"
    if hand.aggressor is None:
        return "c"
    return "b" if hand.raises else "a"


def showdown_turn(hand: Hand, action: Action, number: int, note: str) -> list[RecordFlag]:
    """Apply a recorded show or discard at the showdown in the record's order; the flags of
    the places where -04.23 (order) or -04.24 (an unshown discard) ask for something else."""
    seat = action.seat if action.seat is not None else -1
    i = hand.index_of.get(seat)
    if i is None:
        raise InvalidInput(f"no player at seat {seat}")
    p = hand.players[i]
    if not p.live:
        raise InvalidInput(f"p{seat} has no live hand at the showdown")
    if p.shown:
        raise InvalidInput(f"p{seat} has already shown")
    flags: list[RecordFlag] = []
    recorded = note.strip()
    expected = hand.to_act
    if expected is not None and expected != i:
        letter = order_rule(hand, expected, i)
        flags.append(
            RecordFlag(
                number,
                recorded,
                f"{ORDER}.{letter}",
                f"the record has p{seat} show or discard before p{hand.players[expected].seat}; "
                f"-04.23 has p{hand.players[expected].seat} show first: {_WHY[letter]}",
            )
        )
    unshown = action.kind is ActionKind.MUCK and not (action.face_up and action.identifiable)
    all_in = hand.all_in_showdown
    if unshown and (all_in or hand.must_show >> i & 1):
        why = (
            "a player is all in and the betting is over: every hand must be shown"
            if all_in
            else f"p{seat} called all betting action and may not muck without showing"
        )
        flags.append(RecordFlag(number, recorded, SHOWDOWN, f"the record discards unshown; {why}"))
    saved = (hand.to_act, hand.must_show)
    hand.to_act = i
    if unshown:
        hand.must_show &= ~(1 << i)
        hand.all_in_showdown = False
    try:
        hand.apply(action)
    except Exception:
        hand.to_act, hand.must_show = saved
        raise
    finally:
        hand.all_in_showdown = all_in
    return flags


def voluntary_show(
    hand: Hand, seat: int, cards: Sequence[Card | None], number: int, note: str
) -> VoluntaryShow:
    """A recorded show (``cards``; none: a discard) by the winner after an uncontested award,
    checked against the cards dealt; anything else after the award is refused (-04.26)."""
    i = hand.index_of.get(seat)
    if i is None:
        raise InvalidInput(f"no player at seat {seat}")
    p = hand.players[i]
    others = [q for q in hand.players if q.live and q is not p]
    if not p.live or others or p.shown:
        raise RuleViolation(
            f"the hand is over; p{seat} did not win the pot uncontested and shows after the award",
            OVER,
        )
    if cards:
        if len(cards) != len(p.hole):
            raise InvalidInput(f"p{seat} shows {len(cards)} cards but holds {len(p.hole)}")
        for had, now in zip(p.hole, cards, strict=True):
            if now is None:
                continue
            if had is None and hand.seen >> now.index & 1:
                raise InvalidInput(f"{now} shown by p{seat} was already dealt")
            if had is not None and had != now:
                raise InvalidInput(f"p{seat} shows {now} but was dealt {had}")
    shown = "".join("??" if c is None else str(c) for c in cards)
    return VoluntaryShow(number, note.strip(), f"p{seat}", seat, shown)
