"""Replay a round file (a disputed hand, 99-01.3-08-11.17) through its game's engine.

The command line and the server call ``replay_file``/``replay_text``; this module reads the
file (``croupier.service.files``), parses it with limits (``croupier.games.roundfile``), finds
the game in the registry and compares the settlement with the file's ``expect`` block.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from croupier.core.errors import InvalidInput
from croupier.core.events import JSON
from croupier.core.protocol import Settlement


@dataclass(frozen=True)
class ReplayReport:
    """What a replay found: the settlement, the dealer's play-by-play and, when checked, the
    differences from ``expect`` (empty when they agree)."""

    source: str
    game_title: str
    round_title: str
    settlement: Settlement
    transcript: tuple[str, ...]
    checked: bool
    differences: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.differences

    def to_dict(self) -> dict[str, JSON]:
        out = self.settlement.to_dict()
        if self.checked:
            out["check"] = {"ok": self.ok, "differences": list(self.differences)}
        return out


def replay_text(text: str, source: str = "round file", check: bool = False) -> ReplayReport:
    """Replay the round file ``text``; with ``check``, compare with its ``expect`` block (a
    file without one is ``InvalidInput``)."""
    from croupier.games.registry import get_game
    from croupier.games.roundfile import compare_settlement, parse_round_text

    round_file = parse_round_text(text, source)
    if check and round_file.expect is None:
        raise InvalidInput(f"{source}: --check needs an 'expect' block (docs/round-files.md)")
    spec = get_game(round_file.game)
    result = spec.replay(round_file)
    diffs: list[str] = []
    if check and round_file.expect is not None:
        diffs = compare_settlement(round_file.expect, result.settlement, source)
    never = tuple(
        f"shoe card {i + 1} ({(round_file.shoe or [])[i]}) was dealt face down and never seen: "
        "a stand-in"
        for i in round_file.unseen
    )
    return ReplayReport(
        source=source,
        game_title=spec.title,
        round_title=round_file.title,
        settlement=result.settlement,
        transcript=(*result.transcript, *never),
        checked=check,
        differences=tuple(diffs),
    )


def replay_file(path: Path, check: bool = False) -> ReplayReport:
    """Read and replay the round file at ``path`` (one-line errors for any unreadable file)."""
    from croupier.service.files import read_text

    return replay_text(read_text(path, "round file"), str(path), check)
