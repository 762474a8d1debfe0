"""Who may do what: the one authorization policy of ``croupier serve`` (and whatever else asks).

``decide(actor, action, ...)`` answers "may this person do this action (with these facts)?"
with allow, or deny and the section of the rules that says so. Three kinds of checks, in order:

1. **Default deny**: an action not listed in ``POLICY`` is refused.
2. **By role**: each action lists the roles that may do it, from the rule text (who prepares a
   fill slip, who a credit slip, who verifies: 99-01.3-08-05.3, .5); then an account that
   also holds the auditor role makes no record at all (99-01.3-08-16.5 with -14.2: the person
   auditing the activity stays independent of it); a books action needs an account linked to
   an employee of the books, so the books record who did it (99-01.3-08-05.1: access to the
   slips is restricted to an authorized person).
3. **Separation of duties**, from the facts of the case: a slip's preparer does not verify it
   and a person presently dealing or operating a paddlewheel does not verify (-05.5); only the
   preparer voids the slip they prepared (-05.2); a count team is two persons, independent
   (-14.2: not two who both conducted games at the site that day).

The books check roles again when the request reaches them (``croupier.books.slips``,
``books.count``); this check comes first, cites the same sections and must agree (the tests
hold both to the rule text). Who may *read* which records is not written in the rules: the
readers listed here are the house policy documented in ``docs/web.md`` and
``docs/interpretations/web.md``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import Enum

from croupier.core.errors import RuleViolation
from croupier.service.people.accounts import AUDITOR, OWNER, PLAYER, ROLES, STATE_AUDITOR

GM, SM, PB = "gaming manager", "shift manager", "pit boss"
DEALER, WHEEL, CASHIER = "dealer", "wheel operator", "cashier"
COUNT, INDEPENDENT = "count team member", "independent person"

SLIPS = "99-01.3-08-05"
RECORDS = "99-01.3-08-16"
READ_ONLY = "99-01.3-08-16.5"
HOUSE = "house policy (docs/web.md)"
SCHEDULE = "99-01.3-09-05.1"
TOURNAMENT_FEES = "99-01.3-09-07.1.c"


class Action(Enum):
    """Everything the server does for a person; the value is its name in the policy table."""

    HOME = "home page"
    CHANGE_PASSWORD = "change own password"
    VIEW_ACCOUNTS = "list accounts"
    MANAGE_ACCOUNTS = "create accounts"
    VIEW_STATUS = "books status of a site"
    VIEW_SLIPS = "see slips awaiting verification"
    PREPARE_FILL = "prepare a fill slip"
    PREPARE_CREDIT = "prepare a credit slip"
    VERIFY_SLIP = "verify a slip (chips move)"
    VOID_FILL = "void a fill slip"
    VOID_CREDIT = "void a credit slip"
    VIEW_VERIFY = "check the hash chains (verify)"
    VIEW_DAILY = "daily report (view, CSV, PDF)"
    VIEW_SLIP_REGISTER = "the fill and credit slip registers (view, CSV, PDF)"
    VIEW_QUARTERLY = "quarterly summary and compliance findings (view, CSV, PDF)"
    VIEW_HOLD = "percent-of-hold by dealer and wheel operator, with plots (view, CSV, PDF)"
    RECORD_COUNT = "count a drop box"
    REDEEM_CHIPS = "redeem a player's chips for cash (chip bank)"
    REDEEM_TIPS = "redeem a dealer's or wheel operator's tips through cash on hand"
    CAMERAS = "review the cameras, report a camera fault and its repair"
    END_SHIFT = "end a table's shift: the tray counted, the drop box removed and escorted"
    OPEN_DAY = "open a gaming day at a site, with the people on duty"
    OPEN_TABLE = "open a table (or the next dealer's shift) with its maximum wager"
    CLOSE_DAY = "close the gaming day (banks as counted)"
    CLOSE_QUARTER = "close a quarter's records (report produced or tax return filed)"
    OPENING_BALANCES = "enter a site's opening balances (audited, once)"
    PAY_RENT = "record table rent paid"
    VIEW_TABLE = "see a live table (as the rules let this person see it)"
    RUN_TABLE = "run a live table (open, deal, the dealer's actions, settle, close)"
    PLAY_AT_TABLE = "take a seat, wager and act at a live table"
    EXPORT_ROUND = "list a live table's rounds and export one as its round file (every card)"
    VIEW_PIT = "the pit: every live table's round, dealing mistakes and refusals as they happen"
    VIEW_TOURNAMENTS = "see tournaments (parts, tables and seats, levels, chips, places)"
    VIEW_TOURNAMENT_SCHEDULE = "read a tournament's posted schedule (page, PDF)"
    VIEW_TOURNAMENT_RECORDS = (
        "a tournament's fee and prize registers, buy-in receipts and record of win (view, CSV)"
    )
    CREATE_TOURNAMENT = "define a tournament from its rules (its schedule to post)"
    RUN_TOURNAMENT = (
        "run a tournament (start, levels, hands, eliminations, rounds, finish, split, transfer)"
    )
    COLLECT_TOURNAMENT_FEE = "collect or refund a tournament fee (register, rebuy, add-on)"
    POST_TOURNAMENT = "record a finished tournament's fees and prizes in the books"
    TABLE_ENTRIES = "record a table's chip sales, play and tips in the books"
    ASK_SLIP = "ask the chip bank for a fill or a credit from a table's console"
    BANK_ENTRIES = "record chips received, cash put in the cash bank, IOUs and bank deposits"
    SET_UP_BOOKS = "set up the books: sites, tables, employees"
    POKER_ENTRIES = "record poker occasions, half-hour fees and their voids"
    TICKET_ENTRIES = "record paddlewheel ticket cards: series, sales, refunds, spins, prizes"
    TOURNAMENT21_ENTRIES = "record twenty-one tournaments in the books: fees, prizes, voids"


@dataclass(frozen=True)
class Rule:
    """Who may do an action, where the rule is written, and what kind of action it is."""

    roles: frozenset[str]
    section: str
    writes: bool = False
    """It records something in the books: never an auditor; needs a linked employee."""
    note: str = ""


def _r(*roles: str) -> frozenset[str]:
    return frozenset(roles)


EVERYONE = frozenset(ROLES)
POLICY: dict[Action, Rule] = {
    Action.HOME: Rule(EVERYONE, ""),
    Action.CHANGE_PASSWORD: Rule(EVERYONE, ""),
    Action.VIEW_ACCOUNTS: Rule(_r(OWNER), HOUSE),
    Action.MANAGE_ACCOUNTS: Rule(_r(OWNER), HOUSE),
    Action.VIEW_STATUS: Rule(_r(OWNER, GM, SM, PB, CASHIER, AUDITOR), RECORDS),
    Action.VIEW_SLIPS: Rule(_r(OWNER, GM, SM, PB, DEALER, WHEEL, CASHIER, AUDITOR), f"{SLIPS}.1"),
    Action.PREPARE_FILL: Rule(_r(CASHIER, PB, SM), f"{SLIPS}.3", writes=True),
    Action.PREPARE_CREDIT: Rule(_r(DEALER, WHEEL, PB, SM), f"{SLIPS}.3", writes=True),
    Action.VERIFY_SLIP: Rule(
        _r(SM, PB, GM),
        f"{SLIPS}.5",
        writes=True,
        note="not the slip's preparer; not presently dealing or operating a paddlewheel",
    ),
    Action.VOID_FILL: Rule(
        _r(CASHIER, PB, SM), f"{SLIPS}.2", writes=True, note="a prepared slip: its preparer only"
    ),
    Action.VOID_CREDIT: Rule(
        _r(DEALER, WHEEL, PB, SM),
        f"{SLIPS}.2",
        writes=True,
        note="a prepared slip: its preparer only",
    ),
    Action.VIEW_VERIFY: Rule(_r(OWNER, GM, SM, AUDITOR), RECORDS),
    Action.VIEW_DAILY: Rule(_r(OWNER, GM, SM, AUDITOR), f"{RECORDS}.1"),
    Action.VIEW_SLIP_REGISTER: Rule(_r(OWNER, GM, SM, AUDITOR), f"{SLIPS}.2"),
    Action.VIEW_QUARTERLY: Rule(_r(OWNER, GM, SM, AUDITOR), f"{RECORDS}.1.g"),
    Action.VIEW_HOLD: Rule(_r(OWNER, GM, SM, AUDITOR), "99-01.3-08-04.8"),
    Action.RECORD_COUNT: Rule(
        _r(COUNT, INDEPENDENT),
        "99-01.3-08-14.2",
        writes=True,
        note="one of the two members; not two who both conducted games at the site that day",
    ),
    Action.REDEEM_CHIPS: Rule(_r(CASHIER), "99-01.3-08-06.2", writes=True),
    Action.REDEEM_TIPS: Rule(
        _r(CASHIER, PB, SM, GM),
        "99-01.3-08-06.2",
        writes=True,
        note="an employee other than the dealer or wheel operator whose tips they are",
    ),
    Action.OPEN_DAY: Rule(_r(GM, SM), f"{RECORDS}.1", writes=True),
    Action.OPEN_TABLE: Rule(
        _r(SM, PB),
        "99-01.3-08-07",
        writes=True,
        note="the dealer named inspects the shoe (-07.2) and deals",
    ),
    Action.END_SHIFT: Rule(
        _r(SM),
        "99-01.3-08-14.1",
        writes=True,
        note="the shift manager removes and transports the drop box",
    ),
    Action.CAMERAS: Rule(
        _r(GM, SM, INDEPENDENT),
        "99-01.3-08-04.4.a",
        writes=True,
        note="people who may access the cameras and recording units",
    ),
    Action.CLOSE_DAY: Rule(_r(SM, GM), f"{RECORDS}.1.a", writes=True),
    Action.CLOSE_QUARTER: Rule(
        _r(GM), RECORDS, writes=True, note="after the quarter ends, its days closed and counted"
    ),
    Action.OPENING_BALANCES: Rule(
        _r(GM),
        RECORDS,
        writes=True,
        note="naming the auditor who checked them; before any activity",
    ),
    Action.PAY_RENT: Rule(_r(GM), "99-01.3-08-01", writes=True),
    Action.VIEW_TABLE: Rule(EVERYONE, ""),
    Action.RUN_TABLE: Rule(
        _r(DEALER, WHEEL, PB, SM),
        HOUSE,
        writes=True,
        note="the game is conducted by the organization's people (99-01.3-08, -09, -11)",
    ),
    Action.PLAY_AT_TABLE: Rule(_r(PLAYER), HOUSE, note="a player acts for their own seat only"),
    Action.VIEW_PIT: Rule(
        _r(OWNER, GM, SM, PB, AUDITOR),
        HOUSE,
        note="those who supervise the games and those who watch or audit them",
    ),
    Action.EXPORT_ROUND: Rule(
        _r(OWNER, GM, SM, PB, AUDITOR),
        HOUSE,
        note=(
            "a round is kept to be played back (99-01.3-08-11.17); its file shows every card, "
            "so those who settle disputes and those who audit read it, not the table's dealer "
            "or its players"
        ),
    ),
    Action.VIEW_TOURNAMENTS: Rule(EVERYONE, HOUSE),
    Action.VIEW_TOURNAMENT_SCHEDULE: Rule(
        EVERYONE, SCHEDULE, note="posted for the players (twenty-one: 99-01.3-08-15)"
    ),
    Action.VIEW_TOURNAMENT_RECORDS: Rule(
        _r(OWNER, GM, SM, CASHIER, AUDITOR),
        HOUSE,
        note="names and addresses of players: the organization's people only",
    ),
    Action.CREATE_TOURNAMENT: Rule(_r(GM, SM), SCHEDULE, writes=True),
    Action.RUN_TOURNAMENT: Rule(
        _r(GM, SM),
        HOUSE,
        writes=True,
        note="not the tournament's director or manager as a player (99-01.3-09-03.4.h)",
    ),
    Action.COLLECT_TOURNAMENT_FEE: Rule(
        _r(CASHIER, GM, SM),
        TOURNAMENT_FEES,
        writes=True,
        note="recorded as the fee's collector (twenty-one: 99-01.3-08-16.1.e)",
    ),
    Action.POST_TOURNAMENT: Rule(
        _r(GM),
        "99-01.3-09-07",
        writes=True,
        note="the tournament's records in the books (twenty-one: 99-01.3-08-16.1.e, f)",
    ),
    Action.TABLE_ENTRIES: Rule(
        _r(DEALER, WHEEL, PB, SM),
        "99-01.3-08-06",
        writes=True,
        note="the people who conduct and supervise the table",
    ),
    Action.BANK_ENTRIES: Rule(
        _r(GM, SM, CASHIER),
        f"{RECORDS}.1.a",
        writes=True,
        note="recorded as who wrote the IOU or made the deposit",
    ),
    Action.SET_UP_BOOKS: Rule(_r(GM), RECORDS, writes=True),
    Action.ASK_SLIP: Rule(
        _r(DEALER, WHEEL, PB, SM),
        f"{SLIPS}.3",
        writes=True,
        note="an ask, not a slip: the slip is prepared from it at the chip bank",
    ),
    Action.POKER_ENTRIES: Rule(
        _r(GM, SM, CASHIER),
        "99-01.3-09-07",
        writes=True,
        note="recorded as the fee's collector or the void's author",
    ),
    Action.TICKET_ENTRIES: Rule(_r(GM, SM, WHEEL), "99-01.3-11-02", writes=True),
    Action.TOURNAMENT21_ENTRIES: Rule(
        _r(GM, SM, CASHIER),
        f"{RECORDS}.1.e",
        writes=True,
        note="recorded as the fee's collector or the void's author",
    ),
}

POLICY = {
    a: replace(r, roles=r.roles | {STATE_AUDITOR}) if AUDITOR in r.roles and not r.writes else r
    for a, r in POLICY.items()
}
"""The state auditor reads what the organization's own auditor reads (and nothing else)."""
"""The policy: every action the server knows and who may do it. Anything else is refused."""


