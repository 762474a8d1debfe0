"""``Tournament``: one main tournament and its satellites as an event stream.

Every command returns the events it caused (already applied). A refused command raises
``RuleViolation`` (citing its section) or ``InvalidInput`` and leaves the tournament as it was:
the state is rebuilt from the events accepted so far, the same replay that settles a dispute.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from croupier.core.events import Event, canonical_json
from croupier.core.rng import Rng
from croupier.tournaments import finish as fin
from croupier.tournaments import play, registration
from croupier.tournaments.definition import TournamentRules, definition_from_dict, plain_days
from croupier.tournaments.events import FeeKind, TournamentDefined
from croupier.tournaments.state import Part, TournamentState


class Tournament:
    """A tournament being run (or replayed)."""

    def __init__(self, state: TournamentState) -> None:
        self.state = state

    @classmethod
    def define(cls, data: Mapping[str, Any]) -> Tournament:
        """A new tournament from its rules (plain data of a rules file); ``ConfigError`` lists
        every problem with its section."""
        rules = definition_from_dict(data)
        rules_json = canonical_json(plain_days(data))
        state = TournamentState(rules, rules_json)
        state.events.append(TournamentDefined(rules_json))
        return cls(state)

    @classmethod
    def replay(cls, events: Sequence[Event]) -> Tournament:
        """The tournament its stored events describe."""
        return cls(TournamentState.from_events(list(events)))

    @property
    def rules(self) -> TournamentRules:
        return self.state.rules

    @property
    def events(self) -> list[Event]:
        return list(self.state.events)

    @property
    def main(self) -> Part:
        return self.state.main

    def part(self, tournament: str | None = None) -> Part:
        return self.state.parts[tournament or self.rules.id]

    def _run(self, command: Callable[[TournamentState], list[Event]]) -> list[Event]:
        accepted = len(self.state.events)
        try:
            return command(self.state)
        except Exception:
            if len(self.state.events) != accepted:
                self.state = TournamentState.from_events(self.state.events[:accepted])
            raise

    def register(
        self,
        player: str,
        *,
        collected_by: str,
        at: str,
        name: str = "",
        address: str = "",
        tournament: str | None = None,
        rng: Rng | None = None,
        card: tuple[int, int] | None = None,
        receipt: str | None = None,
    ) -> list[Event]:
        return self._run(
            lambda st: registration.register(
                st,
                player,
                collected_by=collected_by,
                at=at,
                name=name,
                address=address,
                tournament=tournament,
                rng=rng,
                card=card,
                receipt=receipt,
            )
        )

    def refund(
        self,
        player: str,
        at: str,
        tournament: str | None = None,
        *,
        fee: FeeKind | None = None,
    ) -> list[Event]:
        """Hand back a player's fees before the start (``fee``: one kind of fee only)."""
        return self._run(lambda st: registration.refund(st, player, at, tournament, fee))

    def start(self, at: str, tournament: str | None = None) -> list[Event]:
        return self._run(lambda st: registration.start(st, at, tournament))

    def rebuy(
        self, player: str, *, collected_by: str, at: str, tournament: str | None = None
    ) -> list[Event]:
        return self._run(
            lambda st: registration.buy_chips(
                st, player, FeeKind.REBUY, collected_by=collected_by, at=at, tournament=tournament
            )
        )

    def add_on(
        self, player: str, *, collected_by: str, at: str, tournament: str | None = None
    ) -> list[Event]:
        return self._run(
            lambda st: registration.buy_chips(
                st, player, FeeKind.ADD_ON, collected_by=collected_by, at=at, tournament=tournament
            )
        )

    def transfer_buy_in(self, receipt: str, to_player: str, at: str) -> list[Event]:
        return self._run(lambda st: registration.transfer_buy_in(st, receipt, to_player, at))

    def transfer_chips(self, from_player: str, to_player: str, chips: int) -> None:
        registration.transfer_chips(self.state, from_player, to_player, chips)

    def next_level(self, at: str, tournament: str | None = None) -> list[Event]:
        return self._run(lambda st: play.next_level(st, at, tournament))

    def start_hand(
        self, table: int, at: str, *, absent: tuple[int, ...] = (), tournament: str | None = None
    ) -> list[Event]:
        return self._run(
            lambda st: play.start_hand(st, table, at, absent=absent, tournament=tournament)
        )

    def player_returned(
        self, table: int, seat: int, at: str, tournament: str | None = None
    ) -> list[Event]:
        return self._run(lambda st: play.player_returned(st, table, seat, at, tournament))

    def record_hand(
        self,
        table: int,
        chips: Mapping[str, int],
        at: str,
        *,
        bets: Mapping[str, int] | None = None,
        eliminated_by: Mapping[str, str] | None = None,
        tournament: str | None = None,
    ) -> list[Event]:
        return self._run(
            lambda st: play.record_hand(
                st,
                table,
                chips,
                at,
                bets=bets,
                eliminated_by=eliminated_by,
                tournament=tournament,
            )
        )

    def eliminate(
        self, player: str, at: str, *, by: str | None = None, tournament: str | None = None
    ) -> list[Event]:
        return self._run(lambda st: play.eliminate(st, player, at, by=by, tournament=tournament))

    def move_player(
        self,
        player: str,
        table: int,
        at: str,
        *,
        by: str,
        seat: int | None = None,
        tournament: str | None = None,
    ) -> list[Event]:
        """The director moves a player to another table to balance the tables (-09-05.2)."""
        return self._run(
            lambda st: play.move_player(
                st, player, table, at, by=by, seat=seat, tournament=tournament
            )
        )

    def remove_chips(
        self,
        player: str,
        chips: int,
        at: str,
        *,
        by: str,
        reason: str,
        tournament: str | None = None,
    ) -> list[Event]:
        """Chips taken out of play as a penalty, with who and why (-09-06.2.f)."""
        return self._run(
            lambda st: play.remove_chips(
                st, player, chips, at, by=by, reason=reason, tournament=tournament
            )
        )

    def disqualify(
        self,
        player: str,
        at: str,
        *,
        by: str,
        reason: str,
        tournament: str | None = None,
    ) -> list[Event]:
        """A player disqualified, with who decided and why (-09-06.2.f)."""
        return self._run(
            lambda st: play.disqualify(st, player, at, by=by, reason=reason, tournament=tournament)
        )

    def award_prize(
        self, player: str, place: int, at: str, tournament: str | None = None
    ) -> list[Event]:
        """A decided place's posted prize awarded now, before the end."""
        return self._run(lambda st: fin.award_prize(st, player, place, at, tournament))

    def withdraw(self, player: str, at: str, tournament: str | None = None) -> list[Event]:
        return self._run(lambda st: play.withdraw(st, player, at, tournament))

    def cash_out(self, player: str, tournament: str | None = None) -> list[Event]:
        return self._run(lambda st: play.cash_out(st, player, tournament))

    def end_round(self, at: str, tournament: str | None = None) -> list[Event]:
        return self._run(lambda st: play.end_round(st, at, tournament))

    def finish(self, at: str, tournament: str | None = None) -> list[Event]:
        return self._run(lambda st: fin.finish(st, at, tournament))

    def agree_split(
        self, shares: Mapping[str, int], at: str, tournament: str | None = None
    ) -> list[Event]:
        return self._run(lambda st: fin.agree_split(st, shares, at, tournament))
