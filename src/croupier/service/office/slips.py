"""The back office's slips: a fill or credit slip prepared by one person as a draft, verified by
another (the books record it) or voided by its preparer (99-01.3-08-05). A draft is claimed
(``pending`` to ``verifying``) before the books are written, so two people verifying at once
cannot issue it twice."""

from __future__ import annotations

from dataclasses import replace

import sqlalchemy as sa

from croupier.books.guards import require_open_shift, require_role, require_site
from croupier.books.model import Role, SlipKind, chips_total, format_chips
from croupier.books.slips import check_form
from croupier.books.state import Books
from croupier.core.errors import InvalidInput, NotFound
from croupier.service.books import day as books_day
from croupier.service.books.input import chips as parse_chips
from croupier.service.office.asks import PREPARED, close_ask
from croupier.service.office.base import OfficeBase
from croupier.service.office.views import (
    ISSUED,
    PENDING,
    VERIFYING,
    VOID,
    Draft,
    Recorded,
    draft_of,
    kind_of,
)
from croupier.service.people.authz import Action, Actor, SlipFacts, authorize
from croupier.store.schema import slip_drafts


class SlipsDesk(OfficeBase):
    """Slips from the draft to the books."""

    def drafts(self, actor: Actor, status: str | None = PENDING) -> list[Draft]:
        """Slips prepared here, newest first (only those awaiting verification by default)."""
        authorize(actor, Action.VIEW_SLIPS)
        query = sa.select(slip_drafts).where(slip_drafts.c.org_id == self.org_id)
        if status is not None:
            query = query.where(slip_drafts.c.status == status)
        with self.store.engine.connect() as conn:
            rows = conn.execute(query.order_by(slip_drafts.c.draft_id.desc()).limit(200)).all()
        return [draft_of(r) for r in rows]

    def draft(self, draft_id: int) -> Draft:
        with self.store.engine.connect() as conn:
            row = conn.execute(
                sa.select(slip_drafts).where(
                    slip_drafts.c.draft_id == draft_id, slip_drafts.c.org_id == self.org_id
                )
            ).first()
        if row is None:
            raise NotFound(f"no prepared slip {draft_id}")
        return draft_of(row)

    def prepare(
        self,
        actor: Actor,
        kind: str,
        site: str,
        table: int,
        typed_chips: str,
        cashier: str | None = None,
        jar_bar: bool = False,
        form: int | None = None,
        answers: int | None = None,
    ) -> Draft:
        """Prepare a fill or credit slip (99-01.3-08-05.3) as the signed-in person; it waits
        for another person to verify it. ``cashier`` is the chip bank cashier (or dealer acting
        as cashier) who initials it; a cashier preparing a fill slip initials it themselves.
        ``answers`` is the table's ask it answers (see ``ask_to_answer``): the ask is closed in
        the same transaction, so of two people answering one ask only one slip is made."""
        k = kind_of(kind)
        action = Action.PREPARE_FILL if k is SlipKind.FILL else Action.PREPARE_CREDIT
        authorize(actor, action)
        assert actor.employee_id is not None  # authorize refuses an unlinked account
        lines = parse_chips(typed_chips, f"{k.value} chips")
        if not lines or chips_total(lines) <= 0:
            raise InvalidInput("a slip must list at least one chip")
        books = self._require_org()
        require_site(books, site)
        require_open_shift(books, site, table)
        who = (cashier or "").strip()
        if not who:
            me = books.employees.get(actor.employee_id)
            if k is SlipKind.FILL and me is not None and me.has(Role.CASHIER):
                who = actor.employee_id
            else:
                raise InvalidInput("name the chip bank cashier (employee id) who initials the slip")
        section = "99-01.3-08-05.3.c" if k is SlipKind.FILL else "99-01.3-08-05.6"
        require_role(
            books, who, (Role.CASHIER, Role.DEALER), "initial a slip as the cashier", section
        )
        if form is not None:  # the paper form's number, used once in its series (-05.2)
            check_form(books, site, books.tables[(site, table)].game, k, form)
            if self._form_pending(books, site, table, k, form):
                raise InvalidInput(
                    f"{k.value} form {form} is already on a slip awaiting verification"
                )
        now = self.clock.now()
        with self.store.engine.begin() as conn:
            made = conn.execute(
                sa.insert(slip_drafts).values(
                    org_id=self.org_id,
                    kind=k.value,
                    site=site,
                    table_number=table,
                    chips=format_chips(lines),
                    cashier=who,
                    jar_bar=jar_bar,
                    preparer_account=actor.name,
                    preparer_employee=actor.employee_id,
                    prepared_at=now,
                    status=PENDING,
                    form=form,
                )
            )
            key = made.inserted_primary_key
            assert key is not None
            draft_id = int(key[0])
            if answers is not None:
                close_ask(conn, self.org_id, answers, PREPARED, draft_id)
        return self.draft(draft_id)

    def _form_pending(self, books: Books, site: str, table: int, kind: SlipKind, form: int) -> bool:
        """A slip awaiting verification already carries this paper form (same series: site,
        the table's game, kind)."""
        game = books.tables[(site, table)].game
        with self.store.engine.connect() as conn:
            rows = conn.execute(
                sa.select(slip_drafts.c.table_number).where(
                    slip_drafts.c.org_id == self.org_id,
                    slip_drafts.c.site == site,
                    slip_drafts.c.kind == kind.value,
                    slip_drafts.c.form == form,
                    slip_drafts.c.status.in_((PENDING, VERIFYING)),
                )
            ).all()
        return any(
            (t := books.tables.get((site, int(row.table_number)))) is not None and t.game is game
            for row in rows
        )

    def _claim(self, draft_id: int, to: str = VERIFYING) -> bool:
        with self.store.engine.begin() as conn:
            done = conn.execute(
                sa.update(slip_drafts)
                .where(
                    slip_drafts.c.draft_id == draft_id,
                    slip_drafts.c.org_id == self.org_id,
                    slip_drafts.c.status == PENDING,
                )
                .values(status=to)
            )
            return bool(done.rowcount == 1)

    def _close(
        self, draft_id: int, status: str, actor: Actor | None, number: int | None = None
    ) -> None:
        values: dict[str, object] = {"status": status}
        if actor is not None:
            values.update(closed_by_account=actor.name, closed_at=self.clock.now(), number=number)
        with self.store.engine.begin() as conn:
            conn.execute(
                sa.update(slip_drafts).where(slip_drafts.c.draft_id == draft_id).values(**values)
            )

    def _facts(self, draft: Draft) -> SlipFacts:
        return SlipFacts(draft.preparer_account, draft.preparer_employee)

    def verify_slip(self, actor: Actor, draft_id: int) -> Recorded:
        """Verify a prepared slip as the signed-in person (99-01.3-08-05.5): the books record
        it (chips move) with its preparer, cashier and this verifier. The preparer may not."""
        draft = self.draft(draft_id)
        self._require_org()
        with self._lock:
            books = self.books_service.books()
            st = books.sites.get(draft.site)
            keys = st.open_shift.values() if st is not None else ()
            dealing = frozenset(books.shifts[key].started.dealer_id for key in keys)
        authorize(actor, Action.VERIFY_SLIP, slip=self._facts(draft), dealing_now=dealing)
        if draft.status != PENDING or not self._claim(draft_id):
            raise InvalidInput(f"slip {draft_id} is not awaiting verification ({draft.status})")
        try:
            request = books_day.slip_of(
                draft.kind,
                draft.site,
                draft.table,
                draft.lines,
                draft.preparer_employee,
                draft.cashier,
                actor.employee_id,
                draft.jar_bar,
                draft.form,
            )
            done = self._record(request)
        except BaseException:
            self._close(draft_id, PENDING, None)
            raise
        self._close(draft_id, ISSUED, actor, done.number)
        return replace(done, draft=self.draft(draft_id))

    def void_slip(self, actor: Actor, draft_id: int) -> Recorded:
        """The preparer voids the slip they prepared: the books record the form under the next
        number, marked VOID and initialed by the preparer (99-01.3-08-05.2)."""
        draft = self.draft(draft_id)
        k = draft.kind
        action = Action.VOID_FILL if k is SlipKind.FILL else Action.VOID_CREDIT
        authorize(actor, action, slip=self._facts(draft))
        if draft.status != PENDING or not self._claim(draft_id):
            raise InvalidInput(f"slip {draft_id} is not awaiting verification ({draft.status})")
        form, game = None, None
        if draft.form is not None:  # the paper form is voided by its number, in its series
            table = self._require_org().tables.get((draft.site, draft.table))
            form, game = draft.form, table.game.value if table is not None else None
        try:
            done = self._void(actor, k, draft.site, form, game)
        except BaseException:
            self._close(draft_id, PENDING, None)
            raise
        self._close(draft_id, VOID, actor, done.number)
        return replace(done, draft=self.draft(draft_id))

    def void_next(
        self,
        actor: Actor,
        kind: str,
        site: str,
        form: int | None = None,
        game: str | None = None,
    ) -> Recorded:
        """Void a spoiled form, as its preparer (-05.2): the next of the books' own series, or
        the pre-printed form ``form`` of the site's ``game`` series."""
        k = kind_of(kind)
        authorize(actor, Action.VOID_FILL if k is SlipKind.FILL else Action.VOID_CREDIT)
        return self._void(actor, k, site, form, game)

    def _void(
        self,
        actor: Actor,
        kind: SlipKind,
        site: str,
        form: int | None = None,
        game: str | None = None,
    ) -> Recorded:
        assert actor.employee_id is not None  # authorize refuses an unlinked account
        books = self._require_org()
        me = books.employees.get(actor.employee_id)
        initials = me.initials if me is not None else ""
        request = books_day.void(kind.value, site, actor.employee_id, initials, form, game)
        return self._record(request)
