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
import re
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from croupier.core.errors import InvalidInput
from croupier.core.events import JSON, Event
from croupier.core.money import format_money
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
from croupier.service.tables.fanout import Fanout
from croupier.service.tables.live import (
    CommandResult,
    LiveRngSource,
    LiveTableHub,
    RngSource,
    Subscription,
)
from croupier.store import EventStore

STAFF = frozenset({DEALER, WHEEL, PB, SM})
WATCHERS = frozenset({GM, OWNER, AUDITOR})
TABLE_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
HIDDEN_FIELDS = ("card", "cards", "card_no")
"""Fields an action label never shows: a dealer's action about a card may concern one that the
dealer may not see (a hole card)."""


@dataclass(frozen=True)
class Option:
    """One action offered: a legal action of the party to act (``kind`` "action"), or, to the
    dealer, an irregularity the round would accept now (``kind`` "irregularity") with the
    section that governs it and the remedy recording it applies."""

    index: int
    label: str
    kind: str = "action"
    section: str | None = None
    remedy: str | None = None


def _remedy(events: Sequence[Event]) -> tuple[str | None, str | None]:
    """The section and the remedy (or the fact recorded) that an irregularity's events name."""
    for e in events:
        section = getattr(e, "section", None)
        if isinstance(section, str) and section:
            text = getattr(e, "remedy", None) or getattr(e, "reason", None)
            return section, text if isinstance(text, str) else None
    return None, None


def label(action: object) -> str:
    """A person's label for a game action, money in dollars (issue 27: labels read ``raise to
    150`` and ``amount 1000``): an action with a ``kind`` (poker, twenty-one) reads as its kind,
    its seat or space and hand, and its amount (``seat 3 raise to $1.50``); any other as its
    name and its fields, every field of money in dollars (never a card)."""
    kind = getattr(action, "kind", None)
    if kind is not None and isinstance(getattr(kind, "value", None), str):
        return _kind_label(action, kind.value)
    name = re.sub(r"(?<!^)(?=[A-Z])", " ", type(action).__name__).lower()
    parts = []
    if dataclasses.is_dataclass(action):
        for f in dataclasses.fields(action):
            value = getattr(action, f.name)
            if f.name in HIDDEN_FIELDS or value in (None, (), False):
                continue
            shown = _dollars(value) if f.name in MONEY_FIELDS else str(value)
            parts.append(f"{f.name.replace('_', ' ')} {shown}")
    return name + (f" ({', '.join(parts)})" if parts else "")


MONEY_FIELDS = frozenset({"amount", "tip_amount", "currency", "stake", "wager"})
"""The fields of the games' actions that hold cents (counts of chips do not)."""


def _dollars(value: object) -> str:
    return (
        format_money(value)
        if isinstance(value, int) and not isinstance(value, bool)
        else str(value)
    )


def _kind_label(action: object, kind: str) -> str:
    parts = []
    seat = getattr(action, "seat", None)
    if seat is not None:
        parts.append(f"seat {seat}")
    parts.append(kind)
    space = getattr(action, "space", None)
    if space is not None:
        parts.append(f"space {space}")
    hand = getattr(action, "hand", None)
    if hand:
        parts.append(f"hand {hand}")
    amount = getattr(action, "amount", None)
    if isinstance(amount, int) and not isinstance(amount, bool) and amount:
        parts.append(("to " if kind == "raise" else "") + format_money(amount))
    tip = getattr(action, "tip_amount", None)
    if isinstance(tip, int) and not isinstance(tip, bool) and tip:
        parts.append(f"tip {format_money(tip)}")
    return " ".join(parts)


def check_table_id(table_id: str) -> str:
    if not isinstance(table_id, str) or not TABLE_ID.match(table_id):
        raise InvalidInput(
            "a table id is 1 to 40 lower-case letters, digits and hyphens, "
            f"starting with a letter or digit; got {table_id!r}"
        )
    return table_id


