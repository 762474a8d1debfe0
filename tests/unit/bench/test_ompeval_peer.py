"""OMPEval as the native peer of ``croupier bench eval --ompeval DIR`` (issue 31): a folder that
is not a checkout is refused in one line; the ordering check that guards the ratio; and, where a
checkout is given (``CROUPIER_OMPEVAL``), the driver built and run beside croupier's kernel."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import numpy as np
import pytest

from croupier.core.cards import parse_cards
from croupier.core.errors import InvalidInput
from croupier.eval import fast
from croupier.eval.equity import enumerate_equity
from croupier.service.bench.ompeval import build, measure, orders_alike


def test_a_folder_that_is_not_an_ompeval_checkout_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidInput, match="not a checkout of github.com/zekyll/OMPEval"):
        build(tmp_path, tmp_path / "build")


def test_the_ordering_check_accepts_any_increasing_relabelling_and_nothing_else() -> None:
    ours = np.array([5, 1, 9, 9, 3])
    assert orders_alike(ours, (50, 10, 90, 90, 30))
    assert orders_alike(ours, (7, 2, 11, 11, 4))
    assert not orders_alike(ours, (50, 10, 90, 80, 30))  # a tie broken
    assert not orders_alike(ours, (10, 50, 90, 90, 30))  # two hands swapped


CHECKOUT = os.environ.get("CROUPIER_OMPEVAL")


@pytest.mark.skipif(
    not CHECKOUT or shutil.which("g++") is None,
    reason="no OMPEval checkout given (set CROUPIER_OMPEVAL) or no g++",
)
def test_the_driver_evaluates_the_same_hands_and_the_same_equity_as_croupier() -> None:
    rng = np.random.default_rng(7)
    hands = np.array([rng.permutation(52)[:7] for _ in range(5_000)], dtype=np.int8)
    result = measure(Path(str(CHECKOUT)), hands, repeats=1)
    assert orders_alike(fast.evaluate7(hands[: len(result.values)]), result.values)
    # AhKh v QsQd: two independent exact enumerations (OMPEval's by suit isomorphism, croupier's
    # by rank classes) agree to the driver's printed precision
    ours = enumerate_equity([parse_cards("AhKh"), parse_cards("QsQd")]).players[0].equity
    assert result.equity_first == pytest.approx(float(ours), abs=1e-9)
