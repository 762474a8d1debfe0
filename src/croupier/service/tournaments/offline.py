"""Tournaments from the command line (issue 19): check a rules file and print its posted
schedule, run a tournament file with its registers, and the random-play benchmark. The
domain is ``croupier.tournaments``; this module reads files and formats money in dollars."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from croupier.core.data import loads
from croupier.core.errors import InvalidInput
from croupier.core.money import format_money
from croupier.core.rng import SeededRng
from croupier.service.files import read_text
from croupier.tournaments import (
    definition_from_dict,
    fee_register,
    prize_register,
    receipts,
    record_of_win,
    schedule_text,
)
from croupier.tournaments.driver import run_random_tournament
from croupier.tournaments.records import removals
from croupier.tournaments.script import run_file


def _read(path: Path, what: str) -> object:
    text = read_text(path, what)
    return loads(text, str(path), toml=path.suffix.lower() == ".toml")


def check(path: Path) -> str:
    """Validate a tournament rules file (``ConfigError``: every problem, each with its section)
    and return its posted schedule (99-01.3-09-05.1)."""
    data = _read(path, "tournament rules file")
    if not isinstance(data, dict):
        raise InvalidInput(f"{path}: a tournament rules file is a table of fields")
    return schedule_text(definition_from_dict(data))


@dataclass(frozen=True)
class FileRun:
    differences: list[str]
    lines: list[str]


def run(path: Path) -> FileRun:
    """Run a tournament file (JSON: rules, steps, expectations); its differences from its
    expectations and its registers."""
    data = _read(path, "tournament file")
    if not isinstance(data, dict) or "rules" not in data:
        raise InvalidInput(f"{path}: a tournament file has rules, steps and expect")
    try:
        t, diffs = run_file(data)
    except (AttributeError, TypeError, KeyError, ValueError, IndexError) as e:
        raise InvalidInput(
            f"{path}: not a tournament file (rules, steps as a list of steps, expect as a "
            f"table): {type(e).__name__}: {e}"
        ) from None
    lines: list[str] = []
    if t is not None:
        state = t.state
        lines.append("fee register (-09-07.1):")
        for f in fee_register(state):
            lines.append(
                f"  {f.tournament} {f.player} {f.kind.value} {format_money(f.cents)} collected by "
                f"{f.collected_by} at {f.at}" + (" (refunded)" if f.refunded else "")
            )
        lines.append("prize register:")
        for p in prize_register(state):
            place = f"place {p.place} " if p.place is not None else ""
            lines.append(
                f"  {p.tournament} {place}{p.player} {p.kind.value} {format_money(p.value)}"
                + (f" receipt {p.receipt}" if p.receipt else "")
            )
        for r in receipts(state):
            lines.append(
                f"  buy-in receipt {r.receipt} from {r.satellite}: won by {r.won_by}, held by "
                f"{r.holder}, {format_money(r.cents)}"
                + (f", redeemed by {r.redeemed_by}" if r.redeemed_by else ", not redeemed")
            )
        penalties = removals(state)
        if penalties:
            lines.append("penalties: chips removed, disqualifications (-09-06.2.f):")
        for x in penalties:
            lines.append(
                f"  {x.tournament} {x.player} {x.chips} chips by {x.by} at {x.at}: {x.reason}"
            )
        lines.append("record of win (never combined across tournaments):")
        for w in record_of_win(state):
            lines.append(
                f"  {w.tournament}: gross proceeds {format_money(w.gross_proceeds)}, prizes "
                f"{format_money(w.prizes)}, adjusted gross proceeds "
                f"{format_money(w.adjusted_gross_proceeds)}"
            )
    return FileRun(diffs, lines)


@dataclass(frozen=True)
class BenchResult:
    players: int
    hands: int
    levels: int
    seconds: float
    events: int

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else float("nan")


def bench(players: int, seed: int) -> BenchResult:
    """A poker tournament of random legal play (the poker engine through the protocol, every
    hand), from the seat draw to the last player."""
    start = time.perf_counter()
    result = run_random_tournament(players, SeededRng(seed))
    seconds = time.perf_counter() - start
    return BenchResult(players, result.hands, result.levels, seconds, len(result.tournament.events))
