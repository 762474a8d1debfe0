"""House-rules files: read (JSON, or TOML with comments), checked against the game, validated.

A rules file is the posted house rules of one table. ``examples/rules/`` holds a commented
TOML file for every game and the notable house options. Money may be written in dollars as a
string (``maximum_wager = "$25.00"``); a bare integer is cents, as in round files. A file may
name its game (``game = "twentyone"``): loading it for another game is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from croupier.core.data import loads
from croupier.core.errors import InvalidInput
from croupier.core.events import JSON
from croupier.service.files import read_text


def rules_data(path: Path, game: str, what: str = "house rules file") -> dict[str, JSON]:
    """The plain data of a rules file for ``game`` (its ``game`` key checked and removed)."""
    text = read_text(path, what)
    data = loads(text, f"{what} {path}", toml=path.suffix.lower() == ".toml")
    if not isinstance(data, dict):
        raise InvalidInput(f"{what} {path} must hold an object of house rules")
    named = data.pop("game", game)
    if named != game:
        raise InvalidInput(f"{what} {path} is for {named!r}, not {game!r}")
    return data


def load_rules(game: str, path: Path | None, defaults: Mapping[str, JSON] | None = None) -> Any:
    """The validated house rules of ``game`` from ``path`` (``defaults`` when no file is
    given); ``ConfigError`` lists every problem with its section."""
    from croupier.games.registry import get_game

    spec = get_game(game)
    data = dict(defaults or {}) if path is None else rules_data(path, game)
    return spec.rules_from_dict(data)
