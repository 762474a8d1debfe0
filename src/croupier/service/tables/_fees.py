"""The live-table hub's half-hour fee (issue 27): poker's nontournament fee, collected in
advance per player (99-01.3-09-03.3), recorded in the table's stream, and required before a
physical table deals a player in. ``LiveTableHub`` takes it in."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import TYPE_CHECKING

from croupier.core.clock import Clock
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.core.money import format_money
from croupier.service.tables._live_events import PHYSICAL, FeeCollected

if TYPE_CHECKING:
    from croupier.service.tables._live_table import CommandResult, LiveTable

HALF_HOUR = timedelta(minutes=30)
FEE_SECTION = "99-01.3-09-03.3"


class Fees:
    """The fee commands of ``LiveTableHub``."""

    if TYPE_CHECKING:
        clock: Clock

        def _command(
            self, table_id: str, build: Callable[[LiveTable], list[Event]]
        ) -> CommandResult: ...

        def table(self, table_id: str) -> LiveTable: ...

    def collect_fee(self, table_id: str, seat: int, by: str) -> CommandResult:
        """Record the fee of the player at ``seat`` for their next half hour of play, collected
        in advance (poker's nontournament fee, 99-01.3-09-03.3): the half hour begins now, or
        when the one already paid for ends."""

        def build(table: LiveTable) -> list[Event]:
            fee = table.live.fee
            if fee is None:
                raise InvalidInput(f"a {table.live.name} table charges no fee for playing time")
            player = table.seats.get(seat)
            if player is None:
                raise InvalidInput(f"nobody sits at seat {seat}")
            now = self.clock.now()
            start = max(now, table.fees_paid.get(seat, now))
            if start - now > HALF_HOUR:
                raise InvalidInput(
                    f"seat {seat} has paid to {start.astimezone():%H:%M}: a fee is collected "
                    "for the half hour playing now or the next one, not further ahead"
                )
            return [FeeCollected(seat, player, start.isoformat(), fee(table.rules), by)]

        return self._command(table_id, build)

    def fees_due(self, table_id: str) -> list[int]:
        """The seats whose player has not paid for the half hour now playing (or paid for less
        than five minutes more): their fee is collected before they are dealt in."""
        return self._fees_due(self.table(table_id))

    def _fees_due(self, table: LiveTable) -> list[int]:
        if table.live.fee is None or table.closed:
            return []
        soon = self.clock.now() + timedelta(minutes=5)
        return [s for s in sorted(table.seats) if table.fees_paid.get(s, soon) <= soon]

    def _check_fees(self, table: LiveTable) -> None:
        """At a physical poker table a hand is dealt only to players whose fee for the half
        hour now playing was collected (-03.3: collected in advance). A virtual table is
        training: no fee."""
        if table.live.fee is None or table.mode != PHYSICAL:
            return
        now = self.clock.now()
        unpaid = [
            s
            for s in sorted(table.seats)
            if table.wagers.get(s) and table.fees_paid.get(s, now) <= now
        ]
        if unpaid:
            seats = ", ".join(str(s) for s in unpaid)
            raise RuleViolation(
                f"collect the fee for this half hour of play from seat {seats} before the deal "
                f"({format_money(table.live.fee(table.rules))}, collected in advance)",
                FEE_SECTION,
            )
