"""The live-table hub's seats and wagers (issue 27): a player seated and leaving, a wager set
for the next round (poker: the chips bought), and at a physical table the dealer keying a
seat's wager in the player's name; each wager judged when it is made, as the deal will judge
it. ``LiveTableHub`` takes it in."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.core.money import format_money, parse_money
from croupier.core.names import check_name
from croupier.core.protocol import PendingKind, Play
from croupier.service.tables._live_events import (
    PHYSICAL,
    PlayerSeated,
    PlayerUnseated,
    WagerSet,
)

if TYPE_CHECKING:
    from croupier.service.tables._live_table import CommandResult, LiveTable


class Seating:
    """The seat and wager commands of ``LiveTableHub``."""

    if TYPE_CHECKING:

        def _command(
            self, table_id: str, build: Callable[[LiveTable], list[Event]]
        ) -> CommandResult: ...
        def _today(self) -> str: ...

    def seat(self, table_id: str, seat: int, player: str, by: str) -> CommandResult:
        """Seat ``player`` (an account or player id) at ``seat``."""

        def build(table: LiveTable) -> list[Event]:
            _check_seat(seat)
            if not player:
                raise InvalidInput("say who sits down")
            check_name(player, "player")  # what the round files keep is what a reader sees
            if seat in table.seats:
                raise InvalidInput(f"seat {seat} is taken by {table.seats[seat]}")
            if table.seat_of(player) is not None:
                raise InvalidInput(f"{player} already sits at seat {table.seat_of(player)}")
            return [PlayerSeated(seat, player, by)]

        return self._command(table_id, build)

    def unseat(self, table_id: str, seat: int, by: str) -> CommandResult:
        """The player at ``seat`` leaves (not while the seat plays a round in progress)."""

        def build(table: LiveTable) -> list[Event]:
            if seat not in table.seats:
                raise InvalidInput(f"nobody sits at seat {seat}")
            if table.round_open and seat in _round_seats(table):
                raise InvalidInput(f"seat {seat} plays the round in progress; leave after it")
            return [PlayerUnseated(seat, table.seats[seat], by)]

        return self._command(table_id, build)

    def wager(self, table_id: str, seat: int, amount: str | int, by: str) -> CommandResult:
        """The wager of ``seat`` for the next round: dollars as a person types them
        (``"$25"``, ``"12.50"``) or int cents. Poker: the chips bought, added to the seat's
        chips, between hands (the chips then change only by play)."""

        def build(table: LiveTable) -> list[Event]:
            if seat not in table.seats:
                raise InvalidInput(f"nobody sits at seat {seat}")
            return [self._wager_event(table, seat, table.seats[seat], amount, by)]

        return self._command(table_id, build)

    def seat_wager(
        self,
        table_id: str,
        seat: int,
        amount: str | int,
        by: str,
        player: str | None = None,
        unlawful: bool = False,
    ) -> CommandResult:
        """At a physical table the dealer keys each wager by seat (issue 27: players need no
        account there): the seat is taken for ``player`` (``"seat 3"`` when no name is given)
        if it is empty, and its wager set, in one command: a refused wager seats nobody.
        ``unlawful``: at twenty-one, an amount the dealer accepted though the rules do not
        allow it (over the maximum, or fifty cents): recorded as it was, and -12.11's remedy
        applies in the round (found by an audit: there was no way to record it)."""

        def build(table: LiveTable) -> list[Event]:
            if table.mode != PHYSICAL:
                raise InvalidInput(
                    f"table {table.table_id!r} is virtual: its players seat themselves and wager "
                    "from their own pages"
                )
            _check_seat(seat)
            events: list[Event] = []
            who = table.seats.get(seat)
            if who is None:
                who = (player or "").strip() or f"seat {seat}"
                check_name(who, "player")
                if table.seat_of(who) is not None:
                    raise InvalidInput(f"{who} already sits at seat {table.seat_of(who)}")
                events.append(PlayerSeated(seat, who, by))
            elif player and player.strip() and player.strip() != who:
                raise InvalidInput(f"seat {seat} is taken by {who}")
            events.append(self._wager_event(table, seat, who, amount, by, unlawful))
            return events

        return self._command(table_id, build)

    def _wager_event(
        self,
        table: LiveTable,
        seat: int,
        player: str,
        amount: str | int,
        by: str,
        unlawful: bool = False,
    ) -> WagerSet:
        cents = parse_money(amount, "wager") if isinstance(amount, str) else amount
        if isinstance(cents, bool) or not isinstance(cents, int) or cents < 0:
            raise InvalidInput(f"a wager is a dollar amount of 0 or more, got {amount!r}")
        if unlawful:
            if table.live.name != "twentyone":
                raise InvalidInput("an unlawful amount accepted is twenty-one's (-12.11)")
            self._try_wager(table, seat, player, cents, unlawful=True)
            return WagerSet(seat, cents, by, unlawful=True)
        if table.live.stacks:
            if table.round_open:
                raise InvalidInput(
                    "chips are bought between hands: the chips in play stay as they are until "
                    "the hand is settled"
                )
            if cents <= 0:
                raise InvalidInput("key the chips bought, more than $0.00")
            return WagerSet(seat, table.wagers.get(seat, 0) + cents, by)
        if cents and table.live.wager_alone:
            self._try_wager(table, seat, player, cents)
        return WagerSet(seat, cents, by)

    def _try_wager(
        self, table: LiveTable, seat: int, player: str, cents: int, unlawful: bool = False
    ) -> None:
        """Judge a wager when it is made, as the deal will (issue 27: a $600 Three Card 21
        wager, a $12 wager at a $5-chip table, seat 6 at a five-space table were accepted and
        the deal then refused, the player never told): a round of this seat alone is started
        and dealt on trial; its refusal, with its section, refuses the wager."""
        live = table.live
        if live.maximum is not None and not unlawful:
            most, section = live.maximum(table.rules)
            if cents > most:
                raise RuleViolation(
                    f"the maximum wager at this table is {format_money(most)}, not "
                    f"{format_money(cents)}",
                    section,
                )
        last = table.play.state if table.play is not None else None
        setup = live.make_setup(
            table.rules,
            {seat: player},
            {seat: cents},
            table.round_number + 1,
            last,
            self._today(),
            frozenset({seat}) if unlawful else frozenset(),
        )
        trial: Play[Any, Any, Any, Any] = Play(live.game, table.rules, setup)
        if live.opening_action is not None and trial.pending.kind is PendingKind.DEALER:
            trial.apply(live.opening_action(trial.state))


def _check_seat(seat: object) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 1:
        raise InvalidInput(f"a seat is a number from 1, got {seat!r}")


def _round_seats(table: LiveTable) -> set[int]:
    if table.play is None:
        return set()
    snapshot = table.live.seat_view(table.play.state, "public")
    seats: set[int] = set()
    for key in ("spaces", "spots", "seats"):
        for item in snapshot.get(key, []) or []:
            number = item.get("space", item.get("seat"))
            if isinstance(number, int):
                seats.add(number)
    return seats
