"""Requests of a gaming day's commands: ``croupier books open-day|open-table|sell|play|tip|
fill|credit|void|redeem|redeem-tips|end-shift|iou|review-camera|camera-fault``
(99-01.3-08-05 to -07, -04.6). Each function reads what was typed and returns a ``Request``."""

from __future__ import annotations

from datetime import date, datetime

from croupier.books import operations as ops
from croupier.books import slips
from croupier.books import surveillance as sv
from croupier.books.guards import require_site, require_table
from croupier.books.model import Chips, Counterpart, Game, SlipKind, Token
from croupier.books.model import chips as make_chips
from croupier.books.state import Books
from croupier.books.timeline import check_day_opening
from croupier.core.chips import Chip, make_change
from croupier.core.errors import InvalidInput
from croupier.core.events import Event
from croupier.core.money import format_money
from croupier.service.books.input import amount, chips, describe_chips, ids, parse_day
from croupier.service.books.service import Request


def open_day_of(books: Books, site: str) -> date:
    """The gaming day open at ``site``."""
    require_site(books, site)
    st = books.sites[site]
    if st.open_day is None:
        raise InvalidInput(f"no gaming day is open at site {site!r}; run 'croupier books open-day'")
    return date.fromisoformat(st.open_day)


def open_day(site: str, day: str, on_duty: str, by: str) -> Request:
    d = parse_day(day, "the gaming day")
    staff = ids(on_duty, "employee id on duty")

    def build(b: Books, when: datetime) -> list[Event]:
        check_day_opening(d, when)
        return ops.open_day(b, site, d, when, staff, by)

    return Request(f"{site} {d.isoformat()}", build, site=site)


def open_table(
    site: str, table: int, dealer: str, max_wager: str | None, shoe_inspected_by: str | None
) -> Request:
    """``max_wager`` in dollars; none typed: $25 at twenty-one, a paddlewheel's $20 a spin
    (-11-05.3)."""
    typed = (max_wager or "").strip()
    cap = amount(typed, "the maximum wager") if typed else None

    def build(b: Books, when: datetime) -> list[Event]:
        require_table(b, site, table)
        wheel = b.tables[(site, table)].game is Game.PADDLEWHEEL
        most = cap if cap is not None else (ops.PADDLEWHEEL_MAX_BET if wheel else 2500)
        return ops.start_shift(
            b, site, open_day_of(b, site), table, dealer, when, most, shoe_inspected_by
        )

    said = f", maximum wager {format_money(cap)}" if cap is not None else ""
    return Request(f"table {table} with {dealer}{said}", build, site=site)


