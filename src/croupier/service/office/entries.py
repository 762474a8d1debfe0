"""The books' entries of a gaming day as forms (issue 28): each form is one books request of the
command line (``service.books``: the same builder ``croupier books ...`` calls), the fields a
person fills in, the action of the one policy that allows it, and the section it follows. The
signed-in person is the employee the books record where an entry names who made it (an IOU's
writer, a deposit's maker, a fee's collector, a void's author): never a value a form supplied.

A form's values arrive as the text typed; the builder parses them as the command line does, so
a wrong value is refused with the same one line, and nothing is recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from croupier.books.state import Books
from croupier.core.errors import InvalidInput, NotFound
from croupier.core.names import ascii_digits
from croupier.service.books import close as books_close
from croupier.service.books import day as books_day
from croupier.service.books import games as books_games
from croupier.service.books import setup as books_setup
from croupier.service.books.service import Request
from croupier.service.office.base import OfficeBase, employee_of
from croupier.service.office.views import Recorded
from croupier.service.people.authz import Action, Actor, authorize, decide

CHIPS_HELP = "value x count, e.g. 5x4,1x2 (four $5 chips and two $1 chips)"


@dataclass(frozen=True)
class Field:
    """One value a form asks for (always typed as text; the builder parses it)."""

    name: str
    label: str
    kind: str = "text"
    """``text``, ``money`` (dollars), ``chips``, ``number``, ``date``, ``time`` or ``yesno``."""
    required: bool = True
    help: str = ""


@dataclass(frozen=True)
class EntryForm:
    """A books entry as a form."""

    key: str
    group: str
    title: str
    section: str
    action: Action
    fields: tuple[Field, ...]
    build: Callable[[Mapping[str, str], str], Request]
    """From the values typed (``site`` among them when ``at_site``) and the signed-in
    person's employee id, the books request."""
    at_site: bool = True


def _number(values: Mapping[str, str], name: str, what: str) -> int:
    text = values.get(name, "").strip()
    if not text.isascii() or not text.isdigit() or not 0 < int(text) <= 1_000_000:
        raise InvalidInput(f"{what} is a whole number of 1 or more, not {text!r}")
    return int(text)


def _opt(values: Mapping[str, str], name: str) -> str | None:
    text = values.get(name, "").strip()
    return text or None


def _yes(values: Mapping[str, str], name: str) -> bool:
    return values.get(name, "").strip().lower() in ("yes", "y", "on", "true", "1")


TABLE = Field("table", "Table", "number")
PRIZE = (
    Field("cash", "Cash ($)", "money", False),
    Field("merchandise", "Merchandise's cost ($)", "money", False),
    Field("description", "The merchandise", required=False),
)
"""A prize's fields (a ticket card's, a tournament's): cash, merchandise at its cost, or both."""


def _prize(values: Mapping[str, str]) -> tuple[str, str, str]:
    """A prize's cash, merchandise cost and description as typed (an empty amount is none)."""
    return (
        values.get("cash", "").strip() or "0",
        values.get("merchandise", "").strip() or "0",
        values.get("description", "").strip(),
    )


GROUPS = (
    "At the table",
    "Chip bank and cash bank",
    "Setting up",
    "Poker",
    "Paddlewheel ticket cards",
    "Twenty-one tournaments",
)