class TablesDesk:
    """The live tables of one server process (see the module docstring)."""

    def __init__(
        self,
        store: EventStore,
        rng: RngSource | None = None,
        rules_dir: Path | None = None,
    ) -> None:
        self.hub = LiveTableHub(store, rng=rng if rng is not None else LiveRngSource())
        self.rules_dir = rules_dir
        self._lock = threading.RLock()

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
            if seat is not None and PLAYER in actor.roles:
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

    def view(self, actor: Actor, table_id: str) -> dict[str, JSON]:
        """The table as ``actor`` may see it, with the actions offered to them now."""
        authorize(actor, Action.VIEW_TABLE)
        with self._locked():
            who = self.viewer(actor, table_id)
            view = self.hub.view(table_id, who)
            view["options"] = [dataclasses.asdict(o) for o in self._options(actor, table_id, who)]
            return view

    def disclosure(self, actor: Actor, table_id: str) -> tuple[str, str]:
        """The table's game and its posted house and player rules, as the game's disclosure
        writes them from the rules the table was opened with (99-01.3-08-13, -09-06, -11-04;
        N.J.A.C. 13:69E-1.10D for Three Card 21)."""
        import importlib

        authorize(actor, Action.VIEW_TABLE)
        with self._locked():
            table = self.hub.table(check_table_id(table_id))
            game = table.live.name
            module = importlib.import_module(f"croupier.games.{game}.disclosure")
            text: str = module.disclosure(table.rules)
            return game, text

    def _options(self, actor: Actor, table_id: str, who: str) -> list[Option]:
        return [o for o, _ in self._offered(table_id, who)]

    def _offered(self, table_id: str, who: str) -> list[tuple[Option, Any]]:
        """What ``who`` may do now, numbered, with the action each number stands for: the legal
        actions when it is their turn, then, for the dealer, the irregularities the round would
        accept (whoever is to act: a dropped card is owed while a card is due)."""
        table = self.hub.table(table_id)
        if table.play is None or not table.round_open:
            return []
        pending = table.play.pending
        mine = (pending.kind is PendingKind.SEAT and who == f"player:{pending.seat}") or (
            pending.kind is PendingKind.DEALER and who == "dealer"
        )
        out: list[tuple[Option, Any]] = []
        if mine:
            for a in self.hub.legal_actions(table_id):
                out.append((Option(len(out), label(a)), a))
        if who == "dealer":
            for a, events in self.hub.irregularities(table_id):
                section, remedy = _remedy(events)
                text = label(a) + (f" ({section})" if section else "")
                out.append((Option(len(out), text, "irregularity", section, remedy), a))
        return out

    # -- commands ----------------------------------------------------------------------------
    def open_table(
        self, actor: Actor, table_id: str, game: str, rules: str, mode: str = "virtual"
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
                table_id, game, self.rules_dir / rules, actor.name, mode=mode
            )

    def seat(self, actor: Actor, table_id: str, seat: int) -> CommandResult:
        authorize(actor, Action.PLAY_AT_TABLE)
        with self._locked():
            return self.hub.seat(check_table_id(table_id), seat, actor.name, actor.name)

    def unseat(self, actor: Actor, table_id: str) -> CommandResult:
        authorize(actor, Action.PLAY_AT_TABLE)
        with self._locked():
            seat = self._own_seat(actor, table_id)
            return self.hub.unseat(table_id, seat, actor.name)

    def wager(self, actor: Actor, table_id: str, amount: str) -> CommandResult:
        authorize(actor, Action.PLAY_AT_TABLE)
        with self._locked():
            seat = self._own_seat(actor, table_id)
            return self.hub.wager(table_id, seat, amount, actor.name)

    def deal(self, actor: Actor, table_id: str) -> CommandResult:
        authorize(actor, Action.RUN_TABLE)
        with self._locked():
            return self.hub.deal(check_table_id(table_id), actor.name)

    def chance(self, actor: Actor, table_id: str) -> CommandResult:
        authorize(actor, Action.RUN_TABLE)
        with self._locked():
            return self.hub.chance(check_table_id(table_id), actor.name)

    def key(self, actor: Actor, table_id: str, outcome: str) -> CommandResult:
        """A card or a spin keyed at a physical table as it happens (the dealer's)."""
        authorize(actor, Action.RUN_TABLE)
        with self._locked():
            return self.hub.key(check_table_id(table_id), outcome, actor.name)

    def settle(self, actor: Actor, table_id: str) -> CommandResult:
        authorize(actor, Action.RUN_TABLE)
        with self._locked():
            return self.hub.settle(check_table_id(table_id), actor.name)

    def close_table(self, actor: Actor, table_id: str) -> CommandResult:
        authorize(actor, Action.RUN_TABLE)
        with self._locked():
            return self.hub.close(check_table_id(table_id), actor.name)

    def choose(self, actor: Actor, table_id: str, index: int, version: int) -> CommandResult:
        """Take option ``index`` of those offered at ``version``: a player for their seat, a
        member of staff for the dealer. A table that moved on is a conflict; an option not
        offered to this person is refused."""
        with self._locked():
            who = self.viewer(actor, table_id)
            if who == "dealer":
                authorize(actor, Action.RUN_TABLE)
            else:
                authorize(actor, Action.PLAY_AT_TABLE)
            table = self.hub.table(table_id)
            if version != table.version:
                return CommandResult(
                    False,
                    table.version,
                    refusal=(
                        f"the table moved on (version {table.version}, not {version}): "
                        "nothing was done; reload and choose again"
                    ),
                    conflict=True,
                )
            offered = self._offered(table_id, who)
            if not offered:
                return CommandResult(False, table.version, refusal="it is not your turn to act")
            if not 0 <= index < len(offered):
                raise InvalidInput(f"option {index} is not offered; there are {len(offered)}")
            option, action = offered[index]
            if option.kind == "irregularity":
                return self.hub.remedy(table_id, action, actor.name)
            seat = int(who.split(":")[1]) if who.startswith("player:") else None
            return self.hub.act(table_id, action, actor.name, seat=seat)

    def _own_seat(self, actor: Actor, table_id: str) -> int:
        seat = self.hub.table(check_table_id(table_id)).seat_of(actor.name)
        if seat is None:
            raise InvalidInput(f"{actor.name} has no seat at table {table_id}")
        return seat

    # -- updates -----------------------------------------------------------------------------
    def subscribe(
        self,
        actor: Actor,
        table_id: str,
        deliver: Callable[[dict[str, JSON]], None],
        after: int | None,
    ) -> Subscription:
        """Hand every update of the table, as ``actor`` may see it, to ``deliver`` (called under
        the lock: it must only pass the update on); from ``after`` for a reconnecting browser."""
        authorize(actor, Action.VIEW_TABLE)
        with self._locked():
            who = self.viewer(actor, table_id)
            return self.hub.subscribe(table_id, who, callback=deliver, after=after)

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
