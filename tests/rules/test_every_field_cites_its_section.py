"""Every field of every game's rules model, given a value of the wrong type, is reported with
the regulation section that governs it (the house rule: an error cites its section)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest
from pydantic import BaseModel

from croupier.core.errors import ConfigError
from croupier.games.paddlewheel import rules as paddlewheel
from croupier.games.poker import rules as poker
from croupier.games.threecard21 import rules as threecard21
from croupier.games.twentyone import rules as twentyone

_WRONG = {"not": "a value of any field's type"}

_CASES: list[tuple[str, type[BaseModel], Callable[[Mapping[str, Any]], object], dict[str, Any]]] = [
    ("twentyone", twentyone.HouseRules, twentyone.rules_from_dict, {}),
    ("threecard21", threecard21.HouseRules, threecard21.rules_from_dict, {}),
    ("poker", poker.TableRules, poker.rules_from_dict, {}),
    ("paddlewheel table", paddlewheel.TableRules, paddlewheel.rules_from_dict, {}),
    (
        "paddlewheel ticket-card",
        paddlewheel.TicketRules,
        paddlewheel.rules_from_dict,
        {"method": "ticket-card"},
    ),
]


@pytest.mark.parametrize(
    ("model", "field", "validate", "base"),
    [
        pytest.param(model, field, validate, base, id=f"{game}-{field}")
        for game, model, validate, base in _CASES
        for field in model.model_fields
        if field != "method"
    ],
)
def test_a_wrong_value_of_every_rules_field_cites_a_section(
    model: type[BaseModel],
    field: str,
    validate: Callable[[Mapping[str, Any]], object],
    base: dict[str, Any],
) -> None:
    with pytest.raises(ConfigError) as info:
        validate({**base, field: _WRONG})
    named = [p for p in info.value.problems if p.field.split(".")[0] == field]
    assert named, f"{field}: no problem reported for {_WRONG!r}"
    assert all(p.section for p in named), [str(p) for p in named]