FORMS: tuple[EntryForm, ...] = (
    # -- at the table (99-01.3-08-06, -03) ---------------------------------------------------
    EntryForm(
        "sell",
        GROUPS[0],
        "Chips sold at the table",
        "99-01.3-08-06.1",
        Action.TABLE_ENTRIES,
        (
            TABLE,
            Field("amount", "Cash paid ($)", "money"),
            Field("chips", "Chips pushed", "chips", False, f"{CHIPS_HELP}; empty: the fewest"),
        ),
        lambda v, _by: books_day.sell(
            v["site"], _number(v, "table", "the table"), v["amount"], _opt(v, "chips"), "cash"
        ),
    ),
    EntryForm(
        "play",
        GROUPS[0],
        "The table's play: losing wagers collected, winning wagers paid",
        "99-01.3-08-11",
        Action.TABLE_ENTRIES,
        (
            TABLE,
            Field("collected", "Chips collected into the tray", "chips", False, CHIPS_HELP),
            Field("paid", "Chips paid from the tray", "chips", False, CHIPS_HELP),
        ),
        lambda v, _by: books_day.play(
            v["site"], _number(v, "table", "the table"), v.get("collected", ""), v.get("paid", "")
        ),
    ),
    EntryForm(
        "tip",
        GROUPS[0],
        "A tip to the table's dealer",
        "99-01.3-08-03.1",
        Action.TABLE_ENTRIES,
        (TABLE, Field("chips", "Tip chips", "chips", help=CHIPS_HELP)),
        lambda v, _by: books_day.tip(v["site"], _number(v, "table", "the table"), v["chips"]),
    ),
    # -- the banks (99-01.3-08-16.1.a, .g) ---------------------------------------------------
    EntryForm(
        "receive-chips",
        GROUPS[1],
        "Chips received into the chip bank",
        "99-01.3-08-03",
        Action.BANK_ENTRIES,
        (Field("chips", "Chips received", "chips", help=CHIPS_HELP),),
        lambda v, _by: books_setup.receive_chips(v["site"], v["chips"]),
    ),
    EntryForm(
        "fund",
        GROUPS[1],
        "Cash put into the cash bank",
        "99-01.3-08-16.1.a",
        Action.BANK_ENTRIES,
        (Field("amount", "Amount ($)", "money"),),
        lambda v, _by: books_setup.fund(v["site"], v["amount"]),
    ),
    EntryForm(
        "iou",
        GROUPS[1],
        "An IOU written against the cash bank",
        "99-01.3-08-16.1.a",
        Action.BANK_ENTRIES,
        (Field("amount", "Amount ($)", "money"), Field("purpose", "What it is for")),
        lambda v, by: books_day.iou(v["site"], v["amount"], v["purpose"], by),
    ),
    EntryForm(
        "deposit",
        GROUPS[1],
        "A bank deposit from the cash bank",
        "99-01.3-08-16.1.g",
        Action.BANK_ENTRIES,
        (
            Field("amount", "Amount ($)", "money"),
            Field(
                "series",
                "Ticket series (its ticket cash, from the cash bank)",
                required=False,
                help="Leave empty for counted drop box cash (99-01.3-11-07.3.b).",
            ),
        ),
        lambda v, by: books_close.deposit(v["site"], v["amount"], by, _opt(v, "series")),
    ),
    # -- setting up --------------------------------------------------------------------------
    EntryForm(
        "add-site",
        GROUPS[2],
        "A new site",
        "99-01.3-08-01",
        Action.SET_UP_BOOKS,
        (
            Field("site", "Site id"),
            Field("name", "Name"),
            Field("surveilled", "Video surveillance (yes or no)", "yesno", False),
            Field("seasonal", "Seasonal (yes or no)", "yesno", False),
        ),
        lambda v, _by: books_setup.add_site(
            v["site"].strip(), v["name"].strip(), _yes(v, "surveilled"), _yes(v, "seasonal")
        ),
        at_site=False,
    ),
    EntryForm(
        "add-table",
        GROUPS[2],
        "A new table at a site",
        "99-01.3-08-02.1",
        Action.SET_UP_BOOKS,
        (TABLE, Field("game", "Game (21 or PW)")),
        lambda v, _by: books_setup.add_table(
            v["site"], _number(v, "table", "the table"), v["game"]
        ),
    ),
    EntryForm(
        "add-employee",
        GROUPS[2],
        "A new employee",
        "99-01.3-08-04",
        Action.SET_UP_BOOKS,
        (
            Field("employee", "Employee id"),
            Field("name", "Name"),
            Field("initials", "Initials"),
            Field("roles", "Roles (comma between)", help="e.g. dealer, pit boss"),
            Field(
                "affiliation",
                "Affiliation",
                help="gaming, nongaming, independent or representative",
            ),
            Field("supervisor", "Supervisor's employee id", required=False),
            Field("household", "Household id", required=False),
            Field("relatives", "Relatives' employee ids (comma between)", required=False),
        ),
        lambda v, _by: books_setup.add_employee(
            v["employee"].strip(),
            v["name"].strip(),
            v["initials"].strip(),
            [r for r in v["roles"].split(",") if r.strip()],
            v["affiliation"],
            _opt(v, "supervisor"),
            _opt(v, "household"),
            [v["relatives"]] if _opt(v, "relatives") else [],
        ),
        at_site=False,
    ),
    # -- poker (99-01.3-09-01, -07) ----------------------------------------------------------
    EntryForm(
        "poker-occasion",
        GROUPS[3],
        "A poker occasion opened",
        "99-01.3-09-07.1",
        Action.POKER_ENTRIES,
        (
            Field("occasion", "Occasion id"),
            Field("first_day", "First day", "date"),
            Field("last_day", "Last day", "date"),
            Field("manager", "Its manager's employee id"),
        ),
        lambda v, _by: books_games.poker_occasion(
            v["occasion"].strip(), v["first_day"], v["last_day"], v["manager"].strip(), v["site"]
        ),
    ),
    EntryForm(
        "poker-fee",
        GROUPS[3],
        "A half-hour fee collected at a poker table",
        "99-01.3-09-01",
        Action.POKER_ENTRIES,
        (
            Field("occasion", "Occasion id"),
            TABLE,
            Field("player", "Player"),
            Field(
                "half_hour_from",
                "The half hour from",
                "time",
                help="with its UTC offset, e.g. 2026-01-05T19:30-06:00",
            ),
            Field("fee", "Fee ($)", "money"),
        ),
        lambda v, by: books_games.poker_fee(
            v["occasion"].strip(),
            _number(v, "table", "the table"),
            v["player"].strip(),
            v["half_hour_from"],
            by,
            v["fee"],
            v["site"],
        ),
    ),
    EntryForm(
        "poker-fee-void",
        GROUPS[3],
        "A poker fee keyed in error voided",
        "99-01.3-09-07.1.b",
        Action.POKER_ENTRIES,
        (
            Field("occasion", "Occasion id"),
            Field("player", "Player"),
            Field(
                "half_hour_from",
                "The half hour from",
                "time",
                help="with its UTC offset, e.g. 2026-01-05T19:30-06:00",
            ),
            Field("reason", "Why"),
        ),
        lambda v, by: books_games.poker_fee_void(
            v["occasion"].strip(), v["player"].strip(), v["half_hour_from"], v["reason"], by
        ),
        at_site=False,
    ),
    EntryForm(
        "poker-tournament-fee",
        GROUPS[3],
        "A poker tournament fee collected",
        "99-01.3-09-07.1.c",
        Action.POKER_ENTRIES,
        (
            Field("occasion", "Occasion id"),
            Field("tournament", "Tournament id"),
            Field("player", "Player"),
            Field("fee", "Fee ($)", "money"),
            Field("kind", "Kind (entry, rebuy, add-on or bounty)", required=False),
            Field("name", "Player's name", required=False, help="with the player's first fee"),
            Field("address", "Player's address", required=False, help="with the first fee"),
        ),
        lambda v, by: books_games.poker_tournament_fee(
            v["occasion"].strip(),
            v["tournament"].strip(),
            v["player"].strip(),
            v["fee"],
            by,
            _opt(v, "kind") or "entry",
            v.get("name", ""),
            v.get("address", ""),
        ),
        at_site=False,
    ),
    EntryForm(
        "poker-cash",
        GROUPS[3],
        "Cash on hand and chips counted at the start or end of poker play",
        "99-01.3-09-07.1.a",
        Action.POKER_ENTRIES,
        (
            Field("occasion", "Occasion id"),
            Field("moment", "start or end"),
            Field("cash", "Cash on hand ($)", "money"),
            Field("chips", "Chips ($)", "money", required=False),
            Field(
                "tournament",
                "Tournament id",
                required=False,
                help="Leave empty for the nontournament play.",
            ),
        ),
        lambda v, by: books_games.poker_cash(
            v["occasion"].strip(),
            _opt(v, "tournament"),
            v["moment"].strip().lower(),
            v["cash"],
            _opt(v, "chips") or "0",
            by,
        ),
        at_site=False,
    ),
    EntryForm(
        "poker-deposit",
        GROUPS[3],
        "A bank deposit of poker cash, after its ending count",
        "99-01.3-09-07.1.f",
        Action.POKER_ENTRIES,
        (
            Field("occasion", "Occasion id"),
            Field("amount", "Amount ($)", "money"),
            Field(
                "tournament",
                "Tournament id",
                required=False,
                help="Leave empty for the nontournament play.",
            ),
        ),
        lambda v, by: books_games.poker_deposit(
            v["occasion"].strip(), _opt(v, "tournament"), v["amount"], by
        ),
        at_site=False,
    ),
    # -- paddlewheel ticket cards (99-01.3-11-02, -07.1) -------------------------------------
    EntryForm(
        "ticket-series",
        GROUPS[4],
        "A series of ticket cards put in play",
        "99-01.3-11-02",
        Action.TICKET_ENTRIES,
        (
            Field("series", "Series id"),
            Field("cards", "Card numbers", help="e.g. 1-10"),
            Field("tickets", "Tickets a card", "number"),
            Field("stamp", "Stamp (the organization's mark on each card)"),
            Field("price", "Price of a ticket ($)", "money"),
        ),
        lambda v, _by: books_games.ticket_series(
            v["series"].strip(),
            v["site"],
            v["cards"],
            _number(v, "tickets", "tickets a card"),
            v["stamp"],
            v["price"],
        ),
    ),
    EntryForm(
        "ticket-sell",
        GROUPS[4],
        "Tickets of a card sold",
        "99-01.3-11-02.6.a",
        Action.TICKET_ENTRIES,
        (
            Field("series", "Series id"),
            Field("card", "Card", "number"),
            Field("count", "Tickets sold", "number"),
        ),
        lambda v, _by: books_games.ticket_sell(
            v["series"].strip(),
            _number(v, "card", "the card"),
            _number(v, "count", "the count"),
            None,
        ),
        at_site=False,
    ),
    EntryForm(
        "ticket-refund",
        GROUPS[4],
        "A card's tickets refunded (the card not spun)",
        "99-01.3-11-02",
        Action.TICKET_ENTRIES,
        (Field("series", "Series id"), Field("card", "Card", "number")),
        lambda v, _by: books_games.ticket_refund(
            v["series"].strip(), _number(v, "card", "the card"), None
        ),
        at_site=False,
    ),
    EntryForm(
        "ticket-spin",
        GROUPS[4],
        "A card's spin",
        "99-01.3-11-02.6",
        Action.TICKET_ENTRIES,
        (
            Field("series", "Series id"),
            Field("card", "Card", "number"),
            Field("winning", "Winning number"),
            Field("revolutions", "Revolutions of the wheel", "number"),
        ),
        lambda v, _by: books_games.ticket_spin(
            v["series"].strip(),
            _number(v, "card", "the card"),
            v["winning"],
            _number(v, "revolutions", "the revolutions"),
            None,
        ),
        at_site=False,
    ),
    EntryForm(
        "ticket-prize",
        GROUPS[4],
        "A card's prize paid",
        "99-01.3-11-02.6",
        Action.TICKET_ENTRIES,
        (
            Field("series", "Series id"),
            Field("card", "Card", "number"),
            *PRIZE,
        ),
        lambda v, _by: books_games.ticket_prize(
            v["series"].strip(),
            _number(v, "card", "the card"),
            *_prize(v),
            None,
        ),
        at_site=False,
    ),
    # -- twenty-one tournaments (99-01.3-08-15, -16.1.e, f) ----------------------------------
    EntryForm(
        "tournament21",
        GROUPS[5],
        "A twenty-one tournament registered in the books",
        "99-01.3-08-15",
        Action.TOURNAMENT21_ENTRIES,
        (
            Field("tournament", "Tournament id"),
            Field("name", "Name"),
            Field("entry_fee", "Entry fee ($)", "money"),
        ),
        lambda v, _by: books_games.twentyone_tournament(
            v["tournament"].strip(), v["site"], v["name"].strip(), v["entry_fee"]
        ),
    ),
    EntryForm(
        "tournament21-fee",
        GROUPS[5],
        "A twenty-one tournament fee collected",
        "99-01.3-08-16.1.e",
        Action.TOURNAMENT21_ENTRIES,
        (
            Field("tournament", "Tournament id"),
            Field("player", "Player id"),
            Field("name", "Player's name"),
            Field("fee", "Fee ($)", "money"),
            Field("kind", "Kind (entry, rebuy or add-on)"),
        ),
        lambda v, by: books_games.twentyone_tournament_fee(
            v["tournament"].strip(),
            v["player"].strip(),
            v["name"].strip(),
            v["fee"],
            by,
            v["kind"].strip(),
            None,
        ),
        at_site=False,
    ),
    EntryForm(
        "tournament21-prize",
        GROUPS[5],
        "A twenty-one tournament prize awarded",
        "99-01.3-08-16.1.f",
        Action.TOURNAMENT21_ENTRIES,
        (
            Field("tournament", "Tournament id"),
            Field("player", "Player id"),
            *PRIZE,
        ),
        lambda v, _by: books_games.twentyone_tournament_prize(
            v["tournament"].strip(),
            v["player"].strip(),
            *_prize(v),
            None,
        ),
        at_site=False,
    ),
    EntryForm(
        "tournament21-void",
        GROUPS[5],
        "A twenty-one tournament fee keyed in error voided",
        "99-01.3-08-16",
        Action.TOURNAMENT21_ENTRIES,
        (
            Field("tournament", "Tournament id"),
            Field("fee", "Fee number (the register's)", "number"),
            Field("reason", "Why"),
        ),
        lambda v, by: books_games.twentyone_tournament_void(
            v["tournament"].strip(), _number(v, "fee", "the fee number"), v["reason"], by
        ),
        at_site=False,
    ),
)
BY_KEY: dict[str, EntryForm] = {f.key: f for f in FORMS}
VALUE_MAX = 2000
"""The longest value a form field takes (a note, a list of ids)."""


