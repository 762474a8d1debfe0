"""The static table of croupier's commands (see ``croupier.cli.lazy``).

``croupier --help`` and ``croupier GROUP --help`` read this table and import no command module;
``croupier [GROUP] COMMAND`` imports only the module named on its line. When you add or rename a
command, or change the first paragraph of its docstring, update its line here (or print the
table the modules define with ``python -m croupier.cli.lazy`` and paste it in);
``tests/unit/cli/test_cli_lazy.py`` fails until the table agrees with the modules.
"""

# ruff: noqa: E501  (one line per command: the help lines are as long as they are)
from __future__ import annotations

from typing import NamedTuple


class GroupEntry(NamedTuple):
    """A group of commands: ``croupier NAME ...``."""

    name: str
    help: str


class CommandEntry(NamedTuple):
    """A command: ``croupier [GROUP] NAME``, its help paragraph and the module defining it."""

    group: str
    name: str
    help: str
    module: str


MODULES: tuple[str, ...] = (
    "croupier.cli.replay_cmds",
    "croupier.cli.books_cmds",
    "croupier.cli.books_day_cmds",
    "croupier.cli.books_close_cmds",
    "croupier.cli.books_game_cmds",
    "croupier.cli.books_report_cmds",
    "croupier.cli.store_cmds",
    "croupier.cli.threecard21_cmds",
    "croupier.cli.paddlewheel_cmds",
    "croupier.cli.twentyone_cmds",
    "croupier.cli.poker_cmds",
    "croupier.cli.eval_cmds",
    "croupier.cli.bench_cmds",
    "croupier.cli.bench_books_cmds",
    "croupier.cli.bench_serve_cmds",
    "croupier.cli.serve_cmds",
    "croupier.cli.users_cmds",
    "croupier.cli.orgs_cmds",
    "croupier.cli.anchor_cmds",
    "croupier.cli.simulate_cmds",
    "croupier.cli.hold_cmds",
    "croupier.cli.analyze_twentyone_cmds",
    "croupier.cli.tournament_cmds",
    "croupier.cli.tables_cmds",
)
"""Every module that defines commands."""

