"""Balances brought forward: how a command reads the books without replaying their history.

Between gaming days, when no day is open at any site and no table has a dealer, the state of
the books is small: each site's cash bank, chip bank, jar bar, chips with players, trays, drop
boxes, tips, outstanding IOUs, open camera faults and discontinued games, the days it has opened,
and the organization's next slip numbers and last IOU number. ``carry_forward`` writes that
down as one entry (``BooksCarriedForward``); ``with_checkpoint`` puts one in front of a day's
opening when the books are in that state, so that there is one at every quiet moment of an
organization that closes its sites at night.

The entry is in the hash chain like every other, so it is anchored and signed with the rest.
Whoever replays the history before it checks it (``books.consistency``: the balances rebuilt
from the entries must equal the ones it carries); whoever reads the books from it on
(``restore``) starts from it, the set-up entries (organization, sites, tables, employees) and
the ticket and poker ledgers, instead of the whole history. Entries keep their positions (a
correction cites the count it corrects by position): a restored book's ``base`` is the
checkpoint's position.

Pure: no I/O. ``service.books`` finds checkpoints in the store and reads around them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import fields, replace
from datetime import datetime, timedelta

from croupier.books import events as ev
from croupier.books.digest import digest_of, digestible
from croupier.books.model import SlipKind
from croupier.books.poker_ledger import POKER_EVENTS
from croupier.books.state import Books, FormSeries
from croupier.books.surveillance import activity_since
from croupier.books.tickets_ledger import TICKET_EVENTS
from croupier.books.tournament21_ledger import TOURNAMENT21_EVENTS
from croupier.core.events import Event

CHECKPOINT_TYPE = ev.BooksCarriedForward.TYPE
SETUP_EVENTS: tuple[type[Event], ...] = (
    ev.OrganizationRegistered,
    ev.SiteRegistered,
    ev.TableRegistered,
    ev.EmployeeRegistered,
    ev.QuarterClosed,
    ev.RentPaid,
    ev.PriorActivity,
)
"""What a checkpoint does not carry but a reader reads by type from before it: who and where,
which quarters are closed, the table rent paid and the activity before these books."""
LEDGER_EVENTS: tuple[type[Event], ...] = (*TICKET_EVENTS, *POKER_EVENTS, *TOURNAMENT21_EVENTS)
"""The ticket, poker and twenty-one tournament entries, read by type too: a ticket series, a
poker occasion or a tournament can outlast a gaming day, and their ledgers are rebuilt from
their own entries alone."""
SETUP_TYPES: tuple[str, ...] = tuple(t.TYPE for t in SETUP_EVENTS)
LEDGER_TYPES: tuple[str, ...] = tuple(t.TYPE for t in LEDGER_EVENTS)

_MICROSECOND = timedelta(microseconds=1)


def is_quiet(books: Books) -> bool:
    """No gaming day open at any site, no table with a dealer and no drop box removed but not
    yet counted: the books can be carried. (A drop box's cash lives in its shift's record
    until it is counted; a checkpoint carries no shift records, so it waits for the count.)"""
    return (
        bool(books.sites)
        and all(st.open_day is None and not st.open_shift for st in books.sites.values())
        and all(rec.count is not None for rec in books.shifts.values() if rec.ended is not None)
    )


def carry_forward(books: Books) -> ev.BooksCarriedForward:
    """The entry that carries ``books`` forward as they stand (call it when ``is_quiet``)."""
    at = books.last_at
    return ev.BooksCarriedForward(
        at.isoformat() if at is not None else None,
        books.next_position,
        books.next_number[SlipKind.FILL],
        books.next_number[SlipKind.CREDIT],
        books.last_iou,
        tuple(_site(books, site_id, at) for site_id in sorted(books.sites)),
    )


def _site(books: Books, site_id: str, at: datetime | None) -> ev.SiteCarried:
    st = books.sites[site_id]
    faults = []
    for table, since in sorted(st.camera_fault_since.items()):
        spent = timedelta()
        if at is not None:
            spent = activity_since(books, site_id, table, datetime.fromisoformat(since), at)
        faults.append(ev.OpenFault(table, since, spent // _MICROSECOND))
    return ev.SiteCarried(
        site_id,
        st.cash_bank,
        st.chip_bank,
        st.jar_bar,
        st.with_players,
        st.deposited,
        st.count_cash,
        tuple(st.ious[n] for n in sorted(st.ious)),
        tuple(ev.TableChips(t, chips) for t, chips in sorted(st.trays.items())),
        tuple(ev.TableCents(t, c) for t, c in sorted(st.drop_boxes.items()) if c),
        tuple(ev.HolderChips(h, chips) for h, chips in sorted(st.tips.items()) if chips),
        tuple(faults),
        tuple(ev.Discontinuance(g, d) for g, d in sorted(st.discontinued.items(), key=_game)),
        tuple(sorted(books.days_opened(site_id))),
        tuple(
            ev.FormSeriesCarried(
                game, kind, series.lowest, series.highest, tuple(sorted(series.unused))
            )
            for (game, kind), series in sorted(st.forms.items(), key=_series)
        ),
    )


def _series(item: tuple[tuple[object, SlipKind], object]) -> tuple[str, str]:
    return (_game((item[0][0], "")), item[0][1].value)


def _game(item: tuple[object, str]) -> str:
    return str(getattr(item[0], "value", item[0]))


def with_checkpoint(books: Books, events: Sequence[Event]) -> list[Event]:
    """``events`` (a command's entries against ``books``), with the balances carried forward in
    front when they open a gaming day while the books are quiet and the entry just before is
    not already a checkpoint; the records of the days closed since the books' window began
    (``books.digest``) go just before the balances, when they may be digested."""
    out = list(events)
    if not out or not isinstance(out[0], ev.DayOpened) or not is_quiet(books):
        return out
    last = books.entry(books.next_position - 1)
    if isinstance(last, ev.BooksCarriedForward):
        return out
    checkpoint = carry_forward(books)
    if not digestible(books):
        return [checkpoint, *out]
    digest = digest_of(books)
    if not digest.days:
        return [checkpoint, *out]
    return [digest, replace(checkpoint, position=checkpoint.position + 1), *out]


def restore(
    checkpoint: ev.BooksCarriedForward, setup: Iterable[Event], ledgers: Iterable[Event]
) -> Books:
    """The books as they stood at ``checkpoint``: its set-up entries (``SETUP_EVENTS`` stored
    before it, in order), its ticket, poker and tournament entries (``LEDGER_EVENTS``, for
    their ledgers only: their money is in the balances) and the balances it carries. Its
    ``entries`` hold the checkpoint alone, at its position (``base``)."""
    books = Books()
    for e in setup:
        books.apply_setup(e)
    for e in ledgers:
        if isinstance(e, POKER_EVENTS):
            books.poker.apply(e)
        elif isinstance(e, TOURNAMENT21_EVENTS):
            books.t21_tournaments.apply(e)
        else:
            books.tickets.apply(e)
    books.base = checkpoint.position
    books.next_number = {
        SlipKind.FILL: checkpoint.next_fill_number,
        SlipKind.CREDIT: checkpoint.next_credit_number,
    }
    # The slip register of books read from here covers the numbers issued from here on.
    books.first_number = dict(books.next_number)
    books.last_iou = checkpoint.last_iou
    for carried in checkpoint.sites:
        st = books.sites[carried.site_id]
        st.cash_bank = carried.cash_bank
        st.chip_bank = carried.chip_bank
        st.jar_bar = carried.jar_bar
        st.with_players = carried.with_players
        st.deposited = carried.deposited
        st.count_cash = carried.count_cash
        st.ious = {i.number: i for i in carried.ious}
        st.trays.update({t.table: t.chips for t in carried.trays})
        st.drop_boxes.update({t.table: t.cents for t in carried.drop_boxes})
        st.tips = {h.holder: h.chips for h in carried.tips}
        for fault in carried.open_faults:
            st.camera_fault_since[fault.table] = fault.since
            books.faults.append((carried.site_id, fault.table, fault.since))
            books.carried_activity[(carried.site_id, fault.table)] = (
                fault.since,
                fault.active_us,
            )
        st.discontinued = {d.game: d.day for d in carried.discontinued}
        books.past_days.update((carried.site_id, day) for day in carried.days)
        for f in carried.forms:
            st.forms[(f.game, f.kind)] = FormSeries(f.lowest, f.highest, set(f.unused))
    if checkpoint.at is not None:
        books.last_at = datetime.fromisoformat(checkpoint.at)
    books.entries.append(checkpoint)
    books.window = checkpoint
    return books


def differences(found: ev.BooksCarriedForward, expected: ev.BooksCarriedForward) -> list[str]:
    """What a stored checkpoint carries that the books replayed up to it do not (field names
    and sites, never amounts); empty when they agree."""
    out: list[str] = []
    for f in fields(found):
        if f.name == "sites":
            continue
        if getattr(found, f.name) != getattr(expected, f.name):
            out.append(f"its {f.name.replace('_', ' ')} disagrees with the entries before it")
    carried = {s.site_id: s for s in found.sites}
    rebuilt = {s.site_id: s for s in expected.sites}
    if sorted(carried) != sorted(rebuilt):
        out.append("it carries other sites than the books hold")
    for site_id in sorted(set(carried) & set(rebuilt)):
        for f in fields(carried[site_id]):
            if getattr(carried[site_id], f.name) != getattr(rebuilt[site_id], f.name):
                out.append(
                    f"its {f.name.replace('_', ' ')} of site {site_id!r} disagrees with the "
                    "entries before it"
                )
    return out


def max_day(checkpoint: ev.BooksCarriedForward) -> str | None:
    """The latest gaming day opened at any site before ``checkpoint`` (None if none)."""
    days = [s.days[-1] for s in checkpoint.sites if s.days]
    return max(days) if days else None
