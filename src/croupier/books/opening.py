"""Opening balances: an organization that starts keeping its books in croupier mid-life enters
where each site's cash and chips stand, once, as an audited opening entry (issue 20).

The entry is prepared by a gaming manager and audited by an auditor (two people: the auditor
checks the counts against the organization's last records), and is refused once the site has
any activity in these books: a gaming day, chips received, cash funded or a tray filled. From
it on, the books run as if the balances had been reached here: the first day's starting cash
bank and chip bank, each table's opening tray and the chips players may still redeem.
"""

from __future__ import annotations

from datetime import datetime

from croupier.books import events as ev
from croupier.books.guards import RECORDS, require_role, require_site, require_table, stamp
from croupier.books.model import Chips, Role
from croupier.books.state import Books
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event


def site_activity(books: Books, site_id: str) -> str | None:
    """What the books already hold for the site (None: nothing)."""
    st = books.sites[site_id]
    if books.days_opened(site_id):
        return f"gaming days ({min(books.days_opened(site_id))} first)"
    if st.chip_bank or st.jar_bar or st.with_players or any(st.trays.values()):
        return "chips"
    if st.cash_bank:
        return "cash in the cash bank"
    return None


def opening_balances(
    books: Books,
    site_id: str,
    at: datetime,
    cash_bank: int,
    chip_bank: Chips,
    jar_bar: Chips,
    trays: dict[int, Chips],
    outstanding: Chips,
    prepared_by: str,
    audited_by: str,
) -> list[Event]:
    """The audited opening entry of a site (see the module docstring)."""
    require_site(books, site_id)
    require_role(books, prepared_by, (Role.GAMING_MANAGER,), "enter opening balances", RECORDS)
    require_role(books, audited_by, (Role.AUDITOR,), "audit opening balances", RECORDS)
    if audited_by == prepared_by:
        raise RuleViolation("the opening balances are audited by a second person", RECORDS)
    held = site_activity(books, site_id)
    if held is not None:
        raise RuleViolation(
            f"site {site_id} already has {held} in these books: opening balances are entered "
            "once, before any activity",
            RECORDS,
        )
    if cash_bank < 0:
        raise InvalidInput("the opening cash bank cannot be negative")
    for table in trays:
        require_table(books, site_id, table)
    if not (cash_bank or chip_bank or jar_bar or outstanding or any(trays.values())):
        raise InvalidInput("the opening balances are all zero: nothing to enter")
    return [
        ev.OpeningBalances(
            site_id,
            stamp(at),
            cash_bank,
            chip_bank,
            jar_bar,
            tuple(ev.TableChips(t, trays[t]) for t in sorted(trays) if trays[t]),
            outstanding,
            prepared_by,
            audited_by,
        )
    ]
