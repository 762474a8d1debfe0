"""Fills and credits asked for at the table (issue 28): the dealer's console asks the chip bank
for chips (a fill) or to take chips back (a credit); the ask waits on the slips page until a
slip is prepared from it or it is withdrawn. The ask records nothing in the books: the slip
prepared from it does, and is verified and acknowledged as 99-01.3-08-05.3 to .6 say."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa

from croupier.books.guards import require_open_shift, require_site
from croupier.books.model import chips_total, format_chips
from croupier.core.errors import InvalidInput, NotFound
from croupier.service.books.input import chips as parse_chips
from croupier.service.books.input import describe_chips
from croupier.service.office.base import OfficeBase
from croupier.service.people.authz import Action, Actor, authorize
from croupier.store.schema import slip_asks

OPEN, PREPARED, WITHDRAWN = "open", "prepared", "withdrawn"


@dataclass(frozen=True)
class SlipAsk:
    ask_id: int
    kind: str
    site: str
    table: int
    chips: str
    """The chips as the books write them (``5x20``)."""
    described: str
    """The chips in dollars, as a person reads them."""
    live_table: str
    asked_by: str
    asked_at: datetime
    status: str
    draft_id: int | None


def _ask_of(row: sa.Row) -> SlipAsk:  # type: ignore[type-arg]
    return SlipAsk(
        row.ask_id,
        row.kind,
        row.site,
        row.table_number,
        row.chips,
        describe_chips(parse_chips(row.chips, "the chips")),
        row.live_table,
        row.asked_by_account,
        row.asked_at,
        row.status,
        row.draft_id,
    )


class AsksDesk(OfficeBase):
    """The asks of the tables' consoles, for the chip bank."""

    def ask_slip(
        self, actor: Actor, kind: str, site: str, table: int, typed_chips: str, live_table: str
    ) -> SlipAsk:
        """A dealer at a live table linked to the books' ``site`` ``table`` asks for a fill or
        a credit of ``typed_chips``."""
        authorize(actor, Action.ASK_SLIP)
        if kind not in ("fill", "credit"):
            raise InvalidInput(f"ask for a fill or a credit, not {kind!r}")
        lines = parse_chips(typed_chips, f"the {kind}'s chips")
        if not lines or chips_total(lines) <= 0:
            raise InvalidInput("an ask must list at least one chip")
        books = self._require_org()
        require_site(books, site)
        require_open_shift(books, site, table)
        with self.store.engine.begin() as conn:
            made = conn.execute(
                sa.insert(slip_asks).values(
                    org_id=self.org_id,
                    kind=kind,
                    site=site,
                    table_number=table,
                    chips=format_chips(lines),
                    live_table=live_table,
                    asked_by_account=actor.name,
                    asked_at=self.clock.now(),
                    status=OPEN,
                    draft_id=None,
                )
            )
            key = made.inserted_primary_key
            assert key is not None
        return self.slip_ask(int(key[0]))

    def slip_ask(self, ask_id: int) -> SlipAsk:
        with self.store.engine.connect() as conn:
            row = conn.execute(
                sa.select(slip_asks).where(
                    slip_asks.c.ask_id == ask_id, slip_asks.c.org_id == self.org_id
                )
            ).first()
        if row is None:
            raise NotFound(f"no ask {ask_id}")
        return _ask_of(row)

    def slip_asks(self, actor: Actor) -> list[SlipAsk]:
        """The asks still open, oldest first (the chip bank answers them in turn)."""
        authorize(actor, Action.VIEW_SLIPS)
        with self.store.engine.connect() as conn:
            rows = conn.execute(
                sa.select(slip_asks)
                .where(slip_asks.c.org_id == self.org_id, slip_asks.c.status == OPEN)
                .order_by(slip_asks.c.ask_id)
                .limit(200)
            ).all()
        return [_ask_of(r) for r in rows]

    def ask_to_answer(self, ask_id: int, kind: str, site: str, table: int) -> SlipAsk:
        """The open ask a slip about to be prepared answers: refused, before anything is
        prepared, when it is answered or withdrawn already or asks for another kind, site or
        table than the slip."""
        ask = self.slip_ask(ask_id)
        if ask.status != OPEN:
            raise InvalidInput(f"ask {ask_id} is {ask.status} already; prepare the slip without it")
        if (ask.kind, ask.site, ask.table) != (kind.strip().lower(), site, table):
            raise InvalidInput(
                f"ask {ask_id} is for a {ask.kind} at {ask.site} table {ask.table}, not a "
                f"{kind} at {site} table {table}; nothing was prepared"
            )
        return ask

    def withdraw_ask(self, actor: Actor, ask_id: int) -> None:
        authorize(actor, Action.ASK_SLIP)
        self._close_ask(ask_id, WITHDRAWN, None)

    def _close_ask(self, ask_id: int, status: str, draft_id: int | None) -> None:
        with self.store.engine.begin() as conn:
            close_ask(conn, self.org_id, ask_id, status, draft_id)


def close_ask(
    conn: sa.Connection, org_id: str, ask_id: int, status: str, draft_id: int | None
) -> None:
    """Close an open ask in ``conn``'s transaction; one taken already (answered or withdrawn
    meanwhile) is refused, and the transaction with it (a slip prepared to answer it)."""
    done = conn.execute(
        sa.update(slip_asks)
        .where(
            slip_asks.c.ask_id == ask_id,
            slip_asks.c.org_id == org_id,
            slip_asks.c.status == OPEN,
        )
        .values(status=status, draft_id=draft_id)
    )
    if done.rowcount != 1:
        raise InvalidInput(
            f"ask {ask_id} is not open (answered or withdrawn already); nothing was prepared"
        )
