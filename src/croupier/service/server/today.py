"""What a signed-in person does next today (issue 28: home pages that lead somewhere): each line
one thing their roles may do now, read from the books, the slips awaiting verification, the
counts and the live tables, with the page that does it. Only what the policy allows the person
(``service.people.authz``) is listed; nothing is listed that croupier cannot do."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.service.people.authz import Action, Actor, decide
from croupier.service.server.webserver import Tenant


@dataclass(frozen=True)
class NextStep:
    """One thing to do now: what, where (a page of this server) and the section behind it."""

    text: str
    href: str
    section: str = ""


def next_steps(tenant: Tenant, actor: Actor) -> list[NextStep]:
    """The person's next steps today, most pressing first, read from the tenant of the
    session's organization (``web.security.tenant_of``), never from the server's default
    organization: a person signed in to another organization sees only its slips, days,
    cameras and live tables (found by an audit)."""

    def may(action: Action) -> bool:
        return decide(actor, action).allowed

    steps: list[NextStep] = []
    office = tenant.backoffice
    if office.organization() is None:
        return steps
    me = actor.employee_id
    if may(Action.VERIFY_SLIP) and may(Action.VIEW_SLIPS):
        for d in office.drafts(actor):
            if d.preparer_account == actor.name:
                continue
            steps.append(
                NextStep(
                    f"Verify the {d.kind.value} slip for table {d.table} at {d.site} "
                    f"({d.described}), prepared by {d.preparer_account}",
                    "/slips",
                    "99-01.3-08-05.5",
                )
            )
    if may(Action.RECORD_COUNT) and me is not None:
        for c in office.team_counts(actor):
            if "enter" in c.may:
                text = f"Enter your own count of {c.box}: {c.opened_by} has entered theirs"
            elif "agree" in c.may:
                text = f"Agree to the resolution of {c.box}, or propose another"
            elif "propose" in c.may:
                text = f"The counts of {c.box} differ: resolve them together and propose"
            else:
                text = f"{c.box}: waiting for {c.partner}'s count"
            steps.append(NextStep(text, "/day", "99-01.3-08-14.4"))
    sites = office.sites()
    for site in sites:
        awaiting = office.awaiting_count(site.site_id)
        if may(Action.RECORD_COUNT) and awaiting:
            boxes = ", ".join(f"{d} table {t} shift {s}" for d, t, s, _ in awaiting)
            steps.append(
                NextStep(
                    f"Count the drop boxes of {site.site_id} awaiting the count: {boxes}",
                    f"/day?site={site.site_id}",
                    "99-01.3-08-14.2",
                )
            )
        if may(Action.CLOSE_DAY) and site.open_day is not None:
            still = [t for t in site.tables if t.open]
            if still:
                tables = ", ".join(f"{t.game}-{t.number} ({t.dealer})" for t in still)
                text = (
                    f"The gaming day {site.open_day} is open at {site.site_id}; tables still "
                    f"open: {tables}"
                )
                if may(Action.END_SHIFT):
                    text += " (end each shift, the tray counted and the drop box removed)"
            elif awaiting:
                text = (
                    f"The gaming day {site.open_day} at {site.site_id}: close it once its "
                    f"{len(awaiting)} drop box{'es' if len(awaiting) != 1 else ''} are counted"
                )
            else:
                text = f"Close the gaming day {site.open_day} at {site.site_id}: every box counted"
            steps.append(NextStep(text, f"/day?site={site.site_id}", "99-01.3-08-16.1.a"))
        if may(Action.CAMERAS) and site.surveilled and site.open_day is not None:
            rows = office.cameras(actor, site.site_id)
            for cam in rows:
                if cam.passed:
                    steps.insert(
                        0,
                        NextStep(
                            f"The camera of table {cam.table} at {site.site_id} is past its "
                            "forty-eight hours or four days: repair it; until then the table "
                            "opens only with a $2 maximum wager",
                            f"/cameras?site={site.site_id}",
                            "99-01.3-08-04.6",
                        ),
                    )
            due = [str(cam.table) for cam in rows if cam.reviewed_today is None]
            if due:
                tables = ("tables " if len(due) > 1 else "table ") + ", ".join(due)
                steps.append(
                    NextStep(
                        f"Review the cameras of {site.site_id} today: {tables}",
                        f"/cameras?site={site.site_id}",
                        "99-01.3-08-04.6",
                    )
                )
        if me is not None and (may(Action.PREPARE_CREDIT) or may(Action.RUN_TABLE)):
            for t in site.tables:
                if t.open and t.dealer == me:
                    steps.append(
                        NextStep(
                            f"You are dealing {t.game} table {t.number} at {site.site_id}",
                            f"/sites/{site.site_id}",
                            "99-01.3-08-07",
                        )
                    )
    if may(Action.RUN_TABLE) or may(Action.PLAY_AT_TABLE):
        live = tenant.tables.tables()
        if live:
            for row in live:
                what = "Run" if may(Action.RUN_TABLE) else "Join"
                steps.append(
                    NextStep(
                        f"{what} live table {row['table']} ({row['game']}, {row['mode']}, round "
                        f"{row['round']}, {row['seats']} seated)",
                        f"/tables/{row['table']}",
                    )
                )
        elif may(Action.RUN_TABLE):
            steps.append(NextStep("Open a live table under a posted rules file", "/tables"))
        else:
            steps.append(NextStep("No live table is open now; this list shows each one", "/"))
    if may(Action.CLOSE_QUARTER) or may(Action.VIEW_QUARTERLY):
        steps.append(
            NextStep(
                "Read the quarter's summary and compliance findings",
                "/reports/quarterly",
                "99-01.3-08-16.1.g",
            )
        )
    return steps
