"""The twenty-one round on top of its phases: ``Round`` puts ``round_data.RoundData`` (the data)
together with the phase modules (``dealing``, ``play``, ``mistakes``, ``settle``).

``Round(rules)`` starts in the betting phase. ``apply(action)`` checks the action completely
first and raises ``RuleViolation`` (with its section) or ``InvalidInput`` before changing
anything; then it changes the state, moves the round forward to the next decision or card, and
returns the events. Cards enter as ``card`` actions (chance), so rules + shoe order + actions
describe a round completely. Through the game protocol (``game.GAME``) a refused action is also
undone by ``Play``'s rebuild from the log.
"""

from __future__ import annotations

from typing import Any

from croupier.core.errors import InvalidInput
from croupier.core.events import Event
from croupier.core.protocol import Settlement, WagerResult
from croupier.games.twentyone import dealing, mistakes, play
from croupier.games.twentyone.actions import Action, ActionKind
from croupier.games.twentyone.events import ActionRecorded
from croupier.games.twentyone.hand import total
from croupier.games.twentyone.round_data import CardFor, Phase, RoundData, Target

__all__ = ["CardFor", "Phase", "Round", "Target"]


class Round(RoundData):
    """One round of twenty-one at one table."""

    def legal_actions(self) -> list[Action]:
        """The decisions that may be taken now (a ``card`` action when chance is pending is
        listed as ``Action(CARD)`` without a card: any card from the shoe may come)."""
        return play.legal_actions(self)

    def apply(self, action: Action) -> list[Event]:
        """Check ``action``, apply it, move the round forward; return the events caused."""
        if not isinstance(action, Action):
            raise InvalidInput(f"not a twenty-one action: {action!r}")
        kind = action.kind
        if kind is ActionKind.CARD:
            dealing.check_card(self, action)
        elif kind.is_mistake or kind is ActionKind.NO_BURN_AT_START:
            mistakes.check(self, action)
        else:
            play.check(self, action)
        events: list[Event] = [ActionRecorded(action)]
        if kind is ActionKind.CARD:
            assert action.card is not None
            dealing.deliver(self, action.card, events)
        elif kind.is_mistake or kind is ActionKind.NO_BURN_AT_START:
            mistakes.do(self, action, events)
        else:
            play.do(self, action, events)
        dealing.advance(self, events)
        return events

    def balances(self) -> dict[str, int]:
        """Where the round's chips are now, as changes since it began: each player's party, the
        ``layout``, the ``house`` (chip tray) and the ``tips`` (tip receptacle)."""
        return dict(self.accounts)

    def settlement(self) -> Settlement:
        """Every wager's result (complete once ``settled`` is true) and every party's net, the
        parties read from the chips the round moved (not from the wager list)."""
        wagers = []
        for r in self.results:
            seat = self.seats[r.space]
            wagers.append(
                WagerResult(
                    r.space,
                    self.hand_index(seat, r.hand),
                    r.kind,
                    r.stake,
                    r.outcome,
                    r.net,
                    seat.name,
                    r.destination,
                )
            )
        details: dict[str, Any] = {
            "dealer": {
                "cards": [str(c) for c in self.dealer_cards],
                "total": total(self.dealer_cards),
            },
            "hands": {
                str(s.space): [[str(c) for c in h.cards] for h in s.hands]
                for s in self.ordered_seats()
            },
            "burned": [str(c) for c in self.burned],
        }
        parties = {k: v for k, v in self.accounts.items() if k != "layout"}
        return Settlement(tuple(wagers), details, parties)

    def snapshot(self) -> dict[str, Any]:
        """Everything about the state, as plain data (to compare states)."""
        return {
            "phase": self.phase.value,
            "seats": [
                {
                    k: (repr(v) if k != "hands" else [repr(vars(h)) for h in v])
                    for k, v in vars(s).items()
                }
                for s in self.ordered_seats()
            ],
            "dealer": [str(c) for c in self.dealer_cards],
            "faces": list(self.dealer_faces),
            "queue": [(t.recipient, t.purpose, t.space, self._hand_index(t)) for t in self.queue],
            "held": [(t.recipient, t.purpose) for t in self.held],
            "burned": [str(c) for c in self.burned],
            "results": [repr(r) for r in self.results],
            "accounts": dict(self.accounts),
            "flags": (
                self.burn_after_round,
                self.after_burn_done,
                None if self.up is None else str(self.up),
                self.device_checked,
                self.insurance_offered,
                self.dealer_stage,
                self.dealer_final,
                self.end_reason,
            ),
            "current": None
            if self.current is None
            else (self.current[0].space, self.current[0].hands.index(self.current[1])),
            "seen": sorted((str(c), n) for c, n in self.seen.items()),
        }
