"""A JSON body's values in their own types (found by an audit: pydantic's lax mode took
``true`` for table 1 and ``"yes"`` for a tax return filed): a value of another type is a 422
naming the field, and nothing changes."""

from __future__ import annotations

from typing import Any

import pytest
from tests.web.conftest import Demo


@pytest.mark.parametrize(
    ("who", "path", "body", "field"),
    [
        ("c1", "/api/slips", {"kind": "fill", "site": "S1", "table": True, "chips": "5x4"},
         "table"),
        ("c1", "/api/slips", {"kind": "fill", "site": "S1", "table": "1", "chips": "5x4"},
         "table"),
        ("c1", "/api/slips", {"kind": "fill", "site": "S1", "table": 1, "chips": "5x4",
                              "jar_bar": "yes"}, "jar_bar"),
        ("gm", "/api/quarters/2025Q4/close", {"return_filed": "yes"}, "return_filed"),
    ],
)  # fmt: skip
def test_a_value_of_another_json_type_is_refused_and_changes_nothing(
    demo: Demo, who: str, path: str, body: dict[str, Any], field: str
) -> None:
    client, csrf = demo.api_client(who)
    snapshot = demo.snapshot()
    r = client.post(path, json=body, headers={"X-CSRF-Token": csrf})
    assert r.status_code == 422, r.text
    assert field in r.text
    assert demo.snapshot() == snapshot
