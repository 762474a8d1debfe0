"""``croupier tournament post``: a finished poker tournament's money in the organization's books
(issue 19; 99-01.3-09-01, -03.4.d, f, g, -07.1).

The tournament file is run (``croupier.tournaments.script.run_file``) and its event stream read
in time order; each money entry goes through the books' own poker operations against the books
as they stand, one after another, and every entry of the post is appended at once or none is:

- each fee collected (entry, rebuy, add-on, bounty; the collector is an employee of the books,
  matched on the id or name the tournament wrote) -> ``collect_tournament_fee`` ($300, -09-01);
- each start (the main tournament's and each satellite's, under its own tournament id, with the
  rules' director) -> ``start_tournament``;
- each cash prize and bounty paid -> ``pay_prize`` (ninety percent, -03.4.f);
- a satellite's buy-in prize redeemed as an entry -> ``redeem_buy_in`` (a prize of the satellite
  and gross proceeds of the main tournament at its cost); an unredeemed one is valued at zero and
  nothing is recorded (-03.4.d);
- a fee refunded before the start is posted neither as a fee nor as a refund (the books record
  no refund before the start, ``refund_tournament_fee``); the tournament's fee register keeps it.

A twenty-one tournament (``post21_command``) is posted into the books' twenty-one tournament
ledger at one site, in the gaming day open there (its fees are cash of that day's bank and its
prizes twenty-one prizes of that day, -08-16.1.e, f, g): the tournament is registered with its
entry fee, then each fee kept (``tournament21.collect_fee``: the entry fee once, rebuys and
add-ons at most the entry fee, $200 a player, -08-15.1) and each cash or merchandise prize
(``tournament21.pay_prize``, -08-15.4), every entry's time inside the open gaming day. A
tournament spread over several gaming days is recorded day by day with ``croupier books
twentyone-tournament-fee`` and ``-prize``.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

from croupier.books import poker, tournament21
from croupier.books.poker_ledger import POKER_EVENTS, PokerLedger
from croupier.books.poker_ledger import FeeKind as BooksFeeKind
from croupier.books.state import Books
from croupier.books.timeline import check_entry_time, check_within_day
from croupier.books.tournament21_ledger import (
    TOURNAMENT21_EVENTS,
    Fee21Kind,
    Tournament21Ledger,
)
from croupier.core.clock import not_far_ahead
from croupier.core.data import loads
from croupier.core.errors import InvalidInput
from croupier.core.events import Event
from croupier.core.money import format_money
from croupier.service.books.input import parse_time
from croupier.service.books.service import BooksService, open_books
from croupier.service.files import read_text
from croupier.tournaments.events import (
    FeeCollected,
    PlayerRegistered,
    PrizeAwarded,
    PrizeKind,
    TournamentStarted,
)
from croupier.tournaments.records import record_of_win
from croupier.tournaments.script import run_file
from croupier.tournaments.tournament import Tournament

OFFSET = re.compile(r"([+-])(\d\d):(\d\d)")

Step = Callable[[Books, datetime], list[Event]]


@dataclass(frozen=True)
class Posted:
    """What a post recorded: one line per tournament id (gross proceeds, prizes, adjusted gross
    proceeds as the books now hold them) and how many entries."""

    entries: int
    lines: list[str]


def parse_offset(text: str | None) -> timezone | None:
    """``-05:00`` as a fixed UTC offset (None: the file's times must carry their own)."""
    if text is None:
        return None
    m = OFFSET.fullmatch(text.strip())
    if m is None:
        raise InvalidInput(f"--utc-offset is written -05:00 or +01:00, got {text!r}")
    sign = -1 if m.group(1) == "-" else 1
    hours, minutes = int(m.group(2)), int(m.group(3))
    if hours > 23 or minutes > 59:
        raise InvalidInput(f"--utc-offset {text!r} is not an offset")
    return timezone(sign * timedelta(hours=hours, minutes=minutes))


def _time(at: str, tz: timezone | None) -> datetime:
    when = datetime.fromisoformat(at)
    if when.tzinfo is not None:
        return when
    if tz is None:
        raise InvalidInput(
            f"the tournament's time {at} has no UTC offset; give --utc-offset (e.g. -05:00)"
        )
    return when.replace(tzinfo=tz)


def _employee(books: Books, who: str, role: str) -> str:
    """The books' employee a tournament names (its id, or its name ignoring case)."""
    if who in books.employees:
        return who
    found = [e.employee_id for e in books.employees.values() if e.name.casefold() == who.casefold()]
    if len(found) == 1:
        return found[0]
    if found:
        raise InvalidInput(f"the {role} {who!r} names employees {', '.join(sorted(found))}")
    raise InvalidInput(f"the {role} {who!r} is not an employee in the books (by id or name)")


def finished_tournament(path: Path) -> Tournament:
    """Run a tournament file; refuse one whose rules were refused, which differs from its own
    expectations, or whose main tournament or a satellite has not finished."""
    data = loads(read_text(path, "tournament file"), str(path), toml=False)
    if not isinstance(data, dict) or "rules" not in data:
        raise InvalidInput(f"{path}: a tournament file has rules, steps and expect")
    t, diffs = run_file(data)
    if t is None:
        Tournament.define(data["rules"])  # ConfigError: every problem with its section
        raise InvalidInput(f"{path}: its rules were refused")
    if diffs:
        raise InvalidInput(f"{path} differs from its expectations: {diffs[0]}")
    _require_finished(t)
    return t


def _require_finished(t: Tournament) -> None:
    for part in t.state.parts.values():
        if not part.finished:
            raise InvalidInput(f"{part.id} has not finished: only a finished tournament is posted")


def stored_tournament(url: str, tournament_id: str) -> Tournament:
    """A finished tournament kept in the database (``croupier tournament new``, the web pages)."""
    from croupier.service.tournaments.live import open_desk

    with open_desk(url) as desk:
        if tournament_id not in desk.ids():
            raise InvalidInput(
                f"{tournament_id!r} is neither a tournament file nor a tournament in the database"
            )
        t = desk.load(tournament_id)
    _require_finished(t)
    return t


def post_steps(
    t: Tournament, occasion_id: str, tz: timezone | None, director: str | None = None
) -> list[tuple[datetime, Step]]:
    """The books operations of a tournament's stream, each with its time, in time order (the
    stream's order among equal times)."""
    rules = t.rules
    if not rules.is_poker:
        raise InvalidInput("a twenty-one tournament is posted at a site (--site), not an occasion")
    head = director or rules.director
    if head is None:
        raise InvalidInput("the rules name no tournament director: name the employee (--director)")
    state = t.state
    refunded = {(p.id, i) for p in state.parts.values() for i in p.refunded}
    seen: dict[str, int] = {}
    redeemed: dict[str, tuple[str, str, int, str, str]] = {}
    registered: dict[tuple[str, str], tuple[str, str]] = {}
    steps: list[tuple[datetime, Step]] = []
    for e in t.events:
        if isinstance(e, FeeCollected):
            index = seen.get(e.tournament, 0)
            seen[e.tournament] = index + 1
            if (e.tournament, index) in refunded:
                continue
            if e.receipt is not None:
                tid, player, cents, by, at = redeemed.get(
                    e.receipt, (e.tournament, e.player, 0, e.collected_by, e.at)
                )
                redeemed[e.receipt] = (tid, player, cents + e.cents, by, at)
                continue
            who = registered.get((e.tournament, e.player), ("", ""))
            steps.append((_time(e.at, tz), _fee(occasion_id, e, who)))
        elif isinstance(e, PlayerRegistered):
            registered[(e.tournament, e.player)] = (e.name, e.address)
        elif isinstance(e, TournamentStarted):
            steps.append((_time(e.at, tz), _start(occasion_id, e.tournament, head)))
        elif isinstance(e, PrizeAwarded) and e.kind in (PrizeKind.CASH, PrizeKind.BOUNTY):
            steps.append((_time(e.at, tz), _prize(occasion_id, e)))
    for receipt, (tid, player, cents, by, at) in redeemed.items():
        satellite = state.receipts[receipt].satellite
        steps.append(
            (
                _time(at, tz),
                _redeem(
                    occasion_id,
                    satellite,
                    tid,
                    receipt,
                    player,
                    cents,
                    by,
                    registered.get((tid, player), ("", "")),
                ),
            )
        )
    order = {id(step): i for i, (_, step) in enumerate(steps)}
    return sorted(steps, key=lambda s: (s[0], order[id(s[1])]))


def _fee(occasion_id: str, e: FeeCollected, who: tuple[str, str]) -> Step:
    """The fee, with the name and address the player registered with (-07.1.c), recorded with
    the player's first fee of the occasion."""

    def step(b: Books, when: datetime) -> list[Event]:
        by = _employee(b, e.collected_by, "collector")
        kind = BooksFeeKind(e.kind.value)
        occasion = b.poker.occasions.get(occasion_id)
        name, address = ("", "") if occasion and e.player in occasion.players else who
        return poker.collect_tournament_fee(
            b, occasion_id, e.tournament, e.player, kind, e.cents, by, when, name, address
        )

    return step


def _start(occasion_id: str, tournament_id: str, director: str) -> Step:
    def step(b: Books, when: datetime) -> list[Event]:
        who = _employee(b, director, "tournament director")
        return poker.start_tournament(b, occasion_id, tournament_id, who, when)

    return step


def _prize(occasion_id: str, e: PrizeAwarded) -> Step:
    def step(b: Books, when: datetime) -> list[Event]:
        return poker.pay_prize(b, occasion_id, e.tournament, e.player, e.cents, when)

    return step


def _redeem(
    occasion_id: str,
    satellite: str,
    tid: str,
    receipt: str,
    player: str,
    cents: int,
    by: str,
    registered: tuple[str, str],
) -> Step:
    def step(b: Books, when: datetime) -> list[Event]:
        who = _employee(b, by, "collector")
        occasion = b.poker.occasions.get(occasion_id)
        name, address = ("", "") if occasion and player in occasion.players else registered
        return poker.redeem_buy_in(
            b, occasion_id, satellite, tid, receipt, player, cents, who, when, name, address
        )

    return step


def post_command(
    t: Tournament, occasion_id: str, tz: timezone | None, director: str | None = None
) -> Callable[[Books], list[Event]]:
    """The books command of a post: every step run in time order against a scratch copy of the
    poker ledger (each judged on the entries before it), all the entries returned together, or
    the first refusal raised (nothing recorded)."""
    steps = post_steps(t, occasion_id, tz, director)
    ids = [t.rules.id, *(s.id for s in t.rules.satellites)]

    def command(books: Books) -> list[Event]:
        occ = books.poker.occasions.get(occasion_id)
        if occ is None:
            raise InvalidInput(f"no poker occasion {occasion_id!r}")
        for tid in ids:
            if tid in occ.tournaments:
                raise InvalidInput(
                    f"tournament {tid!r} is in the books of occasion {occasion_id} already: a "
                    "tournament is posted once (nothing recorded)"
                )
        scratch = copy.copy(books)  # shares everything but the poker ledger, which it replays
        scratch.poker = PokerLedger.from_events(books.poker.events)
        out: list[Event] = []
        for when, step in steps:
            check_entry_time(scratch, when, None)
            produced = step(scratch, when)
            for e in produced:
                scratch.poker.apply(e)
            scratch.last_at = when if scratch.last_at is None else max(scratch.last_at, when)
            out.extend(produced)
        return out

    return command


def post21_command(
    t: Tournament, site_id: str, tz: timezone | None, now: Callable[[], datetime]
) -> Callable[[Books], list[Event]]:
    """The books command of a twenty-one tournament's post at ``site_id``: registered with its
    entry fee, then every fee kept and every cash or merchandise prize in time order, each
    judged on the entries before it (a scratch ledger and cash bank) and dated the gaming day
    open at the site; all the entries together, or the first refusal (nothing recorded). The
    entries are recorded ``now`` (the books' clock moves on, whatever else was recorded since
    the tournament's times), each with its time in the tournament, which must fall inside the
    open gaming day."""
    rules = t.rules
    tid = rules.id
    names: dict[str, str] = {}
    refunded = {(p.id, i) for p in t.state.parts.values() for i in p.refunded}
    items: list[tuple[datetime, int, FeeCollected | PrizeAwarded]] = []
    seen: dict[str, int] = {}
    for order, e in enumerate(t.events):
        if isinstance(e, PlayerRegistered) and e.name:
            names.setdefault(e.player, e.name)
        elif isinstance(e, FeeCollected):
            index = seen.get(e.tournament, 0)
            seen[e.tournament] = index + 1
            if (e.tournament, index) not in refunded:
                items.append((_time(e.at, tz), order, e))
        elif isinstance(e, PrizeAwarded) and e.kind in (PrizeKind.CASH, PrizeKind.MERCHANDISE):
            items.append((_time(e.at, tz), order, e))
    items.sort(key=lambda item: (item[0], item[1]))

    def command(books: Books) -> list[Event]:
        if site_id not in books.sites:
            raise InvalidInput(f"no site {site_id!r} in the books")
        if tid in books.t21_tournaments.tournaments:
            raise InvalidInput(
                f"twenty-one tournament {tid!r} is in the books already: a tournament is posted "
                "once (nothing recorded)"
            )
        day = books.sites[site_id].open_day
        if day is None:
            raise InvalidInput(
                f"no gaming day is open at site {site_id!r}: a twenty-one tournament's fees are "
                "cash of the day's bank (99-01.3-08-16.1.e); open the day first"
            )
        scratch = copy.copy(books)  # its own ledger and cash banks; the rest is read only
        scratch.t21_tournaments = Tournament21Ledger.from_events(books.t21_tournaments.events)
        scratch.sites = {k: copy.copy(v) for k, v in books.sites.items()}
        out = tournament21.register_tournament(scratch, tid, site_id, rules.name, rules.entry_fee)
        gaming_day = date.fromisoformat(day)
        when = now()
        check_entry_time(scratch, when, site_id)
        for e in out:
            scratch.t21_tournaments.apply(e)
        for played, _, item in items:
            check_within_day(scratch, site_id, day, played)
            if isinstance(item, FeeCollected):
                produced = tournament21.collect_fee(
                    scratch,
                    tid,
                    gaming_day,
                    item.player,
                    names.get(item.player, item.player),
                    Fee21Kind(item.kind.value),
                    item.cents,
                    _employee(scratch, item.collected_by, "collector"),
                    when,
                    played,
                )
            else:
                merchandise = item.kind is PrizeKind.MERCHANDISE
                produced = tournament21.pay_prize(
                    scratch,
                    tid,
                    gaming_day,
                    item.player,
                    0 if merchandise else item.cents,
                    item.cents if merchandise else 0,
                    item.description,
                    when,
                    played,
                )
            for e in produced:
                scratch.sites[site_id].cash_bank += scratch.t21_tournaments.cash_effect(e)
                scratch.t21_tournaments.apply(e)
            out.extend(produced)
        return out

    return command


def post(
    url: str,
    org_id: str,
    path: Path,
    occasion_id: str | None,
    utc_offset: str | None = None,
    director: str | None = None,
    site_id: str | None = None,
    at: str | None = None,
) -> Posted:
    """Record a finished tournament's money in the books of ``org_id``: the tournament file at
    ``path`` (run), or, when no such file exists, the tournament of that id kept in the
    database. A poker tournament goes under poker occasion ``occasion_id``, a twenty-one
    tournament at ``site_id`` in its open gaming day. Every entry in one append, or nothing (a
    refusal names its section)."""
    tz = parse_offset(utc_offset)
    t = finished_tournament(path) if path.exists() else stored_tournament(url, str(path))
    return post_tournament(url, org_id, t, occasion_id, tz, director, site_id, at)


def post_tournament(
    url: str,
    org_id: str,
    t: Tournament,
    occasion_id: str | None,
    tz: timezone | None,
    director: str | None = None,
    site_id: str | None = None,
    at: str | None = None,
) -> Posted:
    """``post`` of a tournament at hand, through the books of ``org_id`` at ``url``."""
    svc = open_books(url, org_id)
    try:
        return post_with(svc, t, occasion_id, tz, director, site_id, at)
    finally:
        svc.close()


def post_with(
    svc: BooksService,
    t: Tournament,
    occasion_id: str | None,
    tz: timezone | None,
    director: str | None = None,
    site_id: str | None = None,
    at: str | None = None,
) -> Posted:
    """Record a finished tournament's money through ``svc`` (one append or nothing): poker
    under ``occasion_id``, twenty-one at ``site_id`` in its open gaming day."""
    _require_finished(t)
    if not t.rules.is_poker:
        if site_id is None:
            raise InvalidInput("a twenty-one tournament is posted at a site: give --site")
        typed = parse_time(at, "--at") if at is not None else None
        if typed is not None:
            not_far_ahead(typed, svc.now(), "--at")
        now = (lambda: typed) if typed is not None else svc.now
        events = svc.execute(post21_command(t, site_id, tz, now))
        held = svc.books().t21_tournaments.tournaments[t.rules.id]
        line = (
            f"{site_id} {t.rules.id}: gross proceeds {format_money(held.gross_proceeds)}, prizes "
            f"{format_money(held.prizes_total)}, adjusted gross proceeds "
            f"{format_money(held.adjusted_gross_proceeds)}"
        )
        return Posted(sum(1 for e in events if isinstance(e, TOURNAMENT21_EVENTS)), [line])
    if occasion_id is None:
        raise InvalidInput("a poker tournament is posted under a poker occasion: give --occasion")
    events = svc.execute(post_command(t, occasion_id, tz, director))
    occ = svc.books().poker.occasions[occasion_id]
    lines = []
    for w in record_of_win(t.state)[:-1]:
        held_poker = occ.tournaments[w.tournament]
        lines.append(
            f"{occasion_id} {w.tournament}: gross proceeds "
            f"{format_money(held_poker.gross_proceeds)}, prizes "
            f"{format_money(held_poker.prizes)}, adjusted gross proceeds "
            f"{format_money(held_poker.gross_proceeds - held_poker.prizes)}"
        )
    return Posted(sum(1 for e in events if isinstance(e, POKER_EVENTS)), lines)