def entry_form(key: str) -> EntryForm:
    found = BY_KEY.get(key)
    if found is None:
        raise NotFound(f"no books entry {key!r}: see the list of entries")
    return found


class EntriesDesk(OfficeBase):
    """The books' entries as forms, each for the roles the policy allows."""

    def entry_forms(self, actor: Actor) -> list[EntryForm]:
        """The forms ``actor`` may fill in, in the order of ``FORMS``."""
        return [f for f in FORMS if decide(actor, f.action).allowed]

    def record_entry(self, actor: Actor, key: str, values: Mapping[str, str]) -> Recorded:
        """Record one books entry from a form's values, by the signed-in person."""
        form = entry_form(key)
        authorize(actor, form.action)
        books = self._require_org()
        if form.action is Action.TABLE_ENTRIES:
            authorize(actor, form.action, conducting=_conducting(books, values))
        typed: dict[str, str] = {}
        for f in form.fields + ((Field("site", "Site"),) if form.at_site else ()):
            text = str(values.get(f.name, ""))
            if len(text) > VALUE_MAX:
                raise InvalidInput(f"{f.label.lower()} is longer than {VALUE_MAX} characters")
            if f.required and not text.strip():
                raise InvalidInput(f"{f.label.lower()} is missing")
            typed[f.name] = text
        return self._record(form.build(typed, employee_of(actor)))


def _conducting(books: Books, values: Mapping[str, str]) -> str | None:
    """Who conducts the table a table entry names (its open shift's dealer or wheel operator);
    ``None`` when the table is not open (the books then refuse the entry)."""
    site = str(values.get("site", "")).strip()
    table = str(values.get("table", "")).strip()
    if site not in books.sites or not ascii_digits(table):
        return None
    key = books.sites[site].open_shift.get(int(table))
    return None if key is None else books.shifts[key].started.dealer_id