# fmt: off
# fmt: off
GROUPS: tuple[GroupEntry, ...] = (
    GroupEntry("play", "Play a game at a terminal table."),
    GroupEntry("disclosure", "Generate the posted house-rules and player-rules handout of a game."),
    GroupEntry("analyze", "Exact game mathematics: house edge, hold, paytables."),
    GroupEntry("bench", "Benchmarks against named peer libraries, run here and now."),
    GroupEntry("tables", "Live tables' rounds as dispute records (99-01.3-08-11.17)."),
    GroupEntry("books", "The organization's books: set up, run a gaming day."),
    GroupEntry("report", "Print the records an auditor asks for, one form each."),
    GroupEntry("db", "The event store's database: schema and streams."),
    GroupEntry("poker", "Poker (N.D. Admin. Code 99-01.3-09) tools."),
    GroupEntry("users", "Accounts of the people who sign in to croupier serve."),
    GroupEntry("orgs", "Organizations served by one croupier server (each with its own people, books, tables and tournaments)."),
    GroupEntry("anchor", "Signed anchors: the heads of every stream, signed with a key kept outside the database."),
    GroupEntry("simulate", "Monte Carlo simulation of a game under a table's house rules."),
    GroupEntry("tournament", "Twenty-one and poker tournaments (99-01.3-08-15, 99-01.3-09)."),
)
COMMANDS: tuple[CommandEntry, ...] = (
    CommandEntry("", "replay", "Replay a round (a disputed hand, 99-01.3-08-11.17) and print its settlement.", "croupier.cli.replay_cmds"),
    CommandEntry("", "verify", "Check every event stream's hash chain and the append-only guards; exit 1 if any link is broken or any guard is missing.", "croupier.cli.store_cmds"),
    CommandEntry("", "equity", "Showdown equity: every board enumerated, or --trials random boards (seeded).", "croupier.cli.eval_cmds"),
    CommandEntry("", "serve", "Serve the back office in a browser and the JSON API (FastAPI on Uvicorn).", "croupier.cli.serve_cmds"),
    CommandEntry("play", "threecard21", "Play Three Card 21 \"N\" Done at the terminal, one person at space 1.", "croupier.cli.threecard21_cmds"),
    CommandEntry("play", "paddlewheel", "Play at the terminal (commands read from stdin): the table method, one player at seat 1, or, with ticket-card rules, one ticket card sold, spun and its prizes claimed.", "croupier.cli.paddlewheel_cmds"),
    CommandEntry("play", "twentyone", "Play twenty-one against the dealer at a terminal table (99-01.3-08).", "croupier.cli.twentyone_cmds"),
    CommandEntry("play", "poker", "Play poker at seat 1 against simple bots; moves are read from stdin. The table is a ``TableSession``: stacks carry over, the button moves (heads-up rule, -04.11) and a bot that loses all its chips leaves the table (-05.7).", "croupier.cli.poker_cmds"),
    CommandEntry("disclosure", "threecard21", "The layout inscriptions and bonus paytable sign (N.J.A.C. 13:69E-1.10D(b), (c)).", "croupier.cli.threecard21_cmds"),
    CommandEntry("disclosure", "paddlewheel", "The rules handout and prize information (99-01.3-11-02.6, -06).", "croupier.cli.paddlewheel_cmds"),
    CommandEntry("disclosure", "twentyone", "The posted house-rules and player-rules handout with the felony notice (99-01.3-08-13).", "croupier.cli.twentyone_cmds"),
    CommandEntry("disclosure", "poker", "Print the poker house and player rules handout (99-01.3-09-06).", "croupier.cli.poker_cmds"),
    CommandEntry("analyze", "threecard21-bonus", "Exact probabilities of the bonus categories and the bonus wager's expected return.", "croupier.cli.threecard21_cmds"),
    CommandEntry("analyze", "paddlewheel", "Exact expected return and house edge of every bet, and a seeded simulation.", "croupier.cli.paddlewheel_cmds"),
    CommandEntry("analyze", "hold", "The chance, in a fair game, of a dealer's twenty-one percent-of-hold as low as recorded in a quarter, and whether chance explains a hold under 10% (99-01.3-08-04.8).", "croupier.cli.hold_cmds"),
    CommandEntry("analyze", "twentyone", "The exact expected return of a table's rules from a full shoe (combinatorial, not simulated), basic or composition-dependent strategy, each two-card hand's expectations, the tip bet's economics and the strategy chart. Options change the rules one by one; a rule set N.D. does not allow is analysed and marked so.", "croupier.cli.analyze_twentyone_cmds"),
    CommandEntry("analyze", "threecard21-main", "The exact expected return of Three Card 21's main wager under optimal play (N.J.A.C. 13:69F-2C, a table with a card reader).", "croupier.cli.analyze_twentyone_cmds"),
    CommandEntry("bench", "twentyone", "Settle random legal rounds under random valid house rules; print rounds per second. With --math (the default) also the exact analysis's time per N.D. rule set and the simulation's rounds per second on 1 and 2 workers, beside named peers' figures.", "croupier.cli.twentyone_cmds"),
    CommandEntry("bench", "poker", "Hands per second of random fixed-limit hold'em and Omaha high-low, next to PokerKit's (and OpenSpiel's universal_poker heads-up, where it installs).", "croupier.cli.poker_cmds"),
    CommandEntry("bench", "eval", "Hands per second of croupier's kernels against eval7, phevaluator, treys, pokerkit, pkrbot (one thread), and the seconds of the exhaustive AhKh v QsQd preflop equity.", "croupier.cli.eval_cmds"),
    CommandEntry("bench", "cli", "Wall time of croupier --help and of every croupier CMD --help (median of --runs runs, each a new process), against the 0.3 s budget.", "croupier.cli.bench_cmds"),
    CommandEntry("bench", "books", "Time books status, a fill, a daily and a quarterly report on generated histories of a four-site organization (median of --repeat, in-process); print them against the goals.", "croupier.cli.bench_books_cmds"),
    CommandEntry("bench", "serve", "Play live twenty-one tables through the web server as fast as the rules allow (127.0.0.1 only, bounded in time); print actions a second and p50/p99 from an action sent to its update received by every seat, beside a bare echo server on the same machine.", "croupier.cli.bench_serve_cmds"),
    CommandEntry("bench", "tournament", "A poker tournament of random legal play from the draw to the last player: hands per second and the time to finish (goal: 1,000 players under 60 s on one core).", "croupier.cli.tournament_cmds"),
    CommandEntry("tables", "rounds", "Every round of a live table: when it was dealt and settled, by whom, and what each party was paid (to find a disputed round by its time).", "croupier.cli.tables_cmds"),
    CommandEntry("tables", "export", "Write a settled round of a live table as its round file, its expect block the settlement that was paid; `croupier replay --check` plays it back and agrees (99-01.3-08-11.17).", "croupier.cli.tables_cmds"),
    CommandEntry("books", "init", "Create the books of an organization (and the database, if it does not exist yet).", "croupier.cli.books_cmds"),
    CommandEntry("books", "setup", "Register the organization whose books these are.", "croupier.cli.books_cmds"),
    CommandEntry("books", "add-site", "Register a site (with or without video surveillance).", "croupier.cli.books_cmds"),
    CommandEntry("books", "add-table", "Register a numbered table at a site.", "croupier.cli.books_cmds"),
    CommandEntry("books", "add-employee", "Register an employee or count-team person.", "croupier.cli.books_cmds"),
    CommandEntry("books", "receive-chips", "Chips bought by the organization, into the site's chip bank.", "croupier.cli.books_cmds"),
    CommandEntry("books", "fund", "Cash into the site's cash bank.", "croupier.cli.books_cmds"),
    CommandEntry("books", "opening-balances", "The audited opening entry of a site whose books start here mid-life: its cash bank, chip bank, jar bar, trays and chips outstanding, once, before any activity.", "croupier.cli.books_cmds"),
    CommandEntry("books", "prior-activity", "The audited entry of a site's activity in a quarter before its books began here: each table's days of use and the twenty-one gross proceeds, which table rent and the surveillance test read from the quarters before.", "croupier.cli.books_cmds"),
    CommandEntry("books", "rent", "Record a month's rent paid for a table; the quarterly report finds rent above what the table's usage allows (99-01.3-08-01).", "croupier.cli.books_cmds"),
    CommandEntry("books", "open-day", "Open a gaming day at a site.", "croupier.cli.books_day_cmds"),
    CommandEntry("books", "open-table", "Open a table or hand it to the next dealer (a new shift).", "croupier.cli.books_day_cmds"),
    CommandEntry("books", "sell", "Sell chips at a table for cash (the cash goes into the drop box).", "croupier.cli.books_day_cmds"),
    CommandEntry("books", "play", "Record losing wagers collected and winning wagers paid at a table.", "croupier.cli.books_day_cmds"),
    CommandEntry("books", "exchange", "Exchange a player's chips at a table: at a paddlewheel a casino chip for betting chips, or betting chips for a casino chip (99-01.3-11-04.4, -05.8).", "croupier.cli.books_day_cmds"),
    CommandEntry("books", "tip", "A tip to the table's dealer.", "croupier.cli.books_day_cmds"),
    CommandEntry("books", "fill", "A fill slip: chips from the chip bank (or jar bar) to a table.", "croupier.cli.books_day_cmds"),
    CommandEntry("books", "credit", "A credit slip: chips from a table back to the chip bank (or jar bar).", "croupier.cli.books_day_cmds"),
    CommandEntry("books", "void", "Void a slip (marked VOID, initialed by the preparer): the next of the books' series, or with --form and --game the pre-printed form of that number.", "croupier.cli.books_day_cmds"),
    CommandEntry("books", "redeem", "Redeem a player's chips for cash.", "croupier.cli.books_day_cmds"),
    CommandEntry("books", "redeem-tips", "Redeem a dealer's tips through cash on hand before the dealer leaves.", "croupier.cli.books_day_cmds"),
    CommandEntry("books", "end-shift", "Count the tray and remove the drop box (end of a dealer's shift).", "croupier.cli.books_day_cmds"),
    CommandEntry("books", "iou", "Take cash out of the cash bank against an IOU.", "croupier.cli.books_day_cmds"),
    CommandEntry("books", "review-camera", "The daily surveillance review entry for a table.", "croupier.cli.books_day_cmds"),
    CommandEntry("books", "camera-fault", "Report a camera found not working at any time (not only at the daily review): it must be repaired within 48 hours of table activity or four calendar days (99-01.3-08-04.6).", "croupier.cli.books_day_cmds"),
    CommandEntry("books", "camera-repaired", "Record a faulty camera repaired (by a person who may access the cameras, 99-01.3-08-04.4.a): the table no longer runs against the fault's deadline (-04.6).", "croupier.cli.books_day_cmds"),
    CommandEntry("books", "count", "Record a drop box count by a two-person count team.", "croupier.cli.books_close_cmds"),
    CommandEntry("books", "correct-count", "Correct a recorded count with a new entry that references it.", "croupier.cli.books_close_cmds"),
    CommandEntry("books", "deposit", "Deposit counted cash in the gaming account (with --series, a ticket series' cash).", "croupier.cli.books_close_cmds"),
    CommandEntry("books", "close-quarter", "Close a quarter's records once its report is produced or its tax return filed: nothing dated in it is recorded afterwards; corrections are new entries dated when made (-16).", "croupier.cli.books_close_cmds"),
    CommandEntry("books", "close-day", "Close the gaming day with the counted cash bank and chip bank, then sign an anchor of the history when a signing key is configured (docs/anchors.md).", "croupier.cli.books_close_cmds"),
    CommandEntry("books", "status", "Where the site's cash and chips are now.", "croupier.cli.books_close_cmds"),
    CommandEntry("books", "poker-occasion", "Register a poker occasion at its sites (two per fiscal year, at most three days: 99-01.3-09-03.1).", "croupier.cli.books_game_cmds"),
    CommandEntry("books", "poker-fee", "Record a nontournament fee for one player, table and half hour, collected in advance by an employee (99-01.3-09-03.3, 99-01.3-09-07.1.b).", "croupier.cli.books_game_cmds"),
    CommandEntry("books", "poker-fee-void", "Void a nontournament fee keyed in error (its cash handed back), the day it was collected: it no longer counts; the record keeps both (99-01.3-09-07.1.b).", "croupier.cli.books_game_cmds"),
    CommandEntry("books", "poker-time-worked", "Record when an employee worked at the occasion: the time worked of the employee who collects the fees is part of the record (99-01.3-09-07.1.b).", "croupier.cli.books_game_cmds"),
    CommandEntry("books", "poker-tournament-start", "Start a tournament: no fee is refunded after this (99-01.3-09-03.4.g).", "croupier.cli.books_game_cmds"),
    CommandEntry("books", "poker-tournament-fee", "Record a tournament fee ($300 in all per player: 99-01.3-09-01); the player's name and address with the first (99-01.3-09-07.1.c).", "croupier.cli.books_game_cmds"),
    CommandEntry("books", "poker-cash", "Record the starting or ending cash on hand and chips of a tournament or of the nontournament play (99-01.3-09-07.1.a).", "croupier.cli.books_game_cmds"),
    CommandEntry("books", "poker-deposit", "Deposit a tournament's or the nontournament play's cash once its ending cash on hand is counted (99-01.3-09-07.1.f).", "croupier.cli.books_game_cmds"),
    CommandEntry("books", "poker-prize", "Pay a tournament cash prize (at most 90% of its fees: 99-01.3-09-03.4.f).", "croupier.cli.books_game_cmds"),
    CommandEntry("books", "ticket-series", "Register a series of paddlewheel ticket cards from its master flare (99-01.3-11-02.1).", "croupier.cli.books_game_cmds"),
    CommandEntry("books", "ticket-sell", "Record tickets of a card sold (all on the day of the game: 99-01.3-11-02.2).", "croupier.cli.books_game_cmds"),
    CommandEntry("books", "ticket-refund", "Refund a card not sold out before the spin (99-01.3-11-02.2).", "croupier.cli.books_game_cmds"),
    CommandEntry("books", "ticket-spin", "Record a spin for a sold-out card (at least four revolutions: 99-01.3-11-02.3).", "croupier.cli.books_game_cmds"),
    CommandEntry("books", "ticket-prize", "Record a prize payoff: date, card, cash or cost and description (99-01.3-11-02.4).", "croupier.cli.books_game_cmds"),
    CommandEntry("books", "ticket-status", "The per-series summary: cards played, unsold cards retained, proceeds, prizes, cash profit, long or short and deposit (99-01.3-11-07.3.b, 11-02.5).", "croupier.cli.books_game_cmds"),
    CommandEntry("books", "twentyone-tournament", "Register a twenty-one tournament at a site with the entry fee disclosed to its players (99-01.3-08-15.1).", "croupier.cli.books_game_cmds"),
    CommandEntry("books", "twentyone-tournament-fee", "Record a twenty-one tournament fee with the player's name and the employee who collected it: the entry fee once, rebuys and add-ons each at most the entry fee, $200 in all per player (99-01.3-08-15.1, -16.1.e).", "croupier.cli.books_game_cmds"),
    CommandEntry("books", "twentyone-tournament-prize", "Record a twenty-one tournament prize: cash, or merchandise at its cost with its description (99-01.3-08-15.4, -16.1.f).", "croupier.cli.books_game_cmds"),
    CommandEntry("books", "twentyone-tournament-void", "Void a twenty-one tournament fee recorded in error, on its own gaming day while it is open (its cash handed back); the void references the fee by its number (99-01.3-08-16).", "croupier.cli.books_game_cmds"),
    CommandEntry("books", "twentyone-tournament-record", "A twenty-one tournament's register of players and fees, prize register and record of win, never combined with another tournament's (99-01.3-08-15.1, -16.1.e, f).", "croupier.cli.books_game_cmds"),
    CommandEntry("report", "daily", "Daily summary of a site (99-01.3-08-16.1).", "croupier.cli.books_report_cmds"),
    CommandEntry("report", "quarterly", "Quarterly summary and compliance findings (e.g. 2026Q1).", "croupier.cli.books_report_cmds"),
    CommandEntry("report", "hold", "Percent-of-hold by dealer and wheel operator, with the weekly plot.", "croupier.cli.books_report_cmds"),
    CommandEntry("report", "count", "Drop box count documentation for a site and day (99-01.3-08-14).", "croupier.cli.books_report_cmds"),
    CommandEntry("report", "slips", "The fill or credit slip register, every number accounted for (99-01.3-08-05.2).", "croupier.cli.books_report_cmds"),
    CommandEntry("report", "poker", "Poker occasions: fees by table and half hour, and one summary per tournament.", "croupier.cli.books_report_cmds"),
    CommandEntry("report", "series", "A paddlewheel ticket card series: cards, prizes, unsold cards, summary (99-01.3-11-07.1).", "croupier.cli.books_report_cmds"),
    CommandEntry("db", "upgrade", "Create the database's tables, or migrate them to this croupier's schema.", "croupier.cli.store_cmds"),
    CommandEntry("db", "streams", "List the event streams and their versions (number of events).", "croupier.cli.store_cmds"),
    CommandEntry("db", "backup", "Copy the SQLite database to a new file, consistent even while it is written.", "croupier.cli.store_cmds"),
    CommandEntry("db", "restore", "Restore a backup into a new SQLite database, then verify it and prove it against its newest anchor; exit 1 if either fails.", "croupier.cli.store_cmds"),
    CommandEntry("poker", "phh", "Replay PHH hand histories, records made elsewhere: final stacks checked against the record's, each difference from ND's rules flagged (--strict: refused).", "croupier.cli.poker_cmds"),
    CommandEntry("users", "add", "Create an account with a one-time password, printed once.", "croupier.cli.users_cmds"),
    CommandEntry("users", "list", "List the accounts: each organization they belong to with their roles and employee there, and their state.", "croupier.cli.users_cmds"),
    CommandEntry("users", "reset-password", "Give an account a new one-time password, printed once; its sessions end.", "croupier.cli.users_cmds"),
    CommandEntry("users", "reset-factor", "Remove an account's lost second factor; its sessions end and it sets up a new one at its next sign-in.", "croupier.cli.users_cmds"),
    CommandEntry("users", "disable", "Disable an account: it cannot sign in and its sessions end.", "croupier.cli.users_cmds"),
    CommandEntry("users", "enable", "Enable a disabled account again.", "croupier.cli.users_cmds"),
    CommandEntry("users", "grant", "Give an existing account roles in an organization (replacing any it held there); its sessions in that organization end.", "croupier.cli.users_cmds"),
    CommandEntry("users", "revoke", "Take every role an account holds in an organization away; its sessions there end.", "croupier.cli.users_cmds"),
    CommandEntry("orgs", "add", "Serve another organization: its own people, books, live tables and tournaments.", "croupier.cli.orgs_cmds"),
    CommandEntry("orgs", "list", "List the organizations this database serves.", "croupier.cli.orgs_cmds"),
    CommandEntry("anchor", "keygen", "Make a new Ed25519 signing key (OUT) and its public key (OUT.pub).", "croupier.cli.anchor_cmds"),
    CommandEntry("anchor", "sign", "Check the chains, then sign the heads of every stream (or of one organization's); print the anchor to keep.", "croupier.cli.anchor_cmds"),
    CommandEntry("anchor", "show", "Print the newest anchor kept in the database (or one organization's own).", "croupier.cli.anchor_cmds"),
    CommandEntry("simulate", "twentyone", "Simulate whole shoes of twenty-one as dealt here, each player on basic strategy: mean return, its confidence interval, variance and hold.", "croupier.cli.simulate_cmds"),
    CommandEntry("tournament", "check", "Validate a tournament rules file (every problem at once, each with its section) and print the schedule to post (99-01.3-09-05.1).", "croupier.cli.tournament_cmds"),
    CommandEntry("tournament", "run", "Run a tournament file (rules, steps, expectations): its registers and every difference from what it expects; exit 1 when it differs.", "croupier.cli.tournament_cmds"),
    CommandEntry("tournament", "post", "Record a finished tournament's money in the books, in time order, all at once or nothing: poker under an occasion (99-01.3-09-01, -03.4.d, f, -07.1), twenty-one at a site in its open gaming day (99-01.3-08-15, -16.1.e, f).", "croupier.cli.tournament_cmds"),
    CommandEntry("tournament", "new", "Store a new tournament from its rules file (every problem at once, each with its section); an id already in the database is refused. Then run it with `tournament do`.", "croupier.cli.tournament_cmds"),
    CommandEntry("tournament", "list", "The stored tournaments: id, name, game and where each part stands.", "croupier.cli.tournament_cmds"),
    CommandEntry("tournament", "do", "Run one command of a stored tournament and print what it recorded; a refusal names its section and records nothing (exit 2).", "croupier.cli.tournament_cmds"),
    CommandEntry("tournament", "show", "A stored tournament: each part's state (level, tables and seats, chips, places, prizes) and its records: fee register, prize register, buy-in receipts and record of win.", "croupier.cli.tournament_cmds"),
    CommandEntry("tournament", "schedule", "The posted schedule of a stored tournament (amounts once determined) or of a rules file (99-01.3-09-05.1; twenty-one: 99-01.3-08-15), optionally as a printable PDF.", "croupier.cli.tournament_cmds"),
)
# fmt: on
# fmt: on
