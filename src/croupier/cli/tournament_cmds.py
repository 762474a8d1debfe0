"""``croupier tournament check|run|post``, the stored tournaments' session commands ``new|list|
do|show|schedule``, and ``croupier bench tournament`` (issue 19). Everything is in
``croupier.service.tournaments.offline``, ``croupier.service.tournaments.post`` (post) and
``croupier.service.tournaments.live`` (the session commands: one stream per tournament in the
database, each command its own process)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from croupier.cli.apps import app, bench_app
from croupier.cli.common import Db as DbOption
from croupier.cli.common import console, reports_errors

tournament_app = typer.Typer(
    no_args_is_help=True, help="Twenty-one and poker tournaments (99-01.3-08-15, 99-01.3-09)."
)
app.add_typer(tournament_app, name="tournament")

GOAL_SECONDS = 60.0


@tournament_app.command("check")
@reports_errors
def check_cmd(path: Annotated[Path, typer.Argument(help="A tournament rules file.")]) -> None:
    """Validate a tournament rules file (every problem at once, each with its section) and
    print the schedule to post (99-01.3-09-05.1)."""
    from croupier.service.tournaments.offline import check

    console.print(check(path), highlight=False, markup=False)


@tournament_app.command("run")
@reports_errors
def run_cmd(path: Annotated[Path, typer.Argument(help="A tournament file (JSON).")]) -> None:
    """Run a tournament file (rules, steps, expectations): its registers and every difference
    from what it expects; exit 1 when it differs."""
    from croupier.service.tournaments.offline import run

    result = run(path)
    for line in result.lines:
        console.print(line, highlight=False, markup=False)
    if result.differences:
        for d in result.differences:
            console.print(f"differs: {d}", highlight=False, markup=False)
        raise typer.Exit(1)
    console.print("as expected", highlight=False)


@tournament_app.command("post")
@reports_errors
def post_cmd(
    path: Annotated[
        Path, typer.Argument(help="A tournament file (JSON) of a finished tournament.")
    ],
    occasion: Annotated[
        str | None, typer.Option("--occasion", help="Poker: the books' poker occasion id.")
    ] = None,
    site: Annotated[
        str | None,
        typer.Option("--site", help="Twenty-one: the site whose open gaming day takes it."),
    ] = None,
    utc_offset: Annotated[
        str | None,
        typer.Option(
            "--utc-offset", help="UTC offset of the file's times, e.g. -05:00 (if they have none)."
        ),
    ] = None,
    director: Annotated[
        str | None,
        typer.Option(
            "--director", help="Employee directing (default: the rules' director, by id or name)."
        ),
    ] = None,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="Database URL (default: $CROUPIER_DATABASE_URL, else sqlite:///croupier.db).",
            show_default=False,
        ),
    ] = None,
    at: Annotated[
        str | None,
        typer.Option(
            "--at",
            help="Twenty-one: when the books record it (ISO time with offset; default: now).",
        ),
    ] = None,
    org: Annotated[
        str | None,
        typer.Option(
            "--org", help="Organization id (default: $CROUPIER_ORG, else org).", show_default=False
        ),
    ] = None,
) -> None:
    """Record a finished tournament's money in the books, in time order, all at once or nothing:
    poker under an occasion (99-01.3-09-01, -03.4.d, f, -07.1), twenty-one at a site in its
    open gaming day (99-01.3-08-15, -16.1.e, f)."""
    import os

    from croupier.cli.common import database_url
    from croupier.service.tournaments.post import post

    org_id = org or os.environ.get("CROUPIER_ORG") or "org"
    result = post(database_url(db), org_id, path, occasion, utc_offset, director, site, at)
    console.print(f"posted {result.entries} books entries", highlight=False)
    for line in result.lines:
        console.print(line, highlight=False, markup=False)


AtOption = Annotated[
    str | None,
    typer.Option("--at", help="The time of the command, YYYY-MM-DDTHH:MM (default: now)."),
]


def _say(line: str) -> None:
    console.print(line, highlight=False, markup=False, soft_wrap=True)


def _who(explicit: str | None) -> str:
    import os

    return (explicit or os.environ.get("USER") or "command line").strip()


@tournament_app.command("new")
@reports_errors
def new_cmd(
    path: Annotated[Path, typer.Argument(help="A tournament rules file (TOML or JSON).")],
    tournament_id: Annotated[
        str | None, typer.Option("--id", help="The tournament's id (default: the rules' id).")
    ] = None,
    by: Annotated[str | None, typer.Option("--by", help="Who defines it (default: $USER).")] = None,
    at: AtOption = None,
    db: DbOption = None,
) -> None:
    """Store a new tournament from its rules file (every problem at once, each with its
    section); an id already in the database is refused. Then run it with `tournament do`."""
    from croupier.cli.common import database_url
    from croupier.service.tournaments.live import open_desk

    with open_desk(database_url(db), org=os.environ.get("CROUPIER_ORG") or None) as desk:
        done = desk.create_from_file(path, _who(by), tournament_id, at)
        view = desk.view(done.tournament_id)
    _say(f"tournament {done.tournament_id} created: {view['name']} ({view['game']})")


@tournament_app.command("list")
@reports_errors
def list_cmd(db: DbOption = None) -> None:
    """The stored tournaments: id, name, game and where each part stands."""
    from croupier.cli.common import database_url
    from croupier.service.tournaments.live import open_desk

    with open_desk(database_url(db), org=os.environ.get("CROUPIER_ORG") or None) as desk:
        ids = desk.ids()
        if not ids:
            _say("no tournament (create one with `croupier tournament new RULES_FILE`)")
        for tid in ids:
            view = desk.view(tid)
            parts = view["parts"]
            assert isinstance(parts, list)
            where = ", ".join(
                f"{p['id']} {p['status']} ({p['players']} players)"
                for p in parts
                if isinstance(p, dict)
            )
            _say(f"{tid}: {view['name']} ({view['game']}): {where}")


@tournament_app.command("do")
@reports_errors
def do_cmd(
    tournament_id: Annotated[str, typer.Argument(help="The tournament's id.")],
    command: Annotated[
        str,
        typer.Argument(
            help="register, refund, rebuy, add-on, start, transfer-buy-in, next-level, "
            "start-hand, player-returned, record-hand, eliminate, withdraw, cash-out, end-round, "
            "finish, split, award-prize, move-player, remove-chips, disqualify."
        ),
    ],
    player: Annotated[str | None, typer.Option("--player", help="The player.")] = None,
    name: Annotated[str | None, typer.Option("--name", help="The player's name.")] = None,
    address: Annotated[
        str | None, typer.Option("--address", help="The player's address (poker: required).")
    ] = None,
    collected_by: Annotated[
        str | None,
        typer.Option("--collected-by", help="Who collects the fee (register, rebuy, add-on)."),
    ] = None,
    card: Annotated[
        str | None, typer.Option("--card", help="The seat card drawn, TABLE,SEAT (else drawn).")
    ] = None,
    receipt: Annotated[
        str | None, typer.Option("--receipt", help="A buy-in prize's receipt.")
    ] = None,
    to: Annotated[str | None, typer.Option("--to", help="transfer-buy-in: to whom.")] = None,
    table: Annotated[int | None, typer.Option("--table", help="The table.")] = None,
    seat: Annotated[
        int | None,
        typer.Option("--seat", help="player-returned: the seat; move-player: a free seat."),
    ] = None,
    place: Annotated[
        int | None, typer.Option("--place", help="award-prize: the place decided.")
    ] = None,
    fee: Annotated[
        str | None,
        typer.Option("--fee", help="refund: one kind of fee (entry, bounty, rebuy, add-on)."),
    ] = None,
    reason: Annotated[
        str | None,
        typer.Option("--reason", help="remove-chips, disqualify: why (the penalty)."),
    ] = None,
    absent: Annotated[
        str | None, typer.Option("--absent", help="start-hand: absent seats, e.g. 4,7.")
    ] = None,
    chips: Annotated[
        str | None,
        typer.Option(
            "--chips",
            help="record-hand: chips won and lost, e.g. 'ann=500,bob=-500'; remove-chips: 500.",
        ),
    ] = None,
    bets: Annotated[
        str | None, typer.Option("--bets", help="record-hand (twenty-one): bets, 'ann=100'.")
    ] = None,
    eliminated_by: Annotated[
        str | None,
        typer.Option(
            "--eliminated-by",
            help="record-hand: 'bob=ann' (ann took bob's chips); eliminate: the player.",
        ),
    ] = None,
    shares: Annotated[
        str | None, typer.Option("--shares", help="split: dollars, 'ann=$110,bob=$90'.")
    ] = None,
    satellite: Annotated[
        str | None, typer.Option("--tournament", help="A satellite's id (default: the main).")
    ] = None,
    by: Annotated[
        str | None, typer.Option("--by", help="Who does the command (default: $USER).")
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Draw seat cards reproducibly from this seed.")
    ] = None,
    at: AtOption = None,
    db: DbOption = None,
) -> None:
    """Run one command of a stored tournament and print what it recorded; a refusal names its
    section and records nothing (exit 2)."""
    from croupier.cli.common import database_url
    from croupier.core.errors import InvalidInput
    from croupier.service.tournaments.commands import FEE_COMMANDS, normalize_command
    from croupier.service.tournaments.live import open_desk

    name_of = normalize_command(command)
    if name_of in FEE_COMMANDS and name_of != "refund" and not (collected_by or by):
        raise InvalidInput(f"{command}: name who collects the fee (--collected-by)")
    args = {
        "player": player,
        "name": name,
        "address": address,
        "card": card,
        "receipt": receipt,
        "to": to,
        "table": table,
        "seat": seat,
        "place": place,
        "fee": fee,
        "reason": reason,
        "absent": absent,
        "chips": chips,
        "bets": bets,
        "eliminated_by": eliminated_by,
        "shares": shares,
        "tournament": satellite,
    }
    who = _who(collected_by if name_of in FEE_COMMANDS and collected_by else by)
    with open_desk(database_url(db), seed, os.environ.get("CROUPIER_ORG") or None) as desk:
        done = desk.do(tournament_id, name_of, {k: v for k, v in args.items() if v}, who, at)
    for line in done.lines or ["nothing to record"]:
        _say(line)
    _say(f"({done.tournament_id} at version {done.version})")


@tournament_app.command("show")
@reports_errors
def show_cmd(
    tournament_id: Annotated[str, typer.Argument(help="The tournament's id.")],
    db: DbOption = None,
) -> None:
    """A stored tournament: each part's state (level, tables and seats, chips, places, prizes)
    and its records: fee register, prize register, buy-in receipts and record of win."""
    from croupier.cli.common import database_url
    from croupier.service.tournaments.live import open_desk
    from croupier.service.tournaments.view import show_lines

    with open_desk(database_url(db), org=os.environ.get("CROUPIER_ORG") or None) as desk:
        for line in show_lines(desk.view(tournament_id), desk.records(tournament_id)):
            _say(line)


@tournament_app.command("schedule")
@reports_errors
def schedule_cmd(
    what: Annotated[str, typer.Argument(help="A stored tournament's id, or a rules file.")],
    pdf: Annotated[
        Path | None, typer.Option("--pdf", help="Also write the one-page PDF to post here.")
    ] = None,
    db: DbOption = None,
) -> None:
    """The posted schedule of a stored tournament (amounts once determined) or of a rules file
    (99-01.3-09-05.1; twenty-one: 99-01.3-08-15), optionally as a printable PDF."""
    from croupier.cli.common import database_url
    from croupier.service.tournaments.live import open_desk, read_rules
    from croupier.service.tournaments.view import rules_schedule

    if Path(what).is_file():
        section, lines, data = rules_schedule(read_rules(Path(what)))
    else:
        with open_desk(database_url(db), org=os.environ.get("CROUPIER_ORG") or None) as desk:
            section, lines = desk.schedule(what)
            data = desk.schedule_pdf(what) if pdf is not None else b""
    for line in lines:
        _say(line)
    _say(f"(posted schedule, N.D. Admin. Code {section})")
    if pdf is not None:
        pdf.write_bytes(data)
        _say(f"wrote {pdf}")


@bench_app.command("tournament")
@reports_errors
def bench_tournament_cmd(
    players: Annotated[int, typer.Option("--players", min=2, max=10_000)] = 1000,
    seed: Annotated[int, typer.Option("--seed")] = 1,
) -> None:
    """A poker tournament of random legal play from the draw to the last player: hands per
    second and the time to finish (goal: 1,000 players under 60 s on one core)."""
    from croupier.service.tournaments.offline import bench

    r = bench(players, seed)
    verdict = "met" if players < 1000 or r.seconds < GOAL_SECONDS else "missed"
    console.print(
        f"tournament: {r.players:,} players, {r.hands:,} hands, {r.levels} levels, "
        f"{r.events:,} events in {r.seconds:.2f} s: {r.hands_per_second:,.0f} hands/second "
        f"(goal {GOAL_SECONDS:.0f} s for 1,000 players: {verdict})",
        highlight=False,
    )
