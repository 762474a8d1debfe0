"""The consistency rules of fill and credit slips and their VOIDs (99-01.3-08-05).

Each ``_x`` checks one entry alone; each ``_ctx_x`` the entry against the books before it. The
registries of ``croupier.books.consistency`` name them per event type."""

from __future__ import annotations

from croupier.books import events as ev
from croupier.books.consistency.fields import (
    SLIPS,
    _cents,
    _chips,
    _count,
    _day,
    _day_of,
    _holds,
    _id,
    _in_series,
    _name,
    _open_shift,
    _optional_id,
    _time,
    _value,
)
from croupier.books.model import (
    Counterpart,
    Game,
    SlipKind,
)
from croupier.books.slips import FORM_JUMP
from croupier.books.state import Books


def _slip(e: ev.SlipIssued) -> list[str]:
    problems = [
        *_count(e.number, "the slip number"),
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_time(e.at),
        *_count(e.table, "the table number"),
        *_chips(e.chips, "its chip lines", nonempty=True, section=f"{SLIPS}.3.b"),
        *_cents(e.grand_total, "its grand total"),
        *_id(e.preparer_id, "the preparer's id"),
        *_id(e.cashier_id, "the cashier's id"),
        *_id(e.dealer_id, "the dealer's id"),
        *_optional_id(e.verifier_id, "the verifier's id"),
    ]
    if not problems and _value(e.chips) != e.grand_total:
        problems.append(
            f"its grand total disagrees with the value of its chip lines (a slip carries the "
            f"quantity and value of chips by value and their grand total, {SLIPS}.3.b)"
        )
    if e.verifier_id is not None and e.verifier_id == e.preparer_id:
        problems.append(f"its verifier is its preparer ({SLIPS}.5)")
    return [*problems, *_form(e.form)]


def _form(form: object) -> list[str]:
    if form is None:
        return []
    if isinstance(form, bool) or not isinstance(form, int) or not 1 <= form <= 999_999_999:
        return ["its pre-printed form number is not a form number"]
    return []


def _void(e: ev.SlipVoided) -> list[str]:
    return [
        *_count(e.number, "the slip number"),
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_time(e.at),
        *_id(e.preparer_id, "the preparer's id"),
        *_name(e.preparer_initials, f"the preparer's initials ({SLIPS}.2)"),
        *_form(e.form),
        *(
            ["a voided pre-printed form names its game and its number"]
            if (e.form is None) != (e.game is None)
            or not (e.game is None or isinstance(e.game, Game))
            else []
        ),
    ]


def _form_unused(
    books: Books, site_id: str, game: Game | None, kind: SlipKind, form: int | None
) -> list[str]:
    """A pre-printed form is used once in its site's series (99-01.3-08-05.2)."""
    if form is None or game is None or site_id not in books.sites:
        return []
    series = books.sites[site_id].forms.get((game, kind))
    if (
        series is not None
        and series.highest
        and not (series.lowest - FORM_JUMP <= form <= series.highest + FORM_JUMP)
    ):
        return [f"its pre-printed form {form} is far from the numbers of its series ({SLIPS}.2)"]
    if series is not None and series.used(form):
        return [f"its pre-printed form {form} was used before in its series ({SLIPS}.2)"]
    return []


def _ctx_slip(books: Books, e: ev.SlipIssued) -> list[str]:
    found = [
        *_in_series(books, e.kind, e.number),
        *_form_unused(books, e.site_id, e.game, e.kind, e.form),
    ]
    shift = _open_shift(books, e.site_id, e.day, e.table, None)
    if shift:
        return [*found, *shift]
    st = books.sites[e.site_id]
    rec = books.shifts[st.open_shift[e.table]]
    if e.game is not rec.game:
        found.append(f"its game reference is not the game of table {e.table} ({SLIPS}.3.a)")
    if e.dealer_id != rec.started.dealer_id:
        found.append(f"its dealer is not the dealer of the open shift of table {e.table}")
    if e.kind is SlipKind.FILL:
        bank = e.counterpart is Counterpart.CHIP_BANK
        source = st.chip_bank if bank else st.jar_bar
        found += _holds(source, e.chips, f"the {e.counterpart.value}")
    else:
        found += _holds(st.trays[e.table], e.chips, f"the tray of table {e.table}")
    return found


def _ctx_void(books: Books, e: ev.SlipVoided) -> list[str]:
    return [
        *_in_series(books, e.kind, e.number),
        *_day_of(books, e.site_id, e.day),
        *_form_unused(books, e.site_id, e.game, e.kind, e.form),
    ]