@dataclass(frozen=True)
class Actor:
    """The signed-in person as the policy sees them."""

    name: str
    roles: frozenset[str]
    employee_id: str | None = None


@dataclass(frozen=True)
class SlipFacts:
    """The slip an action is about: who prepared it."""

    preparer_account: str
    preparer_employee: str


@dataclass(frozen=True)
class CountFacts:
    """A drop box count: the two members and who of them conducted games at the site on the
    day of the activity or of the count."""

    members: tuple[str, str]
    conducted_games: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Decision:
    """Allowed, or refused with the one-line reason and the section (``None``: sign in)."""

    allowed: bool
    reason: str = ""
    section: str | None = None
    signed_in: bool = True


class Forbidden(RuleViolation):
    """A refused action (HTTP 403): the reason and the section of the rule."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.reason, decision.section or HOUSE)
        self.decision = decision


ALLOW = Decision(True)


def _roles_text(roles: Iterable[str]) -> str:
    ordered = [r for r in ROLES if r in set(roles)]
    if len(ordered) <= 1:
        return "".join(ordered)
    return ", ".join(ordered[:-1]) + " or " + ordered[-1]


def _article(text: str) -> str:
    return ("an " if text[:1] in "aeiou" else "a ") + text


def decide(
    actor: Actor | None,
    action: Action,
    *,
    slip: SlipFacts | None = None,
    dealing_now: frozenset[str] = frozenset(),
    count: CountFacts | None = None,
    conducting: str | None = None,
) -> Decision:
    """May ``actor`` do ``action``? See the module docstring for the order of the checks."""
    rule = POLICY.get(action)
    if rule is None:
        return Decision(False, f"{action.value}: not in the policy, so refused", HOUSE)
    if actor is None:
        return Decision(False, "sign in first", None, signed_in=False)
    what = action.value
    if not actor.roles & rule.roles:
        return Decision(
            False,
            f"{actor.name} ({_roles_text(actor.roles)}) may not {what}; "
            f"only {_article(_roles_text(rule.roles))} may",
            rule.section or HOUSE,
        )
    if rule.writes and STATE_AUDITOR in actor.roles:
        return Decision(
            False,
            f"{actor.name} is the state's auditor here: reads the records, makes none "
            f"(may not {what})",
            READ_ONLY,
        )
    if rule.writes and AUDITOR in actor.roles:
        return Decision(
            False,
            f"{actor.name} is also an auditor: an auditor reads the records and makes none "
            f"(may not {what})",
            READ_ONLY,
        )
    if rule.writes and not actor.employee_id:
        return Decision(
            False,
            f"{actor.name}'s account is not linked to an employee of the books, so may not {what} "
            "(the books record who did it)",
            f"{SLIPS}.1",
        )
    if action is Action.VERIFY_SLIP:
        return _verify(actor, slip, dealing_now)
    if action in (Action.VOID_FILL, Action.VOID_CREDIT) and slip is not None:
        mine = slip.preparer_employee == actor.employee_id and slip.preparer_account == actor.name
        if not mine:
            return Decision(
                False,
                f"a prepared slip is voided by its preparer ({slip.preparer_account}), "
                f"not {actor.name}",
                f"{SLIPS}.2",
            )
    if action is Action.RECORD_COUNT and count is not None:
        return _count(actor, count)
    if action is Action.TABLE_ENTRIES and conducting is not None:
        return _conducting(actor, conducting)
    return ALLOW


def _conducting(actor: Actor, conducting: str) -> Decision:
    """A table's entries: by its own dealer or wheel operator (``conducting``), or by the pit
    boss or shift manager who supervises it (found by an audit: any dealer had recorded play
    and tips at another dealer's table)."""
    if actor.roles & {PB, SM} or actor.employee_id == conducting:
        return ALLOW
    return Decision(
        False,
        f"{actor.name} does not conduct this table ({conducting} does): a dealer or wheel "
        "operator records the entries of the table they conduct",
        "99-01.3-08-06",
    )


def _verify(actor: Actor, slip: SlipFacts | None, dealing_now: frozenset[str]) -> Decision:
    if slip is not None and (
        slip.preparer_employee == actor.employee_id or slip.preparer_account == actor.name
    ):
        return Decision(
            False,
            f"{actor.name} prepared this slip and may not also verify it: the chips are "
            "verified by another person",
            f"{SLIPS}.5",
        )
    if actor.employee_id in dealing_now:
        return Decision(
            False,
            f"{actor.name} is presently dealing or operating a paddlewheel and may not verify "
            "a slip",
            f"{SLIPS}.5",
        )
    return ALLOW


def _count(actor: Actor, count: CountFacts) -> Decision:
    a, b = count.members
    if a == b:
        return Decision(False, "a drop box is opened by a two-person count team", "99-01.3-08-14.2")
    if actor.employee_id not in (a, b):
        return Decision(
            False,
            f"{actor.name} is not one of the two count team members ({a}, {b})",
            "99-01.3-08-14.2",
        )
    if a in count.conducted_games and b in count.conducted_games:
        return Decision(
            False,
            f"both {a} and {b} conducted games at the site on the day of the activity or of the "
            "count; they may not count its drop boxes together",
            "99-01.3-08-14.2",
        )
    return ALLOW


def authorize(
    actor: Actor | None,
    action: Action,
    *,
    slip: SlipFacts | None = None,
    dealing_now: frozenset[str] = frozenset(),
    count: CountFacts | None = None,
    conducting: str | None = None,
) -> None:
    """``decide``, raising ``Forbidden`` when refused (also for a person not signed in)."""
    decision = decide(
        actor, action, slip=slip, dealing_now=dealing_now, count=count, conducting=conducting
    )
    if not decision.allowed:
        raise Forbidden(decision)


def allowed_actions(actor: Actor) -> list[Action]:
    """The actions of ``POLICY`` that ``actor`` may do (with no particular facts)."""
    return [a for a in POLICY if decide(actor, a).allowed]


def policy_markdown() -> str:
    """The policy as a Markdown table: one row per action, one column per role (docs/web.md)."""
    short = {
        OWNER: "owner",
        GM: "GM",
        SM: "SM",
        PB: "PB",
        DEALER: "dealer",
        WHEEL: "wheel",
        CASHIER: "cashier",
        COUNT: "count",
        AUDITOR: "auditor",
        INDEPENDENT: "indep.",
        STATE_AUDITOR: "state aud.",
        PLAYER: "player",
    }
    head = "| action | " + " | ".join(short[r] for r in ROLES) + " | section | also |"
    rule_line = "|---|" + "---|" * len(ROLES) + "---|---|"
    lines = [head, rule_line]
    for action, rule in POLICY.items():
        cells = []
        for role in ROLES:
            ok = role in rule.roles and not (rule.writes and role in (AUDITOR, STATE_AUDITOR))
            cells.append("yes" if ok else "")
        section = rule.section or "(signed in)"
        lines.append(f"| {action.value} | " + " | ".join(cells) + f" | {section} | {rule.note} |")
    return "\n".join(lines) + "\n"
