"""The live tables as the web server offers them: who sees what, who may do what, and actions
chosen from the ones the rules allow now.

One ``TablesDesk`` per server process wraps the process's ``LiveTableHub`` (``tables_live``):

- **Who is looking** (``viewer``): a player seated at the table sees as that seat; a dealer,
  wheel operator, pit boss or shift manager as the dealer; a gaming manager, the owner or an
  auditor as surveillance; anyone else as the public. The hub's seat views do the redaction
  (``docs/interpretations/seat-views.md``): no hidden card reaches a browser that may not see
  it.
- **Who may act** (``service.people.authz``): staff run a table (open, deal, chance, the dealer's
  actions, settle, close); a player takes a seat, sets a wager and acts for that seat only.
- **Choosing an action** (``options``, ``choose``): the browser never builds a game action. The
  party to act is offered the legal actions of the moment, numbered, each with a label, under
  the table's version; it sends back the number and that version. A version that moved on (the
  table changed meanwhile) is a conflict: nothing is done, reload. So every game is played the
  same way, and nothing a browser sends can be an action the rules do not offer.

The hub is not thread-safe; the web server calls it from a thread pool, so every call here
holds one lock. Subscribers are called under it: they must only hand the update on (an asyncio
queue through ``loop.call_soon_threadsafe``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import threading
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from croupier.core.clock import Clock, SystemClock
from croupier.core.errors import InvalidInput
from croupier.core.events import JSON
from croupier.core.protocol import PendingKind
from croupier.service.people.accounts import AUDITOR, OWNER, PLAYER
from croupier.service.people.authz import (
    DEALER,
    GM,
    PB,
    SM,
    WHEEL,
    Action,
    Actor,
    authorize,
)
from croupier.service.people.namespace import Namespace
from croupier.service.tables._live_events import PHYSICAL, StepTaken
from croupier.service.tables._live_games import TICKETS
from croupier.service.tables._seating_desk import SeatingDesk, moved_on
from croupier.service.tables._supervision import Refusal, check_table_id
from croupier.service.tables.console import ON_REQUEST, Console
from croupier.service.tables.entries import Entry, complete
from croupier.service.tables.fanout import Fanout
from croupier.service.tables.live import (
    CommandResult,
    LiveRngSource,
    LiveTableHub,
    RngSource,
    Subscription,
)
from croupier.service.tables.offers import (
    CollectFee,
    Correct,
    Entered,
    Keyed,
    Option,
    Withdraw,
    mistakes_apply,
    offered,
)
from croupier.store import EventStore

STAFF = frozenset({DEALER, WHEEL, PB, SM})
WATCHERS = frozenset({GM, OWNER, AUDITOR})


class TablesDesk(SeatingDesk):
    """The live tables of one server process (see the module docstring)."""

    def __init__(
        self,
        store: EventStore,
        rng: RngSource | None = None,
        rules_dir: Path | None = None,
        clock: Clock | None = None,
        namespace: Namespace | None = None,
    ) -> None:
        self.clock: Clock = clock if clock is not None else SystemClock()
        self.hub = LiveTableHub(
            store,
            rng=rng if rng is not None else LiveRngSource(),
            clock=self.clock,
            namespace=namespace,
        )
        self.rules_dir = rules_dir
        self._lock = threading.RLock()
        self._refusals: dict[str, deque[Refusal]] = {}

    def _now(self) -> datetime:
        return self.clock.now()

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        """The hub to ourselves, each table checked against the store once (``hub.pinned``)."""
        with self._lock, self.hub.pinned():
            yield

    # -- who ---------------------------------------------------------------------------------
    def viewer(self, actor: Actor, table_id: str) -> str:
        """How ``actor`` sees the table: their seat, the dealer, surveillance or the public."""
        with self._locked():
            table = self.hub.table(check_table_id(table_id))
            seat = table.seat_of(actor.name)
            # at a physical table the dealer keys every seat: a name keyed for a walk-in that
            # is also an account's does not make the seat that account's (found by an audit)
            if seat is not None and PLAYER in actor.roles and table.mode != PHYSICAL:
                return f"player:{seat}"
        if actor.roles & STAFF:
            return "dealer"
        if actor.roles & WATCHERS:
            return "surveillance"
        return "public"

    # -- reading -----------------------------------------------------------------------------
    def tables(self) -> list[dict[str, JSON]]:
        """Every open table: id, game, seats taken, round."""
        with self._locked():
            out: list[dict[str, JSON]] = []
            for table_id in self.hub.open_tables():
                t = self.hub.table(table_id)
                out.append(
                    {
                        "table": table_id,
                        "game": t.live.name,
                        "mode": t.mode,
                        "seats": len(t.seats),
                        "round": t.round_number,
                        "version": t.version,
                    }
                )
            return out

    def rules_files(self) -> list[str]:
        """The posted rules files a table may be opened with (the server's rules folder)."""
        if self.rules_dir is None or not self.rules_dir.is_dir():
            return []
        return sorted(p.name for p in self.rules_dir.glob("*.toml"))

    def view(self, actor: Actor, table_id: str, mistakes: bool = True) -> dict[str, JSON]:
        """The table as ``actor`` may see it, with the actions offered to them now.
        ``mistakes=False``: without the irregularities a dealer may record (each is tried on a
        replay of the round, the largest part of a dealer's view); ``mistakes`` then says they
        are listed on request (``TablesDesk.mistakes``)."""
        authorize(actor, Action.VIEW_TABLE)
        with self._locked():
            who = self.viewer(actor, table_id)
            view = self.hub.view(table_id, who)
            self._offer(view, table_id, who, mistakes)
            return view

    def _offer(self, view: dict[str, Any], table_id: str, who: str, mistakes: bool) -> None:
        """Put the actions offered to ``who`` in ``view`` (the irregularities too, or the note
        that they are listed on request)."""
        offers = offered(self.hub, table_id, who, mistakes)
        view["options"] = [dataclasses.asdict(o) for o, _ in offers]
        if not mistakes and who == "dealer" and mistakes_apply(self.hub.table(table_id)):
            view["mistakes"] = ON_REQUEST

    def mistakes(self, actor: Actor, table_id: str) -> tuple[int, list[Option]]:
        """The dealing mistakes and irregularities the round would accept now, as the dealer
        is offered them (numbered as in ``view``, so ``choose`` takes the number), with the
        version they were offered at; none for anyone but the dealer."""
        authorize(actor, Action.VIEW_TABLE)
        with self._locked():
            who = self.viewer(actor, table_id)
            table = self.hub.table(table_id)
            if who != "dealer":
                return table.version, []
            offers = offered(self.hub, table_id, who)
            return table.version, [o for o, _ in offers if o.kind == "irregularity"]

    def console(self, actor: Actor, table_id: str) -> Console:
        """The table's console for ``actor`` (``service.tables.console``): built from the view
        they may see, with the payouts of the round just over (or last settled). The dealer's
        dealing mistakes are listed on request (``mistakes``)."""
        from croupier.service.tables.console import console

        with self._locked():
            view = self.view(actor, table_id, mistakes=False)
            return console(view, self._parties(table_id))

    def _parties(self, table_id: str) -> dict[str, int]:
        """Each party's net in cents of the round just over, or of the one last settled."""
        table = self.hub.table(table_id)
        if table.round_open and table.play is not None and table.play.is_over():
            return dict(table.play.settlement().parties)
        if not table.round_open:
            return dict(table.last_parties)
        return {}

    def disclosure(self, actor: Actor, table_id: str) -> tuple[str, str]:
        """The table's game and its posted house and player rules, as the game's disclosure
        writes them from the rules the table was opened with (99-01.3-08-13, -09-06, -11-04;
        N.J.A.C. 13:69E-1.10D for Three Card 21)."""
        import importlib

        authorize(actor, Action.VIEW_TABLE)
        with self._locked():
            table = self.hub.table(check_table_id(table_id))
            game = table.live.name
            package = "paddlewheel" if game == TICKETS else game  # both methods' rules
            module = importlib.import_module(f"croupier.games.{package}.disclosure")
            text: str = module.disclosure(table.rules)
            return game, text

    # -- commands ----------------------------------------------------------------------------
    def open_table(
        self,
        actor: Actor,
        table_id: str,
        game: str,
        rules: str,
        mode: str = "virtual",
        books: tuple[str, int] | None = None,
    ) -> CommandResult:
        """Open a table for ``game`` under the posted rules file ``rules`` (one of
        ``rules_files``), ``physical`` (cards and spins keyed) or ``virtual`` (drawn)."""
        authorize(actor, Action.RUN_TABLE)
        check_table_id(table_id)
        if rules not in self.rules_files():
            known = ", ".join(self.rules_files()) or "none (set CROUPIER_RULES_DIR)"
            raise InvalidInput(f"no rules file {rules!r}; the server has: {known}")
        assert self.rules_dir is not None
        with self._locked():
            return self.hub.open_table(
                table_id, game, self.rules_dir / rules, actor.name, mode=mode, books=books
            )

    def deal(self, actor: Actor, table_id: str) -> CommandResult:
        authorize(actor, Action.RUN_TABLE)
        with self._locked():
            return self._noted(actor, table_id, self.hub.deal(check_table_id(table_id), actor.name))

    def chance(self, actor: Actor, table_id: str) -> CommandResult:
        authorize(actor, Action.RUN_TABLE)
        with self._locked():
            return self._noted(
                actor, table_id, self.hub.chance(check_table_id(table_id), actor.name)
            )

    def key(
        self, actor: Actor, table_id: str, outcome: str, version: int | None = None
    ) -> CommandResult:
        """A card or a spin keyed at a physical table as it happens (the dealer's). With
        ``version`` (the console sends the one it showed), a table that moved on meanwhile is
        a conflict and nothing is keyed: a key sent again after a lost answer is never
        recorded twice."""
        authorize(actor, Action.RUN_TABLE)
        with self._locked():
            stale = self._moved_on(table_id, version, "look at the console and key what is due")
            if stale is not None:
                return stale
            return self._noted(actor, table_id, self.hub.key(table_id, outcome, actor.name))

    def settle(self, actor: Actor, table_id: str) -> CommandResult:
        authorize(actor, Action.RUN_TABLE)
        with self._locked():
            return self._noted(
                actor, table_id, self.hub.settle(check_table_id(table_id), actor.name)
            )

    def close_table(self, actor: Actor, table_id: str) -> CommandResult:
        authorize(actor, Action.RUN_TABLE)
        with self._locked():
            return self._noted(
                actor, table_id, self.hub.close(check_table_id(table_id), actor.name)
            )

    def choose(
        self,
        actor: Actor,
        table_id: str,
        index: int,
        version: int,
        values: Mapping[str, object] | None = None,
    ) -> CommandResult:
        """Take option ``index`` of those offered at ``version``: a player for their seat, a
        member of staff for the dealer; an entry completed with ``values`` (its fields as
        typed). A table that moved on is a conflict; an option not offered to this person is
        refused."""
        with self._locked():
            who = self.viewer(actor, table_id)
            if who == "dealer":
                authorize(actor, Action.RUN_TABLE)
            else:
                authorize(actor, Action.PLAY_AT_TABLE)
            table = self.hub.table(table_id)
            if version != table.version:
                return moved_on(table.version, version, "reload and choose again")
            # the irregularities come last: only a number past the others needs them tried
            offers = offered(self.hub, table_id, who, mistakes=False)
            if not 0 <= index < len(offers):
                offers = offered(self.hub, table_id, who)
            if not offers:
                return CommandResult(False, table.version, refusal="it is not your turn to act")
            if not 0 <= index < len(offers):
                raise InvalidInput(f"option {index} is not offered; there are {len(offers)}")
            option, action = offers[index]
            if isinstance(action, CollectFee):
                return self._noted(
                    actor, table_id, self.hub.collect_fee(table_id, action.seat, actor.name)
                )
            if isinstance(action, Keyed):
                return self._noted(
                    actor, table_id, self.hub.key(table_id, action.outcome, actor.name)
                )
            if isinstance(action, Withdraw):
                return self._noted(actor, table_id, self.hub.withdraw(table_id, actor.name))
            if isinstance(action, Correct):
                card = (values or {}).get("card")
                if not isinstance(card, str):
                    raise InvalidInput("type the card that was dealt, such as 'Ah' or '10d'")
                return self._noted(actor, table_id, self.hub.correct(table_id, card, actor.name))
            if isinstance(action, Entered):
                card = (values or {}).get("card")
                if not isinstance(card, str):
                    raise InvalidInput("type the card exposed, such as 'Ah' or '10d'")
                return self._noted(
                    actor,
                    table_id,
                    self.hub.enter(table_id, action.irregularity, card, actor.name),
                )
            if isinstance(action, Entry):
                action = complete(action, values or {})
            elif values:
                raise InvalidInput(f"option {index} ({option.label}) takes no values")
            if option.kind == "irregularity":
                return self._noted(actor, table_id, self.hub.remedy(table_id, action, actor.name))
            seat = int(who.split(":")[1]) if who.startswith("player:") else None
            pending = table.play.pending if table.play is not None else None
            tickets = table.live.name == TICKETS
            if who == "dealer" and pending is not None and pending.kind is PendingKind.SEAT:
                # a player's decision keyed by the dealer (physical); a ticket's claim is the
                # operator's to record
                seat = None if tickets else pending.seat
            if tickets and hasattr(action, "minutes"):
                action = dataclasses.replace(action, minutes=self._minutes_since_spin(table_id))
            return self._noted(
                actor, table_id, self.hub.act(table_id, action, actor.name, seat=seat)
            )

    def _minutes_since_spin(self, table_id: str) -> int:
        """Whole minutes from the last spin (keyed or drawn) to now: a ticket card's claim time
        (99-01.3-11-02.6.d) is measured by the server's clock, not typed."""
        table = self.hub.table(table_id)
        spun = None
        for record in self.hub.store.read(table.stream, after=table.round_started_at):
            e = record.event
            if isinstance(e, StepTaken) and e.actor in ("keyed", "chance"):
                spun = record.recorded_at
        if spun is None:
            return 0
        return max(0, int((self._now() - spun).total_seconds() // 60))

    # -- updates -----------------------------------------------------------------------------
    def subscribe(
        self,
        actor: Actor,
        table_id: str,
        deliver: Callable[[dict[str, Any]], None],
        after: int | None,
        with_console: bool = False,
    ) -> Subscription:
        """Hand every update of the table, as ``actor`` may see it, to ``deliver`` (called under
        the lock: it must only pass the update on); from ``after`` for a reconnecting browser.
        Each update's view is ``view``'s: the table as they may see it now, with the actions
        offered to them, made once under the lock of the change it reports. ``with_console``:
        the update carries ``console`` too (``console``'s, for the page to show as it is), and
        no events (the page shows the console, not the events)."""
        authorize(actor, Action.VIEW_TABLE)

        def with_offers(update: dict[str, Any]) -> None:
            view = update.get("view")
            if isinstance(view, dict):
                who = self.viewer(actor, table_id)
                if view.get("viewer") != who:  # sat down or left since subscribing
                    view = self.hub.view(table_id, who)
                view = dict(view)
                self._offer(view, table_id, who, mistakes=False)
                update = {**update, "view": view}
                if with_console:
                    from croupier.service.tables.console import console

                    update["console"] = console(view, self._parties(table_id))
            deliver(update)

        with self._locked():
            who = self.viewer(actor, table_id)
            return self.hub.subscribe(
                table_id, who, callback=with_offers, after=after, with_events=not with_console
            )

    def books_table(self, table_id: str) -> tuple[str, int]:
        """The books' (site, table) an open live table is linked to; refused when it is
        closed or not linked (its fills and credits are then asked for on the slips page)."""
        with self._locked():
            table = self.hub.table(check_table_id(table_id))
        if table.closed:
            raise InvalidInput(f"table {table_id} is closed")
        if table.books is None:
            raise InvalidInput(
                f"table {table_id} is not linked to a table of the books: ask the chip bank "
                "on the slips page"
            )
        return table.books

    def unsubscribe(self, sub: Subscription) -> None:
        with self._locked():
            sub.close()

    def catch_up(self, stream: str) -> None:
        """Another worker moved ``stream`` (a fan-out notice): this process's sockets on that
        table get the new events."""
        with self._locked():
            self.hub.catch_up(stream)

    async def follow(self, fanout: Fanout) -> None:
        """Catch up on every notice of ``fanout`` until cancelled (``web.app`` runs it), in a
        worker thread: the desk's lock and the store's reads stay off the event loop."""
        import asyncio

        async for notice in fanout.subscribe():
            await asyncio.to_thread(self.catch_up, notice.stream)


def describe_result(result: CommandResult) -> dict[str, Any]:
    """A command's outcome for the API: accepted and the version, or the refusal and section."""
    return {
        "accepted": result.accepted,
        "version": result.version,
        "refusal": result.refusal,
        "section": result.section,
        "conflict": result.conflict,
    }
