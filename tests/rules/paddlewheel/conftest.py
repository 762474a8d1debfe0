"""Fixtures for the paddlewheel rule tests: the configurations of the golden round files."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

GOLDEN = Path(__file__).parents[2] / "golden" / "paddlewheel"


def golden_rules(name: str) -> dict[str, Any]:
    data = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    return copy.deepcopy(data["rules"])


@pytest.fixture
def table_data() -> dict[str, Any]:
    """Four circles: red 1..38, 0, 00 (house numbers), blue 1..20, green 1..10, yellow 5 symbols;
    red 38 to 1, blue 18 to 1, green 9 to 1, yellow 4 to 1, set low (red 1-5) 6 to 1, odd 1 to 1,
    even 2 for 1."""
    return golden_rules("t01_exact_red_wins")


@pytest.fixture
def ticket_data() -> dict[str, Any]:
    """Wheel 1..12; six tickets [1,7] [2,8] ... [6,12]; $1 a ticket; prizes $3.50 and a cap."""
    return golden_rules("k01_two_prizes_cash_and_merchandise")
