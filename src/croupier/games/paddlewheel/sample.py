"""A sample table-method configuration (used by ``croupier play paddlewheel`` without
``--rules``): a 40-section red circle 1..38, 0, 00 (0 and 00 are house numbers for odd/even), a
20-section blue circle, a 10-section green circle and a 5-symbol yellow circle."""

from __future__ import annotations

from typing import Any


def sample_table_rules() -> dict[str, Any]:
    """The sample rules as a plain mapping (validate with ``rules_from_dict``)."""
    return {
        "method": "table",
        "wheel": {
            "circles": [
                {"color": "red", "sections": [str(n) for n in range(1, 39)] + ["0", "00"]},
                {"color": "blue", "sections": [str(n) for n in range(1, 21)]},
                {"color": "green", "sections": [str(n) for n in range(1, 11)]},
                {"color": "yellow", "sections": ["star", "moon", "sun", "heart", "clover"]},
            ],
            "odd_even_circle": "red",
            "house_numbers": ["0", "00"],
        },
        "prize_table": {
            "exact": {"red": "38 to 1", "blue": "18 to 1", "green": "9 to 1", "yellow": "4 to 1"},
            "sets": [
                {
                    "name": "low",
                    "circle": "red",
                    "members": ["1", "2", "3", "4", "5"],
                    "payoff": "6 to 1",
                }
            ],
            "odd": "1 to 1",
            "even": "1 to 1",
        },
    }