def _change(tray: Chips, cents: int, paddlewheel: bool) -> Chips:
    """The chips pushed for ``cents`` of currency when none were typed: at a paddlewheel, its
    betting chips, one dollar each, when the tray holds enough (-11-04.4: the wheel operator
    takes betting chips equal to the currency), else its casino chips of $1 and up (-11-03.4);
    at twenty-one, the fewest casino chips."""
    if paddlewheel:
        betting = sum(x.quantity for x in tray if x.token is Token.BETTING_CHIP)
        if cents % 100 == 0 and betting >= cents // 100:
            return make_chips({Token.BETTING_CHIP: cents // 100})
    casino = {
        Chip.from_cents(x.token.cents): x.quantity
        for x in tray
        if x.token is not Token.BETTING_CHIP and not (paddlewheel and x.token is Token.FIFTY_CENTS)
    }
    picked = make_change(cents, casino)
    return make_chips({Token.of(chip): n for chip, n in picked.items()})


def sell(site: str, table: int, cash: str, pushed: str | None, tender: str) -> Request:
    cents = amount(cash, "the cash")
    lines = chips(pushed, "chips pushed") if pushed else None

    def build(b: Books, when: datetime) -> list[Event]:
        require_table(b, site, table)
        wheel = b.tables[(site, table)].game is Game.PADDLEWHEEL
        tray = b.sites[site].trays.get(table, ())
        given = lines if lines is not None else _change(tray, cents, wheel)
        return ops.sell_chips(b, site, table, cents, given, when, tender)

    return Request(f"{format_money(cents)} of chips at table {table}", build, site=site)


def play(site: str, table: int, collected: str, paid: str) -> Request:
    taken, given = chips(collected, "chips collected"), chips(paid, "chips paid")
    return Request(
        f"table {table}: collected {describe_chips(taken)}, paid {describe_chips(given)}",
        lambda b, when: ops.settle_play(b, site, table, taken, given, when),
        site=site,
    )


def exchange(site: str, table: int, given: str, received: str) -> Request:
    """A player's chips exchanged at a table for chips of equal value: at a paddlewheel a
    casino chip for betting chips (-11-04.4, -05.2), or betting chips for a casino chip when
    the player leaves (-05.8)."""
    handed, taken = chips(given, "chips given"), chips(received, "chips received")
    return Request(
        f"table {table}: {describe_chips(handed)} for {describe_chips(taken)}",
        lambda b, when: ops.exchange_chips(b, site, table, handed, taken, when),
        site=site,
    )


def tip(site: str, table: int, typed: str) -> Request:
    lines = chips(typed, "tip chips")
    return Request(
        f"{describe_chips(lines)} to the dealer of table {table}",
        lambda b, when: ops.receive_tip(b, site, table, lines, when),
        site=site,
    )


def _slip_number(e: Event) -> str | None:
    number = getattr(e, "number", None)
    kind = getattr(e, "kind", None)
    if number is None or not isinstance(kind, SlipKind):
        return None
    form = getattr(e, "form", None)
    printed = f" (pre-printed form {form})" if form is not None else ""
    return f"{kind.value} slip number {number}{printed}"


def slip(
    kind: str,
    site: str,
    table: int,
    typed: str,
    preparer: str,
    cashier: str,
    verifier: str | None,
    jar_bar: bool,
    form: int | None = None,
) -> Request:
    """``croupier books fill|credit`` as typed: the kind and the chips read once, here."""
    k = slip_kind(kind)
    lines = chips(typed, f"{k.value} chips")
    return slip_of(k, site, table, lines, preparer, cashier, verifier, jar_bar, form)


def slip_of(
    k: SlipKind,
    site: str,
    table: int,
    lines: Chips,
    preparer: str,
    cashier: str,
    verifier: str | None,
    jar_bar: bool,
    form: int | None = None,
) -> Request:
    """A fill or credit slip (99-01.3-08-05) from typed values: the kind and the chip lines as
    read at the edge (a command's arguments, a prepared slip's draft), never parsed again."""
    where = Counterpart.JAR_BAR if jar_bar else Counterpart.CHIP_BANK
    return Request(
        f"table {table}: {describe_chips(lines)}",
        lambda b, when: slips.issue_slip(
            b, k, site, table, lines, when, preparer, cashier, verifier, where, form
        ),
        site=site,
        then=_slip_number,
    )


def slip_kind(text: str) -> SlipKind:
    try:
        return SlipKind(text.strip().lower())
    except ValueError:
        raise InvalidInput(f"a slip is fill or credit, got {text!r}") from None


def void(
    kind: str,
    site: str,
    preparer: str,
    initials: str,
    form: int | None = None,
    game: str | None = None,
) -> Request:
    """Void the next slip of the books' own series, or (``form`` and ``game``) the
    pre-printed form of that number in the site's series of the game."""
    from croupier.service.books.setup import game_of

    k = slip_kind(kind)
    g = game_of(game) if game is not None else None
    what = f"the next {k.value} slip" if form is None else f"{k.value} form {form}"
    return Request(
        what,
        lambda b, when: slips.void_slip(
            b, k, site, open_day_of(b, site), when, preparer, initials, form, g
        ),
        site=site,
        then=_slip_number,
    )


def redeem(site: str, typed: str, cashier: str) -> Request:
    lines = chips(typed, "chips redeemed")
    return Request(
        describe_chips(lines),
        lambda b, when: ops.redeem_chips(b, site, open_day_of(b, site), lines, cashier, when),
        site=site,
    )


def redeem_tips(site: str, dealer: str, cashier: str) -> Request:
    return Request(
        f"the tips of {dealer}",
        lambda b, when: ops.redeem_tips(b, site, open_day_of(b, site), dealer, cashier, when),
        site=site,
    )


def end_shift(
    site: str, table: int, removed_by: str, tray: str | None, escort: str | None, close: bool
) -> Request:
    counted = chips(tray, "the tray count") if tray is not None else None

    def build(b: Books, when: datetime) -> list[Event]:
        require_table(b, site, table)
        lines = counted if counted is not None else b.sites[site].trays.get(table, ())
        return ops.end_shift(b, site, table, when, lines, removed_by, escort, close)

    return Request(f"table {table}{' (closed)' if close else ''}", build, site=site)


def iou(site: str, typed: str, purpose: str, by: str) -> Request:
    cents = amount(typed, "the IOU amount")
    return Request(
        f"{format_money(cents)} for {purpose}",
        lambda b, when: ops.write_iou(b, site, open_day_of(b, site), cents, purpose, by, when),
        site=site,
    )


def review_camera(site: str, table: int, reviewer: str, working: bool, note: str) -> Request:
    return Request(
        f"table {table}: {'working' if working else 'fault'}",
        lambda b, when: sv.review_camera(
            b, site, open_day_of(b, site), table, working, reviewer, when, note
        ),
        site=site,
    )


def camera_fault(site: str, table: int, by: str, note: str) -> Request:
    return Request(
        f"table {table}",
        lambda b, when: sv.report_camera_fault(b, site, table, when, by, note),
        site=site,
    )


def camera_repaired(site: str, table: int, by: str) -> Request:
    """A faulty camera repaired, by someone who may access the cameras (-04.4.a): the fault's
    deadline (-04.6) no longer runs."""
    return Request(
        f"table {table}",
        lambda b, when: sv.repair_camera(b, site, table, when, by),
        site=site,
    )
