"""The desk's seating commands (``TablesDesk``'s part): taking, leaving and emptying seats,
wagers and chips bought, and a poker seat's half-hour fee. At a virtual table the players do
these themselves; at a physical table the dealer keys them (docs/tables-live.md)."""

from __future__ import annotations

from croupier.core.errors import InvalidInput
from croupier.service.people.authz import Action, Actor, authorize
from croupier.service.tables._live_events import PHYSICAL
from croupier.service.tables._supervision import Supervision, check_table_id
from croupier.service.tables.live import CommandResult


class SeatingDesk(Supervision):
    """Seats, wagers and fees, each judged by the one policy and recorded in the table's
    stream; a command carrying the version the console showed is refused (a conflict) once
    the table moved on, so a retry after a lost answer is never recorded twice."""

    def _moved_on(self, table_id: str, version: int | None, then: str) -> CommandResult | None:
        """A conflict when ``version`` (what the console showed) is not the table's now: a
        command sent again after a lost answer is never recorded twice; None to go on."""
        now = self.hub.table(check_table_id(table_id)).version
        return None if version is None or version == now else moved_on(now, version, then)

    def _not_physical(self, table_id: str) -> None:
        """A player's own seat and wager are for a virtual table: at a physical table the
        players have no screen and the dealer keys each seat's wager (``seat_wager``) and
        decision, as the chips and cards on the felt are (docs/tables-live.md)."""
        if self.hub.table(check_table_id(table_id)).mode == PHYSICAL:
            raise InvalidInput(
                f"table {table_id} is a physical table: the dealer keys the seats, wagers and "
                "decisions of its players"
            )

    def seat(self, actor: Actor, table_id: str, seat: int) -> CommandResult:
        authorize(actor, Action.PLAY_AT_TABLE)
        with self._locked():
            self._not_physical(table_id)
            return self._noted(
                actor,
                table_id,
                self.hub.seat(check_table_id(table_id), seat, actor.name, actor.name),
            )

    def unseat(self, actor: Actor, table_id: str) -> CommandResult:
        authorize(actor, Action.PLAY_AT_TABLE)
        with self._locked():
            self._not_physical(table_id)
            seat = self._own_seat(actor, table_id)
            return self._noted(actor, table_id, self.hub.unseat(table_id, seat, actor.name))

    def dealer_unseat(
        self, actor: Actor, table_id: str, seat: int, version: int | None = None
    ) -> CommandResult:
        """At a physical table the player who leaves has no screen: the dealer empties the
        seat between rounds (poker: the player takes the chips). Found by an audit: nobody
        could, and a poker table then dealt no hand while the absent player's half-hour fee
        went unpaid (-09-03.3)."""
        authorize(actor, Action.RUN_TABLE)
        with self._locked():
            table = self.hub.table(check_table_id(table_id))
            if table.mode != PHYSICAL:
                raise InvalidInput(
                    f"table {table_id} is a virtual table: its players leave their seats themselves"
                )
            stale = self._moved_on(table_id, version, "look at the console: was it recorded?")
            if stale is not None:
                return stale
            return self._noted(actor, table_id, self.hub.unseat(table_id, seat, actor.name))

    def wager(
        self, actor: Actor, table_id: str, amount: str, version: int | None = None
    ) -> CommandResult:
        """A player's own wager (poker: chips bought, added to the seat's); with ``version``,
        as ``seat_wager``: sent again after a lost answer, it is not bought twice."""
        authorize(actor, Action.PLAY_AT_TABLE)
        with self._locked():
            self._not_physical(table_id)
            seat = self._own_seat(actor, table_id)
            stale = self._moved_on(table_id, version, "look at the table: was it recorded?")
            if stale is not None:
                return stale
            return self._noted(actor, table_id, self.hub.wager(table_id, seat, amount, actor.name))

    def seat_wager(
        self,
        actor: Actor,
        table_id: str,
        seat: int,
        amount: str,
        player: str | None = None,
        version: int | None = None,
        unlawful: bool = False,
    ) -> CommandResult:
        """The dealer keys a seat's wager at a physical table, seating ``player`` (or
        ``seat N``) there if the seat is empty (``LiveTableHub.seat_wager``). With ``version``
        (the console sends the one it showed) a table that moved on is a conflict and nothing
        is recorded: a wager sent again after a lost answer is not bought twice (an audit)."""
        authorize(actor, Action.RUN_TABLE)
        with self._locked():
            stale = self._moved_on(table_id, version, "look at the console: was it recorded?")
            if stale is not None:
                return stale
            return self._noted(
                actor,
                table_id,
                self.hub.seat_wager(
                    check_table_id(table_id), seat, amount, actor.name, player, unlawful
                ),
            )

    def collect_fee(
        self, actor: Actor, table_id: str, seat: int, version: int | None = None
    ) -> CommandResult:
        """A poker seat's fee for its next half hour of play, collected in advance and
        recorded by the person signed in (``LiveTableHub.collect_fee``, 99-01.3-09-03.3); with
        ``version``, as ``seat_wager``: a fee sent again after a lost answer is not taken
        twice."""
        authorize(actor, Action.RUN_TABLE)
        with self._locked():
            stale = self._moved_on(table_id, version, "look at the console: was it recorded?")
            if stale is not None:
                return stale
            return self._noted(
                actor, table_id, self.hub.collect_fee(check_table_id(table_id), seat, actor.name)
            )

    def _own_seat(self, actor: Actor, table_id: str) -> int:
        seat = self.hub.table(check_table_id(table_id)).seat_of(actor.name)
        if seat is None:
            raise InvalidInput(f"{actor.name} has no seat at table {table_id}")
        return seat


def moved_on(now: int, shown: int, then: str) -> CommandResult:
    """A command sent at a version the table has moved past: a conflict, nothing done (a
    command retried after a lost answer is never done twice)."""
    return CommandResult(
        False,
        now,
        refusal=f"the table moved on (version {now}, not {shown}): nothing was done; {then}",
        conflict=True,
    )
