"""A twenty-one table kept in the event store (what combines the domain table with the store):
every command's events are appended to the table's stream, and a restarted process rebuilds the
open table (players and chips, shoe position, round in progress) by replaying that stream.

The table itself (the shoe of 99-01.3-08-08, players joining and leaving, rounds on the game
protocol) is ``croupier.games.twentyone.table.Table``. This service adds the store, the injected
``Clock`` (the house's period of inactivity, -08.2, -08.3) and the one player a terminal session
acts for (``player``). Whatever a command refuses or fails on, the table is rebuilt from its
stream, so it stays usable.

The CLI reaches twenty-one only through this module (and ``twentyone_play``): the names it needs
from the game are re-exported here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any, Protocol

from croupier.core.cards import Card
from croupier.core.clock import Clock, SystemClock
from croupier.core.errors import InvalidInput
from croupier.core.events import Event
from croupier.core.rng import Rng
from croupier.core.shoe import ReshuffleReason, Shoe
from croupier.games.twentyone.actions import Action, SeatWager
from croupier.games.twentyone.events import CardBurned
from croupier.games.twentyone.rules import HouseRules
from croupier.games.twentyone.state import Round
from croupier.games.twentyone.table import Table

DEFAULT_STREAM = "twentyone/table-1"

__all__ = ["DEFAULT_STREAM", "CardBurned", "EventStoreLike", "TwentyOneTable"]


class EventStoreLike(Protocol):
    def append(self, stream: str, events: Sequence[Event], expected_version: int) -> int: ...

    def read(self, stream: str) -> list[Any]: ...

    def version(self, stream: str) -> int: ...


class TwentyOneTable:
    """A table persisted as an event stream, seen by one player (``player``)."""

    def __init__(
        self, store: EventStoreLike, stream: str, rng: Rng, clock: Clock | None = None
    ) -> None:
        self.store = store
        self.stream = stream
        self.rng = rng
        self.clock: Clock = clock if clock is not None else SystemClock()
        self.last_activity: datetime | None = None
        self.table = Table()
        self.table.rng = rng
        self.player = ""
        self.version = 0

    # -- opening and rebuilding -------------------------------------------------------------
    @classmethod
    def open_or_resume(
        cls,
        store: EventStoreLike,
        rng: Rng,
        rules: HouseRules,
        player: str = "player",
        bankroll: int = 100_00,
        stream: str = DEFAULT_STREAM,
        clock: Clock | None = None,
    ) -> TwentyOneTable:
        """Resume the table of ``stream`` if it has events, else open it with ``rules`` and
        ``player`` seated with ``bankroll``.

        A resumed table keeps its own stored house rules (``rules`` is then ignored). The time of
        the last stored event is the table's last activity (for the inactivity reshuffle). A
        player who is not seated at the resumed table (left, or never came) is not seated by
        this: see ``sit_down``.
        """
        service = cls(store, stream, rng, clock)
        service.player = player
        if service._rebuild():
            return service
        service._run(lambda t: t.open(rules, player, bankroll))
        service._run(lambda t: t.prepare_shoe(ReshuffleReason.NEW_SHOE, rng, "start of play"))
        return service

    def _rebuild(self) -> bool:
        stored = self.store.read(self.stream)
        self.table = Table.rebuilt(item.event for item in stored)
        self.table.rng = self.rng  # a short shoe's discards are shuffled live (-12.9)
        self.version = self.store.version(self.stream)
        if stored:
            self.last_activity = stored[-1].recorded_at
        return bool(stored)

    def _run(self, command: Callable[[Table], list[Event]]) -> list[Event]:
        """Run a domain command and store its events; on any refusal or failure the table is
        rebuilt from its stream (nothing of the command remains)."""
        try:
            events = command(self.table)
            if events:
                self.version = self.store.append(self.stream, events, self.version)
                self.last_activity = self.clock.now()
        except Exception:
            self._rebuild()
            raise
        return events

    # -- what the table shows ---------------------------------------------------------------
    @property
    def rules(self) -> HouseRules | None:
        return self.table.rules

    @property
    def round(self) -> Round | None:
        return self.table.round

    @property
    def rounds(self) -> int:
        return self.table.rounds

    @property
    def shoe(self) -> Shoe | None:
        return self.table.shoe

    @property
    def fresh_shoe(self) -> bool:
        return self.table.fresh_shoe

    @property
    def upcoming(self) -> Card | None:
        return self.table.upcoming

    @property
    def seated(self) -> bool:
        return self.player in self.table.chips

    @property
    def bankroll(self) -> int:
        """The player's chips before the round in progress (or now, between rounds)."""
        return self.table.chips.get(self.player, 0)

    def available(self) -> int:
        """The player's chips not on the layout."""
        return self.table.available(self.player)

    @property
    def broke(self) -> bool:
        """The player cannot cover the table minimum (-09.1)."""
        return self.table.broke(self.player)

    # -- players ----------------------------------------------------------------------------
    def sit_down(self, chips: int) -> list[Event]:
        """Seat ``player`` with ``chips`` (a player who left, went broke, or a new one). When
        the table had no player, the dealer burns a card or reshuffles first (-08.3)."""
        events = self.player_arrives() if not self.table.chips else []
        return events + self._run(lambda t: t.join(self.player, chips))

    def leave(self) -> list[Event]:
        """``player`` leaves with their chips (refused while their wagers are in a round)."""
        return self._run(lambda t: t.leave(self.player))

    def player_arrives(self) -> list[Event]:
        """A player comes to this open table, which had no player (-08.3): see
        ``Table.player_arrives``."""
        due = self.inactivity_due()
        return self._run(lambda t: t.player_arrives(due, self.rng))

    # -- time at the table (-08.2, -08.3) ---------------------------------------------------
    def inactive_for(self) -> timedelta:
        """How long no activity has occurred at the table (zero if never)."""
        if self.last_activity is None:
            return timedelta(0)
        return max(self.clock.now() - self.last_activity, timedelta(0))

    def inactivity_due(self) -> bool:
        """True when the house's period without activity has passed between rounds (-08.2)."""
        if self.table.rules is None:
            return False
        period = timedelta(minutes=self.table.rules.inactivity_reshuffle_minutes)
        return self.round is None and self.inactive_for() >= period

    def reshuffle_if_inactive(self) -> list[Event]:
        """Reshuffle between rounds after the house's period of inactivity (-08.2)."""
        if not self.inactivity_due():
            return []
        assert self.table.rules is not None
        minutes = self.table.rules.inactivity_reshuffle_minutes
        reason = f"no activity at the table for {minutes} minutes (99-01.3-08-08.2)"
        return self._run(lambda t: t.prepare_shoe(ReshuffleReason.INACTIVITY, self.rng, reason))

    def after_round(self) -> list[Event]:
        """Reshuffle when the indicator card has appeared (-08.2); the events (empty if none)."""
        return self._run(lambda t: t.after_round(self.rng))

    # -- rounds -----------------------------------------------------------------------------
    def wagers(self, wagers: Sequence[tuple[int, int, int]]) -> list[SeatWager]:
        """(space, wager, tip) triples in cents as the player's wagers."""
        return [SeatWager(s, w, t, self.player) for s, w, t in wagers]

    def check_wagers(self, wagers: Sequence[tuple[int, int, int]]) -> None:
        """Check (space, wager, tip) triples as the round would, storing nothing. Raises
        ``RuleViolation`` (with its section) or ``InvalidInput``."""
        if not self.seated:
            raise InvalidInput(f"{self.player} is not seated at this table")
        self.table.check_wagers(self.wagers(wagers))

    def start_round(self, wagers: Sequence[tuple[int, int, int]]) -> list[Event]:
        """Place (space, wager, tip) for the player and deal. All wagers are checked first.

        Before dealing, the dealer reshuffles if the table has been inactive for the house's
        period (-08.2); the returned events then begin with that ``ShoePrepared``.
        """
        self.check_wagers(wagers)
        events = self.reshuffle_if_inactive()
        return events + self._run(lambda t: t.start_round(self.wagers(wagers)))

    def deal_owed_cards(self) -> list[Event]:
        """Draw every card the round owes from the shoe; close the round when it is over."""
        return self._run(lambda t: t.deal_owed_cards())

    def act(self, action: Action) -> list[Event]:
        """A player's decision; a refusal (RuleViolation) stores nothing."""
        return self._run(lambda t: t.act(action))
