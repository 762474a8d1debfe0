"""Folds a hand history omits, inferred only on request (``replay_phh(..., infer_folds=True)``).

Public hand-history datasets often leave out the fold of a player who never put a chip in by
choice. Strictly, the next recorded action is then out of turn and refused (99-01.3-09-04.10).
On request, a recorded betting action by a player other than the one to act is preceded by an
inferred fold of each player skipped, and only when every one of these holds for that player:

- it has made no decision in this hand (no check, call, bet, raise, statement or wager);
- its chips in the pot are its forced bets only (antes and blinds; none beyond them at risk);
- it faces a bet (a player who could check for free is never presumed to fold);
- folding it leaves the recorded actor with at least one opponent (an inferred fold never ends
  the hand).

Anything else is refused exactly as in strict mode, with the reason. Every inferred fold is
listed in the result; when the file records ``finishing_stacks`` the replay must reproduce
them, otherwise the inference is refused (it may never change a recorded outcome silently).
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.core.errors import RuleViolation
from croupier.games.base import PendingKind
from croupier.games.poker.actions import Action, ActionKind
from croupier.games.poker.events import ForcedBet, PlayerActed, StatementMade, WagerRead
from croupier.games.poker.hand import Hand
from croupier.games.poker.state import ORDER


@dataclass(frozen=True, slots=True)
class InferredFold:
    """A fold absent from the record, inferred before recorded action ``before_action``.

    ``player`` is the PHH name (``p8``), ``seat`` the engine's seat, ``recorded`` the text of
    the recorded action it precedes, ``forced`` the player's forced bets left in the pot.
    """

    player: str
    seat: int
    before_action: int
    recorded: str
    forced: int

    def to_dict(self) -> dict[str, str | int]:
        return {
            "player": self.player,
            "seat": self.seat,
            "before_action": self.before_action,
            "recorded": self.recorded,
            "forced_bets_in_pot": self.forced,
        }

    def describe(self) -> str:
        return (
            f"{self.player} fold inferred before action {self.before_action} "
            f"{self.recorded!r} (forced bets left in the pot: {self.forced})"
        )


def _why_not(hand: Hand, i: int, actor: int) -> str | None:
    """Why seat index ``i``'s fold may not be inferred, or ``None`` when it may."""
    p = hand.players[i]
    decided = (PlayerActed, StatementMade, WagerRead)
    if any(isinstance(e, decided) and e.seat == p.seat for e in hand.events):
        return f"seat {p.seat} has already made a decision in this hand"
    forced = sum(e.amount for e in hand.events if isinstance(e, ForcedBet) and e.seat == p.seat)
    if p.contributed != forced:
        return f"seat {p.seat} has chips at risk beyond its forced bets"
    if hand.bet_level <= p.bet:
        return f"seat {p.seat} faces no bet and could check"
    live = [j for j, q in enumerate(hand.players) if q.live]
    if actor not in live or not hand.players[actor].able:
        return f"seat {hand.players[actor].seat} is not in the hand to act"
    if len(live) <= 2:
        return f"folding seat {p.seat} would end the hand"
    return None


def infer_folds(hand: Hand, actor_seat: int, number: int, note: str) -> list[InferredFold]:
    """Fold each skipped player until ``actor_seat`` is to act (see the module docstring).

    PHH names seat ``k`` ``pk``. Stops when cards are due (the caller deals them and asks
    again). Raises ``RuleViolation`` (-04.10) when a skipped player's
    fold may not be inferred; the replay is then refused as a whole.
    """
    out: list[InferredFold] = []
    actor = hand.index_of.get(actor_seat)
    while (
        actor is not None
        and hand.pending.kind is PendingKind.SEAT
        and hand.pending.detail == "betting"
        and hand.to_act is not None
        and hand.to_act != actor
    ):
        i = hand.to_act
        p = hand.players[i]
        reason = _why_not(hand, i, actor)
        if reason is not None:
            raise RuleViolation(
                f"seat {actor_seat} acted out of turn; seat {p.seat} is to act and its fold "
                f"cannot be inferred: {reason}",
                ORDER,
            )
        hand.apply(Action(ActionKind.FOLD, p.seat))
        out.append(InferredFold(f"p{p.seat}", p.seat, number, note.strip(), p.contributed))
    return out
